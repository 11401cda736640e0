// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_get_hardware_info() against what this test reads itself from sysfs
 * and /proc: CPU and NUMA counts, identification (cpuinfo on x86; MIDR_EL1
 * in sysfs and cpuinfo on arm64), clock rates (measured on arm64 where
 * nothing states them), virtualization, and
 * PAPI_get_opt's views of them. The memory hierarchy is in
 * test_sysinfo_cache.c. Runs on the host and in the arm64 PMU machine.
 */
#include "test_sysinfo_util.h"

#include <dirent.h>
#include <unistd.h>

/* PAPI counts the cpuN directories: CPUs present, online or not. */
static int count_cpu_dirs(void)
{
	DIR *d = opendir(SYS_CPU);
	struct dirent *e;
	int n = 0;
	char *end;

	while (d && (e = readdir(d)) != NULL)
		if (strncmp(e->d_name, "cpu", 3) == 0 &&
		    isdigit((unsigned char)e->d_name[3])) {
			strtol(e->d_name + 3, &end, 10);
			n += *end == '\0';
		}
	if (d)
		closedir(d);
	return n;
}

/* Sockets: distinct package ids of online CPUs; cores: CPUs of cpu's
 * package that are the first thread of their core (right on hybrid
 * packages, where cores do not all have the same number of threads). */
static void count_topology(int cpu, int *sockets, int *cores)
{
	char online[4096], buf[4096], *s, *end;
	int ids[1024], n = 0, lo, hi, c, i, first;
	long mine = -1, id;

	*sockets = *cores = 0;
	if (slurp(buf, sizeof(buf), TOPO "physical_package_id", cpu) > 0)
		mine = atol(buf);
	if (slurp(online, sizeof(online), SYS_CPU "/online") <= 0)
		return;
	for (s = online; *s;) {
		lo = hi = (int)strtol(s, &end, 10);
		if (end == s)
			break;
		if (*end == '-')
			hi = (int)strtol(end + 1, &end, 10);
		s = *end == ',' ? end + 1 : end;
		for (c = lo; c <= hi; c++) {
			if (slurp(buf, sizeof(buf), TOPO "physical_package_id",
				  c) <= 0)
				continue;
			id = atol(buf);
			for (i = 0; i < n && ids[i] != id; i++)
				;
			if (i == n && n < 1024)
				ids[n++] = (int)id;
			if (id == mine &&
			    slurp(buf, sizeof(buf), TOPO "thread_siblings_list",
				  c) > 0 &&
			    list_count_first(buf, &first) > 0 && first == c)
				(*cores)++;
		}
	}
	*sockets = n;
}

static void check_topology(const PAPI_hw_info_t *hw, int cpu)
{
	char buf[4096];
	int nodes = 1, sockets, cores, total = count_cpu_dirs();

	expect_int("totalcpus", hw->totalcpus, total);
	if (slurp(buf, sizeof(buf), TOPO "thread_siblings_list", cpu) > 0)
		expect_int("threads", hw->threads, list_count(buf));
	count_topology(cpu, &sockets, &cores);
	if (sockets > 0) {
		expect_int("sockets", hw->sockets, sockets);
		expect_int("cores", hw->cores, cores);
	}
	if (slurp(buf, sizeof(buf), "/sys/devices/system/node/online") > 0)
		nodes = list_count(buf);
	expect_int("nnodes", hw->nnodes, nodes);
	/* PAPI's ncpu is CPUs per NUMA node. */
	expect_int("ncpu", hw->ncpu, total / nodes);
}

/* Nothing in cpufreq or cpuinfo (arm64 VMs): the firmware's rate when the
 * device tree or ACPI CPPC states one (hwinfo_freq.c reads them; here only
 * its plausibility is checked), else the cycle counter's measurement when
 * the PMU counts cycles, else 0. */
