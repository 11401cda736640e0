/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_EVSET_H
#define PAPI_CORE_EVSET_H

/*
 * EventSets: the table of them, their life cycle, and the mapping from the
 * PAPI events a user added to the native events a component counts. Two
 * events that share a native event (a preset and its own term, say) share
 * one counter. All functions take the library lock, except that the thread
 * running a set reads, resets and accumulates it without (evset_count.c).
 */
#include "cmp/cmp.h"
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

	int direct;          /* set at start: the events are the natives, in
				order, so reads fill the caller's array */
	long long *raw;      /* nnative values, scratch for reads */
	long long *stopped;  /* nevents values as of the last stop */
	/* Overflow and profiling (core/overflow.h): NULL until the first
	 * PAPI_overflow/PAPI_sprofil; the signal handler reads it. */
	struct papi__overflow *ovf;
};

int papi__evset_create(int *id);
int papi__evset_destroy(int id);
int papi__evset_cleanup(int id);
void papi__evset_destroy_all(void);

/* Look up an EventSet; NULL when there is none with that id. */
struct papi__evset *papi__evset_get(int id);

int papi__evset_assign(int id, int cidx);
int papi__evset_add(int id, int code);
int papi__evset_remove(int id, int code);
int papi__evset_list(int id, int *codes, int *number);
int papi__evset_num_events(int id);
int papi__evset_state(int id, int *state);
int papi__evset_cidx(int id);

int papi__evset_start(int id);
int papi__evset_stop(int id, long long *values);
/* User event idx's value from the natives' values raw (a sum, difference
 * or postfix formula of its terms), as PAPI_read reports it. Arithmetic
 * only: async-signal-safe, so software overflow's handler uses it too. */
long long papi__evset_event_value(const struct papi__evset *es, int idx,
				  const long long *raw);
int papi__evset_read(int id, long long *values);
/* PAPI_read of set id the long way, for a component's shortcut that does
 * not serve this call (cmp.h, direct); errors reported as PAPI_read's. */
int papi__evset_read_declined(int id, long long *values);
int papi__evset_accum(int id, long long *values);
int papi__evset_reset(int id);

/* Reprogram for new options (domain, granularity, attach); on failure
 * the set keeps its old options. */
int papi__evset_set_opts(int id, const struct papi__ctl_opts *opts);
int papi__evset_get_opts(int id, struct papi__ctl_opts *opts);

#endif
