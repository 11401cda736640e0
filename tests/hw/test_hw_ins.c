// SPDX-License-Identifier: BSD-3-Clause
/*
 * Instructions of a loop of N iterations, counted between PAPI_start and
 * PAPI_stop, are a*N + b: a is the loop body (2 instructions on aarch64 and
 * x86-64), b what PAPI_start's tail and PAPI_stop's head add. a and b are
 * fitted from N = 1e3 and 1e6 and must predict N = 1e4 and 1e5 exactly, and
 * every repetition must count the same. Cycles, counted in the same
 * EventSet, must be positive.
 *
 * The same is checked for each spelling of the two events: the presets
 * PAPI_TOT_INS + PAPI_TOT_CYC, libpfm4 names ("INST_RETIRED", and
 * "arm_ac57::INST_RETIRED" with the core PMU's name), perf sysfs aliases
 * ("armv8_pmuv3/inst_retired/") and raw encodings ("armv8_pmuv3/event=0x08/").
 *
 * Exit 0 pass, 1 fail, 77 skip (no hardware PMU).
 */
#include "hw_util.h"

#define REPS 3
#define NSIZES 4

static const unsigned long sizes[NSIZES] = { 1000, 10000, 100000, 1000000 };

/* One measurement: {instructions, cycles} of hw_loop(n). */
static int measure(int es, unsigned long n, long long v[2])
{
	int ret = PAPI_start(es);

	if (ret != PAPI_OK)
		return ret;
	hw_loop(n);
	return PAPI_stop(es, v);
}

/* Check the spelling pair (ins, cyc); required: its absence is a failure. */
static void check_pair(const char *label, const char *ins, const char *cyc,
		       int required, long long *b_out)
{
	long long c[NSIZES][REPS], cy, a, b, d;
	int es = PAPI_NULL, ret, i, r;

	if (!ins[0] || !cyc[0]) {
		if (required)
			hw_fail("%s: no such event names on this machine",
				label);
		else
			printf("note: %s: not on this machine, not checked\n",
			       label);
		return;
	}
	printf("-- %s: %s + %s\n", label, ins, cyc);
	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK) {
		hw_fail("PAPI_create_eventset: %s", PAPI_strerror(ret));
		return;
	}
	if ((ret = hw_add(es, ins)) != PAPI_OK ||
	    (ret = hw_add(es, cyc)) != PAPI_OK) {
		if (required)
			hw_fail("%s: adding %s + %s: %s", label, ins, cyc,
				PAPI_strerror(ret));
		else
			printf("note: %s: adding failed (%s), not checked\n",
			       label, PAPI_strerror(ret));
		goto out;
	}
	for (i = 0; i < NSIZES; i++) {
		long long v[2];

		/* One unrecorded run first: the first PAPI_start of a set
		 * may take paths later ones do not (page faults are not
		 * instructions, but first-use branches are). */
		if ((ret = measure(es, sizes[i], v)) != PAPI_OK) {
			hw_fail("%s: measure: %s", label, PAPI_strerror(ret));
			goto out;
		}
		for (r = 0; r < REPS; r++) {
			if ((ret = measure(es, sizes[i], v)) != PAPI_OK) {
				hw_fail("%s: measure: %s", label,
					PAPI_strerror(ret));
				goto out;
			}
			c[i][r] = v[0];
			cy = v[1];
			printf("   N=%-8lu rep %d: instructions %lld cycles %lld\n",
			       sizes[i], r, v[0], cy);
			if (cy <= 0)
				hw_fail("%s: cycles %lld for N=%lu", label, cy,
					sizes[i]);
			if (!hw_match(c[i][r], c[i][0]))
				hw_fail("%s: N=%lu: rep %d counted %lld, rep 0 "
					"%lld",
					label, sizes[i], r, c[i][r], c[i][0]);
		}
	}
	/* Fit from the extremes. */
	d = c[NSIZES - 1][0] - c[0][0];
	a = (d + (long long)(sizes[NSIZES - 1] - sizes[0]) / 2) /
	    (long long)(sizes[NSIZES - 1] - sizes[0]);
	b = c[0][0] - a * (long long)sizes[0];
	printf("   fit: instructions = %lld * N + %lld\n", a, b);
	if (hw_exact() && d % (long long)(sizes[NSIZES - 1] - sizes[0]))
		hw_fail("%s: %lld more instructions for %lu more iterations "
			"is no whole number per iteration",
			label, d, sizes[NSIZES - 1] - sizes[0]);
	if (HW_LOOP_INS && a != HW_LOOP_INS)
		hw_fail("%s: %lld instructions per iteration, the loop has %d",
			label, a, HW_LOOP_INS);
	if (b < 0)
		hw_fail("%s: negative fixed part %lld", label, b);
	for (i = 1; i < NSIZES - 1; i++)
		if (!hw_match(c[i][0], a * (long long)sizes[i] + b))
			hw_fail("%s: N=%lu counted %lld, the fit says %lld",
				label, sizes[i], c[i][0],
				a * (long long)sizes[i] + b);
	if (b_out)
		*b_out = b;
out:
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	struct hw_names n;
	long long b_preset = -1;
#if defined(__aarch64__)
	const int arm = 1;
#else
	const int arm = 0;
#endif

	setvbuf(stdout, NULL, _IOLBF, 0);
	hw_init();
	hw_require(PAPI_TOT_INS);
	hw_require(PAPI_TOT_CYC);
	hw_names(&n);
	printf("arch %s, loop of %d instructions per iteration, %s counts; "
	       "core PMU: libpfm4 \"%s\", sysfs \"%s\"\n",
	       HW_ARCH, HW_LOOP_INS, hw_exact() ? "exact" : "near",
	       n.pmu, n.sysfs_pmu);

	check_pair("presets", "PAPI_TOT_INS", "PAPI_TOT_CYC", 1, &b_preset);
	/* On arm64 every spelling must work; elsewhere the names differ by
	 * processor and only the sysfs aliases are checked. */
	check_pair("libpfm4 names", n.pfm_ins, n.pfm_cyc, arm, NULL);
	check_pair("libpfm4 PMU-qualified names", n.pfmq_ins, n.pfmq_cyc, arm,
		   NULL);
	check_pair("sysfs aliases", n.sys_ins, n.sys_cyc, arm, NULL);
	check_pair("raw encodings", n.raw_ins, n.raw_cyc, arm, NULL);
	return hw_done("test_hw_ins");
}
