/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_STRESS_H
#define PAPI_TESTS_STRESS_H
/*
 * Shared by the stress tests (tests/stress): the API tests' CHECK
 * (tests/api/check.h), CPU burning with a fixed amount of work, the
 * calling thread's CPU time, and a child process run under a watchdog.
 * Every budget here is a count of iterations; the only clock limits are
 * watchdogs that turn a hang into a failure instead of a ctest timeout.
 */
#include <errno.h>
#include <papi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

/* n iterations of work the compiler cannot remove. */
static inline void stress_burn(unsigned long n)
{
	volatile unsigned long x = 0;
	unsigned long i;

	for (i = 0; i < n; i++)
		x += i;
}

static inline void stress_init(void)
{
	int ret = PAPI_library_init(PAPI_VER_CURRENT);

	if (ret != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init: %d\n", ret);
		exit(77);
	}
}

/* A set of the calling thread with these events (NULL-terminated), or
 * PAPI_NULL with a message when one is not there. */
static inline int stress_set(const char *const *names)
{
	int es = PAPI_NULL, ret;

	if (PAPI_create_eventset(&es) != PAPI_OK)
		return PAPI_NULL;
	for (; *names; names++) {
		ret = PAPI_add_named_event(es, *names);
		if (ret != PAPI_OK) {
			fprintf(stderr, "add %s: %s\n", *names,
				PAPI_strerror(ret));
			PAPI_cleanup_eventset(es);
			PAPI_destroy_eventset(&es);
			return PAPI_NULL;
		}
	}
	return es;
}

/* Wait for child pid; 1 when it exited with status 0, else 0 with what
 * happened printed. A child that hangs is killed by its own alarm(),
 * which shows here as SIGALRM. */
static inline int stress_child_ok(pid_t pid, const char *what)
{
	int st = 0;

	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR) {
			fprintf(stderr, "%s: waitpid: %s\n", what,
				strerror(errno));
			return 0;
		}
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 1;
	if (WIFSIGNALED(st))
		fprintf(stderr, "%s: child killed by signal %d%s\n", what,
			WTERMSIG(st),
			WTERMSIG(st) == SIGALRM ? " (watchdog: it hung)" : "");
	else
		fprintf(stderr, "%s: child exit status %d\n", what,
			WEXITSTATUS(st));
	return 0;
}

#endif
