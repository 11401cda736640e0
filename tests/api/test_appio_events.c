// SPDX-License-Identifier: BSD-3-Clause
/*
 * Every one of appio's 45 events against a workload whose answer is known
 * exactly: files read and written in known blocks, pipes with short reads,
 * end of file and a full buffer, a non-blocking descriptor with nothing to
 * read, a socket pair for recv() and the SOCK_* events, lseek strides,
 * fread/fwrite, select with a timeout, and calls that a signal interrupts.
 * One set holds all 45 events; each workload runs between a reset and a
 * read, and every event it does not name must read 0, so that a call
 * counted in the wrong event fails too. The *_USEC events are times: they
 * must be 0 where no call of theirs completed, and within the wall time
 * the test measured around the workload otherwise.
 */
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <papi.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

/* PAPI 7.0's appio events, in its order. */
static const char *const names[] = {
	"READ_BYTES",	    "READ_CALLS",	    "READ_ERR",
	"READ_INTERRUPTED", "READ_WOULD_BLOCK",	    "READ_SHORT",
	"READ_EOF",	    "READ_BLOCK_SIZE",	    "READ_USEC",
	"WRITE_BYTES",	    "WRITE_CALLS",	    "WRITE_ERR",
	"WRITE_SHORT",	    "WRITE_INTERRUPTED",    "WRITE_WOULD_BLOCK",
	"WRITE_BLOCK_SIZE", "WRITE_USEC",	    "OPEN_CALLS",
	"OPEN_ERR",	    "OPEN_FDS",		    "SELECT_USEC",
	"RECV_BYTES",	    "RECV_CALLS",	    "RECV_ERR",
	"RECV_INTERRUPTED", "RECV_WOULD_BLOCK",	    "RECV_SHORT",
	"RECV_EOF",	    "RECV_BLOCK_SIZE",	    "RECV_USEC",
	"SOCK_READ_BYTES",  "SOCK_READ_CALLS",	    "SOCK_READ_ERR",
	"SOCK_READ_SHORT",  "SOCK_READ_WOULD_BLOCK", "SOCK_READ_USEC",
	"SOCK_WRITE_BYTES", "SOCK_WRITE_CALLS",	    "SOCK_WRITE_ERR",
	"SOCK_WRITE_SHORT", "SOCK_WRITE_WOULD_BLOCK", "SOCK_WRITE_USEC",
	"SEEK_CALLS",	    "SEEK_ABS_STRIDE_SIZE", "SEEK_USEC",
};
#define N ((int)(sizeof(names) / sizeof(names[0])))

static int es = PAPI_NULL;
static long long v[N];
static long long wall_us; /* wall time of the last workload */
static struct expect {
	const char *name;
	long long value;
} want[N + 1];
static int nwant;

static int idx(const char *name)
{
	int i;

	for (i = 0; i < N; i++)
		if (!strcmp(names[i], name))
			return i;
	fprintf(stderr, "no event %s\n", name);
	exit(1);
}

static long long now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

static long long t0;

static void begin(void)
{
	nwant = 0;
	CHECK(PAPI_reset(es) == PAPI_OK, "reset");
	t0 = now_us();
}

static void expect(const char *name, long long value)
{
	want[nwant].name = name;
	want[nwant++].value = value;
}

/* Read, and compare every event: the named ones to their values, the
 * times to 0 or the wall time, the others to 0. */
static void end(const char *what)
{
	int i, j;

	CHECK(PAPI_read(es, v) == PAPI_OK, "%s: read", what);
	wall_us = now_us() - t0;
	for (i = 0; i < N; i++) {
		int usec = strstr(names[i], "_USEC") != NULL;
		long long w = 0, named = 0;

		for (j = 0; j < nwant; j++)
			if (!strcmp(want[j].name, names[i])) {
				w = want[j].value;
				named = 1;
			}
		if (usec && named && w < 0) /* some time, not known */
			CHECK(v[i] >= 0 && v[i] <= wall_us,
			      "%s: %s = %lld, wall %lld us", what, names[i],
			      v[i], wall_us);
		else
			CHECK(v[i] == w, "%s: %s = %lld, not %lld", what,
			      names[i], v[i], w);
	}
}

