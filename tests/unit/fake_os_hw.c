// SPDX-License-Identifier: BSD-3-Clause
/*
 * The fake OS layer's core types and raw clock (fake_os_hw.h). Linked into
 * every unit test with the rest of the fake; a test that compiles the real
 * src/os/linux/hwinfo_*.c files gets them from here too.
 */
#include "fake_os_hw.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static long long raw_now, raw_step;
static void (*raw_hook)(long long);
static struct papi__os_cpu_type types[PAPI__OS_MAX_CPU_TYPES];
static int ntypes, types_err;

void fake_os_set_raw_clock(long long start_ns, long long step_ns,
			   void (*hook)(long long now_ns))
{
	pthread_mutex_lock(&mu);
	raw_now = start_ns;
	raw_step = step_ns;
	raw_hook = hook;
	pthread_mutex_unlock(&mu);
}

long long papi__os_raw_nsec(void)
{
	void (*hook)(long long);
	struct timespec ts;
	long long now;

	pthread_mutex_lock(&mu);
	if (raw_step <= 0) {
		pthread_mutex_unlock(&mu);
		clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
		return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
	}
	now = raw_now += raw_step;
	hook = raw_hook;
	pthread_mutex_unlock(&mu);
	/* Outside the lock: the hook calls back into the fake. */
	if (hook)
		hook(now);
	return now;
}

void fake_os_set_cpu_types(const struct papi__os_cpu_type *t, int n,
			   int neg_errno)
{
	pthread_mutex_lock(&mu);
	if (n > PAPI__OS_MAX_CPU_TYPES)
		n = PAPI__OS_MAX_CPU_TYPES;
	ntypes = t && n > 0 ? n : 0;
	if (ntypes)
		memcpy(types, t, (size_t)ntypes * sizeof(*t));
	types_err = neg_errno;
	pthread_mutex_unlock(&mu);
}

int papi__os_cpu_types(struct papi__os_cpu_type *t, int max)
{
	int n, err;

	if (!t || max < 1)
		return -EINVAL;
	pthread_mutex_lock(&mu);
	err = types_err;
	n = ntypes < max ? ntypes : max;
	if (!err && n)
		memcpy(t, types, (size_t)n * sizeof(*t));
	pthread_mutex_unlock(&mu);
	if (err)
		return err;
	if (n)
		return n;
	memset(t, 0, sizeof(*t));
	papi__os_hwinfo(&t->hw);
	snprintf(t->cpus, sizeof(t->cpus), "0-7");
	t->ncpus = 8;
	t->ncores = 4;
	snprintf(t->mhz_source, sizeof(t->mhz_source), "fake");
	return 1;
}
