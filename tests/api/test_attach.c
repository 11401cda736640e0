// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_attach and PAPI_CPU_ATTACH with software events (no PMU needed):
 *   - two sets attached to two busy child processes run at once from one
 *     thread (PAPI's multiattach tests), beside a set of the thread's own;
 *     a third set on a target that is already counted: PAPI_EISRUN;
 *   - each counts its child's CPU time (the 40 ms each burns once
 *     counted, between the child's CPU and wall clocks), not ours (we
 *     wait meanwhile);
 *   - PAPI_get_opt(PAPI_ATTACH) names the target, PAPI_detach ends it;
 *   - a set bound to CPU 0 (perf::CPU-CLOCK, every task there) counts
 *     about the wall time that passed; state PAPI_CPU_ATTACHED, and
 *     PAPI_get_opt(PAPI_CPU_ATTACH) names the CPU; a CPU that does not
 *     exist is PAPI_EINVAL.
 */
#include <errno.h>
#include <papi.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "check.h"
#include "task_clock.h"

/* A child that waits for a byte on go, burns about 40 ms of CPU, sends
 * the CPU and wall clocks read around the burn back on res, then waits to
 * be killed: enough to count, little enough not to starve the tests that
 * run beside this one (ctest -j), some of which compare CPU time with wall
 * time. Burning only once counted, and reporting its clocks, lets the
 * count be checked with tc_fits (task_clock.h) instead of against a fixed
 * 40 ms: the task clock may run ahead of the CPU clock on a busy host. */
struct child {
	pid_t pid;
	int go, res; /* our ends */
	struct tc_stamp a, b;
};

static void busy_child(struct child *c)
{
	int go[2], res[2];

	c->pid = -1;
	if (pipe(go) || pipe(res))
		return;
	c->pid = fork();
	if (c->pid == 0) {
		volatile unsigned long x = 0;
		struct tc_stamp ab[2];
		char byte;

		alarm(20); /* never outlive the test */
		close(go[1]);
		close(res[0]);
		if (read(go[0], &byte, 1) != 1)
			_exit(1);
		ab[0] = tc_now();
		do {
			for (int i = 0; i < 100000; i++)
				x++;
			ab[1] = tc_now();
		} while (ab[1].cpu - ab[0].cpu < 40000000);
		if (write(res[1], ab, sizeof(ab)) != (ssize_t)sizeof(ab))
			_exit(1);
		for (;;)
			pause();
	}
	close(go[0]);
	close(res[1]);
	c->go = go[1];
	c->res = res[0];
}

static int child_go(struct child *c)
{
	return write(c->go, "g", 1) == 1;
}

/* 1 once the child reported its clocks. */
static int child_done(struct child *c)
{
	struct tc_stamp ab[2];

	if (read(c->res, ab, sizeof(ab)) != (ssize_t)sizeof(ab))
		return 0;
	c->a = ab[0];
	c->b = ab[1];
	return 1;
}

static void child_end(struct child *c)
{
	kill(c->pid, SIGKILL);
	waitpid(c->pid, NULL, 0);
	close(c->go);
	close(c->res);
}

static int attached_set(const char *event, pid_t pid)
{
	int es = PAPI_NULL, ret;

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	ret = PAPI_add_named_event(es, event);
	CHECK(ret == PAPI_OK, "add %s: %s", event, PAPI_strerror(ret));
	if (pid > 0) {
		ret = PAPI_attach(es, (unsigned long)pid);
		CHECK(ret == PAPI_OK, "attach %d: %s", (int)pid,
		      PAPI_strerror(ret));
	}
	return es;
}

