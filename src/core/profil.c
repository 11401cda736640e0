// SPDX-License-Identifier: BSD-3-Clause
/*
 * Setting up overflow and statistical profiling (PAPI_overflow,
 * PAPI_sprofil, PAPI_profil, PAPI_get_overflow_event_index), with PAPI
 * 7.0's checks in PAPI 7.0's order. Everything here runs with the library
 * lock held on a stopped set; the signal handler (overflow.c) reads what
 * this file writes only while the set runs.
 *
 * Departures from PAPI 7.0, each because PAPI's behaviour cannot be what
 * it meant:
 * - no limit of num_cntrs overflowing events (it is 0 without a PMU, where
 *   the software events still sample); the limit is 64, the bits of
 *   overflow_vector;
 * - a NULL handler passed with threshold 0 leaves the handler of the
 *   events still overflowing in place (PAPI would call NULL);
 * - PAPI_sprofil with a threshold but no region is PAPI_EINVAL (PAPI would
 *   read through NULL in the handler);
 * - PAPI_OVERFLOW_FORCE_SW (software overflow from a timer) is
 *   PAPI_ENOSUPP; PAPI_PROFIL_FORCE_SW profiles from the same overflow
 *   signals, as PAPI 7's perf_event component does.
 */
#include <stdlib.h>
#include <string.h>

#include "core/evset.h"
#include "core/lib.h"
#include "core/overflow.h"
#include "os/os.h"

#define PROFIL_FLAGS                                                          \
	(PAPI_PROFIL_POSIX | PAPI_PROFIL_RANDOM | PAPI_PROFIL_WEIGHTED |       \
	 PAPI_PROFIL_COMPRESS | PAPI_PROFIL_BUCKETS | PAPI_PROFIL_FORCE_SW |   \
	 PAPI_PROFIL_INST_EAR | PAPI_PROFIL_DATA_EAR)

static int find_event(const struct papi__evset *es, int code)
{
	int i;

	for (i = 0; i < es->nevents; i++)
		if (es->events[i].code == code)
			return i;
	return -1;
}

static int find_entry(const struct papi__overflow *o, int code)
{
	int k;

	for (k = 0; o && k < o->n; k++)
		if (o->e[k].code == code)
			return k;
	return -1;
}

/* PAPI 7's checks shared by PAPI_overflow and PAPI_sprofil; *idx gets the
 * event's index in the set. */
static int check_set(const struct papi__evset *es, int code, int *idx)
{
	if (!es)
		return PAPI_ENOEVST;
	/* A set with no component has no events: the event is not in it
	 * (PAPI 7 says PAPI_ENOCMP, which ctests/sprofile takes as failure
	 * where PAPI_ENOEVNT lets it skip). */
	if (es->cidx < 0)
		return PAPI_ENOEVNT;
	if (es->state & PAPI_RUNNING)
		return PAPI_EISRUN;
	/* Another thread's or a CPU's counters cannot signal this one. */
	if ((es->state & PAPI_ATTACHED) || es->opts.tid || es->opts.cpu >= 0)
		return PAPI_EINVAL;
	*idx = find_event(es, code);
	return *idx < 0 ? PAPI_ENOEVNT : PAPI_OK;
}

/* An event that is not one native counter cannot sample. */
static int is_derived(const struct papi__evset *es, int idx)
{
	return es->events[idx].nterms != 1 ||
	       es->events[idx].derived != PAPI__NOT_DERIVED;
}

static int ensure(struct papi__evset *es)
{
	if (es->ovf)
		return PAPI_OK;
	es->ovf = calloc(1, sizeof(*es->ovf));
	if (!es->ovf)
		return PAPI_ENOMEM;
	memset(es->ovf->by_pos, -1, sizeof(es->ovf->by_pos));
	es->ovf->rand = 0x2545f4914f6cdd1dull ^ (uint64_t)(uintptr_t)es;
	return PAPI_OK;
}

