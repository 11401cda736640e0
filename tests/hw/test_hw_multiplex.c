// SPDX-License-Identifier: BSD-3-Clause
/*
 * Multiplexing: a multiplexed EventSet (PAPI_multiplex_init,
 * PAPI_assign_eventset_component, PAPI_set_multiplex) takes more hardware
 * events than the PMU has counters, and each event's value, scaled by the
 * share of time it was counted, estimates the whole.
 *
 * 10 instruction events (PAPI_TOT_INS, INST_RETIRED, armv8_pmuv3/event=0x08/
 * and other spellings: distinct native events) count a loop of 2e7
 * iterations: each estimate must be within 5% of the loop's 4e7
 * instructions (the kernel rotates the events every 4 ms by default; the
 * loop runs for tens of milliseconds). A second set of events within the
 * counters is multiplexed too but never rotated: its counts are exact.
 *
 * Exit 0 pass, 1 fail, 77 skip (no hardware PMU).
 */
#include "hw_util.h"

#define ITERS 20000000UL
#define MAXN 12
#define TOL 0.05

/* A multiplexed set of names[0..n-1]; PAPI_NULL on failure. */
static int mpx_set(const char **names, int n, int *added)
{
	int es = PAPI_NULL, cidx = PAPI_get_component_index("perf_event");
	int ret, i;

	*added = 0;
	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK ||
	    (ret = PAPI_assign_eventset_component(es, cidx)) != PAPI_OK ||
	    (ret = PAPI_set_multiplex(es)) != PAPI_OK) {
		hw_fail("making a multiplexed set: %s", PAPI_strerror(ret));
		return PAPI_NULL;
	}
	ret = PAPI_get_multiplex(es);
	if (ret != 1)
		hw_fail("PAPI_get_multiplex of a multiplexed set: %d", ret);
	for (i = 0; i < n; i++) {
		ret = hw_add(es, names[i]);
		if (ret == PAPI_OK)
			names[(*added)++] = names[i];
		else if (ret == PAPI_ENOEVNT)
			printf("note: %s: %s\n", names[i], PAPI_strerror(ret));
		else
			hw_fail("adding %s to a multiplexed set: %s", names[i],
				PAPI_strerror(ret));
	}
	return es;
}

static void run(const char *label, const char **names, int n, int exact)
{
	long long v[MAXN], want = (long long)ITERS * HW_LOOP_INS;
	int es, added, ret, i;

	printf("-- %s\n", label);
	es = mpx_set(names, n, &added);
	if (es == PAPI_NULL)
		return;
	if ((ret = PAPI_start(es)) != PAPI_OK) {
		hw_fail("%s: PAPI_start: %s", label, PAPI_strerror(ret));
		goto out;
	}
	hw_loop(ITERS);
	if ((ret = PAPI_stop(es, v)) != PAPI_OK) {
		hw_fail("%s: PAPI_stop: %s", label, PAPI_strerror(ret));
		goto out;
	}
	for (i = 0; i < added; i++) {
		double err = HW_LOOP_INS ? (double)(v[i] - want) / want : 0;

		printf("   %-32s %12lld  %+.3f%%\n", names[i], v[i], 100 * err);
		if (!HW_LOOP_INS) {
			if (v[i] < (long long)ITERS)
				hw_fail("%s: %s counted %lld", label, names[i],
					v[i]);
		} else if (exact && hw_exact()) {
			/* Each event starts and stops on its own: allow the
			 * library's few hundred instructions per event. */
			if (v[i] < want || v[i] > want + 1000LL * added)
				hw_fail("%s: %s counted %lld, the loop has %lld",
					label, names[i], v[i], want);
		} else if (err > TOL || err < -TOL) {
			hw_fail("%s: %s estimated %lld, %.2f%% off %lld", label,
				names[i], v[i], 100 * err, want);
		}
	}
out:
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	struct hw_names nm;
	const char *all[MAXN], *few[MAXN];
	char insu[96] = "", ins2[192] = "", ins3[128] = "", ins4[128] = "";
	int n = 0, nfew, ncnt, ret;

	setvbuf(stdout, NULL, _IOLBF, 0);
	hw_init();
	hw_require(PAPI_TOT_INS);
	if ((ret = PAPI_multiplex_init()) != PAPI_OK) {
		printf("FAIL: PAPI_multiplex_init: %s\n", PAPI_strerror(ret));
		return 1;
	}
	hw_names(&nm);
	ncnt = PAPI_num_cmp_hwctrs(PAPI_get_component_index("perf_event"));
	all[n++] = "PAPI_TOT_INS";
	if (nm.pfm_ins[0])
		all[n++] = nm.pfm_ins;
	if (nm.pfmq_ins[0])
		all[n++] = nm.pfmq_ins;
	if (nm.raw_ins[0])
		all[n++] = nm.raw_ins;
	if (nm.sys_ins[0])
		all[n++] = nm.sys_ins;
	all[n++] = "perf::INSTRUCTIONS";
	all[n++] = "perf::PERF_COUNT_HW_INSTRUCTIONS:u";
	if (nm.pfm_ins[0]) {
		snprintf(insu, sizeof(insu), "%s:u", nm.pfm_ins);
		all[n++] = insu;
	}
	if (nm.sys_ins[0]) {
		snprintf(ins2, sizeof(ins2), "%su", nm.sys_ins);
		all[n++] = ins2;
	}
	if (nm.sysfs_pmu[0] && HW_LOOP_INS && !strcmp(HW_ARCH, "aarch64")) {
		snprintf(ins3, sizeof(ins3), "%s/event=0x8/", nm.sysfs_pmu);
		snprintf(ins4, sizeof(ins4), "%s/config=8/", nm.sysfs_pmu);
		all[n++] = ins3;
		all[n++] = ins4;
	}
	if (n > 10)
		n = 10;
	printf("%d hardware counters; %d instruction events, loop of %lu "
	       "iterations\n",
	       ncnt, n, ITERS);
	if (ncnt > 0 && n <= ncnt)
		printf("note: %d events fit the %d counters: no rotation to "
		       "see\n",
		       n, ncnt);

	/* Within the counters first: exact even though multiplexed. */
	nfew = ncnt > 1 ? (ncnt < n ? ncnt : n) - 1 : 1;
	memcpy(few, all, sizeof(all));
	run("multiplexed, fewer events than counters", few, nfew, 1);
	run("multiplexed, more events than counters", all, n, 0);
	return hw_done("test_hw_multiplex");
}
