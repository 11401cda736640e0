// SPDX-License-Identifier: BSD-3-Clause
/*
 * How many hardware events one EventSet holds. An EventSet is one
 * perf_event group, which the PMU counts all at once or not at all, so
 * PAPI_add_event must refuse, with PAPI_ECNFLCT, the first event that does
 * not fit, and everything it accepted must count (never zeros).
 *
 * Events are added, each under another name for the same hardware event
 * (PAPI_TOT_INS, INST_RETIRED, arm_ac57::INST_RETIRED,
 * armv8_pmuv3/event=0x08/, ...: distinct native events to PAPI), until one
 * is refused:
 *   A  PAPI_TOT_CYC, then instruction events
 *   B  instruction events only
 *   C  cycle events only
 * On arm64 PMUv3 with n event counters (PAPI_num_cmp_hwctrs) and the
 * separate cycle counter, A takes 1 + n, B n and C n + 1. B and C are the
 * cases where Linux accepts into a disabled group one event more than the
 * PMU can count, so the library itself has to notice.
 *
 * Then: the accepted events count a loop of 1e6 iterations, all of them,
 * all instruction events count the same, 2e6 plus the few hundred of the
 * library's own, and a second run the same again (a refused event must
 * leave no trace, e.g. in the time_enabled/time_running used for scaling);
 * removing one event makes room for the refused one.
 *
 * Exit 0 pass, 1 fail, 77 skip (no hardware PMU).
 */
#include "hw_util.h"

#define MAXNAMES 16
#define ITERS 1000000UL

struct list {
	const char *name[MAXNAMES];
	int n;
};

static void push(struct list *l, const char *name)
{
	if (name && name[0] && l->n < MAXNAMES)
		l->name[l->n++] = name;
}

/* The library's own instructions in a start/stop region, at most: a few
 * hundred in practice (bench/perturbation.c). */
#define OVERHEAD_MAX 1000

/* Run: start, loop, stop; check every value. ins_from: the first position
 * holding an instruction event (the rest are instructions too), or -1.
 * Returns the first value. */
static long long count_once(const char *cfg, int es, const char **names,
			    int n, int ins_from)
{
	long long v[MAXNAMES + 1], lo, hi;
	int ret, i;

	if ((ret = PAPI_start(es)) != PAPI_OK) {
		hw_fail("%s: PAPI_start with %d events: %s", cfg, n,
			PAPI_strerror(ret));
		return -1;
	}
	hw_loop(ITERS);
	if ((ret = PAPI_stop(es, v)) != PAPI_OK) {
		hw_fail("%s: PAPI_stop: %s", cfg, PAPI_strerror(ret));
		return -1;
	}
	for (i = 0; i < n; i++) {
		printf("   %-32s %lld\n", names[i], v[i]);
		if (v[i] <= 0)
			hw_fail("%s: %s counted %lld", cfg, names[i], v[i]);
	}
	if (ins_from < 0)
		return v[0];
	lo = (long long)(ITERS * (HW_LOOP_INS ? HW_LOOP_INS : 1));
	hi = HW_LOOP_INS && hw_exact() ? lo + OVERHEAD_MAX : 2 * lo;
	for (i = ins_from; i < n; i++) {
		if (v[i] < lo || v[i] > hi)
			hw_fail("%s: %s counted %lld for %lu iterations of %d "
				"instructions: not in [%lld, %lld]",
				cfg, names[i], v[i], ITERS, HW_LOOP_INS, lo,
				hi);
		if (!hw_match(v[i], v[ins_from]))
			hw_fail("%s: %s counted %lld, %s %lld in the same group",
				cfg, names[i], v[i], names[ins_from],
				v[ins_from]);
	}
	return v[0];
}

/* count_once twice: the second run must count what the first did. */
static void count_all(const char *cfg, int es, const char **names, int n,
		      int ins_from)
{
	long long a = count_once(cfg, es, names, n, ins_from);
	long long b = a >= 0 ? count_once(cfg, es, names, n, ins_from) : -1;

	if (a >= 0 && b >= 0 && ins_from >= 0 && !hw_match(a, b))
		hw_fail("%s: %s counted %lld, then %lld for the same loop", cfg,
			names[0], a, b);
}

