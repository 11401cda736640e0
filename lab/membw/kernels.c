/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The measured loops. Plain kernels are C the compiler vectorizes as it
 * likes; the vector ones are written with intrinsics, each function
 * compiled for its ISA with a target attribute, so one binary carries them
 * all and the harness picks what the CPU has. Non-temporal stores bypass
 * the caches (no read-for-ownership of the destination line), which is
 * why they win for writes and copies; non-temporal loads behave as plain
 * loads on write-back memory (seed 001), so reads use plain vector loads.
 */
#include "kernels.h"

/* The vector kernels are x86's; elsewhere (the arm64 PMU machine) only the
 * plain C kernels exist. This is the one place the labs test the target. */
#if defined(__x86_64__) || defined(__i386__)
#define HAVE_X86 1
#include <immintrin.h>
#endif

#ifndef HAVE_X86
int isa_supported(enum isa i)
{
	return i == ISA_PLAIN;
}
#else
int isa_supported(enum isa i)
{
	__builtin_cpu_init();
	switch (i) {
	case ISA_SSE:
		return __builtin_cpu_supports("sse2");
	case ISA_AVX:
		return __builtin_cpu_supports("avx");
	case ISA_AVX512:
		return __builtin_cpu_supports("avx512f");
	default:
		return 1;
	}
}
#endif

/*
 * Every kernel copies the arguments into locals first: a vector store (its
 * type may alias anything) or a double store could otherwise change *x, so
 * the compiler reloads x->a, x->b and x->n on every iteration and, for the
 * plain loops, checks for overlap with *x. restrict says the arrays do not
 * overlap (where GCC still checks that, it is once per call).
 */

/* Four independent sums, so the adds do not serialize the loads. */
static void read_plain(struct bw_args *x)
{
	const double *restrict a = x->a;
	size_t n = x->n;
	double s0 = 0, s1 = 0, s2 = 0, s3 = 0;

	for (size_t i = 0; i < n; i += 4) {
		s0 += a[i];
		s1 += a[i + 1];
		s2 += a[i + 2];
		s3 += a[i + 3];
	}
	x->sink = s0 + s1 + s2 + s3;
}

static void write_plain(struct bw_args *x)
{
	double *restrict a = x->a;
	double s = x->s;
	size_t n = x->n;

	for (size_t i = 0; i < n; i++)
		a[i] = s;
}

static void copy_plain(struct bw_args *x)
{
	const double *restrict a = x->a;
	double *restrict b = x->b;
	size_t n = x->n;

	for (size_t i = 0; i < n; i++)
		b[i] = a[i];
}

/*
 * The vector kernels move 4 vectors per iteration (n is a multiple of 64
 * doubles, so there is no remainder): the loop's own instructions are then
 * a quarter of the work, and the non-temporal ones hand the write-combining
 * buffers whole lines back to back (4 SSE stores make one 64-byte line, an
 * AVX-512 store is one) rather than one store between loop branches.
 */
#ifdef HAVE_X86
__attribute__((target("sse2"))) static void read_sse(struct bw_args *x)
{
	const double *restrict a = x->a;
	size_t n = x->n;
	__m128d s0 = _mm_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;

	for (size_t i = 0; i < n; i += 8) {
		s0 = _mm_add_pd(s0, _mm_load_pd(a + i));
		s1 = _mm_add_pd(s1, _mm_load_pd(a + i + 2));
		s2 = _mm_add_pd(s2, _mm_load_pd(a + i + 4));
		s3 = _mm_add_pd(s3, _mm_load_pd(a + i + 6));
	}
	s0 = _mm_add_pd(_mm_add_pd(s0, s1), _mm_add_pd(s2, s3));
	x->sink = _mm_cvtsd_f64(s0) + _mm_cvtsd_f64(_mm_unpackhi_pd(s0, s0));
}

