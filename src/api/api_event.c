// SPDX-License-Identifier: BSD-3-Clause
/* Event names, codes, information and enumeration. */
#include <string.h>

#include "api/api.h"
#include "core/event.h"
#include "core/lib.h"

PAPI_EXPORT int PAPI_event_name_to_code(const char *in, int *out)
{
	REQUIRE_INIT();
	if (!in || !out)
		return RET(PAPI_EINVAL);
	return RET(papi__event_name_to_code(in, out));
}

PAPI_EXPORT int PAPI_event_code_to_name(int EventCode, char *out)
{
	REQUIRE_INIT();
	if (!out)
		return RET(PAPI_EINVAL);
	/* PAPI's contract: out holds at least PAPI_MAX_STR_LEN bytes. */
	return RET(papi__event_code_to_name(EventCode, out, PAPI_MAX_STR_LEN));
}

PAPI_EXPORT int PAPI_query_event(int EventCode)
{
	REQUIRE_INIT();
	return RET(papi__event_query(EventCode));
}

PAPI_EXPORT int PAPI_query_named_event(const char *EventName)
{
	int code, ret;

	REQUIRE_INIT();
	if (!EventName)
		return RET(PAPI_EINVAL);
	ret = papi__event_name_to_code(EventName, &code);
	if (ret != PAPI_OK)
		return RET(ret);
	return RET(papi__event_query(code));
}

PAPI_EXPORT int PAPI_get_event_component(int EventCode)
{
	char name[PAPI_HUGE_STR_LEN];
	int ret;

	REQUIRE_INIT();
	ret = papi__event_component(EventCode);
	/* A native code's component bits are not enough: its index must
	 * name an event of that component too (PAPI: PAPI_ENOEVNT). */
	if (ret >= 0 && IS_NATIVE(EventCode) &&
	    papi__event_code_to_name(EventCode, name, sizeof(name)) ==
		    PAPI_ENOEVNT)
		ret = PAPI_ENOEVNT;
	return RET(ret);
}