#define ANY_TIME (-1)

static char path[64];
static char buf[1 << 16];

static void make_file(size_t n)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	memset(buf, 'a', sizeof(buf));
	if (fd < 0 || write(fd, buf, n) != (ssize_t)n)
		check_failures++;
	close(fd);
}

/* A file of 10000 bytes read in blocks of 4096: two full reads, a short
 * one, and one that finds the end. */
static void file_read(void)
{
	int fd;

	make_file(10000);
	begin();
	fd = open(path, O_RDONLY);
	while (read(fd, buf, 4096) > 0)
		;
	close(fd);
	expect("OPEN_CALLS", 1);
	expect("READ_CALLS", 4);
	expect("READ_BYTES", 10000);
	expect("READ_SHORT", 1);
	expect("READ_EOF", 1);
	expect("READ_BLOCK_SIZE", 4096);
	expect("READ_USEC", ANY_TIME);
	end("file read");
}

/* Writes of 1000 bytes, and calls on a descriptor that is not open. */
static void file_write(void)
{
	int fd, i;

	begin();
	fd = open(path, O_WRONLY | O_TRUNC);
	for (i = 0; i < 5; i++)
		CHECK(write(fd, buf, 1000) == 1000, "write");
	close(fd);
	CHECK(write(-1, buf, 10) < 0 && errno == EBADF, "bad write");
	CHECK(read(-1, buf, 10) < 0 && errno == EBADF, "bad read");
	expect("OPEN_CALLS", 1);
	expect("WRITE_CALLS", 6);
	expect("WRITE_ERR", 1);
	expect("WRITE_BYTES", 5000);
	expect("WRITE_BLOCK_SIZE", 1000);
	expect("WRITE_USEC", ANY_TIME);
	expect("READ_CALLS", 1);
	expect("READ_ERR", 1);
	end("file write");
}

/* Opens that succeed and stay open, one that fails; then closes. */
static void opens(void)
{
	int fd[3], i;

	begin();
	for (i = 0; i < 3; i++)
		fd[i] = open(path, O_RDONLY);
	CHECK(open("/nonexistent/appio", O_RDONLY) < 0 && errno == ENOENT,
	      "failed open");
	expect("OPEN_CALLS", 4);
	expect("OPEN_ERR", 1);
	expect("OPEN_FDS", 3);
	end("opens");
	close(fd[0]);
	CHECK(PAPI_read(es, v) == PAPI_OK && v[idx("OPEN_FDS")] == 2,
	      "one closed: %lld open", v[idx("OPEN_FDS")]);
	begin();
	close(fd[1]);
	close(fd[2]);
	end("closed after the reset: not below zero");
}

/* Seeks of 100, -200, 300 and 0 bytes: a mean absolute stride of 150. */
static void seeks(void)
{
	int fd = open(path, O_RDONLY);

	begin();
	CHECK(lseek(fd, 100, SEEK_SET) == 100, "seek");
	CHECK(lseek(fd, -200, SEEK_CUR) < 0 && errno == EINVAL, "seek back");
	CHECK(lseek(fd, 300, SEEK_SET) == 300, "seek");
	CHECK(lseek(fd, 0, SEEK_END) == 5000, "seek end");
	expect("SEEK_CALLS", 4);
	expect("SEEK_ABS_STRIDE_SIZE", 150);
	expect("SEEK_USEC", ANY_TIME);
	end("seeks");
	close(fd);
}

/* A pipe: reads that get less than they ask for, then the end. */
static void pipe_short_eof(void)
{
	int p[2];

	CHECK(pipe(p) == 0, "pipe");
	begin();
	CHECK(write(p[1], buf, 100) == 100, "write");
	CHECK(read(p[0], buf, 4096) == 100, "short read");
	CHECK(write(p[1], buf, 50) == 50, "write");
	CHECK(read(p[0], buf, 4096) == 50, "short read");
	close(p[1]);
	CHECK(read(p[0], buf, 4096) == 0, "eof");
	expect("WRITE_CALLS", 2);
	expect("WRITE_BYTES", 150);
	expect("WRITE_BLOCK_SIZE", 75);
	expect("WRITE_USEC", ANY_TIME);
	expect("READ_CALLS", 3);
	expect("READ_BYTES", 150);
	expect("READ_SHORT", 2);
	expect("READ_EOF", 1);
	expect("READ_BLOCK_SIZE", 4096);
	expect("READ_USEC", ANY_TIME);
	end("pipe");
	close(p[0]);
}

