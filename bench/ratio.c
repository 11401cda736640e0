// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI against the floor the kernel interface sets, timed in the same run:
 *   PAPI_read             vs one read() of a raw group of the same events
 *                         (PERF_FORMAT_GROUP | ID | TOTAL_TIME_*), and,
 *                         where the counters can be read in user space, vs
 *                         a raw inline read through their mmap pages;
 *   PAPI_start+PAPI_stop  vs raw ENABLE + DISABLE + read() of that group.
 * Each iteration times one call of each, in alternating order, so that
 * drifts of the machine's speed (shared, noisy hosts) hit both alike; the
 * ratios are of medians (and of the 25th percentiles) over all iterations.
 * Events: PAPI_TOT_CYC and PAPI_TOT_INS, or on a machine without hardware
 * counters task-clock and context-switches (software events, read() only).
 * Ticks: the TSC on x86, the generic timer on arm64.
 *
 * Usage: ratio [ITERATIONS]   (default 200000). Prints a table; exit 0,
 * or 77 when PAPI cannot count here at all.
 */
#include <papi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "bench.h"

static struct bench_ctr raw[2];
static unsigned long long rbuf[3 + 2 * 2];
static long long v[2];

static int setup(int *es, const char **names, int hw)
{
	static const char *hwn[] = { "PAPI_TOT_CYC", "PAPI_TOT_INS" };
	static const char *swn[] = { "perf::TASK-CLOCK",
				     "perf::CONTEXT-SWITCHES" };
	uint64_t cfg[2] = { PERF_COUNT_HW_CPU_CYCLES,
			    PERF_COUNT_HW_INSTRUCTIONS };
	uint32_t type = PERF_TYPE_HARDWARE;
	int i;

	if (!hw) {
		type = PERF_TYPE_SOFTWARE;
		cfg[0] = PERF_COUNT_SW_TASK_CLOCK;
		cfg[1] = PERF_COUNT_SW_CONTEXT_SWITCHES;
	}
	*es = PAPI_NULL;
	if (PAPI_create_eventset(es) != PAPI_OK)
		return -1;
	for (i = 0; i < 2; i++) {
		names[i] = hw ? hwn[i] : swn[i];
		if (PAPI_add_named_event(*es, names[i]) != PAPI_OK ||
		    bench_ctr_open(&raw[i], type, cfg[i], 0, i ? raw[0].fd : -1,
				   BENCH_RF_GROUP) < 0) {
			PAPI_cleanup_eventset(*es);
			PAPI_destroy_eventset(es);
			for (; i >= 0; i--)
				bench_ctr_close(&raw[i]);
			return -1;
		}
	}
	return 0;
}

static void raw_read(void)
{
	if (read(raw[0].fd, rbuf, sizeof(rbuf)) < 0)
		abort();
}

static void report(const char *what, long long *ours, long long *floor,
		   size_t n)
{
	struct bench_stats a, b;

	bench_stats(ours, n, &a);
	bench_stats(floor, n, &b);
	printf("%-44s %9lld %9lld %7.3f %9lld %9lld %7.3f\n", what, a.p50,
	       b.p50, (double)a.p50 / (double)b.p50, a.p25, b.p25,
	       (double)a.p25 / (double)b.p25);
}

int main(int argc, char **argv)
{
	size_t n = argc > 1 ? (size_t)strtoul(argv[1], NULL, 10) : 200000, i;
	const PAPI_component_info_t *ci;
	long long *t0, *t1, s;
	const char *names[2];
	int es, hw = 1, user;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init failed\n");
		return 77;
	}
	if (setup(&es, names, 1) < 0) {
		hw = 0;
		if (setup(&es, names, 0) < 0) {
			printf("SKIP: cannot count here\n");
			return 77;
		}
	}
	ci = PAPI_get_component_info(0);
	t0 = malloc(n * sizeof(*t0));
	t1 = malloc(n * sizeof(*t1));
	if (!n || !t0 || !t1)
		return 1;
	printf("bench/ratio: %s, %s; %zu iterations; events %s %s\n",
	       hw ? "hardware counters" : "no hardware counters",
	       ci->fast_counter_read ? "user-space reads" :
				       "read() system calls",
	       n, names[0], names[1]);
	printf("%-44s %9s %9s %7s %9s %9s %7s\n", "ticks per call", "PAPI p50",
	       "floor p50", "ratio", "PAPI p25", "floor p25", "ratio");

	PAPI_start(es);
	/* The leader alone: the cheapest way, and the library's (members
	 * stay enabled; pe_ctl.h, PE_IOC_LEADER). */
	ioctl(raw[0].fd, PERF_EVENT_IOC_ENABLE, 0);
	user = bench_ctr_user(&raw[0]) && bench_ctr_user(&raw[1]);
	for (i = 0; i < n; i++) {
		int odd = i & 1;

		if (odd) {
			s = bench_ticks();
			raw_read();
			t1[i] = bench_ticks() - s;
		}
		s = bench_ticks();
		PAPI_read(es, v);
		t0[i] = bench_ticks() - s;
		if (!odd) {
			s = bench_ticks();
			raw_read();
			t1[i] = bench_ticks() - s;
		}
	}
	report("PAPI_read vs raw group read()", t0, t1, n);
	for (i = 0; user && i < n; i++) {
		s = bench_ticks();
		PAPI_read(es, v);
		t0[i] = bench_ticks() - s;
		s = bench_ticks();
		v[0] = (long long)bench_ctr_read(&raw[0]);
		v[1] = (long long)bench_ctr_read(&raw[1]);
		t1[i] = bench_ticks() - s;
	}
	if (user)
		report("PAPI_read vs raw inline user-space read", t0, t1, n);
	PAPI_stop(es, v);
	ioctl(raw[0].fd, PERF_EVENT_IOC_DISABLE, 0);

	for (i = 0; i < n; i++) {
		int odd = i & 1;

		if (odd) {
			s = bench_ticks();
			ioctl(raw[0].fd, PERF_EVENT_IOC_ENABLE,
			      0);
			ioctl(raw[0].fd, PERF_EVENT_IOC_DISABLE,
			      0);
			raw_read();
			t1[i] = bench_ticks() - s;
		}
		s = bench_ticks();
		PAPI_start(es);
		PAPI_stop(es, v);
		t0[i] = bench_ticks() - s;
		if (!odd) {
			s = bench_ticks();
			ioctl(raw[0].fd, PERF_EVENT_IOC_ENABLE,
			      0);
			ioctl(raw[0].fd, PERF_EVENT_IOC_DISABLE,
			      0);
			raw_read();
			t1[i] = bench_ticks() - s;
		}
	}
	report("PAPI_start+stop vs raw ENABLE+DISABLE+read()", t0, t1, n);
	bench_ctr_close(&raw[1]);
	bench_ctr_close(&raw[0]);
	free(t0);
	free(t1);
	return 0;
}
