// SPDX-License-Identifier: BSD-3-Clause
/*
 * A library with software-defined events, for the tests: loaded with
 * dlopen after PAPI_library_init (test_sde_dlopen.c), or preloaded into
 * papi_native_avail (sde_native_avail.sh). It registers its counters when
 * it is loaded, from a constructor.
 */
#include "sde_lib.h"

void sdetest_work(int n);
long long sdetest_total(void);

static long long done; /* a registered variable */
static void *calls;    /* a created counter */

__attribute__((constructor)) static void sdetest_init(void)
{
	papi_handle_t h = papi_sde_init("DL_Test");

	papi_sde_register_counter(h, "ITEMS", PAPI_SDE_RO | PAPI_SDE_DELTA,
				  PAPI_SDE_long_long, &done);
	papi_sde_describe_counter(h, "ITEMS", "Items the test library made");
	papi_sde_create_counter(h, "CALLS", PAPI_SDE_DELTA, &calls);
	papi_sde_describe_counter(h, "CALLS", "Calls of sdetest_work");
}

void sdetest_work(int n)
{
	done += n;
	papi_sde_inc_counter(calls, 1);
}

long long sdetest_total(void)
{
	return done;
}
