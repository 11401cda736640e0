// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi_stat's output: a readable table, JSON (one object per line: one per
 * interval with -I, then the totals) or CSV (a header, then one record per
 * line: count, thread, interval, metric, elapsed, exit). Field meanings in
 * docs/papi_stat.md.
 */
#include <math.h>
#include <string.h>

#include "stat.h"

/* ---- shared ------------------------------------------------------------- */

/* running / enabled, or -1 when the kernel's times are unknown. */
static double ratio(long long en, long long run)
{
	if (en <= 0 || run < 0)
		return -1;
	return run >= en ? 1.0 : (double)run / (double)en;
}

static int scaled(long long en, long long run)
{
	return en > 0 && run >= 0 && run < en;
}

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

static void json_ratio(FILE *f, long long en, long long run)
{
	double r = ratio(en, run);

	if (r < 0)
		fputs("\"running_ns\":null,\"enabled_ns\":null,\"ratio\":null,"
		      "\"scaled\":false",
		      f);
	else
		fprintf(f,
			"\"running_ns\":%lld,\"enabled_ns\":%lld,"
			"\"ratio\":%.6f,\"scaled\":%s",
			run, en, r, scaled(en, run) ? "true" : "false");
}

static void csv_field(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

/* record,time_s,thread,name,value,stddev,running_ns,enabled_ns,ratio,
 * scaled,note */
static void csv_row(FILE *f, const char *record, const char *time_s,
		    const char *thread, const char *name, const char *value,
		    const char *stddev, long long en, long long run,
		    const char *note)
{
	double r = ratio(en, run);

	fprintf(f, "%s,%s,%s,", record, time_s, thread);
	csv_field(f, name);
	fprintf(f, ",%s,%s,", value, stddev);
	if (r < 0)
		fputs(",,,", f);
	else
		fprintf(f, "%lld,%lld,%.6f,%d", run, en, r, scaled(en, run));
	fputc(',', f);
	csv_field(f, note);
	fputc('\n', f);
}

static void ratio_text(char *buf, size_t len, long long en, long long run)
{
	double r = ratio(en, run);

	if (r < 0)
		snprintf(buf, len, "(n/a)");
	else
		snprintf(buf, len, "(%.2f%%)%s", 100 * r,
			 scaled(en, run) ? " *" : "");
}

static void target_text(const struct stat_ctx *c, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	if (c->o.pid || c->o.tid) {
		snprintf(buf, len, "%s %d", c->o.pid ? "process" : "thread",
			 (int)(c->o.pid ? c->o.pid : c->o.tid));
		return;
	}
	buf[0] = '\0';
	for (i = 0; c->o.cmd[i] && n + 1 < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "",
				      c->o.cmd[i]);
}

/* The sets whose rows --per-thread prints. */
static void thread_range(const struct stat_ctx *c, int *from, int *to)
{
	int cmd_only = c->o.cmd && !c->o.pid && !c->o.tid;

	*from = cmd_only ? c->ntotal : 0;
	*to = cmd_only ? c->nset : c->ntotal;
}

/* ---- start and end ------------------------------------------------------ */

void stat_print_begin(struct stat_ctx *c)
{
	if (c->o.fmt == FMT_CSV)
		fputs("record,time_s,thread,name,value,stddev,running_ns,"
		      "enabled_ns,ratio,scaled,note\n",
		      c->f);
}

void stat_print_end(struct stat_ctx *c)
{
	fflush(c->f);
}

/* ---- intervals ---------------------------------------------------------- */

static void interval_set(struct stat_ctx *c, struct stat_set *s, double t,
			 const char *thread, int *first, long long *sum)
{
	int i;

	for (i = 0; i < c->nev; i++) {
		long long dv = s->v[i] - s->pv[i];
		long long den = s->en[i] >= 0 ? s->en[i] - s->pen[i] : -1;
		long long drun = s->run[i] >= 0 ? s->run[i] - s->prun[i] : -1;
		char buf[64], tb[32];

		if (!c->ev[i].available)
			continue;
		if (sum) {
			sum[3 * i] += dv;
			if (den < 0 || sum[3 * i + 1] < 0)
				sum[3 * i + 1] = sum[3 * i + 2] = -1;
			else {
				sum[3 * i + 1] += den;
				sum[3 * i + 2] += drun;
			}
		}
		if (!thread)
			continue;
		if (c->o.fmt == FMT_JSON) {
			fputs(*first ? "" : ",", c->f);
			*first = 0;
			fputs("{\"name\":", c->f);
			json_str(c->f, c->ev[i].name);
			fprintf(c->f, ",\"value\":%lld,", dv);
			json_ratio(c->f, den, drun);
			fputc('}', c->f);
		} else if (c->o.fmt == FMT_CSV) {
			snprintf(buf, sizeof(buf), "%lld", dv);
			snprintf(tb, sizeof(tb), "%.6f", t);
			csv_row(c->f, "interval", tb, thread, c->ev[i].name,
				buf, "", den, drun, "");
		} else {
			ratio_text(buf, sizeof(buf), den, drun);
			fprintf(c->f, "%12.6f  %10s  %20lld  %-32s  %s\n", t,
				thread, dv, c->ev[i].name, buf);
		}
	}
}

static int changed(const struct stat_ctx *c, const struct stat_set *s)
{
	int k;

	for (k = 0; k < c->nev; k++)
		if (c->ev[k].available && s->v[k] != s->pv[k])
			return 1;
	return 0;
}

static void remember(struct stat_ctx *c, struct stat_set *s)
{
	memcpy(s->pv, s->v, sizeof(s->v));
	memcpy(s->pen, s->en, sizeof(s->en));
	memcpy(s->prun, s->run, sizeof(s->run));
}

void stat_print_interval(struct stat_ctx *c, double t)
{
	long long sum[3 * STAT_MAX_EV];
	int i, k, from, to, first = 1;
	char tid[32];

	memset(sum, 0, sizeof(sum));
	for (i = 0; i < c->ntotal; i++)
		interval_set(c, &c->set[i], t, NULL, &first, sum);
	if (c->o.fmt == FMT_JSON)
		fprintf(c->f, "{\"type\":\"interval\",\"time_s\":%.6f,"
			      "\"events\":[", t);
	for (k = 0; k < c->nev; k++) {
		char buf[64], tb[32];

		if (!c->ev[k].available)
			continue;
		if (c->o.fmt == FMT_JSON) {
			fputs(first ? "" : ",", c->f);
			first = 0;
			fputs("{\"name\":", c->f);
			json_str(c->f, c->ev[k].name);
			fprintf(c->f, ",\"value\":%lld,", sum[3 * k]);
			json_ratio(c->f, sum[3 * k + 1], sum[3 * k + 2]);
			fputc('}', c->f);
		} else if (c->o.fmt == FMT_CSV) {
			snprintf(buf, sizeof(buf), "%lld", sum[3 * k]);
			snprintf(tb, sizeof(tb), "%.6f", t);
			csv_row(c->f, "interval", tb, "all", c->ev[k].name,
				buf, "", sum[3 * k + 1], sum[3 * k + 2], "");
		} else {
			ratio_text(buf, sizeof(buf), sum[3 * k + 1],
				   sum[3 * k + 2]);
			fprintf(c->f, "%12.6f  %10s  %20lld  %-32s  %s\n", t,
				"all", sum[3 * k], c->ev[k].name, buf);
		}
	}
	if (c->o.fmt == FMT_JSON)
		fputs("]", c->f);
	thread_range(c, &from, &to);
	if (c->o.per_thread) {
		if (c->o.fmt == FMT_JSON)
			fputs(",\"threads\":[", c->f);
		int shown = 0;

		for (i = from; i < to; i++) {
			/* Threads that counted nothing in the interval (ended,
			 * waiting) are left out. */
			if (!changed(c, &c->set[i]))
				continue;
			snprintf(tid, sizeof(tid), "%d", (int)c->set[i].tid);
			if (c->o.fmt == FMT_JSON) {
				fprintf(c->f, "%s{\"tid\":%d,\"events\":[",
					shown ? "," : "", (int)c->set[i].tid);
				first = 1;
			}
			shown++;
			interval_set(c, &c->set[i], t, tid, &first, NULL);
			if (c->o.fmt == FMT_JSON)
				fputs("]}", c->f);
		}
		if (c->o.fmt == FMT_JSON)
			fputs("]", c->f);
	}
	if (c->o.fmt == FMT_JSON)
		fputs("}\n", c->f);
	for (i = 0; i < c->nset; i++)
		remember(c, &c->set[i]);
	fflush(c->f);
}

/* ---- totals ------------------------------------------------------------- */

struct total {
	double mean[STAT_MAX_EV], sd[STAT_MAX_EV];
	long long en[STAT_MAX_EV], run[STAT_MAX_EV];
	double wall_ns;
};

static void summarize(const struct stat_ctx *c, const struct stat_result *r,
		      int n, struct total *t)
{
	int i, k;

	memset(t, 0, sizeof(*t));
	for (i = 0; i < n; i++)
		t->wall_ns += (double)r[i].wall_ns / n;
	for (k = 0; k < c->nev; k++) {
		double ss = 0;

		for (i = 0; i < n; i++) {
			t->mean[k] += (double)r[i].v[k] / n;
			if (r[i].en[k] < 0 || t->en[k] < 0) {
				t->en[k] = t->run[k] = -1;
			} else {
				t->en[k] += r[i].en[k];
				t->run[k] += r[i].run[k];
			}
		}
		for (i = 0; i < n; i++)
			ss += ((double)r[i].v[k] - t->mean[k]) *
			      ((double)r[i].v[k] - t->mean[k]);
		/* the sample standard deviation */
		t->sd[k] = n > 1 ? sqrt(ss / (n - 1)) : 0;
	}
}

static int any_scaled(const struct stat_ctx *c, const struct total *t)
{
	int k;

	for (k = 0; k < c->nev; k++)
		if (c->ev[k].available && scaled(t->en[k], t->run[k]))
			return 1;
	return 0;
}

static void table_events(struct stat_ctx *c, const struct total *t, int n)
{
	char buf[64];
	int k;

	for (k = 0; k < c->nev; k++) {
		if (!c->ev[k].available) {
			fprintf(c->f, "%20s  %-32s  %s\n", "<not counted>",
				c->ev[k].name, c->ev[k].why);
			continue;
		}
		ratio_text(buf, sizeof(buf), t->en[k], t->run[k]);
		if (n > 1)
			fprintf(c->f, "%20.0f  %-32s  +- %.0f (%.2f%%)  %s\n",
				t->mean[k], c->ev[k].name, t->sd[k],
				t->mean[k] ? 100 * t->sd[k] / t->mean[k] : 0.0,
				buf);
		else
			fprintf(c->f, "%20.0f  %-32s  %s\n", t->mean[k],
				c->ev[k].name, buf);
	}
}

/* Each metric of the chosen groups: its value, or what is missing. */
typedef void (*metric_fn)(struct stat_ctx *c, const struct stat_metric *m,
			  const char *formula, int ok, double value,
			  const char *missing, int was_scaled);

static void each_metric(struct stat_ctx *c, const struct total *t,
			metric_fn fn)
{
	const struct stat_metric *m;
	char text[256], missing[256], name[256];
	int i, n, pos, k, sc;
	double x;

	m = stat_metrics(&n);
	for (i = 0; c->o.groups && i < n; i++) {
		if (!stat_metric_in(&m[i], c->o.groups))
			continue;
		missing[0] = '\0';
		stat_formula_text(m[i].formula, text, sizeof(text));
		int ret = stat_formula_eval(c, m[i].formula, t->mean,
					    t->wall_ns, &x, missing,
					    sizeof(missing));
		sc = 0;
		for (pos = 0; stat_formula_event(m[i].formula, &pos, name,
						 sizeof(name));)
			for (k = 0; k < c->nev; k++)
				if (!strcmp(c->ev[k].name, name) &&
				    c->ev[k].available &&
				    scaled(t->en[k], t->run[k]))
					sc = 1;
		if (ret == -1) {
			/* say why the member is missing */
			for (k = 0; k < c->nev; k++)
				if (!strcmp(c->ev[k].name, missing) &&
				    c->ev[k].why[0]) {
					size_t l = strlen(missing);

					snprintf(missing + l,
						 sizeof(missing) - l, ": %s",
						 c->ev[k].why);
				}
		} else if (ret == -2) {
			snprintf(missing, sizeof(missing),
				 "division by zero (a divisor counted 0)");
		}
		fn(c, &m[i], text, ret == 0, x, missing, sc);
	}
}

static void table_metric(struct stat_ctx *c, const struct stat_metric *m,
			 const char *formula, int ok, double value,
			 const char *missing, int sc)
{
	if (ok)
		fprintf(c->f, "%20.6g  %-52s  = %s%s\n", value, m->name,
			formula, sc ? " *" : "");
	else
		fprintf(c->f, "%20s  %-52s  = %s  (%s)\n", "<unavailable>",
			m->name, formula, missing);
}

static int json_first;

static void json_metric(struct stat_ctx *c, const struct stat_metric *m,
			const char *formula, int ok, double value,
			const char *missing, int sc)
{
	fputs(json_first ? "{\"group\":" : ",{\"group\":", c->f);
	json_first = 0;
	json_str(c->f, m->group);
	fputs(",\"name\":", c->f);
	json_str(c->f, m->name);
	fputs(",\"formula\":", c->f);
	json_str(c->f, formula);
	if (ok && isfinite(value)) {
		fprintf(c->f, ",\"value\":%.9g,\"scaled\":%s}", value,
			sc ? "true" : "false");
	} else {
		fputs(",\"value\":null,\"unavailable\":", c->f);
		json_str(c->f, missing);
		fputs("}", c->f);
	}
}

static void csv_metric(struct stat_ctx *c, const struct stat_metric *m,
		       const char *formula, int ok, double value,
		       const char *missing, int sc)
{
	char buf[64] = "", note[512];

	if (ok)
		snprintf(buf, sizeof(buf), "%.9g", value);
	snprintf(note, sizeof(note), "%s%s%s", formula, ok ? "" : " | ",
		 ok ? "" : missing);
	csv_row(c->f, "metric", "", "all", m->name, buf, "", -1, -1, note);
	(void)sc;
}

static void print_table(struct stat_ctx *c, const struct stat_result *r,
			int n, const struct total *t, int intr)
{
	char target[512], buf[64];
	int i, k, from, to;

	target_text(c, target, sizeof(target));
	fprintf(c->f, "\n Performance counter stats for '%s'", target);
	if (n > 1)
		fprintf(c->f, " (%d runs)", n);
	fputs(intr ? " (interrupted):\n\n" : ":\n\n", c->f);
	table_events(c, t, n);
	if (c->o.groups) {
		fputs("\n", c->f);
		each_metric(c, t, table_metric);
	}
	thread_range(c, &from, &to);
	if (c->o.per_thread) {
		fprintf(c->f, "\n %10s  %20s  %-32s\n", "thread", "count",
			"event");
		for (i = from; i < to; i++)
			for (k = 0; k < c->nev; k++) {
				const struct stat_set *s = &c->set[i];

				if (!c->ev[k].available)
					continue;
				ratio_text(buf, sizeof(buf), s->en[k],
					   s->run[k]);
				fprintf(c->f, " %10d  %20lld  %-32s  %s\n",
					(int)s->tid, s->v[k], c->ev[k].name,
					buf);
			}
	}
	fprintf(c->f, "\n %20.9f  seconds time elapsed", t->wall_ns * 1e-9);
	if (n > 1)
		fputs(" (mean)", c->f);
	fputc('\n', c->f);
	if (c->o.cmd)
		fprintf(c->f, " %20d  exit status of the command\n",
			r[n - 1].status);
	if (c->multiplex)
		fputs("\n The events were multiplexed: each count is scaled "
		      "by time enabled / time running.\n",
		      c->f);
	if (any_scaled(c, t))
		fputs(" * scaled: counted part of the time (the percentage), "
		      "scaled up to all of it\n",
		      c->f);
	fputc('\n', c->f);
}

static void print_json(struct stat_ctx *c, const struct stat_result *r,
		       int n, const struct total *t, int intr)
{
	int i, k, from, to;

	fputs("{\"type\":\"total\",\"target\":{", c->f);
	if (c->o.pid || c->o.tid)
		fprintf(c->f, "\"%s\":%d", c->o.pid ? "pid" : "tid",
			(int)(c->o.pid ? c->o.pid : c->o.tid));
	if (c->o.cmd) {
		fputs(c->o.pid || c->o.tid ? ",\"command\":[" : "\"command\":[",
		      c->f);
		for (i = 0; c->o.cmd[i]; i++) {
			fputs(i ? "," : "", c->f);
			json_str(c->f, c->o.cmd[i]);
		}
		fputs("]", c->f);
	}
	fprintf(c->f, "},\"runs\":%d,\"interrupted\":%s,\"multiplexed\":%s,"
		      "\"elapsed_ns\":%.0f,",
		n, intr ? "true" : "false", c->multiplex ? "true" : "false",
		t->wall_ns);
	if (c->o.cmd)
		fprintf(c->f, "\"exit_status\":%d,", r[n - 1].status);
	else
		fputs("\"exit_status\":null,", c->f);
	fputs("\"events\":[", c->f);
	for (k = 0; k < c->nev; k++) {
		fputs(k ? ",{\"name\":" : "{\"name\":", c->f);
		json_str(c->f, c->ev[k].name);
		if (!c->ev[k].available) {
			fputs(",\"available\":false,\"value\":null,\"error\":",
			      c->f);
			json_str(c->f, c->ev[k].why);
			fputs("}", c->f);
			continue;
		}
		fprintf(c->f, ",\"available\":true,\"value\":%.0f,", t->mean[k]);
		if (n > 1) {
			fputs("\"values\":[", c->f);
			for (i = 0; i < n; i++)
				fprintf(c->f, "%s%lld", i ? "," : "",
					r[i].v[k]);
			fprintf(c->f, "],\"stddev\":%.3f,", t->sd[k]);
		}
		json_ratio(c->f, t->en[k], t->run[k]);
		fputs("}", c->f);
	}
	fputs("],\"metrics\":[", c->f);
	json_first = 1;
	each_metric(c, t, json_metric);
	fputs("]", c->f);
	thread_range(c, &from, &to);
	if (c->o.per_thread) {
		fputs(",\"threads\":[", c->f);
		for (i = from; i < to; i++) {
			const struct stat_set *s = &c->set[i];
			int first = 1;

			fprintf(c->f, "%s{\"tid\":%d,\"since_ns\":%lld,"
				      "\"events\":[",
				i > from ? "," : "", (int)s->tid, s->seen_ns);
			for (k = 0; k < c->nev; k++) {
				if (!c->ev[k].available)
					continue;
				fputs(first ? "{\"name\":" : ",{\"name\":",
				      c->f);
				first = 0;
				json_str(c->f, c->ev[k].name);
				fprintf(c->f, ",\"value\":%lld,", s->v[k]);
				json_ratio(c->f, s->en[k], s->run[k]);
				fputs("}", c->f);
			}
			fputs("]}", c->f);
		}
		fputs("]", c->f);
	}
	fputs("}\n", c->f);
}

static void print_csv(struct stat_ctx *c, const struct stat_result *r, int n,
		      const struct total *t, int intr)
{
	char buf[64], sd[64], tid[32];
	int i, k, from, to;

	for (k = 0; k < c->nev; k++) {
		if (!c->ev[k].available) {
			csv_row(c->f, "count", "", "all", c->ev[k].name, "",
				"", -1, -1, c->ev[k].why);
			continue;
		}
		snprintf(buf, sizeof(buf), "%.0f", t->mean[k]);
		sd[0] = '\0';
		if (n > 1)
			snprintf(sd, sizeof(sd), "%.3f", t->sd[k]);
		csv_row(c->f, "count", "", "all", c->ev[k].name, buf, sd,
			t->en[k], t->run[k], "");
	}
	each_metric(c, t, csv_metric);
	thread_range(c, &from, &to);
	for (i = from; c->o.per_thread && i < to; i++)
		for (k = 0; k < c->nev; k++) {
			const struct stat_set *s = &c->set[i];

			if (!c->ev[k].available)
				continue;
			snprintf(buf, sizeof(buf), "%lld", s->v[k]);
			snprintf(tid, sizeof(tid), "%d", (int)s->tid);
			csv_row(c->f, "thread", "", tid, c->ev[k].name, buf,
				"", s->en[k], s->run[k], "");
		}
	snprintf(buf, sizeof(buf), "%.0f", t->wall_ns);
	csv_row(c->f, "elapsed", "", "all", "wall_ns", buf, "", -1, -1,
		intr ? "interrupted" : "");
	if (c->o.cmd) {
		snprintf(buf, sizeof(buf), "%d", r[n - 1].status);
		csv_row(c->f, "exit", "", "all", "exit_status", buf, "", -1,
			-1, "");
	}
}

void stat_print_total(struct stat_ctx *c, const struct stat_result *r,
		      int nruns, int interrupted)
{
	struct total t;

	summarize(c, r, nruns, &t);
	if (c->o.fmt == FMT_JSON)
		print_json(c, r, nruns, &t, interrupted);
	else if (c->o.fmt == FMT_CSV)
		print_csv(c, r, nruns, &t, interrupted);
	else
		print_table(c, r, nruns, &t, interrupted);
	fflush(c->f);
}
