// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi__hw_arch_fill() for x86: identification, hypervisor and TLBs from
 * cpuid; caches from sysfs (the kernel's reading of cpuid leaf 4 or
 * 0x8000001D), or from those leaves directly when sysfs has none.
 *
 * Kept from PAPI 7.0 because programs compare the words: AMD caches carry
 * PAPI's policy bits; AMD TLB slots go from large pages to small,
 * instruction before data. Unlike PAPI 7.0, a 64-bit library lists no 4M
 * TLB entries (see LARGE_4M) and does list the 1G ones.
 *
 * On a hybrid CPU cpuid answers for the core it runs on, so the thread is
 * pinned to the described CPU while it asks (and put back afterwards).
 */
#if defined(__x86_64__) || defined(__i386__)
#include "os/linux/hwinfo.h"

#include <cpuid.h>
#include <ctype.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>

/* Large pages are 2M in long mode and with PAE, 4M only with 32-bit
 * paging; the TLB entries that hold "2M or 4M" (or, per older manuals,
 * "4M") pages hold whichever the paging mode uses. A 64-bit process can
 * only meet 2M ones, so on x86-64 such TLBs are listed as 2M, which also
 * leaves room in PAPI's six slots a level for the 1G-page TLBs. */
#if defined(__x86_64__)
#define LARGE_4M 0
#else
#define LARGE_4M 1
#endif

#define KB(n) ((long)(n) << 10)
#define MB(n) ((long)(n) << 20)
#define GB(n) ((long)(n) << 30)

static void cpuid(unsigned leaf, unsigned sub, unsigned r[4])
{
	__cpuid_count(leaf, sub, r[0], r[1], r[2], r[3]);
}

/* ---- pinning ---------------------------------------------------------- */

struct pin {
	cpu_set_t old;
	int pinned;
};

/* Moves the calling thread onto cpu; where the process may not run there
 * (a cpuset), cpuid is asked wherever the thread is. */
static void pin_to(struct pin *p, int cpu)
{
	cpu_set_t one;

	p->pinned = 0;
	if (cpu < 0 || cpu >= CPU_SETSIZE ||
	    sched_getaffinity(0, sizeof(p->old), &p->old) != 0)
		return;
	CPU_ZERO(&one);
	CPU_SET(cpu, &one);
	p->pinned = sched_setaffinity(0, sizeof(one), &one) == 0;
}

static void unpin(struct pin *p)
{
	if (p->pinned)
		sched_setaffinity(0, sizeof(p->old), &p->old);
}

/* ---- identification --------------------------------------------------- */

/* Family and model with the extended fields folded in, as the Intel SDM
 * and AMD APM define the displayed values (and /proc/cpuinfo shows). */
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

/* The 48-byte brand string of leaves 0x80000002-4, leading blanks
 * dropped: the kernel's "model name", for when /proc is not mounted. */
static void x86_brand(char *out, size_t len)
{
	unsigned r[12], i;
	const char *p;

	if (__get_cpuid_max(0x80000000u, NULL) < 0x80000004u)
		return;
	for (i = 0; i < 3; i++)
		cpuid(0x80000002u + i, 0, &r[i * 4]);
	p = (const char *)r;
	for (i = 0; i < 48 && p[i] == ' '; i++)
		;
	snprintf(out, len, "%.*s", (int)(48 - i), p + i);
}

/* The hypervisor bit (leaf 1, ECX bit 31), then the 12-byte signature of
 * leaf 0x40000000, e.g. "KVMKVMKVM" padded with NULs. Xen and Hyper-V
 * state their version in the next leaves; KVM states none. */
