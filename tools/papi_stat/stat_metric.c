// SPDX-License-Identifier: BSD-3-Clause
/*
 * Metric groups (-M): named derived metrics, kept as data in the table
 * below: group, name, formula. A formula is arithmetic (+ - * / and
 * parentheses, numbers) over counted events, written in braces
 * ({PAPI_TOT_INS}: event names may hold '/' and '-'), and wall_ns, the
 * time the run took in nanoseconds. Every event a selected formula names
 * is counted; a metric whose event is not available is printed with that
 * event's name, never as a zero.
 *
 * perf::TASK-CLOCK is CPU time in nanoseconds, so events per TASK-CLOCK
 * are giga-events per CPU-second.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "stat.h"

static const struct stat_metric table[] = {
	{ "ipc", "IPC (instructions per cycle)",
	  "{PAPI_TOT_INS} / {PAPI_TOT_CYC}" },
	{ "cpi", "CPI (cycles per instruction)",
	  "{PAPI_TOT_CYC} / {PAPI_TOT_INS}" },
	{ "branch", "branch-miss ratio",
	  "{PAPI_BR_MSP} / {PAPI_BR_INS}" },
	{ "branch", "conditional branch-miss ratio",
	  "{PAPI_BR_MSP} / {PAPI_BR_CN}" },
	{ "l1", "L1 data miss ratio", "{PAPI_L1_DCM} / {PAPI_L1_DCA}" },
	{ "l1", "L1 data misses per 1000 instructions",
	  "1000 * {PAPI_L1_DCM} / {PAPI_TOT_INS}" },
	{ "l2", "L2 miss ratio", "{PAPI_L2_TCM} / {PAPI_L2_TCA}" },
	{ "l2", "L2 data miss ratio", "{PAPI_L2_DCM} / {PAPI_L2_DCA}" },
	{ "flops", "GFLOP/s per CPU (all precisions)",
	  "{PAPI_FP_OPS} / {perf::TASK-CLOCK}" },
	{ "flops", "GFLOP/s per CPU (double precision)",
	  "{PAPI_DP_OPS} / {perf::TASK-CLOCK}" },
	{ "flops", "GFLOP/s per CPU (single precision)",
	  "{PAPI_SP_OPS} / {perf::TASK-CLOCK}" },
	{ "membw", "last-level-cache miss traffic, GB/s (64-byte lines)",
	  "64 * {PAPI_L3_TCM} / wall_ns" },
	{ "sw", "CPUs utilized", "{perf::TASK-CLOCK} / wall_ns" },
	{ "sw", "page faults per CPU-second",
	  "1e9 * {perf::PAGE-FAULTS} / {perf::TASK-CLOCK}" },
	{ "sw", "context switches per CPU-second",
	  "1e9 * {perf::CONTEXT-SWITCHES} / {perf::TASK-CLOCK}" },
};

const struct stat_metric *stat_metrics(int *n)
{
	*n = (int)(sizeof(table) / sizeof(table[0]));
	return table;
}

int stat_group_known(const char *name)
{
	unsigned int i;

	if (!strcmp(name, "all"))
		return 1;
	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++)
		if (!strcmp(table[i].group, name))
			return 1;
	return 0;
}

int stat_metric_in(const struct stat_metric *m, const char *groups)
{
	size_t n = strlen(m->group);
	const char *p;

	for (p = groups; p && *p; p = strchr(p, ',') ? strchr(p, ',') + 1 : NULL) {
		size_t len = strcspn(p, ",");

		if ((len == 3 && !strncmp(p, "all", 3)) ||
		    (len == n && !strncmp(p, m->group, n)))
			return 1;
	}
	return 0;
}

int stat_formula_event(const char *formula, int *pos, char *name, size_t len)
{
	const char *open = strchr(formula + *pos, '{'), *close;

	if (!open || !(close = strchr(open, '}')))
		return 0;
	snprintf(name, len, "%.*s", (int)(close - open - 1), open + 1);
	*pos = (int)(close - formula) + 1;
	return 1;
}

void stat_formula_text(const char *formula, char *buf, size_t len)
{
	size_t n = 0;

	for (; *formula && n + 1 < len; formula++)
		if (*formula != '{' && *formula != '}')
			buf[n++] = *formula;
	buf[n] = '\0';
}

void stat_groups_list(FILE *f)
{
	unsigned int i;
	char text[256];

	for (i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
		stat_formula_text(table[i].formula, text, sizeof(text));
		fprintf(f, "%-7s %-52s %s\n", table[i].group, table[i].name,
			text);
	}
}

/* ---- evaluation: recursive descent over the formula's text ------------ */

