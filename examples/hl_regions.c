/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * PAPI 7's high-level API: mark regions, and PAPI writes what they
 * counted to papi_hl_output/rank_NNNNNN.json (under PAPI_OUTPUT_DIRECTORY
 * or the current directory) when the program exits. No EventSet, no
 * events in the code: PAPI_EVENTS chooses them, e.g.
 *
 *     PAPI_EVENTS=PAPI_TOT_INS,PAPI_TOT_CYC ./hl_regions
 *     papi_hl_output_writer            # the table of the regions
 *
 * This program has a "setup" region, a "solve" region with a nested
 * "step" region per iteration and a PAPI_hl_read() after each step, and a
 * "worker" region measured in each of several threads.
 * Usage: hl_regions [threads]  (default 2)
 */
#include <papi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 256

static double a[N][N], b[N][N], c[N][N];

static void check(int ret, const char *call)
{
	if (ret != PAPI_OK) {
		fprintf(stderr, "hl_regions: %s: %s\n", call,
			PAPI_strerror(ret));
		exit(1);
	}
}

/* One k slice of c += a * b. */
static void step(int k0, int k1)
{
	int i, j, k;

	for (i = 0; i < N; i++)
		for (k = k0; k < k1; k++)
			for (j = 0; j < N; j++)
				c[i][j] += a[i][k] * b[k][j];
}

static void *worker(void *arg)
{
	volatile double x = 0;
	long i, n = (long)arg;

	check(PAPI_hl_region_begin("worker"), "PAPI_hl_region_begin");
	for (i = 0; i < n; i++)
		x += (double)i * 0.5;
	check(PAPI_hl_region_end("worker"), "PAPI_hl_region_end");
	return NULL;
}

int main(int argc, char **argv)
{
	int nthreads = argc > 1 ? atoi(argv[1]) : 2, i, j;
	pthread_t *tid;

	check(PAPI_hl_region_begin("setup"), "PAPI_hl_region_begin");
	for (i = 0; i < N; i++)
		for (j = 0; j < N; j++) {
			a[i][j] = (double)(i + j) / N;
			b[i][j] = (double)(i - j) / N;
		}
	check(PAPI_hl_region_end("setup"), "PAPI_hl_region_end");

	check(PAPI_hl_region_begin("solve"), "PAPI_hl_region_begin");
	for (i = 0; i < 4; i++) {
		check(PAPI_hl_region_begin("step"), "PAPI_hl_region_begin");
		step(i * N / 4, (i + 1) * N / 4);
		check(PAPI_hl_region_end("step"), "PAPI_hl_region_end");
		check(PAPI_hl_read("solve"), "PAPI_hl_read");
	}
	check(PAPI_hl_region_end("solve"), "PAPI_hl_region_end");

	tid = calloc(nthreads > 0 ? (size_t)nthreads : 1, sizeof(*tid));
	for (i = 0; tid && i < nthreads; i++)
		if (pthread_create(&tid[i], NULL, worker, (void *)20000000L)) {
			perror("pthread_create");
			return 1;
		}
	for (i = 0; tid && i < nthreads; i++)
		pthread_join(tid[i], NULL);
	free(tid);
	printf("c[1][1] = %g; the report is written to %s/papi_hl_output at exit\n",
	       c[1][1], getenv("PAPI_OUTPUT_DIRECTORY") ?
			       getenv("PAPI_OUTPUT_DIRECTORY") : ".");
	return 0;
}
