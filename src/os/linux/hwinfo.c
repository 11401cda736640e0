// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi__os_hwinfo(): the PAPI_hw_info_t of the running machine, from sysfs,
 * /proc/cpuinfo and the CPU itself (hwinfo_x86.c, hwinfo_arm64.c). Only
 * what the system states is recorded; a field nothing states stays 0 or "",
 * but for the clock rate, which arm64 measures when nothing states it
 * (hwinfo_freq.c). papi__os_cpu_types(): the same description once per
 * core type (hwinfo_hybrid.c finds the types).
 *
 * Where PAPI 7.0 fixed a meaning, programs depend on it, so it is kept:
 * totalcpus counts the CPUs present (online or not, like the cpuN
 * directories PAPI counts); ncpu is CPUs per NUMA node; cores is cores per
 * socket and threads hardware threads per core.
 *
 * Hybrid machines (Intel P/E cores, arm big.LITTLE) have more than one core
 * type, and one PAPI_hw_info_t can describe only one: the identification,
 * caches and TLBs are those of the first online CPU's type, all read on or
 * for that CPU, never mixed, and the model string says what the machine
 * is made of ("... (hybrid: 8 P-cores + 16 E-cores)"). The counts cover
 * every core: cores counts distinct cores, so that 8 two-thread P cores
 * and 8 E cores are 16 cores, not 24 / 2 = 12.
 */
#include "os/linux/hwinfo.h"

#include <ctype.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "os/os.h"

#define TOPO HW_SYS_CPU "/cpu%d/topology/"
#define CPUINFO_LEN 16384 /* holds the first processor block */
#define MAX_PACKAGES 256

/* ---- topology --------------------------------------------------------- */

/* One pass over the online CPUs: sockets are the distinct
 * physical_package_id values (counting them stays right with CPUs
 * offline); cores are the CPUs of cpu's package that are the first thread
 * of their core, which counts a hybrid package's cores of every type. */
static void count_sockets_cores(PAPI_hw_info_t *hw, const char *online, int cpu)
{
	int ids[MAX_PACKAGES], n = 0, lo, hi, c, i, first, dummy;
	long id, mine = papi__hw_attr_long(TOPO "physical_package_id", cpu);
	char sib[4096];

	while ((online = papi__hw_cpulist_range(online, &lo, &hi)) != NULL) {
		for (c = lo; c <= hi; c++) {
			id = papi__hw_attr_long(TOPO "physical_package_id", c);
			for (i = 0; i < n && ids[i] != (int)id; i++)
				;
			if (i == n && n < MAX_PACKAGES)
				ids[n++] = (int)id;
			if (id != mine ||
			    papi__hw_read_attr(sib, sizeof(sib),
					       TOPO "thread_siblings_list",
					       c) <= 0 ||
			    !papi__hw_cpulist_range(sib, &first, &dummy))
				continue;
			if (first == c)
				hw->cores++;
		}
	}
	hw->sockets = n;
}

/* Fills the counts; returns the first online CPU, whose type the rest of
 * the description is about (cpu0 may be offline on arm64). */
static int fill_topology(PAPI_hw_info_t *hw)
{
	char online[4096], present[4096];
	int cpu = 0, hi;
	long n;

	if (papi__hw_read_attr(online, sizeof(online), HW_SYS_CPU "/online") >
	    0) {
		if (!papi__hw_cpulist_range(online, &cpu, &hi))
			cpu = 0;
		count_sockets_cores(hw, online, cpu);
		hw->totalcpus = papi__hw_cpulist_count(online);
	}
	if (papi__hw_read_attr(present, sizeof(present),
			       HW_SYS_CPU "/present") > 0 &&
	    papi__hw_cpulist_count(present) > hw->totalcpus)
		hw->totalcpus = papi__hw_cpulist_count(present);
	if (hw->totalcpus <= 0) {
		n = sysconf(_SC_NPROCESSORS_CONF);
		hw->totalcpus = n > 0 ? (int)n : 0;
	}
	hw->threads = papi__hw_list_count(TOPO "thread_siblings_list", cpu);
	hw->nnodes = papi__hw_list_count("/sys/devices/system/node/online");
	/* Kernels without NUMA have no node directory: one node. */
	if (hw->nnodes <= 0)
		hw->nnodes = 1;
	hw->ncpu = hw->totalcpus / hw->nnodes;
	return cpu;
}

/* ---- memory hierarchy ------------------------------------------------- */

/* One cache index directory: 1 a cache, 0 an index of another kind, -1
 * past the last one. Sizes read "48K" or "32M". */