struct eval {
	const char *p;
	const struct stat_ctx *c;
	const double *v;
	double wall_ns;
	int err; /* -1 missing event, -2 division by zero, -3 syntax */
	char *missing;
	size_t mlen;
};

static double expr(struct eval *e);

static void blanks(struct eval *e)
{
	while (isspace((unsigned char)*e->p))
		e->p++;
}

static double event(struct eval *e)
{
	const char *close = strchr(e->p, '}');
	int i;

	if (!close) {
		e->err = -3;
		return 0;
	}
	for (i = 0; i < e->c->nev; i++)
		if (strlen(e->c->ev[i].name) == (size_t)(close - e->p - 1) &&
		    !strncmp(e->c->ev[i].name, e->p + 1,
			     (size_t)(close - e->p - 1)))
			break;
	if (i == e->c->nev || !e->c->ev[i].available) {
		/* The first missing member is named; the others are listed
		 * by their own rows as not counted. */
		if (!e->err) {
			snprintf(e->missing, e->mlen, "%.*s",
				 (int)(close - e->p - 1), e->p + 1);
			e->err = -1;
		}
		e->p = close + 1;
		return 0;
	}
	e->p = close + 1;
	return e->v[i];
}

static double factor(struct eval *e)
{
	double x;
	char *end;

	blanks(e);
	if (*e->p == '(') {
		e->p++;
		x = expr(e);
		blanks(e);
		if (*e->p != ')')
			e->err = e->err ? e->err : -3;
		else
			e->p++;
		return x;
	}
	if (*e->p == '-') {
		e->p++;
		return -factor(e);
	}
	if (*e->p == '{')
		return event(e);
	if (!strncmp(e->p, "wall_ns", 7)) {
		e->p += 7;
		return e->wall_ns;
	}
	x = strtod(e->p, &end);
	if (end == e->p)
		e->err = e->err ? e->err : -3;
	e->p = end == e->p ? e->p + (*e->p != '\0') : end;
	return x;
}

static double term(struct eval *e)
{
	double x = factor(e), y;

	for (;;) {
		blanks(e);
		if (*e->p == '*') {
			e->p++;
			x *= factor(e);
		} else if (*e->p == '/') {
			e->p++;
			y = factor(e);
			if (y == 0) {
				if (!e->err)
					e->err = -2;
				return 0;
			}
			x /= y;
		} else {
			return x;
		}
	}
}

static double expr(struct eval *e)
{
	double x = term(e);

	for (;;) {
		blanks(e);
		if (*e->p == '+') {
			e->p++;
			x += term(e);
		} else if (*e->p == '-') {
			e->p++;
			x -= term(e);
		} else {
			return x;
		}
	}
}

int stat_formula_eval(const struct stat_ctx *c, const char *formula,
		      const double *v, double wall_ns, double *out,
		      char *missing, size_t mlen)
{
	struct eval e = { formula, c, v, wall_ns, 0, missing, mlen };
	double x = expr(&e);

	blanks(&e);
	if (!e.err && *e.p)
		e.err = -3;
	if (e.err == -3)
		snprintf(missing, mlen, "(syntax)");
	*out = x;
	return e.err == -3 ? -1 : e.err;
}
