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
 * Output: CSV on stdout, "impl,path,op,events,user,all,syscalls" ("all" is
 * cycles: instructions in every mode under -icount shift=0). With the
 * fast path on, the program runs itself again with PAPI_RDPMC=0 for the
 * system-call path. Built against any PAPI 7.0 (bench/pmu-vm.sh also links
 * it with Debian's, BENCH_IMPL names which). Exit 0, or 77 where there are
 * no hardware counters.
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

static struct bench_ctr U, A; /* user instructions, all cycles */
static int sc = -1; /* system-call counter (second pass) */
static const char *path_kind = "syscall";
static int es = PAPI_NULL, nev;
static long long vals[MAXN];

struct cost {
	long long user, all, sys;
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

static void cost(op_fn op, struct cost *c)
{
	struct cost e;

	least(op_none, &e);
	least(op, c);
	c->user -= e.user;
	c->all -= e.all;
	c->sys -= e.sys;
}

static void row(const char *impl, const char *p, const char *op, int n,
		const struct cost *c)
{
	if (sc >= 0)
		printf("%s,%s,%s,%d,,,%lld\n", impl, p, op, n, c->sys);
	else
		printf("%s,%s,%s,%d,%lld,%lld,\n", impl, p, op, n, c->user,
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
 * (src/components/perf_event/pe_ctl.h, PE_IOC_LEADER). */
static void op_lib_ioctls(void)
{
	ioctl(lib_fd, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(lib_fd, PERF_EVENT_IOC_DISABLE, 0);
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
	long long s0 = 0;
	struct cost c;
	size_t k;

	for (nev = 1; nev <= max; nev++) {
		if (sc >= 0)
			s0 = (long long)bench_fd_read(sc);
		if (add(events[nev - 1]) != PAPI_OK) {
			fprintf(stderr, "cannot add %s\n", events[nev - 1]);
			break;
		}
		if (sc >= 0) {
			c.sys = (long long)bench_fd_read(sc) - s0 - 1;
			row(BENCH_IMPL, path_kind, "PAPI_add_event", nev, &c);
		}
		cost(op_startstop, &c);
		row(BENCH_IMPL, path_kind, "PAPI_start+PAPI_stop", nev, &c);
		if (sc < 0 && (lib_fd = find_lib_fd()) >= 0) {
			cost(op_lib_ioctls, &c);
			row(BENCH_IMPL, "floor", "its ENABLE+DISABLE", nev, &c);
		}
		PAPI_start(es);
		for (k = 0; k < sizeof(ops) / sizeof(ops[0]); k++) {
			cost(ops[k].fn, &c);
			row(BENCH_IMPL, path_kind, ops[k].name, nev, &c);
		}
		PAPI_stop(es, vals);
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

static void op_raw_startstop(void)
{
	/* The leader alone: the cheapest way, and the library's (members
	 * stay enabled; pe_ctl.h, PE_IOC_LEADER). */
	ioctl(raw[0].fd, PERF_EVENT_IOC_ENABLE, 0);
	ioctl(raw[0].fd, PERF_EVENT_IOC_DISABLE, 0);
	op_raw_read();
}

static void floors(void)
{
	struct cost c;
	int i, user = 1;

	for (nev = 1; nev <= MAXN; nev++) {
		for (i = 0; i < nev; i++) {
			if (bench_ctr_open(&raw[i], raw_ev[i].type,
					   raw_ev[i].config, 0,
					   i ? raw[0].fd : -1,
					   BENCH_RF_GROUP) < 0) {
				while (--i >= 0)
					bench_ctr_close(&raw[i]);
				return;
			}
		}
		cost(op_raw_startstop, &c);
		row("raw", "floor", "ENABLE+DISABLE+read()", nev, &c);
		ioctl(raw[0].fd, PERF_EVENT_IOC_ENABLE, 0);
		cost(op_raw_read, &c);
		row("raw", "floor", "read()", nev, &c);
		for (i = 0; i < nev; i++)
			user = user && bench_ctr_user(&raw[i]);
		if (user && sc < 0) {
			cost(op_raw_user_inline, &c);
			row("raw", "floor", "user read inline", nev, &c);
			cost(op_raw_user_call, &c);
			row("raw", "floor", "user read call", nev, &c);
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
	if (!child)
		printf("impl,path,op,events,user,all,syscalls\n");
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
