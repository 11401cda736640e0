// SPDX-License-Identifier: BSD-3-Clause
/*
 * The CPU devices of the device queries (PAPI_enum_dev_type,
 * PAPI_get_dev_type_attr, PAPI_get_dev_attr) against PAPI_hw_info_t and
 * sysfs: one device on a machine of one core type, described exactly as
 * PAPI_hw_info_t describes it; one device per core type on a hybrid machine
 * (x86 cpu_core/cpu_atom PMUs, arm64 CPUs of different MIDR parts), whose
 * model string then says "hybrid"; and the sysdetect component's note of
 * where the clock rate came from.
 */
#include "test_sysinfo_util.h"

#include <dirent.h>

/* Core types the kernel states through PMUs with a CPU list; 0 if none. */
static int pmu_types(int *cpus)
{
	static const char *const pmus[] = { "cpu_core", "cpu_atom",
					    "cpu_lowpower" };
	char buf[4096];
	size_t i;
	int n = 0;

	*cpus = 0;
	for (i = 0; i < sizeof(pmus) / sizeof(pmus[0]); i++)
		if (slurp(buf, sizeof(buf),
			  "/sys/bus/event_source/devices/%s/cpus",
			  pmus[i]) > 0 &&
		    list_count(buf) > 0) {
			n++;
			*cpus += list_count(buf);
		}
	return n;
}

/* Distinct MIDR implementer/part pairs of the online CPUs (arm64). */
static int midr_types(void)
{
	char online[4096], buf[64];
	long parts[16];
	int n = 0, i, c, lo, hi;
	const char *p = online;
	char *end;

	if (slurp(online, sizeof(online), SYS_CPU "/online") <= 0)
		return 0;
	while (*p) {
		lo = hi = (int)strtol(p, &end, 10);
		if (end == p)
			break;
		if (*end == '-')
			hi = (int)strtol(end + 1, &end, 10);
		for (c = lo; c <= hi; c++) {
			long v, key;

			if (slurp(buf, sizeof(buf),
				  SYS_CPU "/cpu%d/regs/identification/midr_el1",
				  c) <= 0)
				return 0;
			v = strtol(buf, NULL, 16);
			key = ((v >> 24) & 0xff) << 12 | ((v >> 4) & 0xfff);
			for (i = 0; i < n && parts[i] != key; i++)
				;
			if (i == n && n < 16)
				parts[n++] = key;
		}
		p = *end == ',' ? end + 1 : end;
	}
	return n;
}

static unsigned int attr(void *h, int id, PAPI_dev_attr_e a)
{
	unsigned int v = 0;
	int ret = PAPI_get_dev_attr(h, id, a, &v);

	if (ret != PAPI_OK)
		fail("PAPI_get_dev_attr(%d, attr %d): %d", id, (int)a, ret);
	return v;
}

static const PAPI_mh_cache_info_t *cache(const PAPI_hw_info_t *hw, int level,
					 int kind)
{
	const PAPI_mh_cache_info_t *c;
	int i;

	if (level > hw->mem_hierarchy.levels)
		return NULL;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		c = &hw->mem_hierarchy.level[level - 1].cache[i];
		if (PAPI_MH_CACHE_TYPE(c->type) == kind)
			return c;
	}
	return NULL;
}

static void check_one(const PAPI_hw_info_t *hw, void *h)
{
	const PAPI_mh_cache_info_t *c;
	const char *name = NULL;

	PAPI_get_dev_attr(h, 0, PAPI_DEV_ATTR__CPU_CHAR_NAME, &name);
	if (!name || strcmp(name, hw->model_string) != 0)
		fail("device name \"%s\", model_string \"%s\"",
		     name ? name : "(null)", hw->model_string);
	if (strstr(hw->model_string, "(hybrid:"))
		fail("one core type, yet the model says \"%s\"",
		     hw->model_string);
	expect_int("device cores",
		   attr(h, 0, PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT),
		   hw->cores * hw->sockets);
	expect_int("device threads",
		   attr(h, 0, PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT),
		   hw->totalcpus);
	expect_int("device family", attr(h, 0, PAPI_DEV_ATTR__CPU_UINT_FAMILY),
		   hw->cpuid_family);
	c = cache(hw, 1, PAPI_MH_TYPE_DATA);
	expect_int("device L1d size",
		   attr(h, 0, PAPI_DEV_ATTR__CPU_UINT_L1D_CACHE_SIZE),
		   c ? c->size : 0);
}

static void check_hybrid(const PAPI_hw_info_t *hw, void *h, int n)
{
	const char *name = NULL;
	unsigned int threads = 0;
	int i;

	if (!strstr(hw->model_string, "(hybrid: "))
		fail("hybrid machine, model \"%s\"", hw->model_string);
	for (i = 0; i < n; i++) {
		PAPI_get_dev_attr(h, i, PAPI_DEV_ATTR__CPU_CHAR_NAME, &name);
		printf("CPU device %d: %s\n", i, name ? name : "(null)");
		if (!name || !strstr(name, "CPUs "))
			fail("device %d has no CPU list in its name", i);
		threads += attr(h, i, PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT);
	}
	if ((int)threads > hw->totalcpus)
		fail("the types have %u CPUs, the machine %d", threads,
		     hw->totalcpus);
	if (PAPI_get_dev_attr(h, n, PAPI_DEV_ATTR__CPU_CHAR_NAME, &name) !=
	    PAPI_EINVAL)
		fail("device %d answers; there are %d", n, n);
}

int main(void)
{
	const PAPI_hw_info_t *hw;
	const PAPI_component_info_t *ci;
	void *h = NULL;
	int n = 0, id = -1, want, pmu_cpus, cidx;
	char rate[64];

	init_or_exit();
	hw = PAPI_get_hardware_info();
	if (!hw) {
		printf("FAIL: PAPI_get_hardware_info returned NULL\n");
		return 1;
	}
	while (PAPI_enum_dev_type(PAPI_DEV_TYPE_ENUM__ALL, &h) == PAPI_OK) {
		PAPI_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__INT_PAPI_ID, &id);
		if (id == PAPI_DEV_TYPE_ID__CPU)
			break;
	}
	if (id != PAPI_DEV_TYPE_ID__CPU) {
		printf("FAIL: no CPU device type\n");
		return 1;
	}
	PAPI_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__INT_COUNT, &n);
	want = pmu_types(&pmu_cpus);
	if (want < 2)
		want = midr_types();
	if (want < 2)
		want = 1;
	printf("%s: %d CPU device(s), %d core type(s) in sysfs\n",
	       hw->model_string, n, want);
	expect_int("CPU devices", n, want);
	if (n == 1)
		check_one(hw, h);
	else if (n > 1)
		check_hybrid(hw, h, n);

	cidx = PAPI_get_component_index("sysdetect");
	ci = cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;
	if (!ci || ci->disabled) {
		fail("sysdetect missing or disabled");
	} else {
		printf("sysdetect note: %s\n", ci->disabled_reason);
		snprintf(rate, sizeof(rate), " %d MHz (", hw->cpu_max_mhz);
		if (strncmp(ci->disabled_reason, "CPU clock:", 10) != 0 ||
		    (n == 1 && !strstr(ci->disabled_reason, rate)))
			fail("sysdetect's note does not state the %d MHz "
			     "clock's source",
			     hw->cpu_max_mhz);
	}
	PAPI_shutdown();
	return finish();
}
