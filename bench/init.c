// SPDX-License-Identifier: BSD-3-Clause
/*
 * What start-up costs: PAPI_library_init, and the first high-level region
 * (which initializes the library too), each in a fresh process, since
 * either is paid once per process (issue 20).
 *
 * Two builds of this file:
 *
 * - Static (bench/pmu-vm.sh, in the PMU VM, linked with ours or with
 *   Debian's PAPI 7.0): one PAPI_library_init, counted by a user-mode
 *   instructions counter of our own and by the virtual clock (all
 *   instructions, bench.h), then the same for the first
 *   PAPI_hl_region_begin + PAPI_hl_region_end in a second process (this
 *   program run again with "hl"). CSV rows as bench/insns.c's:
 *   "impl,init,<op>,0,user,all,syscalls,vclock".
 *
 * - BENCH_DLOPEN (CMake, this host): "init [N] [OURS] [THEIRS]" forks N
 *   (default 41) pairs of children, alternating which goes first; each
 *   loads one library with dlopen (ours, by default the libpapi.so.7.0
 *   found next to this program's build, and Debian's
 *   /usr/lib/x86_64-linux-gnu/libpapi.so.7.0) and times its
 *   PAPI_library_init alone with the TSC (or CLOCK_MONOTONIC). Prints
 *   both medians and their ratio, ours over Debian's, measured in the same
 *   run. A timing, not a test: the machine is shared.
 */
#include <papi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench.h"

#ifndef BENCH_IMPL
#define BENCH_IMPL "ours"
#endif

#ifdef BENCH_DLOPEN
#include <dlfcn.h>

#ifndef BENCH_OURS
#define BENCH_OURS "libpapi.so.7.0"
#endif
#define THEIRS "/usr/lib/x86_64-linux-gnu/libpapi.so.7.0"

/* In a child: load lib, time its PAPI_library_init; ticks on fd. */
static void child(const char *lib, int fd)
{
	int (*init)(int);
	long long t0, t1;
	void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	int ret;

	if (!h)
		_exit(2);
	*(void **)&init = dlsym(h, "PAPI_library_init");
	if (!init)
		_exit(2);
	t0 = bench_ticks();
	ret = init(PAPI_VER_CURRENT);
	t1 = bench_ticks();
	if (ret != PAPI_VER_CURRENT)
		_exit(3);
	t1 -= t0;
	if (write(fd, &t1, sizeof(t1)) != (ssize_t)sizeof(t1))
		_exit(4);
	_exit(0);
}

/* One child's ticks, or -1. */
static long long run(const char *lib)
{
	long long v = -1;
	int p[2], st;
	pid_t pid;

	if (pipe(p) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		close(p[0]);
		child(lib, p[1]);
	}
	close(p[1]);
	if (pid < 0 || read(p[0], &v, sizeof(v)) != (ssize_t)sizeof(v))
		v = -1;
	close(p[0]);
	if (pid > 0)
		waitpid(pid, &st, 0);
	return v;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 41, i;
	const char *ours = argc > 2 ? argv[2] : BENCH_OURS;
	const char *theirs = argc > 3 ? argv[3] : THEIRS;
	long long *a, *b;
	struct bench_stats sa, sb;

	if (n < 1)
		n = 41;
	if (access(theirs, R_OK) != 0) {
		printf("SKIP: no %s (Debian's libpapi7.0)\n", theirs);
		return 77;
	}
	a = calloc((size_t)n, sizeof(*a));
	b = calloc((size_t)n, sizeof(*b));
	if (!a || !b)
		return 1;
	/* Unset: both would print PAPI_DEBUG chatter, and both read it. */
	unsetenv("PAPI_DEBUG");
	for (i = 0; i < n; i++) {
		if (i & 1) {
			b[i] = run(theirs);
			a[i] = run(ours);
		} else {
			a[i] = run(ours);
			b[i] = run(theirs);
		}
		if (a[i] < 0 || b[i] < 0) {
			printf("FAIL: PAPI_library_init of %s failed\n",
			       a[i] < 0 ? ours : theirs);
			return 1;
		}
	}
	bench_stats(a, (size_t)n, &sa);
	bench_stats(b, (size_t)n, &sb);
	printf("bench/init: PAPI_library_init in a fresh process, %d each, "
	       "ticks (median / p25)\n",
	       n);
	printf("ours    %s: %lld / %lld\n", ours, sa.p50, sa.p25);
	printf("debian  %s: %lld / %lld\n", theirs, sb.p50, sb.p25);
	printf("init-ratio,%.3f,%.3f\n", (double)sa.p50 / (double)sb.p50,
	       (double)sa.p25 / (double)sb.p25);
	free(a);
	free(b);
	return 0;
}

