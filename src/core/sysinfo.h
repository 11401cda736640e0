/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_SYSINFO_H
#define PAPI_CORE_SYSINFO_H

#include "papi.h"

/* The executable and the shared objects of this process, read from the OS
 * on first request and kept in the library context until shutdown; NULL
 * when the OS cannot tell. */
const PAPI_exe_info_t *papi__sysinfo_exe(void);
const PAPI_shlib_info_t *papi__sysinfo_shlib(void);
int papi__sysinfo_dmem(PAPI_dmem_info_t *d);

#endif
