/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * PAPI 5's classic high-level API through papi.h: implicit initialization,
 * PAPI_read_counters copying and resetting, PAPI_accum_counters adding and
 * resetting, PAPI_stop_counters, the errors a PAPI 5 program gets, one
 * state per thread, PAPI_flops/PAPI_flips.
 *
 * The counted event is PAPI_TOT_INS where the machine has it (then the
 * lecture's pattern is checked on exact instruction counts: read = X,
 * accum = 2X, stop = X, within 1%), else perf::TASK-CLOCK, the task's CPU
 * time, which every Linux kernel with perf events counts, checked to lie
 * between the thread's CPU clock and the wall clock read around the same
 * workloads (within 40%: the clocks are read just outside the calls).
 * Exit 0 pass, 1 fail, 77 skip when no event at all can be counted here.
 */
#include <papi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "task_clock.h"

static int failures;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			printf("FAIL line %d: ", __LINE__);                    \
			printf(__VA_ARGS__);                                   \
			printf("\n");                                          \
			failures++;                                            \
		}                                                              \
	} while (0)

#define EXPECT(call, want)                                                     \
	do {                                                                   \
		int got_ = (call);                                             \
		CHECK(got_ == (want), "%s = %d (%s), want %d (%s)", #call,     \
		      got_, PAPI_strerror(got_), (want),                       \
		      PAPI_strerror(want));                                    \
	} while (0)

static int event;        /* what the tests count */
static int exact;        /* instructions: counts are exact */
static long sink; /* atomic: threads run work() at once */

/* The same work every call: n iterations of one add. Not inlined: every
 * call site runs the very same instructions. */
__attribute__((noinline)) static void work(long n)
{
	long i, s = 0;

	for (i = 0; i < n; i++) {
		s += i;
		__asm__ __volatile__("" : "+r"(s));
	}
	__atomic_store_n(&sink, s, __ATOMIC_RELAXED);
}

/* Instructions: got within 1% of want. */
static void near(long long got, long long want, const char *what, int line)
{
	if (got < want * 0.99 || got > want * 1.01) {
		printf("FAIL line %d: %s = %lld, want %lld within 1%%\n", line,
		       what, got, want);
		failures++;
	}
}

/*
 * Checks what one workload counted between stamps a and b. Instructions:
 * the first workload's count within 1% (every workload runs the same
 * instructions). CPU time: between the thread's CPU clock and the wall
 * clock over the same interval, give or take 40% (the clocks are read just
 * outside the calls; task_clock.h); not the first workload's count: a busy
 * machine stretches one workload's time and not the next (CI saw 2x under
 * ThreadSanitizer).
 */
static void counted(long long got, long long first, struct tc_stamp a,
		    struct tc_stamp b, const char *what, int line)
{
	if (exact) {
		near(got, first, what, line);
		return;
	}
	if (!tc_fits(got, a, b, 0.4, 0)) {
		printf("FAIL line %d: %s = %lld ns, want thread CPU time %lld ns"
		       " .. wall time %lld ns within 40%%\n",
		       line, what, got, b.cpu - a.cpu, b.wall - a.wall);
		failures++;
	}
}

/* The lecture's sequence: three equal workloads, read / accum / stop. */
static void lecture_pattern(void)
{
	long long v[1], first, accum, again;
	struct tc_stamp t0, t1, t2, t3;
	long n = exact ? 1000000 : 20000000;

	EXPECT(PAPI_start_counters(&event, 1), PAPI_OK);
	t0 = tc_now();
	work(n);
	t1 = tc_now();
	EXPECT(PAPI_read_counters(v, 1), PAPI_OK);
	first = v[0];
	CHECK(first > 0, "first read %lld", first);
	counted(first, first, t0, t1, "first read", __LINE__);
	t1 = tc_now();
	work(n);
	t2 = tc_now();
	EXPECT(PAPI_accum_counters(v, 1), PAPI_OK);
	accum = v[0];
	counted(accum - first, first, t1, t2, "accum - first", __LINE__);
	t2 = tc_now();
	work(n);
	t3 = tc_now();
	EXPECT(PAPI_stop_counters(v, 1), PAPI_OK);
	counted(v[0], first, t2, t3, "after stop", __LINE__);
	printf("read %lld, accum %lld, stop %lld\n", first, accum, v[0]);

	/* read resets: a second read at once sees almost nothing. */
	EXPECT(PAPI_start_counters(&event, 1), PAPI_OK);
	work(n);
	EXPECT(PAPI_read_counters(v, 1), PAPI_OK);
	EXPECT(PAPI_read_counters(v, 1), PAPI_OK);
	again = v[0];
	CHECK(again < first / 10, "read right after a read: %lld (first %lld)",
	      again, first);
	/* accum adds to what the caller has. */
	v[0] = 1000000000000LL;
	t0 = tc_now();
	work(n);
	t1 = tc_now();
	EXPECT(PAPI_accum_counters(v, 1), PAPI_OK);
	counted(v[0] - 1000000000000LL, first, t0, t1, "accum onto a value",
		__LINE__);
	EXPECT(PAPI_stop_counters(v, 1), PAPI_OK);
}