#else /* static, in the PMU VM */

static void report(const char *op, long long user, long long all,
		   long long vclk)
{
	printf("%s,init,%s,0,%lld,%lld,,%lld\n", BENCH_IMPL, op, user, all,
	       vclk);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	struct bench_ctr U, A;
	long long u0, u1, a0, a1, t0, t1;
	int hl = argc > 1 && !strcmp(argv[1], "hl"), ret;
	pid_t pid;

	if (bench_ctr_open(&U, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
			   0, -1, 0) < 0 ||
	    bench_ctr_open(&A, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 1,
			   -1, 0) < 0 ||
	    !bench_ctr_user(&U) || !bench_ctr_user(&A)) {
		printf("SKIP: no hardware counters readable in user space here "
		       "(arm64: perf_user_access=1)\n");
		return 77;
	}
	if (hl)
		setenv("PAPI_EVENTS", "PAPI_TOT_CYC,PAPI_TOT_INS", 0);
	t0 = bench_vclock();
	u0 = (long long)bench_ctr_read(&U);
	a0 = (long long)bench_ctr_read(&A);
	if (hl) {
		ret = PAPI_hl_region_begin("first");
		if (ret == PAPI_OK)
			ret = PAPI_hl_region_end("first");
	} else {
		ret = PAPI_library_init(PAPI_VER_CURRENT);
	}
	a1 = (long long)bench_ctr_read(&A);
	u1 = (long long)bench_ctr_read(&U);
	t1 = bench_vclock();
	if (ret != (hl ? PAPI_OK : PAPI_VER_CURRENT)) {
		printf("FAIL: %s: %d\n", hl ? "first region" : "init", ret);
		return 1;
	}
	report(hl ? "first PAPI_hl_region_begin+end" : "PAPI_library_init",
	       u1 - u0, a1 - a0,
	       (long long)((double)(t1 - t0) * bench_vclock_ns() + 0.5));
	if (hl)
		return 0;
	/* What a counting program pays next, step by step (the first
	 * region's cost is mostly here): the first EventSet, which reads the
	 * hardware description for the timers, and the first preset added
	 * (the preset table, libpfm4). */
	{
		int es = PAPI_NULL, r1, r2;

		t0 = bench_vclock();
		u0 = (long long)bench_ctr_read(&U);
		a0 = (long long)bench_ctr_read(&A);
		r1 = PAPI_create_eventset(&es);
		a1 = (long long)bench_ctr_read(&A);
		u1 = (long long)bench_ctr_read(&U);
		t1 = bench_vclock();
		if (r1 == PAPI_OK)
			report("first PAPI_create_eventset", u1 - u0, a1 - a0,
			       (long long)((double)(t1 - t0) *
					   bench_vclock_ns() + 0.5));
		t0 = bench_vclock();
		u0 = (long long)bench_ctr_read(&U);
		a0 = (long long)bench_ctr_read(&A);
		r2 = PAPI_add_named_event(es, "PAPI_TOT_INS");
		a1 = (long long)bench_ctr_read(&A);
		u1 = (long long)bench_ctr_read(&U);
		t1 = bench_vclock();
		if (r1 == PAPI_OK && r2 == PAPI_OK)
			report("first PAPI_add_named_event PAPI_TOT_INS",
			       u1 - u0, a1 - a0,
			       (long long)((double)(t1 - t0) *
					   bench_vclock_ns() + 0.5));
	}
	/* The first region, in a process of its own (the high-level API
	 * writes its report at exit: into the scratch directory). */
	bench_ctr_close(&U);
	bench_ctr_close(&A);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setenv("PAPI_OUTPUT_DIRECTORY", "/tmp", 1);
		execl("/proc/self/exe", argv[0], "hl", (char *)NULL);
		_exit(127);
	}
	if (pid > 0)
		waitpid(pid, &ret, 0);
	return 0;
}
#endif
