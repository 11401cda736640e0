// SPDX-License-Identifier: BSD-3-Clause
/*
 * The net, io and stealtime components against fake trees with known
 * values (cmp_tree.h): PAPI 7.0's names (net:::eth0:rx:bytes, io:::rchar,
 * stealtime:::TOTAL and CPU1 for the kernel's cpu0), counts from the
 * start, PAPI_reset, an interface that vanishes and one that comes back
 * as a new device (counters from 0): PAPI_ESYS, never a wrapped number;
 * a CPU that goes offline; ticks to microseconds; /proc/self/io read
 * without the library's own reads taken out (the file is the test's).
 */
#include <papi.h>
#include <string.h>

#include "check.h"
#include "cmp_tree.h"

#define ETH "/sys/class/net/eth0"
#define WLAN "/sys/class/net/wlan0"

static void net_dev(const char *dir, int ifindex, long long rx)
{
	static const char *const files[] = {
		"rx_bytes", "rx_packets", "rx_errors", "rx_dropped",
		"rx_fifo_errors", "rx_frame_errors", "rx_compressed",
		"multicast", "tx_bytes", "tx_packets", "tx_errors",
		"tx_dropped", "tx_fifo_errors", "collisions",
		"tx_carrier_errors", "tx_compressed",
	};
	char path[256];
	unsigned int i;

	snprintf(path, sizeof(path), "%s/ifindex", dir);
	tree_putf(path, "%d\n", ifindex);
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		snprintf(path, sizeof(path), "%s/statistics/%s", dir, files[i]);
		tree_putf(path, "%lld\n", i == 0 ? rx : (long long)i);
	}
}

/* /proc/stat with steal ticks s0 (cpu0) and s1 (cpu1, when online). */
static void stat_file(long long s0, long long s1, int with_cpu1)
{
	char cpu1[64] = "";

	if (with_cpu1)
		snprintf(cpu1, sizeof(cpu1), "cpu1 50 0 25 500 0 0 0 %lld 0 0\n",
			 s1);
	tree_putf("/proc/stat",
		  "cpu  100 0 50 1000 0 0 0 %lld 0 0\n"
		  "cpu0 50 0 25 500 0 0 0 %lld 0 0\n%s"
		  "intr 12345 1 2 3\nctxt 999\n",
		  s0 + s1, s0, cpu1);
}

static void build(void)
{
	tree_root();
	net_dev(WLAN, 3, 5000);
	net_dev(ETH, 2, 1000);
	tree_put("/sys/class/net/lo/ifindex", "1\n"); /* no statistics dir */
	tree_put("/proc/self/io", "rchar: 100\nwchar: 200\nsyscr: 3\n"
				  "syscw: 4\nread_bytes: 0\nwrite_bytes: 4096\n"
				  "cancelled_write_bytes: 0\n");
	stat_file(10, 20, 1);
}

static int code_of(const char *name)
{
	int code = 0;

	return PAPI_event_name_to_code(name, &code) == PAPI_OK ? code : -1;
}

static char *first_event(const char *cmp, char *out)
{
	int code = PAPI_NATIVE_MASK, cidx = PAPI_get_component_index(cmp);

	out[0] = '\0';
	if (cidx >= 0 &&
	    PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK)
		PAPI_event_code_to_name(code, out);
	return out;
}

