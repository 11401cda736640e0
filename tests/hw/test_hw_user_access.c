// SPDX-License-Identifier: BSD-3-Clause
/*
 * User-space counter reads taken away and given back while a set runs
 * (issue 21). On arm64, writing 0 to /proc/sys/kernel/perf_user_access
 * clears EL0's access to the PMU on every CPU at once; the page of a
 * running event keeps cap_user_rdpmc and its index until the task is next
 * scheduled in, which writes index 0 (Linux 6.1 in the PMU VM; writing 1
 * back, the next schedule-in gives the index back). A counter read in
 * between traps (SIGILL) whatever the reader does, since the page still
 * allows it: the documented protocol cannot cover that window. So each
 * write is done by a child process while this thread waits for it, which
 * schedules this thread out and in again, as an administrator's write
 * from another process does.
 *
 * With PAPI_TOT_INS running, in three phases (user reads on, off, on
 * again):
 *   - which path PAPI_read takes: kernel-mode instructions per read, the
 *     least over many, 0 with user-space reads and a system call's worth
 *     without;
 *   - the counts: against an oracle, an instructions counter of the
 *     test's own read with read(), PAPI_read's count is the oracle's minus
 *     a constant within each phase (exactly in the PMU VM), PAPI_reset
 *     and PAPI_accum included, and keeps growing across the switches;
 *   - no signal: a SIGILL or SIGSEGV fails the test (after restoring the
 *     setting).
 * The setting found is restored at the end. Needs /proc/sys/kernel/
 * perf_user_access (arm64), root and user-space reads at the start: exits
 * 77 elsewhere.
 */
#include "hw_util.h"

#include <fcntl.h>
#include <linux/perf_event.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define ACCESS "/proc/sys/kernel/perf_user_access"
#define READS 60

static char orig = '1';

/* Write v to the setting; async-signal-safe. 0 or -1. */
static int write_access(char v)
{
	int fd = open(ACCESS, O_WRONLY), ok;

	if (fd < 0)
		return -1;
	ok = write(fd, &v, 1) == 1;
	close(fd);
	return ok ? 0 : -1;
}

/* The same from a child process, this thread waiting (rescheduled). */
static int set_access(char v)
{
	int st;
	pid_t pid = fork();

	if (pid == 0)
		_exit(write_access(v) ? 1 : 0);
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

static void on_fault(int sig)
{
	static const char msg[] = "FAIL: signal during a PAPI call\n";

	write_access(orig);
	if (write(1, msg, sizeof(msg) - 1) < 0)
		_exit(2);
	_exit(sig == SIGILL ? 3 : 4);
}

/* An instructions counter of this thread: user mode, or kernel only. */
static int open_ins(int kernel_only)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_INSTRUCTIONS;
	a.exclude_user = kernel_only;
	a.exclude_kernel = !kernel_only;
	a.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
}

static long long read_fd(int fd)
{
	long long v = -1;

	if (read(fd, &v, sizeof(v)) != sizeof(v))
		return -1;
	return v;
}

/* Kernel-mode instructions a PAPI_read adds, the least over many. */
static long long kernel_per_read(int es, int kfd)
{
	long long v, k0, k1, least[2] = { -1, -1 };
	int i, with;

	for (i = 0; i < 200; i++) {
		with = i & 1;
		k0 = read_fd(kfd);
		if (with)
			PAPI_read(es, &v);
		k1 = read_fd(kfd);
		if (least[with] < 0 || k1 - k0 < least[with])
			least[with] = k1 - k0;
	}
	return least[1] - least[0];
}

static long long last = -1; /* the last count read, across phases */

/* READS reads against the oracle, a PAPI_accum and a PAPI_reset among
 * them; the read path: user (1) or read() (0). */
static void phase(const char *name, int es, int ofd, int kfd, int user)
{
	long long a, b, d = 0, acc = 0, slack = hw_exact() ? 0 : 64, k;
	int i, have = 0;

	k = kernel_per_read(es, kfd);
	printf("%s: %lld kernel instructions per PAPI_read\n", name, k);
	/* A system call costs thousands of kernel instructions. */
	if (user && k >= 100)
		hw_fail("%s: PAPI_read entered the kernel (%lld instructions)",
			name, k);
	if (!user && k < 100)
		hw_fail("%s: PAPI_read made no system call (%lld kernel "
			"instructions)",
			name, k);
	for (i = 0; i < READS; i++) {
		if (i == READS / 3) {
			if (PAPI_accum(es, &acc) != PAPI_OK)
				hw_fail("%s: PAPI_accum", name);
			have = 0;
			last = -1;
		} else if (i == 2 * READS / 3) {
			if (PAPI_reset(es) != PAPI_OK)
				hw_fail("%s: PAPI_reset", name);
			have = 0;
			last = -1;
		}
		hw_loop(100 + (unsigned long)i * 37);
		if (PAPI_read(es, &a) != PAPI_OK)
			hw_fail("%s: PAPI_read", name);
		b = read_fd(ofd);
		if (last >= 0 && a <= last)
			hw_fail("%s: read %d: %lld after %lld", name, i, a,
				last);
		last = a;
		if (!have) {
			d = b - a;
			have = 1;
			continue;
		}
		if (llabs(b - a - d) > slack)
			hw_fail("%s: read %d: PAPI %lld, oracle %lld: off by "
				"%lld",
				name, i, a, b, b - a - d);
	}
	if (acc <= 0)
		hw_fail("%s: PAPI_accum gave %lld", name, acc);
	printf("%s: %d reads equal to the oracle minus %lld\n", name, READS, d);
}

int main(void)
{
	const PAPI_component_info_t *ci;
	int es = PAPI_NULL, ofd, kfd, fd;
	long long v;

	fd = open(ACCESS, O_RDONLY);
	if (fd < 0)
		hw_skip("no " ACCESS " here (arm64 only)");
	if (read(fd, &orig, 1) != 1)
		orig = '1';
	close(fd);
	if (access(ACCESS, W_OK) != 0)
		hw_skip("cannot write " ACCESS " (needs root)");
	hw_init();
	ci = PAPI_get_component_info(0);
	if (!ci || !ci->fast_counter_read)
		hw_skip("no user-space counter reads to take away here (%s=%c)",
			ACCESS, orig);
	hw_require(PAPI_TOT_INS);
	ofd = open_ins(0);
	kfd = open_ins(1);
	if (ofd < 0 || kfd < 0)
		hw_skip("cannot open instruction counters of our own");
	if (PAPI_create_eventset(&es) != PAPI_OK ||
	    PAPI_add_event(es, PAPI_TOT_INS) != PAPI_OK ||
	    PAPI_start(es) != PAPI_OK)
		hw_skip("cannot count PAPI_TOT_INS: %s", hw_no_pmu_reason());
	signal(SIGILL, on_fault);
	signal(SIGSEGV, on_fault);

	phase("user reads", es, ofd, kfd, 1);
	if (set_access('0'))
		hw_fail("cannot write 0 to " ACCESS);
	else
		phase("perf_user_access=0", es, ofd, kfd, 0);
	if (set_access('1'))
		hw_fail("cannot write 1 to " ACCESS);
	else
		phase("perf_user_access=1 again", es, ofd, kfd, 1);

	if (PAPI_stop(es, &v) != PAPI_OK || v <= 0)
		hw_fail("PAPI_stop: %lld", v);
	if (write_access(orig))
		hw_fail("cannot restore " ACCESS "=%c", orig);
	close(ofd);
	close(kfd);
	return hw_done("test_hw_user_access");
}
