// SPDX-License-Identifier: BSD-3-Clause
/*
 * Printing the reports: a summary per region name (total, min, median and
 * max over its instances) or every instance, as a table or as JSON.
 * Derived notation follows PAPI's papi_hl_output_writer: real_time_nsec
 * and perf::TASK-CLOCK become seconds, PAPI_TOT_INS / PAPI_TOT_CYC gives
 * IPC, floating-point counts over real time give M/s rates; cycles (the
 * time stamp counter) is left out. The raw counts stay beside them.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"

struct row {
	const char *region;
	char metric[160];
	int count;
	int stats;    /* min, median, max are meaningful */
	int has_total;
	int integer;  /* print as integers */
	double total, min, median, max;
};

struct table {
	int n, cap;
	struct row *rows;
};

static const struct {
	const char *event, *label;
} rates[] = {
	{ "PAPI_FP_INS", "MFLIPS/s" },
	{ "PAPI_VEC_SP", "Single precision vector/SIMD instructions rate in M/s" },
	{ "PAPI_VEC_DP", "Double precision vector/SIMD instructions rate in M/s" },
	{ "PAPI_FP_OPS", "MFLOPS/s" },
	{ "PAPI_SP_OPS", "Single precision MFLOPS/s" },
	{ "PAPI_DP_OPS", "Double precision MFLOPS/s" },
};

static struct row *add_row(struct table *t, const char *region,
			   const char *metric)
{
	struct row *r;

	if (t->n == t->cap) {
		t->cap = t->cap ? t->cap * 2 : 32;
		r = realloc(t->rows, (size_t)t->cap * sizeof(*r));
		if (!r) {
			perror("papi_hl_output_writer");
			exit(1);
		}
		t->rows = r;
	}
	r = &t->rows[t->n++];
	memset(r, 0, sizeof(*r));
	r->region = region;
	snprintf(r->metric, sizeof(r->metric), "%s", metric);
	return r;
}

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return x < y ? -1 : x > y;
}

/* Statistics of a series, each value times scale. */
static void stats(struct row *r, const struct series *s, double scale)
{
	long long *v = malloc((size_t)s->n * sizeof(*v));
	double sum = 0;
	int i;

	if (!v || !s->n) {
		free(v);
		return;
	}
	memcpy(v, s->v, (size_t)s->n * sizeof(*v));
	qsort(v, (size_t)s->n, sizeof(*v), cmp_ll);
	for (i = 0; i < s->n; i++)
		sum += (double)v[i];
	r->count = s->n;
	r->stats = 1;
	r->has_total = !s->instant;
	r->total = sum * scale;
	r->min = (double)v[0] * scale;
	r->max = (double)v[s->n - 1] * scale;
	r->median = (s->n % 2 ? (double)v[s->n / 2]
			      : ((double)v[s->n / 2 - 1] + (double)v[s->n / 2]) /
					2) * scale;
	free(v);
}

static const struct series *find(const struct agg *a, const char *name)
{
	int i;

	for (i = 0; i < a->nseries; i++)
		if (!strcmp(a->s[i].name, name))
			return &a->s[i];
	return NULL;
}

static double sum(const struct series *s)
{
	double t = 0;
	int i;

	for (i = 0; s && i < s->n; i++)
		t += (double)s->v[i];
	return t;
}

static void single(struct table *t, const char *region, const char *metric,
		   double value, int integer)
{
	struct row *r = add_row(t, region, metric);

	r->has_total = 1;
	r->integer = integer;
	r->total = value;
}