static void threads(void)
{
	struct child k1, k2;
	pid_t c1, c2;
	int es1, es2, es3, own, state, ret;
	long long v1 = 0, v2 = 0, v3 = 0, mine = 0, t0, wall;
	PAPI_option_t o;

	busy_child(&k1);
	busy_child(&k2);
	c1 = k1.pid;
	c2 = k2.pid;
	CHECK(c1 > 0 && c2 > 0, "fork: %s", strerror(errno));
	es1 = attached_set("perf::TASK-CLOCK", c1);
	es2 = attached_set("perf::TASK-CLOCK", c2);
	es3 = attached_set("perf::TASK-CLOCK", c1);
	own = attached_set("perf::TASK-CLOCK", 0);

	memset(&o, 0, sizeof(o));
	o.attach.eventset = es1;
	CHECK(PAPI_get_opt(PAPI_ATTACH, &o) == 1 &&
		      o.attach.tid == (unsigned long)c1,
	      "PAPI_ATTACH names %lu, want %d", o.attach.tid, (int)c1);
	CHECK(PAPI_state(es1, &state) == PAPI_OK &&
		      (state & PAPI_ATTACHED) && !(state & PAPI_CPU_ATTACHED),
	      "state %#x", state);

	t0 = tc_ns(CLOCK_MONOTONIC);
	CHECK((ret = PAPI_start(es1)) == PAPI_OK, "start 1: %s",
	      PAPI_strerror(ret));
	CHECK((ret = PAPI_start(es2)) == PAPI_OK,
	      "start 2 beside 1: %s", PAPI_strerror(ret));
	CHECK((ret = PAPI_start(es3)) == PAPI_EISRUN,
	      "a second set on child 1: %s", PAPI_strerror(ret));
	CHECK((ret = PAPI_start(own)) == PAPI_OK,
	      "the thread's own set beside them: %s", PAPI_strerror(ret));
	/* The children burn while counted; we wait for them in read(). */
	CHECK(child_go(&k1) && child_go(&k2) && child_done(&k1) &&
		      child_done(&k2),
	      "children's clocks: %s", strerror(errno));
	CHECK(PAPI_read(es1, &v1) == PAPI_OK, "read 1");
	CHECK(PAPI_stop(es2, &v2) == PAPI_OK, "stop 2");
	CHECK(PAPI_stop(es1, &v1) == PAPI_OK, "stop 1");
	CHECK(PAPI_stop(own, &mine) == PAPI_OK, "stop own");
	wall = tc_ns(CLOCK_MONOTONIC) - t0;
	/* Now child 1 is free: the third set may count it. */
	CHECK((ret = PAPI_start(es3)) == PAPI_OK, "start 3 after 1: %s",
	      PAPI_strerror(ret));
	CHECK(PAPI_stop(es3, &v3) == PAPI_OK, "stop 3");
	printf("wall %lld ns: child 1 %lld ns, child 2 %lld ns, us %lld ns\n",
	       wall, v1, v2, mine);
	printf("child 1 burnt %lld ns CPU in %lld ns, child 2 %lld in %lld\n",
	       k1.b.cpu - k1.a.cpu, k1.b.wall - k1.a.wall,
	       k2.b.cpu - k2.a.cpu, k2.b.wall - k2.a.wall);
	/* Each set counts its own child's burn (slack: its wake-up and
	 * report around the burn), not the other's, not ours: we slept. */
	CHECK(tc_fits(v1, k1.a, k1.b, 0.1, 3e6), "child 1 %lld", v1);
	CHECK(tc_fits(v2, k2.a, k2.b, 0.1, 3e6), "child 2 %lld", v2);
	CHECK(mine >= 0 && mine < v1 && mine < v2,
	      "the thread's own set %lld counted the children", mine);

	CHECK(PAPI_detach(es1) == PAPI_OK, "detach");
	CHECK(PAPI_detach(es1) == PAPI_EINVAL, "detach twice");
	CHECK(PAPI_state(es1, &state) == PAPI_OK && !(state & PAPI_ATTACHED),
	      "state after detach %#x", state);
	CHECK(PAPI_get_opt(PAPI_ATTACH, &o) == 0, "PAPI_ATTACH after detach");
	child_end(&k1);
	child_end(&k2);
	PAPI_cleanup_eventset(es1);
	PAPI_cleanup_eventset(es2);
	PAPI_cleanup_eventset(es3);
	PAPI_cleanup_eventset(own);
	PAPI_destroy_eventset(&es1);
	PAPI_destroy_eventset(&es2);
	PAPI_destroy_eventset(&es3);
	PAPI_destroy_eventset(&own);
}

static void cpu(void)
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();
	int es = attached_set("perf::CPU-CLOCK", 0), state, ret;
	long long v = 0, t0, wall;
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.cpu.eventset = es;
	o.cpu.cpu_num = (unsigned)hw->totalcpus;
	CHECK(PAPI_set_opt(PAPI_CPU_ATTACH, &o) == PAPI_EINVAL,
	      "CPU %u does not exist", o.cpu.cpu_num);
	o.cpu.cpu_num = 0;
	ret = PAPI_set_opt(PAPI_CPU_ATTACH, &o);
	if (ret == PAPI_EPERM) {
		printf("CPU attach: %s (needs root or perf_event_paranoid "
		       "<= 0): not tested\n",
		       PAPI_strerror(ret));
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
		return;
	}
	CHECK(ret == PAPI_OK, "PAPI_CPU_ATTACH: %s", PAPI_strerror(ret));
	CHECK(PAPI_state(es, &state) == PAPI_OK &&
		      (state & PAPI_CPU_ATTACHED) && !(state & PAPI_ATTACHED),
	      "state %#x", state);
	memset(&o, 0, sizeof(o));
	o.cpu.eventset = es;
	o.cpu.cpu_num = 99;
	CHECK(PAPI_get_opt(PAPI_CPU_ATTACH, &o) == 1 && o.cpu.cpu_num == 0,
	      "PAPI_CPU_ATTACH names %u", o.cpu.cpu_num);
	t0 = tc_ns(CLOCK_MONOTONIC);
	CHECK((ret = PAPI_start(es)) == PAPI_OK, "start: %s",
	      PAPI_strerror(ret));
	usleep(100000);
	CHECK(PAPI_stop(es, &v) == PAPI_OK, "stop");
	wall = tc_ns(CLOCK_MONOTONIC) - t0;
	printf("CPU 0: cpu-clock %lld ns in %lld ns of wall time\n", v, wall);
	/* A CPU's clock runs whoever is on it, idle included. */
	CHECK(v > wall / 2 && v <= wall + wall / 10, "cpu-clock %lld", v);
	/* PAPI 7.0: PAPI_detach does not undo PAPI_CPU_ATTACH (issue 22). */
	CHECK(PAPI_detach(es) == PAPI_ECMP, "detach from the CPU");
	CHECK(PAPI_get_opt(PAPI_CPU_ATTACH, &o) == 1, "no longer on the CPU");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		SKIP("PAPI_library_init failed");
	if (PAPI_query_named_event("perf::TASK-CLOCK") != PAPI_OK)
		SKIP("no perf::TASK-CLOCK here");
	threads();
	cpu();
	PAPI_shutdown();
	return check_exit();
}