static void x86_hypervisor(PAPI_hw_info_t *hw)
{
	unsigned r[4], max;
	char sig[13] = "";
	int i;

	cpuid(1, 0, r);
	if (!(r[2] & (1u << 31))) {
		/* Some hypervisors hide the bit; firmware still names them. */
		hw->virtualized = papi__hw_dmi_hypervisor(
			hw->virtual_vendor_string, PAPI_MAX_STR_LEN);
		return;
	}
	hw->virtualized = 1;
	cpuid(0x40000000, 0, r);
	max = r[0];
	memcpy(sig, &r[1], 4);
	memcpy(sig + 4, &r[2], 4);
	memcpy(sig + 8, &r[3], 4);
	for (i = 0; sig[i] && isprint((unsigned char)sig[i]); i++)
		;
	sig[i] = '\0';
	snprintf(hw->virtual_vendor_string, PAPI_MAX_STR_LEN, "%s", sig);
	if (strcmp(sig, "XenVMMXenVMM") == 0 && max >= 0x40000001) {
		cpuid(0x40000001, 0, r); /* EAX: major << 16 | minor */
		snprintf(hw->virtual_vendor_version, PAPI_MAX_STR_LEN, "%u.%u",
			 r[0] >> 16, r[0] & 0xffff);
	} else if (strcmp(sig, "Microsoft Hv") == 0 && max >= 0x40000002) {
		cpuid(0x40000002, 0, r); /* EBX: major << 16 | minor */
		snprintf(hw->virtual_vendor_version, PAPI_MAX_STR_LEN, "%u.%u",
			 r[1] >> 16, r[1] & 0xffff);
	}
}

/* ---- caches ----------------------------------------------------------- */

/* PAPI has always marked AMD data and unified caches pseudo-LRU and the L1
 * data cache write-back; programs compare type words, so AMD keeps them. */
static int amd_policy(int type)
{
	if (type == PAPI_MH_TYPE_INST)
		return type;
	if (type == PAPI_MH_TYPE_DATA)
		return type | PAPI_MH_TYPE_WB | PAPI_MH_TYPE_PSEUDO_LRU;
	return type | PAPI_MH_TYPE_PSEUDO_LRU;
}

/* Intel leaf 4 and AMD leaf 0x8000001D share one layout, a sub-leaf per
 * cache: EAX type (1 data, 2 instruction, 3 unified) and level, EBX ways,
 * partitions and line size, ECX sets, each minus one. Used only when
 * sysfs lists no caches (no /sys, or a kernel that does not decode them). */
static void cpuid_caches(PAPI_mh_info_t *mh, unsigned leaf,
			 int (*type_bits)(int))
{
	static const int types[4] = { 0, PAPI_MH_TYPE_DATA, PAPI_MH_TYPE_INST,
				      PAPI_MH_TYPE_UNIFIED };
	unsigned r[4], sub, t;
	long long ways, line, size;

	for (sub = 0; sub < 16; sub++) {
		cpuid(leaf, sub, r);
		t = r[0] & 0x1f;
		if (t == 0 || t > 3)
			break;
		ways = (long long)(r[1] >> 22) + 1;
		line = (long long)(r[1] & 0xfff) + 1;
		size = ways * (((r[1] >> 12) & 0x3ff) + 1) * line *
		       ((long long)r[2] + 1);
		papi__hw_add_cache(mh, (r[0] >> 5) & 7,
				   type_bits ? type_bits(types[t]) : types[t],
				   size <= INT_MAX ? (long)size : 0, (long)line,
				   (r[0] >> 9) & 1 ? HW_ASSOC_FULL :
						     (long)ways);
	}
}

/* AMD's 4-bit associativity code of leaf 0x80000006 (L2, L3): 0 off, 0xF
 * fully associative, 9 "see leaf 0x8000001D" (unknown here: 0). */
static long amd_assoc(unsigned code)
{
	static const short ways[16] = { 0, 1, 2, 3, 4, 6, 8, 0,
					16, 0, 32, 48, 64, 96, 128, 0 };

	if (code == 0xf)
		return HW_ASSOC_FULL;
	return ways[code & 0xf];
}

/* AMD's legacy cache leaves, for VMs that hide leaf 0x8000001D (no
 * TOPOEXT) and give no sysfs cache directories, where they are all there
 * is: 0x80000005 ECX L1d and EDX L1i (size KB in bits 31:24, ways 23:16,
 * line 7:0), 0x80000006 ECX L2 (KB 31:16, ways code 15:12, line 7:0) and
 * EDX L3 (units of 512 KB in 31:18, same codes). */
