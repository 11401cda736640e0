/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_HL_REPORT_H
#define PAPI_HL_REPORT_H

/*
 * The reports of PAPI's high-level API (one JSON file per process, see
 * README.md), loaded, and summarized per region name over every region
 * instance, thread and process.
 */
#include <stdio.h>

#include "json.h"

struct doc {
	char *path;
	char *rank;        /* from rank_NNNNNN.json, else the file name */
	struct json *root;
};

/* The values of one metric over the instances of one region name. */
struct series {
	char *name;
	int instant;       /* "type":"instant" in event_definitions */
	int n, cap;
	long long *v;
};

struct agg {
	char *name;
	int count;         /* region instances */
	int nthreads, nranks;
	int nseries;
	struct series *s;
	/* distinct (document, thread key) pairs seen */
	int npairs;
	struct { int doc; const char *thread; } *pairs;
};

struct reports {
	int ndocs;
	struct doc *docs;
	int naggs;
	struct agg *aggs;
};

/* Add one report file, or every *.json file of a directory (sorted). On
 * failure a message is printed on stderr and -1 returned. */
int reports_add(struct reports *r, const char *path);
/* Group the instances of all reports by region name; -1 when out of
 * memory or when no report has a region. */
int reports_aggregate(struct reports *r);
void reports_free(struct reports *r);

/* A region instance's value of a metric (a number, or an object with
 * "region_value" when PAPI_hl_read() was used); 0 when absent. */
int region_value(const struct json *region, const char *key, long long *out);

/* Output (report_print.c). derived: times in seconds, IPC and rates, as
 * PAPI's papi_hl_output_writer derives them; otherwise the raw events. */
void print_summary(FILE *f, const struct reports *r, int derived, int json);
void print_detail(FILE *f, const struct reports *r, int derived, int json);

#endif
