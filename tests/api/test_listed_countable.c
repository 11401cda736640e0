// SPDX-License-Identifier: BSD-3-Clause
/*
 * Listed means countable (issue 14): every native event perf_event lists
 * (PAPI_enum_cmp_event, what papi_native_avail prints) adds to an EventSet
 * of its own, starts, reads and stops; and so does every preset
 * papi_avail lists as available. On this host that is the software
 * events; in the emulated arm64 PMU machine (tests/pmu-vm runs this test
 * there) the PMU's events too, where perf's generic cache events used to be
 * listed although the kernel refuses them.
 */
#include <papi.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

/* Add, start, read, stop code in a set of its own; PAPI_OK or the first
 * error. */
static int count_one(int code, const char **step)
{
	long long v[8];
	int es = PAPI_NULL, ret;

	*step = "create";
	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK)
		return ret;
	*step = "add";
	if ((ret = PAPI_add_event(es, code)) == PAPI_OK) {
		*step = "start";
		if ((ret = PAPI_start(es)) == PAPI_OK) {
			*step = "read";
			ret = PAPI_read(es, v);
			if (PAPI_stop(es, v) != PAPI_OK && ret == PAPI_OK) {
				*step = "stop";
				ret = PAPI_EBUG;
			}
		}
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return ret;
}

int main(void)
{
	char name[PAPI_MAX_STR_LEN];
	const char *step;
	int code, cidx, n = 0, bad = 0, np = 0, ret;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	cidx = PAPI_get_component_index("perf_event");
	CHECK(cidx >= 0, "no perf_event component");
	code = PAPI_NATIVE_MASK;
	if (cidx >= 0 &&
	    PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK) {
		do {
			n++;
			ret = count_one(code, &step);
			if (ret != PAPI_OK) {
				PAPI_event_code_to_name(code, name);
				if (bad++ < 20)
					CHECK(0, "listed %s: %s: %s", name,
					      step, PAPI_strerror(ret));
			}
		} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) ==
			 PAPI_OK);
	}
	/* Presets papi_avail lists as available. */
	code = PAPI_PRESET_MASK;
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK) {
		do {
			/* PAPI_ENUM_FIRST names preset 0 whether or not it is
			 * available; the walk after it visits available ones. */
			if (PAPI_query_event(code) != PAPI_OK)
				continue;
			np++;
			ret = count_one(code, &step);
			if (ret != PAPI_OK) {
				PAPI_event_code_to_name(code, name);
				if (bad++ < 20)
					CHECK(0, "available preset %s: %s: %s",
					      name, step, PAPI_strerror(ret));
			}
		} while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) ==
			 PAPI_OK);
	}
	printf("%d native events and %d presets listed; %d could not be "
	       "counted\n", n, np, bad);
	CHECK(n > 0, "no native event listed");
	PAPI_shutdown();
	return check_exit();
}
