// SPDX-License-Identifier: BSD-3-Clause
/*
 * Fortran entry points (see fortran.h for the calling convention): the
 * library's life, threads and locks, event sets and counting.
 *
 * Three upper-case spellings are historically mixed case in PAPI 7.0's
 * export list, and are kept so: PAPIF_num_hwctrs, PAPIF_num_cmp_hwctrs and
 * PAPIF_unlock. PAPIF_unregster_thread is PAPI's misspelt older name of
 * PAPIF_unregister_thread; both exist.
 */
#include "fortran/fortran.h"
#include "papi.h"

/* ---- the library ---------------------------------------------------- */

/* check: in, the version the program was built for (PAPI_VER_CURRENT);
 * out, that version again, or an error code. */
PAPIF_ENTRY(papif_library_init, PAPIF_LIBRARY_INIT, (int *check))
{
	*check = PAPI_library_init(*check);
}

PAPIF_ENTRY(papif_is_initialized, PAPIF_IS_INITIALIZED, (int *level))
{
	*level = PAPI_is_initialized();
}

PAPIF_ENTRY(papif_shutdown, PAPIF_SHUTDOWN, (void))
{
	PAPI_shutdown();
}

PAPIF_ENTRY(papif_set_debug, PAPIF_SET_DEBUG, (int *level, int *check))
{
	*check = PAPI_set_debug(*level);
}

PAPIF_ENTRY(papif_multiplex_init, PAPIF_MULTIPLEX_INIT, (int *check))
{
	*check = PAPI_multiplex_init();
}

PAPIF_ENTRY(papif_num_hwctrs, PAPIF_num_hwctrs, (int *num))
{
	*num = PAPI_num_hwctrs();
}

PAPIF_ENTRY(papif_num_cmp_hwctrs, PAPIF_num_cmp_hwctrs, (int *cidx, int *num))
{
	*num = PAPI_num_cmp_hwctrs(*cidx);
}

/* ---- threads and locks ---------------------------------------------- */

/*
 * The thread-id function a Fortran program hands over is an EXTERNAL
 * INTEGER FUNCTION (omp_get_thread_num, typically): it returns a 32-bit
 * int, not the unsigned long PAPI_thread_init wants, so it is not given to
 * the C library as it is. The library gets fortran_thread_id, which calls
 * the Fortran function and widens its result.
 */
static int (*fortran_id_fn)(void);

static unsigned long fortran_thread_id(void)
{
	int (*fn)(void) = __atomic_load_n(&fortran_id_fn, __ATOMIC_ACQUIRE);

	return fn ? (unsigned long)(unsigned int)fn() : 0;
}

