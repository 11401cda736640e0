// SPDX-License-Identifier: BSD-3-Clause
/*
 * The memory hierarchy of PAPI_get_hardware_info() against independent
 * sources, field by field:
 *   caches  every /sys/devices/system/cpu/cpuN/cache/indexM of the first
 *           online CPU: size, line size, ways, and number of lines also
 *           against sets x ways x partitions; nothing more, nothing less.
 *           arm64 sysfs may state no geometry (QEMU's virt machine): line
 *           sizes are then checked against CTR_EL0, read here.
 *   TLBs    x86: the kernel's own decoding of cpuid, from its boot log
 *           ("Last level iTLB entries: 4KB 64, 2MB 64, 4MB 32") and, on
 *           AMD, /proc/cpuinfo's "TLB size"; x86-64 lists no 4M pages
 *           (a 64-bit process has none). arm64: the Cortex-A57's TLBs
 *           as its TRM gives them, at the kernel's page size.
 * Runs on the host and in the arm64 PMU machine.
 */
#include "test_sysinfo_util.h"

#include <limits.h>
#include <sys/klog.h>
#include <unistd.h>

static const char *type_name(int type)
{
	switch (PAPI_MH_CACHE_TYPE(type)) {
	case PAPI_MH_TYPE_DATA:
		return "data";
	case PAPI_MH_TYPE_INST:
		return "instruction";
	case PAPI_MH_TYPE_UNIFIED:
		return "unified";
	default:
		return "other";
	}
}

static const PAPI_mh_cache_info_t *find_cache(const PAPI_mh_info_t *mh,
					      long level, int type)
{
	const PAPI_mh_cache_info_t *c;
	int i;

	if (level < 1 || level > PAPI_MAX_MEM_HIERARCHY_LEVELS)
		return NULL;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		c = &mh->level[level - 1].cache[i];
		if (c->type != PAPI_MH_TYPE_EMPTY &&
		    PAPI_MH_CACHE_TYPE(c->type) == type)
			return c;
	}
	return NULL;
}

/* The L1 line size the CPU itself states, 0 where it cannot be read. */
static long cpu_line(int type)
{
#if defined(__aarch64__)
	unsigned long ctr;

	/* CTR_EL0: DminLine bits 19:16, IminLine 3:0, log2 of words. */
	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	return type == PAPI_MH_TYPE_INST ? 4L << (ctr & 0xf) :
					   4L << ((ctr >> 16) & 0xf);
#else
	(void)type;
	return 0;
#endif
}

/* One sysfs cache index against the entry of the same level and type.
 * Returns 1 for a cache, 0 for an index of another kind, -1 past the end. */
static int check_cache(const PAPI_mh_info_t *mh, int cpu, int idx)
{
	char dir[128], buf[64], what[64], *end;
	const PAPI_mh_cache_info_t *c;
	long level, size = -1, line = -1, ways = -1, sets = -1, part = 1;
	int type;

	snprintf(dir, sizeof(dir), SYS_CPU "/cpu%d/cache/index%d", cpu, idx);
	if (slurp(buf, sizeof(buf), "%s/level", dir) <= 0)
		return -1;
	level = atol(buf);
	slurp(buf, sizeof(buf), "%s/type", dir);
	type = !strcmp(buf, "Data")	   ? PAPI_MH_TYPE_DATA :
	       !strcmp(buf, "Instruction") ? PAPI_MH_TYPE_INST :
	       !strcmp(buf, "Unified")	   ? PAPI_MH_TYPE_UNIFIED :
					     0;
	if (!type)
		return 0;
	if (slurp(buf, sizeof(buf), "%s/size", dir) > 0) {
		size = strtol(buf, &end, 10);
		size <<= *end == 'K' ? 10 : *end == 'M' ? 20 : 0;
	}
	if (slurp(buf, sizeof(buf), "%s/coherency_line_size", dir) > 0)
		line = atol(buf);
	if (slurp(buf, sizeof(buf), "%s/ways_of_associativity", dir) > 0)
		ways = atol(buf);
	if (slurp(buf, sizeof(buf), "%s/number_of_sets", dir) > 0)
		sets = atol(buf);
	if (slurp(buf, sizeof(buf), "%s/physical_line_partition", dir) > 0)
		part = atol(buf);
	snprintf(what, sizeof(what), "L%ld %s cache", level, type_name(type));
	c = find_cache(mh, level, type);
	if (!c) {
		fail("%s (index%d) missing", what, idx);
		return 1;
	}
	printf("%s: %d bytes, %d-byte lines, %d lines, %d-way; sysfs: %ld, "
	       "%ld, %ld sets, %ld-way\n",
	       what, c->size, c->line_size, c->num_lines, c->associativity,
	       size, line, sets, ways);
	if (size >= 0)
		expect_field(what, "size", c->size, size);
	if (line > 0)
		expect_field(what, "line_size", c->line_size, line);
	else if (level == 1 && cpu_line(type) > 0)
		expect_field(what, "line_size (CTR_EL0)", c->line_size,
			     cpu_line(type));
	if (ways >= 0)
		expect_field(what, "associativity", c->associativity, ways);
	if (c->size > 0 && c->line_size > 0)
		expect_field(what, "num_lines", c->num_lines,
			     c->size / c->line_size);
	if (sets > 0 && ways > 0 && size > 0)
		expect_field(what, "num_lines (sets x ways x partitions)",
			     c->num_lines, sets * ways * part);
	return 1;
}

