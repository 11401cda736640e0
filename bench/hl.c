// SPDX-License-Identifier: BSD-3-Clause
/*
 * What a high-level region costs in steady state: instructions per
 * PAPI_hl_region_begin + PAPI_hl_region_end of the same region name,
 * called again and again after a first pair (which sets the high-level
 * API up: its EventSet, the thread's records), and per PAPI_hl_read of
 * an open region. Measured as bench/insns.c
 * measures: user-mode instructions with a counter of our own read in user
 * space around the pair (the least of REPS pairs, minus an empty call),
 * all instructions with the PMU VM's virtual clock (bench.h,
 * bench_vclock: VK pairs per sample, the least of VREPS), and system
 * calls in a second pass with the raw_syscalls:sys_enter tracepoint.
 *
 * The events: PAPI_EVENTS from the environment, else
 * PAPI_TOT_CYC,PAPI_TOT_INS for every library, so that ours and Debian's
 * PAPI 7.0 count the same (PAPI 7.0's default list differs).
 *
 * Output: CSV rows as bench/insns.c's, "impl,hl,<op>,<events>,user,all,
 * syscalls,vclock", and a line "hl-events: <list>". Exit 0, or 77 where
 * there are no hardware counters or the high-level API cannot count.
 */
#include <papi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bench.h"

#ifndef BENCH_IMPL
#define BENCH_IMPL "ours"
#endif
#define REPS 101
#define VK 32
#define VREPS 15
#define REGION "steady"

static struct bench_ctr U, A;
static int sc = -1;

typedef void (*op_fn)(void);

static void op_none(void)
{
}

static void op_region(void)
{
	PAPI_hl_region_begin(REGION);
	PAPI_hl_region_end(REGION);
}

/* Inside an open region "outer". */
static void op_read(void)
{
	PAPI_hl_read("outer");
}

struct cost {
	long long user, all, sys;
};

static void least(op_fn op, struct cost *c)
{
	long long u0, u1, a0, a1, s0, s1;
	int r;

	c->user = c->all = c->sys = -1;
	for (r = 0; r < REPS; r++) {
		if (sc >= 0) {
			s0 = (long long)bench_fd_read(sc);
			op();
			s1 = (long long)bench_fd_read(sc);
			if (c->sys < 0 || s1 - s0 < c->sys)
				c->sys = s1 - s0;
			continue;
		}
		u0 = (long long)bench_ctr_read(&U);
		a0 = (long long)bench_ctr_read(&A);
		op();
		a1 = (long long)bench_ctr_read(&A);
		u1 = (long long)bench_ctr_read(&U);
		if (c->user < 0 || u1 - u0 < c->user)
			c->user = u1 - u0;
		if (c->all < 0 || a1 - a0 < c->all)
			c->all = a1 - a0;
	}
}

static long long vleast(op_fn op)
{
	long long t0, t1, best = -1;
	int r, k;

	for (r = 0; r < VREPS; r++) {
		t0 = bench_vclock();
		for (k = 0; k < VK; k++)
			op();
		t1 = bench_vclock();
		if (best < 0 || t1 - t0 < best)
			best = t1 - t0;
	}
	return best;
}

/* The number of events in a comma-separated list. */
static int count_events(const char *list)
{
	int n = *list ? 1 : 0;

	for (; *list; list++)
		n += *list == ',';
	return n;
}

int main(void)
{
	const char *evs;
	struct cost c, e;
	long long clk;
	int ret;

	setenv("PAPI_EVENTS", "PAPI_TOT_CYC,PAPI_TOT_INS", 0);
	evs = getenv("PAPI_EVENTS");
	if (bench_ctr_open(&U, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
			   0, -1, 0) < 0 ||
	    bench_ctr_open(&A, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 1,
			   -1, 0) < 0 ||
	    !bench_ctr_user(&U) || !bench_ctr_user(&A)) {
		printf("SKIP: no hardware counters readable in user space here "
		       "(arm64: perf_user_access=1)\n");
		return 77;
	}
	/* The first pair sets the high-level API up. */
	ret = PAPI_hl_region_begin(REGION);
	if (ret == PAPI_OK)
		ret = PAPI_hl_region_end(REGION);
	if (ret != PAPI_OK) {
		printf("SKIP: the high-level API cannot count %s here: %s\n",
		       evs, PAPI_strerror(ret));
		return 77;
	}
	printf("hl-events: %s\n", evs);
	least(op_none, &e);
	least(op_region, &c);
	clk = (long long)((double)(vleast(op_region) - vleast(op_none)) *
				  bench_vclock_ns() / VK +
			  0.5);
	printf("%s,hl,PAPI_hl_region_begin+end,%d,%lld,%lld,,%lld\n",
	       BENCH_IMPL, count_events(evs), c.user - e.user, c.all - e.all,
	       clk);
	/* PAPI_hl_read of an open region, in steady state too. */
	if (PAPI_hl_region_begin("outer") == PAPI_OK &&
	    PAPI_hl_read("outer") == PAPI_OK) {
		least(op_read, &c);
		clk = (long long)((double)(vleast(op_read) - vleast(op_none)) *
					  bench_vclock_ns() / VK +
				  0.5);
		printf("%s,hl,PAPI_hl_read,%d,%lld,%lld,,%lld\n", BENCH_IMPL,
		       count_events(evs), c.user - e.user, c.all - e.all,
		       clk);
		PAPI_hl_region_end("outer");
	}
	sc = bench_sc_open();
	if (sc >= 0) {
		least(op_none, &e);
		least(op_region, &c);
		printf("%s,hl,PAPI_hl_region_begin+end,%d,,,%lld,\n",
		       BENCH_IMPL, count_events(evs), c.sys - e.sys);
	}
	fflush(stdout);
	return 0;
}