void papi__hw_amd_legacy_caches(PAPI_mh_info_t *mh, const unsigned l1[4],
				const unsigned l23[4], int (*type_bits)(int))
{
	int d = PAPI_MH_TYPE_DATA, i = PAPI_MH_TYPE_INST,
	    u = PAPI_MH_TYPE_UNIFIED;
	unsigned r;

	if (type_bits) {
		d = type_bits(d);
		i = type_bits(i);
		u = type_bits(u);
	}
	if ((r = l1[2]) >> 24)
		papi__hw_add_cache(mh, 1, d, (long)(r >> 24) << 10, r & 0xff,
				   ((r >> 16) & 0xff) == 0xff ? HW_ASSOC_FULL :
								(long)((r >> 16) & 0xff));
	if ((r = l1[3]) >> 24)
		papi__hw_add_cache(mh, 1, i, (long)(r >> 24) << 10, r & 0xff,
				   ((r >> 16) & 0xff) == 0xff ? HW_ASSOC_FULL :
								(long)((r >> 16) & 0xff));
	if ((r = l23[2]) >> 16 && (r >> 12) & 0xf)
		papi__hw_add_cache(mh, 2, u, (long)(r >> 16) << 10, r & 0xff,
				   amd_assoc((r >> 12) & 0xf));
	if ((r = l23[3]) >> 18 && (r >> 12) & 0xf)
		papi__hw_add_cache(mh, 3, u, (long)(r >> 18) << 19, r & 0xff,
				   amd_assoc((r >> 12) & 0xf));
}

/* ---- AMD TLBs --------------------------------------------------------- */

/* One TLB as AMD packs it in 16 bits: entries in the low 8 (L1, leaf
 * 0x80000005) or 12 (L2, 0x80000006; 1G pages, 0x80000019) bits,
 * associativity above: a count for L1 (0xff: full), otherwise a code whose
 * ranges ("6 to 7 ways") give their lower bound; 7 and 9 (see leaf
 * 0x8000001D) are unknown. A 4M page takes two 2M entries (AMD CPUID
 * spec), hence div. */
static void amd_tlb(PAPI_mh_info_t *mh, unsigned level, int type, unsigned half,
		    long page, unsigned div, int coded)
{
	static const int ways[16] = {
		0,  1, 2,  3,  4,  6,  8,   0,
		16, 0, 32, 48, 64, 96, 128, HW_ASSOC_FULL
	};
	unsigned code;

	half &= 0xffff;
	if (!coded) {
		code = half >> 8;
		papi__hw_add_tlb(mh, level, type, (half & 0xff) / div, page,
				 code == 0xff ? HW_ASSOC_FULL : (int)code);
	} else if ((code = half >> 12) != 0) { /* 0: disabled */
		papi__hw_add_tlb(mh, level, type, (half & 0xfff) / div, page,
				 ways[code]);
	}
}

static void amd_tlbs(PAPI_mh_info_t *mh)
{
	unsigned r[4], level, max = __get_cpuid_max(0x80000000u, NULL);
	int coded;

	for (level = 1; level <= 2 && max >= 0x80000004 + level; level++) {
		cpuid(0x80000004 + level, 0, r);
		coded = level > 1;
		if (LARGE_4M) {
			amd_tlb(mh, level, PAPI_MH_TYPE_INST, r[0], MB(4), 2,
				coded);
			amd_tlb(mh, level, PAPI_MH_TYPE_DATA, r[0] >> 16, MB(4),
				2, coded);
		}
		amd_tlb(mh, level, PAPI_MH_TYPE_INST, r[0], MB(2), 1, coded);
		amd_tlb(mh, level, PAPI_MH_TYPE_DATA, r[0] >> 16, MB(2), 1,
			coded);
		amd_tlb(mh, level, PAPI_MH_TYPE_INST, r[1], KB(4), 1, coded);
		amd_tlb(mh, level, PAPI_MH_TYPE_DATA, r[1] >> 16, KB(4), 1,
			coded);
	}
	/* 1G pages (Family 10h on): EAX L1, EBX L2, both coded. */
	if (max >= 0x80000019) {
		cpuid(0x80000019, 0, r);
		for (level = 1; level <= 2; level++) {
			amd_tlb(mh, level, PAPI_MH_TYPE_INST, r[level - 1],
				GB(1), 1, 1);
			amd_tlb(mh, level, PAPI_MH_TYPE_DATA,
				r[level - 1] >> 16, GB(1), 1, 1);
		}
	}
}

/* ---- Intel TLBs ------------------------------------------------------- */

