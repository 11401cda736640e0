// SPDX-License-Identifier: BSD-3-Clause
/*
 * A read from a signal handler does not disturb the read it interrupts
 * (issue 13, item 3): PAPI_read is reentrant. The set spans two
 * perf_event groups (perf::TASK-CLOCK, and msr/tsc/ which leads its own;
 * where the msr PMU is missing, two clocks multiplexed, one group each),
 * so a read is several read() calls and the interrupting read could
 * clobber memory the interrupted one is using. A POSIX timer interrupts
 * this thread every 50 us of real time; its handler reads the same set.
 *
 *   1. PAPI_read in a loop: every call answers PAPI_OK, and no count is
 *      ever lower than the one before, in the loop and in the handler;
 *   2. PAPI_accum in a loop (the handler still reads): every call answers
 *      PAPI_OK and adds a difference that is not negative.
 *
 * Under ThreadSanitizer signals are delivered at the next library call
 * it intercepts, so there the interleavings are fewer but still checked.
 */
#include <stdatomic.h>

#include "stress.h"

#define LOOPS 20000
#define PERIOD_NS 50000

static int es = PAPI_NULL, nev;
static volatile sig_atomic_t phase; /* 1: reads, 2: accums */
static long long h_last[2];
static atomic_int h_calls, h_bad, h_down;

static void on_tick(int sig)
{
	long long v[2] = { 0, 0 };
	int ret, j, saved = errno;

	(void)sig;
	atomic_fetch_add(&h_calls, 1);
	ret = PAPI_read(es, v);
	if (ret != PAPI_OK) {
		atomic_fetch_add(&h_bad, 1);
	} else if (phase == 1) {
		for (j = 0; j < nev; j++) {
			if (v[j] < h_last[j])
				atomic_fetch_add(&h_down, 1);
			h_last[j] = v[j];
		}
	}
	errno = saved;
}

static int timer_failed;

static timer_t start_timer(void)
{
	struct sigevent sev;
	struct itimerspec it;
	timer_t t;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGUSR1;
	sev._sigev_un._tid = gettid();
	if (timer_create(CLOCK_MONOTONIC, &sev, &t)) {
		timer_failed = 1;
		return t;
	}
	memset(&it, 0, sizeof(it));
	it.it_value.tv_nsec = PERIOD_NS;
	it.it_interval.tv_nsec = PERIOD_NS;
	timer_settime(t, 0, &it, NULL);
	return t;
}

static int make_set(void)
{
	const char *two[] = { "perf::TASK-CLOCK", "msr/tsc/", NULL };
	const char *clocks[] = { "perf::TASK-CLOCK", "perf::CPU-CLOCK", NULL };
	int s = stress_set(two), ret;

	if (s != PAPI_NULL)
		return s;
	/* Multiplexed: every event leads its own group. */
	if (PAPI_create_eventset(&s) != PAPI_OK)
		return PAPI_NULL;
	ret = PAPI_assign_eventset_component(s, 0);
	if (ret == PAPI_OK)
		ret = PAPI_set_multiplex(s);
	if (ret == PAPI_OK)
		ret = PAPI_add_named_event(s, clocks[0]);
	if (ret == PAPI_OK)
		ret = PAPI_add_named_event(s, clocks[1]);
	if (ret != PAPI_OK) {
		fprintf(stderr, "multiplexed set: %s\n", PAPI_strerror(ret));
		return PAPI_NULL;
	}
	return s;
}

int main(void)
{
	struct sigaction sa;
	long long v[2], last[2] = { 0, 0 }, sum[2] = { 0, 0 }, before[2];
	int i, j, ret, bad = 0, down = 0, neg = 0;
	timer_t t;

	stress_init();
	es = make_set();
	if (es == PAPI_NULL) {
		printf("SKIP: no set of two perf_event groups here\n");
		return 77;
	}
	nev = 2;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_tick;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	phase = 1;
	t = start_timer();
	CHECK(!timer_failed, "timer_create: %s", strerror(errno));

	for (i = 0; i < LOOPS; i++) {
		ret = PAPI_read(es, v);
		if (ret != PAPI_OK) {
			if (!bad++)
				fprintf(stderr, "read %d: %s\n", i,
					PAPI_strerror(ret));
			continue;
		}
		for (j = 0; j < nev; j++) {
			if (v[j] < last[j] && !down++)
				fprintf(stderr,
					"read %d: event %d went from "
					"%lld to %lld\n",
					i, j, last[j], v[j]);
			last[j] = v[j];
		}
	}
	CHECK(bad == 0, "%d of %d reads failed", bad, LOOPS);
	CHECK(down == 0, "%d reads went down", down);

	phase = 2;
	bad = 0;
	for (i = 0; i < LOOPS; i++) {
		memcpy(before, sum, sizeof(sum));
		ret = PAPI_accum(es, sum);
		if (ret != PAPI_OK) {
			if (!bad++)
				fprintf(stderr, "accum %d: %s\n", i,
					PAPI_strerror(ret));
			continue;
		}
		for (j = 0; j < nev; j++)
			if (sum[j] < before[j] && !neg++)
				fprintf(stderr,
					"accum %d: event %d added "
					"%lld\n",
					i, j, sum[j] - before[j]);
	}
	timer_delete(t);
	CHECK(bad == 0, "%d of %d accums failed", bad, LOOPS);
	CHECK(neg == 0, "%d accums added a negative count", neg);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	printf("handler: %d reads, %d failed, %d went down\n",
	       atomic_load(&h_calls), atomic_load(&h_bad),
	       atomic_load(&h_down));
	CHECK(atomic_load(&h_bad) == 0, "%d reads in the handler failed",
	      atomic_load(&h_bad));
	CHECK(atomic_load(&h_down) == 0, "%d reads in the handler went down",
	      atomic_load(&h_down));
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	PAPI_shutdown();
	return check_exit();
}
