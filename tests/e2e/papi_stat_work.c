// SPDX-License-Identifier: BSD-3-Clause
/*
 * Known workloads for tests/e2e/papi_stat*.sh (built there with cc): each
 * prints what it did, measured by itself, for papi_stat's counts to be
 * checked against.
 *
 *   spin MS          burn MS ms of CPU time; print "cpu_ns N" (own CPU time)
 *   touch MB         write MB MiB of fresh memory, one byte per page; print
 *                    "pages N"
 *   tree N MS        N child processes, each with a thread, each burning MS
 *                    ms of CPU time; print "cpu_ns N" (the whole tree's,
 *                    from getrusage)
 *   threads N MS     N threads burning MS ms each; print "tids T1,T2..."
 *   wait             sleep until SIGUSR1, then burn 100 ms and exit
 *   forever          sleep until killed
 *   exit CODE        exit with CODE
 */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static long long cpu_ns(clockid_t clk)
{
	struct timespec ts;

	clock_gettime(clk, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static volatile unsigned long sink;

/* Burn ms of this thread's CPU time. */
static void burn(long ms)
{
	long long end = cpu_ns(CLOCK_THREAD_CPUTIME_ID) + ms * 1000000LL;
	unsigned long x = 0;
	int i;

	while (cpu_ns(CLOCK_THREAD_CPUTIME_ID) < end)
		for (i = 0; i < 10000; i++)
			x += (unsigned long)i * 7;
	sink = x;
}

static long thread_ms;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static char tids[4096];

static void *worker(void *arg)
{
	char buf[32];

	(void)arg;
	snprintf(buf, sizeof(buf), "%s%ld", "", (long)syscall(SYS_gettid));
	pthread_mutex_lock(&lock);
	if (tids[0])
		strncat(tids, ",", sizeof(tids) - strlen(tids) - 1);
	strncat(tids, buf, sizeof(tids) - strlen(tids) - 1);
	pthread_mutex_unlock(&lock);
	burn(thread_ms);
	return NULL;
}

static void run_threads(int n, long ms)
{
	pthread_t t[64];
	int i;

	thread_ms = ms;
	for (i = 0; i < n && i < 64; i++)
		pthread_create(&t[i], NULL, worker, NULL);
	for (i = 0; i < n && i < 64; i++)
		pthread_join(t[i], NULL);
}

static volatile sig_atomic_t woken;

static void on_usr1(int sig)
{
	(void)sig;
	woken = 1;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	long a = argc > 2 ? atol(argv[2]) : 0, b = argc > 3 ? atol(argv[3]) : 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(mode, "spin")) {
		burn(a);
		printf("cpu_ns %lld\n", cpu_ns(CLOCK_PROCESS_CPUTIME_ID));
	} else if (!strcmp(mode, "touch")) {
		long page = sysconf(_SC_PAGESIZE), n = a * 1024 * 1024 / page, i;
		char *p = mmap(NULL, (size_t)(n * page), PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

		if (p == MAP_FAILED)
			return 1;
		/* no transparent huge pages: one fault per page */
		madvise(p, (size_t)(n * page), MADV_NOHUGEPAGE);
		for (i = 0; i < n; i++)
			p[i * page] = 1;
		printf("pages %ld\n", n);
	} else if (!strcmp(mode, "tree")) {
		struct rusage ru;
		int i;

		for (i = 0; i < a; i++)
			if (fork() == 0) {
				run_threads(1, b);
				burn(b);
				_exit(0);
			}
		for (i = 0; i < a; i++)
			wait(NULL);
		getrusage(RUSAGE_CHILDREN, &ru);
		printf("cpu_ns %lld\n",
		       (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000000000LL +
			       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) *
				       1000LL +
			       cpu_ns(CLOCK_PROCESS_CPUTIME_ID));
	} else if (!strcmp(mode, "threads")) {
		run_threads((int)a, b);
		printf("tids %s\n", tids);
	} else if (!strcmp(mode, "wait")) {
		signal(SIGUSR1, on_usr1);
		printf("ready\n");
		while (!woken)
			usleep(10000); /* no pause(): a signal before it is lost */
		burn(100);
	} else if (!strcmp(mode, "forever")) {
		for (;;)
			pause();
	} else if (!strcmp(mode, "exit")) {
		return (int)a;
	} else {
		fprintf(stderr, "usage: %s spin MS | touch MB | tree N MS | "
				"threads N MS | wait | forever | exit CODE\n",
			argv[0]);
		return 2;
	}
	return 0;
}
