/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_ARCH_X86_H
#define PAPI_ARCH_X86_H

#include <stdint.h>

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

#endif