/* A non-blocking pipe: a read with nothing there, a write larger than
 * the room, then one with no room at all. */
static void pipe_would_block(void)
{
	int p[2], cap;
	char *big;
	ssize_t got;

	CHECK(pipe2(p, O_NONBLOCK) == 0, "pipe2");
	cap = fcntl(p[1], F_GETPIPE_SZ);
	big = calloc(1, (size_t)cap + 100);
	begin();
	CHECK(read(p[0], buf, 10) < 0 && errno == EAGAIN, "empty read");
	got = write(p[1], big, (size_t)cap + 100);
	CHECK(got > 0 && got < cap + 100, "write of %d: %zd", cap + 100, got);
	CHECK(write(p[1], big, 10) < 0 && errno == EAGAIN, "full write");
	expect("READ_CALLS", 1);
	expect("READ_ERR", 1);
	expect("READ_WOULD_BLOCK", 1);
	expect("WRITE_CALLS", 2);
	expect("WRITE_ERR", 1);
	expect("WRITE_WOULD_BLOCK", 1);
	expect("WRITE_SHORT", 1);
	expect("WRITE_BYTES", got);
	expect("WRITE_BLOCK_SIZE", cap + 100);
	expect("WRITE_USEC", ANY_TIME);
	end("non-blocking pipe");
	free(big);
	close(p[0]);
	close(p[1]);
}

/* A socket pair: read/write on sockets count in the SOCK_* events too;
 * recv() in the RECV_* events only. */
static void sockets(void)
{
	int s[2];
	char *big = calloc(1, 8 << 20);
	ssize_t got;

	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0, "socketpair");
	begin();
	CHECK(write(s[0], buf, 300) == 300, "send 300");
	CHECK(read(s[1], buf, 100) == 100, "read 100");
	CHECK(recv(s[1], buf, 1000, 0) == 200, "recv the other 200");
	CHECK(recv(s[1], buf, 10, MSG_DONTWAIT) < 0 && errno == EAGAIN,
	      "recv on nothing");
	fcntl(s[1], F_SETFL, O_NONBLOCK);
	CHECK(read(s[1], buf, 10) < 0 && errno == EAGAIN, "read on nothing");
	CHECK(write(s[0], buf, 30) == 30, "send 30");
	CHECK(read(s[1], buf, 100) == 30, "short read");
	shutdown(s[0], SHUT_WR);
	CHECK(recv(s[1], buf, 10, 0) == 0, "recv at the end");
	expect("WRITE_CALLS", 2);
	expect("WRITE_BYTES", 330);
	expect("WRITE_BLOCK_SIZE", 165);
	expect("WRITE_USEC", ANY_TIME);
	expect("SOCK_WRITE_CALLS", 2);
	expect("SOCK_WRITE_BYTES", 330);
	expect("SOCK_WRITE_USEC", ANY_TIME);
	expect("READ_CALLS", 3);
	expect("READ_BYTES", 130);
	expect("READ_ERR", 1);
	expect("READ_WOULD_BLOCK", 1);
	expect("READ_SHORT", 1);
	expect("READ_BLOCK_SIZE", 100);
	expect("READ_USEC", ANY_TIME);
	expect("SOCK_READ_CALLS", 3);
	expect("SOCK_READ_BYTES", 130);
	expect("SOCK_READ_ERR", 1);
	expect("SOCK_READ_WOULD_BLOCK", 1);
	expect("SOCK_READ_SHORT", 1);
	expect("SOCK_READ_USEC", ANY_TIME);
	expect("RECV_CALLS", 3);
	expect("RECV_BYTES", 200);
	expect("RECV_SHORT", 1);
	expect("RECV_ERR", 1);
	expect("RECV_WOULD_BLOCK", 1);
	expect("RECV_EOF", 1);
	expect("RECV_BLOCK_SIZE", 1000);
	expect("RECV_USEC", ANY_TIME);
	end("socket pair");
	close(s[0]);
	close(s[1]);

	/* A full socket: a write that takes part, then one that takes none. */
	CHECK(socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0, "socketpair");
	fcntl(s[0], F_SETFL, O_NONBLOCK);
	begin();
	got = write(s[0], big, 8 << 20);
	CHECK(got > 0 && got < (8 << 20), "big write: %zd", got);
	CHECK(write(s[0], big, 8 << 20) < 0 && errno == EAGAIN, "full");
	expect("WRITE_CALLS", 2);
	expect("WRITE_BYTES", got);
	expect("WRITE_SHORT", 1);
	expect("WRITE_ERR", 1);
	expect("WRITE_WOULD_BLOCK", 1);
	expect("WRITE_BLOCK_SIZE", 8 << 20);
	expect("WRITE_USEC", ANY_TIME);
	expect("SOCK_WRITE_CALLS", 2);
	expect("SOCK_WRITE_BYTES", got);
	expect("SOCK_WRITE_SHORT", 1);
	expect("SOCK_WRITE_ERR", 1);
	expect("SOCK_WRITE_WOULD_BLOCK", 1);
	expect("SOCK_WRITE_USEC", ANY_TIME);
	end("full socket");
	close(s[0]);
	close(s[1]);
	free(big);
}

