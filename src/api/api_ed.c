// SPDX-License-Identifier: BSD-3-Clause
/*
 * The core as the edition layer sees it (core/edition.h): built with the
 * core, against 7.0's papi.h, so that every size and offset here is 7.0's.
 */
#include <stddef.h>

#include "api/api.h"
#include "core/edition.h"
#include "core/event.h"

const size_t papi__ed_cmp_size = sizeof(PAPI_component_info_t);
const size_t papi__ed_cmp_split = offsetof(PAPI_component_info_t, initialized);
const size_t papi__ed_cmp_ptrs = offsetof(PAPI_component_info_t, pmu_names);
const size_t papi__ed_event_size = sizeof(PAPI_event_info_t);

/* 7.2 inserts its fields right after `disabled`: nothing may sit between. */
_Static_assert(offsetof(PAPI_component_info_t, initialized) ==
		       offsetof(PAPI_component_info_t, disabled) + sizeof(int),
	       "disabled and initialized are adjacent");

int papi__ed_inited(void)
{
	return papi__lib_init_state() != PAPI_NOT_INITED;
}

int papi__ed_ncmp(void)
{
	return papi__lib.ncmp;
}

const void *papi__ed_cmp_info(int cidx)
{
	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return NULL;
	return &papi__lib.cmp[cidx].info;
}

/* A component that stays enabled but says why in disabled_reason is
 * partly usable (perf_event without a PMU: software events only). */
const char *papi__ed_cmp_partial(int cidx)
{
	const PAPI_component_info_t *in;

	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return NULL;
	in = &papi__lib.cmp[cidx].info;
	return !in->disabled && in->disabled_reason[0] ? in->disabled_reason
						       : NULL;
}

int papi__ed_cmp_check(int cidx)
{
	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return PAPI_ENOCMP;
	/* A disabled component has no events to walk: PAPI 7.0 answers
	 * PAPI_ENOCMP, as for an index with no component. */
	if (papi__lib.cmp[cidx].info.disabled)
		return PAPI_ENOCMP;
	return PAPI_OK;
}

int papi__ed_event_info(int code, void *info70)
{
	return papi__event_info(code, info70);
}

int papi__ed_event_enum(int *code, int modifier70, int cidx)
{
	return papi__event_enum(code, modifier70, cidx);
}
