/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_OVERFLOW_H
#define PAPI_CORE_OVERFLOW_H

/*
 * Overflow and statistical profiling. An EventSet that overflows owns one
 * struct papi__overflow, allocated by the first PAPI_overflow, PAPI_profil
 * or PAPI_sprofil (with the library lock held, the set stopped), changed
 * only while the set is stopped, and freed with the set's events. The
 * signal handler (overflow.c) reaches it through the calling thread's
 * running set, never through the EventSet table or the lock.
 *
 *   profil.c    setting up: PAPI_overflow, PAPI_sprofil, PAPI_profil,
 *               PAPI_get_overflow_event_index; library lock, malloc
 *   overflow.c  the signal handler and the histogram update, all
 *               async-signal-safe (GUIDE rule 13)
 */
#include <stdint.h>

#include "papi.h"

struct papi__evset;

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
};

struct papi__overflow {
	int n;
	struct papi__ovf_entry e[PAPI__OVF_MAX];
	/* Native position -> entry, -1 for none: set at each PAPI_start. */
	signed char by_pos[PAPI__OVF_MAX];
	PAPI_overflow_handler_t handler;
	int flags;      /* PAPI_OVERFLOW_HARDWARE */
	int prof_flags; /* PAPI_PROFIL_*, one bucket size set */
	int installed;  /* counted in papi__lib.ovf_users */
	uint64_t rand;  /* PAPI_PROFIL_RANDOM / COMPRESS: xorshift state */
	/* Signals handled and samples that matched no entry (stale ones). */
	unsigned long long hits, strays;
};

/* profil.c: the API layer's calls; each takes the library lock. */
int papi__overflow_set(int id, int code, int threshold, int flags,
		       PAPI_overflow_handler_t handler);
int papi__sprofil_set(int id, PAPI_sprofil_t *prof, int profcnt, int code,
		      int threshold, int flags);
int papi__profil_set(int id, void *buf, unsigned bufsiz, vptr_t offset,
		     unsigned scale, int code, int threshold, int flags);
int papi__overflow_index(int id, long long vector, int *array, int *number);

/* evset*.c, with the lock held: map positions before a start; drop the
 * entry of an event being removed; free everything (cleanup, destroy). */
void papi__overflow_prepare(struct papi__evset *es);
void papi__overflow_forget(struct papi__evset *es, int code);
void papi__overflow_free(struct papi__evset *es);

/* overflow.c: the handler, installed for the components' hardware_intr_sig
 * (siginfo_t and ucontext_t as void *, see os.h). async-signal-safe. */
void papi__overflow_signal(int sig, void *info, void *uc);

#endif
