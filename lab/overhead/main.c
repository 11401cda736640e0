/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_overhead: what PAPI_read costs inside real kernels, as the thesis
 * (seed 004) measures it: a PAPI_read after each STREAM element copy, after
 * each STREAM vector operation and after each Sobel pixel, each call timed
 * with PAPI_get_real_cyc; min, max, mean, standard deviation and the 25th,
 * 50th, 75th and 99th percentiles of those costs, and each instrumented
 * loop's time as a ratio to the same loop without instrumentation.
 */
#include <math.h>
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/lab.h"
#include "kernels.h"

struct probe {
	int evset;
	long long v[LAB_MAX_EVENTS];
	long long *cost;
	size_t n, cap;
	size_t calls; /* hook calls in the last run */
};

/* The hook: one PAPI_read, timed the thesis's way. */
static void probe_read(void *p)
{
	struct probe *pr = p;
	long long t0 = PAPI_get_real_cyc();

	PAPI_read(pr->evset, pr->v);
	if (pr->n < pr->cap)
		pr->cost[pr->n++] = PAPI_get_real_cyc() - t0;
}

/* The same read, untimed, and a hook that does nothing: the counters'
 * difference between runs with the two is what the reads alone cost. */
static void bare_read(void *p)
{
	struct probe *pr = p;

	PAPI_read(pr->evset, pr->v);
	pr->calls++;
}

