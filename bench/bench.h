/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_BENCH_H
#define PAPI_BENCH_H

/*
 * What the benchmarks in bench/ share. They measure PAPI through papi.h and
 * measure the floors (what the kernel interface costs with nothing around
 * it) with raw perf_event calls of their own, written here. Nothing of the
 * library's internals is used, so the same sources build against any PAPI
 * 7.0 (bench/pmu-vm.sh links them with Debian's too).
 *
 *   bench_open      perf_event_open of one counter, optionally grouped
 *   bench_ctr_*     a counter of our own read in user space through its
 *                   mmap page (the floor of a user-space read, and the
 *                   instruction counters that measure PAPI in the PMU VM)
 *   bench_sc_*      a counter of this thread's system calls: the
 *                   raw_syscalls:sys_enter tracepoint, counted by the
 *                   kernel as it happens (no ptrace, no timing, and it
 *                   works in a static binary in the PMU VM, where there is
 *                   no strace); tracefs is mounted at its usual place when
 *                   it is not and we are root
 *   bench_stats     min, percentiles, mean, standard deviation
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define BENCH_RF_GROUP                                                         \
	(PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | \
	 PERF_FORMAT_TOTAL_TIME_RUNNING)

/* ---- opening counters --------------------------------------------------- */

/* The config1 bit an event must set to be read in user space (arm64's
 * "rdpmc" format term, config1:1), or 0. */
static inline uint64_t bench_rdpmc_bit(void)
{
	FILE *f = fopen(
		"/sys/bus/event_source/devices/armv8_pmuv3/format/rdpmc", "r");
	int bit = -1;

	if (!f)
		return 0;
	if (fscanf(f, "config1:%d", &bit) != 1)
		bit = -1;
	fclose(f);
	return bit >= 0 && bit < 64 ? 1ull << bit : 0;
}

/* fd, or -errno. kernel: 0 user only, 1 user and kernel, 2 kernel only. */
static inline int bench_open(uint32_t type, uint64_t config, int kernel,
			     int group, uint64_t read_format)
{
	struct perf_event_attr a;
	long fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = type;
	a.config = config;
	if (type == PERF_TYPE_HARDWARE || type == PERF_TYPE_RAW)
		a.config1 = bench_rdpmc_bit();
	a.exclude_kernel = kernel == 0;
	a.exclude_user = kernel == 2;
	a.exclude_hv = 1;
	a.read_format = read_format;
	a.disabled = group < 0 && read_format == BENCH_RF_GROUP;
	/* Close-on-exec: bench/insns.c runs itself again, and a counter
	 * left open would go on counting (a tracepoint on every system
	 * call) in the program exec'd. */
	fd = syscall(SYS_perf_event_open, &a, 0, -1, group,
		     PERF_FLAG_FD_CLOEXEC);
	return fd < 0 ? -errno : (int)fd;
}

/* ---- user-space reads (the kernel doc on perf_event_mmap_page) ---------- */

/* clang-format off */
#if defined(__aarch64__)
#define BENCH_PMC(n) "mrs %0, pmevcntr" #n "_el0\n\tb 2f\n\t"
#define BENCH_PMC4(a, b, c, d) BENCH_PMC(a) BENCH_PMC(b) BENCH_PMC(c) BENCH_PMC(d)
static inline __attribute__((always_inline)) uint64_t bench_pmc(uint32_t idx)
{
	uint64_t v, t;

	/* A jump table of direct reads, as the library does: 31 event
	 * counters and, for index 32, the cycle counter. */
	__asm__ __volatile__(
		"adr %1, 1f\n\tadd %1, %1, %2, lsl #3\n\tbr %1\n1:\n\t"
		BENCH_PMC4(0, 1, 2, 3) BENCH_PMC4(4, 5, 6, 7)
		BENCH_PMC4(8, 9, 10, 11) BENCH_PMC4(12, 13, 14, 15)
		BENCH_PMC4(16, 17, 18, 19) BENCH_PMC4(20, 21, 22, 23)
		BENCH_PMC4(24, 25, 26, 27) BENCH_PMC(28) BENCH_PMC(29)
		BENCH_PMC(30)
		"mrs %0, pmccntr_el0\n2:"
		: "=&r"(v), "=&r"(t)
		: "r"((uint64_t)(idx - 1) & 31));
	return v;
}
#define BENCH_HAVE_PMC 1
#elif defined(__x86_64__)
static inline __attribute__((always_inline)) uint64_t bench_pmc(uint32_t idx)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdpmc" : "=a"(lo), "=d"(hi) : "c"(idx - 1));
	return (uint64_t)hi << 32 | lo;
}
#define BENCH_HAVE_PMC 1
#else
static inline uint64_t bench_pmc(uint32_t idx)
{
	(void)idx;
	return 0;
}
#define BENCH_HAVE_PMC 0
#endif
/* clang-format on */

struct bench_ctr {
	int fd;
	struct perf_event_mmap_page *pg;
};

/* Open and map a counter; 0, or -errno. user_read: can the page be read? */
static inline int bench_ctr_open(struct bench_ctr *c, uint32_t type,
				 uint64_t config, int kernel, int group,
				 uint64_t read_format)
{
	void *p;

	c->pg = NULL;
	c->fd = bench_open(type, config, kernel, group, read_format);
	if (c->fd < 0)
		return c->fd;
	p = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ, MAP_SHARED,
		 c->fd, 0);
	if (p != MAP_FAILED)
		c->pg = p;
	return 0;
}

