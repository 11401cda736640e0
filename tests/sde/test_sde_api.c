// SPDX-License-Identifier: BSD-3-Clause
/*
 * The library-side calls through PAPI, each with a known answer: DELTA
 * and INSTANT counters of every type, callbacks, groups (sum, max, min),
 * recorders with their order statistics, placeholders (an event added
 * before the library registers it), unregister and shutdown (the events
 * read 0), reset_counter, get_counter_handle, descriptions, and bad input
 * on both sides (an error code, never a crash).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "papi.h"
#include "sde_lib.h"

static int fails;

#define CHECK(cond, ...) \
	do { \
		if (!(cond)) { \
			printf("FAIL line %d: ", __LINE__); \
			printf(__VA_ARGS__); \
			printf("\n"); \
			fails++; \
		} \
	} while (0)

static long long ll_var = 100;
static int int_var = -5;
static double dbl_var = 1.5;
static float flt_var = 2.5f;
static long long inst_var = 40;

static long long twice(void *p)
{
	return 2 * *(long long *)p;
}

static double as_double(long long v)
{
	double d;

	memcpy(&d, &v, sizeof(d));
	return d;
}

static float as_float(long long v)
{
	float f;

	memcpy(&f, &v, sizeof(f));
	return f;
}

static long long count1(const char *name, void (*between)(void))
{
	int es = PAPI_NULL, ret;
	long long v = -1;

	ret = PAPI_create_eventset(&es);
	if (ret == PAPI_OK)
		ret = PAPI_add_named_event(es, name);
	if (ret == PAPI_OK)
		ret = PAPI_start(es);
	if (ret == PAPI_OK && between)
		between();
	if (ret == PAPI_OK)
		ret = PAPI_stop(es, &v);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	CHECK(ret == PAPI_OK, "%s: %s", name, PAPI_strerror(ret));
	return v;
}

static void *cc;
static void bump(void)
{
	ll_var += 7;
	int_var += 3;
	dbl_var += 0.25;
	flt_var += 0.5f;
	inst_var += 2;
	papi_sde_inc_counter(cc, 9);
}

int main(void)
{
	papi_handle_t h, h2;
	void *rec, *cs, *cc2;
	long long v, vals[4], x;
	int es = PAPI_NULL, code, i;
	PAPI_event_info_t info;

	/* ---- bad input, library side, before anything exists ---- */
	CHECK(papi_sde_init(NULL) == NULL, "init(NULL)");
	CHECK(papi_sde_init("") == NULL, "init(\"\")");
	CHECK(papi_sde_inc_counter(NULL, 1) == SDE_EINVAL, "inc(NULL)");
	CHECK(papi_sde_record(NULL, 8, &v) == SDE_EINVAL, "record(NULL)");
	CHECK(papi_sde_reset_recorder(NULL) == SDE_EINVAL, "reset_recorder");
	CHECK(papi_sde_reset_counter(NULL) == SDE_EINVAL, "reset_counter");
	CHECK(papi_sde_counting_set_insert(NULL, 4, 4, &i, 0) == SDE_EINVAL,
	      "insert(NULL)");
	CHECK(papi_sde_shutdown(NULL) == SDE_EINVAL, "shutdown(NULL)");
	CHECK(papi_sde_shutdown(&v) == SDE_EINVAL, "shutdown(not a handle)");
	CHECK(papi_sde_register_counter(&v, "X", 0, 0, &v) == SDE_EINVAL,
	      "register on a bogus handle");

	h = papi_sde_init("Api");
	CHECK(h && papi_sde_init("Api") == h, "init twice: one handle");
	CHECK(papi_sde_register_counter(h, "BAD", 0x100, PAPI_SDE_int,
					&int_var) == SDE_EINVAL, "bad mode");
	CHECK(papi_sde_register_counter(h, "BAD", 0, 7, &int_var) ==
		      SDE_EINVAL, "bad type");
	CHECK(papi_sde_register_counter(h, NULL, 0, 0, &v) == SDE_EINVAL,
	      "NULL name");
	CHECK(papi_sde_register_counter_cb(h, "CB", 0, 0, NULL, NULL) ==
		      SDE_EINVAL, "NULL callback");
	CHECK(papi_sde_unregister_counter(h, "NOPE") == SDE_EINVAL,
	      "unregister unknown");
	CHECK(papi_sde_add_counter_to_group(h, "NOPE", "G", PAPI_SDE_SUM) ==
		      SDE_EINVAL, "group of unknown");
	CHECK(papi_sde_create_recorder(h, "R0", 0, NULL, &rec) == SDE_EINVAL,
	      "recorder of size 0");

	/* ---- placeholder: added before the library registers it ---- */
	CHECK(PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT, "init");
	CHECK(PAPI_create_eventset(&es) == PAPI_OK &&
		      PAPI_add_named_event(es, "sde:::Later::LATE") == PAPI_OK,
	      "placeholder event");
	{
		static long long late = 0;
		papi_handle_t hl = papi_sde_init("Later");

		CHECK(PAPI_start(es) == PAPI_OK, "start placeholder");
		papi_sde_register_counter(hl, "LATE", PAPI_SDE_INSTANT,
					  PAPI_SDE_long_long, &late);
		late = 33;
		CHECK(PAPI_stop(es, &v) == PAPI_OK && v == 33,
		      "placeholder filled: %lld, want 33", v);
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
	}

	/* ---- every type, DELTA and INSTANT, callback, created ---- */
	CHECK(papi_sde_register_counter(h, "LL", PAPI_SDE_DELTA,
					PAPI_SDE_long_long, &ll_var) == SDE_OK,
	      "register LL");
	papi_sde_register_counter(h, "INT", PAPI_SDE_DELTA, PAPI_SDE_int,
				  &int_var);
	papi_sde_register_counter(h, "DBL", PAPI_SDE_DELTA, PAPI_SDE_double,
				  &dbl_var);
	papi_sde_register_counter(h, "FLT", PAPI_SDE_DELTA, PAPI_SDE_float,
				  &flt_var);
	papi_sde_register_counter(h, "INST", PAPI_SDE_INSTANT,
				  PAPI_SDE_long_long, &inst_var);
	papi_sde_register_counter_cb(h, "CB", PAPI_SDE_INSTANT,
				     PAPI_SDE_long_long, twice, &ll_var);
	CHECK(papi_sde_create_counter(h, "CC", PAPI_SDE_DELTA, &cc) == SDE_OK,
	      "create");
	CHECK(papi_sde_create_counter(h, "CC", PAPI_SDE_DELTA, &cc2) ==
			      SDE_OK && cc2 == cc,
	      "created twice: one counter");
	CHECK(papi_sde_get_counter_handle(h, "CC") == cc, "get handle");
	CHECK(papi_sde_get_counter_handle(h, "LL") == NULL,
	      "handle of a registered counter");
	CHECK(papi_sde_describe_counter(h, "LL", "a long long") == SDE_OK,
	      "describe");

	CHECK(count1("sde:::Api::LL", bump) == 7, "LL delta");
	CHECK(count1("sde:::Api::INT", bump) == 3, "INT delta");
	v = count1("sde:::Api::DBL", bump);
	CHECK(as_double(v) == 0.25, "DBL delta %f", as_double(v));
	v = count1("sde:::Api::FLT", bump);
	CHECK(as_float(v) == 0.5f, "FLT delta %f", (double)as_float(v));
	x = inst_var + 2;
	CHECK(count1("sde:::Api::INST", bump) == x, "INSTANT: as it is");
	x = 2 * (ll_var + 7);
	CHECK(count1("sde:::Api::CB", bump) == x, "callback");
	CHECK(count1("sde:::Api::CC", bump) == 9, "created");
	papi_sde_reset_counter(cc);
	CHECK(count1("sde:::Api::CC", NULL) == 0, "reset_counter");

	/* ---- groups ---- */
	{
		static long long a = 10, b = 30;

		papi_sde_register_counter(h, "A", PAPI_SDE_INSTANT,
					  PAPI_SDE_long_long, &a);
		papi_sde_register_counter(h, "B", PAPI_SDE_INSTANT,
					  PAPI_SDE_long_long, &b);
		papi_sde_add_counter_to_group(h, "A", "SUM", PAPI_SDE_SUM);
		papi_sde_add_counter_to_group(h, "B", "SUM", PAPI_SDE_SUM);
		papi_sde_add_counter_to_group(h, "A", "MAX", PAPI_SDE_MAX);
		papi_sde_add_counter_to_group(h, "B", "MAX", PAPI_SDE_MAX);
		papi_sde_add_counter_to_group(h, "A", "MIN", PAPI_SDE_MIN);
		papi_sde_add_counter_to_group(h, "B", "MIN", PAPI_SDE_MIN);
		CHECK(papi_sde_add_counter_to_group(h, "A", "SUM",
						    PAPI_SDE_MAX) == SDE_EINVAL,
		      "group with two ways to combine");
		CHECK(papi_sde_add_counter_to_group(h, "A", "X", 9) ==
			      SDE_EINVAL, "bad group flags");
		es = PAPI_NULL;
		CHECK(PAPI_create_eventset(&es) == PAPI_OK &&
			      PAPI_add_named_event(es, "sde:::Api::SUM") ==
				      PAPI_OK &&
			      PAPI_add_named_event(es, "sde:::Api::MAX") ==
				      PAPI_OK &&
			      PAPI_add_named_event(es, "sde:::Api::MIN") ==
				      PAPI_OK && PAPI_start(es) == PAPI_OK,
		      "group EventSet");
		/* A group is DELTA over its combined value: from 40, 30, 10
		 * at the start to 46, 31, 15. */
		a += 5;
		b += 1;
		CHECK(PAPI_stop(es, vals) == PAPI_OK && vals[0] == 6 &&
			      vals[1] == 1 && vals[2] == 5,
		      "groups: sum %lld max %lld min %lld, want 6 1 5",
		      vals[0], vals[1], vals[2]);
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
	}

	/* ---- recorder: values, count, order statistics ---- */
	CHECK(papi_sde_create_recorder(h, "REC", sizeof(long long),
				       papi_sde_compare_long_long, &rec) ==
		      SDE_OK, "create recorder");
	CHECK(papi_sde_record(rec, 4, &v) == SDE_EINVAL, "record wrong size");
	for (i = 1; i <= 9; i++) {
		x = (i * 7) % 10; /* 7 4 1 8 5 2 9 6 3 */
		papi_sde_record(rec, sizeof(x), &x);
	}
	es = PAPI_NULL;
	CHECK(PAPI_create_eventset(&es) == PAPI_OK &&
		      PAPI_add_named_event(es, "sde:::Api::REC:CNT") == PAPI_OK &&
		      PAPI_add_named_event(es, "sde:::Api::REC:MIN") == PAPI_OK &&
		      PAPI_add_named_event(es, "sde:::Api::REC:MED") == PAPI_OK &&
		      PAPI_add_named_event(es, "sde:::Api::REC") == PAPI_OK &&
		      PAPI_start(es) == PAPI_OK && PAPI_stop(es, vals) == PAPI_OK,
	      "recorder EventSet");
	CHECK(vals[0] == 9 && vals[1] == 1 && vals[2] == 5,
	      "recorder: cnt %lld min %lld med %lld, want 9 1 5", vals[0],
	      vals[1], vals[2]);
	CHECK(vals[3] && ((long long *)(size_t)vals[3])[0] == 7 &&
		      ((long long *)(size_t)vals[3])[8] == 3,
	      "recorded values in order");
	free((void *)(size_t)vals[3]);
	papi_sde_reset_recorder(rec);
	CHECK(count1("sde:::Api::REC:CNT", NULL) == 0, "reset_recorder");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);

	/* ---- counting set: remove of what is not there ---- */
	CHECK(papi_sde_create_counting_set(h, "CS", &cs) == SDE_OK, "cset");
	i = 4;
	CHECK(papi_sde_counting_set_remove(cs, sizeof(i), &i, 0) == SDE_EINVAL,
	      "remove an absent element");
	CHECK(papi_sde_counting_set_insert(cs, 2, 4, &i, 0) == SDE_EINVAL,
	      "hashable part larger than the element");

	/* ---- enumeration, names, descriptions ---- */
	CHECK(PAPI_event_name_to_code("sde:::Api::LL", &code) == PAPI_OK &&
		      PAPI_get_event_info(code, &info) == PAPI_OK &&
		      !strcmp(info.long_descr, "a long long") &&
		      !strcmp(info.symbol, "sde:::Api::LL"),
	      "event info");
	CHECK(PAPI_event_name_to_code("sde:::nolibsep", &code) ==
		      PAPI_ENOEVNT, "a name without LIB::");
	CHECK(PAPI_event_name_to_code("sde:::::X", &code) == PAPI_ENOEVNT,
	      "empty library name");
	CHECK(PAPI_event_name_to_code("sde:::Api::", &code) == PAPI_ENOEVNT,
	      "empty counter name");

	/* ---- overflow on a registered counter: needs FORCE_SW ---- */
	es = PAPI_NULL;
	CHECK(PAPI_create_eventset(&es) == PAPI_OK &&
		      PAPI_add_named_event(es, "sde:::Api::LL") == PAPI_OK,
	      "LL set");
	CHECK(PAPI_event_name_to_code("sde:::Api::LL", &code) == PAPI_OK &&
		      PAPI_overflow(es, code, 10, 0, NULL) != PAPI_OK,
	      "overflow without handler refused");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);

	/* ---- a recorder unregistered: its parts read 0 too ---- */
	CHECK(papi_sde_unregister_counter(h, "REC") == SDE_OK,
	      "unregister a recorder");
	CHECK(count1("sde:::Api::REC:CNT", NULL) == 0 &&
		      count1("sde:::Api::REC:MAX", NULL) == 0,
	      "an unregistered recorder's parts read 0");

	/* ---- unregister and shutdown: the events read 0 ---- */
	CHECK(papi_sde_unregister_counter(h, "INST") == SDE_OK, "unregister");
	CHECK(count1("sde:::Api::INST", NULL) == 0, "unregistered reads 0");
	h2 = papi_sde_init("Api");
	CHECK(papi_sde_shutdown(h2) == SDE_OK, "shutdown");
	CHECK(count1("sde:::Api::LL", bump) == 0, "after shutdown: 0");
	CHECK(papi_sde_record(rec, sizeof(x), &x) == SDE_EINVAL,
	      "record after shutdown");

	PAPI_shutdown();
	if (fails)
		return 1;
	printf("PASSED: sde api\n");
	return 0;
}
