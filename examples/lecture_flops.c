/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The lecture's PAPI_flops slide: two calls around a matrix product; the
 * second reports the floating-point operations since the first and the
 * Mflop/s rate. Prints "n flpops mflops", as the slide's printf does.
 *
 * The slide's lines are typed in as shown ("matrix\_prod" without the
 * slide's stray backslash); the rest is completed (lecture_matrix.h).
 * Where PAPI_FP_OPS does not exist (no hardware counters; also some
 * processors) PAPI_flops answers PAPI_ENOEVNT and ehandler() says so.
 * Usage: lecture_flops [n]  (default 200)
 */
#define LECTURE_EVENTS PAPI_FP_OPS
#include "lecture_matrix.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 200;
	double *A = new_matrix(n, n), *B = new_matrix(n, n), *C;

	if (PAPI_VER_CURRENT !=
	    PAPI_library_init(PAPI_VER_CURRENT))
		ehandler("PAPI_library_init error.");

	/* --- the slide -------------------------------------------------- */
	float rtime;
	float ptime;
	long long flpops;
	float mflops;
	if (PAPI_OK != PAPI_flops(&rtime, &ptime, &flpops, &mflops))
	   ehandler("Problem reading flops 1");
	C = matrix_prod(n, n, n, n, A, B);
	if (PAPI_OK != PAPI_flops(&rtime, &ptime, &flpops, &mflops))
	   ehandler("Problem reading flops 2");
	printf("%d %lld %f\n", n, flpops, mflops);
	/* --- completed -------------------------------------------------- */
	printf("(real %.6f s, process %.6f s; C[0] = %g)\n", rtime, ptime,
	       C[0]);
	PAPI_stop_counters(NULL, 0);
	free(A);
	free(B);
	free(C);
	return 0;
}
