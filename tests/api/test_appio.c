// SPDX-License-Identifier: BSD-3-Clause
/*
 * The appio component counts the calling thread's I/O exactly: bytes and
 * calls of write() and read() on a pipe, between PAPI_start and PAPI_stop,
 * through reset, and nothing from before the start or after the stop.
 * Its events are PAPI 7.0's 45, by name and order, and bad names, codes
 * and attachments answer errors (test_appio_events.c checks every event's
 * meaning; test_appio_threads.c threads, fork and the library's own I/O).
 */
#include <papi.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static int failures;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "FAIL line %d: %s: ", __LINE__,        \
				#cond);                                        \
			fprintf(stderr, __VA_ARGS__);                          \
			fputc('\n', stderr);                                   \
			failures++;                                            \
		}                                                              \
	} while (0)

static const char *names[4] = { "appio:::WRITE_BYTES", "appio:::WRITE_CALLS",
				"appio:::READ_BYTES", "appio:::READ_CALLS" };

/* n writes of len bytes into a pipe, read back with n reads. */
static void io(int fd[2], int n, size_t len)
{
	char buf[4096];
	int i;

	memset(buf, 'x', sizeof(buf));
	for (i = 0; i < n; i++) {
		if (write(fd[1], buf, len) != (ssize_t)len ||
		    read(fd[0], buf, len) != (ssize_t)len)
			failures++;
	}
}

/* PAPI 7.0's appio events, in its order (event codes follow it). */
static const char *const papi_names[] = {
	"READ_BYTES", "READ_CALLS", "READ_ERR", "READ_INTERRUPTED",
	"READ_WOULD_BLOCK", "READ_SHORT", "READ_EOF", "READ_BLOCK_SIZE",
	"READ_USEC", "WRITE_BYTES", "WRITE_CALLS", "WRITE_ERR", "WRITE_SHORT",
	"WRITE_INTERRUPTED", "WRITE_WOULD_BLOCK", "WRITE_BLOCK_SIZE",
	"WRITE_USEC", "OPEN_CALLS", "OPEN_ERR", "OPEN_FDS", "SELECT_USEC",
	"RECV_BYTES", "RECV_CALLS", "RECV_ERR", "RECV_INTERRUPTED",
	"RECV_WOULD_BLOCK", "RECV_SHORT", "RECV_EOF", "RECV_BLOCK_SIZE",
	"RECV_USEC", "SOCK_READ_BYTES", "SOCK_READ_CALLS", "SOCK_READ_ERR",
	"SOCK_READ_SHORT", "SOCK_READ_WOULD_BLOCK", "SOCK_READ_USEC",
	"SOCK_WRITE_BYTES", "SOCK_WRITE_CALLS", "SOCK_WRITE_ERR",
	"SOCK_WRITE_SHORT", "SOCK_WRITE_WOULD_BLOCK", "SOCK_WRITE_USEC",
	"SEEK_CALLS", "SEEK_ABS_STRIDE_SIZE", "SEEK_USEC",
};
#define NNAMES ((int)(sizeof(papi_names) / sizeof(papi_names[0])))

/* The 45 names, enumerated in PAPI's order and nothing else (the old
 * DISK_* names are not PAPI's); every name to its code and back; bad
 * names, codes, attachments and arguments answer errors. */
