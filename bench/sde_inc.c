// SPDX-License-Identifier: BSD-3-Clause
/*
 * Instructions per papi_sde_inc_counter (issue 16: "a few instructions").
 * PAPI_TOT_INS (user) over N calls through a function pointer, minus the
 * same loop calling an empty function of the same signature: what is
 * left is the increment's own instructions beyond an empty call. Exact in
 * the emulated arm64 PMU machine (tests/pmu-vm/run.sh, PAPI_PMU_EXTRA:
 * libsde's sources are compiled in, as that build links libpapi.a
 * statically); without PAPI_TOT_INS it says so and exits 77.
 * Also checks that the counter counted every call.
 */
#include <stdio.h>

#include "../src/sde/sde_api.c"
#include "../src/sde/sde_data.c"
#include "../src/sde/sde_reg.c"
#include "../src/sde/sde_ti.c"
#include "papi.h"

#define N 100000
#define ROUNDS 5

static __attribute__((noinline)) int empty_inc(void *h, long long inc)
{
	__asm__ __volatile__("" ::: "memory");
	return 0;
}

static long long loop(int es, int (*volatile fn)(void *, long long), void *h)
{
	long long v = -1;
	int i;

	if (PAPI_start(es) != PAPI_OK)
		return -1;
	for (i = 0; i < N; i++)
		fn(h, 1);
	if (PAPI_stop(es, &v) != PAPI_OK)
		return -1;
	return v;
}

int main(void)
{
	void *c = NULL;
	int es = PAPI_NULL, es2 = PAPI_NULL, r;
	long long inc[ROUNDS], nop[ROUNDS], counted = -1, best_i, best_n;
	papi_handle_t h = papi_sde_init("Bench");

	papi_sde_create_counter(h, "INCS", PAPI_SDE_DELTA, &c);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_create_eventset(&es) != PAPI_OK) {
		printf("FAIL: PAPI_library_init\n");
		return 1;
	}
	if (PAPI_add_named_event(es, "PAPI_TOT_INS") != PAPI_OK) {
		printf("SKIP: no PAPI_TOT_INS here (no PMU)\n");
		return 77;
	}
	for (r = 0; r < ROUNDS; r++) {
		nop[r] = loop(es, empty_inc, c);
		inc[r] = loop(es, papi_sde_inc_counter, c);
	}
	/* The counter itself, through the sde component. */
	if (PAPI_create_eventset(&es2) == PAPI_OK &&
	    PAPI_add_named_event(es2, "sde:::Bench::INCS") == PAPI_OK &&
	    PAPI_start(es2) == PAPI_OK) {
		for (r = 0; r < N; r++)
			papi_sde_inc_counter(c, 1);
		PAPI_stop(es2, &counted);
	}
	best_i = inc[0];
	best_n = nop[0];
	for (r = 0; r < ROUNDS; r++) {
		printf("round %d: %lld instructions for %d increments, %lld for "
		       "%d empty calls\n", r, inc[r], N, nop[r], N);
		best_i = inc[r] < best_i ? inc[r] : best_i;
		best_n = nop[r] < best_n ? nop[r] : best_n;
	}
	printf("sde_inc: %.2f instructions per papi_sde_inc_counter beyond an "
	       "empty call (an empty call in this loop: %.2f); counted %lld "
	       "of %d\n", (double)(best_i - best_n) / N, (double)best_n / N,
	       counted, N);
	return counted == N ? 0 : 1;
}
