// SPDX-License-Identifier: BSD-3-Clause
/*
 * The overflow signal handler and everything it calls (GUIDE rule 13).
 *
 * A sampling perf_event fd raises the component's realtime signal in the
 * thread it counts, with si_fd naming the fd. The handler finds that
 * thread's running EventSets through its own context (initial-exec TLS,
 * no lock), asks the set's component which native event owns the fd,
 * takes the interrupted PC from the ucontext and either calls the user's
 * handler or adds the sample to the event's profile histogram, as PAPI
 * 7's _papi_hwi_dispatch_overflow_signal and posix_profil do.
 *
 * A software overflow timer's tick (SI_TIMER) names its set by id. If the
 * interrupted thread runs that set, the handler reads it and reports each
 * event whose count passed a multiple of its threshold since the last
 * tick; a tick for a set that has stopped is dropped.
 *
 * Everything here reads only memory allocated before PAPI_start (the
 * set, its component control state, its struct papi__overflow and the
 * user's buffers) and calls no function that is not async-signal-safe: no
 * malloc, no lock, no stdio, no logging.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>

#include "arch/arch.h"
#include "core/evset.h"
#include "core/lib.h"
#include "core/overflow.h"

/* xorshift64: PAPI uses random(), which is not async-signal-safe. 31 bits,
 * as random() gives, so that COMPRESS compares alike. */
static unsigned long next_random(struct papi__overflow *o) /* async-signal-safe */
{
	uint64_t x = o->rand ? o->rand : 0x9e3779b97f4a7c15ull;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	o->rand = x;
	return (unsigned long)(x >> 33);
}

/* PAPI 7's profil_increment: one more sample in a bucket, under the
 * flags. A sample stands for n overflows: 1 from the hardware, which
 * signals each; from a software tick, the multiples of the threshold it
 * passed. WEIGHTED adds n, at most 255 as PAPI's weights are; otherwise
 * a sample adds 1. */
static long long increment(struct papi__overflow *o, long long value,
			   int flags, long long n) /* async-signal-safe */
{
	if ((flags & PAPI_PROFIL_RANDOM) &&
	    next_random(o) <= (unsigned long)(RAND_MAX / 4))
		return value;
	if ((flags & PAPI_PROFIL_COMPRESS) &&
	    (long long)next_random(o) < value)
		return value;
	if ((flags & PAPI_PROFIL_WEIGHTED) && n > 1)
		return value + (n > 255 ? 255 : n);
	return value + 1;
}

/* PAPI 7's posix_profil: bucket = (pc - pr_off) * pr_scale / 2^17, so a
 * scale of 65536 gives one bucket per two bytes of text; pr_size is the
 * buffer's size in bytes. pr_off 0 with scale 2 puts every sample into
 * bucket 0. */
static void add_sample(struct papi__overflow *o, const PAPI_sprofil_t *p,
		       uintptr_t pc, long long n) /* async-signal-safe */
{
	uintptr_t off = (uintptr_t)p->pr_off;
	unsigned long long i;
	int flags = o->prof_flags;

	if (pc < off)
		return;
	if (off == 0 && p->pr_scale == 2)
		i = 0;
	else
		i = ((unsigned long long)(pc - off) * p->pr_scale) >> 17;
	if (flags & PAPI_PROFIL_BUCKET_16) {
		unsigned short *b = p->pr_base;

		if (i * sizeof(*b) < p->pr_size)
			b[i] = (unsigned short)increment(o, b[i], flags, n);
	} else if (flags & PAPI_PROFIL_BUCKET_32) {
		unsigned int *b = p->pr_base;

		if (i * sizeof(*b) < p->pr_size)
			b[i] = (unsigned int)increment(o, b[i], flags, n);
	} else {
		unsigned long long *b = p->pr_base;

		if (i * sizeof(*b) < p->pr_size)
			b[i] = (unsigned long long)increment(
				o, (long long)b[i], flags, n);
	}
}

/* PAPI 7's _papi_hwi_dispatch_profile: the region with the highest
 * start below pc, else the first; n overflows (increment). */
