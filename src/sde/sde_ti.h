/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_SDE_SDE_TI_H
#define PAPI_SDE_SDE_TI_H

/*
 * What libsde.so.1 offers the sde component of libpapi (its "tool
 * interface"): one table, reached through one exported symbol, so that
 * neither library needs the other at link time. The component finds it
 * at run time (dlsym, or dlopen with RTLD_NOLOAD for a libsde that a
 * dlopen'ed library brought in privately); libsde reaches back into
 * libpapi only for overflow, through the function attach gives it (or,
 * before that, through a weak reference to papi_sde_check_overflow_status).
 *
 * Counters are named by ids, small integers that stay valid as long as
 * libsde is loaded: an unregistered counter keeps its id and reads as 0,
 * and registering the same library and name again gives it back. Looking
 * a name up may create a placeholder (an id with nothing behind it yet),
 * so that a program may add an event before the library registers it.
 */
#include <stdint.h>

#define PAPI_SDE__TI_SYMBOL "papi_sde__ti_v1"

/* What a counter is, for the component. */
enum {
	PAPI_SDE__LISTED = 1,  /* registered (not a placeholder): enumerated */
	PAPI_SDE__POINTER = 2, /* reads as a new block the reader frees */
	PAPI_SDE__CREATED = 4, /* papi_sde_create_counter's: may overflow */
};

#define PAPI_SDE__NAME_LEN 512
#define PAPI_SDE__DESCR_LEN 1024

struct papi_sde__info {
	char lib[PAPI_SDE__NAME_LEN];  /* the library's name */
	char name[PAPI_SDE__NAME_LEN]; /* the counter's, with :CNT etc. */
	char descr[PAPI_SDE__DESCR_LEN];
	int type;  /* PAPI_SDE_long_long ... PAPI_SDE_float */
	int mode;  /* PAPI_SDE_DELTA or PAPI_SDE_INSTANT, RO or RW */
	int flags; /* PAPI_SDE__* */
};

struct papi_sde__ti {
	int version; /* 1 */
	/* Overflow's way back into libpapi (NULL: none). */
	void (*attach)(void (*overflow)(uint32_t id, long long latest));
	/* Ids are below this; an id that was never given reads as absent. */
	uint32_t (*count)(void);
	/* The id of library lib's counter name (create: a placeholder when
	 * there is none). 0 or SDE_ENOEVNT / SDE_ENOMEM / SDE_EINVAL. */
	int (*find)(const char *lib, const char *name, int create,
		    uint32_t *id);
	int (*info)(uint32_t id, struct papi_sde__info *out);
	/* The value now: integers as long long, a double's or float's bits
	 * (a float's in the low 32 bits); POINTER kinds allocate. A
	 * placeholder or unregistered counter reads 0. */
	int (*read)(uint32_t id, long long *value);
	/* Created counters: call overflow(id, value) each time the value
	 * reaches from + k * threshold, k = 1, 2...; threshold 0 disarms. */
	int (*arm)(uint32_t id, long long threshold, long long from);
};

#endif
