/* SPDX-License-Identifier: BSD-3-Clause */
#include "infer.h"

#include <math.h>
#include <stdlib.h>

/* A new level starts where latency exceeds the current plateau by this
 * factor at two points in a row (one high point is noise: the machines
 * are shared). Adjacent levels here differ by 3x or more. */
#define STEP 1.8
#define PER_OCTAVE 4

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
	double t[64];

	if (n > 64)
		n = 64;
	for (int i = 0; i < n; i++)
		t[i] = v[i];
	qsort(t, (size_t)n, sizeof(*t), cmp_double);
	return n % 2 ? t[n / 2] : (t[n / 2 - 1] + t[n / 2]) / 2;
}

/* The 2^k or 3 * 2^k nearest to 2^x, in log scale. */
static size_t nice(double x)
{
	double k = floor(x), best = 0, bd = 1e9;
	double cand[] = { exp2(k), 1.5 * exp2(k), exp2(k + 1) };

	for (int i = 0; i < 3; i++) {
		double d = fabs(log2(cand[i]) - x);

		if (d < bd) {
			bd = d;
			best = cand[i];
		}
	}
	return (size_t)best;
}

/* log2 of the size where the curve crosses `mid` between points i - 1
 * and i, interpolated linearly in log(size). */
static double crossing(const size_t *sizes, const double *lat, int i,
		       double mid)
{
	double x0, x1, f;

	if (i == 0)
		return log2((double)sizes[0]);
	x0 = log2((double)sizes[i - 1]);
	x1 = log2((double)sizes[i]);
	f = (mid - lat[i - 1]) / (lat[i] - lat[i - 1]);
	return x0 + f * (x1 - x0);
}

/* A level's capacity: where the curve crosses the midpoint between it and
 * the next level (about half the accesses still served by it),
 * interpolated in log(size), then rounded to the nearest 2^k or 3 * 2^k:
 * the rise starts early in a physically indexed or shared cache, and real
 * capacities have that form (48K, 1M, 32M...). Memory has none. */
static void capacities(const size_t *sizes, const double *lat, int n,
		       struct level *out, const int *start, int nl)
{
	for (int l = 0; l + 1 < nl; l++) {
		double mid = (out[l].lat + out[l + 1].lat) / 2, x = 0;

		out[l].size = 0;
		out[l].cross = 0;
		for (int i = start[l]; i < n; i++) {
			if (lat[i] > mid && (i + 1 >= n || lat[i + 1] > mid)) {
				x = crossing(sizes, lat, i, mid);
				break;
			}
		}
		if (x == 0)
			continue;
		out[l].cross = (size_t)exp2(x);
		out[l].size = nice(x);
	}
	out[nl - 1].size = 0;
	out[nl - 1].cross = 0;
}

int infer_levels(const size_t *sizes, const double *lat, int n,
		 struct level *out, int max)
{
	int start[INFER_MAX_LEVELS], nl = 1;

	if (n < 3 || max < 1)
		return 0;
	if (max > INFER_MAX_LEVELS)
		max = INFER_MAX_LEVELS;
	start[0] = 0;
	out[0].lat = median(lat, 3);
	for (int i = 1; i + 1 < n && nl < max; i++) {
		double base = out[nl - 1].lat;
		int m;

		if (lat[i] <= STEP * base || lat[i + 1] <= STEP * base)
			continue;
		/* The new plateau's level: the median over the octave that
		 * follows its start; the curve may still be climbing there,
		 * and the median is where it mostly sits. */
		m = n - i < PER_OCTAVE + 1 ? n - i : PER_OCTAVE + 1;
		start[nl] = i;
		out[nl++].lat = median(lat + i, m);
	}
	/* The last level is memory: its latency is where the curve ends. */
	if (nl > 1 && n - start[nl - 1] >= 3)
		out[nl - 1].lat = median(lat + n - 3, 3);
	capacities(sizes, lat, n, out, start, nl);
	/* A level that holds less than twice the one before it is no cache
	 * but the climb between two: the L3-to-memory rise of a cache shared
	 * with other tenants passes 60 ns on the way (Zen 4 VM, 8-16 MiB) and
	 * would otherwise read as an "L4". Real levels grow 8x or more. */
	for (int l = 1; l + 1 < nl; l++) {
		if (out[l].cross == 0 || out[l - 1].cross == 0 ||
		    out[l].cross >= 2 * out[l - 1].cross)
			continue;
		for (int k = l; k + 1 < nl; k++) {
			start[k] = start[k + 1];
			out[k] = out[k + 1];
		}
		nl--;
		capacities(sizes, lat, n, out, start, nl);
		l--;
	}
	return nl;
}