/* fwrite/fread count as writes and reads of size * items bytes; the
 * stream's own read() and write() calls are inside the C library and do
 * not count again. */
static void stdio_calls(void)
{
	FILE *f = fopen(path, "w+"), *ro = fopen(path, "r");

	if (!f || !ro) {
		CHECK(0, "fopen %s", path);
		return;
	}
	begin();
	CHECK(fwrite(buf, 100, 10, f) == 10, "fwrite");
	fflush(f);
	rewind(f);
	CHECK(fread(buf, 100, 4, f) == 4, "fread 4");
	CHECK(fread(buf, 100, 10, f) == 6, "fread 6 of 10");
	CHECK(fread(buf, 100, 10, f) == 0 && feof(f), "fread at the end");
	CHECK(fwrite(buf, 1, 10, ro) == 0, "fwrite to a read-only stream");
	expect("WRITE_CALLS", 2);
	expect("WRITE_BYTES", 1000);
	expect("WRITE_ERR", 1);
	expect("WRITE_BLOCK_SIZE", 1000);
	expect("WRITE_USEC", ANY_TIME);
	expect("READ_CALLS", 3);
	expect("READ_BYTES", 1000);
	expect("READ_SHORT", 1);
	expect("READ_EOF", 1);
	expect("READ_BLOCK_SIZE", 700);
	expect("READ_USEC", ANY_TIME);
	end("stdio");
	fclose(f);
	fclose(ro);
}

/* select() waits at least its timeout; its time is all SELECT_USEC. */
static void selects(void)
{
	struct timeval tv = { 0, 20000 };
	int sel;

	begin();
	CHECK(select(0, NULL, NULL, NULL, &tv) == 0, "select");
	expect("SELECT_USEC", ANY_TIME);
	end("select");
	sel = idx("SELECT_USEC");
	CHECK(v[sel] >= 20000, "select of 20 ms counted %lld us", v[sel]);
}

/* appio asks poll() whether each call would wait, just before it. A
 * signal that lands inside that poll makes it fail with EINTR, and a
 * library that took the failure for "ready" undercounted *_WOULD_BLOCK
 * (CI saw it once in a few hundred runs). The window is a microsecond,
 * so the test opens it on purpose: this program's poll() is the one the
 * library binds to, and while polls_to_fail > 0 it fails with EINTR, as
 * the kernel's does when a signal arrives. */
static int polls_to_fail;

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	static int (*real)(struct pollfd *, nfds_t, int);

	if (polls_to_fail > 0) {
		polls_to_fail--;
		errno = EINTR;
		return -1;
	}
	if (!real)
		*(void **)&real = dlsym(RTLD_NEXT, "poll");
	return real(fds, n, timeout);
}