PAPIF_ENTRY(papif_thread_init, PAPIF_THREAD_INIT,
	    (int (*handle)(void), int *check))
{
	int (*none)(void) = NULL;

	if (!handle) {
		*check = PAPIF_ERROR(PAPI_EINVAL);
		return;
	}
	/* As in C, the first function given stays. */
	__atomic_compare_exchange_n(&fortran_id_fn, &none, handle, 0,
				    __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
	*check = PAPI_thread_init(fortran_thread_id);
}

/* id is a default INTEGER (C_INT in PAPI's documentation): the id is cut
 * to 32 bits rather than written over the 4 bytes that follow it. */
PAPIF_ENTRY(papif_thread_id, PAPIF_THREAD_ID, (int *id))
{
	*id = (int)PAPI_thread_id();
}

PAPIF_ENTRY(papif_register_thread, PAPIF_REGISTER_THREAD, (int *check))
{
	*check = PAPI_register_thread();
}

PAPIF_ENTRY(papif_unregister_thread, PAPIF_UNREGISTER_THREAD, (int *check))
{
	*check = PAPI_unregister_thread();
}

PAPIF_ENTRY(papif_unregster_thread, PAPIF_UNREGSTER_THREAD, (int *check))
{
	*check = PAPI_unregister_thread();
}

PAPIF_ENTRY(papif_lock, PAPIF_LOCK, (int *lock, int *check))
{
	*check = PAPI_lock(*lock);
}

PAPIF_ENTRY(papif_unlock, PAPIF_unlock, (int *lock, int *check))
{
	*check = PAPI_unlock(*lock);
}

/* ---- event sets ------------------------------------------------------ */

/* EventSet: in, PAPI_NULL; out, the new set's handle. */
PAPIF_ENTRY(papif_create_eventset, PAPIF_CREATE_EVENTSET,
	    (int *EventSet, int *check))
{
	*check = PAPI_create_eventset(EventSet);
}

/* EventSet is set back to PAPI_NULL on success. */
PAPIF_ENTRY(papif_destroy_eventset, PAPIF_DESTROY_EVENTSET,
	    (int *EventSet, int *check))
{
	*check = PAPI_destroy_eventset(EventSet);
}

PAPIF_ENTRY(papif_cleanup_eventset, PAPIF_CLEANUP_EVENTSET,
	    (int *EventSet, int *check))
{
	*check = PAPI_cleanup_eventset(*EventSet);
}

PAPIF_ENTRY(papif_assign_eventset_component, PAPIF_ASSIGN_EVENTSET_COMPONENT,
	    (int *EventSet, int *cidx, int *check))
{
	*check = PAPI_assign_eventset_component(*EventSet, *cidx);
}

PAPIF_ENTRY(papif_add_event, PAPIF_ADD_EVENT,
	    (int *EventSet, int *EventCode, int *check))
{
	*check = PAPI_add_event(*EventSet, *EventCode);
}

PAPIF_ENTRY(papif_add_named_event, PAPIF_ADD_NAMED_EVENT,
	    (int *EventSet, const char *EventName, int *check,
	     size_t EventName_len))
{
	char name[PAPIF_STR_MAX];

	if (papi__fstr_in(name, sizeof(name), EventName, EventName_len) < 0)
		*check = PAPIF_ERROR(PAPI_EINVAL);
	else
		*check = PAPI_add_named_event(*EventSet, name);
}

PAPIF_ENTRY(papif_add_events, PAPIF_ADD_EVENTS,
	    (int *EventSet, int *EventCodes, int *number, int *check))
{
	*check = PAPI_add_events(*EventSet, EventCodes, *number);
}

PAPIF_ENTRY(papif_remove_event, PAPIF_REMOVE_EVENT,
	    (int *EventSet, int *EventCode, int *check))
{
	*check = PAPI_remove_event(*EventSet, *EventCode);
}

PAPIF_ENTRY(papif_remove_named_event, PAPIF_REMOVE_NAMED_EVENT,
	    (int *EventSet, const char *EventName, int *check,
	     size_t EventName_len))
{
	char name[PAPIF_STR_MAX];

	if (papi__fstr_in(name, sizeof(name), EventName, EventName_len) < 0)
		*check = PAPIF_ERROR(PAPI_EINVAL);
	else
		*check = PAPI_remove_named_event(*EventSet, name);
}

PAPIF_ENTRY(papif_remove_events, PAPIF_REMOVE_EVENTS,
	    (int *EventSet, int *EventCodes, int *number, int *check))
{
	*check = PAPI_remove_events(*EventSet, EventCodes, *number);
}

/* number: in, the size of EventCodes; out, how many events the set has. */
PAPIF_ENTRY(papif_list_events, PAPIF_LIST_EVENTS,
	    (int *EventSet, int *EventCodes, int *number, int *check))
{
	*check = PAPI_list_events(*EventSet, EventCodes, number);
}

/* count: the number of events, or an error code. */
PAPIF_ENTRY(papif_num_events, PAPIF_NUM_EVENTS, (int *EventSet, int *count))
{
	*count = PAPI_num_events(*EventSet);
}

PAPIF_ENTRY(papif_state, PAPIF_STATE, (int *EventSet, int *status, int *check))
{
	*check = PAPI_state(*EventSet, status);
}

PAPIF_ENTRY(papif_set_multiplex, PAPIF_SET_MULTIPLEX,
	    (int *EventSet, int *check))
{
	*check = PAPI_set_multiplex(*EventSet);
}

/* check: 1 if the set is multiplexed, 0 if not, or an error code. */
PAPIF_ENTRY(papif_get_multiplex, PAPIF_GET_MULTIPLEX,
	    (int *EventSet, int *check))
{
	*check = PAPI_get_multiplex(*EventSet);
}

/* ---- counting -------------------------------------------------------- */

PAPIF_ENTRY(papif_start, PAPIF_START, (int *EventSet, int *check))
{
	*check = PAPI_start(*EventSet);
}

PAPIF_ENTRY(papif_stop, PAPIF_STOP,
	    (int *EventSet, long long *values, int *check))
{
	*check = PAPI_stop(*EventSet, values);
}

PAPIF_ENTRY(papif_read, PAPIF_READ,
	    (int *EventSet, long long *values, int *check))
{
	*check = PAPI_read(*EventSet, values);
}

PAPIF_ENTRY(papif_read_ts, PAPIF_READ_TS,
	    (int *EventSet, long long *values, long long *cycles, int *check))
{
	*check = PAPI_read_ts(*EventSet, values, cycles);
}

PAPIF_ENTRY(papif_accum, PAPIF_ACCUM,
	    (int *EventSet, long long *values, int *check))
{
	*check = PAPI_accum(*EventSet, values);
}

PAPIF_ENTRY(papif_reset, PAPIF_RESET, (int *EventSet, int *check))
{
	*check = PAPI_reset(*EventSet);
}

PAPIF_ENTRY(papif_write, PAPIF_WRITE,
	    (int *EventSet, long long *values, int *check))
{
	*check = PAPI_write(*EventSet, values);
}