static void no_read(void *p)
{
	((struct probe *)p)->calls++;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

enum {
	COPY,
	STREAM,
	SOBEL,
	PLAIN
};
struct scene {
	size_t n; /* elements, vector length, or image width */
	int h, rounds; /* image height; STREAM rounds */
	double *a, *b, *c;
	unsigned char *img, *out;
};

static void run(int which, struct scene *s, hook_fn *after, void *ctx)
{
	switch (which) {
	case COPY:
		element_copy(s->c, s->a, s->n, after, ctx);
		break;
	case STREAM:
		for (int r = 0; r < s->rounds; r++)
			stream_round(s->a, s->b, s->c, s->n, 3.0, after, ctx);
		break;
	case SOBEL:
		sobel(s->img, s->out, (int)s->n, s->h, after, ctx);
		break;
	default: /* papi_cost's loop: nothing but the reads */
		for (size_t i = 0; i < s->n; i++)
			after(ctx);
	}
}

/* Best of three, in ns. */
static double time_run(int which, struct scene *s, hook_fn *after,
		       struct probe *pr)
{
	double best = 1e300;

	for (int r = 0; r < 3; r++) {
		long long t0;

		pr->n = 0;
		t0 = lab_now_ns();
		run(which, s, after, pr);
		t0 = lab_now_ns() - t0;
		best = (double)t0 < best ? (double)t0 : best;
	}
	return best;
}

/* Instructions and cycles per PAPI_read (out[0], out[1]; -1 where the
 * set does not count them): the least over three runs of each kernel with
 * bare_read, less the least with no_read, over the calls. The set reads
 * itself around each run. */
static void per_read(int which, struct scene *s, struct probe *pr,
		     const struct lab_counters *c, double *out)
{
	int idx[2] = { lab_counter_index(c, "PAPI_TOT_INS"),
		       lab_counter_index(c, "PAPI_TOT_CYC") };
	long long best[2][2], a[LAB_MAX_EVENTS], b[LAB_MAX_EVENTS];
	hook_fn *hooks[2] = { bare_read, no_read };

	for (int h = 0; h < 2; h++)
		for (int r = 0; r < 3; r++) {
			pr->calls = 0;
			PAPI_read(pr->evset, a);
			run(which, s, hooks[h], pr);
			PAPI_read(pr->evset, b);
			for (int e = 0; e < 2; e++) {
				long long d =
					idx[e] < 0 ? 0 : b[idx[e]] - a[idx[e]];

				if (r == 0 || d < best[h][e])
					best[h][e] = d;
			}
		}
	for (int e = 0; e < 2; e++)
		out[e] = idx[e] < 0 || pr->calls == 0 ?
				 -1 :
				 (double)(best[0][e] - best[1][e]) /
					 (double)pr->calls;
}

/* PAPI_RDPMC=0 (read at PAPI_library_init) turns the library's user-space
 * reads off: run the tool with and without it for the thesis's fast path
 * vs syscall path. Software events (no PMU) always take the syscall. */
static const char *path(void)
{
	const char *e = getenv("PAPI_RDPMC");

	return e && !strcmp(e, "0") ? "syscall(PAPI_RDPMC=0)" : "default";
}

static void stats_row(struct lab_table *t, const char *name, struct probe *pr,
		      double ins_ns, double plain_ns, const double *per)
{
	double sum = 0, sq = 0, mean;
	size_t n = pr->n;
	long long *c = pr->cost;

	if (n == 0)
		return;
	qsort(c, n, sizeof(*c), cmp_ll);
	for (size_t i = 0; i < n; i++)
		sum += (double)c[i];
	mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += ((double)c[i] - mean) * ((double)c[i] - mean);
	lab_table_row(t);
	lab_table_set(t, 0, "%s", name);
	lab_table_set(t, 1, "%zu", n);
	lab_table_set(t, 2, "%lld", c[0]);
	lab_table_set(t, 3, "%lld", c[n / 4]);
	lab_table_set(t, 4, "%lld", c[n / 2]);
	lab_table_set(t, 5, "%lld", c[n * 3 / 4]);
	lab_table_set(t, 6, "%lld", c[n * 99 / 100]);
	lab_table_set(t, 7, "%lld", c[n - 1]);
	lab_table_set(t, 8, "%.1f", mean);
	lab_table_set(t, 9, "%.1f", sqrt(sq / (double)n));
	lab_table_set(t, 10, "%.3f", ins_ns / 1e6);
	if (plain_ns > 0) {
		lab_table_set(t, 11, "%.3f", plain_ns / 1e6);
		lab_table_set(t, 12, "%.2f", ins_ns / plain_ns);
	} else {
		lab_table_set(t, 11, "-");
		lab_table_set(t, 12, "-");
	}
	for (int e = 0; e < 2; e++)
		lab_table_set(t, 13 + e, per[e] < 0 ? "-" : "%.1f", per[e]);
	lab_table_set(t, 15, "%s", path());
}

static void scenes_free(struct scene *s, struct probe *pr)
{
	free(s[COPY].a);
	free(s[COPY].c);
	free(s[STREAM].a);
	free(s[STREAM].b);
	free(s[STREAM].c);
	free(s[SOBEL].img);
	free(s[SOBEL].out);
	free(pr->cost);
}

/* The thesis's sizes: 1 M element copies, 10 M-double STREAM vectors,
 * a 1920x1200 image; --quick divides them by 10 to 100. */
static int scenes_init(struct scene *s, struct probe *pr, int quick)
{
	size_t pixels;

	memset(s, 0, 4 * sizeof(*s));
	s[COPY].n = quick ? 20000 : 1000000;
	s[STREAM].n = quick ? 100000 : 10000000;
	s[STREAM].rounds = quick ? 5 : 50;
	s[SOBEL].n = quick ? 192 : 1920;
	s[SOBEL].h = quick ? 120 : 1200;
	s[PLAIN].n = s[COPY].n;
	pixels = s[SOBEL].n * (size_t)s[SOBEL].h;
	s[COPY].a = calloc(s[COPY].n, sizeof(double));
	s[COPY].c = calloc(s[COPY].n, sizeof(double));
	s[STREAM].a = calloc(s[STREAM].n, sizeof(double));
	s[STREAM].b = calloc(s[STREAM].n, sizeof(double));
	s[STREAM].c = calloc(s[STREAM].n, sizeof(double));
	s[SOBEL].img = malloc(pixels);
	s[SOBEL].out = calloc(pixels, 1);
	/* One cost slot per read of the largest scene. */
	pr->cap = s[COPY].n > pixels ? s[COPY].n : pixels;
	pr->cost = malloc(pr->cap * sizeof(long long));
	if (!s[COPY].a || !s[COPY].c || !s[STREAM].a || !s[STREAM].b ||
	    !s[STREAM].c || !s[SOBEL].img || !s[SOBEL].out || !pr->cost)
		return -1;
	/* A generated image: rings and a gradient, so Sobel finds edges
	 * everywhere (the thesis used a 1920x1200 photograph). */
	for (int y = 0; y < s[SOBEL].h; y++)
		for (size_t x = 0; x < s[SOBEL].n; x++) {
			double r = hypot((double)x - (double)s[SOBEL].n / 2,
					 (double)y - s[SOBEL].h / 2.0);

			s[SOBEL].img[(size_t)y * s[SOBEL].n + x] =
				(unsigned char)(((int)r / 16 % 2) * 128 +
						(int)x % 128);
		}
	for (size_t i = 0; i < s[STREAM].n; i++) {
		s[STREAM].a[i] = 1.0;
		s[STREAM].b[i] = 2.0;
	}
	return 0;
}

static int domain_of(const char *s)
{
	return !strcmp(s, "user")   ? PAPI_DOM_USER :
	       !strcmp(s, "kernel") ? PAPI_DOM_KERNEL :
	       !strcmp(s, "all")    ? PAPI_DOM_ALL :
				      0;
}

int main(int argc, char **argv)
{
	static const char *const want[] = { "PAPI_TOT_CYC", "PAPI_TOT_INS",
					    "perf::TASK-CLOCK",
					    "PAPI_REF_CYC" };
	static const char *const cols[] = { "kernel",
					    "reads",
					    "min",
					    "p25",
					    "p50",
					    "p75",
					    "p99",
					    "max",
					    "mean",
					    "std",
					    "instrumented_ms",
					    "plain_ms",
					    "ratio",
					    "ins_per_read",
					    "cyc_per_read",
					    "path" };
	static const char *const names[] = { "element_copy", "stream_vector_op",
					     "sobel_pixel", "read_loop" };
	struct lab_counters c;
	struct scene s[4];
	struct probe pr;
	struct lab_table t;
	const char *csv = NULL, *dom = "user";
	int quick = 0, rc, domain = 0;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick"))
			quick = 1;
		else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
			csv = argv[++i];
		else if (!strcmp(argv[i], "--domain") && i + 1 < argc &&
			 (domain = domain_of(argv[i + 1])) != 0)
			dom = argv[++i];
		else {
			fprintf(stderr, "usage: papi_overhead [--quick] "
					"[--domain user|kernel|all] "
					"[--csv FILE]\n");
			return 2;
		}
	}
	lab_papi_init();
	/* The thesis counts PAPI_TOT_CYC and PAPI_TOT_INS; without a PMU
	 * the two software-side events stand in, so the set still has two
	 * events and the read does the same amount of work. */
	lab_counters_open_domain(&c, want, 2, domain);
	if (c.n < 2) {
		lab_counters_close(&c);
		lab_counters_open_domain(&c, want + 2, 2, domain);
	}
	if (c.n == 0) {
		printf("# no event could be counted: %s\n", c.missing);
		return 77;
	}
	printf("# PAPI_read of %d events:", c.n);
	for (int i = 0; i < c.n; i++)
		printf(" %s", c.names[i]);
	printf("; counting %s%s; costs in PAPI_get_real_cyc units (cycles), "
	       "and in instructions and cycles where the set counts them\n",
	       c.domain ? dom : "user",
	       c.domain ? "" : " (PAPI's default domain)");
	if (c.missing[0])
		printf("# not counted here: %s\n", c.missing);

	if (scenes_init(s, &pr, quick)) {
		fprintf(stderr, "out of memory\n");
		scenes_free(s, &pr);
		return 1;
	}
	pr.evset = c.evset;
	PAPI_start(c.evset);
	lab_table_init(&t, cols, 16);
	for (int k = 0; k < 4; k++) {
		double plain = k == PLAIN ? -1 : time_run(k, &s[k], NULL, &pr);
		double per[2], ins;

		per_read(k, &s[k], &pr, &c, per);
		ins = time_run(k, &s[k], probe_read, &pr);
		lab_progress("kernel", k, 4);
		stats_row(&t, names[k], &pr, ins, plain, per);
	}
	lab_progress("kernel", 4, 4);
	PAPI_stop(c.evset, pr.v);
	lab_table_print(&t);
	rc = csv && lab_table_csv(&t, csv) ? 1 : 0;
	lab_table_free(&t);
	lab_counters_close(&c);
	scenes_free(s, &pr);
	return rc;
}
