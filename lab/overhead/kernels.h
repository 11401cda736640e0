/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The thesis's host kernels (seed 004): STREAM's vector operations and
 * element copy, and the Sobel convolution. Each takes an `after` hook,
 * called after every unit of work (an element, a vector operation, a
 * pixel) when not NULL: the harness puts PAPI_read there, or nothing.
 */
#ifndef OVERHEAD_KERNELS_H
#define OVERHEAD_KERNELS_H

#include <stddef.h>

typedef void hook_fn(void *ctx);

/* c[i] = a[i], the hook after each element. */
void element_copy(double *c, const double *a, size_t n, hook_fn *after,
		  void *ctx);

/* One round of STREAM: copy, scale, add, triad, the hook after each. */
void stream_round(double *a, double *b, double *c, size_t n, double s,
		  hook_fn *after, void *ctx);

/* Sobel gradient magnitude of a w x h 8-bit image; the hook after each
 * pixel's convolution. */
void sobel(const unsigned char *in, unsigned char *out, int w, int h,
	   hook_fn *after, void *ctx);

#endif