static void check_unstated_clock(const PAPI_hw_info_t *hw)
{
	int cycles = PAPI_query_event(PAPI_TOT_CYC) == PAPI_OK;

	printf("clock: %d MHz, nothing in cpufreq or cpuinfo; cycles %s\n",
	       hw->cpu_max_mhz, cycles ? "counted" : "not counted");
	if (hw->cpu_max_mhz == 0) {
		if (cycles)
			fail("the PMU counts cycles, yet cpu_max_mhz is 0");
		return;
	}
	/* 10 MHz to 10 GHz: any real or emulated core. */
	if (hw->cpu_max_mhz < 10 || hw->cpu_max_mhz > 10000)
		fail("cpu_max_mhz %d is implausible", hw->cpu_max_mhz);
	if ((int)(hw->mhz + 0.5f) != hw->cpu_max_mhz)
		fail("mhz %f differs from cpu_max_mhz %d", (double)hw->mhz,
		     hw->cpu_max_mhz);
}

static void check_clock(const PAPI_hw_info_t *hw, int cpu, int x86)
{
	char buf[64];

	if (hw->cpu_min_mhz < 0 || hw->cpu_max_mhz < hw->cpu_min_mhz ||
	    hw->mhz < 0 || hw->clock_mhz != hw->cpu_max_mhz)
		fail("clock rates inconsistent: min %d max %d mhz %f clock %d",
		     hw->cpu_min_mhz, hw->cpu_max_mhz, (double)hw->mhz,
		     hw->clock_mhz);
	if (slurp(buf, sizeof(buf), SYS_CPU "/cpu%d/cpufreq/cpuinfo_max_freq",
		  cpu) > 0) {
		expect_int("cpu_max_mhz", hw->cpu_max_mhz, atol(buf) / 1000);
		if (slurp(buf, sizeof(buf),
			  SYS_CPU "/cpu%d/cpufreq/cpuinfo_min_freq", cpu) > 0)
			expect_int("cpu_min_mhz", hw->cpu_min_mhz,
				   atol(buf) / 1000);
	} else if (cpuinfo("cpu MHz", buf, sizeof(buf))) {
		/* x86 without cpufreq (this host, VMs): cpuinfo's figure,
		 * truncated, exactly as before arm64 learnt to measure. */
		expect_int("cpu_max_mhz (cpuinfo)", hw->cpu_max_mhz,
			   (long)strtod(buf, NULL));
	} else if (x86) {
		fail("x86 states no clock rate here; cpu_max_mhz %d",
		     hw->cpu_max_mhz);
	} else {
		check_unstated_clock(hw);
	}
	if (x86 && (hw->mhz <= 0 || hw->cpu_max_mhz <= 0))
		fail("x86 clock unknown: mhz %f cpu_max_mhz %d",
		     (double)hw->mhz, hw->cpu_max_mhz);
}

#if defined(__x86_64__) || defined(__i386__)
/* Whether a space-separated list holds word. */
static int has_word(const char *list, const char *word)
{
	size_t n = strlen(word);
	const char *p;

	for (p = strstr(list, word); p; p = strstr(p + 1, word))
		if ((p == list || p[-1] == ' ') && (p[n] == ' ' || !p[n]))
			return 1;
	return 0;
}

