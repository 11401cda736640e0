/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_ARCH_X86_H
#define PAPI_ARCH_X86_H

#include <stdint.h>
#include <ucontext.h>

#define PAPI__ARCH_NAME "x86_64"

/* The time-stamp counter: constant-rate on every x86 CPU made this century
 * that Linux trusts as a clock source, so it serves PAPI_get_real_cyc. */
static inline int papi__arch_has_cycle_counter(void)
{
	return 1;
}

static inline uint64_t papi__arch_cycle_counter(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* Does the cycle counter tick at (about) the CPU's nominal clock, so that
 * PAPI_get_real_cyc may return it as is? */
static inline int papi__arch_cycles_are_cpu_clock(void)
{
	return 1;
}

/* Rate of the cycle counter in Hz when the CPU tells it, else 0. */
static inline uint64_t papi__arch_cycle_counter_hz(void)
{
	return 0;
}

/* The counter that perf_event's time_mult/time_shift convert to
 * nanoseconds when the mmap page says cap_user_time: the TSC on x86
 * (arch/x86/events/core.c, arch_perf_update_userpage). */
static inline uint64_t papi__arch_perf_clock(void)
{
	return papi__arch_cycle_counter();
}

/* Can this CPU read PMU counters from user space at all? */
static inline int papi__arch_has_pmc_read(void)
{
	return 1;
}

/*
 * Read the counter that perf_event_mmap_page.index names (1-based): rdpmc
 * takes index - 1 in ecx. 1, or 0 for index 0 ("on no counter now"); the
 * arm64 version also says 0 for a counter it cannot name.
 */
static inline int papi__arch_read_pmc(uint32_t index, uint64_t *val)
{
	uint32_t lo, hi;

	if (!index)
		return 0;
	__asm__ __volatile__("rdpmc" : "=a"(lo), "=d"(hi) : "c"(index - 1));
	*val = ((uint64_t)hi << 32) | lo;
	return 1;
}

/* A value that differs between any two live threads and costs one load:
 * the TCB's self pointer at %fs:0 (x86-64) or %gs:0 (i386), which the
 * psABI TLS model guarantees. */
static inline uintptr_t papi__arch_thread_pointer(void)
{
	uintptr_t tp;

#if defined(__x86_64__)
	__asm__("mov %%fs:0, %0" : "=r"(tp));
#else
	__asm__("mov %%gs:0, %0" : "=r"(tp));
#endif
	return tp;
}

/* The interrupted program counter in a signal handler's ucontext (added
 * for overflow; async-signal-safe). */
static inline uintptr_t papi__arch_ucontext_pc(const void *uc)
{
	const ucontext_t *u = uc;

#if defined(__x86_64__)
	return (uintptr_t)u->uc_mcontext.gregs[REG_RIP];
#else
	return (uintptr_t)u->uc_mcontext.gregs[REG_EIP];
#endif
}

#endif
