// SPDX-License-Identifier: BSD-3-Clause
/* The process and machine descriptions kept in the library context. */
#include "core/sysinfo.h"

#include <stdlib.h>
#include <string.h>

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

static int same_list(const PAPI_shlib_info_t *s, const PAPI_address_map_t *v,
		     int n)
{
	return s->map && s->count == n &&
	       memcmp(s->map, v, (size_t)n * sizeof(*v)) == 0;
}

const PAPI_shlib_info_t *papi__sysinfo_shlib(void)
{
	const PAPI_shlib_info_t *ret = NULL;
	PAPI_address_map_t *v;
	int n;

	papi__lib_lock();
	if (papi__os_shlib_info(&v, &n) == 0) {
		if (n == 0) {
			/* A static program: no list at all, map NULL, as
			 * PAPI's ctests/shlib expects of count 0. */
			free(v);
			free(papi__lib.shlib.map);
			papi__lib.shlib.map = NULL;
			papi__lib.shlib.count = 0;
		} else if (same_list(&papi__lib.shlib, v, n)) {
			free(v);
		} else {
			free(papi__lib.shlib.map);
			papi__lib.shlib.map = v;
			papi__lib.shlib.count = n;
		}
		ret = &papi__lib.shlib;
	} else if (papi__lib.shlib.map) {
		/* Out of memory: the last list is still the best answer. */
		ret = &papi__lib.shlib;
	}
	papi__lib_unlock();
	return ret;
}

int papi__sysinfo_dmem(PAPI_dmem_info_t *d)
{
	return papi__err_from_errno(papi__os_dmem_info(d));
}
