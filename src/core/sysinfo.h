/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_SYSINFO_H
#define PAPI_CORE_SYSINFO_H

#include "papi.h"

/* The executable of this process, read from the OS on first request and
 * kept in the library context until shutdown; NULL when the OS cannot
 * tell. */
const PAPI_exe_info_t *papi__sysinfo_exe(void);

/* The shared objects of this process, read again on every request (as
 * PAPI 7.0 does, so that a dlopen()ed library appears) into the library
 * context's PAPI_shlib_info_t. Its map array is replaced only when the
 * list changed, so a caller's map pointer stays valid while nothing is
 * loaded or unloaded. NULL when the OS cannot tell. */
const PAPI_shlib_info_t *papi__sysinfo_shlib(void);

/* Memory use of the process; needs no library state, so it works before
 * PAPI_library_init, as in PAPI 7.0. */
int papi__sysinfo_dmem(PAPI_dmem_info_t *d);

#endif
