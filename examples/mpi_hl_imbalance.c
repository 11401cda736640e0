// SPDX-License-Identifier: BSD-3-Clause
/*
 * The high-level API in an MPI job, with a deliberately imbalanced loop:
 * rank r does (r + 1) units of work in region "compute", so the last rank
 * is the slowest and the imbalance of the CPU time over the ranks is
 * size / ((size + 1) / 2) (1.6 with 4 ranks). Then "exchange" (an
 * MPI_Allreduce, where the faster ranks wait) and "step", which encloses
 * both, ITERS times.
 *
 *   mpirun -np 4 ./mpi_hl_imbalance [units_ms]
 *   papi_hl_output_writer --by-rank papi_hl_output
 *
 * Each rank writes papi_hl_output/rank_<rank>.json at exit (the library
 * reads the rank from the launcher's environment; it needs no MPI symbol)
 * and prints what it measured itself, one line per rank:
 *   rank R size S host H pid P compute_instances N compute_cpu_ns T
 *   compute_wall_ns W
 * with T its own thread CPU time and W the wall time inside "compute"
 * (clock_gettime), which tests/e2e/hl_mpi.sh checks against the joined
 * report.
 */
#include <mpi.h>
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#define ITERS 3

static long long clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long long thread_cpu_ns(void)
{
	return clock_ns(CLOCK_THREAD_CPUTIME_ID);
}

static volatile double sink;

/* Burn ms milliseconds of this thread's CPU time: the same work whatever
 * the machine's load, as CPU time, not wall time. */
static void work(long ms)
{
	long long end = thread_cpu_ns() + ms * 1000000LL;
	double x = 1.0;
	int i;

	while (thread_cpu_ns() < end)
		for (i = 0; i < 20000; i++)
			x = x * 1.0000001 + 1e-9;
	sink = x;
}

static void check(int ret, const char *what)
{
	if (ret != PAPI_OK) {
		fprintf(stderr, "%s: %s\n", what, PAPI_strerror(ret));
		MPI_Abort(MPI_COMM_WORLD, 1);
	}
}

int main(int argc, char **argv)
{
	long unit_ms = argc > 1 ? atol(argv[1]) : 20;
	long long cpu = 0, wall = 0, t, w;
	int rank, size, it, n = 0;
	double mine, sum;
	char host[256] = "?";

	MPI_Init(&argc, &argv);
	MPI_Comm_rank(MPI_COMM_WORLD, &rank);
	MPI_Comm_size(MPI_COMM_WORLD, &size);
	gethostname(host, sizeof(host));
	host[sizeof(host) - 1] = '\0';

	for (it = 0; it < ITERS; it++) {
		check(PAPI_hl_region_begin("step"), "begin step");
		check(PAPI_hl_region_begin("compute"), "begin compute");
		w = clock_ns(CLOCK_MONOTONIC);
		t = thread_cpu_ns();
		work(unit_ms * (rank + 1)); /* the imbalance */
		cpu += thread_cpu_ns() - t;
		wall += clock_ns(CLOCK_MONOTONIC) - w;
		check(PAPI_hl_region_end("compute"), "end compute");
		n++;
		check(PAPI_hl_region_begin("exchange"), "begin exchange");
		mine = (double)rank;
		MPI_Allreduce(&mine, &sum, 1, MPI_DOUBLE, MPI_SUM,
			      MPI_COMM_WORLD);
		check(PAPI_hl_region_end("exchange"), "end exchange");
		check(PAPI_hl_region_end("step"), "end step");
	}
	printf("rank %d size %d host %s pid %d compute_instances %d "
	       "compute_cpu_ns %lld compute_wall_ns %lld\n",
	       rank, size, host, (int)getpid(), n, cpu, wall);
	fflush(stdout);
	MPI_Finalize();
	return 0;
}
