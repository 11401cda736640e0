// SPDX-License-Identifier: BSD-3-Clause
/*
 * core/event.c with the perf_event component's name table: event names and
 * codes both ways, the code layout, enumeration of presets and natives,
 * event info, and the error codes for codes that name nothing. Runs on the
 * fake machine (fake_os_std_sysfs), where every perf_event_open succeeds, so
 * the generic hardware presets resolve.
 */
#include <string.h>

#include "core/event.h"
#include "core/lib.h"
#include "fake_os.h"
#include "papi.h"
#include "unit.h"

/* Native names that must resolve, and the name a code reads back as. */
static const struct {
	int line;
	const char *name;
	const char *canonical;
} natives[] = {
	{ __LINE__, "perf::TASK-CLOCK", "perf::TASK-CLOCK" },
	{ __LINE__, "perf::PERF_COUNT_HW_CPU_CYCLES",
	  "perf::PERF_COUNT_HW_CPU_CYCLES" },
	{ __LINE__, "cpu/cycles/", "cpu/cycles/" },
	{ __LINE__, "cpu/event=0x3c,umask=0x1/", "cpu/event=0x3c,umask=0x1/" },
	{ __LINE__, "cpu/cycles/u", "cpu/cycles/u" },
	{ __LINE__, "msr/tsc/", "msr/tsc/" },
	{ __LINE__, "fakesw/ticks/", "fakesw/ticks/" },
	/* perf's other spelling of a sysfs event is the same event. */
	{ __LINE__, "msr::tsc", "msr/tsc/" },
};

static const struct {
	int line;
	const char *name;
} no_events[] = {
	{ __LINE__, "PAPI_NOPE" },
	{ __LINE__, "perf::NO_SUCH_EVENT" },
	{ __LINE__, "nopmu/event=1/" },
	{ __LINE__, "cpu/bogus/" },
	{ __LINE__, "power/energy-pkg/x" },
	{ __LINE__, "msr::" },
	{ __LINE__, "::tsc" },
	{ __LINE__, "" },
};

/* Codes that name no event, and what each call says about them. */
#define BAD_PRESET ((int)(PAPI_PRESET_MASK | 0x7ff))
#define BAD_LOCAL ((int)(PAPI_NATIVE_MASK | 0x00fffff0))
#define BAD_CIDX ((int)(PAPI_NATIVE_MASK | (63u << 24))) /* past the registry */
static const struct {
	int line;
	int code;
	int name_err, info_err, query_err, cmp_err;
} bad_codes[] = {
	{ __LINE__, BAD_PRESET, PAPI_ENOTPRESET, PAPI_ENOTPRESET,
	  PAPI_ENOTPRESET, PAPI_ENOEVNT },
	{ __LINE__, (int)(PAPI_PRESET_MASK | PAPI_END_idx), PAPI_ENOTPRESET,
	  PAPI_ENOTPRESET, PAPI_ENOTPRESET, PAPI_ENOEVNT },
	{ __LINE__, BAD_LOCAL, PAPI_ENOEVNT, PAPI_ENOEVNT, PAPI_ENOEVNT,
	  PAPI_ENOEVNT },
	{ __LINE__, BAD_CIDX, PAPI_ENOEVNT, PAPI_ENOEVNT, PAPI_ENOEVNT,
	  PAPI_ENOEVNT },
	{ __LINE__, 0, PAPI_ENOEVNT, PAPI_ENOEVNT, PAPI_ENOEVNT, PAPI_ENOEVNT },
	{ __LINE__, 0x1234, PAPI_ENOEVNT, PAPI_ENOEVNT, PAPI_ENOEVNT,
	  PAPI_ENOEVNT },
};

static void test_presets_by_name(void)
{
	char name[PAPI_MAX_STR_LEN];
	int idx, code;

	for (idx = 0; idx < PAPI_END_idx; idx++) {
		int c = idx | PAPI_PRESET_MASK;

		CHECK(IS_PRESET(c) && !IS_NATIVE(c));
		if (PAPI_event_code_to_name(c, name) != PAPI_OK) {
			UNIT_FAIL_AT(0, "preset %d has no name", idx);
			continue;
		}
		if (strncmp(name, "PAPI_", 5))
			UNIT_FAIL_AT(0, "preset %d is named %s", idx, name);
		if (PAPI_event_name_to_code(name, &code) != PAPI_OK ||
		    code != c)
			UNIT_FAIL_AT(0, "%s does not come back as %#x", name,
				     (unsigned)c);
	}
	/* papi.h's constants are the table's. */
	CHECK_EQ(PAPI_event_code_to_name(PAPI_TOT_CYC, name), PAPI_OK);
	CHECK(!strcmp(name, "PAPI_TOT_CYC"));
	CHECK_EQ(PAPI_event_code_to_name(PAPI_L1_DCM, name), PAPI_OK);
	CHECK(!strcmp(name, "PAPI_L1_DCM"));
	CHECK_EQ(PAPI_event_code_to_name(PAPI_REF_CYC, name), PAPI_OK);
	CHECK(!strcmp(name, "PAPI_REF_CYC"));
	/* PAPI matches preset names without regard to case. */
	CHECK_EQ(PAPI_event_name_to_code("papi_tot_ins", &code), PAPI_OK);
	CHECK_EQ(code, PAPI_TOT_INS);
}

