// SPDX-License-Identifier: BSD-3-Clause
/*
 * Every row of the embedded preset table (data/presets.txt) against
 * libpfm4's event tables, for every CPU family the table lists, present on
 * this machine or not. libpfm4 encodes only events of present PMUs, so the
 * events of the others are looked up in the PMU's table directly: the event
 * by name, then each unit mask. Families this libpfm4 build has no table
 * for (the Arm cores on an x86 build, Zen 5 and the hybrid PMUs before
 * libpfm4 4.14) are checked against what the table's comments claim: the
 * Arm architected event names, Zen 4's names, the kernel's sysfs aliases.
 */
#include <perfmon/pfmlib_perf_event.h>
#include <string.h>

#include "components/perf_event/pe_presets.h"
#include "core/preset.h"
#include "papi.h"
#include "unit.h"

/* The families the table must cover, each with at least these presets. */
static const struct {
	int line;
	const char *family;
} required[] = {
	{ __LINE__, "skl" },
	{ __LINE__, "clx" },
	{ __LINE__, "icl" },
	{ __LINE__, "spr" },
	{ __LINE__, "hybrid" },
	{ __LINE__, "amd64_fam17h_zen2" },
	{ __LINE__, "amd64_fam19h_zen3" },
	{ __LINE__, "amd64_fam19h_zen4" },
	{ __LINE__, "amd64_fam1ah_zen5" },
	{ __LINE__, "arm_ac53" },
	{ __LINE__, "arm_ac57" },
	{ __LINE__, "arm_ac72" },
	{ __LINE__, "arm_n1" },
	{ __LINE__, "arm_v1" },
	{ __LINE__, "arm_n2" },
	{ __LINE__, "arm_v2" },
	{ __LINE__, "pmuv3" },
	{ __LINE__, "generic" },
};

/*
 * Armv8 PMUv3 common event names (Arm ARM, "PMU events and event numbers"),
 * and the spellings of libpfm4's Cortex-A53/A57 tables for the same events.
 */
static const char *const arm_names[] = {
	"SW_INCR",	    "L1I_CACHE_REFILL", "L1I_TLB_REFILL",
	"L1D_CACHE_REFILL", "L1D_CACHE",	"L1D_TLB_REFILL",
	"LD_RETIRED",	    "ST_RETIRED",	"INST_RETIRED",
	"BR_MIS_PRED",	    "CPU_CYCLES",	"BR_PRED",
	"MEM_ACCESS",	    "L1I_CACHE",	"L2D_CACHE",
	"L2D_CACHE_REFILL", "BR_RETIRED",	"BR_MIS_PRED_RETIRED",
	"STALL_FRONTEND",   "STALL_BACKEND",	"LD_SPEC",
	"ST_SPEC",	    "L1D_CACHE_ACCESS", "L1I_CACHE_ACCESS",
	"L2D_CACHE_ACCESS", "BRANCH_MISPRED",
};

/* The kernel's generic event aliases in a core PMU's events/ directory. */
static const char *const sysfs_aliases[] = {
	"cpu-cycles",	 "instructions",     "branch-instructions",
	"branch-misses", "cache-references", "cache-misses",
	"ref-cycles",
};

static int in_list(const char *const *l, size_t n, const char *s)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(l[i], s))
			return 1;
	return 0;
}

/* libpfm4's PMU of this name, present or not; -1 when it has none. */
static int pfm_pmu(const char *name, pfm_pmu_info_t *pi)
{
	int p;

	pfm_for_all_pmus(p)
	{
		memset(pi, 0, sizeof(*pi));
		pi->size = sizeof(*pi);
		if (pfm_get_pmu_info(p, pi) == PFM_SUCCESS && pi->name &&
		    !strcmp(pi->name, name) && pi->nevents > 0)
			return p;
	}
	return -1;
}

static int has_umask(int ev, int nattrs, const char *um)
{
	int a;

	for (a = 0; a < nattrs; a++) {
		pfm_event_attr_info_t ai;

		memset(&ai, 0, sizeof(ai));
		ai.size = sizeof(ai);
		if (pfm_get_event_attr_info(ev, a, PFM_OS_NONE, &ai) ==
			    PFM_SUCCESS &&
		    ai.type == PFM_ATTR_UMASK && !strcasecmp(ai.name, um))
			return 1;
	}
	return 0;
}

/* "EVENT:UMASK:UMASK" in the table of PMU pi, by walking it: works for
 * PMUs that are not present, which libpfm4 will not encode. */
static int in_pmu_table(const pfm_pmu_info_t *pi, const char *spec)
{
	char buf[256], *save = NULL, *name, *um;
	int ev;

	snprintf(buf, sizeof(buf), "%s", spec);
	name = strtok_r(buf, ":", &save);
	for (ev = pi->first_event; name && ev != -1;
	     ev = pfm_get_event_next(ev)) {
		pfm_event_info_t ei;

		memset(&ei, 0, sizeof(ei));
		ei.size = sizeof(ei);
		if (pfm_get_event_info(ev, PFM_OS_NONE, &ei) != PFM_SUCCESS ||
		    strcasecmp(ei.name, name))
			continue;
		while ((um = strtok_r(NULL, ":", &save)))
			if (!has_umask(ev, ei.nattrs, um))
				return 0;
		return 1;
	}
	return 0;
}

