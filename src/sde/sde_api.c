// SPDX-License-Identifier: BSD-3-Clause
/*
 * The calls a library makes (sde_lib.h). All but papi_sde_inc_counter,
 * papi_sde_record and the counting-set calls take the registry lock;
 * papi_sde_inc_counter is the hot one: an atomic add and one test.
 */
#include <stdlib.h>
#include <string.h>

#include "sde_int.h"

SDE_EXPORT int _sde_be_verbose;
SDE_EXPORT int _sde_debug;

__attribute__((constructor)) static void sde_env(void)
{
	_sde_be_verbose = getenv("PAPI_SDE_VERBOSE") != NULL;
	_sde_debug = getenv("PAPI_SDE_DEBUG") != NULL;
}

/* The library of handle, or NULL (with the lock held). */
static struct sde_lib *lib_of(papi_handle_t handle)
{
	struct sde_lib *l = handle;

	return l && sde_lib_valid(l) ? l : NULL;
}

SDE_EXPORT papi_handle_t papi_sde_init(const char *name_of_library)
{
	struct sde_lib *l;

	if (!name_of_library || !*name_of_library) {
		SDE_ERROR("papi_sde_init: no library name");
		return NULL;
	}
	sde_lock();
	l = sde_lib_get(name_of_library, 1);
	sde_unlock();
	return l;
}

SDE_EXPORT int papi_sde_shutdown(papi_handle_t handle)
{
	struct sde_lib *l;
	struct sde_cntr *c;

	sde_lock();
	l = lib_of(handle);
	if (l)
		for (c = l->first; c; c = c->next)
			sde_cntr_clear(c);
	sde_unlock();
	return l ? SDE_OK : SDE_EINVAL;
}

static int valid_mode_type(int mode, int type)
{
	return !(mode & ~(PAPI_SDE_RW | PAPI_SDE_INSTANT)) &&
	       type >= PAPI_SDE_long_long && type <= PAPI_SDE_float;
}

/* c of handle's library under name, ready to become kind: a placeholder
 * or an earlier definition (registering again redefines). */
static struct sde_cntr *prepare(papi_handle_t handle, const char *name)
{
	struct sde_lib *l = lib_of(handle);
	struct sde_cntr *c;

	if (!l || !name || !*name)
		return NULL;
	c = sde_cntr_get(l, name, 1);
	if (c)
		sde_cntr_clear(c);
	return c;
}

static void publish(struct sde_cntr *c, int kind)
{
	__atomic_store_n(&c->kind, kind, __ATOMIC_RELEASE);
}

SDE_EXPORT int papi_sde_register_counter(papi_handle_t handle,
					 const char *event_name, int cntr_mode,
					 int cntr_type, void *counter)
{
	struct sde_cntr *c;

	if (!valid_mode_type(cntr_mode, cntr_type))
		return SDE_EINVAL;
	sde_lock();
	c = prepare(handle, event_name);
	if (c) {
		c->mode = cntr_mode;
		c->type = cntr_type;
		c->var = counter;
		/* NULL: a listing (papi_native_avail -sde), reads 0. */
		publish(c, K_VAR);
	}
	sde_unlock();
	return c ? SDE_OK : SDE_EINVAL;
}

SDE_EXPORT int papi_sde_register_counter_cb(papi_handle_t handle,
					    const char *event_name,
					    int cntr_mode, int cntr_type,
					    papi_sde_fptr_t callback,
					    void *param)
{
	struct sde_cntr *c;

	if (!valid_mode_type(cntr_mode, cntr_type) || !callback)
		return SDE_EINVAL;
	sde_lock();
	c = prepare(handle, event_name);
	if (c) {
		c->mode = cntr_mode;
		c->type = cntr_type;
		c->cb = callback;
		c->param = param;
		publish(c, K_CB);
	}
	sde_unlock();
	return c ? SDE_OK : SDE_EINVAL;
}

