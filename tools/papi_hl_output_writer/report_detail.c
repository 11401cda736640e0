// SPDX-License-Identifier: BSD-3-Clause
/*
 * Every region instance, one row each: process (rank), thread, region id,
 * parent id, name, then one column per metric. JSON detail is the reports
 * merged as PAPI's writer merges them: {"ranks": {rank: {"threads": ...}}}.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define FIXED_COLS 5

struct cols {
	int n;
	const char *key[64]; /* metric keys, in order of appearance */
};

static int derived_skip(const char *key)
{
	return !strcmp(key, "cycles");
}

static const char *label(const char *key, int derived)
{
	if (derived && !strcmp(key, "real_time_nsec"))
		return "Real time in s";
	if (derived && !strcmp(key, "perf::TASK-CLOCK"))
		return "CPU time in s";
	return key;
}

static void add_col(struct cols *c, const char *key)
{
	int i;

	for (i = 0; i < c->n; i++)
		if (!strcmp(c->key[i], key))
			return;
	if (c->n < (int)(sizeof(c->key) / sizeof(c->key[0])))
		c->key[c->n++] = key;
}

typedef void (*visit_fn)(const struct doc *d, const char *thread,
			 const char *id, const struct json *region, void *arg);

static void each_region(const struct reports *r, visit_fn fn, void *arg)
{
	int d, t, i;

	for (d = 0; d < r->ndocs; d++) {
		const struct json *th = json_get(r->docs[d].root, "threads");

		for (t = 0; t < th->n; t++) {
			const struct json *rg = json_get(th->items[t],
							 "regions");

			for (i = 0; rg && i < rg->n; i++)
				if (rg->items[i]->type == JSON_OBJECT)
					fn(&r->docs[d],
					   th->keys ? th->keys[t] : "0",
					   rg->keys ? rg->keys[i] : "?",
					   rg->items[i], arg);
		}
	}
}

struct detail {
	FILE *f;
	int derived;
	struct cols c;
	int ipc; /* a column for PAPI_TOT_INS / PAPI_TOT_CYC */
	int w[FIXED_COLS + 65];
	int pass; /* 0: widths, 1: print */
	int csv;  /* comma-separated instead of aligned */
};

static void collect(const struct doc *d, const char *thread, const char *id,
		    const struct json *region, void *arg)
{
	struct detail *dt = arg;
	int i;

	for (i = 0; i < region->n; i++)
		if (strcmp(region->keys[i], "name") &&
		    strcmp(region->keys[i], "parent_region_id") &&
		    !(dt->derived && derived_skip(region->keys[i])))
			add_col(&dt->c, region->keys[i]);
}

static void cell(struct detail *dt, int col, const char *text, int left)
{
	int len = (int)strlen(text);

	if (!dt->pass) {
		if (len > dt->w[col])
			dt->w[col] = len;
		return;
	}
	if (dt->csv) {
		if (col)
			fputc(',', dt->f);
		if (strpbrk(text, ",\"\n")) {
			fputc('"', dt->f);
			for (; *text; text++) {
				if (*text == '"')
					fputc('"', dt->f);
				fputc(*text, dt->f);
			}
			fputc('"', dt->f);
		} else {
			fputs(text, dt->f);
		}
		return;
	}
	fprintf(dt->f, left ? "%s%-*s" : "%s%*s", col ? "  " : "", dt->w[col],
		text);
}

static void value_cell(struct detail *dt, int col, const struct json *region,
		       const char *key)
{
	char buf[64] = "-";
	long long v;

	if (region_value(region, key, &v)) {
		if (dt->derived && strcmp(label(key, 1), key))
			snprintf(buf, sizeof(buf), "%.6f", (double)v * 1e-9);
		else
			snprintf(buf, sizeof(buf), "%lld", v);
	}
	cell(dt, col, buf, 0);
}

static void row(const struct doc *d, const char *thread, const char *id,
		const struct json *region, void *arg)
{
	struct detail *dt = arg;
	const char *name = json_str(region, "name");
	const char *parent = json_str(region, "parent_region_id");
	long long ins, cyc;
	char buf[32] = "-";
	int i;

	cell(dt, 0, d->label, 1);
	cell(dt, 1, thread, 0);
	cell(dt, 2, id, 0);
	cell(dt, 3, parent ? parent : "-", 0);
	cell(dt, 4, name ? name : "-", 1);
	for (i = 0; i < dt->c.n; i++)
		value_cell(dt, FIXED_COLS + i, region, dt->c.key[i]);
	if (dt->ipc) {
		if (region_value(region, "PAPI_TOT_INS", &ins) &&
		    region_value(region, "PAPI_TOT_CYC", &cyc) && cyc)
			snprintf(buf, sizeof(buf), "%.2f",
				 (double)ins / (double)cyc);
		cell(dt, FIXED_COLS + dt->c.n, buf, 0);
	}
	if (dt->pass)
		fputc('\n', dt->f);
}

static void header(struct detail *dt)
{
	static const char *const fixed[] = { "rank", "thread", "id", "parent",
					     "name" };
	int i;

	for (i = 0; i < FIXED_COLS; i++)
		cell(dt, i, fixed[i], i == 0 || i == 4);
	for (i = 0; i < dt->c.n; i++)
		cell(dt, FIXED_COLS + i, label(dt->c.key[i], dt->derived), 0);
	if (dt->ipc)
		cell(dt, FIXED_COLS + dt->c.n, "IPC", 0);
	if (dt->pass)
		fputc('\n', dt->f);
}

static void merged_json(FILE *f, const struct reports *r)
{
	int d;

	fputs("{\n    \"ranks\": {", f);
	for (d = 0; d < r->ndocs; d++) {
		fputs(d ? ",\n        " : "\n        ", f);
		json_put_string(f, r->docs[d].rank);
		fputs(": {\n            \"threads\": ", f);
		json_write(f, json_get(r->docs[d].root, "threads"), 3);
		fputs("\n        }", f);
	}
	fputs("\n    }\n}\n", f);
}

void print_detail(FILE *f, const struct reports *r, int derived,
		  enum out_fmt fmt)
{
	struct detail dt;
	int i;

	if (fmt == OUT_JSON) {
		merged_json(f, r);
		return;
	}
	memset(&dt, 0, sizeof(dt));
	dt.f = f;
	dt.derived = derived;
	dt.csv = fmt == OUT_CSV;
	each_region(r, collect, &dt);
	for (i = 0; i < dt.c.n; i++)
		dt.ipc += !strcmp(dt.c.key[i], "PAPI_TOT_INS") ||
			  !strcmp(dt.c.key[i], "PAPI_TOT_CYC");
	dt.ipc = derived && dt.ipc == 2;
	for (dt.pass = 0; dt.pass < 2; dt.pass++) {
		header(&dt);
		each_region(r, row, &dt);
	}
}
