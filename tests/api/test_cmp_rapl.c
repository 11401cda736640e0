// SPDX-License-Identifier: BSD-3-Clause
/*
 * The rapl component against a fake machine (cmp_tree.h): /proc/cpuinfo,
 * the CPUs' packages, and /dev/cpu/N/msr as files holding known MSR
 * values at their offsets (a read past a file's end is an MSR that does
 * not read). An Intel Xeon (model 85) with two packages: PAPI 7.0's names
 * and order (the _CNT events first), only the domains whose MSRs read,
 * energy in nJ from the unit register (2^-14 J) and DRAM's 2^-16 J on
 * this server part, the 32-bit counter's wrap-around with the upper bits
 * ignored, the power-info fields as doubles (W, s), a package whose MSR
 * device vanishes (PAPI_ESYS). Then an AMD Zen (family 19h), and a
 * machine without the msr driver (disabled, saying so).
 */
#include <papi.h>
#include <string.h>

#include "check.h"
#include "cmp_tree.h"

#define MSR0 "/dev/cpu/0/msr"
#define MSR2 "/dev/cpu/2/msr"

static void intel_cpu(const char *msr, unsigned long long pkg,
		      unsigned long long dram, unsigned long long pp0)
{
	/* power 1/8 W, energy 2^-14 J, time 2^-10 s */
	tree_put_at(msr, 0x606, 0x000A0E03ULL);
	tree_put_at(msr, 0x611, pkg);
	tree_put_at(msr, 0x614, (2048ULL << 48) | (1600ULL << 32) |
					 (320ULL << 16) | 760ULL);
	tree_put_at(msr, 0x619, dram);
	tree_put_at(msr, 0x639, pp0); /* the last: no PP1 (0x641), PSYS */
}

static void build(void)
{
	char path[128];
	int c;

	tree_root();
	tree_put("/proc/cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\n"
				  "cpu family\t: 6\nmodel\t\t: 85\n"
				  "model name\t: Fake Xeon\n\n");
	for (c = 0; c < 4; c++) {
		snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/"
			 "topology/physical_package_id", c);
		tree_putf(path, "%d\n", c / 2);
	}
	tree_put("/sys/devices/system/cpu/online", "0-3\n");
	intel_cpu(MSR0, 0xABCD0000FFFFFF00ULL, 1000, 5);
	intel_cpu(MSR2, 77, 0, 0);
}

static int code_of(const char *name)
{
	int code = 0;

	return PAPI_event_name_to_code(name, &code) == PAPI_OK ? code : -1;
}

static void check_names(int cidx)
{
	const PAPI_component_info_t *ci = PAPI_get_component_info(cidx);
	PAPI_event_info_t info;
	char first[PAPI_MAX_STR_LEN] = "";
	int code, n = 0;

	CHECK(ci && !ci->disabled, "rapl disabled: %s",
	      ci ? ci->disabled_reason : "?");
	code = PAPI_NATIVE_MASK;
	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK)
		do {
			if (!n++)
				PAPI_event_code_to_name(code, first);
		} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) ==
			 PAPI_OK);
	/* (4 power-info fields + package, DRAM, PP0) x 2 packages x 2. */
	CHECK(n == 28, "%d events, want 28", n);
	CHECK(!strcmp(first, "rapl:::THERMAL_SPEC_CNT:PACKAGE0"), "first %s",
	      first);
	CHECK(code_of("rapl:::PACKAGE_ENERGY:PACKAGE1") >= 0, "no package 1");
	CHECK(code_of("rapl:::DRAM_ENERGY_CNT:PACKAGE0") >= 0, "no DRAM");
	CHECK(code_of("rapl:::PP0_ENERGY:PACKAGE0") >= 0, "no PP0");
	CHECK(code_of("rapl:::PP1_ENERGY:PACKAGE0") < 0, "PP1 listed");
	CHECK(code_of("rapl:::PSYS_ENERGY:PACKAGE0") < 0, "PSYS listed");
	CHECK(code_of("rapl:::PACKAGE_ENERGY:PACKAGE2") < 0, "package 2");
	code = code_of("rapl:::PACKAGE_ENERGY:PACKAGE0");
	CHECK(PAPI_get_event_info(code, &info) == PAPI_OK &&
		      !strcmp(info.units, "nJ") &&
		      info.data_type == PAPI_DATATYPE_UINT64,
	      "PACKAGE_ENERGY: units '%s', type %d", info.units,
	      info.data_type);
	code = code_of("rapl:::THERMAL_SPEC:PACKAGE0");
	CHECK(PAPI_get_event_info(code, &info) == PAPI_OK &&
		      !strcmp(info.units, "W") &&
		      info.data_type == PAPI_DATATYPE_FP64,
	      "THERMAL_SPEC: units '%s', type %d", info.units,
	      info.data_type);
}

static double as_double(long long v)
{
	double d;

	memcpy(&d, &v, sizeof(d));
	return d;
}

