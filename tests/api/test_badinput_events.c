// SPDX-License-Identifier: BSD-3-Clause
/*
 * Bad input never crashes (see badinput.h): events and components. Names
 * of no event (empty, unknown, malformed, far too long), codes of no
 * event, enumeration from such codes, component indexes and names of no
 * component, disabling components, before PAPI_library_init, after it and
 * after PAPI_shutdown.
 */
#include "badinput.h"

/* Codes that name no event: neither mask; both masks (a user-defined
 * event that was never defined); a native code of component 63; a preset
 * index past the table; a native index far past the component's table. */
static const int bad_codes[] = {
	0,
	-1,
	0x7fffffff,
	PAPI_PRESET_MASK | 500,
	PAPI_PRESET_MASK | PAPI_MAX_PRESET_EVENTS,
	PAPI_NATIVE_MASK | 0xffffff,
	PAPI_UE_MASK,
	PAPI_UE_MASK | 0x1234,
	0x12345,
};
#define N_BAD_CODES ((int)(sizeof(bad_codes) / sizeof(bad_codes[0])))

/* Names of no event. Filled in by make_names(): the long ones are built. */
static char long_name[5001]; /* 5000 characters */
static char long_slash[700]; /* a sysfs-looking name, spec too long */
static char long_pmu[300]; /* a sysfs-looking name, PMU name too long */
static char near_huge[PAPI_HUGE_STR_LEN + 1]; /* exactly 1024 characters */
static char long_colons[PAPI_HUGE_STR_LEN]; /* "x::" + 1020 characters */
static const char *bad_names[] = {
	"",
	long_name,
	"perf::NOPE",
	"msr/nope/",
	"/",
	"//",
	"a/b/c/d",
	"PAPI_NOPE",
	"PAPI_",
	"perf::",
	"::",
	":::",
	"perf::TASK-CLOCK:nope=1",
	"perf::TASK-CLOCK:u=x",
	"msr/tsc",
	"msr//",
	"msr/tsc/x",
	"msr/tsc=/",
	"msr/=1/",
	"msr/../",
	"../../../../etc/passwd/x/",
	"nope::tsc",
	"%s%s%s%n%n",
	" PAPI_TOT_CYC",
	"PAPI_TOT_CYC ",
	"\xff\xfe\x01",
	long_slash,
	long_pmu,
	near_huge,
	long_colons,
};
#define N_BAD_NAMES ((int)(sizeof(bad_names) / sizeof(bad_names[0])))

static void make_names(void)
{
	memset(long_name, 'A', sizeof(long_name) - 1);
	memcpy(long_name, "PAPI_", 5);
	memset(long_slash, 't', sizeof(long_slash) - 1);
	memcpy(long_slash, "msr/", 4);
	long_slash[sizeof(long_slash) - 2] = '/';
	memset(long_pmu, 'p', sizeof(long_pmu) - 1);
	memcpy(long_pmu + sizeof(long_pmu) - 6, "/tsc/", 5);
	memset(near_huge, 'Z', sizeof(near_huge) - 1);
	memset(long_colons, 'c', sizeof(long_colons) - 1);
	memcpy(long_colons, "x::", 3);
}

/* An unknown name is PAPI_ENOEVNT. A name too long for any event may also
 * be refused as such (PAPI_EINVAL) or as one that cannot fit (PAPI_EBUF). */
#define BAD_NAME_ERRS PAPI_ENOEVNT, PAPI_EINVAL, PAPI_EBUF

/* ---- Before PAPI_library_init ------------------------------------------ */

