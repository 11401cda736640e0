// SPDX-License-Identifier: BSD-3-Clause
/*
 * The fake OS layer's side of src/os/linux/os_sysroot.c: the sampling
 * components' reads go to the fake root like every other file here (so
 * their root is ""), USER_HZ is 100.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "fake_os.h"
#include "os/os.h"

const char *papi__os_sys_root(void)
{
	return "";
}

long papi__os_pread_file(const char *path, void *buf, size_t len,
			 long long off)
{
	char real[4096];
	ssize_t n;
	int fd, ret = fake_os_map_path(path, real, sizeof(real));

	if (ret < 0)
		return ret;
	fd = open(real, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = pread(fd, buf, len, (off_t)off);
	ret = n < 0 ? -errno : 0;
	close(fd);
	return n < 0 ? ret : (long)n;
}

long papi__os_readlink(const char *path, char *buf, size_t len)
{
	char real[4096];
	ssize_t n;
	int ret = fake_os_map_path(path, real, sizeof(real));

	if (ret < 0)
		return ret;
	if (len == 0)
		return -EINVAL;
	n = readlink(real, buf, len - 1);
	if (n < 0)
		return -errno;
	buf[n] = '\0';
	return (long)n;
}

long papi__os_clk_tck(void)
{
	return 100;
}
