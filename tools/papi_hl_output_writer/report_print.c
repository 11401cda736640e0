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
	int doc;      /* --by-rank: the report (rank) of the row; -1 all */
	int has_imb;  /* imbalance over the ranks, and the slowest rank */
	double imb;
	int max_doc;
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
	r->doc = -1;
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

/* Statistics of a series over the whole run, its imbalance over the
 * ranks, and with by_rank one row per rank below it. */
static void stats_ranks(struct table *t, const struct reports *r,
			const char *region, const char *metric,
			const struct series *s, double scale, int integer,
			int by_rank)
{
	struct row *row = add_row(t, region, metric);
	struct series one;
	int d;

	stats(row, s, scale);
	row->integer = integer;
	row->has_imb = rank_imbalance(r, s, &row->imb, &row->max_doc);
	for (d = 0; by_rank && d < r->ndocs; d++) {
		if (series_of_doc(s, d, &one) != 0)
			continue;
		if (one.n) {
			row = add_row(t, region, metric);
			row->doc = d;
			stats(row, &one, scale);
			row->integer = integer;
		}
		free(one.v);
		free(one.doc);
	}
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

static void derived_rows(struct table *t, const struct reports *r,
			 const struct agg *a, int by_rank)
{
	const struct series *rt = find(a, "real_time_nsec");
	const struct series *ins = find(a, "PAPI_TOT_INS");
	const struct series *cyc = find(a, "PAPI_TOT_CYC");
	double secs = sum(rt) * 1e-9;
	unsigned int i;

	if (rt)
		stats_ranks(t, r, a->name, "Real time in s", rt, 1e-9, 0,
			    by_rank);
	if (find(a, "perf::TASK-CLOCK"))
		stats_ranks(t, r, a->name, "CPU time in s",
			    find(a, "perf::TASK-CLOCK"), 1e-9, 0, by_rank);
	if (ins && cyc && sum(cyc) > 0)
		single(t, a->name, "IPC", sum(ins) / sum(cyc), 0);
	for (i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
		if (find(a, rates[i].event) && secs > 0)
			single(t, a->name, rates[i].label,
			       sum(find(a, rates[i].event)) / 1e6 / secs, 0);
}

static void build_summary(struct table *t, const struct reports *r,
			  int derived, int by_rank)
{
	int i, j;

	for (i = 0; i < r->naggs; i++) {
		const struct agg *a = &r->aggs[i];

		single(t, a->name, "Region count", a->count, 1);
		single(t, a->name, "Threads", a->nthreads, 1);
		single(t, a->name, "Processes", a->nranks, 1);
		if (derived)
			derived_rows(t, r, a, by_rank);
		for (j = 0; j < a->nseries; j++) {
			const char *n = a->s[j].name;

			if (derived && (!strcmp(n, "cycles") ||
					!strcmp(n, "real_time_nsec") ||
					!strcmp(n, "perf::TASK-CLOCK")))
				continue;
			stats_ranks(t, r, a->name, n, &a->s[j], 1, 1, by_rank);
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

/* One line of the table: the first columns (region, metric, and with
 * --by-rank the rank) left-aligned, without trailing blanks. */
static void line(FILE *f, const int *w, const char *const *cells, int ncol,
		 int left)
{
	char buf[2048];
	int c, len = 0;

	for (c = 0; c < ncol && len < (int)sizeof(buf); c++)
		len += snprintf(buf + len, sizeof(buf) - (size_t)len,
				c < left ? "%-*s  " : "%*s  ", w[c], cells[c]);
	if (len >= (int)sizeof(buf))
		len = (int)sizeof(buf) - 1;
	while (len > 0 && buf[len - 1] == ' ')
		len--;
	fprintf(f, "%.*s\n", len, buf);
}

/* The cells of a row: region, metric, [rank,] count, total, min, median,
 * max[, imbalance, slowest rank (host)]. */
#define MAXCOL 10

static int row_cells(const struct reports *rep, const struct row *r,
		     int by_rank, int ranks, char cell[][96],
		     const char **cells)
{
	int n = 0, i;

	cells[n++] = r->region;
	cells[n++] = r->metric;
	if (by_rank) {
		if (r->doc < 0)
			snprintf(cell[n], sizeof(cell[0]), "all");
		else
			snprintf(cell[n], sizeof(cell[0]), "%s",
				 rep->docs[r->doc].label);
		n++;
	}
	for (i = n; i < n + 5 + 2 * (ranks >= 2); i++)
		cell[i][0] = '\0';
	if (r->stats)
		snprintf(cell[n], sizeof(cell[0]), "%d", r->count);
	if (r->has_total)
		fmt(cell[n + 1], sizeof(cell[0]), r->total, r->integer);
	else
		strcpy(cell[n + 1], "-");
	if (r->stats) {
		fmt(cell[n + 2], sizeof(cell[0]), r->min, r->integer);
		fmt(cell[n + 3], sizeof(cell[0]), r->median, r->integer);
		fmt(cell[n + 4], sizeof(cell[0]), r->max, r->integer);
	}
	if (ranks >= 2 && r->has_imb) {
		const struct doc *d = &rep->docs[r->max_doc];

		snprintf(cell[n + 5], sizeof(cell[0]), "%.3f", r->imb);
		snprintf(cell[n + 6], sizeof(cell[0]), "%s%s%s%s", d->label,
			 d->host[0] ? " (" : "", d->host,
			 d->host[0] ? ")" : "");
	}
	for (i = 2; i < n + 5 + 2 * (ranks >= 2); i++)
		cells[i] = cell[i];
	return n + 5 + 2 * (ranks >= 2);
}

static void print_table(FILE *f, const struct reports *rep,
			const struct table *t, int by_rank)
{
	static const char *const head_rank[] = { "region", "metric", "rank",
						 "count", "total", "min",
						 "median", "max", "imbalance",
						 "slowest rank" };
	static const char *const head[] = { "region", "metric", "count",
					    "total", "min", "median", "max",
					    "imbalance", "slowest rank" };
	const char *const *h = by_rank ? head_rank : head;
	int ranks = reports_ranks(rep), ncol, left = 2 + by_rank;
	char cell[MAXCOL][96];
	const char *cells[MAXCOL];
	int w[MAXCOL], i, c;

	ncol = left + 5 + 2 * (ranks >= 2);
	for (c = 0; c < ncol; c++)
		w[c] = (int)strlen(h[c]);
	for (i = 0; i < t->n; i++) {
		row_cells(rep, &t->rows[i], by_rank, ranks, cell, cells);
		for (c = 0; c < ncol; c++)
			if (c < left || c >= left + 5)
				if ((int)strlen(cells[c]) > w[c])
					w[c] = (int)strlen(cells[c]);
	}
	w[left] = 7;
	for (c = left + 1; c < left + 5; c++)
		w[c] = 14;
	line(f, w, h, ncol, left);
	for (i = 0; i < t->n; i++) {
		row_cells(rep, &t->rows[i], by_rank, ranks, cell, cells);
		line(f, w, cells, ncol, left);
	}
}

static void csv_cell(FILE *f, const char *s, int last)
{
	if (strpbrk(s, ",\"\n")) {
		fputc('"', f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fputs(s, f);
	}
	fputc(last ? '\n' : ',', f);
}

/* region,metric,rank,host,count,total,min,median,max,imbalance,
 * slowest_rank,slowest_host: rank "all" for the whole run. */
static void print_csv(FILE *f, const struct reports *rep,
		      const struct table *t)
{
	char num[8][64];
	int i, c;

	fputs("region,metric,rank,host,count,total,min,median,max,imbalance,"
	      "slowest_rank,slowest_host\n",
	      f);
	for (i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];
		const struct doc *d = r->doc >= 0 ? &rep->docs[r->doc] : NULL;
		const struct doc *m = r->has_imb ? &rep->docs[r->max_doc] : NULL;

		for (c = 0; c < 8; c++)
			num[c][0] = '\0';
		if (r->stats)
			snprintf(num[0], sizeof(num[0]), "%d", r->count);
		if (r->has_total)
			fmt(num[1], sizeof(num[1]), r->total, r->integer);
		if (r->stats) {
			fmt(num[2], sizeof(num[2]), r->min, r->integer);
			fmt(num[3], sizeof(num[3]), r->median, r->integer);
			fmt(num[4], sizeof(num[4]), r->max, r->integer);
		}
		if (m)
			snprintf(num[5], sizeof(num[5]), "%.6f", r->imb);
		csv_cell(f, r->region, 0);
		csv_cell(f, r->metric, 0);
		csv_cell(f, d ? d->label : "all", 0);
		csv_cell(f, d ? d->host : "", 0);
		for (c = 0; c < 6; c++)
			csv_cell(f, num[c], 0);
		csv_cell(f, m ? m->label : "", 0);
		csv_cell(f, m ? m->host : "", 1);
	}
}

static void json_num(FILE *f, double v, int integer)
{
	char buf[64];

	fmt(buf, sizeof(buf), v, integer);
	fputs(buf, f);
}

static void json_stats(FILE *f, const struct row *r)
{
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
}

/* "@ranks": the ranks of an MPI run, expected and missing (only when the
 * reports say the run's size). */
static void json_ranks(FILE *f, const struct reports *rep)
{
	int missing[4096], size, dups, n, i;

	n = ranks_missing(rep, missing, 4096, &size, &dups);
	if (size <= 0)
		return;
	fprintf(f, "\n    \"@ranks\": {\"expected\": %d, \"reports\": %d, "
		   "\"duplicates\": %d, \"missing\": [",
		size, rep->ndocs, dups);
	for (i = 0; i < n && i < 4096; i++)
		fprintf(f, "%s%d", i ? ", " : "", missing[i]);
	fputs("]},", f);
}

static void print_json(FILE *f, const struct reports *rep,
		       const struct table *t)
{
	int i;

	fputs("{", f);
	json_ranks(f, rep);
	for (i = 0; i < t->n; i++) {
		const struct row *r = &t->rows[i];
		int first, last;

		if (r->doc >= 0)
			continue; /* inside its metric's object */
		first = !i || strcmp(t->rows[i - 1].region, r->region);
		last = 1;
		for (int k = i + 1; k < t->n; k++)
			if (t->rows[k].doc < 0) {
				last = strcmp(t->rows[k].region, r->region);
				break;
			}

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
			int k, any = 0;

			fputs("{", f);
			json_stats(f, r);
			if (r->has_imb) {
				const struct doc *d = &rep->docs[r->max_doc];

				fprintf(f, ", \"imbalance\": %.6f, "
					   "\"slowest_rank\": ", r->imb);
				json_put_string(f, d->label);
				fputs(", \"slowest_host\": ", f);
				json_put_string(f, d->host);
			}
			for (k = i + 1; k < t->n && t->rows[k].doc >= 0; k++) {
				const struct doc *d = &rep->docs[t->rows[k].doc];

				fputs(any ? ", " : ", \"by_rank\": {", f);
				any = 1;
				json_put_string(f, d->label);
				fputs(": {\"host\": ", f);
				json_put_string(f, d->host);
				fprintf(f, ", \"count\": %d, ",
					t->rows[k].count);
				json_stats(f, &t->rows[k]);
				fputs("}", f);
			}
			fputs(any ? "}}" : "}", f);
		}
		fputs(last ? "\n    }" : ",", f);
	}
	fputs("\n}\n", f);
}

void print_summary(FILE *f, const struct reports *r, int derived,
		   enum out_fmt fmt, int by_rank)
{
	struct table t = { 0, 0, NULL };

	build_summary(&t, r, derived, by_rank);
	if (fmt == OUT_JSON)
		print_json(f, r, &t);
	else if (fmt == OUT_CSV)
		print_csv(f, r, &t);
	else
		print_table(f, r, &t, by_rank);
	free(t.rows);
}
