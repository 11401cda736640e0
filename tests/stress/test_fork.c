// SPDX-License-Identifier: BSD-3-Clause
/*
 * fork() in every state of the library (issue 13, item 5). The parent
 * counts its own perf::TASK-CLOCK in set P across each fork, and beside
 * it has a second set X in one of several states: none, created, with an
 * event, running, stopped, running with software overflow, an appio set
 * running. The child then stops and cleans up what it inherited, or
 * shuts the library down, or shuts it down and initializes it again and
 * counts for itself. The inherited sets are not the child's: stopping
 * them fails (they answer PAPI_ENOEVST), and nothing the child does
 * reaches the parent's counters, whose P still counts the parent's whole
 * CPU time afterwards (at least 0.6 times its CLOCK_THREAD_CPUTIME_ID and
 * at most 1.4 times the wall time: the parent burns most of that time
 * after the child is gone, and its task clock keeps interrupt and steal
 * time the thread CPU clock leaves out). An appio set of the child counts
 * the child's own I/O from zero.
 *
 * Last, forks while another thread keeps taking the library lock: each
 * child must be able to use the library (a child that inherited the lock
 * held would hang; its alarm turns that into a failure).
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>

#include "stress.h"
#include "task_clock.h"

#define PARENT_WORK 20000000UL /* iterations after each child: ~20-60 ms */
#define CHILD_WORK 2000000UL
#define LOCK_FORKS 40

enum x_state {
	X_NONE,
	X_CREATED,
	X_ADDED,
	X_RUNNING,
	X_STOPPED,
	X_OVERFLOW_SW,
	X_APPIO,
	X_STATES
};
static const char *const x_names[] = { "none",	  "created",
				       "added",	  "running",
				       "stopped", "overflow (software)",
				       "appio" };

enum c_action {
	C_STOP,
	C_SHUTDOWN,
	C_REINIT,
	C_ACTIONS
};
static const char *const c_names[] = { "stop+cleanup", "shutdown",
				       "shutdown+init" };

static const char *const tc[] = { "perf::TASK-CLOCK", NULL };
static const char *const io[] = { "appio:::WRITE_BYTES", NULL };

static void ovf_handler(int es, void *pc, long long vec, void *ctx)
{
	(void)es;
	(void)pc;
	(void)vec;
	(void)ctx;
}

static int make_x(enum x_state s)
{
	int x = PAPI_NULL, code = 0;

	switch (s) {
	case X_NONE:
		return PAPI_NULL;
	case X_CREATED:
		CHECK(PAPI_create_eventset(&x) == PAPI_OK, "create X");
		return x;
	case X_APPIO:
		x = stress_set(io);
		CHECK(x != PAPI_NULL && PAPI_start(x) == PAPI_OK, "appio X");
		return x;
	default:
		break;
	}
	/* The others count perf::CPU-CLOCK. A thread runs one perf_event
	 * set at a time and P is this thread's, so where X must run it runs
	 * in a thread of its own (x_runner). */
	x = stress_set((const char *const[]){ "perf::CPU-CLOCK", NULL });
	CHECK(x != PAPI_NULL, "X");
	if (s == X_OVERFLOW_SW) {
		PAPI_event_name_to_code("perf::CPU-CLOCK", &code);
		CHECK(PAPI_overflow(x, code, 1000000, PAPI_OVERFLOW_FORCE_SW,
				    ovf_handler) == PAPI_OK,
		      "software overflow on X");
	}
	return x;
}

/* The child's part; its exit status says whether it went right. */
static int child(int p, int x, enum x_state s, enum c_action a)
{
	long long v[2] = { -1, -1 };
	int ret, fails = 0, n = 0, es;
	long long t0;
	char buf[1000];

	if (s == X_APPIO) {
		/* The parent's baseline is not the child's: an inherited
		 * appio count must not go negative (it should not answer
		 * at all). */
		ret = PAPI_read(x, v);
		if (ret == PAPI_OK && v[0] < 0) {
			fprintf(stderr, "child: appio count %lld\n", v[0]);
			fails++;
		}
	}
	/* The parent's threads are not the child's: only itself, once it
	 * registers. */
	if (PAPI_register_thread() != PAPI_OK ||
	    PAPI_list_threads(NULL, &n) != PAPI_OK || n != 1) {
		fprintf(stderr, "child: %d threads listed, not 1\n", n);
		fails++;
	}
	switch (a) {
	case C_STOP:
		ret = PAPI_stop(p, v);
		if (ret == PAPI_OK) {
			fprintf(stderr, "child: stopped the parent's set\n");
			fails++;
		}
		if (x != PAPI_NULL)
			PAPI_stop(x, v);
		PAPI_cleanup_eventset(p);
		PAPI_destroy_eventset(&p);
		if (x != PAPI_NULL) {
			PAPI_cleanup_eventset(x);
			PAPI_destroy_eventset(&x);
		}
		break;
	case C_SHUTDOWN:
		PAPI_shutdown();
		break;
	case C_REINIT:
		PAPI_shutdown();
		if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
			return 2;
		es = stress_set(tc);
		t0 = tc_ns(CLOCK_THREAD_CPUTIME_ID);
		if (es == PAPI_NULL || PAPI_start(es) != PAPI_OK)
			return 3;
		stress_burn(CHILD_WORK);
		if (PAPI_stop(es, v) != PAPI_OK || v[0] <= 0 ||
		    v[0] > 2 * (tc_ns(CLOCK_THREAD_CPUTIME_ID) - t0) + 2000000) {
			fprintf(stderr, "child: own task clock %lld\n", v[0]);
			fails++;
		}
		es = stress_set(io);
		if (es != PAPI_NULL && PAPI_start(es) == PAPI_OK) {
			int fd = open("/dev/null", O_WRONLY);

			memset(buf, 'x', sizeof(buf));
			if (fd < 0 || write(fd, buf, sizeof(buf)) != 1000)
				fails++;
			close(fd);
			if (PAPI_stop(es, v) != PAPI_OK || v[0] != 1000) {
				fprintf(stderr,
					"child: appio wrote %lld, "
					"not 1000\n",
					v[0]);
				fails++;
			}
		}
		PAPI_shutdown();
		break;
	default:
		break;
	}
	return fails ? 1 : 0;
}

