// SPDX-License-Identifier: BSD-3-Clause
/* Device queries (PAPI 7's sysdetect interface). */
#include <stddef.h>

#include "api/api.h"
#include "core/devinfo.h"
#include "core/lib.h"

PAPI_EXPORT int PAPI_enum_dev_type(int enum_modifier, void **handle)
{
	if (!handle)
		return RET(PAPI_EINVAL);
	REQUIRE_INIT();
	/* The end of the walk is PAPI_EINVAL, as in PAPI: not worth a report. */
	return papi__dev_enum(enum_modifier, handle);
}

PAPI_EXPORT int PAPI_get_dev_type_attr(void *handle, PAPI_dev_type_attr_e attr,
				       void *value)
{
	if (!handle || !value)
		return RET(PAPI_EINVAL);
	REQUIRE_INIT();
	return RET(papi__dev_type_attr(handle, attr, value));
}

PAPI_EXPORT int PAPI_get_dev_attr(void *handle, int id, PAPI_dev_attr_e attr,
				  void *value)
{
	if (!handle || !value)
		return RET(PAPI_EINVAL);
	REQUIRE_INIT();
	return RET(papi__dev_attr(handle, id, attr, value));
}
