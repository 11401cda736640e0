/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef MATMUL_KERNELS_H
#define MATMUL_KERNELS_H

#include <stddef.h>

/*
 * C = A * B for n x n row-major doubles. The two loop orders of seed 000:
 * ijk reads B down a column (one cache miss per iteration once a column
 * outgrows the cache), ikj streams rows of B and C. Both add the products
 * for each C[i][j] in increasing k from 0.0, so without FMA contraction or
 * reassociation they give bit-identical results. Every element of C is
 * written; C need not be zeroed first. The matrices must not overlap.
 */
void matmul_ijk(size_t n, const double *restrict a, const double *restrict b,
	double *restrict c);
void matmul_ikj(size_t n, const double *restrict a, const double *restrict b,
	double *restrict c);

#endif
