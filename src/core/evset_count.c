// SPDX-License-Identifier: BSD-3-Clause
/*
 * Counting: start, stop, read, accum, reset, and the options that reprogram
 * a set. PAPI semantics kept here: start zeroes the counts; read and reset
 * also work on a stopped set, on the values it had when it stopped.
 *
 * The thread that starts a set of its own counters (not an attached one)
 * is its runner, and reads it without the library lock, through the run
 * it publishes in its thread-local slots (core/lib.h, struct papi__run):
 * PAPI_read, PAPI_read_ts, the overflow handler. Every other call takes
 * the lock, PAPI_accum and PAPI_reset included: they move the baselines
 * that reads subtract. Each read's scratch memory is on its own stack, so
 * that a read in a signal handler leaves the read it interrupted intact.
 *
 * A stop by the runner withdraws its run, which stays the set's for the
 * next start. A stop by another thread (or the shutdown) cannot know
 * whether the runner is in the middle of a read: it withdraws the run,
 * halts the counters and reads them without writing anything a read
 * reads (cmp.h, halt), and the run goes to the limbo with the component
 * state, the events and the overflow state it points to, for the runner
 * to free when it is next in the library; the set carries on with copies
 * (a new component state counting the same thread: stop_foreign).
 */
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/evset.h"
#include "core/lib.h"
#include "core/log.h"
#include "core/overflow.h"
#include "core/preset.h"
#include "os/os.h"

long long papi__evset_event_value(const struct papi__evset_event *e,
				  const long long *raw)
{
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
static void compute(const struct papi__evset_event *ev, int n,
		    const long long *raw, long long *out)
{
	int i;

	for (i = 0; i < n; i++)
		out[i] = papi__evset_event_value(&ev[i], raw);
}

static struct papi__cmp *cmp_of(const struct papi__evset *es)
{
	return &papi__lib.cmp[es->cidx];
}

/* Do the user's events map one to one, in order, onto the natives?
 * Asked after every add and remove (evset_events.c), not at each start:
 * the answer only changes with the events, and a start pays for every
 * instruction it runs (issue 20). */
int papi__evset_is_direct(const struct papi__evset *es)
{
	int i;

	if (es->nevents != es->nnative)
		return 0;
	for (i = 0; i < es->nevents; i++)
		if (es->events[i].nterms != 1 || es->events[i].pos[0] != i)
			return 0;
	return 1;
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
 * multiattach tests run two at once), and has no run: it is read with
 * the lock. */
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

/* The set's run, filled for a start (published once the counters run). */
static int run_fill(struct papi__evset *es, int id)
{
	struct papi__run *r = es->run;

	if (!r) {
		r = calloc(1, sizeof(*r));
		if (!r)
			return PAPI_ENOMEM;
		es->run = r;
	}
	r->key = -1;
	r->read = papi__direct_none;
	r->arg = NULL;
	r->id = id;
	r->cidx = es->cidx;
	r->direct = es->direct;
	r->nevents = es->nevents;
	r->nnative = es->nnative;
	r->ops = cmp_of(es)->ops;
	r->cmp = cmp_of(es);
	r->ctl = es->ctl;
	r->events = es->events;
	r->ovf = es->ovf && (es->state & PAPI_OVERFLOWING) ? es->ovf : NULL;
	return PAPI_OK;
}

/* The set's run is the calling thread's now; with PAPI_read's shortcut
 * when the component gives one. */
static void publish(struct papi__evset *es, int id)
{
	struct papi__run *r = es->run;
	struct papi__cmp *c = cmp_of(es);
	papi__direct_fn fn;
	void *arg;

	if (es->direct && c->ops->direct &&
	    c->ops->direct(c, es->ctl, id, &fn, &arg) == PAPI_OK) {
		r->read = fn;
		r->arg = arg;
		r->key = id;
	}
	papi__run_publish(r);
	es->published = 1;
}

int papi__evset_start(int id)
{
	struct papi__thread *t;
	struct papi__evset *es;
	int ret, own = 0, sig = 0, held = -1;

	papi__thread_quiesce();
	papi__lib_lock();
	/* In the lock: a shutdown elsewhere frees contexts with it held. */
	t = papi__thread_peek();
	if (!t)
		t = papi__thread_self();
	es = papi__evset_get(id);
	if (!t)
		ret = PAPI_ENOMEM;
	else if (!es)
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
		own = !counts_other(es);
		ret = own ? run_fill(es, id) : PAPI_OK;
		/* Added for overflow: the handler's position map, fixed while
		 * the set runs, and its own state reset. */
		if (ret == PAPI_OK && es->ovf)
			papi__overflow_prepare(es, own ? &es->run->live : NULL);
		/* Hardware overflow: the counters may overflow as soon as
		 * they start, and the handler finds the set by its run. A
		 * signal before the run is published would be lost, and with
		 * it the re-arming of an event the kernel disabled at that
		 * overflow (pe_overflow.c): it would count no more, silently.
		 * So the signal waits until the run is published. */
		if (ret == PAPI_OK && own && es->ovf && !es->ovf->sw &&
		    es->ovf->installed)
			held = papi__os_signal_hold(sig = es->ovf->installed,
						    1);
		if (ret == PAPI_OK)
			ret = papi__cmp_start(cmp_of(es), es->ctl);
	}
	if (ret == PAPI_OK) {
		es->state = (es->state & ~PAPI_STOPPED) | PAPI_RUNNING;
		es->runner = own ? t : NULL;
		if (own) {
			t->running[es->cidx] = id;
			publish(es, id);
		}
	}
	papi__lib_unlock();
	/* Out of the lock: the user's handler may call PAPI. */
	if (held == 0)
		papi__os_signal_hold(sig, 0);
	return ret;
}

