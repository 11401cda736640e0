/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_matmul: the matrix-multiply study of the lecture (seed 000) and the
 * lab (seed 002). Runs each variant on the same N x N inputs, checks its
 * result, counts what this machine can count around it, and prints the
 * lab's table and comparisons (hit rates, speedup in clocks and in time),
 * with OpenBLAS dgemm as the reference line when the library is present.
 */
#include <dlfcn.h>
#include <math.h>
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/lab.h"
#include "kernels.h"

static const struct variant {
	const char *name;
	mm_fn *fn;
} variants[] = {
	{ "ijk", mm_ijk },
	{ "jik", mm_jik },
	{ "ikj", mm_ikj },
	{ "kij", mm_kij },
	{ "jki", mm_jki },
	{ "kji", mm_kji },
	{ "transposed", mm_transposed },
	{ "blocked_l1", mm_blocked_l1 },
	{ "blocked_l1l2", mm_blocked_l2 },
	{ "unrolled", mm_unrolled },
	{ "recursive", mm_recursive },
	{ "openblas", NULL },
};
#define NVAR (sizeof(variants) / sizeof(variants[0]))

/* Hardware presets first (they exist only with a PMU; where the machine
 * has no preset for the cache events, the arm64 PMU's native ones), then
 * what a VM still has: task-clock and PAPI_REF_CYC (TSC ticks, kernel
 * included). */
static const char *const events[] = {
	"PAPI_TOT_CYC",
	"PAPI_TOT_INS",
	"PAPI_L1_DCA|L1D_CACHE_ACCESS|L1D_CACHE",
	"PAPI_L1_DCM|L1D_CACHE_REFILL",
	"PAPI_L2_DCA|L2D_CACHE_ACCESS|L2D_CACHE",
	"PAPI_L2_DCM|L2D_CACHE_REFILL",
	"PAPI_LD_INS",
	"PAPI_SR_INS",
	"PAPI_REF_CYC",
	"perf::TASK-CLOCK",
};

struct result {
	int ok;
	double ns, clk, l1hit, l2hit; /* clk, hit rates: < 0 when unknown */
	long long v[LAB_MAX_EVENTS];
};

typedef void dgemm_fn(int order, int ta, int tb, int m, int n, int k,
		      double alpha, const double *a, int lda, const double *b,
		      int ldb, double beta, double *c, int ldc);
static dgemm_fn *cblas_dgemm_p;

static void openblas_mm(const struct mm_args *m)
{
	int n = (int)m->n;

	/* 101 = CblasRowMajor, 111 = CblasNoTrans. */
	cblas_dgemm_p(101, 111, 111, n, n, n, 1.0, m->a, n, m->b, n, 0.0, m->c,
		      n);
}

/* OpenBLAS reads OPENBLAS_CORETYPE when it is loaded. This machine's
 * environment sets a core type that makes dgemm slower than its own
 * detection (MACHINE.md: ~62 vs ~102 GFLOP/s), so unless asked to keep it
 * we drop it for the reference line, and pin OpenBLAS to one thread so the
 * comparison with one-thread kernels is fair. */
static int load_openblas(int want, int keep_env)
{
	const char *libs[] = { "libopenblas.so.0", "libopenblas.so" };
	void *h = NULL;
	void (*set_threads)(int);
	const char *ct = getenv("OPENBLAS_CORETYPE");

	if (!want) {
		printf("# openblas: skipped (--no-openblas)\n");
		return 0;
	}
	if (ct && !keep_env) {
		printf("# OPENBLAS_CORETYPE=%s dropped for the reference line "
		       "(--keep-coretype keeps it)\n",
		       ct);
		unsetenv("OPENBLAS_CORETYPE");
	}
	setenv("OPENBLAS_NUM_THREADS", "1", 1);
	for (size_t i = 0; i < 2 && !h; i++)
		h = dlopen(libs[i], RTLD_NOW | RTLD_LOCAL);
	if (!h) {
		const char *e = dlerror();

		/* A static program (the PMU VM's) cannot load it at all. */
		printf("# openblas: skipped: libopenblas.so.0 not loadable "
		       "(%s); Debian: apt-get install libopenblas0-pthread\n",
		       e ? e : "dlopen failed");
		return 0;
	}
	cblas_dgemm_p = (dgemm_fn *)dlsym(h, "cblas_dgemm");
	if (!cblas_dgemm_p) {
		printf("# openblas: skipped: no cblas_dgemm in it\n");
		return 0;
	}
	*(void **)&set_threads = dlsym(h, "openblas_set_num_threads");
	if (set_threads)
		set_threads(1);
	return 1;
}

