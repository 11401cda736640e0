/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_cachemodel: the lab's cache study (seed 002). Measures a pointer-
 * chase latency curve (random cyclic permutation, one element per line, so
 * prefetchers cannot help), a paired chase for the line size, a same-set
 * chase for L1 associativity and the seed's stride/size sweep; infers each
 * level's size, latency and miss penalty and sets them beside what
 * PAPI_get_hardware_info reports.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/lab.h"
#include "infer.h"
#include "kernels.h"

#define MAXPTS 96

static int quick;
static unsigned long rng = 88172645463325252ul;

static size_t rnd(size_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (size_t)(rng % n);
}

/* Sattolo's shuffle: one cycle through all n slots, so the chase visits
 * every element before it repeats. */
static void cycle(size_t *perm, size_t n)
{
	for (size_t i = 0; i < n; i++)
		perm[i] = i;
	for (size_t i = n - 1; i > 0; i--) {
		size_t j = rnd(i), t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
}

/* Times `steps` dependent loads from p: best of three, ns per load. */
static double time_chase(void *p, size_t steps)
{
	double best = 1e30;

	chase(p, steps / 4 + 8); /* warm: caches and TLB */
	for (int r = 0; r < 3; r++) {
		long long t0 = lab_now_ns();
		void *q = chase(p, steps);
		long long t1 = lab_now_ns();

		if (q == NULL)
			abort();
		if ((double)(t1 - t0) / (double)steps < best)
			best = (double)(t1 - t0) / (double)steps;
	}
	return best;
}

static size_t steps_for(size_t nelem)
{
	size_t s = quick ? (1u << 16) : (1u << 20);

	return (nelem * 2 > s ? nelem * 2 : s) & ~(size_t)7;
}

/* Latency of a random chase over `size` bytes, one element per `line`. */
static double chase_latency(size_t size, size_t line)
{
	size_t n = size / line, *perm = malloc(n * sizeof(*perm));
	char *buf = aligned_alloc(4096, (size + 4095) & ~(size_t)4095);
	double ns;

	if (!perm || !buf)
		return -1;
	cycle(perm, n);
	for (size_t i = 0; i < n; i++)
		*(void **)(buf + perm[i] * line) =
			buf + perm[(i + 1) % n] * line;
	ns = time_chase(buf, steps_for(n));
	free(buf);
	free(perm);
	return ns;
}

/* The paired chase: each random jump to a line-aligned element A is
 * followed by a load of B = A + s. B hits while s is inside A's line. */
static double pair_latency(size_t s)
{
	const size_t slot = 1024, nslots = 2048;
	size_t *perm = malloc(nslots * sizeof(*perm)), *off;
	char *buf = aligned_alloc(4096, slot * nslots);
	double ns;

	off = malloc(nslots * sizeof(*off));
	if (!perm || !buf || !off)
		return -1;
	cycle(perm, nslots);
	/* A at a random line of its slot, so the slots do not all fall in
	 * the same few cache sets. */
	for (size_t i = 0; i < nslots; i++)
		off[i] = i * slot + 64 * rnd((slot - s - 8) / 64 + 1);
	for (size_t i = 0; i < nslots; i++) {
		char *a = buf + off[perm[i]];

		*(void **)a = a + s;
		*(void **)(a + s) = buf + off[perm[(i + 1) % nslots]];
	}
	ns = time_chase(buf + off[perm[0]], steps_for(2 * nslots));
	free(off);
	free(buf);
	free(perm);
	return ns;
}

/* k elements `way` bytes apart all fall in one set of a cache whose
 * way size divides `way`. */
static double set_latency(size_t way, int k)
{
	/* aligned_alloc wants a multiple of the alignment (C11; ASan
	 * checks). */
	char *buf =
		aligned_alloc(4096, (way * (size_t)k + 4095) & ~(size_t)4095);
	size_t perm[64];
	double ns;

	if (!buf)
		return -1;
	cycle(perm, (size_t)k);
	for (int i = 0; i < k; i++)
		*(void **)(buf + perm[i] * way) = buf + perm[(i + 1) % k] * way;
	ns = time_chase(buf, 1u << 18);
	free(buf);
	return ns;
}

static void fmt_size(char *b, size_t n, size_t v)
{
	if (v == 0)
		snprintf(b, n, "-");
	else if (v >= (1u << 20) && v % (1u << 18) == 0)
		snprintf(b, n, "%.4gM", (double)v / (1 << 20));
	else if (v >= 1024)
		snprintf(b, n, "%.4gK", (double)v / 1024);
	else
		snprintf(b, n, "%zu", v);
}

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

static void report(const struct level *lv, int nl, size_t line, int assoc)
{
	static const char *const cols[] = {
		"level",      "inferred_size",	 "crossing",
		"latency_ns", "miss_penalty_ns", "papi_size",
		"papi_line",  "papi_assoc",	 "note"
	};
	struct lab_table t;
	char a[32], b[32];

	lab_table_init(&t, cols, 9);
	for (int l = 0; l < nl; l++) {
		long sz = 0;
		int pl = 0, pa = 0;
		const char *note = "";

		if (l + 1 < nl)
			lab_cache(l + 1, &sz, &pl, &pa);
		fmt_size(a, sizeof(a), lv[l].size);
		fmt_size(b, sizeof(b), (size_t)sz);
		if (l + 1 == nl)
			note = quick ? "beyond --max: memory or a "
				       "level the sizes did not reach" :
				       "memory";
		else if (sz && (lv[l].size * 3 < (size_t)sz * 2 ||
				lv[l].size > (size_t)sz * 3 / 2))
			note = l + 2 == nl ?
				       "observed < reported: shared with "
				       "other cores/tenants, see docs/labs.md" :
				       "disagrees with PAPI: see docs/labs.md";
		lab_table_row(&t);
		lab_table_set(&t, 0,
			      l + 1 < nl ? "L%d" :
			      quick	 ? "next" :
					   "mem",
			      l + 1);
		lab_table_set(&t, 1, "%s", a);
		fmt_size(a, sizeof(a), lv[l].cross);
		lab_table_set(&t, 2, "%s", a);
		lab_table_set(&t, 3, "%.2f", lv[l].lat);
		lab_table_set(&t, 4, l ? "%.2f" : "-",
			      l ? lv[l].lat - lv[l - 1].lat : 0.0);
		lab_table_set(&t, 5, "%s", l + 1 == nl ? "-" : b);
		lab_table_set(&t, 6, "%d", pl);
		lab_table_set(&t, 7, "%d", pa);
		lab_table_set(&t, 8, "%s", note);
	}
	printf("\n");
	lab_table_print(&t);
	lab_table_free(&t);
	printf("\nline size: inferred %zu B; L1 associativity: inferred %d\n",
	       line, assoc);
}

int sweep_main(size_t max, const char *csv);

static int synthetic(void)
{
	const struct level model[] = { { 1.0, 48 << 10, 0 },
				       { 3.3, 1 << 20, 0 },
				       { 11.0, 16 << 20, 0 },
				       { 160.0, 0, 0 } };
	size_t sz[MAXPTS];
	double lat[MAXPTS];
	struct level lv[INFER_MAX_LEVELS];
	int n = size_grid(sz, 256u << 20), nl, ok = 1;

	synthetic_curve(sz, lat, n, model, 4);
	nl = infer_levels(sz, lat, n, lv, INFER_MAX_LEVELS);
	printf("level,model_size,model_ns,inferred_size,inferred_ns\n");
	for (int l = 0; l < 4 && l < nl; l++)
		printf("%d,%zu,%.2f,%zu,%.2f\n", l + 1, model[l].size,
		       model[l].lat, lv[l].size, lv[l].lat);
	ok = nl == 4;
	for (int l = 0; ok && l < 3; l++)
		ok = lv[l].size == model[l].size;
	printf("synthetic: %d levels, %s\n", nl, ok ? "ok" : "MISMATCH");
	/* An emulator's flat curve (QEMU has no cache model): one level. */
	synthetic_curve(sz, lat, n, model + 3, 1);
	nl = infer_levels(sz, lat, n, lv, INFER_MAX_LEVELS);
	printf("synthetic flat: %d level(s), %s\n", nl,
	       nl == 1 ? "ok" : "MISMATCH");
	ok = ok && nl == 1;
	/* The line and associativity steps. */
	{
		static const size_t sp[] = { 8, 16, 32, 64, 128, 256 };
		static const double pl[] = { 2.2, 2.2, 2.3, 3.6, 3.6, 3.7 };
		double al[24];

		for (int k = 0; k < 24; k++)
			al[k] = k < 12 ? 1.0 : 3.5;
		printf("synthetic line %zu, assoc %d\n", infer_line(sp, pl, 6),
		       infer_assoc(al, 24));
		ok = ok && infer_line(sp, pl, 6) == 64 &&
		     infer_assoc(al, 24) == 12;
	}
	return ok ? 0 : 1;
}

int main(int argc, char **argv)
{
	const char *csv = NULL, *sweep_csv = NULL;
	size_t sz[MAXPTS], max = 128u << 20, line;
	double lat[MAXPTS], plat[8], alat[24];
	static const size_t spacing[] = { 8, 16, 32, 64, 128, 256 };
	struct level lv[INFER_MAX_LEVELS];
	struct lab_table t;
	static const char *const cols[] = { "size_bytes", "latency_ns" };
	int n, nl, assoc;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			quick = 1;
		else if (!strcmp(argv[i], "--synthetic"))
			return synthetic();
		else if (!strcmp(argv[i], "--max") && i + 1 < argc)
			max = strtoul(argv[++i], NULL, 0) << 20;
		else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
			csv = argv[++i];
		else if (!strcmp(argv[i], "--sweep-csv") && i + 1 < argc)
			sweep_csv = argv[++i];
		else {
			fprintf(stderr,
				"usage: papi_cachemodel [--quick] "
				"[--max MiB] [--csv FILE] [--sweep-csv FILE] "
				"| --synthetic\n");
			return 2;
		}
	}
	if (quick && max > (4u << 20))
		max = 4u << 20;
	lab_papi_init();
	n = size_grid(sz, max);
	/* The curve is measured in several passes and each size keeps its
	 * best: the vCPU's SMT sibling (another tenant) can take half of L1
	 * and L2 for seconds at a time, and interleaved passes are more
	 * likely to see the cache alone at each size. Beyond 32 MiB (memory
	 * here) one pass is enough, and the largest sizes are the slow part. */
	for (int pass = 0; pass < (quick ? 2 : 3); pass++)
		for (int i = 0; i < n; i++) {
			double v;

			if (pass && sz[i] > (32u << 20))
				continue;
			lab_progress("chase", pass * n + i,
				     (quick ? 2 : 3) * n);
			v = chase_latency(sz[i], 64);
			if (!pass || v < lat[i])
				lat[i] = v;
		}
	lab_progress("chase", n, n);
	lab_table_init(&t, cols, 2);
	for (int i = 0; i < n; i++) {
		lab_table_row(&t);
		lab_table_set(&t, 0, "%zu", sz[i]);
		lab_table_set(&t, 1, "%.3f", lat[i]);
	}
	printf("# pointer chase, random cycle, 64 B per element\n");
	lab_table_print(&t);
	if (csv && lab_table_csv(&t, csv))
		return 1;
	lab_table_free(&t);

	nl = infer_levels(sz, lat, n, lv, INFER_MAX_LEVELS);
	printf("\n# paired chase (line size): spacing_bytes,latency_ns\n");
	for (int i = 0; i < 6; i++) {
		plat[i] = pair_latency(spacing[i]);
		printf("%zu,%.3f\n", spacing[i], plat[i]);
	}
	line = infer_line(spacing, plat, 6);
	printf("\n# same-set chase (L1 associativity): lines,latency_ns\n");
	{
		/* The inferred L1 size is a multiple of its way size
		 * (sets x line), which is what puts the k lines in one set. */
		size_t way = lv[0].size ? lv[0].size : 32768;

		for (int k = 1; k <= 24; k++) {
			alat[k - 1] = set_latency(way, k);
			printf("%d,%.3f\n", k, alat[k - 1]);
		}
	}
	assoc = infer_assoc(alat, 24);
	report(lv, nl, line, assoc);
	if (nl < 2)
		printf("no cache levels seen: the latency curve is flat (an "
		       "emulator without a cache model, or --max too small)\n");
	if (sweep_csv)
		return sweep_main(quick ? (1u << 20) : max, sweep_csv);
	return 0;
}
