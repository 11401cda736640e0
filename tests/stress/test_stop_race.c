// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_stop and PAPI_cleanup_eventset in one thread racing PAPI_read of
 * the same set in another (issue 13, item 2), both ways round:
 *
 *   1. the runner (the thread that started the set) reads it in a loop,
 *      on the lock-free path, while another thread stops it, cleans it
 *      up, adds the event again and destroys nothing yet;
 *   2. another thread reads the set while its runner stops and cleans it
 *      up.
 *
 * Every read answers PAPI_OK with counts that never go down while the
 * set has its event (a stale count, the one at the stop, is fine), or an
 * error code of the API; nothing crashes, and under ASan no read touches
 * memory the cleanup freed. The sets hold perf::TASK-CLOCK alone (the
 * shortcut) or with msr/tsc/ (two groups) where that PMU exists.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "stress.h"

#define ROUNDS 300
#define READS_BEFORE 200 /* reads before the other thread acts */
#define READS_MAX 1000000 /* a reader's budget */

static const char *const one[] = { "perf::TASK-CLOCK", NULL };
static const char *const two[] = { "perf::TASK-CLOCK", "msr/tsc/", NULL };

struct shared {
	int es;
	int nev;
	int runner_reads; /* 1: the runner reads, 2: another thread */
	atomic_int started, reads, done;
	int went_down, bad_code, oks;
};

static int known_error(int ret)
{
	return ret == PAPI_ENOEVST || ret == PAPI_ENOTRUN || ret == PAPI_EINVAL;
}

static void reads(struct shared *s)
{
	long long v[2] = { 0, 0 }, last[2] = { 0, 0 };
	int i, j, ret;

	for (i = 0; i < READS_MAX && !atomic_load(&s->done); i++) {
		ret = PAPI_read(s->es, v);
		atomic_fetch_add(&s->reads, 1);
		if (ret != PAPI_OK) {
			if (!known_error(ret))
				s->bad_code = ret;
			continue;
		}
		s->oks++;
		for (j = 0; j < s->nev; j++) {
			if (v[j] < last[j])
				s->went_down++;
			last[j] = v[j];
		}
	}
}

/* Way 1's runner: start the set, read it until told to stop. */
static void *runner_reads(void *arg)
{
	struct shared *s = arg;
	int ret = PAPI_start(s->es);

	atomic_store(&s->started, ret == PAPI_OK ? 1 : 2);
	if (ret == PAPI_OK)
		reads(s);
	return NULL;
}

/* Way 2's reader: the set is someone else's. */
static void *other_reads(void *arg)
{
	reads(arg);
	return NULL;
}

static void wait_reads(struct shared *s)
{
	while (atomic_load(&s->reads) < READS_BEFORE)
		sched_yield();
}

static void one_round(int way, const char *const *ev, int nev)
{
	struct shared s;
	pthread_t th;
	long long v[2];
	int ret;

	memset(&s, 0, sizeof(s));
	s.es = stress_set(ev);
	s.nev = nev;
	if (s.es == PAPI_NULL)
		return;
	if (way == 1) {
		pthread_create(&th, NULL, runner_reads, &s);
		while (!atomic_load(&s.started))
			sched_yield();
		if (atomic_load(&s.started) == 1) {
			wait_reads(&s);
			ret = PAPI_stop(s.es, v);
			CHECK(ret == PAPI_OK, "stop of the runner's set: %s",
			      PAPI_strerror(ret));
			ret = PAPI_cleanup_eventset(s.es);
			CHECK(ret == PAPI_OK, "cleanup: %s",
			      PAPI_strerror(ret));
			/* The reader's count restarts with the event. */
			atomic_store(&s.done, 1);
		}
	} else {
		ret = PAPI_start(s.es);
		CHECK(ret == PAPI_OK, "start: %s", PAPI_strerror(ret));
		pthread_create(&th, NULL, other_reads, &s);
		wait_reads(&s);
		ret = PAPI_stop(s.es, v);
		CHECK(ret == PAPI_OK, "stop: %s", PAPI_strerror(ret));
		ret = PAPI_cleanup_eventset(s.es);
		CHECK(ret == PAPI_OK, "cleanup: %s", PAPI_strerror(ret));
		atomic_store(&s.done, 1);
	}
	pthread_join(th, NULL);
	CHECK(s.went_down == 0, "way %d: %d counts went down", way,
	      s.went_down);
	CHECK(s.bad_code == 0, "way %d: error %d", way, s.bad_code);
	CHECK(s.oks > 0, "way %d: no read succeeded", way);
	/* The set works on: its event again, in this thread. */
	ret = PAPI_add_named_event(s.es, ev[0]);
	CHECK(ret == PAPI_OK, "add again: %s", PAPI_strerror(ret));
	CHECK(PAPI_start(s.es) == PAPI_OK, "start again");
	stress_burn(10000);
	CHECK(PAPI_stop(s.es, v) == PAPI_OK && v[0] > 0, "count again");
	PAPI_cleanup_eventset(s.es);
	CHECK(PAPI_destroy_eventset(&s.es) == PAPI_OK, "destroy");
}

int main(void)
{
	int r;

	stress_init();
	for (r = 0; r < ROUNDS; r++)
		one_round(1 + (r & 1), r & 2 ? two : one, r & 2 ? 2 : 1);
	PAPI_shutdown();
	return check_exit();
}