static int sysfs_cache(PAPI_mh_info_t *mh, int cpu, int idx,
		       int (*type_bits)(int))
{
	static const char *const names[] = { "Data", "Instruction", "Unified" };
	static const int types[] = { PAPI_MH_TYPE_DATA, PAPI_MH_TYPE_INST,
				     PAPI_MH_TYPE_UNIFIED };
	char dir[128], buf[64], *end;
	long level, size = 0;
	long long bytes;
	int t, shift;

	snprintf(dir, sizeof(dir), HW_SYS_CPU "/cpu%d/cache/index%d", cpu, idx);
	level = papi__hw_attr_long("%s/level", dir);
	if (level < 0)
		return -1;
	if (papi__hw_read_attr(buf, sizeof(buf), "%s/type", dir) <= 0)
		return 0;
	for (t = 0; t < 3 && strcmp(buf, names[t]) != 0; t++)
		;
	if (t == 3)
		return 0;
	if (papi__hw_read_attr(buf, sizeof(buf), "%s/size", dir) > 0) {
		bytes = strtoll(buf, &end, 10);
		shift = *end == 'K' ? 10 :
			*end == 'M' ? 20 :
			*end == 'G' ? 30 :
				      0;
		/* A size PAPI's int cannot hold stays unknown (0). */
		if (bytes > 0 && bytes <= (INT_MAX >> shift))
			size = (long)(bytes << shift);
	}
	papi__hw_add_cache(mh, level,
			   type_bits ? type_bits(types[t]) : types[t], size,
			   papi__hw_attr_long("%s/coherency_line_size", dir),
			   papi__hw_attr_long("%s/ways_of_associativity", dir));
	return 1;
}

int papi__hw_sysfs_caches(PAPI_mh_info_t *mh, int cpu, int (*type_bits)(int))
{
	int idx, r, n = 0;

	for (idx = 0;
	     idx < 32 && (r = sysfs_cache(mh, cpu, idx, type_bits)) >= 0; idx++)
		n += r;
	return n;
}

/* ---- virtualization --------------------------------------------------- */

int papi__hw_dmi_hypervisor(char *out, size_t len)
{
	/* sys_vendor (and product_name where the vendor also sells bare
	 * metal) of the common hypervisors, as systemd-detect-virt reads
	 * them (src/basic/virt.c, dmi_vendor_table). Amazon's "Amazon EC2"
	 * also names metal instances, so it is not in the list. */
	static const struct {
		const char *vendor, *product, *name;
	} dmi[] = {
		{ "QEMU", NULL, "QEMU" },
		{ "KVM", NULL, "KVM" },
		{ "VMware, Inc.", NULL, "VMware" },
		{ "innotek GmbH", NULL, "VirtualBox" },
		{ "Xen", NULL, "Xen" },
		{ "Parallels", NULL, "Parallels" },
		{ "Microsoft Corporation", "Virtual Machine", "Microsoft Hv" },
		{ "Google", "Google Compute Engine", "Google" },
	};
	char vendor[128], product[128] = "";
	size_t i;

	if (papi__hw_read_attr(vendor, sizeof(vendor),
			       "/sys/class/dmi/id/sys_vendor") <= 0)
		return 0;
	papi__hw_read_attr(product, sizeof(product),
			   "/sys/class/dmi/id/product_name");
	for (i = 0; i < sizeof(dmi) / sizeof(dmi[0]); i++) {
		if (strncmp(vendor, dmi[i].vendor, strlen(dmi[i].vendor)) ||
		    (dmi[i].product && strcmp(product, dmi[i].product)))
			continue;
		snprintf(out, len, "%s", dmi[i].name);
		return 1;
	}
	return 0;
}

/* ---- architectures without their own file ----------------------------- */
#if !defined(__x86_64__) && !defined(__i386__) && !defined(__aarch64__)

void papi__hw_arch_fill(PAPI_hw_info_t *hw, const char *info, int cpu)
{
	papi__hw_cpuinfo_get(info, "vendor_id", hw->vendor_string,
			     PAPI_MAX_STR_LEN);
	papi__hw_cpuinfo_get(info, "model name", hw->model_string,
			     PAPI_MAX_STR_LEN);
	papi__hw_sysfs_caches(&hw->mem_hierarchy, cpu, NULL);
	hw->virtualized = papi__hw_dmi_hypervisor(hw->virtual_vendor_string,
						  PAPI_MAX_STR_LEN);
}

/* The firmware may state a rate (device trees of riscv and powerpc
 * boards do); measuring needs a cycle event we have not checked there. */
int papi__hw_arch_mhz_sources(void)
{
	return HW_MHZ_FIRMWARE;
}

int papi__hw_arch_kind(int cpu, char *out, size_t len)
{
	return -1;
}

#endif

/* /proc/cpuinfo in a fresh buffer ("" when unreadable: the cpuinfo fields
 * stay empty, the rest still works); NULL when out of memory. */
static char *read_cpuinfo(void)
{
	char *info = malloc(CPUINFO_LEN);

	if (info && papi__os_read_file("/proc/cpuinfo", info, CPUINFO_LEN) < 0)
		info[0] = '\0';
	return info;
}

