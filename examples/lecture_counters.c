/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The lecture's PAPI_start_counters / PAPI_read_counters slides around a
 * matrix product: PAPI_library_init, PAPI_num_counters, three events
 * (PAPI_TOT_INS, PAPI_L1_DCM, PAPI_L2_DCM), one read before and one after
 * the product (read resets, so the second read is the product's count).
 * Prints "n ins l1_dcm l2_dcm", as the slide's printf does.
 *
 * The slides' lines are typed in as shown (the printf's missing ';'
 * added); the rest is completed (lecture_matrix.h). The slide does not
 * check PAPI_start_counters: where the events do not exist (no hardware
 * counters) the first read fails and ehandler() names the missing events.
 * Usage: lecture_counters [n]  (default 200)
 */
#define LECTURE_EVENTS PAPI_TOT_INS, PAPI_L1_DCM, PAPI_L2_DCM
#include "lecture_matrix.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 200;
	double *A = new_matrix(n, n), *B = new_matrix(n, n), *C;

	/* --- the slides ------------------------------------------------- */
	if (PAPI_VER_CURRENT !=
	    PAPI_library_init(PAPI_VER_CURRENT))
		ehandler("PAPI_library_init error.");

	const size_t EVENT_MAX = PAPI_num_counters();

	size_t EVENT_COUNT = 3;
	int events[] = { PAPI_TOT_INS, PAPI_L1_DCM, PAPI_L2_DCM };
	PAPI_start_counters(events, EVENT_COUNT);

	long long values[EVENT_COUNT];
	if (PAPI_OK != PAPI_read_counters(values, EVENT_COUNT))
	    ehandler("Problem reading counters 1.");
	C = matrix_prod(n, n, n, n, A, B);
	if (PAPI_OK != PAPI_read_counters(values, EVENT_COUNT))
	    ehandler("Problem reading counters 2.");
	printf("%d %lld %lld %lld\n", n, values[0], values[1], values[2]);
	/* --- completed -------------------------------------------------- */
	printf("(this CPU has %zu hardware counters; C[0] = %g)\n", EVENT_MAX,
	       C[0]);
	PAPI_stop_counters(values, EVENT_COUNT);
	free(A);
	free(B);
	free(C);
	return 0;
}
