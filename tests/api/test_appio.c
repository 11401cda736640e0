// SPDX-License-Identifier: BSD-3-Clause
/*
 * The appio component counts the calling thread's I/O exactly: bytes and
 * calls of write() and read() on a pipe, between PAPI_start and PAPI_stop,
 * through reset, and nothing from before the start.
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
	PAPI_shutdown();
	if (!failures)
		printf("appio: exact byte and call counts through start, read, "
		       "reset, stop\n");
	return failures ? 1 : 0;
}
