// SPDX-License-Identifier: BSD-3-Clause
/*
 * The powercap component against a fake /sys/class/powercap with known
 * values (cmp_tree.h): PAPI 7.0's event names for zones and subzones, the
 * energy counted from the start in microjoules beside a perf_event set
 * (joules, as a user computes them), the settings read as they are,
 * wrap-around at max_energy_range_uj (once, and twice across reads),
 * PAPI_reset, a zone that vanishes (PAPI_ESYS, then a set that still
 * stops), and a machine without powercap (disabled, with the reason).
 */
#include <papi.h>
#include <string.h>

#include "check.h"
#include "cmp_tree.h"

#define Z0 "/sys/class/powercap/intel-rapl:0"
#define Z00 "/sys/class/powercap/intel-rapl:0:0"
#define RANGE 262143328850ULL

static void build(void)
{
	tree_root();
	/* The control type's own directory, which is no zone. */
	tree_put("/sys/class/powercap/intel-rapl/enabled", "1\n");
	tree_put(Z0 "/name", "package-0\n");
	tree_put(Z0 "/energy_uj", "1000\n");
	tree_putf(Z0 "/max_energy_range_uj", "%llu\n", RANGE);
	tree_put(Z0 "/constraint_0_max_power_uw", "65000000\n");
	tree_put(Z0 "/constraint_0_power_limit_uw", "45000000\n");
	tree_put(Z0 "/constraint_0_time_window_us", "27983872\n");
	tree_put(Z0 "/constraint_1_max_power_uw", "0\n");
	tree_put(Z0 "/constraint_1_power_limit_uw", "90000000\n");
	tree_put(Z0 "/constraint_1_time_window_us", "2440\n");
	tree_put(Z0 "/enabled", "1\n");
	tree_put(Z00 "/name", "core\n");
	tree_put(Z00 "/energy_uj", "500\n");
	tree_putf(Z00 "/max_energy_range_uj", "%llu\n", RANGE);
	tree_put(Z00 "/constraint_0_power_limit_uw", "0\n");
	tree_put(Z00 "/constraint_0_time_window_us", "976\n");
	tree_put(Z00 "/enabled", "0\n");
	tree_put("/sys/class/powercap/intel-rapl:1/name", "package-1\n");
	tree_put("/sys/class/powercap/intel-rapl:1/energy_uj", "7\n");
}

static int has_event(const char *name)
{
	int code;

	return PAPI_event_name_to_code(name, &code) == PAPI_OK;
}

static void check_names(int cidx)
{
	const PAPI_component_info_t *ci = PAPI_get_component_info(cidx);
	PAPI_event_info_t info;
	int code, n = 0;
	char first[PAPI_MAX_STR_LEN] = "";

	CHECK(ci && !ci->disabled, "powercap disabled: %s",
	      ci ? ci->disabled_reason : "?");
	CHECK(has_event("powercap:::ENERGY_UJ:ZONE0"), "no ENERGY_UJ:ZONE0");
	CHECK(has_event("ENERGY_UJ:ZONE0"), "the bare name is not found");
	CHECK(has_event("powercap:::ENERGY_UJ:ZONE0_SUBZONE0"), "no subzone");
	CHECK(has_event("powercap:::POWER_LIMIT_A_UW:ZONE0"), "no limit A");
	CHECK(has_event("powercap:::TIME_WINDOW_B:ZONE0"), "no window B");
	CHECK(has_event("powercap:::ENERGY_UJ:ZONE1"), "no second package");
	/* Constraint B is a package's only; files that are not there are
	 * not listed; the control type directory is no zone. */
	CHECK(!has_event("powercap:::MAX_POWER_B_UW:ZONE0_SUBZONE0"),
	      "B listed for a subzone");
	CHECK(!has_event("powercap:::MAX_POWER_A_UW:ZONE0_SUBZONE0"),
	      "an absent file listed");
	CHECK(!has_event("powercap:::POWER_LIMIT_A_UW:ZONE1"), "absent file");
	CHECK(!has_event("powercap:::ENERGY_UJ:ZONE2"), "a zone made up");

	code = PAPI_NATIVE_MASK;
	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK)
		do {
			n++;
			if (!first[0])
				PAPI_event_code_to_name(code, first);
		} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) ==
			 PAPI_OK);
	/* Zone 0: 9; its subzone: 5; zone 1: 1. */
	CHECK(n == 15, "%d events listed, want 15", n);
	CHECK(ci && ci->num_native_events == n, "num_native_events %d",
	      ci ? ci->num_native_events : -1);
	CHECK(!strcmp(first, "powercap:::ENERGY_UJ:ZONE0"), "first is %s",
	      first);
	PAPI_event_name_to_code("powercap:::ENERGY_UJ:ZONE0", &code);
	CHECK(PAPI_get_event_info(code, &info) == PAPI_OK, "no info");
	CHECK(!strcmp(info.units, "uJ"), "units '%s'", info.units);
	CHECK(strstr(info.long_descr, "package-0") != NULL,
	      "the zone's name is not in '%s'", info.long_descr);
}

