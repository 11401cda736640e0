// SPDX-License-Identifier: BSD-3-Clause
/*
 * The acceptance test on a machine with or without a PMU: an
 * EventSet of perf::TASK-CLOCK, perf::PAGE-FAULTS and PAPI_REF_CYC counts a
 * busy loop plausibly through start, read, accum, reset and stop:
 *   task-clock between the thread's CPU time and the wall time, within 5%
 *   (task_clock.h),
 *   page faults at least the pages first touched,
 *   REF_CYC / task-clock ns equal to the TSC rate (where REF_CYC is msr/tsc/).
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "check.h"
#include "task_clock.h"

static volatile double sink;

static void burn(long n)
{
	double x = 0;
	long i;

	for (i = 0; i < n; i++)
		x += (double)i * 0.5;
	sink = x;
}

/* TSC rate in GHz from /proc/cpuinfo's "cpu MHz"? No: the kernel's tsc
 * rate is not exported; use the hardware info's nominal MHz. */
static double tsc_ghz(void)
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();

	return hw && hw->cpu_max_mhz > 0 ? hw->cpu_max_mhz / 1000.0 : 0;
}

int main(void)
{
	const char *names[3] = { "perf::TASK-CLOCK", "perf::PAGE-FAULTS",
				 "PAPI_REF_CYC" };
	long long v[3], acc[3] = { 0, 0, 0 };
	struct tc_stamp t0, t1;
	long page = sysconf(_SC_PAGESIZE), npages = 4096, i;
	int es = PAPI_NULL, ret, have_ref = 1;
	char *mem;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init failed\n");
		return 77;
	}
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	for (i = 0; i < 2; i++) {
		ret = PAPI_add_named_event(es, names[i]);
		if (ret == PAPI_EPERM || ret == PAPI_ENOEVNT) {
			printf("SKIP: %s: %s (perf_event unusable here)\n",
			       names[i], PAPI_strerror(ret));
			return 77;
		}
		CHECK(ret == PAPI_OK, "add %s: %s", names[i], PAPI_strerror(ret));
	}
	ret = PAPI_add_named_event(es, names[2]);
	if (ret != PAPI_OK) {
		printf("note: PAPI_REF_CYC not available: %s\n",
		       PAPI_strerror(ret));
		have_ref = 0;
	}
	CHECK(PAPI_num_events(es) == 2 + have_ref, "num_events");

	/* mmap, not malloc: malloc writes its header into the first page. */
	mem = mmap(NULL, (size_t)(npages * page), PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(mem != MAP_FAILED, "mmap");
	/* Transparent huge pages would fault 2 MiB at a time. */
	madvise(mem, (size_t)(npages * page), MADV_NOHUGEPAGE);
	t0 = tc_now();
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	for (i = 0; i < npages; i++)
		mem[i * page] = 1; /* first touch: one fault per page */
	burn(30 * 1000 * 1000);
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	t1 = tc_now();

	printf("task-clock %lld ns, thread CPU time %lld ns, wall time %lld ns, "
	       "page faults %lld",
	       v[0], t1.cpu - t0.cpu, t1.wall - t0.wall, v[1]);
	if (have_ref)
		printf(", REF_CYC %lld (%.3f per ns, nominal %.3f GHz)", v[2],
		       (double)v[2] / (double)v[0], tsc_ghz());
	printf("\n");
	CHECK(tc_fits(v[0], t0, t1, 0.05, 0),
	      "task-clock %lld outside CPU time %lld .. wall time %lld", v[0],
	      t1.cpu - t0.cpu, t1.wall - t0.wall);
	CHECK(v[1] >= npages, "page faults %lld < pages touched %ld", v[1],
	      npages);
	if (have_ref && tsc_ghz() > 0) {
		double r = (double)v[2] / (double)v[0];

		CHECK(r > 0.97 * tsc_ghz() && r < 1.03 * tsc_ghz(),
		      "REF_CYC per task-clock ns %.3f vs %.3f GHz", r,
		      tsc_ghz());
	}

	/* reset zeroes, accum adds and zeroes. */
	CHECK(PAPI_reset(es) == PAPI_OK, "reset");
	CHECK(PAPI_read(es, v) == PAPI_OK, "read after reset");
	CHECK(v[0] < 5 * 1000 * 1000, "task-clock after reset %lld", v[0]);
	burn(10 * 1000 * 1000);
	CHECK(PAPI_accum(es, acc) == PAPI_OK, "accum");
	CHECK(acc[0] > 0, "accum task-clock %lld", acc[0]);
	CHECK(PAPI_read(es, v) == PAPI_OK, "read after accum");
	CHECK(v[0] < acc[0], "accum did not reset: %lld >= %lld", v[0], acc[0]);
	burn(10 * 1000 * 1000);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	CHECK(v[0] > 0, "stop task-clock %lld", v[0]);
	/* A stopped set reads as it stopped. */
	{
		long long w[3];

		CHECK(PAPI_read(es, w) == PAPI_OK, "read stopped");
		CHECK(memcmp(v, w, sizeof(long long) * (size_t)(2 + have_ref)) == 0,
		      "stopped read differs");
	}
	CHECK(PAPI_stop(es, v) == PAPI_ENOTRUN, "second stop");

	/* Every start counts afresh, the msr PMU's TSC included (inside a
	 * perf group it froze after the first enable; see pe_ctl.c). */
	for (i = 0; have_ref && i < 3; i++) {
		double r;

		CHECK(PAPI_start(es) == PAPI_OK, "restart %ld", i);
		burn(10 * 1000 * 1000);
		CHECK(PAPI_stop(es, v) == PAPI_OK, "restop %ld", i);
		r = (double)v[2] / (double)v[0];
		CHECK(tsc_ghz() <= 0 ||
			      (r > 0.97 * tsc_ghz() && r < 1.03 * tsc_ghz()),
		      "cycle %ld: REF_CYC %lld per task-clock %lld = %.3f", i,
		      v[2], v[0], r);
	}
	CHECK(PAPI_cleanup_eventset(es) == PAPI_OK, "cleanup");
	CHECK(PAPI_destroy_eventset(&es) == PAPI_OK, "destroy");
	CHECK(es == PAPI_NULL, "destroy resets the handle");
	munmap(mem, (size_t)(npages * page));
	PAPI_shutdown();
	if (check_failures)
		printf("%d check(s) failed\n", check_failures);
	return check_failures ? 1 : 0;
}
