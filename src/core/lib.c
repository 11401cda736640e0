// SPDX-License-Identifier: BSD-3-Clause
#include "core/lib.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cmp/cmp.h"
#include "core/classic.h"
#include "core/err.h"
#include "core/evset.h"
#include "core/hl.h"
#include "core/log.h"
#include "core/preset.h"
#include "os/os.h"

struct papi__lib papi__lib = {
	/* Recursive through papi__lib_locking (papi__lib_lock): the API layer
	 * holds it around core calls that take it too. */
	.lock = 0,
	.user_lock = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER },
};

/* The thread's context (lib.h: papi__thread_peek). */
_Thread_local struct papi__thread *papi__lib_self PAPI__TLS_IE;
_Thread_local unsigned int papi__lib_self_gen PAPI__TLS_IE;
_Thread_local int papi__lib_locking PAPI__TLS_IE;
/* The thread's runs (lib.h, struct papi__run). */
struct papi__run papi__run_none = {
	.key = -1,
	.id = -1,
	.read = papi__direct_none,
};
_Thread_local struct papi__run *papi__lib_direct PAPI__TLS_IE =
	&papi__run_none;
_Thread_local struct papi__run *papi__lib_runs[PAPI__MAX_CMP] PAPI__TLS_IE;
#define self papi__lib_self
#define self_gen papi__lib_self_gen

/*
 * The lock is recursive by the thread's own count, papi__lib_locking, over
 * a plain mutex: the outermost lock takes the mutex, the outermost unlock
 * gives it back. The count goes up before the mutex is asked for and down
 * after it is given back, so that a signal handler that interrupts this
 * thread anywhere in between sees it (papi__lib_lock_async); the fences
 * keep the compiler from moving it past the calls. A plain mutex, not a
 * recursive one, so that a fork child, whose only thread has another
 * thread id than the one that took the mutex in fork_prepare, can give
 * it back.
 *
 * The mutex is one word (papi__lib.lock), not a pthread mutex: uncontended,
 * taking it is one compare-and-swap and giving it back one swap, a third
 * of the instructions of glibc's mutex, and PAPI_start and PAPI_stop take
 * it once each (issue 20). States: 0 free, 1 held, 2 held and maybe
 * waited for. A thread that finds it held swaps in 2 before it sleeps on
 * the word, so the holder's swap back to 0 sees that someone is to be
 * woken; a waiter that wakes swaps in 2 again, so that others sleeping
 * behind it are not forgotten (a wake too many at worst).
 */
static __attribute__((noinline)) int lock_wait(long ms)
{
	struct timespec ts;
	long long until = 0, left = -1;

	if (ms >= 0) {
		clock_gettime(CLOCK_MONOTONIC, &ts);
		until = ts.tv_sec * 1000000000LL + ts.tv_nsec + ms * 1000000LL;
	}
	while (__atomic_exchange_n(&papi__lib.lock, 2, __ATOMIC_ACQUIRE) != 0) {
		if (ms >= 0) {
			clock_gettime(CLOCK_MONOTONIC, &ts);
			left = until - (ts.tv_sec * 1000000000LL + ts.tv_nsec);
			if (left <= 0)
				return -1;
		}
		papi__os_futex_wait(&papi__lib.lock, 2, left);
	}
	return 0;
}

