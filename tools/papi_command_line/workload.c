/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The standard work papi_command_line measures, as PAPI's does: a run of
 * floating-point multiply-adds, then a sweep over a buffer larger than the
 * caches with a stride of a cache line, so that cycle, instruction, FP and
 * cache-miss events all see something.
 */
#include <stdlib.h>

#include "workload.h"

#define FLOPS 10000000
#define BUF_BYTES (16u << 20)
#define LINE 64

/* volatile: the compiler must neither drop nor vectorise the work. */
static volatile double sink;

static void flops(void)
{
	double a = 0.5, b = 2.2, c = 0.0;
	int i;

	for (i = 0; i < FLOPS; i++)
		c += a * b;
	sink = c;
}

static void misses(void)
{
	unsigned char *buf = malloc(BUF_BYTES);
	unsigned long sum = 0;
	size_t i;
	int pass;

	if (!buf)
		return;
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < BUF_BYTES; i += LINE) {
			buf[i] = (unsigned char)(i + pass);
			sum += buf[i];
		}
	sink = (double)sum;
	free(buf);
}

void papi_cl_workload(void)
{
	flops();
	misses();
}
