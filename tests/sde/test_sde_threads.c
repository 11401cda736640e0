// SPDX-License-Identifier: BSD-3-Clause
/*
 * Counters incremented from many threads while another thread reads
 * them: a created counter (atomic increments), a recorder and a counting
 * set (locked). Every read is at most the final count and never goes
 * down; the final counts are exact: no increment is lost.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#include "papi.h"
#include "sde_lib.h"

#define THREADS 4
#define INCS 200000
#define RECORDS 2000

static void *cntr, *rec, *cset;
static volatile int go;

static void *worker(void *arg)
{
	long long k = (long long)(size_t)arg;
	int i;

	while (!__atomic_load_n(&go, __ATOMIC_ACQUIRE))
		;
	for (i = 0; i < INCS; i++) {
		papi_sde_inc_counter(cntr, 1);
		if (i < RECORDS) {
			long long v = k * RECORDS + i;
			int key = i % 100;

			papi_sde_record(rec, sizeof(v), &v);
			papi_sde_counting_set_insert(cset, sizeof(key),
						     sizeof(key), &key, 0);
		}
	}
	return NULL;
}

static int fail(const char *what, long long got, long long want)
{
	printf("FAIL: %s: %lld, want %lld\n", what, got, want);
	return 1;
}

int main(void)
{
	pthread_t t[THREADS];
	long long v[3], last = 0;
	int es = PAPI_NULL, i, reads = 0, bad = 0;
	papi_handle_t h = papi_sde_init("Threads");
	cset_list_object_t *l;

	papi_sde_create_counter(h, "INCS", PAPI_SDE_DELTA, &cntr);
	papi_sde_create_recorder(h, "REC", sizeof(long long),
				 papi_sde_compare_long_long, &rec);
	papi_sde_create_counting_set(h, "KEYS", &cset);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_create_eventset(&es) != PAPI_OK ||
	    PAPI_add_named_event(es, "sde:::Threads::INCS") != PAPI_OK ||
	    PAPI_add_named_event(es, "sde:::Threads::REC:CNT") != PAPI_OK ||
	    PAPI_add_named_event(es, "sde:::Threads::REC:MAX") != PAPI_OK ||
	    PAPI_start(es) != PAPI_OK) {
		printf("FAIL: setting up the EventSet\n");
		return 1;
	}
	for (i = 0; i < THREADS; i++)
		pthread_create(&t[i], NULL, worker, (void *)(size_t)i);
	__atomic_store_n(&go, 1, __ATOMIC_RELEASE);
	/* Read while they count: never down, never past the total. */
	while (last < (long long)THREADS * INCS && reads < 1000000) {
		if (PAPI_read(es, v) != PAPI_OK)
			return fail("PAPI_read", -1, PAPI_OK);
		if (v[0] < last || v[0] > (long long)THREADS * INCS ||
		    v[1] > (long long)THREADS * RECORDS)
			bad++;
		last = v[0];
		reads++;
	}
	for (i = 0; i < THREADS; i++)
		pthread_join(t[i], NULL);
	if (PAPI_stop(es, v) != PAPI_OK)
		return fail("PAPI_stop", -1, PAPI_OK);
	if (bad)
		return fail("reads out of order or past the total", bad, 0);
	if (v[0] != (long long)THREADS * INCS)
		return fail("INCS", v[0], (long long)THREADS * INCS);
	if (v[1] != (long long)THREADS * RECORDS)
		return fail("REC:CNT", v[1], (long long)THREADS * RECORDS);
	if (v[2] != (long long)THREADS * RECORDS - 1)
		return fail("REC:MAX", v[2], (long long)THREADS * RECORDS - 1);
	/* The set: 100 keys, each inserted THREADS * RECORDS / 100 times. */
	{
		int es2 = PAPI_NULL, n = 0;
		long long p;

		if (PAPI_create_eventset(&es2) != PAPI_OK ||
		    PAPI_add_named_event(es2, "sde:::Threads::KEYS") != PAPI_OK ||
		    PAPI_start(es2) != PAPI_OK || PAPI_stop(es2, &p) != PAPI_OK)
			return fail("counting set EventSet", -1, PAPI_OK);
		for (l = (cset_list_object_t *)(size_t)p; l; l = l->next, n++)
			if (l->count != THREADS * RECORDS / 100)
				return fail("element count", l->count,
					    THREADS * RECORDS / 100);
		free((void *)(size_t)p);
		if (n != 100)
			return fail("distinct elements", n, 100);
	}
	printf("%d threads x %d increments, %d reads meanwhile: exact\n",
	       THREADS, INCS, reads);
	PAPI_shutdown();
	return papi_sde_shutdown(h) == SDE_OK ? 0 : 1;
}