__attribute__((target("sse2"))) static void write_nt_sse(struct bw_args *x)
{
	double *restrict a = x->a;
	size_t n = x->n;
	__m128d v = _mm_set1_pd(x->s);

	for (size_t i = 0; i < n; i += 8) {
		_mm_stream_pd(a + i, v);
		_mm_stream_pd(a + i + 2, v);
		_mm_stream_pd(a + i + 4, v);
		_mm_stream_pd(a + i + 6, v);
	}
	_mm_sfence();
}

__attribute__((target("sse2"))) static void copy_nt_sse(struct bw_args *x)
{
	const double *restrict a = x->a;
	double *restrict b = x->b;
	size_t n = x->n;

	for (size_t i = 0; i < n; i += 8) {
		__m128d v0 = _mm_load_pd(a + i), v1 = _mm_load_pd(a + i + 2),
			v2 = _mm_load_pd(a + i + 4), v3 = _mm_load_pd(a + i + 6);

		_mm_stream_pd(b + i, v0);
		_mm_stream_pd(b + i + 2, v1);
		_mm_stream_pd(b + i + 4, v2);
		_mm_stream_pd(b + i + 6, v3);
	}
	_mm_sfence();
}

__attribute__((target("avx"))) static void read_avx(struct bw_args *x)
{
	const double *restrict a = x->a;
	size_t n = x->n;
	__m256d s0 = _mm256_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;
	double t[4];

	for (size_t i = 0; i < n; i += 16) {
		s0 = _mm256_add_pd(s0, _mm256_load_pd(a + i));
		s1 = _mm256_add_pd(s1, _mm256_load_pd(a + i + 4));
		s2 = _mm256_add_pd(s2, _mm256_load_pd(a + i + 8));
		s3 = _mm256_add_pd(s3, _mm256_load_pd(a + i + 12));
	}
	s0 = _mm256_add_pd(_mm256_add_pd(s0, s1), _mm256_add_pd(s2, s3));
	_mm256_storeu_pd(t, s0);
	x->sink = t[0] + t[1] + t[2] + t[3];
}

__attribute__((target("avx"))) static void write_nt_avx(struct bw_args *x)
{
	double *restrict a = x->a;
	size_t n = x->n;
	__m256d v = _mm256_set1_pd(x->s);

	for (size_t i = 0; i < n; i += 16) {
		_mm256_stream_pd(a + i, v);
		_mm256_stream_pd(a + i + 4, v);
		_mm256_stream_pd(a + i + 8, v);
		_mm256_stream_pd(a + i + 12, v);
	}
	_mm_sfence();
}

__attribute__((target("avx"))) static void copy_nt_avx(struct bw_args *x)
{
	const double *restrict a = x->a;
	double *restrict b = x->b;
	size_t n = x->n;

	for (size_t i = 0; i < n; i += 16) {
		__m256d v0 = _mm256_load_pd(a + i),
			v1 = _mm256_load_pd(a + i + 4),
			v2 = _mm256_load_pd(a + i + 8),
			v3 = _mm256_load_pd(a + i + 12);

		_mm256_stream_pd(b + i, v0);
		_mm256_stream_pd(b + i + 4, v1);
		_mm256_stream_pd(b + i + 8, v2);
		_mm256_stream_pd(b + i + 12, v3);
	}
	_mm_sfence();
}

__attribute__((target("avx512f"))) static void read_avx512(struct bw_args *x)
{
	const double *restrict a = x->a;
	size_t n = x->n;
	__m512d s0 = _mm512_setzero_pd(), s1 = s0, s2 = s0, s3 = s0;

	for (size_t i = 0; i < n; i += 32) {
		s0 = _mm512_add_pd(s0, _mm512_load_pd(a + i));
		s1 = _mm512_add_pd(s1, _mm512_load_pd(a + i + 8));
		s2 = _mm512_add_pd(s2, _mm512_load_pd(a + i + 16));
		s3 = _mm512_add_pd(s3, _mm512_load_pd(a + i + 24));
	}
	s0 = _mm512_add_pd(_mm512_add_pd(s0, s1), _mm512_add_pd(s2, s3));
	x->sink = _mm512_reduce_add_pd(s0);
}

