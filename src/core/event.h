/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_EVENT_H
#define PAPI_CORE_EVENT_H

/*
 * Event codes. Presets are PAPI_PRESET_MASK | index. Native codes are
 * PAPI_NATIVE_MASK | component index << 24 | component-local code, so any
 * code names its component without a lookup.
 */
#include "cmp/cmp.h"
#include "papi.h"

#define PAPI__NTV_CIDX_SHIFT 24
#define PAPI__NTV_LOCAL_MASK 0x00ffffffu
#define PAPI__NTV_CIDX_MASK 0x3fu

static inline int papi__event_ntv_code(int cidx, unsigned int local)
{
	return (int)((unsigned int)PAPI_NATIVE_MASK |
		     ((unsigned int)cidx << PAPI__NTV_CIDX_SHIFT) |
		     (local & PAPI__NTV_LOCAL_MASK));
}

/* What an event code counts: a component and its native terms. */
struct papi__event_map {
	int cidx;
	int derived;
	int nterms;
	unsigned int terms[PAPI__MAX_TERMS];
};

/* All take the library lock themselves unless noted. */
int papi__event_map(int code, struct papi__event_map *m);
int papi__event_component(int code);
int papi__event_name_to_code(const char *name, int *code);
int papi__event_code_to_name(int code, char *out, int len);
int papi__event_info(int code, PAPI_event_info_t *info);
int papi__event_query(int code);
int papi__event_enum(int *code, int modifier, int cidx);

#endif
