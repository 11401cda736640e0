// SPDX-License-Identifier: BSD-3-Clause
/*
 * os/linux/hwinfo_hybrid.c: the core types of hybrid machines (Intel P and
 * E cores, arm big.LITTLE) from fake sysfs trees, the machines of one type
 * that must stay one type, and the model string that says "hybrid".
 *
 * The OS layer is not part of papi_core, so this test compiles the files
 * under test itself; the architecture's part (papi__hw_arch_kind, arm64's
 * MIDR part names) is a stand-in here that names two arm cores.
 */
#include "os/linux/hwinfo_sysfs.c"
#include "os/linux/hwinfo_hybrid.c"

#include "fake_os.h"
#include "unit.h"

#define SYSCPU "/sys/devices/system/cpu"
#define PMU "/sys/bus/event_source/devices"

int papi__hw_arch_kind(int cpu, char *out, size_t len)
{
	long midr = papi__hw_attr_long(
		SYSCPU "/cpu%d/regs/identification/midr_el1", cpu);
	long part = (midr >> 4) & 0xfff;

	if (midr < 0 || (part != 0xd05 && part != 0xd0b))
		return -1;
	snprintf(out, len, "%s", part == 0xd05 ? "Cortex-A55" : "Cortex-A76");
	return 0;
}

static void fresh(const char *online)
{
	fake_os_reset();
	if (!fake_os_make_root())
		UNIT_SKIP("cannot make a fake sysfs root");
	CHECK_EQ(fake_os_mkfile(SYSCPU "/online", online), 0);
	/* PMUs that are not core PMUs, present on every machine. */
	fake_os_mkfile(PMU "/software/type", "1\n");
	fake_os_mkfile(PMU "/uncore_imc_0/cpumask", "0\n");
	fake_os_mkfile(PMU "/power/cpumask", "0\n");
}

/* cpus lo..hi as cores of `threads` hardware threads each. */
static void topo(int lo, int hi, int threads)
{
	char path[128], val[32];
	int c, first;

	for (c = lo; c <= hi; c++) {
		first = lo + (c - lo) / threads * threads;
		snprintf(path, sizeof(path),
			 SYSCPU "/cpu%d/topology/thread_siblings_list", c);
		if (threads > 1)
			snprintf(val, sizeof(val), "%d-%d\n", first,
				 first + threads - 1);
		else
			snprintf(val, sizeof(val), "%d\n", c);
		fake_os_mkfile(path, val);
	}
}

static void midr(int lo, int hi, const char *value)
{
	char path[128];
	int c;

	for (c = lo; c <= hi; c++) {
		snprintf(path, sizeof(path),
			 SYSCPU "/cpu%d/regs/identification/midr_el1", c);
		fake_os_mkfile(path, value);
	}
}

static struct papi__os_cpu_type t[PAPI__OS_MAX_CPU_TYPES];

static void expect(int row, int i, const char *kind, const char *cpus,
		   int ncpus, int ncores)
{
	if (strcmp(t[i].kind, kind) != 0)
		UNIT_FAIL_AT(row, "type %d kind \"%s\", want \"%s\"", i,
			     t[i].kind, kind);
	if (strcmp(t[i].cpus, cpus) != 0)
		UNIT_FAIL_AT(row, "type %d cpus \"%s\", want \"%s\"", i,
			     t[i].cpus, cpus);
	CHECK_EQ_AT(row, t[i].ncpus, ncpus);
	CHECK_EQ_AT(row, t[i].ncores, ncores);
}

static void test_intel(void)
{
	char model[PAPI_MAX_STR_LEN] = "13th Gen Intel(R) Core(TM) i9-13900K";

	fresh("0-31\n");
	fake_os_mkfile(PMU "/cpu_atom/cpus", "16-31\n");
	fake_os_mkfile(PMU "/cpu_atom/type", "10\n");
	fake_os_mkfile(PMU "/cpu_core/cpus", "0-15\n");
	fake_os_mkfile(PMU "/cpu_core/type", "4\n");
	topo(0, 15, 2);
	topo(16, 31, 1);
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 2);
	expect(__LINE__, 0, "P-core", "0-15", 16, 8);
	expect(__LINE__, 1, "E-core", "16-31", 16, 16);
	papi__hw_hybrid_model(model, sizeof(model), t, 2);
	CHECK(!strcmp(model, "13th Gen Intel(R) Core(TM) i9-13900K "
			     "(hybrid: 8 P-cores + 16 E-cores)"));

	/* E cores first, LP E cores, one core of a kind; no topology files
	 * (every CPU its own core). */
	fresh("0-9\n");
	fake_os_mkfile(PMU "/cpu_atom/cpus", "0-7\n");
	fake_os_mkfile(PMU "/cpu_core/cpus", "8\n");
	fake_os_mkfile(PMU "/cpu_lowpower/cpus", "9\n");
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 3);
	expect(__LINE__, 0, "E-core", "0-7", 8, 8);
	expect(__LINE__, 1, "P-core", "8", 1, 1);
	expect(__LINE__, 2, "LP E-core", "9", 1, 1);
	snprintf(model, sizeof(model), "Intel(R) Core(TM) Ultra 7 165H");
	papi__hw_hybrid_model(model, sizeof(model), t, 3);
	CHECK(!strcmp(model, "Intel(R) Core(TM) Ultra 7 165H (hybrid: "
			     "8 E-cores + 1 P-core + 1 LP E-core)"));
	/* A caller with room for fewer types gets the first ones. */
	CHECK_EQ(papi__hw_core_types(t, 2), 2);
	expect(__LINE__, 1, "P-core", "8", 1, 1);
}

