/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_OS_LINUX_OS_RAW_H
#define PAPI_OS_LINUX_OS_RAW_H

/*
 * A system call of three arguments issued by the library itself, not
 * through the C library's wrapper: the kernel's answer as it gives it (a
 * count, or -errno), and no errno written. Every system call of the OS
 * layer's own open, read, close and ioctl (os_linux.c) goes through it:
 * on the counting paths (the ENABLE and DISABLE ioctls, the group read())
 * the wrappers' own instructions were a measurable share of a
 * PAPI_start+PAPI_stop beyond the bare system calls (docs/performance.md).
 * Other architectures go through syscall().
 */
#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline long papi__os_raw3(long nr, long a, long b, long c)
{
#if defined(__x86_64__)
	long ret;

	__asm__ volatile("syscall"
			 : "=a"(ret)
			 : "0"(nr), "D"(a), "S"(b), "d"(c)
			 : "rcx", "r11", "memory");
	return ret;
#elif defined(__aarch64__)
	register long x8 __asm__("x8") = nr;
	register long x0 __asm__("x0") = a;
	register long x1 __asm__("x1") = b;
	register long x2 __asm__("x2") = c;

	__asm__ volatile("svc #0"
			 : "+r"(x0)
			 : "r"(x8), "r"(x1), "r"(x2)
			 : "memory");
	return x0;
#else
	long ret = syscall(nr, a, b, c);

	return ret < 0 ? -errno : ret;
#endif
}

#endif
