// SPDX-License-Identifier: BSD-3-Clause
/*
 * Event names, codes and descriptions through the public API:
 *   - every preset (108 in PAPI 7.0): name -> code -> name round trips,
 *     PAPI_get_event_info, and PAPI_enum_event with PAPI_ENUM_FIRST and
 *     PAPI_ENUM_EVENTS walks exactly them;
 *   - PAPI_PRESET_ENUM_AVAIL walks exactly the presets PAPI_query_event
 *     accepts, and each of them counts alone in an EventSet;
 *   - every native event of every active component that PAPI_enum_cmp_event
 *     lists: code -> name -> code gives the same code, and its info names
 *     it and its component; umasks enumerate (PAPI_NTV_ENUM_UMASKS);
 *   - PAPI_REF_CYC describes the native events it is made of;
 *   - the naming syntaxes: libpfm4 ("perf::TASK-CLOCK", with modifiers
 *     "perf::TASK-CLOCK:u=1") and perf's sysfs ("msr/tsc/") resolve and
 *     count.
 * Written to pass with or without a hardware PMU: a preset such as
 * PAPI_TOT_INS is either available and counts, or is refused with
 * PAPI_ENOEVNT.
 * Exit 0 passes, 77 skips, 1 fails.
 */
#include <ctype.h>
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

