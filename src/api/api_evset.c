// SPDX-License-Identifier: BSD-3-Clause
/* EventSet life cycle and contents. */
#include <stddef.h>

#include "api/api.h"
#include "core/event.h"
#include "core/evset.h"
#include "core/lib.h"

PAPI_EXPORT int PAPI_create_eventset(int *EventSet)
{
	REQUIRE_INIT();
	if (!EventSet || *EventSet != PAPI_NULL)
		return RET(PAPI_EINVAL);
	/* The hardware description is read lazily (malloc, files, the
	 * library lock), but the timers and PAPI_read_ts need its clock rate
	 * and may run in a signal handler: read it here, in the caller's
	 * normal context, before any set can count. */
	(void)papi__lib_hw();
	return RET(papi__evset_create(EventSet));
}

PAPI_EXPORT int PAPI_destroy_eventset(int *EventSet)
{
	int ret;

	REQUIRE_INIT();
	if (!EventSet)
		return RET(PAPI_EINVAL);
	ret = papi__evset_destroy(*EventSet);
	if (ret == PAPI_OK)
		*EventSet = PAPI_NULL;
	return RET(ret);
}

PAPI_EXPORT int PAPI_cleanup_eventset(int EventSet)
{
	REQUIRE_INIT();
	return RET(papi__evset_cleanup(EventSet));
}

PAPI_EXPORT int PAPI_add_event(int EventSet, int EventCode)
{
	REQUIRE_INIT();
	return RET(papi__evset_add(EventSet, EventCode));
}

PAPI_EXPORT int PAPI_add_named_event(int EventSet, const char *EventName)
{
	int code, ret;

	REQUIRE_INIT();
	if (!EventName)
		return RET(PAPI_EINVAL);
	ret = papi__event_name_to_code(EventName, &code);
	if (ret != PAPI_OK)
		return RET(ret);
	return RET(papi__evset_add(EventSet, code));
}

/* PAPI_add_events and PAPI_remove_events answer with the number of events
 * handled before the first failure, or the error when none was. */