static void intel_add(PAPI_mh_info_t *mh, int level, int type, unsigned pages,
		      unsigned long long entries, int assoc)
{
	static const long sizes[4] = { KB(4), MB(2), MB(4), GB(1) };
	int p;

	if (!LARGE_4M && (pages & 4))
		pages = (pages & ~4u) | 2u;
	for (p = 0; p < 4; p++)
		if (pages & (1u << p))
			papi__hw_add_tlb(mh, level, type, entries, sizes[p],
					 assoc);
}

/* Leaf 0x18: a sub-leaf per TLB, a bit per page size it maps. Types: 1
 * data, 2 instruction, 3 unified, 4 load-only, 5 store-only; PAPI has no
 * load/store-only kinds, so those count as data TLBs. Returns how many
 * TLBs it described. */
static int intel_leaf18(PAPI_mh_info_t *mh, unsigned max_basic)
{
	unsigned r[4], sub, last, t, ways;
	int type, n = 0;

	if (max_basic < 0x18)
		return 0;
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
		intel_add(mh, (int)((r[3] >> 5) & 7), type, r[1] & 0xf,
			  (unsigned long long)ways * r[2],
			  (r[3] >> 8) & 1 ? HW_ASSOC_FULL : (int)ways);
		n++;
	}
	return n;
}

/* Leaf 2 TLB descriptors, Intel SDM vol. 2A, CPUID, table "Encoding of
 * CPUID Leaf 2 Descriptors". Pages: 1 4K, 2 2M, 4 4M, 8 1G; 0x10 marks
 * the 4M reading of the same TLB as the row before ("8 entries for 2M
 * pages or 4 for 4M"), which long mode never uses. Ways 0 means
 * the SDM gives none, 0xff fully associative. Level 2 are the shared
 * second-level TLBs (STLB) and DTLB1 behind a DTLB0. */
// clang-format off
static const struct {
	unsigned char desc, level, kind, pages, ways; /* kind: 0 D, 1 I, 2 U */
	unsigned short entries;
} leaf2_tlbs[] = {
	{ 0x01, 1, 1, 1, 4, 32 },    { 0x02, 1, 1, 4, 0xff, 2 },
	{ 0x03, 1, 0, 1, 4, 64 },    { 0x04, 1, 0, 4, 4, 8 },
	{ 0x05, 2, 0, 4, 4, 32 },    { 0x0b, 1, 1, 4, 4, 4 },
	{ 0x4f, 1, 1, 1, 0, 32 },    { 0x50, 1, 1, 7, 0, 64 },
	{ 0x51, 1, 1, 7, 0, 128 },   { 0x52, 1, 1, 7, 0, 256 },
	{ 0x55, 1, 1, 6, 0xff, 7 },  { 0x56, 1, 0, 4, 4, 16 },
	{ 0x57, 1, 0, 1, 4, 16 },    { 0x59, 1, 0, 1, 0xff, 16 },
	{ 0x5a, 1, 0, 6, 4, 32 },    { 0x5b, 1, 0, 5, 0, 64 },
	{ 0x5c, 1, 0, 5, 0, 128 },   { 0x5d, 1, 0, 5, 0, 256 },
	{ 0x61, 1, 1, 1, 0xff, 48 }, { 0x63, 1, 0, 6, 4, 32 },
	{ 0x63, 1, 0, 8, 4, 4 },     { 0x64, 1, 0, 1, 4, 512 },
	{ 0x6a, 1, 0, 1, 8, 64 },    { 0x6b, 1, 0, 1, 8, 256 },
	{ 0x6c, 1, 0, 6, 8, 128 },   { 0x6d, 1, 0, 8, 0xff, 16 },
	{ 0x76, 1, 1, 6, 0xff, 8 },  { 0xa0, 1, 0, 1, 0xff, 32 },
	{ 0xb0, 1, 1, 1, 4, 128 },   { 0xb1, 1, 1, 2, 4, 8 },
	{ 0xb1, 1, 1, 0x14, 4, 4 }, { 0xb2, 1, 1, 1, 4, 64 },
	{ 0xb3, 1, 0, 1, 4, 128 },   { 0xb4, 2, 0, 1, 4, 256 },
	{ 0xb5, 1, 1, 1, 8, 64 },    { 0xb6, 1, 1, 1, 8, 128 },
	{ 0xba, 2, 0, 1, 4, 64 },    { 0xc0, 1, 0, 5, 4, 8 },
	{ 0xc1, 2, 2, 3, 8, 1024 },  { 0xc2, 1, 0, 3, 4, 16 },
	{ 0xc3, 2, 2, 3, 6, 1536 },  { 0xc3, 2, 2, 8, 4, 16 },
	{ 0xc4, 1, 0, 6, 4, 32 },    { 0xca, 2, 2, 1, 4, 512 },
};
// clang-format on