static void test_one_type(void)
{
	/* x86: a cpu PMU without a cpus list. */
	fresh("0-3\n");
	fake_os_mkfile(PMU "/cpu/type", "4\n");
	topo(0, 3, 2);
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 1);
	expect(__LINE__, 0, "", "0-3", 4, 2);

	/* arm64: one PMU for all CPUs, one MIDR part (two revisions). */
	fresh("0-3\n");
	fake_os_mkfile(PMU "/armv8_pmuv3_0/cpus", "0-3\n");
	midr(0, 1, "0x00000000410fd0b0\n");
	midr(2, 3, "0x00000000414fd0b1\n");
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 1);
	expect(__LINE__, 0, "", "0-3", 4, 4);

	/* Core PMU lists that overlap are not types; nor is a machine
	 * where a CPU's MIDR cannot be read. */
	fresh("0-3\n");
	fake_os_mkfile(PMU "/cpu_core/cpus", "0-3\n");
	fake_os_mkfile(PMU "/cpu_atom/cpus", "3\n");
	midr(0, 1, "0x410fd050\n");
	midr(3, 3, "0x410fd0b0\n");
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 1);
	expect(__LINE__, 0, "", "0-3", 4, 4);

	/* Nothing readable at all: one type, nothing known of it. */
	fake_os_set_root(NULL);
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 1);
	expect(__LINE__, 0, "", "", 0, 0);
	CHECK_EQ(papi__hw_core_types(NULL, 4), -EINVAL);
	CHECK_EQ(papi__hw_core_types(t, 0), -EINVAL);
}

static void test_arm(void)
{
	char model[PAPI_MAX_STR_LEN] = "ARM Cortex-A55";

	/* big.LITTLE with a PMU per cluster. */
	fresh("0-7\n");
	fake_os_mkfile(PMU "/armv8_cortex_a76/cpus", "4-7\n");
	fake_os_mkfile(PMU "/armv8_cortex_a55/cpus", "0-3\n");
	midr(0, 3, "0x00000000412fd050\n");
	midr(4, 7, "0x00000000414fd0b0\n");
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 2);
	expect(__LINE__, 0, "Cortex-A55", "0-3", 4, 4);
	expect(__LINE__, 1, "Cortex-A76", "4-7", 4, 4);
	papi__hw_hybrid_model(model, sizeof(model), t, 2);
	CHECK(!strcmp(model,
		      "ARM Cortex-A55 (hybrid: 4 Cortex-A55 + 4 Cortex-A76)"));

	/* The same machine in a VM without a PMU: from the MIDRs. CPUs may
	 * interleave; a part the architecture cannot name is its number. */
	fresh("0-6\n");
	midr(0, 0, "0x412fd050\n");
	midr(2, 2, "0x412fd050\n");
	midr(4, 6, "0x412fd050\n");
	midr(1, 1, "0x414fd0b0\n");
	midr(3, 3, "0x414fd0b0\n");
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 2);
	expect(__LINE__, 0, "Cortex-A55", "0,2,4-6", 5, 5);
	expect(__LINE__, 1, "Cortex-A76", "1,3", 2, 2);
	midr(3, 3, "0x461f0010\n"); /* Fujitsu A64FX */
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 3);
	expect(__LINE__, 2, "part 0x001", "3", 1, 1);

	/* Core PMUs whose names the tables do not know. */
	fresh("0-3\n");
	fake_os_mkfile(PMU "/cpu_big/cpus", "0-1\n");
	fake_os_mkfile(PMU "/cpu_small/cpus", "2-3\n");
	CHECK_EQ(papi__hw_core_types(t, PAPI__OS_MAX_CPU_TYPES), 2);
	expect(__LINE__, 0, "big", "0-1", 2, 2);
	expect(__LINE__, 1, "small", "2-3", 2, 2);
}

/* The model string never outgrows PAPI_MAX_STR_LEN. */
static void test_model_fit(void)
{
	char model[PAPI_MAX_STR_LEN];
	size_t i;

	memset(t, 0, sizeof(t));
	for (i = 0; i < 4; i++) {
		snprintf(t[i].kind, sizeof(t[i].kind),
			 "Very-Long-Core-Name-%zu-Rev-B", i);
		t[i].ncores = (int)i + 1;
	}
	snprintf(model, sizeof(model), "ARM Cortex-X925");
	papi__hw_hybrid_model(model, sizeof(model), t, 4);
	CHECK(!strcmp(model, "ARM Cortex-X925 (hybrid: 4 core types)"));

	/* A model that leaves no room even for the short form: cut at a
	 * word. */
	memset(model, 0, sizeof(model));
	for (i = 0; i + 6 < sizeof(model); i += 6)
		memcpy(model + i, "Word5 ", 6);
	model[i] = '\0';
	papi__hw_hybrid_model(model, sizeof(model), t, 2);
	CHECK(strlen(model) < sizeof(model));
	i = strlen(model);
	CHECK(i > 23 && !strcmp(model + i - 23, " (hybrid: 2 core types)"));
	CHECK(strstr(model, "Word5 Word5 (hybrid") != NULL);

	/* A tiny buffer: the model stays, whole. */
	snprintf(model, 8, "CPU");
	papi__hw_hybrid_model(model, 8, t, 2);
	CHECK(!strcmp(model, "CPU"));
	/* One type is not hybrid. */
	papi__hw_hybrid_model(model, sizeof(model), t, 1);
	CHECK(!strcmp(model, "CPU"));
}

int main(void)
{
	test_intel();
	test_one_type();
	test_arm();
	test_model_fit();
	/* Nothing here may touch perf_event. */
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
	return unit_exit();
}