static void check_counting(void)
{
	static const char *const ev[] = {
		"rapl:::PACKAGE_ENERGY:PACKAGE0",
		"rapl:::PACKAGE_ENERGY_CNT:PACKAGE0",
		"rapl:::DRAM_ENERGY:PACKAGE0",
		"rapl:::THERMAL_SPEC:PACKAGE0",
		"rapl:::THERMAL_SPEC_CNT:PACKAGE0",
		"rapl:::MAXIMUM_TIME_WINDOW:PACKAGE0",
		"rapl:::MINIMUM_POWER:PACKAGE1",
		"rapl:::PACKAGE_ENERGY:PACKAGE1",
	};
	int es = PAPI_NULL, ret;
	unsigned int i;
	long long v[8];

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	for (i = 0; i < sizeof(ev) / sizeof(ev[0]); i++)
		CHECK(PAPI_add_named_event(es, ev[i]) == PAPI_OK, "add %s",
		      ev[i]);
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	/* 0x200 counts across the 32-bit wrap, other upper bits. */
	tree_put_at(MSR0, 0x611, 0x1234000000000100ULL);
	tree_put_at(MSR0, 0x619, 1000 + 65536);
	tree_put_at(MSR2, 0x611, 77 + 16384);
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	CHECK(v[0] == 31250000, "package energy %lld nJ, want 31250000",
	      v[0]);
	CHECK(v[1] == 512, "package counts %lld, want 512", v[1]);
	CHECK(v[2] == 1000000000, "DRAM %lld nJ, want 1e9 (2^-16 J units)",
	      v[2]);
	CHECK(as_double(v[3]) == 95.0, "thermal spec %g W", as_double(v[3]));
	CHECK(v[4] == 760, "thermal spec counts %lld", v[4]);
	CHECK(as_double(v[5]) == 2.0, "time window %g s", as_double(v[5]));
	CHECK(as_double(v[6]) == 40.0, "minimum power %g W", as_double(v[6]));
	CHECK(v[7] == 1000000000, "package 1: %lld nJ", v[7]);

	tree_rm(MSR2);
	ret = PAPI_read(es, v);
	CHECK(ret == PAPI_ESYS, "read with package 1's device gone: %d", ret);
	CHECK(PAPI_stop(es, v) == PAPI_ESYS, "stop reports it");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "the second stop stops");
	CHECK(v[0] == 31250000, "package 0 kept its count: %lld", v[0]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

static const PAPI_component_info_t *reinit(void)
{
	int cidx;

	PAPI_shutdown();
	CHECK(PAPI_library_init(PAPI_VER_CURRENT) == PAPI_VER_CURRENT,
	      "init again");
	cidx = PAPI_get_component_index("rapl");
	return cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;
}

static void check_amd_and_absent(void)
{
	const PAPI_component_info_t *ci;
	int es = PAPI_NULL;
	long long v[2];

	tree_rm(MSR0);
	tree_put("/proc/cpuinfo", "processor\t: 0\nvendor_id\t: AuthenticAMD\n"
				  "cpu family\t: 25\nmodel\t\t: 17\n\n");
	tree_put_at(MSR0, 0xc0010299ULL, 0x000A1003ULL); /* 2^-16 J */
	tree_put_at(MSR0, 0xc001029aULL, 10);
	tree_put_at(MSR0, 0xc001029bULL, 20);
	tree_put_at(MSR2, 0xc0010299ULL, 0x000A1003ULL);
	tree_put_at(MSR2, 0xc001029bULL, 20);
	ci = reinit();
	CHECK(ci && !ci->disabled, "AMD: %s", ci ? ci->disabled_reason : "?");
	CHECK(ci && ci->num_native_events == 8, "AMD: %d events, want 8",
	      ci ? ci->num_native_events : -1);
	CHECK(code_of("rapl:::THERMAL_SPEC:PACKAGE0") < 0, "AMD power info");
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "rapl:::PACKAGE_ENERGY:PACKAGE0") ==
		      PAPI_OK, "add");
	CHECK(PAPI_add_named_event(es, "rapl:::PP0_ENERGY_CNT:PACKAGE0") ==
		      PAPI_OK, "add");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	tree_put_at(MSR0, 0xc001029bULL, 20 + 65536);
	tree_put_at(MSR0, 0xc001029aULL, 10 + 3);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	CHECK(v[0] == 1000000000 && v[1] == 3, "AMD: %lld nJ, %lld counts",
	      v[0], v[1]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);

	tree_rm("/dev/cpu");
	ci = reinit();
	CHECK(ci && ci->disabled, "enabled without /dev/cpu/N/msr");
	CHECK(ci && strstr(ci->disabled_reason, "msr"), "reason '%s'",
	      ci ? ci->disabled_reason : "?");
	printf("without the msr driver: %s\n", ci ? ci->disabled_reason : "?");
}

int main(void)
{
	int cidx;

	build();
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "PAPI_library_init failed\n");
		return 1;
	}
	cidx = PAPI_get_component_index("rapl");
	CHECK(cidx >= 0, "no rapl component");
	if (cidx < 0)
		return check_exit();
	check_names(cidx);
	check_counting();
	check_amd_and_absent();
	PAPI_shutdown();
	return check_exit();
}
