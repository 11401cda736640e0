// SPDX-License-Identifier: BSD-3-Clause
/*
 * What each PAPI call costs, exactly: instructions and system calls
 * per PAPI_read, PAPI_read_ts, PAPI_accum, PAPI_reset and
 * PAPI_start+PAPI_stop of 1..4 events, and the floors the kernel interface
 * allows (a raw group read(), a raw user-space read through the mmap page,
 * inline and as a call, raw ENABLE+DISABLE+read()).
 *
 * Exact in the emulated PMU machine (bench/pmu-vm.sh: QEMU -icount shift=0,
 * where the cycle counter advances one per instruction in every mode):
 * two counters of our own, user-mode instructions and cycles, are read in
 * user space right before and after each call; the least difference over
 * many calls, minus the same with an empty call, is the call's cost.
 * System calls are counted in a separate pass (the tracepoint counter
 * itself costs kernel instructions, RECIPE.md section 8).
 *
 * "all" from the cycles counter misses what the kernel executes while it
 * has switched the perf context off, which it does inside the ENABLE and
 * DISABLE ioctls; so start+stop and the floors made of those ioctls are
 * also measured with the virtual clock, which under -icount shift=0
 * advances one nanosecond per instruction in every mode (bench.h,
 * bench_vclock): VK calls per sample, the least of VREPS samples, minus
 * the same with an empty call. The floors of start+stop: ENABLE+DISABLE of
 * the group's leader alone and of the whole group (PERF_IOC_FLAG_GROUP),
 * and ENABLE+DISABLE+read(), each with and without the events' perf pages
 * mapped (a mapped page makes the kernel rewrite it at every schedule in
 * and out); and the same ioctls issued directly on the library's own
 * group ("its").
 *
 * PAPI's start+stop is measured on a fresh set, before any read (our
 * library maps the perf pages at the first user-space read of a running
 * set and keeps them), and again after the reads; the first PAPI_read
 * of that fresh set is measured alone (one call, not a least).
 *
 * Output: CSV on stdout, "impl,path,op,events,user,all,syscalls,vclock"
 * ("all" is cycles: instructions in every mode under -icount shift=0,
 * except where the perf context is off; "vclock" all instructions by the
 * virtual clock, where measured). With the fast path on, the program runs
 * itself again with PAPI_RDPMC=0 for the system-call path. Built against
 * any PAPI 7.0 (bench/pmu-vm.sh also links it with Debian's, BENCH_IMPL
 * names which). Exit 0, or 77 where there are no hardware counters.
 */
#include <papi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "bench.h"

#ifndef BENCH_IMPL
#define BENCH_IMPL "ours"
#endif
#define REPS 101
#define MAXN 4
/* Virtual-clock samples: VK calls each (16 ns ticks / 32 calls: half an
 * instruction), the least of VREPS (a timer interrupt, every 4 ms of guest
 * time, falls into about one sample in ten of start+stop). */
#define VK 32
#define VREPS 15

static struct bench_ctr U, A; /* user instructions, all cycles */
static int sc = -1; /* system-call counter (second pass) */
static const char *path_kind = "syscall";
static int es = PAPI_NULL, nev;
static long long vals[MAXN];
static double tick_ns; /* nanoseconds (= instructions) per vclock tick */

struct cost {
	long long user, all, sys, clk; /* clk < 0: not measured */
};

typedef void (*op_fn)(void);

static void op_none(void)
{
}

static void op_read(void)
{
	PAPI_read(es, vals);
}

static void op_read_ts(void)
{
	long long cyc;

	PAPI_read_ts(es, vals, &cyc);
}

static void op_accum(void)
{
	PAPI_accum(es, vals);
}

static void op_reset(void)
{
	PAPI_reset(es);
}

static void op_startstop(void)
{
	PAPI_start(es);
	PAPI_stop(es, vals);
}

/* Least cost of op over REPS calls, in each counter. */
static void least(op_fn op, struct cost *c)
{
	long long u0, u1, a0, a1, s0, s1;
	int r;

	c->user = c->all = c->sys = -1;
	for (r = 0; r < REPS; r++) {
		if (sc >= 0) {
			s0 = (long long)bench_fd_read(sc);
			op();
			s1 = (long long)bench_fd_read(sc);
			if (c->sys < 0 || s1 - s0 < c->sys)
				c->sys = s1 - s0;
			continue;
		}
		u0 = (long long)bench_ctr_read(&U);
		a0 = (long long)bench_ctr_read(&A);
		op();
		a1 = (long long)bench_ctr_read(&A);
		u1 = (long long)bench_ctr_read(&U);
		if (c->user < 0 || u1 - u0 < c->user)
			c->user = u1 - u0;
		if (c->all < 0 || a1 - a0 < c->all)
			c->all = a1 - a0;
	}
}

