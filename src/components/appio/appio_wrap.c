// SPDX-License-Identifier: BSD-3-Clause
/*
 * The C library calls appio counts, wrapped: libpapi exports open, open64,
 * close, read, write, fread, fwrite, lseek, lseek64, select and recv
 * (src/papi.map), so that a program linked with it calls these first. Each
 * wrapper goes straight to the C library's own entry point (__read,
 * _IO_fread...: glibc exports them for this; recv goes to recvfrom) and,
 * only while a running appio set counts the calling thread, adds to that
 * thread's block of counts (appio.h). A thread that counts nothing pays one
 * thread-local load.
 *
 * The definitions are weak: in a fully static program the C library's own
 * strong read() may win the link, and then appio says it is disabled
 * (papi__appio_wrapped) rather than count nothing. Everything a wrapper
 * does is async-signal-safe (atomic adds, fstat, poll, clock_gettime), as
 * read() and write() must be, and it hands errno back as the call left it.
 *
 * The library's own I/O (perf_event's reads of its counters, the /proc and
 * /sys files) goes through the OS layer's system calls, never through
 * these names, so it is never counted.
 */
#undef _FORTIFY_SOURCE /* it would define read() and open() inline */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "components/appio/appio.h"
#include "os/os.h"

/* The C library's entry points behind its public names. */
extern ssize_t __read(int fd, void *buf, size_t len);
extern ssize_t __write(int fd, const void *buf, size_t len);
extern int __open(const char *path, int flags, ...);
extern int __close(int fd);
extern off_t __lseek(int fd, off_t off, int whence);
extern int __select(int nfds, fd_set *r, fd_set *w, fd_set *x,
		    struct timeval *timeout);
extern size_t _IO_fread(void *ptr, size_t size, size_t n, FILE *f);
extern size_t _IO_fwrite(const void *ptr, size_t size, size_t n, FILE *f);

#define WRAPPER __attribute__((weak, visibility("default")))

/* The calling thread's block: a pointer in the static TLS block, so that
 * reading it is one load that never allocates (a wrapper may run in a
 * signal handler). */
static __thread struct papi__appio_thr *self
	__attribute__((tls_model("initial-exec")));

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct papi__appio_thr *list; /* live threads that have a block */
static pthread_key_t exit_key;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int setup_ret = PAPI_OK;

/* ---- counting ----------------------------------------------------------- */

static inline struct papi__appio_thr *counting(void)
{
	struct papi__appio_thr *t = self;

	return t && __atomic_load_n(&t->active, __ATOMIC_RELAXED) > 0 ? t
								       : NULL;
}

static inline void add(struct papi__appio_thr *t, int slot, long long n)
{
	__atomic_add_fetch(&t->v[slot], n, __ATOMIC_RELAXED);
}

static long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int is_socket(int fd)
{
	struct stat st;

	return fstat(fd, &st) == 0 && S_ISSOCK(st.st_mode);
}

/* Would the call have to wait? Asked before it, with a poll that does
 * not wait, as PAPI's appio does; a call that fails with EAGAIN would
 * have blocked too. A poll that a signal interrupts is asked again: even
 * with no timeout it fails with EINTR when a signal arrives while it
 * runs, and taking that failure for "ready" would count a call that
 * waited as one that did not. */
static int would_block(int fd, short what)
{
	struct pollfd p = { .fd = fd, .events = what };
	int r;

	if (fd < 0)
		return 0;
	do
		r = poll(&p, 1, 0);
	while (r < 0 && errno == EINTR);
	return r == 0;
}

/* One read(), write() or recv() call of family fam: ret and err as it
 * left them, req the bytes asked for, wb whether it would have blocked,
 * ns its duration. A read-like call that returns 0 found the end of the
 * data; a write completes with any count (PAPI's meanings). */
