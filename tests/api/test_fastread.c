// SPDX-License-Identifier: BSD-3-Clause
/*
 * User-space counter reads through the public API, on a machine with a
 * hardware PMU (skips elsewhere; tests/pmu-vm runs it under QEMU, where
 * instruction counts are exact). The oracle is a second instructions
 * counter the test opens itself and reads with read(): both count the
 * same user-mode instructions of this thread, so between any two
 * iterations they advance by the same amount, and their difference stays
 * constant (the instructions between the two reads) until PAPI_reset or
 * PAPI_start moves PAPI's baseline.
 *
 *   1. fast_counter_read tells the truth: with it, PAPI_read enters the
 *      kernel zero times (the minimum kernel-mode instruction count over
 *      many reads is 0); without it, every read does.
 *   2. PAPI_read equals the oracle minus a constant, across sched_yield
 *      storms that switch to a second thread counting its own EventSet,
 *      across PAPI_reset, PAPI_accum and stop/start.
 *   3. PAPI_RDPMC=0 (checked in a child process): fast_counter_read 0 and
 *      reads that enter the kernel, with the same values.
 * Exact in the emulated machine (PAPI_PMU_VM or PAPI_HW_EXACT set); on
 * real processors a few instructions of skid are allowed.
 */
#include <papi.h>

#include <linux/perf_event.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures, exact;

#define FAIL(...)                                           \
	do {                                                \
		printf("FAIL %s:%d: ", __FILE__, __LINE__); \
		printf(__VA_ARGS__);                        \
		putchar('\n');                              \
		failures++;                                 \
	} while (0)

static void skip(const char *why)
{
	printf("SKIP: %s\n", why);
	exit(77);
}

/* Our own instructions counter: user (or kernel) mode, this thread. */
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

static void work(unsigned long n)
{
	volatile unsigned long i;

	for (i = 0; i < n; i++)
		;
}

static int new_set(const char *ev)
{
	int es = PAPI_NULL;

	if (PAPI_create_eventset(&es) != PAPI_OK ||
	    PAPI_add_named_event(es, ev) != PAPI_OK)
		return -1;
	return es;
}

/* 1. Kernel-mode instructions a PAPI_read adds, the least over many: the
 * kernel-only counter read before and after it, minus the same with
 * nothing in between (the two read()s' own kernel paths). */
static long long kernel_per_read(int es)
{
	long long v, k0, k1, least[2] = { -1, -1 };
	int kfd = open_ins(1), i, with;

	if (kfd < 0)
		return -1;
	for (i = 0; i < 400; i++) {
		with = i & 1;
		k0 = read_fd(kfd);
		if (with)
			PAPI_read(es, &v);
		k1 = read_fd(kfd);
		if (least[with] < 0 || k1 - k0 < least[with])
			least[with] = k1 - k0;
	}
	close(kfd);
	return least[1] - least[0];
}

static volatile int stop_bg;

/* A second thread counting its own EventSet, so that every sched_yield
 * really switches and both threads' counters are saved and restored. */
static void *background(void *arg)
{
	long long v;
	int es;

	(void)arg;
	PAPI_register_thread();
	es = new_set("PAPI_TOT_INS");
	if (es < 0 || PAPI_start(es) != PAPI_OK)
		return NULL;
	while (!stop_bg) {
		work(300);
		PAPI_read(es, &v);
		sched_yield();
	}
	PAPI_stop(es, &v);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	PAPI_unregister_thread();
	return NULL;
}

