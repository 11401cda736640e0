// SPDX-License-Identifier: BSD-3-Clause
/* Fake process information for unit tests: a fixed, plausible process. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/os.h"

int papi__os_exe_info(PAPI_exe_info_t *exe)
{
	memset(exe, 0, sizeof(*exe));
	snprintf(exe->fullname, sizeof(exe->fullname), "/fake/bin/prog");
	snprintf(exe->address_info.name, sizeof(exe->address_info.name),
		 "prog");
	exe->address_info.text_start = (vptr_t)0x400000;
	exe->address_info.text_end = (vptr_t)0x500000;
	return 0;
}

int papi__os_shlib_info(PAPI_address_map_t **maps, int *count)
{
	*maps = calloc(1, sizeof(**maps));
	if (!*maps)
		return -ENOMEM;
	snprintf((*maps)->name, sizeof((*maps)->name), "/fake/lib/libc.so.6");
	*count = 1;
	return 0;
}

int papi__os_dmem_info(PAPI_dmem_info_t *d)
{
	memset(d, 0, sizeof(*d));
	d->size = 1024;
	d->resident = 512;
	d->pagesize = 4096;
	return 0;
}
