/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The cache model's measurements: pointer chases over buffers laid out to
 * probe one property each (the latency curve, the line, one set), timed
 * with PAPI_get_real_nsec and, for the latency curve, counted with
 * whatever events this machine has.
 */
#ifndef CACHEMODEL_MEASURE_H
#define CACHEMODEL_MEASURE_H

#include <stddef.h>

struct lab_counters;

/* quick: fewer loads per point. c: counted around the latency curve's
 * chases (NULL: none). */
void measure_setup(int quick, struct lab_counters *c);

/* xorshift; the same sequence every run. */
size_t measure_rnd(size_t n);
/* Sattolo's shuffle: perm[i] is the slot after i, one cycle through all
 * n slots, so a chase visits every element before it repeats. */
void measure_cycle(size_t *perm, size_t n);

/* ns per load of `steps` dependent loads from p, best of three; with
 * `count`, the best run's counts per load are kept (measure_counts). */
double measure_chase(void *p, size_t steps, int count);
/* Loads enough for a stable time over n elements. */
size_t measure_steps(size_t n);
/* Per load, the events of the last counted chase (the counters' order). */
const double *measure_counts(void);

/* A random chase over `size` bytes, one element per `line` bytes. */
double chase_latency(size_t size, size_t line);
/* The paired chase: each random jump to a line-aligned A is followed by a
 * load of A + s, which hits while s is inside A's line. */
double pair_latency(size_t s);
/* k lines `way` bytes apart, chased: one set of a cache indexed by
 * virtual address whose way size divides `way`. */
double set_latency(size_t way, int k);
/* A chase over the k lines at `lines` (pointers to line-aligned bytes). */
double lines_latency(char *const *lines, int k);

#endif
