// SPDX-License-Identifier: BSD-3-Clause
/*
 * core/preset.c and the perf_event component's preset tables:
 *  - postfix formulas: which are accepted, and what they compute (in real
 *    numbers as PAPI 7 does, exact for large integer counts, x/0 = 0);
 *  - derived presets against a fake component whose counts are known, both
 *    through PAPI_get_event_info and through an EventSet;
 *  - a user's table (PAPI_PRESET_TABLE) tried before the embedded one;
 *  - a hybrid machine (cpu_core + cpu_atom in a fake sysfs tree), where
 *    presets add the counts of both core types;
 *  - Arm PMUv3 PMUs in the fake sysfs tree: a row whose sysfs-syntax event
 *    is a common event the PMU does not list is dropped.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cmp/cmp.h"
#include "components/perf_event/pe_presets.h"
#include "core/lib.h"
#include "core/preset.h"
#include "fake_os.h"
#include "papi.h"
#include "unit.h"

/*
 * PAPI_read computes a postfix preset only once core/evset_count.c's
 * compute() calls papi__preset_eval for it (issue 5, coordinated with the
 * counting rework of issue 4); until then only the direct evaluation is
 * checked.
 */
#ifndef COMPUTE_HAS_POSTFIX
#define COMPUTE_HAS_POSTFIX 1
#endif

/* '#' in formulas: the CPU's cycles per second at this maximum clock. */
#define TEST_MHZ 2500

static const struct {
	int line;
	const char *postfix;
	int nterms;
	int ok;
	long long want; /* with terms 1000, 300, 7, 50 */
} formulas[] = {
	{ __LINE__, "N0|", 1, 1, 1000 },
	{ __LINE__, "N0|N1|+|", 2, 1, 1300 },
	{ __LINE__, "N0|N1|-|", 2, 1, 700 },
	{ __LINE__, "N0|N1|2|*|+|N2|-|", 3, 1, 1593 },
	{ __LINE__, "N0|N3|/|", 4, 0, 0 }, /* N1, N2 unused */
	/* Real numbers, truncated at the end: 1000/300 x 57 = 190, where
	 * integers would give 3 x 57. */
	{ __LINE__, "N0|N1|/|N2|N3|+|*|", 4, 1, 190 },
	{ __LINE__, "N0|N1|2|*|/|100|*|", 2, 1, 166 }, /* 166.67 */
	{ __LINE__, "N1|N0|/|100|*|", 2, 1, 30 },
	{ __LINE__, "N1|N0|-|3|/|", 2, 1, -233 }, /* toward zero */
	/* x/0 is 0, and evaluation goes on; 0/0 too. */
	{ __LINE__, "N0|0|/|", 1, 1, 0 },
	{ __LINE__, "N0|0|/|5|+|", 1, 1, 5 },
	{ __LINE__, "N0|N0|-|N0|N0|-|/|", 1, 1, 0 },
	/* '#': cycles per second. */
	{ __LINE__, "N0|#|*|", 1, 1, 1000LL * TEST_MHZ * 1000000 },
	{ __LINE__, "#|N1|/|", 2, 0, 0 }, /* N0 unused */
	{ __LINE__, "#|N0|/|", 1, 1, 2500000 },
	{ __LINE__, "N0|#x|*|", 1, 0, 0 },
	{ __LINE__, "N0|##|*|", 1, 0, 0 },
	/* Beyond 64 bits: a double, clamped at the end. */
	{ __LINE__, "N0|9223372036854775807|+|", 1, 1, LLONG_MAX },
	{ __LINE__, "N0|99999999999999999999|+|", 1, 0, 0 },
	{ __LINE__, "N0|N1|+", 2, 1, 1300 }, /* last '|' optional */
	{ __LINE__, "N0|N1|", 2, 0, 0 }, /* two values left */
	{ __LINE__, "N0|+|", 1, 0, 0 }, /* operand missing */
	{ __LINE__, "N0|N2|+|", 2, 0, 0 }, /* no term 2 */
	{ __LINE__, "N0|N1|^|", 2, 0, 0 }, /* no such operator */
	{ __LINE__, "N0|N1x|+|", 2, 0, 0 },
	{ __LINE__, "", 1, 0, 0 },
};

