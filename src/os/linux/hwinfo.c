// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi__os_hwinfo(): the PAPI_hw_info_t of the running machine, from sysfs,
 * /proc/cpuinfo and, on x86, cpuid. Only what the system states is recorded;
 * a field nothing states stays 0 or "".
 *
 * Where PAPI 7.0 fixed a meaning, programs depend on it, so it is kept: ncpu
 * is CPUs per NUMA node; on arm64 vendor is the MIDR implementer code
 * (PAPI_VENDOR_ARM_*) and cpuid_family/model/stepping are the architecture,
 * part and variant; AMD caches carry PAPI's policy bits; AMD TLB slots go
 * 4M, 2M, 4K pages, instruction before data.
 */
#include "os/os.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HW_X86 1
#elif defined(__aarch64__)
#define HW_ARM64 1
#endif

#define SYS_CPU "/sys/devices/system/cpu"
#define TOPO SYS_CPU "/cpu%d/topology/"
#define CPUINFO_LEN 16384 /* holds the first processor block */
#define ASSOC_FULL SHRT_MAX /* PAPI's word for fully associative */
#define MAX_PACKAGES 256

/* ---- files ------------------------------------------------------------ */

__attribute__((format(printf, 3, 0))) static long
vread_attr(char *buf, size_t len, const char *fmt, va_list ap)
{
	char path[256];
	long n;

	vsnprintf(path, sizeof(path), fmt, ap);
	n = papi__os_read_file(path, buf, len);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return n;
}

/* A sysfs/procfs file named by a format, trailing newline removed; returns
 * its length or -errno. */
__attribute__((format(printf, 3, 4))) static long
read_attr(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	long n;

	va_start(ap, fmt);
	n = vread_attr(buf, len, fmt, ap);
	va_end(ap);
	return n;
}

/* A decimal attribute, or -1 when absent or unparsable. */
__attribute__((format(printf, 1, 2))) static long attr_long(const char *fmt,
							    ...)
{
	char buf[64], *end;
	va_list ap;
	long n, v;

	va_start(ap, fmt);
	n = vread_attr(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n <= 0)
		return -1;
	v = strtol(buf, &end, 10);
	return end == buf ? -1 : v;
}

/* ---- CPU lists ("0-3,8,10-11") ---------------------------------------- */

/* Parses the range at p into [*lo, *hi]; returns the text after it, or NULL
 * at the end of the list or on malformed text. */
static const char *cpulist_range(const char *p, int *lo, int *hi)
{
	char *end;

	while (*p == ',' || isspace((unsigned char)*p))
		p++;
	if (!isdigit((unsigned char)*p))
		return NULL;
	*lo = *hi = (int)strtol(p, &end, 10);
	if (*end == '-')
		*hi = (int)strtol(end + 1, &end, 10);
	return *hi < *lo ? NULL : end;
}

static int cpulist_count(const char *p)
{
	int lo, hi, n = 0;

	while ((p = cpulist_range(p, &lo, &hi)) != NULL)
		n += hi - lo + 1;
	return n;
}