/* The set no longer runs: its runner's slot goes (its run is withdrawn
 * by the caller). */
static void mark_stopped(struct papi__evset *es)
{
	es->state = (es->state & ~PAPI_RUNNING) | PAPI_STOPPED;
	if (es->runner && es->runner->running[es->cidx] == es->id)
		es->runner->running[es->cidx] = -1;
	es->runner = NULL;
	es->published = 0;
}

/* The final counts of a halted or stopped set into es->stopped. */
static int final_counts(struct papi__evset *es)
{
	long long raw[es->nnative > 0 ? es->nnative : 1];
	int ret = papi__cmp_read(cmp_of(es), es->ctl,
				 es->direct ? es->stopped : raw);

	if (ret == PAPI_OK && !es->direct)
		compute(es->events, es->nevents, raw, es->stopped);
	return ret;
}

/* values[] = from[], a loop rather than memcpy: a few values, where the
 * call through the PLT cost more than the copy (PAPI_stop, issue 20). */
static void copy_values(long long *values, const long long *from, int n)
{
	int i;

	for (i = 0; i < n; i++)
		values[i] = from[i];
}

/* Stopped by its runner (or a set with none: attached, or its runner
 * exited). The run is withdrawn first: a signal handler of this thread
 * that comes during the stop then reads the long way, which waits for
 * nothing (papi__lib_lock_async) and does not see a half-stopped set. */
static int stop_own(struct papi__evset *es)
{
	int ret;

	if (es->published) {
		papi__run_withdraw(es->runner, es->run);
		es->published = 0;
	}
	/* Events that are the natives: the component's final counts are the
	 * values, written where a read finds them, with the stop. */
	if (es->direct)
		ret = papi__cmp_stop_read(cmp_of(es), es->ctl, es->stopped);
	else if ((ret = papi__cmp_stop(cmp_of(es), es->ctl)) == PAPI_OK)
		ret = final_counts(es);
	if (ret != PAPI_OK)
		return ret;
	if (es->ovf)
		papi__overflow_stop(es);
	mark_stopped(es);
	return PAPI_OK;
}

/* A new component state for es with its natives and sampling periods,
 * counting the thread the old one counted. */
static int copy_ctl(struct papi__evset *es, struct papi__cmp_ctl **out)
{
	struct papi__cmp *c = cmp_of(es);
	struct papi__ctl_opts o = es->opts;
	struct papi__cmp_ctl *n = NULL;
	int i, ret;

	if (o.tid == 0 && es->opener && es->opener != papi__os_gettid())
		o.tid = es->opener;
	ret = papi__cmp_ctl_create(c, &o, &n);
	for (i = 0; ret == PAPI_OK && i < es->nnative; i++)
		ret = papi__cmp_ctl_add(c, n, es->natives[i].code);
	if (ret == PAPI_OK)
		ret = papi__overflow_periods(es, n);
	if (ret != PAPI_OK) {
		if (n)
			papi__cmp_ctl_destroy(c, n);
		return ret;
	}
	*out = n;
	return PAPI_OK;
}

/* After a stop by another thread that could not copy what the set had:
 * the set is left empty, as PAPI_cleanup_eventset leaves it. */
static void leave_empty(struct papi__evset *es)
{
	free(es->events);
	free(es->natives);
	free(es->stopped);
	es->events = NULL;
	es->natives = NULL;
	es->stopped = NULL;
	es->nevents = es->ev_cap = es->nnative = es->ntv_cap = 0;
	es->ctl = NULL;
	es->state &= ~(PAPI_OVERFLOWING | PAPI_PROFILING);
}