static const long long counts[] = { 1000, 300, 7, 50 };

/* Counts near 2^63: a double holds integers exactly only to 2^53. POW18
 * is N0 to the 18th power, 2^1134: beyond a double's range (infinite). */
#define MUL4 "N0|*|N0|*|N0|*|N0|*|"
#define POW18 "N0|" MUL4 MUL4 MUL4 MUL4 "N0|*|"
static const struct {
	int line;
	const char *postfix;
	long long want; /* with terms LLONG_MAX, LLONG_MAX - 1, 2^62 + 1 */
} big_formulas[] = {
	/* In doubles N0 - N1 would be 0, and the results 2^62, 0... */
	{ __LINE__, "N0|N1|-|N2|+|", (1LL << 62) + 2 },
	{ __LINE__, "N0|N1|-|N2|*|N2|-|N2|+|", (1LL << 62) + 1 },
	{ __LINE__, "N1|N0|-|N0|*|N2|+|", -LLONG_MAX + (1LL << 62) + 1 },
	/* Past 64 bits a double takes over, clamped at the end. */
	{ __LINE__, "N0|N0|/|N1|*|N2|+|", LLONG_MAX },
	{ __LINE__, "N1|N0|-|N0|*|2|*|N2|+|", LLONG_MIN },
	{ __LINE__, "N0|2|*|4|/|N1|N1|-|*|N2|+|", (1LL << 62) + 1 },
	{ __LINE__, POW18 "N1|N2|+|+|", LLONG_MAX },
	{ __LINE__, POW18 POW18 "-|N1|*|N2|+|", 0 }, /* inf - inf */
	/* LLONG_MIN / -1 overflows (a trap on x86 in integers). */
	{ __LINE__, "0|N0|-|1|-|0|1|-|/|N1|N2|-|+|", LLONG_MAX },
};

static const long long big[] = { LLONG_MAX, LLONG_MAX - 1, (1LL << 62) + 1 };

static void test_formulas(void)
{
	size_t i;

	papi__lib.hw.cpu_max_mhz = TEST_MHZ;

	for (i = 0; i < sizeof(formulas) / sizeof(formulas[0]); i++) {
		int ok = papi__preset_postfix_check(formulas[i].postfix,
						    formulas[i].nterms) ==
			 PAPI_OK;

		CHECK_EQ_AT(formulas[i].line, ok, formulas[i].ok);
		if (ok)
			CHECK_EQ_AT(formulas[i].line,
				    papi__preset_postfix_eval(
					    formulas[i].postfix, counts),
				    formulas[i].want);
	}
	CHECK(papi__preset_postfix_check(NULL, 1) == PAPI_EINVAL);
	/* An unknown clock: '#' is 0, and dividing by it too. */
	papi__lib.hw.cpu_max_mhz = 0;
	CHECK_EQ(papi__preset_postfix_eval("N0|#|/|", counts), 0);
	for (i = 0; i < sizeof(big_formulas) / sizeof(big_formulas[0]); i++) {
		CHECK_EQ_AT(big_formulas[i].line,
			    papi__preset_postfix_check(big_formulas[i].postfix,
						       3),
			    PAPI_OK);
		CHECK_EQ_AT(big_formulas[i].line,
			    papi__preset_postfix_eval(big_formulas[i].postfix,
						      big),
			    big_formulas[i].want);
	}
}

/* ---- a fake component: four events A B C D with fixed counts --------- */

static const char *const fake_names[] = { "A", "B", "C", "D" };
#define NFAKE 4

struct papi__cmp_ctl {
	int n;
	unsigned int codes[PAPI__MAX_TERMS * 4];
};

static int fake_name_to_code(struct papi__cmp *self, const char *name,
			     unsigned int *code)
{
	unsigned int i;

	for (i = 0; i < NFAKE; i++)
		if (!strcmp(name, fake_names[i])) {
			*code = i;
			return PAPI_OK;
		}
	return PAPI_ENOEVNT;
}

