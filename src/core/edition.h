/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_EDITION_H
#define PAPI_CORE_EDITION_H

/*
 * What the edition layer (src/edition) may ask of the core. The core is
 * built once, against PAPI 7.0's papi.h; src/edition is built once per
 * edition (PAPI_EDITION 70, 71, 72), against that edition's papi.h, into
 * libpapi.so.7.0, .7.1 and .7.2. Where 7.2's layouts differ from 7.0's,
 * an edition file must not see the core's structures (their sizes and
 * offsets would be 7.2's there, and wrong), so this header names none of
 * them: the core's component and event information reach the edition
 * layer as 7.0-layout bytes, with the sizes and offsets it needs to
 * convert them, all measured in a 7.0 translation unit (src/api/api_ed.c).
 */
#include <stddef.h>

/* 7.0's PAPI_component_info_t: its size, the offset of the first field
 * after `disabled` (7.2 inserts its partially-disabled fields there) and
 * of pmu_names (the padding before it differs in 7.2); 7.0's
 * PAPI_event_info_t's size (7.2 appends its qualifiers). */
extern const size_t papi__ed_cmp_size, papi__ed_cmp_split, papi__ed_cmp_ptrs;
extern const size_t papi__ed_event_size;

/* Whether the library is initialized (PAPI_ENOINIT otherwise). */
int papi__ed_inited(void);

/* Components: how many; one's 7.0 info (NULL: no such index); why it is
 * partly unusable though enabled, or NULL (an enabled component with a
 * disabled_reason, such as perf_event without a PMU: software events
 * only). */
int papi__ed_ncmp(void);
const void *papi__ed_cmp_info(int cidx);
const char *papi__ed_cmp_partial(int cidx);
/* PAPI_enum_cmp_event's checks of cidx: PAPI_OK, PAPI_ENOCMP. */
int papi__ed_cmp_check(int cidx);

/* papi__event_info into 7.0-layout bytes; papi__event_enum with 7.0's
 * modifier values (cidx -1: every component). */
int papi__ed_event_info(int code, void *info70);
int papi__ed_event_enum(int *code, int modifier70, int cidx);

/* Defined by each edition (src/edition/edition.c), used by the common API
 * layer and the core: PAPI_VERSION of the edition linked, and its
 * PAPI_component_info_t of cidx (for PAPI_get_opt's PAPI_COMPONENTINFO). */
int papi__ed_version(void);
const void *papi__ed_component_info(int cidx);

#endif