/* Members of the list in a file; 0 when it cannot be read. */
__attribute__((format(printf, 1, 2))) static int list_count(const char *fmt,
							    ...)
{
	char buf[4096];
	va_list ap;
	long n;

	va_start(ap, fmt);
	n = vread_attr(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return n > 0 ? cpulist_count(buf) : 0;
}

/* ---- /proc/cpuinfo ---------------------------------------------------- */

/* Value of "key : value" in the first processor block. The key must match
 * whole, so that "model" does not find "model name". */
static int cpuinfo_get(const char *info, const char *key, char *out, size_t len)
{
	size_t klen = strlen(key), n;
	const char *line, *end, *p;

	for (line = info; *line && *line != '\n'; line = end + 1) {
		end = strchrnul(line, '\n');
		for (p = line + klen; p < end && (*p == ' ' || *p == '\t');)
			p++;
		if (strncmp(line, key, klen) == 0 && p < end && *p == ':') {
			for (p++; p < end && isspace((unsigned char)*p);)
				p++;
			n = (size_t)(end - p) < len ? (size_t)(end - p) :
						      len - 1;
			memcpy(out, p, n);
			out[n] = '\0';
			return 0;
		}
		if (!*end)
			break;
	}
	return -ENOENT;
}

/* ---- topology and clock ----------------------------------------------- */

/* Sockets are the distinct physical_package_id values of online CPUs;
 * counting them rather than dividing stays right with CPUs offline. */
static int count_packages(const char *online)
{
	int ids[MAX_PACKAGES], n = 0, lo, hi, cpu, i;
	long id;

	while ((online = cpulist_range(online, &lo, &hi)) != NULL) {
		for (cpu = lo; cpu <= hi; cpu++) {
			id = attr_long(TOPO "physical_package_id", cpu);
			for (i = 0; i < n && ids[i] != (int)id; i++)
				;
			if (i == n && n < MAX_PACKAGES)
				ids[n++] = (int)id;
		}
	}
	return n;
}

/* Fills the counts; returns the first online CPU, whose siblings and
 * caches then describe the machine (cpu0 may be offline on arm64). */
static int fill_topology(PAPI_hw_info_t *hw)
{
	char online[4096];
	int cpu = 0, hi;
	long n;

	if (read_attr(online, sizeof(online), SYS_CPU "/online") > 0) {
		hw->totalcpus = cpulist_count(online);
		if (!cpulist_range(online, &cpu, &hi))
			cpu = 0;
		hw->sockets = count_packages(online);
	}
	if (hw->totalcpus <= 0) {
		n = sysconf(_SC_NPROCESSORS_ONLN);
		hw->totalcpus = n > 0 ? (int)n : 0;
	}
	hw->threads = list_count(TOPO "thread_siblings_list", cpu);
	if (hw->threads > 0)
		hw->cores = list_count(TOPO "core_siblings_list", cpu) /
			    hw->threads;
	hw->nnodes = list_count("/sys/devices/system/node/online");
	hw->ncpu = hw->nnodes > 1 ? hw->totalcpus / hw->nnodes : hw->totalcpus;
	return cpu;
}

/* cpufreq states the hardware limits; without it (VMs) /proc/cpuinfo's
 * "cpu MHz" is the only rate the kernel gives. arm64 has neither there. */
static void fill_mhz(PAPI_hw_info_t *hw, const char *info, int cpu)
{
	long max = attr_long(SYS_CPU "/cpu%d/cpufreq/cpuinfo_max_freq", cpu);
	long min = attr_long(SYS_CPU "/cpu%d/cpufreq/cpuinfo_min_freq", cpu);
	char val[64];
	double mhz;

	if (max > 0) {
		hw->cpu_max_mhz = (int)(max / 1000);
		hw->cpu_min_mhz = min > 0 ? (int)(min / 1000) : 0;
		hw->mhz = (float)max / 1000.0f;
	} else if (cpuinfo_get(info, "cpu MHz", val, sizeof(val)) == 0 &&
		   (mhz = strtod(val, NULL)) > 0) {
		hw->cpu_max_mhz = hw->cpu_min_mhz = (int)mhz;
		hw->mhz = (float)mhz;
	}
	hw->clock_mhz = hw->cpu_max_mhz;
}

/* ---- memory hierarchy ------------------------------------------------- */

static void add_cache(PAPI_mh_info_t *mh, long level, int type, long size,
		      long line, long ways)
{
	PAPI_mh_cache_info_t *c;
	int i;

	if (level < 1 || level > PAPI_MAX_MEM_HIERARCHY_LEVELS || size <= 0 ||
	    size > INT_MAX)
		return;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		c = &mh->level[level - 1].cache[i];
		if (c->type != PAPI_MH_TYPE_EMPTY)
			continue;
		c->type = type;
		c->size = (int)size;
		c->line_size = line > 0 ? (int)line : 0;
		c->num_lines = line > 0 ? (int)(size / line) : 0;
		c->associativity = ways > 0 ? (int)ways : 0;
		return;
	}
}

/* PAPI has always marked AMD data and unified caches pseudo-LRU and the L1
 * data cache write-back; programs compare type words, so AMD keeps them. */
static int vendor_policy(int type, int vendor)
{
	if (vendor != PAPI_VENDOR_AMD || type == PAPI_MH_TYPE_INST)
		return type;
	if (type == PAPI_MH_TYPE_DATA)
		return type | PAPI_MH_TYPE_WB | PAPI_MH_TYPE_PSEUDO_LRU;
	return type | PAPI_MH_TYPE_PSEUDO_LRU;
}

/* One cache index directory; returns -1 past the last one. Sizes read
 * "48K" or "32M". */