static void check_ident(const PAPI_hw_info_t *hw, int cpu)
{
	char buf[4096];

	(void)cpu;
	if (cpuinfo("vendor_id", buf, sizeof(buf)) &&
	    strcmp(buf, hw->vendor_string) != 0)
		fail("vendor_string \"%s\", cpuinfo says \"%s\"",
		     hw->vendor_string, buf);
	expect_int("vendor", hw->vendor,
		   !strcmp(hw->vendor_string, "GenuineIntel") ?
			   PAPI_VENDOR_INTEL :
		   !strcmp(hw->vendor_string, "AuthenticAMD") ?
			   PAPI_VENDOR_AMD :
			   PAPI_VENDOR_UNKNOWN);
	if (cpuinfo("model name", buf, sizeof(buf)) &&
	    strcmp(buf, hw->model_string) != 0)
		fail("model_string \"%s\", cpuinfo says \"%s\"",
		     hw->model_string, buf);
	if (cpuinfo("cpu family", buf, sizeof(buf)))
		expect_int("cpuid_family", hw->cpuid_family, atol(buf));
	if (cpuinfo("model", buf, sizeof(buf))) {
		expect_int("cpuid_model", hw->cpuid_model, atol(buf));
		expect_int("model", hw->model, atol(buf));
	}
	if (cpuinfo("stepping", buf, sizeof(buf))) {
		expect_int("cpuid_stepping", hw->cpuid_stepping, atol(buf));
		expect_int("revision", (long)hw->revision, atol(buf));
	}
	/* The kernel shows the cpuid hypervisor bit as this flag. */
	if (cpuinfo("flags", buf, sizeof(buf)) && has_word(buf, "hypervisor")) {
		expect_int("virtualized", hw->virtualized, 1);
		if (!hw->virtual_vendor_string[0])
			fail("virtualized but virtual_vendor_string is empty");
	}
}

#elif defined(__aarch64__)
static void check_ident(const PAPI_hw_info_t *hw, int cpu)
{
	char buf[256];
	unsigned long long midr;
	long impl, part, var, rev;

	if (slurp(buf, sizeof(buf),
		  SYS_CPU "/cpu%d/regs/identification/midr_el1", cpu) > 0) {
		midr = strtoull(buf, NULL, 16);
		impl = (long)(midr >> 24 & 0xff);
		var = (long)(midr >> 20 & 0xf);
		part = (long)(midr >> 4 & 0xfff);
		rev = (long)(midr & 0xf);
	} else if (cpuinfo("CPU part", buf, sizeof(buf))) {
		part = strtol(buf, NULL, 0);
		impl = cpuinfo("CPU implementer", buf, sizeof(buf)) ?
			       strtol(buf, NULL, 0) :
			       -1;
		var = cpuinfo("CPU variant", buf, sizeof(buf)) ?
			      strtol(buf, NULL, 0) :
			      -1;
		rev = cpuinfo("CPU revision", buf, sizeof(buf)) ?
			      strtol(buf, NULL, 0) :
			      -1;
	} else {
		fail("no MIDR in sysfs and no \"CPU part\" in cpuinfo");
		return;
	}
	printf("MIDR: implementer 0x%lx variant %ld part 0x%lx revision %ld\n",
	       impl, var, part, rev);
	expect_int("cpuid_model (MIDR part)", hw->cpuid_model, part);
	expect_int("cpuid_stepping (MIDR variant)", hw->cpuid_stepping, var);
	expect_int("model (MIDR revision)", hw->model, rev);
	expect_int("revision", (long)hw->revision, rev);
	expect_int("cpuid_family", hw->cpuid_family,
		   cpuinfo("CPU architecture", buf, sizeof(buf)) ? atol(buf) :
								   8);
	if (impl == PAPI_VENDOR_ARM_ARM) {
		expect_int("vendor", hw->vendor, PAPI_VENDOR_ARM_ARM);
		if (strcmp(hw->vendor_string, "ARM_ARM") != 0)
			fail("vendor_string \"%s\", want ARM_ARM",
			     hw->vendor_string);
		/* The Cortex-A57 the PMU machine emulates. */
		if (part == 0xd07 &&
		    strcmp(hw->model_string, "ARM Cortex-A57") != 0)
			fail("model_string \"%s\", want \"ARM Cortex-A57\"",
			     hw->model_string);
	}
	/* QEMU's virt machine names itself in the device tree. */
	if (slurp(buf, sizeof(buf), "/proc/device-tree/compatible") > 0 &&
	    strcmp(buf, "linux,dummy-virt") == 0) {
		expect_int("virtualized (QEMU virt)", hw->virtualized, 1);
		if (strcmp(hw->virtual_vendor_string, "QEMU") != 0)
			fail("virtual_vendor_string \"%s\", want QEMU",
			     hw->virtual_vendor_string);
	}
}

