/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Finding lines that share one set of a physically indexed cache without
 * knowing physical addresses or the set index function, by conflict
 * alone. A pool of pages, one line each at the same page offset; a pass
 * chases the lines of the "active" pages. Activate pages one by one until
 * one more line costs a burst of misses (some set now holds ways + 1 of
 * them), then keep the lines whose removal ends it: ways + 1 lines of one
 * set, whatever the index function and the replacement policy. Pure search
 * logic: the measurement is a callback, so the search is tested on a
 * simulated cache (papi_cachemodel --synthetic) as well as run on this one.
 */
#ifndef CACHEMODEL_EVSET_H
#define CACHEMODEL_EVSET_H

#define EVSET_MAX 64

/* ns per pass over the lines of the pages i with active[i] != 0; the best
 * of a few runs (interference only ever slows a run). */
typedef double evset_measure_fn(void *ctx, const unsigned char *active,
				int npages);

struct evset {
	int group; /* lines in the smallest conflicting group: ways + 1;
		    * 0 when no conflict was found */
	int at; /* active lines when the conflict first showed */
	double jump; /* what the conflict costs per pass, ns */
	int nlines; /* the group then further lines of the same set */
	int lines[EVSET_MAX]; /* their pages, group first */
	int measurements;
};

/* Activates pages 0, 1, 2... (starting with `start` at once: past the L1's
 * ways and the first-level TLB, whose own steps would look like a
 * conflict) until one more line costs more than `thr` ns per pass beyond
 * the usual increment; then keeps
 * the lines whose removal ends the conflict (the group), and looks among
 * the other pages for up to `extra` more of the same set. Tries up to
 * three times when a group does not hold up when measured again. Returns
 * r->group. */
int evset_find(evset_measure_fn *m, void *ctx, int npages, int start,
	       double thr, int extra, struct evset *r);

#endif
