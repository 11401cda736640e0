// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI 5's classic high-level API, which PAPI 6 removed: kept so that
 * programs and course material written for it still build and run. Every
 * call initializes the library itself; src/core/classic.h has the rest.
 */
#include <stddef.h>

#include "api/api.h"
#include "core/classic.h"

PAPI_EXPORT int PAPI_start_counters(int *events, int array_len)
{
	if (!events || array_len <= 0)
		return RET(PAPI_EINVAL);
	return RET(papi__classic_start_counters(events, array_len));
}

PAPI_EXPORT int PAPI_read_counters(long long *values, int array_len)
{
	if (!values || array_len <= 0)
		return RET(PAPI_EINVAL);
	return RET(papi__classic_read_counters(values, array_len, 0));
}

PAPI_EXPORT int PAPI_accum_counters(long long *values, int array_len)
{
	if (!values || array_len <= 0)
		return RET(PAPI_EINVAL);
	return RET(papi__classic_read_counters(values, array_len, 1));
}

/* values may be NULL when PAPI_flops or PAPI_flips is what runs: the
 * core checks it against what is being stopped. */
PAPI_EXPORT int PAPI_stop_counters(long long *values, int array_len)
{
	return RET(papi__classic_stop_counters(values, array_len));
}

PAPI_EXPORT int PAPI_num_counters(void)
{
	return RET(papi__classic_num_counters());
}

PAPI_EXPORT int PAPI_flips(float *rtime, float *ptime, long long *flpins,
			   float *mflips)
{
	if (!rtime || !ptime || !flpins || !mflips)
		return RET(PAPI_EINVAL);
	return RET(papi__classic_flops5(0, rtime, ptime, flpins, mflips));
}

PAPI_EXPORT int PAPI_flops(float *rtime, float *ptime, long long *flpops,
			   float *mflops)
{
	if (!rtime || !ptime || !flpops || !mflops)
		return RET(PAPI_EINVAL);
	return RET(papi__classic_flops5(1, rtime, ptime, flpops, mflops));
}