#define CHECK(cond, ...)                                                \
	do {                                                            \
		if (!(cond)) {                                          \
			fprintf(stderr, "FAIL line %d: %s: ", __LINE__, \
				#cond);                                 \
			fprintf(stderr, __VA_ARGS__);                   \
			fputc('\n', stderr);                            \
			failures++;                                     \
		}                                                       \
	} while (0)

#define EXPECT(call, want)                                                   \
	do {                                                                 \
		int r_ = (call);                                             \
		if (r_ != (want)) {                                          \
			fprintf(stderr,                                      \
				"FAIL line %d: %s returned %d (%s), "        \
				"want %s\n",                                 \
				__LINE__, #call, r_,                         \
				PAPI_strerror(r_) ? PAPI_strerror(r_) : "?", \
				#want);                                      \
			failures++;                                          \
		}                                                            \
	} while (0)

#define OK(call) EXPECT(call, PAPI_OK)

/* PAPI 7.0 has 108 presets, PAPI_L1_DCM (0) to PAPI_REF_CYC (107). */
#define N_PRESETS 108
_Static_assert(PAPI_END_idx == N_PRESETS, "PAPI 7.0 defines 108 presets");

/* Bounds on walks, so that a broken enumeration cannot loop forever. */
#define MAX_NATIVES 200000
#define MAX_UMASK_EVENTS 64

static volatile double sink;

static void burn(long n)
{
	double x = 0;
	long i;

	for (i = 0; i < n; i++)
		x += (double)i * 0.5;
	sink = x;
}

static const char *err(int code)
{
	const char *s = PAPI_strerror(code);

	return s ? s : "?";
}

/* Count one event alone: add, start, some work, stop. Returns the PAPI
 * code of the first call that failed, with the value in *value. */
static int count_alone(int code, long long *value)
{
	int es = PAPI_NULL, ret;

	*value = -1;
	ret = PAPI_create_eventset(&es);
	if (ret != PAPI_OK)
		return ret;
	ret = PAPI_add_event(es, code);
	if (ret == PAPI_OK) {
		ret = PAPI_start(es);
		if (ret == PAPI_OK) {
			burn(2000000);
			ret = PAPI_stop(es, value);
		}
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return ret;
}

/* ---- Presets ------------------------------------------------------------- */

static int avail[N_PRESETS]; /* PAPI_query_event said PAPI_OK */

static void test_presets(void)
{
	PAPI_event_info_t info;
	char name[PAPI_MAX_STR_LEN], lower[PAPI_MAX_STR_LEN];
	int i, code, back, n, seen[N_PRESETS], ret;

	/* By index: every preset has a name that leads back to it. */
	for (i = 0; i < N_PRESETS; i++) {
		code = i | PAPI_PRESET_MASK;
		ret = PAPI_event_code_to_name(code, name);
		CHECK(ret == PAPI_OK, "preset %d has no name: %s", i, err(ret));
		if (ret != PAPI_OK)
			continue;
		CHECK(!strncmp(name, "PAPI_", 5), "preset %d is named %s", i,
		      name);
		back = 0;
		OK(PAPI_event_name_to_code(name, &back));
		CHECK(back == code, "%s -> %#x, want %#x", name, back, code);
		/* Preset names are matched without regard to case. */
		for (n = 0; name[n]; n++)
			lower[n] = (char)tolower((unsigned char)name[n]);
		lower[n] = '\0';
		back = 0;
		OK(PAPI_event_name_to_code(lower, &back));
		CHECK(back == code, "%s -> %#x, want %#x", lower, back, code);

		memset(&info, 0, sizeof(info));
		OK(PAPI_get_event_info(code, &info));
		CHECK(!strcmp(info.symbol, name), "info of %s says %s", name,
		      info.symbol);
		CHECK(info.event_code == (unsigned int)code,
		      "info of %s has code %#x", name, info.event_code);
		CHECK(info.short_descr[0] && info.long_descr[0],
		      "%s has no description", name);

		ret = PAPI_query_event(code);
		avail[i] = ret == PAPI_OK;
		CHECK(ret == PAPI_OK || ret == PAPI_ENOEVNT,
		      "PAPI_query_event(%s): %s", name, err(ret));
		/* Available exactly when made of native events. */
		CHECK(avail[i] == (info.count > 0),
		      "%s: query %d but %u native terms", name, ret,
		      info.count);
		CHECK(info.count <= PAPI_MAX_INFO_TERMS, "%s: %u terms", name,
		      info.count);
	}
	/* One past the last is no preset. */
	code = N_PRESETS | PAPI_PRESET_MASK;
	CHECK(PAPI_event_code_to_name(code, name) < 0,
	      "a name for preset index %d", N_PRESETS);

	/* PAPI_ENUM_FIRST, then PAPI_ENUM_EVENTS: all 108, in order. */
	memset(seen, 0, sizeof(seen));
	code = PAPI_PRESET_MASK;
	OK(PAPI_enum_event(&code, PAPI_ENUM_FIRST));
	CHECK(code == PAPI_PRESET_MASK, "first preset %#x", code);
	n = 0;
	do {
		i = code & PAPI_PRESET_AND_MASK;
		CHECK(IS_PRESET(code) && i < N_PRESETS, "walked to %#x", code);
		if (!IS_PRESET(code) || i >= N_PRESETS)
			break;
		CHECK(!seen[i], "preset %d walked twice", i);
		CHECK(i == n, "preset %d walked as number %d", i, n);
		seen[i] = 1;
		n++;
	} while (n <= N_PRESETS &&
		 PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK);
	CHECK(n == N_PRESETS, "PAPI_ENUM_EVENTS walked %d presets, want %d", n,
	      N_PRESETS);

	/* PAPI_PRESET_ENUM_AVAIL: after the first (which PAPI_ENUM_FIRST
	 * gives whatever it is), exactly the available ones. */
	memset(seen, 0, sizeof(seen));
	code = PAPI_PRESET_MASK;
	OK(PAPI_enum_event(&code, PAPI_ENUM_FIRST));
	if (avail[0])
		seen[0] = 1;
	n = 0;
	while (n++ <= N_PRESETS &&
	       PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK) {
		i = code & PAPI_PRESET_AND_MASK;
		CHECK(IS_PRESET(code) && i < N_PRESETS, "walked to %#x", code);
		if (!IS_PRESET(code) || i >= N_PRESETS)
			break;
		CHECK(avail[i],
		      "PAPI_PRESET_ENUM_AVAIL gave %#x, which "
		      "PAPI_query_event refuses",
		      code);
		CHECK(!seen[i], "preset %d walked twice", i);
		seen[i] = 1;
	}
	for (i = 0, n = 0; i < N_PRESETS; i++) {
		CHECK(seen[i] == avail[i], "preset %d: available %d, walked %d",
		      i, avail[i], seen[i]);
		n += avail[i];
	}
	printf("%d of %d presets available\n", n, N_PRESETS);
}

/* Every available preset counts alone; an unavailable one is refused with
 * PAPI_ENOEVNT. Its terms are native events of its component. */
static void test_preset_counting(void)
{
	PAPI_event_info_t info;
	char name[PAPI_MAX_STR_LEN];
	long long v;
	int i, j, ret, code, cidx, t;

	for (i = 0; i < N_PRESETS; i++) {
		code = i | PAPI_PRESET_MASK;
		PAPI_event_code_to_name(code, name);
		memset(&info, 0, sizeof(info));
		OK(PAPI_get_event_info(code, &info));
		if (!avail[i]) {
			int es = PAPI_NULL;

			OK(PAPI_create_eventset(&es));
			EXPECT(PAPI_add_event(es, code), PAPI_ENOEVNT);
			EXPECT(PAPI_num_events(es), 0);
			OK(PAPI_destroy_eventset(&es));
			continue;
		}
		ret = count_alone(code, &v);
		CHECK(ret == PAPI_OK,
		      "%s is available but does not count "
		      "alone: %s",
		      name, err(ret));
		CHECK(ret != PAPI_OK || v >= 0, "%s counted %lld", name, v);

		cidx = PAPI_get_event_component(code);
		CHECK(cidx >= 0 && cidx < PAPI_num_components(),
		      "%s is in component %d", name, cidx);
		for (j = 0; j < (int)info.count && j < PAPI_MAX_INFO_TERMS;
		     j++) {
			CHECK(info.name[j][0], "%s: term %d has no name", name,
			      j);
			CHECK(IS_NATIVE((int)info.code[j]),
			      "%s: term %d code %#x is not native", name, j,
			      info.code[j]);
			t = 0;
			OK(PAPI_event_name_to_code(info.name[j], &t));
			CHECK(t == (int)info.code[j],
			      "%s: term %s resolves to %#x, info says %#x",
			      name, info.name[j], t, info.code[j]);
			CHECK(PAPI_get_event_component(t) == cidx,
			      "%s: term %s is in component %d, the preset in "
			      "%d",
			      name, info.name[j], PAPI_get_event_component(t),
			      cidx);
		}
	}

	/* The core presets: counted, or refused with PAPI_ENOEVNT. */
	{
		static const int core[] = { PAPI_TOT_CYC, PAPI_TOT_INS,
					    PAPI_REF_CYC };

		for (i = 0; i < 3; i++) {
			ret = count_alone(core[i], &v);
			PAPI_event_code_to_name(core[i], name);
			CHECK(ret == PAPI_OK || ret == PAPI_ENOEVNT,
			      "%s: %s, want counted or PAPI_ENOEVNT", name,
			      err(ret));
			CHECK((ret == PAPI_OK) ==
				      avail[core[i] & PAPI_PRESET_AND_MASK],
			      "%s: counts %d, available %d", name,
			      ret == PAPI_OK,
			      avail[core[i] & PAPI_PRESET_AND_MASK]);
			if (ret == PAPI_OK && core[i] != PAPI_TOT_INS)
				CHECK(v > 0,
				      "%s counted %lld cycles over "
				      "busy work",
				      name, v);
		}
	}
}

/* PAPI_REF_CYC: where available, made of at least one native event. */
static void test_ref_cyc(void)
{
	PAPI_event_info_t info;
	int code = 0;

	memset(&info, 0, sizeof(info));
	OK(PAPI_get_event_info(PAPI_REF_CYC, &info));
	CHECK(!strcmp(info.symbol, "PAPI_REF_CYC"), "symbol %s", info.symbol);
	if (!avail[PAPI_REF_CYC & PAPI_PRESET_AND_MASK]) {
		printf("note: PAPI_REF_CYC is not available here\n");
		CHECK(info.count == 0, "unavailable, %u terms", info.count);
		return;
	}
	CHECK(info.count >= 1, "PAPI_REF_CYC has %u native terms", info.count);
	CHECK(info.name[0][0] && strncmp(info.name[0], "PAPI_", 5),
	      "PAPI_REF_CYC's first term is \"%s\", not a native name",
	      info.name[0]);
	OK(PAPI_event_name_to_code(info.name[0], &code));
	CHECK(IS_NATIVE(code), "%s resolves to %#x", info.name[0], code);
	CHECK(info.component_index == PAPI_get_event_component(code),
	      "PAPI_REF_CYC in component %d, its term in %d",
	      info.component_index, PAPI_get_event_component(code));
	printf("PAPI_REF_CYC is %s (%u term%s)\n", info.name[0], info.count,
	       info.count == 1 ? "" : "s");
}

/* ---- Native events ------------------------------------------------------- */

/* code -> name -> code, the info, the component, the query. */
static int check_native(int line, int cidx, int code)
{
	PAPI_event_info_t info;
	char name[PAPI_MAX_STR_LEN];
	int back = 0, ret, bad = failures;

	ret = PAPI_event_code_to_name(code, name);
	if (ret != PAPI_OK) {
		fprintf(stderr,
			"FAIL line %d: native %#x of component %d "
			"has no name: %s\n",
			line, code, cidx, err(ret));
		failures++;
		return -1;
	}
	CHECK(IS_NATIVE(code), "%s has the non-native code %#x", name, code);
	ret = PAPI_event_name_to_code(name, &back);
	CHECK(ret == PAPI_OK && back == code, "line %d: %#x -> %s -> %#x (%s)",
	      line, code, name, back, err(ret));
	memset(&info, 0, sizeof(info));
	ret = PAPI_get_event_info(code, &info);
	CHECK(ret == PAPI_OK, "PAPI_get_event_info(%s): %s", name, err(ret));
	if (ret == PAPI_OK) {
		CHECK(!strcmp(info.symbol, name), "info of %s says %s", name,
		      info.symbol);
		CHECK(info.event_code == (unsigned int)code,
		      "info of %s has code %#x, want %#x", name,
		      info.event_code, code);
		CHECK(info.component_index == cidx,
		      "info of %s says component %d, want %d", name,
		      info.component_index, cidx);
	}
	EXPECT(PAPI_get_event_component(code), cidx);
	ret = PAPI_query_event(code);
	CHECK(ret == PAPI_OK, "PAPI_query_event(%s): %s", name, err(ret));
	return failures == bad ? 0 : -1;
}

/* The umasks of one event: each is a different code whose name extends
 * the event's, and which round-trips. Returns how many there were. */
static int walk_umasks(int cidx, int base)
{
	char bname[PAPI_MAX_STR_LEN], uname[PAPI_MAX_STR_LEN];
	int code = base, n = 0, prev = base;

	if (PAPI_event_code_to_name(base, bname) != PAPI_OK)
		return 0;
	while (n < 256 && PAPI_enum_cmp_event(&code, PAPI_NTV_ENUM_UMASKS,
					      cidx) == PAPI_OK) {
		n++;
		CHECK(code != base && code != prev,
		      "umask %d of %s did not move on (%#x)", n, bname, code);
		if (code == base || code == prev)
			break;
		prev = code;
		if (check_native(__LINE__, cidx, code) < 0)
			break;
		PAPI_event_code_to_name(code, uname);
		CHECK(!strncmp(uname, bname, strlen(bname)) &&
			      uname[strlen(bname)] == ':',
		      "umask %s of %s", uname, bname);
	}
	CHECK(n < 256, "%s has 256 umasks or more: a loop?", bname);
	return n;
}

static void test_natives(void)
{
	int cidx, ncmp = PAPI_num_components(), total = 0, with_umasks = 0;

	CHECK(ncmp >= 1, "%d components", ncmp);
	for (cidx = 0; cidx < ncmp; cidx++) {
		const PAPI_component_info_t *ci = PAPI_get_component_info(cidx);
		int code = PAPI_NATIVE_MASK, n = 0, prev = 0, ret;

		CHECK(ci != NULL, "no info for component %d", cidx);
		if (!ci)
			continue;
		ret = PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx);
		if (ci->disabled) {
			CHECK(ret < 0, "disabled component %s enumerates",
			      ci->name);
			continue;
		}
		if (ret != PAPI_OK) {
			printf("note: component %s lists no native events\n",
			       ci->name);
			continue;
		}
		do {
			CHECK(n == 0 || code != prev,
			      "%s: the walk repeats "
			      "%#x",
			      ci->name, code);
			if (n && code == prev)
				break;
			prev = code;
			if (check_native(__LINE__, cidx, code) == 0 &&
			    with_umasks < MAX_UMASK_EVENTS &&
			    walk_umasks(cidx, code) > 0)
				with_umasks++;
			n++;
		} while (n < MAX_NATIVES &&
			 PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) ==
				 PAPI_OK);
		CHECK(n < MAX_NATIVES, "%s lists %d events: a loop?", ci->name,
		      n);
		CHECK(ci->num_native_events <= 0 || ci->num_native_events == n,
		      "%s says %d native events, lists %d", ci->name,
		      ci->num_native_events, n);
		printf("component %s: %d native events listed\n", ci->name, n);
		total += n;

		/* PAPI_enum_event without a component walks component 0's
		 * natives the same way. */
		if (cidx == 0) {
			int a = PAPI_NATIVE_MASK, b = PAPI_NATIVE_MASK;

			OK(PAPI_enum_event(&a, PAPI_ENUM_FIRST));
			OK(PAPI_enum_cmp_event(&b, PAPI_ENUM_FIRST, 0));
			CHECK(a == b, "first native %#x vs %#x", a, b);
			if (PAPI_enum_event(&a, PAPI_ENUM_EVENTS) == PAPI_OK) {
				OK(PAPI_enum_cmp_event(&b, PAPI_ENUM_EVENTS,
						       0));
				CHECK(a == b, "second native %#x vs %#x", a, b);
			}
		}
	}
	CHECK(total > 0, "no native events at all");
	printf("%d listed native events had umasks\n", with_umasks);
}

/* An event known to have umasks, whether or not it is listed here
 * (without a PMU the kernel's generic cache events are not listed). */
static void test_known_umasks(void)
{
	int code = 0, cidx, n;

	if (PAPI_event_name_to_code("perf::PERF_COUNT_HW_CACHE_L1D", &code) !=
	    PAPI_OK) {
		printf("note: perf::PERF_COUNT_HW_CACHE_L1D is not known "
		       "here; umask walk of a known event skipped\n");
		return;
	}
	cidx = PAPI_get_event_component(code);
	CHECK(cidx >= 0, "its component is %d", cidx);
	if (check_native(__LINE__, cidx, code) < 0)
		return;
	n = walk_umasks(cidx, code);
	/* READ, WRITE, PREFETCH (operations), ACCESS, MISS (results). */
	CHECK(n >= 2, "perf::PERF_COUNT_HW_CACHE_L1D has %d umasks", n);
	/* A fully qualified name resolves too. */
	OK(PAPI_event_name_to_code("perf::PERF_COUNT_HW_CACHE_L1D:READ:MISS",
				   &code));
	check_native(__LINE__, cidx, code);
}

/* ---- Naming syntaxes ----------------------------------------------------- */

/* The name resolves, round-trips, and counts more than zero (or, for an
 * event the machine may lack, is refused). Returns the code or 0. */
static int named(int line, const char *name, int must_count)
{
	long long v;
	int code = 0, ret, cidx;

	ret = PAPI_event_name_to_code(name, &code);
	if (ret != PAPI_OK) {
		fprintf(stderr, "FAIL line %d: %s does not resolve: %s\n", line,
			name, err(ret));
		failures++;
		return 0;
	}
	cidx = PAPI_get_event_component(code);
	check_native(line, cidx, code);
	ret = count_alone(code, &v);
	if (must_count) {
		if (ret != PAPI_OK || v <= 0) {
			fprintf(stderr, "FAIL line %d: %s counted %lld (%s)\n",
				line, name, v, err(ret));
			failures++;
		}
	}
	/* Adding it by name gives the same event. */
	{
		int es = PAPI_NULL, got[2], n = 2;

		OK(PAPI_create_eventset(&es));
		ret = PAPI_add_named_event(es, name);
		if (ret == PAPI_OK) {
			OK(PAPI_list_events(es, got, &n));
			CHECK(n == 1 && got[0] == code,
			      "line %d: %s added as %#x, resolves to %#x", line,
			      name, got[0], code);
			OK(PAPI_remove_named_event(es, name));
		}
		EXPECT(PAPI_num_events(es), 0);
		PAPI_cleanup_eventset(es);
		OK(PAPI_destroy_eventset(&es));
	}
	return code;
}

static void test_syntaxes(void)
{
	int plain, mod, code = 0, have_msr;
	long long v;

	/* libpfm4 syntax. */
	plain = named(__LINE__, "perf::TASK-CLOCK", 1);
	named(__LINE__, "perf::PAGE-FAULTS", 0);
	named(__LINE__, "perf::CONTEXT-SWITCHES", 0);
	named(__LINE__, "perf::PERF_COUNT_SW_TASK_CLOCK", 1);
	/* With a modifier: counting at user level only still counts a busy
	 * loop. */
	mod = named(__LINE__, "perf::TASK-CLOCK:u=1", 1);
	named(__LINE__, "perf::TASK-CLOCK:u", 1);
	/* The name as given is the name kept. */
	if (mod) {
		char name[PAPI_MAX_STR_LEN];

		OK(PAPI_event_code_to_name(mod, name));
		CHECK(!strcmp(name, "perf::TASK-CLOCK:u=1") ||
			      !strcmp(name, "perf::TASK-CLOCK"),
		      "perf::TASK-CLOCK:u=1 is called %s", name);
	}

	/* perf sysfs syntax, where the msr PMU exists (x86). */
	have_msr = PAPI_event_name_to_code("msr/tsc/", &code) == PAPI_OK;
	if (have_msr) {
		named(__LINE__, "msr/tsc/", 1);
		/* The TSC runs at a fixed rate: over busy work it ticks a
		 * lot more than a million times. */
		if (count_alone(code, &v) == PAPI_OK)
			CHECK(v > 1000, "msr/tsc/ counted %lld", v);
	} else {
		printf("note: no msr PMU here; msr/tsc/ not tested\n");
	}
	/* Raw terms of a sysfs PMU every perf_event kernel has: software
	 * event 1 is the task clock. (Where the sysfs syntax is known.) */
	if (PAPI_event_name_to_code("software/config=1/", &code) == PAPI_OK)
		named(__LINE__, "software/config=1/", 1);
	(void)plain;
}

int main(void)
{
	int ret;

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init: %d\n", ret);
		return 77;
	}
	{
		long long v;
		int code;

		if (PAPI_event_name_to_code("perf::TASK-CLOCK", &code) !=
			    PAPI_OK ||
		    (ret = count_alone(code, &v)) != PAPI_OK) {
			printf("SKIP: perf::TASK-CLOCK cannot be counted "
			       "here\n");
			return 77;
		}
	}

	test_presets();
	test_preset_counting();
	test_ref_cyc();
	test_natives();
	test_known_umasks();
	test_syntaxes();

	PAPI_shutdown();
	if (failures)
		printf("%d failures\n", failures);
	return failures ? 1 : 0;
}
