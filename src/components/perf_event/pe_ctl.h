/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_PE_CTL_H
#define PAPI_PE_CTL_H

/*
 * The control state of one EventSet, shared by pe_ctl.c (opening, closing,
 * adding, removing) and pe_count.c (start, stop, read, reset). See
 * pe_ctl.c for the group layout and pe_count.c for the baselines.
 */
#include <stdint.h>

#include "arch/arch.h"
#include "components/perf_event/pe.h"

struct pe_evt {
	/* NULL: read() only, or not mapped yet (mappable). */
	struct perf_event_mmap_page *pg;
	/* Its page may serve user-space reads: mapped at the first such
	 * read of a running set (pe_ctl.c, papi__pe_map_pages), 0 again
	 * when the mapping fails. */
	int mappable;
	uint64_t base; /* raw count at the baseline */
	int leader; /* leads a group: the main one or its own (solo) */
	int solo;
	int fd;
	unsigned int code;
	unsigned long long id;
	/* Leaders only: the group's times at the baseline, their difference,
	 * and whether the baseline is known (else the next start takes it). */
	uint64_t base_en, base_run, base_gap;
	int based;
	uint64_t now; /* scratch: the count just read */
	unsigned int shift; /* 64 - the page's pmc_width (pe_direct.c) */
	unsigned int pmu; /* the core PMU it needs (pe_ctl.c, pmu_of), or 0 */
	/* Overflow (added for PAPI_overflow): the sample period, 0 for a
	 * counting event. Kept across reopening; pe_overflow.c reads it in
	 * the signal handler. */
	unsigned long long period;
	/* The kernel's overflow limit of this fd is 1 (see pe_overflow.c);
	 * cleared when a new fd has none and by the handler when it leaves
	 * the event disabled. */
	volatile int armed;
};

struct papi__cmp_ctl {
	struct papi__ctl_opts opts;
	int n, cap;
	struct pe_evt *ev;
	long long *stash; /* cap values: the counts at stop */
	int running;
	int user_read; /* the options allow user-space reads */
	/* Some mappable event has no page yet: the first user-space read of
	 * the running set maps them (pe_count.c, papi__pe_lazy_map), with
	 * mapping set meanwhile, so that a read in a signal handler that
	 * comes in the middle uses read() instead of mapping too. */
	int unmapped;
	volatile int mapping;
	/* The plan (pe_count.c): what the reads of the running set may
	 * assume, worked out from the events by the first start after they
	 * changed and kept while planned is set; everything in pe_ctl.c that
	 * changes an event, a page or the number of events clears it. One
	 * group in set order (plain), every event of it with a page
	 * (plain_user; again when the pages are mapped while it runs), the
	 * pages still to map would serve that group (to_come), some event
	 * has a page (paged), the read() length. The one group of a plain
	 * set is pinned (pe_ctl.c). */
	int planned;
	int plain, plain_user, to_come, paged;
	int sampling; /* some event has a sample period (overflow) */
	/* pe_direct.c: the counters' widths are known (ev[].shift): 32 when
	 * all are 32 bits wide, 64 when not; 0 when not known since an event
	 * was last opened. Removing events keeps it true. */
	int widths;
	size_t rlen;
	/* While running with plain_user: the owner, so that PAPI_read's one
	 * test is "called by the owner?"; else PE_NO_OWNER. */
	uintptr_t fast_owner;
	/* The thread the counters count (and may read), in the process of
	 * fork generation gen (pe_mmap.c, papi__pe_fork_gen). */
	uintptr_t owner;
	unsigned int gen;
	/* PAPI_read's shortcut (pe_direct.c): the user-space read chosen at
	 * start, or NULL; where a read it does not serve goes (the core's
	 * papi__evset_read_declined, or a quiet "no" for the component's own
	 * samples), with the set's id. */
	papi__direct_fn user_fn;
	papi__direct_fn user_sample; /* the same read for samples: -1, no decline */
	int (*decline)(int key, long long *values);
	int key;
	/* Overflow (added for PAPI_overflow): set from just before the
	 * stop's DISABLE until the next start's ENABLE, so that a signal
	 * handled in between does not re-enable a sampling event
	 * (pe_overflow.c). Volatile: the handler runs on this thread. */
	volatile int sampling_off;
};

/*
 * The argument of every ENABLE and DISABLE: the leader alone, not
 * PERF_IOC_FLAG_GROUP. Members are opened enabled and never disabled, and
 * a group counts exactly while its leader is enabled; with the flag the
 * kernel would also switch each member on and off, rescheduling the
 * context once per event (in the PMU VM, 4 events: ENABLE+DISABLE cost
 * 7541 instructions with the flag, 3500 without; docs/performance.md).
 */
#define PE_IOC_LEADER 0

/* No thread pointer is this (0 is the generic arch's "unknown"). */
#define PE_NO_OWNER UINTPTR_MAX

#define READ_FORMAT                                                            \
	(PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | \
	 PERF_FORMAT_TOTAL_TIME_RUNNING)

/* The main group's leader index among the first n events, or -1. */
static inline int main_leader(const struct papi__cmp_ctl *ctl, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!ctl->ev[i].solo && ctl->ev[i].fd >= 0)
			return i;
	return -1;
}

/* Is ev[i] in the group led by ev[l]? Members of the main group are all
 * events that lead none, and follow their leader in set order. */
static inline int in_group(const struct papi__cmp_ctl *ctl, int l, int i)
{
	return i == l || (!ctl->ev[l].solo && !ctl->ev[i].leader && i > l);
}

static inline void set_base_times(struct pe_evt *l, uint64_t en, uint64_t run)
{
	l->base_en = en;
	l->base_run = run;
	l->base_gap = en - run;
	l->based = 1;
}

/* pe_mmap.c: how many times this process is a fork child of the one that
 * loaded the library. A child has none of its parent's perf pages (the
 * kernel does not copy them), and its thread pointer may equal the
 * parent's thread's: an owner of another generation reads with read(). */
extern unsigned int papi__pe_fork_gen;
void papi__pe_fork_watch(void);

/* May the calling thread read the counters in user space? (No thread
 * pointer is PE_NO_OWNER.) */
static inline int pe_owner_here(const struct papi__cmp_ctl *ctl)
{
	return ctl->user_read && ctl->owner &&
	       papi__arch_thread_pointer() == ctl->owner &&
	       ctl->gen == papi__pe_fork_gen;
}

/* pe_ctl.c: map the page of every mappable event that has none, in the
 * groups whose every event may have one; the pages stay until the events
 * are closed. */
void papi__pe_map_pages(struct papi__cmp_ctl *ctl);

/* pe_count.c: the first user-space read of a running set, by the owner,
 * maps the pages and plans the reads they allow (as a start with pages). */
void papi__pe_lazy_map(struct papi__cmp_ctl *ctl);

/* pe_direct.c: choose the user-space read at start (after the ENABLE),
 * and sample through it: the counts since the baselines into out, as
 * PAPI_read's shortcut reads them; 0, or -1 where the pages cannot serve. */
void papi__pe_direct_plan(struct papi__cmp_ctl *ctl);
int papi__pe_direct_sample(struct papi__cmp_ctl *ctl, long long *out);

/* pe_count.c: one read() of the group led by ev[l] (see there). */
int papi__pe_group_syscall(struct papi__cmp_ctl *ctl, int l, long long *values,
			   int rebase);

#endif
