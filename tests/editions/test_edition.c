/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One PAPI edition's own values, layouts and answers, built against that
 * edition's papi.h (PAPI_EDITION 70, 71 or 72) and linked to its library
 * (tests/editions/CMakeLists.txt). The layouts are pinned from PAPI's
 * headers: 7.1's are 7.0's; 7.2 inserts partially_disabled_reason and
 * partially_disabled after `disabled` in PAPI_component_info_t, appends
 * num_quals, quals and quals_descrs to PAPI_event_info_t, and renumbers
 * the enum modifiers around FIRST_COMP, CPU and CPU_AVAIL.
 */
#include <papi.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

#define MINOR (PAPI_EDITION - 70)

/* 7.0's sizes on LP64, as tests/api/compat_structs.c pins them. */
#define CMP_INFO_70 2272
#define EVENT_INFO_70 6680

#if defined(__LP64__)
#if PAPI_EDITION < 72
_Static_assert(sizeof(PAPI_component_info_t) == CMP_INFO_70, "cmp info");
_Static_assert(sizeof(PAPI_event_info_t) == EVENT_INFO_70, "event info");
_Static_assert(PAPI_NUM_ERRORS == 28, "errors");
_Static_assert(PAPI_PRESET_ENUM_AVAIL == 2 && PAPI_PRESET_ENUM_MSC == 3 &&
		       PAPI_PRESET_ENUM_FP == 14 && PAPI_NTV_ENUM_UMASKS == 15 &&
		       PAPI_NTV_ENUM_GROUPS == 22,
	       "7.0's modifiers");
#else
_Static_assert(PAPI_PARTIAL == -28 && PAPI_NUM_ERRORS == 29, "PAPI_PARTIAL");
_Static_assert(PAPI_MAX_COMP_QUALS == 8, "qualifiers");
_Static_assert(PAPI_PRESET_ENUM_FIRST_COMP == 2 &&
		       PAPI_PRESET_ENUM_AVAIL == 3 && PAPI_PRESET_ENUM_MSC == 4 &&
		       PAPI_PRESET_ENUM_FP == 15 && PAPI_PRESET_ENUM_CPU == 16 &&
		       PAPI_PRESET_ENUM_CPU_AVAIL == 17 &&
		       PAPI_NTV_ENUM_UMASKS == 18 && PAPI_NTV_ENUM_GROUPS == 25,
	       "7.2's modifiers");
_Static_assert(offsetof(PAPI_component_info_t, partially_disabled_reason) ==
		       offsetof(PAPI_component_info_t, disabled) + 4,
	       "after disabled");
_Static_assert(offsetof(PAPI_component_info_t, partially_disabled) ==
		       offsetof(PAPI_component_info_t, disabled) + 4 +
			       PAPI_HUGE_STR_LEN,
	       "partially_disabled");
_Static_assert(offsetof(PAPI_component_info_t, initialized) ==
		       offsetof(PAPI_component_info_t, disabled) + 8 +
			       PAPI_HUGE_STR_LEN,
	       "the rest follows");
/* 1028 bytes more, less the 4 of padding 7.0 had before pmu_names. */
_Static_assert(sizeof(PAPI_component_info_t) == CMP_INFO_70 + PAPI_HUGE_STR_LEN,
	       "cmp info 7.2");
_Static_assert(offsetof(PAPI_event_info_t, num_quals) == EVENT_INFO_70,
	       "quals appended");
_Static_assert(offsetof(PAPI_event_info_t, quals) == EVENT_INFO_70 + 4,
	       "quals");
_Static_assert(offsetof(PAPI_event_info_t, quals_descrs) ==
		       EVENT_INFO_70 + 4 + 8 * PAPI_HUGE_STR_LEN,
	       "quals_descrs");
_Static_assert(sizeof(PAPI_event_info_t) ==
		       EVENT_INFO_70 + 4 + 16 * PAPI_HUGE_STR_LEN,
	       "event info 7.2");
#endif
#endif