/* A fully named libpfm4 event of a present PMU (perf::, perf_raw::). */
static int pfm_encodes(const char *name)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;

	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.attr = &attr;
	return pfm_get_os_event_encoding(name, PFM_PLM3, PFM_OS_PERF_EVENT,
					 &arg) == PFM_SUCCESS;
}

static int nvalid_pfm, nvalid_proxy;

/* One event of a row, for one of the row's families. */
static int valid_event(int line, const char *family, const char *ev)
{
	pfm_pmu_info_t pi;
	const char *slash = strchr(ev, '/');

	if (slash) {
		/* perf sysfs syntax: "pmu/alias/" with a kernel alias. */
		char alias[64];
		size_t n = strcspn(slash + 1, "/");

		if (n == 0 || n >= sizeof(alias) || slash == ev)
			return 0;
		memcpy(alias, slash + 1, n);
		alias[n] = '\0';
		nvalid_proxy++;
		return !strncmp(ev, "msr/", 4) ||
		       in_list(sysfs_aliases,
			       sizeof(sysfs_aliases) / sizeof(sysfs_aliases[0]),
			       alias);
	}
	if (strstr(ev, "::")) {
		nvalid_pfm++;
		return pfm_encodes(ev);
	}
	if (pfm_pmu(family, &pi) >= 0) {
		nvalid_pfm++;
		return in_pmu_table(&pi, ev);
	}
	nvalid_proxy++;
	if (!strncmp(family, "arm_", 4))
		return in_list(arm_names,
			       sizeof(arm_names) / sizeof(arm_names[0]), ev);
	/* Zen 5 keeps Zen 4's names for the events the table uses. */
	if (!strcmp(family, "amd64_fam1ah_zen5") &&
	    pfm_pmu("amd64_fam19h_zen4", &pi) >= 0)
		return in_pmu_table(&pi, ev);
	UNIT_FAIL_AT(line, "no way to check %s for family %s", ev, family);
	return 0;
}

static int known_family(const char *f)
{
	pfm_pmu_info_t pi;
	size_t i;

	for (i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (!strcmp(required[i].family, f))
			return 1;
	return !strcmp(f, "generic-rw") || pfm_pmu(f, &pi) >= 0;
}

static int covered[sizeof(required) / sizeof(required[0])];

static void check_row(int line, const struct pe_preset_line *l)
{
	char pmus[256], *save = NULL, *f;
	size_t i;
	int k;

	if (papi__preset_find(l->symbol) < 0)
		UNIT_FAIL_AT(line, "%s is no preset", l->symbol);
	if (l->derived == PAPI__DERIVED_POSTFIX)
		CHECK_EQ_AT(line,
			    papi__preset_postfix_check(l->postfix, l->nevents),
			    PAPI_OK);
	if (l->derived == PAPI__DERIVED_ADD || l->derived == PAPI__DERIVED_SUB)
		CHECK_AT(line, l->nevents >= 2);
	snprintf(pmus, sizeof(pmus), "%s", l->pmus);
	for (f = strtok_r(pmus, ",", &save); f;
	     f = strtok_r(NULL, ",", &save)) {
		if (!known_family(f))
			UNIT_FAIL_AT(line, "unknown family %s", f);
		for (i = 0; i < sizeof(required) / sizeof(required[0]); i++)
			if (!strcmp(required[i].family, f))
				covered[i]++;
		for (k = 0; k < l->nevents; k++)
			if (!valid_event(line, f, l->events[k]))
				UNIT_FAIL_AT(line,
					     "%s: %s is not an event of %s",
					     l->symbol, l->events[k], f);
	}
}

int main(void)
{
	char *text, *line, *save = NULL;
	int lineno = 0, rows = 0;
	size_t i;

	if (pfm_initialize() != PFM_SUCCESS)
		UNIT_SKIP("libpfm4 does not initialize here");
	text = strdup(papi__pe_presets_builtin());
	CHECK(text != NULL);
	/* strtok_r would skip empty lines and lose the numbering. */
	for (line = text; line; line = save) {
		struct pe_preset_line l;
		int ret;

		save = strchr(line, '\n');
		if (save)
			*save++ = '\0';
		lineno++;
		ret = papi__pe_preset_parse_line(line, &l);
		if (ret < 0) {
			UNIT_FAIL_AT(lineno,
				     "malformed row in data/presets.txt");
			continue;
		}
		if (ret == 1) {
			rows++;
			check_row(lineno, &l);
		}
	}
	for (i = 0; i < sizeof(required) / sizeof(required[0]); i++)
		if (covered[i] < 2)
			UNIT_FAIL_AT(required[i].line, "family %s has no rows",
				     required[i].family);
	printf("%d rows; %d events checked in libpfm4's tables, %d against "
	       "the names the table's comments give\n",
	       rows, nvalid_pfm, nvalid_proxy);
	free(text);
	pfm_terminate();
	return unit_exit();
}
