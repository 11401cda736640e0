/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_cachemodel: the lab's cache study (seed 002). Measures a pointer-
 * chase latency curve (random cyclic permutation, one element per line, so
 * prefetchers cannot help) with whatever counters this machine has, a
 * paired chase for the line size, same-set chases for the L1's and the
 * L2's associativity (assoc.c) and the seed's stride/size sweep; infers
 * each level's size, latency, miss penalty and associativity and sets them
 * beside what PAPI_get_hardware_info reports. Where the curve is flat (an
 * emulator without a cache model) it says so and infers nothing.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/lab.h"
#include "assoc.h"
#include "infer.h"
#include "measure.h"
#include "model.h"

/* Cycles and instructions per load, and the misses where the machine
 * names them (a preset, else the arm64 PMU's native event). */
static const char *const events[] = {
	"PAPI_TOT_CYC",
	"PAPI_TOT_INS",
	"PAPI_L1_DCM|L1D_CACHE_REFILL",
	"PAPI_L2_DCM|L2D_CACHE_REFILL",
};

static int quick;

/* Sizes 2^k * {1, 1.25, 1.5, 1.75} from 4 KiB to max. */
static int size_grid(size_t *sz, size_t max)
{
	int n = 0;

	for (size_t p = 4096; p <= max && n < MAXPTS; p *= 2)
		for (int q = 4; q < 8 && n < MAXPTS; q++)
			if (p / 4 * (size_t)q <= max)
				sz[n++] = p / 4 * (size_t)q;
	return n;
}

/* The curve is measured in several passes and each size keeps its best:
 * the vCPU's SMT sibling (another tenant) can take half of L1 and L2 for
 * seconds at a time, and interleaved passes are more likely to see the
 * cache alone at each size. Beyond 32 MiB (memory here) one pass is
 * enough, and the largest sizes are the slow part. */
static void measure_curve(struct curve *cv, int ncnt)
{
	int passes = quick ? 2 : 3;

	for (int pass = 0; pass < passes; pass++)
		for (int i = 0; i < cv->n; i++) {
			double v;

			if (pass && cv->sz[i] > (32u << 20))
				continue;
			lab_progress("chase", pass * cv->n + i, passes * cv->n);
			v = chase_latency(cv->sz[i], 64);
			if (pass && v >= cv->lat[i])
				continue;
			cv->lat[i] = v;
			memcpy(cv->cnt[i], measure_counts(),
			       (size_t)ncnt * sizeof(double));
		}
	lab_progress("chase", cv->n, cv->n);
}

static int print_curve(const struct curve *cv, const struct lab_counters *c,
		       const char *csv)
{
	char colname[LAB_MAX_EVENTS][80];
	const char *cols[LAB_MAX_COLS] = { "size_bytes", "latency_ns" };
	long long any[LAB_MAX_EVENTS] = { 0 };
	struct lab_table t;
	int rc = 0;

	for (int e = 0; e < c->n; e++) {
		snprintf(colname[e], sizeof(colname[e]), "%s_per_load",
			 c->names[e]);
		cols[2 + e] = colname[e];
	}
	lab_table_init(&t, cols, 2 + c->n);
	for (int i = 0; i < cv->n; i++) {
		lab_table_row(&t);
		lab_table_set(&t, 0, "%zu", cv->sz[i]);
		lab_table_set(&t, 1, "%.3f", cv->lat[i]);
		for (int e = 0; e < c->n; e++) {
			lab_table_set(&t, 2 + e, "%.4f", cv->cnt[i][e]);
			any[e] += cv->cnt[i][e] > 0;
		}
	}
	printf("# pointer chase, random cycle, 64 B per element\n");
	lab_table_print(&t);
	if (csv && lab_table_csv(&t, csv))
		rc = 1;
	lab_table_free(&t);
	lab_counters_zero(c, any, "every size of the chase");
	return rc;
}

