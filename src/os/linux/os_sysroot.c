// SPDX-License-Identifier: BSD-3-Clause
/*
 * What the sampling components need of the OS beyond papi__os_read_file
 * (os/os.h): the root their paths start from, reads at an offset, symbolic
 * links, USER_HZ.
 *
 * The root: tests cannot make the kernel show a RAPL zone, a network
 * interface that vanishes or an energy counter about to wrap, so the
 * components read every file under $PAPI_SYS_ROOT when it is set, and the
 * tests build those trees with known values. Only these components honour
 * it: the hardware description and perf_event always read the real /sys.
 * secure_getenv: a set-user-ID program does not let its caller redirect it.
 */
#include "os/os.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

const char *papi__os_sys_root(void)
{
	const char *r = secure_getenv("PAPI_SYS_ROOT");

	return r ? r : "";
}

/* Straight system calls, as os_linux.c's: the appio component wraps the
 * C library's open() and close(), and the library's own reads are not the
 * application's I/O. */
long papi__os_pread_file(const char *path, void *buf, size_t len,
			 long long off)
{
	size_t got = 0;
	int fd = (int)syscall(SYS_openat, AT_FDCWD, path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	while (got < len) {
		ssize_t n = pread(fd, (char *)buf + got, len - got,
				  (off_t)off + (off_t)got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			syscall(SYS_close, fd);
			return -e;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	syscall(SYS_close, fd);
	return (long)got;
}

long papi__os_readlink(const char *path, char *buf, size_t len)
{
	ssize_t n;

	if (len == 0)
		return -EINVAL;
	n = readlink(path, buf, len - 1);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return (long)n;
}

long papi__os_clk_tck(void)
{
	long t = sysconf(_SC_CLK_TCK);

	return t > 0 ? t : 100;
}
