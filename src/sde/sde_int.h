/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_SDE_SDE_INT_H
#define PAPI_SDE_SDE_INT_H

/*
 * libsde's own state. One registry per process: libraries by name, each
 * with its counters; every counter also has a slot in a global table of
 * ids (sde_ti.h). Nothing a reader may hold is freed while libsde is
 * loaded: counter structs, names and library structs stay reachable from
 * the registry for the life of the process (a thread may still increment
 * a counter while the process exits, so no destructor frees them); what
 * unregister and shutdown free is the payload of recorders, counting sets
 * and groups, under the registry lock, which readers of those kinds take
 * too.
 */
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "sde_lib.h"

#define SDE_EXPORT __attribute__((visibility("default")))

enum sde_kind {
	K_NONE = 0, /* placeholder, or unregistered */
	K_VAR,      /* papi_sde_register_counter: a variable of the library */
	K_CB,       /* papi_sde_register_counter_cb */
	K_CREATED,  /* papi_sde_create_counter: the value is ours */
	K_REC,      /* a recorder: its values (a copy per read) */
	K_REC_CNT,  /* ... how many (name:CNT) */
	K_REC_MIN,  /* ... order statistics, with a comparator */
	K_REC_Q1,
	K_REC_MED,
	K_REC_Q3,
	K_REC_MAX,
	K_CSET,     /* a counting set: a list per read */
	K_GROUP,    /* a group of counters, combined by its flags */
};

struct sde_lib;

/* Recorders and counting sets change and are read under the registry
 * lock. */
struct sde_rec {
	size_t tsize;
	int (*cmp)(const void *, const void *);
	unsigned char *data;
	size_t n, cap;
};

struct sde_centry {
	struct sde_centry *next;
	uint32_t count, type_id;
	size_t hsize, esize;
	unsigned char data[];
};

struct sde_cset {
	struct sde_centry **bucket;
	size_t nbucket, n;
};

struct sde_group {
	uint32_t flags;
	int n, cap;
	struct sde_cntr **m;
};

struct sde_cntr {
	/* K_CREATED: the count, first so that papi_sde_inc_counter's
	 * address arithmetic is nil; atomic adds. */
	long long value;
	/* Overflow of a created counter (sde_ti.c): next value to signal at,
	 * its step, armed or not. */
	int ovf_armed;
	long long ovf_next, ovf_step;

	uint32_t id;
	int kind, type, mode;
	struct sde_lib *lib;
	char *name;
	char *descr;
	void *var;
	papi_sde_fptr_t cb;
	void *param;
	struct sde_rec *rec;   /* shared by a recorder's K_REC* counters */
	struct sde_cset *cset;
	struct sde_group *grp;
	struct sde_cntr *next; /* in lib's list */
};

struct sde_lib {
	char *name;
	struct sde_cntr *first;
	struct sde_lib *next;
};

/* The registry lock: registration, unregistration, groups, and reads of
 * recorders and counting sets. Recursive (a callback counter may call
 * back into libsde). */
void sde_lock(void);
void sde_unlock(void);

/* With the lock: library by name (create: make it), counter of lib by
 * name (create: make a placeholder). NULL when absent or out of
 * memory. */
struct sde_lib *sde_lib_get(const char *name, int create);
struct sde_cntr *sde_cntr_get(struct sde_lib *lib, const char *name,
			      int create);
/* The counter of id, or NULL; lock-free. */
struct sde_cntr *sde_slot(uint32_t id);
uint32_t sde_nslots(void);
/* Is lib one of ours (a handle given by papi_sde_init)? With the lock. */
int sde_lib_valid(const struct sde_lib *lib);
/* Drop what c holds (recorder, set, group), leaving a placeholder. With
 * the lock. */
void sde_cntr_clear(struct sde_cntr *c);

/* sde_data.c: payloads. */
struct sde_rec *sde_rec_new(size_t tsize, int (*cmp)(const void *,
						    const void *));
void sde_rec_free(struct sde_rec *r);
/* A copy of the values (NULL when empty), or one order statistic. */
int sde_rec_read(struct sde_rec *r, int kind, long long *v);
struct sde_cset *sde_cset_new(void);
void sde_cset_free(struct sde_cset *s);
/* The list of elements, one block (NULL when empty). */
cset_list_object_t *sde_cset_list(struct sde_cset *s);

/* sde_ti.c: the value of c now (raw bits, sde_ti.h's read). */
int sde_cntr_read(struct sde_cntr *c, long long *v);
/* The overflow slow path of papi_sde_inc_counter. */
void sde_overflow_check(struct sde_cntr *c, long long v);

#endif
