// SPDX-License-Identifier: BSD-3-Clause
/* Library life cycle, errors, threads and user locks. */
#include <stdio.h>
#include <stdlib.h>

#include "api/api.h"
#include "core/err.h"
#include "core/lib.h"

PAPI_EXPORT int PAPI_is_initialized(void)
{
	return papi__lib_init_state();
}

PAPI_EXPORT void PAPI_shutdown(void)
{
	papi__lib_shutdown();
}

PAPI_EXPORT int PAPI_set_debug(int level)
{
	if (level != PAPI_QUIET && level != PAPI_VERB_ECONT &&
	    level != PAPI_VERB_ESTOP)
		return RET(PAPI_EINVAL);
	papi__lib.debug = level;
	return PAPI_OK;
}

PAPI_EXPORT void PAPI_perror(const char *msg)
{
	/* PAPI 7.0's form: "msg: <text of the last error>", the text alone
	 * without a message; the last error is this thread's. */
	const char *text = papi__err_message(papi__err_last());

	if (!text)
		return;
	if (msg && *msg)
		fprintf(stderr, "%s: ", msg);
	fprintf(stderr, "%s\n", text);
}

PAPI_EXPORT int PAPI_thread_init(unsigned long (*id_fn)(void))
{
	struct papi__thread *t;

	REQUIRE_INIT();
	/* PAPI 7.0's answers: NULL changes nothing and is not an error, and
	 * the first function stays (ids already handed out keep meaning the
	 * same threads). */
	if (!id_fn || papi__lib.thread_id_fn)
		return PAPI_OK;
	papi__lib.thread_id_fn = id_fn;
	__atomic_or_fetch(&papi__lib.init_state, PAPI_THREAD_LEVEL_INITED,
			  __ATOMIC_RELAXED);
	/* As PAPI does, the calling thread, known since PAPI_library_init,
	 * takes its id from the new function (PAPI_list_threads shows it). */
	t = papi__thread_self();
	if (t)
		t->id = id_fn();
	return PAPI_OK;
}

PAPI_EXPORT unsigned long PAPI_thread_id(void)
{
	if (!papi__lib_is_init())
		return (unsigned long)PAPI_ENOINIT;
	return papi__thread_id();
}

PAPI_EXPORT int PAPI_register_thread(void)
{
	REQUIRE_INIT();
	return papi__thread_self() ? PAPI_OK : RET(PAPI_ENOMEM);
}

PAPI_EXPORT int PAPI_unregister_thread(void)
{
	REQUIRE_INIT();
	return RET(papi__thread_unregister());
}

PAPI_EXPORT int PAPI_list_threads(unsigned long *tids, int *number)
{
	struct papi__thread *t;
	int n = 0;

	REQUIRE_INIT();
	if (!number || *number < 0 || (tids && *number == 0))
		return RET(PAPI_EINVAL);
	papi__lib_lock();
	for (t = papi__lib.threads; t; t = t->next, n++)
		if (tids && n < *number)
			tids[n] = t->id;
	papi__lib_unlock();
	*number = n;
	return PAPI_OK;
}

/* PAPI_TLS_ALL_THREADS: ptr is a PAPI_all_thr_spec_t to fill with the ids
 * and values of every thread that set the tag, up to its num. */
static int all_threads(int tag, PAPI_all_thr_spec_t *all)
{
	struct papi__thread *t;
	int n = 0;

	if (all->num < 0 || (all->num > 0 && (!all->id || !all->data)))
		return PAPI_EINVAL;
	papi__lib_lock();
	for (t = papi__lib.threads; t && n < all->num; t = t->next) {
		if (!t->specific[tag])
			continue;
		all->id[n] = t->id;
		all->data[n] = t->specific[tag];
		n++;
	}
	papi__lib_unlock();
	all->num = n;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_get_thr_specific(int tag, void **ptr)
{
	struct papi__thread *t;

	REQUIRE_INIT();
	/* Every thread's value into nowhere: nothing to do, and PAPI 7.0
	 * does not call it an error. */
	if (!ptr && tag >= 0 && (tag & PAPI_TLS_ALL_THREADS) &&
	    (tag & ~PAPI_TLS_ALL_THREADS) < PAPI_NUM_TLS)
		return PAPI_OK;
	if (ptr && (tag & PAPI_TLS_ALL_THREADS) &&
	    (tag & ~PAPI_TLS_ALL_THREADS) < PAPI_NUM_TLS && tag >= 0)
		return RET(all_threads(tag & ~PAPI_TLS_ALL_THREADS,
				       (PAPI_all_thr_spec_t *)ptr));
	if (!ptr || tag < 0 || tag >= PAPI_NUM_TLS)
		return RET(PAPI_EINVAL);
	t = papi__thread_self();
	if (!t)
		return RET(PAPI_ENOMEM);
	*ptr = t->specific[tag];
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_set_thr_specific(int tag, void *ptr)
{
	struct papi__thread *t;

	REQUIRE_INIT();
	if (tag < 0 || tag >= PAPI_NUM_TLS)
		return RET(PAPI_EINVAL);
	t = papi__thread_self();
	if (!t)
		return RET(PAPI_ENOMEM);
	t->specific[tag] = ptr;
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_lock(int lck)
{
	if (lck < 0 || lck >= PAPI_NUM_LOCK)
		return RET(PAPI_EINVAL);
	pthread_mutex_lock(&papi__lib.user_lock[lck]);
	return PAPI_OK;
}

PAPI_EXPORT int PAPI_unlock(int lck)
{
	if (lck < 0 || lck >= PAPI_NUM_LOCK)
		return RET(PAPI_EINVAL);
	pthread_mutex_unlock(&papi__lib.user_lock[lck]);
	return PAPI_OK;
}
