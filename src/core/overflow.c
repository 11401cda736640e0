// SPDX-License-Identifier: BSD-3-Clause
/*
 * The overflow signal handler and everything it calls (GUIDE rule 13).
 *
 * A sampling perf_event fd raises the component's realtime signal in the
 * thread it counts, with si_fd naming the fd. The handler finds that
 * thread's running EventSets through its runs (core/lib.h, initial-exec
 * TLS, no lock), asks the set's component which native event owns the fd,
 * takes the interrupted PC from the ucontext and either calls the user's
 * handler or adds the sample to the event's profile histogram, as PAPI
 * 7's _papi_hwi_dispatch_overflow_signal and posix_profil do.
 *
 * A software overflow timer's tick (SI_TIMER) names its set by id. If the
 * interrupted thread runs that set, the handler reads it and reports each
 * event whose count passed a multiple of its threshold since the last
 * tick; a tick for a set that has stopped is dropped.
 *
 * Everything here reads only memory allocated before PAPI_start and kept
 * until the thread says otherwise (the run, its component control state,
 * its struct papi__overflow and the user's buffers), writes only the
 * run's papi__ovf_live and the user's buffers, reads the counters on its
 * own stack, and calls no function that is not async-signal-safe: no
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
static unsigned long next_random(struct papi__ovf_live *l) /* async-signal-safe */
{
	uint64_t x = l->rand ? l->rand : 0x9e3779b97f4a7c15ull;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	l->rand = x;
	return (unsigned long)(x >> 33);
}

/* PAPI 7's profil_increment: one more sample in a bucket, under the
 * flags. A sample stands for n overflows: 1 from the hardware, which
 * signals each; from a software tick, the multiples of the threshold it
 * passed. WEIGHTED adds n, at most 255 as PAPI's weights are; otherwise
 * a sample adds 1. */
static long long increment(struct papi__ovf_live *l, long long value,
			   int flags, long long n) /* async-signal-safe */
{
	if ((flags & PAPI_PROFIL_RANDOM) &&
	    next_random(l) <= (unsigned long)(RAND_MAX / 4))
		return value;
	if ((flags & PAPI_PROFIL_COMPRESS) &&
	    (long long)next_random(l) < value)
		return value;
	if ((flags & PAPI_PROFIL_WEIGHTED) && n > 1)
		return value + (n > 255 ? 255 : n);
	return value + 1;
}

/* PAPI 7's posix_profil: bucket = (pc - pr_off) * pr_scale / 2^17, so a
 * scale of 65536 gives one bucket per two bytes of text; pr_size is the
 * buffer's size in bytes. pr_off 0 with scale 2 puts every sample into
 * bucket 0. */
static void add_sample(const struct papi__overflow *o,
		       struct papi__ovf_live *l, const PAPI_sprofil_t *p,
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
			b[i] = (unsigned short)increment(l, b[i], flags, n);
	} else if (flags & PAPI_PROFIL_BUCKET_32) {
		unsigned int *b = p->pr_base;

		if (i * sizeof(*b) < p->pr_size)
			b[i] = (unsigned int)increment(l, b[i], flags, n);
	} else {
		unsigned long long *b = p->pr_base;

		if (i * sizeof(*b) < p->pr_size)
			b[i] = (unsigned long long)increment(
				l, (long long)b[i], flags, n);
	}
}

/* PAPI 7's _papi_hwi_dispatch_profile: the region with the highest
 * start below pc, else the first; n overflows (increment). */
static void profile(const struct papi__overflow *o, struct papi__ovf_live *l,
		    const struct papi__ovf_entry *e, uintptr_t pc,
		    long long n) /* async-signal-safe */
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
		add_sample(o, l, &e->prof[best], pc, n);
}

/* One overflow of native position pos of the calling thread's run r. */
static void dispatch(struct papi__run *r, int pos, void *uc)
	/* async-signal-safe */
{
	const struct papi__overflow *o = r->ovf;
	uintptr_t pc = papi__arch_ucontext_pc(uc);
	int k = pos < PAPI__OVF_MAX ? o->by_pos[pos] : -1;

	if (k < 0) {
		r->live.strays++;
		return;
	}
	r->live.hits++;
	if (o->e[k].profiling)
		profile(o, &r->live, &o->e[k], pc, 1);
	else if (o->handler)
		o->handler(r->id, (void *)pc, (long long)(1ull << pos), uc);
}

/* A software overflow tick of the calling thread's run r. An event
 * overflows when its count reached a higher multiple of its threshold
 * than at the last tick (a count that went down, by PAPI_reset or
 * PAPI_accum, is followed down). The handler gets every such event of the
 * tick in one vector, as PAPI's software overflow gives them; a profiled
 * event gets one sample standing for the multiples it passed. */
static void tick(struct papi__run *r, void *uc) /* async-signal-safe */
{
	const struct papi__overflow *o = r->ovf;
	const struct papi__ovf_entry *e;
	uintptr_t pc = papi__arch_ucontext_pc(uc);
	unsigned long long vector = 0;
	long long raw[r->nnative > 0 ? r->nnative : 1], v, q;
	int k, fired = 0;

	/* The set's own read, on this handler's stack: no lock, no
	 * allocation, nothing shared with a read it interrupted. */
	if (!r->ops->read || r->ops->read(r->cmp, r->ctl, raw) != PAPI_OK) {
		r->live.strays++;
		return;
	}
	for (k = 0; k < o->n; k++) {
		e = &o->e[k];
		if (e->idx < 0 || e->idx >= r->nevents)
			continue;
		v = papi__evset_event_value(&r->events[e->idx], raw);
		q = v / e->threshold;
		if (q > r->live.quot[k]) {
			fired = 1;
			if (e->profiling)
				profile(o, &r->live, e, pc,
					q - r->live.quot[k]);
			else
				vector |= 1ull << r->events[e->idx].pos[0];
		}
		r->live.quot[k] = q;
	}
	r->live.hits += fired;
	if (vector && o->handler)
		o->handler(r->id, (void *)pc, (long long)vector, uc);
}

/* async-signal-safe */
void papi__overflow_signal(int sig, void *info, void *uc)
{
	const siginfo_t *si = info;
	struct papi__run *r;
	int i, pos, saved = errno;

	(void)sig;
	if (si->si_code == SI_TIMER) {
		/* The tick's set, if this thread runs it; else it is a late
		 * tick of a set that stopped, or one started but not yet
		 * running. */
		r = papi__run_find(si->si_value.sival_int);
		if (r && r->ovf && r->ovf->sw)
			tick(r, uc);
		errno = saved;
		return;
	}
	/* A perf fd's signal comes from the kernel with the fd; one sent by
	 * a process (kill, sigqueue: si_code <= 0) or by the kernel without
	 * one (a SIGPROF of someone's setitimer: SI_KERNEL) names no fd. */
	if (si->si_code <= 0 || si->si_code == SI_KERNEL) {
		errno = saved;
		return;
	}
	for (i = 0; i < PAPI__MAX_CMP; i++) {
		r = __atomic_load_n(&papi__lib_runs[i], __ATOMIC_RELAXED);
		if (!r || !r->ovf || r->ovf->sw || !r->ops->overflow_pos)
			continue;
		pos = r->ops->overflow_pos(r->cmp, r->ctl, si->si_fd);
		if (pos >= 0) {
			dispatch(r, pos, uc);
			if (r->ops->overflow_rearm)
				r->ops->overflow_rearm(r->cmp, r->ctl, pos,
						       si->si_code);
			break;
		}
	}
	errno = saved;
}