static int sysfs_cache(PAPI_mh_info_t *mh, int cpu, int idx, int vendor)
{
	static const char *const names[] = { "Data", "Instruction", "Unified" };
	static const int types[] = { PAPI_MH_TYPE_DATA, PAPI_MH_TYPE_INST,
				     PAPI_MH_TYPE_UNIFIED };
	char dir[128], buf[64], *end;
	long level, size;
	int t;

	snprintf(dir, sizeof(dir), SYS_CPU "/cpu%d/cache/index%d", cpu, idx);
	level = attr_long("%s/level", dir);
	if (level < 0)
		return -1;
	if (read_attr(buf, sizeof(buf), "%s/type", dir) <= 0)
		return 0;
	for (t = 0; t < 3 && strcmp(buf, names[t]) != 0; t++)
		;
	if (t == 3 || read_attr(buf, sizeof(buf), "%s/size", dir) <= 0)
		return 0;
	size = strtol(buf, &end, 10);
	size <<= *end == 'K' ? 10 : *end == 'M' ? 20 : *end == 'G' ? 30 : 0;
	add_cache(mh, level, vendor_policy(types[t], vendor), size,
		  attr_long("%s/coherency_line_size", dir),
		  attr_long("%s/ways_of_associativity", dir));
	return 0;
}

static void sysfs_caches(PAPI_mh_info_t *mh, int cpu, int vendor)
{
	int idx;

	for (idx = 0; idx < 32; idx++)
		if (sysfs_cache(mh, cpu, idx, vendor) < 0)
			break;
}

static void count_levels(PAPI_mh_info_t *mh)
{
	int i, j;

	for (i = 0; i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++)
			if (mh->level[i].cache[j].type != PAPI_MH_TYPE_EMPTY ||
			    mh->level[i].tlb[j].type != PAPI_MH_TYPE_EMPTY)
				mh->levels = i + 1;
}

/* ---- x86 -------------------------------------------------------------- */
#ifdef HW_X86

static void cpuid(unsigned leaf, unsigned sub, unsigned r[4])
{
	__cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
}

static void add_tlb(PAPI_mh_info_t *mh, unsigned level, int type,
		    unsigned long long entries, int page_size, int assoc)
{
	PAPI_mh_tlb_info_t *t;
	int i;

	if (level < 1 || level > PAPI_MAX_MEM_HIERARCHY_LEVELS ||
	    entries == 0 || entries > INT_MAX)
		return;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		t = &mh->level[level - 1].tlb[i];
		if (t->type != PAPI_MH_TYPE_EMPTY)
			continue;
		t->type = type;
		t->num_entries = (int)entries;
		t->page_size = page_size;
		t->associativity = assoc;
		return;
	}
}

/* One TLB as AMD packs it in 16 bits: entries in the low 8 (L1, leaf
 * 0x80000005) or 12 (L2, leaf 0x80000006) bits, associativity above: a
 * count for L1 (0xff: full), a code for L2 whose ranges ("6 to 7 ways")
 * give their lower bound; 9 (see leaf 0x8000001D) and 7 are unknown. A 4M
 * page takes two 2M entries (AMD CPUID spec), hence div. */
static void amd_tlb(PAPI_mh_info_t *mh, unsigned level, int type, unsigned half,
		    int page, unsigned div)
{
	static const int l2_ways[16] = {
		0, 1, 2, 3, 4, 6, 8, 0, 16, 0, 32, 48, 64, 96, 128, ASSOC_FULL
	};
	unsigned code;

	half &= 0xffff;
	if (level == 1) {
		code = half >> 8;
		add_tlb(mh, 1, type, (half & 0xff) / div, page,
			code == 0xff ? ASSOC_FULL : (int)code);
	} else if ((code = half >> 12) != 0) { /* 0: disabled */
		add_tlb(mh, 2, type, (half & 0xfff) / div, page, l2_ways[code]);
	}
}

static void amd_tlbs(PAPI_mh_info_t *mh, unsigned max_ext)
{
	unsigned r[4], level;

	for (level = 1; level <= 2 && max_ext >= 0x80000004 + level; level++) {
		cpuid(0x80000004 + level, 0, r);
		amd_tlb(mh, level, PAPI_MH_TYPE_INST, r[0], 4 << 20, 2);
		amd_tlb(mh, level, PAPI_MH_TYPE_DATA, r[0] >> 16, 4 << 20, 2);
		amd_tlb(mh, level, PAPI_MH_TYPE_INST, r[0], 2 << 20, 1);
		amd_tlb(mh, level, PAPI_MH_TYPE_DATA, r[0] >> 16, 2 << 20, 1);
		amd_tlb(mh, level, PAPI_MH_TYPE_INST, r[1], 4 << 10, 1);
		amd_tlb(mh, level, PAPI_MH_TYPE_DATA, r[1] >> 16, 4 << 10, 1);
	}
}

