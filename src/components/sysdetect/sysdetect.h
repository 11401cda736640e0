/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_COMPONENTS_SYSDETECT_SYSDETECT_H
#define PAPI_COMPONENTS_SYSDETECT_SYSDETECT_H

/*
 * What the sysdetect component found at init, for the device queries of
 * src/core/devinfo.c: one CPU device per core type.
 */
#include "cmp/cmp.h"
#include "os/os.h"

struct papi__sd_cpu {
	struct papi__os_cpu_type t;
	/* The device's name: the type's model, and on a hybrid machine its
	 * kind, CPUs and clock rate, "... (P-core: CPUs 0-15, 5800 MHz)". */
	char name[PAPI_HUGE_STR_LEN];
};

extern const struct papi__cmp_ops papi__sysdetect_ops;

/* The CPU types of c, an initialized sysdetect component, and their count
 * in *n; NULL when c is another component or found none. */
const struct papi__sd_cpu *papi__sysdetect_cpus(const struct papi__cmp *c,
						int *n);

#endif