/* How many distinct native events the names stand for: the library counts
 * a preset and a native event it is made of on one counter, as PAPI does
 * (e.g. PAPI_TOT_INS and arm_ac57::INST_RETIRED where the preset table maps
 * one onto the other). */
static int distinct_natives(const char **names, int n)
{
	unsigned int seen[MAXNAMES * PAPI_MAX_INFO_TERMS];
	int i, k, m = 0;

	for (i = 0; i < n; i++) {
		PAPI_event_info_t info;
		unsigned int codes[PAPI_MAX_INFO_TERMS];
		int code, nc = 0, j;

		if (PAPI_event_name_to_code(names[i], &code) != PAPI_OK)
			continue;
		if (IS_PRESET(code)) {
			if (PAPI_get_event_info(code, &info) != PAPI_OK)
				continue;
			for (j = 0; j < (int)info.count; j++)
				codes[nc++] = info.code[j];
		} else {
			codes[nc++] = (unsigned int)code;
		}
		for (j = 0; j < nc; j++) {
			for (k = 0; k < m && seen[k] != codes[j]; k++)
				;
			if (k == m)
				seen[m++] = codes[j];
		}
	}
	return m;
}

/* Add names in order until one is refused; returns how many were added,
 * -1 on an unexpected error. expect: how many must fit (0: unknown);
 * ins_from as in count_all. */
static int fill(const char *cfg, const struct list *l, int expect,
		int ins_from)
{
	const char *added[MAXNAMES];
	int es = PAPI_NULL, ret, i, n = 0, refused = -1;

	printf("-- %s\n", cfg);
	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK) {
		hw_fail("PAPI_create_eventset: %s", PAPI_strerror(ret));
		return -1;
	}
	for (i = 0; i < l->n; i++) {
		ret = hw_add(es, l->name[i]);
		printf("   add %-32s -> %s\n", l->name[i],
		       ret == PAPI_OK ? "ok" : PAPI_strerror(ret));
		if (ret == PAPI_OK) {
			added[n++] = l->name[i];
			continue;
		}
		if (ret == PAPI_ECNFLCT) {
			refused = i;
			break;
		}
		if (ret == PAPI_ENOEVNT)
			continue; /* a spelling this machine lacks */
		hw_fail("%s: adding %s: %s (expected PAPI_OK or PAPI_ECNFLCT)",
			cfg, l->name[i], PAPI_strerror(ret));
	}
	printf("   %d events accepted, %s\n", n,
	       refused >= 0 ? "then one refused with PAPI_ECNFLCT"
			    : "none refused");
	if (PAPI_num_events(es) != n)
		hw_fail("%s: PAPI_num_events %d, %d added", cfg,
			PAPI_num_events(es), n);
	if (refused < 0) {
		if (expect > 0)
			hw_fail("%s: all %d names accepted, expected a refusal "
				"after %d",
				cfg, n, expect);
		else
			printf("note: %s: ran out of names before the PMU "
			       "was full\n",
			       cfg);
	} else if (expect > 0 && distinct_natives(added, n) != expect) {
		hw_fail("%s: %d events on %d counters accepted, the PMU holds "
			"%d",
			cfg, n, distinct_natives(added, n), expect);
	} else if (n < 2) {
		hw_fail("%s: only %d event(s) accepted", cfg, n);
	}
	if (n > 0)
		count_all(cfg, es, added, n, ins_from);

	/* The refusal is about room: make some, and the event fits. */
	if (refused >= 0 && n > 0) {
		const char *last = added[n - 1];
		int code;

		ret = !strncmp(last, "PAPI_", 5) ?
			      (PAPI_event_name_to_code(last, &code) == PAPI_OK ?
				       PAPI_remove_event(es, code) :
				       PAPI_ENOEVNT) :
			      PAPI_remove_named_event(es, last);
		if (ret != PAPI_OK) {
			hw_fail("%s: removing %s: %s", cfg, last,
				PAPI_strerror(ret));
		} else if ((ret = hw_add(es, l->name[refused])) != PAPI_OK) {
			hw_fail("%s: %s still refused after removing %s: %s",
				cfg, l->name[refused], last,
				PAPI_strerror(ret));
		} else {
			printf("   removed %s, then %s fits\n", last,
			       l->name[refused]);
			added[n - 1] = l->name[refused];
			count_all(cfg, es, added, n, ins_from);
		}
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return n;
}