static int fake_code_to_name(struct papi__cmp *self, unsigned int code,
			     char *name, int len)
{
	if (code >= NFAKE)
		return PAPI_ENOEVNT;
	snprintf(name, (size_t)len, "%s", fake_names[code]);
	return PAPI_OK;
}

static int fake_probe(struct papi__cmp *self, unsigned int code, int domain)
{
	return code < NFAKE ? PAPI_OK : PAPI_ENOEVNT;
}

static const struct papi__preset_map fake_rows[] = {
	{ PAPI_TOT_INS_idx, PAPI__NOT_DERIVED, { "A" }, NULL, NULL, NULL },
	{ PAPI_L1_TCM_idx, PAPI__DERIVED_ADD, { "A", "B" }, NULL, NULL, NULL },
	{ PAPI_L1_ICH_idx, PAPI__DERIVED_SUB, { "A", "B" }, NULL, NULL, NULL },
	{ PAPI_FP_OPS_idx,
	  PAPI__DERIVED_POSTFIX,
	  { "A", "B", "C" },
	  "ops",
	  "N0|N1|2|*|+|N2|-|",
	  NULL },
	/* Divides before it multiplies: 1000 / 600 x 100. */
	{ PAPI_FUL_CCY_idx,
	  PAPI__DERIVED_POSTFIX,
	  { "A", "B" },
	  NULL,
	  "N0|N1|2|*|/|100|*|",
	  NULL },
	/* A formula naming a term the row lacks: the preset stays out. */
	{ PAPI_L2_TCM_idx,
	  PAPI__DERIVED_POSTFIX,
	  { "A", "B" },
	  NULL,
	  "N0|N3|+|",
	  NULL },
	/* An event the component lacks: the next row is tried. */
	{ PAPI_L3_TCM_idx, PAPI__NOT_DERIVED, { "X" }, NULL, NULL, NULL },
	{ PAPI_L3_TCM_idx, PAPI__NOT_DERIVED, { "D" }, NULL, NULL, NULL },
	/* By symbol, as table rows are. */
	{ -1, PAPI__DERIVED_ADD, { "C", "D" }, NULL, NULL, "PAPI_BR_INS" },
};

static const struct papi__preset_map *fake_presets(struct papi__cmp *self,
						   int *count)
{
	*count = (int)(sizeof(fake_rows) / sizeof(fake_rows[0]));
	return fake_rows;
}

static int fake_ctl_create(struct papi__cmp *self,
			   const struct papi__ctl_opts *opts,
			   struct papi__cmp_ctl **ctl)
{
	*ctl = calloc(1, sizeof(**ctl));
	return *ctl ? PAPI_OK : PAPI_ENOMEM;
}

static void fake_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *c)
{
	free(c);
}

static int fake_ctl_add(struct papi__cmp *self, struct papi__cmp_ctl *c,
			unsigned int code)
{
	if (c->n == (int)(sizeof(c->codes) / sizeof(c->codes[0])))
		return PAPI_ECNFLCT;
	c->codes[c->n++] = code;
	return PAPI_OK;
}

static int fake_ctl_remove(struct papi__cmp *self, struct papi__cmp_ctl *c,
			   int pos)
{
	memmove(&c->codes[pos], &c->codes[pos + 1],
		(size_t)(c->n - pos - 1) * sizeof(c->codes[0]));
	c->n--;
	return PAPI_OK;
}

static int fake_ok(struct papi__cmp *self, struct papi__cmp_ctl *c)
{
	return PAPI_OK;
}

static int fake_read(struct papi__cmp *self, struct papi__cmp_ctl *c,
		     long long *values)
{
	int i;

	for (i = 0; i < c->n; i++)
		values[i] = counts[c->codes[i]];
	return PAPI_OK;
}