/* Freivalds' check: C x == A (B x) for random x, in O(n^2); exact up to
 * rounding, so the tolerance grows with n and the size of the entries. */
static int check(size_t n, const double *a, const double *b, const double *c)
{
	double *x = malloc(n * sizeof(*x)), *bx = malloc(n * sizeof(*x));
	int ok = 1;

	for (size_t i = 0; i < n; i++)
		x[i] = (double)rand() / RAND_MAX - 0.5;
	for (size_t k = 0; k < n; k++) {
		bx[k] = 0;
		for (size_t j = 0; j < n; j++)
			bx[k] += b[k * n + j] * x[j];
	}
	for (size_t i = 0; i < n && ok; i++) {
		double cx = 0, abx = 0;

		for (size_t j = 0; j < n; j++)
			cx += c[i * n + j] * x[j];
		for (size_t k = 0; k < n; k++)
			abx += a[i * n + k] * bx[k];
		ok = fabs(cx - abx) <= 1e-9 * (double)n;
	}
	free(x);
	free(bx);
	return ok;
}

static double hitrate(const struct lab_counters *c, const char *acc,
		      const char *miss)
{
	long long a = lab_counter(c, acc), m = lab_counter(c, miss);

	return a > 0 && m >= 0 ? 1.0 - (double)m / (double)a : -1.0;
}

/* Best of a few repetitions (at least 0.3 s in all, at most 5), so fast
 * variants are not measured on one noisy run; the counters are the best
 * run's. */
static void measure(const struct variant *v, struct mm_args *m,
		    struct lab_counters *c, struct result *r)
{
	double total = 0;

	r->ns = -1;
	for (int rep = 0; rep < 5 && total < 3e8; rep++) {
		long long t0, t1;

		memset(m->c, 0xff, m->n * m->n * sizeof(double));
		lab_counters_start(c);
		t0 = lab_now_ns();
		(v->fn ? v->fn : openblas_mm)(m);
		t1 = lab_now_ns();
		lab_counters_stop(c);
		total += (double)(t1 - t0);
		if (r->ns < 0 || t1 - t0 < r->ns) {
			r->ns = (double)(t1 - t0);
			memcpy(r->v, c->v, sizeof(r->v));
		}
	}
	memcpy(c->v, r->v, sizeof(r->v));
	r->clk = (double)lab_counter(c, "PAPI_TOT_CYC");
	if (r->clk < 0)
		r->clk = (double)lab_counter(c, "PAPI_REF_CYC");
	r->l1hit = hitrate(c, "PAPI_L1_DCA", "PAPI_L1_DCM");
	r->l2hit = hitrate(c, "PAPI_L2_DCA", "PAPI_L2_DCM");
	r->ok = check(m->n, m->a, m->b, m->c);
}

static void pct(struct lab_table *t, int col, double x)
{
	if (x >= 0)
		lab_table_set(t, col, "%.2f", 100 * x);
	else
		lab_table_set(t, col, "-");
}

static void compare(struct lab_table *t, const char *a, const char *b,
		    const struct result *ra, const struct result *rb)
{
	lab_table_row(t);
	lab_table_set(t, 0, "%s vs %s", b, a);
	if (ra->l1hit >= 0 && rb->l1hit >= 0)
		lab_table_set(t, 1, "%+.2f", 100 * (rb->l1hit - ra->l1hit));
	else
		lab_table_set(t, 1, "-");
	if (ra->l2hit >= 0 && rb->l2hit >= 0)
		lab_table_set(t, 2, "%+.2f", 100 * (rb->l2hit - ra->l2hit));
	else
		lab_table_set(t, 2, "-");
	if (ra->clk > 0 && rb->clk > 0)
		lab_table_set(t, 3, "%.2f", ra->clk / rb->clk);
	else
		lab_table_set(t, 3, "-");
	lab_table_set(t, 4, "%.2f", ra->ns / rb->ns);
}

/* The largest multiple of 8 doubles with 3 b^2 doubles in `bytes`
 * (the lecture's 3b^2 = M_L), at least 8. */
static size_t block_for(long bytes, size_t dflt)
{
	size_t b;

	if (bytes <= 0)
		return dflt;
	b = (size_t)sqrt((double)bytes / (3.0 * sizeof(double)));
	b -= b % 8;
	return b < 8 ? 8 : b;
}