/* Calls that wait, until a signal (no SA_RESTART) interrupts them: a
 * helper thread keeps signalling this one until told to stop. */
static int stop_kicks; /* atomic */
static pthread_t main_thread;

static void on_usr1(int sig)
{
	(void)sig;
}

static void *kicker(void *arg)
{
	struct timespec ms = { 0, 1000000 };

	(void)arg;
	while (!__atomic_load_n(&stop_kicks, __ATOMIC_RELAXED)) {
		pthread_kill(main_thread, SIGUSR1);
		nanosleep(&ms, NULL);
	}
	return NULL;
}

static void interrupted(void)
{
	struct sigaction sa;
	pthread_t th;
	int p[2], s[2];

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_usr1;
	sigaction(SIGUSR1, &sa, NULL);
	CHECK(pipe(p) == 0 && socketpair(AF_UNIX, SOCK_STREAM, 0, s) == 0,
	      "pipe, socketpair");
	/* Fill the pipe, so that the next write waits. */
	fcntl(p[1], F_SETFL, O_NONBLOCK);
	while (write(p[1], buf, sizeof(buf)) > 0)
		;
	fcntl(p[1], F_SETFL, 0);
	main_thread = pthread_self();
	__atomic_store_n(&stop_kicks, 0, __ATOMIC_RELAXED);
	pthread_create(&th, NULL, kicker, NULL);
	begin();
	polls_to_fail = 1;
	CHECK(write(p[1], buf, 1) < 0 && errno == EINTR, "write interrupted");
	CHECK(polls_to_fail == 0, "appio asked poll() before write()");
	polls_to_fail = 1;
	CHECK(recv(s[1], buf, 10, 0) < 0 && errno == EINTR, "recv interrupted");
	polls_to_fail = 1;
	CHECK(read(s[1], buf, 10) < 0 && errno == EINTR, "read interrupted");
	expect("WRITE_CALLS", 1);
	expect("WRITE_ERR", 1);
	expect("WRITE_INTERRUPTED", 1);
	expect("WRITE_WOULD_BLOCK", 1);
	expect("RECV_CALLS", 1);
	expect("RECV_ERR", 1);
	expect("RECV_INTERRUPTED", 1);
	expect("RECV_WOULD_BLOCK", 1);
	expect("READ_CALLS", 1);
	expect("READ_ERR", 1);
	expect("READ_INTERRUPTED", 1);
	expect("READ_WOULD_BLOCK", 1);
	expect("SOCK_READ_CALLS", 1);
	expect("SOCK_READ_ERR", 1);
	expect("SOCK_READ_WOULD_BLOCK", 1);
	end("interrupted");
	__atomic_store_n(&stop_kicks, 1, __ATOMIC_RELAXED);
	pthread_join(th, NULL);
	close(p[0]);
	close(p[1]);
	close(s[0]);
	close(s[1]);
}

int main(void)
{
	int cidx, i, ret;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	cidx = PAPI_get_component_index("appio");
	if (cidx < 0 || PAPI_get_component_info(cidx)->disabled) {
		printf("SKIP: appio unavailable: %s\n",
		       cidx < 0 ? "no component"
				: PAPI_get_component_info(cidx)->disabled_reason);
		return 77;
	}
	snprintf(path, sizeof(path), "/tmp/appio-events-%d", (int)getpid());
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	for (i = 0; i < N; i++) {
		char full[64];

		snprintf(full, sizeof(full), "appio:::%s", names[i]);
		ret = PAPI_add_named_event(es, full);
		CHECK(ret == PAPI_OK, "add %s: %s", full, PAPI_strerror(ret));
	}
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	file_read();
	file_write();
	opens();
	seeks();
	pipe_short_eof();
	pipe_would_block();
	sockets();
	stdio_calls();
	selects();
	interrupted();
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	unlink(path);
	CHECK(PAPI_cleanup_eventset(es) == PAPI_OK, "cleanup");
	CHECK(PAPI_destroy_eventset(&es) == PAPI_OK, "destroy");
	PAPI_shutdown();
	if (!check_failures)
		printf("appio: all 45 events answered every known workload exactly\n");
	return check_exit();
}
