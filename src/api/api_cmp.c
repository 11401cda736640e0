// SPDX-License-Identifier: BSD-3-Clause
/* Components: how many, what they are, turning them off. */
#include <string.h>

#include "api/api.h"
#include "core/edition.h"
#include "core/lib.h"

PAPI_EXPORT int PAPI_num_components(void)
{
	return papi__lib.ncmp;
}

PAPI_EXPORT const PAPI_component_info_t *PAPI_get_component_info(int cidx)
{
	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return NULL;
	papi__lib_info_fill(cidx, PAPI__INFO_ALL);
	/* The layout of the edition linked (src/edition). */
	return papi__ed_component_info(cidx);
}

PAPI_EXPORT int PAPI_get_component_index(const char *name)
{
	int i;

	REQUIRE_INIT();
	if (!name)
		return RET(PAPI_EINVAL);
	for (i = 0; i < papi__lib.ncmp; i++)
		if (!strcmp(papi__lib.cmp[i].info.name, name))
			return i;
	return RET(PAPI_ENOCMP);
}

/* PAPI allows disabling only before PAPI_library_init; the component is
 * then skipped at init. We keep the request in the component's info. */
PAPI_EXPORT int PAPI_disable_component(int cidx)
{
	if (papi__lib_is_init())
		return RET(PAPI_ENOINIT);
	if (cidx < 0 || cidx >= PAPI__MAX_CMP)
		return RET(PAPI_ENOCMP);
	return RET(papi__lib_disable_component(cidx, NULL));
}

PAPI_EXPORT int PAPI_disable_component_by_name(const char *name)
{
	if (!name)
		return RET(PAPI_EINVAL);
	if (papi__lib_is_init())
		return RET(PAPI_ENOINIT);
	return RET(papi__lib_disable_component(-1, name));
}

PAPI_EXPORT int PAPI_num_cmp_hwctrs(int cidx)
{
	REQUIRE_INIT();
	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return RET(PAPI_ENOCMP);
	papi__lib_info_fill(cidx, PAPI__INFO_COUNTERS);
	return papi__lib.cmp[cidx].info.num_cntrs;
}

PAPI_EXPORT int PAPI_num_hwctrs(void)
{
	if (!papi__lib_is_init())
		return 0;
	return PAPI_num_cmp_hwctrs(0);
}
