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
	/* From the report's "process" object (absent in PAPI 7.0's own
	 * reports): the MPI rank and size (-1: unknown), the host. */
	int mpi_rank, mpi_size;
	const char *host;  /* "" when unknown; points into root */
	char label[32];    /* the MPI rank, else the file's rank */
};

/* The values of one metric over the instances of one region name. */
struct series {
	char *name;
	int instant;       /* "type":"instant" in event_definitions */
	int n, cap;
	long long *v;
	int *doc;          /* the report each value comes from */
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
enum out_fmt { OUT_TABLE, OUT_JSON, OUT_CSV };

/* by_rank: each rank's statistics below the whole run's. */
void print_summary(FILE *f, const struct reports *r, int derived,
		   enum out_fmt fmt, int by_rank);
void print_detail(FILE *f, const struct reports *r, int derived,
		  enum out_fmt fmt);

/* report_ranks.c: the ranks of a run. The number of ranks (reports) that
 * have instances of a series; each report's value (the sum of its
 * instances, their mean for an instant event) in per_doc[ndocs], with
 * has[ndocs] saying which reports have one. */
int rank_values(const struct reports *r, const struct series *s,
		double *per_doc, int *has);
/* max / mean over the reports that have the series, and which report
 * has the max; 0 when fewer than two reports have it. */
int rank_imbalance(const struct reports *r, const struct series *s,
		   double *imbalance, int *max_doc);
/* The ranks an MPI run should have and does not: their number, the first
 * of them in missing[0..max-1]; the expected size in *size (-1 when no
 * report says). Ranks found twice go to *dups. */
int ranks_missing(const struct reports *r, int *missing, int max, int *size,
		  int *dups);
/* A series of the values of one report only (for --by-rank). */
int series_of_doc(const struct series *s, int doc, struct series *out);
/* The distinct reports (processes) among all series. */
int reports_ranks(const struct reports *r);

#endif
