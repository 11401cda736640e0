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
 * flags. The perf_event path reports no excess, so WEIGHTED adds 1. */
static long long increment(struct papi__overflow *o, long long value,
			   int flags) /* async-signal-safe */
{
	if ((flags & PAPI_PROFIL_RANDOM) &&
	    next_random(o) <= (unsigned long)(RAND_MAX / 4))
		return value;
	if ((flags & PAPI_PROFIL_COMPRESS) &&
	    (long long)next_random(o) < value)
		return value;
	return value + 1;
}

/* PAPI 7's posix_profil: bucket = (pc - pr_off) * pr_scale / 2^17, so a
 * scale of 65536 gives one bucket per two bytes of text; pr_size is the
 * buffer's size in bytes. pr_off 0 with scale 2 puts every sample into
 * bucket 0. */
static void add_sample(struct papi__overflow *o, const PAPI_sprofil_t *p,
		       uintptr_t pc) /* async-signal-safe */
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
			b[i] = (unsigned short)increment(o, b[i], flags);
	} else if (flags & PAPI_PROFIL_BUCKET_32) {
		unsigned int *b = p->pr_base;

		if (i * sizeof(*b) < p->pr_size)
			b[i] = (unsigned int)increment(o, b[i], flags);
	} else {
		unsigned long long *b = p->pr_base;

		if (i * sizeof(*b) < p->pr_size)
			b[i] = (unsigned long long)increment(
				o, (long long)b[i], flags);
	}
}

/* PAPI 7's _papi_hwi_dispatch_profile: the region with the highest
 * start below pc, else the first. */
static void profile(struct papi__overflow *o, const struct papi__ovf_entry *e,
		    uintptr_t pc) /* async-signal-safe */
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
		add_sample(o, &e->prof[best], pc);
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
		profile(o, &o->e[k], pc);
	else if (o->handler)
		o->handler(es->id, (void *)pc, (long long)1 << pos, uc);
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
	for (i = 0; t && i < papi__lib.ncmp; i++) {
		es = t->running_es[i];
		c = &papi__lib.cmp[i];
		if (!es || !es->ovf || !(es->state & PAPI_OVERFLOWING) ||
		    !c->ops->overflow_pos)
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