static const struct papi__cmp_ops fake_ops = {
	.name = "fake",
	.ntv_name_to_code = fake_name_to_code,
	.ntv_code_to_name = fake_code_to_name,
	.ntv_probe = fake_probe,
	.presets = fake_presets,
	.ctl_create = fake_ctl_create,
	.ctl_destroy = fake_ctl_destroy,
	.ctl_add = fake_ctl_add,
	.ctl_remove = fake_ctl_remove,
	.start = fake_ok,
	.stop = fake_ok,
	.reset = fake_ok,
	.read = fake_read,
};

static void check_info(int line, int code, const char *derived,
		       const char *postfix, int count, const char *name0)
{
	PAPI_event_info_t info;

	CHECK_EQ_AT(line, PAPI_get_event_info(code, &info), PAPI_OK);
	CHECK_EQ_AT(line, (int)info.count, count);
	CHECK_AT(line, !strcmp(info.derived, derived));
	CHECK_AT(line, !strcmp(info.postfix, postfix));
	if (count)
		CHECK_AT(line, !strcmp(info.name[0], name0));
}

static long long eval_with_counts(int idx)
{
	const struct papi__preset *p = papi__preset_get(idx);
	long long t[PAPI__MAX_TERMS];
	int i;

	for (i = 0; i < p->nterms; i++)
		t[i] = counts[p->terms[i]];
	return papi__preset_eval(idx, t);
}

/* Presets of the fake component: what info says, what they count. */
static void test_derived(void)
{
	struct papi__cmp saved = papi__lib.cmp[0];
	struct papi__cmp *c = &papi__lib.cmp[0];
	long long v[5];
	int es = PAPI_NULL;

	memset(c, 0, sizeof(*c));
	c->ops = &fake_ops;
	c->cidx = 0;
	c->info.default_domain = PAPI_DOM_USER;
	papi__preset_init();

	check_info(__LINE__, PAPI_TOT_INS, "NOT_DERIVED", "", 1, "A");
	check_info(__LINE__, PAPI_L1_TCM, "DERIVED_ADD", "", 2, "A");
	check_info(__LINE__, PAPI_L1_ICH, "DERIVED_SUB", "", 2, "A");
	check_info(__LINE__, PAPI_FP_OPS, "DERIVED_POSTFIX",
		   "N0|N1|2|*|+|N2|-|", 3, "A");
	check_info(__LINE__, PAPI_L3_TCM, "NOT_DERIVED", "", 1, "D");
	check_info(__LINE__, PAPI_BR_INS, "DERIVED_ADD", "", 2, "C");
	CHECK_EQ(PAPI_query_event(PAPI_L2_TCM), PAPI_ENOEVNT);

	CHECK_EQ(eval_with_counts(PAPI_TOT_INS_idx), 1000);
	CHECK_EQ(eval_with_counts(PAPI_L1_TCM_idx), 1300);
	CHECK_EQ(eval_with_counts(PAPI_L1_ICH_idx), 700);
	CHECK_EQ(eval_with_counts(PAPI_FP_OPS_idx), 1593);
	CHECK_EQ(eval_with_counts(PAPI_BR_INS_idx), 57);
	CHECK_EQ(eval_with_counts(PAPI_FUL_CCY_idx), 166);

	/* The same through an EventSet: shared terms are counted once. */
	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	CHECK_EQ(PAPI_add_event(es, PAPI_L1_TCM), PAPI_OK);
	CHECK_EQ(PAPI_add_event(es, PAPI_L1_ICH), PAPI_OK);
	CHECK_EQ(PAPI_add_event(es, PAPI_TOT_INS), PAPI_OK);
	CHECK_EQ(PAPI_add_event(es, PAPI_FP_OPS), PAPI_OK);
	CHECK_EQ(PAPI_add_event(es, PAPI_FUL_CCY), PAPI_OK);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 1300);
	CHECK_EQ(v[1], 700);
	CHECK_EQ(v[2], 1000);
	if (COMPUTE_HAS_POSTFIX) {
		CHECK_EQ(v[3], 1593);
		CHECK_EQ(v[4], 166);
	}
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);

	*c = saved;
	papi__preset_init();
}

