/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_COMPONENTS_SDE_SDE_CMP_H
#define PAPI_COMPONENTS_SDE_SDE_CMP_H

/* The sde component's own state, shared by sde.c and sde_ovf.c. */
#include <stdint.h>

#include "cmp/cmp.h"
#include "sde/sde_ti.h"

/* At most this many events of all running sets overflow at once. */
#define PAPI__OVF_SDE_MAX 64

struct papi__sde_ent {
	uint32_t id;        /* libsde's counter id = our local code */
	int type, mode, flags; /* as libsde said at the last start */
	long long base;     /* DELTA: the value at start or reset */
	long long stopped;  /* the count at stop */
	long long threshold; /* overflow, 0: none */
};

struct papi__cmp_ctl {
	int n, cap;
	struct papi__sde_ent *e;
	int running;
};

/* libsde's tool interface, found on first use (NULL: no libsde in the
 * process yet). */
const struct papi_sde__ti *papi__sde_ti(void);

/* sde_ovf.c */
int papi__sde_set_overflow(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			   int pos, long long threshold);
int papi__sde_overflow_pos(struct papi__cmp *self,
			   const struct papi__cmp_ctl *ctl, int fd);
/* At start: arm the set's overflowing counters from their values now,
 * for the calling thread; at stop and destroy: disarm. */
int papi__sde_ovf_arm(struct papi__cmp_ctl *ctl);
void papi__sde_ovf_disarm(struct papi__cmp_ctl *ctl);

/* Exported by libpapi (src/papi.map), PAPI 7.0's names: libsde calls the
 * first when a created counter passes its overflow threshold. */
void papi_sde_check_overflow_status(uint32_t cntr_uniq_id, long long latest);
int papi_sde_set_timer_for_overflow(void);

#endif
