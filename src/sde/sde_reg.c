// SPDX-License-Identifier: BSD-3-Clause
/*
 * The registry: libraries, counters and their ids. The id table is a
 * fixed array of chunks published with atomic stores, so that a reader
 * (the sde component's PAPI_read) finds a counter without the lock.
 */
#include <stdlib.h>
#include <string.h>

#include "sde_int.h"

#define CHUNK 256
#define NCHUNK 4096 /* 1M counters */

static pthread_mutex_t reg_lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static struct sde_lib *libs;
static struct sde_cntr **chunks[NCHUNK];
static uint32_t nslots;

void sde_lock(void)
{
	pthread_mutex_lock(&reg_lock);
}

void sde_unlock(void)
{
	pthread_mutex_unlock(&reg_lock);
}

uint32_t sde_nslots(void)
{
	return __atomic_load_n(&nslots, __ATOMIC_ACQUIRE);
}

struct sde_cntr *sde_slot(uint32_t id)
{
	struct sde_cntr **ch;

	if (id >= sde_nslots())
		return NULL;
	ch = __atomic_load_n(&chunks[id / CHUNK], __ATOMIC_ACQUIRE);
	return ch ? __atomic_load_n(&ch[id % CHUNK], __ATOMIC_ACQUIRE) : NULL;
}

int sde_lib_valid(const struct sde_lib *lib)
{
	const struct sde_lib *l;

	for (l = libs; l; l = l->next)
		if (l == lib)
			return 1;
	return 0;
}

struct sde_lib *sde_lib_get(const char *name, int create)
{
	struct sde_lib *l;

	for (l = libs; l; l = l->next)
		if (!strcmp(l->name, name))
			return l;
	if (!create)
		return NULL;
	l = calloc(1, sizeof(*l));
	if (!l || !(l->name = strdup(name))) {
		free(l);
		return NULL;
	}
	l->next = libs;
	libs = l;
	return l;
}

/* A new slot for c, published after c is filled. */
static int slot_add(struct sde_cntr *c)
{
	uint32_t id = nslots;
	struct sde_cntr **ch;

	if (id / CHUNK >= NCHUNK)
		return SDE_ENOMEM;
	ch = chunks[id / CHUNK];
	if (!ch) {
		ch = calloc(CHUNK, sizeof(*ch));
		if (!ch)
			return SDE_ENOMEM;
		__atomic_store_n(&chunks[id / CHUNK], ch, __ATOMIC_RELEASE);
	}
	c->id = id;
	__atomic_store_n(&ch[id % CHUNK], c, __ATOMIC_RELEASE);
	__atomic_store_n(&nslots, id + 1, __ATOMIC_RELEASE);
	return SDE_OK;
}

struct sde_cntr *sde_cntr_get(struct sde_lib *lib, const char *name,
			      int create)
{
	struct sde_cntr *c, **tail = &lib->first;

	for (c = lib->first; c; c = c->next) {
		if (!strcmp(c->name, name))
			return c;
		tail = &c->next;
	}
	if (!create)
		return NULL;
	c = calloc(1, sizeof(*c));
	if (!c || !(c->name = strdup(name)) || slot_add(c) != SDE_OK) {
		if (c)
			free(c->name);
		free(c);
		return NULL;
	}
	c->lib = lib;
	*tail = c;
	return c;
}

void sde_cntr_clear(struct sde_cntr *c)
{
	__atomic_store_n(&c->ovf_armed, 0, __ATOMIC_RELAXED);
	/* Readers of these kinds take the lock, which we hold. A recorder's
	 * :CNT, :MIN... counters go with it. */
	if (c->kind == K_REC) {
		struct sde_cntr *p;

		for (p = c->lib->first; p; p = p->next)
			if (p != c && p->rec == c->rec) {
				__atomic_store_n(&p->kind, K_NONE,
						 __ATOMIC_RELEASE);
				p->rec = NULL;
			}
		sde_rec_free(c->rec);
	}
	if (c->kind == K_CSET)
		sde_cset_free(c->cset);
	if (c->grp) {
		free(c->grp->m);
		free(c->grp);
	}
	__atomic_store_n(&c->kind, K_NONE, __ATOMIC_RELEASE);
	c->rec = NULL;
	c->cset = NULL;
	c->grp = NULL;
	c->var = NULL;
	c->cb = NULL;
	c->param = NULL;
}