PAPI_EXPORT int PAPI_add_events(int EventSet, int *Events, int number)
{
	int i, ret;

	REQUIRE_INIT();
	if (!Events || number <= 0)
		return RET(PAPI_EINVAL);
	for (i = 0; i < number; i++) {
		ret = papi__evset_add(EventSet, Events[i]);
		if (ret != PAPI_OK)
			return i ? i : RET(ret);
	}
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_remove_event(int EventSet, int EventCode)
{
	REQUIRE_INIT();
	return RET(papi__evset_remove(EventSet, EventCode));
}

PAPI_EXPORT int PAPI_remove_named_event(int EventSet, const char *EventName)
{
	int code, ret;

	REQUIRE_INIT();
	if (!EventName)
		return RET(PAPI_EINVAL);
	ret = papi__event_name_to_code(EventName, &code);
	if (ret != PAPI_OK)
		return RET(ret);
	return RET(papi__evset_remove(EventSet, code));
}

PAPI_EXPORT int PAPI_remove_events(int EventSet, int *Events, int number)
{
	int i, ret;

	REQUIRE_INIT();
	if (!Events || number <= 0)
		return RET(PAPI_EINVAL);
	for (i = 0; i < number; i++) {
		ret = papi__evset_remove(EventSet, Events[i]);
		if (ret != PAPI_OK)
			return i ? i : RET(ret);
	}
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_list_events(int EventSet, int *Events, int *number)
{
	REQUIRE_INIT();
	if (!number || *number < 0 || (!Events && *number > 0))
		return RET(PAPI_EINVAL);
	return RET(papi__evset_list(EventSet, Events, number));
}

PAPI_EXPORT int PAPI_num_events(int EventSet)
{
	REQUIRE_INIT();
	return RET(papi__evset_num_events(EventSet));
}

PAPI_EXPORT int PAPI_state(int EventSet, int *status)
{
	REQUIRE_INIT();
	if (!status)
		return RET(PAPI_EINVAL);
	return RET(papi__evset_state(EventSet, status));
}

PAPI_EXPORT int PAPI_assign_eventset_component(int EventSet, int cidx)
{
	REQUIRE_INIT();
	return RET(papi__evset_assign(EventSet, cidx));
}

PAPI_EXPORT int PAPI_get_eventset_component(int EventSet)
{
	REQUIRE_INIT();
	return RET(papi__evset_cidx(EventSet));
}

PAPI_EXPORT int PAPI_start(int EventSet)
{
	REQUIRE_INIT();
	return RET(papi__evset_start(EventSet));
}

PAPI_EXPORT int PAPI_stop(int EventSet, long long *values)
{
	REQUIRE_INIT();
	return RET(papi__evset_stop(EventSet, values));
}

static __attribute__((noinline)) int read_long_way(int EventSet,
						 long long *values)
{
	REQUIRE_INIT();
	if (!values)
		return RET(PAPI_EINVAL);
	return RET(papi__evset_read(EventSet, values));
}

/* Every instruction here is one the caller's counters count: the thread's
 * shortcut (core/lib.h, struct papi__run), when it is for this set, is
 * the whole call, a tail call with no stack frame. The slot always points
 * to a run; its key is -1 when it is for no set, and then its read gives
 * PAPI_read(PAPI_NULL) its error. The one load more than a shortcut kept
 * in the slot itself is what lets another thread withdraw it at once
 * (one pointer store) while the run it pointed to stays readable. */
PAPI_EXPORT int PAPI_read(int EventSet, long long *values)
{
	const struct papi__run *r =
		__atomic_load_n(&papi__lib_direct, __ATOMIC_RELAXED);

	if (r->key == EventSet && values)
		return r->read(r->arg, values);
	return read_long_way(EventSet, values);
}

PAPI_EXPORT int PAPI_read_ts(int EventSet, long long *values, long long *cyc)
{
	const struct papi__run *r;
	int ret;

	REQUIRE_INIT();
	if (!values || !cyc)
		return RET(PAPI_EINVAL);
	r = __atomic_load_n(&papi__lib_direct, __ATOMIC_RELAXED);
	if (r->key == EventSet)
		ret = r->read(r->arg, values);
	else
		ret = papi__evset_read(EventSet, values);
	if (ret == PAPI_OK)
		*cyc = PAPI_get_real_cyc();
	return RET(ret);
}

PAPI_EXPORT int PAPI_accum(int EventSet, long long *values)
{
	REQUIRE_INIT();
	if (!values)
		return RET(PAPI_EINVAL);
	return RET(papi__evset_accum(EventSet, values));
}

PAPI_EXPORT int PAPI_reset(int EventSet)
{
	REQUIRE_INIT();
	return RET(papi__evset_reset(EventSet));
}

PAPI_EXPORT int PAPI_write(int EventSet, long long *values)
{
	struct papi__evset *es;

	REQUIRE_INIT();
	if (!values)
		return RET(PAPI_EINVAL);
	papi__lib_lock();
	es = papi__evset_get(EventSet);
	papi__lib_unlock();
	/* perf_event counters cannot be written from user space. */
	return RET(es ? PAPI_ECMP : PAPI_ENOEVST);
}

static int attach(int EventSet, int tid)
{
	struct papi__ctl_opts o;
	int ret;

	ret = papi__evset_get_opts(EventSet, &o);
	if (ret != PAPI_OK)
		return ret;
	/* A thread, or nothing: a CPU attachment ends either way. */
	o.tid = tid;
	o.cpu = -1;
	return papi__evset_set_opts(EventSet, &o);
}

/* PAPI 7.0's order of checks for attach and detach: a running set first
 * (PAPI_EISRUN), then a CPU-attached one, which only PAPI_CPU_ATTACH
 * changes (PAPI_ECMP). */
static int attach_checks(int EventSet, struct papi__ctl_opts *o)
{
	int state, ret = papi__evset_get_opts(EventSet, o);

	if (ret != PAPI_OK)
		return ret;
	if (papi__evset_state(EventSet, &state) == PAPI_OK &&
	    (state & PAPI_RUNNING))
		return PAPI_EISRUN;
	if (o->cpu >= 0)
		return PAPI_ECMP;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_attach(int EventSet, unsigned long tid)
{
	struct papi__ctl_opts o;
	int ret;

	REQUIRE_INIT();
	if (tid == 0 || tid > 0x7fffffffUL)
		return RET(PAPI_EINVAL);
	if ((ret = attach_checks(EventSet, &o)) != PAPI_OK)
		return RET(ret);
	/* Attached already: detach first (PAPI 7.0: PAPI_EINVAL). */
	if (o.tid)
		return RET(PAPI_EINVAL);
	return RET(attach(EventSet, (int)tid));
}

PAPI_EXPORT int PAPI_detach(int EventSet)
{
	struct papi__ctl_opts o;
	int ret;

	REQUIRE_INIT();
	if ((ret = attach_checks(EventSet, &o)) != PAPI_OK)
		return RET(ret);
	/* PAPI: detaching a set that is not attached is PAPI_EINVAL. */
	if (!o.tid)
		return RET(PAPI_EINVAL);
	return RET(attach(EventSet, 0));
}
