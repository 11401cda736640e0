/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_COST_STATS_H
#define PAPI_COST_STATS_H

/*
 * papi_cost's statistics and output (cost_stats.c): the thesis's figures
 * for each measured operation (min, max, mean, standard deviation, and the
 * 25th, 50th, 75th, 95th and 99th percentiles), PAPI's optional
 * standard-deviation buckets (-s) and histogram (-d), as text or JSON.
 */
#include <stddef.h>

struct cost_stats {
	long long min, max, p25, p50, p75, p95, p99;
	double mean, sd;
	int sdev[10]; /* iterations 0-1, 1-2, ... 9-10 deviations above */
};

struct cost_test {
	char name[96];
	int events; /* counters in the set */
	struct cost_stats s;
};

/* Sort v (n values) and fill s. */
void cost_stats(long long *v, size_t n, struct cost_stats *s);
/* The text block for one test; with hist_bins > 0 the histogram of the
 * sorted values v too, with show_sd the deviation buckets. */
void cost_print(const struct cost_test *t, size_t iters, const long long *v,
		int hist_bins, int show_sd);
/* The closing table (text) or the whole document (JSON). */
void cost_table(const struct cost_test *t, int n, size_t iters);
void cost_json(const struct cost_test *t, int n, size_t iters,
	       const char *const *events, int nevents, const char *note);

#endif
