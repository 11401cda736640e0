/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_API_CHECK_H
#define PAPI_TESTS_API_CHECK_H
/*
 * The API tests' one assertion: CHECK(cond, fmt, ...) prints the file,
 * line, condition and a message, and counts the failure; main returns
 * check_exit() (1 if any failed, else "PASS" and 0). A test that cannot run here exits 77,
 * ctest's skip, after saying why.
 */
#include <stdio.h>
#include <time.h>

static int check_failures;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__,          \
				__LINE__, #cond);                              \
			fprintf(stderr, __VA_ARGS__);                          \
			fputc('\n', stderr);                                   \
			check_failures++;                                      \
		}                                                              \
	} while (0)

#define SKIP(...)                                                              \
	do {                                                                   \
		printf("SKIP: ");                                              \
		printf(__VA_ARGS__);                                           \
		putchar('\n');                                                 \
		return 77;                                                     \
	} while (0)

static inline int check_exit(void)
{
	if (check_failures) {
		fprintf(stderr, "%d failure(s)\n", check_failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}

/* The calling thread's CPU time in seconds. */
static inline double check_cpu_sec(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Wall time in ns (CLOCK_MONOTONIC). A thread's perf::TASK-CLOCK over an
 * interval lies between the thread's CPU clock and this one: the kernel's
 * thread CPU clock leaves out time it charges to interrupts or to a
 * hypervisor's steal, which the task clock keeps (CI saw it 20-28% above
 * the CPU clock), and no single thread's clock runs faster than the wall.
 */
static inline long long check_wall_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

#endif
