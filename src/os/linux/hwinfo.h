/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_OS_LINUX_HWINFO_H
#define PAPI_OS_LINUX_HWINFO_H

/*
 * Shared by the pieces of papi__os_hwinfo() and papi__os_cpu_types():
 * hwinfo.c (topology, sysfs caches, the entry points), hwinfo_sysfs.c
 * (files, CPU lists, cpuinfo), hwinfo_freq.c (clock rate), hwinfo_hybrid.c
 * (core types) and one architecture file, hwinfo_x86.c or hwinfo_arm64.c,
 * which supplies the papi__hw_arch_* functions. Only src/os/linux (and the
 * unit tests that compile its files, tests/unit/test_hw*.c) include it.
 */
#include <limits.h>
#include <stddef.h>

#include "os/os.h"
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

/* CPU lists as sysfs writes them ("0-3,8,10-11"). cpulist_range parses
 * the range at p into [*lo, *hi] and returns the text after it, or NULL at
 * the end of the list or on malformed text; cpulist_count counts the
 * members of a list; list_count those of the list in a file (0 when it
 * cannot be read). */
const char *papi__hw_cpulist_range(const char *p, int *lo, int *hi);
int papi__hw_cpulist_count(const char *p);
__attribute__((format(printf, 1, 2))) int papi__hw_list_count(const char *fmt,
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

/* x86: the caches AMD's legacy leaves 0x80000005 (l1, EAX..EDX) and
 * 0x80000006 (l23) describe; type_bits (may be NULL) adds policy bits. */
void papi__hw_amd_legacy_caches(PAPI_mh_info_t *mh, const unsigned l1[4],
				const unsigned l23[4], int (*type_bits)(int));

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

/* ---- clock rate (hwinfo_freq.c) ---------------------------------------- */

/* Where papi__hw_fill_mhz may look once cpufreq and /proc/cpuinfo are
 * silent: the firmware's tables (device tree, ACPI CPPC), then a
 * measurement with the cycle counter. */
enum { HW_MHZ_FIRMWARE = 1, HW_MHZ_MEASURE = 2 };

/* The sources papi__hw_fill_mhz may use on this architecture. x86 answers
 * 0: cpufreq or /proc/cpuinfo always state its rate. */
int papi__hw_arch_mhz_sources(void);

/* Fills cpu_max_mhz, cpu_min_mhz, mhz and clock_mhz for the CPU type cpu
 * belongs to, from the first source that states a rate, in this order:
 * cpufreq, /proc/cpuinfo's "cpu MHz" (info), and as sources allows, the
 * device tree, ACPI CPPC, a measurement. src (len bytes) says which, or
 * why none did and the rates stay 0. pin: measure on cpu itself (a
 * hybrid machine's core type), not wherever the thread runs. */
void papi__hw_fill_mhz(PAPI_hw_info_t *hw, const char *info, int cpu,
		       int sources, int pin, char *src, size_t len);

/* The single sources, for papi__hw_fill_mhz and its tests. Each returns a
 * rate in MHz (max and min where the source has both; min may be 0), or 0
 * when the source says nothing; measure returns 0 with *mhz set, or
 * -errno (why it could not measure). */
long papi__hw_mhz_devtree(int cpu);
long papi__hw_mhz_cppc(int cpu, long *min);
int papi__hw_mhz_measure(int cpu, long *mhz, long long *cycles,
			 long long *ns);

/* ---- core types (hwinfo_hybrid.c) -------------------------------------- */

#define HW_EVSRC "/sys/bus/event_source/devices"

/* The core types of the machine, without their descriptions: kind, cpus,
 * ncpus and ncores of each of up to max entries, ordered by their first
 * CPU. Core PMUs with disjoint "cpus" lists name the types (x86 cpu_core
 * and cpu_atom, arm64's per-cluster PMUs); without them, arm64 CPUs of
 * different MIDR parts. A machine of one type gets one entry, with all
 * online CPUs and an empty kind. Returns the number of entries (>= 1) or
 * -errno. */
int papi__hw_core_types(struct papi__os_cpu_type *t, int max);

/* The core type's short name from the architecture (arm64: the MIDR part
 * of cpu, "Cortex-A76"): 0 with it in out, or -1 when it has none. */
int papi__hw_arch_kind(int cpu, char *out, size_t len);

/* Appends what a hybrid machine is made of to its model string, as
 * " (hybrid: 8 P-cores + 16 E-cores)", keeping within len: a shorter
 * " (hybrid: 3 core types)" when the list does not fit, the model cut
 * short when even that does not. */
void papi__hw_hybrid_model(char *model, size_t len,
			   const struct papi__os_cpu_type *t, int n);

/* The first CPU of a list, or -1. */
int papi__hw_cpulist_first(const char *list);

#endif