static void version(void)
{
	int other = PAPI_VERSION_NUMBER(7, MINOR == 0 ? 1 : 0, 0, 0);

	CHECK(PAPI_VERSION == PAPI_VERSION_NUMBER(7, MINOR, 0, 0), "PAPI_VERSION");
	/* Exactly its own release: another edition's programs are refused. */
	CHECK(PAPI_library_init(other) == PAPI_EINVAL, "init with 7.%d",
	      PAPI_VERSION_MINOR(other));
	CHECK(PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT,
	      "init with its own version");
	CHECK(PAPI_get_opt(PAPI_LIB_VERSION, NULL) == PAPI_VERSION,
	      "PAPI_LIB_VERSION %#x", PAPI_get_opt(PAPI_LIB_VERSION, NULL));
	CHECK(PAPI_strerror(PAPI_EMULPASS) != NULL, "strerror");
#if PAPI_EDITION >= 72
	CHECK(PAPI_strerror(PAPI_PARTIAL) != NULL, "strerror(PAPI_PARTIAL)");
#else
	CHECK(PAPI_strerror(-28) == NULL, "strerror(-28) is no code in 7.%d",
	      MINOR);
#endif
}

/* Every field read where this edition's layout puts it. */
static void component(void)
{
	const PAPI_component_info_t *in = PAPI_get_component_info(0);
	PAPI_option_t o;

	CHECK(in != NULL, "component 0");
	if (!in)
		return;
	CHECK(!strcmp(in->name, "perf_event"), "name %s", in->name);
	CHECK(in->CmpIdx == 0 && in->num_mpx_cntrs == 384 &&
		      in->default_domain == PAPI_DOM_USER &&
		      in->hardware_intr_sig == SIGRTMIN + 2 && in->hardware_intr,
	      "fields after the split: %d %d %d %d", in->CmpIdx,
	      in->num_mpx_cntrs, in->default_domain, in->hardware_intr_sig);
#if PAPI_EDITION >= 72
	/* Enabled but not whole (no PMU: software events only) is 7.2's
	 * "partially disabled"; a machine with a PMU is whole. */
	CHECK(!in->disabled && !!in->partially_disabled ==
				       !!in->partially_disabled_reason[0],
	      "partially_disabled %d, reason \"%s\"", in->partially_disabled,
	      in->partially_disabled_reason);
	CHECK(!in->partially_disabled || !in->disabled_reason[0],
	      "the reason moved, not copied");
	CHECK(in->partially_disabled == (in->num_cntrs == 0),
	      "partially disabled %d with %d counters", in->partially_disabled,
	      in->num_cntrs);
	printf("perf_event: partially_disabled %d (%s)\n", in->partially_disabled,
	       in->partially_disabled_reason);
#endif
	memset(&o, 0, sizeof(o));
	CHECK(PAPI_get_opt(PAPI_COMPONENTINFO, &o) == PAPI_OK &&
		      o.cmp_info == in,
	      "PAPI_COMPONENTINFO gives the same info");
}

static void presets(void)
{
	static const int cats[][2] = {
		{ PAPI_PRESET_ENUM_MSC, PAPI_PRESET_BIT_MSC },
		{ PAPI_PRESET_ENUM_INS, PAPI_PRESET_BIT_INS },
		{ PAPI_PRESET_ENUM_IDL, PAPI_PRESET_BIT_IDL },
		{ PAPI_PRESET_ENUM_BR, PAPI_PRESET_BIT_BR },
		{ PAPI_PRESET_ENUM_CND, PAPI_PRESET_BIT_CND },
		{ PAPI_PRESET_ENUM_MEM, PAPI_PRESET_BIT_MEM },
		{ PAPI_PRESET_ENUM_CACH, PAPI_PRESET_BIT_CACH },
		{ PAPI_PRESET_ENUM_L1, PAPI_PRESET_BIT_L1 },
		{ PAPI_PRESET_ENUM_L2, PAPI_PRESET_BIT_L2 },
		{ PAPI_PRESET_ENUM_L3, PAPI_PRESET_BIT_L3 },
		{ PAPI_PRESET_ENUM_TLB, PAPI_PRESET_BIT_TLB },
		{ PAPI_PRESET_ENUM_FP, PAPI_PRESET_BIT_FP },
	};
	enum { MAX = 256 };
	static int codes[MAX];
	static unsigned types[MAX];
	static int avail[MAX];
	PAPI_event_info_t info;
	int code = PAPI_PRESET_MASK, n = 0, navail = 0, i, typed = 0;

	CHECK(PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK, "first");
	do {
		if (n == MAX || PAPI_get_event_info(code, &info) != PAPI_OK)
			break;
		codes[n] = code;
		types[n] = info.event_type;
		avail[n] = PAPI_query_event(code) == PAPI_OK;
		navail += avail[n];
		typed += types[n] != 0;
		n++;
	} while (PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK);
	CHECK(n > 100 && typed == n, "%d presets, %d with a category", n, typed);
	printf("presets: %d, %d available\n", n, navail);
	/* A category walk gives the available presets of that category,
	 * after the one it starts from: with a modifier or a bit mapped to
	 * the wrong place, it would give another category's. */
	for (size_t c = 0; c < sizeof(cats) / sizeof(cats[0]); c++) {
		int want = 0, got = 0, wrong = 0;

		for (i = 1; i < n; i++)
			want += avail[i] && (types[i] & (unsigned)cats[c][1]);
		code = PAPI_PRESET_MASK;
		while (PAPI_enum_event(&code, cats[c][0]) == PAPI_OK) {
			got++;
			for (i = 0; i < n && codes[i] != code; i++)
				;
			wrong += i == n || !(types[i] & (unsigned)cats[c][1]);
		}
		CHECK(got == want && !wrong,
		      "category %d: walked %d, %d of them outside, expected %d",
		      cats[c][0], got, wrong, want);
	}
	/* The PAPI 7.0 value of one category, shifted with 7.2's enum. */
	CHECK(PAPI_get_event_info(PAPI_L1_DCM, &info) == PAPI_OK &&
		      info.event_type == (PAPI_PRESET_BIT_L1 | PAPI_PRESET_BIT_CACH),
	      "PAPI_L1_DCM event_type %#x", info.event_type);
	code = PAPI_PRESET_MASK;
	i = 0;
	while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK)
		i++;
	CHECK(i == navail - avail[0], "AVAIL walked %d of %d", i, navail);
