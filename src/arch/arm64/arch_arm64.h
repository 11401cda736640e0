/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_ARCH_ARM64_H
#define PAPI_ARCH_ARM64_H

#include <stdint.h>
#include <ucontext.h>

#define PAPI__ARCH_NAME "aarch64"

/* The generic timer's virtual count (CNTVCT_EL0) is readable from user space
 * on Linux; it ticks at CNTFRQ_EL0, not at the core clock. */
static inline int papi__arch_has_cycle_counter(void)
{
	return 1;
}

static inline uint64_t papi__arch_cycle_counter(void)
{
	uint64_t v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
	return v;
}

static inline uint64_t papi__arch_cycle_counter_hz(void)
{
	uint64_t f;

	__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
	return f;
}

/* Does the cycle counter tick at (about) the CPU's nominal clock, so that
 * PAPI_get_real_cyc may return it as is? */
static inline int papi__arch_cycles_are_cpu_clock(void)
{
	return 0;
}

/* The counter that perf_event's time_mult/time_shift convert to
 * nanoseconds when the mmap page says cap_user_time: the generic timer
 * that sched_clock reads (arch/arm64/kernel/perf_event.c,
 * arch_perf_update_userpage). No isb: the seqlock loop orders it. */
static inline uint64_t papi__arch_perf_clock(void)
{
	uint64_t v;

	__asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(v));
	return v;
}

/* EL0 may read the PMU when the kernel allows it (perf_user_access=1 and
 * the event asked with config1's "rdpmc" bit); the mmap page says so. */
static inline int papi__arch_has_pmc_read(void)
{
	return 1;
}

/*
 * The event counter is named in the mrs instruction itself, so a variable
 * counter needs a jump table. It has 64 entries indexed by the page's
 * index as is (masked to 6 bits, so no value can leave the table): entry
 * n in 1..31 reads PMEVCNTR<n-1>_EL0, entry 32 the cycle counter (the
 * kernel reports it as index 32, Documentation/arch/arm64/perf.rst), and
 * every other entry, index 0 ("on no counter now") first, jumps to the
 * caller's "no" path (asm goto). Six instructions per read: and, adr,
 * add, br, mrs, b. A table of direct reads rather than PMSELR_EL0 +
 * PMXEVCNTR_EL0, which would be as short, because the selector write
 * needs an isb (a pipeline flush on real cores) where the table's
 * indirect branch is predicted, and because the selector is state that
 * something between the two instructions could change. With branch
 * protection each entry starts with a landing pad.
 */
/* One table entry per line reads best: */
/* clang-format off */
#if defined(__ARM_FEATURE_BTI_DEFAULT) && __ARM_FEATURE_BTI_DEFAULT
#define PAPI__PMC_PAD "bti j\n\t"
#define PAPI__PMC_TAIL "\n\tnop\n\t"
#define PAPI__PMC_SHIFT "4"
#else
#define PAPI__PMC_PAD ""
#define PAPI__PMC_TAIL "\n\t"
#define PAPI__PMC_SHIFT "3"
#endif
#define PAPI__PMC(n)                                                           \
	PAPI__PMC_PAD "mrs %0, pmevcntr" #n "_el0\n\tb 2f" PAPI__PMC_TAIL
#define PAPI__PMC8(a, b, c, d, e, f, g, h)                                     \
	PAPI__PMC(a) PAPI__PMC(b) PAPI__PMC(c) PAPI__PMC(d) PAPI__PMC(e)       \
	PAPI__PMC(f) PAPI__PMC(g) PAPI__PMC(h)
#define PAPI__PMC_NO PAPI__PMC_PAD "b %l[no]\n\tnop" PAPI__PMC_TAIL
#define PAPI__PMC_NO8                                                          \
	PAPI__PMC_NO PAPI__PMC_NO PAPI__PMC_NO PAPI__PMC_NO PAPI__PMC_NO       \
	PAPI__PMC_NO PAPI__PMC_NO PAPI__PMC_NO

static inline __attribute__((always_inline)) int
papi__arch_read_pmc(uint32_t index, uint64_t *val)
{
	uint64_t v, t;

	__asm__ goto(
		"and %w1, %w2, #63\n\t"
		"adr %0, 1f\n\t"
		"add %1, %0, %1, lsl #" PAPI__PMC_SHIFT "\n\t"
		"br %1\n"
		"1:\n\t"
		PAPI__PMC_NO
		PAPI__PMC8(0, 1, 2, 3, 4, 5, 6, 7)
		PAPI__PMC8(8, 9, 10, 11, 12, 13, 14, 15)
		PAPI__PMC8(16, 17, 18, 19, 20, 21, 22, 23)
		PAPI__PMC(24) PAPI__PMC(25) PAPI__PMC(26) PAPI__PMC(27)
		PAPI__PMC(28) PAPI__PMC(29) PAPI__PMC(30)
		PAPI__PMC_PAD "mrs %0, pmccntr_el0\n\tb 2f" PAPI__PMC_TAIL
		PAPI__PMC_NO PAPI__PMC_NO PAPI__PMC_NO PAPI__PMC_NO PAPI__PMC_NO
		PAPI__PMC_NO PAPI__PMC_NO
		PAPI__PMC_NO8 PAPI__PMC_NO8 PAPI__PMC_NO8
		"2:"
		: "=&r"(v), "=&r"(t)
		: "r"(index)
		:
		: no);
	*val = v;
	return 1;
no:
	return 0;
}
/* clang-format on */

/* A value that differs between any two live threads: TPIDR_EL0, the
 * thread pointer the AAPCS64 TLS model keeps there. */
static inline uintptr_t papi__arch_thread_pointer(void)
{
	uintptr_t tp;

	__asm__("mrs %0, tpidr_el0" : "=r"(tp));
	return tp;
}

/* The interrupted program counter in a signal handler's ucontext (added
 * for overflow; async-signal-safe). */
static inline uintptr_t papi__arch_ucontext_pc(const void *uc)
{
	const ucontext_t *u = uc;

	return (uintptr_t)u->uc_mcontext.pc;
}

#endif