/* Intel leaf 0x18: a sub-leaf per TLB, a slot per page size it maps. CPUs
 * without it describe TLBs only by leaf-2 descriptor bytes; not decoded.
 * Types: 1 data, 2 instruction, 3 unified, 4 load-only, 5 store-only; PAPI
 * has no load/store-only kinds, so those count as data TLBs. */
static void intel_tlbs(PAPI_mh_info_t *mh, unsigned max_basic)
{
	static const int pages[4] = { 4 << 10, 2 << 20, 4 << 20, 1 << 30 };
	unsigned r[4], sub, last, t, ways;
	unsigned long long entries;
	int p, type;

	if (max_basic < 0x18)
		return;
	cpuid(0x18, 0, r);
	last = r[0];
	for (sub = 0; sub <= last && sub < 64; sub++) {
		cpuid(0x18, sub, r);
		t = r[3] & 0x1f;
		if (t < 1 || t > 5)
			continue;
		type = t == 2 ? PAPI_MH_TYPE_INST :
		       t == 3 ? PAPI_MH_TYPE_UNIFIED :
				PAPI_MH_TYPE_DATA;
		ways = r[1] >> 16;
		entries = (unsigned long long)ways * r[2];
		for (p = 0; p < 4; p++)
			if (r[1] & (1u << p))
				add_tlb(mh, (r[3] >> 5) & 7, type, entries,
					pages[p],
					(r[3] >> 8) & 1 ? ASSOC_FULL :
							  (int)ways);
	}
}

/* Family and model with the extended fields folded in, as the Intel SDM
 * and AMD APM define the displayed values. */
static void x86_ident(PAPI_hw_info_t *hw)
{
	unsigned r[4], family, model;

	cpuid(0, 0, r);
	memcpy(hw->vendor_string, &r[1], 4);
	memcpy(hw->vendor_string + 4, &r[3], 4);
	memcpy(hw->vendor_string + 8, &r[2], 4);
	if (strcmp(hw->vendor_string, "GenuineIntel") == 0)
		hw->vendor = PAPI_VENDOR_INTEL;
	else if (strcmp(hw->vendor_string, "AuthenticAMD") == 0)
		hw->vendor = PAPI_VENDOR_AMD;
	cpuid(1, 0, r);
	family = (r[0] >> 8) & 0xf;
	model = (r[0] >> 4) & 0xf;
	if (family == 0xf || (family == 6 && hw->vendor == PAPI_VENDOR_INTEL))
		model |= ((r[0] >> 16) & 0xf) << 4;
	if (family == 0xf)
		family += (r[0] >> 20) & 0xff;
	hw->cpuid_family = (int)family;
	hw->cpuid_model = hw->model = (int)model;
	hw->cpuid_stepping = (int)(r[0] & 0xf);
	hw->revision = (float)hw->cpuid_stepping;
}

/* The hypervisor bit (leaf 1, ECX bit 31), then the 12-byte signature of
 * leaf 0x40000000, e.g. "KVMKVMKVM" padded with NULs. No hypervisor has a
 * common version leaf, so virtual_vendor_version stays "". */
static void x86_hypervisor(PAPI_hw_info_t *hw)
{
	unsigned r[4];
	char sig[13] = "";
	int i;

	cpuid(1, 0, r);
	if (!(r[2] & (1u << 31)))
		return;
	hw->virtualized = 1;
	cpuid(0x40000000, 0, r);
	memcpy(sig, &r[1], 4);
	memcpy(sig + 4, &r[2], 4);
	memcpy(sig + 8, &r[3], 4);
	for (i = 0; sig[i] && isprint((unsigned char)sig[i]); i++)
		;
	sig[i] = '\0';
	snprintf(hw->virtual_vendor_string, PAPI_MAX_STR_LEN, "%s", sig);
}

