// SPDX-License-Identifier: BSD-3-Clause
/*
 * components/sysdetect and core/devinfo.c: the CPU devices of the device
 * queries (PAPI_enum_dev_type, PAPI_get_dev_type_attr, PAPI_get_dev_attr).
 * A machine of one core type is one device described by PAPI_hw_info_t,
 * as before; a hybrid machine (the fake OS layer's papi__os_cpu_types
 * scripted with two types) is one device per type with its own name,
 * identification, caches and counts. Each scenario runs in a library
 * initialized for it.
 */
#include <errno.h>
#include <string.h>

#include "fake_os.h"
#include "fake_os_hw.h"
#include "papi.h"
#include "unit.h"

static void *cpu_handle(void)
{
	void *h = NULL, *more;
	int id = -1;

	CHECK_EQ(PAPI_enum_dev_type(PAPI_DEV_TYPE_ENUM__CPU, &h), PAPI_OK);
	if (!h)
		return NULL;
	CHECK_EQ(PAPI_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__INT_PAPI_ID,
					&id),
		 PAPI_OK);
	CHECK_EQ(id, PAPI_DEV_TYPE_ID__CPU);
	/* End the walk, so the next scenario starts it afresh. */
	while (PAPI_enum_dev_type(PAPI_DEV_TYPE_ENUM__CPU, &more) == PAPI_OK)
		;
	return h;
}

static unsigned int uattr(void *h, int id, PAPI_dev_attr_e a)
{
	unsigned int v = 0xdeadbeef;

	CHECK_EQ(PAPI_get_dev_attr(h, id, a, &v), PAPI_OK);
	return v;
}

static const char *name_of(void *h, int id)
{
	const char *s = NULL;

	CHECK_EQ(PAPI_get_dev_attr(h, id, PAPI_DEV_ATTR__CPU_CHAR_NAME, &s),
		 PAPI_OK);
	return s ? s : "";
}

static const PAPI_component_info_t *sysdetect_info(void)
{
	int cidx = PAPI_get_component_index("sysdetect");

	CHECK(cidx >= 0);
	return cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;
}

static int dev_count(void *h)
{
	int n = -1;

	CHECK_EQ(PAPI_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__INT_COUNT, &n),
		 PAPI_OK);
	return n;
}

/* One type: the fixed machine of the fake papi__os_hwinfo, as before. */
static void test_one_type(void)
{
	const PAPI_hw_info_t *hw;
	const PAPI_component_info_t *ci;
	void *h;

	fake_os_set_cpu_types(NULL, 0, 0);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	hw = PAPI_get_hardware_info();
	h = cpu_handle();
	if (!hw || !h)
		return;
	CHECK_EQ(dev_count(h), 1);
	CHECK(!strcmp(name_of(h, 0), hw->model_string));
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT), 4);
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT), 8);
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_FAMILY), 6);
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_SIZE), 1048576);
	/* The id of a machine-wide attribute was never checked: still so. */
	CHECK_EQ(uattr(h, 3, PAPI_DEV_ATTR__CPU_UINT_MODEL), 85);
	ci = sysdetect_info();
	if (ci) {
		CHECK_EQ(ci->disabled, 0);
		CHECK(!strcmp(ci->disabled_reason,
			      "CPU clock: 3000 MHz (fake)"));
	}
	PAPI_shutdown();
}

static void set_cache(PAPI_mh_info_t *mh, int level, int i, int type, int kb,
		      int ways)
{
	PAPI_mh_cache_info_t *c = &mh->level[level - 1].cache[i];

	c->type = type;
	c->size = kb << 10;
	c->line_size = 64;
	c->num_lines = c->size / 64;
	c->associativity = ways;
	if (level > mh->levels)
		mh->levels = level;
}

static void make_type(struct papi__os_cpu_type *t, const char *model,
		      const char *kind, const char *cpus, int ncpus, int ncores,
		      int mhz, int l2_kb)
{
	memset(t, 0, sizeof(*t));
	snprintf(t->hw.model_string, sizeof(t->hw.model_string), "%s", model);
	snprintf(t->kind, sizeof(t->kind), "%s", kind);
	snprintf(t->cpus, sizeof(t->cpus), "%s", cpus);
	snprintf(t->mhz_source, sizeof(t->mhz_source), "source %d", mhz);
	t->ncpus = ncpus;
	t->ncores = ncores;
	t->hw.cpu_max_mhz = mhz;
	t->hw.cpuid_family = 6;
	t->hw.cpuid_model = ncores == ncpus ? 190 : 183;
	t->hw.cpuid_stepping = 1;
	set_cache(&t->hw.mem_hierarchy, 1, 0, PAPI_MH_TYPE_INST, 32, 8);
	set_cache(&t->hw.mem_hierarchy, 1, 1, PAPI_MH_TYPE_DATA, 48, 12);
	set_cache(&t->hw.mem_hierarchy, 2, 0, PAPI_MH_TYPE_UNIFIED, l2_kb, 16);
}

