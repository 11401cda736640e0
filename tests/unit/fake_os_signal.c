// SPDX-License-Identifier: BSD-3-Clause
/* The fake OS layer's signal functions (os.h, os_signal.c): nothing is
 * installed, every fd "raises" its signal, and there are no interval
 * timers (software overflow answers PAPI_ESYS in the unit tests; the API
 * tests run it for real). */
#include <errno.h>

#include "os/os.h"

int papi__os_rt_signal(int off)
{
	return 34 + off;
}

int papi__os_signal_install(int sig, void (*fn)(int, void *, void *))
{
	(void)sig;
	(void)fn;
	return 0;
}

int papi__os_signal_ignore(int sig)
{
	(void)sig;
	return 0;
}

int papi__os_fd_signal(int fd, int sig, int tid)
{
	(void)fd;
	(void)sig;
	(void)tid;
	return 0;
}

int papi__os_timer_create(int cpu, int sig, int tid, int value, void **timer)
{
	(void)cpu;
	(void)sig;
	(void)tid;
	(void)value;
	(void)timer;
	return -ENOSYS;
}

int papi__os_timer_arm(void *timer, long long ns)
{
	(void)timer;
	(void)ns;
	return -ENOSYS;
}

int papi__os_timer_delete(void *timer)
{
	(void)timer;
	return -ENOSYS;
}
