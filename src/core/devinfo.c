// SPDX-License-Identifier: BSD-3-Clause
/*
 * Devices as PAPI 7's sysdetect reports them. The only device type here is
 * the CPU, described from the hardware information read at init; one CPU
 * "device" stands for the whole machine, as in PAPI. A hybrid machine is
 * one CPU device per core type (the sysdetect component found them), each
 * with its own name, identification, caches, and core and thread counts;
 * sockets, NUMA nodes and the NUMA attributes stay the machine's, and
 * their id is still a node or a CPU.
 */
#include "core/devinfo.h"

#include <stdio.h>
#include <string.h>

#include "components/sysdetect/sysdetect.h"
#include "core/lib.h"
#include "os/os.h"

/* The device types PAPI 7 knows, in its order; an address in this table is
 * a handle. GPUs are listed with no devices, as PAPI lists them when built
 * without their components. */
struct dev_type {
	int id;
	int vendor;
	const char *name;   /* NULL: the CPU's vendor string */
	const char *status;
};

static const struct dev_type types[PAPI_DEV_TYPE_ID__MAX_NUM] = {
	{ PAPI_DEV_TYPE_ID__CPU, -1, NULL, "Device Initialized" },
	{ PAPI_DEV_TYPE_ID__CUDA, 0x10de, "NVIDIA",
	  "CUDA not configured, no CUDA device available" },
	{ PAPI_DEV_TYPE_ID__ROCM, 0x1002, "AMD/ATI",
	  "ROCm not configured, no ROCm device available" },
};

int papi__dev_enum(int modifier, void **handle)
{
	struct papi__thread *t = papi__thread_self();
	int i;

	if (!t)
		return PAPI_ENOMEM;
	if (modifier & ~PAPI_DEV_TYPE_ENUM__ALL)
		return PAPI_EINVAL;
	if (modifier == PAPI_DEV_TYPE_ENUM__FIRST)
		modifier = PAPI_DEV_TYPE_ENUM__ALL;
	/* The walk goes through the types once, then ends (PAPI_EINVAL) and
	 * starts over on the next call. */
	for (i = t->dev_enum; i < PAPI_DEV_TYPE_ID__MAX_NUM; i++)
		if (modifier & (1 << types[i].id)) {
			t->dev_enum = i + 1;
			*handle = (void *)&types[i];
			return PAPI_OK;
		}
	t->dev_enum = 0;
	return PAPI_EINVAL;
}

/* The core types of a hybrid machine, or NULL (one type, or sysdetect
 * disabled: the machine is then described by papi__lib.hw alone). */
static const struct papi__sd_cpu *hybrid(int *n)
{
	const struct papi__sd_cpu *p;
	int i;

	for (i = 0; i < papi__lib.ncmp; i++) {
		if (papi__lib.cmp[i].info.disabled)
			continue;
		p = papi__sysdetect_cpus(&papi__lib.cmp[i], n);
		if (p && *n > 1)
			return p;
	}
	*n = 1;
	return NULL;
}

static const struct dev_type *type_of(void *handle)
{
	int i;

	for (i = 0; i < PAPI_DEV_TYPE_ID__MAX_NUM; i++)
		if (handle == (const void *)&types[i])
			return &types[i];
	return NULL;
}

static int check_handle(void *handle)
{
	const struct dev_type *t = type_of(handle);

	return t && t->id == PAPI_DEV_TYPE_ID__CPU ? PAPI_OK : PAPI_EINVAL;
}

int papi__dev_type_attr(void *handle, PAPI_dev_type_attr_e attr, void *value)
{
	const PAPI_hw_info_t *hw = papi__lib_hw();
	const struct dev_type *t = type_of(handle);
	int cpu, ntypes;

	if (!t)
		return PAPI_EINVAL;
	cpu = t->id == PAPI_DEV_TYPE_ID__CPU;
	hybrid(&ntypes);
	switch (attr) {
	case PAPI_DEV_TYPE_ATTR__INT_PAPI_ID:
		*(int *)value = t->id;
		return PAPI_OK;
	case PAPI_DEV_TYPE_ATTR__INT_VENDOR_ID:
		*(int *)value = cpu ? hw->vendor : t->vendor;
		return PAPI_OK;
	case PAPI_DEV_TYPE_ATTR__CHAR_NAME:
		*(const char **)value = cpu ? hw->vendor_string : t->name;
		return PAPI_OK;
	case PAPI_DEV_TYPE_ATTR__INT_COUNT:
		*(int *)value = cpu ? ntypes : 0;
		return PAPI_OK;
	case PAPI_DEV_TYPE_ATTR__CHAR_STATUS:
		*(const char **)value = t->status;
		return PAPI_OK;
	default:
		return PAPI_EINVAL;
	}
}

/* The cache of a level and kind (PAPI_MH_TYPE_INST/DATA/UNIFIED). */
static const PAPI_mh_cache_info_t *cache(const PAPI_mh_info_t *mh, int level,
					 int kind)
{
	int i;

	if (level < 1 || level > mh->levels || level > PAPI_MH_MAX_LEVELS)
		return NULL;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		const PAPI_mh_cache_info_t *c = &mh->level[level - 1].cache[i];

		if (PAPI_MH_CACHE_TYPE(c->type) == kind)
			return c;
	}
	return NULL;
}

