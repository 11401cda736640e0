/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_PE_MMAP_H
#define PAPI_PE_MMAP_H

/*
 * Reading a perf_event counter in user space, through the page the kernel
 * maps for the event (struct perf_event_mmap_page), as the comment on that
 * struct in include/uapi/linux/perf_event.h describes: a sequence count
 * (lock) around a snapshot of index, offset, pmc_width and the times; the
 * count is offset plus the hardware counter number index - 1, sign-extended
 * from pmc_width bits. The kernel rewrites the page whenever the event is
 * scheduled in or out or moves to another counter, always on the CPU the
 * counted thread runs on and never while that thread is in the middle of
 * user code, which is why compiler barriers are enough ("only works on
 * self-monitoring processes").
 *
 * The functions here are inline and take the counter and clock readers as
 * arguments, so that the library passes the processor's instructions
 * (src/arch) and tests/unit/test_pe_mmap.c passes a simulated PMU to the
 * very same code.
 */
#include <stdint.h>

/* libpfm4's copy of the kernel's definitions (see pe.h). */
#include <perfmon/pfmlib_perf_event.h>

/* perf_event_mmap_page.capabilities bits (linux/perf_event.h). */
#define PE_CAP_USER_RDPMC (1ull << 2)
#define PE_CAP_USER_TIME (1ull << 3)
#define PE_CAP_USER_TIME_SHORT (1ull << 5)

/*
 * Snapshots tried before giving up on the page and using read(). A changed
 * lock means the kernel rewrote the page during the snapshot (a context
 * switch, a migration, a counter reassignment), which takes far longer than
 * the snapshot: two in a row are already rare, and PAPI 7's loop, which
 * has no bound, could spin for as long as that keeps happening.
 */
#define PE_MMAP_TRIES 4

/* Read the counter the page's index names (1-based): 1 and *val, or 0
 * for index 0 (the event is on no counter now) or a counter this processor
 * cannot name. */
typedef int (*pe_pmc_fn)(uint32_t index, uint64_t *val);
/* The clock the page's time_mult/time_shift convert to nanoseconds. */
typedef uint64_t (*pe_clock_fn)(void);

struct pe_mmap_sample {
	uint64_t count; /* offset + counter */
	uint64_t enabled; /* time_enabled, ns, as of the read */
	uint64_t running; /* time_running, ns, as of the read */
};

#define pe_barrier() __asm__ __volatile__("" ::: "memory")

/* Sign-extend a pmc_width-bit counter (the kernel doc's pmc <<= 64 - width;
 * pmc >>= 64 - width). GCC's >> of a negative value is arithmetic. */
static inline uint64_t pe_sext(uint64_t raw, unsigned int width)
{
	unsigned int s = (64u - width) & 63u;

	return (uint64_t)((int64_t)(raw << s) >> s);
}

/* Nanoseconds since the kernel wrote the page, from a clock reading:
 * time_offset + cyc * time_mult >> time_shift, split into quotient and
 * remainder as the kernel doc does so that cyc * mult cannot overflow. */
static inline uint64_t pe_time_delta(uint64_t cyc, uint64_t offset,
				     uint32_t mult, unsigned int shift)
{
	uint64_t quot, rem;

	shift &= 63u;
	quot = cyc >> shift;
	rem = cyc & ((1ull << shift) - 1);
	return offset + quot * mult + ((rem * mult) >> shift);
}

/* count * enabled / running exactly (128-bit product, one division): the
 * estimate for an event that ran only part of the time it was enabled. */
static inline long long pe_scale(uint64_t count, uint64_t enabled,
				 uint64_t running)
{
	if (running >= enabled)
		return (long long)count;
	if (running == 0)
		return 0;
	return (long long)((unsigned __int128)count * enabled / running);
}

/*
 * The event's count now, in *count. With gap not NULL, also
 * time_enabled - time_running from the same snapshot: while the event is on
 * a counter both times advance together, so an unchanged gap proves the
 * event was never descheduled since an earlier snapshot, and no clock needs
 * reading. 0, or -1 when the page says the counter cannot be read here
 * (no cap_user_rdpmc, index 0: the event is not on a counter now) or kept
 * changing for PE_MMAP_TRIES snapshots; the caller then uses read(). An odd
 * lock is a writer in the middle of an update (the kernel's
 * perf_event_update_userpage increments it before and after) and is
 * retried like a changed one.
 */
