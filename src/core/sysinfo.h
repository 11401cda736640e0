/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_SYSINFO_H
#define PAPI_CORE_SYSINFO_H

#include "papi.h"

/* The executable and shared objects of this process; NULL until the
 * "System information" issue (6) implements them. */
const PAPI_exe_info_t *papi__sysinfo_exe(void);
const PAPI_shlib_info_t *papi__sysinfo_shlib(void);

#endif