static void check_net(void)
{
	const PAPI_component_info_t *ci =
		PAPI_get_component_info(PAPI_get_component_index("net"));
	char first[PAPI_MAX_STR_LEN];
	int es = PAPI_NULL, ret;
	long long v[3];

	CHECK(ci && !ci->disabled && ci->num_native_events == 32,
	      "net: %d events (%s)", ci ? ci->num_native_events : -1,
	      ci ? ci->disabled_reason : "?");
	/* ifindex order: eth0 (2) before wlan0 (3). */
	CHECK(!strcmp(first_event("net", first), "net:::eth0:rx:bytes"),
	      "first %s", first);
	CHECK(code_of("net:::eth0:tx:colls") >= 0, "no tx:colls");
	CHECK(code_of("net:::wlan0:rx:multicast") >= 0, "no rx:multicast");
	CHECK(code_of("net:::lo:rx:bytes") < 0, "lo has no statistics");

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "net:::eth0:rx:bytes") == PAPI_OK,
	      "add");
	CHECK(PAPI_add_named_event(es, "net:::eth0:tx:colls") == PAPI_OK,
	      "add");
	CHECK(PAPI_add_named_event(es, "net:::wlan0:rx:bytes") == PAPI_OK,
	      "add");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	tree_put(ETH "/statistics/rx_bytes", "1500\n");
	tree_put(ETH "/statistics/collisions", "20\n");
	tree_put(WLAN "/statistics/rx_bytes", "5064\n");
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	CHECK(v[0] == 500 && v[1] == 7 && v[2] == 64,
	      "counts %lld %lld %lld, want 500 7 64", v[0], v[1], v[2]);
	CHECK(PAPI_reset(es) == PAPI_OK, "reset");
	tree_put(ETH "/statistics/rx_bytes", "1501\n");
	CHECK(PAPI_read(es, v) == PAPI_OK && v[0] == 1 && v[1] == 0,
	      "after reset %lld %lld", v[0], v[1]);

	/* wlan0 comes back as a new device: its counters start over. */
	tree_put(WLAN "/statistics/rx_bytes", "12\n");
	ret = PAPI_read(es, v);
	CHECK(ret == PAPI_ESYS, "a replaced device read %d (%lld)", ret,
	      v[2]);
	/* and then goes away. */
	tree_rm(WLAN);
	ret = PAPI_read(es, v);
	CHECK(ret == PAPI_ESYS, "a vanished device read %d", ret);
	CHECK(PAPI_stop(es, v) == PAPI_ESYS, "stop reports it");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "the second stop stops");
	CHECK(v[0] == 1 && v[2] == 0, "final %lld %lld", v[0], v[2]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

static void check_io(void)
{
	const PAPI_component_info_t *ci =
		PAPI_get_component_info(PAPI_get_component_index("io"));
	char first[PAPI_MAX_STR_LEN];
	int es = PAPI_NULL;
	long long v[3];

	CHECK(ci && !ci->disabled && ci->num_native_events == 7,
	      "io: %d events", ci ? ci->num_native_events : -1);
	CHECK(!strcmp(first_event("io", first), "io:::rchar"), "first %s",
	      first);
	CHECK(code_of("io:::cancelled_write_bytes") >= 0, "no cancelled");
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "io:::rchar") == PAPI_OK, "add");
	CHECK(PAPI_add_named_event(es, "io:::write_bytes") == PAPI_OK, "add");
	CHECK(PAPI_add_named_event(es, "io:::syscr") == PAPI_OK, "add");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	tree_put("/proc/self/io", "rchar: 350\nwchar: 200\nsyscr: 5\n"
				  "syscw: 4\nread_bytes: 0\nwrite_bytes: 12288\n"
				  "cancelled_write_bytes: 0\n");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	/* The file is the test's: nothing is taken out of rchar, syscr. */
	CHECK(v[0] == 250 && v[1] == 8192 && v[2] == 2,
	      "io counts %lld %lld %lld, want 250 8192 2", v[0], v[1], v[2]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

static void check_stealtime(void)
{
	const PAPI_component_info_t *ci =
		PAPI_get_component_info(PAPI_get_component_index("stealtime"));
	char first[PAPI_MAX_STR_LEN];
	int es = PAPI_NULL, ret;
	long long v[3];

	CHECK(ci && !ci->disabled && ci->num_native_events == 3,
	      "stealtime: %d events", ci ? ci->num_native_events : -1);
	CHECK(!strcmp(first_event("stealtime", first), "stealtime:::TOTAL"),
	      "first %s", first);
	CHECK(code_of("stealtime:::CPU2") >= 0, "no CPU2 (cpu1)");
	CHECK(code_of("stealtime:::CPU0") < 0, "CPU0: PAPI counts from 1");
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "stealtime:::TOTAL") == PAPI_OK, "add");
	CHECK(PAPI_add_named_event(es, "stealtime:::CPU1") == PAPI_OK, "add");
	CHECK(PAPI_add_named_event(es, "stealtime:::CPU2") == PAPI_OK, "add");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	stat_file(13, 25, 1); /* cpu0 +3 ticks, cpu1 +5 */
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	/* 100 ticks a second: 10000 us a tick. */
	CHECK(v[0] == 80000 && v[1] == 30000 && v[2] == 50000,
	      "steal %lld %lld %lld us, want 80000 30000 50000", v[0], v[1],
	      v[2]);
	stat_file(14, 25, 0); /* cpu1 offline */
	ret = PAPI_read(es, v);
	CHECK(ret == PAPI_ESYS, "read of an offline CPU: %d", ret);
	CHECK(PAPI_stop(es, v) == PAPI_ESYS, "stop reports it");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "the second stop stops");
	CHECK(v[1] == 40000, "CPU1 %lld", v[1]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	build();
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "PAPI_library_init failed\n");
		return 1;
	}
	check_net();
	check_io();
	check_stealtime();
	PAPI_shutdown();
	return check_exit();
}
