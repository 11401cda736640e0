// SPDX-License-Identifier: BSD-3-Clause
#include "core/lib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp/cmp.h"
#include "core/err.h"
#include "core/evset.h"
#include "core/log.h"
#include "core/preset.h"
#include "os/os.h"

struct papi__lib papi__lib = {
	/* Recursive: the API layer holds it around core calls that take it too. */
	.lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP,
	.user_lock = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_MUTEX_INITIALIZER },
};

/* The thread's context (lib.h: papi__thread_peek). */
_Thread_local struct papi__thread *papi__lib_self PAPI__TLS_IE;
_Thread_local unsigned int papi__lib_self_gen PAPI__TLS_IE;
_Thread_local struct papi__direct papi__lib_direct PAPI__TLS_IE = {
	.key = -1,
	.read = papi__direct_none,
};
#define self papi__lib_self
#define self_gen papi__lib_self_gen

void papi__lib_lock(void)
{
	pthread_mutex_lock(&papi__lib.lock);
}

void papi__lib_unlock(void)
{
	pthread_mutex_unlock(&papi__lib.lock);
}

int papi__lib_is_init(void)
{
	return papi__lib.init_state != PAPI_NOT_INITED;
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

/* A child of fork() has one thread, the forking one, with a copy of its
 * context: which EventSets it "runs" belongs to the parent. The child starts
 * afresh with a context of its own, as PAPI's per-tid lookup gives it. */
static void child_after_fork(void)
{
	papi__lib_self = NULL;
	papi__direct_clear(&papi__lib_direct); /* the parent's counters */
}

int papi__lib_init(void)
{
	int ret;

	papi__lib_lock();
	if (papi__lib.init_state != PAPI_NOT_INITED) {
		papi__lib_unlock();
		return PAPI_OK;
	}
	if (!papi__lib.atfork_done)
		papi__lib.atfork_done =
			pthread_atfork(NULL, NULL, child_after_fork) == 0;
	read_env();
	papi__lib.default_domain = PAPI_DOM_USER;
	papi__lib.default_granularity = PAPI_GRN_THR;
	ret = papi__os_hwinfo(&papi__lib.hw);
	if (ret < 0)
		papi__log(PAPI__LOG_ERROR, "lib", "hardware info incomplete");
	init_components();
	papi__preset_init();
	papi__lib.init_state = PAPI_LOW_LEVEL_INITED;
	papi__lib_unlock();
	return PAPI_OK;
}

void papi__lib_shutdown(void)
{
	struct papi__thread *t, *next;
	int i;

	papi__lib_lock();
	if (papi__lib.init_state == PAPI_NOT_INITED) {
		papi__lib_unlock();
		return;
	}
	papi__evset_destroy_all();
	for (i = 0; i < papi__lib.ncmp; i++)
		papi__cmp_fini(&papi__lib.cmp[i]);
	papi__lib.ncmp = 0;
	for (t = papi__lib.threads; t; t = next) {
		next = t->next;
		if (t->direct)
			papi__direct_clear(t->direct);
		free(t->classic);
		free(t->hl);
		free(t);
	}
	papi__lib.threads = NULL;
	free(papi__lib.shlib.map);
	memset(&papi__lib.shlib, 0, sizeof(papi__lib.shlib));
	papi__lib.have_exe = 0;
	self = NULL;
	papi__lib.gen++;
	memset(papi__lib.presets, 0, sizeof(papi__lib.presets));
	papi__lib.init_state = PAPI_NOT_INITED;
	papi__lib.thread_id_fn = NULL;
	papi__lib_unlock();
}

unsigned long papi__thread_id(void)
{
	if (papi__lib.thread_id_fn)
		return papi__lib.thread_id_fn();
	return (unsigned long)papi__os_gettid();
}

void papi__direct_clear(struct papi__direct *d)
{
	d->key = -1;
	d->read = papi__direct_none;
	d->arg = NULL;
}

/* A thread that exits takes its shortcut's storage with it: its context,
 * which stays on the list until shutdown, must no longer point there. */
static pthread_key_t exit_key;
static pthread_once_t exit_once = PTHREAD_ONCE_INIT;

static void thread_exit(void *arg)
{
	struct papi__thread *t = arg;

	papi__lib_lock();
	/* After a shutdown t is freed, and the generation says so. */
	if (papi__lib_self_gen == papi__lib.gen)
		t->direct = NULL;
	papi__lib_unlock();
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
	t->direct = &papi__lib_direct;
	papi__lib_unlock();
	self = t;
	self_gen = papi__lib.gen;
	if (exit_key != (pthread_key_t)-1)
		pthread_setspecific(exit_key, t);
	return t;
}

struct papi__thread *papi__thread_self(void)
{
	struct papi__thread *t = self;

	if (t && self_gen == papi__lib.gen)
		return t;
	return thread_create();
}

int papi__thread_unregister(void)
{
	struct papi__thread **pp, *t = self;
	int i;

	if (!t || self_gen != papi__lib.gen)
		return PAPI_EINVAL;
	for (i = 0; i < PAPI__MAX_CMP; i++)
		if (t->running[i] >= 0)
			return PAPI_EISRUN;
	papi__lib_lock();
	for (pp = &papi__lib.threads; *pp; pp = &(*pp)->next)
		if (*pp == t) {
			*pp = t->next;
			break;
		}
	papi__lib_unlock();
	free(t->classic);
	free(t->hl);
	free(t);
	self = NULL;
	papi__direct_clear(&papi__lib_direct);
	if (exit_key != (pthread_key_t)-1)
		pthread_setspecific(exit_key, NULL);
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