/* Least virtual-clock ticks of VK calls of op. */
static long long vleast(op_fn op)
{
	long long t0, t1, best = -1;
	int r, k;

	for (r = 0; r < VREPS; r++) {
		t0 = bench_vclock();
		for (k = 0; k < VK; k++)
			op();
		t1 = bench_vclock();
		if (best < 0 || t1 - t0 < best)
			best = t1 - t0;
	}
	return best;
}

/* op's cost; with clk, also all instructions by the virtual clock (not in
 * the system-call pass, whose tracepoint costs kernel instructions). */
static void cost_clk(op_fn op, struct cost *c, int clk)
{
	static long long empty_ticks = -1;
	struct cost e;

	least(op_none, &e);
	least(op, c);
	c->user -= e.user;
	c->all -= e.all;
	c->sys -= e.sys;
	c->clk = -1;
	if (!clk || sc >= 0)
		return;
	if (empty_ticks < 0)
		empty_ticks = vleast(op_none);
	c->clk = (long long)((double)(vleast(op) - empty_ticks) * tick_ns / VK +
			     0.5);
}

static void cost(op_fn op, struct cost *c)
{
	cost_clk(op, c, 0);
}

/* One call of op alone (for what happens once), less the least empty
 * call; the clock to its 16 ns tick. */
static void once(op_fn op, struct cost *c)
{
	long long u0, u1, a0, a1, t0, t1;
	struct cost e;

	least(op_none, &e);
	c->clk = -1;
	if (sc >= 0) {
		u0 = (long long)bench_fd_read(sc);
		op();
		u1 = (long long)bench_fd_read(sc);
		c->sys = u1 - u0 - e.sys;
		return;
	}
	t0 = bench_vclock();
	u0 = (long long)bench_ctr_read(&U);
	a0 = (long long)bench_ctr_read(&A);
	op();
	a1 = (long long)bench_ctr_read(&A);
	u1 = (long long)bench_ctr_read(&U);
	t1 = bench_vclock();
	c->user = u1 - u0 - e.user;
	c->all = a1 - a0 - e.all;
	c->clk = (long long)((double)(t1 - t0) * tick_ns + 0.5) - e.all;
}

static void row(const char *impl, const char *p, const char *op, int n,
		const struct cost *c)
{
	if (sc >= 0)
		printf("%s,%s,%s,%d,,,%lld,\n", impl, p, op, n, c->sys);
	else if (c->clk >= 0)
		printf("%s,%s,%s,%d,%lld,%lld,,%lld\n", impl, p, op, n, c->user,
		       c->all, c->clk);
	else
		printf("%s,%s,%s,%d,%lld,%lld,,\n", impl, p, op, n, c->user,
		       c->all);
	fflush(stdout);
}

/* The first MAXN of these that this machine can count; QEMU's PMU
 * implements few events, but opens (and counts 0 on) any raw one. */
static const char *candidates[] = {
	"PAPI_TOT_CYC",
	"PAPI_TOT_INS",
	"perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS",
	"perf::PERF_COUNT_HW_BRANCH_MISSES",
	"arm_ac57::L1D_CACHE_REFILL",
	"arm_ac57::L1I_CACHE_REFILL",
	"arm_ac57::BR_MIS_PRED",
	"perf::PERF_COUNT_HW_CACHE_REFERENCES",
};
static const char *events[MAXN];

static int add(const char *name)
{
	int code;

	if (PAPI_event_name_to_code((char *)name, &code) != PAPI_OK)
		return -1;
	return PAPI_add_event(es, code);
}

/* Pick the events (each alone, then together); how many were found. */
static int pick_events(void)
{
	size_t k;
	int n = 0;

	for (k = 0; k < sizeof(candidates) / sizeof(*candidates) && n < MAXN;
	     k++)
		if (add(candidates[k]) == PAPI_OK)
			events[n++] = candidates[k];
	PAPI_cleanup_eventset(es);
	return n;
}

/* The library's group leader: the lowest perf_event descriptor that is
 * not one of ours (the library opens the set's events in set order). */
static int lib_fd = -1;

static int find_lib_fd(void)
{
	char path[64], link[64];
	int fd;
	ssize_t n;

	for (fd = 3; fd < 1024; fd++) {
		if (fd == U.fd || fd == A.fd || fd == sc)
			continue;
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = 0;
		if (strstr(link, "perf_event"))
			return fd;
	}
	return -1;
}

/* The kernel's share of start+stop for the library's own group: an
 * ENABLE and a DISABLE of its leader alone, as the library issues them
 * (src/components/perf_event/pe_ctl.h, PE_IOC_LEADER), and with the
 * read() that follows the DISABLE where no page serves. */
