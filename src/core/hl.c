// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI 7's high-level regions: the first region of the process chooses the
 * events and the output directory; the first region of each thread creates
 * and starts that thread's EventSets, which then count until PAPI_hl_stop()
 * or exit. A region records the values at its begin and the differences at
 * its end; every begin makes a new region with a new id, as in PAPI 7.
 *
 * Departures from PAPI 7.0, each to keep a program's measurements rather
 * than throw them away: a region that does not match is refused with
 * PAPI_EINVAL but the other regions stay valid (PAPI 7 disables the whole
 * high-level API and writes no report); regions left open at exit are left
 * out of the report instead of suppressing it; nesting is not limited to 10
 * levels; PAPI_hl_read() may name any open region, not only the innermost.
 */
#include "core/hl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/classic.h"
#include "core/evset.h"
#include "os/os.h"

void papi__hl_say(const struct papi__hl *hl, const char *kind,
		  const char *fmt, ...)
{
	va_list ap;

	if (!hl || !hl->verbose)
		return;
	/* stderr, not PAPI 7's stdout: the program's own output stays its
	 * own (PAPI_REPORT is the one thing written to stdout). */
	fprintf(stderr, "PAPI-HL %s: ", kind);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* What the user must see whatever PAPI_HL_VERBOSE says: a report that
 * could not go where it was asked to, an event of PAPI_EVENTS left out. */
void papi__hl_warn(const char *kind, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "PAPI-HL %s: ", kind);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* How long the report writer waits at exit for another thread to let go
 * of the library lock. That thread may never do so (stuck in a signal
 * handler that interrupted it inside the library, or in another
 * library's fork handler after ours took the lock): the process must
 * still exit, without the report then, and saying so. */
#define EXIT_LOCK_WAIT_MS 1000

static void at_exit(void)
{
	if (papi__lib_lock_timed(EXIT_LOCK_WAIT_MS) != PAPI_OK) {
		papi__hl_warn("Warning",
			      "another thread held the PAPI library for %d ms "
			      "at exit: the report was not written",
			      EXIT_LOCK_WAIT_MS);
		return;
	}
	if (papi__lib.hl)
		papi__hl_report_write(papi__lib.hl);
	papi__lib_unlock();
}

/* The process-wide state, made by the first region of any thread. */
static int hl_state(struct papi__hl **out)
{
	struct papi__hl *hl;
	int ret;

	papi__lib_lock();
	hl = papi__lib.hl;
	if (hl) {
		papi__lib_unlock();
		*out = hl;
		return PAPI_OK;
	}
	hl = calloc(1, sizeof(*hl));
	if (!hl) {
		papi__lib_unlock();
		return PAPI_ENOMEM;
	}
	hl->pid = papi__os_getpid();
	hl->tail = &hl->recs;
	hl->verbose = getenv("PAPI_HL_VERBOSE") != NULL;
	hl->multiplex = getenv("PAPI_MULTIPLEX") != NULL;
	hl->report_stdout = getenv("PAPI_REPORT") != NULL;
	ret = papi__hl_report_init(hl);
	if (ret == PAPI_OK)
		ret = papi__hl_choose_events(hl);
	if (ret != PAPI_OK || atexit(at_exit) != 0) {
		papi__hl_free(hl);
		papi__lib_unlock();
		return ret != PAPI_OK ? ret : PAPI_ENOMEM;
	}
	/* PAPI 7's high-level API calls PAPI_thread_init(gettid); ours
	 * already answers gettid, so only the level is recorded. */
	if (!papi__lib.thread_id_fn)
		__atomic_or_fetch(&papi__lib.init_state,
				  PAPI_THREAD_LEVEL_INITED, __ATOMIC_RELAXED);
	papi__lib.hl = hl;
	papi__lib_unlock();
	papi__hl_say(hl, "Info", "PAPI has been initiated!");
	*out = hl;
	return PAPI_OK;
}

/* The calling thread's state, or NULL when it has no regions. */
static struct papi__hl_local *hl_self(void)
{
	struct papi__thread *t;

	if (!papi__lib.hl || !papi__lib_is_init())
		return NULL;
	t = papi__thread_self();
	return t ? t->hl : NULL;
}

/* Stop the first n sets. */
static int stop_sets(const struct papi__hl *hl, struct papi__hl_local *l,
		     int n)
{
	long long *v = l->now + PAPI__HL_FIXED;
	int i, j, ret, first = PAPI_OK;

	for (i = 0; i < n; i++) {
		const struct papi__hl_set *s = &hl->set[i];

		ret = papi__evset_stop(l->evset[i], v + s->first);
		if (ret != PAPI_OK) {
			first = first != PAPI_OK ? first : ret;
			continue;
		}
		/* PAPI_start zeroes the counts: keep what was counted. */
		for (j = s->first; j < s->first + s->n; j++)
			if (!hl->ev[j].instant)
				l->base[j] += v[j];
	}
	l->running = 0;
	return first;
}

static int start_sets(const struct papi__hl *hl, struct papi__hl_local *l)
{
	int i, ret;

	for (i = 0; i < hl->nsets; i++) {
		ret = papi__evset_start(l->evset[i]);
		if (ret != PAPI_OK) {
			stop_sets(hl, l, i);
			return ret;
		}
	}
	l->running = 1;
	return PAPI_OK;
}

/* The calling thread's EventSets, made and started on its first region. */
static int hl_local(struct papi__hl *hl, struct papi__hl_local **out)
{
	struct papi__thread *t = papi__thread_self();
	struct papi__hl_local *l;
	struct papi__hl_rec *rec;
	int ret, nvals = papi__hl_nvals(hl);

	if (!t)
		return PAPI_ENOMEM;
	l = t->hl;
	if (!l) {
		l = calloc(1, sizeof(*l) + (size_t)(nvals + hl->nev) *
						   sizeof(long long));
		rec = calloc(1, sizeof(*rec));
		ret = l && rec ? papi__hl_sets_create(hl, l->evset)
			       : PAPI_ENOMEM;
		if (ret != PAPI_OK) {
			free(l);
			free(rec);
			return ret;
		}
		l->now = l->mem;
		l->base = l->mem + nvals;
		l->rec = rec;
		rec->tid = t->id;
		papi__lib_lock();
		rec->seq = hl->nrecs++;
		*hl->tail = rec;
		hl->tail = &rec->next;
		papi__lib_unlock();
		t->hl = l;
	}
	if (!l->running && (ret = start_sets(hl, l)) != PAPI_OK)
		return ret;
	*out = l;
	return PAPI_OK;
}

/* Read every set into l->now: cycles, nanoseconds, then the events. */
static int read_now(const struct papi__hl *hl, struct papi__hl_local *l)
{
	long long *v = l->now + PAPI__HL_FIXED;
	int i, ret;

	for (i = 0; l->running && i < hl->nsets; i++) {
		ret = papi__evset_read(l->evset[i], v + hl->set[i].first);
		if (ret != PAPI_OK)
			return ret;
	}
	/* The public timers, so that "cycles" is what PAPI_get_real_cyc()
	 * and PAPI_read_ts() answer. */
	l->now[PAPI__HL_CYCLES] = PAPI_get_real_cyc();
	l->now[PAPI__HL_NSEC] = PAPI_get_real_nsec();
	for (i = 0; i < hl->nev; i++)
		if (!hl->ev[i].instant)
			v[i] = l->running ? v[i] + l->base[i] : l->base[i];
	return PAPI_OK;
}

static int grow(void **p, int *cap, int need, size_t size)
{
	int n = *cap ? *cap : 8;
	void *q;

	if (need <= *cap)
		return PAPI_OK;
	while (n < need)
		n *= 2;
	q = realloc(*p, (size_t)n * size);
	if (!q)
		return PAPI_ENOMEM;
	*p = q;
	*cap = n;
	return PAPI_OK;
}

/* Called with the library lock held (the exit handler reads records). */
static int region_open(struct papi__hl *hl, struct papi__hl_rec *rec,
		       const char *name, const long long *now)
{
	int nvals = papi__hl_nvals(hl);
	struct papi__hl_region *r;

	if (grow((void **)&rec->regions, &rec->cap, rec->nregions + 1,
		 sizeof(*rec->regions)) != PAPI_OK ||
	    grow((void **)&rec->stack, &rec->stack_cap, rec->depth + 1,
		 sizeof(*rec->stack)) != PAPI_OK)
		return PAPI_ENOMEM;
	r = calloc(1, sizeof(*r) + 2 * (size_t)nvals * sizeof(long long));
	if (!r || !(r->name = strdup(name))) {
		free(r);
		return PAPI_ENOMEM;
	}
	r->id = rec->nregions;
	r->parent = rec->depth ? rec->stack[rec->depth - 1] : -1;
	memcpy(r->v, now, (size_t)nvals * sizeof(*now));
	rec->regions[rec->nregions++] = r;
	rec->stack[rec->depth++] = r->id;
	hl->begins++;
	return PAPI_OK;
}

int papi__hl_region_begin(const char *region)
{
	struct papi__hl_local *l;
	struct papi__hl *hl;
	int ret;

	/* PAPI 7: a region ends this thread's rate calls, whose EventSet
	 * would want the same counters. */
	ret = papi__rate_stop_running();
	if (ret == PAPI_OK && !papi__lib_is_init())
		ret = papi__lib_init();
	if (ret == PAPI_OK)
		ret = hl_state(&hl);
	if (ret == PAPI_OK)
		ret = hl_local(hl, &l);
	if (ret == PAPI_OK)
		ret = read_now(hl, l);
	if (ret != PAPI_OK)
		return ret;
	papi__lib_lock();
	ret = region_open(hl, l->rec, region, l->now);
	papi__lib_unlock();
	return ret;
}

/* The open region of this thread with that name (the innermost only, when
 * innermost is set), or NULL with *why saying what is wrong. */
static struct papi__hl_region *find_open(const struct papi__hl_local *l,
					 const char *name, int innermost,
					 int *why)
{
	const struct papi__hl_rec *rec = l ? l->rec : NULL;
	int i;

	*why = PAPI_ENOTRUN;
	if (!rec || !rec->depth)
		return NULL;
	*why = PAPI_EINVAL;
	for (i = rec->depth - 1; i >= 0; i--) {
		struct papi__hl_region *r = rec->regions[rec->stack[i]];

		if (!strcmp(r->name, name))
			return r;
		if (innermost)
			break;
	}
	return NULL;
}

/* A row of region values: differences to begin, or the instant value. */
static void region_diff(const struct papi__hl *hl,
			const struct papi__hl_region *r, const long long *now,
			long long *out)
{
	int i, nvals = papi__hl_nvals(hl);

	for (i = 0; i < nvals; i++) {
		int instant = i >= PAPI__HL_FIXED &&
			      hl->ev[i - PAPI__HL_FIXED].instant;

		out[i] = instant ? now[i] : now[i] - r->v[i];
	}
}

int papi__hl_read(const char *region)
{
	struct papi__hl_local *l = hl_self();
	struct papi__hl *hl = papi__lib.hl;
	struct papi__hl_region *r;
	int ret, nvals;

	r = find_open(l, region, 0, &ret);
	if (!r) {
		papi__hl_say(hl, "Warning",
			     "Cannot find matching region for PAPI_hl_read(\"%s\") for thread id=%lu.",
			     region, l ? l->rec->tid : 0UL);
		return ret;
	}
	ret = read_now(hl, l);
	if (ret != PAPI_OK)
		return ret;
	nvals = papi__hl_nvals(hl);
	papi__lib_lock();
	ret = grow((void **)&r->reads, &r->reads_cap, (r->nreads + 1) * nvals,
		   sizeof(long long));
	if (ret == PAPI_OK)
		region_diff(hl, r, l->now, r->reads + r->nreads++ * nvals);
	papi__lib_unlock();
	return ret;
}

int papi__hl_region_end(const char *region)
{
	struct papi__hl_local *l = hl_self();
	struct papi__hl *hl = papi__lib.hl;
	struct papi__hl_region *r;
	int ret;

	/* Regions nest: the one to end is the innermost open one. */
	r = find_open(l, region, 1, &ret);
	if (!r) {
		papi__hl_say(hl, "Warning",
			     "Cannot find matching region for PAPI_hl_region_end(\"%s\") for thread id=%lu.",
			     region, l ? l->rec->tid : 0UL);
		return ret;
	}
	ret = read_now(hl, l);
	if (ret != PAPI_OK)
		return ret;
	papi__lib_lock();
	region_diff(hl, r, l->now, r->v + papi__hl_nvals(hl));
	r->closed = 1;
	l->rec->depth--;
	hl->ends++;
	papi__lib_unlock();
	return PAPI_OK;
}

int papi__hl_stop(void)
{
	struct papi__hl_local *l = hl_self();
	struct papi__hl *hl = papi__lib.hl;

	if (!l || !l->running)
		return PAPI_ENOEVNT;
	return stop_sets(hl, l, hl->nsets);
}

void papi__hl_thread_exit(void *local)
{
	struct papi__hl_local *l = local;
	struct papi__hl *hl = papi__lib.hl;
	int i;

	/* What the thread measured is in its record, which the report keeps;
	 * its sets go with it (they would count nobody, and stay in the
	 * EventSet table for good). */
	if (!hl)
		return;
	for (i = 0; l->running && i < hl->nsets; i++)
		papi__evset_stop(l->evset[i], NULL);
	l->running = 0;
	papi__hl_sets_destroy(hl, l->evset);
}

int papi__hl_running(void)
{
	struct papi__hl_local *l = hl_self();

	return l && l->running;
}