static inline __attribute__((always_inline)) int
pe_mmap_count(const struct perf_event_mmap_page *pg, pe_pmc_fn pmc,
	      uint64_t *count, uint64_t *gap)
{
	const volatile struct perf_event_mmap_page *vp = pg;
	int tries = PE_MMAP_TRIES;

	do {
		uint32_t seq = vp->lock, idx;
		uint64_t caps, off, raw, en = 0, run = 0;
		unsigned int width;

		pe_barrier();
		idx = pg->index;
		off = (uint64_t)pg->offset;
		caps = pg->capabilities;
		width = pg->pmc_width;
		if (gap) {
			en = pg->time_enabled;
			run = pg->time_running;
		}
		/* pmc() refuses index 0 itself: on arm64 the same compare
		 * that bounds the index. */
		if (!(caps & PE_CAP_USER_RDPMC) || !pmc(idx, &raw))
			return -1;
		pe_barrier();
		if (vp->lock == seq && !(seq & 1)) {
			*count = off + pe_sext(raw, width);
			if (gap)
				*gap = en - run;
			return 0;
		}
	} while (--tries);
	return -1;
}

/*
 * Count, time_enabled and time_running as of now (the page's times plus
 * the nanoseconds since the kernel wrote it, which cap_user_time lets us
 * compute; with cap_user_time_short the clock is narrower than 64 bits and
 * is widened around time_cycles first). The event is on a counter
 * (index != 0), so running advances with enabled. 0, or -1 as for
 * pe_mmap_count and when the page lacks cap_user_time.
 */
static inline int pe_mmap_timed(const struct perf_event_mmap_page *pg,
				pe_pmc_fn pmc, pe_clock_fn clock,
				struct pe_mmap_sample *s)
{
	const volatile struct perf_event_mmap_page *vp = pg;
	int tries = PE_MMAP_TRIES;

	do {
		uint32_t seq = vp->lock, idx, mult;
		uint64_t caps, off, raw, en, run, toff, tcyc, tmask, cyc;
		unsigned int width, shift;

		pe_barrier();
		idx = pg->index;
		off = (uint64_t)pg->offset;
		caps = pg->capabilities;
		width = pg->pmc_width;
		en = pg->time_enabled;
		run = pg->time_running;
		mult = pg->time_mult;
		shift = pg->time_shift;
		toff = pg->time_offset;
		tcyc = pg->time_cycles;
		tmask = pg->time_mask;
		if (!(caps & PE_CAP_USER_RDPMC) || !(caps & PE_CAP_USER_TIME) ||
		    !idx)
			return -1;
		cyc = clock();
		if (!pmc(idx, &raw))
			return -1;
		pe_barrier();
		if (vp->lock == seq && !(seq & 1)) {
			if (caps & PE_CAP_USER_TIME_SHORT)
				cyc = tcyc + ((cyc - tcyc) & tmask);
			cyc = pe_time_delta(cyc, toff, mult, shift);
			s->count = off + pe_sext(raw, width);
			s->enabled = en + cyc;
			s->running = run + cyc;
			return 0;
		}
	} while (--tries);
	return -1;
}

/* pe_mmap.c */
struct pe_state;

/* Map the user page of a perf_event fd: PAPI_OK or an error (the caller
 * then reads that event with read() only). */
int papi__pe_mmap_open(int fd, struct perf_event_mmap_page **pg);
void papi__pe_mmap_close(struct perf_event_mmap_page *pg);

/*
 * Find out at init whether counters can be read in user space here, and
 * how events must ask for it: sets st->user_read, and st->rdpmc_type and
 * st->rdpmc_config1 from the PMU whose sysfs format has an "rdpmc" term
 * (arm64: config1 bit 1, Documentation/arch/arm64/perf.rst). Opens a
 * cycles event, maps its page and enables it once: the page's
 * cap_user_rdpmc and index are the kernel's own answer (x86: the "rdpmc"
 * sysfs switch; arm64: /proc/sys/kernel/perf_user_access).
 */
void papi__pe_mmap_probe(struct pe_state *st);

/* Ask attr's event for user-space reads where its PMU needs asking. */
void papi__pe_mmap_attr(const struct pe_state *st,
			struct perf_event_attr *attr);

/* Can an event of this type have its counter read in user space? Hardware
 * types and dynamic PMUs; not software, tracepoint or breakpoint events,
 * whose pages never have an index. */
int papi__pe_mmap_type_ok(unsigned int type);

#endif
