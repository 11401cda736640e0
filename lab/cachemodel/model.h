/* SPDX-License-Identifier: BSD-3-Clause */
/* What papi_cachemodel measured and inferred, and its report (report.c). */
#ifndef CACHEMODEL_MODEL_H
#define CACHEMODEL_MODEL_H

#include <stddef.h>

#include "../common/lab.h"
#include "assoc.h"
#include "infer.h"

#define MAXPTS 96

struct curve {
	int n;
	size_t sz[MAXPTS];
	double lat[MAXPTS];
	double cnt[MAXPTS][LAB_MAX_EVENTS]; /* per load */
};

struct found {
	int nl;
	struct level lv[INFER_MAX_LEVELS];
	size_t line;
	int l1ways;
	struct assoc l2;
};

void fmt_size(char *b, size_t n, size_t v);
/* The levels beside PAPI's; flat_curve: PAPI's levels with nothing
 * inferred. */
void report(const struct found *f, int flat_curve, int quick);
/* A curve without levels: what was seen, and why nothing is inferred. */
void report_flat(const struct curve *cv, const struct lab_counters *c);
/* Line size and associativity beside PAPI's, and what the same-set
 * chases showed. */
void report_assoc(const struct found *f);

#endif
