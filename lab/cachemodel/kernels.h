/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef CACHEMODEL_KERNELS_H
#define CACHEMODEL_KERNELS_H

#include <stddef.h>

/* Follows `steps` pointers from p; returns where it ended so the loads
 * cannot be removed. Each load depends on the one before: latency, not
 * bandwidth. */
void *chase(void *p, size_t steps);

/* Reads a[0], a[stride], a[2 stride]... (stride in elements) over n
 * elements, `passes` times; returns the sum so the loads stay. */
long sweep(const long *a, size_t n, size_t stride, size_t passes);

#endif
