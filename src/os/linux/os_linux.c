// SPDX-License-Identifier: BSD-3-Clause
/*
 * The Linux OS layer: the only file that makes system calls for the library
 * (hwinfo.c reads /proc and /sys for the hardware description). Every
 * function returns a count, an fd or 0 on success and -errno on failure.
 */
#include "os/os.h"
#include "os/linux/os_raw.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

/* The library's own open, read and close are system calls (os_raw.h:
 * the kernel's answer, -errno on failure), not the C library's functions:
 * libpapi exports wrappers of those names for the appio component
 * (components/appio/appio_wrap.c), which would count the library's reads
 * of its counters and of /proc and /sys as the application's I/O. */
static long sys_read(int fd, void *buf, size_t len)
{
	return papi__os_raw3(SYS_read, fd, (long)buf, (long)len);
}

static int sys_open(const char *path, int flags)
{
	return (int)papi__os_raw3(SYS_openat, AT_FDCWD, (long)path, flags);
}

static int sys_close(int fd)
{
	return (int)papi__os_raw3(SYS_close, fd, 0, 0);
}

int papi__os_perf_open(struct perf_event_attr *attr, int pid, int cpu,
		       int group_fd, unsigned long flags)
{
	long fd = syscall(SYS_perf_event_open, attr, pid, cpu, group_fd,
			  flags | PERF_FLAG_FD_CLOEXEC);

	return fd < 0 ? -errno : (int)fd;
}

int papi__os_close(int fd)
{
	int ret = sys_close(fd);

	return ret < 0 ? ret : 0;
}

/* No EINTR loop: the perf_event fds read here never sleep (a count is
 * there at once), and PAPI_read on the read() path passes through here. */
long papi__os_read(int fd, void *buf, size_t len)
{
	return sys_read(fd, buf, len);
}

int papi__os_ioctl(int fd, unsigned long request, unsigned long arg)
{
	long ret = papi__os_raw3(SYS_ioctl, fd, (long)request, (long)arg);

	return ret < 0 ? (int)ret : 0;
}

long papi__os_read_file(const char *path, char *buf, size_t len)
{
	size_t got = 0;
	int fd;

	if (len == 0)
		return -EINVAL;
	fd = sys_open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fd;
	while (got < len - 1) {
		long n = sys_read(fd, buf + got, len - 1 - got);

		if (n == -EINTR)
			continue;
		if (n < 0) {
			sys_close(fd);
			return n;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	buf[got] = '\0';
	sys_close(fd);
	return (long)got;
}

int papi__os_list_dir(const char *path,
		      int (*fn)(const char *name, void *arg), void *arg)
{
	struct dirent *de;
	DIR *d = opendir(path);
	int ret = 0;

	if (!d)
		return -errno;
	while (ret == 0 && (de = readdir(d)) != NULL) {
		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		ret = fn(de->d_name, arg);
	}
	closedir(d);
	return ret;
}

static long long clock_nsec(clockid_t id)
{
	struct timespec ts;

	if (clock_gettime(id, &ts) < 0)
		return -1;
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

long long papi__os_real_nsec(void)
{
	return clock_nsec(CLOCK_MONOTONIC);
}

long long papi__os_virt_nsec(void)
{
	return clock_nsec(CLOCK_THREAD_CPUTIME_ID);
}

long long papi__os_proc_nsec(void)
{
	return clock_nsec(CLOCK_PROCESS_CPUTIME_ID);
}

int papi__os_gettid(void)
{
	return (int)syscall(SYS_gettid);
}

int papi__os_getpid(void)
{
	return (int)getpid();
}

int papi__os_kernel_release(char *buf, size_t len)
{
	struct utsname u;

	if (uname(&u) < 0)
		return -errno;
	snprintf(buf, len, "%s", u.release);
	return 0;
}

long papi__os_kernel_log_find(const char *needle, char *out, size_t len)
{
	char rec[1024];
	long found = 0;
	int fd;

	/* /dev/kmsg gives one record per read(); non-blocking so that the
	 * end of the log is EAGAIN rather than a wait for new messages. */
	fd = sys_open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return fd;
	for (;;) {
		long n = sys_read(fd, rec, sizeof(rec) - 1);
		char *msg;

		if (n == -EPIPE)
			continue; /* a record was overwritten; go on */
		if (n <= 0)
			break;
		rec[n] = '\0';
		msg = strchr(rec, ';');
		if (!msg || !strstr(msg, needle))
			continue;
		msg++;
		msg[strcspn(msg, "\n")] = '\0';
		snprintf(out, len, "%s", msg);
		found = 1;
	}
	sys_close(fd);
	return found;
}

int papi__os_perf_paranoid(void)
{
	char buf[32];

	if (papi__os_read_file("/proc/sys/kernel/perf_event_paranoid", buf,
			       sizeof(buf)) < 0)
		return -99;
	return atoi(buf);
}

int papi__os_mmap_ro(int fd, size_t len, void **addr)
{
	void *p = mmap(NULL, len, PROT_READ, MAP_SHARED, fd, 0);

	if (p == MAP_FAILED)
		return -errno;
	*addr = p;
	return 0;
}

int papi__os_munmap(void *addr, size_t len)
{
	return munmap(addr, len) < 0 ? -errno : 0;
}
