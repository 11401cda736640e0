// SPDX-License-Identifier: BSD-3-Clause
/*
 * Overflow of a created counter (PAPI_OVERFLOW_HARDWARE): one handler
 * call per multiple of the threshold passed, counted from PAPI_start,
 * with the counter's bit in the vector, also across PAPI_accum; none
 * after PAPI_stop. A registered variable cannot overflow this way
 * (PAPI_ECMP).
 */
#include <stdio.h>

#include "papi.h"
#include "sde_lib.h"

static volatile int calls, wrong;

static void handler(int es, void *pc, long long vector, void *ctx)
{
	int idx[2], n = 2;

	if (PAPI_get_overflow_event_index(es, vector, idx, &n) != PAPI_OK ||
	    n != 1 || idx[0] != 0)
		wrong++;
	calls++;
}

int main(void)
{
	void *c;
	static long long var;
	papi_handle_t h = papi_sde_init("Ovf");
	int es = PAPI_NULL, es2 = PAPI_NULL, code, i, ret;
	long long v = 0;

	papi_sde_create_counter(h, "N", PAPI_SDE_DELTA, &c);
	papi_sde_register_counter(h, "VAR", PAPI_SDE_DELTA, PAPI_SDE_long_long,
				  &var);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_create_eventset(&es) != PAPI_OK ||
	    PAPI_event_name_to_code("sde:::Ovf::N", &code) != PAPI_OK ||
	    PAPI_add_event(es, code) != PAPI_OK ||
	    PAPI_overflow(es, code, 10, PAPI_OVERFLOW_HARDWARE, handler) !=
		    PAPI_OK) {
		printf("FAIL: setting up overflow\n");
		return 1;
	}
	papi_sde_inc_counter(c, 25); /* before the start: no overflow */
	if (PAPI_start(es) != PAPI_OK) {
		printf("FAIL: PAPI_start\n");
		return 1;
	}
	for (i = 0; i < 57; i++)
		papi_sde_inc_counter(c, 1);
	PAPI_accum(es, &v); /* thresholds count from the start still */
	for (i = 0; i < 48; i++)
		papi_sde_inc_counter(c, 1);
	papi_sde_inc_counter(c, 30); /* 135: one call for 3 multiples */
	PAPI_stop(es, &v);
	papi_sde_inc_counter(c, 100); /* stopped: no more */
	if (calls != 11 || wrong || v != 78) {
		printf("FAIL: %d handler calls (%d wrong), count %lld; want 11, "
		       "0, 78\n", calls, wrong, v);
		return 1;
	}
	if (PAPI_create_eventset(&es2) != PAPI_OK ||
	    PAPI_event_name_to_code("sde:::Ovf::VAR", &code) != PAPI_OK ||
	    PAPI_add_event(es2, code) != PAPI_OK) {
		printf("FAIL: VAR set\n");
		return 1;
	}
	ret = PAPI_overflow(es2, code, 10, PAPI_OVERFLOW_HARDWARE, handler);
	if (ret != PAPI_ECMP) {
		printf("FAIL: overflow on a registered variable: %d, want "
		       "PAPI_ECMP\n", ret);
		return 1;
	}
	printf("11 overflows of threshold 10 over 135 increments\n");
	PAPI_shutdown();
	return 0;
}
