/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_OVERFLOW_H
#define PAPI_CORE_OVERFLOW_H

/*
 * Overflow and statistical profiling. An EventSet that overflows owns one
 * struct papi__overflow, allocated by the first PAPI_overflow, PAPI_profil
 * or PAPI_sprofil (with the library lock held, the set stopped), changed
 * only while the set is stopped, and freed with the set's events. The
 * signal handler (overflow.c) reaches it through the calling thread's run
 * of the set (core/lib.h, struct papi__run), never through the EventSet
 * table or the lock, and only reads it: what the handler writes is the
 * run's (struct papi__ovf_live), so that another thread that stops the
 * set may copy the overflow state while the handler runs.
 *
 *   profil.c    setting up: PAPI_overflow, PAPI_sprofil, PAPI_profil,
 *               PAPI_get_overflow_event_index, PAPI_DEF_ITIMER, software
 *               overflow's timer; library lock, malloc
 *   overflow.c  the signal handler and the histogram update, all
 *               async-signal-safe (GUIDE rule 13)
 *
 * Two ways to overflow, one per set (docs/design.md, "Software
 * overflow"). Hardware: the component samples each event every threshold
 * counts and signals each overflow. Software (PAPI_OVERFLOW_FORCE_SW,
 * PAPI_PROFIL_FORCE_SW, or a component without hardware_intr): a per-thread
 * POSIX timer ticks the running thread, raising the same signal; at each
 * tick the handler reads the set and reports the events whose counts passed
 * a multiple of their threshold since the previous tick.
 */
#include <stdint.h>

#include "papi.h"

struct papi__evset;
struct papi__cmp_ctl;

/* overflow_vector has 64 bits, one per native position. */
#define PAPI__OVF_MAX 64

struct papi__ovf_entry {
	int code;            /* the user's EventCode */
	long long threshold;
	int profiling;       /* samples go to prof[], not to the handler */
	int own;             /* prof is &own_region (PAPI_profil's) */
	PAPI_sprofil_t *prof;
	int nprof;
	PAPI_sprofil_t own_region;
	/* Software overflow, set at each start: the event's index in the set
	 * (-1: gone); its count's multiple of threshold at the last tick is
	 * the run's (papi__ovf_live.quot). */
	int idx;
};

/* Software overflow's timer (profil.c). It ticks the thread that made
 * it, so a set started by another thread (or in a fork child, which has
 * no timers) gets a new one. */
struct papi__ovf_timer {
	void *id;       /* the OS layer's handle, valid while made */
	int made;
	int tid, pid;   /* the thread it ticks, in process pid */
	int cpu;        /* ticks per CPU time of tid, else real time */
	int sig;        /* the signal it raises */
	long long ns;   /* period while armed, 0 while disarmed */
};

struct papi__overflow {
	int n;
	struct papi__ovf_entry e[PAPI__OVF_MAX];
	/* Native position -> entry, -1 for none: set at each PAPI_start. */
	signed char by_pos[PAPI__OVF_MAX];
	PAPI_overflow_handler_t handler;
	int flags;      /* PAPI_OVERFLOW_HARDWARE or PAPI_OVERFLOW_FORCE_SW */
	int sw;         /* software overflow (fixed while entries exist) */
	int prof_flags; /* PAPI_PROFIL_*, one bucket size set */
	int installed;  /* the signal its handler serves it on, 0: none */
	uint64_t seed;  /* PAPI_PROFIL_RANDOM / COMPRESS: xorshift's first */
	/* Software overflow: the timer. */
	struct papi__ovf_timer timer;
};

/* What the handler writes while the set runs, in the run (core/lib.h):
 * each entry's multiple of its threshold at the last software tick, the
 * random state, and the signals handled and the samples that matched no
 * entry (stale ones). Reset at each start. */
struct papi__ovf_live {
	long long quot[PAPI__OVF_MAX];
	uint64_t rand;
	unsigned long long hits, strays;
};

/* The signal hardware overflow uses: PAPI's SIGRTMIN + 2, perf_event's
 * hardware_intr_sig. Software overflow's timers raise PAPI_DEF_ITIMER's
 * signal (SIGPROF unless set), as PAPI's do. One handler serves every
 * signal. */
#define PAPI__OVF_SIG_OFFSET 2
/* Signals in use at once, at most: see papi__lib.ovf_sigs. */
#define PAPI__OVF_SIGS 4

/* profil.c: the API layer's calls; each takes the library lock. */
int papi__overflow_set(int id, int code, int threshold, int flags,
		       PAPI_overflow_handler_t handler);
int papi__sprofil_set(int id, PAPI_sprofil_t *prof, int profcnt, int code,
		      int threshold, int flags);
int papi__profil_set(int id, void *buf, unsigned bufsiz, vptr_t offset,
		     unsigned scale, int code, int threshold, int flags);
int papi__overflow_index(int id, long long vector, int *array, int *number);

/* PAPI_get_opt / PAPI_set_opt of PAPI_DEF_ITIMER and PAPI_DEF_ITIMER_NS:
 * the timer of software overflow (profil.c). set writes back the period
 * it will use. PAPI_OK or PAPI_EINVAL. */
int papi__overflow_itimer_get(int option, PAPI_itimer_option_t *it);
int papi__overflow_itimer_set(int option, PAPI_itimer_option_t *it);

/* evset*.c, with the lock held: map positions before a start (and arm a
 * software overflow timer, ticking the calling thread) and reset the
 * handler's state; disarm it once the set has stopped (no longer the
 * thread's running set); drop the entry of an event being removed; free
 * everything (cleanup, destroy). */
void papi__overflow_prepare(struct papi__evset *es, struct papi__ovf_live *l);
void papi__overflow_stop(struct papi__evset *es);
void papi__overflow_forget(struct papi__evset *es, int code);
void papi__overflow_free(struct papi__evset *es);
/* A stop by another thread than the runner, whose overflow handler may be
 * reading es->ovf: hand over. copy: es gets a copy (which takes the
 * timer and the handler installation with it) and *old the original, for
 * the limbo; NULL when out of memory (es keeps nothing then). detach: es
 * keeps nothing, the timer is deleted and the handler count dropped, and
 * *old is the memory. */
int papi__overflow_copy(struct papi__evset *es, void **old);
void papi__overflow_detach(struct papi__evset *es, void **old);
/* Thread tid exits: delete the software overflow timers that tick it. */
void papi__overflow_thread_gone(struct papi__evset *es, int tid);
/* Refused for an overflowing set: counting another thread or a CPU
 * (PAPI_attach, PAPI_CPU_ATTACH), whose counters would signal a thread
 * that does not handle them, or another process, which the signal would
 * kill. PAPI_OK or PAPI_EINVAL. */
int papi__overflow_check_attach(const struct papi__evset *es);
/* A new component state of es (a copy after a stop by another thread)
 * samples as the old one did: PAPI_OK or the component's error. */
int papi__overflow_periods(struct papi__evset *es, struct papi__cmp_ctl *ctl);

/* overflow.c: the handler, installed for PAPI__OVF_SIG_OFFSET's signal
 * (siginfo_t and ucontext_t as void *, see os.h): a perf_event fd's
 * overflow, or a software overflow timer's tick (SI_TIMER, with the set's
 * id as its value). async-signal-safe. */
void papi__overflow_signal(int sig, void *info, void *uc);

#endif
