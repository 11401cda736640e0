// SPDX-License-Identifier: BSD-3-Clause
/*
 * The slots of PAPI_mh_info_t: every source of cache and TLB geometry
 * (sysfs, cpuid, MIDR tables) fills them through these two functions, so
 * the rules for what PAPI's ints can hold live in one place. Kept apart
 * from hwinfo.c so the per-architecture decoders can be tested with it
 * alone.
 */
#include "os/linux/hwinfo.h"

#include <limits.h>

void papi__hw_add_cache(PAPI_mh_info_t *mh, long level, int type, long size,
			long line, long ways)
{
	PAPI_mh_cache_info_t *c;
	int i;

	if (level < 1 || level > PAPI_MAX_MEM_HIERARCHY_LEVELS || size < 0 ||
	    size > INT_MAX || line > INT_MAX || ways > INT_MAX)
		return;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		c = &mh->level[level - 1].cache[i];
		if (c->type != PAPI_MH_TYPE_EMPTY)
			continue;
		c->type = type;
		c->size = (int)size;
		c->line_size = line > 0 ? (int)line : 0;
		c->num_lines = line > 0 ? (int)(size / line) : 0;
		c->associativity = ways > 0 ? (int)ways : 0;
		if (level > mh->levels)
			mh->levels = (int)level;
		return;
	}
}

void papi__hw_add_tlb(PAPI_mh_info_t *mh, long level, int type,
		      unsigned long long entries, long page_size, int assoc)
{
	PAPI_mh_tlb_info_t *t;
	int i;

	if (level < 1 || level > PAPI_MAX_MEM_HIERARCHY_LEVELS ||
	    entries == 0 || entries > INT_MAX || page_size <= 0 ||
	    page_size > INT_MAX)
		return;
	for (i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		t = &mh->level[level - 1].tlb[i];
		if (t->type != PAPI_MH_TYPE_EMPTY)
			continue;
		t->type = type;
		t->num_entries = (int)entries;
		t->page_size = (int)page_size;
		t->associativity = assoc;
		if (level > mh->levels)
			mh->levels = (int)level;
		return;
	}
}
