/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_OS_LINUX_HWINFO_H
#define PAPI_OS_LINUX_HWINFO_H

/*
 * Shared by the pieces of papi__os_hwinfo(): hwinfo.c (files, topology,
 * clock, sysfs caches, the entry point) and one architecture file,
 * hwinfo_x86.c or hwinfo_arm64.c, which supplies papi__hw_arch_fill().
 * Only src/os/linux includes this header.
 */
#include <limits.h>
#include <stddef.h>

#include "papi.h"

#define HW_SYS_CPU "/sys/devices/system/cpu"
/* PAPI's word for a fully associative cache or TLB. */
#define HW_ASSOC_FULL SHRT_MAX

/* A sysfs/procfs file named by a format, trailing whitespace removed;
 * returns its length or -errno. */
__attribute__((format(printf, 3, 4))) long
papi__hw_read_attr(char *buf, size_t len, const char *fmt, ...);
/* A decimal (or, with a 0x prefix, hex) attribute; -1 when absent or
 * unparsable. */
__attribute__((format(printf, 1, 2))) long papi__hw_attr_long(const char *fmt,
							      ...);

/* The value of "key : value" in the first processor block of cpuinfo
 * text; 0 or -ENOENT. The key matches whole ("model" is not "model
 * name"). */
int papi__hw_cpuinfo_get(const char *info, const char *key, char *out,
			 size_t len);

/* Adds a cache or TLB in the first free slot of its level and raises
 * mh->levels to cover it. What PAPI's ints cannot describe (a level out of
 * range, a TLB without entries or page size, values past INT_MAX) is
 * dropped; a cache of unknown size is kept with size 0. A cache whose line
 * size is known gets num_lines = size / line. */
void papi__hw_add_cache(PAPI_mh_info_t *mh, long level, int type, long size,
			long line, long ways);
void papi__hw_add_tlb(PAPI_mh_info_t *mh, long level, int type,
		      unsigned long long entries, long page_size, int assoc);

/* Every cache of cpu from /sys/devices/system/cpu/cpuN/cache; returns how
 * many were found. A cache whose size sysfs does not state (arm64 without
 * firmware tables) is still recorded, with size 0, so that its level, type
 * and line size can be filled in from the CPU itself. type_bits(type)
 * adds vendor policy bits to each type word (NULL: none). */
int papi__hw_sysfs_caches(PAPI_mh_info_t *mh, int cpu, int (*type_bits)(int));

/* The hypervisor a DMI-describing firmware names (x86 and ACPI arm64
 * guests): 1 with the name in out, 0 when it names none. */
int papi__hw_dmi_hypervisor(char *out, size_t len);

/* Fills the identification, virtualization and memory hierarchy of the
 * CPU type that cpu belongs to; info is /proc/cpuinfo ("" when
 * unreadable). Implemented once per architecture. */
void papi__hw_arch_fill(PAPI_hw_info_t *hw, const char *info, int cpu);

#endif