static void errors(void)
{
	long long v[2] = { 0, 0 };
	float rt, pt, rate;
	long long cnt;
	int two[2] = { PAPI_TOT_INS, 0x12345 };

	/* Nothing started. */
	EXPECT(PAPI_read_counters(v, 1), PAPI_EINVAL);
	EXPECT(PAPI_accum_counters(v, 1), PAPI_EINVAL);
	EXPECT(PAPI_stop_counters(v, 1), PAPI_ENOTRUN);
	/* A start that fails leaves nothing behind. */
	CHECK(PAPI_start_counters(two, 2) < 0, "start with a bad event");
	EXPECT(PAPI_stop_counters(v, 2), PAPI_ENOTRUN);

	EXPECT(PAPI_start_counters(&event, 1), PAPI_OK);
	EXPECT(PAPI_start_counters(&event, 1), PAPI_EISRUN);
	EXPECT(PAPI_read_counters(NULL, 1), PAPI_EINVAL);
	EXPECT(PAPI_read_counters(v, 0), PAPI_EINVAL);
	/* Another kind of measurement while this one runs. */
	EXPECT(PAPI_flops(&rt, &pt, &cnt, &rate), PAPI_EINVAL);
	EXPECT(PAPI_ipc(&rt, &pt, &cnt, &rate), PAPI_EINVAL);
	/* Too short an array: refused, and still running. */
	EXPECT(PAPI_stop_counters(NULL, 1), PAPI_EINVAL);
	EXPECT(PAPI_stop_counters(v, 0), PAPI_EINVAL);
	EXPECT(PAPI_read_counters(v, 2), PAPI_OK);
	EXPECT(PAPI_stop_counters(v, 2), PAPI_OK);
	EXPECT(PAPI_stop_counters(v, 2), PAPI_ENOTRUN);
	EXPECT(PAPI_read_counters(v, 1), PAPI_EINVAL);
}

/* PAPI 5's PAPI_flops/PAPI_flips: PAPI_ENOEVNT without the event, else
 * zeros on the first call and counts since it on the next. */
static void flops5(void)
{
	float rt, pt, rate;
	long long cnt, v[1];
	int have = PAPI_query_event(PAPI_FP_OPS) == PAPI_OK;

	if (!have) {
		EXPECT(PAPI_flops(&rt, &pt, &cnt, &rate), PAPI_ENOEVNT);
		/* ...and the state is free again. */
		EXPECT(PAPI_start_counters(&event, 1), PAPI_OK);
		EXPECT(PAPI_stop_counters(v, 1), PAPI_OK);
	} else {
		EXPECT(PAPI_flops(&rt, &pt, &cnt, &rate), PAPI_OK);
		CHECK(rt == 0 && pt == 0 && cnt == 0 && rate == 0,
		      "first PAPI_flops not zero");
		work(1000000);
		EXPECT(PAPI_flops(&rt, &pt, &cnt, &rate), PAPI_OK);
		CHECK(rt > 0 && pt > 0 && cnt >= 0, "second PAPI_flops");
		EXPECT(PAPI_flips(&rt, &pt, &cnt, &rate), PAPI_EINVAL);
		EXPECT(PAPI_stop_counters(NULL, 0), PAPI_OK);
	}
	if (PAPI_query_event(PAPI_FP_INS) != PAPI_OK)
		EXPECT(PAPI_flips(&rt, &pt, &cnt, &rate), PAPI_ENOEVNT);
}

static void *thread_main(void *arg)
{
	long long v[1];
	int *ok = arg;

	*ok = PAPI_start_counters(&event, 1) == PAPI_OK;
	work(1000000);
	*ok &= PAPI_read_counters(v, 1) == PAPI_OK && v[0] > 0;
	*ok &= PAPI_stop_counters(v, 1) == PAPI_OK;
	return NULL;
}

/* Each thread has its own state: both start while main's runs. */
static void threads(void)
{
	pthread_t t[2];
	long long v[1];
	int ok[2] = { 0, 0 }, i;

	EXPECT(PAPI_start_counters(&event, 1), PAPI_OK);
	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, thread_main, &ok[i]);
	for (i = 0; i < 2; i++) {
		pthread_join(t[i], NULL);
		CHECK(ok[i], "thread %d's classic calls", i);
	}
	EXPECT(PAPI_stop_counters(v, 1), PAPI_OK);
}

int main(void)
{
	int n;

	/* The classic calls initialize the library themselves. */
	n = PAPI_num_counters();
	CHECK(n >= 0, "PAPI_num_counters = %d", n);
	CHECK(PAPI_is_initialized(), "not initialized by PAPI_num_counters");
	EXPECT(n, PAPI_num_hwctrs());
	exact = PAPI_query_event(PAPI_TOT_INS) == PAPI_OK;
	if (exact)
		event = PAPI_TOT_INS;
	else if (PAPI_event_name_to_code("perf::TASK-CLOCK", &event) != PAPI_OK ||
		 PAPI_start_counters(&event, 1) != PAPI_OK ||
		 PAPI_stop_counters((long long[1]){ 0 }, 1) != PAPI_OK) {
		printf("SKIP: neither PAPI_TOT_INS nor perf::TASK-CLOCK can be counted here\n");
		return 77;
	}
	printf("counting %s; %d hardware counters\n",
	       exact ? "PAPI_TOT_INS" : "perf::TASK-CLOCK", n);
	lecture_pattern();
	errors();
	flops5();
	threads();
	/* After PAPI_shutdown the next classic call initializes again (a
	 * native code is looked up anew: it means nothing without the
	 * library). */
	PAPI_shutdown();
	EXPECT(PAPI_is_initialized(), PAPI_NOT_INITED);
	if (!exact) {
		EXPECT(PAPI_num_counters(), n);
		EXPECT(PAPI_event_name_to_code("perf::TASK-CLOCK", &event),
		       PAPI_OK);
	}
	EXPECT(PAPI_start_counters(&event, 1), PAPI_OK);
	CHECK(PAPI_is_initialized(), "not initialized by PAPI_start_counters");
	EXPECT(PAPI_stop_counters((long long[1]){ 0 }, 1), PAPI_OK);
	PAPI_shutdown();
	if (failures)
		printf("%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