/* Cache attributes come in blocks of four levels/kinds: size, line size,
 * line count, associativity, each for L1i, L1d, L2, L3. */
static int cache_attr(const PAPI_hw_info_t *hw, PAPI_dev_attr_e attr,
		      unsigned int *out)
{
	static const int lvl[4] = { 1, 1, 2, 3 };
	static const int kind[4] = { PAPI_MH_TYPE_INST, PAPI_MH_TYPE_DATA,
				     PAPI_MH_TYPE_UNIFIED,
				     PAPI_MH_TYPE_UNIFIED };
	int k = attr - PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_SIZE;
	const PAPI_mh_cache_info_t *c =
		cache(&hw->mem_hierarchy, lvl[k % 4], kind[k % 4]);

	*out = 0;
	if (!c)
		return PAPI_OK;
	switch (k / 4) {
	case 0:
		*out = (unsigned int)c->size;
		break;
	case 1:
		*out = (unsigned int)c->line_size;
		break;
	case 2:
		*out = (unsigned int)c->num_lines;
		break;
	default:
		*out = (unsigned int)c->associativity;
	}
	return PAPI_OK;
}

/* ty: the core type's description (hybrid), else NULL. */
static int cpu_attr(const struct papi__sd_cpu *ty, int id, PAPI_dev_attr_e attr,
		    unsigned int *out)
{
	const PAPI_hw_info_t *hw = papi__lib_hw();
	const PAPI_hw_info_t *own = ty ? &ty->t.hw : hw;
	int nodes = hw->nnodes > 0 ? hw->nnodes : 1;
	long long mb;

	switch (attr) {
	case PAPI_DEV_ATTR__CPU_UINT_SOCKET_COUNT:
		*out = (unsigned int)hw->sockets;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_NUMA_COUNT:
		*out = (unsigned int)nodes;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT:
		*out = (unsigned int)(ty ? ty->t.ncores :
					   hw->cores * hw->sockets);
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT:
		*out = (unsigned int)(ty ? ty->t.ncpus : hw->totalcpus);
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_FAMILY:
		*out = (unsigned int)own->cpuid_family;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_MODEL:
		*out = (unsigned int)own->cpuid_model;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_STEPPING:
		*out = (unsigned int)own->cpuid_stepping;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_NUMA_MEM_SIZE:
		mb = papi__os_numa_mem_mb(id);
		if (mb < 0)
			return PAPI_EINVAL;
		*out = (unsigned int)mb;
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_THR_NUMA_AFFINITY:
		if (id < 0 || id >= hw->totalcpus)
			return PAPI_EINVAL;
		*out = (unsigned int)papi__os_cpu_node(id);
		return PAPI_OK;
	case PAPI_DEV_ATTR__CPU_UINT_THR_PER_NUMA:
		*out = (unsigned int)(hw->totalcpus / nodes);
		return PAPI_OK;
	default:
		return PAPI_EINVAL;
	}
}

/* The attributes each core type of a hybrid machine has its own of. */
static int per_type(PAPI_dev_attr_e attr)
{
	return attr == PAPI_DEV_ATTR__CPU_CHAR_NAME ||
	       (attr >= PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_SIZE &&
		attr <= PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_ASSOC) ||
	       attr == PAPI_DEV_ATTR__CPU_UINT_CORE_COUNT ||
	       attr == PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT ||
	       attr == PAPI_DEV_ATTR__CPU_UINT_FAMILY ||
	       attr == PAPI_DEV_ATTR__CPU_UINT_MODEL ||
	       attr == PAPI_DEV_ATTR__CPU_UINT_STEPPING;
}

int papi__dev_attr(void *handle, int id, PAPI_dev_attr_e attr, void *value)
{
	const struct papi__sd_cpu *all, *ty = NULL;
	int n;

	if (check_handle(handle) != PAPI_OK)
		return PAPI_EINVAL;
	all = hybrid(&n);
	if (all && per_type(attr)) {
		if (id < 0 || id >= n)
			return PAPI_EINVAL;
		ty = &all[id];
	}
	if (attr == PAPI_DEV_ATTR__CPU_CHAR_NAME) {
		*(const char **)value =
			ty ? ty->name : papi__lib_hw()->model_string;
		return PAPI_OK;
	}
	if (attr >= PAPI_DEV_ATTR__CPU_UINT_L1I_CACHE_SIZE &&
	    attr <= PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_ASSOC)
		return cache_attr(ty ? &ty->t.hw : papi__lib_hw(), attr, value);
	if (attr > PAPI_DEV_ATTR__CPU_UINT_L3U_CACHE_ASSOC &&
	    attr <= PAPI_DEV_ATTR__CPU_UINT_THR_PER_NUMA)
		return cpu_attr(ty, id, attr, value);
	return PAPI_EINVAL; /* CUDA and ROCm attributes: no such devices */
}