static void check_caches(const PAPI_mh_info_t *mh, int cpu)
{
	int idx, r, seen = 0, have = 0, i, j, top = 0;

	for (idx = 0; idx < 32 && (r = check_cache(mh, cpu, idx)) >= 0; idx++)
		seen += r;
	for (i = 0; i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++) {
			if (mh->level[i].cache[j].type != PAPI_MH_TYPE_EMPTY)
				have++;
			if (mh->level[i].cache[j].type != PAPI_MH_TYPE_EMPTY ||
			    mh->level[i].tlb[j].type != PAPI_MH_TYPE_EMPTY)
				top = i + 1;
		}
	expect_int("levels", mh->levels, top);
	if (seen > 0)
		expect_int("number of caches", have, seen);
	else
		printf("no caches in sysfs for cpu%d (%d from the CPU)\n", cpu,
		       have);
}

/* Every TLB described sanely; returns how many there are. */
static int check_tlb_shapes(const PAPI_mh_info_t *mh)
{
	const PAPI_mh_tlb_info_t *t;
	int i, j, n = 0;

	for (i = 0; i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++) {
			t = &mh->level[i].tlb[j];
			if (t->type == PAPI_MH_TYPE_EMPTY)
				continue;
			n++;
			printf("L%d %s TLB: %d entries, %d KB pages, %d-way\n",
			       i + 1, type_name(t->type), t->num_entries,
			       t->page_size >> 10, t->associativity);
			if (t->num_entries <= 0 || t->page_size < 4096 ||
			    (t->page_size & (t->page_size - 1)) ||
			    t->associativity < 0)
				fail("L%d TLB %d: %d entries, page %d, %d-way",
				     i + 1, j, t->num_entries, t->page_size,
				     t->associativity);
#if defined(__x86_64__)
			if (t->page_size == 4 << 20)
				fail("L%d TLB %d lists 4M pages, which x86-64 "
				     "does not have",
				     i + 1, j);
#elif defined(__aarch64__)
			expect_field("TLB", "page_size", t->page_size,
				     sysconf(_SC_PAGESIZE));
#endif
		}
	return n;
}

#if defined(__x86_64__) || defined(__i386__)
/* The most entries any TLB of kind (PAPI_MH_TYPE_INST or _DATA; unified
 * TLBs count for both) has for page, as the kernel reports last-level
 * TLBs: the largest one. */
static long tlb_max(const PAPI_mh_info_t *mh, int kind, long page)
{
	const PAPI_mh_tlb_info_t *t;
	long best = 0;
	int i, j;

	for (i = 0; i < PAPI_MAX_MEM_HIERARCHY_LEVELS; i++)
		for (j = 0; j < PAPI_MH_MAX_LEVELS; j++) {
			t = &mh->level[i].tlb[j];
			if (t->type != PAPI_MH_TYPE_EMPTY &&
			    (PAPI_MH_CACHE_TYPE(t->type) & kind) &&
			    t->page_size == page && t->num_entries > best)
				best = t->num_entries;
		}
	return best;
}

/* "Last level iTLB entries: 4KB 64, 2MB 64, 4MB 32" and the dTLB line
 * ("..., 1GB 0") from the kernel log; 0 where no such line is readable
 * (the log needs root or dmesg_restrict=0, and may have wrapped). */
static int kernel_tlbs(long itlb[3], long dtlb[4])
{
	int n = klogctl(10, NULL, 0), got = 0; /* SYSLOG_ACTION_SIZE_BUFFER */
	char *log, *p;

	if (n <= 0 || !(log = malloc((size_t)n + 1)))
		return 0;
	n = klogctl(3, log, n); /* SYSLOG_ACTION_READ_ALL */
	log[n > 0 ? n : 0] = '\0';
	if ((p = strstr(log, "Last level iTLB entries:")) &&
	    sscanf(p, "Last level iTLB entries: 4KB %ld, 2MB %ld, 4MB %ld",
		   &itlb[0], &itlb[1], &itlb[2]) == 3 &&
	    (p = strstr(log, "Last level dTLB entries:")) &&
	    sscanf(p,
		   "Last level dTLB entries: 4KB %ld, 2MB %ld, 4MB %ld, 1GB %ld",
		   &dtlb[0], &dtlb[1], &dtlb[2], &dtlb[3]) == 4)
		got = 1;
	free(log);
	return got;
}

