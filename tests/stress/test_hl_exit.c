// SPDX-License-Identifier: BSD-3-Clause
/*
 * The high-level API at thread and process exit (issue 13, item 7), each
 * case in a child process with its own output directory and a watchdog:
 *
 *   1. 20 threads each measure a region and exit: their contexts go with
 *      them (PAPI_list_threads lists the main thread only afterwards) and
 *      the report written at exit has the regions of all 20.
 *   2. At exit another thread holds the library lock and never lets go
 *      (it is stuck in a signal handler that interrupted it inside the
 *      library). The report writer, an atexit handler, must not wait for
 *      it forever: the process exits (status 0), having said on stderr
 *      that the report was not written. Three children: the signal lands
 *      inside the lock nearly always, not always (a child where it does
 *      not writes its report, which is fine too).
 */
#include <pthread.h>
#include <stdatomic.h>
#include <sys/stat.h>

#include "stress.h"

#define HL_THREADS 20
#define LOCK_CHILDREN 3

static char top[] = "/tmp/papi-stress-hlXXXXXX";

static void *region_thread(void *arg)
{
	(void)arg;
	if (PAPI_hl_region_begin("exit") != PAPI_OK ||
	    PAPI_hl_region_end("exit") != PAPI_OK)
		_exit(2);
	return NULL;
}

static void use_dir(const char *leaf)
{
	char dir[128];

	snprintf(dir, sizeof(dir), "%s/%s", top, leaf);
	setenv("PAPI_OUTPUT_DIRECTORY", dir, 1);
	setenv("PAPI_EVENTS", "perf::TASK-CLOCK", 1);
}

static int threads_child(void)
{
	pthread_t th;
	unsigned long tids[4];
	int i, n = 4;

	use_dir("threads");
	for (i = 0; i < HL_THREADS; i++) {
		if (pthread_create(&th, NULL, region_thread, NULL))
			return 3;
		pthread_join(th, NULL);
	}
	if (PAPI_list_threads(tids, &n) != PAPI_OK || n != 0) {
		/* The main thread never used PAPI: no thread is left. */
		fprintf(stderr, "%d threads listed after all exited\n", n);
		return 4;
	}
	return 0; /* exit: the report is written now */
}

/* Count the threads the report has: "id" keys of its thread objects. */
static int report_threads(const char *leaf)
{
	char cmd[256], line[64];
	FILE *p;
	int n = -1;

	snprintf(cmd, sizeof(cmd),
		 "cat %s/%s/papi_hl_output/*.json 2>/dev/null | "
		 "grep -o '\"exit\"' | wc -l",
		 top, leaf);
	p = popen(cmd, "r");
	if (p && fgets(line, sizeof(line), p))
		n = atoi(line);
	if (p)
		pclose(p);
	return n;
}

static void stuck(int sig)
{
	sigset_t all;

	(void)sig;
	sigfillset(&all);
	sigdelset(&all, SIGALRM);
	for (;;)
		sigsuspend(&all); /* never returns but for the watchdog */
}

static atomic_int looping;

/* Starting and stopping a set holds the library lock across the ioctl
 * and read system calls, so the signal, delivered as a system call
 * returns, lands inside it nearly every time; and they allocate nothing,
 * so the stuck thread holds no lock of malloc's, which the exit may need
 * (ASan's leak check does). */
static void *lock_taker(void *arg)
{
	const char *ev[] = { "perf::TASK-CLOCK", NULL };
	int es = stress_set(ev);

	(void)arg;
	if (es == PAPI_NULL)
		_exit(5);
	for (;;) {
		PAPI_start(es);
		PAPI_stop(es, NULL);
		atomic_store(&looping, 1);
	}
	return NULL;
}

static int lock_child(int k)
{
	struct sigaction sa;
	pthread_t th;
	char leaf[16];

	snprintf(leaf, sizeof(leaf), "lock%d", k);
	use_dir(leaf);
	if (PAPI_hl_region_begin("main") != PAPI_OK ||
	    PAPI_hl_region_end("main") != PAPI_OK)
		return 2;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = stuck;
	sigfillset(&sa.sa_mask);
	sigaction(SIGUSR1, &sa, NULL);
	pthread_create(&th, NULL, lock_taker, NULL);
	while (!atomic_load(&looping))
		sched_yield();
	pthread_kill(th, SIGUSR1);
	return 0; /* exit with that thread stuck, maybe holding the lock */
}

static pid_t spawn(int (*fn)(int), int arg)
{
	pid_t pid = fork();

	if (pid == 0) {
		alarm(10);
		exit(fn(arg)); /* exit(): the atexit report writer runs */
	}
	return pid;
}

static int threads_entry(int unused)
{
	(void)unused;
	return threads_child();
}

int main(void)
{
	char cmd[128];
	pid_t pid;
	int k, n;

	if (!mkdtemp(top)) {
		perror("mkdtemp");
		return 1;
	}
	pid = spawn(threads_entry, 0);
	CHECK(pid > 0 && stress_child_ok(pid, "threads"), "threads child");
	n = report_threads("threads");
	CHECK(n == HL_THREADS, "the report has %d regions \"exit\", not %d", n,
	      HL_THREADS);
	for (k = 0; k < LOCK_CHILDREN; k++) {
		pid = spawn(lock_child, k);
		CHECK(pid > 0 && stress_child_ok(pid, "lock held at exit"),
		      "child %d: exit with the lock held elsewhere", k);
	}
	snprintf(cmd, sizeof(cmd), "rm -rf %s", top);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", top);
	return check_exit();
}
