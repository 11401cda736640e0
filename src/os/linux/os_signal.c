// SPDX-License-Identifier: BSD-3-Clause
/*
 * Signals for overflow: the realtime signal each sampling perf_event fd
 * raises in the thread it counts, the per-thread timer that raises it for
 * software overflow, and the handler for it. Added for overflow and
 * profiling (core/overflow.c handles the signal).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <time.h>

#include "os/os.h"

int papi__os_rt_signal(int off)
{
	return SIGRTMIN + off;
}

int papi__os_signal_install(int sig, void (*fn)(int, void *, void *))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	/* siginfo_t and ucontext_t pass through as void *: callers outside
	 * os/ see neither type. */
	sa.sa_sigaction = (void (*)(int, siginfo_t *, void *))(void *)fn;
	sa.sa_flags = SA_SIGINFO | SA_RESTART;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL) ? -errno : 0;
}

int papi__os_signal_ignore(int sig)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_IGN;
	sigemptyset(&sa.sa_mask);
	return sigaction(sig, &sa, NULL) ? -errno : 0;
}

int papi__os_fd_signal(int fd, int sig, int tid)
{
	struct f_owner_ex own = { .type = F_OWNER_TID, .pid = tid };

	if (fcntl(fd, F_SETFL, O_ASYNC | O_NONBLOCK) < 0 ||
	    fcntl(fd, F_SETOWN_EX, &own) < 0 || fcntl(fd, F_SETSIG, sig) < 0 ||
	    fcntl(fd, F_SETFD, FD_CLOEXEC) < 0)
		return -errno;
	return 0;
}

int papi__os_signal_hold(int sig, int hold)
{
	sigset_t set, old;
	int ret;

	sigemptyset(&set);
	sigaddset(&set, sig);
	ret = pthread_sigmask(hold ? SIG_BLOCK : SIG_UNBLOCK, &set, &old);
	if (ret)
		return -ret;
	return sigismember(&old, sig) == 1;
}

/* The thread a SIGEV_THREAD_ID timer signals. glibc 2.36 (Debian 12) names
 * the field only by its internal name; the kernel's own header
 * (asm-generic/siginfo.h) calls it sigev_notify_thread_id, as later glibc
 * does. */
#ifndef sigev_notify_thread_id
#define sigev_notify_thread_id _sigev_un._tid
#endif

int papi__os_timer_create(int cpu, int sig, int tid, int value,
			  void **timer)
{
	struct sigevent ev;
	timer_t t;

	memset(&ev, 0, sizeof(ev));
	ev.sigev_notify = SIGEV_THREAD_ID;
	ev.sigev_signo = sig;
	ev.sigev_value.sival_int = value;
	ev.sigev_notify_thread_id = tid;
	if (timer_create(cpu ? CLOCK_THREAD_CPUTIME_ID : CLOCK_MONOTONIC, &ev,
			 &t))
		return -errno;
	*timer = (void *)t;
	return 0;
}

int papi__os_timer_arm(void *timer, long long ns)
{
	struct itimerspec it;

	if (ns < 0)
		return -EINVAL;
	memset(&it, 0, sizeof(it));
	it.it_value.tv_sec = (time_t)(ns / 1000000000);
	it.it_value.tv_nsec = (long)(ns % 1000000000);
	it.it_interval = it.it_value;
	return timer_settime((timer_t)timer, 0, &it, NULL) ? -errno : 0;
}

int papi__os_timer_delete(void *timer)
{
	return timer_delete((timer_t)timer) ? -errno : 0;
}
