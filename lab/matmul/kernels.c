/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The lecture's matrix multiplies (seed 000) and the lab's (seed 002), kept
 * apart from the harness so the build can give them their own flags
 * (-O3 -march=native: the study is about what the memory system does to
 * code the compiler has done its best with).
 */
#include "kernels.h"

#include <string.h>

#define MIN(a, b) ((a) < (b) ? (a) : (b))

/* The six loop orders. The dot-product orders (ijk, jik) keep the sum in a
 * register; the other four accumulate into C, so C starts from zero. */
void mm_ijk(const struct mm_args *m)
{
	size_t n = m->n;
	const double *restrict a = m->a, *restrict b = m->b;
	double *restrict c = m->c;

	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			double s = 0.0;

			for (size_t k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			c[i * n + j] = s;
		}
}

void mm_jik(const struct mm_args *m)
{
	size_t n = m->n;
	const double *restrict a = m->a, *restrict b = m->b;
	double *restrict c = m->c;

	for (size_t j = 0; j < n; j++)
		for (size_t i = 0; i < n; i++) {
			double s = 0.0;

			for (size_t k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			c[i * n + j] = s;
		}
}

void mm_ikj(const struct mm_args *m)
{
	size_t n = m->n;
	const double *restrict a = m->a, *restrict b = m->b;
	double *restrict c = m->c;

	memset(c, 0, n * n * sizeof(*c));
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < n; k++) {
			double r = a[i * n + k];

			for (size_t j = 0; j < n; j++)
				c[i * n + j] += r * b[k * n + j];
		}
}

void mm_kij(const struct mm_args *m)
{
	size_t n = m->n;
	const double *restrict a = m->a, *restrict b = m->b;
	double *restrict c = m->c;

	memset(c, 0, n * n * sizeof(*c));
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < n; i++) {
			double r = a[i * n + k];

			for (size_t j = 0; j < n; j++)
				c[i * n + j] += r * b[k * n + j];
		}
}

void mm_jki(const struct mm_args *m)
{
	size_t n = m->n;
	const double *restrict a = m->a, *restrict b = m->b;
	double *restrict c = m->c;

	memset(c, 0, n * n * sizeof(*c));
	for (size_t j = 0; j < n; j++)
		for (size_t k = 0; k < n; k++) {
			double r = b[k * n + j];

			/* A and C both walked down columns: the worst order. */
			for (size_t i = 0; i < n; i++)
				c[i * n + j] += a[i * n + k] * r;
		}
}

void mm_kji(const struct mm_args *m)
{
	size_t n = m->n;
	const double *restrict a = m->a, *restrict b = m->b;
	double *restrict c = m->c;

	memset(c, 0, n * n * sizeof(*c));
	for (size_t k = 0; k < n; k++)
		for (size_t j = 0; j < n; j++) {
			double r = b[k * n + j];

			for (size_t i = 0; i < n; i++)
				c[i * n + j] += a[i * n + k] * r;
		}
}

/* The lab's first optimization: transpose B so that the dot product walks
 * both operands along rows. The transpose is part of the measured time. */
void mm_transposed(const struct mm_args *m)
{
	size_t n = m->n;
	const double *restrict a = m->a, *restrict b = m->b;
	double *restrict c = m->c, *restrict bt = m->scratch;

	for (size_t k = 0; k < n; k++)
		for (size_t j = 0; j < n; j++)
			bt[j * n + k] = b[k * n + j];
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			double s = 0.0;

			for (size_t k = 0; k < n; k++)
				s += a[i * n + k] * bt[j * n + k];
			c[i * n + j] = s;
		}
}

/* One block of C += A * B in ikj order (M x K times K x N, leading
 * dimension n): the inner loop runs along rows of B and C, so it
 * vectorizes and streams. */
static void block_ikj(size_t n, size_t mm, size_t nn, size_t kk,
		      const double *restrict a, const double *restrict b,
		      double *restrict c)
{
	for (size_t i = 0; i < mm; i++)
		for (size_t k = 0; k < kk; k++) {
			double r = a[i * n + k];

			for (size_t j = 0; j < nn; j++)
				c[i * n + j] += r * b[k * n + j];
		}
}

/* Blocked for one cache level: three b x b blocks fit in it (the lecture's
 * 3b^2 <= cache size). */
void mm_blocked_l1(const struct mm_args *m)
{
	size_t n = m->n, bs = m->b1;

	memset(m->c, 0, n * n * sizeof(*m->c));
	for (size_t i = 0; i < n; i += bs)
		for (size_t k = 0; k < n; k += bs)
			for (size_t j = 0; j < n; j += bs)
				block_ikj(n, MIN(bs, n - i), MIN(bs, n - j),
					  MIN(bs, n - k), m->a + i * n + k,
					  m->b + k * n + j, m->c + i * n + j);
}

/* One L2 block (rows i0..ie, k0..ke, columns j0..je), walked in L1
 * blocks. */
