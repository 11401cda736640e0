// SPDX-License-Identifier: BSD-3-Clause
/*
 * Counting: start, stop, read, accum, reset, and the options that reprogram
 * a set. PAPI semantics kept here: start zeroes the counts; read and reset
 * also work on a stopped set, on the values it had when it stopped.
 */
#include <string.h>

#include "core/evset.h"
#include "core/lib.h"

/* Fold native values into the values of the user's events. */
static void compute(const struct papi__evset *es, long long *out)
{
	int i, j;

	for (i = 0; i < es->nevents; i++) {
		const struct papi__evset_event *e = &es->events[i];
		long long v = es->raw[e->pos[0]];

		for (j = 1; j < e->nterms; j++) {
			if (e->derived == PAPI__DERIVED_SUB)
				v -= es->raw[e->pos[j]];
			else
				v += es->raw[e->pos[j]];
		}
		out[i] = v;
	}
}

static struct papi__cmp *cmp_of(const struct papi__evset *es)
{
	return &papi__lib.cmp[es->cidx];
}

int papi__evset_start(int id)
{
	struct papi__thread *t = papi__thread_self();
	struct papi__evset *es;
	int ret;

	if (!t)
		return PAPI_ENOMEM;
	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es)
		ret = PAPI_ENOEVST;
	else if (es->state & PAPI_RUNNING)
		ret = PAPI_EISRUN;
	else if (es->nevents == 0 || !es->ctl)
		ret = PAPI_EINVAL;
	else if (t->running[es->cidx] >= 0)
		/* One running set per component and thread, as in PAPI. */
		ret = PAPI_ECNFLCT;
	else
		ret = papi__cmp_start(cmp_of(es), es->ctl);
	if (ret == PAPI_OK) {
		es->state = (es->state & ~PAPI_STOPPED) | PAPI_RUNNING;
		es->runner = t;
		t->running[es->cidx] = id;
	}
	papi__lib_unlock();
	return ret;
}

int papi__evset_stop(int id, long long *values)
{
	struct papi__evset *es;
	int ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es)
		ret = PAPI_ENOEVST;
	else if (!(es->state & PAPI_RUNNING))
		ret = PAPI_ENOTRUN;
	else {
		ret = papi__cmp_stop(cmp_of(es), es->ctl);
		if (ret == PAPI_OK)
			ret = papi__cmp_read(cmp_of(es), es->ctl, es->raw);
	}
	if (ret == PAPI_OK) {
		compute(es, es->stopped);
		if (values)
			memcpy(values, es->stopped,
			       (size_t)es->nevents * sizeof(*values));
		es->state = (es->state & ~PAPI_RUNNING) | PAPI_STOPPED;
		if (es->runner)
			es->runner->running[es->cidx] = -1;
		es->runner = NULL;
	}
	papi__lib_unlock();
	return ret;
}

static int read_locked(struct papi__evset *es, long long *values)
{
	int ret;

	if (!(es->state & PAPI_RUNNING)) {
		memcpy(values, es->stopped,
		       (size_t)es->nevents * sizeof(*values));
		return PAPI_OK;
	}
	ret = papi__cmp_read(cmp_of(es), es->ctl, es->raw);
	if (ret == PAPI_OK)
		compute(es, values);
	return ret;
}

int papi__evset_read(int id, long long *values)
{
	struct papi__evset *es;
	int ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? read_locked(es, values) : PAPI_ENOEVST;
	papi__lib_unlock();
	return ret;
}

static int reset_locked(struct papi__evset *es)
{
	if (es->state & PAPI_RUNNING)
		return papi__cmp_reset(cmp_of(es), es->ctl);
	if (es->nevents)
		memset(es->stopped, 0, (size_t)es->nevents * sizeof(long long));
	return PAPI_OK;
}

int papi__evset_reset(int id)
{
	struct papi__evset *es;
	int ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? reset_locked(es) : PAPI_ENOEVST;
	papi__lib_unlock();
	return ret;
}

int papi__evset_accum(int id, long long *values)
{
	struct papi__evset *es;
	long long *now;
	int i, ret;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es) {
		papi__lib_unlock();
		return PAPI_ENOEVST;
	}
	/* es->stopped doubles as scratch: after a reset it is zero anyway. */
	now = es->stopped;
	ret = es->nevents && (es->state & PAPI_RUNNING) ?
		      read_locked(es, now) : PAPI_OK;
	if (ret == PAPI_OK && (es->state & PAPI_RUNNING))
		ret = reset_locked(es);
	if (ret == PAPI_OK) {
		for (i = 0; i < es->nevents; i++)
			values[i] += now[i];
		if (!(es->state & PAPI_RUNNING) && es->nevents)
			memset(es->stopped, 0,
			       (size_t)es->nevents * sizeof(long long));
	}
	papi__lib_unlock();
	return ret;
}

/* Reprogram a set for new options; on failure the old ones stay. */
int papi__evset_set_opts(int id, const struct papi__ctl_opts *opts)
{
	struct papi__ctl_opts old;
	struct papi__evset *es;
	int ret = PAPI_OK;

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
	old = es->opts;
	es->opts = *opts;
	if (es->ctl)
		ret = papi__cmp_ctl_set_opts(cmp_of(es), es->ctl, &es->opts);
	if (ret != PAPI_OK)
		es->opts = old;
	if (ret == PAPI_OK) {
		es->state &= ~(PAPI_ATTACHED | PAPI_MULTIPLEXING);
		if (es->opts.tid)
			es->state |= PAPI_ATTACHED;
		if (es->opts.multiplex)
			es->state |= PAPI_MULTIPLEXING;
	}
	papi__lib_unlock();
	return ret;
}

int papi__evset_get_opts(int id, struct papi__ctl_opts *opts)
{
	struct papi__evset *es;

	papi__lib_lock();
	es = papi__evset_get(id);
	if (es)
		*opts = es->opts;
	papi__lib_unlock();
	return es ? PAPI_OK : PAPI_ENOEVST;
}
