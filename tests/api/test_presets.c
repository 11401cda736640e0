// SPDX-License-Identifier: BSD-3-Clause
/*
 * Presets through the public API, on whatever machine runs the test:
 *   - every available preset names its native events, and its derived
 *     type and postfix formula agree (a formula exactly for
 *     DERIVED_POSTFIX), and it counts in an EventSet;
 *   - a user's preset table (PAPI_PRESET_TABLE) is read at
 *     PAPI_library_init, its rows win over the embedded table, and a
 *     derived row counts: PAPI_L1_DCM defined as task-clock minus
 *     cpu-clock over a sum is computed from two software events.
 * Exit 0 passes, 77 skips, 1 fails.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;

#define CHECK(cond, ...)                                                \
	do {                                                            \
		if (!(cond)) {                                          \
			fprintf(stderr, "FAIL line %d: %s: ", __LINE__, \
				#cond);                                 \
			fprintf(stderr, __VA_ARGS__);                   \
			fputc('\n', stderr);                            \
			failures++;                                     \
		}                                                       \
	} while (0)

static void check_available(void)
{
	int code = PAPI_PRESET_MASK, n = 0;

	if (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) != PAPI_OK &&
	    PAPI_query_event(code) != PAPI_OK)
		return;
	code = PAPI_PRESET_MASK;
	do {
		PAPI_event_info_t info;
		long long v[1];
		int es = PAPI_NULL, postfix;

		if (PAPI_query_event(code) != PAPI_OK)
			continue;
		n++;
		CHECK(PAPI_get_event_info(code, &info) == PAPI_OK, "%#x", code);
		CHECK(info.count >= 1, "%s has no native event", info.symbol);
		CHECK(info.name[0][0] != '\0', "%s: no name", info.symbol);
		postfix = !strcmp(info.derived, "DERIVED_POSTFIX");
		CHECK(postfix == (info.postfix[0] != '\0'),
		      "%s: derived %s, postfix '%s'", info.symbol, info.derived,
		      info.postfix);
		CHECK(info.count == 1 || strcmp(info.derived, "NOT_DERIVED"),
		      "%s: %u events, not derived", info.symbol, info.count);
		CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
		CHECK(PAPI_add_event(es, code) == PAPI_OK, "%s", info.symbol);
		CHECK(PAPI_start(es) == PAPI_OK, "%s", info.symbol);
		CHECK(PAPI_stop(es, v) == PAPI_OK, "%s", info.symbol);
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
	} while (PAPI_enum_event(&code, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
	printf("%d presets available\n", n);
}

static const char table[] =
	"# test table\n"
	"generic ; PAPI_L1_DCM ; N0|N1|+|N1|-| ; perf::PERF_COUNT_SW_TASK_CLOCK "
	"perf::PERF_COUNT_SW_CONTEXT_SWITCHES ; from the user's table\n"
	"generic ; PAPI_L1_ICM ; SUB ; perf::PERF_COUNT_SW_TASK_CLOCK "
	"perf::PERF_COUNT_SW_TASK_CLOCK:u=1\n";

static void check_user_table(void)
{
	PAPI_event_info_t info;
	long long v[2];
	int es = PAPI_NULL;

	CHECK(PAPI_get_event_info(PAPI_L1_DCM, &info) == PAPI_OK, "info");
	CHECK(info.count == 2, "%u", info.count);
	CHECK(!strcmp(info.name[0], "perf::PERF_COUNT_SW_TASK_CLOCK"), "%s",
	      info.name[0]);
	CHECK(!strcmp(info.derived, "DERIVED_POSTFIX"), "%s", info.derived);
	CHECK(!strcmp(info.postfix, "N0|N1|+|N1|-|"), "%s", info.postfix);
	CHECK(!strcmp(info.note, "from the user's table"), "%s", info.note);
	CHECK(PAPI_get_event_info(PAPI_L1_ICM, &info) == PAPI_OK, "info");
	CHECK(!strcmp(info.derived, "DERIVED_SUB"), "%s", info.derived);

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_event(es, PAPI_L1_ICM) == PAPI_OK, "add L1_ICM");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	usleep(20000);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	/* Task clock in both modes minus user mode only: not negative. */
	CHECK(v[0] >= 0, "L1_ICM %lld", v[0]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	char path[] = "/tmp/papi-presets-XXXXXX";
	int fd = mkstemp(path), ret;

	if (fd < 0 || write(fd, table, sizeof(table) - 1) !=
			      (ssize_t)(sizeof(table) - 1)) {
		printf("skip: cannot write a table\n");
		return 77;
	}
	close(fd);
	setenv("PAPI_PRESET_TABLE", path, 1);
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	unlink(path);
	if (ret != PAPI_VER_CURRENT) {
		printf("skip: PAPI_library_init: %d\n", ret);
		return 77;
	}
	if (PAPI_query_named_event("perf::PERF_COUNT_SW_TASK_CLOCK") !=
	    PAPI_OK) {
		printf("skip: no perf_event software events here\n");
		return 77;
	}
	check_user_table();
	check_available();
	PAPI_shutdown();
	return failures ? 1 : 0;
}
