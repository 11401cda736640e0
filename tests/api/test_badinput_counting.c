// SPDX-License-Identifier: BSD-3-Clause
/*
 * Bad input never crashes (see badinput.h): counting. Starting, stopping,
 * reading, accumulating and writing a set with NULL arrays, an empty set
 * and a set that is not running; the rate calls, the high-level API and
 * the PAPI 5 classic calls, before PAPI_library_init and after it.
 */
#include <limits.h>

#include "badinput.h"

static long long vals[16];
static long long cyc;

/* The rate, high-level and classic calls. Before init, a complete
 * implementation of these initializes the library itself (PAPI 5 and 7
 * do), so they are called last in that phase. */
static void check_high_level(void)
{
	float rt, pt, rate;
	long long ins, ref, core, evt;
	int codes[2] = { 0, -1 };

	ERR(PAPI_flips_rate(PAPI_FP_INS, NULL, NULL, NULL, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_flips_rate(PAPI_FP_INS, &rt, &pt, NULL, &rate), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	/* Only the three floating-point presets are accepted. */
	ERR(PAPI_flips_rate(0, &rt, &pt, &ins, &rate), PAPI_ENOEVNT,
	    PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_flips_rate(PAPI_NULL, NULL, NULL, NULL, NULL), PAPI_ENOEVNT,
	    PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_flops_rate(PAPI_FP_OPS, NULL, NULL, NULL, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_flops_rate(0x12345, &rt, &pt, &ins, &rate), PAPI_ENOEVNT,
	    PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_ipc(NULL, NULL, NULL, NULL), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_ipc(&rt, &pt, &ins, NULL), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_epc(0, NULL, NULL, NULL, NULL, NULL, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_epc(0, &rt, &pt, &ref, &core, &evt, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	/* Nothing is being measured, so there is nothing to stop. */
	ERR(PAPI_rate_stop(), PAPI_ENOEVNT, PAPI_ENOIMPL);

	/* A NULL region name is no region. (PAPI 7.0 has no code for it:
	 * it answers PAPI_EMISC, or crashes, depending on its state.) */
	ERR(PAPI_hl_region_begin(NULL), ANY);
	ERR(PAPI_hl_read(NULL), ANY);
	ERR(PAPI_hl_region_end(NULL), ANY);
	/* PAPI_hl_stop with nothing running: fine or an error. */
	OK_OR(PAPI_hl_stop(), ANY);

	/* PAPI 5 classic API. */
	ERR(PAPI_start_counters(NULL, 1), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_start_counters(codes, 0), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_start_counters(codes, -1), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_start_counters(codes, 2), BAD_CODE_ERRS, PAPI_ENOIMPL);
	/* Nothing started: reads and stops fail, however they are asked. */
	ERR(PAPI_read_counters(NULL, 1), ANY);
	ERR(PAPI_read_counters(vals, -1), ANY);
	ERR(PAPI_read_counters(vals, 2), ANY);
	ERR(PAPI_accum_counters(NULL, 1), ANY);
	ERR(PAPI_accum_counters(vals, -1), ANY);
	ERR(PAPI_stop_counters(NULL, 1), ANY);
	ERR(PAPI_stop_counters(vals, INT_MIN), ANY);
	ERR(PAPI_stop_counters(vals, 2), ANY);
	ERR(PAPI_flips(NULL, NULL, NULL, NULL), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_flops(&rt, &pt, &ins, NULL), PAPI_EINVAL, PAPI_ENOIMPL);
	/* The number of counters, or an error. */
	{
		int n = CALL(PAPI_num_counters());

		if (n < 0)
			check_message(__LINE__, "PAPI_num_counters", n);
	}
}

/* ---- Before PAPI_library_init ------------------------------------------ */

static void before_init(void)
{
	/* Calls that a complete implementation may answer by initializing
	 * the library: then it is shut down again for the phase after. */
	check_high_level();
	if (PAPI_is_initialized() != PAPI_NOT_INITED) {
		printf("note: a high-level call initialized the library; "
		       "shutting it down\n");
		PAPI_shutdown();
	}
}

/* ---- After PAPI_library_init ------------------------------------------- */

static void after_init_counting(int es, int ces, int ccode)
{
	long long v[4];
	int st;

	/* A set bound to no component: PAPI 7.0 answers PAPI_ENOCMP before
	 * it looks at anything else; this library may check the arguments
	 * first. */
	ERR(PAPI_read(es, NULL), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_accum(es, NULL), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_write(es, NULL), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_read_ts(es, NULL, &cyc), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_read_ts(es, v, NULL), PAPI_EINVAL, PAPI_ENOCMP);
	/* An empty set cannot start, and what is not running cannot stop. */
	ERR(PAPI_start(es), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_stop(es, v), PAPI_ENOTRUN, PAPI_ENOCMP);
	ERR(PAPI_stop(es, NULL), PAPI_ENOTRUN, PAPI_ENOCMP);
	CHECK(CALL(PAPI_state(es, &st)) == PAPI_OK && st == PAPI_STOPPED,
	      "state of an empty set is %#x", st);

	if (!have_counting_set(ces))
		return;
	/* A set bound to a component: the NULL arrays are what is wrong. */
	ERR(PAPI_read(ces, NULL), PAPI_EINVAL);
	ERR(PAPI_accum(ces, NULL), PAPI_EINVAL);
	ERR(PAPI_write(ces, NULL), PAPI_EINVAL);
	ERR(PAPI_read_ts(ces, NULL, &cyc), PAPI_EINVAL);
	ERR(PAPI_read_ts(ces, v, NULL), PAPI_EINVAL);
	ERR(PAPI_stop(ces, v), PAPI_ENOTRUN);
	ERR(PAPI_stop(ces, NULL), PAPI_ENOTRUN);
	/* A running total at LLONG_MAX (issue 14): PAPI_accum adds as the
	 * counters wrap, modulo 2^64; signed overflow was undefined (UBSan
	 * aborted here in the sanitizer build). */
	{
		long long big[8];
		int k;

		for (k = 0; k < 8; k++)
			big[k] = LLONG_MAX;
		if (CALL(PAPI_start(ces)) == PAPI_OK) {
			CHECK(CALL(PAPI_accum(ces, big)) == PAPI_OK,
			      "PAPI_accum near LLONG_MAX");
			/* LLONG_MAX + a count >= 0: at LLONG_MAX or wrapped
			 * past it, never a trap. */
			CHECK(big[0] == LLONG_MAX || big[0] < 0,
			      "LLONG_MAX + count = %lld", big[0]);
			CALL(PAPI_stop(ces, NULL));
		}
	}
	check_set_unchanged(ces, ccode);
}

static void after_init(void)
{
	int es, ces, ccode = 0;

	init_or_skip();
	make_sets(&es, &ces, &ccode);
	after_init_counting(es, ces, ccode);
	check_high_level();
	drop_sets(&es, &ces);
}

int main(void)
{
	badinput_begin();
	before_init();
	after_init();
	return badinput_end();
}
