/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_HL_H
#define PAPI_CORE_HL_H

/*
 * PAPI 7's high-level API: named regions per thread, nested, measured with
 * one EventSet per component and thread, and a JSON report per process
 * written at exit (tools/papi_hl_output_writer/README.md has the format and
 * the environment variables).
 *
 * hl.c          the region calls and the thread's EventSets
 * hl_events.c   which events: PAPI_EVENTS, or the defaults and fallback
 * hl_report.c   the output directory and the JSON report
 *
 * Shared state: one struct papi__hl (papi__lib.hl, created on the first
 * region and guarded by the library lock) and one struct papi__hl_local
 * per thread (papi__thread.hl, touched by its own thread only). A record
 * (struct papi__hl_rec) is written by its thread alone, without the lock,
 * and read by the report at exit, under the lock: what the report may
 * read is published with release stores (nregions, a region's closed
 * and nreads), and what it reads through (regions[], a region's reads)
 * is only replaced under the lock.
 */
#include "core/lib.h"

/* The public calls, for the calling thread, whole: each checks its
 * argument (NULL is PAPI_EINVAL) and returns PAPI_OK or a PAPI_E* code it
 * has reported (papi__err_report) under the public name, so that the API
 * layer is a tail call. */
int papi__hl_region_begin(const char *region);
int papi__hl_read(const char *region);
int papi__hl_region_end(const char *region);
/* Stop this thread's high-level EventSets: PAPI_ENOEVNT when they are not
 * counting. */
int papi__hl_stop(void);
/* Whether this thread's high-level EventSets are counting. */
int papi__hl_running(void);
/* The thread whose papi__hl_local this is exits (core/lib.c, with the
 * library lock held): its EventSets go; the state stays for the caller
 * to free, its record for the report. */
void papi__hl_thread_exit(void *local);

/* ---- internal to core/hl*.c ------------------------------------------ */

/* Two numbers come before the events in every row of values. */
#define PAPI__HL_CYCLES 0 /* PAPI_get_real_cyc() */
#define PAPI__HL_NSEC 1   /* PAPI_get_real_nsec() */
#define PAPI__HL_FIXED 2

struct papi__hl_event {
	char *name; /* as requested, without "=instant" / "=delta" */
	int code;    /* when chosen; threads look the name up again */
	int cidx;
	int instant; /* report the value at the end, not the difference */
	char cmp[PAPI_MIN_STR_LEN]; /* its component's name */
};

/* One component's events: ev[first .. first + n - 1]. */
struct papi__hl_set {
	int cidx;
	int first;
	int n;
};

/* One begin..end of a region. v[] holds 2 * nvals numbers: the readings
 * at begin, then the readings at end once closed; reads are rows of nvals
 * readings. A reading is what read_now (hl.c) stores: the counts, and
 * the clocks raw where they tick (papi__hl_value turns a reading into the
 * region's value, the difference or an instant event's value, when the
 * report is written, so that no call that counts does it). */
struct papi__hl_region {
	char *name;
	int id;
	int parent; /* id of the enclosing region, or -1 */
	int closed;
	int nreads;
	int reads_left;       /* rows free at next_read */
	long long *reads;     /* nreads rows of nvals readings */
	long long *next_read; /* where the next read goes */
	long long v[];
};

/* What one thread context recorded; owned by struct papi__hl, so that it
 * outlives the thread for the report. */
struct papi__hl_rec {
	unsigned long tid;
	int seq; /* creation order: one thread may have several contexts */
	int nregions, cap;
	struct papi__hl_region **regions; /* in begin order; id = index */
	int depth, stack_cap;
	int *stack; /* ids of the open regions, innermost last */
	struct papi__hl_rec *next;
	/* Storage (hl.c), so that a begin allocates nothing in steady
	 * state: regions are carved from chunks of slots (pool: the next
	 * free slot, pool_left of them), and their names point to one copy
	 * per distinct name (names[]; last: the name of the last begin). */
	void *chunks; /* each chunk starts with the pointer to the previous */
	char *pool;
	int pool_left;
	int nnames, names_cap;
	char **names;
	const char *last;
};

struct papi__hl {
	int pid; /* the report is this process's, not a fork child's */
	int verbose;
	int multiplex;
	int report_stdout;
	char *outdir;
	int nev;
	struct papi__hl_event *ev; /* grouped by component, see set[] */
	int nsets;
	struct papi__hl_set set[PAPI__MAX_CMP];
	struct papi__hl_rec *recs, **tail;
	int nrecs;
	int written;
	/* Nanoseconds and cycles per tick of the cycle counter, where
	 * PAPI_get_real_cyc() scales the generic timer (arm64): readings
	 * then hold the raw ticks in both clock slots; else 0 (hl.c). */
	double tick_ns, tick_cyc;
	int raw_ticks; /* tick_ns and tick_cyc are set */
};

/* A thread's EventSets and scratch. Flat: lib.c frees it with free(). */
struct papi__hl_local {
	struct papi__hl_rec *rec;
	struct papi__hl *hl; /* papi__lib.hl */
	int running;
	int rebased; /* base[] holds counts (a stop happened): add them */
	/* evset[0] while the sets run and there is one (the usual case:
	 * read without a loop), else -1. */
	int one_set;
	int evset[PAPI__MAX_CMP];
	/* base[nev]: counts of the sets before their last stop, so that
	 * values keep growing across a restart. */
	long long base[];
};

static inline int papi__hl_nvals(const struct papi__hl *hl)
{
	return PAPI__HL_FIXED + hl->nev;
}

/* The region's value i from the readings at its begin and at a later
 * point (its end or a read). */
long long papi__hl_value(const struct papi__hl *hl, const long long *begin,
			 const long long *at, int i);

/* hl_events.c: choose the events (environment, defaults, fallback) and
 * group them by component. Called once, with the library lock held. */
int papi__hl_choose_events(struct papi__hl *hl);
/* Create one thread's EventSets; on failure none is left. */
int papi__hl_sets_create(const struct papi__hl *hl, int *evset);
void papi__hl_sets_destroy(const struct papi__hl *hl, int *evset);

/* hl_report.c: the output directory (moving an older one aside, as PAPI
 * does) at start-up, and the report at exit. */
int papi__hl_report_init(struct papi__hl *hl);
void papi__hl_report_write(struct papi__hl *hl);
void papi__hl_free(struct papi__hl *hl);
/* hl.c: free what a record holds (its regions, names, storage) and it. */
void papi__hl_rec_free(struct papi__hl_rec *rec);

/* PAPI_HL_VERBOSE messages, on stderr, prefixed "PAPI-HL". */
__attribute__((format(printf, 3, 4))) void
papi__hl_say(const struct papi__hl *hl, const char *kind, const char *fmt, ...);
/* The same on stderr whatever PAPI_HL_VERBOSE says: what the user must
 * not miss (a report written elsewhere or not at all, an event left out). */
__attribute__((format(printf, 2, 3))) void
papi__hl_warn(const char *kind, const char *fmt, ...);

#endif
