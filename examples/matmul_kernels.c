/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The measured kernels, kept apart from the harness so that their code does
 * not change with it and so the build can give them fixed flags (-O2, no
 * -march: the figures must mean the same on every machine of this kind).
 */
#include "matmul_kernels.h"

void matmul_ijk(size_t n, const double *restrict a, const double *restrict b,
	double *restrict c)
{
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < n; j++) {
			double sum = 0.0;

			/* B is walked down a column: stride n doubles. */
			for (size_t k = 0; k < n; k++)
				sum += a[i * n + k] * b[k * n + j];
			c[i * n + j] = sum;
		}
	}
}

void matmul_ikj(size_t n, const double *restrict a, const double *restrict b,
	double *restrict c)
{
	for (size_t i = 0; i < n; i++) {
		double *ci = &c[i * n];

		/* ikj accumulates into C, so its row starts from zero here. */
		for (size_t j = 0; j < n; j++)
			ci[j] = 0.0;
		for (size_t k = 0; k < n; k++) {
			const double r = a[i * n + k];
			const double *bk = &b[k * n];

			for (size_t j = 0; j < n; j++)
				ci[j] += r * bk[j];
		}
	}
}
