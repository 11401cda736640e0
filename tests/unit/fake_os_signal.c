// SPDX-License-Identifier: BSD-3-Clause
/* The fake OS layer's signal functions (os.h, os_signal.c). Overflow
 * signals are modelled within the calling thread: the handler installed
 * for a signal, the signal each fd raises, the signals a thread holds,
 * and the raised ones waiting for a release (fake_os_raise). There are no
 * interval timers (software overflow answers PAPI_ESYS in the unit tests;
 * the API tests run it for real). */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <ucontext.h>

#include "fake_os.h"
#include "os/os.h"

#define NSIG_FAKE 65
#define MAX_FDS 256
#define MAX_WAITING 32

static void (*handlers[NSIG_FAKE])(int, void *, void *);
static int fd_sig[MAX_FDS]; /* index: fd - 100; 0: raises nothing */
static _Thread_local unsigned long long held; /* bit sig - 1 */
static _Thread_local struct { int sig, fd, code; } waiting[MAX_WAITING];
static _Thread_local int nwaiting;

static void deliver(int sig, int fd, int code)
{
	siginfo_t si;
	ucontext_t uc;

	if (sig <= 0 || sig >= NSIG_FAKE || !handlers[sig])
		return;
	memset(&si, 0, sizeof(si));
	memset(&uc, 0, sizeof(uc));
	si.si_signo = sig;
	si.si_code = code;
	si.si_fd = fd;
	handlers[sig](sig, &si, &uc);
}

void fake_os_raise(int fd, int code)
{
	int sig = fd >= 100 && fd < 100 + MAX_FDS ? fd_sig[fd - 100] : 0;

	if (sig <= 0 || sig >= NSIG_FAKE)
		return;
	if (held & (1ull << (sig - 1))) {
		if (nwaiting < MAX_WAITING) {
			waiting[nwaiting].sig = sig;
			waiting[nwaiting].fd = fd;
			waiting[nwaiting].code = code;
			nwaiting++;
		}
		return;
	}
	deliver(sig, fd, code);
}

int fake_os_signals_waiting(void)
{
	return nwaiting;
}

int papi__os_signal_hold(int sig, int hold)
{
	unsigned long long bit;
	int was, i, j, s, f, c;

	if (sig <= 0 || sig >= NSIG_FAKE)
		return -EINVAL;
	bit = 1ull << (sig - 1);
	was = (held & bit) != 0;
	if (hold) {
		held |= bit;
		return was;
	}
	held &= ~bit;
	/* Released: what waited for it is delivered, in order. */
	for (i = 0; i < nwaiting;) {
		if (waiting[i].sig != sig) {
			i++;
			continue;
		}
		s = waiting[i].sig;
		f = waiting[i].fd;
		c = waiting[i].code;
		for (j = i + 1; j < nwaiting; j++)
			waiting[j - 1] = waiting[j];
		nwaiting--;
		deliver(s, f, c);
	}
	return was;
}

int papi__os_rt_signal(int off)
{
	return 34 + off;
}

int papi__os_signal_install(int sig, void (*fn)(int, void *, void *))
{
	if (sig > 0 && sig < NSIG_FAKE)
		handlers[sig] = fn;
	return 0;
}

int papi__os_signal_ignore(int sig)
{
	if (sig > 0 && sig < NSIG_FAKE)
		handlers[sig] = NULL;
	return 0;
}

int papi__os_fd_signal(int fd, int sig, int tid)
{
	(void)tid;
	if (fd >= 100 && fd < 100 + MAX_FDS)
		fd_sig[fd - 100] = sig;
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