int sweep_main(size_t max, const char *csv);
int synthetic_main(void);

static void usage(void)
{
	fprintf(stderr, "usage: papi_cachemodel [--quick] [--max MiB] "
			"[--csv FILE] [--sweep-csv FILE] | --synthetic\n");
	exit(2);
}

int main(int argc, char **argv)
{
	const char *csv = NULL, *sweep_csv = NULL;
	size_t max = 128u << 20;
	static const size_t spacing[] = { 8, 16, 32, 64, 128, 256 };
	double plat[6], alat[24];
	static struct curve cv;
	static struct found f;
	struct lab_counters c;
	int rc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			quick = 1;
		else if (!strcmp(argv[i], "--synthetic"))
			return synthetic_main();
		else if (!strcmp(argv[i], "--max") && i + 1 < argc)
			max = strtoul(argv[++i], NULL, 0) << 20;
		else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
			csv = argv[++i];
		else if (!strcmp(argv[i], "--sweep-csv") && i + 1 < argc)
			sweep_csv = argv[++i];
		else
			usage();
	}
	if (quick && max > (4u << 20))
		max = 4u << 20;
	lab_papi_init();
	lab_counters_open(&c, events, sizeof(events) / sizeof(events[0]));
	if (c.missing[0])
		printf("# not counted here: %s\n", c.missing);
	measure_setup(quick, &c);
	cv.n = size_grid(cv.sz, max);
	measure_curve(&cv, c.n);
	rc = print_curve(&cv, &c, csv);
	f.nl = infer_levels(cv.sz, cv.lat, cv.n, f.lv, INFER_MAX_LEVELS);
	if (f.nl < 2) {
		report_flat(&cv, &c);
		report(&f, 1, quick);
		goto sweep;
	}

	printf("\n# paired chase (line size): spacing_bytes,latency_ns\n");
	for (int i = 0; i < 6; i++) {
		plat[i] = pair_latency(spacing[i]);
		printf("%zu,%.3f\n", spacing[i], plat[i]);
	}
	f.line = infer_line(spacing, plat, 6);
	/* The inferred L1 size is a multiple of its way size (sets x line),
	 * which is what puts the k lines in one set. */
	printf("\n# same-set chase, lines %zu B apart (L1 associativity): "
	       "lines,latency_ns\n",
	       f.lv[0].size ? f.lv[0].size : 32768);
	/* Three interleaved passes, each point its best: the vCPU's SMT
	 * sibling takes L1 ways now and then, which moves the step down. */
	for (int pass = 0; pass < 3; pass++)
		for (int k = 1; k <= 24; k++) {
			double v = set_latency(
				f.lv[0].size ? f.lv[0].size : 32768, k);

			if (!pass || v < alat[k - 1])
				alat[k - 1] = v;
		}
	for (int k = 1; k <= 24; k++)
		printf("%d,%.3f\n", k, alat[k - 1]);
	f.l1ways = infer_assoc(alat, 24);
	assoc_l2(f.lv, f.nl, &f.l2);
	if (f.l2.kmax) {
		printf("\n# same-set chase, lines %zu B apart in huge pages "
		       "(L2 associativity, by address): lines,latency_ns\n",
		       f.l2.spacing);
		for (int k = 1; k <= f.l2.kmax; k++)
			printf("%d,%.3f\n", k, f.l2.lat[k - 1]);
	}
	if (f.l2.ev.nlines) {
		printf("\n# same-set chase over lines found by conflict (L2 "
		       "associativity): lines,latency_ns\n");
		for (int k = 1; k <= f.l2.ev.nlines; k++)
			printf("%d,%.3f\n", k, f.l2.klat[k - 1]);
	}
	report(&f, 0, quick);
	report_assoc(&f);
sweep:
	lab_counters_close(&c);
	if (sweep_csv)
		return sweep_main(quick ? (1u << 20) : max, sweep_csv) || rc;
	return rc;
}