static void transfer(struct papi__appio_thr *t, int fam, long long ret,
		     int err, size_t req, int wb, long long ns)
{
	int reads = fam != FAM_WRITE && fam != FAM_SOCK_WRITE;

	add(t, APPIO_FAM(fam, F_CALLS), 1);
	if (wb || (ret < 0 && (err == EAGAIN || err == EWOULDBLOCK)))
		add(t, APPIO_FAM(fam, F_WBLOCK), 1);
	if (ret < 0) {
		add(t, APPIO_FAM(fam, F_ERR), 1);
		if (err == EINTR)
			add(t, APPIO_FAM(fam, F_INTR), 1);
		return;
	}
	if (reads && ret == 0) {
		if (req > 0)
			add(t, APPIO_FAM(fam, F_EOF), 1);
		return;
	}
	add(t, APPIO_FAM(fam, F_BYTES), ret);
	add(t, APPIO_FAM(fam, F_REQ), req > LLONG_MAX ? LLONG_MAX : (long long)req);
	add(t, APPIO_FAM(fam, F_DONE), 1);
	add(t, APPIO_FAM(fam, F_NS), ns);
	if ((unsigned long long)ret < req)
		add(t, APPIO_FAM(fam, F_SHORT), 1);
}

/* An fread() or fwrite() of n items of size bytes that moved got items:
 * counted with read() or write() (no socket or would-block test: the
 * stream's buffer decides whether it waits). */
static void stdio_call(struct papi__appio_thr *t, int fam, size_t size,
		       size_t n, size_t got, int eof, long long ns)
{
	size_t req;

	if (__builtin_mul_overflow(size, n, &req))
		req = (size_t)LLONG_MAX;
	add(t, APPIO_FAM(fam, F_CALLS), 1);
	if (got == 0) {
		if (req > 0)
			add(t, APPIO_FAM(fam, fam == FAM_READ && eof ? F_EOF
								      : F_ERR),
			    1);
		return;
	}
	add(t, APPIO_FAM(fam, F_BYTES), (long long)(got * size));
	add(t, APPIO_FAM(fam, F_REQ), (long long)req);
	add(t, APPIO_FAM(fam, F_DONE), 1);
	add(t, APPIO_FAM(fam, F_NS), ns);
	if (got < n)
		add(t, APPIO_FAM(fam, F_SHORT), 1);
}

/* ---- the wrappers -------------------------------------------------------- */

/* read() and write(): the call timed and counted in its family, and in
 * the socket family too on a socket. buf is write()'s const buffer too:
 * it is only passed on. */
static ssize_t rw_counted(struct papi__appio_thr *t, int fd, void *buf,
			  size_t len, int wr)
{
	int e = errno, sock = is_socket(fd),
	    wb = would_block(fd, wr ? POLLOUT : POLLIN);
	long long t0;
	ssize_t ret;

	errno = e;
	t0 = now_ns();
	ret = wr ? __write(fd, buf, len) : __read(fd, buf, len);
	t0 = now_ns() - t0;
	e = errno;
	transfer(t, wr ? FAM_WRITE : FAM_READ, ret, e, len, wb, t0);
	if (sock)
		transfer(t, wr ? FAM_SOCK_WRITE : FAM_SOCK_READ, ret, e, len,
			 wb, t0);
	errno = e;
	return ret;
}

WRAPPER ssize_t read(int fd, void *buf, size_t len)
{
	struct papi__appio_thr *t = counting();

	return t ? rw_counted(t, fd, buf, len, 0) : __read(fd, buf, len);
}

WRAPPER ssize_t write(int fd, const void *buf, size_t len)
{
	struct papi__appio_thr *t = counting();

	return t ? rw_counted(t, fd, (void *)buf, len, 1)
		 : __write(fd, buf, len);
}

WRAPPER ssize_t recv(int fd, void *buf, size_t len, int flags)
{
	struct papi__appio_thr *t = counting();
	int e, wb;
	long long t0;
	ssize_t ret;

	if (!t)
		return recvfrom(fd, buf, len, flags, NULL, NULL);
	e = errno;
	wb = would_block(fd, POLLIN);
	errno = e;
	t0 = now_ns();
	ret = recvfrom(fd, buf, len, flags, NULL, NULL);
	t0 = now_ns() - t0;
	e = errno;
	transfer(t, FAM_RECV, ret, e, len, wb, t0);
	errno = e;
	return ret;
}

