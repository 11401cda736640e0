// SPDX-License-Identifier: BSD-3-Clause
/*
 * System calls per PAPI operation, counted (not timed): PAPI_add_event of
 * the k-th event, PAPI_start, PAPI_stop, PAPI_read, PAPI_read_ts,
 * PAPI_accum, PAPI_reset, with 1..4 events in the set.
 *
 * The counter is the kernel's raw_syscalls:sys_enter tracepoint, opened
 * with perf_event_open for this thread (bench.h): exact, in process, with
 * no ptrace (strace -c would count the same but can not say which call of
 * the program made which system call without markers), and the same code
 * counts in the static binaries of the arm64 PMU VM, which has no strace.
 * Reading the counter is itself one read(), taken off every figure.
 * Needs root (tracepoints; tracefs is mounted at /sys/kernel/tracing if it
 * is not) or perf_event_paranoid <= 1.
 *
 * Events: PAPI_TOT_CYC, PAPI_TOT_INS, ... or, without hardware counters,
 * four software events. Output: "op,events,syscalls" CSV. Exit 0, or 77
 * when the counter cannot be opened here.
 */
#include <papi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"

#define MAXN 4

static const char *hw[] = { "PAPI_TOT_CYC", "PAPI_TOT_INS",
			    "perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS",
			    "perf::PERF_COUNT_HW_BRANCH_MISSES" };
static const char *sw[] = { "perf::TASK-CLOCK", "perf::CONTEXT-SWITCHES",
			    "perf::PERF_COUNT_SW_PAGE_FAULTS",
			    "perf::PERF_COUNT_SW_CPU_MIGRATIONS" };
static int sc, es = PAPI_NULL;

static long long now(void)
{
	return (long long)bench_fd_read(sc);
}

enum op {
	START,
	STOP,
	READ,
	READ_TS,
	ACCUM,
	RESET,
	NOPS
};
static const char *names[NOPS] = { "PAPI_start",   "PAPI_stop",	 "PAPI_read",
				   "PAPI_read_ts", "PAPI_accum", "PAPI_reset" };

/* System calls of one op (the least of several tries). */
static long long count(enum op op)
{
	long long v[MAXN], t, s0, best = -1, n;
	int r;

	for (r = 0; r < 5; r++) {
		if (op == STOP)
			PAPI_start(es);
		s0 = now();
		switch (op) {
		case START:
			PAPI_start(es);
			break;
		case STOP:
			PAPI_stop(es, v);
			break;
		case READ:
			PAPI_read(es, v);
			break;
		case READ_TS:
			PAPI_read_ts(es, v, &t);
			break;
		case ACCUM:
			PAPI_accum(es, v);
			break;
		case RESET:
			PAPI_reset(es);
			break;
		default:
			break;
		}
		n = now() - s0 - 1;
		if (op == START)
			PAPI_stop(es, v);
		if (best < 0 || n < best)
			best = n;
	}
	return best;
}

int main(void)
{
	const char **ev = hw;
	long long s0, v[MAXN];
	int n, k;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init failed\n");
		return 77;
	}
	sc = bench_sc_open();
	if (sc < 0) {
		printf("SKIP: cannot count system calls (%s): needs root or "
		       "perf_event_paranoid <= 1, and tracefs\n",
		       strerror(-sc));
		return 77;
	}
	PAPI_create_eventset(&es);
	if (PAPI_add_named_event(es, hw[0]) != PAPI_OK)
		ev = sw;
	PAPI_cleanup_eventset(es);
	printf("op,events,syscalls\n");
	for (n = 1; n <= MAXN; n++) {
		s0 = now();
		if (PAPI_add_named_event(es, ev[n - 1]) != PAPI_OK) {
			fprintf(stderr, "cannot add %s\n", ev[n - 1]);
			break;
		}
		printf("PAPI_add_event (%s),%d,%lld\n", ev[n - 1], n,
		       now() - s0 - 1);
		for (k = START; k <= STOP; k++)
			printf("%s,%d,%lld\n", names[k], n, count((enum op)k));
		PAPI_start(es);
		for (k = READ; k < NOPS; k++)
			printf("%s,%d,%lld\n", names[k], n, count((enum op)k));
		PAPI_stop(es, v);
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return 0;
}
