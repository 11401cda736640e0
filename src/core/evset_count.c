// SPDX-License-Identifier: BSD-3-Clause
/*
 * Counting: start, stop, read, accum, reset, and the options that reprogram
 * a set. PAPI semantics kept here: start zeroes the counts; read and reset
 * also work on a stopped set, on the values it had when it stopped.
 *
 * The thread that runs a set reads, resets and accumulates it without the
 * library lock: from PAPI_start to PAPI_stop the set's memory does not move
 * (cleanup, destroy, adding and removing events and changing options all
 * refuse a running set), and the thread finds it through its own context,
 * not through the EventSet table, which another thread may grow at any
 * time. Another thread reading the same running set takes the lock, as
 * every other call does; that it races with the runner is the caller's
 * business, as in PAPI.
 */
#include <string.h>

#include "core/err.h"
#include "core/evset.h"
#include "core/lib.h"
#include "core/overflow.h"
#include "core/preset.h"

long long papi__evset_event_value(const struct papi__evset *es, int idx,
				  const long long *raw)
{
	const struct papi__evset_event *e = &es->events[idx];
	long long t[PAPI__MAX_TERMS], v = raw[e->pos[0]];
	int j;

	if (e->derived == PAPI__DERIVED_POSTFIX) {
		for (j = 0; j < e->nterms; j++)
			t[j] = raw[e->pos[j]];
		return papi__preset_eval(e->code & PAPI_PRESET_AND_MASK, t);
	}
	for (j = 1; j < e->nterms; j++)
		v = e->derived == PAPI__DERIVED_SUB ? v - raw[e->pos[j]]
						    : v + raw[e->pos[j]];
	return v;
}

/* Fold native values into the values of the user's events. */
static void compute(const struct papi__evset *es, long long *out)
{
	int i;

	for (i = 0; i < es->nevents; i++)
		out[i] = papi__evset_event_value(es, i, es->raw);
}

static struct papi__cmp *cmp_of(const struct papi__evset *es)
{
	return &papi__lib.cmp[es->cidx];
}

/* Do the user's events map one to one, in order, onto the natives? */
static int is_direct(const struct papi__evset *es)
{
	int i;

	if (es->nevents != es->nnative)
		return 0;
	for (i = 0; i < es->nevents; i++)
		if (es->events[i].nterms != 1 || es->events[i].pos[0] != i)
			return 0;
	return 1;
}

/* The set id if the calling thread runs it, else NULL. */
static struct papi__evset *running_here(int id)
{
	struct papi__thread *t = papi__thread_self();
	int i;

	if (!t)
		return NULL;
	for (i = 0; i < papi__lib.ncmp; i++)
		if (t->running[i] == id && t->running_es[i])
			return t->running_es[i];
	return NULL;
}
/* PAPI_read's shortcut (lib.h, struct papi__direct) to set id, which the
 * calling thread has just started. */
static void direct_arm(struct papi__evset *es, int id)
{
	struct papi__direct *d = &papi__lib_direct;
	struct papi__cmp *c = cmp_of(es);
	papi__direct_fn fn;
	void *arg;

	if (!es->direct || !c->ops->direct ||
	    c->ops->direct(c, es->ctl, id, &fn, &arg) != PAPI_OK)
		return;
	d->read = fn;
	d->arg = arg;
	d->key = id;
}

/* Set id stops: the thread that ran it loses its shortcut to it. */
static void direct_disarm(struct papi__thread *runner, int id)
{
	if (runner->direct && runner->direct->key == id)
		papi__direct_clear(runner->direct);
}

int papi__direct_none(void *arg, long long *values)
{
	(void)arg;
	if (!papi__lib_is_init())
		return papi__err_report("PAPI_read", PAPI_ENOINIT);
	return papi__evset_read_declined(-1, values);
}

/* An attached (PAPI_attach) or CPU-attached set counts another thread or
 * a CPU, not the thread that starts it: it takes none of that thread's
 * slots, so a thread may run several, each on its own target (PAPI's
 * multiattach tests run two at once). */
static int counts_other(const struct papi__evset *es)
{
	return es->opts.tid != 0 || es->opts.cpu >= 0;
}

