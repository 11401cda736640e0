// SPDX-License-Identifier: BSD-3-Clause
/*
 * Timers. Real time: the CPU's constant-rate counter where there is one
 * (rdtsc on x86) for cycles, CLOCK_MONOTONIC for micro- and nanoseconds.
 * Virtual time: the calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID);
 * virtual cycles are that time at the nominal clock rate, as in PAPI.
 * Timers work before PAPI_library_init, as PAPI's do.
 */
#include <stdint.h>

#include "api/api.h"
#include "arch/arch.h"
#include "core/lib.h"
#include "os/os.h"

static double mhz(void)
{
	const PAPI_hw_info_t *hw = papi__lib_hw();
	double m = hw->cpu_max_mhz;

	if (m <= 0)
		m = hw->mhz;
	return m > 0 ? m : 1000.0; /* unknown: 1 cycle per ns */
}

PAPI_EXPORT long long PAPI_get_real_cyc(void)
{
	uint64_t hz;

	if (papi__arch_cycles_are_cpu_clock())
		return (long long)papi__arch_cycle_counter();
	/* arm64: the generic timer's count, converted to CPU cycles at the
	 * nominal clock rate. */
	hz = papi__arch_cycle_counter_hz();
	if (papi__arch_has_cycle_counter() && hz)
		return (long long)((double)papi__arch_cycle_counter() *
				   (mhz() * 1e6 / (double)hz));
	return (long long)((double)papi__os_real_nsec() * mhz() / 1000.0);
}

PAPI_EXPORT long long PAPI_get_real_nsec(void)
{
	return papi__os_real_nsec();
}

PAPI_EXPORT long long PAPI_get_real_usec(void)
{
	return papi__os_real_nsec() / 1000;
}

PAPI_EXPORT long long PAPI_get_virt_nsec(void)
{
	return papi__os_virt_nsec();
}

PAPI_EXPORT long long PAPI_get_virt_usec(void)
{
	return papi__os_virt_nsec() / 1000;
}

PAPI_EXPORT long long PAPI_get_virt_cyc(void)
{
	return (long long)((double)papi__os_virt_nsec() * mhz() / 1000.0);
}
