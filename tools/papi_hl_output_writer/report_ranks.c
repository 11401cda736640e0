// SPDX-License-Identifier: BSD-3-Clause
/*
 * The ranks of a run: one report per process (an MPI rank, or a process
 * without MPI), joined. Per region and metric, each rank's value is the
 * sum over its instances (all its threads), or their mean for an instant
 * event; the imbalance is the largest rank's value over the mean of the
 * ranks' values (1: balanced; 2: one rank took twice the average), and the
 * slowest rank is the one with that largest value. The MPI size each
 * report recorded says which ranks should be there.
 */
#include <stdlib.h>
#include <string.h>

#include "report.h"

int rank_values(const struct reports *r, const struct series *s,
		double *per_doc, int *has)
{
	int *n = calloc((size_t)r->ndocs + 1, sizeof(*n));
	int i, ranks = 0;

	memset(per_doc, 0, (size_t)r->ndocs * sizeof(*per_doc));
	memset(has, 0, (size_t)r->ndocs * sizeof(*has));
	if (!n)
		return 0;
	for (i = 0; i < s->n; i++) {
		per_doc[s->doc[i]] += (double)s->v[i];
		n[s->doc[i]]++;
	}
	for (i = 0; i < r->ndocs; i++) {
		has[i] = n[i] > 0;
		ranks += has[i];
		if (has[i] && s->instant)
			per_doc[i] /= n[i];
	}
	free(n);
	return ranks;
}

int rank_imbalance(const struct reports *r, const struct series *s,
		   double *imbalance, int *max_doc)
{
	double *v = malloc(((size_t)r->ndocs + 1) * sizeof(*v));
	int *has = malloc(((size_t)r->ndocs + 1) * sizeof(*has));
	double sum = 0;
	int i, ranks = 0, best = -1;

	if (v && has)
		ranks = rank_values(r, s, v, has);
	for (i = 0; ranks >= 2 && i < r->ndocs; i++) {
		if (!has[i])
			continue;
		sum += v[i];
		if (best < 0 || v[i] > v[best])
			best = i;
	}
	*imbalance = 0;
	*max_doc = -1;
	if (ranks >= 2 && sum > 0) {
		*imbalance = v[best] / (sum / ranks);
		*max_doc = best;
	}
	free(v);
	free(has);
	return ranks >= 2 && sum > 0;
}

int ranks_missing(const struct reports *r, int *missing, int max, int *size,
		  int *dups)
{
	int i, k, n = 0;
	char *seen;

	*size = -1;
	*dups = 0;
	for (i = 0; i < r->ndocs; i++)
		if (r->docs[i].mpi_size > *size)
			*size = r->docs[i].mpi_size;
	if (*size <= 0)
		return 0;
	seen = calloc((size_t)*size, 1);
	if (!seen)
		return 0;
	for (i = 0; i < r->ndocs; i++) {
		k = r->docs[i].mpi_rank;
		if (k < 0 || k >= *size)
			continue;
		*dups += seen[k];
		seen[k] = 1;
	}
	for (k = 0; k < *size; k++)
		if (!seen[k]) {
			if (n < max)
				missing[n] = k;
			n++;
		}
	free(seen);
	return n;
}

int series_of_doc(const struct series *s, int doc, struct series *out)
{
	int i;

	memset(out, 0, sizeof(*out));
	out->name = s->name;
	out->instant = s->instant;
	out->v = malloc(((size_t)s->n + 1) * sizeof(*out->v));
	out->doc = malloc(((size_t)s->n + 1) * sizeof(*out->doc));
	if (!out->v || !out->doc) {
		free(out->v);
		free(out->doc);
		return -1;
	}
	for (i = 0; i < s->n; i++)
		if (s->doc[i] == doc) {
			out->doc[out->n] = doc;
			out->v[out->n++] = s->v[i];
		}
	out->cap = s->n;
	return 0;
}

int reports_ranks(const struct reports *r)
{
	int i, j, k, n = 0;
	char *seen = calloc((size_t)r->ndocs + 1, 1);

	if (!seen)
		return 0;
	for (i = 0; i < r->naggs; i++)
		for (j = 0; j < r->aggs[i].nseries; j++)
			for (k = 0; k < r->aggs[i].s[j].n; k++)
				seen[r->aggs[i].s[j].doc[k]] = 1;
	for (i = 0; i < r->ndocs; i++)
		n += seen[i];
	free(seen);
	return n;
}
