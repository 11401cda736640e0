// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi__hw_arch_fill() for arm64: identification from the described CPU's
 * MIDR_EL1 (sysfs, or /proc/cpuinfo), caches from sysfs, completed from
 * the CPU where firmware gave the kernel no sizes (QEMU's virt machine,
 * many device trees): line sizes from CTR_EL0, and for cores whose L1
 * geometry and TLBs are fixed by the design, those from the core's
 * Technical Reference Manual. arm64 has no architected way to read TLB
 * sizes, so TLBs come only from that table.
 *
 * PAPI 7.0's meanings are kept: vendor is the MIDR implementer code
 * (PAPI_VENDOR_ARM_*), vendor_string "ARM_<IMPLEMENTER>",
 * cpuid_family/model/stepping the architecture, part and variant, and
 * model and revision the MIDR revision.
 */
#if defined(__aarch64__)
#include "os/linux/hwinfo.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/* Cores whose L1 caches and TLBs the design fixes, from each core's TRM
 * ("L1 memory system", "TLB organization"). Sizes in KiB, 0 where the
 * licensee chooses (the Cortex-A53's L1 sizes). L2 caches are always a
 * licensee's choice, so they come from sysfs or not at all. */
static const struct {
	int part;
	int l1i_kb, l1i_ways, l1d_kb, l1d_ways;
	int itlb, dtlb, l2tlb, l2tlb_ways; /* L1 TLBs are fully associative */
} arm_cores[] = {
	{ 0xd03, 0, 2, 0, 4, 10, 10, 512, 4 },	    /* Cortex-A53 */
	{ 0xd07, 48, 3, 32, 2, 48, 32, 1024, 4 },   /* Cortex-A57 */
	{ 0xd08, 48, 3, 32, 2, 48, 32, 1024, 4 },   /* Cortex-A72 */
	{ 0xd0b, 64, 4, 64, 4, 48, 48, 1280, 5 },   /* Cortex-A76 */
	{ 0xd0c, 64, 4, 64, 4, 48, 48, 1280, 5 },   /* Neoverse-N1 */
};
// clang-format on

struct midr {
	long impl, variant, part, rev;
};

static const char *arm_lookup(long impl, long part)
{
	size_t i;

	for (i = 0; i < sizeof(arm_names) / sizeof(arm_names[0]); i++)
		if (arm_names[i].impl == impl && arm_names[i].part == part)
			return arm_names[i].name;
	return NULL;
}

/* A number from cpuinfo ("0x41" or "8"); -1 when absent. */
static long cpuinfo_long(const char *info, const char *key)
{
	char val[64], *end;
	long v;

	if (papi__hw_cpuinfo_get(info, key, val, sizeof(val)) < 0)
		return -1;
	v = strtol(val, &end, strncmp(val, "0x", 2) == 0 ? 16 : 10);
	return end == val ? -1 : v;
}

/* The described CPU's own MIDR_EL1 from sysfs (exact on big.LITTLE),
 * else the first processor block of cpuinfo. */
static void read_midr(struct midr *m, const char *info, int cpu)
{
	char buf[64];
	unsigned long long v;

	if (papi__hw_read_attr(buf, sizeof(buf),
			       HW_SYS_CPU "/cpu%d/regs/identification/midr_el1",
			       cpu) > 0) {
		v = strtoull(buf, NULL, 16);
		m->impl = (long)((v >> 24) & 0xff);
		m->variant = (long)((v >> 20) & 0xf);
		m->part = (long)((v >> 4) & 0xfff);
		m->rev = (long)(v & 0xf);
		return;
	}
	m->impl = cpuinfo_long(info, "CPU implementer");
	m->variant = cpuinfo_long(info, "CPU variant");
	m->part = cpuinfo_long(info, "CPU part");
	m->rev = cpuinfo_long(info, "CPU revision");
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
	/* PAPI 7.0 says ARM_UNKNOWN for the others (NVIDIA, Apple, Ampere);
	 * model_string still names them. */
	snprintf(hw->vendor_string, PAPI_MAX_STR_LEN, "ARM_%s",
		 hw->vendor ? vname : "UNKNOWN");
	for (i = 4; hw->vendor_string[i]; i++)
		hw->vendor_string[i] =
			(char)toupper((unsigned char)hw->vendor_string[i]);
}

/* arm64 cpuinfo has no "model name" (32-bit kernels do); the core is
 * named from its MIDR. */
static void arm_model(PAPI_hw_info_t *hw, const char *info,
		      const struct midr *m)
{
	const char *vname = arm_lookup(m->impl, -1), *pname;

	if (papi__hw_cpuinfo_get(info, "model name", hw->model_string,
				 PAPI_MAX_STR_LEN) == 0 ||
	    !vname)
		return;
	pname = arm_lookup(m->impl, m->part);
	if (pname)
		snprintf(hw->model_string, PAPI_MAX_STR_LEN, "%s %s", vname,
			 pname);
	else
		snprintf(hw->model_string, PAPI_MAX_STR_LEN, "%s part 0x%03lx",
			 vname, m->part);
}

/* Xen states itself in /sys/hypervisor and the device tree; QEMU's virt
 * machine in the device tree's root "compatible"; ACPI guests in DMI. KVM
 * on a device tree other than QEMU's states nothing standard. */
static void arm_hypervisor(PAPI_hw_info_t *hw)
{
	char buf[PAPI_MAX_STR_LEN];
	long major, minor;

	if (papi__hw_read_attr(buf, sizeof(buf), "/sys/hypervisor/type") > 0 ||
	    papi__hw_read_attr(buf, sizeof(buf),
			       "/proc/device-tree/hypervisor/compatible") > 0) {
		hw->virtualized = 1;
		snprintf(hw->virtual_vendor_string, PAPI_MAX_STR_LEN, "%s",
			 buf);
	} else if (papi__hw_read_attr(buf, sizeof(buf),
				      "/proc/device-tree/compatible") > 0 &&
		   strcmp(buf, "linux,dummy-virt") == 0) {
		hw->virtualized = 1;
		snprintf(hw->virtual_vendor_string, PAPI_MAX_STR_LEN, "QEMU");
	} else {
		hw->virtualized = papi__hw_dmi_hypervisor(
			hw->virtual_vendor_string, PAPI_MAX_STR_LEN);
	}
	major = papi__hw_attr_long("/sys/hypervisor/version/major");
	minor = papi__hw_attr_long("/sys/hypervisor/version/minor");
	if (major >= 0 && minor >= 0)
		snprintf(hw->virtual_vendor_version, PAPI_MAX_STR_LEN,
			 "%ld.%ld", major, minor);
}

/* CTR_EL0, which user space may read: the smallest data (DminLine, bits
 * 19:16) and instruction (IminLine, bits 3:0) cache line, each as log2 of
 * 4-byte words. */
static void ctr_lines(long *dline, long *iline)
{
	unsigned long ctr;

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	*dline = 4L << ((ctr >> 16) & 0xf);
	*iline = 4L << (ctr & 0xf);
}

/* Completes an L1 cache that sysfs listed without geometry. */
static void fill_l1(PAPI_mh_cache_info_t *c, long line, int kb, int ways)
{
	if (c->line_size == 0)
		c->line_size = (int)line;
	if (c->size == 0 && kb > 0) {
		c->size = kb << 10;
		if (c->associativity == 0)
			c->associativity = ways;
	}
	if (c->num_lines == 0 && c->line_size > 0)
		c->num_lines = c->size / c->line_size;
}

static void arm_memory(PAPI_hw_info_t *hw, const struct midr *m, int cpu)
{
	PAPI_mh_info_t *mh = &hw->mem_hierarchy;
	PAPI_mh_cache_info_t *c;
	long dline, iline, page = sysconf(_SC_PAGESIZE);
	size_t k;
	int i, found = -1;

	for (k = 0; k < sizeof(arm_cores) / sizeof(arm_cores[0]); k++)
		if (m->impl == 0x41 && arm_cores[k].part == m->part)
			found = (int)k;
	ctr_lines(&dline, &iline);
	if (papi__hw_sysfs_caches(mh, cpu, NULL) == 0 && found >= 0) {
		papi__hw_add_cache(mh, 1, PAPI_MH_TYPE_DATA, 0, 0, 0);
		papi__hw_add_cache(mh, 1, PAPI_MH_TYPE_INST, 0, 0, 0);
	}
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		c = &mh->level[0].cache[i];
		if (PAPI_MH_CACHE_TYPE(c->type) == PAPI_MH_TYPE_INST)
			fill_l1(c, iline,
				found >= 0 ? arm_cores[found].l1i_kb : 0,
				found >= 0 ? arm_cores[found].l1i_ways : 0);
		else if (c->type != PAPI_MH_TYPE_EMPTY)
			fill_l1(c, dline,
				found >= 0 ? arm_cores[found].l1d_kb : 0,
				found >= 0 ? arm_cores[found].l1d_ways : 0);
	}
	if (found < 0)
		return;
	/* The TLBs hold entries of the page size the kernel maps with. */
	papi__hw_add_tlb(mh, 1, PAPI_MH_TYPE_INST,
			 (unsigned)arm_cores[found].itlb, page, HW_ASSOC_FULL);
	papi__hw_add_tlb(mh, 1, PAPI_MH_TYPE_DATA,
			 (unsigned)arm_cores[found].dtlb, page, HW_ASSOC_FULL);
	papi__hw_add_tlb(mh, 2, PAPI_MH_TYPE_UNIFIED,
			 (unsigned)arm_cores[found].l2tlb, page,
			 arm_cores[found].l2tlb_ways);
}

