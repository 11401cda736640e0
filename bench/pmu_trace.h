/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_BENCH_PMU_TRACE_H
#define PAPI_BENCH_PMU_TRACE_H

/*
 * For programs traced by bench/pmu-trace.sh: the program is the emulated
 * machine's /init (PID 1, the only user program), so it mounts what the
 * library reads, opens perf_event and user-space counter reads itself, and
 * powers the machine off at the end. pmu_trace_mark(k) separates the
 * segments the profile is printed for: every instruction of the program
 * between two marks is counted to the function it ran in.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <unistd.h>

/* Not inlined, and the same few instructions at every call: the parser
 * finds the segments by this function's address. */
__attribute__((noinline, used)) void pmu_trace_mark(int k)
{
	__asm__ __volatile__("" : : "r"(k) : "memory");
}

static void pmu_trace_write(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);

	if (fd >= 0) {
		if (write(fd, s, strlen(s)) < 0)
			perror(path);
		close(fd);
	}
}

static void pmu_trace_init(void)
{
	mount("proc", "/proc", "proc", 0, NULL);
	mount("sysfs", "/sys", "sysfs", 0, NULL);
	mount("tmpfs", "/tmp", "tmpfs", 0, NULL);
	setenv("TMPDIR", "/tmp", 1);
	setenv("HOME", "/tmp", 1);
	pmu_trace_write("/proc/sys/kernel/perf_event_paranoid", "-1");
	pmu_trace_write("/proc/sys/kernel/perf_user_access", "1");
}

static void pmu_trace_end(void)
{
	fflush(stdout);
	sync();
	reboot(RB_POWER_OFF);
}

#endif