__attribute__((target("avx512f"))) static void
write_nt_avx512(struct bw_args *x)
{
	double *restrict a = x->a;
	size_t n = x->n;
	__m512d v = _mm512_set1_pd(x->s);

	for (size_t i = 0; i < n; i += 32) {
		_mm512_stream_pd(a + i, v);
		_mm512_stream_pd(a + i + 8, v);
		_mm512_stream_pd(a + i + 16, v);
		_mm512_stream_pd(a + i + 24, v);
	}
	_mm_sfence();
}

__attribute__((target("avx512f"))) static void copy_nt_avx512(struct bw_args *x)
{
	const double *restrict a = x->a;
	double *restrict b = x->b;
	size_t n = x->n;

	for (size_t i = 0; i < n; i += 32) {
		__m512d v0 = _mm512_load_pd(a + i),
			v1 = _mm512_load_pd(a + i + 8),
			v2 = _mm512_load_pd(a + i + 16),
			v3 = _mm512_load_pd(a + i + 24);

		_mm512_stream_pd(b + i, v0);
		_mm512_stream_pd(b + i + 8, v1);
		_mm512_stream_pd(b + i + 16, v2);
		_mm512_stream_pd(b + i + 24, v3);
	}
	_mm_sfence();
}

#endif

/* STREAM's four kernels, as STREAM writes them (c = a; b = s c;
 * c = a + b; a = b + s c), plain C. STREAM's arrays are three distinct
 * globals, so its compiler knows they do not overlap: restrict locals say
 * the same here. */
static void stream_copy(struct bw_args *x)
{
	const double *restrict a = x->a;
	double *restrict c = x->c;
	size_t n = x->n;

	for (size_t i = 0; i < n; i++)
		c[i] = a[i];
}

static void stream_scale(struct bw_args *x)
{
	double *restrict b = x->b;
	const double *restrict c = x->c;
	double s = x->s;
	size_t n = x->n;

	for (size_t i = 0; i < n; i++)
		b[i] = s * c[i];
}

static void stream_add(struct bw_args *x)
{
	const double *restrict a = x->a, *restrict b = x->b;
	double *restrict c = x->c;
	size_t n = x->n;

	for (size_t i = 0; i < n; i++)
		c[i] = a[i] + b[i];
}

static void stream_triad(struct bw_args *x)
{
	double *restrict a = x->a;
	const double *restrict b = x->b, *restrict c = x->c;
	double s = x->s;
	size_t n = x->n;

	for (size_t i = 0; i < n; i++)
		a[i] = b[i] + s * c[i];
}

const struct bw_kernel bw_kernels[] = {
	{ "read", ISA_PLAIN, 1, 0, read_plain },
#ifdef HAVE_X86
	{ "read_sse", ISA_SSE, 1, 0, read_sse },
	{ "read_avx", ISA_AVX, 1, 0, read_avx },
	{ "read_avx512", ISA_AVX512, 1, 0, read_avx512 },
#endif
	{ "write", ISA_PLAIN, 0, 1, write_plain },
#ifdef HAVE_X86
	{ "write_nt_sse", ISA_SSE, 0, 1, write_nt_sse },
	{ "write_nt_avx", ISA_AVX, 0, 1, write_nt_avx },
	{ "write_nt_avx512", ISA_AVX512, 0, 1, write_nt_avx512 },
#endif
	{ "copy", ISA_PLAIN, 1, 1, copy_plain },
#ifdef HAVE_X86
	{ "copy_nt_sse", ISA_SSE, 1, 1, copy_nt_sse },
	{ "copy_nt_avx", ISA_AVX, 1, 1, copy_nt_avx },
	{ "copy_nt_avx512", ISA_AVX512, 1, 1, copy_nt_avx512 },
#endif
	{ "stream_copy", ISA_PLAIN, 1, 1, stream_copy },
	{ "stream_scale", ISA_PLAIN, 1, 1, stream_scale },
	{ "stream_add", ISA_PLAIN, 2, 1, stream_add },
	{ "stream_triad", ISA_PLAIN, 2, 1, stream_triad },
};
const int bw_nkernels = sizeof(bw_kernels) / sizeof(bw_kernels[0]);
