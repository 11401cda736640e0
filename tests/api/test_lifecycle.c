// SPDX-License-Identifier: BSD-3-Clause
/*
 * The EventSet state machine through the public API, with perf software
 * events (perf::TASK-CLOCK, perf::PAGE-FAULTS, perf::CONTEXT-SWITCHES), so
 * that it runs the same with or without a hardware PMU:
 *   - create, destroy, and reuse of the lowest free id;
 *   - binding to a component, explicitly or by the first event;
 *   - adding and removing by code and by name, the partial-success answers
 *     of PAPI_add_events and PAPI_remove_events, PAPI_list_events with a
 *     short array, PAPI_num_events, PAPI_state;
 *   - start, read, read_ts, accum, reset, stop and what each does to the
 *     counts;
 *   - the error of every call that is made in the wrong state, and that a
 *     failing call leaves the set exactly as it was (events, count, state);
 *   - per-set and default counting domains;
 *   - threads: each counts only its own work, and the thread calls;
 *   - no file descriptor leaks over many set life cycles and failed adds;
 *   - PAPI_shutdown and a second PAPI_library_init.
 * Exit 0 passes, 77 skips (perf_event unusable here), 1 fails.
 */
#include <dirent.h>
#include <papi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "task_clock.h"

static int failures;

#define CHECK(cond, ...)                                                \
	do {                                                            \
		if (!(cond)) {                                          \
			fprintf(stderr, "FAIL line %d: %s: ", __LINE__, \
				#cond);                                 \
			fprintf(stderr, __VA_ARGS__);                   \
			fputc('\n', stderr);                            \
			failures++;                                     \
		}                                                       \
	} while (0)

/* The call must answer want. */
#define EXPECT(call, want)                                                   \
	do {                                                                 \
		int r_ = (call);                                             \
		if (r_ != (want)) {                                          \
			fprintf(stderr,                                      \
				"FAIL line %d: %s returned %d (%s), "        \
				"want %s\n",                                 \
				__LINE__, #call, r_,                         \
				PAPI_strerror(r_) ? PAPI_strerror(r_) : "?", \
				#want);                                      \
			failures++;                                          \
		}                                                            \
	} while (0)

/* The call must answer one of two codes. */
#define EXPECT2(call, want1, want2)                                          \
	do {                                                                 \
		int r_ = (call);                                             \
		if (r_ != (want1) && r_ != (want2)) {                        \
			fprintf(stderr,                                      \
				"FAIL line %d: %s returned %d (%s), "        \
				"want %s or %s\n",                           \
				__LINE__, #call, r_,                         \
				PAPI_strerror(r_) ? PAPI_strerror(r_) : "?", \
				#want1, #want2);                             \
			failures++;                                          \
		}                                                            \
	} while (0)

#define OK(call) EXPECT(call, PAPI_OK)

/* The three software events, resolved once. */
static int E1, E2, E3;
#define N1 "perf::TASK-CLOCK"
#define N2 "perf::PAGE-FAULTS"
#define N3 "perf::CONTEXT-SWITCHES"

/* Per thread: several threads burn at once (a shared one is a data race
 * that ThreadSanitizer reports). */
static _Thread_local volatile double sink;

/* Busy work: n iterations of floating-point adds. */
static void burn(long n)
{
	double x = 0;
	long i;

	for (i = 0; i < n; i++)
		x += (double)i * 0.5;
	sink = x;
}

/* Iterations that take about ms milliseconds of CPU here, measured once,
 * so that the test takes the same time on fast and slow machines (and
 * under valgrind). */
static long iters_per_ms;

static void calibrate(void)
{
	long n = 100000;
	long long t0, t;

	for (;;) {
		t0 = tc_ns(CLOCK_THREAD_CPUTIME_ID);
		burn(n);
		t = tc_ns(CLOCK_THREAD_CPUTIME_ID) - t0;
		if (t >= 20000000LL || n > (1L << 30))
			break;
		n *= 2;
	}
	iters_per_ms = (long)((double)n * 1e6 / (double)(t > 0 ? t : 1));
	if (iters_per_ms < 1)
		iters_per_ms = 1;
}

static void burn_ms(int ms)
{
	burn(iters_per_ms * ms);
}

/* ---- Snapshots: "nothing half-changed after a failure" ----------------- */

struct snap {
	int n; /* PAPI_num_events */
	int listed; /* *number from PAPI_list_events */
	int codes[16];
	int state;
	int cidx;
};

static void take(int es, struct snap *s)
{
	memset(s, 0, sizeof(*s));
	s->n = PAPI_num_events(es);
	s->listed = 16;
	if (PAPI_list_events(es, s->codes, &s->listed) != PAPI_OK)
		s->listed = -1;
	if (PAPI_state(es, &s->state) != PAPI_OK)
		s->state = -1;
	s->cidx = PAPI_get_eventset_component(es);
}

static void same_as(int line, const char *what, int es,
		    const struct snap *before)
{
	struct snap now;

	take(es, &now);
	if (now.n != before->n || now.listed != before->listed ||
	    now.state != before->state || now.cidx != before->cidx ||
	    memcmp(now.codes, before->codes, sizeof(now.codes))) {
		fprintf(stderr,
			"FAIL line %d: after %s the set changed: %d events "
			"(was %d), state %#x (was %#x), component %d (was "
			"%d)\n",
			line, what, now.n, before->n, now.state, before->state,
			now.cidx, before->cidx);
		failures++;
	}
}

/* A call that must fail with want and leave es as it was. */
#define FAILS_SAME(es, call, want)                   \
	do {                                         \
		struct snap b_;                      \
		take((es), &b_);                     \
		EXPECT(call, want);                  \
		same_as(__LINE__, #call, (es), &b_); \
	} while (0)

#define FAILS2_SAME(es, call, want1, want2)          \
	do {                                         \
		struct snap b_;                      \
		take((es), &b_);                     \
		EXPECT2(call, want1, want2);         \
		same_as(__LINE__, #call, (es), &b_); \
	} while (0)

/* The set holds exactly the n codes given, in any order. */
static void holds(int line, int es, const int *codes, int n)
{
	int got[16], m = 16, i, j;

	if (PAPI_list_events(es, got, &m) != PAPI_OK || m != n ||
	    PAPI_num_events(es) != n) {
		fprintf(stderr,
			"FAIL line %d: set %d lists %d events, "
			"num_events %d, want %d\n",
			line, es, m, PAPI_num_events(es), n);
		failures++;
		return;
	}
	for (i = 0; i < n; i++) {
		for (j = 0; j < m && got[j] != codes[i]; j++)
			;
		if (j == m) {
			fprintf(stderr, "FAIL line %d: set %d lacks %#x\n",
				line, es, codes[i]);
			failures++;
		}
	}
}

#define HOLDS(es, ...)                                      \
	holds(__LINE__, (es), (const int[]){ __VA_ARGS__ }, \
	      (int)(sizeof((const int[]){ __VA_ARGS__ }) / sizeof(int)))

static int state_of(int es)
{
	int st = -1;

	PAPI_state(es, &st);
	return st;
}

/* ---- Create, destroy, reuse -------------------------------------------- */

static void test_create_reuse(void)
{
	int a = PAPI_NULL, b = PAPI_NULL, c = PAPI_NULL, d = PAPI_NULL;
	int old_b;

	OK(PAPI_create_eventset(&a));
	OK(PAPI_create_eventset(&b));
	OK(PAPI_create_eventset(&c));
	CHECK(a >= 0 && b >= 0 && c >= 0 && a != b && b != c && a != c,
	      "ids %d %d %d", a, b, c);
	CHECK(state_of(a) == PAPI_STOPPED, "a new set is %#x", state_of(a));
	EXPECT(PAPI_num_events(a), 0);
	/* A new set has no component yet. */
	EXPECT(PAPI_get_eventset_component(a), PAPI_ENOCMP);

	old_b = b;
	OK(PAPI_destroy_eventset(&b));
	CHECK(b == PAPI_NULL, "destroy left the id at %d", b);
	EXPECT(PAPI_num_events(old_b), PAPI_ENOEVST);
	EXPECT(PAPI_destroy_eventset(&old_b), PAPI_ENOEVST);
	/* The lowest free id is reused, as in PAPI. */
	OK(PAPI_create_eventset(&d));
	CHECK(d == old_b, "new id %d, want the freed %d", d, old_b);
	/* The neighbours were not touched. */
	CHECK(state_of(a) == PAPI_STOPPED && state_of(c) == PAPI_STOPPED,
	      "neighbours changed");

	OK(PAPI_destroy_eventset(&a));
	OK(PAPI_destroy_eventset(&c));
	OK(PAPI_destroy_eventset(&d));
}

/* ---- Component binding ------------------------------------------------- */

static void test_assign(void)
{
	int es = PAPI_NULL, es2 = PAPI_NULL,
	    cidx = PAPI_get_event_component(E1);
	int n = PAPI_num_components();

	CHECK(cidx >= 0 && cidx < n, "component of %s is %d", N1, cidx);
	OK(PAPI_create_eventset(&es));
	EXPECT(PAPI_get_eventset_component(es), PAPI_ENOCMP);
	FAILS_SAME(es, PAPI_assign_eventset_component(es, -1), PAPI_ENOCMP);
	FAILS_SAME(es, PAPI_assign_eventset_component(es, n), PAPI_ENOCMP);
	OK(PAPI_assign_eventset_component(es, cidx));
	EXPECT(PAPI_get_eventset_component(es), cidx);
	/* Assigned but empty: still nothing to start (PAPI_EINVAL). */
	FAILS_SAME(es, PAPI_start(es), PAPI_EINVAL);
	/* Never started: nothing to stop. */
	FAILS_SAME(es, PAPI_stop(es, NULL), PAPI_ENOTRUN);
	OK(PAPI_add_event(es, E1));
	EXPECT(PAPI_get_eventset_component(es), cidx);
	HOLDS(es, E1);
	OK(PAPI_cleanup_eventset(es));
	OK(PAPI_destroy_eventset(&es));

	/* The first event binds a set to its component. */
	OK(PAPI_create_eventset(&es2));
	/* Empty and unbound: PAPI 7.0 says PAPI_ENOCMP, as good as
	 * PAPI_EINVAL. */
	FAILS2_SAME(es2, PAPI_start(es2), PAPI_EINVAL, PAPI_ENOCMP);
	OK(PAPI_add_named_event(es2, N2));
	EXPECT(PAPI_get_eventset_component(es2), cidx);
	OK(PAPI_cleanup_eventset(es2));
	OK(PAPI_destroy_eventset(&es2));
}

/* ---- Adding, removing, listing ----------------------------------------- */

static void test_add_remove(void)
{
	int es = PAPI_NULL, list[8], n, i, ret;

	OK(PAPI_create_eventset(&es));

	/* By code and by name. */
	OK(PAPI_add_event(es, E1));
	OK(PAPI_add_named_event(es, N2));
	HOLDS(es, E1, E2);
	/* The same event twice conflicts, by code or by name, and changes
	 * nothing. */
	FAILS_SAME(es, PAPI_add_event(es, E1), PAPI_ECNFLCT);
	FAILS_SAME(es, PAPI_add_named_event(es, N2), PAPI_ECNFLCT);
	FAILS_SAME(es, PAPI_add_named_event(es, "perf::NOPE"), PAPI_ENOEVNT);
	/* Removing what is not there (PAPI 7.0: PAPI_EINVAL). */
	FAILS_SAME(es, PAPI_remove_event(es, E3), PAPI_EINVAL);
	FAILS_SAME(es, PAPI_remove_named_event(es, N3), PAPI_EINVAL);
	/* Destroying a set that still has events is refused. */
	{
		int copy = es;

		FAILS_SAME(es, PAPI_destroy_eventset(&copy), PAPI_EINVAL);
		CHECK(copy == es, "a refused destroy changed the id to %d",
		      copy);
	}

	OK(PAPI_remove_named_event(es, N2));
	HOLDS(es, E1);
	OK(PAPI_remove_event(es, E1));
	EXPECT(PAPI_num_events(es), 0);
	CHECK(state_of(es) == PAPI_STOPPED, "state %#x", state_of(es));

	/* PAPI_add_events: all, or the number added before the first
	 * failure, or the error when the first one fails. */
	{
		int all[3] = { E1, E2, E3 };
		int bad_third[3] = { E3, E2, 0x12345 };
		int bad_first[2] = { 0x12345, E1 };

		OK(PAPI_add_events(es, all, 3));
		HOLDS(es, E1, E2, E3);
		OK(PAPI_cleanup_eventset(es));
		EXPECT(PAPI_num_events(es), 0);

		ret = PAPI_add_events(es, bad_third, 3);
		CHECK(ret == 2,
		      "PAPI_add_events with a bad third code: %d, "
		      "want 2",
		      ret);
		HOLDS(es, E3, E2);
		/* A duplicate stops the walk as well. */
		all[0] = E1;
		all[1] = E3;
		ret = PAPI_add_events(es, all, 3);
		CHECK(ret == 1,
		      "PAPI_add_events with a duplicate second: %d,"
		      " want 1",
		      ret);
		HOLDS(es, E1, E2, E3);
		{
			struct snap b;

			take(es, &b);
			ret = PAPI_add_events(es, bad_first, 2);
			CHECK(ret < 0,
			      "PAPI_add_events with a bad first code: "
			      "%d, want an error",
			      ret);
			same_as(__LINE__, "PAPI_add_events(bad first)", es, &b);
		}

		/* PAPI_remove_events likewise. */
		{
			int rm[2] = { E2, 0x12345 };
			int rm_first_bad[2] = { 0x12345, E1 };
			struct snap b;

			ret = PAPI_remove_events(es, rm, 2);
			CHECK(ret == 1,
			      "PAPI_remove_events with a bad second:"
			      " %d, want 1",
			      ret);
			HOLDS(es, E1, E3);
			take(es, &b);
			ret = PAPI_remove_events(es, rm_first_bad, 2);
			CHECK(ret < 0,
			      "PAPI_remove_events with a bad first: "
			      "%d, want an error",
			      ret);
			same_as(__LINE__, "PAPI_remove_events(bad first)", es,
				&b);
			rm[0] = E1;
			rm[1] = E3;
			OK(PAPI_remove_events(es, rm, 2));
			EXPECT(PAPI_num_events(es), 0);
		}
	}

	/* PAPI_list_events: a probe with 0 answers the count; a short
	 * array gets the first events and nothing beyond it. */
	{
		int all[3] = { E1, E2, E3 };

		OK(PAPI_add_events(es, all, 3));
	}
	n = 0;
	OK(PAPI_list_events(es, NULL, &n));
	CHECK(n == 3, "probe answered %d, want 3", n);
	n = 0;
	OK(PAPI_list_events(es, list, &n));
	CHECK(n == 3, "probe with an array answered %d, want 3", n);
	for (i = 0; i < 8; i++)
		list[i] = 0x7777;
	n = 2;
	OK(PAPI_list_events(es, list, &n));
	/* The documentation says *number becomes the number of events in
	 * the set; PAPI 7.0's code answers the number stored. Both are
	 * accepted; writing past the array is not. */
	CHECK(n == 3 || n == 2, "short list answered %d", n);
	CHECK(list[0] == E1 && list[1] == E2, "short list %#x %#x", list[0],
	      list[1]);
	CHECK(list[2] == 0x7777, "PAPI_list_events wrote past *number");
	n = 8;
	OK(PAPI_list_events(es, list, &n));
	CHECK(n == 3 && list[0] == E1 && list[1] == E2 && list[2] == E3,
	      "full list: %d events", n);
	CHECK(list[3] == 0x7777, "PAPI_list_events wrote past the events");

	OK(PAPI_cleanup_eventset(es));
	OK(PAPI_destroy_eventset(&es));
	CHECK(es == PAPI_NULL, "destroy left %d", es);
}

/* ---- Counting ----------------------------------------------------------- */

static void test_counting(void)
{
	long long v[3], w[3], acc[3] = { 0, 0, 0 }, c0, c1;
	int es = PAPI_NULL, st;

	OK(PAPI_create_eventset(&es));
	OK(PAPI_add_event(es, E1));
	OK(PAPI_add_event(es, E2));
	OK(PAPI_add_event(es, E3));

	OK(PAPI_start(es));
	st = state_of(es);
	CHECK((st & PAPI_RUNNING) && !(st & PAPI_STOPPED),
	      "running state is %#x", st);

	burn_ms(20);
	OK(PAPI_read_ts(es, v, &c0));
	burn_ms(20);
	OK(PAPI_read_ts(es, w, &c1));
	/* The timestamps and task-clock move on; nothing goes back. */
	CHECK(c1 > c0, "read_ts cycles did not increase: %lld, %lld", c0, c1);
	CHECK(v[0] > 0 && w[0] > v[0], "task-clock %lld then %lld", v[0], w[0]);
	CHECK(w[1] >= v[1] && w[2] >= v[2], "a count went back");
	/* 20 ms of work is about 20e6 ns of task-clock. */
	CHECK(w[0] - v[0] > 5000000LL,
	      "task-clock grew by %lld ns over "
	      "20 ms of work",
	      w[0] - v[0]);

	/* accum adds the counts to the array and restarts them from 0. */
	burn_ms(10);
	OK(PAPI_accum(es, acc));
	CHECK(acc[0] >= w[0], "accum %lld < last read %lld", acc[0], w[0]);
	OK(PAPI_read(es, v));
	CHECK(v[0] < acc[0] / 2,
	      "after accum task-clock is still %lld "
	      "(accum %lld)",
	      v[0], acc[0]);
	burn_ms(10);
	c0 = acc[0];
	OK(PAPI_accum(es, acc));
	CHECK(acc[0] > c0, "accum did not add: %lld then %lld", c0, acc[0]);

	/* reset starts the counts over. */
	burn_ms(10);
	OK(PAPI_read(es, v));
	OK(PAPI_reset(es));
	OK(PAPI_read(es, w));
	CHECK(w[0] < v[0], "after reset task-clock %lld, before %lld", w[0],
	      v[0]);

	burn_ms(10);
	OK(PAPI_stop(es, v));
	st = state_of(es);
	CHECK((st & PAPI_STOPPED) && !(st & PAPI_RUNNING),
	      "stopped state is %#x", st);
	CHECK(v[0] > 0, "task-clock at stop %lld", v[0]);
	/* A stopped set reads the values it stopped with... */
	OK(PAPI_read(es, w));
	CHECK(memcmp(v, w, sizeof(v)) == 0,
	      "read after stop %lld, stop gave %lld", w[0], v[0]);
	/* ...and stopping it again is an error that changes nothing. */
	FAILS_SAME(es, PAPI_stop(es, w), PAPI_ENOTRUN);
	/* A reset of a stopped set zeroes what it reads. */
	OK(PAPI_reset(es));
	OK(PAPI_read(es, w));
	CHECK(w[0] == 0 && w[1] == 0 && w[2] == 0,
	      "read after reset of a stopped set: %lld %lld %lld", w[0], w[1],
	      w[2]);

	/* start counts from zero again. */
	OK(PAPI_start(es));
	OK(PAPI_read(es, w));
	CHECK(w[0] < v[0], "a restarted set reads %lld, it stopped at %lld",
	      w[0], v[0]);
	/* stop with no array is fine. */
	OK(PAPI_stop(es, NULL));

	OK(PAPI_cleanup_eventset(es));
	OK(PAPI_destroy_eventset(&es));
}

/* ---- Calls in the wrong state ------------------------------------------ */

static void test_running_errors(void)
{
	int es = PAPI_NULL, copy, two[2] = { E2, E3 };
	PAPI_option_t o;
	long long v[3];

	OK(PAPI_create_eventset(&es));
	OK(PAPI_add_event(es, E1));
	OK(PAPI_add_event(es, E2));
	OK(PAPI_start(es));

	/* While it runs, a set cannot change, and nothing half-changes. */
	FAILS_SAME(es, PAPI_add_event(es, E3), PAPI_EISRUN);
	FAILS_SAME(es, PAPI_add_named_event(es, N3), PAPI_EISRUN);
	FAILS_SAME(es, PAPI_add_events(es, &two[1], 1), PAPI_EISRUN);
	FAILS_SAME(es, PAPI_remove_event(es, E2), PAPI_EISRUN);
	FAILS_SAME(es, PAPI_remove_named_event(es, N2), PAPI_EISRUN);
	FAILS_SAME(es, PAPI_remove_events(es, two, 1), PAPI_EISRUN);
	FAILS_SAME(es, PAPI_cleanup_eventset(es), PAPI_EISRUN);
	copy = es;
	FAILS_SAME(es, PAPI_destroy_eventset(&copy), PAPI_EISRUN);
	CHECK(copy == es, "a refused destroy changed the id to %d", copy);
	FAILS_SAME(es, PAPI_start(es), PAPI_EISRUN);
	/* Even the same event twice: running comes first. */
	FAILS2_SAME(es, PAPI_add_event(es, E1), PAPI_EISRUN, PAPI_ECNFLCT);
	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	o.domain.domain = PAPI_DOM_USER;
	FAILS_SAME(es, PAPI_set_opt(PAPI_DOMAIN, &o), PAPI_EISRUN);
	/* It still counts. */
	burn_ms(5);
	OK(PAPI_read(es, v));
	CHECK(v[0] > 0, "task-clock %lld while running", v[0]);

	OK(PAPI_stop(es, v));
	FAILS_SAME(es, PAPI_stop(es, v), PAPI_ENOTRUN);
	/* Stopped, the same calls work. */
	OK(PAPI_add_event(es, E3));
	HOLDS(es, E1, E2, E3);
	OK(PAPI_remove_event(es, E2));
	HOLDS(es, E1, E3);
	OK(PAPI_cleanup_eventset(es));
	OK(PAPI_destroy_eventset(&es));
}

/* Only one set per component runs in a thread at a time. */
static void test_two_sets(void)
{
	int a = PAPI_NULL, b = PAPI_NULL;
	long long va[1], vb[1];

	OK(PAPI_create_eventset(&a));
	OK(PAPI_create_eventset(&b));
	OK(PAPI_add_event(a, E1));
	OK(PAPI_add_event(b, E2));
	OK(PAPI_start(a));
	/* PAPI 7.0 answers PAPI_EISRUN here ("only one active EventSet per
	 * component"). */
	FAILS2_SAME(b, PAPI_start(b), PAPI_EISRUN, PAPI_EISRUN);
	CHECK(state_of(a) & PAPI_RUNNING, "the first set stopped");
	OK(PAPI_stop(a, va));
	/* Once the first stopped, the second may start. */
	OK(PAPI_start(b));
	FAILS2_SAME(a, PAPI_start(a), PAPI_EISRUN, PAPI_EISRUN);
	OK(PAPI_stop(b, vb));
	OK(PAPI_start(a));
	OK(PAPI_stop(a, va));
	CHECK(va[0] >= 0 && vb[0] >= 0, "counts %lld %lld", va[0], vb[0]);
	OK(PAPI_cleanup_eventset(a));
	OK(PAPI_cleanup_eventset(b));
	OK(PAPI_destroy_eventset(&a));
	OK(PAPI_destroy_eventset(&b));
}

/* ---- Domains ------------------------------------------------------------ */

/* The domain PAPI_get_opt(PAPI_DOMAIN) reports for es, or -1. PAPI 7.0
 * answers PAPI_OK; answering the domain itself is accepted too. */
static int domain_of(int es)
{
	PAPI_option_t o;
	int ret;

	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	ret = PAPI_get_opt(PAPI_DOMAIN, &o);
	if (ret < 0) {
		fprintf(stderr, "PAPI_get_opt(PAPI_DOMAIN, %d): %d\n", es, ret);
		return -1;
	}
	return o.domain.domain;
}

static int set_domain(int es, int d)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	o.domain.domain = d;
	return PAPI_set_opt(PAPI_DOMAIN, &o);
}

/* PAPI_DOM_ALL may be stored as all the domains the component has, which
 * include user and kernel. */
static int is_all(int d)
{
	return d > 0 && !(d & ~PAPI_DOM_ALL) &&
	       (d & (PAPI_DOM_USER | PAPI_DOM_KERNEL)) ==
		       (PAPI_DOM_USER | PAPI_DOM_KERNEL);
}

static void test_domains(void)
{
	int es = PAPI_NULL, es2 = PAPI_NULL, es3 = PAPI_NULL, ret, d;
	long long v[1];

	CHECK(PAPI_get_opt(PAPI_DEFDOM, NULL) == PAPI_DOM_USER,
	      "default domain %d", PAPI_get_opt(PAPI_DEFDOM, NULL));
	OK(PAPI_create_eventset(&es));
	OK(PAPI_add_event(es, E1));
	CHECK(domain_of(es) == PAPI_DOM_USER, "a new set counts in %d",
	      domain_of(es));

	ret = set_domain(es, PAPI_DOM_ALL);
	if (ret == PAPI_EPERM || ret == PAPI_ESYS || ret == PAPI_ECMP ||
	    ret == PAPI_ENOSUPP) {
		/* Kernel counting needs privileges (perf_event_paranoid). */
		printf("note: PAPI_DOM_ALL refused (%s); domain checks "
		       "limited\n",
		       PAPI_strerror(ret));
		CHECK(domain_of(es) == PAPI_DOM_USER,
		      "a refused domain change left %d", domain_of(es));
	} else {
		CHECK(ret == PAPI_OK, "PAPI_set_opt(PAPI_DOMAIN, ALL): %d",
		      ret);
		d = domain_of(es);
		CHECK(is_all(d), "PAPI_DOM_ALL reads back as %#x", d);
		OK(PAPI_start(es));
		burn_ms(5);
		OK(PAPI_stop(es, v));
		CHECK(v[0] > 0, "task-clock in PAPI_DOM_ALL: %lld", v[0]);
		OK(set_domain(es, PAPI_DOM_USER));
		CHECK(domain_of(es) == PAPI_DOM_USER, "back to user: %#x",
		      domain_of(es));
	}
	OK(PAPI_start(es));
	burn_ms(5);
	/* No domain changes while counting. */
	FAILS_SAME(es, set_domain(es, PAPI_DOM_ALL), PAPI_EISRUN);
	CHECK(domain_of(es) == PAPI_DOM_USER, "domain changed while running");
	OK(PAPI_stop(es, v));
	CHECK(v[0] > 0, "task-clock in PAPI_DOM_USER: %lld", v[0]);
	/* A bad domain changes nothing either. */
	FAILS_SAME(es, set_domain(es, 0), PAPI_EINVAL_DOM);
	CHECK(domain_of(es) == PAPI_DOM_USER, "a bad domain stuck");

	/* The default applies to sets created afterwards only. */
	OK(PAPI_set_domain(PAPI_DOM_ALL));
	CHECK(is_all(PAPI_get_opt(PAPI_DEFDOM, NULL)), "default is %#x",
	      PAPI_get_opt(PAPI_DEFDOM, NULL));
	OK(PAPI_create_eventset(&es2));
	CHECK(is_all(domain_of(es2)),
	      "a set created after "
	      "PAPI_set_domain(ALL) counts in %#x",
	      domain_of(es2));
	CHECK(domain_of(es) == PAPI_DOM_USER,
	      "PAPI_set_domain changed an existing set to %#x", domain_of(es));
	ret = PAPI_add_event(es2, E1);
	if (ret == PAPI_OK) {
		ret = PAPI_start(es2);
		if (ret == PAPI_OK) {
			burn_ms(5);
			OK(PAPI_stop(es2, v));
			CHECK(v[0] > 0, "task-clock %lld", v[0]);
		} else {
			CHECK(ret == PAPI_EPERM || ret == PAPI_ESYS,
			      "start in PAPI_DOM_ALL: %d", ret);
		}
	} else {
		CHECK(ret == PAPI_EPERM || ret == PAPI_ESYS,
		      "add in PAPI_DOM_ALL: %d", ret);
	}
	OK(PAPI_set_domain(PAPI_DOM_USER));
	EXPECT(PAPI_get_opt(PAPI_DEFDOM, NULL), PAPI_DOM_USER);
	OK(PAPI_create_eventset(&es3));
	CHECK(domain_of(es3) == PAPI_DOM_USER, "set after restoring: %#x",
	      domain_of(es3));

	PAPI_cleanup_eventset(es2);
	OK(PAPI_cleanup_eventset(es));
	OK(PAPI_destroy_eventset(&es));
	OK(PAPI_destroy_eventset(&es2));
	OK(PAPI_destroy_eventset(&es3));
}

/* ---- Threads ------------------------------------------------------------ */

static unsigned long self_id(void)
{
	return (unsigned long)pthread_self();
}

static pthread_barrier_t registered, listed;

struct worker {
	int ms; /* work to do */
	unsigned long id; /* what PAPI_thread_id said */
	long long count; /* its task-clock */
	struct tc_stamp t0, t1; /* the clocks around its count */
	int err_line; /* first failing line, 0 if none */
	int err;
};

#define WORKER_OK(w, call)                             \
	do {                                           \
		int r_ = (call);                       \
		if (r_ != PAPI_OK && !(w)->err_line) { \
			(w)->err_line = __LINE__;      \
			(w)->err = r_;                 \
		}                                      \
	} while (0)

static void *worker(void *arg)
{
	struct worker *w = arg;
	void *back = NULL;
	int es = PAPI_NULL;

	WORKER_OK(w, PAPI_register_thread());
	w->id = PAPI_thread_id();
	WORKER_OK(w, PAPI_set_thr_specific(PAPI_USR1_TLS, w));
	WORKER_OK(w, PAPI_get_thr_specific(PAPI_USR1_TLS, &back));
	if (back != w && !w->err_line)
		w->err_line = __LINE__;
	WORKER_OK(w, PAPI_create_eventset(&es));
	WORKER_OK(w, PAPI_add_event(es, E1));
	/* Both workers are known to PAPI before main lists them. */
	pthread_barrier_wait(&registered);
	pthread_barrier_wait(&listed);

	w->t0 = tc_now();
	WORKER_OK(w, PAPI_start(es));
	burn_ms(w->ms);
	WORKER_OK(w, PAPI_stop(es, &w->count));
	w->t1 = tc_now();

	WORKER_OK(w, PAPI_cleanup_eventset(es));
	WORKER_OK(w, PAPI_destroy_eventset(&es));
	WORKER_OK(w, PAPI_unregister_thread());
	return NULL;
}

static void test_threads(void)
{
	struct worker w[2] = { { .ms = 60 }, { .ms = 120 } };
	PAPI_all_thr_spec_t all;
	unsigned long ids[16];
	void *data[16], *back = NULL;
	pthread_t th[2];
	int n, i, j, main_marker, found;
	double ratio;

	OK(PAPI_thread_init(self_id));
	CHECK(PAPI_is_initialized() & PAPI_THREAD_LEVEL_INITED,
	      "PAPI_thread_init did not set PAPI_THREAD_LEVEL_INITED: %d",
	      PAPI_is_initialized());
	CHECK(PAPI_thread_id() == self_id(), "PAPI_thread_id %lu, want %lu",
	      PAPI_thread_id(), self_id());
	OK(PAPI_register_thread());
	/* Registering twice is harmless. */
	OK(PAPI_register_thread());
	OK(PAPI_set_thr_specific(PAPI_USR2_TLS, &main_marker));
	OK(PAPI_get_thr_specific(PAPI_USR2_TLS, &back));
	CHECK(back == &main_marker, "USR2 read back %p", back);
	OK(PAPI_get_thr_specific(PAPI_USR1_TLS, &back));

	pthread_barrier_init(&registered, NULL, 3);
	pthread_barrier_init(&listed, NULL, 3);
	for (i = 0; i < 2; i++)
		CHECK(pthread_create(&th[i], NULL, worker, &w[i]) == 0,
		      "pthread_create");
	pthread_barrier_wait(&registered);

	/* Main and both workers are listed, with the ids the id function
	 * gives. */
	n = 0;
	OK(PAPI_list_threads(NULL, &n));
	CHECK(n >= 3, "PAPI_list_threads counts %d threads", n);
	n = 16;
	OK(PAPI_list_threads(ids, &n));
	for (i = 0; i < 2; i++) {
		for (j = 0, found = 0; j < n && j < 16; j++)
			found |= ids[j] == w[i].id;
		CHECK(found, "worker %d (id %lu) is not listed", i, w[i].id);
	}
	for (j = 0, found = 0; j < n && j < 16; j++)
		found |= ids[j] == self_id();
	CHECK(found, "the main thread is not listed");
	/* A short array gets as many ids as it holds. */
	n = 1;
	OK(PAPI_list_threads(ids, &n));
	CHECK(n >= 1, "short list answered %d", n);
	/* Each thread's USR1 value, gathered for all threads. */
	all.num = 16;
	all.id = ids;
	all.data = data;
	OK(PAPI_get_thr_specific(PAPI_TLS_ALL_THREADS | PAPI_USR1_TLS,
				 (void **)&all));
	for (i = 0; i < 2; i++) {
		for (j = 0, found = 0; j < all.num && j < 16; j++)
			found |= data[j] == &w[i] && ids[j] == w[i].id;
		CHECK(found, "worker %d's USR1 value is not gathered", i);
	}
	pthread_barrier_wait(&listed);

	for (i = 0; i < 2; i++)
		pthread_join(th[i], NULL);
	pthread_barrier_destroy(&registered);
	pthread_barrier_destroy(&listed);

	for (i = 0; i < 2; i++) {
		CHECK(!w[i].err_line, "worker %d failed at line %d: %d (%s)", i,
		      w[i].err_line, w[i].err,
		      PAPI_strerror(w[i].err) ? PAPI_strerror(w[i].err) : "?");
		CHECK(w[i].id == 0 || w[i].id != self_id(),
		      "worker %d has the main thread's id", i);
		/* Each thread's task-clock is its own CPU time. */
		CHECK(tc_fits(w[i].count, w[i].t0, w[i].t1, 0.5, 2e6),
		      "worker %d: task-clock %lld ns, its CPU time %lld ns, "
		      "wall time %lld ns",
		      i, w[i].count, w[i].t1.cpu - w[i].t0.cpu,
		      w[i].t1.wall - w[i].t0.wall);
	}
	CHECK(w[0].id != w[1].id, "both workers have id %lu", w[0].id);
	/* Twice the work, about twice the count. */
	ratio = w[0].count > 0 ? (double)w[1].count / (double)w[0].count : 0;
	CHECK(ratio > 1.3 && ratio < 3.0,
	      "task-clock %lld and %lld for 1x and 2x work: ratio %.2f",
	      w[0].count, w[1].count, ratio);

	/* The workers unregistered: they are no longer listed. */
	n = 16;
	OK(PAPI_list_threads(ids, &n));
	for (i = 0; i < 2; i++)
		for (j = 0; j < n && j < 16; j++)
			CHECK(ids[j] != w[i].id,
			      "worker %d is listed after it unregistered", i);
	/* The main thread's values are its own. */
	OK(PAPI_get_thr_specific(PAPI_USR2_TLS, &back));
	CHECK(back == &main_marker, "main's USR2 is now %p", back);
}

/* ---- File descriptors ---------------------------------------------------- */

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n;
}

static void test_fds(void)
{
	int before = count_fds(), after, i, es, es2, ret, bad[3];
	long long v[3];

	if (before < 0) {
		printf("note: no /proc/self/fd; fd leak checks skipped\n");
		return;
	}
	for (i = 0; i < 100; i++) {
		int all[3] = { E1, E2, E3 };

		es = PAPI_NULL;
		OK(PAPI_create_eventset(&es));
		OK(PAPI_add_events(es, all, 3));
		OK(PAPI_start(es));
		OK(PAPI_stop(es, v));
		OK(PAPI_cleanup_eventset(es));
		OK(PAPI_destroy_eventset(&es));
		if (failures > 20)
			break;
	}
	after = count_fds();
	CHECK(after == before, "%d fds before 100 set life cycles, %d after",
	      before, after);

	/* Failed adds, removes, starts and destroys give back what they
	 * took. */
	es = PAPI_NULL;
	es2 = PAPI_NULL;
	OK(PAPI_create_eventset(&es));
	OK(PAPI_create_eventset(&es2));
	for (i = 0; i < 20; i++) {
		OK(PAPI_add_event(es, E1));
		EXPECT(PAPI_add_event(es, E1), PAPI_ECNFLCT);
		EXPECT(PAPI_add_named_event(es, "perf::NOPE"), PAPI_ENOEVNT);
		bad[0] = E2;
		bad[1] = E2;
		bad[2] = E3;
		EXPECT(PAPI_add_events(es, bad, 3), 1);
		/* An event the machine may not have (no PMU): refused or
		 * added, either way nothing may leak. */
		ret = PAPI_add_event(es, PAPI_TOT_INS);
		CHECK(ret == PAPI_OK || ret < 0, "PAPI_TOT_INS: %d", ret);
		if (ret == PAPI_OK)
			OK(PAPI_remove_event(es, PAPI_TOT_INS));
		OK(PAPI_add_event(es2, E3));
		OK(PAPI_start(es));
		EXPECT2(PAPI_start(es2), PAPI_EISRUN, PAPI_EISRUN);
		EXPECT(PAPI_add_event(es, E3), PAPI_EISRUN);
		EXPECT(PAPI_cleanup_eventset(es), PAPI_EISRUN);
		OK(PAPI_stop(es, v));
		EXPECT(PAPI_destroy_eventset(&es), PAPI_EINVAL);
		OK(PAPI_cleanup_eventset(es));
		OK(PAPI_cleanup_eventset(es2));
		if (failures > 20)
			break;
	}
	OK(PAPI_destroy_eventset(&es));
	OK(PAPI_destroy_eventset(&es2));
	after = count_fds();
	CHECK(after == before, "%d fds before failed calls, %d after", before,
	      after);
}

/* ---- Shutdown and a second init ------------------------------------------ */

static void test_shutdown(void)
{
	int es = PAPI_NULL, idle = PAPI_NULL, es2 = PAPI_NULL, code, ret;
	int fds = count_fds();
	long long v[1];

	OK(PAPI_create_eventset(&es));
	OK(PAPI_add_event(es, E1));
	OK(PAPI_create_eventset(&idle));
	/* Shut down with a set still running: PAPI stops and frees it. */
	OK(PAPI_start(es));
	PAPI_shutdown();
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED,
	      "initialized after PAPI_shutdown: %d", PAPI_is_initialized());
	/* Its file descriptors went with it. */
	CHECK(fds < 0 || count_fds() == fds,
	      "fds after shutdown %d, before the set %d", count_fds(), fds);

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	CHECK(ret == PAPI_VER_CURRENT, "second PAPI_library_init: %d", ret);
	if (ret != PAPI_VER_CURRENT)
		return;
	/* The old sets are gone. */
	EXPECT(PAPI_num_events(es), PAPI_ENOEVST);
	EXPECT(PAPI_num_events(idle), PAPI_ENOEVST);
	EXPECT(PAPI_stop(es, v), PAPI_ENOEVST);
	EXPECT(PAPI_start(es), PAPI_ENOEVST);
	/* Names resolve and sets count again. */
	OK(PAPI_event_name_to_code(N1, &code));
	OK(PAPI_create_eventset(&es2));
	OK(PAPI_add_event(es2, code));
	OK(PAPI_start(es2));
	burn_ms(5);
	OK(PAPI_stop(es2, v));
	CHECK(v[0] > 0, "task-clock after re-init: %lld", v[0]);
	OK(PAPI_cleanup_eventset(es2));
	OK(PAPI_destroy_eventset(&es2));
	PAPI_shutdown();
	CHECK(fds < 0 || count_fds() == fds,
	      "fds after the final shutdown %d, at the start %d", count_fds(),
	      fds);
}

int main(void)
{
	int ret, es = PAPI_NULL;

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init: %d\n", ret);
		return 77;
	}
	if (PAPI_event_name_to_code(N1, &E1) != PAPI_OK ||
	    PAPI_event_name_to_code(N2, &E2) != PAPI_OK ||
	    PAPI_event_name_to_code(N3, &E3) != PAPI_OK) {
		printf("SKIP: the perf software events are not known here\n");
		return 77;
	}
	/* Can this machine count them at all? */
	if (PAPI_create_eventset(&es) == PAPI_OK) {
		ret = PAPI_add_event(es, E1);
		if (ret == PAPI_OK)
			ret = PAPI_start(es);
		if (ret == PAPI_OK)
			ret = PAPI_stop(es, NULL);
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
		if (ret != PAPI_OK) {
			printf("SKIP: %s cannot be counted here: %s\n", N1,
			       PAPI_strerror(ret));
			return 77;
		}
	}
	calibrate();

	test_create_reuse();
	test_assign();
	test_add_remove();
	test_counting();
	test_running_errors();
	test_two_sets();
	test_domains();
	test_threads();
	test_fds();
	test_shutdown();

	if (failures)
		printf("%d failures\n", failures);
	return failures ? 1 : 0;
}
