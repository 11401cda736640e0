// SPDX-License-Identifier: BSD-3-Clause
/*
 * The entry points whose answer depends on the PAPI edition a program was
 * built for: PAPI 7.0 (PAPI_EDITION 70), 7.1 (71: 7.0's layouts, its own
 * version) and 7.2 (72: PAPI_PARTIAL, the enum modifiers renumbered,
 * partially disabled components, event qualifiers). This file is compiled
 * once per edition, against that edition's papi.h, and linked with the one
 * core into libpapi.so.7.0, .7.1 and .7.2 (cmake/editions.cmake).
 *
 * The core is built against 7.0's papi.h, so this file sees the core only
 * through core/edition.h, whose calls pass 7.0-layout bytes and 7.0's
 * modifier values: it must not include core/lib.h or cmp/cmp.h, whose
 * structures would have 7.2's sizes here.
 */
#include <stdio.h>
#include <string.h>

#include "core/edition.h"
#include "core/err.h"
#include "papi.h"

#define PAPI_EXPORT __attribute__((visibility("default")))
#define RET(ret) ((ret) >= 0 ? (ret) : papi__err_report(__func__, (ret)))

int papi__lib_init(void); /* core/lib.h, which this file must not include */

int papi__ed_version(void)
{
	return PAPI_VERSION;
}

PAPI_EXPORT int PAPI_library_init(int version)
{
	int ret;

	/* PAPI compares major and minor only, and answers with its own:
	 * each edition accepts exactly its own release. */
	if ((version & 0xffff0000) != (PAPI_VER_CURRENT & 0xffff0000))
		return PAPI_EINVAL;
	ret = papi__lib_init();
	if (ret != PAPI_OK)
		return RET(ret);
	return PAPI_VER_CURRENT;
}

PAPI_EXPORT char *PAPI_strerror(int code)
{
#if PAPI_EDITION >= 72
	if (code == PAPI_PARTIAL)
		return (char *)"Component partially disabled";
#endif
	/* PAPI's prototype returns char *; callers must not write to it. */
	return (char *)papi__err_message(code);
}

#if PAPI_EDITION < 72

const void *papi__ed_component_info(int cidx)
{
	return papi__ed_cmp_info(cidx);
}

static int event_info(int code, PAPI_event_info_t *info)
{
	return papi__ed_event_info(code, info);
}

static int modifier70(int modifier)
{
	return modifier;
}
#define UNKNOWN_MODIFIER (-1000) /* no 7.0/7.1 value maps to it */

#else /* PAPI 7.2 */

_Static_assert(sizeof(PAPI_event_info_t) >
		       offsetof(PAPI_event_info_t, num_quals),
	       "7.2's qualifiers end PAPI_event_info_t");

/*
 * 7.2's PAPI_component_info_t of each component: 7.0's, with
 * partially_disabled_reason and partially_disabled inserted after
 * `disabled`. Made again at each call (the core completes some fields
 * lazily), under a lock so that two callers do not write at once; the
 * pointer stays valid, as 7.0's does, until PAPI_shutdown.
 */
#include <pthread.h>

#define MAX_CMP 64
static PAPI_component_info_t infos[MAX_CMP];
static pthread_mutex_t infos_lock = PTHREAD_MUTEX_INITIALIZER;

const void *papi__ed_component_info(int cidx)
{
	const char *in = papi__ed_cmp_info(cidx), *partial;
	PAPI_component_info_t *out;
	char *o;

	if (!in || cidx >= MAX_CMP)
		return NULL;
	_Static_assert(offsetof(PAPI_component_info_t, partially_disabled_reason) ==
			       offsetof(PAPI_component_info_t, disabled) + sizeof(int),
		       "7.2 inserts right after disabled");
	out = &infos[cidx];
	o = (char *)out;
	partial = papi__ed_cmp_partial(cidx);
	if (sizeof(*out) - offsetof(PAPI_component_info_t, pmu_names) !=
	    papi__ed_cmp_size - papi__ed_cmp_ptrs)
		return NULL; /* an ABI where the tails differ: not built for */
	pthread_mutex_lock(&infos_lock);
	/* Three runs of the same fields: up to `disabled`, the ints after
	 * it, and from pmu_names on (7.0 pads 4 bytes before pmu_names,
	 * 7.2 does not). */
	memcpy(o, in, papi__ed_cmp_split);
	memcpy(o + offsetof(PAPI_component_info_t, initialized),
	       in + papi__ed_cmp_split,
	       offsetof(PAPI_component_info_t, pmu_names) -
		       offsetof(PAPI_component_info_t, initialized));
	memcpy(o + offsetof(PAPI_component_info_t, pmu_names),
	       in + papi__ed_cmp_ptrs, papi__ed_cmp_size - papi__ed_cmp_ptrs);
	/* 7.0 has no word for "enabled, but": there the reason stays in
	 * disabled_reason of an enabled component; 7.2 says it here. */
	out->partially_disabled = partial != NULL;
	snprintf(out->partially_disabled_reason,
		 sizeof(out->partially_disabled_reason), "%s",
		 partial ? partial : "");
	if (partial)
		out->disabled_reason[0] = '\0';
	pthread_mutex_unlock(&infos_lock);
	return out;
}