static void test_natives_by_name(void)
{
	char name[PAPI_MAX_STR_LEN];
	size_t i;
	int codes[sizeof(natives) / sizeof(natives[0])];

	for (i = 0; i < sizeof(natives) / sizeof(natives[0]); i++) {
		int row = natives[i].line, c = 0, again = 0;

		CHECK_EQ_AT(row, PAPI_event_name_to_code(natives[i].name, &c),
			    PAPI_OK);
		codes[i] = c;
		CHECK_AT(row, IS_NATIVE(c) && !IS_PRESET(c));
		/* Component 0's code: the index sits in bits 24-29. */
		CHECK_EQ_AT(row, ((unsigned)c >> PAPI__NTV_CIDX_SHIFT) &
					 PAPI__NTV_CIDX_MASK, 0);
		CHECK_EQ_AT(row, c, papi__event_ntv_code(
					    0, (unsigned)c & PAPI__NTV_LOCAL_MASK));
		CHECK_EQ_AT(row, PAPI_get_event_component(c), 0);
		CHECK_EQ_AT(row, PAPI_query_event(c), PAPI_OK);
		CHECK_EQ_AT(row, PAPI_query_named_event(natives[i].name),
			    PAPI_OK);
		/* The same name, the same code, every time. */
		CHECK_EQ_AT(row, PAPI_event_name_to_code(natives[i].name,
							 &again), PAPI_OK);
		CHECK_EQ_AT(row, again, c);
		CHECK_EQ_AT(row, PAPI_event_code_to_name(c, name), PAPI_OK);
		if (strcmp(name, natives[i].canonical))
			UNIT_FAIL_AT(row, "%s reads back as %s",
				     natives[i].name, name);
	}
	/* Distinct events, distinct codes; the two spellings share one. */
	CHECK(codes[0] != codes[1] && codes[2] != codes[3] &&
	      codes[2] != codes[4]);
	CHECK_EQ(codes[5], codes[7]);

	for (i = 0; i < sizeof(no_events) / sizeof(no_events[0]); i++) {
		int c = 0x5a5a;

		CHECK_EQ_AT(no_events[i].line,
			    PAPI_event_name_to_code(no_events[i].name, &c),
			    PAPI_ENOEVNT);
		CHECK_EQ_AT(no_events[i].line,
			    PAPI_query_named_event(no_events[i].name),
			    PAPI_ENOEVNT);
	}
	{
		int c;

		CHECK_EQ(PAPI_event_name_to_code(NULL, &c), PAPI_EINVAL);
		CHECK_EQ(PAPI_event_name_to_code("PAPI_TOT_CYC", NULL),
			 PAPI_EINVAL);
		CHECK_EQ(PAPI_event_code_to_name(PAPI_TOT_CYC, NULL),
			 PAPI_EINVAL);
	}
}

static void test_bad_codes(void)
{
	char name[PAPI_MAX_STR_LEN];
	PAPI_event_info_t info;
	size_t i;

	for (i = 0; i < sizeof(bad_codes) / sizeof(bad_codes[0]); i++) {
		int row = bad_codes[i].line, c = bad_codes[i].code;

		CHECK_EQ_AT(row, PAPI_event_code_to_name(c, name),
			    bad_codes[i].name_err);
		CHECK_EQ_AT(row, PAPI_get_event_info(c, &info),
			    bad_codes[i].info_err);
		CHECK_EQ_AT(row, PAPI_query_event(c), bad_codes[i].query_err);
		if (bad_codes[i].cmp_err)
			CHECK_EQ_AT(row, PAPI_get_event_component(c),
				    bad_codes[i].cmp_err);
	}
}

