/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_PRESET_H
#define PAPI_CORE_PRESET_H

#include "papi.h"

/* Resolve every preset against the enabled components: the first mapping
 * row whose native events exist and that the kernel accepts wins. Called at
 * init with the library lock held. */
void papi__preset_init(void);

/* Preset index for a symbol ("PAPI_TOT_INS"), or -1. */
int papi__preset_find(const char *name);
/* Symbol of a preset index, or NULL when out of range. */
const char *papi__preset_symbol(int idx);
int papi__preset_count(void);
/* PAPI_PRESET_BIT_* categories of preset idx. */
unsigned int papi__preset_category(int idx);

/* Fill info for preset idx (available or not). */
int papi__preset_info(int idx, PAPI_event_info_t *info);

#endif
