// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_read's shortcut (cmp.h, direct): the functions PAPI_read tail-calls
 * for a running set of one group in set order ("plain", pe_count.c), the
 * thread that runs it calling. Every instruction here is one the caller's
 * counters count, so each function does one thing:
 *
 * - the user-space read, for the thread the counters count when every
 *   page can serve: per event the mmap page protocol (pe_mmap.h) without
 *   its retry loop (cap_user_rdpmc and index, the counter, the lock), the
 *   count since the baseline stored in the caller's array, and no look at
 *   the times. Until the pages are mapped (at the first read, pe_count.c)
 *   the shortcut is direct_first, which maps them and moves the thread's
 *   shortcut on to this read. A plain group's leader is pinned
 *   (pe_ctl.c): the kernel never multiplexes it, it is on its counters
 *   whenever the thread runs or in an error state whose pages say index
 *   0, so its counts never need scaling. A changed or odd lock, or a
 *   page without cap_user_rdpmc or with index 0, hands the call to the
 *   long way (the core's decline), which retries, falls back to read()
 *   and reports errors.
 *   For 1 to 4 events the read is unrolled, and where every counter is
 *   32 bits wide (arm64's PMUv3 without "long" events) the sign extension
 *   is the add's own; otherwise a loop with the general extension.
 * - the read() path: one read() of the group and the differences, the
 *   kernel listing the leader and then the members in the order they
 *   joined the group, which is set order (perf_group_attach appends);
 *   pinned, so with no scaling either.
 *
 * The component's own user-space samples (start, reset, accum, stop and
 * the long way's read) call the same function as PAPI_read, so that the
 * instructions between two counters' reads are the same in every sample
 * and cancel out of every count: events of the group that count the same
 * thing report the same number (tests/hw/test_hw_groups.c).
 */
#include <stdint.h>

#include "arch/arch.h"
#include "components/perf_event/pe_ctl.h"
#include "components/perf_event/pe_mmap.h"
#include "core/err.h"
#include "core/evset.h"
#include "core/lib.h"
#include "os/os.h"

/* One event through its page: the count since its baseline into *v; 0,
 * or -1 where the page does not serve now. The documented protocol reads
 * the counter only while the page says cap_user_rdpmc, in the same
 * snapshot as index: the kernel may withdraw user-space reads from an
 * event that stays on its counter, leaving index as it was (the
 * instruction would then fault). */
static inline __attribute__((always_inline)) int
direct_one(const struct pe_evt *e, long long *v, int narrow)
{
	const volatile struct perf_event_mmap_page *pg = e->pg;
	uint32_t seq = pg->lock;
	uint64_t off, raw;

	pe_barrier();
	off = (uint64_t)pg->offset;
	if (!(pg->capabilities & PE_CAP_USER_RDPMC) ||
	    !papi__arch_read_pmc(pg->index, &raw))
		return -1;
	pe_barrier();
	if (pg->lock != seq || (seq & 1))
		return -1;
	if (narrow)
		off += (uint64_t)(int64_t)(int32_t)raw;
	else
		off += (uint64_t)((int64_t)(raw << e->shift) >> e->shift);
	*v = (long long)(off - e->base);
	return 0;
}

/* The shortcut for n events (name), and the same read for the
 * component's own samples (name##_sample), which answers -1 where the
 * pages do not serve instead of declining: two functions, so that a
 * sample never changes where a read declines to (a read in a signal
 * handler that interrupts a sample must still decline to the long way).
 * n is a constant in all but the last two. */
#define DIRECT_USER(name, n, narrow)                                           \
	static inline __attribute__((always_inline)) int name##_pages(         \
		const struct papi__cmp_ctl *ctl, long long *values)            \
	{                                                                      \
		const struct pe_evt *e = ctl->ev;                              \
		int i;                                                         \
                                                                               \
		_Pragma("GCC unroll 4")                                        \
		for (i = 0; i < (n); i++)                                      \
			if (direct_one(&e[i], &values[i], narrow))             \
				return -1;                                     \
		return 0;                                                      \
	}                                                                      \
	static int name(void *arg, long long *values)                          \
	{                                                                      \
		const struct papi__cmp_ctl *ctl = arg;                         \
                                                                               \
		if (name##_pages(ctl, values))                                 \
			return ctl->decline(ctl->key, values);                 \
		return PAPI_OK;                                                \
	}                                                                      \
	static int name##_sample(void *arg, long long *values)                 \
	{                                                                      \
		return name##_pages(arg, values);                              \
	}

DIRECT_USER(user_narrow1, 1, 1)
DIRECT_USER(user_narrow2, 2, 1)
DIRECT_USER(user_narrow3, 3, 1)
DIRECT_USER(user_narrow4, 4, 1)
DIRECT_USER(user_narrow, ctl->n, 1)
DIRECT_USER(user_wide, ctl->n, 0)

/* Anything but the whole group read: an error is the caller's, anything
 * else odd the long way's. */
static __attribute__((noinline)) int direct_syscall_odd(struct papi__cmp_ctl *ctl,
							 long long *values,
							 long got)
{
	if (got < 0)
		return papi__err_report("PAPI_read",
					papi__err_from_errno((int)got));
	return ctl->decline(ctl->key, values);
}

static int direct_syscall(void *arg, long long *values)
{
	struct papi__cmp_ctl *ctl = arg;
	/* This call's own buffer (pe_count.c, PE_GROUP_WORDS). */
	unsigned long long buf[3 + 2 * (size_t)ctl->n];
	long got = papi__os_read(ctl->ev[0].fd, buf, ctl->rlen);
	const unsigned long long *b = buf + 3, *end;
	const struct pe_evt *e = ctl->ev;

	if (got != (long)ctl->rlen)
		return direct_syscall_odd(ctl, values, got);
	/* Pinned: no times to look at (pe_count.c, fill_group). */
	end = b + 2 * ctl->n;
	do {
		*values++ = (long long)(*b - e->base);
		e++;
		b += 2;
	} while (b < end);
	return PAPI_OK;
}

/*
 * PAPI_read's shortcut for a running set whose pages are not mapped yet,
 * armed at start for the owner: this first call maps them (pe_count.c,
 * papi__pe_lazy_map, which also maps for PAPI_accum and PAPI_reset) and
 * points the thread's shortcut at the read they allow, so that later
 * calls cost what they cost when the pages were mapped at start.
 */
static int direct_first(void *arg, long long *values)
{
	struct papi__cmp_ctl *ctl = arg;
	papi__direct_fn fn;

	papi__pe_lazy_map(ctl);
	fn = ctl->user_fn && pe_owner_here(ctl) ? ctl->user_fn : direct_syscall;
	/* In a signal handler that interrupted the mapping, this call reads
	 * with read() and the interrupted one moves the shortcut on. */
	if (!ctl->mapping)
		papi__direct_retarget(ctl->key, arg, fn);
	return fn(arg, values);
}

void papi__pe_direct_plan(struct papi__cmp_ctl *ctl)
{
	static const papi__direct_fn narrow_fn[] = {
		user_narrow1, user_narrow2, user_narrow3, user_narrow4
	};
	static const papi__direct_fn narrow_sample[] = {
		user_narrow1_sample, user_narrow2_sample, user_narrow3_sample,
		user_narrow4_sample
	};
	const volatile struct perf_event_mmap_page *pg;
	int i, narrow = 1;

	/* The decline stays as papi__pe_direct set it (the samples do not go
	 * through it), and is not touched here at all: a start must run the
	 * same instructions every time, its first too, since the counters
	 * count them (tests/hw/test_hw_groups.c). */
	ctl->user_fn = NULL;
	ctl->user_sample = NULL;
	if (!ctl->plain_user || !ctl->owner || ctl->owner == PE_NO_OWNER)
		return;
	/* A counter's width is fixed for the event's life (the PMU's, or
	 * 64 for arm64's "long" events); the kernel wrote it when the
	 * ENABLE just before put the events on their counters. So it is
	 * looked at once after an event is opened. */
	for (i = 0; !ctl->widths && i < ctl->n; i++) {
		pg = ctl->ev[i].pg;
		if (pg->pmc_width == 0 || pg->pmc_width > 64)
			return;
		ctl->ev[i].shift = (64u - pg->pmc_width) & 63u;
		narrow = narrow && pg->pmc_width == 32;
	}
	if (!ctl->widths)
		ctl->widths = narrow ? 32 : 64;
	narrow = ctl->widths == 32;
	if (!narrow) {
		ctl->user_fn = user_wide;
		ctl->user_sample = user_wide_sample;
	} else if (ctl->n <= 4) {
		ctl->user_fn = narrow_fn[ctl->n - 1];
		ctl->user_sample = narrow_sample[ctl->n - 1];
	} else {
		ctl->user_fn = user_narrow;
		ctl->user_sample = user_narrow_sample;
	}
}

/* Writes nothing of ctl: a read in a signal handler may come in the middle
 * (it declines through ctl->decline, which stays the core's). */
int papi__pe_direct_sample(struct papi__cmp_ctl *ctl, long long *out)
{
	if (!ctl->user_fn || !ctl->user_sample)
		return -1;
	return ctl->user_sample(ctl, out) == 0 ? 0 : -1;
}

int papi__pe_direct(struct papi__cmp *self, struct papi__cmp_ctl *ctl, int key,
		    papi__direct_fn *fn, void **arg)
{
	(void)self;
	if (!ctl->running || !ctl->plain)
		return PAPI_ECMP;
	ctl->key = key;
	ctl->decline = papi__evset_read_declined;
	*arg = ctl;
	*fn = direct_syscall;
	if ((ctl->user_fn || ctl->to_come) && pe_owner_here(ctl))
		*fn = ctl->user_fn ? ctl->user_fn : direct_first;
	return PAPI_OK;
}
