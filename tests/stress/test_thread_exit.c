// SPDX-License-Identifier: BSD-3-Clause
/*
 * Threads that exit leave nothing behind (issue 13, item 7): 2000 threads
 * come and go, one at a time. Each registers with the library; most also
 * count perf::TASK-CLOCK with software overflow (a POSIX timer of that
 * thread) and clean up; every 100th leaves its set running, with its
 * timer armed, and exits. Afterwards
 *   - PAPI_list_threads lists the main thread only (each context was freed
 *     when its thread exited, not at PAPI_shutdown);
 *   - the process has no POSIX timer left (/proc/self/timers): the timers
 *     of the sets whose thread exited went with the thread;
 *   - those sets still answer: PAPI_read and PAPI_stop from the main
 *     thread give the exited thread's count, and they clean up.
 * (Threads of the high-level API: test_hl_exit.c.)
 */
#include <pthread.h>
#include <stdatomic.h>

#include "stress.h"

#define THREADS 2000
#define LEFT_EVERY 100

static int left[THREADS / LEFT_EVERY + 1];
static atomic_int nleft, bad;

static void ovf(int es, void *pc, long long vec, void *ctx)
{
	(void)es;
	(void)pc;
	(void)vec;
	(void)ctx;
}

static void *worker(void *arg)
{
	const char *ev[] = { "perf::TASK-CLOCK", NULL };
	long i = (long)arg;
	int es, code = 0;
	long long v;

	if (PAPI_register_thread() != PAPI_OK) {
		atomic_fetch_add(&bad, 1);
		return NULL;
	}
	if (i % 2)
		return NULL; /* registered, nothing else */
	es = stress_set(ev);
	PAPI_event_name_to_code(ev[0], &code);
	if (es == PAPI_NULL ||
	    PAPI_overflow(es, code, 1000000, PAPI_OVERFLOW_FORCE_SW, ovf) !=
		    PAPI_OK ||
	    PAPI_start(es) != PAPI_OK) {
		atomic_fetch_add(&bad, 1);
		return NULL;
	}
	stress_burn(20000);
	if (i % LEFT_EVERY == 0) {
		left[atomic_fetch_add(&nleft, 1)] = es;
		return NULL; /* exits with the set running */
	}
	if (PAPI_stop(es, &v) != PAPI_OK || PAPI_cleanup_eventset(es) ||
	    PAPI_destroy_eventset(&es))
		atomic_fetch_add(&bad, 1);
	return NULL;
}

/* POSIX timers of this process, or -1 when the kernel does not say. */
static int timers(void)
{
	FILE *f = fopen("/proc/self/timers", "r");
	char line[256];
	int n = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		n += !strncmp(line, "ID:", 3);
	fclose(f);
	return n;
}

int main(void)
{
	pthread_t th;
	unsigned long tids[4];
	long long v;
	int i, n, t;

	stress_init();
	CHECK(PAPI_register_thread() == PAPI_OK, "register");
	for (i = 0; i < THREADS; i++) {
		if (pthread_create(&th, NULL, worker, (void *)(long)i)) {
			CHECK(0, "pthread_create %d", i);
			break;
		}
		pthread_join(th, NULL);
	}
	CHECK(atomic_load(&bad) == 0, "%d threads failed", atomic_load(&bad));
	n = 4;
	CHECK(PAPI_list_threads(tids, &n) == PAPI_OK, "list");
	CHECK(n == 1, "%d threads listed after %d exited (1 expected)", n,
	      THREADS);
	t = timers();
	CHECK(t <= 0, "%d POSIX timers left by exited threads", t);
	for (i = 0; i < atomic_load(&nleft); i++) {
		v = 0;
		CHECK(PAPI_read(left[i], &v) == PAPI_OK && v > 0,
		      "read of an exited thread's set: %lld", v);
		CHECK(PAPI_stop(left[i], &v) == PAPI_OK && v > 0,
		      "stop of an exited thread's set: %lld", v);
		CHECK(PAPI_cleanup_eventset(left[i]) == PAPI_OK, "cleanup");
		CHECK(PAPI_destroy_eventset(&left[i]) == PAPI_OK, "destroy");
	}
	PAPI_shutdown();
	return check_exit();
}
