// SPDX-License-Identifier: BSD-3-Clause
/*
 * appio counts per thread: threads that each do a different, known amount
 * of I/O count exactly their own, while the main thread's set (running
 * all along) counts none of theirs; another thread reads a thread's set
 * and gets its counts, or stops it; a set whose thread has exited still
 * reads. A forked child counts from its own zero (the parent's counts are
 * not in its set, and its I/O is not in the parent's). The library's own reads
 * of its perf_event counters (PAPI_read with PAPI_RDPMC=0, so that each
 * is a read() system call) are never the application's I/O.
 */
#include <fcntl.h>
#include <papi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "FAIL line %d: %s: ", __LINE__,        \
				#cond);                                        \
			fprintf(stderr, __VA_ARGS__);                          \
			fputc('\n', stderr);                                   \
			__atomic_add_fetch(&failures, 1, __ATOMIC_RELAXED);    \
		}                                                              \
	} while (0)

#define NTHREADS 4

static const char *const ev[] = { "appio:::READ_BYTES", "appio:::READ_CALLS",
				  "appio:::WRITE_BYTES",
				  "appio:::WRITE_CALLS" };

static int make_set(void)
{
	int es = PAPI_NULL, i, ret;

	if (PAPI_create_eventset(&es) != PAPI_OK)
		return PAPI_NULL;
	for (i = 0; i < 4; i++) {
		ret = PAPI_add_named_event(es, ev[i]);
		CHECK(ret == PAPI_OK, "add %s: %s", ev[i], PAPI_strerror(ret));
	}
	return es;
}

/* k writes of 100 bytes to /dev/null and k reads of 10 from /dev/zero. */
static void io(int k)
{
	int out = open("/dev/null", O_WRONLY), in = open("/dev/zero", O_RDONLY);
	char buf[100] = { 0 };
	int i;

	for (i = 0; i < k; i++)
		if (write(out, buf, 100) != 100 || read(in, buf, 10) != 10)
			CHECK(0, "io");
	close(out);
	close(in);
}

static pthread_barrier_t ready, looked;
static int sets[NTHREADS];

static void *worker(void *arg)
{
	int k = (int)(long)arg + 1, es = make_set();
	long long v[4];

	PAPI_register_thread();
	sets[k - 1] = es;
	CHECK(es != PAPI_NULL && PAPI_start(es) == PAPI_OK, "thread start");
	io(10 * k);
	pthread_barrier_wait(&ready); /* main reads our set now */
	pthread_barrier_wait(&looked);
	io(k);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "thread stop");
	CHECK(v[0] == 110LL * k && v[1] == 11LL * k && v[2] == 1100LL * k &&
		      v[3] == 11LL * k,
	      "thread %d: read %lld in %lld, wrote %lld in %lld", k, v[0],
	      v[1], v[2], v[3]);
	return NULL;
}

static void threads(void)
{
	pthread_t th[NTHREADS];
	long long v[4];
	int me = make_set(), i;

	pthread_barrier_init(&ready, NULL, NTHREADS + 1);
	pthread_barrier_init(&looked, NULL, NTHREADS + 1);
	CHECK(PAPI_start(me) == PAPI_OK, "main start");
	for (i = 0; i < NTHREADS; i++)
		pthread_create(&th[i], NULL, worker, (void *)(long)i);
	pthread_barrier_wait(&ready);
	/* Each thread's set, read from here: its own counts so far. */
	for (i = 0; i < NTHREADS; i++) {
		int k = i + 1;

		CHECK(PAPI_read(sets[i], v) == PAPI_OK, "read thread %d", k);
		CHECK(v[0] == 100LL * k && v[2] == 1000LL * k,
		      "thread %d read from main: %lld %lld", k, v[0], v[2]);
	}
	pthread_barrier_wait(&looked);
	for (i = 0; i < NTHREADS; i++)
		pthread_join(th[i], NULL);
	io(3);
	CHECK(PAPI_stop(me, v) == PAPI_OK, "main stop");
	CHECK(v[0] == 30 && v[1] == 3 && v[2] == 300 && v[3] == 3,
	      "main thread counted %lld %lld %lld %lld, only its own 3 of "
	      "each expected",
	      v[0], v[1], v[2], v[3]);
	for (i = 0; i < NTHREADS; i++) {
		PAPI_cleanup_eventset(sets[i]);
		PAPI_destroy_eventset(&sets[i]);
	}
	PAPI_cleanup_eventset(me);
	PAPI_destroy_eventset(&me);
	pthread_barrier_destroy(&ready);
	pthread_barrier_destroy(&looked);
}

/* A thread starts a set, does I/O and exits without stopping it. */
static int orphan;

static void *leaver(void *arg)
{
	(void)arg;
	PAPI_register_thread();
	orphan = make_set();
	CHECK(PAPI_start(orphan) == PAPI_OK, "leaver start");
	io(5);
	return NULL;
}

