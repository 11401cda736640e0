/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The measured matrix multiplies: C = A * B, n x n doubles, row-major.
 * Every kernel writes all of C (none relies on C being zeroed first).
 */
#ifndef MATMUL_KERNELS_H
#define MATMUL_KERNELS_H

#include <stddef.h>

struct mm_args {
	size_t n;
	const double *a, *b;
	double *c;
	double *scratch; /* n*n doubles, for the transposed variant */
	size_t b1, b2; /* block sizes: L1 and L2 */
};

typedef void mm_fn(const struct mm_args *m);

mm_fn mm_ijk, mm_jik, mm_ikj, mm_kij, mm_jki, mm_kji;
mm_fn mm_transposed, mm_blocked_l1, mm_blocked_l2, mm_unrolled, mm_recursive;

#endif
