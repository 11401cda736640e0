// SPDX-License-Identifier: BSD-3-Clause
/* Overflow and statistical profiling (core/profil.c, core/overflow.c). */
#include <stddef.h>

#include "api/api.h"
#include "core/overflow.h"

PAPI_EXPORT int PAPI_overflow(int EventSet, int EventCode, int threshold,
			      int flags, PAPI_overflow_handler_t handler)
{
	REQUIRE_INIT();
	return RET(papi__overflow_set(EventSet, EventCode, threshold, flags,
				      handler));
}

/* Callable from the overflow handler: no lock for the set the calling
 * thread runs (core/profil.c). */
PAPI_EXPORT int PAPI_get_overflow_event_index(int EventSet,
					      long long overflow_vector,
					      int *array, int *number)
{
	REQUIRE_INIT();
	if (!array || !number)
		return RET(PAPI_EINVAL);
	return RET(papi__overflow_index(EventSet, overflow_vector, array,
					number));
}

PAPI_EXPORT int PAPI_profil(void *buf, unsigned bufsiz, vptr_t offset,
			    unsigned scale, int EventSet, int EventCode,
			    int threshold, int flags)
{
	REQUIRE_INIT();
	/* No buffer, or one with no room for a bucket, cannot profile. */
	if ((!buf || !bufsiz) && threshold > 0)
		return RET(PAPI_EINVAL);
	return RET(papi__profil_set(EventSet, buf, bufsiz, offset, scale,
				    EventCode, threshold, flags));
}

PAPI_EXPORT int PAPI_sprofil(PAPI_sprofil_t *prof, int profcnt, int EventSet,
			     int EventCode, int threshold, int flags)
{
	REQUIRE_INIT();
	return RET(papi__sprofil_set(EventSet, prof, profcnt, EventCode,
				     threshold, flags));
}
