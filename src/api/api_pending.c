// SPDX-License-Identifier: BSD-3-Clause
/*
 * Entry points whose features belong to later issues. Each validates what it
 * can and answers PAPI_ENOIMPL, so a program linked against PAPI 7.0 loads
 * and gets a clear "Not implemented" rather than a missing symbol. README's
 * coverage table names the issue for each.
 */
#include <stddef.h>

#include "api/api.h"
#include "core/evset.h"
#include "core/lib.h"

static int need_evset(int EventSet)
{
	struct papi__evset *es;

	if (!papi__lib_is_init())
		return PAPI_ENOINIT;
	papi__lib_lock();
	es = papi__evset_get(EventSet);
	papi__lib_unlock();
	return es ? PAPI_ENOIMPL : PAPI_ENOEVST;
}

/* Overflow and statistical profiling (later issue). */
PAPI_EXPORT int PAPI_overflow(int EventSet, int EventCode, int threshold,
			      int flags, PAPI_overflow_handler_t handler)
{
	return RET(need_evset(EventSet));
}

PAPI_EXPORT int PAPI_get_overflow_event_index(int EventSet,
					      long long overflow_vector,
					      int *array, int *number)
{
	if (!array || !number)
		return RET(PAPI_EINVAL);
	return RET(need_evset(EventSet));
}

PAPI_EXPORT int PAPI_profil(void *buf, unsigned bufsiz, vptr_t offset,
			    unsigned scale, int EventSet, int EventCode,
			    int threshold, int flags)
{
	if (!buf && threshold > 0)
		return RET(PAPI_EINVAL);
	return RET(need_evset(EventSet));
}

PAPI_EXPORT int PAPI_sprofil(PAPI_sprofil_t *prof, int profcnt, int EventSet,
			     int EventCode, int threshold, int flags)
{
	if (!prof || profcnt <= 0)
		return RET(PAPI_EINVAL);
	return RET(need_evset(EventSet));
}

/* Devices (PAPI 7's sysdetect): no device component yet. */
PAPI_EXPORT int PAPI_enum_dev_type(int enum_modifier, void **handle)
{
	if (!handle)
		return RET(PAPI_EINVAL);
	return RET(PAPI_ENOIMPL);
}

PAPI_EXPORT int PAPI_get_dev_type_attr(void *handle, PAPI_dev_type_attr_e attr,
				       void *value)
{
	if (!handle || !value)
		return RET(PAPI_EINVAL);
	return RET(PAPI_ENOIMPL);
}

PAPI_EXPORT int PAPI_get_dev_attr(void *handle, int id, PAPI_dev_attr_e attr,
				  void *value)
{
	if (!handle || !value)
		return RET(PAPI_EINVAL);
	return RET(PAPI_ENOIMPL);
}
