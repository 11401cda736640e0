/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_EVSET_H
#define PAPI_CORE_EVSET_H

/*
 * EventSets: the table of them, their life cycle, and the mapping from the
 * PAPI events a user added to the native events a component counts. Two
 * events that share a native event (a preset and its own term, say) share
 * one counter. All functions take the library lock, except that the thread
 * running a set reads it without, through its run (core/lib.h, struct
 * papi__run; evset_count.c).
 */
#include "cmp/cmp.h"
#include "core/lib.h"
#include "papi.h"

struct papi__evset_native {
	unsigned int code; /* component-local */
	int refs;
};

struct papi__evset_event {
	int code; /* as the user added it */
	int derived;
	int nterms;
	int pos[PAPI__MAX_TERMS]; /* indexes into natives[] */
};

struct papi__evset {
	int id;
	int cidx; /* -1 until an event or PAPI_assign_eventset_component */
	int state;
	struct papi__ctl_opts opts;
	struct papi__cmp_ctl *ctl;
	struct papi__thread *runner; /* thread that started it */

	int nevents, ev_cap;
	struct papi__evset_event *events;
	int nnative, ntv_cap;
	struct papi__evset_native *natives;
	int domain_set;      /* the user chose opts.domain (PAPI_DOMAIN);
				else it follows the component's default */

	int direct;          /* the events are the natives, in order, so
				reads fill the caller's array (kept by
				add and remove: papi__evset_is_direct) */
	long long *stopped;  /* nevents values as of the last stop */
	/* The run of the set's own counters (core/lib.h), kept from one start
	 * to the next; published: the runner's slots hold it now. A stop by
	 * another thread gives it (and ctl, events, ovf) to the limbo. */
	struct papi__run *run;
	int published;
	/* The thread that opened its counters (tid 0 options count the
	 * opener): a copy of the component state counts that one too. */
	int opener;
	/* Overflow and profiling (core/overflow.h): NULL until the first
	 * PAPI_overflow/PAPI_sprofil; the signal handler reads it. */
	struct papi__overflow *ovf;
};

int papi__evset_create(int *id);
int papi__evset_destroy(int id);
int papi__evset_cleanup(int id);
void papi__evset_destroy_all(void);

/* Look up an EventSet, with the lock held; NULL when there is none with
 * that id. Inline: PAPI_start and PAPI_stop pay for every instruction. */
static inline struct papi__evset *papi__evset_get(int id)
{
	if (id < 0 || id >= papi__lib.nevsets)
		return NULL;
	return papi__lib.evsets[id];
}

int papi__evset_assign(int id, int cidx);
/* The set's domain is the user's from now on: binding it to a component
 * no longer replaces it with that component's default domain. */
void papi__evset_domain_chosen(int id);
/* The default domain of component cidx (PAPI_set_cmp_domain's), which a
 * set takes when it is bound to that component. */
int papi__evset_default_domain(int cidx);
int papi__evset_add(int id, int code);
int papi__evset_remove(int id, int code);
int papi__evset_list(int id, int *codes, int *number);
int papi__evset_num_events(int id);
int papi__evset_state(int id, int *state);
int papi__evset_cidx(int id);

int papi__evset_start(int id);
int papi__evset_stop(int id, long long *values);
/* es->direct's answer from its events now (evset_count.c). */
int papi__evset_is_direct(const struct papi__evset *es);
/* User event e's value from the natives' values raw (a sum, difference
 * or postfix formula of its terms), as PAPI_read reports it. Arithmetic
 * only: async-signal-safe, so software overflow's handler uses it too. */
long long papi__evset_event_value(const struct papi__evset_event *e,
				  const long long *raw);
int papi__evset_read(int id, long long *values);
/* PAPI_read of set id the long way, for a component's shortcut that does
 * not serve this call (cmp.h, direct); errors reported as PAPI_read's. */
int papi__evset_read_declined(int id, long long *values);
int papi__evset_accum(int id, long long *values);
int papi__evset_reset(int id);

/* evset_count.c, for evset.c: a running set that is going away
 * (shutdown) stops, its run withdrawn or retired; with the lock held. */
void papi__evset_stop_for_good(struct papi__evset *es);
/* In a fork child, with the lock held: every set goes, its counters
 * untouched (they are the parent's), and its id answers PAPI_ENOEVST. */
void papi__evset_fork_child(void);
/* Thread t exits, with the lock held: the sets it runs go on with no
 * runner, and the software overflow timers that tick it are deleted. */
void papi__evset_thread_gone(struct papi__thread *t);

/* Reprogram for new options (domain, granularity, attach); on failure
 * the set keeps its old options. */
int papi__evset_set_opts(int id, const struct papi__ctl_opts *opts);
int papi__evset_get_opts(int id, struct papi__ctl_opts *opts);

#endif
