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

#endif
