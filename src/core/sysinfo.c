// SPDX-License-Identifier: BSD-3-Clause
#include "core/sysinfo.h"

#include <stddef.h>

#include "core/err.h"
#include "core/lib.h"
#include "os/os.h"

const PAPI_exe_info_t *papi__sysinfo_exe(void)
{
	const PAPI_exe_info_t *ret = NULL;

	papi__lib_lock();
	if (!papi__lib.have_exe)
		papi__lib.have_exe = papi__os_exe_info(&papi__lib.exe) == 0;
	if (papi__lib.have_exe)
		ret = &papi__lib.exe;
	papi__lib_unlock();
	return ret;
}

const PAPI_shlib_info_t *papi__sysinfo_shlib(void)
{
	const PAPI_shlib_info_t *ret = &papi__lib.shlib;

	papi__lib_lock();
	if (!papi__lib.shlib.map &&
	    papi__os_shlib_info(&papi__lib.shlib.map, &papi__lib.shlib.count))
		ret = NULL;
	papi__lib_unlock();
	return ret;
}

int papi__sysinfo_dmem(PAPI_dmem_info_t *d)
{
	return papi__err_from_errno(papi__os_dmem_info(d));
}