/*
 * Stopped by another thread than its runner, which may be reading it:
 * nothing the run points to is written or freed. The counters are halted
 * and read, the run goes to the limbo with the component state, the
 * events and the overflow state, and the set goes on with copies. Should
 * a copy fail (no memory, no descriptor), the caller still gets the
 * counts, the set is left empty and the answer is PAPI_ECLOST.
 */
static int stop_foreign(struct papi__evset *es, long long *values)
{
	struct papi__cmp *c = cmp_of(es);
	struct papi__run *r = es->run;
	struct papi__evset_event *ev = NULL;
	struct papi__cmp_ctl *copy = NULL;
	void *ovf_old = NULL;
	int ret, lost;

	papi__run_withdraw(es->runner, r);
	ret = papi__cmp_halt(c, es->ctl);
	if (ret == PAPI_OK)
		ret = final_counts(es);
	if (ret == PAPI_OK && values)
		memcpy(values, es->stopped, (size_t)es->nevents * sizeof(*values));
	papi__overflow_stop(es);
	/* Whatever the read said, the run cannot come back: hand over. */
	lost = copy_ctl(es, &copy) != PAPI_OK;
	if (!lost && es->ev_cap) {
		ev = malloc((size_t)es->ev_cap * sizeof(*ev));
		lost = !ev;
		if (ev)
			memcpy(ev, es->events,
			       (size_t)es->nevents * sizeof(*ev));
	}
	if (!lost && es->ovf)
		lost = papi__overflow_copy(es, &ovf_old) != PAPI_OK;
	if (lost)
		papi__overflow_detach(es, &ovf_old);
	r->junk_ops = c->ops;
	r->junk_cmp = c;
	r->junk_ctl = es->ctl;
	r->junk_mem[0] = es->events;
	r->junk_mem[1] = ovf_old;
	papi__run_retire(r);
	es->run = NULL;
	es->ctl = copy;
	es->events = ev;
	if (lost) {
		if (copy)
			papi__cmp_ctl_destroy(c, copy);
		free(ev);
		leave_empty(es);
		papi__log(PAPI__LOG_ERROR, "evset",
			  "set %d stopped by another thread than its runner "
			  "could not be copied: left empty",
			  es->id);
	}
	mark_stopped(es);
	if (ret != PAPI_OK)
		return ret;
	return lost ? PAPI_ECLOST : PAPI_OK;
}

int papi__evset_stop(int id, long long *values)
{
	struct papi__evset *es;
	int ret;

	papi__thread_quiesce();
	papi__lib_lock();
	es = papi__evset_get(id);
	if (!es)
		ret = PAPI_ENOEVST;
	else if (!(es->state & PAPI_RUNNING))
		ret = PAPI_ENOTRUN;
	else if (es->published && es->runner != papi__thread_peek())
		ret = stop_foreign(es, values);
	else {
		ret = stop_own(es);
		if (ret == PAPI_OK && values)
			copy_values(values, es->stopped, es->nevents);
	}
	papi__lib_unlock();
	return ret;
}

void papi__evset_stop_for_good(struct papi__evset *es)
{
	struct papi__cmp *c = cmp_of(es);
	struct papi__run *r = es->run;
	void *ovf_old = NULL;

	if (!es->published || es->runner == papi__thread_peek()) {
		if (es->published)
			papi__run_withdraw(es->runner, r);
		papi__cmp_stop(c, es->ctl);
		mark_stopped(es);
		return;
	}
	/* Another thread's run: it may be reading, and its reads will find
	 * the library gone; what they read waits for it in the limbo. */
	papi__run_withdraw(es->runner, r);
	papi__cmp_halt(c, es->ctl);
	papi__overflow_detach(es, &ovf_old);
	r->junk_ops = c->ops;
	r->junk_cmp = c;
	r->junk_ctl = es->ctl;
	r->junk_mem[0] = es->events;
	r->junk_mem[1] = ovf_old;
	papi__run_retire(r);
	es->run = NULL;
	es->ctl = NULL;
	es->events = NULL;
	mark_stopped(es);
}

void papi__evset_thread_gone(struct papi__thread *t)
{
	int i;

	for (i = 0; i < papi__lib.nevsets; i++) {
		struct papi__evset *es = papi__lib.evsets[i];

		if (!es)
			continue;
		/* The exiting thread reads nothing any more: its run is
		 * simply withdrawn, and the set runs on with no runner. */
		if (es->runner == t) {
			if (es->published)
				papi__run_withdraw(t, es->run);
			es->published = 0;
			es->runner = NULL;
		}
		if (es->ovf)
			papi__overflow_thread_gone(es, t->tid);
	}
}