static void before_init(void)
{
	PAPI_event_info_t info;
	char name[PAPI_MAX_STR_LEN];
	int code, n, i;

	/* Events. Name lookups need the components; PAPI 7.0 checks the
	 * pointers first, so PAPI_EINVAL is as right as PAPI_ENOINIT. */
	ERR(PAPI_event_name_to_code("PAPI_TOT_CYC", &code), PAPI_ENOINIT);
	ERR(PAPI_event_name_to_code(NULL, &code), PAPI_EINVAL, PAPI_ENOINIT);
	ERR(PAPI_event_name_to_code("PAPI_TOT_CYC", NULL), PAPI_EINVAL,
	    PAPI_ENOINIT);
	for (i = 0; i < N_BAD_NAMES; i++) {
		ERR(PAPI_event_name_to_code(bad_names[i], &code), PAPI_ENOINIT,
		    BAD_NAME_ERRS);
		ERR(PAPI_query_named_event(bad_names[i]), PAPI_ENOINIT,
		    BAD_NAME_ERRS);
	}
	ERR(PAPI_query_named_event(NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_event_code_to_name(PAPI_TOT_CYC, NULL), PAPI_ENOINIT,
	    PAPI_EINVAL);
	ERR(PAPI_get_event_info(PAPI_TOT_CYC, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_enum_event(NULL, PAPI_ENUM_FIRST), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_enum_cmp_event(NULL, PAPI_ENUM_FIRST, 0), PAPI_ENOINIT,
	    PAPI_EINVAL, PAPI_ENOCMP);
	for (i = 0; i < N_BAD_CODES; i++) {
		code = bad_codes[i];
		ERR(PAPI_query_event(code), PAPI_ENOINIT, BAD_CODE_ERRS);
		ERR(PAPI_event_code_to_name(code, name), PAPI_ENOINIT,
		    BAD_CODE_ERRS);
		ERR(PAPI_get_event_info(code, &info), PAPI_ENOINIT,
		    BAD_CODE_ERRS);
		ERR(PAPI_get_event_component(code), PAPI_ENOINIT,
		    BAD_CODE_ERRS);
		ERR(PAPI_enum_event(&code, PAPI_ENUM_EVENTS), PAPI_ENOINIT,
		    BAD_CODE_ERRS);
		code = bad_codes[i];
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, 0),
		    PAPI_ENOINIT, BAD_CODE_ERRS);
	}

	/* Component indexes of no component. */
	for (i = 0; i < N_BAD_CIDX; i++) {
		code = PAPI_NATIVE_MASK;
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, bad_cidx[i]),
		    PAPI_ENOINIT, PAPI_ENOCMP);
		n = CALL(PAPI_num_cmp_hwctrs(bad_cidx[i]));
		CHECK(n <= 0, "PAPI_num_cmp_hwctrs(%d) is %d before init",
		      bad_cidx[i], n);
	}

	/* Components: disabling is what may be done before init; an index
	 * or name of no component is still refused. */
	for (i = 0; i < N_BAD_CIDX; i++)
		ERR(PAPI_disable_component(bad_cidx[i]), PAPI_ENOCMP);
	ERR(PAPI_disable_component_by_name(NULL), PAPI_EINVAL);
	for (i = 0; i < N_BAD_NAMES; i++)
		ERR(PAPI_disable_component_by_name(bad_names[i]), PAPI_ENOCMP);
	ERR(PAPI_get_component_index(NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_get_component_index("nope"), PAPI_ENOINIT, PAPI_ENOCMP);
}

/* ---- After PAPI_library_init ------------------------------------------- */

/* PAPI_event_code_to_name writes at most PAPI_MAX_STR_LEN bytes, however
 * long the event's name is. A sysfs alias repeated makes a valid name far
 * longer than that (where the machine has the msr PMU). */
static void check_long_native_name(void)
{
	char name[400], out[PAPI_MAX_STR_LEN + 64];
	PAPI_event_info_t info;
	size_t len;
	int code, ret, i;

	if (PAPI_event_name_to_code("msr/tsc/", &code) != PAPI_OK)
		return;
	strcpy(name, "msr/tsc");
	for (len = strlen(name); len + 5 < sizeof(name) - 1; len += 4)
		strcat(name, ",tsc");
	strcat(name, "/");
	if (CALL(PAPI_event_name_to_code(name, &code)) != PAPI_OK)
		return; /* refusing such a name is fine too */
	memset(out, 0x5a, sizeof(out));
	ret = CALL(PAPI_event_code_to_name(code, out));
	CHECK(ret == PAPI_OK || ret == PAPI_EBUF,
	      "PAPI_event_code_to_name of a %zu-character name: %d",
	      strlen(name), ret);
	CHECK(memchr(out, '\0', PAPI_MAX_STR_LEN) != NULL,
	      "the name written is not terminated within PAPI_MAX_STR_LEN");
	for (i = PAPI_MAX_STR_LEN; i < (int)sizeof(out); i++)
		if (out[i] != 0x5a) {
			FAIL(__LINE__,
			     "PAPI_event_code_to_name wrote past "
			     "PAPI_MAX_STR_LEN (byte %d)",
			     i);
			break;
		}
	memset(&info, 0, sizeof(info));
	if (CALL(PAPI_get_event_info(code, &info)) == PAPI_OK)
		CHECK(memchr(info.symbol, '\0', sizeof(info.symbol)) != NULL,
		      "info.symbol is not terminated");
}