WRAPPER size_t fread(void *ptr, size_t size, size_t n, FILE *f)
{
	struct papi__appio_thr *t = counting();
	long long t0;
	size_t got;

	if (!t)
		return _IO_fread(ptr, size, n, f);
	t0 = now_ns();
	got = _IO_fread(ptr, size, n, f);
	t0 = now_ns() - t0;
	stdio_call(t, FAM_READ, size, n, got, got == 0 && feof(f), t0);
	return got;
}

WRAPPER size_t fwrite(const void *ptr, size_t size, size_t n, FILE *f)
{
	struct papi__appio_thr *t = counting();
	long long t0;
	size_t got;

	if (!t)
		return _IO_fwrite(ptr, size, n, f);
	t0 = now_ns();
	got = _IO_fwrite(ptr, size, n, f);
	t0 = now_ns() - t0;
	stdio_call(t, FAM_WRITE, size, n, got, 0, t0);
	return got;
}

/* open()'s third argument exists only when it creates a file. */
static int open_counted(const char *path, int flags, va_list ap)
{
	struct papi__appio_thr *t = counting();
	mode_t mode = 0;
	int fd;

	if ((flags & O_CREAT) || (flags & O_TMPFILE) == O_TMPFILE)
		mode = (mode_t)va_arg(ap, unsigned int);
	fd = __open(path, flags, mode);
	if (t) {
		add(t, S_OPEN_CALLS, 1);
		add(t, fd < 0 ? S_OPEN_ERR : S_OPEN_FDS, 1);
	}
	return fd;
}

WRAPPER int open(const char *path, int flags, ...)
{
	va_list ap;
	int fd;

	va_start(ap, flags);
	fd = open_counted(path, flags, ap);
	va_end(ap);
	return fd;
}

WRAPPER int open64(const char *path, int flags, ...)
{
	va_list ap;
	int fd;

	va_start(ap, flags);
	fd = open_counted(path, flags, ap);
	va_end(ap);
	return fd;
}

/* A descriptor closed takes one off the open ones, which never go below
 * zero (one opened before counting began may be closed). */
WRAPPER int close(int fd)
{
	struct papi__appio_thr *t = counting();
	int ret = __close(fd);

	if (t && ret == 0) {
		long long v = __atomic_load_n(&t->v[S_OPEN_FDS],
					      __ATOMIC_RELAXED);

		while (v > 0 &&
		       !__atomic_compare_exchange_n(&t->v[S_OPEN_FDS], &v,
						    v - 1, 0, __ATOMIC_RELAXED,
						    __ATOMIC_RELAXED))
			;
	}
	return ret;
}

static off_t seek_counted(int fd, off_t off, int whence)
{
	struct papi__appio_thr *t = counting();
	long long t0;
	off_t ret;

	if (!t)
		return __lseek(fd, off, whence);
	t0 = now_ns();
	ret = __lseek(fd, off, whence);
	t0 = now_ns() - t0;
	add(t, S_SEEK_CALLS, 1);
	add(t, S_SEEK_ABS,
	    off >= 0 ? (long long)off
		     : (off < -LLONG_MAX ? LLONG_MAX : -(long long)off));
	add(t, S_SEEK_NS, t0);
	return ret;
}

WRAPPER off_t lseek(int fd, off_t off, int whence)
{
	return seek_counted(fd, off, whence);
}

#if defined(__LP64__) /* off_t is off64_t: one function under two names */
WRAPPER off64_t lseek64(int fd, off64_t off, int whence)
{
	return seek_counted(fd, off, whence);
}
#endif

WRAPPER int select(int nfds, fd_set *r, fd_set *w, fd_set *x,
		   struct timeval *timeout)
{
	struct papi__appio_thr *t = counting();
	long long t0;
	int ret, e;

	if (!t)
		return __select(nfds, r, w, x, timeout);
	t0 = now_ns();
	ret = __select(nfds, r, w, x, timeout);
	e = errno;
	add(t, S_SELECT_NS, now_ns() - t0);
	errno = e;
	return ret;
}

/* ---- the threads' blocks ------------------------------------------------- */