static void test_hybrid(void)
{
	struct papi__os_cpu_type t[2];
	const PAPI_component_info_t *ci;
	unsigned int v;
	void *h;

	make_type(&t[0], "Fake Hybrid CPU", "P-core", "0-15", 16, 8, 5000,
		  2048);
	make_type(&t[1], "Fake Hybrid CPU", "E-core", "16-31", 16, 16, 4000,
		  4096);
	fake_os_set_cpu_types(t, 2, 0);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	h = cpu_handle();
	if (!h)
		return;
	CHECK_EQ(dev_count(h), 2);
	CHECK(!strcmp(name_of(h, 0),
		      "Fake Hybrid CPU (P-core: CPUs 0-15, 5000 MHz)"));
	CHECK(!strcmp(name_of(h, 1),
		      "Fake Hybrid CPU (E-core: CPUs 16-31, 4000 MHz)"));
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT), 8);
	CHECK_EQ(uattr(h, 1, PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT), 16);
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT), 16);
	CHECK_EQ(uattr(h, 1, PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT), 16);
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_MODEL), 183);
	CHECK_EQ(uattr(h, 1, PAPI_DEV_ATTR__CPU_UINT_MODEL), 190);
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_SIZE),
		 2048 << 10);
	CHECK_EQ(uattr(h, 1, PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_SIZE),
		 4096 << 10);
	CHECK_EQ(uattr(h, 1, PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_ASSOC), 12);
	CHECK_EQ(uattr(h, 1, PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_SIZE), 0);
	/* Machine-wide attributes: the fake machine's, ids as before. */
	CHECK_EQ(uattr(h, 1, PAPI_DEV_ATTR__CPU_UINT_SOCKET_COUNT), 1);
	CHECK_EQ(uattr(h, 0, PAPI_DEV_ATTR__CPU_UINT_NUMA_MEM_SIZE), 4096);
	CHECK_EQ(uattr(h, 5, PAPI_DEV_ATTR__CPU_UINT_THR_NUMA_AFFINITY), 0);
	/* A device that does not exist. */
	CHECK_EQ(PAPI_get_dev_attr(h, 2, PAPI_DEV_ATTR__CPU_CHAR_NAME, &v),
		 PAPI_EINVAL);
	CHECK_EQ(PAPI_get_dev_attr(h, -1, PAPI_DEV_ATTR__CPU_UINT_FAMILY, &v),
		 PAPI_EINVAL);
	ci = sysdetect_info();
	if (ci)
		CHECK(!strcmp(ci->disabled_reason,
			      "CPU clock: P-core 5000 MHz (source 5000); "
			      "E-core 4000 MHz (source 4000)"));
	PAPI_shutdown();

	/* arm64: the model names the core; a rate nothing gave is left out. */
	make_type(&t[0], "ARM Cortex-A55", "Cortex-A55", "0-3", 4, 4, 1800, 0);
	make_type(&t[1], "ARM Cortex-A76", "Cortex-A76", "4-7", 4, 4, 0, 512);
	fake_os_set_cpu_types(t, 2, 0);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	h = cpu_handle();
	if (h) {
		CHECK(!strcmp(name_of(h, 0),
			      "ARM Cortex-A55 (CPUs 0-3, 1800 MHz)"));
		CHECK(!strcmp(name_of(h, 1), "ARM Cortex-A76 (CPUs 4-7)"));
	}
	PAPI_shutdown();

	/* sysdetect disabled: one device, from PAPI_hw_info_t. */
	CHECK_EQ(PAPI_disable_component_by_name("sysdetect"), PAPI_OK);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	h = cpu_handle();
	if (h) {
		CHECK_EQ(dev_count(h), 1);
		CHECK(!strcmp(name_of(h, 0), "Fake CPU @ 3.00GHz"));
	}
	PAPI_shutdown();
}

/* The OS cannot tell the types: one device, no note, no failure. */
static void test_unknown(void)
{
	const PAPI_component_info_t *ci;
	void *h;

	fake_os_set_cpu_types(NULL, 0, -ENOENT);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	h = cpu_handle();
	if (h) {
		CHECK_EQ(dev_count(h), 1);
		CHECK(!strcmp(name_of(h, 0), "Fake CPU @ 3.00GHz"));
	}
	ci = sysdetect_info();
	if (ci) {
		CHECK_EQ(ci->disabled, 0);
		CHECK_EQ(ci->disabled_reason[0], '\0');
	}
	PAPI_shutdown();
	fake_os_set_cpu_types(NULL, 0, 0);
}

int main(void)
{
	int ret = fake_os_std_sysfs();

	if (ret < 0)
		UNIT_SKIP("cannot build a fake sysfs tree: %s", strerror(-ret));
	test_one_type();
	test_unknown();
	test_hybrid();
	CHECK_EQ(fake_os_open_fds(), 0);
	return unit_exit();
}
