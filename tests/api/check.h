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

#endif
