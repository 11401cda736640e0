// SPDX-License-Identifier: BSD-3-Clause
/*
 * The coretemp and lmsensors components against a fake /sys/class/hwmon
 * (cmp_tree.h): a platform coretemp, an i2c Super-I/O chip with voltage,
 * fan and power, a PCI k10temp and a device-less acpitz. coretemp's
 * PAPI 7.0 names (hwmon0:temp1_input, raw sysfs values); lmsensors'
 * libsensors names (coretemp-isa-0000.Package_id_0.temp1_input,
 * k10temp-pci-00c3.Tctl.temp1_input, nct6775-i2c-1-2d.fan1.fan1_input)
 * and PAPI's values (natural unit x 1000: mV, m°C, RPM x 1000, mW, an
 * alarm 1000); readings are present values (a gauge: not differences,
 * PAPI_reset changes nothing), a negative temperature, a chip that
 * vanishes (PAPI_ESYS).
 */
#include <papi.h>
#include <string.h>

#include "check.h"
#include "cmp_tree.h"

#define HW "/sys/class/hwmon"

static void build(void)
{
	tree_root();
	tree_put(HW "/hwmon0/name", "coretemp\n");
	tree_put(HW "/hwmon0/temp1_input", "45000\n");
	tree_put(HW "/hwmon0/temp1_label", "Package id 0\n");
	tree_put(HW "/hwmon0/temp1_max", "80000\n");
	tree_put(HW "/hwmon0/temp1_crit_alarm", "0\n");
	tree_put(HW "/hwmon0/temp2_input", "-5000\n");
	tree_put(HW "/hwmon0/temp2_label", "Core 0\n");
	tree_put(HW "/hwmon0/uevent", "\n");
	tree_link(HW "/hwmon0/device", "../../../devices/platform/coretemp.0");
	tree_link("/sys/devices/platform/coretemp.0/subsystem",
		  "../../../bus/platform");

	tree_put(HW "/hwmon1/name", "nct6775\n");
	tree_put(HW "/hwmon1/in0_input", "1040\n");
	tree_put(HW "/hwmon1/fan1_input", "1200\n");
	tree_put(HW "/hwmon1/power1_input", "15500000\n");
	tree_link(HW "/hwmon1/device", "../../../devices/i2c-1/1-002d");
	tree_link("/sys/devices/i2c-1/1-002d/subsystem", "../../../bus/i2c");

	tree_put(HW "/hwmon2/name", "k10temp\n");
	tree_put(HW "/hwmon2/temp1_input", "51250\n");
	tree_put(HW "/hwmon2/temp1_label", "Tctl\n");
	tree_link(HW "/hwmon2/device",
		  "../../../devices/pci0000:00/0000:00:18.3");
	tree_link("/sys/devices/pci0000:00/0000:00:18.3/subsystem",
		  "../../../bus/pci");

	tree_put(HW "/hwmon10/name", "acpitz\n");
	tree_put(HW "/hwmon10/temp1_input", "27800\n");
}

static int code_of(const char *name)
{
	int code = 0;

	return PAPI_event_name_to_code(name, &code) == PAPI_OK ? code : -1;
}

static int count_events(const char *cmp, char *first)
{
	int code = PAPI_NATIVE_MASK, n = 0, cidx = PAPI_get_component_index(cmp);

	first[0] = '\0';
	if (cidx >= 0 &&
	    PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK)
		do {
			if (!n++)
				PAPI_event_code_to_name(code, first);
		} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) ==
			 PAPI_OK);
	return n;
}