static void arch_fill(PAPI_hw_info_t *hw, const char *info, int cpu)
{
	x86_ident(hw);
	x86_hypervisor(hw);
	cpuinfo_get(info, "model name", hw->model_string, PAPI_MAX_STR_LEN);
	sysfs_caches(&hw->mem_hierarchy, cpu, hw->vendor);
	if (hw->vendor == PAPI_VENDOR_AMD)
		amd_tlbs(&hw->mem_hierarchy,
			 __get_cpuid_max(0x80000000u, NULL));
	else if (hw->vendor == PAPI_VENDOR_INTEL)
		intel_tlbs(&hw->mem_hierarchy, __get_cpuid_max(0u, NULL));
}

/* ---- arm64 ------------------------------------------------------------ */
#elif defined(HW_ARM64)

/* MIDR implementer (part -1) and part names as the vendors publish them. */
// clang-format off
static const struct {
	int impl, part;
	const char *name;
} arm_names[] = {
	{ 0x41, -1, "ARM" },	       { 0x41, 0xd03, "Cortex-A53" },
	{ 0x41, 0xd04, "Cortex-A35" }, { 0x41, 0xd05, "Cortex-A55" },
	{ 0x41, 0xd07, "Cortex-A57" }, { 0x41, 0xd08, "Cortex-A72" },
	{ 0x41, 0xd09, "Cortex-A73" }, { 0x41, 0xd0a, "Cortex-A75" },
	{ 0x41, 0xd0b, "Cortex-A76" }, { 0x41, 0xd0c, "Neoverse-N1" },
	{ 0x41, 0xd0d, "Cortex-A77" }, { 0x41, 0xd40, "Neoverse-V1" },
	{ 0x41, 0xd41, "Cortex-A78" }, { 0x41, 0xd44, "Cortex-X1" },
	{ 0x41, 0xd46, "Cortex-A510" }, { 0x41, 0xd47, "Cortex-A710" },
	{ 0x41, 0xd48, "Cortex-X2" },  { 0x41, 0xd49, "Neoverse-N2" },
	{ 0x41, 0xd4f, "Neoverse-V2" }, { 0x41, 0xd80, "Cortex-A520" },
	{ 0x41, 0xd81, "Cortex-A720" }, { 0x41, 0xd84, "Neoverse-V3" },
	{ 0x41, 0xd8e, "Neoverse-N3" }, { 0x42, -1, "Broadcom" },
	{ 0x43, -1, "Cavium" },	       { 0x43, 0x0af, "ThunderX2" },
	{ 0x46, -1, "Fujitsu" },       { 0x46, 0x001, "A64FX" },
	{ 0x48, -1, "HiSilicon" },     { 0x48, 0xd01, "TaiShan-v110" },
	{ 0x4e, -1, "NVIDIA" },	       { 0x50, -1, "APM" },
	{ 0x50, 0x000, "X-Gene" },     { 0x51, -1, "Qualcomm" },
	{ 0x61, -1, "Apple" },	       { 0xc0, -1, "Ampere" },
	{ 0xc0, 0xac3, "Ampere-1" },   { 0xc0, 0xac4, "Ampere-1a" },
};
// clang-format on

/* A number from cpuinfo; base 0 reads arm64's "0x41". -1 when absent. */
static long cpuinfo_long(const char *info, const char *key, int base)
{
	char val[64], *end;
	long v;

	if (cpuinfo_get(info, key, val, sizeof(val)) < 0)
		return -1;
	v = strtol(val, &end, base);
	return end == val ? -1 : v;
}

static const char *arm_lookup(long impl, long part)
{
	size_t i;

	for (i = 0; i < sizeof(arm_names) / sizeof(arm_names[0]); i++)
		if (arm_names[i].impl == impl && arm_names[i].part == part)
			return arm_names[i].name;
	return NULL;
}

/* PAPI 7.0 names the vendor "ARM_<IMPLEMENTER>" and uses the implementer
 * code as the vendor number, for the implementers papi.h lists. */
static void arm_vendor(PAPI_hw_info_t *hw, long impl, const char *vname)
{
	static const int codes[] = {
		PAPI_VENDOR_ARM_ARM,	   PAPI_VENDOR_ARM_BROADCOM,
		PAPI_VENDOR_ARM_CAVIUM,	   PAPI_VENDOR_ARM_FUJITSU,
		PAPI_VENDOR_ARM_HISILICON, PAPI_VENDOR_ARM_APM,
		PAPI_VENDOR_ARM_QUALCOMM
	};
	size_t i;

	for (i = 0; i < sizeof(codes) / sizeof(codes[0]); i++)
		if (codes[i] == impl && vname)
			hw->vendor = codes[i];
	snprintf(hw->vendor_string, PAPI_MAX_STR_LEN, "ARM_%s",
		 hw->vendor ? vname : "UNKNOWN");
	for (i = 4; hw->vendor_string[i]; i++)
		hw->vendor_string[i] =
			(char)toupper((unsigned char)hw->vendor_string[i]);
}