static inline void bench_ctr_close(struct bench_ctr *c)
{
	if (c->pg)
		munmap(c->pg, (size_t)sysconf(_SC_PAGESIZE));
	if (c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->pg = NULL;
}

static inline int bench_ctr_user(const struct bench_ctr *c)
{
	return BENCH_HAVE_PMC && c->pg && c->pg->cap_user_rdpmc && c->pg->index;
}

#define bench_barrier() __asm__ __volatile__("" ::: "memory")

/* The count through the page as the kernel documents it: lock, index,
 * offset, pmc_width, the counter only with cap_user_rdpmc and an index,
 * lock again; 0 where the page refuses (bench_ctr_user said it would not).
 * Inline: the floor of a user-space read. */
static inline __attribute__((always_inline)) uint64_t
bench_ctr_read(const struct bench_ctr *c)
{
	const volatile struct perf_event_mmap_page *pg = c->pg;
	uint32_t seq, idx;
	uint64_t cnt, pmc;
	unsigned int s;

	do {
		seq = pg->lock;
		bench_barrier();
		idx = pg->index;
		cnt = (uint64_t)pg->offset;
		s = (64u - pg->pmc_width) & 63u;
		/* Two tests, each a branch the compiler need not merge. */
		if (__builtin_expect(!(pg->capabilities & (1ull << 2)), 0))
			return 0;
		if (__builtin_expect(!idx, 0))
			return 0;
		pmc = bench_pmc(idx);
		cnt += (uint64_t)((int64_t)(pmc << s) >> s);
		bench_barrier();
	} while (pg->lock != seq);
	return cnt;
}

static inline uint64_t bench_fd_read(int fd)
{
	uint64_t v = 0;

	if (read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
	return v;
}

/* ---- system calls ------------------------------------------------------- */

/* The id of raw_syscalls:sys_enter, mounting tracefs if needed; -1. */
static inline long bench_sc_id(void)
{
	static const char *dirs[] = { "/sys/kernel/tracing",
				      "/sys/kernel/debug/tracing" };
	char path[160];
	long id = -1;
	int i, tried = 0;
	FILE *f;

	for (i = 0; i < 2 && id < 0; i++) {
		snprintf(path, sizeof(path),
			 "%s/events/raw_syscalls/sys_enter/id", dirs[i]);
		f = fopen(path, "r");
		if (!f && i == 0 && !tried && geteuid() == 0) {
			tried = 1;
			mount("tracefs", dirs[0], "tracefs", 0, NULL);
			f = fopen(path, "r");
		}
		if (f) {
			if (fscanf(f, "%ld", &id) != 1)
				id = -1;
			fclose(f);
		}
	}
	return id;
}

/* A counter of this thread's system calls, or -errno. */
static inline int bench_sc_open(void)
{
	long id = bench_sc_id();

	if (id < 0)
		return -ENOENT;
	return bench_open(PERF_TYPE_TRACEPOINT, (uint64_t)id, 1, -1, 0);
}

/* ---- time --------------------------------------------------------------- */

/* A cheap clock for timing calls: the TSC on x86, the generic timer on
 * arm64, else CLOCK_MONOTONIC in ns. */
static inline long long bench_ticks(void)
{
#if defined(__x86_64__)
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return (long long)((uint64_t)hi << 32 | lo);
#elif defined(__aarch64__)
	uint64_t v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v));
	return (long long)v;
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#endif
}

/* ---- all instructions: the PMU VM's virtual clock ----------------------
 * Under QEMU's -icount shift=0 the guest's clock advances exactly one
 * nanosecond per instruction executed, in every mode and with the perf
 * context off too (inside the ENABLE and DISABLE ioctls, where no counter
 * of ours counts). So the clock counts ALL instructions, at the clock's
 * resolution (CNTVCT_EL0 at 62.5 MHz: 16 ns): callers take many calls
 * per sample. Elsewhere it is only a clock (CLOCK_MONOTONIC_RAW in ns). */
static inline long long bench_vclock(void)
{
#if defined(__aarch64__)
	uint64_t v;

	__asm__ __volatile__("isb; mrs %0, cntvct_el0" : "=r"(v)::"memory");
	return (long long)v;
#else
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
#endif
}

/* Nanoseconds per bench_vclock tick. */
static inline double bench_vclock_ns(void)
{
#if defined(__aarch64__)
	uint64_t f;

	__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
	return f ? 1e9 / (double)f : 1.0;
#else
	return 1.0;
#endif
}

/* ---- statistics --------------------------------------------------------- */

struct bench_stats {
	long long min, max, p25, p50, p75, p95, p99;
	double mean, sd;
};

static inline int bench_cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

/* Sorts v in place. Percentile p: the value at rank ceil(p/100 * n). */
static inline void bench_stats(long long *v, size_t n, struct bench_stats *s)
{
	double sum = 0, sq = 0;
	size_t i;

	memset(s, 0, sizeof(*s));
	if (n == 0)
		return;
	qsort(v, n, sizeof(*v), bench_cmp);
	for (i = 0; i < n; i++)
		sum += (double)v[i];
	s->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		sq += ((double)v[i] - s->mean) * ((double)v[i] - s->mean);
	s->sd = sqrt(sq / (double)n);
	s->min = v[0];
	s->max = v[n - 1];
#define BENCH_P(p) v[(size_t)ceil((p) / 100.0 * (double)n) - 1]
	s->p25 = BENCH_P(25);
	s->p50 = BENCH_P(50);
	s->p75 = BENCH_P(75);
	s->p95 = BENCH_P(95);
	s->p99 = BENCH_P(99);
#undef BENCH_P
}

#endif