/*
 * The clock rate of a CPU, found once per process: where nothing states
 * it, finding it takes two busy loops of a millisecond
 * (hwinfo_freq.c), and both sysdetect's core types (at
 * PAPI_library_init) and the hardware description (at the first
 * EventSet) ask it of the same CPU. The machine does not change under a
 * process (this layer always reads the real /sys), and one answer keeps
 * the two descriptions agreeing. Both callers hold the library lock,
 * which a fork waits for, so the memo's own lock is never held at a fork.
 */
#define MHZ_MEMO 8
static struct mhz_memo {
	int cpu, sources, pin;
	int max, min;
	float mhz;
	char src[128];
} mhz_memo[MHZ_MEMO];
static int mhz_memos;
static pthread_mutex_t mhz_lock = PTHREAD_MUTEX_INITIALIZER;

static int mhz_recall(PAPI_hw_info_t *hw, int cpu, int sources, int pin,
		      char *src, size_t len)
{
	const struct mhz_memo *m;
	int i, found = 0;

	pthread_mutex_lock(&mhz_lock);
	for (i = 0; !found && i < mhz_memos; i++) {
		m = &mhz_memo[i];
		if (m->cpu != cpu || m->sources != sources || m->pin != pin)
			continue;
		hw->cpu_max_mhz = hw->clock_mhz = m->max;
		hw->cpu_min_mhz = m->min;
		hw->mhz = m->mhz;
		snprintf(src, len, "%s", m->src);
		found = 1;
	}
	pthread_mutex_unlock(&mhz_lock);
	return found;
}

static void fill_mhz(PAPI_hw_info_t *hw, const char *info, int cpu,
		     int sources, int pin, char *src, size_t len)
{
	struct mhz_memo *m;

	if (mhz_recall(hw, cpu, sources, pin, src, len))
		return;
	papi__hw_fill_mhz(hw, info, cpu, sources, pin, src, len);
	pthread_mutex_lock(&mhz_lock);
	if (mhz_memos < MHZ_MEMO) {
		m = &mhz_memo[mhz_memos++];
		m->cpu = cpu;
		m->sources = sources;
		m->pin = pin;
		m->max = hw->cpu_max_mhz;
		m->min = hw->cpu_min_mhz;
		m->mhz = hw->mhz;
		snprintf(m->src, sizeof(m->src), "%s", src);
	}
	pthread_mutex_unlock(&mhz_lock);
}

int papi__os_hwinfo(PAPI_hw_info_t *hw)
{
	struct papi__os_cpu_type *t;
	char *info, src[128];
	int cpu, n = 1;

	if (!hw)
		return -EINVAL;
	memset(hw, 0, sizeof(*hw));
	info = read_cpuinfo();
	t = calloc(PAPI__OS_MAX_CPU_TYPES, sizeof(*t));
	if (!info || !t) {
		free(info);
		free(t);
		return -ENOMEM;
	}
	cpu = fill_topology(hw);
	papi__hw_arch_fill(hw, info, cpu);
	n = papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES);
	/* On a hybrid machine a measured rate must be the described type's. */
	fill_mhz(hw, info, cpu, papi__hw_arch_mhz_sources(), n > 1, src,
		 sizeof(src));
	if (n > 1)
		papi__hw_hybrid_model(hw->model_string,
				      sizeof(hw->model_string), t, n);
	free(t);
	free(info);
	return 0;
}

/* The machine-wide counts, which every type's description repeats. */
static void copy_counts(PAPI_hw_info_t *to, const PAPI_hw_info_t *from)
{
	to->ncpu = from->ncpu;
	to->threads = from->threads;
	to->cores = from->cores;
	to->sockets = from->sockets;
	to->nnodes = from->nnodes;
	to->totalcpus = from->totalcpus;
}

int papi__os_cpu_types(struct papi__os_cpu_type *t, int max)
{
	PAPI_hw_info_t *hw;
	char *info;
	int i, n, cpu, first = 0;

	if (!t || max < 1)
		return -EINVAL;
	n = papi__hw_core_types(t, max);
	if (n < 0)
		return n;
	info = read_cpuinfo();
	if (!info)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		hw = &t[i].hw;
		memset(hw, 0, sizeof(*hw));
		if (i == 0)
			first = fill_topology(hw);
		else
			copy_counts(hw, &t[0].hw);
		cpu = papi__hw_cpulist_first(t[i].cpus);
		if (cpu < 0)
			cpu = first;
		papi__hw_arch_fill(hw, info, cpu);
		fill_mhz(hw, info, cpu, papi__hw_arch_mhz_sources(), n > 1,
			 t[i].mhz_source, sizeof(t[i].mhz_source));
	}
	free(info);
	return n;
}

long long papi__os_raw_nsec(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_MONOTONIC_RAW, &ts) != 0)
		return -errno;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}