/* An event that counted 0 for every variant is listed but not counted
 * (QEMU's PMU counts only cycles and instructions): hit rates from it
 * would read 100%, so they are left out, and the report says why. */
static void no_zeros(const struct lab_counters *c, struct result *res)
{
	static const char *const pairs[2][2] = {
		{ "PAPI_L1_DCA", "PAPI_L1_DCM" },
		{ "PAPI_L2_DCA", "PAPI_L2_DCM" },
	};
	long long total[LAB_MAX_EVENTS] = { 0 };
	unsigned zero;

	for (size_t v = 0; v < NVAR; v++)
		for (int i = 0; res[v].ns >= 0 && i < c->n; i++)
			total[i] += res[v].v[i];
	zero = lab_counters_zero(c, total, "every variant");
	for (int p = 0; p < 2; p++) {
		int a = lab_counter_index(c, pairs[p][0]);
		int b = lab_counter_index(c, pairs[p][1]);

		if ((a >= 0 && (zero >> a & 1)) || (b >= 0 && (zero >> b & 1)))
			for (size_t v = 0; v < NVAR; v++)
				*(p ? &res[v].l2hit : &res[v].l1hit) = -1;
	}
}

static void usage(void)
{
	fprintf(stderr,
		"usage: papi_matmul [--quick] [-n N] [--b1 B] "
		"[--b2 B] [--csv FILE] [--keep-coretype] [--no-openblas]\n");
	exit(2);
}

/* A variant's index by name, for the comparisons. */
static size_t vi(const char *name)
{
	for (size_t v = 0; v < NVAR; v++)
		if (!strcmp(variants[v].name, name))
			return v;
	abort();
}

/* Random inputs in [-0.5, 0.5], the same every run. */
static int alloc_inputs(struct mm_args *m, size_t n)
{
	double *a = malloc(n * n * sizeof(double));
	double *b = malloc(n * n * sizeof(double));

	m->n = n;
	m->a = a;
	m->b = b;
	m->c = malloc(n * n * sizeof(double));
	m->scratch = malloc(n * n * sizeof(double));
	if (!a || !b || !m->c || !m->scratch) {
		fprintf(stderr, "out of memory for N=%zu\n", n);
		return -1;
	}
	srand(1);
	for (size_t i = 0; i < n * n; i++) {
		a[i] = (double)rand() / RAND_MAX - 0.5;
		b[i] = (double)rand() / RAND_MAX - 0.5;
	}
	return 0;
}

static void table_init(struct lab_table *t, const struct lab_counters *c)
{
	const char *cols[LAB_MAX_COLS] = { "variant", "n", "time_ms",
					   "MFLOPS" };
	int nc = 4;

	for (int i = 0; i < c->n; i++)
		cols[nc++] = c->names[i];
	if (lab_counter_index(c, "PAPI_TOT_INS") >= 0) {
		cols[nc++] = "ins_per_fma";
		if (lab_counter_index(c, "PAPI_TOT_CYC") >= 0)
			cols[nc++] = "IPC";
	}
	cols[nc++] = "L1_hit%";
	cols[nc++] = "L2_hit%";
	cols[nc++] = "speedup_clk";
	cols[nc++] = "speedup_time";
	cols[nc++] = "check";
	lab_table_init(t, cols, nc);
}

/* One row: r against the baseline (ijk) for the speedups. */
static void table_row(struct lab_table *t, const char *name, size_t n,
		      const struct lab_counters *c, const struct result *r,
		      const struct result *base)
{
	int col = 4;

	lab_table_row(t);
	lab_table_set(t, 0, "%s", name);
	lab_table_set(t, 1, "%zu", n);
	lab_table_set(t, 2, "%.3f", r->ns / 1e6);
	lab_table_set(t, 3, "%.1f", 2.0 * (double)n * n * n / r->ns * 1e3);
	int ins = lab_counter_index(c, "PAPI_TOT_INS");
	int cyc = lab_counter_index(c, "PAPI_TOT_CYC");

	for (int i = 0; i < c->n; i++)
		lab_table_set(t, col++, "%lld", r->v[i]);
	if (ins >= 0) {
		lab_table_set(t, col++, "%.2f", (double)r->v[ins] / n / n / n);
		if (cyc >= 0)
			lab_table_set(t, col++, "%.2f",
				      r->v[cyc] > 0 ?
					      (double)r->v[ins] /
						      (double)r->v[cyc] :
					      0.0);
	}
	pct(t, col++, r->l1hit);
	pct(t, col++, r->l2hit);
	if (r->clk > 0 && base->clk > 0)
		lab_table_set(t, col++, "%.2f", base->clk / r->clk);
	else
		lab_table_set(t, col++, "-");
	lab_table_set(t, col++, "%.2f", base->ns / r->ns);
	lab_table_set(t, col, "%s", r->ok ? "ok" : "WRONG");
}

