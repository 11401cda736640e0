/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * matmul_tour: multiply two N x N double matrices in ijk and in ikj loop
 * order (seed 000), check the two results against each other, and count
 * whatever this machine can count meanwhile, through the public API only.
 *
 *	matmul_tour [-n N]	(N defaults to 512)
 *
 * Exit status: 0 when the run and the result check succeed, 1 on any
 * unexpected PAPI failure or a failed check, 2 on bad usage.
 */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <papi.h>

#include "matmul_kernels.h"

#define DEFAULT_N	512
/* Four 4096^2 matrices are 512 MiB; ijk at that size takes many minutes. */
#define MAX_N		4096

/*
 * Tried in this order, each kept only if PAPI_add_named_event accepts it
 * into the one event set: the hardware presets first (they need a PMU), then
 * events that a Linux kernel offers without one.
 */
static const char *const candidates[] = {
	"PAPI_TOT_CYC", "PAPI_TOT_INS", "PAPI_L1_DCM", "PAPI_L2_DCM",
	"perf::TASK-CLOCK", "perf::PAGE-FAULTS", "PAPI_REF_CYC",
};
#define NCAND	(sizeof(candidates) / sizeof(candidates[0]))

struct events {
	int set;
	int n;
	const char *name[NCAND];
};

struct kernel {
	const char *order;
	void (*fn)(size_t, const double *restrict, const double *restrict,
		double *restrict);
};

struct row {
	const char *order;
	double secs;     /* wall time */
	double cpu_secs; /* the thread's CPU time (PAPI_get_virt_nsec) */
	long long value[NCAND];
};

static const char *reason(int ret)
{
	const char *s = PAPI_strerror(ret);

	return s ? s : "unknown error";
}

static void die(const char *what, int ret)
{
	fprintf(stderr, "matmul_tour: %s: %s (%d)\n", what, reason(ret), ret);
	exit(1);
}

static int parse_n(int argc, char **argv, size_t *n)
{
	*n = DEFAULT_N;
	for (int i = 1; i < argc; i++) {
		char *end;
		long v;

		if (strcmp(argv[i], "-n") != 0 || i + 1 >= argc)
			return -1;
		v = strtol(argv[++i], &end, 10);
		if (*argv[i] == '\0' || *end != '\0' || v < 1 || v > MAX_N)
			return -1;
		*n = (size_t)v;
	}
	return 0;
}

/* Deterministic values in [-1, 1), so every run multiplies the same data. */
static void fill(double *m, size_t count, uint64_t seed)
{
	uint64_t x = seed;

	for (size_t i = 0; i < count; i++) {
		x = x * 6364136223846793005ULL + 1442695040888963407ULL;
		m[i] = (double)(x >> 11) / 4503599627370496.0 - 1.0;
	}
}

/*
 * A failed add leaves the event set as it was, so the set ends up holding
 * exactly the events accepted. Only codes that say the harness or the
 * library itself is broken stop the tour; anything else means "this event
 * cannot be counted here" and is reported as a skip.
 */
static void add_events(struct events *ev)
{
	int ret;

	ev->set = PAPI_NULL;
	ev->n = 0;
	ret = PAPI_create_eventset(&ev->set);
	if (ret != PAPI_OK)
		die("PAPI_create_eventset", ret);
	for (size_t i = 0; i < NCAND; i++) {
		ret = PAPI_add_named_event(ev->set, candidates[i]);
		switch (ret) {
		case PAPI_OK:
			ev->name[ev->n++] = candidates[i];
			break;
		case PAPI_ENOMEM:
		case PAPI_ENOINIT:
		case PAPI_ENOEVST:
		case PAPI_EISRUN:
		case PAPI_EBUG:
			die(candidates[i], ret);
			break;
		default:
			printf("%s: not available here (%s)\n", candidates[i],
				reason(ret));
			break;
		}
	}
	printf("counting:");
	for (int i = 0; i < ev->n; i++)
		printf(" %s", ev->name[i]);
	printf("%s\n", ev->n ? "" : " nothing (timing only)");
}

static void measure(const struct events *ev, const struct kernel *k,
	size_t n, const double *a, const double *b, double *c, struct row *r)
{
	long long t0, t1, v0, v1;
	int ret;

	/* PAPI_start on an empty set is an error, so time only then. */
	if (ev->n > 0 && (ret = PAPI_start(ev->set)) != PAPI_OK)
		die("PAPI_start", ret);
	/*
	 * The clock is read inside start/stop so that the time and a
	 * TASK-CLOCK count cover the same interval, give or take the cost of
	 * the calls themselves.
	 */
	t0 = PAPI_get_real_nsec();
	v0 = PAPI_get_virt_nsec();
	k->fn(n, a, b, c);
	v1 = PAPI_get_virt_nsec();
	t1 = PAPI_get_real_nsec();
	if (ev->n > 0 && (ret = PAPI_stop(ev->set, r->value)) != PAPI_OK)
		die("PAPI_stop", ret);
	r->order = k->order;
	r->secs = (double)(t1 - t0) * 1e-9;
	r->cpu_secs = (double)(v1 - v0) * 1e-9;
}

static int find(const struct events *ev, const char *name)
{
	for (int i = 0; i < ev->n; i++)
		if (strcmp(ev->name[i], name) == 0)
			return i;
	return -1;
}

static int width(const char *name, int min)
{
	int w = (int)strlen(name);

	return w > min ? w : min;
}

