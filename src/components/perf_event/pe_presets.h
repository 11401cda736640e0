/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_COMPONENTS_PERF_EVENT_PE_PRESETS_H
#define PAPI_COMPONENTS_PERF_EVENT_PE_PRESETS_H

struct papi__preset_map; /* cmp/cmp.h */

/*
 * The perf_event component's default presets: mappings onto the kernel's
 * generic hardware and cache events, which need no knowledge of the CPU
 * model. Several rows may name the same preset, best first. Sets *count to
 * the number of rows; the table is static and never freed.
 */
const struct papi__preset_map *papi__pe_generic_presets(int *count);

#endif
