/* SPDX-License-Identifier: BSD-3-Clause */
#include "measure.h"

#include <stdlib.h>
#include <string.h>

#include "../common/lab.h"
#include "kernels.h"

static int quick;
static struct lab_counters *ctr;
static double counts[LAB_MAX_EVENTS];
static unsigned long rng = 88172645463325252ul;

void measure_setup(int q, struct lab_counters *c)
{
	quick = q;
	ctr = c && c->n > 0 ? c : NULL;
}

size_t measure_rnd(size_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (size_t)(rng % n);
}

void measure_cycle(size_t *perm, size_t n)
{
	for (size_t i = 0; i < n; i++)
		perm[i] = i;
	for (size_t i = n - 1; i > 0; i--) {
		size_t j = measure_rnd(i), t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
}

double measure_chase(void *p, size_t steps, int count)
{
	double best = 1e30;

	count = count && ctr;
	chase(p, steps / 4 + 8); /* warm: caches and TLB */
	for (int r = 0; r < 3; r++) {
		long long t0, t1;
		void *q;

		if (count)
			lab_counters_start(ctr);
		t0 = lab_now_ns();
		q = chase(p, steps);
		t1 = lab_now_ns();
		if (count)
			lab_counters_stop(ctr);
		if (q == NULL)
			abort();
		if ((double)(t1 - t0) / (double)steps < best) {
			best = (double)(t1 - t0) / (double)steps;
			for (int e = 0; count && e < ctr->n; e++)
				counts[e] = (double)ctr->v[e] / (double)steps;
		}
	}
	return best;
}

const double *measure_counts(void)
{
	return counts;
}

size_t measure_steps(size_t nelem)
{
	size_t s = quick ? (1u << 16) : (1u << 20);

	return (nelem * 2 > s ? nelem * 2 : s) & ~(size_t)7;
}

double chase_latency(size_t size, size_t line)
{
	size_t n = size / line, *perm = malloc(n * sizeof(*perm));
	char *buf = aligned_alloc(4096, (size + 4095) & ~(size_t)4095);
	double ns = -1;

	if (perm && buf) {
		measure_cycle(perm, n);
		for (size_t i = 0; i < n; i++)
			*(void **)(buf + perm[i] * line) =
				buf + perm[(i + 1) % n] * line;
		ns = measure_chase(buf, measure_steps(n), 1);
	}
	free(buf);
	free(perm);
	return ns;
}

double pair_latency(size_t s)
{
	const size_t slot = 1024, nslots = 2048;
	size_t *perm = malloc(nslots * sizeof(*perm));
	size_t *off = malloc(nslots * sizeof(*off));
	char *buf = aligned_alloc(4096, slot * nslots);
	double ns = -1;

	if (perm && buf && off) {
		measure_cycle(perm, nslots);
		/* A at a random line of its slot, so the slots do not all
		 * fall in the same few cache sets. */
		for (size_t i = 0; i < nslots; i++)
			off[i] = i * slot +
				 64 * measure_rnd((slot - s - 8) / 64 + 1);
		for (size_t i = 0; i < nslots; i++) {
			char *a = buf + off[perm[i]];

			*(void **)a = a + s;
			*(void **)(a + s) = buf + off[perm[(i + 1) % nslots]];
		}
		ns = measure_chase(buf + off[perm[0]],
				   measure_steps(2 * nslots), 0);
	}
	free(off);
	free(buf);
	free(perm);
	return ns;
}

double set_latency(size_t way, int k)
{
	/* aligned_alloc wants a multiple of the alignment (C11; ASan
	 * checks). */
	char *buf =
		aligned_alloc(4096, (way * (size_t)k + 4095) & ~(size_t)4095);
	char *lines[64];
	double ns;

	if (!buf || k > 64)
		return -1;
	for (int i = 0; i < k; i++)
		lines[i] = buf + (size_t)i * way;
	ns = lines_latency(lines, k);
	free(buf);
	return ns;
}

double lines_latency(char *const *lines, int k)
{
	size_t perm[64];

	if (k < 1 || k > 64)
		return -1;
	measure_cycle(perm, (size_t)k);
	for (int i = 0; i < k; i++)
		*(void **)lines[perm[i]] = lines[perm[(i + 1) % k]];
	return measure_chase(lines[0], 1u << 18, 0);
}
