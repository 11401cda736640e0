/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The bandwidth kernels: each moves n doubles (n a multiple of 64, arrays
 * 64-byte aligned). Vector variants exist only where the CPU has the ISA;
 * kernels_supported() says which, at run time.
 */
#ifndef MEMBW_KERNELS_H
#define MEMBW_KERNELS_H

#include <stddef.h>

enum isa {
	ISA_PLAIN,
	ISA_SSE,
	ISA_AVX,
	ISA_AVX512,
	ISA_N
};

struct bw_args {
	double *a, *b, *c;
	size_t n;
	double s;
	double sink; /* what read kernels computed, so they are not deleted */
};

typedef void bw_fn(struct bw_args *x);

struct bw_kernel {
	const char *name; /* e.g. "read_avx512", "stream_triad" */
	enum isa isa;
	int arrays_read, arrays_written; /* bytes = n * 8 * (r + w) */
	bw_fn *fn;
};

extern const struct bw_kernel bw_kernels[];
extern const int bw_nkernels;

/* Whether this CPU runs code of that ISA (__builtin_cpu_supports). */
int isa_supported(enum isa i);

#endif