/* 7.2 inserts FIRST_COMP before AVAIL, and CPU, CPU_AVAIL after FP.
 * FIRST_COMP asks for the first preset of a component other than the CPU:
 * every preset here is the CPU's, so there is none. */
#define UNKNOWN_MODIFIER (-1000)
#define NO_COMPONENT_PRESET (-1001)
static int modifier70(int m)
{
	if (m < PAPI_PRESET_ENUM_FIRST_COMP)
		return m; /* PAPI_ENUM_EVENTS, PAPI_ENUM_FIRST */
	if (m == PAPI_PRESET_ENUM_FIRST_COMP)
		return NO_COMPONENT_PRESET;
	if (m <= PAPI_PRESET_ENUM_FP)
		return m - 1;
	if (m == PAPI_PRESET_ENUM_CPU)
		return 0; /* every preset is a CPU preset here */
	if (m == PAPI_PRESET_ENUM_CPU_AVAIL)
		return PAPI_PRESET_ENUM_AVAIL - 1;
	return m - 3;
}

/*
 * The qualifiers of a native event: the modifiers it takes (":u=0",
 * ":period=0"...), which the core lists among the event's sub-events as
 * "NAME:mod=0", each with its description after "masks:" (the tag
 * papi_native_avail reads). At most PAPI_MAX_COMP_QUALS, in the core's
 * order.
 */
static void qualifiers(int code, PAPI_event_info_t *info)
{
	PAPI_event_info_t sub; /* 7.0's prefix is all the core writes */
	size_t base = strlen(info->symbol);
	int c = code;

	info->num_quals = 0;
	if (IS_PRESET(code))
		return;
	while (info->num_quals < PAPI_MAX_COMP_QUALS &&
	       papi__ed_event_enum(&c, modifier70(PAPI_NTV_ENUM_UMASKS), -1) ==
		       PAPI_OK) {
		const char *d;
		int k = info->num_quals;

		memset(&sub, 0, papi__ed_event_size);
		if (papi__ed_event_info(c, &sub) != PAPI_OK ||
		    strncmp(sub.symbol, info->symbol, base) ||
		    sub.symbol[base] != ':' || !strchr(sub.symbol + base, '='))
			continue;
		snprintf(info->quals[k], sizeof(info->quals[k]), "%s",
			 sub.symbol + base);
		d = strstr(sub.long_descr, "masks:");
		snprintf(info->quals_descrs[k], sizeof(info->quals_descrs[k]),
			 "%s", d ? d + 6 : sub.long_descr);
		info->num_quals++;
	}
}

static int event_info(int code, PAPI_event_info_t *info)
{
	int ret;

	memset(info, 0, sizeof(*info));
	ret = papi__ed_event_info(code, info);
	if (ret != PAPI_OK)
		return ret;
	/* The category bits follow the renumbered enum (one place up). */
	if (IS_PRESET(code))
		info->event_type <<= 1;
	qualifiers(code, info);
	return PAPI_OK;
}

#endif

PAPI_EXPORT int PAPI_get_event_info(int EventCode, PAPI_event_info_t *info)
{
	if (!papi__ed_inited())
		return RET(PAPI_ENOINIT);
	if (!info)
		return RET(PAPI_EINVAL);
	return RET(event_info(EventCode, info));
}

static int enum_event(int *EventCode, int modifier, int cidx)
{
	int m = modifier70(modifier);

#ifdef NO_COMPONENT_PRESET
	if (m == NO_COMPONENT_PRESET)
		return PAPI_ENOEVNT;
#endif
	if (m == UNKNOWN_MODIFIER)
		return PAPI_EINVAL;
	return papi__ed_event_enum(EventCode, m, cidx);
}

PAPI_EXPORT int PAPI_enum_event(int *EventCode, int modifier)
{
	if (!papi__ed_inited())
		return RET(PAPI_ENOINIT);
	if (!EventCode)
		return RET(PAPI_EINVAL);
	/* The walk ends with PAPI_ENOEVNT: that is not worth a report. */
	return enum_event(EventCode, modifier, -1);
}

PAPI_EXPORT int PAPI_enum_cmp_event(int *EventCode, int modifier, int cidx)
{
	int ret;

	if (!papi__ed_inited())
		return RET(PAPI_ENOINIT);
	if (!EventCode)
		return RET(PAPI_EINVAL);
	ret = papi__ed_cmp_check(cidx);
	if (ret != PAPI_OK)
		return RET(ret);
	return enum_event(EventCode, modifier, cidx);
}