/* The lab's comparisons: mm2 (transposed) and mm3 (blocked) against mm1
 * (ijk), and mm3 against mm2; then the best blocked variant against
 * OpenBLAS. */
static void comparisons(const struct result *res, int have_blas)
{
	static const char *const ccols[] = { "comparison", "dL1_hit%",
					     "dL2_hit%", "speedup_clk",
					     "speedup_time" };
	static const char *const pairs[][2] = {
		{ "ijk", "transposed" },
		{ "ijk", "blocked_l1" },
		{ "ijk", "blocked_l1l2" },
		{ "transposed", "blocked_l1" },
		{ "blocked_l1", "blocked_l1l2" },
	};
	static const char *const blocked[] = { "blocked_l1", "blocked_l1l2",
					       "unrolled", "recursive" };
	struct lab_table ct;
	double best = -1;

	lab_table_init(&ct, ccols, 5);
	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
		compare(&ct, pairs[i][0], pairs[i][1], &res[vi(pairs[i][0])],
			&res[vi(pairs[i][1])]);
	printf("\n");
	lab_table_print(&ct);
	lab_table_free(&ct);
	if (!have_blas) {
		printf("\n# best blocked variant against OpenBLAS: skipped "
		       "(no OpenBLAS, see above)\n");
		return;
	}
	for (size_t i = 0; i < 4; i++) {
		double ns = res[vi(blocked[i])].ns;

		best = best < 0 || ns < best ? ns : best;
	}
	printf("\n# best blocked variant: %.1f%% of OpenBLAS dgemm\n",
	       100 * res[vi("openblas")].ns / best);
}

int main(int argc, char **argv)
{
	size_t n = 1024, b1 = 0, b2 = 0;
	const char *csv = NULL;
	int keep = 0, blas = 1, line, assoc, have_blas, rc = 0;
	long l1, l2;
	struct mm_args m;
	struct lab_counters c;
	struct lab_table t;
	struct result res[NVAR];

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			n = 96;
		else if (!strcmp(argv[i], "-n") && i + 1 < argc)
			n = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--b1") && i + 1 < argc)
			b1 = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--b2") && i + 1 < argc)
			b2 = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
			csv = argv[++i];
		else if (!strcmp(argv[i], "--keep-coretype"))
			keep = 1;
		else if (!strcmp(argv[i], "--no-openblas"))
			blas = 0;
		else
			usage();
	}
	if (n < 2)
		usage();
	lab_papi_init();
	lab_cache(1, &l1, &line, &assoc);
	lab_cache(2, &l2, &line, &assoc);
	m.b1 = b1 ? b1 : block_for(l1, 32);
	m.b2 = b2 ? b2 : block_for(l2, 128);
	have_blas = load_openblas(blas, keep);
	printf("# N=%zu; blocks: L1 %zu (L1d %ld B), L2 %zu (L2 %ld B)\n", n,
	       m.b1, l1, m.b2, l2);
	if (alloc_inputs(&m, n))
		return 1;
	lab_counters_open(&c, events, sizeof(events) / sizeof(events[0]));
	if (c.missing[0])
		printf("# not counted here: %s\n", c.missing);
	for (size_t v = 0; v < NVAR; v++) {
		res[v].ns = -1;
		res[v].ok = 1;
		if (!variants[v].fn && !have_blas)
			continue;
		lab_progress("variant", (int)v, (int)NVAR);
		measure(&variants[v], &m, &c, &res[v]);
		if (!res[v].ok) {
			fprintf(stderr, "%s: wrong result\n", variants[v].name);
			rc = 1;
		}
	}
	lab_progress("variant", (int)NVAR, (int)NVAR);
	no_zeros(&c, res);
	table_init(&t, &c);
	for (size_t v = 0; v < NVAR; v++)
		if (res[v].ns >= 0)
			table_row(&t, variants[v].name, n, &c, &res[v],
				  &res[0]);
	lab_table_print(&t);
	if (csv && lab_table_csv(&t, csv))
		rc = 1;
	comparisons(res, have_blas);
	lab_counters_close(&c);
	lab_table_free(&t);
	free((void *)m.a);
	free((void *)m.b);
	free(m.c);
	free(m.scratch);
	return rc;
}
