/* SPDX-License-Identifier: BSD-3-Clause */
#include "assoc.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../common/lab.h"
#include "kernels.h"
#include "measure.h"

#define PAGE 4096
#define HUGE (2u << 20)
/* The probed line of each page (any one will do). */
#define ACTIVE_LINE 32

/* AnonHugePages of the mapping holding p (/proc/self/smaps), in KiB;
 * -1 when it cannot be read. */
static long huge_kb(const void *p)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	unsigned long a = (unsigned long)p, lo, hi;
	char line[256];
	long kb = -1;
	int in = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) {
			in = a >= lo && a < hi;
			continue;
		}
		if (in && sscanf(line, "AnonHugePages: %ld kB", &kb) == 1)
			break;
	}
	fclose(f);
	return kb;
}

static void by_address(const struct level *lv, int nl, struct assoc *a)
{
	size_t sp = 4096, bytes;
	char *buf, *lines[ASSOC_KMAX];

	while (sp < lv[1].size)
		sp <<= 1;
	bytes = sp * ASSOC_KMAX;
	a->spacing = sp;
	buf = aligned_alloc(HUGE, (bytes + HUGE - 1) & ~(size_t)(HUGE - 1));
	if (!buf)
		return;
	/* Within a huge page the physical address's low 21 bits are the
	 * virtual ones: every line then has the same L2 set bits. */
	madvise(buf, bytes, MADV_HUGEPAGE);
	for (int i = 0; i < ASSOC_KMAX; i++) {
		lines[i] = buf + (size_t)i * sp;
		*lines[i] = 0;
	}
	a->want_kb =
		(long)(sp >= HUGE ? ASSOC_KMAX : (bytes + HUGE - 1) / HUGE) *
		(HUGE >> 10);
	a->huge_kb = huge_kb(buf);
	for (int k = 1; k <= ASSOC_KMAX; k++)
		a->lat[k - 1] = lines_latency(lines, k);
	a->kmax = ASSOC_KMAX;
	a->by_address = infer_assoc_level(a->lat, ASSOC_KMAX, lv, nl, 1);
	free(buf);
}

struct pool {
	char *buf;
	size_t *order; /* the pages in the order a pass visits them */
	char **addr;
};

/* evset_measure_fn: the active pages' lines chased in one random order,
 * ns per pass; one warm pass, then one timed run of a few passes (the
 * search compares neighbouring runs, evset.c). Past the first ~100 pages
 * every load misses the first-level TLB and hits the second (4 KiB
 * entries here), so a line more costs the same few ns wherever the search
 * is; the conflicts alone change that. */
static double pool_pass(void *ctx, const unsigned char *act, int n)
{
	struct pool *pl = ctx;
	size_t k = 0, passes;
	long long t0;
	void *q;

	for (int j = 0; j < n; j++)
		if (act[pl->order[j]])
			pl->addr[k++] = pl->buf + pl->order[j] * PAGE +
					ACTIVE_LINE * 64;
	if (k == 0)
		return 0;
	for (size_t j = 0; j < k; j++)
		*(void **)pl->addr[j] = pl->addr[(j + 1) % k];
	passes = 4096 / k > 4 ? 4096 / k : 4;
	q = chase(pl->addr[0], (k + 7) & ~(size_t)7);
	t0 = lab_now_ns();
	q = chase(q, (passes * k) & ~(size_t)7);
	t0 = lab_now_ns() - t0;
	if (q == NULL)
		abort();
	return (double)t0 / (double)((passes * k) & ~(size_t)7) * (double)k;
}

/* What an L2 miss costs in the search's own regime (every load missing
 * the first-level TLB): ns per line with all n pages active (most miss:
 * n is 8 x what a plain index holds at one offset) less with `start`
 * (all fit); the best of three each. */
static double miss_cost(struct pool *pl, int n, int start)
{
	unsigned char *act = calloc((size_t)n, 1);
	double lo = 1e30, hi = 1e30;

	if (!act)
		return 0;
	for (int r = 0; r < 3; r++) {
		double t;

		memset(act, 1, (size_t)start);
		t = pool_pass(pl, act, n) / start;
		lo = t < lo ? t : lo;
		memset(act, 1, (size_t)n);
		t = pool_pass(pl, act, n) / n;
		hi = t < hi ? t : hi;
		memset(act, 0, (size_t)n);
	}
	free(act);
	return hi - lo;
}

static void by_conflict(const struct level *lv, int nl, struct assoc *a)
{
	struct pool pl;
	size_t *next;
	char *lines[EVSET_MAX];
	/* Pages enough to overflow a set even where the set index hashes
	 * higher address bits (this VM's L2 spreads one page offset over
	 * about 64 sets, not the 16 a plain index gives): 8 x the L2's
	 * lines per page offset, at most 2048 (the second-level TLB's
	 * reach). The search starts past the first-level TLB (about 100
	 * pages) and below a quarter of the plain-index capacity. */
	size_t n = 8 * lv[1].size / PAGE, start = lv[1].size / PAGE / 4;

	n = n < 256 ? 256 : n > 2048 ? 2048 : n;
	start = start < 96 ? 96 : start;
	a->npages = (int)n;
	pl.buf = aligned_alloc(PAGE, n * PAGE);
	pl.order = malloc(n * sizeof(*pl.order));
	pl.addr = malloc(n * sizeof(*pl.addr));
	next = malloc(n * sizeof(*next));
	if (pl.buf && pl.order && pl.addr && next) {
		memset(pl.buf, 0, n * PAGE);
		measure_cycle(next, n);
		for (size_t j = 0, p = 0; j < n; j++, p = next[p])
			pl.order[j] = p;
		a->miss_ns = miss_cost(&pl, (int)n, (int)start);
		/* One line over the ways costs only a few misses a pass here
		 * (the L2 is not LRU: ~5, not 17); three misses' worth is
		 * above the noise of a median of paired runs, mostly (the
		 * search checks twice). An L2 that all n lines fit gives
		 * nothing to search for. */
		if (a->miss_ns > 0.1 * lv[1].lat)
			evset_find(pool_pass, &pl, (int)n, (int)start,
				   3 * a->miss_ns, 8, &a->ev);
		for (int i = 0; i < a->ev.nlines; i++)
			lines[i] = pl.buf + (size_t)a->ev.lines[i] * PAGE +
				   ACTIVE_LINE * 64;
		for (int k = 1; k <= a->ev.nlines; k++)
			a->klat[k - 1] = lines_latency(lines, k);
		a->by_conflict = a->ev.group ? a->ev.group - 1 : 0;
		a->chase_fit =
			infer_assoc_level(a->klat, a->ev.nlines, lv, nl, 1);
	}
	free(next);
	free(pl.addr);
	free(pl.order);
	free(pl.buf);
}

void assoc_l2(const struct level *lv, int nl, struct assoc *a)
{
	long long t0 = lab_now_ns();

	memset(a, 0, sizeof(*a));
	if (nl < 3 || lv[1].size == 0)
		return;
	by_address(lv, nl, a);
	by_conflict(lv, nl, a);
	a->ms = (double)(lab_now_ns() - t0) / 1e6;
}