/* A user's table: its rows come first, bad rows are skipped. */
static void test_user_table(void)
{
	PAPI_event_info_t info;

	CHECK_EQ(PAPI_get_event_info(PAPI_REF_CYC, &info), PAPI_OK);
	CHECK(!strcmp(info.name[0], "perf::PERF_COUNT_SW_CPU_CLOCK"));
	CHECK(!strcmp(info.note, "mine; with a semicolon"));
	CHECK_EQ(PAPI_get_event_info(PAPI_L1_DCM, &info), PAPI_OK);
	CHECK(!strcmp(info.name[0], "perf::PERF_COUNT_SW_TASK_CLOCK"));
	CHECK(!strcmp(info.derived, "DERIVED_POSTFIX"));
	CHECK(!strcmp(info.postfix, "N0|N1|-|"));
	/* The row for an absent family and the malformed one are skipped. */
	CHECK_EQ(PAPI_get_event_info(PAPI_L2_DCM, &info), PAPI_OK);
	CHECK_EQ((int)info.count, 0);
	/* '#' in a table's formula is no comment: a rate preset. */
	CHECK_EQ(PAPI_get_event_info(PAPI_FUL_CCY, &info), PAPI_OK);
	CHECK_EQ((int)info.count, 1);
	CHECK(!strcmp(info.postfix, "N0|#|/|"));
	/* The embedded rows still apply to everything else. */
	CHECK_EQ(PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
}

static const char user_table[] =
	"# a user's table\n"
	"generic ; PAPI_REF_CYC ; - ; perf::PERF_COUNT_SW_CPU_CLOCK ; mine; "
	"with a semicolon\n"
	"generic;PAPI_L1_DCM;N0|N1|-|;perf::PERF_COUNT_SW_TASK_CLOCK "
	"perf::PERF_COUNT_SW_CPU_CLOCK\n"
	"nosuchpmu ; PAPI_L2_DCM ; - ; perf::PERF_COUNT_SW_CPU_CLOCK\n"
	"generic ; PAPI_L2_DCM ; WHAT ; perf::PERF_COUNT_SW_CPU_CLOCK\n"
	"generic ; PAPI_L2_DCM\n"
	"generic ; PAPI_FUL_CCY ; N0|#|/| ; perf::PERF_COUNT_SW_TASK_CLOCK\n";

/* cpu_core and cpu_atom with the kernel's aliases, as on Alder Lake. */
static int make_hybrid(void)
{
	static const char *const pmus[] = { "cpu_core", "cpu_atom" };
	static const char *const ev[][2] = {
		{ "cpu-cycles", "event=0x3c\n" },
		{ "instructions", "event=0xc0\n" },
		{ "branch-instructions", "event=0xc4\n" },
		{ "branch-misses", "event=0xc5\n" },
	};
	char path[160];
	int i, j, ret = 0;

	for (i = 0; i < 2; i++) {
		snprintf(path, sizeof(path),
			 "/sys/bus/event_source/devices/%s/type", pmus[i]);
		ret |= fake_os_mkfile(path, i ? "10\n" : "8\n");
		snprintf(path, sizeof(path),
			 "/sys/bus/event_source/devices/%s/format/event",
			 pmus[i]);
		ret |= fake_os_mkfile(path, "config:0-7\n");
		for (j = 0; j < 4; j++) {
			snprintf(path, sizeof(path),
				 "/sys/bus/event_source/devices/%s/events/%s",
				 pmus[i], ev[j][0]);
			ret |= fake_os_mkfile(path, ev[j][1]);
		}
	}
	return ret;
}

static void test_hybrid(void)
{
	PAPI_event_info_t info;

	CHECK_EQ(PAPI_get_event_info(PAPI_TOT_CYC, &info), PAPI_OK);
	CHECK_EQ((int)info.count, 2);
	CHECK(!strcmp(info.derived, "DERIVED_ADD"));
	CHECK(!strcmp(info.name[0], "cpu_core/cpu-cycles/"));
	CHECK(!strcmp(info.name[1], "cpu_atom/cpu-cycles/"));
	CHECK_EQ(PAPI_get_event_info(PAPI_TOT_INS, &info), PAPI_OK);
	CHECK(!strcmp(info.name[1], "cpu_atom/instructions/"));
}

/* Counting a hybrid preset: the kernel refuses one group across cpu_core
 * and cpu_atom, so the set has one group per core PMU, both pinned, both
 * started, and the preset is their sum; times that part (the thread on
 * the other core type) scale nothing. */
static void test_hybrid_counting(void)
{
	int es = PAPI_NULL, core, atom;
	long long v[1];

	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	CHECK_EQ(PAPI_add_event(es, PAPI_TOT_INS), PAPI_OK);
	core = fake_os_find_fd(8, 0xc0);
	atom = fake_os_find_fd(10, 0xc0);
	CHECK(core >= 0 && atom >= 0);
	CHECK_EQ(fake_os_leader(core), core);
	CHECK_EQ(fake_os_leader(atom), atom);
	fake_os_log_clear();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_ENABLE), 2);
	CHECK(fake_os_enabled(core) && fake_os_enabled(atom));
	fake_os_set_count(core, 700);
	fake_os_set_count(atom, 300);
	fake_os_set_times(4000, 1000);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 1000);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	CHECK_EQ(v[0], 1000);
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
}