/* The handler is installed while some set has an entry. */
static int install(struct papi__evset *es)
{
	int sig = papi__lib.cmp[es->cidx].info.hardware_intr_sig, ret;

	if (es->ovf->installed)
		return PAPI_OK;
	if (papi__lib.ovf_users == 0) {
		ret = papi__os_signal_install(sig, papi__overflow_signal);
		if (ret < 0)
			return PAPI_ESYS;
		papi__lib.ovf_sig = sig;
	}
	papi__lib.ovf_users++;
	es->ovf->installed = 1;
	return PAPI_OK;
}

static void uninstall(struct papi__evset *es)
{
	if (!es->ovf || !es->ovf->installed)
		return;
	es->ovf->installed = 0;
	if (--papi__lib.ovf_users == 0)
		papi__os_signal_ignore(papi__lib.ovf_sig);
}

static void update_state(struct papi__evset *es)
{
	struct papi__overflow *o = es->ovf;
	int k, prof = 0;

	for (k = 0; k < o->n; k++)
		prof |= o->e[k].profiling;
	es->state &= ~(PAPI_OVERFLOWING | PAPI_PROFILING);
	if (o->n) {
		es->state |= PAPI_OVERFLOWING | (prof ? PAPI_PROFILING : 0);
		o->flags |= PAPI_OVERFLOW_HARDWARE;
		return;
	}
	uninstall(es);
	o->handler = NULL;
	o->flags = 0;
	o->prof_flags = 0;
}

static void drop_entry(struct papi__overflow *o, int k)
{
	int j;

	memmove(&o->e[k], &o->e[k + 1], (size_t)(o->n - k - 1) * sizeof(*o->e));
	o->n--;
	for (j = 0; j < o->n; j++)
		if (o->e[j].own)
			o->e[j].prof = &o->e[j].own_region;
}

/* Sample event idx every threshold events (0: stop), for the handler or
 * into prof[nprof]; own: keep a copy of prof[0] (PAPI_profil's). */
static int arm(struct papi__evset *es, int idx, long long threshold,
	       PAPI_sprofil_t *prof, int nprof, int own)
{
	struct papi__overflow *o = es->ovf;
	struct papi__cmp *c = &papi__lib.cmp[es->cidx];
	struct papi__ovf_entry *e;
	int code = es->events[idx].code, k = find_entry(o, code), ret;

	if (threshold == 0) {
		if (k < 0)
			return PAPI_EINVAL;
		ret = papi__cmp_set_overflow(c, es->ctl, es->events[idx].pos[0],
					     0);
		if (ret != PAPI_OK)
			return ret;
		drop_entry(o, k);
		update_state(es);
		return PAPI_OK;
	}
	if (k < 0 && o->n == PAPI__OVF_MAX)
		return PAPI_ECNFLCT;
	if (es->events[idx].pos[0] >= PAPI__OVF_MAX)
		return PAPI_ECNFLCT;
	ret = install(es);
	if (ret == PAPI_OK)
		ret = papi__cmp_set_overflow(c, es->ctl,
					     es->events[idx].pos[0], threshold);
	if (ret != PAPI_OK) {
		update_state(es);
		return ret;
	}
	if (k < 0)
		k = o->n++;
	e = &o->e[k];
	memset(e, 0, sizeof(*e));
	e->code = code;
	e->threshold = threshold;
	e->profiling = prof != NULL;
	e->prof = prof;
	e->nprof = nprof;
	if (own) {
		e->own = 1;
		e->own_region = *prof;
		e->prof = &e->own_region;
	}
	update_state(es);
	return PAPI_OK;
}