static void derived_rows(struct table *t, const struct agg *a)
{
	const struct series *rt = find(a, "real_time_nsec");
	const struct series *ins = find(a, "PAPI_TOT_INS");
	const struct series *cyc = find(a, "PAPI_TOT_CYC");
	double secs = sum(rt) * 1e-9;
	unsigned int i;

	if (rt)
		stats(add_row(t, a->name, "Real time in s"), rt, 1e-9);
	if (find(a, "perf::TASK-CLOCK"))
		stats(add_row(t, a->name, "CPU time in s"),
		      find(a, "perf::TASK-CLOCK"), 1e-9);
	if (ins && cyc && sum(cyc) > 0)
		single(t, a->name, "IPC", sum(ins) / sum(cyc), 0);
	for (i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
		if (find(a, rates[i].event) && secs > 0)
			single(t, a->name, rates[i].label,
			       sum(find(a, rates[i].event)) / 1e6 / secs, 0);
}

static void build_summary(struct table *t, const struct reports *r,
			  int derived)
{
	int i, j;

	for (i = 0; i < r->naggs; i++) {
		const struct agg *a = &r->aggs[i];

		single(t, a->name, "Region count", a->count, 1);
		single(t, a->name, "Threads", a->nthreads, 1);
		single(t, a->name, "Processes", a->nranks, 1);
		if (derived)
			derived_rows(t, a);
		for (j = 0; j < a->nseries; j++) {
			const char *n = a->s[j].name;
			struct row *row;

			if (derived && (!strcmp(n, "cycles") ||
					!strcmp(n, "real_time_nsec") ||
					!strcmp(n, "perf::TASK-CLOCK")))
				continue;
			row = add_row(t, a->name, n);
			stats(row, &a->s[j], 1);
			row->integer = 1;
		}
	}
}

static void fmt(char *buf, size_t len, double v, int integer)
{
	if (integer)
		snprintf(buf, len, "%.0f", v);
	else
		snprintf(buf, len, "%.6g", v);
}

/* One line of the table: the first two columns left-aligned, without
 * trailing blanks. */
static void line(FILE *f, const int *w, const char *const *cells)
{
	char buf[1024];
	int c, len = 0;

	for (c = 0; c < 7 && len < (int)sizeof(buf); c++)
		len += snprintf(buf + len, sizeof(buf) - (size_t)len,
				c < 2 ? "%-*s  " : "%*s  ", w[c], cells[c]);
	if (len >= (int)sizeof(buf))
		len = (int)sizeof(buf) - 1;
	while (len > 0 && buf[len - 1] == ' ')
		len--;
	fprintf(f, "%.*s\n", len, buf);
}

static void print_table(FILE *f, const struct table *t)
{
	static const char *const head[] = { "region", "metric", "count",
					    "total", "min", "median", "max" };
	char cell[7][64];
	int w[7], i, c;

	for (c = 0; c < 7; c++)
		w[c] = (int)strlen(head[c]);
	for (i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];

		if ((int)strlen(r->region) > w[0])
			w[0] = (int)strlen(r->region);
		if ((int)strlen(r->metric) > w[1])
			w[1] = (int)strlen(r->metric);
	}
	w[2] = 7;
	for (c = 3; c < 7; c++)
		w[c] = 14;
	line(f, w, head);
	for (i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];
		const char *cells[7] = { r->region, r->metric, cell[2], cell[3],
					 cell[4], cell[5], cell[6] };

		strcpy(cell[2], "");
		if (r->stats)
			snprintf(cell[2], sizeof(cell[2]), "%d", r->count);
		strcpy(cell[3], "-");
		if (r->has_total)
			fmt(cell[3], sizeof(cell[3]), r->total, r->integer);
		strcpy(cell[4], "");
		strcpy(cell[5], "");
		strcpy(cell[6], "");
		if (r->stats) {
			fmt(cell[4], sizeof(cell[4]), r->min, r->integer);
			fmt(cell[5], sizeof(cell[5]), r->median, r->integer);
			fmt(cell[6], sizeof(cell[6]), r->max, r->integer);
		}
		line(f, w, cells);
	}
}

static void json_num(FILE *f, double v, int integer)
{
	char buf[64];

	fmt(buf, sizeof(buf), v, integer);
	fputs(buf, f);
}

static void print_json(FILE *f, const struct table *t)
{
	int i;

	fputs("{", f);
	for (i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];
		int first = !i || strcmp(t->rows[i - 1].region, r->region);
		int last = i + 1 == t->n || strcmp(t->rows[i + 1].region,
						   r->region);

		if (first) {
			fputs(i ? ",\n    " : "\n    ", f);
			json_put_string(f, r->region);
			fputs(": {", f);
		}
		fputs("\n        ", f);
		json_put_string(f, r->metric);
		fputs(": ", f);
		if (!r->stats) {
			json_num(f, r->total, r->integer);
		} else {
			fputs("{", f);
			if (r->has_total) {
				fputs("\"total\": ", f);
				json_num(f, r->total, r->integer);
				fputs(", ", f);
			}
			fputs("\"min\": ", f);
			json_num(f, r->min, r->integer);
			fputs(", \"median\": ", f);
			json_num(f, r->median, r->integer);
			fputs(", \"max\": ", f);
			json_num(f, r->max, r->integer);
			fputs("}", f);
		}
		fputs(last ? "\n    }" : ",", f);
	}
	fputs("\n}\n", f);
}

void print_summary(FILE *f, const struct reports *r, int derived, int json)
{
	struct table t = { 0, 0, NULL };

	build_summary(&t, r, derived);
	if (json)
		print_json(f, &t);
	else
		print_table(f, &t);
	free(t.rows);
}
