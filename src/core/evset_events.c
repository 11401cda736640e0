// SPDX-License-Identifier: BSD-3-Clause
/*
 * Adding and removing events: the PAPI events of a set map onto a list of
 * distinct native events, each with a reference count, mirrored position by
 * position in the component's control state.
 */
#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/evset.h"
#include "core/lib.h"
#include "core/overflow.h"
#include "os/os.h"

static int grow(void **p, int *cap, int need, size_t size)
{
	void *t;
	int n;

	if (need <= *cap)
		return PAPI_OK;
	n = *cap ? *cap * 2 : 8;
	while (n < need)
		n *= 2;
	t = realloc(*p, (size_t)n * size);
	if (!t)
		return PAPI_ENOMEM;
	*p = t;
	*cap = n;
	return PAPI_OK;
}

/* Make room for one more event with up to nterms new natives, before any
 * state changes, so that a failure leaves the set as it was. */
static int reserve(struct papi__evset *es, int nterms)
{
	int ntv = es->nnative + nterms, ev = es->nevents + 1;
	int ret, cap;
	long long *t;

	ret = grow((void **)&es->events, &es->ev_cap, ev, sizeof(*es->events));
	if (ret == PAPI_OK)
		ret = grow((void **)&es->natives, &es->ntv_cap, ntv,
			   sizeof(*es->natives));
	if (ret != PAPI_OK)
		return ret;
	cap = es->ntv_cap > es->ev_cap ? es->ntv_cap : es->ev_cap;
	t = realloc(es->stopped, (size_t)cap * sizeof(*t));
	if (!t)
		return PAPI_ENOMEM;
	es->stopped = t;
	return PAPI_OK;
}

static int find_native(const struct papi__evset *es, unsigned int code)
{
	int i;

	for (i = 0; i < es->nnative; i++)
		if (es->natives[i].code == code)
			return i;
	return -1;
}

/* Remove native position pos from the component and from natives[],
 * renumbering the positions events hold. */
static int drop_native(struct papi__evset *es, int pos)
{
	int ret, i, j;

	ret = papi__cmp_ctl_remove(&papi__lib.cmp[es->cidx], es->ctl, pos);
	if (ret != PAPI_OK)
		return ret;
	memmove(&es->natives[pos], &es->natives[pos + 1],
		(size_t)(es->nnative - pos - 1) * sizeof(*es->natives));
	es->nnative--;
	for (i = 0; i < es->nevents; i++)
		for (j = 0; j < es->events[i].nterms; j++)
			if (es->events[i].pos[j] > pos)
				es->events[i].pos[j]--;
	return PAPI_OK;
}

