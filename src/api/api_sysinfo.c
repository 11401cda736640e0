// SPDX-License-Identifier: BSD-3-Clause
/* Hardware and process information. */
#include <stddef.h>

#include "api/api.h"
#include "core/lib.h"
#include "core/sysinfo.h"

PAPI_EXPORT const PAPI_hw_info_t *PAPI_get_hardware_info(void)
{
	if (!papi__lib_is_init())
		return NULL;
	return papi__lib_hw();
}

PAPI_EXPORT const PAPI_exe_info_t *PAPI_get_executable_info(void)
{
	if (!papi__lib_is_init())
		return NULL;
	return papi__sysinfo_exe();
}

PAPI_EXPORT const PAPI_shlib_info_t *PAPI_get_shared_lib_info(void)
{
	if (!papi__lib_is_init())
		return NULL;
	return papi__sysinfo_shlib();
}

/* No init check: PAPI 7.0 answers before PAPI_library_init too, and
 * programs call it to size their memory before they start PAPI. */
PAPI_EXPORT int PAPI_get_dmem_info(PAPI_dmem_info_t *dest)
{
	if (!dest)
		return RET(PAPI_EINVAL);
	return RET(papi__sysinfo_dmem(dest));
}
