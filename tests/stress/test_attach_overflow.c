// SPDX-License-Identifier: BSD-3-Clause
/*
 * Overflow and attach do not mix (issue 13, item 1). An overflowing event
 * signals the thread its counters count; attached to another process,
 * that process would get the overflow signal (SIGRTMIN + 2), whose default
 * action kills it. So the combination is refused in both orders with
 * PAPI_EINVAL (PAPI_overflow after PAPI_attach, PAPI_attach after
 * PAPI_overflow), and likewise with PAPI_CPU_ATTACH; the refused call
 * leaves the set as it was, and the child it would have been attached to
 * survives a run of the set. perf::TASK-CLOCK overflows without a PMU.
 */
#include <sys/types.h>

#include "stress.h"

#define THRESHOLD 100000LL /* ns of task clock: 0.1 ms */
#define CHILD_WORK 30000000UL /* iterations: tens of ms of CPU */

static volatile sig_atomic_t handler_calls;

static void handler(int es, void *pc, long long vec, void *ctx)
{
	(void)es;
	(void)pc;
	(void)vec;
	(void)ctx;
	handler_calls++;
}

/* A child that waits for a byte on fd, then burns CHILD_WORK iterations
 * and exits 0; a signal that kills it shows in its status. */
static pid_t child(int *go)
{
	int p[2];
	pid_t pid;
	char c;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		close(p[1]);
		alarm(30);
		if (read(p[0], &c, 1) != 1)
			_exit(3);
		stress_burn(CHILD_WORK);
		_exit(0);
	}
	close(p[0]);
	*go = p[1];
	return pid;
}

static void release(int go)
{
	char c = 'g';

	CHECK(write(go, &c, 1) == 1, "write to child: %s", strerror(errno));
	close(go);
}

static int code_of(const char *name)
{
	int code = 0;

	CHECK(PAPI_event_name_to_code(name, &code) == PAPI_OK, "%s", name);
	return code;
}

/* PAPI_overflow, then PAPI_attach: refused, and the set stays unattached
 * and overflowing. Runs the set (counting us) while the child burns. */
static void overflow_then_attach(void)
{
	const char *ev[] = { "perf::TASK-CLOCK", NULL };
	int es = stress_set(ev), go = -1, state = 0, ret;
	int code = code_of(ev[0]);
	pid_t pid = child(&go);
	long long v = 0;

	CHECK(es != PAPI_NULL && pid > 0, "set %d, child %d", es, (int)pid);
	ret = PAPI_overflow(es, code, THRESHOLD, 0, handler);
	CHECK(ret == PAPI_OK, "overflow: %s", PAPI_strerror(ret));
	ret = PAPI_attach(es, (unsigned long)pid);
	CHECK(ret == PAPI_EINVAL, "attach of an overflowing set: %d", ret);
	PAPI_state(es, &state);
	CHECK(!(state & PAPI_ATTACHED) && (state & PAPI_OVERFLOWING),
	      "state %#x after the refused attach", state);
	ret = PAPI_start(es);
	CHECK(ret == PAPI_OK, "start: %s", PAPI_strerror(ret));
	release(go);
	CHECK(stress_child_ok(pid, "overflow, then attach"),
	      "the child must survive");
	handler_calls = 0;
	stress_burn(CHILD_WORK);
	ret = PAPI_stop(es, &v);
	CHECK(ret == PAPI_OK && v > 0, "stop: %s, %lld ns", PAPI_strerror(ret),
	      v);
	/* The set counts us, so the overflows are ours. */
	CHECK(handler_calls > 0, "no overflow in the thread that armed it");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

/* PAPI_attach, then PAPI_overflow: refused; the attached set counts the
 * child, which survives. */
static void attach_then_overflow(void)
{
	const char *ev[] = { "perf::TASK-CLOCK", NULL };
	int es = stress_set(ev), go = -1, state = 0, ret;
	int code = code_of(ev[0]);
	pid_t pid = child(&go);
	long long v = 0;

	CHECK(es != PAPI_NULL && pid > 0, "set %d, child %d", es, (int)pid);
	ret = PAPI_attach(es, (unsigned long)pid);
	CHECK(ret == PAPI_OK, "attach: %s", PAPI_strerror(ret));
	ret = PAPI_overflow(es, code, THRESHOLD, 0, handler);
	CHECK(ret == PAPI_EINVAL, "overflow of an attached set: %d", ret);
	PAPI_state(es, &state);
	CHECK((state & PAPI_ATTACHED) && !(state & PAPI_OVERFLOWING),
	      "state %#x after the refused overflow", state);
	ret = PAPI_start(es);
	CHECK(ret == PAPI_OK, "start: %s", PAPI_strerror(ret));
	release(go);
	CHECK(stress_child_ok(pid, "attach, then overflow"),
	      "the child must survive");
	ret = PAPI_stop(es, &v);
	CHECK(ret == PAPI_OK && v > 0, "stop: %s, child's task clock %lld",
	      PAPI_strerror(ret), v);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

/* The same two orders with PAPI_CPU_ATTACH: a CPU's counters signal no
 * thread of ours either. */
static void cpu_attach(void)
{
	const char *ev[] = { "perf::TASK-CLOCK", NULL };
	int es = stress_set(ev), code = code_of(ev[0]), ret;
	PAPI_option_t o;

	CHECK(es != PAPI_NULL, "set");
	ret = PAPI_overflow(es, code, THRESHOLD, 0, handler);
	CHECK(ret == PAPI_OK, "overflow: %s", PAPI_strerror(ret));
	memset(&o, 0, sizeof(o));
	o.cpu.eventset = es;
	o.cpu.cpu_num = 0;
	ret = PAPI_set_opt(PAPI_CPU_ATTACH, &o);
	CHECK(ret == PAPI_EINVAL, "CPU attach of an overflowing set: %d", ret);
	ret = PAPI_overflow(es, code, 0, 0, handler);
	CHECK(ret == PAPI_OK, "overflow off: %s", PAPI_strerror(ret));
	ret = PAPI_set_opt(PAPI_CPU_ATTACH, &o);
	if (ret == PAPI_EPERM) {
		printf("CPU attach not permitted here: that order not run\n");
	} else {
		CHECK(ret == PAPI_OK, "CPU attach: %s", PAPI_strerror(ret));
		ret = PAPI_overflow(es, code, THRESHOLD, 0, handler);
		CHECK(ret == PAPI_EINVAL, "overflow of a CPU set: %d", ret);
	}
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	stress_init();
	overflow_then_attach();
	attach_then_overflow();
	cpu_attach();
	PAPI_shutdown();
	return check_exit();
}