static void test_info(void)
{
	PAPI_event_info_t info;
	int c;

	CHECK_EQ(PAPI_get_event_info(PAPI_TOT_CYC, &info), PAPI_OK);
	CHECK(!strcmp(info.symbol, "PAPI_TOT_CYC"));
	CHECK_EQ(info.event_code, (unsigned)PAPI_TOT_CYC);
	CHECK_EQ(info.count, 1);
	CHECK_EQ(info.component_index, 0);
	CHECK(!strcmp(info.derived, "NOT_DERIVED"));
	CHECK(!strcmp(info.name[0], "perf::PERF_COUNT_HW_CPU_CYCLES"));
	CHECK_EQ(PAPI_event_name_to_code(info.name[0], &c), PAPI_OK);
	CHECK_EQ(info.code[0], (unsigned)c);
	CHECK(info.short_descr[0] && info.long_descr[0]);

	CHECK_EQ(PAPI_get_event_info(PAPI_L1_ICH, &info), PAPI_OK);
	CHECK(!strcmp(info.derived, "DERIVED_SUB"));
	CHECK_EQ(info.count, 2);

	/* An unavailable preset still has a description, and no terms. The
	 * generic table maps few presets, so the fake machine lacks some. */
	for (c = PAPI_PRESET_MASK; c < (int)(PAPI_PRESET_MASK | PAPI_END_idx);
	     c++)
		if (PAPI_query_event(c) != PAPI_OK)
			break;
	CHECK(c < (int)(PAPI_PRESET_MASK | PAPI_END_idx));
	CHECK_EQ(PAPI_get_event_info(c, &info), PAPI_OK);
	CHECK(!strncmp(info.symbol, "PAPI_", 5));
	CHECK_EQ(info.count, 0);
	CHECK_EQ(info.component_index, -1);
	CHECK_EQ(PAPI_get_event_component(c), PAPI_ENOEVNT);
	CHECK_EQ(PAPI_query_event(c), PAPI_ENOEVNT);

	/* Natives. */
	CHECK_EQ(PAPI_event_name_to_code("msr/tsc/", &c), PAPI_OK);
	CHECK_EQ(PAPI_get_event_info(c, &info), PAPI_OK);
	CHECK(!strcmp(info.symbol, "msr/tsc/"));
	CHECK_EQ(info.event_code, (unsigned)c);
	CHECK_EQ(info.component_index, 0);
	CHECK(info.note[0] != '\0'); /* msr cannot exclude modes */
	CHECK_EQ(PAPI_event_name_to_code("perf::TASK-CLOCK", &c), PAPI_OK);
	CHECK_EQ(PAPI_get_event_info(c, &info), PAPI_OK);
	CHECK(!strcmp(info.symbol, "perf::TASK-CLOCK"));
	CHECK_EQ(PAPI_get_event_info(c, NULL), PAPI_EINVAL);
}