static int overflow_locked(struct papi__evset *es, int code, int threshold,
			   int flags, PAPI_overflow_handler_t handler)
{
	int idx, k, ret = check_set(es, code, &idx);

	if (ret != PAPI_OK)
		return ret;
	if (threshold < 0)
		return PAPI_EINVAL;
	if (!(flags & PAPI_OVERFLOW_FORCE_SW) && threshold && is_derived(es, idx))
		return PAPI_EINVAL;
	if (!(es->state & PAPI_OVERFLOWING) && (!handler || !threshold))
		return PAPI_EINVAL;
	if (flags & PAPI_OVERFLOW_FORCE_SW)
		return PAPI_ENOSUPP;
	if (!papi__lib.cmp[es->cidx].info.hardware_intr)
		return PAPI_ENOSUPP;
	if ((ret = ensure(es)) != PAPI_OK)
		return ret;
	/* Profiling entries are PAPI_sprofil's to change. */
	k = find_entry(es->ovf, code);
	if (k >= 0 && es->ovf->e[k].profiling)
		return PAPI_EINVAL;
	ret = arm(es, idx, threshold, NULL, 0, 0);
	if (ret == PAPI_OK && handler && es->ovf->n)
		es->ovf->handler = handler;
	return ret;
}

int papi__overflow_set(int id, int code, int threshold, int flags,
		       PAPI_overflow_handler_t handler)
{
	int ret;

	papi__lib_lock();
	ret = overflow_locked(papi__evset_get(id), code, threshold, flags,
			      handler);
	papi__lib_unlock();
	return ret;
}

/* PAPI 7's argument checks of PAPI_sprofil past the set's own; *flags gets
 * exactly one bucket size. */
static int check_profil(const struct papi__evset *es, const PAPI_sprofil_t *prof,
			int profcnt, int threshold, int *flags)
{
	int i, b;

	for (i = 0; prof && i < profcnt; i++)
		if (!(prof[i].pr_scale == 131072 ||
		      (prof[i].pr_scale <= 65536 && prof[i].pr_scale > 1)))
			return PAPI_EINVAL;
	if (threshold < 0)
		return PAPI_EINVAL;
	if (!(es->state & PAPI_PROFILING) && threshold == 0)
		return PAPI_EINVAL;
	if (threshold > 0 && (!prof || profcnt < 1))
		return PAPI_EINVAL;
	if (threshold == 0 && es->ovf)
		*flags |= es->ovf->prof_flags;
	if (*flags & ~PROFIL_FLAGS)
		return PAPI_EINVAL;
	b = *flags & PAPI_PROFIL_BUCKETS;
	if (!b)
		*flags |= PAPI_PROFIL_BUCKET_16;
	else if (b != PAPI_PROFIL_BUCKET_16 && b != PAPI_PROFIL_BUCKET_32 &&
		 b != PAPI_PROFIL_BUCKET_64)
		return PAPI_EINVAL;
	return PAPI_OK;
}

static int sprofil_locked(struct papi__evset *es, PAPI_sprofil_t *prof,
			  int profcnt, int code, int threshold, int flags,
			  int own)
{
	struct papi__overflow *o;
	int idx, k, ret = check_set(es, code, &idx);

	if (ret != PAPI_OK)
		return ret;
	if (is_derived(es, idx) && !(flags & PAPI_PROFIL_FORCE_SW))
		return PAPI_EINVAL;
	if ((ret = check_profil(es, prof, profcnt, threshold, &flags)) != PAPI_OK)
		return ret;
	if (!papi__lib.cmp[es->cidx].info.hardware_intr)
		return PAPI_ENOSUPP;
	if ((ret = ensure(es)) != PAPI_OK)
		return ret;
	o = es->ovf;
	k = find_entry(o, code);
	if (threshold == 0 && (k < 0 || !o->e[k].profiling))
		return PAPI_EINVAL;
	if (threshold > 0 && (es->state & PAPI_PROFILING) &&
	    (flags & PAPI_PROFIL_FORCE_SW) != (o->prof_flags & PAPI_PROFIL_FORCE_SW))
		return PAPI_ECNFLCT;
	/* An event overflowing for PAPI_overflow's handler is not profiled. */
	if (k >= 0 && !o->e[k].profiling)
		return PAPI_ECNFLCT;
	ret = arm(es, idx, threshold, threshold ? prof : NULL,
		  threshold ? profcnt : 0, own);
	if (ret == PAPI_OK && o->n)
		o->prof_flags = flags;
	return ret;
}

