/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_clockres: latency and resolution of PAPI's four timers.  Each timer
 * is read back to back many times; the gaps between consecutive readings
 * give the cost of one call (their mean) and the clock's step (the mean of
 * the gaps that are not zero).
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SAMPLES 1000000

static const struct {
	const char *name;
	long long (*read)(void);
} timers[] = {
	{ "PAPI_get_real_cyc", PAPI_get_real_cyc },
	{ "PAPI_get_real_usec", PAPI_get_real_usec },
	{ "PAPI_get_virt_cyc", PAPI_get_virt_cyc },
	{ "PAPI_get_virt_usec", PAPI_get_virt_usec },
};

/* Newton's square root: saves a libm dependency for one call. */
static double root(double x)
{
	double r = x > 1.0 ? x : 1.0;
	int i;

	if (x <= 0.0)
		return 0.0;
	for (i = 0; i < 100; i++)
		r = 0.5 * (r + x / r);
	return r;
}

static int measure(const char *name, long long (*read)(void), long long *t)
{
	long long d, min, max, nz = 0;
	double sum = 0.0, sumsq = 0.0, nzsum = 0.0, mean, var;
	int i, n = SAMPLES - 1;

	/* Fill first, compute after: keeps the loop as tight as the calls. */
	for (i = 0; i < SAMPLES; i++)
		t[i] = read();
	min = max = t[1] - t[0];
	for (i = 0; i < n; i++) {
		d = t[i + 1] - t[i];
		if (d < 0) {
			fprintf(stderr, "Error! Negative elapsed time\n");
			return -1;
		}
		if (d < min)
			min = d;
		if (d > max)
			max = d;
		sum += (double)d;
		sumsq += (double)d * (double)d;
		if (d) {
			nz++;
			nzsum += (double)d;
		}
	}
	mean = sum / n;
	var = sumsq / n - mean * mean;
	printf("%s: min %.3f  max %.3f \n", name, (double)min, (double)max);
	printf("                   average %.3f std %.3f\n", mean, root(var));
	/*
	 * "<": every call saw the clock move, so its step is below the call
	 * cost.  ">": it never moved, so its step exceeds the whole run.
	 * Otherwise the step is the mean of the non-zero gaps.
	 */
	if (nz == n)
		printf("%s : %7.3f   <%7.3f\n", name, mean, mean);
	else if (nz == 0)
		printf("%s : %7.3f   >%7.3f\n", name, mean,
		       (double)(t[n] - t[0]));
	else
		printf("%s : %7.3f    %7.3f\n", name, mean, nzsum / (double)nz);
	return 0;
}

int main(int argc, char **argv)
{
	long long *t;
	size_t i;
	int ret;

	if (argc > 1) {
		int help = !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help");

		fprintf(help ? stdout : stderr,
			"Usage: %s\n"
			"Measures latency and resolution of the PAPI timers.\n",
			argv[0]);
		return help ? 0 : 1;
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "Error with PAPI init!\n");
		return 1;
	}
	t = malloc(SAMPLES * sizeof(*t));
	if (t == NULL) {
		fprintf(stderr, "Error! Out of memory\n");
		return 1;
	}
	printf("Printing Clock latency and resolution.\n"
	       "-----------------------------------------------\n");
	for (i = 0; i < sizeof(timers) / sizeof(timers[0]); i++)
		if (measure(timers[i].name, timers[i].read, t) != 0) {
			free(t);
			return 1;
		}
	free(t);
	return 0;
}
