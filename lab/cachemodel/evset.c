/* SPDX-License-Identifier: BSD-3-Clause */
#include "evset.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Paired runs per comparison: the median of 5 differences. */
#define PAIRS 5

struct search {
	evset_measure_fn *m;
	void *ctx;
	int n;
	unsigned char *act;
	struct evset *r;
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
	double t[16];

	memcpy(t, v, (size_t)n * sizeof(*t));
	qsort(t, (size_t)n, sizeof(*t), cmp_double);
	return t[n / 2];
}

/* What line i adds to a pass over the active lines (the others as they
 * are). Runs with and without it alternate and the median difference is
 * kept: this VM's noise (the SMT sibling's misses, preemption) comes in
 * spells longer than a run, so neighbouring runs see the same spell, and
 * a spell that hits one run of a pair moves one difference only. */
static double cost_of(struct search *s, int i)
{
	unsigned char was = s->act[i];
	double d[PAIRS];

	for (int k = 0; k < PAIRS; k++) {
		double with, without;

		s->act[i] = 1;
		with = s->m(s->ctx, s->act, s->n);
		s->act[i] = 0;
		without = s->m(s->ctx, s->act, s->n);
		d[k] = with - without;
	}
	s->act[i] = was;
	s->r->measurements += 2 * PAIRS;
	return median(d, PAIRS);
}

/* Activates pages one by one from `start`; returns the page whose line
 * brought a conflict (all pages up to it active), or -1. A line that does
 * not conflict adds one load's latency; a conflict makes ways + 1 loads
 * miss at once. */
static int grow(struct search *s, int from, double thr, double *jump)
{
	double inc[16];
	int ninc = 0, pos = 0;

	for (int i = from; i < s->n; i++) {
		double typical = ninc ? median(inc, ninc) : 0, c;

		c = cost_of(s, i);
		/* A second opinion before calling it a conflict: noise
		 * passes a median of five now and then, twice in a row
		 * hardly ever. */
		if (ninc >= 4 && c > typical + thr)
			c = fmin(c, cost_of(s, i));
		s->act[i] = 1;
		if (ninc >= 4 && c > typical + thr) {
			*jump = c - typical;
			return i;
		}
		inc[pos] = c;
		pos = (pos + 1) % 16;
		ninc += ninc < 16;
	}
	return -1;
}

/* Keeps the active lines whose removal ends the conflict: exactly those
 * of the overflowing set, whatever the replacement policy (ways lines of
 * one set always fit, ways + 1 never all do). */
static int reduce(struct search *s, int y, double jump, int *grp)
{
	int ng = 0;

	for (int i = 0; i < y; i++) {
		if (!s->act[i] || cost_of(s, i) <= jump / 2 ||
		    cost_of(s, i) <= jump / 2)
			continue;
		if (ng + 1 >= EVSET_MAX)
			return -1;
		grp[ng++] = i;
	}
	grp[ng++] = y;
	return ng;
}

static void activate(struct search *s, const int *lines, int n)
{
	memset(s->act, 0, (size_t)s->n);
	for (int i = 0; i < n; i++)
		s->act[lines[i]] = 1;
}

/* Without its last line y the group of one set fits; a line whose removal
 * still ends a conflict then belongs to another set that overflowed
 * unseen earlier in the growth. Drops those; returns the new size. */
static int refine(struct search *s, int *grp, int ng, double jump)
{
	int keep = 0, y = grp[ng - 1];

	activate(s, grp, ng - 1);
	for (int i = 0; i < ng - 1; i++)
		if (cost_of(s, grp[i]) <= jump / 2 ||
		    cost_of(s, grp[i]) <= jump / 2)
			grp[keep++] = grp[i];
	grp[keep++] = y;
	return keep;
}

/* With the group alone active, every member's removal must end the
 * conflict; one whose removal does not is a line of another set that
 * noise let in. Drops those; returns the new size. */
static int prune(struct search *s, int *grp, int ng, double jump)
{
	int keep = 0, y = grp[ng - 1];

	activate(s, grp, ng);
	for (int i = 0; i < ng - 1; i++)
		if (cost_of(s, grp[i]) > jump / 2 ||
		    cost_of(s, grp[i]) > jump / 2)
			grp[keep++] = grp[i];
	grp[keep++] = y;
	return keep;
}

/* More lines of the group's set: with the group less one line active
 * (exactly full), a page whose line brings the conflict back is one. */
static void more(struct search *s, int from, int extra, double jump)
{
	struct evset *r = s->r;

	activate(s, r->lines, r->group - 1);
	for (int p = from; p < s->n && extra > 0 && r->nlines < EVSET_MAX; p++)
		if (cost_of(s, p) > jump / 2 && cost_of(s, p) > jump / 2) {
			r->lines[r->nlines++] = p;
			extra--;
		}
}

int evset_find(evset_measure_fn *m, void *ctx, int npages, int start,
	       double thr, int extra, struct evset *r)
{
	struct search s = { m, ctx, npages, calloc((size_t)npages, 1), r };
	int grp[EVSET_MAX], from = start, y;
	double jump = 0;

	memset(r, 0, sizeof(*r));
	if (!s.act)
		return 0;
	for (int i = 0; i < start && i < npages; i++)
		s.act[i] = 1;
	/* A conflict that does not hold up (a burst of noise that passed
	 * the median twice, a TLB filling up) costs one reduction; growing
	 * then goes on from there, five times at most. */
	for (int tries = 0; tries < 5 && (y = grow(&s, from, thr, &jump)) >= 0;
	     tries++) {
		int ng = reduce(&s, y, jump, grp);

		from = y + 1;
		/* A group is a minority of the active lines, and alone it
		 * still conflicts until its last line goes. */
		if (ng < 2 || ng > (y + 1) / 2)
			continue;
		ng = refine(&s, grp, ng, jump);
		ng = prune(&s, grp, ng, jump);
		activate(&s, grp, ng);
		if (cost_of(&s, grp[ng - 1]) <= jump / 2) {
			for (int i = 0; i <= y; i++)
				s.act[i] = 1;
			continue;
		}
		r->group = ng;
		r->at = y + 1;
		r->jump = jump;
		memcpy(r->lines, grp, (size_t)ng * sizeof(*grp));
		r->nlines = ng;
		more(&s, y + 1, extra, jump);
		break;
	}
	free(s.act);
	return r->group;
}