static void check_tlbs(const PAPI_hw_info_t *hw)
{
	const PAPI_mh_info_t *mh = &hw->mem_hierarchy;
	long itlb[3], dtlb[4], sum = 0;
	char buf[256];
	int i, j;

	if (check_tlb_shapes(mh) == 0 && hw->vendor == PAPI_VENDOR_AMD)
		fail("an AMD CPU without TLBs");
	if (kernel_tlbs(itlb, dtlb)) {
		/* The kernel reports 0 for what it does not decode (Intel
		 * CPUs that describe TLBs only in leaf 0x18). */
		if (itlb[0])
			expect_int("last-level iTLB 4K entries (kernel log)",
				   tlb_max(mh, PAPI_MH_TYPE_INST, 4096),
				   itlb[0]);
		if (itlb[1])
			expect_int("last-level iTLB 2M entries (kernel log)",
				   tlb_max(mh, PAPI_MH_TYPE_INST, 2 << 20),
				   itlb[1]);
		if (dtlb[0])
			expect_int("last-level dTLB 4K entries (kernel log)",
				   tlb_max(mh, PAPI_MH_TYPE_DATA, 4096),
				   dtlb[0]);
		if (dtlb[1])
			expect_int("last-level dTLB 2M entries (kernel log)",
				   tlb_max(mh, PAPI_MH_TYPE_DATA, 2 << 20),
				   dtlb[1]);
		if (dtlb[3])
			expect_int("last-level dTLB 1G entries (kernel log)",
				   tlb_max(mh, PAPI_MH_TYPE_DATA, 1 << 30),
				   dtlb[3]);
	} else {
		printf("kernel log has no TLB lines here; not compared\n");
	}
	/* AMD: the L2 TLBs' 4K entries, instruction plus data. */
	if (hw->vendor != PAPI_VENDOR_AMD ||
	    !cpuinfo("TLB size", buf, sizeof(buf)))
		return;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		j = mh->level[1].tlb[i].type;
		if (j != PAPI_MH_TYPE_EMPTY &&
		    mh->level[1].tlb[i].page_size == 4096)
			sum += mh->level[1].tlb[i].num_entries;
	}
	expect_int("L2 4K TLB entries (cpuinfo TLB size)", sum, atol(buf));
}

#elif defined(__aarch64__)
static void check_tlbs(const PAPI_hw_info_t *hw)
{
	const PAPI_mh_info_t *mh = &hw->mem_hierarchy;
	const PAPI_mh_tlb_info_t *l1 = mh->level[0].tlb, *l2 = mh->level[1].tlb;

	check_tlb_shapes(mh);
	if (hw->vendor != PAPI_VENDOR_ARM_ARM || hw->cpuid_model != 0xd07)
		return;
	/* Cortex-A57 TRM, "TLB organization": 48-entry L1 instruction and
	 * 32-entry L1 data TLBs, fully associative; a 1024-entry 4-way
	 * unified L2 TLB. Its L1 caches: 48KB 3-way and 32KB 2-way. */
	if (l1[0].type != PAPI_MH_TYPE_INST || l1[0].num_entries != 48 ||
	    l1[0].associativity != SHRT_MAX ||
	    l1[1].type != PAPI_MH_TYPE_DATA || l1[1].num_entries != 32 ||
	    l2[0].type != PAPI_MH_TYPE_UNIFIED || l2[0].num_entries != 1024 ||
	    l2[0].associativity != 4)
		fail("Cortex-A57 TLBs are not the TRM's 48 I + 32 D, 1024 4-way");
	if (!find_cache(mh, 1, PAPI_MH_TYPE_INST) ||
	    find_cache(mh, 1, PAPI_MH_TYPE_INST)->size != 48 << 10 ||
	    !find_cache(mh, 1, PAPI_MH_TYPE_DATA) ||
	    find_cache(mh, 1, PAPI_MH_TYPE_DATA)->size != 32 << 10)
		fail("Cortex-A57 L1 caches are not the TRM's 48K I + 32K D");
}

#else
static void check_tlbs(const PAPI_hw_info_t *hw)
{
	check_tlb_shapes(&hw->mem_hierarchy);
}
#endif

int main(void)
{
	const PAPI_hw_info_t *hw;
	int cpu;

	init_or_exit();
	hw = PAPI_get_hardware_info();
	if (!hw) {
		printf("FAIL: PAPI_get_hardware_info returned NULL\n");
		return 1;
	}
	cpu = first_online_cpu();
	check_caches(&hw->mem_hierarchy, cpu);
	check_tlbs(hw);
	PAPI_shutdown();
	return finish();
}