SDE_EXPORT int papi_sde_create_counter(papi_handle_t handle,
				       const char *event_name, int cntr_mode,
				       void **cntr_handle)
{
	struct sde_lib *l;
	struct sde_cntr *c = NULL;

	if (!valid_mode_type(cntr_mode, PAPI_SDE_long_long))
		return SDE_EINVAL;
	sde_lock();
	l = lib_of(handle);
	if (l && event_name && *event_name)
		c = sde_cntr_get(l, event_name, 1);
	/* Created twice (a listing hook, then the library's own init): the
	 * same counter, its count kept. */
	if (c && c->kind != K_CREATED) {
		sde_cntr_clear(c);
		c->mode = cntr_mode;
		c->type = PAPI_SDE_long_long;
		__atomic_store_n(&c->value, 0, __ATOMIC_RELAXED);
		publish(c, K_CREATED);
	}
	sde_unlock();
	if (c && cntr_handle)
		*cntr_handle = c;
	return c ? SDE_OK : SDE_EINVAL;
}

/* arm64: the atomic add inline (load/store-exclusive) instead of gcc's
 * out-of-line helper (-moutline-atomics, Debian's default), which makes
 * this a function with a stack frame and a call: 25 instructions beyond
 * an empty call in the PMU machine instead of about 10 (bench/sde_inc.c). */
#if defined(__aarch64__) && defined(__GNUC__) && !defined(__clang__)
#define SDE_INLINE_ATOMICS __attribute__((target("no-outline-atomics")))
#else
#define SDE_INLINE_ATOMICS
#endif

SDE_EXPORT SDE_INLINE_ATOMICS int papi_sde_inc_counter(void *cntr_handle,
							long long int increment)
{
	struct sde_cntr *c = cntr_handle;
	long long v;

	if (__builtin_expect(!c, 0))
		return SDE_EINVAL;
	v = __atomic_add_fetch(&c->value, increment, __ATOMIC_RELAXED);
	if (__builtin_expect(__atomic_load_n(&c->ovf_armed, __ATOMIC_RELAXED),
			     0))
		sde_overflow_check(c, v);
	return SDE_OK;
}

SDE_EXPORT int papi_sde_reset_counter(void *cntr_handle)
{
	struct sde_cntr *c = cntr_handle;

	if (!c)
		return SDE_EINVAL;
	__atomic_store_n(&c->value, 0, __ATOMIC_RELAXED);
	return SDE_OK;
}

SDE_EXPORT void *papi_sde_get_counter_handle(papi_handle_t handle,
					     const char *event_name)
{
	struct sde_lib *l;
	struct sde_cntr *c = NULL;

	sde_lock();
	l = lib_of(handle);
	if (l && event_name)
		c = sde_cntr_get(l, event_name, 0);
	if (c && c->kind != K_CREATED)
		c = NULL;
	sde_unlock();
	return c;
}

SDE_EXPORT int papi_sde_unregister_counter(void *handle, const char *event_name)
{
	struct sde_lib *l;
	struct sde_cntr *c = NULL;

	sde_lock();
	l = lib_of(handle);
	if (l && event_name)
		c = sde_cntr_get(l, event_name, 0);
	if (c && c->kind != K_NONE)
		sde_cntr_clear(c);
	else
		c = NULL;
	sde_unlock();
	return c ? SDE_OK : SDE_EINVAL;
}

SDE_EXPORT int papi_sde_describe_counter(papi_handle_t handle,
					 const char *event_name,
					 const char *event_description)
{
	struct sde_lib *l;
	struct sde_cntr *c = NULL;
	char *d;

	if (!event_description)
		return SDE_EINVAL;
	sde_lock();
	l = lib_of(handle);
	if (l && event_name && *event_name)
		c = sde_cntr_get(l, event_name, 1);
	d = c ? strdup(event_description) : NULL;
	if (d) {
		free(c->descr);
		c->descr = d;
	}
	sde_unlock();
	return !c ? SDE_EINVAL : d ? SDE_OK : SDE_ENOMEM;
}

/* The type a group's value has: its first member's. */
static int add_member(struct sde_group *g, struct sde_cntr *m)
{
	int i;

	for (i = 0; i < g->n; i++)
		if (g->m[i] == m)
			return SDE_OK;
	if (g->n == g->cap) {
		int cap = g->cap ? 2 * g->cap : 4;
		struct sde_cntr **p = realloc(g->m, (size_t)cap * sizeof(*p));

		if (!p)
			return SDE_ENOMEM;
		g->m = p;
		g->cap = cap;
	}
	g->m[g->n++] = m;
	return SDE_OK;
}

