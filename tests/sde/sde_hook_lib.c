// SPDX-License-Identifier: BSD-3-Clause
/*
 * A library with software-defined events that registers them only when
 * its own init runs (sdehook_init), never on load, and that exports
 * papi_sde_hook_list_events: papi_native_avail -sde lists its events
 * through the hook alone (sde_native_avail_file.sh). The hook registers
 * the same events as sdehook_init, with NULL for the variable: nothing
 * counts while they are only being listed.
 */
#include "sde_lib.h"

void sdehook_init(void);
void sdehook_step(double dt);

#define LIB_NAME "Hook_Test"

static long long queued;
static double seconds;
static void *steps;

static long long queue_depth(void *param)
{
	return *(long long *)param;
}

/* The events and their texts, once, for the hook and for the init. */
static papi_handle_t declare(const papi_sde_fptr_struct_t *f, int listing)
{
	papi_handle_t h = f->init(LIB_NAME);

	f->register_counter(h, "BUSY_SECONDS", PAPI_SDE_RO | PAPI_SDE_DELTA,
			    PAPI_SDE_double, listing ? NULL : &seconds);
	f->describe_counter(h, "BUSY_SECONDS",
			    "Seconds the hook test library spent working");
	f->create_counter(h, "STEPS", PAPI_SDE_DELTA, listing ? NULL : &steps);
	f->describe_counter(h, "STEPS", "Steps the hook test library took");
	f->register_counter_cb(h, "QUEUE_DEPTH",
			       PAPI_SDE_RO | PAPI_SDE_INSTANT,
			       PAPI_SDE_long_long, queue_depth, &queued);
	f->describe_counter(h, "QUEUE_DEPTH",
			    "Items waiting in the hook test library's queue");
	return h;
}

papi_handle_t papi_sde_hook_list_events(papi_sde_fptr_struct_t *fptr_struct)
{
	return fptr_struct ? declare(fptr_struct, 1) : NULL;
}

void sdehook_init(void)
{
	papi_sde_fptr_struct_t f;

	POPULATE_SDE_FPTR_STRUCT(f);
	declare(&f, 0);
}

void sdehook_step(double dt)
{
	seconds += dt;
	queued++;
	papi_sde_inc_counter(steps, 1);
}