/* X runs in a thread of its own (one running perf_event set per thread:
 * P is this thread's), started before the fork and left running. */
struct xthread {
	pthread_t th;
	int x;
	atomic_int state; /* 1 started, 2 told to stop, 3 stopped */
};

static void *x_runner(void *arg)
{
	struct xthread *xt = arg;
	long long v[2];

	CHECK(PAPI_start(xt->x) == PAPI_OK, "start X");
	atomic_store(&xt->state, 1);
	while (atomic_load(&xt->state) != 2)
		stress_burn(10000);
	PAPI_stop(xt->x, v);
	atomic_store(&xt->state, 3);
	return NULL;
}

static void one_fork(enum x_state s, enum c_action a)
{
	struct xthread xt;
	int p = stress_set(tc), x, ret, threaded = 0;
	long long v = 0;
	struct tc_stamp t0, t1;
	pid_t pid;

	memset(&xt, 0, sizeof(xt));
	x = make_x(s);
	if (s == X_RUNNING || s == X_STOPPED || s == X_OVERFLOW_SW) {
		xt.x = x;
		pthread_create(&xt.th, NULL, x_runner, &xt);
		while (!atomic_load(&xt.state))
			sched_yield();
		threaded = 1;
		if (s == X_STOPPED) {
			/* Stopped, and its thread gone (joined: a thread left
			 * over is not the state under test). */
			atomic_store(&xt.state, 2);
			pthread_join(xt.th, NULL);
			threaded = 0;
		}
	}
	t0 = tc_now();
	CHECK(p != PAPI_NULL && PAPI_start(p) == PAPI_OK, "start P");
	stress_burn(PARENT_WORK / 20);
	pid = fork();
	if (pid == 0) {
		alarm(30);
		_exit(child(p, x, s, a));
	}
	CHECK(pid > 0, "fork: %s", strerror(errno));
	CHECK(stress_child_ok(pid, "child"), "X %s, child %s: child failed",
	      x_names[s], c_names[a]);
	stress_burn(PARENT_WORK);
	ret = PAPI_stop(p, &v);
	t1 = tc_now();
	CHECK(ret == PAPI_OK, "stop P: %s", PAPI_strerror(ret));
	CHECK(tc_fits(v, t0, t1, 0.4, 1e6),
	      "X %s, child %s: the parent's task clock %lld ns for %lld ns "
	      "of its CPU time, %lld ns of wall time",
	      x_names[s], c_names[a], v, t1.cpu - t0.cpu, t1.wall - t0.wall);
	if (threaded) {
		if (atomic_load(&xt.state) == 1)
			atomic_store(&xt.state, 2);
		pthread_join(xt.th, NULL);
	}
	if (s == X_APPIO)
		PAPI_stop(x, &v);
	if (x != PAPI_NULL) {
		PAPI_cleanup_eventset(x);
		PAPI_destroy_eventset(&x);
	}
	PAPI_cleanup_eventset(p);
	PAPI_destroy_eventset(&p);
}

static atomic_int hammer_stop;

static void *hammer(void *arg)
{
	int es = *(int *)arg, n;

	while (!atomic_load(&hammer_stop)) {
		PAPI_num_events(es);
		n = 0;
		PAPI_list_threads(NULL, &n);
	}
	return NULL;
}

/* Forks while another thread keeps taking the library lock. */
static void forks_beside_a_thread(void)
{
	pthread_t th;
	int es = stress_set(tc), i, n;
	pid_t pid;

	CHECK(es != PAPI_NULL, "set");
	pthread_create(&th, NULL, hammer, &es);
	for (i = 0; i < LOCK_FORKS; i++) {
		pid = fork();
		if (pid == 0) {
			int mine;

			alarm(5);
			n = 0;
			if (PAPI_num_events(es) != PAPI_ENOEVST)
				_exit(4);
			if (PAPI_register_thread() != PAPI_OK ||
			    PAPI_list_threads(NULL, &n) != PAPI_OK || n != 1)
				_exit(5);
			mine = stress_set(tc);
			if (mine == PAPI_NULL || PAPI_start(mine) != PAPI_OK ||
			    PAPI_stop(mine, NULL) != PAPI_OK)
				_exit(6);
			_exit(0);
		}
		if (pid <= 0 || !stress_child_ok(pid, "fork beside a thread")) {
			CHECK(0, "fork %d beside a thread", i);
			break; /* one is enough: each costs a watchdog */
		}
	}
	atomic_store(&hammer_stop, 1);
	pthread_join(th, NULL);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	int s, a;

	stress_init();
	for (s = 0; s < X_STATES; s++)
		for (a = 0; a < C_ACTIONS; a++)
			one_fork((enum x_state)s, (enum c_action)a);
	forks_beside_a_thread();
	PAPI_shutdown();
	return check_exit();
}
