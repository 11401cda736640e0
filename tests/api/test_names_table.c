// SPDX-License-Identifier: BSD-3-Clause
/*
 * The native table under many names (issue 14): 20,000 distinct accepted
 * names (sysfs syntax, one config1 each) get 20,000 distinct codes; each
 * resolves again to its own code, in any letter case, and back to its
 * name; names resolved before the table grew keep their codes; after
 * PAPI_shutdown and a new PAPI_library_init the table starts again and the
 * same names resolve. (The index is rebuilt at 512, 1024, ... entries, so
 * this crosses many rehashes.)
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define N 20000

static void name_of(long i, char *buf, size_t len)
{
	snprintf(buf, len, "software/config=0,config1=%ld/", i);
}

static int resolve_all(int *codes)
{
	char name[64], back[PAPI_MAX_STR_LEN];
	int i, code, bad = 0;

	for (i = 0; i < N; i++) {
		name_of(i, name, sizeof(name));
		if (PAPI_event_name_to_code(name, &codes[i]) != PAPI_OK) {
			CHECK(0, "%s not accepted", name);
			return -1;
		}
	}
	for (i = 0; i < N && bad < 5; i++) {
		name_of(i, name, sizeof(name));
		/* Upper case: event names compare without case. */
		for (char *p = name; *p; p++)
			if (*p >= 'a' && *p <= 'z')
				*p = (char)(*p - 'a' + 'A');
		if (PAPI_event_name_to_code(name, &code) != PAPI_OK ||
		    code != codes[i]) {
			CHECK(0, "%s: code %#x, first %#x", name, code, codes[i]);
			bad++;
		}
		if (PAPI_event_code_to_name(codes[i], back) != PAPI_OK ||
		    strcasecmp(back, name) != 0) {
			CHECK(0, "code %#x names %s, want %s", codes[i], back,
			      name);
			bad++;
		}
	}
	return bad ? -1 : 0;
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

int main(void)
{
	static int codes[N], sorted[N];
	char name[64];
	int i, code, dups = 0;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	name_of(0, name, sizeof(name));
	if (PAPI_event_name_to_code(name, &code) != PAPI_OK)
		SKIP("no software PMU in sysfs syntax here");
	if (resolve_all(codes) == 0) {
		memcpy(sorted, codes, sizeof(codes));
		qsort(sorted, N, sizeof(int), cmp_int);
		for (i = 1; i < N; i++)
			dups += sorted[i] == sorted[i - 1];
		CHECK(dups == 0, "%d names share a code", dups);
		/* Known names still resolve as before. */
		CHECK(PAPI_event_name_to_code("perf::TASK-CLOCK", &code) ==
			      PAPI_OK,
		      "perf::TASK-CLOCK after %d more names", N);
	}
	PAPI_shutdown();
	CHECK(PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT,
	      "init again");
	CHECK(resolve_all(codes) == 0, "the same names after a new init");
	PAPI_shutdown();
	return check_exit();
}
