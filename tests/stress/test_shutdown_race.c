// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_shutdown while other threads read their running sets (issue 13,
 * item 2). Each reader starts a set of its own and calls PAPI_read in a
 * loop, the lock-free path; the main thread shuts the library down in
 * the middle. Every read answers PAPI_OK (with counts that never go
 * down), or, once the shutdown has begun, PAPI_ENOINIT or PAPI_ENOEVST,
 * and never again PAPI_OK; under ASan no read touches freed memory. The
 * readers then leave without stopping anything (the shutdown did), and
 * the next round initializes the library again, so memory freed by one
 * round would be reused by the next.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "stress.h"

#define ROUNDS 30
#define READERS 2
#define READS_BEFORE 2000 /* each reader, before the shutdown comes */
#define READS_MAX 2000000 /* a reader's budget: ends a round that hangs */
#define READS_AFTER 1000 /* reads after the first error, all errors */

struct reader {
	pthread_t th;
	const char *const *events;
	int nev;
	atomic_int reads;
	atomic_int ready; /* 1: started, 2: could not start (skip) */
	int failures;
	int ok_after_error, bad_code, went_down, saw_error;
};

static void *read_loop(void *arg)
{
	struct reader *r = arg;
	long long v[2] = { 0, 0 }, last[2] = { 0, 0 };
	int es = stress_set(r->events), i, j, ret, erred = 0, after = 0;

	if (es == PAPI_NULL || PAPI_start(es) != PAPI_OK) {
		atomic_store(&r->ready, 2);
		return NULL;
	}
	atomic_store(&r->ready, 1);
	for (i = 0; i < READS_MAX && after < READS_AFTER; i++) {
		ret = PAPI_read(es, v);
		atomic_fetch_add(&r->reads, 1);
		if (ret == PAPI_OK) {
			if (erred)
				r->ok_after_error++;
			for (j = 0; j < r->nev; j++) {
				if (v[j] < last[j])
					r->went_down++;
				last[j] = v[j];
			}
		} else if (ret == PAPI_ENOINIT || ret == PAPI_ENOEVST) {
			erred = 1;
		} else {
			r->bad_code = ret;
		}
		after += erred;
	}
	r->saw_error = erred;
	return NULL;
}

static int round_trip(const char *const *events, int nev)
{
	struct reader rd[READERS];
	int i, started = 0;

	stress_init();
	memset(rd, 0, sizeof(rd));
	for (i = 0; i < READERS; i++) {
		rd[i].events = events;
		rd[i].nev = nev;
		CHECK(pthread_create(&rd[i].th, NULL, read_loop, &rd[i]) == 0,
		      "pthread_create");
	}
	/* Wait (by counting, not by time) until every reader reads. */
	for (i = 0; i < READERS; i++) {
		while (!atomic_load(&rd[i].ready))
			sched_yield();
		if (atomic_load(&rd[i].ready) == 1) {
			started++;
			while (atomic_load(&rd[i].reads) < READS_BEFORE)
				sched_yield();
		}
	}
	PAPI_shutdown();
	for (i = 0; i < READERS; i++) {
		pthread_join(rd[i].th, NULL);
		if (atomic_load(&rd[i].ready) != 1)
			continue;
		CHECK(rd[i].saw_error, "reader %d never saw the shutdown", i);
		CHECK(rd[i].ok_after_error == 0,
		      "reader %d: %d reads answered PAPI_OK after an error", i,
		      rd[i].ok_after_error);
		CHECK(rd[i].bad_code == 0, "reader %d: error %d", i,
		      rd[i].bad_code);
		CHECK(rd[i].went_down == 0, "reader %d: %d counts went down", i,
		      rd[i].went_down);
	}
	return started;
}

int main(void)
{
	/* One event (PAPI_read's shortcut), and two of two groups (msr/tsc/
	 * leads its own: the long way) where the msr PMU is there. */
	const char *one[] = { "perf::TASK-CLOCK", NULL };
	const char *two[] = { "perf::TASK-CLOCK", "msr/tsc/", NULL };
	int r, n = 0;

	for (r = 0; r < ROUNDS; r++)
		n += round_trip(r & 1 ? two : one, r & 1 ? 2 : 1);
	if (n == 0) {
		printf("SKIP: no reader could start perf::TASK-CLOCK\n");
		return 77;
	}
	printf("%d readers over %d rounds\n", n, ROUNDS);
	return check_exit();
}