static void names_and_bad_input(int cidx)
{
	char name[PAPI_MAX_STR_LEN], full[64];
	PAPI_event_info_t info;
	unsigned int code = PAPI_NATIVE_MASK;
	int n = 0, ret, es = PAPI_NULL, i;
	long long v[2];

	ret = PAPI_enum_cmp_event((int *)&code, PAPI_ENUM_FIRST, cidx);
	while (ret == PAPI_OK) {
		CHECK(PAPI_event_code_to_name((int)code, name) == PAPI_OK,
		      "name of %#x", code);
		snprintf(full, sizeof(full), "appio:::%s",
			 n < NNAMES ? papi_names[n] : "?");
		CHECK(!strcmp(name, full), "event %d is %s, not %s", n, name,
		      full);
		CHECK(PAPI_get_event_info((int)code, &info) == PAPI_OK &&
			      info.short_descr[0] && info.units[0],
		      "info of %s", name);
		n++;
		ret = PAPI_enum_cmp_event((int *)&code, PAPI_ENUM_EVENTS, cidx);
	}
	CHECK(n == NNAMES, "%d events enumerated, not %d", n, NNAMES);
	CHECK(PAPI_get_component_info(cidx)->num_native_events == NNAMES,
	      "num_native_events %d",
	      PAPI_get_component_info(cidx)->num_native_events);
	for (i = 0; i < NNAMES; i++) {
		int c;

		snprintf(full, sizeof(full), "appio:::%s", papi_names[i]);
		CHECK(PAPI_event_name_to_code(full, &c) == PAPI_OK &&
			      PAPI_event_code_to_name(c, name) == PAPI_OK &&
			      !strcmp(name, full),
		      "%s round trip", full);
	}
	CHECK(PAPI_query_named_event("appio:::DISK_READ_BYTES") ==
		      PAPI_ENOEVNT,
	      "DISK_READ_BYTES is not PAPI's");
	CHECK(PAPI_query_named_event("appio:::DISK_WRITE_BYTES") ==
		      PAPI_ENOEVNT,
	      "DISK_WRITE_BYTES is not PAPI's");
	CHECK(PAPI_query_named_event("appio:::") == PAPI_ENOEVNT, "empty");
	CHECK(PAPI_query_named_event("appio:::read_bytes") == PAPI_ENOEVNT,
	      "case matters");
	CHECK(PAPI_event_code_to_name((int)(PAPI_NATIVE_MASK |
					    ((unsigned)cidx << 24) | 45U),
				      name) != PAPI_OK,
	      "code past the last event");

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "appio:::READ_BYTES") == PAPI_OK,
	      "add");
	CHECK(PAPI_add_named_event(es, "appio:::NOT_AN_EVENT") ==
		      PAPI_ENOEVNT,
	      "add unknown");
	/* A thread that does not exist cannot be counted. */
	ret = PAPI_attach(es, 0x7ffffff0);
	CHECK(ret != PAPI_OK, "attach to no thread: %d", ret);
	CHECK(PAPI_start(es) == PAPI_OK, "start after refusals");
	CHECK(PAPI_start(es) == PAPI_EISRUN, "second start");
	CHECK(PAPI_read(es, NULL) != PAPI_OK, "read into NULL");
	CHECK(PAPI_stop(es, v) == PAPI_OK && v[0] == 0, "nothing read: %lld",
	      v[0]);
	CHECK(PAPI_stop(es, v) == PAPI_ENOTRUN, "second stop");
	CHECK(PAPI_cleanup_eventset(es) == PAPI_OK, "cleanup");
	CHECK(PAPI_destroy_eventset(&es) == PAPI_OK, "destroy");
}

int main(void)
{
	long long v[4];
	int es = PAPI_NULL, fd[2], i, ret, cidx;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	cidx = PAPI_get_component_index("appio");
	CHECK(cidx >= 0, "appio component missing: %d", cidx);
	if (cidx >= 0 && PAPI_get_component_info(cidx)->disabled) {
		printf("SKIP: appio disabled: %s\n",
		       PAPI_get_component_info(cidx)->disabled_reason);
		return 77;
	}
	CHECK(pipe(fd) == 0, "pipe");
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	for (i = 0; i < 4; i++) {
		ret = PAPI_add_named_event(es, names[i]);
		CHECK(ret == PAPI_OK, "add %s: %s", names[i], PAPI_strerror(ret));
	}
	CHECK(PAPI_get_event_component(PAPI_NATIVE_MASK) != cidx ||
		      cidx == 0, "codes name their component");
	io(fd, 3, 100); /* before start: must not count */
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	io(fd, 5, 1000);
	CHECK(PAPI_read(es, v) == PAPI_OK, "read");
	CHECK(v[0] == 5000 && v[1] == 5, "writes %lld bytes in %lld calls",
	      v[0], v[1]);
	CHECK(v[2] == 5000 && v[3] == 5, "reads %lld bytes in %lld calls",
	      v[2], v[3]);
	CHECK(PAPI_reset(es) == PAPI_OK, "reset");
	io(fd, 2, 64);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	CHECK(v[0] == 128 && v[1] == 2 && v[2] == 128 && v[3] == 2,
	      "after reset: %lld %lld %lld %lld", v[0], v[1], v[2], v[3]);
	io(fd, 4, 10); /* after stop: must not count */
	CHECK(PAPI_read(es, v) == PAPI_OK && v[0] == 128,
	      "stopped read %lld", v[0]);
	CHECK(PAPI_cleanup_eventset(es) == PAPI_OK, "cleanup");
	CHECK(PAPI_destroy_eventset(&es) == PAPI_OK, "destroy");
	CHECK(PAPI_query_named_event("appio:::NOPE") == PAPI_ENOEVNT, "unknown");
	names_and_bad_input(cidx);
	PAPI_shutdown();
	if (!failures)
		printf("appio: exact byte and call counts through start, read, "
		       "reset, stop\n");
	return failures ? 1 : 0;
}
