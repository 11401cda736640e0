// SPDX-License-Identifier: BSD-3-Clause
/*
 * Fake process information for unit tests: a fixed, plausible process with
 * the shape the real one (src/os/linux/procinfo.c) gives: an executable
 * whose bss follows its data, two shared libraries, memory use in KiB.
 * Like the real functions they refuse NULL with -EINVAL.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "os/os.h"

static void ranges(PAPI_address_map_t *a, unsigned long base)
{
	a->text_start = (vptr_t)(base + 0x1000);
	a->text_end = (vptr_t)(base + 0x9000);
	a->data_start = (vptr_t)(base + 0xa000);
	a->data_end = (vptr_t)(base + 0xa800);
	a->bss_start = a->data_end;
	a->bss_end = (vptr_t)(base + 0xc000);
}

int papi__os_exe_info(PAPI_exe_info_t *exe)
{
	if (!exe)
		return -EINVAL;
	memset(exe, 0, sizeof(*exe));
	snprintf(exe->fullname, sizeof(exe->fullname), "/fake/bin/prog");
	snprintf(exe->address_info.name, sizeof(exe->address_info.name),
		 "prog");
	ranges(&exe->address_info, 0x400000);
	return 0;
}

int papi__os_shlib_info(PAPI_address_map_t **maps, int *count)
{
	static const char *const names[] = { "/fake/lib/libpapi.so.7.0.0.0",
					     "/fake/lib/libc.so.6" };
	int i;

	if (!maps || !count)
		return -EINVAL;
	*maps = calloc(2, sizeof(**maps));
	if (!*maps)
		return -ENOMEM;
	for (i = 0; i < 2; i++) {
		snprintf((*maps)[i].name, sizeof((*maps)[i].name), "%s",
			 names[i]);
		ranges(&(*maps)[i],
		       0x7f0000000000ul + 0x100000ul * (unsigned)i);
	}
	*count = 2;
	return 0;
}

int papi__os_dmem_info(PAPI_dmem_info_t *d)
{
	if (!d)
		return -EINVAL;
	memset(d, 0, sizeof(*d));
	d->peak = 2048;
	d->size = 2048;
	d->resident = 1024;
	d->high_water_mark = 1024;
	d->shared = 512;
	d->text = 64;
	d->library = 1536;
	d->heap = 256;
	d->stack = 132;
	d->pte = 48;
	d->pagesize = 4096;
	return 0;
}

long long papi__os_numa_mem_mb(int node)
{
	return node == 0 ? 4096 : -ENOENT;
}

int papi__os_cpu_node(int cpu)
{
	return 0;
}
