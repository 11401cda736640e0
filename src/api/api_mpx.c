// SPDX-License-Identifier: BSD-3-Clause
/*
 * Multiplexing. The kernel time-shares perf_event groups over the counters
 * by itself; a multiplexed EventSet is simply not grouped (each event leads
 * its own group) and each count is scaled by its time enabled / running.
 */
#include "api/api.h"
#include "core/evset.h"
#include "core/lib.h"

PAPI_EXPORT int PAPI_multiplex_init(void)
{
	/* Nothing to prepare: no timers or signals are involved. */
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_set_multiplex(int EventSet)
{
	struct papi__ctl_opts o;
	int ret, state;

	REQUIRE_INIT();
	ret = papi__evset_get_opts(EventSet, &o);
	if (ret != PAPI_OK)
		return RET(ret);
	/* A running set says so before anything else, as in PAPI 7.0. */
	if (papi__evset_state(EventSet, &state) == PAPI_OK &&
	    (state & PAPI_RUNNING))
		return RET(PAPI_EISRUN);
	/* PAPI: a set must name its component before it can multiplex. */
	if (papi__evset_cidx(EventSet) < 0)
		return RET(PAPI_EINVAL);
	if (o.multiplex)
		return RET(PAPI_EINVAL);
	o.multiplex = 1;
	return RET(papi__evset_set_opts(EventSet, &o));
}

PAPI_EXPORT int PAPI_get_multiplex(int EventSet)
{
	struct papi__ctl_opts o;
	int ret;

	REQUIRE_INIT();
	ret = papi__evset_get_opts(EventSet, &o);
	if (ret != PAPI_OK)
		return RET(ret);
	return o.multiplex ? 1 : 0;
}
