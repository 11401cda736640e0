/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reading a machine's caches off measured curves. Pure functions of the
 * curves, so they are tested on made-up curves (papi_cachemodel
 * --synthetic) as well as run on measured ones.
 */
#ifndef CACHEMODEL_INFER_H
#define CACHEMODEL_INFER_H

#include <stddef.h>

#define INFER_MAX_LEVELS 6

struct level {
	double lat; /* the plateau's latency, ns per access */
	size_t size; /* the largest size still served mostly by it, bytes;
			 * 0 for the last level (memory); rounded to 2^k
			 * or 3 * 2^k */
	size_t cross; /* where the curve crossed, not rounded */
};

/* Finds the plateaus of a latency curve (sizes ascending, about 4 points
 * per octave); returns how many levels, memory included. */
int infer_levels(const size_t *sizes, const double *lat, int n,
		 struct level *out, int max);

/* The line size from the paired chase: lat[i] is the mean latency when
 * each random jump is followed by a load spacing[i] bytes further on; the
 * second load hits while it stays in the line: the spacing where the one
 * clear rise of the curve happens. 0 when no such step is seen. */
size_t infer_line(const size_t *spacing, const double *lat, int n);

/* Associativity from a chase of k = 1..kmax lines mapping to one set:
 * lat[k - 1]. The largest k that still hits, or 0 if no step is seen. */
int infer_assoc(const double *lat, int kmax);

/* A step in a same-set curve: lat[i] is the latency per load when i + 1
 * lines that all map to one set are chased. */
struct step {
	int fit; /* lines that still fit: the associativity of the level
		  * the step leaves */
	double lo, hi; /* the plateaus' latencies either side */
};

/* The steps of such a curve: a new plateau starts where two points in a
 * row exceed 1.8x the current one (as infer_levels); the step sits at the
 * first point past the midpoint of the two plateaus, two in a row. Returns
 * how many steps, at most max. */
int infer_steps(const double *lat, int n, struct step *out, int max);

/* The level of lv[0..nl) whose latency is nearest to ns (in log scale),
 * or -1 when none is within a factor of 1.6. */
int infer_match(const struct level *lv, int nl, double ns);

/* The associativity of level `lvl` (0 = L1) read off a same-set curve:
 * the step that leaves a plateau at this level's latency or a faster one
 * (the lines may all hit a smaller cache first) and climbs to the next
 * level's. 0 when the curve has no such step. */
int infer_assoc_level(const double *lat, int n, const struct level *lv, int nl,
		      int lvl);

/* A made-up curve: levels of the given sizes and latencies, with
 * the gradual rise of a physically indexed cache before its capacity and
 * +-3% noise. */
void synthetic_curve(const size_t *sizes, double *lat, int n,
		     const struct level *model, int nlevels);

#endif