static void unlist(struct papi__appio_thr *t)
{
	struct papi__appio_thr **p;

	for (p = &list; *p; p = &(*p)->next)
		if (*p == t) {
			*p = t->next;
			break;
		}
	t->listed = 0;
}

void papi__appio_unref(struct papi__appio_thr *t)
{
	if (t && __atomic_sub_fetch(&t->refs, 1, __ATOMIC_ACQ_REL) == 0)
		free(t);
}

/* Thread exit: its sets may still be read (from the block they hold). */
static void thread_gone(void *arg)
{
	struct papi__appio_thr *t = arg;

	self = NULL;
	pthread_mutex_lock(&list_lock);
	unlist(t);
	pthread_mutex_unlock(&list_lock);
	papi__appio_unref(t);
}

static void fork_prepare(void)
{
	pthread_mutex_lock(&list_lock);
}

static void fork_parent(void)
{
	pthread_mutex_unlock(&list_lock);
}

/* The child has one thread, with a new id; the other threads' blocks
 * lose their thread's reference (their sets, dropped by the core's own
 * fork handler next, hold the others). */
static void fork_child(void)
{
	struct papi__appio_thr *t = list, *next;

	list = NULL;
	for (; t; t = next) {
		next = t->next;
		t->listed = 0;
		if (t == self) {
			t->tid = papi__os_gettid();
			t->next = list;
			list = t;
			t->listed = 1;
		} else {
			papi__appio_unref(t);
		}
	}
	pthread_mutex_unlock(&list_lock);
}

static void setup_once(void)
{
	if (pthread_key_create(&exit_key, thread_gone) != 0 ||
	    pthread_atfork(fork_prepare, fork_parent, fork_child) != 0)
		setup_ret = PAPI_ESYS;
}

int papi__appio_setup(void)
{
	pthread_once(&once, setup_once);
	return setup_ret;
}

struct papi__appio_thr *papi__appio_self(void)
{
	struct papi__appio_thr *t = self;

	if (t) {
		__atomic_add_fetch(&t->refs, 1, __ATOMIC_RELAXED);
		return t;
	}
	if (papi__appio_setup() != PAPI_OK)
		return NULL;
	t = calloc(1, sizeof(*t));
	if (!t)
		return NULL;
	t->refs = 2; /* the thread's and the caller's */
	t->tid = papi__os_gettid();
	if (pthread_setspecific(exit_key, t) != 0) {
		free(t);
		return NULL;
	}
	pthread_mutex_lock(&list_lock);
	t->next = list;
	list = t;
	t->listed = 1;
	pthread_mutex_unlock(&list_lock);
	self = t;
	return t;
}

struct papi__appio_thr *papi__appio_find(int tid)
{
	struct papi__appio_thr *t;

	pthread_mutex_lock(&list_lock);
	for (t = list; t && t->tid != tid; t = t->next)
		;
	if (t)
		__atomic_add_fetch(&t->refs, 1, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&list_lock);
	return t;
}

void papi__appio_snapshot(const struct papi__appio_thr *t, long long *v)
{
	int i;

	for (i = 0; i < APPIO_SLOTS; i++)
		v[i] = __atomic_load_n(&t->v[i], __ATOMIC_RELAXED);
}

int papi__appio_wrapped(void)
{
	ssize_t (*volatile rd)(int, void *, size_t) = read;
	struct papi__appio_thr *t = papi__appio_self();
	long long before;
	int e = errno, ok;

	if (!t)
		return 0;
	before = __atomic_load_n(&t->v[APPIO_FAM(FAM_READ, F_CALLS)],
				 __ATOMIC_RELAXED);
	__atomic_add_fetch(&t->active, 1, __ATOMIC_RELAXED);
	rd(-1, NULL, 0); /* fails with EBADF, and counts if it is ours */
	__atomic_sub_fetch(&t->active, 1, __ATOMIC_RELAXED);
	ok = __atomic_load_n(&t->v[APPIO_FAM(FAM_READ, F_CALLS)],
			     __ATOMIC_RELAXED) != before;
	papi__appio_unref(t);
	errno = e;
	return ok;
}
