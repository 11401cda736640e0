// SPDX-License-Identifier: BSD-3-Clause
/*
 * The calls issue 20 is about, one of each in steady state, for
 * bench/pmu-trace.sh: PAPI_hl_region_begin, PAPI_hl_region_end and
 * PAPI_hl_read of 2 events, then PAPI_start and PAPI_stop of a set of 4
 * never read. Segment labels: hl_begin,hl_end,hl_read,setup,start,stop
 * (setup: the set made and warmed up between the two).
 */
#include <papi.h>

#include "pmu_trace.h"

int main(void)
{
	static const char *const ev[] = { "PAPI_TOT_INS", "PAPI_TOT_CYC",
					  "arm_ac57::L1D_CACHE_REFILL",
					  "arm_ac57::L1I_CACHE_REFILL" };
	long long v[4];
	int es = PAPI_NULL, i, n = 0;

	pmu_trace_init();
	setenv("PAPI_EVENTS", "PAPI_TOT_CYC,PAPI_TOT_INS", 1);
	PAPI_hl_region_begin("outer");
	/* Steady state: the records have room (the reads of "outer" grow
	 * at 8 and 16), and a reschedule has settled the pages'
	 * capabilities (docs/pmu-vm.md). */
	for (i = 0; i < 10; i++) {
		PAPI_hl_region_begin("steady");
		PAPI_hl_region_end("steady");
		PAPI_hl_read("outer");
		if (i == 4)
			usleep(1000);
	}
	pmu_trace_mark(0);
	PAPI_hl_region_begin("steady");
	pmu_trace_mark(1);
	PAPI_hl_region_end("steady");
	pmu_trace_mark(2);
	PAPI_hl_read("outer");
	pmu_trace_mark(3);
	PAPI_hl_stop();
	if (PAPI_create_eventset(&es) != PAPI_OK)
		printf("PAPI_create_eventset failed\n");
	for (i = 0; i < 4; i++)
		n += PAPI_add_named_event(es, ev[i]) == PAPI_OK;
	for (i = 0; i < 5; i++) {
		PAPI_start(es);
		PAPI_stop(es, v);
	}
	pmu_trace_mark(4);
	PAPI_start(es);
	pmu_trace_mark(5);
	PAPI_stop(es, v);
	pmu_trace_mark(6);
	printf("events in the set: %d\n", n);
	pmu_trace_end();
	return 0;
}
