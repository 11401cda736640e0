// SPDX-License-Identifier: BSD-3-Clause
/*
 * Fortran entry points (see fortran.h for the calling convention): the
 * rate calls, the region-based high-level interface and, beyond PAPI 7.0's
 * export list, PAPI 5's classic high-level calls.
 */
#include "fortran/fortran.h"
#include "papi.h"

/* ---- rates ------------------------------------------------------------ */

/*
 * event is an INTEGER passed by reference, like every other argument.
 * (PAPI 7.0's own wrappers hand the argument's address to the C call, which
 * takes the event by value, so there the event is never the one named.)
 */
PAPIF_ENTRY(papif_flips_rate, PAPIF_FLIPS_RATE,
	    (int *event, float *real_time, float *proc_time, long long *flpins,
	     float *mflips, int *check))
{
	*check = PAPI_flips_rate(*event, real_time, proc_time, flpins, mflips);
}

PAPIF_ENTRY(papif_flops_rate, PAPIF_FLOPS_RATE,
	    (int *event, float *real_time, float *proc_time, long long *flpops,
	     float *mflops, int *check))
{
	*check = PAPI_flops_rate(*event, real_time, proc_time, flpops, mflops);
}

PAPIF_ENTRY(papif_ipc, PAPIF_IPC,
	    (float *real_time, float *proc_time, long long *ins, float *ipc,
	     int *check))
{
	*check = PAPI_ipc(real_time, proc_time, ins, ipc);
}

PAPIF_ENTRY(papif_epc, PAPIF_EPC,
	    (int *event, float *real_time, float *proc_time, long long *ref,
	     long long *core, long long *evt, float *epc, int *check))
{
	*check = PAPI_epc(*event, real_time, proc_time, ref, core, evt, epc);
}

PAPIF_ENTRY(papif_rate_stop, PAPIF_RATE_STOP, (int *check))
{
	*check = PAPI_rate_stop();
}

/* ---- the high-level interface ----------------------------------------- */

PAPIF_ENTRY(papif_hl_region_begin, PAPIF_HL_REGION_BEGIN,
	    (const char *region, int *check, size_t region_len))
{
	char name[PAPIF_STR_MAX];

	if (papi__fstr_in(name, sizeof(name), region, region_len) < 0)
		*check = PAPIF_ERROR(PAPI_EINVAL);
	else
		*check = PAPI_hl_region_begin(name);
}

PAPIF_ENTRY(papif_hl_read, PAPIF_HL_READ,
	    (const char *region, int *check, size_t region_len))
{
	char name[PAPIF_STR_MAX];

	if (papi__fstr_in(name, sizeof(name), region, region_len) < 0)
		*check = PAPIF_ERROR(PAPI_EINVAL);
	else
		*check = PAPI_hl_read(name);
}

PAPIF_ENTRY(papif_hl_region_end, PAPIF_HL_REGION_END,
	    (const char *region, int *check, size_t region_len))
{
	char name[PAPIF_STR_MAX];

	if (papi__fstr_in(name, sizeof(name), region, region_len) < 0)
		*check = PAPIF_ERROR(PAPI_EINVAL);
	else
		*check = PAPI_hl_region_end(name);
}

PAPIF_ENTRY(papif_hl_stop, PAPIF_HL_STOP, (int *check))
{
	*check = PAPI_hl_stop();
}

/* ---- PAPI 5's classic high-level calls --------------------------------- */

/*
 * Not in PAPI 7.0's export list (PAPI 6 removed the C calls); here because
 * this library keeps the C calls (src/api/api_classic.c), with the
 * arguments PAPI 5's Fortran interface gave them.
 */
PAPIF_ENTRY(papif_start_counters, PAPIF_START_COUNTERS,
	    (int *events, int *array_len, int *check))
{
	*check = PAPI_start_counters(events, *array_len);
}

PAPIF_ENTRY(papif_read_counters, PAPIF_READ_COUNTERS,
	    (long long *values, int *array_len, int *check))
{
	*check = PAPI_read_counters(values, *array_len);
}

PAPIF_ENTRY(papif_accum_counters, PAPIF_ACCUM_COUNTERS,
	    (long long *values, int *array_len, int *check))
{
	*check = PAPI_accum_counters(values, *array_len);
}

PAPIF_ENTRY(papif_stop_counters, PAPIF_STOP_COUNTERS,
	    (long long *values, int *array_len, int *check))
{
	*check = PAPI_stop_counters(values, *array_len);
}

/* numevents: the number of hardware counters, or an error code. */
PAPIF_ENTRY(papif_num_counters, PAPIF_NUM_COUNTERS, (int *numevents))
{
	*numevents = PAPI_num_counters();
}

PAPIF_ENTRY(papif_flips, PAPIF_FLIPS,
	    (float *real_time, float *proc_time, long long *flpins,
	     float *mflips, int *check))
{
	*check = PAPI_flips(real_time, proc_time, flpins, mflips);
}

PAPIF_ENTRY(papif_flops, PAPIF_FLOPS,
	    (float *real_time, float *proc_time, long long *flpops,
	     float *mflops, int *check))
{
	*check = PAPI_flops(real_time, proc_time, flpops, mflops);
}