static inline int lock_take(long ms)
{
	int free_ = 0;

	if (__atomic_compare_exchange_n(&papi__lib.lock, &free_, 1, 0,
					__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
		return 0;
	return lock_wait(ms);
}

/* Out of line, so that the unlock of the common case, with nobody
 * waiting, needs no frame. */
static __attribute__((noinline)) void lock_wake(void)
{
	papi__os_futex_wake(&papi__lib.lock, 1);
}

static inline void lock_give(void)
{
	if (__atomic_exchange_n(&papi__lib.lock, 0, __ATOMIC_RELEASE) == 2)
		lock_wake();
}

void papi__lib_lock(void)
{
	if (papi__lib_locking++)
		return;
	atomic_signal_fence(memory_order_seq_cst);
	lock_take(-1);
}

void papi__lib_unlock(void)
{
	if (papi__lib_locking == 1)
		lock_give();
	atomic_signal_fence(memory_order_seq_cst);
	papi__lib_locking--;
}

int papi__lib_lock_async(void)
{
	if (papi__lib_locking)
		return PAPI_EISRUN;
	papi__lib_lock();
	return PAPI_OK;
}

int papi__lib_lock_timed(long ms)
{
	if (papi__lib_locking) {
		papi__lib_locking++;
		return PAPI_OK;
	}
	papi__lib_locking++;
	atomic_signal_fence(memory_order_seq_cst);
	if (lock_take(ms < 0 ? 0 : ms) == 0)
		return PAPI_OK;
	atomic_signal_fence(memory_order_seq_cst);
	papi__lib_locking--;
	return PAPI_EISRUN;
}

int papi__lib_is_init(void)
{
	return papi__lib_init_state() != PAPI_NOT_INITED;
}

/* Environment variables are read here, once. */
static void read_env(void)
{
	const char *s = getenv("PAPI_DEBUG");

	papi__lib.log_level = PAPI__LOG_OFF;
	if (s && *s)
		papi__lib.log_level = atoi(s) > 0 ? atoi(s) : PAPI__LOG_INFO;
	/* PAPI_RDPMC=0: every counter read takes the read() system call (the
	 * name of PAPI's configure switch, --enable-perfevent-rdpmc). */
	s = getenv("PAPI_RDPMC");
	papi__lib.user_read_off = s && !strcmp(s, "0");
}

static void init_components(void)
{
	int i, n = papi__registry_count();

	if (n > PAPI__MAX_CMP)
		n = PAPI__MAX_CMP;
	for (i = 0; i < n; i++) {
		struct papi__cmp *c = &papi__lib.cmp[i];
		int ret;

		memset(c, 0, sizeof(*c));
		c->ops = papi__registry_ops(i);
		c->cidx = i;
		c->user_read_off = papi__lib.user_read_off;
		c->info.CmpIdx = i;
		snprintf(c->info.name, sizeof(c->info.name), "%s", c->ops->name);
		if (papi__lib.disable_mask & (1u << i)) {
			c->info.disabled = PAPI_ECMP_DISABLED;
			snprintf(c->info.disabled_reason,
				 sizeof(c->info.disabled_reason),
				 "disabled by PAPI_disable_component");
			continue;
		}
		ret = papi__cmp_init(c);
		if (ret != PAPI_OK && !c->info.disabled) {
			c->info.disabled = ret;
			if (!c->info.disabled_reason[0])
				snprintf(c->info.disabled_reason,
					 sizeof(c->info.disabled_reason),
					 "initialization failed: %s",
					 papi__err_message(ret));
		}
		c->info.initialized = c->info.disabled ? 0 : 1;
		papi__log(PAPI__LOG_INFO, "lib", "component %s: %s", c->info.name,
			  c->info.disabled ? c->info.disabled_reason : "enabled");
	}
	papi__lib.ncmp = n;
}

/*
 * fork(). prepare takes the library lock, so that no other thread is in
 * the middle of the library when the process is copied (the child would
 * inherit the lock held by a thread it does not have); the parent gives
 * it back. The child has one thread, whose copy holds the lock (given
 * back at the end), and none of the parent's sets: their counters are
 * the parent's (perf_event fds shared with it: a DISABLE from the child
 * would stop the parent's counting), so they are dropped without
 * touching the counters (fds closed, pages left: the child has none of
 * them) and their ids answer PAPI_ENOEVST;
 * so are the thread contexts (the forking thread gets a new one, as it
 * would in a new process) and the runs waiting in the limbo. The library
 * stays initialized.
 */
static void fork_prepare(void)
{
	papi__lib_lock();
}

static void fork_parent(void)
{
	papi__lib_unlock();
}

static void free_threads(void);
static void run_free(struct papi__run *r);

static void fork_child(void)
{
	struct papi__run *r;
	int i;

	/* Still held from fork_prepare, by this thread's copy. */
	if (papi__lib_init_state() != PAPI_NOT_INITED) {
		papi__evset_fork_child();
		free_threads();
	}
	while ((r = papi__lib.limbo)) {
		__atomic_store_n(&papi__lib.limbo, r->next, __ATOMIC_RELAXED);
		run_free(r);
	}
	papi__lib_direct = &papi__run_none;
	for (i = 0; i < PAPI__MAX_CMP; i++)
		papi__lib_runs[i] = NULL;
	self = NULL;
	papi__lib_unlock();
}

const PAPI_hw_info_t *papi__lib_hw_fill(void)
{
	papi__lib_lock();
	if (!papi__lib.hw_done && papi__lib_init_state() != PAPI_NOT_INITED) {
		if (papi__os_hwinfo(&papi__lib.hw) < 0)
			papi__log(PAPI__LOG_ERROR, "lib",
				  "hardware info incomplete");
		__atomic_store_n(&papi__lib.hw_done, 1, __ATOMIC_RELEASE);
	}
	papi__lib_unlock();
	return &papi__lib.hw;
}

int papi__lib_init(void)
{

	papi__lib_lock();
	if (papi__lib.init_state != PAPI_NOT_INITED) {
		papi__lib_unlock();
		return PAPI_OK;
	}
	read_env();
	papi__lib.default_domain = PAPI_DOM_USER;
	papi__lib.default_granularity = PAPI_GRN_THR;
	init_components();
	/* After the components' own fork handlers (perf_event's counts the
	 * generations), so that in a child ours runs after theirs, and its
	 * prepare (run in the reverse order) takes the lock first. */
	if (!papi__lib.atfork_done)
		papi__lib.atfork_done = pthread_atfork(fork_prepare, fork_parent,
						       fork_child) == 0;
	papi__preset_init();
	__atomic_store_n(&papi__lib.init_state, PAPI_LOW_LEVEL_INITED,
			 __ATOMIC_RELAXED);
	papi__lib_unlock();
	papi__thread_quiesce();
	/* As PAPI 7.0 does, the thread that initializes the library is
	 * registered now: PAPI_list_threads counts it, and it may
	 * PAPI_unregister_thread before it ever counts (issues 14, 22). */
	if (!papi__thread_self())
		return PAPI_ENOMEM;
	return PAPI_OK;
}

/* Every thread context, with the lock held (shutdown, fork child). */
static void free_threads(void)
{
	struct papi__thread *t, *next;

	for (t = papi__lib.threads; t; t = next) {
		next = t->next;
		free(t->classic);
		free(t->hl);
		free(t);
	}
	papi__lib.threads = NULL;
	self = NULL;
}

/* Threads that read a set without the lock may be reading now: their
 * runs go to the limbo (papi__evset_destroy_all), and they see the
 * library gone (init_state, then their withdrawn slots). */
void papi__lib_shutdown(void)
{
	int i;

	papi__lib_lock();
	if (papi__lib_init_state() == PAPI_NOT_INITED) {
		papi__lib_unlock();
		return;
	}
	__atomic_store_n(&papi__lib.init_state, PAPI_NOT_INITED,
			 __ATOMIC_RELAXED);
	papi__evset_destroy_all();
	papi__preset_fini();
	for (i = 0; i < papi__lib.ncmp; i++)
		papi__cmp_fini(&papi__lib.cmp[i]);
	papi__lib.ncmp = 0;
	free_threads();
	__atomic_store_n(&papi__lib.hw_done, 0, __ATOMIC_RELAXED);
	memset(&papi__lib.hw, 0, sizeof(papi__lib.hw));
	free(papi__lib.shlib.map);
	memset(&papi__lib.shlib, 0, sizeof(papi__lib.shlib));
	papi__lib.have_exe = 0;
	__atomic_add_fetch(&papi__lib.gen, 1, __ATOMIC_RELAXED);
	memset(papi__lib.presets, 0, sizeof(papi__lib.presets));
	papi__lib.thread_id_fn = NULL;
	papi__lib_unlock();
	papi__thread_quiesce();
}

void papi__lib_info_fill(int cidx, int what)
{
	papi__lib_lock();
	if (papi__lib_init_state() != PAPI_NOT_INITED && cidx >= 0 &&
	    cidx < papi__lib.ncmp) {
		if (what & PAPI__INFO_EVENTS)
			papi__preset_resolve_all();
		papi__cmp_info_fill(&papi__lib.cmp[cidx], what);
	}
	papi__lib_unlock();
}

unsigned long papi__thread_id(void)
{
	if (papi__lib.thread_id_fn)
		return papi__lib.thread_id_fn();
	return (unsigned long)papi__os_gettid();
}

void papi__direct_retarget(int key, void *arg, papi__direct_fn read)
{
	struct papi__run *r = __atomic_load_n(&papi__lib_direct,
					      __ATOMIC_RELAXED);

	/* Withdrawn meanwhile by another thread, r waits in the limbo for
	 * this thread: writing it is harmless. */
	if (r != &papi__run_none && r->key == key && r->arg == arg)
		r->read = read;
}

void papi__run_publish(struct papi__run *r)
{
	r->owner = papi__lib_me();
	r->next = NULL;
	/* Filled before it can be seen: by this thread's own reads, in a
	 * signal handler too. */
	atomic_signal_fence(memory_order_seq_cst);
	__atomic_store_n(&papi__lib_runs[r->cidx], r, __ATOMIC_RELAXED);
	if (r->key >= 0)
		__atomic_store_n(&papi__lib_direct, r, __ATOMIC_RELAXED);
}

void papi__run_withdraw(struct papi__thread *t, struct papi__run *r)
{
	struct papi__run **runs = t ? t->runs_slot : NULL;
	struct papi__run **d = t ? t->direct_slot : NULL;

	if (runs && __atomic_load_n(&runs[r->cidx], __ATOMIC_RELAXED) == r)
		__atomic_store_n(&runs[r->cidx], NULL, __ATOMIC_RELAXED);
	if (d && __atomic_load_n(d, __ATOMIC_RELAXED) == r)
		__atomic_store_n(d, &papi__run_none, __ATOMIC_RELAXED);
	/* The caller may free r next (its own run): not before this. */
	atomic_signal_fence(memory_order_seq_cst);
}

void papi__run_retire(struct papi__run *r)
{
	r->next = papi__lib.limbo;
	__atomic_store_n(&papi__lib.limbo, r, __ATOMIC_RELAXED);
}

/* A run from the limbo, and what it held: the component state (closing
 * its fds) and the memory. */
static void run_free(struct papi__run *r)
{
	if (r->junk_ctl && r->junk_ops && r->junk_ops->ctl_destroy)
		r->junk_ops->ctl_destroy(r->junk_cmp, r->junk_ctl);
	free(r->junk_mem[0]);
	free(r->junk_mem[1]);
	free(r);
}

void papi__thread_quiesce_slow(void)
{
	struct papi__run *r, *next, *prev = NULL, *mine = NULL;
	uintptr_t me = papi__lib_me();

	papi__lib_lock();
	for (r = papi__lib.limbo; r; r = next) {
		next = r->next;
		if (r->owner != me) {
			prev = r;
			continue;
		}
		if (prev)
			prev->next = next;
		else
			__atomic_store_n(&papi__lib.limbo, next,
					 __ATOMIC_RELAXED);
		r->next = mine;
		mine = r;
	}
	papi__lib_unlock();
	while ((r = mine)) {
		mine = r->next;
		run_free(r);
	}
}

/* Set only so that thread_exit runs: the context is found through the
 * thread's own TLS, since a shutdown may have freed it. */
static pthread_key_t exit_key;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;

/*
 * A thread exits: its context and everything of the library that was only
 * for it goes now, not at PAPI_shutdown. Its high-level and classic sets
 * (their counts already recorded), its runs (the sets it runs go on
 * running with no runner: another thread may still read and stop them),
 * the software overflow timers that tick it, and what waits for it in
 * the limbo.
 */
static void thread_exit(void *arg)
{
	struct papi__thread **pp, *t;
	int i;

	(void)arg;
	papi__lib_lock();
	t = papi__thread_peek();
	if (t) {
		if (t->hl)
			papi__hl_thread_exit(t->hl);
		if (t->classic)
			papi__classic_thread_exit(t->classic);
		papi__evset_thread_gone(t);
		for (pp = &papi__lib.threads; *pp; pp = &(*pp)->next)
			if (*pp == t) {
				*pp = t->next;
				break;
			}
		free(t->classic);
		free(t->hl);
		free(t);
	}
	self = NULL;
	papi__lib_direct = &papi__run_none;
	for (i = 0; i < PAPI__MAX_CMP; i++)
		papi__lib_runs[i] = NULL;
	papi__lib_unlock();
	papi__thread_quiesce();
}

static void exit_key_create(void)
{
	if (pthread_key_create(&exit_key, thread_exit) != 0)
		exit_key = (pthread_key_t)-1;
}

/* The first call in a thread (or after PAPI_shutdown) makes its context;
 * kept apart so that the common path below needs no stack frame. */
static __attribute__((noinline)) struct papi__thread *thread_create(void)
{
	struct papi__thread *t = calloc(1, sizeof(*t));
	int i;

	if (!t)
		return NULL;
	t->tid = papi__os_gettid();
	t->id = papi__thread_id();
	for (i = 0; i < PAPI__MAX_CMP; i++)
		t->running[i] = -1;
	pthread_once(&exit_once, exit_key_create);
	papi__lib_lock();
	t->next = papi__lib.threads;
	papi__lib.threads = t;
	t->direct_slot = &papi__lib_direct;
	t->runs_slot = papi__lib_runs;
	self = t;
	self_gen = papi__lib.gen;
	papi__lib_unlock();
	if (exit_key != (pthread_key_t)-1)
		pthread_setspecific(exit_key, (void *)1);
	return t;
}

struct papi__thread *papi__thread_self(void)
{
	struct papi__thread *t = papi__thread_peek();

	return t ? t : thread_create();
}

int papi__thread_unregister(void)
{
	struct papi__thread **pp, *t = self;
	int i;

	papi__lib_lock();
	if (!t || self_gen != papi__lib.gen) {
		papi__lib_unlock();
		return PAPI_EINVAL;
	}
	for (i = 0; i < PAPI__MAX_CMP; i++)
		if (t->running[i] >= 0) {
			papi__lib_unlock();
			return PAPI_EISRUN;
		}
	for (pp = &papi__lib.threads; *pp; pp = &(*pp)->next)
		if (*pp == t) {
			*pp = t->next;
			break;
		}
	free(t->classic);
	free(t->hl);
	free(t);
	self = NULL;
	papi__lib_unlock();
	/* The thread may still exit with runs of its in the limbo: its exit
	 * handler stays set. */
	papi__thread_quiesce();
	return PAPI_OK;
}

int papi__lib_disable_component(int cidx, const char *name)
{
	int i, n = papi__registry_count();

	if (name) {
		for (i = 0; i < n; i++)
			if (!strcmp(papi__registry_ops(i)->name, name))
				break;
		cidx = i;
	}
	if (cidx < 0 || cidx >= n || cidx >= PAPI__MAX_CMP)
		return PAPI_ENOCMP;
	papi__lib.disable_mask |= 1u << cidx;
	return PAPI_OK;
}