static void after_init_events(int es)
{
	PAPI_event_info_t info;
	char name[PAPI_MAX_STR_LEN];
	int code, i, n;

	/* Names of no event. */
	ERR(PAPI_event_name_to_code(NULL, &code), PAPI_EINVAL);
	ERR(PAPI_event_name_to_code("PAPI_TOT_CYC", NULL), PAPI_EINVAL);
	ERR(PAPI_query_named_event(NULL), PAPI_EINVAL);
	ERR(PAPI_add_named_event(es, NULL), PAPI_EINVAL);
	ERR(PAPI_remove_named_event(es, NULL), PAPI_EINVAL);
	for (i = 0; i < N_BAD_NAMES; i++) {
		const char *nm = bad_names[i];

		code = 0x5a5a5a5a;
		ERR(PAPI_event_name_to_code(nm, &code), BAD_NAME_ERRS);
		ERR(PAPI_query_named_event(nm), BAD_NAME_ERRS);
		ERR(PAPI_add_named_event(es, nm), BAD_NAME_ERRS);
		ERR(PAPI_remove_named_event(es, nm), BAD_NAME_ERRS);
		ERR(PAPI_get_component_index(nm), PAPI_ENOCMP);
		/* A plain unknown name must be exactly PAPI_ENOEVNT. */
		if (strlen(nm) < 64 && *nm)
			ERR(PAPI_event_name_to_code(nm, &code), PAPI_ENOEVNT);
	}
	CHECK(CALL(PAPI_num_events(es)) == 0, "bad names were added to %d", es);
	check_long_native_name();

	/* Codes of no event. */
	ERR(PAPI_event_code_to_name(PAPI_TOT_CYC, NULL), PAPI_EINVAL);
	ERR(PAPI_get_event_info(PAPI_TOT_CYC, NULL), PAPI_EINVAL);
	ERR(PAPI_enum_event(NULL, PAPI_ENUM_FIRST), PAPI_EINVAL);
	ERR(PAPI_enum_cmp_event(NULL, PAPI_ENUM_FIRST, 0), PAPI_EINVAL);
	for (i = 0; i < N_BAD_CODES; i++) {
		int c = bad_codes[i];

		ERR(PAPI_query_event(c), BAD_CODE_ERRS);
		ERR(PAPI_event_code_to_name(c, name), BAD_CODE_ERRS);
		ERR(PAPI_get_event_info(c, &info), BAD_CODE_ERRS);
		ERR(PAPI_get_event_component(c), BAD_CODE_ERRS);
		ERR(PAPI_add_event(es, c), BAD_CODE_ERRS);
		ERR(PAPI_add_events(es, &c, 1), BAD_CODE_ERRS);
		/* Removing what is not there: PAPI_EINVAL in PAPI 7.0. */
		ERR(PAPI_remove_event(es, c), BAD_CODE_ERRS);
		ERR(PAPI_remove_events(es, &c, 1), BAD_CODE_ERRS);
		code = c;
		/* Walking on from a code of no event finds nothing. */
		ERR(PAPI_enum_event(&code, PAPI_ENUM_EVENTS), BAD_CODE_ERRS);
		code = c;
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS,
					PAPI_num_components() + 5),
		    PAPI_ENOCMP);
	}
	CHECK(CALL(PAPI_num_events(es)) == 0, "bad codes were added to %d", es);
	/* A native code with an unknown modifier is refused. */
	if (PAPI_event_name_to_code("perf::TASK-CLOCK", &code) == PAPI_OK) {
		int c2 = code;

		ERR(PAPI_enum_event(&c2, 9999), ANY);
		c2 = code;
		ERR(PAPI_enum_event(&c2, -1), ANY);
		c2 = code;
		ERR(PAPI_enum_cmp_event(&c2, 9999,
					PAPI_get_event_component(code)),
		    ANY);
	}

	/* Component indexes. */
	for (i = 0; i < N_BAD_CIDX; i++) {
		code = PAPI_NATIVE_MASK;
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, bad_cidx[i]),
		    PAPI_ENOCMP);
		code = PAPI_PRESET_MASK;
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, bad_cidx[i]),
		    PAPI_ENOCMP);
		CHECK(CALL(PAPI_get_component_info(bad_cidx[i])) == NULL,
		      "PAPI_get_component_info(%d) is not NULL", bad_cidx[i]);
		/* PAPI 7.0's PAPI_num_cmp_hwctrs passes PAPI_get_cmp_opt's
		 * PAPI_ECMP through. */
		ERR(PAPI_num_cmp_hwctrs(bad_cidx[i]), PAPI_ENOCMP, PAPI_ECMP);
		ERR(PAPI_assign_eventset_component(es, bad_cidx[i]),
		    PAPI_ENOCMP);
	}
	n = PAPI_num_components();
	CHECK(CALL(PAPI_get_component_info(n)) == NULL,
	      "PAPI_get_component_info(num_components) is not NULL");
	ERR(PAPI_get_component_index(NULL), PAPI_EINVAL);
	ERR(PAPI_get_component_index(""), PAPI_ENOCMP);
	CHECK(CALL(PAPI_get_eventset_component(es)) == PAPI_ENOCMP,
	      "a set with no events and no component has one");
}

static void after_init(void)
{
	int es, ces, ccode = 0;

	init_or_skip();
	/* Disabling is for before init only (PAPI 7.0: PAPI_ENOINIT). */
	ERR(PAPI_disable_component(0), PAPI_ENOINIT);
	ERR(PAPI_disable_component(-1), PAPI_ENOINIT, PAPI_ENOCMP);
	ERR(PAPI_disable_component_by_name("perf_event"), PAPI_ENOINIT);
	ERR(PAPI_disable_component_by_name(NULL), PAPI_ENOINIT, PAPI_EINVAL);

	make_sets(&es, &ces, &ccode);
	after_init_events(es);
	drop_sets(&es, &ces);
}

/* ---- After PAPI_shutdown ----------------------------------------------- */

static void after_shutdown(void)
{
	int code;

	PAPI_shutdown();
	/* Everything is as before init again. */
	ERR(PAPI_event_name_to_code("perf::TASK-CLOCK", &code), PAPI_ENOINIT);
}

int main(void)
{
	badinput_begin();
	make_names();
	before_init();
	after_init();
	after_shutdown();
	return badinput_end();
}
