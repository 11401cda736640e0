// SPDX-License-Identifier: BSD-3-Clause
/*
 * The async-signal-safe calls never wait for a lock the interrupted code
 * holds (issue 13, item 4). A timer interrupts, every 100 us, a thread
 * that calls into the library all the time (PAPI_start, PAPI_stop,
 * PAPI_num_events: each takes the library lock), and a second thread that
 * has never called PAPI and spends its time in malloc and free, until the
 * handler has run HANDLER_CALLS times in each (or the main loop's budget
 * is spent). The
 * handler calls what docs/design.md lists as async-signal-safe: PAPI_read,
 * PAPI_accum and PAPI_read_ts of a set that thread does not run (which
 * needs the library lock), PAPI_get_overflow_event_index, and the timers.
 * Each call answers PAPI_OK or PAPI_EISRUN (the interrupted code holds the
 * lock: documented), never anything else, and nothing deadlocks: the
 * whole run is a child process with a watchdog alarm.
 */
#include <pthread.h>
#include <stdatomic.h>

#include "stress.h"

#define LOOPS 200000
#define HANDLER_CALLS 1000
#define PERIOD_NS 100000

static int other = PAPI_NULL; /* a set no interrupted thread runs */
static atomic_int h_calls, h_busy, h_bad, h_bad_code;
static atomic_int h_main, h_malloc, main_tid;
static atomic_int stop_mallocs;

static void on_tick(int sig)
{
	long long v[2] = { 0, 0 }, cyc = 0;
	int idx[2], n = 2, ret, saved = errno;

	(void)sig;
	atomic_fetch_add(&h_calls, 1);
	atomic_fetch_add(
		gettid() == atomic_load(&main_tid) ? &h_main : &h_malloc, 1);
	ret = PAPI_read(other, v);
	if (ret == PAPI_OK)
		ret = PAPI_accum(other, v);
	if (ret == PAPI_OK)
		ret = PAPI_read_ts(other, v, &cyc);
	if (ret == PAPI_OK)
		ret = PAPI_get_overflow_event_index(other, 1, idx, &n);
	if (PAPI_get_real_usec() < 0 || PAPI_get_real_nsec() < 0 ||
	    PAPI_get_real_cyc() < 0 || PAPI_get_virt_usec() < 0 ||
	    PAPI_get_virt_nsec() < 0 || PAPI_get_virt_cyc() < 0)
		ret = PAPI_EBUG;
	if (ret == PAPI_EISRUN) {
		atomic_fetch_add(&h_busy, 1);
	} else if (ret != PAPI_OK) {
		atomic_fetch_add(&h_bad, 1);
		atomic_store(&h_bad_code, ret);
	}
	errno = saved;
}

static int timer_failed;

static timer_t tick_thread(pid_t tid)
{
	struct sigevent sev;
	struct itimerspec it;
	timer_t t;

	memset(&sev, 0, sizeof(sev));
	sev.sigev_notify = SIGEV_THREAD_ID;
	sev.sigev_signo = SIGUSR1;
	sev._sigev_un._tid = tid;
	if (timer_create(CLOCK_MONOTONIC, &sev, &t)) {
		timer_failed = 1;
		return t;
	}
	memset(&it, 0, sizeof(it));
	it.it_value.tv_nsec = PERIOD_NS;
	it.it_interval.tv_nsec = PERIOD_NS;
	timer_settime(t, 0, &it, NULL);
	return t;
}

static atomic_int malloc_tid;

/* A thread with no PAPI context, in malloc all the time: a handler that
 * made one (calloc) would deadlock on malloc's own lock. */
static void *mallocs(void *arg)
{
	void *p[16];
	int i;

	(void)arg;
	atomic_store(&malloc_tid, gettid());
	while (!atomic_load(&stop_mallocs)) {
		for (i = 0; i < 16; i++)
			p[i] = malloc(64 + (size_t)i * 512);
		for (i = 0; i < 16; i++)
			free(p[i]);
	}
	return NULL;
}

static int run(void)
{
	const char *ev[] = { "perf::TASK-CLOCK", NULL };
	const char *ev2[] = { "perf::CPU-CLOCK", NULL };
	struct sigaction sa;
	pthread_t th;
	timer_t t1, t2;
	long long v;
	int mine, i, ret;

	stress_init();
	atomic_store(&main_tid, gettid());
	other = stress_set(ev2);
	mine = stress_set(ev);
	if (other == PAPI_NULL || mine == PAPI_NULL)
		return 77;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_tick;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	pthread_create(&th, NULL, mallocs, NULL);
	while (!atomic_load(&malloc_tid))
		sched_yield();
	t1 = tick_thread(gettid());
	t2 = tick_thread(atomic_load(&malloc_tid));
	CHECK(!timer_failed, "timer_create: %s", strerror(errno));
	for (i = 0; i < LOOPS && (atomic_load(&h_main) < HANDLER_CALLS ||
				  atomic_load(&h_malloc) < HANDLER_CALLS);
	     i++) {
		ret = PAPI_start(mine);
		if (ret == PAPI_OK)
			ret = PAPI_num_events(mine) == 1 ? PAPI_OK : PAPI_EBUG;
		if (ret == PAPI_OK)
			ret = PAPI_stop(mine, &v);
		if (ret != PAPI_OK) {
			CHECK(0, "loop %d: %s", i, PAPI_strerror(ret));
			break;
		}
	}
	timer_delete(t1);
	timer_delete(t2);
	atomic_store(&stop_mallocs, 1);
	pthread_join(th, NULL);
	printf("%d loops; handler: %d calls (%d in the PAPI thread, %d in the "
	       "malloc one), %d found the lock held here, %d failed\n",
	       i, atomic_load(&h_calls), atomic_load(&h_main),
	       atomic_load(&h_malloc), atomic_load(&h_busy),
	       atomic_load(&h_bad));
	fflush(stdout);
	CHECK(atomic_load(&h_bad) == 0, "%d handler calls failed (last %d)",
	      atomic_load(&h_bad), atomic_load(&h_bad_code));
	CHECK(atomic_load(&h_main) > 0 && atomic_load(&h_malloc) > 0,
	      "the handler did not run in both threads");
	PAPI_shutdown();
	return check_exit();
}

int main(void)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		int r;

		alarm(60); /* a deadlock ends here, as SIGALRM */
		r = run();
		fflush(NULL);
		_exit(r);
	}
	if (pid < 0)
		return 1;
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	fprintf(stderr, "child killed by signal %d%s\n", WTERMSIG(st),
		WTERMSIG(st) == SIGALRM ? " (watchdog: deadlock)" : "");
	return 1;
}
