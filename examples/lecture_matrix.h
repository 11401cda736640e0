/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the lecture's matrix examples leave out (lecture_counters.c,
 * lecture_flops.c): the matrices, the product, and ehandler(), which also
 * names the events this machine lacks. Define LECTURE_EVENTS (the event
 * codes, separated by commas) before including it.
 */
#ifndef LECTURE_MATRIX_H
#define LECTURE_MATRIX_H

#include <papi.h>
#include <stdio.h>
#include <stdlib.h>

/* An r x c matrix of pseudo-random values in [0, 1). */
static double *new_matrix(int r, int c)
{
	double *m = malloc((size_t)r * (size_t)c * sizeof(*m));
	int i;

	if (!m) {
		perror("malloc");
		exit(1);
	}
	for (i = 0; i < r * c; i++)
		m[i] = (double)((i * 7919) % 1000) / 1000.0;
	return m;
}

/* C = A x B (rowsA x colsA times rowsB x colsB), the ijk loop of the
 * lecture; NULL when the shapes do not fit. */
static double *matrix_prod(int rowsA, int colsA, int rowsB, int colsB,
			   const double *A, const double *B)
{
	double *C;
	int i, j, k;

	if (colsA != rowsB)
		return NULL;
	C = new_matrix(rowsA, colsB);
	for (i = 0; i < rowsA; i++)
		for (j = 0; j < colsB; j++) {
			double sum = 0.0;

			for (k = 0; k < colsA; k++)
				sum += A[i * colsA + k] * B[k * colsB + j];
			C[i * colsB + j] = sum;
		}
	return C;
}

/* The events the program uses (it defines LECTURE_EVENTS before including
 * this file); ehandler() names those this machine lacks. */
static const int lecture_events[] = { LECTURE_EVENTS };

static void ehandler(const char *msg)
{
	char name[PAPI_MAX_STR_LEN];
	unsigned int i;

	fprintf(stderr, "%s\n", msg);
	for (i = 0; i < sizeof(lecture_events) / sizeof(lecture_events[0]); i++)
		if (PAPI_is_initialized() &&
		    PAPI_query_event(lecture_events[i]) != PAPI_OK &&
		    PAPI_event_code_to_name(lecture_events[i], name) == PAPI_OK)
			fprintf(stderr, "  %s is not available on this machine\n",
				name);
	exit(1);
}

#endif