/* Xen states itself in /sys/hypervisor and the device tree; KVM guests on
 * arm64 expose nothing standard, so they read as bare metal. */
static void arm_hypervisor(PAPI_hw_info_t *hw)
{
	char buf[PAPI_MAX_STR_LEN];
	long major, minor;

	if (read_attr(buf, sizeof(buf), "/sys/hypervisor/type") > 0 ||
	    read_attr(buf, sizeof(buf),
		      "/proc/device-tree/hypervisor/compatible") > 0) {
		hw->virtualized = 1;
		snprintf(hw->virtual_vendor_string, PAPI_MAX_STR_LEN, "%s",
			 buf);
	}
	major = attr_long("/sys/hypervisor/version/major");
	minor = attr_long("/sys/hypervisor/version/minor");
	if (major >= 0 && minor >= 0)
		snprintf(hw->virtual_vendor_version, PAPI_MAX_STR_LEN,
			 "%ld.%ld", major, minor);
}

/* arm64 cpuinfo has no "model name"; the core is named from its MIDR. */
static void arm_model(PAPI_hw_info_t *hw, const char *info, long impl,
		      long part)
{
	const char *vname = arm_lookup(impl, -1), *pname;

	if (!vname || cpuinfo_get(info, "model name", hw->model_string,
				  PAPI_MAX_STR_LEN) == 0)
		return;
	pname = arm_lookup(impl, part);
	if (pname)
		snprintf(hw->model_string, PAPI_MAX_STR_LEN, "%s %s", vname,
			 pname);
	else
		snprintf(hw->model_string, PAPI_MAX_STR_LEN, "%s part 0x%03lx",
			 vname, part);
}

static void arch_fill(PAPI_hw_info_t *hw, const char *info, int cpu)
{
	long impl = cpuinfo_long(info, "CPU implementer", 0);
	long part = cpuinfo_long(info, "CPU part", 0);
	long arch = cpuinfo_long(info, "CPU architecture", 10);
	long var = cpuinfo_long(info, "CPU variant", 0);
	long rev = cpuinfo_long(info, "CPU revision", 10);

	if (impl >= 0)
		arm_vendor(hw, impl, arm_lookup(impl, -1));
	hw->cpuid_family = arch > 0 ? (int)arch : 0;
	hw->cpuid_model = part > 0 ? (int)part : 0;
	hw->cpuid_stepping = var > 0 ? (int)var : 0;
	/* PAPI 7.0 puts the revision in model too */
	hw->model = rev > 0 ? (int)rev : 0;
	hw->revision = (float)hw->model;
	arm_model(hw, info, impl, part);
	arm_hypervisor(hw);
	sysfs_caches(&hw->mem_hierarchy, cpu, hw->vendor);
}

/* ---- anything else ---------------------------------------------------- */
#else

static void arch_fill(PAPI_hw_info_t *hw, const char *info, int cpu)
{
	cpuinfo_get(info, "vendor_id", hw->vendor_string, PAPI_MAX_STR_LEN);
	cpuinfo_get(info, "model name", hw->model_string, PAPI_MAX_STR_LEN);
	sysfs_caches(&hw->mem_hierarchy, cpu, hw->vendor);
}

#endif

int papi__os_hwinfo(PAPI_hw_info_t *hw)
{
	char *info;
	int cpu;

	if (!hw)
		return -EINVAL;
	memset(hw, 0, sizeof(*hw));
	info = malloc(CPUINFO_LEN);
	if (!info)
		return -ENOMEM;
	/* Without /proc the cpuinfo fields stay empty; the rest still works. */
	if (papi__os_read_file("/proc/cpuinfo", info, CPUINFO_LEN) < 0)
		info[0] = '\0';
	cpu = fill_topology(hw);
	arch_fill(hw, info, cpu);
	fill_mhz(hw, info, cpu);
	count_levels(&hw->mem_hierarchy);
	free(info);
	return 0;
}