static void leaf2_tlb(PAPI_mh_info_t *mh, unsigned char desc)
{
	size_t i;
	int type;

	for (i = 0; i < sizeof(leaf2_tlbs) / sizeof(leaf2_tlbs[0]); i++) {
		if (leaf2_tlbs[i].desc != desc ||
		    (!LARGE_4M && (leaf2_tlbs[i].pages & 0x10)))
			continue;
		type = leaf2_tlbs[i].kind == 2 ? PAPI_MH_TYPE_UNIFIED :
		       leaf2_tlbs[i].kind == 1 ? PAPI_MH_TYPE_INST :
						 PAPI_MH_TYPE_DATA;
		intel_add(mh, leaf2_tlbs[i].level, type,
			  leaf2_tlbs[i].pages & 0xfu, leaf2_tlbs[i].entries,
			  leaf2_tlbs[i].ways == 0xff ? HW_ASSOC_FULL :
						       leaf2_tlbs[i].ways);
	}
}

/* Leaf 2: one byte per descriptor in EAX..EDX (EAX's low byte is a repeat
 * count, 1 on every CPU since the Pentium 4); a register with bit 31 set
 * holds none. */
static void intel_leaf2(PAPI_mh_info_t *mh, unsigned max_basic)
{
	unsigned r[4], i;
	unsigned char d[16];

	if (max_basic < 2)
		return;
	cpuid(2, 0, r);
	for (i = 0; i < 4; i++)
		if (r[i] & (1u << 31))
			r[i] = 0;
	memcpy(d, r, sizeof(d));
	for (i = 1; i < 16; i++)
		if (d[i])
			leaf2_tlb(mh, d[i]);
}

/* ---- entry ------------------------------------------------------------ */

void papi__hw_arch_fill(PAPI_hw_info_t *hw, const char *info, int cpu)
{
	PAPI_mh_info_t *mh = &hw->mem_hierarchy;
	int (*bits)(int) = NULL;
	unsigned max = __get_cpuid_max(0, NULL), r[4] = { 0 };
	struct pin pin = { .pinned = 0 };

	x86_ident(hw);
	if (max >= 7)
		cpuid(7, 0, r);
	if (r[3] & (1u << 15)) /* Hybrid (leaf 7, EDX bit 15) */
		pin_to(&pin, cpu);
	x86_hypervisor(hw);
	if (papi__hw_cpuinfo_get(info, "model name", hw->model_string,
				 PAPI_MAX_STR_LEN) < 0)
		x86_brand(hw->model_string, PAPI_MAX_STR_LEN);
	if (hw->vendor == PAPI_VENDOR_AMD)
		bits = amd_policy;
	if (papi__hw_sysfs_caches(mh, cpu, bits) == 0) {
		unsigned ext = __get_cpuid_max(0x80000000u, NULL);

		if (hw->vendor == PAPI_VENDOR_AMD && ext >= 0x8000001du)
			cpuid_caches(mh, 0x8000001d, bits);
		else if (max >= 4)
			cpuid_caches(mh, 4, bits);
		if (hw->vendor == PAPI_VENDOR_AMD && ext >= 0x80000006u &&
		    mh->levels == 0) {
			unsigned l1[4], l23[4];

			cpuid(0x80000005u, 0, l1);
			cpuid(0x80000006u, 0, l23);
			papi__hw_amd_legacy_caches(mh, l1, l23, bits);
		}
	}
	if (hw->vendor == PAPI_VENDOR_AMD)
		amd_tlbs(mh);
	else if (hw->vendor == PAPI_VENDOR_INTEL && intel_leaf18(mh, max) == 0)
		intel_leaf2(mh, max);
	unpin(&pin);
}

/* cpufreq or /proc/cpuinfo's "cpu MHz" always state an x86 rate. */
int papi__hw_arch_mhz_sources(void)
{
	return 0;
}

/* x86 core types are named from their PMUs (hwinfo_hybrid.c). */
int papi__hw_arch_kind(int cpu, char *out, size_t len)
{
	return -1;
}

#endif
