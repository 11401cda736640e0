/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_FAKE_OS_H
#define PAPI_TESTS_FAKE_OS_H

/*
 * The fake OS layer that unit tests link instead of src/os/linux: it
 * implements every function of src/os/os.h and lets a test script what the
 * "kernel" answers and inspect what the library asked of it.
 *
 * perf_event: papi__os_perf_open hands out fake descriptors (100, 101, ...,
 * never reused, so a stale descriptor is caught rather than aliased) and
 * keeps the attr it was given. ioctl ENABLE/DISABLE/RESET/ID behave as the
 * kernel's do, PERF_IOC_FLAG_GROUP included; read() returns the layout that
 * read_format asks for, with the counts and times the test scripted. Every
 * call goes into a log that tests can walk.
 *
 * Files: papi__os_read_file and papi__os_list_dir map an absolute path P to
 * $ROOT/P, where ROOT is a real directory the test built (see
 * fake_os_make_root / fake_os_mkfile). Without a root, every path is absent.
 *
 * The state is global and guarded by one mutex, so threads may use it.
 * The process-information functions of os.h (exe, shlib, dmem) live in
 * fake_os_proc.c: a fixed process, nothing to script.
 */
#include <perfmon/pfmlib_perf_event.h>
#include <stddef.h>

#include "papi.h"

/* A type or config that matches anything in a rule. */
#define FAKE_ANY_TYPE 0xffffffffu
#define FAKE_ANY_CONFIG 0xffffffffffffffffull

/* What the log records. */
enum fake_os_op {
	FAKE_OPEN = 1,
	FAKE_CLOSE,
	FAKE_READ,
	FAKE_IOCTL,
};

struct fake_os_call {
	int op;            /* enum fake_os_op */
	int fd;            /* the fd used, or returned by a successful open */
	int ret;           /* what the call returned (count, fd, 0, -errno) */
	unsigned long req; /* ioctl request */
	unsigned long arg; /* ioctl argument */
};

/* Forget scripted failures, rules, the call log, clock and kernel-log
 * settings, and restore default times. Open descriptors stay open: they
 * belong to the library under test. */
void fake_os_reset(void);

/* ---- scripting perf_event ------------------------------------------- */

/* The call of kind op (FAKE_OPEN...) that is nth from now (0: the next one)
 * fails with neg_errno; several may be pending at once. */
void fake_os_fail_call(int op, int nth, int neg_errno);
/* Shorthand for fake_os_fail_call(FAKE_OPEN, nth, neg_errno). */
void fake_os_fail_perf_open(int nth, int neg_errno);
/* Every open of this type and config fails with neg_errno until the rule is
 * removed (neg_errno 0) or fake_os_reset. */
void fake_os_perf_open_errno(unsigned int type, unsigned long long config,
			     int neg_errno);
/* As fake_os_perf_open_errno, but only when attr.exclude_kernel equals
 * exclude_kernel (0 or 1): a PMU that refuses mode exclusion. */
void fake_os_perf_open_errno_excl(unsigned int type, unsigned long long config,
				  int exclude_kernel, int neg_errno);

/* The count read() reports for a descriptor. RESET zeroes it. */
void fake_os_set_count(int fd, unsigned long long value);
/* time_enabled and time_running that read() reports for every group
 * (default 1000000 both: no multiplexing). */
void fake_os_set_times(unsigned long long enabled, unsigned long long running);

/* Overflow signals (fake_os_signal.c models them): REFRESH adds to an
 * fd's overflow limit and enables it, as the kernel's does. After the nth
 * REFRESH from now (0: the next), the fd overflows at once: the limit's
 * last unit is taken, the event disabled, and the fd's signal raised with
 * POLL_HUP, as a real counter that overflows right after it is armed. */
void fake_os_overflow_at_refresh(int nth);
/* Raise fd's overflow signal with si_code code in the calling thread:
 * the handler papi__os_signal_install installed runs now, or, while the
 * thread holds the signal (papi__os_signal_hold), when it is released. */
void fake_os_raise(int fd, int code);
/* Signals raised and not yet delivered (held). */
int fake_os_signals_waiting(void);

/* ---- inspecting perf_event ------------------------------------------ */