SDE_EXPORT int papi_sde_add_counter_to_group(papi_handle_t handle,
					     const char *event_name,
					     const char *group_name,
					     uint32_t group_flags)
{
	struct sde_lib *l;
	struct sde_cntr *m = NULL, *g = NULL;
	int ret = SDE_EINVAL;

	if (group_flags > PAPI_SDE_MIN || !event_name || !group_name ||
	    !*group_name || !strcmp(event_name, group_name))
		return SDE_EINVAL;
	sde_lock();
	l = lib_of(handle);
	if (l) {
		m = sde_cntr_get(l, event_name, 0);
		g = sde_cntr_get(l, group_name, 1);
	}
	/* Members are registered counters (or groups) of this library;
	 * a group keeps one way of combining them. */
	if (m && g && m->kind != K_NONE && m->kind != K_REC &&
	    m->kind != K_CSET &&
	    (g->kind == K_NONE ||
	     (g->kind == K_GROUP && g->grp->flags == group_flags &&
	      g->type == m->type))) {
		if (g->kind == K_NONE) {
			g->grp = calloc(1, sizeof(*g->grp));
			if (g->grp) {
				g->grp->flags = group_flags;
				g->type = m->type;
				g->mode = PAPI_SDE_DELTA;
			}
		}
		ret = g->grp ? add_member(g->grp, m) : SDE_ENOMEM;
		if (ret == SDE_OK)
			publish(g, K_GROUP);
	}
	sde_unlock();
	return ret;
}

SDE_EXPORT int papi_sde_create_recorder(papi_handle_t handle,
					const char *event_name, size_t typesize,
					int (*cmpr_func_ptr)(const void *p1,
							     const void *p2),
					void **record_handle)
{
	static const struct {
		const char *suffix;
		int kind;
	} parts[] = {
		{ ":CNT", K_REC_CNT }, { ":MIN", K_REC_MIN },
		{ ":Q1", K_REC_Q1 },   { ":MED", K_REC_MED },
		{ ":Q3", K_REC_Q3 },   { ":MAX", K_REC_MAX },
	};
	struct sde_lib *l;
	struct sde_cntr *c = NULL, *p;
	struct sde_rec *r = NULL;
	char sub[512];
	size_t i, nparts;

	if (!typesize || typesize > 4096 || !event_name || !*event_name ||
	    strlen(event_name) + 5 > sizeof(sub))
		return SDE_EINVAL;
	sde_lock();
	l = lib_of(handle);
	if (l)
		c = sde_cntr_get(l, event_name, 1);
	if (c && c->kind == K_REC) {
		r = c->rec; /* created again: the same recorder */
	} else if (c) {
		sde_cntr_clear(c);
		r = sde_rec_new(typesize, cmpr_func_ptr);
		nparts = cmpr_func_ptr ? sizeof(parts) / sizeof(parts[0]) : 1;
		for (i = 0; r && i < nparts; i++) {
			strcpy(sub, event_name);
			strcat(sub, parts[i].suffix);
			p = sde_cntr_get(l, sub, 1);
			if (!p)
				continue; /* out of memory: that part only */
			sde_cntr_clear(p);
			p->rec = r;
			p->type = PAPI_SDE_long_long;
			p->mode = PAPI_SDE_INSTANT;
			publish(p, parts[i].kind);
		}
		if (r) {
			c->rec = r;
			c->type = PAPI_SDE_long_long;
			c->mode = PAPI_SDE_INSTANT;
			publish(c, K_REC);
		}
	}
	sde_unlock();
	if (r && record_handle)
		*record_handle = c;
	return r ? SDE_OK : c ? SDE_ENOMEM : SDE_EINVAL;
}

SDE_EXPORT int papi_sde_create_counting_set(papi_handle_t handle,
					    const char *cset_name,
					    void **cset_handle)
{
	struct sde_lib *l;
	struct sde_cntr *c = NULL;

	sde_lock();
	l = lib_of(handle);
	if (l && cset_name && *cset_name)
		c = sde_cntr_get(l, cset_name, 1);
	if (c && c->kind != K_CSET) {
		sde_cntr_clear(c);
		c->cset = sde_cset_new();
		c->type = PAPI_SDE_long_long;
		c->mode = PAPI_SDE_INSTANT;
		if (c->cset)
			publish(c, K_CSET);
	}
	sde_unlock();
	if (c && c->cset && cset_handle)
		*cset_handle = c;
	return !c ? SDE_EINVAL : c->cset ? SDE_OK : SDE_ENOMEM;
}
