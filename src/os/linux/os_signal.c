// SPDX-License-Identifier: BSD-3-Clause
/*
 * Signals for overflow: the realtime signal each sampling perf_event fd
 * raises in the thread it counts, and the handler for it. Added for
 * overflow and profiling (core/overflow.c handles the signal).
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>

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
