// SPDX-License-Identifier: BSD-3-Clause
/*
 * An LD_PRELOAD shim for tests/e2e/sysinfo_tools.sh: makes the machine look
 * hybrid to a program using the device queries, so that papi_hardware_avail
 * (ours and Debian's) can be checked on a machine of one core type. The
 * CPU device count becomes 2; device 0 is the real description with the
 * name "<model> (P-core: CPUs 0)" and 1 thread; device 1 is "<model>
 * (E-core: CPUs 1)" with 1 thread and twice the L2 cache. Everything else
 * passes through to the library. Built and preloaded by the script only.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <papi.h>
#include <stdio.h>

typedef int (*type_attr_fn)(void *, PAPI_dev_type_attr_e, void *);
typedef int (*dev_attr_fn)(void *, int, PAPI_dev_attr_e, void *);

static int is_cpu(void *h)
{
	type_attr_fn real =
		(type_attr_fn)dlsym(RTLD_NEXT, "PAPI_get_dev_type_attr");
	int id = -1;

	return real &&
	       real(h, PAPI_DEV_TYPE_ATTR__INT_PAPI_ID, &id) == PAPI_OK &&
	       id == PAPI_DEV_TYPE_ID__CPU;
}

int PAPI_get_dev_type_attr(void *h, PAPI_dev_type_attr_e a, void *v)
{
	type_attr_fn real =
		(type_attr_fn)dlsym(RTLD_NEXT, "PAPI_get_dev_type_attr");
	int ret;

	if (!real)
		return PAPI_ESYS;
	ret = real(h, a, v);
	if (ret == PAPI_OK && a == PAPI_DEV_TYPE_ATTR__INT_COUNT && is_cpu(h))
		*(int *)v = 2;
	return ret;
}

int PAPI_get_dev_attr(void *h, int id, PAPI_dev_attr_e a, void *v)
{
	static char names[2][PAPI_HUGE_STR_LEN];
	dev_attr_fn real = (dev_attr_fn)dlsym(RTLD_NEXT, "PAPI_get_dev_attr");
	const char *model;
	int ret;

	if (!real)
		return PAPI_ESYS;
	if (!is_cpu(h) || (id != 0 && id != 1))
		return real(h, id, a, v);
	ret = real(h, 0, a, v);
	if (ret != PAPI_OK)
		return ret;
	switch (a) {
	case PAPI_DEV_ATTR__CPU_CHAR_NAME:
		model = *(const char **)v;
		snprintf(names[id], sizeof(names[id]), "%s (%s: CPUs %d)",
			 model, id ? "E-core" : "P-core", id);
		*(const char **)v = names[id];
		break;
	case PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT:
	case PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT:
		*(unsigned int *)v = 1;
		break;
	case PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_SIZE:
	case PAPI_DEV_ATTR__CPU_UINT_L2U_CACHE_LINE_COUNT:
		*(unsigned int *)v <<= id;
		break;
	default:
		break;
	}
	return ret;
}