/* The step is the one rise between neighbouring spacings that stands out:
 * at least 8%, and at least twice any other rise. How tall it is depends
 * on the CPU (the second load's hit overlaps the first load's miss more or
 * less): 60% on Zen 5, 25% on Zen 4 (3.6 -> 4.5 ns), which a fixed
 * threshold of the whole curve's range missed. */
size_t infer_line(const size_t *spacing, const double *lat, int n)
{
	double best = 0, other = 0;
	int at = -1;

	for (int i = 1; i < n; i++) {
		double r = lat[i - 1] > 0 ? lat[i] / lat[i - 1] - 1 : 0;

		if (r > best) {
			other = best > other ? best : other;
			best = r;
			at = i;
		} else if (r > other) {
			other = r;
		}
	}
	if (at < 0 || best < 0.08 || best < 2 * other)
		return 0;
	return spacing[at];
}

int infer_assoc(const double *lat, int kmax)
{
	double lo = lat[0], hi = lat[kmax - 1];

	if (hi < 1.5 * lo)
		return 0;
	for (int k = 1; k < kmax; k++)
		if (lat[k] > (lo + hi) / 2)
			return k;
	return 0;
}

int infer_steps(const double *lat, int n, struct step *out, int max)
{
	int ns = 0, start = 0;
	double base;

	if (n < 3)
		return 0;
	base = median(lat, 3);
	for (int i = 1; i + 1 < n && ns < max; i++) {
		double hi, mid;
		int fit = i, m;

		if (lat[i] <= STEP * base || lat[i + 1] <= STEP * base)
			continue;
		m = n - i < PER_OCTAVE ? n - i : PER_OCTAVE;
		hi = median(lat + i, m);
		mid = (base + hi) / 2;
		/* A replacement policy other than LRU, or a noisy point, can
		 * put a point half-way up; the step is where the curve passes
		 * the midpoint for good. */
		for (int j = start + 1; j <= i; j++)
			if (lat[j] > mid && lat[j + 1] > mid) {
				fit = j;
				break;
			}
		out[ns].fit = fit;
		out[ns].lo = base;
		out[ns++].hi = hi;
		base = hi;
		start = i;
	}
	return ns;
}

int infer_match(const struct level *lv, int nl, double ns)
{
	int best = -1;
	double bd = log(1.6);

	for (int l = 0; l < nl; l++) {
		double d = fabs(log(ns / lv[l].lat));

		if (lv[l].lat > 0 && d < bd) {
			bd = d;
			best = l;
		}
	}
	return best;
}

int infer_assoc_level(const double *lat, int n, const struct level *lv, int nl,
		      int lvl)
{
	struct step st[8];
	int k = infer_steps(lat, n, st, 8);

	if (lvl + 1 >= nl)
		return 0;
	for (int i = 0; i < k; i++) {
		int lo = infer_match(lv, nl, st[i].lo);
		int hi = infer_match(lv, nl, st[i].hi);

		if (lo >= 0 && lo <= lvl && hi == lvl + 1)
			return st[i].fit;
	}
	return 0;
}

void synthetic_curve(const size_t *sizes, double *lat, int n,
		     const struct level *model, int nlevels)
{
	unsigned seed = 12345;

	for (int i = 0; i < n; i++) {
		double s = (double)sizes[i], served = 0, t = 0;

		/* in[l]: the share of accesses that level l or a faster one
		 * serves; the 4th power gives a rise that starts near 70% of
		 * the capacity, as a physically indexed cache does. */
		for (int l = 0; l < nlevels; l++) {
			double in =
				l + 1 == nlevels ?
					1 :
					fmin(1,
					     pow((double)model[l].size / s, 4));

			if (in < served)
				in = served;
			t += (in - served) * model[l].lat;
			served = in;
		}
		seed = seed * 1103515245u + 12345u;
		lat[i] = t *
			 (0.97 + 0.06 * (double)(seed >> 16 & 0x7fff) / 0x7fff);
	}
}