#else
static void check_ident(const PAPI_hw_info_t *hw, int cpu)
{
	(void)hw;
	(void)cpu;
}
#endif

/* The PAPI_get_opt views of the same description. */
static void check_opts(const PAPI_hw_info_t *hw)
{
	PAPI_option_t opt;

	memset(&opt, 0, sizeof(opt));
	expect_int("PAPI_get_opt(PAPI_HWINFO)", PAPI_get_opt(PAPI_HWINFO, &opt),
		   PAPI_OK);
	if (opt.hw_info != hw)
		fail("PAPI_get_opt(PAPI_HWINFO) gives %p, "
		     "PAPI_get_hardware_info %p",
		     (void *)opt.hw_info, (const void *)hw);
	expect_int("PAPI_get_opt(PAPI_HWINFO, NULL)",
		   PAPI_get_opt(PAPI_HWINFO, NULL), PAPI_EINVAL);
	expect_int("PAPI_get_opt(PAPI_CLOCKRATE)",
		   PAPI_get_opt(PAPI_CLOCKRATE, NULL), hw->cpu_max_mhz);
	expect_int("PAPI_get_opt(PAPI_MAX_CPUS)",
		   PAPI_get_opt(PAPI_MAX_CPUS, NULL), hw->ncpu);
	memset(&opt, 0, sizeof(opt));
	expect_int("PAPI_get_opt(PAPI_PRELOAD)",
		   PAPI_get_opt(PAPI_PRELOAD, &opt), PAPI_OK);
	if (strcmp(opt.preload.lib_preload_env, "LD_PRELOAD") != 0 ||
	    opt.preload.lib_preload_sep != ' ' ||
	    strcmp(opt.preload.lib_dir_env, "LD_LIBRARY_PATH") != 0 ||
	    opt.preload.lib_dir_sep != ':')
		fail("PAPI_PRELOAD: \"%s\" '%c' \"%s\" '%c'",
		     opt.preload.lib_preload_env, opt.preload.lib_preload_sep,
		     opt.preload.lib_dir_env, opt.preload.lib_dir_sep);
}

int main(void)
{
	const PAPI_hw_info_t *hw;
	int cpu;

	if (PAPI_get_hardware_info() != NULL)
		fail("PAPI_get_hardware_info answers before PAPI_library_init");
	init_or_exit();
	hw = PAPI_get_hardware_info();
	if (!hw) {
		printf("FAIL: PAPI_get_hardware_info returned NULL\n");
		return 1;
	}
	cpu = first_online_cpu();
	printf("%s / %s (vendor %d, family %d model %d stepping %d)\n",
	       hw->vendor_string, hw->model_string, hw->vendor,
	       hw->cpuid_family, hw->cpuid_model, hw->cpuid_stepping);
	printf("%d CPUs: %d sockets x %d cores x %d threads; %d nodes of %d; "
	       "%d-%d MHz; virtualized %d (%s%s%s)\n",
	       hw->totalcpus, hw->sockets, hw->cores, hw->threads, hw->nnodes,
	       hw->ncpu, hw->cpu_min_mhz, hw->cpu_max_mhz, hw->virtualized,
	       hw->virtual_vendor_string,
	       hw->virtual_vendor_version[0] ? " " : "",
	       hw->virtual_vendor_version);
	check_topology(hw, cpu);
	check_ident(hw, cpu);
#if defined(__x86_64__) || defined(__i386__)
	check_clock(hw, cpu, 1);
#else
	check_clock(hw, cpu, 0);
#endif
	check_opts(hw);
	PAPI_shutdown();
	if (PAPI_get_hardware_info() != NULL)
		fail("PAPI_get_hardware_info answers after PAPI_shutdown");
	return finish();
}