static int add_locked(struct papi__evset *es, int code)
{
	struct papi__evset_event *ev;
	struct papi__event_map m;
	struct papi__cmp *c;
	int i, ret, created = 0, first_new = es->nnative;

	if (es->state & PAPI_RUNNING)
		return PAPI_EISRUN;
	for (i = 0; i < es->nevents; i++)
		if (es->events[i].code == code)
			return PAPI_ECNFLCT;
	ret = papi__event_map(code, &m);
	if (ret != PAPI_OK)
		return ret;
	if (es->cidx >= 0 && es->cidx != m.cidx)
		return PAPI_EINVAL;
	c = &papi__lib.cmp[m.cidx];
	if (c->info.disabled)
		return PAPI_ECMP_DISABLED;
	/* num_mpx_cntrs is the most events a set of the component may hold,
	 * multiplexed or not: the component info says so, and it is kept. */
	if (c->info.num_mpx_cntrs > 0 && es->nevents >= c->info.num_mpx_cntrs)
		return PAPI_ECOUNT;
	ret = reserve(es, m.nterms);
	if (ret != PAPI_OK)
		return ret;
	/* Bound to its component by its first event: the component's
	 * default domain, unless the user chose one (PAPI_set_cmp_domain). */
	if (es->cidx < 0 && !es->domain_set)
		es->opts.domain = papi__evset_default_domain(m.cidx);
	if (!es->ctl) {
		ret = papi__cmp_ctl_create(c, &es->opts, &es->ctl);
		if (ret != PAPI_OK)
			return ret;
		created = 1;
		es->opener = papi__os_gettid();
	}
	ev = &es->events[es->nevents];
	memset(ev, 0, sizeof(*ev));
	for (i = 0; i < m.nterms; i++) {
		int pos = find_native(es, m.terms[i]);

		if (pos < 0) {
			ret = papi__cmp_ctl_add(c, es->ctl, m.terms[i]);
			if (ret != PAPI_OK)
				goto err_undo;
			pos = es->nnative++;
			es->natives[pos].code = m.terms[i];
			es->natives[pos].refs = 0;
		}
		ev->pos[i] = pos;
	}
	for (i = 0; i < m.nterms; i++)
		es->natives[ev->pos[i]].refs++;
	ev->code = code;
	ev->derived = m.derived;
	ev->nterms = m.nterms;
	es->stopped[es->nevents] = 0;
	es->nevents++;
	es->cidx = m.cidx;
	return PAPI_OK;

err_undo:
	/* Natives opened for this event sit at the end: drop them last-first. */
	while (es->nnative > first_new) {
		if (papi__cmp_ctl_remove(c, es->ctl, es->nnative - 1) != PAPI_OK)
			break;
		es->nnative--;
	}
	if (created) {
		papi__cmp_ctl_destroy(c, es->ctl);
		es->ctl = NULL;
	}
	return ret;
}

int papi__evset_add(int id, int code)
{
	struct papi__evset *es;
	int ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? add_locked(es, code) : PAPI_ENOEVST;
	if (es)
		es->direct = papi__evset_is_direct(es);
	papi__lib_unlock();
	return ret;
}

static int remove_locked(struct papi__evset *es, int code)
{
	struct papi__evset_event ev;
	int i, j, ret = PAPI_OK;

	if (es->state & PAPI_RUNNING)
		return PAPI_EISRUN;
	for (i = 0; i < es->nevents; i++)
		if (es->events[i].code == code)
			break;
	if (i == es->nevents)
		return PAPI_EINVAL;
	/* Added for overflow: an event leaves without its overflow, as in
	 * PAPI 7's PAPI_remove_event. */
	if (es->ovf)
		papi__overflow_forget(es, code);
	ev = es->events[i];
	memmove(&es->events[i], &es->events[i + 1],
		(size_t)(es->nevents - i - 1) * sizeof(*es->events));
	memmove(&es->stopped[i], &es->stopped[i + 1],
		(size_t)(es->nevents - i - 1) * sizeof(*es->stopped));
	es->nevents--;
	for (j = 0; j < ev.nterms; j++)
		es->natives[ev.pos[j]].refs--;
	/* Highest position first keeps the lower positions valid. */
	for (j = es->nnative - 1; j >= 0; j--)
		if (es->natives[j].refs == 0) {
			int r = drop_native(es, j);

			if (r != PAPI_OK)
				ret = r;
		}
	return ret;
}

int papi__evset_remove(int id, int code)
{
	struct papi__evset *es;
	int ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? remove_locked(es, code) : PAPI_ENOEVST;
	if (es)
		es->direct = papi__evset_is_direct(es);
	papi__lib_unlock();
	return ret;
}

int papi__evset_list(int id, int *codes, int *number)
{
	struct papi__evset *es;
	int i;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es) {
		papi__lib_unlock();
		return PAPI_ENOEVST;
	}
	for (i = 0; codes && i < es->nevents && i < *number; i++)
		codes[i] = es->events[i].code;
	*number = es->nevents;
	papi__lib_unlock();
	return PAPI_OK;
}

int papi__evset_num_events(int id)
{
	struct papi__evset *es;
	int ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? es->nevents : PAPI_ENOEVST;
	papi__lib_unlock();
	return ret;
}

int papi__evset_state(int id, int *state)
{
	struct papi__evset *es;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (es)
		*state = es->state;
	papi__lib_unlock();
	return es ? PAPI_OK : PAPI_ENOEVST;
}