static void exited_thread(void)
{
	pthread_t th;
	long long v[4] = { -1, -1, -1, -1 };
	int ret;

	pthread_create(&th, NULL, leaver, NULL);
	pthread_join(th, NULL);
	ret = PAPI_read(orphan, v);
	if (ret == PAPI_OK)
		CHECK(v[0] == 50 && v[2] == 500,
		      "exited thread's set: %lld %lld", v[0], v[2]);
	else
		printf("set of an exited thread: %s\n", PAPI_strerror(ret));
	ret = PAPI_stop(orphan, v);
	if (ret == PAPI_OK)
		CHECK(v[0] == 50 && v[2] == 500, "exited thread's stop: %lld %lld",
		      v[0], v[2]);
	PAPI_cleanup_eventset(orphan);
	PAPI_destroy_eventset(&orphan);
}

/* Another thread stops a running thread's set: it gets the counts so
 * far, and the thread's later I/O is not counted. */
static int victim;
static pthread_barrier_t started, stopped;

static void *stopped_thread(void *arg)
{
	(void)arg;
	PAPI_register_thread();
	victim = make_set();
	CHECK(PAPI_start(victim) == PAPI_OK, "victim start");
	io(4);
	pthread_barrier_wait(&started);
	pthread_barrier_wait(&stopped);
	io(2);
	return NULL;
}

static void foreign_stop(void)
{
	pthread_t th;
	long long v[4] = { -1, -1, -1, -1 };
	int ret;

	pthread_barrier_init(&started, NULL, 2);
	pthread_barrier_init(&stopped, NULL, 2);
	pthread_create(&th, NULL, stopped_thread, NULL);
	pthread_barrier_wait(&started);
	ret = PAPI_stop(victim, v);
	CHECK(ret == PAPI_OK && v[0] == 40 && v[2] == 400,
	      "stopped from another thread: %s, %lld %lld",
	      PAPI_strerror(ret), v[0], v[2]);
	pthread_barrier_wait(&stopped);
	pthread_join(th, NULL);
	CHECK(PAPI_read(victim, v) == PAPI_OK && v[0] == 40 && v[2] == 400,
	      "after the stop: %lld %lld", v[0], v[2]);
	PAPI_cleanup_eventset(victim);
	PAPI_destroy_eventset(&victim);
	pthread_barrier_destroy(&started);
	pthread_barrier_destroy(&stopped);
}

/* The parent has counted before the fork; the child's own set counts only
 * the child's I/O, and the parent's set none of the child's. */
static void forked(void)
{
	long long v[4];
	int es = make_set(), status = 0;
	pid_t pid;

	CHECK(PAPI_start(es) == PAPI_OK, "start");
	io(7);
	pid = fork();
	if (pid == 0) {
		int mine, bad = 0;

		/* The parent's set is not the child's. */
		if (PAPI_read(es, v) == PAPI_OK && (v[0] < 0 || v[2] < 0))
			bad |= 1;
		mine = make_set();
		if (mine == PAPI_NULL || PAPI_start(mine) != PAPI_OK)
			_exit(10);
		io(2);
		if (PAPI_stop(mine, v) != PAPI_OK)
			_exit(11);
		if (v[0] != 20 || v[1] != 2 || v[2] != 200 || v[3] != 2) {
			fprintf(stderr, "child counted %lld %lld %lld %lld\n",
				v[0], v[1], v[2], v[3]);
			bad |= 2;
		}
		_exit(bad);
	}
	CHECK(pid > 0, "fork");
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "child: status %#x", status);
	io(1);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	CHECK(v[0] == 80 && v[1] == 8 && v[2] == 800 && v[3] == 8,
	      "parent counted %lld %lld %lld %lld", v[0], v[1], v[2], v[3]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

/* PAPI_read of a perf_event set on the read() path, many times, while an
 * appio set counts the same thread: none of those reads is counted. */
static void own_reads(void)
{
	long long v[4], t;
	int pe = PAPI_NULL, es = make_set(), i;

	if (PAPI_create_eventset(&pe) != PAPI_OK ||
	    PAPI_add_named_event(pe, "perf::TASK-CLOCK") != PAPI_OK ||
	    PAPI_start(pe) != PAPI_OK) {
		printf("no perf::TASK-CLOCK: the library's own reads not "
		       "checked\n");
		return;
	}
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	for (i = 0; i < 100; i++)
		CHECK(PAPI_read(pe, &t) == PAPI_OK, "perf read");
	io(1);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	CHECK(v[0] == 10 && v[1] == 1 && v[2] == 100 && v[3] == 1,
	      "100 reads of perf counters counted: %lld bytes in %lld calls",
	      v[0], v[1]);
	PAPI_stop(pe, &t);
	PAPI_cleanup_eventset(pe);
	PAPI_destroy_eventset(&pe);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	int cidx;

	/* Every perf_event read a read() system call. */
	setenv("PAPI_RDPMC", "0", 1);
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_thread_init((unsigned long (*)(void))pthread_self) != PAPI_OK)
		return 1;
	cidx = PAPI_get_component_index("appio");
	if (cidx < 0 || PAPI_get_component_info(cidx)->disabled) {
		printf("SKIP: appio unavailable\n");
		return 77;
	}
	threads();
	exited_thread();
	foreign_stop();
	forked();
	own_reads();
	PAPI_shutdown();
	if (failures) {
		fprintf(stderr, "%d failures\n", failures);
		return 1;
	}
	printf("appio: per-thread, foreign read and stop, exited thread, fork and "
	       "own-read counts exact\n");
	return 0;
}
