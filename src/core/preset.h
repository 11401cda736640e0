/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_PRESET_H
#define PAPI_CORE_PRESET_H

#include "papi.h"

/* Presets resolve against the enabled components at their first use
 * (papi__preset_get): the first mapping row whose native events exist and
 * that the kernel accepts wins. init (library lock held) forgets every
 * resolution; fini frees what resolving kept (at shutdown, before the
 * components go). */
void papi__preset_init(void);
void papi__preset_fini(void);
/* Preset idx (0 <= idx < PAPI_END_idx), resolved now if it was not yet;
 * takes the library lock only then. */
struct papi__preset;
const struct papi__preset *papi__preset_get(int idx);
/* Resolve every preset and count each component's num_preset_events
 * (enumeration, component info). */
void papi__preset_resolve_all(void);

/* Preset index for a symbol ("PAPI_TOT_INS"), or -1. */
int papi__preset_find(const char *name);
/* Symbol of a preset index, or NULL when out of range. */
const char *papi__preset_symbol(int idx);
int papi__preset_count(void);
/* PAPI_PRESET_BIT_* categories of preset idx. */
unsigned int papi__preset_category(int idx);

/* Fill info for preset idx (available or not). */
int papi__preset_info(int idx, PAPI_event_info_t *info);

/*
 * Postfix formulas (PAPI's DERIVED_POSTFIX): "N0|N1|+|2|*|", '#' standing
 * for papi__lib.hw.cpu_max_mhz x 10^6. check returns PAPI_OK when the
 * formula is well formed over nterms terms and uses each of them, else
 * PAPI_EINVAL. eval computes a checked formula from the terms' values as
 * PAPI 7 does, in real numbers truncated toward zero at the end (exact
 * integers while every step is exact; x/0 is 0); it allocates nothing,
 * takes no lock and leaves errno alone (PAPI_read calls it).
 */
int papi__preset_postfix_check(const char *postfix, int nterms);
long long papi__preset_postfix_eval(const char *postfix,
				    const long long *terms);
/* The value of available preset idx from its terms' values, in the order of
 * PAPI_event_info_t.name[]: sum, difference or postfix formula. */
long long papi__preset_eval(int idx, const long long *terms);

#endif