static void profile(struct papi__overflow *o, const struct papi__ovf_entry *e,
		    uintptr_t pc, long long n) /* async-signal-safe */
{
	uintptr_t off, best_off = 0;
	int i, best = 0;

	for (i = 0; i < e->nprof; i++) {
		off = (uintptr_t)e->prof[i].pr_off;
		if (off < pc && off > best_off) {
			best = i;
			best_off = off;
		}
	}
	if (e->nprof > 0)
		add_sample(o, &e->prof[best], pc, n);
}

/* One overflow of native position pos of the running set es. */
static void dispatch(struct papi__evset *es, int pos, void *uc)
	/* async-signal-safe */
{
	struct papi__overflow *o = es->ovf;
	uintptr_t pc = papi__arch_ucontext_pc(uc);
	int k = pos < PAPI__OVF_MAX ? o->by_pos[pos] : -1;

	if (k < 0) {
		o->strays++;
		return;
	}
	o->hits++;
	if (o->e[k].profiling)
		profile(o, &o->e[k], pc, 1);
	else if (o->handler)
		o->handler(es->id, (void *)pc, (long long)(1ull << pos), uc);
}

/* A software overflow tick of the running set es. An event overflows when
 * its count reached a higher multiple of its threshold than at the last
 * tick (a count that went down, by PAPI_reset or PAPI_accum, is followed
 * down). The handler gets every such event of the tick in one vector, as
 * PAPI's software overflow gives them; a profiled event gets one sample
 * standing for the multiples it passed. */
static void tick(struct papi__evset *es, struct papi__cmp *c, void *uc)
	/* async-signal-safe */
{
	struct papi__overflow *o = es->ovf;
	struct papi__ovf_entry *e;
	uintptr_t pc = papi__arch_ucontext_pc(uc);
	unsigned long long vector = 0;
	long long v, q;
	int k, fired = 0;

	/* The set's own read, into memory of the set's overflow state sized
	 * before the start: no lock, no allocation. */
	if (es->nnative > o->raw_cap || !c->ops->read ||
	    c->ops->read(c, es->ctl, o->raw) != PAPI_OK) {
		o->strays++;
		return;
	}
	for (k = 0; k < o->n; k++) {
		e = &o->e[k];
		if (e->idx < 0 || e->idx >= es->nevents)
			continue;
		v = papi__evset_event_value(es, e->idx, o->raw);
		q = v / e->threshold;
		if (q > e->quot) {
			fired = 1;
			if (e->profiling)
				profile(o, e, pc, q - e->quot);
			else
				vector |= 1ull << es->events[e->idx].pos[0];
		}
		e->quot = q;
	}
	o->hits += fired;
	if (vector && o->handler)
		o->handler(es->id, (void *)pc, (long long)vector, uc);
}

/* The tick's set, if the interrupted thread runs it; else it is a late
 * tick of a set that stopped, or one started but not yet running. */
static void software(struct papi__thread *t, int id, void *uc)
	/* async-signal-safe */
{
	struct papi__evset *es;
	int i;

	for (i = 0; t && i < papi__lib.ncmp; i++) {
		es = t->running_es[i];
		if (es && t->running[i] == id && es->ovf && es->ovf->sw &&
		    (es->state & PAPI_OVERFLOWING)) {
			tick(es, &papi__lib.cmp[i], uc);
			return;
		}
	}
}

/* async-signal-safe */
void papi__overflow_signal(int sig, void *info, void *uc)
{
	const siginfo_t *si = info;
	struct papi__thread *t;
	struct papi__evset *es;
	struct papi__cmp *c;
	int i, pos, saved = errno;

	(void)sig;
	t = papi__thread_peek();
	if (si->si_code == SI_TIMER) {
		software(t, si->si_value.sival_int, uc);
		errno = saved;
		return;
	}
	for (i = 0; t && i < papi__lib.ncmp; i++) {
		es = t->running_es[i];
		c = &papi__lib.cmp[i];
		if (!es || !es->ovf || es->ovf->sw ||
		    !(es->state & PAPI_OVERFLOWING) || !c->ops->overflow_pos)
			continue;
		pos = c->ops->overflow_pos(c, es->ctl, si->si_fd);
		if (pos >= 0) {
			dispatch(es, pos, uc);
			if (c->ops->overflow_rearm)
				c->ops->overflow_rearm(c, es->ctl, pos,
						       si->si_code);
			break;
		}
	}
	errno = saved;
}
