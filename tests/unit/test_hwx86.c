// SPDX-License-Identifier: BSD-3-Clause
/*
 * os/linux/hwinfo_x86.c: caches from AMD's legacy cpuid leaves, the only
 * description some VMs give (no sysfs cache directories, leaf 0x8000001D
 * hidden). The registers are the ones a Zen 5 VM of the project's answered
 * (2026-11-25): L1d 48K 12-way, L1i 32K 8-way, L2 1M 8-way, L3 508M (the whole socket's, as the host reports it) with
 * the "see leaf 0x8000001D" ways code, all with 64-byte lines.
 */
#if defined(__x86_64__) || defined(__i386__)
#include "os/linux/hwinfo_x86.c"
#include "os/linux/hwinfo_mh.c"

#include <errno.h>
#endif

#include "unit.h"

#if defined(__x86_64__) || defined(__i386__)
/* What hwinfo_x86.c asks of the rest of the OS layer; papi__hw_arch_fill
 * is not called here, only the decoder. */
int papi__hw_cpuinfo_get(const char *info, const char *key, char *out,
			 size_t len)
{
	(void)info;
	(void)key;
	(void)out;
	(void)len;
	return -ENOENT;
}

int papi__hw_dmi_hypervisor(char *out, size_t len)
{
	(void)out;
	(void)len;
	return -ENOENT;
}

int papi__hw_sysfs_caches(PAPI_mh_info_t *mh, int cpu, int (*type_bits)(int))
{
	(void)mh;
	(void)cpu;
	(void)type_bits;
	return 0;
}

static int policy(int type)
{
	return type | PAPI_MH_TYPE_PSEUDO_LRU;
}

int main(void)
{
	static const unsigned l1[4] = { 0xff60ff40, 0xff60ff40, 0x300c0140,
					0x20080140 };
	static const unsigned l23[4] = { 0x40802040, 0x60804040, 0x04006140,
					 0x0fe09140 };
	PAPI_mh_info_t mh;
	PAPI_mh_cache_info_t *c;

	memset(&mh, 0, sizeof(mh));
	papi__hw_amd_legacy_caches(&mh, l1, l23, NULL);
	CHECK_EQ(mh.levels, 3);
	c = mh.level[0].cache;
	CHECK_EQ(c[0].type, PAPI_MH_TYPE_DATA);
	CHECK_EQ(c[0].size, 48 * 1024);
	CHECK_EQ(c[0].line_size, 64);
	CHECK_EQ(c[0].num_lines, 768);
	CHECK_EQ(c[0].associativity, 12);
	CHECK_EQ(c[1].type, PAPI_MH_TYPE_INST);
	CHECK_EQ(c[1].size, 32 * 1024);
	CHECK_EQ(c[1].associativity, 8);
	c = mh.level[1].cache;
	CHECK_EQ(c[0].type, PAPI_MH_TYPE_UNIFIED);
	CHECK_EQ(c[0].size, 1024 * 1024);
	CHECK_EQ(c[0].line_size, 64);
	CHECK_EQ(c[0].associativity, 8); /* code 6 */
	c = mh.level[2].cache;
	CHECK_EQ(c[0].type, PAPI_MH_TYPE_UNIFIED);
	CHECK_EQ(c[0].size, 1016 * 512 * 1024); /* the socket's, 508M */
	CHECK_EQ(c[0].associativity, 0); /* code 9: not stated here */
	CHECK_EQ(mh.level[3].cache[0].type, PAPI_MH_TYPE_EMPTY);

	/* Policy bits pass through; a fully associative code; no L3. */
	{
		unsigned l23b[4] = { 0, 0, 0x0200f040, 0 };

		memset(&mh, 0, sizeof(mh));
		papi__hw_amd_legacy_caches(&mh, l1, l23b, policy);
		CHECK_EQ(mh.levels, 2);
		CHECK_EQ(mh.level[0].cache[0].type,
			 PAPI_MH_TYPE_DATA | PAPI_MH_TYPE_PSEUDO_LRU);
		CHECK_EQ(mh.level[1].cache[0].size, 512 * 1024);
		CHECK_EQ(mh.level[1].cache[0].associativity, HW_ASSOC_FULL);
	}
	/* All zero (a VM that hides them too): nothing. */
	{
		unsigned z[4] = { 0 };

		memset(&mh, 0, sizeof(mh));
		papi__hw_amd_legacy_caches(&mh, z, z, NULL);
		CHECK_EQ(mh.levels, 0);
	}
	return unit_exit();
}
#else
int main(void)
{
	UNIT_SKIP("x86 only");
}
#endif
