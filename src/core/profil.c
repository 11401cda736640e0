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
 * - software overflow (PAPI_OVERFLOW_FORCE_SW, PAPI_PROFIL_FORCE_SW, and
 *   every overflow of a component without hardware_intr) ticks each
 *   thread with a POSIX timer of its own on the overflow signal, not the
 *   whole process with setitimer and SIGPROF (docs/design.md, "Software
 *   overflow"), on the clock, period and signal PAPI_DEF_ITIMER names.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>

#include "core/evset.h"
#include "core/lib.h"
#include "core/log.h"
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
	es->ovf->seed = 0x2545f4914f6cdd1dull ^ (uint64_t)(uintptr_t)es;
	return PAPI_OK;
}

/*
 * PAPI_DEF_ITIMER: the clock and period of software overflow's timer,
 * PAPI's defaults (ITIMER_PROF, SIGPROF, 10 ms) until set. It is the one
 * file-scope variable of the core outside lib.c (GUIDE rule 12): struct
 * papi__lib is another module's. It belongs to one library generation: a
 * setting made before PAPI_shutdown reads as the defaults after it, as
 * each PAPI_library_init starts PAPI afresh. Written with the lock held.
 */
struct itimer_setting {
	unsigned int gen; /* papi__lib.gen when set; other: the defaults */
	int set;
	PAPI_itimer_option_t it;
};
static struct itimer_setting itimer_now;

#define ITIMER_DEFAULT_NS 10000000
/* Below this the signals would cost more than the work between them; and
 * the kernel checks CPU-time timers at its scheduler tick (1-4 ms)
 * anyway. */
#define ITIMER_MIN_NS 10000

static PAPI_itimer_option_t itimer_get(void)
{
	PAPI_itimer_option_t d = { .itimer_num = ITIMER_PROF,
				   .itimer_sig = SIGPROF,
				   .ns = ITIMER_DEFAULT_NS };

	if (itimer_now.set && itimer_now.gen == papi__lib.gen)
		return itimer_now.it;
	return d;
}

int papi__overflow_itimer_get(int option, PAPI_itimer_option_t *it)
{
	PAPI_itimer_option_t now;

	if (!it || (option != PAPI_DEF_ITIMER && option != PAPI_DEF_ITIMER_NS))
		return PAPI_EINVAL;
	papi__lib_lock();
	now = itimer_get();
	papi__lib_unlock();
	if (option == PAPI_DEF_ITIMER_NS)
		it->ns = now.ns;
	else
		*it = now;
	return PAPI_OK;
}

/* PAPI's pairs of interval timer and signal, checked as PAPI checks them.
 * The timers of software overflow raise the signal (install below). */
static int valid_itimer(int num, int sig)
{
	return (num == ITIMER_REAL && sig == SIGALRM) ||
	       (num == ITIMER_VIRTUAL && sig == SIGVTALRM) ||
	       (num == ITIMER_PROF && sig == SIGPROF);
}

/* The period is rounded up to ITIMER_MIN_NS and written back, as PAPI
 * writes back its rounded period; ns 0 with PAPI_DEF_ITIMER keeps it. */
int papi__overflow_itimer_set(int option, PAPI_itimer_option_t *it)
{
	PAPI_itimer_option_t now;

	if (!it || (option != PAPI_DEF_ITIMER && option != PAPI_DEF_ITIMER_NS))
		return PAPI_EINVAL;
	if (it->ns < 0 || (option == PAPI_DEF_ITIMER_NS && it->ns == 0))
		return PAPI_EINVAL;
	if (option == PAPI_DEF_ITIMER &&
	    !valid_itimer(it->itimer_num, it->itimer_sig))
		return PAPI_EINVAL;
	papi__lib_lock();
	now = itimer_get();
	if (it->ns > 0)
		now.ns = it->ns < ITIMER_MIN_NS ? ITIMER_MIN_NS : it->ns;
	if (option == PAPI_DEF_ITIMER) {
		now.itimer_num = it->itimer_num;
		now.itimer_sig = it->itimer_sig;
		now.flags = it->flags;
	}
	itimer_now.it = now;
	itimer_now.gen = papi__lib.gen;
	itimer_now.set = 1;
	papi__lib_unlock();
	it->ns = now.ns;
	return PAPI_OK;
}