/*
 * Arm PMUv3 PMUs as the kernel shows them: events/ lists only what PMCEID
 * says the core implements. armv8_pmuv3 lists SW_INCR, INST_RETIRED,
 * CPU_CYCLES and one extended common event (0x4005); armv8_cortex_a57 only
 * BR_RETIRED; armv9_bare lists nothing (taken on trust).
 */
static int make_pmuv3(void)
{
	static const char *const files[][2] = {
		{ "armv8_pmuv3/type", "9\n" },
		{ "armv8_pmuv3/format/event", "config:0-15\n" },
		{ "armv8_pmuv3/events/sw_incr", "event=0x00\n" },
		{ "armv8_pmuv3/events/inst_retired", "event=0x08\n" },
		{ "armv8_pmuv3/events/cpu_cycles", "event=0x11\n" },
		{ "armv8_pmuv3/events/stall_backend_mem", "event=0x4005\n" },
		{ "armv8_cortex_a57/type", "15\n" },
		{ "armv8_cortex_a57/format/event", "config:0-15\n" },
		{ "armv8_cortex_a57/events/br_retired", "event=0x21\n" },
		{ "armv9_bare/type", "16\n" },
		{ "armv9_bare/format/event", "config:0-15\n" },
	};
	char path[160];
	size_t i;
	int ret = 0;

	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s",
			 files[i][0]);
		ret |= fake_os_mkfile(path, files[i][1]);
	}
	return ret;
}

/* Rows in sysfs syntax, each spelling: those counting a common event their
 * PMU does not list are dropped, and the next row of the preset wins. */
static const char pmuv3_table[] =
	"generic ; PAPI_BR_INS ; - ; armv8_pmuv3/event=0x21/\n"
	"generic ; PAPI_BR_INS ; - ; armv8_cortex_a57/br_retired/\n"
	"generic ; PAPI_BR_CN ; - ; armv8_pmuv3/config=0x21/\n"
	"generic ; PAPI_TOT_INS ; - ; armv8_pmuv3/event=0x08/\n"
	"generic ; PAPI_TOT_CYC ; - ; armv8_pmuv3::cpu_cycles\n"
	"generic ; PAPI_SR_INS ; - ; armv8_pmuv3/sw_incr/\n"
	"generic ; PAPI_FUL_ICY ; ADD ; armv8_pmuv3/event=0x08/ "
	"armv8_pmuv3/event=0x03/\n"
	"generic ; PAPI_STL_ICY ; - ; armv8_pmuv3/event=0x4004/\n"
	"generic ; PAPI_STL_CCY ; - ; armv8_pmuv3/event=0x4005/\n"
	"generic ; PAPI_FUL_CCY ; - ; armv8_pmuv3/event=0x40/\n"
	"generic ; PAPI_FP_INS ; - ; armv9_bare/event=0x21/\n"
	"generic ; PAPI_LD_INS ; - ; cpu/event=0x21/\n"
	"generic ; PAPI_BR_TKN ; - ; armv8_cortex_a57::br_retired\n"
	"generic ; PAPI_BR_NTK ; - ; armv8_cortex_a57/event=0x08/\n";

