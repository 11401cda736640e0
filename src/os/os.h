/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_OS_OS_H
#define PAPI_OS_OS_H

/*
 * Everything the library asks of the operating system: syscalls, /proc and
 * /sys reads, clocks. The build links exactly one implementation (Linux in
 * src/os/linux, a fake one in tests/unit/fake_os.c), so callers never #ifdef.
 * Convention: functions return 0 (or a count, or an fd) on success and
 * -errno on failure; papi__err_from_errno() translates at the component
 * boundary.
 */
#include <stddef.h>
#include <stdint.h>

#include "papi.h"

struct perf_event_attr;

/* perf_event */
int papi__os_perf_open(struct perf_event_attr *attr, int pid, int cpu,
		       int group_fd, unsigned long flags);
int papi__os_close(int fd);
long papi__os_read(int fd, void *buf, size_t len);
int papi__os_ioctl(int fd, unsigned long request, unsigned long arg);

/* Files. read_file reads at most len-1 bytes and NUL-terminates; returns the
 * byte count. list_dir calls fn for each entry but "." and ".."; a non-zero
 * return from fn stops the walk and is returned. */
long papi__os_read_file(const char *path, char *buf, size_t len);
int papi__os_list_dir(const char *path,
		      int (*fn)(const char *name, void *arg), void *arg);

/* Clocks, in nanoseconds. real: CLOCK_MONOTONIC (never jumps); virt: CPU
 * time of the calling thread; proc: CPU time of the whole process. */
long long papi__os_real_nsec(void);
long long papi__os_virt_nsec(void);
long long papi__os_proc_nsec(void);

/* A futex of this process (the library lock, core/lib.c): wait sleeps
 * while *word is val, at most ns nanoseconds (ns < 0: no limit), and
 * returns 0 (woken, *word changed, or a signal came) or -ETIMEDOUT; wake
 * wakes up to n threads waiting on word. */
int papi__os_futex_wait(int *word, int val, long long ns);
void papi__os_futex_wake(int *word, int n);

int papi__os_gettid(void);
int papi__os_getpid(void);
int papi__os_kernel_release(char *buf, size_t len);

/* The last kernel log line containing needle, into out: 1 found, 0 not
 * found, -errno when the log cannot be read (not root, dmesg_restrict). */
long papi__os_kernel_log_find(const char *needle, char *out, size_t len);
/* /proc/sys/kernel/perf_event_paranoid, or -99 when unreadable. */
int papi__os_perf_paranoid(void);

/* The process (src/os/linux/procinfo.c): the executable's name and
 * ranges; every mapped object with code (array allocated, caller frees);
 * memory use from /proc/self/status. */
int papi__os_exe_info(PAPI_exe_info_t *exe);
int papi__os_shlib_info(PAPI_address_map_t **maps, int *count);
int papi__os_dmem_info(PAPI_dmem_info_t *d);

/* NUMA: memory of node in MiB (or -errno), and the node of a CPU (or
 * -errno; 0 on machines without NUMA information). */
long long papi__os_numa_mem_mb(int node);
int papi__os_cpu_node(int cpu);

/* Hardware description of this machine (src/os/linux/hwinfo.c). */
int papi__os_hwinfo(PAPI_hw_info_t *hw);

/* The core types of this machine (src/os/linux/hwinfo.c): hybrid CPUs
 * (Intel P and E cores, arm big.LITTLE) have several, and one
 * PAPI_hw_info_t describes only one. Fills up to max entries, ordered by
 * their first CPU, and returns how many (1 on a machine of one type, whose
 * kind is "") or -errno. hw holds the type's identification, clock rate
 * and caches; its counts are the whole machine's, as in papi__os_hwinfo. */
#define PAPI__OS_MAX_CPU_TYPES 4
struct papi__os_cpu_type {
	char kind[32];        /* "P-core", "E-core", "Cortex-A76" */
	char cpus[1024];      /* its CPUs as a list, "0-15" */
	int ncpus, ncores;    /* CPUs (hardware threads) and cores */
	char mhz_source[128]; /* where hw's clock rate came from, or why 0 */
	PAPI_hw_info_t hw;
};
int papi__os_cpu_types(struct papi__os_cpu_type *types, int max);

/* CLOCK_MONOTONIC_RAW in nanoseconds: not slewed by NTP, so a rate
 * measured against it is the hardware's (src/os/linux/hwinfo.c). */
long long papi__os_raw_nsec(void);

/* Memory mappings (src/os/linux/os_linux.c): map len bytes of fd from
 * offset 0, shared and read-only (a perf_event's user page: the kernel
 * writes it, we only read), into *addr; 0 or -errno. */
int papi__os_mmap_ro(int fd, size_t len, void **addr);
int papi__os_munmap(void *addr, size_t len);

/* Overflow signals (src/os/linux/os_signal.c; added for overflow and
 * profiling). rt_signal: SIGRTMIN + off. signal_install: fn handles sig
 * with SA_SIGINFO | SA_RESTART, every other signal unblocked; signal_ignore
 * sets SIG_IGN (a stray late signal must not kill the process). fd_signal: the perf_event fd raises sig in
 * thread tid on each overflow (O_ASYNC, F_SETOWN_EX F_OWNER_TID, F_SETSIG,
 * FD_CLOEXEC), as PAPI 7's perf_event component does. 0 or -errno. */
int papi__os_rt_signal(int off);
int papi__os_signal_install(int sig, void (*fn)(int, void *, void *));
int papi__os_signal_ignore(int sig);
int papi__os_fd_signal(int fd, int sig, int tid);
/* signal_hold: with hold, sig is blocked in the calling thread (it waits,
 * queued, until released); without, unblocked. 1 if it was blocked
 * before, 0 if not, or -errno: a caller releases only what it held. */
int papi__os_signal_hold(int sig, int hold);

/* Software overflow's interval timer (src/os/linux/os_signal.c; added for
 * PAPI_OVERFLOW_FORCE_SW). timer_create: a POSIX timer that raises sig in
 * thread tid only (SIGEV_THREAD_ID), with value as the signal's
 * si_value.sival_int, counting the calling thread's CPU time (cpu != 0;
 * tid should then be the caller) or CLOCK_MONOTONIC; *timer is an opaque
 * handle. timer_arm: expire every ns nanoseconds from now; 0 disarms.
 * timer_delete: gone, with any expiry not yet delivered still pending.
 * 0 or -errno. */
int papi__os_timer_create(int cpu, int sig, int tid, int value,
			  void **timer);
int papi__os_timer_arm(void *timer, long long ns);
int papi__os_timer_delete(void *timer);

/* The sampling components (src/components/sampled: powercap, rapl, net,
 * io, stealtime, coretemp, lmsensors; src/os/linux/os_sysroot.c).
 * sys_root: the directory under which they find /sys, /proc and /dev: ""
 * normally, $PAPI_SYS_ROOT when set (tests point it at a fake tree; read at
 * each call, so at each PAPI_library_init). pread_file: open, read up to
 * len bytes at offset off (an MSR of /dev/cpu/N/msr, a part of /proc/stat),
 * close; the byte count. readlink: the target of a symbolic link,
 * NUL-terminated; its length. clk_tck: the kernel's USER_HZ, the unit of
 * /proc/stat's times. 0 or a count, or -errno; all async-signal-safe. */
const char *papi__os_sys_root(void);
long papi__os_pread_file(const char *path, void *buf, size_t len,
			 long long off);
long papi__os_readlink(const char *path, char *buf, size_t len);
long papi__os_clk_tck(void);

#endif
