/* SPDX-License-Identifier: BSD-3-Clause */
/* The measured loops, apart from the harness that times them. */
#include "kernels.h"

void *chase(void *p, size_t steps)
{
	void **q = p;

	/* Unrolled by 8 so the loop's own branch is noise beside a load. */
	for (size_t i = 0; i < steps / 8; i++) {
		q = *q;
		q = *q;
		q = *q;
		q = *q;
		q = *q;
		q = *q;
		q = *q;
		q = *q;
	}
	return q;
}

long sweep(const long *a, size_t n, size_t stride, size_t passes)
{
	long s = 0;

	for (size_t p = 0; p < passes; p++)
		for (size_t i = 0; i < n; i += stride)
			s += a[i];
	return s;
}