static void l2_block(const struct mm_args *m, size_t i0, size_t ie, size_t k0,
		     size_t ke, size_t j0, size_t je)
{
	size_t n = m->n, b1 = m->b1;

	for (size_t i = i0; i < ie; i += b1)
		for (size_t k = k0; k < ke; k += b1)
			for (size_t j = j0; j < je; j += b1)
				block_ikj(n, MIN(b1, ie - i), MIN(b1, je - j),
					  MIN(b1, ke - k), m->a + i * n + k,
					  m->b + k * n + j, m->c + i * n + j);
}

/* Two levels: L2-sized blocks, each walked in L1-sized blocks. */
void mm_blocked_l2(const struct mm_args *m)
{
	size_t n = m->n, b2 = m->b2;

	memset(m->c, 0, n * n * sizeof(*m->c));
	for (size_t i = 0; i < n; i += b2)
		for (size_t k = 0; k < n; k += b2)
			for (size_t j = 0; j < n; j += b2)
				l2_block(m, i, MIN(i + b2, n), k,
					 MIN(k + b2, n), j, MIN(j + b2, n));
}

/* The lecture's "optimized block" unrolls the inner loop. Unrolled and
 * jammed both ways it becomes a register tile: an 8 x 16 block of C stays in
 * registers for a whole k sweep (16 AVX-512 accumulators, 16 FMAs per 2
 * loads of B and 8 broadcasts of A) instead of C being loaded and stored for
 * every multiply-add. Measured at N=1024 here: a 4 x 16 tile ran at ~25
 * GFLOP/s, 8 x 16 at 65-83 (OpenBLAS 92-94 in the same runs). With AVX2
 * only (16 registers) the tile spills; 4 x 16 would suit it better. */
#define TI 8
#define TJ 16
/* GNU C vector type: 8 doubles, one AVX-512 register (two AVX ones). Plain
 * arrays were spilled to memory by gcc 12, which defeats the point. */
typedef double v8d __attribute__((vector_size(64)));

static v8d load8(const double *p)
{
	v8d v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void tile(size_t n, size_t kk, const double *restrict a,
		 const double *restrict b, double *restrict c)
{
	v8d acc[TI][2] = { { { 0 } } };

	for (size_t k = 0; k < kk; k++) {
		v8d b0 = load8(b + k * n), b1 = load8(b + k * n + 8);

		for (int r = 0; r < TI; r++) {
			double ar = a[r * n + k];

			acc[r][0] += ar * b0;
			acc[r][1] += ar * b1;
		}
	}
	for (int r = 0; r < TI; r++) {
		v8d c0 = load8(c + r * n) + acc[r][0];
		v8d c1 = load8(c + r * n + 8) + acc[r][1];

		memcpy(c + r * n, &c0, sizeof(c0));
		memcpy(c + r * n + 8, &c1, sizeof(c1));
	}
}

/* L2-sized panels of B (b2 x b2), swept by register tiles; the rows and
 * columns left over at the edges go through the plain block kernel. */
void mm_unrolled(const struct mm_args *m)
{
	size_t n = m->n, bs = m->b2;
	const double *a = m->a, *b = m->b;
	double *c = m->c;

	memset(c, 0, n * n * sizeof(*c));
	for (size_t k2 = 0; k2 < n; k2 += bs) {
		size_t kk = MIN(bs, n - k2);

		for (size_t j2 = 0; j2 < n; j2 += bs) {
			size_t nn = MIN(bs, n - j2), nt = nn - nn % TJ;
			size_t mt = n - n % TI;

			for (size_t i = 0; i < mt; i += TI)
				for (size_t j = j2; j < j2 + nt; j += TJ)
					tile(n, kk, a + i * n + k2,
					     b + k2 * n + j, c + i * n + j);
			if (nt < nn)
				block_ikj(n, mt, nn - nt, kk, a + k2,
					  b + k2 * n + j2 + nt, c + j2 + nt);
			if (mt < n)
				block_ikj(n, n - mt, nn, kk, a + mt * n + k2,
					  b + k2 * n + j2, c + mt * n + j2);
		}
	}
}

/* The lecture's recursive multiply splits all three matrices in quadrants
 * (power-of-two sizes only). This one halves the largest of the three
 * dimensions instead, so any n works, and stops at an L1-sized block. */
static void rec(size_t n, size_t mm, size_t nn, size_t kk, size_t leaf,
		const double *a, const double *b, double *c)
{
	if (mm <= leaf && nn <= leaf && kk <= leaf) {
		block_ikj(n, mm, nn, kk, a, b, c);
		return;
	}
	if (mm >= nn && mm >= kk) {
		size_t h = mm / 2;

		rec(n, h, nn, kk, leaf, a, b, c);
		rec(n, mm - h, nn, kk, leaf, a + h * n, b, c + h * n);
	} else if (nn >= kk) {
		size_t h = nn / 2;

		rec(n, mm, h, kk, leaf, a, b, c);
		rec(n, mm, nn - h, kk, leaf, a, b + h, c + h);
	} else {
		size_t h = kk / 2;

		rec(n, mm, nn, h, leaf, a, b, c);
		rec(n, mm, nn, kk - h, leaf, a + h, b + h * n, c);
	}
}

void mm_recursive(const struct mm_args *m)
{
	memset(m->c, 0, m->n * m->n * sizeof(*m->c));
	rec(m->n, m->n, m->n, m->n, m->b1, m->a, m->b, m->c);
}