/* Another running set of es's component counts the same target. */
static int target_busy(const struct papi__evset *es)
{
	int i;

	for (i = 0; i < papi__lib.nevsets; i++) {
		const struct papi__evset *o = papi__lib.evsets[i];

		if (o && o != es && (o->state & PAPI_RUNNING) &&
		    o->cidx == es->cidx && o->opts.tid == es->opts.tid &&
		    o->opts.cpu == es->opts.cpu)
			return 1;
	}
	return 0;
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
	else if (counts_other(es) ? target_busy(es)
				  : t->running[es->cidx] >= 0)
		/* One running set per component and counted thread (or CPU),
		 * as in PAPI, which answers PAPI_EISRUN here too. */
		ret = PAPI_EISRUN;
	else {
		/* Added for overflow: the handler's position map, fixed while
		 * the set runs. */
		if (es->ovf)
			papi__overflow_prepare(es);
		ret = papi__cmp_start(cmp_of(es), es->ctl);
	}
	if (ret == PAPI_OK) {
		es->state = (es->state & ~PAPI_STOPPED) | PAPI_RUNNING;
		es->runner = t;
		es->direct = is_direct(es);
		if (!counts_other(es)) {
			t->running_es[es->cidx] = es;
			t->running[es->cidx] = id;
			direct_arm(es, id);
		}
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
			ret = papi__cmp_read(cmp_of(es), es->ctl,
					     es->direct ? es->stopped : es->raw);
	}
	if (ret == PAPI_OK) {
		if (!es->direct)
			compute(es, es->stopped);
		if (values)
			memcpy(values, es->stopped,
			       (size_t)es->nevents * sizeof(*values));
		es->state = (es->state & ~PAPI_RUNNING) | PAPI_STOPPED;
		if (es->runner && es->runner->running[es->cidx] == id) {
			es->runner->running[es->cidx] = -1;
			es->runner->running_es[es->cidx] = NULL;
			direct_disarm(es->runner, id);
		}
		es->runner = NULL;
	}
	papi__lib_unlock();
	return ret;
}

/* A running set: one component read, straight into values when the events
 * are the natives. */
static int read_running(struct papi__evset *es, long long *values)
{
	int ret;

	if (es->direct)
		return papi__cmp_read(cmp_of(es), es->ctl, values);
	ret = papi__cmp_read(cmp_of(es), es->ctl, es->raw);
	if (ret == PAPI_OK)
		compute(es, values);
	return ret;
}

static int read_locked(struct papi__evset *es, long long *values)
{
	if (!(es->state & PAPI_RUNNING)) {
		/* An empty set has no array of stopped values at all. */
		if (es->nevents)
			memcpy(values, es->stopped,
			       (size_t)es->nevents * sizeof(*values));
		return PAPI_OK;
	}
	return read_running(es, values);
}

/* PAPI_read (and PAPI_read_ts) for every case but the shortcut. A set
 * this thread runs needs no lock; when its values are its natives the
 * component fills the caller's array. */
int papi__evset_read(int id, long long *values)
{
	struct papi__thread *t = papi__thread_self();
	struct papi__evset *es;
	struct papi__cmp *c;
	int i, ret;

	for (i = 0; t && i < papi__lib.ncmp; i++) {
		es = t->running_es[i];
		if (t->running[i] != id || !es)
			continue;
		c = &papi__lib.cmp[i];
		if (!es->direct || !c->ops->read)
			return read_running(es, values);
		return c->ops->read(c, es->ctl, values);
	}
	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? read_locked(es, values) : PAPI_ENOEVST;
	papi__lib_unlock();
	return ret;
}

int papi__evset_read_declined(int id, long long *values)
{
	int ret = papi__evset_read(id, values);

	return ret < 0 ? papi__err_report("PAPI_read", ret) : ret;
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
	struct papi__evset *es = running_here(id);
	int ret;

	if (es)
		return papi__cmp_reset(cmp_of(es), es->ctl);
	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? reset_locked(es) : PAPI_ENOEVST;
	papi__lib_unlock();
	return ret;
}

/* values += the counts since the last start, reset or accum; the counts
 * then start again from zero. es->stopped serves as scratch: a running
 * set's values at its last stop are of no further use. */
static int accum_locked(struct papi__evset *es, long long *values)
{
	long long *now = es->stopped;
	int i, ret = PAPI_OK;

	if (es->state & PAPI_RUNNING) {
		ret = papi__cmp_read_reset(cmp_of(es), es->ctl, es->raw);
		if (ret == PAPI_OK)
			compute(es, now);
	}
	if (ret != PAPI_OK)
		return ret;
	for (i = 0; i < es->nevents; i++)
		values[i] += now[i];
	if (!(es->state & PAPI_RUNNING) && es->nevents)
		memset(es->stopped, 0, (size_t)es->nevents * sizeof(long long));
	return PAPI_OK;
}

int papi__evset_accum(int id, long long *values)
{
	struct papi__evset *es = running_here(id);
	int ret;

	if (es)
		return accum_locked(es, values);
	papi__lib_lock();
	es = papi__evset_get(id);
	ret = es ? accum_locked(es, values) : PAPI_ENOEVST;
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
		es->state &= ~(PAPI_ATTACHED | PAPI_CPU_ATTACHED |
			       PAPI_MULTIPLEXING);
		if (es->opts.cpu >= 0)
			es->state |= PAPI_CPU_ATTACHED;
		else if (es->opts.tid)
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
