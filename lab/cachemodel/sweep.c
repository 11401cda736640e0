/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The seed's stride/size sweep: for each array size (powers of two up to
 * max) and each stride (8 bytes to size/2), read the array at that stride
 * over and over and record time and, where the PMU has them, misses per
 * access. Written as CSV; the curves show each level's size (where the
 * time per access jumps with the size) and the line size (where it stops
 * growing with the stride).
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>

#include "../common/lab.h"
#include "kernels.h"

int sweep_main(size_t max, const char *csv);

int sweep_main(size_t max, const char *csv)
{
	static const char *const ev[] = { "PAPI_L1_DCM", "PAPI_L2_DCM",
					  "PAPI_L3_TCM" };
	static const char *const cols[] = {
		"size_bytes",	     "stride_bytes",	  "ns_per_access",
		"L1_DCM_per_access", "L2_DCM_per_access", "L3_TCM_per_access"
	};
	struct lab_counters c;
	struct lab_table t;
	long *a = aligned_alloc(4096, max);
	long sum = 0;
	int total = 0, done = 0;

	if (!a)
		return 1;
	for (size_t i = 0; i < max / sizeof(long); i++)
		a[i] = (long)i;
	for (size_t s = 4096; s <= max; s *= 2)
		for (size_t st = 8; st <= s / 2; st *= 2)
			total++;
	lab_counters_open(&c, ev, 3);
	lab_table_init(&t, cols, 6);
	for (size_t s = 4096; s <= max; s *= 2)
		for (size_t st = 8; st <= s / 2; st *= 2) {
			size_t n = s / sizeof(long), str = st / sizeof(long);
			size_t per = n / str;
			/* About 2^20 accesses per point, at least one pass. */
			size_t passes = (1u << 20) / per + 1;
			double acc = (double)(per * passes);
			long long t0, t1;

			lab_progress("sweep", done++, total);
			sum += sweep(a, n, str, 1);
			lab_counters_start(&c);
			t0 = lab_now_ns();
			sum += sweep(a, n, str, passes);
			t1 = lab_now_ns();
			lab_counters_stop(&c);
			lab_table_row(&t);
			lab_table_set(&t, 0, "%zu", s);
			lab_table_set(&t, 1, "%zu", st);
			lab_table_set(&t, 2, "%.3f", (double)(t1 - t0) / acc);
			for (int e = 0; e < 3; e++) {
				long long v = lab_counter(&c, ev[e]);

				if (v >= 0)
					lab_table_set(&t, 3 + e, "%.4f",
						      (double)v / acc);
				else
					lab_table_set(&t, 3 + e, "-");
			}
		}
	lab_progress("sweep", total, total);
	if (c.missing[0])
		printf("# sweep: not counted here: %s\n", c.missing);
	printf("# sweep: %d points written to %s (checksum %ld)\n", t.nrows,
	       csv, sum & 0xff);
	free(a);
	lab_counters_close(&c);
	if (lab_table_csv(&t, csv))
		return 1;
	lab_table_free(&t);
	return 0;
}