void papi__hw_arch_fill(PAPI_hw_info_t *hw, const char *info, int cpu)
{
	struct midr m;
	long arch = cpuinfo_long(info, "CPU architecture");

	read_midr(&m, info, cpu);
	if (m.impl >= 0)
		arm_vendor(hw, m.impl, arm_lookup(m.impl, -1));
	/* The kernel prints "CPU architecture: 8" for every arm64 core;
	 * MIDR's own field says only "see the ID registers" (0xf). */
	hw->cpuid_family = arch > 0 ? (int)arch : 8;
	hw->cpuid_model = m.part > 0 ? (int)m.part : 0;
	hw->cpuid_stepping = m.variant > 0 ? (int)m.variant : 0;
	/* PAPI 7.0 puts the revision in model too */
	hw->model = m.rev > 0 ? (int)m.rev : 0;
	hw->revision = (float)hw->model;
	arm_model(hw, info, &m);
	arm_hypervisor(hw);
	arm_memory(hw, &m, cpu);
}

/* arm64 /proc/cpuinfo states no rate, and virtual machines have no
 * cpufreq: the firmware's tables, then the cycle counter (hwinfo_freq.c). */
int papi__hw_arch_mhz_sources(void)
{
	return HW_MHZ_FIRMWARE | HW_MHZ_MEASURE;
}

/* A core type is its MIDR part: "Cortex-A76", "Neoverse-N1". */
int papi__hw_arch_kind(int cpu, char *out, size_t len)
{
	struct midr m;
	const char *name;

	read_midr(&m, "", cpu);
	if (m.impl < 0 || m.part < 0)
		return -1;
	name = arm_lookup(m.impl, m.part);
	if (name)
		snprintf(out, len, "%s", name);
	else
		snprintf(out, len, "%s part 0x%03lx",
			 arm_lookup(m.impl, -1) ? arm_lookup(m.impl, -1) :
						  "arm64",
			 m.part);
	return 0;
}

#endif