/* Number of fake descriptors currently open. */
int fake_os_open_fds(void);
/* Calls on descriptors that were not open (double close, stale fd). */
int fake_os_bad_fd_calls(void);
int fake_os_fd_is_open(int fd);
/* The attr an open or closed descriptor was opened with, or NULL. */
const struct perf_event_attr *fake_os_attr(int fd);
/* Open arguments of a descriptor: the group_fd given, pid and cpu. */
int fake_os_group_fd(int fd);
int fake_os_pid(int fd);
int fake_os_cpu(int fd);
/* The leader of the group fd is in now (fd itself for a leader), or -1. */
int fake_os_leader(int fd);
/* Whether the event counts (enabled by an ioctl or attr.disabled == 0 for a
 * member whose leader is enabled). */
int fake_os_enabled(int fd);
/* The fd's overflow limit (REFRESH adds; an overflow takes one), or -1. */
int fake_os_limit(int fd);
/* The most recently opened descriptor that is still open with this type
 * and config, or -1. */
int fake_os_find_fd(unsigned int type, unsigned long long config);
/* The open descriptors in opening order: fills up to max, returns how many
 * are open. */
int fake_os_list_fds(int *fds, int max);
/* The i-th descriptor successfully opened since the last reset, or -1. */
int fake_os_opened(int i);

/* The call log since the last fake_os_reset / fake_os_log_clear. */
void fake_os_log_clear(void);
int fake_os_log_count(void);
const struct fake_os_call *fake_os_log(int i);
/* Number of logged calls of kind op (and, for FAKE_IOCTL, request req; 0
 * matches every request). */
int fake_os_calls(int op, unsigned long req);

/* ---- files ------------------------------------------------------------ */

/* Serve paths from under dir (NULL: no files at all). */
void fake_os_set_root(const char *dir);
/* Make a fresh temporary root, set it, and remove it at exit. Returns the
 * directory, or NULL with errno set. */
const char *fake_os_make_root(void);
/* Create the file root/path (path absolute) with this content, making the
 * directories on the way. 0 or -errno. */
int fake_os_mkfile(const char *path, const char *content);
/* Create the directory root/path and its parents. 0 or -errno. */
int fake_os_mkdir(const char *path);
/* root + path (path absolute) into out: 0, or -ENOENT without a root,
 * -ENAMETOOLONG (fake_os_sysroot.c serves the sampling components' reads
 * through it). */
int fake_os_map_path(const char *path, char *out, size_t len);

/*
 * The standard fake machine's PMUs, in a fresh root (made and set as with
 * fake_os_make_root). Under /sys/bus/event_source/devices:
 *   cpu     type 4: format event=config:0-7 umask=config:8-15 cmask=
 *           config:24-31 inv=config:23 ldlat=config1:0-15 xev=config:0-7,
 *           32-35; events cycles (event=0x3c), instructions (event=0xc0),
 *           mem-loads (event=0xcd,umask=0x1,ldlat=3), alias2 (cycles,
 *           umask=0x2), loop1 -> loop2 -> loop1 (an alias cycle)
 *   msr     type 11: format event=config:0-63; events tsc (event=0x00),
 *           aperf (event=0x01), mperf (event=0x02)
 *   power   type 13, with a cpumask: events energy-pkg (+ .scale, .unit)
 *   fakesw  type 14: format event=config:0-15; events ticks (+ .scale,
 *           .unit)
 *   software type 1, no events
 * Files end in a newline, as sysfs files do. Its CPU is one libpfm4 does
 * not know: the core PMU libpfm4 finds on the host is disabled, so the
 * presets come from the generic rows wherever the tests run. 0 or -errno.
 */
#define FAKE_CPU_TYPE 4
#define FAKE_MSR_TYPE 11
#define FAKE_POWER_TYPE 13
#define FAKE_FAKESW_TYPE 14
int fake_os_std_sysfs(void);

/* ---- everything else -------------------------------------------------- */

/* Fixed clock values in nanoseconds; a negative one reads the real clock
 * (the default). */
void fake_os_set_clocks(long long real_ns, long long virt_ns,
			long long proc_ns);
/* What papi__os_kernel_log_find finds: line (when it contains the needle),
 * or neg_errno when not 0 (the log cannot be read). */
void fake_os_set_kernel_log(const char *line, int neg_errno);
/* perf_event_paranoid (default 2). */
void fake_os_set_paranoid(int value);
/* papi__os_hwinfo returns this after filling the fixed machine (default
 * 0). */
void fake_os_set_hwinfo_ret(int ret);

#endif
