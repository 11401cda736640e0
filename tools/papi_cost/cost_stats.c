// SPDX-License-Identifier: BSD-3-Clause
/* papi_cost's statistics and output; see cost_stats.h. */
#include "cost_stats.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* The value at rank ceil(p/100 * n) of the sorted values (nearest rank). */
static long long pct(const long long *v, size_t n, double p)
{
	size_t r = (size_t)ceil(p / 100.0 * (double)n);

	return v[r ? r - 1 : 0];
}

void cost_stats(long long *v, size_t n, struct cost_stats *s)
{
	double sum = 0, sq = 0;
	size_t i;
	int k;

	memset(s, 0, sizeof(*s));
	if (n == 0)
		return;
	qsort(v, n, sizeof(*v), cmp_ll);
	for (i = 0; i < n; i++)
		sum += (double)v[i];
	s->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		sq += ((double)v[i] - s->mean) * ((double)v[i] - s->mean);
	s->sd = sqrt(sq / (double)n);
	s->min = v[0];
	s->max = v[n - 1];
	s->p25 = pct(v, n, 25);
	s->p50 = pct(v, n, 50);
	s->p75 = pct(v, n, 75);
	s->p95 = pct(v, n, 95);
	s->p99 = pct(v, n, 99);
	for (i = 0; i < n; i++) {
		if (s->sd <= 0 || (double)v[i] <= s->mean)
			continue;
		k = (int)(((double)v[i] - s->mean) / s->sd);
		if (k < 10)
			s->sdev[k]++;
	}
}

static void histogram(const long long *v, size_t n, long long min,
		      long long max, int bins)
{
	long long step = (max - min) / bins + 1;
	size_t i;
	int b, j, *d = calloc((size_t)bins, sizeof(*d));

	if (!d)
		return;
	for (i = 0; i < n; i++) {
		b = (int)((v[i] - min) / step);
		d[b < bins ? b : bins - 1]++;
	}
	printf("\nCost distribution profile\n\n");
	for (b = 0; b < bins; b++) {
		printf("%10lld:", min + step * b);
		if (d[b] > 100)
			printf("**************************** %d counts "
			       "****************************",
			       d[b]);
		else
			for (j = 0; j < d[b]; j++)
				putchar('*');
		putchar('\n');
	}
	free(d);
}

void cost_print(const struct cost_test *t, size_t iters, const long long *v,
		int hist_bins, int show_sd)
{
	const struct cost_stats *s = &t->s;
	int k;

	printf("\nTotal cost for %s over %zu iterations\n", t->name, iters);
	printf("min cycles   : %lld\nmax cycles   : %lld\n"
	       "mean cycles  : %f\nstd deviation: %f\n",
	       s->min, s->max, s->mean, s->sd);
	printf("25%% cycles   : %lld\n50%% cycles   : %lld\n"
	       "75%% cycles   : %lld\n95%% cycles   : %lld\n"
	       "99%% cycles   : %lld\n",
	       s->p25, s->p50, s->p75, s->p95, s->p99);
	if (show_sd) {
		printf("\n              --------# Standard Deviations Above "
		       "the Mean--------\n");
		printf("0-------1-------2-------3-------4-------5-------6----"
		       "---7-------8-------9-----10\n");
		for (k = 0; k < 10; k++)
			printf("  %d\t", s->sdev[k]);
		printf("\n");
	}
	if (hist_bins > 0 && iters > 0)
		histogram(v, iters, s->min, s->max, hist_bins);
}

void cost_table(const struct cost_test *t, int n, size_t iters)
{
	int i;

	printf("\nSummary: cycles per call over %zu iterations\n", iters);
	printf("%-34s %6s %8s %8s %10s %9s %8s %8s %8s %8s %8s\n", "test",
	       "events", "min", "max", "mean", "std", "25%", "50%", "75%",
	       "95%", "99%");
	for (i = 0; i < n; i++) {
		const struct cost_stats *s = &t[i].s;

		printf("%-34s %6d %8lld %8lld %10.1f %9.1f %8lld %8lld %8lld "
		       "%8lld %8lld\n",
		       t[i].name, t[i].events, s->min, s->max, s->mean, s->sd,
		       s->p25, s->p50, s->p75, s->p95, s->p99);
	}
}

/* A JSON string: names and notes here hold no control characters, but
 * quotes and backslashes are escaped all the same. */
static void jstr(const char *s)
{
	putchar('"');
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			putchar('\\');
		if ((unsigned char)*s >= 0x20)
			putchar(*s);
	}
	putchar('"');
}

void cost_json(const struct cost_test *t, int n, size_t iters,
	       const char *const *events, int nevents, const char *note)
{
	int i, k;

	printf("{\n  \"tool\": \"papi_cost\",\n  \"unit\": \"cycles\",\n");
	printf("  \"iterations\": %zu,\n  \"events\": [", iters);
	for (i = 0; i < nevents; i++) {
		printf(i ? ", " : "");
		jstr(events[i]);
	}
	printf("],\n  \"note\": ");
	jstr(note ? note : "");
	printf(",\n  \"tests\": [\n");
	for (i = 0; i < n; i++) {
		const struct cost_stats *s = &t[i].s;

		printf("    {\"name\": ");
		jstr(t[i].name);
		printf(", \"events\": %d, \"min\": %lld, \"max\": %lld, "
		       "\"mean\": %.3f, \"std\": %.3f, \"p25\": %lld, "
		       "\"p50\": %lld, \"p75\": %lld, \"p95\": %lld, "
		       "\"p99\": %lld, \"sd_buckets\": [",
		       t[i].events, s->min, s->max, s->mean, s->sd, s->p25,
		       s->p50, s->p75, s->p95, s->p99);
		for (k = 0; k < 10; k++)
			printf("%s%d", k ? ", " : "", s->sdev[k]);
		printf("]}%s\n", i + 1 < n ? "," : "");
	}
	printf("  ]\n}\n");
}