int papi__sprofil_set(int id, PAPI_sprofil_t *prof, int profcnt, int code,
		      int threshold, int flags)
{
	int ret;

	papi__lib_lock();
	ret = sprofil_locked(papi__evset_get(id), prof, profcnt, code,
			     threshold, flags, 0);
	papi__lib_unlock();
	return ret;
}

/* PAPI_profil is PAPI_sprofil of one region that the library keeps. */
int papi__profil_set(int id, void *buf, unsigned bufsiz, vptr_t offset,
		     unsigned scale, int code, int threshold, int flags)
{
	PAPI_sprofil_t r = { .pr_base = buf, .pr_size = bufsiz,
			     .pr_off = offset, .pr_scale = scale };
	struct papi__evset *es;
	int k, ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es)
		ret = PAPI_ENOEVST;
	else if (threshold > 0)
		ret = sprofil_locked(es, &r, 1, code, threshold, flags, 1);
	else if ((k = find_entry(es->ovf, code)) < 0 ||
		 !es->ovf->e[k].profiling)
		ret = PAPI_EINVAL;
	else
		ret = sprofil_locked(es, NULL, 0, code, 0, flags, 0);
	papi__lib_unlock();
	return ret;
}

/* PAPI 7's PAPI_get_overflow_event_index: for each bit of vector, the
 * events whose first native is at that position and not derived. */
static int index_of(const struct papi__evset *es, long long vector,
		    int *array, int *number)
{
	unsigned long long v = (unsigned long long)vector;
	int bit, j, k, count = 0;

	if (es->nevents == 0)
		return PAPI_EINVAL;
	while (v) {
		bit = __builtin_ctzll(v);
		v &= v - 1;
		for (j = 0; j < es->nevents; j++) {
			if (es->events[j].derived != PAPI__NOT_DERIVED)
				continue;
			for (k = 0; k < es->events[j].nterms; k++) {
				if (es->events[j].pos[k] != bit)
					continue;
				array[count++] = j;
				if (count == *number)
					return PAPI_OK;
				break;
			}
		}
	}
	*number = count;
	return PAPI_OK;
}

/* Usually called from the user's overflow handler: the set the calling
 * thread runs is found without the lock (its events cannot change while it
 * runs), so that the handler never waits for a lock its own thread holds. */
int papi__overflow_index(int id, long long vector, int *array, int *number)
{
	struct papi__thread *t = papi__thread_peek();
	struct papi__evset *es;
	int i, ret;

	if (vector == 0 || *number < 1)
		return PAPI_EINVAL;
	for (i = 0; t && i < papi__lib.ncmp; i++) {
		es = t->running_es[i];
		if (es && t->running[i] == id)
			return index_of(es, vector, array, number);
	}
	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? index_of(es, vector, array, number) : PAPI_ENOEVST;
	papi__lib_unlock();
	return ret;
}

void papi__overflow_prepare(struct papi__evset *es)
{
	struct papi__overflow *o = es->ovf;
	int k, idx, pos;

	memset(o->by_pos, -1, sizeof(o->by_pos));
	for (k = 0; k < o->n; k++) {
		idx = find_event(es, o->e[k].code);
		pos = idx < 0 ? -1 : es->events[idx].pos[0];
		if (pos >= 0 && pos < PAPI__OVF_MAX)
			o->by_pos[pos] = (signed char)k;
	}
}

void papi__overflow_forget(struct papi__evset *es, int code)
{
	int k = find_entry(es->ovf, code), idx = find_event(es, code);

	if (k < 0 || idx < 0)
		return;
	/* The native may stay for another event: stop it sampling. */
	papi__cmp_set_overflow(&papi__lib.cmp[es->cidx], es->ctl,
			       es->events[idx].pos[0], 0);
	drop_entry(es->ovf, k);
	update_state(es);
}

void papi__overflow_free(struct papi__evset *es)
{
	uninstall(es);
	free(es->ovf);
	es->ovf = NULL;
	es->state &= ~(PAPI_OVERFLOWING | PAPI_PROFILING);
}
