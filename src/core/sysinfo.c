// SPDX-License-Identifier: BSD-3-Clause
#include "core/sysinfo.h"

#include <stddef.h>

const PAPI_exe_info_t *papi__sysinfo_exe(void)
{
	return NULL;
}

const PAPI_shlib_info_t *papi__sysinfo_shlib(void)
{
	return NULL;
}