static void print_table(const struct events *ev, const struct row *rows,
	int nrows, size_t n)
{
	const int ins = find(ev, "PAPI_TOT_INS"), cyc = find(ev, "PAPI_TOT_CYC");
	const int ref = find(ev, "PAPI_REF_CYC");
	const int clk = find(ev, "perf::TASK-CLOCK");
	const double flop = 2.0 * (double)n * (double)n * (double)n;

	printf("\n%-5s  %10s  %10s  %10s", "order", "time_s", "MFLOP/s",
		"cpu_s");
	for (int i = 0; i < ev->n; i++)
		printf("  %*s", width(ev->name[i], 12), ev->name[i]);
	if (ins >= 0 && cyc >= 0)
		printf("  %6s", "IPC");
	if (ref >= 0 && clk >= 0)
		printf("  %8s", "TSC_GHz");
	printf("\n");

	for (int r = 0; r < nrows; r++) {
		const long long *v = rows[r].value;

		printf("%-5s  %10.6f  %10.1f  %10.6f", rows[r].order,
			rows[r].secs, flop / rows[r].secs * 1e-6,
			rows[r].cpu_secs);
		for (int i = 0; i < ev->n; i++)
			printf("  %*lld", width(ev->name[i], 12), v[i]);
		/* A zero denominator would print inf or nan: say "-" instead. */
		if (ins >= 0 && cyc >= 0) {
			if (v[cyc] > 0)
				printf("  %6.2f", (double)v[ins] / (double)v[cyc]);
			else
				printf("  %6s", "-");
		}
		if (ref >= 0 && clk >= 0) {
			if (v[clk] > 0)
				printf("  %8.3f", (double)v[ref] / (double)v[clk]);
			else
				printf("  %8s", "-");
		}
		printf("\n");
	}
	if (ins >= 0 && cyc >= 0)
		printf("IPC = PAPI_TOT_INS / PAPI_TOT_CYC\n");
	if (ref >= 0 && clk >= 0)
		printf("TSC_GHz = PAPI_REF_CYC / perf::TASK-CLOCK (ns)\n");
}

/*
 * Both kernels add the same products in the same order, so the results are
 * normally identical; the tolerance allows for a compiler that contracts to
 * FMA or reorders anyway. Each entry sums n products of magnitude below 1,
 * and a recursive sum of n terms errs by at most about n * eps * sum |term|,
 * so n * n * eps bounds the difference.
 */
static int check(const double *x, const double *y, size_t n)
{
	const double tol = (double)n * (double)n * DBL_EPSILON;
	double worst = 0.0;

	for (size_t i = 0; i < n * n; i++) {
		double d = fabs(x[i] - y[i]);

		/* "!(d <= worst)" also catches a NaN. */
		if (!(d <= worst))
			worst = d;
	}
	if (worst <= tol) {
		printf("result check: passed (max |ijk - ikj| = %.3g, "
			"tolerance %.3g)\n", worst, tol);
		return 0;
	}
	printf("result check: FAILED (max |ijk - ikj| = %.3g, tolerance %.3g)\n",
		worst, tol);
	return -1;
}

int main(int argc, char **argv)
{
	static const struct kernel kernels[] = {
		{ "ijk", matmul_ijk },
		{ "ikj", matmul_ikj },
	};
	struct row rows[2] = { { 0 } };
	struct events ev;
	double *a, *b, *c[2], kib;
	size_t n;
	int ret, failed;

	if (parse_n(argc, argv, &n) != 0) {
		fprintf(stderr, "usage: matmul_tour [-n N]   (1 <= N <= %d, "
			"default %d)\n", MAX_N, DEFAULT_N);
		return 2;
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		if (ret > 0)
			fprintf(stderr, "matmul_tour: built for PAPI %d.%d, "
				"library is %d.%d\n",
				PAPI_VERSION_MAJOR(PAPI_VER_CURRENT),
				PAPI_VERSION_MINOR(PAPI_VER_CURRENT),
				PAPI_VERSION_MAJOR(ret), PAPI_VERSION_MINOR(ret));
		else
			die("PAPI_library_init", ret);
		return 1;
	}

	a = malloc(n * n * sizeof(*a));
	b = malloc(n * n * sizeof(*b));
	c[0] = malloc(n * n * sizeof(*c[0]));
	c[1] = malloc(n * n * sizeof(*c[1]));
	if (!a || !b || !c[0] || !c[1]) {
		fprintf(stderr, "matmul_tour: out of memory for N = %zu\n", n);
		return 1;
	}
	fill(a, n * n, 1);
	fill(b, n * n, 2);
	/*
	 * Touch the result pages now so that neither timed run pays for first
	 * faults: the comparison is between loop orders, not allocators.
	 */
	memset(c[0], 0, n * n * sizeof(*c[0]));
	memset(c[1], 0, n * n * sizeof(*c[1]));

	kib = (double)(n * n * sizeof(double)) / 1024.0;
	printf("matrix multiply C = A * B: double, row-major, N = %zu "
		"(%.1f %s per matrix, %.3g flop per multiply)\n", n,
		kib < 1024.0 ? kib : kib / 1024.0, kib < 1024.0 ? "KiB" : "MiB",
		2.0 * (double)n * (double)n * (double)n);
	add_events(&ev);
	for (int k = 0; k < 2; k++)
		measure(&ev, &kernels[k], n, a, b, c[k], &rows[k]);
	print_table(&ev, rows, 2, n);
	if (rows[0].secs > 0 && rows[1].secs > 0)
		printf("speedup of ikj over ijk: %.1fx\n",
			rows[0].secs / rows[1].secs);
	failed = check(c[0], c[1], n);

	ret = PAPI_cleanup_eventset(ev.set);
	if (ret != PAPI_OK)
		die("PAPI_cleanup_eventset", ret);
	ret = PAPI_destroy_eventset(&ev.set);
	if (ret != PAPI_OK)
		die("PAPI_destroy_eventset", ret);
	PAPI_shutdown();
	free(c[1]);
	free(c[0]);
	free(b);
	free(a);
	return failed ? 1 : 0;
}