static void timer_destroy(struct papi__ovf_timer *tm)
{
	/* A fork child's copy names its parent's timer: not its own to
	 * delete, whatever timer of the child has that id now. */
	if (tm->made && tm->pid == papi__os_getpid())
		papi__os_timer_delete(tm->id);
	tm->made = 0;
	tm->ns = 0;
}

/* The set's timer, ticking the calling thread on the clock PAPI_DEF_ITIMER
 * names: ITIMER_REAL is real time, the others the thread's CPU time (a
 * thread's own, where PAPI's setitimer counts the whole process's). */
static int timer_make(struct papi__evset *es)
{
	struct papi__ovf_timer *tm = &es->ovf->timer;
	int cpu = itimer_get().itimer_num != ITIMER_REAL;
	int sig = es->ovf->installed;
	int tid = papi__os_gettid(), pid = papi__os_getpid(), ret;

	if (tm->made && tm->pid == pid && tm->tid == tid && tm->cpu == cpu &&
	    tm->sig == sig)
		return PAPI_OK;
	timer_destroy(tm);
	ret = papi__os_timer_create(cpu, sig, tid, es->id, &tm->id);
	if (ret < 0) {
		papi__log(PAPI__LOG_ERROR, "overflow",
			  "software overflow timer: error %d", ret);
		return PAPI_ESYS;
	}
	tm->sig = sig;
	tm->made = 1;
	tm->tid = tid;
	tm->pid = pid;
	tm->cpu = cpu;
	return PAPI_OK;
}

/* Before a start, in the starting thread: this thread's timer, armed (the
 * handler reads the set on its own stack). The start itself cannot fail
 * from here (papi__overflow_prepare returns nothing), so failures are
 * logged and the set counts without ticks. */
static void timer_start(struct papi__evset *es)
{
	struct papi__overflow *o = es->ovf;
	long long ns = itimer_get().ns;

	if (timer_make(es) != PAPI_OK)
		return;
	if (papi__os_timer_arm(o->timer.id, ns) < 0) {
		papi__log(PAPI__LOG_ERROR, "overflow",
			  "software overflow timer: cannot arm");
		return;
	}
	o->timer.ns = ns;
}

static void timer_stop(struct papi__overflow *o)
{
	if (o->timer.made && o->timer.ns &&
	    o->timer.pid == papi__os_getpid())
		papi__os_timer_arm(o->timer.id, 0);
	o->timer.ns = 0;
}

/* Software overflow for this set: asked for, or the component cannot
 * signal overflows itself. */
static int use_sw(const struct papi__evset *es, int forced)
{
	return forced || !papi__lib.cmp[es->cidx].info.hardware_intr;
}

/* The handler is installed while some set has an entry: on the
 * component's hardware_intr_sig, or for software overflow on the signal
 * PAPI_DEF_ITIMER names when the set's first entry is made (a set keeps
 * its signal until its last entry goes). Each signal in use is counted in
 * papi__lib.ovf_sigs; the handler is installed when a signal's first set
 * comes and the signal ignored again when its last one goes. */