static void test_enum_presets(void)
{
	int c = PAPI_PRESET_MASK, n = 0, avail = 0, idx, prev;

	/* FIRST is the first preset, whether available or not. */
	CHECK_EQ(PAPI_enum_event(&c, PAPI_ENUM_FIRST), PAPI_OK);
	CHECK_EQ(c, (int)PAPI_PRESET_MASK);
	/* ENUM_EVENTS visits every preset once, in order. */
	prev = c;
	while (PAPI_enum_event(&c, PAPI_ENUM_EVENTS) == PAPI_OK) {
		CHECK_EQ_IDX(n, c, prev + 1);
		prev = c;
		if (++n > PAPI_MAX_PRESET_EVENTS)
			break;
	}
	CHECK_EQ(n, PAPI_END_idx - 1);

	/* PRESET_ENUM_AVAIL visits exactly the available ones. */
	for (idx = 1; idx < PAPI_END_idx; idx++)
		avail += PAPI_query_event(idx | PAPI_PRESET_MASK) == PAPI_OK;
	CHECK(avail > 0);
	c = PAPI_PRESET_MASK;
	n = 0;
	while (PAPI_enum_event(&c, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK) {
		if (PAPI_query_event(c) != PAPI_OK)
			UNIT_FAIL_AT(0, "AVAIL gave unavailable %#x",
				     (unsigned)c);
		if (++n > PAPI_MAX_PRESET_EVENTS)
			break;
	}
	CHECK_EQ(n, avail);

	/* The same walk through PAPI_enum_cmp_event. */
	c = PAPI_PRESET_MASK;
	CHECK_EQ(PAPI_enum_cmp_event(&c, PAPI_ENUM_FIRST, 0), PAPI_OK);
	CHECK_EQ(c, (int)PAPI_PRESET_MASK);
	CHECK_EQ(PAPI_enum_event(NULL, PAPI_ENUM_FIRST), PAPI_EINVAL);
}

struct want_seen {
	const char *name;
	int seen;
};

static void test_enum_natives(void)
{
	struct want_seen want[] = {
		{ "cpu/cycles/", 0 },   { "cpu/mem-loads/", 0 },
		{ "msr/tsc/", 0 },      { "fakesw/ticks/", 0 },
		{ "perf::PERF_COUNT_SW_TASK_CLOCK", 0 },
		{ "power/energy-pkg/", 0 }, /* has a cpumask: not listed */
	};
	const int nwant = (int)(sizeof(want) / sizeof(want[0]));
	const PAPI_component_info_t *ci = PAPI_get_component_info(0);
	char name[PAPI_MAX_STR_LEN];
	int c = PAPI_NATIVE_MASK, c2, n = 0, i, first;

	CHECK_EQ(PAPI_enum_event(&c, PAPI_ENUM_FIRST), PAPI_OK);
	first = c;
	c2 = PAPI_NATIVE_MASK;
	CHECK_EQ(PAPI_enum_cmp_event(&c2, PAPI_ENUM_FIRST, 0), PAPI_OK);
	CHECK_EQ(c2, first);
	do {
		int back = 0;

		n++;
		CHECK_IDX(n, IS_NATIVE(c));
		if (PAPI_event_code_to_name(c, name) != PAPI_OK) {
			UNIT_FAIL_AT(0, "enumerated %#x has no name",
				     (unsigned)c);
			continue;
		}
		if (PAPI_event_name_to_code(name, &back) != PAPI_OK ||
		    back != c)
			UNIT_FAIL_AT(0, "%s: %#x comes back as %#x", name,
				     (unsigned)c, (unsigned)back);
		for (i = 0; i < nwant; i++)
			if (!strcmp(name, want[i].name))
				want[i].seen++;
		if (n > 100000)
			break;
	} while (PAPI_enum_event(&c, PAPI_ENUM_EVENTS) == PAPI_OK);
	CHECK(ci != NULL);
	if (ci)
		CHECK_EQ(n, ci->num_native_events);
	for (i = 0; i < nwant - 1; i++)
		if (want[i].seen != 1)
			UNIT_FAIL_AT(0, "%s listed %d times", want[i].name,
				     want[i].seen);
	CHECK_EQ(want[nwant - 1].seen, 0);

	/* Umasks of an event that has none: no more events. */
	CHECK_EQ(PAPI_event_name_to_code("msr/tsc/", &c), PAPI_OK);
	CHECK_EQ(PAPI_enum_event(&c, PAPI_NTV_ENUM_UMASKS), PAPI_ENOEVNT);
	/* No such component. */
	c = PAPI_NATIVE_MASK;
	CHECK_EQ(PAPI_enum_cmp_event(&c, PAPI_ENUM_FIRST, 5), PAPI_ENOCMP);
	CHECK_EQ(PAPI_enum_cmp_event(&c, PAPI_ENUM_FIRST, -1), PAPI_ENOCMP);
	/* A code past the table. */
	c = BAD_LOCAL;
	CHECK_EQ(PAPI_enum_event(&c, PAPI_ENUM_EVENTS), PAPI_ENOEVNT);
}

int main(void)
{
	int ret = fake_os_std_sysfs();

	if (ret < 0)
		UNIT_SKIP("cannot build a fake sysfs tree: %s", strerror(-ret));
	/* Before init nothing resolves. */
	{
		int c;

		CHECK_EQ(PAPI_event_name_to_code("PAPI_TOT_CYC", &c),
			 PAPI_ENOINIT);
	}
	CHECK_EQ(papi__lib_init(), PAPI_OK);
	if (papi__lib.ncmp < 1 || papi__lib.cmp[0].info.disabled)
		UNIT_SKIP("perf_event component disabled: %s",
			  papi__lib.ncmp ? papi__lib.cmp[0].info.disabled_reason
					 : "no component");
	if (PAPI_query_event(PAPI_TOT_CYC) != PAPI_OK)
		UNIT_SKIP("libpfm4 has no perf::PERF_COUNT_HW_CPU_CYCLES here");

	test_presets_by_name();
	test_natives_by_name();
	test_bad_codes();
	test_info();
	test_enum_presets();
	test_enum_natives();

	papi__lib_shutdown();
	CHECK_EQ(fake_os_open_fds(), 0);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	return unit_exit();
}