int main(void)
{
	struct hw_names nm;
	struct list ins = { { 0 }, 0 }, cyc = { { 0 }, 0 }, l;
	char insu[96] = "", insuq[192] = "", ins2[192] = "";
	char cycu[96] = "", cyc2[192] = "";
#if defined(__aarch64__)
	char ins3[128] = "", ins4[128] = "", cyc3[128] = "";
#endif
	int cidx, ncnt, i, exact_arm;

	setvbuf(stdout, NULL, _IOLBF, 0);
	hw_init();
	hw_require(PAPI_TOT_INS);
	hw_require(PAPI_TOT_CYC);
	hw_names(&nm);
	cidx = PAPI_get_component_index("perf_event");
	ncnt = PAPI_num_cmp_hwctrs(cidx);
	printf("perf_event: %d hardware counters; core PMU: libpfm4 \"%s\", "
	       "sysfs \"%s\"\n",
	       ncnt, nm.pmu, nm.sysfs_pmu);

	/* Spellings of the instruction event, each a distinct native. */
	push(&ins, "PAPI_TOT_INS");
	push(&ins, nm.pfm_ins);
	push(&ins, nm.pfmq_ins);
	push(&ins, nm.raw_ins);
	push(&ins, nm.sys_ins);
	push(&ins, "perf::INSTRUCTIONS");
	if (nm.pfm_ins[0]) {
		snprintf(insu, sizeof(insu), "%s:u", nm.pfm_ins);
		push(&ins, insu);
	}
	if (nm.pfmq_ins[0]) {
		snprintf(insuq, sizeof(insuq), "%s:u=1", nm.pfmq_ins);
		push(&ins, insuq);
	}
	if (nm.sys_ins[0]) {
		snprintf(ins2, sizeof(ins2), "%su", nm.sys_ins);
		push(&ins, ins2); /* "pmu/inst_retired/u" */
	}
#if defined(__aarch64__)
	if (nm.sysfs_pmu[0]) {
		snprintf(ins3, sizeof(ins3), "%s/event=0x8/", nm.sysfs_pmu);
		snprintf(ins4, sizeof(ins4), "%s/config=8/", nm.sysfs_pmu);
		push(&ins, ins3);
		push(&ins, ins4);
	}
#endif
	push(&cyc, "PAPI_TOT_CYC");
	push(&cyc, nm.pfm_cyc);
	push(&cyc, nm.pfmq_cyc);
	push(&cyc, nm.raw_cyc);
	push(&cyc, nm.sys_cyc);
	push(&cyc, "perf::CYCLES");
	if (nm.pfm_cyc[0]) {
		snprintf(cycu, sizeof(cycu), "%s:u", nm.pfm_cyc);
		push(&cyc, cycu);
	}
	if (nm.sys_cyc[0]) {
		snprintf(cyc2, sizeof(cyc2), "%su", nm.sys_cyc);
		push(&cyc, cyc2);
	}
#if defined(__aarch64__)
	if (nm.sysfs_pmu[0]) {
		snprintf(cyc3, sizeof(cyc3), "%s/event=0x0011/",
			 nm.sysfs_pmu);
		push(&cyc, cyc3);
	}
#endif

	/* Exact expectations: arm64 PMUv3, n event counters + PMCCNTR. */
#if defined(__aarch64__)
	exact_arm = hw_exact() && ncnt > 0;
#else
	exact_arm = 0;
#endif
	l.n = 0;
	push(&l, "PAPI_TOT_CYC");
	for (i = 0; i < ins.n; i++)
		push(&l, ins.name[i]);
	fill("A: cycles + instructions", &l, exact_arm ? ncnt + 1 : 0, 1);
	fill("B: instructions only", &ins, exact_arm ? ncnt : 0, 0);
	fill("C: cycles only", &cyc, exact_arm ? ncnt + 1 : 0, -1);
	return hw_done("test_hw_groups");
}
