// SPDX-License-Identifier: BSD-3-Clause
/*
 * What resolving an event name costs as the native table grows: every
 * distinct name a program resolves adds an entry (a sysfs-syntax name
 * with its own config1 here, accepted on any machine with the software
 * PMU). For tables of 1k, 10k and 100k names: the time of 1000 names new
 * to the table, and of 1000 names already in it, and the ratio to the 1k
 * table in the same run. A linear table made the new-name cost grow with
 * the table (408 us per name at 120k entries, issue 14); a hash keeps it
 * flat.
 */
#include <papi.h>

#include <stdio.h>
#include <time.h>

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

static int resolve(long i)
{
	char name[64];
	int code;

	snprintf(name, sizeof(name), "software/config=0,config1=%ld/", i);
	return PAPI_event_name_to_code(name, &code);
}

int main(void)
{
	static const long sizes[] = { 1000, 10000, 100000 };
	double base_new = 0, base_old = 0;
	long have = 0;
	unsigned k;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init failed\n");
		return 77;
	}
	if (resolve(0) != PAPI_OK) {
		printf("SKIP: no software PMU in sysfs syntax here\n");
		return 77;
	}
	printf("bench/names: ns per PAPI_event_name_to_code, 1000 names each\n");
	printf("%-8s %10s %10s %10s %10s\n", "table", "new", "known",
	       "new/1k", "known/1k");
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
		double t0, t_new, t_old;
		long i;

		for (; have < sizes[k]; have++)
			if (resolve(have) != PAPI_OK)
				return 1;
		t0 = now_ns();
		for (i = 0; i < 1000; i++)
			if (resolve(1000000000L + sizes[k] + i) != PAPI_OK)
				return 1;
		t_new = (now_ns() - t0) / 1000;
		t0 = now_ns();
		for (i = 0; i < 1000; i++)
			resolve(i * (sizes[k] / 1000));
		t_old = (now_ns() - t0) / 1000;
		if (k == 0) {
			base_new = t_new;
			base_old = t_old;
		}
		printf("%-8ld %10.0f %10.0f %10.2f %10.2f\n", sizes[k], t_new,
		       t_old, t_new / base_new, t_old / base_old);
	}
	PAPI_shutdown();
	return 0;
}
