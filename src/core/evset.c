// SPDX-License-Identifier: BSD-3-Clause
#include "core/evset.h"

#include <stdlib.h>
#include <string.h>

#include "core/event.h"
#include "core/lib.h"
#include "core/overflow.h"

int papi__evset_create(int *id)
{
	struct papi__evset *es;
	int i;

	es = calloc(1, sizeof(*es));
	if (!es)
		return PAPI_ENOMEM;
	es->cidx = -1;
	es->state = PAPI_STOPPED;
	es->opts.domain = papi__evset_default_domain(0);
	es->opts.granularity = papi__lib.default_granularity;
	es->opts.cpu = -1;

	papi__lib_lock();
	/* Reuse the lowest free slot, as PAPI does. */
	for (i = 0; i < papi__lib.nevsets; i++)
		if (!papi__lib.evsets[i])
			break;
	if (i == papi__lib.cap) {
		int cap = papi__lib.cap ? papi__lib.cap * 2 : 16;
		struct papi__evset **t = realloc(papi__lib.evsets,
						  (size_t)cap * sizeof(*t));

		if (!t) {
			papi__lib_unlock();
			free(es);
			return PAPI_ENOMEM;
		}
		papi__lib.evsets = t;
		papi__lib.cap = cap;
	}
	if (i == papi__lib.nevsets)
		papi__lib.nevsets++;
	es->id = i;
	papi__lib.evsets[i] = es;
	papi__lib_unlock();
	*id = i;
	return PAPI_OK;
}

static void drop_ctl(struct papi__evset *es)
{
	if (es->ctl)
		papi__cmp_ctl_destroy(&papi__lib.cmp[es->cidx], es->ctl);
	es->ctl = NULL;
}

static void free_events(struct papi__evset *es)
{
	papi__overflow_free(es); /* added for overflow: off with the events */
	drop_ctl(es);
	free(es->events);
	free(es->natives);
	free(es->stopped);
	es->events = NULL;
	es->natives = NULL;
	es->stopped = NULL;
	es->nevents = es->ev_cap = es->nnative = es->ntv_cap = 0;
}

int papi__evset_cleanup(int id)
{
	struct papi__evset *es;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es) {
		papi__lib_unlock();
		return PAPI_ENOEVST;
	}
	if (es->state & PAPI_RUNNING) {
		papi__lib_unlock();
		return PAPI_EISRUN;
	}
	free_events(es);
	/* As in PAPI 7.0, a cleaned-up set is no longer multiplexed (nor
	 * overflowing or profiling: free_events dropped those); programs
	 * such as papi_multiplex_cost clean up a set and multiplex it
	 * again. */
	es->opts.multiplex = 0;
	es->state = PAPI_STOPPED;
	papi__lib_unlock();
	return PAPI_OK;
}

int papi__evset_destroy(int id)
{
	struct papi__evset *es;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es) {
		papi__lib_unlock();
		return PAPI_ENOEVST;
	}
	if (es->state & PAPI_RUNNING) {
		papi__lib_unlock();
		return PAPI_EISRUN;
	}
	if (es->nevents) {
		/* PAPI refuses to destroy a set that still has events. */
		papi__lib_unlock();
		return PAPI_EINVAL;
	}
	free_events(es);
	papi__lib.evsets[id] = NULL;
	free(es->run); /* not published: the set is stopped */
	free(es);
	papi__lib_unlock();
	return PAPI_OK;
}

void papi__evset_destroy_all(void)
{
	int i;

	papi__lib_lock();
	for (i = 0; i < papi__lib.nevsets; i++) {
		struct papi__evset *es = papi__lib.evsets[i];

		if (!es)
			continue;
		/* Its run, if another thread may be reading it, goes to the
		 * limbo with what it reads (evset_count.c). */
		if (es->state & PAPI_RUNNING)
			papi__evset_stop_for_good(es);
		free_events(es);
		free(es->run);
		free(es);
	}
	free(papi__lib.evsets);
	papi__lib.evsets = NULL;
	papi__lib.nevsets = papi__lib.cap = 0;
	papi__lib_unlock();
}

void papi__evset_fork_child(void)
{
	int i;

	for (i = 0; i < papi__lib.nevsets; i++) {
		struct papi__evset *es = papi__lib.evsets[i];

		if (!es)
			continue;
		/* No stop: the counters are the parent's. Closing the child's
		 * copies of the fds leaves the parent's open and counting. */
		free_events(es);
		free(es->run);
		free(es);
	}
	free(papi__lib.evsets);
	papi__lib.evsets = NULL;
	papi__lib.nevsets = papi__lib.cap = 0;
}

int papi__evset_assign(int id, int cidx)
{
	struct papi__evset *es;
	int ret = PAPI_OK;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es)
		ret = PAPI_ENOEVST;
	else if (cidx < 0 || cidx >= papi__lib.ncmp)
		ret = PAPI_ENOCMP;
	else if (papi__lib.cmp[cidx].info.disabled)
		ret = PAPI_ECMP_DISABLED;
	else if (es->nevents)
		ret = es->cidx == cidx ? PAPI_OK : PAPI_EINVAL;
	else {
		drop_ctl(es);
		es->cidx = cidx;
		if (!es->domain_set)
			es->opts.domain = papi__evset_default_domain(cidx);
	}
	papi__lib_unlock();
	return ret;
}

int papi__evset_default_domain(int cidx)
{
	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return PAPI_DOM_USER;
	return papi__lib.cmp[cidx].info.default_domain;
}

void papi__evset_domain_chosen(int id)
{
	struct papi__evset *es;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (es)
		es->domain_set = 1;
	papi__lib_unlock();
}

int papi__evset_cidx(int id)
{
	struct papi__evset *es;
	int ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	ret = !es ? PAPI_ENOEVST : es->cidx < 0 ? PAPI_ENOCMP : es->cidx;
	papi__lib_unlock();
	return ret;
}