/* 2. The oracle comparison: returns the number of reads compared. */
static int compare(int es, int ofd)
{
	long long a, b, d = 0, acc = 0, slack = exact ? 0 : 64;
	int i, j, have = 0, n = 0;

	for (i = 0; i < 400; i++) {
		if (i % 50 == 25) {
			if (PAPI_reset(es) != PAPI_OK)
				FAIL("PAPI_reset");
			have = 0;
		} else if (i % 50 == 40) {
			if (PAPI_accum(es, &acc) != PAPI_OK)
				FAIL("PAPI_accum");
			have = 0;
		} else if (i % 100 == 99) {
			if (PAPI_stop(es, &a) != PAPI_OK ||
			    PAPI_start(es) != PAPI_OK)
				FAIL("PAPI_stop/PAPI_start");
			have = 0;
		}
		work((unsigned long)(i % 7) * 1000);
		for (j = 0; j < i % 5 * 20; j++)
			sched_yield();
		if (PAPI_read(es, &a) != PAPI_OK)
			FAIL("PAPI_read");
		b = read_fd(ofd);
		if (!have) {
			d = b - a;
			have = 1;
			continue;
		}
		n++;
		if (llabs(b - a - d) > slack) {
			FAIL("read %d: PAPI %lld, oracle %lld: off by %lld", i,
			     a, b, b - a - d);
			if (failures > 10)
				break;
		}
	}
	return n;
}

/* 3. The same in a process started with PAPI_RDPMC=0. */
static int child(void)
{
	const PAPI_component_info_t *ci;
	long long k;
	int es;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	ci = PAPI_get_component_info(0);
	if (!ci || ci->fast_counter_read)
		FAIL("PAPI_RDPMC=0: fast_counter_read %d",
		     ci ? ci->fast_counter_read : -1);
	es = new_set("PAPI_TOT_INS");
	if (es < 0 || PAPI_start(es) != PAPI_OK)
		return 1;
	k = kernel_per_read(es);
	if (k >= 0 && k < 100)
		FAIL("PAPI_RDPMC=0: a read without a system call");
	printf("PAPI_RDPMC=0: %lld kernel instructions per PAPI_read\n", k);
	return failures ? 1 : 0;
}

int main(int argc, char **argv)
{
	const PAPI_component_info_t *ci;
	int es, ofd, n, st;
	long long k;
	pthread_t t;
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "--child"))
		return child();
	exact = getenv("PAPI_PMU_VM") || getenv("PAPI_HW_EXACT");
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		skip("PAPI_library_init failed");
	if (PAPI_thread_init((unsigned long (*)(void))pthread_self) != PAPI_OK)
		skip("PAPI_thread_init failed");
	ci = PAPI_get_component_info(0);
	es = new_set("PAPI_TOT_INS");
	ofd = open_ins(0);
	if (es < 0 || ofd < 0)
		skip("no hardware instructions counter here");
	printf("fast_counter_read = %d\n", ci->fast_counter_read);
	if (PAPI_start(es) != PAPI_OK)
		skip("PAPI_start of PAPI_TOT_INS failed");

	k = kernel_per_read(es);
	printf("kernel instructions per PAPI_read (least of 200): %lld\n", k);
	if (k < 0)
		printf("note: kernel-mode counting refused (perf_event_paranoid)\n");
	/* A system call costs thousands of kernel instructions. */
	if (k >= 100 && ci->fast_counter_read)
		FAIL("fast_counter_read is 1 but PAPI_read enters the kernel");
	if (k >= 0 && k < 100 && !ci->fast_counter_read)
		FAIL("fast_counter_read is 0 but PAPI_read never enters the kernel");

	stop_bg = 0;
	if (pthread_create(&t, NULL, background, NULL) != 0)
		skip("pthread_create failed");
	n = compare(es, ofd);
	stop_bg = 1;
	pthread_join(t, NULL);
	printf("%d reads equal to the oracle%s\n", n,
	       exact ? " exactly" : " within 64 instructions");
	PAPI_stop(es, NULL);
	close(ofd);

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setenv("PAPI_RDPMC", "0", 1);
		execl("/proc/self/exe", argv[0], "--child", (char *)NULL);
		_exit(2);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0)
		FAIL("the PAPI_RDPMC=0 child failed");
	printf("%s\n", failures ? "FAILED" : "PASSED");
	return failures ? 1 : 0;
}
