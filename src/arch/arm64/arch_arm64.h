/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_ARCH_ARM64_H
#define PAPI_ARCH_ARM64_H

#include <stdint.h>

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

#endif
