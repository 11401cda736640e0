/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_UNIT_H
#define PAPI_TESTS_UNIT_H

/*
 * The smallest test harness that does the job: CHECK macros print
 * file:line (and, for table-driven cases, the line of the table row) and
 * count failures; unit_exit() turns the count into the exit status ctest
 * expects: 0 pass, 1 fail, 77 skip (UNIT_SKIP, with the reason printed).
 */
#include <stdio.h>
#include <stdlib.h>

static int unit_failures __attribute__((unused));

/* ctx: "case at line" for a table row's __LINE__, "index" for a loop
 * counter; n <= 0 with "case at line" prints no context. */
#define UNIT_FAIL_CTX(ctx, n, ...)                                             \
	do {                                                                   \
		unit_failures++;                                               \
		fprintf(stderr, "FAIL %s:%d", __FILE__, __LINE__);             \
		if ((n) > 0 || (ctx)[0] == 'i')                                \
			fprintf(stderr, " (%s %d)", (ctx), (int)(n));          \
		fprintf(stderr, ": ");                                         \
		fprintf(stderr, __VA_ARGS__);                                  \
		fputc('\n', stderr);                                           \
	} while (0)
#define UNIT_FAIL_AT(row, ...) UNIT_FAIL_CTX("case at line", row, __VA_ARGS__)

/* A condition; row is the __LINE__ a table row recorded, 0 when none. */
#define CHECK_AT(row, cond)                                                    \
	do {                                                                   \
		if (!(cond))                                                   \
			UNIT_FAIL_AT(row, "%s", #cond);                        \
	} while (0)
#define CHECK(cond) CHECK_AT(0, cond)
/* The same inside a loop: i is the iteration, not a line. */
#define CHECK_IDX(i, cond)                                                     \
	do {                                                                   \
		if (!(cond))                                                   \
			UNIT_FAIL_CTX("index", i, "%s", #cond);                \
	} while (0)

/* Two integers, shown both when they differ. */
#define CHECK_EQ_AT(row, got, want)                                            \
	do {                                                                   \
		long long unit_g_ = (long long)(got);                          \
		long long unit_w_ = (long long)(want);                         \
		if (unit_g_ != unit_w_)                                        \
			UNIT_FAIL_AT(row, "%s == %lld, want %s == %lld", #got, \
				     unit_g_, #want, unit_w_);                 \
	} while (0)
#define CHECK_EQ(got, want) CHECK_EQ_AT(0, got, want)
#define CHECK_EQ_IDX(i, got, want)                                             \
	do {                                                                   \
		long long unit_g_ = (long long)(got);                          \
		long long unit_w_ = (long long)(want);                         \
		if (unit_g_ != unit_w_)                                        \
			UNIT_FAIL_CTX("index", i, "%s == %lld, want %s == %lld", \
				      #got, unit_g_, #want, unit_w_);          \
	} while (0)

/* Exit with 77 after saying why the test cannot run here. */
#define UNIT_SKIP(...)                                                         \
	do {                                                                   \
		fprintf(stderr, "SKIP: ");                                     \
		fprintf(stderr, __VA_ARGS__);                                  \
		fputc('\n', stderr);                                           \
		exit(77);                                                      \
	} while (0)

static inline int unit_exit(void)
{
	if (unit_failures) {
		fprintf(stderr, "%d check(s) failed\n", unit_failures);
		return 1;
	}
	return 0;
}

#endif