/* A running set read with the lock (by another thread than its runner, or
 * with no runner): one component read, on this call's own stack. */
static int read_running(struct papi__evset *es, long long *values)
{
	long long raw[es->nnative > 0 ? es->nnative : 1];
	int ret;

	if (es->direct)
		return papi__cmp_read(cmp_of(es), es->ctl, values);
	ret = papi__cmp_read(cmp_of(es), es->ctl, raw);
	if (ret == PAPI_OK)
		compute(es->events, es->nevents, raw, values);
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

/* The calling thread's run: no lock, scratch on the stack. */
static int read_run(const struct papi__run *r, long long *values)
{
	long long raw[r->nnative > 0 ? r->nnative : 1];
	int ret;

	if (!r->ops->read)
		return PAPI_ECMP;
	if (r->direct)
		return r->ops->read(r->cmp, r->ctl, values);
	ret = r->ops->read(r->cmp, r->ctl, raw);
	if (ret == PAPI_OK)
		compute(r->events, r->nevents, raw, values);
	return ret;
}

/* PAPI_read (and PAPI_read_ts) for every case but the shortcut.
 * async-signal-safe: a set this thread runs needs no lock; any other
 * needs it, and is refused (PAPI_EISRUN) in a handler that interrupted
 * this thread inside the library. */
int papi__evset_read(int id, long long *values)
{
	struct papi__run *r = papi__run_find(id);
	struct papi__evset *es;
	int ret;

	if (r)
		return read_run(r, values);
	ret = papi__lib_lock_async();
	if (ret != PAPI_OK)
		return ret;
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

/* Takes the lock, as PAPI_accum does (papi__lib_lock_async: no wait in a
 * signal handler that interrupted the library). */
int papi__evset_reset(int id)
{
	struct papi__evset *es;
	int ret = papi__lib_lock_async();

	if (ret != PAPI_OK)
		return ret;
	es = papi__evset_get(id);
	ret = es ? reset_locked(es) : PAPI_ENOEVST;
	papi__lib_unlock();
	return ret;
}

/* a + b as the counters themselves wrap: modulo 2^64. A running total
 * near LLONG_MAX must not be signed overflow, which C leaves undefined
 * (UBSan aborts on it); PAPI_accum's totals wrap like the hardware. */
static inline long long add_wrap(long long a, long long b)
{
	return (long long)((unsigned long long)a + (unsigned long long)b);
}

/* values += the counts since the last start, reset or accum; the counts
 * then start again from zero. */
static int accum_locked(struct papi__evset *es, long long *values)
{
	long long raw[es->nnative > 0 ? es->nnative : 1];
	long long now[es->nevents > 0 ? es->nevents : 1];
	int i, ret;

	if (!(es->state & PAPI_RUNNING)) {
		for (i = 0; i < es->nevents; i++)
			values[i] = add_wrap(values[i], es->stopped[i]);
		if (es->nevents)
			memset(es->stopped, 0,
			       (size_t)es->nevents * sizeof(long long));
		return PAPI_OK;
	}
	ret = papi__cmp_read_reset(cmp_of(es), es->ctl, raw);
	if (ret != PAPI_OK)
		return ret;
	compute(es->events, es->nevents, raw, now);
	for (i = 0; i < es->nevents; i++)
		values[i] = add_wrap(values[i], now[i]);
	return PAPI_OK;
}

/* With the lock, as every call that moves a running set's baselines: the
 * runner's reads take none, and see the baselines as they were or are. */
int papi__evset_accum(int id, long long *values)
{
	struct papi__evset *es;
	int ret = papi__lib_lock_async();

	if (ret != PAPI_OK)
		return ret;
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
	/* Added for overflow: another thread's or a CPU's counters cannot
	 * signal the thread that set the overflow up. */
	if ((opts->tid != 0 || opts->cpu >= 0) &&
	    (ret = papi__overflow_check_attach(es)) != PAPI_OK) {
		papi__lib_unlock();
		return ret;
	}
	old = es->opts;
	es->opts = *opts;
	if (es->ctl)
		ret = papi__cmp_ctl_set_opts(cmp_of(es), es->ctl, &es->opts);
	if (ret != PAPI_OK)
		es->opts = old;
	if (ret == PAPI_OK) {
		/* Reopened: the counters are the calling thread's now. */
		es->opener = papi__os_gettid();
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
