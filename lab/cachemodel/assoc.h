/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The L2's associativity, two ways. The textbook way: k lines a multiple
 * of the way size apart all fall in one set, so the latency steps up at
 * k = ways + 1; for a physically indexed cache that needs the physical
 * layout to follow the virtual one, which huge pages give on a bare
 * machine. Where that shows no step (a VM whose host maps its memory in
 * 4 KiB pages), by conflict (evset.h): find lines of one set by what they
 * do to each other, then chase them as the textbook does.
 */
#ifndef CACHEMODEL_ASSOC_H
#define CACHEMODEL_ASSOC_H

#include <stddef.h>

#include "evset.h"
#include "infer.h"

#define ASSOC_KMAX 48

struct assoc {
	/* 1. k = 1..kmax lines `spacing` apart (the power of two at or above
	 * the L2's size: a multiple of its way size), in huge pages. */
	size_t spacing;
	int kmax;
	double lat[ASSOC_KMAX];
	long huge_kb, want_kb; /* huge pages granted, of those touched */
	int by_address; /* the L2's ways from lat, 0 when no such step */
	/* 2. A group of lines of one set found among npages pages (ways + 1
	 * lines: any ways of them fit, all of them do not), and a chase over
	 * its first k = 1..ev.nlines lines. */
	int npages;
	double miss_ns; /* an L2 miss's cost per line when all are active */
	struct evset ev;
	double klat[EVSET_MAX];
	int by_conflict; /* the group's size less one, 0 when none found */
	int chase_fit; /* the step of klat: where the chase leaves the L2 */
	double ms; /* how long both took */
};

/* lv[0..nl): the latency curve's levels, at least L1, L2 and the next. */
void assoc_l2(const struct level *lv, int nl, struct assoc *a);

#endif
