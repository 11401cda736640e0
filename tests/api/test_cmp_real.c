// SPDX-License-Identifier: BSD-3-Clause
/*
 * net, io and stealtime on this machine's own files, against readings the
 * test takes itself around the measured window:
 *   - io: a write of 12345 bytes to /dev/null and a read of 777 bytes
 *     from /dev/zero are io:::wchar 12345 and io:::syscw 1 (the test's own
 *     /proc/self/io reads write nothing: the same delta there), and
 *     io:::rchar 777, io:::syscr 1 exactly (the library's own reads of
 *     the file are taken out);
 *   - net: 20 UDP datagrams of 100 bytes to 127.0.0.1 are at least 20
 *     net:::lo:tx:packets and rx:packets, and at most what
 *     /sys/class/net/lo/statistics counted around the window (other
 *     programs may talk over lo at the same time);
 *   - stealtime: TOTAL is between 0 and /proc/stat's steal delta around
 *     the window, in whole ticks; one CPUn per cpu line.
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <papi.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "check.h"

static long long file_ll(const char *path)
{
	char buf[64] = "";
	FILE *f = fopen(path, "r");

	if (!f)
		return -1;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	return atoll(buf);
}

static long long io_field(const char *key)
{
	char line[128];
	long long v = -1;
	size_t kl = strlen(key);
	FILE *f = fopen("/proc/self/io", "r");

	while (f && fgets(line, sizeof(line), f))
		if (!strncmp(line, key, kl) && line[kl] == ':')
			v = atoll(line + kl + 1);
	if (f)
		fclose(f);
	return v;
}

static int set_of(const char *const *names, int n)
{
	int es = PAPI_NULL, i;

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	for (i = 0; i < n; i++)
		CHECK(PAPI_add_named_event(es, names[i]) == PAPI_OK, "add %s",
		      names[i]);
	return es;
}

static void done(int es)
{
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

static void check_io(void)
{
	static const char *const ev[] = { "io:::wchar", "io:::syscw",
					  "io:::rchar", "io:::syscr" };
	static char buf[12345];
	long long v[4], w0, w1;
	int es = set_of(ev, 4), out = open("/dev/null", O_WRONLY),
	    in = open("/dev/zero", O_RDONLY);

	CHECK(out >= 0 && in >= 0, "open /dev/null, /dev/zero");
	w0 = io_field("wchar");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	CHECK(write(out, buf, sizeof(buf)) == (ssize_t)sizeof(buf), "write");
	CHECK(read(in, buf, 777) == 777, "read");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	w1 = io_field("wchar");
	CHECK(v[0] == 12345 && v[1] == 1, "wchar %lld syscw %lld, want 12345 1",
	      v[0], v[1]);
	CHECK(w1 - w0 == v[0], "/proc/self/io wchar moved %lld, PAPI %lld",
	      w1 - w0, v[0]);
	CHECK(v[2] == 777 && v[3] == 1, "rchar %lld syscr %lld, want 777 1",
	      v[2], v[3]);
	close(out);
	close(in);
	done(es);
}

static void check_net(void)
{
	static const char *const ev[] = { "net:::lo:tx:packets",
					  "net:::lo:rx:packets",
					  "net:::lo:tx:bytes" };
	const char *st = "/sys/class/net/lo/statistics/";
	char path[128], msg[100];
	long long v[3], tx0, tx1, rx0, rx1;
	struct sockaddr_in a;
	socklen_t al = sizeof(a);
	int es, i, rs = socket(AF_INET, SOCK_DGRAM, 0),
		   ss = socket(AF_INET, SOCK_DGRAM, 0);

	if (PAPI_query_named_event("net:::lo:tx:packets") != PAPI_OK) {
		printf("note: no net:::lo events here (no loopback "
		       "statistics), net not checked\n");
		return;
	}
	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	CHECK(rs >= 0 && ss >= 0 && bind(rs, (struct sockaddr *)&a, al) == 0 &&
		      getsockname(rs, (struct sockaddr *)&a, &al) == 0,
	      "a UDP socket on 127.0.0.1");
	memset(msg, 'x', sizeof(msg));
	es = set_of(ev, 3);
	snprintf(path, sizeof(path), "%stx_packets", st);
	tx0 = file_ll(path);
	snprintf(path, sizeof(path), "%srx_packets", st);
	rx0 = file_ll(path);
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	for (i = 0; i < 20; i++)
		CHECK(sendto(ss, msg, sizeof(msg), 0, (struct sockaddr *)&a,
			     al) == (ssize_t)sizeof(msg),
		      "sendto");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	snprintf(path, sizeof(path), "%stx_packets", st);
	tx1 = file_ll(path);
	snprintf(path, sizeof(path), "%srx_packets", st);
	rx1 = file_ll(path);
	CHECK(v[0] >= 20 && v[0] <= tx1 - tx0,
	      "lo tx:packets %lld, want 20..%lld", v[0], tx1 - tx0);
	CHECK(v[1] >= 20 && v[1] <= rx1 - rx0,
	      "lo rx:packets %lld, want 20..%lld", v[1], rx1 - rx0);
	/* 100 bytes of payload, 8 of UDP, 20 of IP each. */
	CHECK(v[2] >= 20 * 128, "lo tx:bytes %lld, want >= %d", v[2], 20 * 128);
	close(rs);
	close(ss);
	done(es);
}

/* The steal column of /proc/stat's line starting with label. */
static long long steal_of(const char *label, int *cpu_lines)
{
	char line[512];
	long long v = -1, f[8];
	size_t ll = strlen(label);
	FILE *fp = fopen("/proc/stat", "r");

	*cpu_lines = 0;
	while (fp && fgets(line, sizeof(line), fp)) {
		if (!strncmp(line, "cpu", 3) && line[3] != ' ')
			(*cpu_lines)++;
		if (!strncmp(line, label, ll) &&
		    sscanf(line + ll, "%lld %lld %lld %lld %lld %lld %lld %lld",
			   &f[0], &f[1], &f[2], &f[3], &f[4], &f[5], &f[6],
			   &f[7]) == 8)
			v = f[7];
	}
	if (fp)
		fclose(fp);
	return v;
}

static void check_stealtime(void)
{
	static const char *const ev[] = { "stealtime:::TOTAL" };
	const PAPI_component_info_t *ci =
		PAPI_get_component_info(PAPI_get_component_index("stealtime"));
	long long v[1], s0, s1, tick = 1000000 / sysconf(_SC_CLK_TCK);
	int es = set_of(ev, 1), lines;
	volatile double x = 1;
	long i;

	s0 = steal_of("cpu ", &lines);
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	for (i = 0; i < 3000000; i++)
		x = x * 1.0000001;
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	s1 = steal_of("cpu ", &lines);
	CHECK(s0 >= 0 && v[0] >= 0 && v[0] <= (s1 - s0) * tick &&
		      v[0] % tick == 0,
	      "TOTAL %lld us, /proc/stat moved %lld ticks", v[0], s1 - s0);
	CHECK(ci && ci->num_native_events == lines + 1,
	      "%d events for %d cpu lines", ci ? ci->num_native_events : -1,
	      lines);
	printf("steal over the window: %lld us (/proc/stat: %lld ticks)\n",
	       v[0], s1 - s0);
	done(es);
}

int main(void)
{
	unsetenv("PAPI_SYS_ROOT");
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "PAPI_library_init failed\n");
		return 1;
	}
	if (PAPI_query_named_event("io:::wchar") != PAPI_OK)
		SKIP("no /proc/self/io here (io disabled)");
	check_io();
	check_net();
	check_stealtime();
	PAPI_shutdown();
	return check_exit();
}