static void check_coretemp(void)
{
	char first[PAPI_MAX_STR_LEN];
	PAPI_event_info_t info;
	int es = PAPI_NULL, n = count_events("coretemp", first);
	long long v[3];

	/* hwmon0 temp1 temp2, hwmon1 in0 fan1, hwmon2 temp1, hwmon10 temp1 */
	CHECK(n == 6, "coretemp: %d events, want 6", n);
	CHECK(!strcmp(first, "coretemp:::hwmon0:temp1_input"), "first %s",
	      first);
	CHECK(code_of("coretemp:::hwmon1:fan1_input") >= 0, "no fan");
	CHECK(code_of("coretemp:::hwmon1:power1_input") < 0, "power listed");
	CHECK(PAPI_get_event_info(code_of("coretemp:::hwmon0:temp1_input"),
				  &info) == PAPI_OK &&
		      strstr(info.long_descr, "coretemp module") &&
		      strstr(info.long_descr, "Package id 0"),
	      "description '%s'", info.long_descr);
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "coretemp:::hwmon0:temp1_input") ==
		      PAPI_OK, "add");
	CHECK(PAPI_add_named_event(es, "coretemp:::hwmon1:in0_input") ==
		      PAPI_OK, "add");
	CHECK(PAPI_add_named_event(es, "coretemp:::hwmon10:temp1_input") ==
		      PAPI_OK, "add");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	CHECK(v[0] == 45000 && v[1] == 1040 && v[2] == 27800,
	      "readings %lld %lld %lld", v[0], v[1], v[2]);
	tree_put(HW "/hwmon0/temp1_input", "47000\n");
	CHECK(PAPI_reset(es) == PAPI_OK, "reset");
	CHECK(PAPI_read(es, v) == PAPI_OK && v[0] == 47000,
	      "a gauge after reset: %lld, want 47000", v[0]);
	CHECK(PAPI_stop(es, v) == PAPI_OK && v[0] == 47000, "stop %lld",
	      v[0]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

static void check_lmsensors(void)
{
	static const struct {
		const char *name;
		long long want;
	} ev[] = {
		{ "lmsensors:::coretemp-isa-0000.Package_id_0.temp1_input",
		  45000 },
		{ "lmsensors:::coretemp-isa-0000.Package_id_0.temp1_max",
		  80000 },
		{ "lmsensors:::coretemp-isa-0000.Package_id_0.temp1_crit_alarm",
		  1000 },
		{ "lmsensors:::coretemp-isa-0000.Core_0.temp2_input", -5000 },
		{ "lmsensors:::nct6775-i2c-1-2d.in0.in0_input", 1040 },
		{ "lmsensors:::nct6775-i2c-1-2d.fan1.fan1_input", 1200000 },
		{ "lmsensors:::nct6775-i2c-1-2d.power1.power1_input", 15500 },
		{ "lmsensors:::k10temp-pci-00c3.Tctl.temp1_input", 51250 },
		{ "lmsensors:::acpitz-virtual-0.temp1.temp1_input", 27800 },
	};
	char first[PAPI_MAX_STR_LEN];
	int es = PAPI_NULL, i, ret, n = count_events("lmsensors", first);
	int nev = (int)(sizeof(ev) / sizeof(ev[0]));
	long long v[9];

	CHECK(n == 9, "lmsensors: %d events, want 9", n);
	CHECK(!strcmp(first, ev[0].name), "first %s", first);
	tree_put(HW "/hwmon0/temp1_input", "45000\n");
	tree_put(HW "/hwmon0/temp1_crit_alarm", "1\n");
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	for (i = 0; i < nev; i++)
		CHECK(PAPI_add_named_event(es, ev[i].name) == PAPI_OK,
		      "add %s", ev[i].name);
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	for (i = 0; i < nev; i++)
		CHECK(v[i] == ev[i].want, "%s = %lld, want %lld", ev[i].name,
		      v[i], ev[i].want);
	tree_rm(HW "/hwmon2");
	ret = PAPI_read(es, v);
	CHECK(ret == PAPI_ESYS, "read of a vanished chip: %d", ret);
	CHECK(PAPI_stop(es, v) == PAPI_ESYS, "stop reports it");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "the second stop stops");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

static void check_absent(void)
{
	const PAPI_component_info_t *ci;

	PAPI_shutdown();
	tree_rm(HW);
	CHECK(PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT, "init");
	ci = PAPI_get_component_info(PAPI_get_component_index("lmsensors"));
	CHECK(ci && ci->disabled && strstr(ci->disabled_reason, "hwmon"),
	      "lmsensors without hwmon: '%s'", ci ? ci->disabled_reason : "?");
	ci = PAPI_get_component_info(PAPI_get_component_index("coretemp"));
	CHECK(ci && ci->disabled && strstr(ci->disabled_reason, "hwmon"),
	      "coretemp without hwmon: '%s'", ci ? ci->disabled_reason : "?");
}

int main(void)
{
	build();
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "PAPI_library_init failed\n");
		return 1;
	}
	check_coretemp();
	check_lmsensors();
	check_absent();
	PAPI_shutdown();
	return check_exit();
}