static void op_lib_ioctls(void)
{
	ioctl(lib_fd, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(lib_fd, PERF_EVENT_IOC_DISABLE, 0);
}

static void op_lib_ioctls_read(void)
{
	unsigned long long buf[64];

	ioctl(lib_fd, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(lib_fd, PERF_EVENT_IOC_DISABLE, 0);
	if (read(lib_fd, buf, sizeof(buf)) < 0)
		abort();
}

/* A set of the first n events, new: no read has mapped its pages yet.
 * The syscalls of the n-th add into *sys (second pass). */
static int fresh_set(int n, long long *sys)
{
	long long s0 = 0;
	int i;

	PAPI_cleanup_eventset(es);
	for (i = 0; i < n; i++) {
		if (i == n - 1 && sc >= 0)
			s0 = (long long)bench_fd_read(sc);
		if (add(events[i]) != PAPI_OK) {
			fprintf(stderr, "cannot add %s\n", events[i]);
			return -1;
		}
	}
	if (sc >= 0)
		*sys = (long long)bench_fd_read(sc) - s0 - 1;
	return 0;
}

/* PAPI's costs for n = 1..MAXN events; also syscalls per add. */
static void papi_costs(int max)
{
	static const struct {
		const char *name;
		op_fn fn;
	} ops[] = {
		{ "PAPI_read", op_read },
		{ "PAPI_read_ts", op_read_ts },
		{ "PAPI_accum", op_accum },
		{ "PAPI_reset", op_reset },
	};
	struct cost c;
	size_t k;

	for (nev = 1; nev <= max; nev++) {
		if (fresh_set(nev, &c.sys))
			break;
		if (sc >= 0)
			row(BENCH_IMPL, path_kind, "PAPI_add_event", nev, &c);
		cost_clk(op_startstop, &c, 1);
		row(BENCH_IMPL, path_kind, "PAPI_start+PAPI_stop", nev, &c);
		if ((lib_fd = find_lib_fd()) >= 0) {
			cost_clk(op_lib_ioctls, &c, 1);
			row(BENCH_IMPL, "floor", "its ENABLE+DISABLE", nev, &c);
			cost_clk(op_lib_ioctls_read, &c, 1);
			row(BENCH_IMPL, "floor", "its ENABLE+DISABLE+read()",
			    nev, &c);
		}
		PAPI_start(es);
		once(op_read, &c);
		row(BENCH_IMPL, path_kind, "PAPI_read first", nev, &c);
		for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			cost(ops[k].fn, &c);
			row(BENCH_IMPL, path_kind, ops[k].name, nev, &c);
		}
		PAPI_stop(es, vals);
		cost_clk(op_startstop, &c, 1);
		row(BENCH_IMPL, path_kind, "PAPI_start+PAPI_stop after reads",
		    nev, &c);
	}
	PAPI_cleanup_eventset(es);
}

/* ---- floors ------------------------------------------------------------- */
/* The floors' events: the same kinds as PAPI's (QEMU's arm64 PMU refuses
 * the generic branch events but opens raw L1 refills, counting 0). */
static const struct {
	uint32_t type;
	uint64_t config;
} raw_ev[MAXN] = {
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
#if defined(__aarch64__)
	{ PERF_TYPE_RAW, 0x03 }, /* L1D_CACHE_REFILL */
	{ PERF_TYPE_RAW, 0x01 }, /* L1I_CACHE_REFILL */
#else
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
#endif
};
static struct bench_ctr raw[MAXN];
static unsigned long long rbuf[3 + 2 * MAXN];

/* The floor group: the events as the library opens them (user mode,
 * the rdpmc bit, group read format, a pinned leader opened disabled,
 * members enabled), without the pages; 0 or -errno. */
static int floor_open(int n)
{
	struct perf_event_attr a;
	long fd;
	int i;

	for (i = 0; i < n; i++) {
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = raw_ev[i].type;
		a.config = raw_ev[i].config;
		a.config1 = bench_rdpmc_bit();
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
		a.read_format = BENCH_RF_GROUP;
		a.disabled = i == 0;
		a.pinned = i == 0;
		fd = syscall(SYS_perf_event_open, &a, 0, -1, i ? raw[0].fd : -1,
			     PERF_FLAG_FD_CLOEXEC);
		if (fd < 0) {
			fd = -errno;
			while (--i >= 0)
				bench_ctr_close(&raw[i]);
			return (int)fd;
		}
		raw[i].fd = (int)fd;
		raw[i].pg = NULL;
	}
	return 0;
}

/* Map the floor group's pages; 0, or -1 when one cannot be mapped. */
static int floor_map(int n)
{
	void *p;
	int i;

	for (i = 0; i < n; i++) {
		p = mmap(NULL, (size_t)sysconf(_SC_PAGESIZE), PROT_READ,
			 MAP_SHARED, raw[i].fd, 0);
		if (p == MAP_FAILED)
			return -1;
		raw[i].pg = p;
	}
	return 0;
}

static void op_raw_read(void)
{
	if (read(raw[0].fd, rbuf, (3 + 2 * (size_t)nev) * 8) < 0)
		abort();
}

static void op_raw_user_inline(void)
{
	int i;

	for (i = 0; i < nev; i++)
		vals[i] = (long long)bench_ctr_read(&raw[i]);
}

static __attribute__((noinline)) void raw_user_call(long long *v, int n)
{
	int i;

	for (i = 0; i < n; i++)
		v[i] = (long long)bench_ctr_read(&raw[i]);
}

static void op_raw_user_call(void)
{
	raw_user_call(vals, nev);
}

/* The leader alone: the cheapest way, and the library's (members stay
 * enabled; pe_ctl.h, PE_IOC_LEADER). */
static void op_raw_leader(void)
{
	ioctl(raw[0].fd, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(raw[0].fd, PERF_EVENT_IOC_DISABLE, 0);
}

/* The whole group, each event switched on and off. */
static void op_raw_group(void)
{
	ioctl(raw[0].fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	ioctl(raw[0].fd, PERF_EVENT_IOC_DISABLE, PERF_IOC_FLAG_GROUP);
}

static void op_raw_startstop(void)
{
	op_raw_leader();
	op_raw_read();
}

static void floor_ioctls(const char *path)
{
	struct cost c;
	int i;

	cost_clk(op_raw_leader, &c, 1);
	row("raw", path, "ENABLE+DISABLE", nev, &c);
	cost_clk(op_raw_startstop, &c, 1);
	row("raw", path, "ENABLE+DISABLE+read()", nev, &c);
	cost_clk(op_raw_group, &c, 1);
	row("raw", path, "ENABLE+DISABLE GROUP", nev, &c);
	/* The group DISABLE switched the members off too: on again, as
	 * they were opened (a leader-only ENABLE would count the leader
	 * alone and cost less). */
	for (i = 1; i < nev; i++)
		ioctl(raw[i].fd, PERF_EVENT_IOC_ENABLE, 0);
}

static void floors(void)
{
	struct cost c;
	int i, user = 1;

	for (nev = 1; nev <= MAXN; nev++) {
		if (floor_open(nev) < 0)
			return;
		floor_ioctls("floor-nopages");
		if (floor_map(nev) == 0) {
			floor_ioctls("floor");
			ioctl(raw[0].fd, PERF_EVENT_IOC_ENABLE, 0);
			cost(op_raw_read, &c);
			row("raw", "floor", "read()", nev, &c);
			for (i = 0; i < nev; i++)
				user = user && bench_ctr_user(&raw[i]);
			if (user && sc < 0) {
				cost(op_raw_user_inline, &c);
				row("raw", "floor", "user read inline", nev,
				    &c);
				cost(op_raw_user_call, &c);
				row("raw", "floor", "user read call", nev, &c);
			}
		}
		for (i = nev - 1; i >= 0; i--)
			bench_ctr_close(&raw[i]);
	}
}

int main(int argc, char **argv)
{
	const PAPI_component_info_t *ci;
	int child = argc > 1 && !strcmp(argv[1], "--child"), pass, nfound;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init failed\n");
		return 77;
	}
	ci = PAPI_get_component_info(0);
	if (ci && ci->fast_counter_read)
		path_kind = "fast";
	if (PAPI_create_eventset(&es) != PAPI_OK ||
	    (nfound = pick_events()) < 1 || strcmp(events[0], "PAPI_TOT_CYC")) {
		printf("SKIP: no hardware counters here\n");
		return 77;
	}
	if (bench_ctr_open(&U, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS,
			   0, -1, 0) < 0 ||
	    bench_ctr_open(&A, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 1,
			   -1, 0) < 0 ||
	    !bench_ctr_user(&U) || !bench_ctr_user(&A)) {
		printf("SKIP: our own counters cannot be read in user space "
		       "(arm64: perf_user_access=1)\n");
		return 77;
	}
	tick_ns = bench_vclock_ns();
	if (!child)
		printf("impl,path,op,events,user,all,syscalls,vclock\n");
	for (pass = 0; pass < 2; pass++) {
		papi_costs(nfound);
		if (!child)
			floors();
		/* Second pass: system calls, with the tracepoint open. */
		sc = bench_sc_open();
		if (sc < 0) {
			fprintf(stderr, "no system call counter: %s\n",
				strerror(-sc));
			break;
		}
	}
	if (!child && !strcmp(path_kind, "fast")) {
		fflush(stdout);
		setenv("PAPI_RDPMC", "0", 1);
		execl("/proc/self/exe", argv[0], "--child", (char *)NULL);
		perror("exec");
		return 1;
	}
	return 0;
}
