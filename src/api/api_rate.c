// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI 7's rate calls: each figure covers the time since the latest call of
 * the same kind (src/core/classic.h). Every call initializes the library
 * itself.
 */
#include <stddef.h>

#include "api/api.h"
#include "core/classic.h"

PAPI_EXPORT int PAPI_flips_rate(int event, float *rtime, float *ptime,
				long long *flpins, float *mflips)
{
	struct papi__rate_out o = { .rtime = rtime, .ptime = ptime,
				    .rate = mflips, .count = flpins };

	if (!rtime || !ptime || !flpins || !mflips)
		return RET(PAPI_EINVAL);
	return RET(papi__rate_call(PAPI__RATE_FLIPS, event, &o));
}

PAPI_EXPORT int PAPI_flops_rate(int event, float *rtime, float *ptime,
				long long *flpops, float *mflops)
{
	struct papi__rate_out o = { .rtime = rtime, .ptime = ptime,
				    .rate = mflops, .count = flpops };

	if (!rtime || !ptime || !flpops || !mflops)
		return RET(PAPI_EINVAL);
	return RET(papi__rate_call(PAPI__RATE_FLOPS, event, &o));
}

PAPI_EXPORT int PAPI_ipc(float *rtime, float *ptime, long long *ins,
			 float *ipc)
{
	struct papi__rate_out o = { .rtime = rtime, .ptime = ptime,
				    .rate = ipc, .count = ins };

	if (!rtime || !ptime || !ins || !ipc)
		return RET(PAPI_EINVAL);
	return RET(papi__rate_call(PAPI__RATE_IPC, 0, &o));
}

PAPI_EXPORT int PAPI_epc(int event, float *rtime, float *ptime,
			 long long *ref, long long *core, long long *evt,
			 float *epc)
{
	struct papi__rate_out o = { .rtime = rtime, .ptime = ptime,
				    .rate = epc, .count = evt, .ref = ref,
				    .core = core };

	if (!rtime || !ptime || !ref || !core || !evt || !epc)
		return RET(PAPI_EINVAL);
	return RET(papi__rate_call(PAPI__RATE_EPC, event, &o));
}

PAPI_EXPORT int PAPI_rate_stop(void)
{
	return RET(papi__rate_stop());
}
