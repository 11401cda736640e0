// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_attach with hardware counters, as PAPI's attach tests drive it: a
 * child stops itself under ptrace before it runs a loop of known length;
 * the parent attaches a set to it (attached before or after the events are
 * added, and with the component assigned first, as ctests/attach2 does),
 * starts it, lets the child run to its end and stops: PAPI_TOT_INS counts
 * at least the child's loop and not the parent's own work.
 */
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include "hw_util.h"

#define LOOP 1000000UL

static pid_t stopped_child(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, 0, 0) != 0)
			_exit(2);
		raise(SIGSTOP);
		hw_loop(LOOP);
		_exit(0);
	}
	return pid;
}

/* order 0: add, then attach; 1: attach, then add; 2: assign the component,
 * attach, add (ctests/attach2). */
static void one(int order)
{
	static const char *const what[] = { "add then attach",
					    "attach then add",
					    "assign, attach, add" };
	pid_t pid = stopped_child();
	int es = PAPI_NULL, status, ret = PAPI_OK;
	long long v = -1;

	if (pid < 0) {
		hw_fail("fork: %s", strerror(errno));
		return;
	}
	/* The child has stopped itself: attach to a process that exists. */
	if (waitpid(pid, &status, WUNTRACED) != pid || !WIFSTOPPED(status)) {
		hw_fail("%s: the child did not stop", what[order]);
		return;
	}
	PAPI_create_eventset(&es);
	if (order == 2 && (ret = PAPI_assign_eventset_component(es, 0)))
		hw_fail("%s: assign: %s", what[order], PAPI_strerror(ret));
	if (order == 0 && (ret = PAPI_add_event(es, PAPI_TOT_INS)))
		hw_fail("%s: add: %s", what[order], PAPI_strerror(ret));
	if ((ret = PAPI_attach(es, (unsigned long)pid)))
		hw_fail("%s: attach: %s", what[order], PAPI_strerror(ret));
	if (order > 0 && (ret = PAPI_add_event(es, PAPI_TOT_INS)))
		hw_fail("%s: add: %s", what[order], PAPI_strerror(ret));
	if (ret == PAPI_OK && (ret = PAPI_start(es)))
		hw_fail("%s: start: %s", what[order], PAPI_strerror(ret));
	ptrace(PTRACE_CONT, pid, 0, 0);
	waitpid(pid, &status, 0);
	if (ret == PAPI_OK && (ret = PAPI_stop(es, &v)))
		hw_fail("%s: stop: %s", what[order], PAPI_strerror(ret));
	if (ret == PAPI_OK) {
		printf("%s: child's PAPI_TOT_INS %lld (loop %lu)\n",
		       what[order], v, HW_LOOP_INS * LOOP);
		/* The loop, and what the child runs to exit (well below
		 * another loop's worth). */
		if (v < (long long)(HW_LOOP_INS * LOOP) ||
		    v > (long long)(HW_LOOP_INS * LOOP) + 500000)
			hw_fail("%s: %lld instructions", what[order], v);
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	hw_init();
	if (PAPI_query_event(PAPI_TOT_INS) != PAPI_OK)
		hw_skip("PAPI_TOT_INS is not available: %s",
			hw_no_pmu_reason());
	for (int order = 0; order < 3; order++)
		one(order);
	return hw_done("test_hw_attach");
}
