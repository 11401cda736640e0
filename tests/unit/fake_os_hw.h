/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_FAKE_OS_HW_H
#define PAPI_TESTS_FAKE_OS_HW_H

/*
 * The fake OS layer's machine-description calls beyond fake_os.c:
 * papi__os_cpu_types (the core types) and papi__os_raw_nsec (the raw
 * clock). Their state is separate from fake_os_reset's.
 */
#include "os/os.h"

/* The raw clock: each read returns the previous value plus step_ns, from
 * start_ns, and then calls hook with it (a test sets counts there, as a
 * CPU would run while time passes); step_ns 0 reads the real clock. */
void fake_os_set_raw_clock(long long start_ns, long long step_ns,
			   void (*hook)(long long now_ns));

/* What papi__os_cpu_types answers: these n types (copied), or neg_errno
 * when it is not 0. n 0 restores the default: one type, the fixed machine
 * of papi__os_hwinfo, CPUs 0-7 on 4 cores, kind "". */
void fake_os_set_cpu_types(const struct papi__os_cpu_type *t, int n,
			   int neg_errno);

#endif