/* The energy set beside a perf_event set, each started and read. */
static void check_counting(void)
{
	int es = PAPI_NULL, pe = PAPI_NULL, ret;
	long long v[3], pv[1], w[3];
	const char *pev = PAPI_query_named_event("PAPI_TOT_INS") == PAPI_OK
				  ? "PAPI_TOT_INS"
				  : "perf::TASK-CLOCK";

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "powercap:::ENERGY_UJ:ZONE0") ==
		      PAPI_OK, "add zone energy");
	CHECK(PAPI_add_named_event(es, "powercap:::ENERGY_UJ:ZONE0_SUBZONE0")
		      == PAPI_OK, "add subzone energy");
	CHECK(PAPI_add_named_event(es, "powercap:::POWER_LIMIT_A_UW:ZONE0") ==
		      PAPI_OK, "add the limit");
	/* One component per set, as PAPI requires. */
	CHECK(PAPI_add_named_event(es, pev) != PAPI_OK, "%s in the set", pev);
	CHECK(PAPI_create_eventset(&pe) == PAPI_OK, "create pe");
	ret = PAPI_add_named_event(pe, pev);
	CHECK(ret == PAPI_OK, "add %s: %d", pev, ret);

	CHECK(PAPI_start(pe) == PAPI_OK, "start pe");
	CHECK(PAPI_start(es) == PAPI_OK, "start energy");
	tree_put(Z0 "/energy_uj", "2501000\n");
	tree_put(Z00 "/energy_uj", "1250500\n");
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	CHECK(PAPI_read(pe, pv) == PAPI_OK, "read pe");
	CHECK(v[0] == 2500000, "zone energy %lld, want 2500000 uJ", v[0]);
	CHECK(v[1] == 1250000, "subzone energy %lld", v[1]);
	CHECK(v[2] == 45000000, "limit %lld", v[2]);
	CHECK(pv[0] > 0, "%s counted %lld", pev, pv[0]);
	printf("package 0: %.3f J, cores %.3f J, beside %s = %lld\n",
	       v[0] / 1e6, v[1] / 1e6, pev, pv[0]);

	/* Reset: the energy counts again from here. */
	CHECK(PAPI_reset(es) == PAPI_OK, "reset");
	tree_put(Z0 "/energy_uj", "2501100\n");
	CHECK(PAPI_read(es, v) == PAPI_OK && v[0] == 100,
	      "after reset %lld, want 100", v[0]);

	/* Stop: the counts freeze. */
	CHECK(PAPI_stop(es, w) == PAPI_OK, "stop");
	CHECK(w[0] == 100, "stopped at %lld", w[0]);
	tree_put(Z0 "/energy_uj", "9999999\n");
	CHECK(PAPI_read(es, v) == PAPI_OK && v[0] == 100,
	      "a stopped set moved: %lld", v[0]);
	CHECK(PAPI_stop(pe, pv) == PAPI_OK, "stop pe");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	PAPI_cleanup_eventset(pe);
	PAPI_destroy_eventset(&pe);
}

static void check_wrap(void)
{
	int es = PAPI_NULL;
	long long v[1];

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "powercap:::ENERGY_UJ:ZONE0") ==
		      PAPI_OK, "add");
	tree_putf(Z0 "/energy_uj", "%llu\n", RANGE - 100);
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	tree_put(Z0 "/energy_uj", "400\n");
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	CHECK(v[0] == 500, "over the wrap: %lld, want 500", v[0]);
	/* Two more steps, the second wrapping again. */
	tree_putf(Z0 "/energy_uj", "%llu\n", RANGE - 50);
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	CHECK(v[0] == (long long)RANGE + 50, "%lld, want range + 50", v[0]);
	tree_put(Z0 "/energy_uj", "10\n");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	CHECK(v[0] == (long long)RANGE + 110, "two wraps: %lld, want %llu",
	      v[0], RANGE + 110);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

static void check_vanish(void)
{
	int es = PAPI_NULL, ret;
	long long v[2];

	tree_put(Z0 "/energy_uj", "1000\n");
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "powercap:::ENERGY_UJ:ZONE0") ==
		      PAPI_OK, "add");
	CHECK(PAPI_add_named_event(es, "powercap:::ENERGY_UJ:ZONE1") ==
		      PAPI_OK, "add");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	tree_rm("/sys/class/powercap/intel-rapl:1");
	ret = PAPI_read(es, v);
	CHECK(ret == PAPI_ESYS, "read of a vanished zone: %d", ret);
	ret = PAPI_stop(es, v);
	CHECK(ret == PAPI_ESYS, "stop: %d", ret);
	ret = PAPI_stop(es, v);
	CHECK(ret == PAPI_OK, "the second stop: %d", ret);
	CHECK(PAPI_cleanup_eventset(es) == PAPI_OK, "cleanup");
	CHECK(PAPI_destroy_eventset(&es) == PAPI_OK, "destroy");
}

/* A machine without powercap: disabled, saying why, its names unknown. */
static void check_absent(void)
{
	const PAPI_component_info_t *ci;
	int cidx, code;

	PAPI_shutdown();
	tree_rm("/sys/class/powercap");
	CHECK(PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT,
	      "init again");
	cidx = PAPI_get_component_index("powercap");
	ci = cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;
	CHECK(ci && ci->disabled, "enabled without /sys/class/powercap");
	CHECK(ci && strstr(ci->disabled_reason, "/sys/class/powercap"),
	      "reason '%s'", ci ? ci->disabled_reason : "?");
	CHECK(PAPI_event_name_to_code("powercap:::ENERGY_UJ:ZONE0", &code) !=
		      PAPI_OK, "a disabled component's event found");
}

int main(void)
{
	int cidx;

	build();
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "PAPI_library_init failed\n");
		return 1;
	}
	cidx = PAPI_get_component_index("powercap");
	CHECK(cidx >= 0, "no powercap component");
	if (cidx < 0)
		return check_exit();
	check_names(cidx);
	check_counting();
	check_wrap();
	check_vanish();
	check_absent();
	PAPI_shutdown();
	return check_exit();
}