static int install(struct papi__evset *es, int sw)
{
	int sig = sw ? itimer_get().itimer_sig
		     : papi__lib.cmp[es->cidx].info.hardware_intr_sig;
	int i, slot = -1, ret;

	if (es->ovf->installed)
		return PAPI_OK;
	for (i = 0; i < PAPI__OVF_SIGS; i++) {
		if (papi__lib.ovf_sigs[i].users && papi__lib.ovf_sigs[i].sig == sig) {
			slot = i;
			break;
		}
		if (!papi__lib.ovf_sigs[i].users && slot < 0)
			slot = i;
	}
	if (slot < 0)
		return PAPI_ECNFLCT;
	if (!papi__lib.ovf_sigs[slot].users) {
		ret = papi__os_signal_install(sig, papi__overflow_signal);
		if (ret < 0)
			return PAPI_ESYS;
		papi__lib.ovf_sigs[slot].sig = sig;
	}
	papi__lib.ovf_sigs[slot].users++;
	es->ovf->installed = sig;
	return PAPI_OK;
}

static void uninstall(struct papi__evset *es)
{
	int i, sig;

	if (!es->ovf || !es->ovf->installed)
		return;
	sig = es->ovf->installed;
	es->ovf->installed = 0;
	for (i = 0; i < PAPI__OVF_SIGS; i++)
		if (papi__lib.ovf_sigs[i].users &&
		    papi__lib.ovf_sigs[i].sig == sig) {
			if (--papi__lib.ovf_sigs[i].users == 0)
				papi__os_signal_ignore(sig);
			return;
		}
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
		o->flags = o->sw ? PAPI_OVERFLOW_FORCE_SW : PAPI_OVERFLOW_HARDWARE;
		return;
	}
	uninstall(es);
	timer_destroy(&o->timer);
	o->handler = NULL;
	o->flags = 0;
	o->prof_flags = 0;
	o->sw = 0;
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
 * into prof[nprof]; own: keep a copy of prof[0] (PAPI_profil's); sw:
 * software overflow, one way for every event of a set, as in PAPI. */
static int arm(struct papi__evset *es, int idx, long long threshold,
	       PAPI_sprofil_t *prof, int nprof, int own, int sw)
{
	struct papi__overflow *o = es->ovf;
	struct papi__cmp *c = &papi__lib.cmp[es->cidx];
	struct papi__ovf_entry *e;
	int code = es->events[idx].code, k = find_entry(o, code), ret;

	if (threshold == 0) {
		if (k < 0)
			return PAPI_EINVAL;
		ret = o->sw ? PAPI_OK
			    : papi__cmp_set_overflow(c, es->ctl,
						     es->events[idx].pos[0], 0);
		if (ret != PAPI_OK)
			return ret;
		drop_entry(o, k);
		update_state(es);
		return PAPI_OK;
	}
	if (o->n && o->sw != sw)
		return PAPI_ECNFLCT;
	if (k < 0 && o->n == PAPI__OVF_MAX)
		return PAPI_ECNFLCT;
	if (es->events[idx].pos[0] >= PAPI__OVF_MAX)
		return PAPI_ECNFLCT;
	ret = install(es, sw);
	if (ret == PAPI_OK)
		ret = sw ? timer_make(es)
			 : papi__cmp_set_overflow(c, es->ctl,
						  es->events[idx].pos[0],
						  threshold);
	if (ret != PAPI_OK) {
		update_state(es);
		return ret;
	}
	o->sw = sw;
	if (k < 0)
		k = o->n++;
	e = &o->e[k];
	memset(e, 0, sizeof(*e));
	e->code = code;
	e->threshold = threshold;
	e->profiling = prof != NULL;
	e->prof = prof;
	e->nprof = nprof;
	e->idx = -1;
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
	int idx, k, sw, ret = check_set(es, code, &idx);

	if (ret != PAPI_OK)
		return ret;
	/* Only the defined bits: an undefined one is a caller's mistake,
	 * not something to ignore. */
	if (threshold < 0 ||
	    (flags & ~(PAPI_OVERFLOW_FORCE_SW | PAPI_OVERFLOW_HARDWARE)))
		return PAPI_EINVAL;
	/* A derived event's count is known only from a read: software
	 * overflow reads it, hardware cannot sample it. */
	sw = use_sw(es, flags & PAPI_OVERFLOW_FORCE_SW);
	if (!sw && threshold && is_derived(es, idx))
		return PAPI_EINVAL;
	if (!(es->state & PAPI_OVERFLOWING) && (!handler || !threshold))
		return PAPI_EINVAL;
	if ((ret = ensure(es)) != PAPI_OK)
		return ret;
	/* Profiling entries are PAPI_sprofil's to change. */
	k = find_entry(es->ovf, code);
	if (k >= 0 && es->ovf->e[k].profiling)
		return PAPI_EINVAL;
	ret = arm(es, idx, threshold, NULL, 0, 0, sw);
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

	for (i = 0; prof && i < profcnt; i++) {
		if (!(prof[i].pr_scale == 131072 ||
		      (prof[i].pr_scale <= 65536 && prof[i].pr_scale > 1)))
			return PAPI_EINVAL;
		/* The signal handler would write the first sample through a
		 * NULL buffer: refuse it here, where the caller can see. */
		if (threshold > 0 && !prof[i].pr_base && prof[i].pr_size)
			return PAPI_EINVAL;
	}
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
	/* Event address registers (Itanium's): no PMU perf_event drives
	 * here has them; refused rather than accepted and ignored. */
	if (*flags & (PAPI_PROFIL_INST_EAR | PAPI_PROFIL_DATA_EAR))
		return PAPI_ENOSUPP;
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
	int idx, k, sw, ret = check_set(es, code, &idx);

	if (ret != PAPI_OK)
		return ret;
	sw = use_sw(es, flags & PAPI_PROFIL_FORCE_SW);
	if (is_derived(es, idx) && !sw)
		return PAPI_EINVAL;
	if ((ret = check_profil(es, prof, profcnt, threshold, &flags)) != PAPI_OK)
		return ret;
	if ((ret = ensure(es)) != PAPI_OK)
		return ret;
	o = es->ovf;
	k = find_entry(o, code);
	if (threshold == 0 && (k < 0 || !o->e[k].profiling))
		return PAPI_EINVAL;
	/* An event overflowing for PAPI_overflow's handler is not profiled. */
	if (k >= 0 && !o->e[k].profiling)
		return PAPI_ECNFLCT;
	ret = arm(es, idx, threshold, threshold ? prof : NULL,
		  threshold ? profcnt : 0, own, sw);
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
 * events whose first native is at that position and not derived.
 * async-signal-safe. */
static int index_of(const struct papi__evset_event *ev, int nevents,
		    long long vector, int *array, int *number)
{
	unsigned long long v = (unsigned long long)vector;
	int bit, j, k, count = 0;

	if (nevents == 0)
		return PAPI_EINVAL;
	while (v) {
		bit = __builtin_ctzll(v);
		v &= v - 1;
		for (j = 0; j < nevents; j++) {
			if (ev[j].derived != PAPI__NOT_DERIVED)
				continue;
			for (k = 0; k < ev[j].nterms; k++) {
				if (ev[j].pos[k] != bit)
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
 * thread runs is found without the lock, through its run (its events
 * cannot change while it runs); any other set takes the lock, unless the
 * handler interrupted this thread inside the library (PAPI_EISRUN then:
 * async-signal-safe). */
int papi__overflow_index(int id, long long vector, int *array, int *number)
{
	const struct papi__run *r = papi__run_find(id);
	struct papi__evset *es;
	int ret;

	if (vector == 0 || *number < 1)
		return PAPI_EINVAL;
	if (r)
		return index_of(r->events, r->nevents, vector, array, number);
	ret = papi__lib_lock_async();
	if (ret != PAPI_OK)
		return ret;
	es = papi__evset_get(id);
	ret = es ? index_of(es->events, es->nevents, vector, array, number)
		 : PAPI_ENOEVST;
	papi__lib_unlock();
	return ret;
}

/* Software overflow counts from zero at each start, as the counts do. */
void papi__overflow_prepare(struct papi__evset *es, struct papi__ovf_live *l)
{
	struct papi__overflow *o = es->ovf;
	int k, idx, pos;

	memset(o->by_pos, -1, sizeof(o->by_pos));
	for (k = 0; k < o->n; k++) {
		idx = find_event(es, o->e[k].code);
		pos = idx < 0 ? -1 : es->events[idx].pos[0];
		o->e[k].idx = pos >= 0 && pos < PAPI__OVF_MAX ? idx : -1;
		if (pos >= 0 && pos < PAPI__OVF_MAX)
			o->by_pos[pos] = (signed char)k;
	}
	if (l) {
		memset(l, 0, sizeof(*l));
		l->rand = o->seed;
	}
	if (o->sw && o->n)
		timer_start(es);
}

/* Ticks that come after this (one may be queued) find the set no longer
 * running in their thread and are dropped (overflow.c). */
void papi__overflow_stop(struct papi__evset *es)
{
	if (es && es->ovf)
		timer_stop(es->ovf);
}

void papi__overflow_forget(struct papi__evset *es, int code)
{
	int k = find_entry(es->ovf, code), idx = find_event(es, code);

	if (k < 0 || idx < 0)
		return;
	/* The native may stay for another event: stop it sampling. */
	if (!es->ovf->sw)
		papi__cmp_set_overflow(&papi__lib.cmp[es->cidx], es->ctl,
				       es->events[idx].pos[0], 0);
	drop_entry(es->ovf, k);
	update_state(es);
}

void papi__overflow_free(struct papi__evset *es)
{
	if (es->ovf) {
		timer_destroy(&es->ovf->timer);
		uninstall(es);
		free(es->ovf);
		es->ovf = NULL;
	}
	es->state &= ~(PAPI_OVERFLOWING | PAPI_PROFILING);
}

int papi__overflow_copy(struct papi__evset *es, void **old)
{
	struct papi__overflow *o = es->ovf, *n = malloc(sizeof(*n));
	int k;

	if (!n)
		return PAPI_ENOMEM;
	*n = *o;
	/* PAPI_profil's own region lives in the entry: the copy's. */
	for (k = 0; k < n->n; k++)
		if (n->e[k].own)
			n->e[k].prof = &n->e[k].own_region;
	/* The timer and the handler count go with the copy: the original
	 * only waits to be freed. */
	o->timer.made = 0;
	o->installed = 0;
	es->ovf = n;
	*old = o;
	return PAPI_OK;
}

void papi__overflow_detach(struct papi__evset *es, void **old)
{
	*old = NULL;
	if (!es->ovf)
		return;
	timer_destroy(&es->ovf->timer);
	uninstall(es);
	*old = es->ovf;
	es->ovf = NULL;
	es->state &= ~(PAPI_OVERFLOWING | PAPI_PROFILING);
}

void papi__overflow_thread_gone(struct papi__evset *es, int tid)
{
	struct papi__ovf_timer *tm = &es->ovf->timer;

	/* A timer whose thread is gone ticks nobody; the next start makes
	 * one for the thread that starts. */
	if (tm->made && tm->tid == tid)
		timer_destroy(tm);
}

int papi__overflow_periods(struct papi__evset *es, struct papi__cmp_ctl *ctl)
{
	struct papi__overflow *o = es->ovf;
	int k, idx, ret;

	for (k = 0; o && !o->sw && k < o->n; k++) {
		idx = find_event(es, o->e[k].code);
		if (idx < 0)
			continue;
		ret = papi__cmp_set_overflow(&papi__lib.cmp[es->cidx], ctl,
					     es->events[idx].pos[0],
					     o->e[k].threshold);
		if (ret != PAPI_OK)
			return ret;
	}
	return PAPI_OK;
}

int papi__overflow_check_attach(const struct papi__evset *es)
{
	return es->state & PAPI_OVERFLOWING ? PAPI_EINVAL : PAPI_OK;
}
