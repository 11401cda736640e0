/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_ARCH_GENERIC_H
#define PAPI_ARCH_GENERIC_H

#include <stdint.h>

#define PAPI__ARCH_NAME "generic"

static inline int papi__arch_has_cycle_counter(void)
{
	return 0;
}

static inline uint64_t papi__arch_cycle_counter(void)
{
	return 0;
}

/* Does the cycle counter tick at (about) the CPU's nominal clock, so that
 * PAPI_get_real_cyc may return it as is? */
static inline int papi__arch_cycles_are_cpu_clock(void)
{
	return 0;
}

/* Rate of the cycle counter in Hz when the CPU tells it, else 0. */
static inline uint64_t papi__arch_cycle_counter_hz(void)
{
	return 0;
}

/* No user-space counter reads: every read takes the read() system call. */
static inline uint64_t papi__arch_perf_clock(void)
{
	return 0;
}

static inline int papi__arch_has_pmc_read(void)
{
	return 0;
}

static inline int papi__arch_read_pmc(uint32_t index, uint64_t *val)
{
	(void)index;
	*val = 0;
	return 0;
}

/* 0: "unknown", which never matches a recorded owner. */
static inline uintptr_t papi__arch_thread_pointer(void)
{
	return 0;
}

/* 0: "unknown" (added for overflow). */
static inline uintptr_t papi__arch_ucontext_pc(const void *uc)
{
	(void)uc;
	return 0;
}

#endif
