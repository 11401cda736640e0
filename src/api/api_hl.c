// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI 7's high-level API: named regions, measured per thread, reported as
 * JSON at exit (src/core/hl.h). The first region initializes the library.
 */
#include <stddef.h>

#include "api/api.h"
#include "core/hl.h"

/* The core checks the name and reports its errors (core/hl.h): each call
 * here is a tail call, every instruction of it one the counters count. */
PAPI_EXPORT int PAPI_hl_region_begin(const char *region)
{
	return papi__hl_region_begin(region);
}

PAPI_EXPORT int PAPI_hl_read(const char *region)
{
	return papi__hl_read(region);
}

PAPI_EXPORT int PAPI_hl_region_end(const char *region)
{
	return papi__hl_region_end(region);
}

PAPI_EXPORT int PAPI_hl_stop(void)
{
	return RET(papi__hl_stop());
}