#if PAPI_EDITION >= 72
	{
		int cpu = 0, cpu_avail = 0;

		code = PAPI_PRESET_MASK;
		while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_CPU) == PAPI_OK)
			cpu++;
		code = PAPI_PRESET_MASK;
		while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_CPU_AVAIL) ==
		       PAPI_OK)
			cpu_avail++;
		/* Every preset here is the CPU's: no component presets. */
		CHECK(cpu + 1 == n && cpu_avail == navail - avail[0],
		      "CPU %d of %d, CPU_AVAIL %d of %d", cpu, n, cpu_avail,
		      navail);
		code = PAPI_PRESET_MASK;
		CHECK(PAPI_enum_event(&code, PAPI_PRESET_ENUM_FIRST_COMP) ==
			      PAPI_ENOEVNT,
		      "FIRST_COMP: no component presets");
	}
#endif
}

/* 7.2: a native event's qualifiers, each one accepted after its name. */
static void qualifiers(void)
{
#if PAPI_EDITION >= 72
	PAPI_event_info_t info;
	char name[2 * PAPI_HUGE_STR_LEN];
	int code, q, ok = 0;

	if (PAPI_event_name_to_code("perf::TASK-CLOCK", &code) != PAPI_OK) {
		printf("perf::TASK-CLOCK unknown here: qualifiers not tested\n");
		return;
	}
	CHECK(PAPI_get_event_info(code, &info) == PAPI_OK, "info");
	printf("%s: %d qualifiers\n", info.symbol, info.num_quals);
	CHECK(info.num_quals > 0 && info.num_quals <= PAPI_MAX_COMP_QUALS,
	      "num_quals %d", info.num_quals);
	for (q = 0; q < info.num_quals; q++) {
		int c;

		printf("  %s  %s\n", info.quals[q], info.quals_descrs[q]);
		snprintf(name, sizeof(name), "%s%s", info.symbol, info.quals[q]);
		if (info.quals[q][0] == ':' && strchr(info.quals[q], '=') &&
		    info.quals_descrs[q][0] &&
		    PAPI_event_name_to_code(name, &c) == PAPI_OK)
			ok++;
		else
			CHECK(0, "qualifier %d \"%s\" (%s)", q, info.quals[q],
			      info.quals_descrs[q]);
	}
	CHECK(ok == info.num_quals, "%d of %d qualifiers accepted", ok,
	      info.num_quals);
	/* A preset has none. */
	CHECK(PAPI_get_event_info(PAPI_TOT_INS, &info) == PAPI_OK &&
		      info.num_quals == 0,
	      "PAPI_TOT_INS num_quals %d", info.num_quals);
#endif
}

int main(void)
{
	printf("PAPI 7.%d edition\n", MINOR);
	version();
	component();
	presets();
	qualifiers();
	PAPI_shutdown();
	return check_exit();
}
