// SPDX-License-Identifier: BSD-3-Clause
/*
 * Bad input never crashes (see badinput.h): the library's life cycle
 * (PAPI_library_init with versions of other releases, PAPI_shutdown twice,
 * PAPI_is_initialized), threads (PAPI_thread_init, PAPI_register_thread,
 * PAPI_list_threads, thread-specific data), the user locks and
 * PAPI_multiplex_init, before PAPI_library_init, after it and after
 * PAPI_shutdown.
 */
#include "badinput.h"

static void check_locks(void)
{
	static const int bad_locks[] = { -1, PAPI_NUM_LOCK, 99, INT_MIN,
					 INT_MAX };
	int i;

	for (i = 0; i < (int)(sizeof(bad_locks) / sizeof(bad_locks[0])); i++) {
		ERR(PAPI_lock(bad_locks[i]), PAPI_EINVAL);
		ERR(PAPI_unlock(bad_locks[i]), PAPI_EINVAL);
	}
}

static unsigned long bad_id_fn(void)
{
	return 42;
}

/* ---- Before PAPI_library_init ------------------------------------------ */

static void before_init(void)
{
	unsigned long tids[4];
	void *p = NULL;
	int n;

	CHECK(CALL(PAPI_is_initialized()) == PAPI_NOT_INITED,
	      "PAPI_is_initialized() is %d before init", PAPI_is_initialized());
	/* Shutting down what never started is harmless. */
	CALL(PAPI_shutdown());
	CALL(PAPI_shutdown());
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED, "shutdown inited");

	check_locks();

	/* A version of another release is refused and changes nothing. */
	ERR(PAPI_library_init(0), PAPI_EINVAL);
	ERR(PAPI_library_init(-1), PAPI_EINVAL);
	ERR(PAPI_library_init(INT_MIN), PAPI_EINVAL);
	ERR(PAPI_library_init(PAPI_VERSION_NUMBER(6, 0, 0, 0)), PAPI_EINVAL);
	ERR(PAPI_library_init(PAPI_VERSION_NUMBER(7, 1, 0, 0)), PAPI_EINVAL);
	ERR(PAPI_library_init(PAPI_VERSION_NUMBER(8, 0, 0, 0)), PAPI_EINVAL);
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED,
	      "a refused PAPI_library_init left the library initialized");

	/* Threads: nothing to register with yet. */
	ERR(PAPI_thread_init(NULL), PAPI_ENOINIT);
	ERR(PAPI_thread_init(bad_id_fn), PAPI_ENOINIT);
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED,
	      "a refused PAPI_thread_init changed the init state");
	/* PAPI 7.0 answers PAPI_EMISC when no id function is registered. */
	{
		unsigned long id = CALL(PAPI_thread_id());

		CHECK(id == (unsigned long)PAPI_ENOINIT ||
			      id == (unsigned long)PAPI_EMISC,
		      "PAPI_thread_id() before init is %lu", id);
	}
	ERR(PAPI_register_thread(), PAPI_ENOINIT);
	/* PAPI 7.0: PAPI_EMISC, no thread record to drop. */
	ERR(PAPI_unregister_thread(), PAPI_ENOINIT, PAPI_EMISC);
	n = 4;
	ERR(PAPI_list_threads(tids, &n), PAPI_ENOINIT);
	ERR(PAPI_list_threads(NULL, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(PAPI_USR1_TLS, &p), PAPI_ENOINIT);
	ERR(PAPI_get_thr_specific(PAPI_USR1_TLS, NULL), PAPI_ENOINIT,
	    PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(-1, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(PAPI_USR2_TLS, &p), PAPI_ENOINIT);
	/* Multiplexing needs no preparation; PAPI_OK before init is fine. */
	OK_OR(PAPI_multiplex_init(), PAPI_ENOINIT);
}

/* ---- After PAPI_library_init ------------------------------------------- */

static void after_init_threads(void)
{
	unsigned long tids[4];
	void *p = NULL;
	int n;

	/* PAPI 7.0 answers PAPI_OK and changes nothing (issue 22). */
	OK_OR(PAPI_thread_init(NULL), PAPI_OK);
	ERR(PAPI_list_threads(NULL, NULL), PAPI_EINVAL);
	ERR(PAPI_list_threads(tids, NULL), PAPI_EINVAL);
	n = 0;
	ERR(PAPI_list_threads(tids, &n), PAPI_EINVAL);
	n = -1;
	ERR(PAPI_list_threads(tids, &n), PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(PAPI_USR1_TLS, NULL), PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(-1, &p), PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(99, &p), PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(INT_MIN, &p), PAPI_EINVAL);
	/* The all-threads form into nowhere: nothing to do, PAPI_OK as in
	 * PAPI 7.0 (issue 22). */
	OK_OR(PAPI_get_thr_specific(PAPI_TLS_ALL_THREADS | PAPI_USR1_TLS, NULL),
	      PAPI_OK);
	ERR(PAPI_set_thr_specific(-1, p), PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(99, p), PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(INT_MIN, p), PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(PAPI_TLS_ALL_THREADS | PAPI_USR1_TLS, p),
	    PAPI_EINVAL);
}

static void after_init(void)
{
	init_or_skip();
	CHECK(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED,
	      "not initialized after PAPI_library_init");
	/* A wrong version afterwards is still wrong, and harmless. */
	ERR(PAPI_library_init(0), PAPI_EINVAL);
	ERR(PAPI_library_init(PAPI_VERSION_NUMBER(6, 0, 0, 0)), PAPI_EINVAL);
	CHECK(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED,
	      "a refused PAPI_library_init shut the library down");

	check_locks();
	OK_OR(PAPI_multiplex_init(), ANY);
	OK_OR(PAPI_register_thread(), ANY);
	CALL(PAPI_thread_id());
	after_init_threads();

	/* Dropping the thread twice: the second time there is none. */
	OK_OR(PAPI_unregister_thread(), ANY);
	ERR(PAPI_unregister_thread(), PAPI_EINVAL, PAPI_EMISC);
}

/* ---- After PAPI_shutdown ----------------------------------------------- */

static void after_shutdown(void)
{
	CALL(PAPI_shutdown());
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED,
	      "still initialized after PAPI_shutdown");
	CALL(PAPI_shutdown());
	/* Everything is as before init again. */
	ERR(PAPI_register_thread(), PAPI_ENOINIT);
}

int main(void)
{
	badinput_begin();
	before_init();
	after_init();
	after_shutdown();
	return badinput_end();
}