static void test_pmuv3(void)
{
	static const struct {
		int line;
		int code;
		const char *name0; /* NULL: not available */
	} want[] = {
		{ __LINE__, PAPI_BR_INS, "armv8_cortex_a57/br_retired/" },
		{ __LINE__, PAPI_BR_CN, NULL },
		{ __LINE__, PAPI_TOT_INS, "armv8_pmuv3/event=0x08/" },
		{ __LINE__, PAPI_TOT_CYC, "armv8_pmuv3::cpu_cycles" },
		{ __LINE__, PAPI_SR_INS, "armv8_pmuv3/sw_incr/" },
		{ __LINE__, PAPI_FUL_ICY, NULL }, /* one term of two */
		{ __LINE__, PAPI_STL_ICY, NULL }, /* extended common event */
		{ __LINE__, PAPI_STL_CCY, "armv8_pmuv3/event=0x4005/" },
		/* Not a common event, and a PMU that lists none: trusted. */
		{ __LINE__, PAPI_FUL_CCY, "armv8_pmuv3/event=0x40/" },
		{ __LINE__, PAPI_FP_INS, "armv9_bare/event=0x21/" },
		{ __LINE__, PAPI_LD_INS, "cpu/event=0x21/" }, /* not PMUv3 */
		{ __LINE__, PAPI_BR_TKN, "armv8_cortex_a57::br_retired" },
		/* Listed by another PMU than the row's. */
		{ __LINE__, PAPI_BR_NTK, NULL },
	};
	PAPI_event_info_t info;
	size_t i;

	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		CHECK_EQ_AT(want[i].line,
			    PAPI_get_event_info(want[i].code, &info), PAPI_OK);
		CHECK_EQ_AT(want[i].line, (int)info.count,
			    want[i].name0 ? 1 : 0);
		if (want[i].name0 && info.count)
			CHECK_AT(want[i].line,
				 !strcmp(info.name[0], want[i].name0));
	}
}

int main(void)
{
	int ret = fake_os_std_sysfs();

	if (ret < 0)
		UNIT_SKIP("cannot build a fake sysfs tree: %s", strerror(-ret));
	test_formulas();

	CHECK_EQ(fake_os_mkfile("/etc/presets.txt", user_table), 0);
	setenv(PE_PRESET_ENV, "/etc/presets.txt", 1);
	CHECK_EQ(papi__lib_init(), PAPI_OK);
	if (papi__lib.ncmp < 1 || papi__lib.cmp[0].info.disabled)
		UNIT_SKIP("perf_event component disabled");
	CHECK(!papi__pe_preset_family_present("hybrid"));
	test_user_table();
	test_derived();
	papi__lib_shutdown();
	unsetenv(PE_PRESET_ENV);

	CHECK_EQ(make_hybrid(), 0);
	CHECK(papi__pe_preset_family_present("hybrid"));
	CHECK_EQ(papi__lib_init(), PAPI_OK);
	test_hybrid();
	test_hybrid_counting();
	papi__lib_shutdown();

	CHECK_EQ(make_pmuv3(), 0);
	CHECK_EQ(fake_os_mkfile("/etc/pmuv3.txt", pmuv3_table), 0);
	setenv(PE_PRESET_ENV, "/etc/pmuv3.txt", 1);
	CHECK_EQ(papi__lib_init(), PAPI_OK);
	test_pmuv3();
	papi__lib_shutdown();
	unsetenv(PE_PRESET_ENV);

	CHECK_EQ(fake_os_open_fds(), 0);
	return unit_exit();
}
