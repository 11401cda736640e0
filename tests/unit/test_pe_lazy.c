// SPDX-License-Identifier: BSD-3-Clause
/*
 * When the perf_event component maps its events' pages (pe_ctl.c,
 * may_map; pe_count.c, papi__pe_lazy_map): not at add, not at start or
 * stop, but at the first user-space read of a running set by the thread
 * the counters count, and then never again while the events stay open.
 * Through the public API on the fake OS layer, which counts the mappings,
 * with the simulated PMU and pages of pe_sim.h.
 *
 *   - start+stop alone maps nothing, and costs ENABLE, DISABLE + read();
 *   - the first PAPI_read, PAPI_read_ts, PAPI_accum or PAPI_reset of a
 *     running set maps every page, with right values at once (baselines
 *     from the read() of the add or the last stop); the second maps
 *     nothing, nor does the next start+stop, which then reads the pages;
 *   - PAPI_read's shortcut moves to the user-space read after the first
 *     call (no system call, no mapping, the counters read);
 *   - another thread's read maps nothing and reads with read();
 *   - a fork child never reads its parent's running set through the
 *     parent's pages (the kernel does not copy them); a set of its own
 *     gets pages of its own;
 *   - an event added to a set whose pages are mapped gets its page at the
 *     next read, the others keep theirs;
 *   - the plan a start works out (one group or several, the read()
 *     length, the pages) follows every change of the set.
 *
 * x86 only (the simulated rdpmc): elsewhere it skips.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pe_sim.h"

/* A running set of CYC and INS, counted 0 so far, pages not mapped. */
static int two_events(int *cyc, int *ins)
{
	int es = PAPI_NULL;

	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, INS), PAPI_OK);
	*cyc = fake_os_find_fd(HWT, 0);
	*ins = fake_os_find_fd(HWT, 1);
	sim_pmc[0] = 1000;
	sim_pmc[1] = 0x7ffffff000ull;
	arm_page(*cyc, 1, 0, 1000000, 1000000);
	arm_page(*ins, 2, 0, 1000000, 1000000);
	return es;
}

static void done(int es)
{
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 0);
	CHECK_EQ(fake_os_mmap_bad_calls(), 0);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	sim_forget();
}

static void test_startstop_maps_nothing(void)
{
	int cyc, ins, es = two_events(&cyc, &ins), maps, r;
	long long v[2];

	maps = fake_os_mmap_calls();
	for (r = 1; r <= 3; r++) {
		fake_os_log_clear();
		CHECK_EQ(PAPI_start(es), PAPI_OK);
		CHECK_EQ(syscalls(), 1);
		CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_ENABLE), 1);
		bump(cyc, 100 * (uint64_t)r);
		bump(ins, 7 * (uint64_t)r);
		fake_os_log_clear();
		CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
		/* No page: DISABLE, then read(), whose counts are the next
		 * start's baselines. */
		CHECK_EQ(syscalls(), 2);
		CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_DISABLE), 1);
		CHECK_EQ(fake_os_calls(FAKE_READ, 0), 1);
		CHECK_EQ_IDX(r, v[0], 100 * r);
		CHECK_EQ_IDX(r, v[1], 7 * r);
	}
	CHECK_EQ(fake_os_mmap_calls(), maps);
	CHECK_EQ(fake_os_mmap_live(), 0);
	done(es);
}

/* The first read of each kind maps both pages; then nothing more. */
enum first {
	F_READ,
	F_READ_TS,
	F_ACCUM,
	F_RESET
};

static void test_first_read_maps(enum first how)
{
	int cyc, ins, es = two_events(&cyc, &ins), maps;
	long long v[2] = { 0, 0 }, ts;

	/* One run first: its stop's read() gives the baselines. */
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	bump(cyc, 5);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	maps = fake_os_mmap_calls();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	bump(cyc, 300);
	bump(ins, 40);
	fake_os_log_clear();
	emulated = 0;
	v[0] = v[1] = 0;
	switch (how) {
	case F_READ:
		CHECK_EQ(PAPI_read(es, v), PAPI_OK);
		break;
	case F_READ_TS:
		CHECK_EQ(PAPI_read_ts(es, v, &ts), PAPI_OK);
		break;
	case F_ACCUM:
		CHECK_EQ(PAPI_accum(es, v), PAPI_OK);
		break;
	case F_RESET:
		CHECK_EQ(PAPI_reset(es), PAPI_OK);
		break;
	}
	CHECK_EQ_IDX((int)how, fake_os_mmap_calls(), maps + 2);
	CHECK_EQ_IDX((int)how, fake_os_mmap_live(), 2);
	CHECK_EQ_IDX((int)how, syscalls(), 0);
	CHECK_EQ_IDX((int)how, emulated, 2);
	if (how != F_RESET) {
		CHECK_EQ_IDX((int)how, v[0], 300);
		CHECK_EQ_IDX((int)how, v[1], 40);
	}
	/* The second read maps nothing and enters no kernel. */
	bump(cyc, 11);
	bump(ins, 22);
	fake_os_log_clear();
	emulated = 0;
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ_IDX((int)how, fake_os_mmap_calls(), maps + 2);
	CHECK_EQ_IDX((int)how, syscalls(), 0);
	CHECK_EQ_IDX((int)how, emulated, 2);
	CHECK_EQ_IDX((int)how, v[0], how >= F_ACCUM ? 11 : 311);
	CHECK_EQ_IDX((int)how, v[1], how >= F_ACCUM ? 22 : 62);
	/* The pages stay: stop reads them, start takes its baselines from
	 * them, and neither maps. */
	fake_os_log_clear();
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	CHECK_EQ_IDX((int)how, syscalls(), 1);
	CHECK_EQ_IDX((int)how, v[0], how >= F_ACCUM ? 11 : 311);
	fake_os_log_clear();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ_IDX((int)how, syscalls(), 1);
	bump(ins, 9);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ_IDX((int)how, v[0], 0);
	CHECK_EQ_IDX((int)how, v[1], 9);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	CHECK_EQ_IDX((int)how, fake_os_mmap_calls(), maps + 2);
	done(es);
}

static void *other_read(void *arg)
{
	long long *v = arg;

	return (void *)(intptr_t)PAPI_read((int)v[3], v);
}

/* A thread that does not own the counters reads with read() and maps
 * nothing; the owner's first read then maps. */
static void test_other_thread(void)
{
	int cyc, ins, es = two_events(&cyc, &ins), maps;
	long long v[4];
	pthread_t t;
	void *r = NULL;

	maps = fake_os_mmap_calls();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	bump(cyc, 12);
	bump(ins, 34);
	fake_os_log_clear();
	v[3] = es;
	CHECK_EQ(pthread_create(&t, NULL, other_read, v), 0);
	pthread_join(t, &r);
	CHECK_EQ((intptr_t)r, PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 1);
	CHECK_EQ(fake_os_mmap_calls(), maps);
	CHECK_EQ(v[0], 12);
	CHECK_EQ(v[1], 34);
	emulated = 0;
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_mmap_calls(), maps + 2);
	CHECK_EQ(emulated, 2);
	CHECK_EQ(v[0], 12);
	CHECK_EQ(v[1], 34);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	done(es);
}

/* An answer of the child about its parent's set: gone (the core drops
 * the parent's sets in a child), or read with read(). */
static int parent_set_ok(int ret)
{
	return ret == PAPI_ENOEVST || ret == PAPI_OK;
}

/* A fork child has the parent's thread pointer but not its pages: it
 * never reads the parent's counters through them (no rdpmc), and a set
 * of its own maps pages of its own and reads them. */
static void test_fork_child(void)
{
	int cyc, ins, es = two_events(&cyc, &ins), st = -1, ret;
	long long v[2];
	pid_t pid;

	CHECK_EQ(PAPI_start(es), PAPI_OK);
	bump(cyc, 3);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK); /* the parent maps */
	CHECK_EQ(fake_os_mmap_live(), 2);
	bump(cyc, 4);
	fflush(NULL);
	pid = fork();
	if (pid == 0) {
		int c2, i2, es2;

		rdpmc_forbidden = 1;
		fake_os_log_clear();
		ret = PAPI_read(es, v);
		if (!parent_set_ok(ret) ||
		    (ret == PAPI_OK &&
		     (v[0] != 7 || fake_os_calls(FAKE_READ, 0) != 1)))
			_exit(1);
		if (!parent_set_ok(PAPI_accum(es, v)) ||
		    !parent_set_ok(PAPI_reset(es)))
			_exit(2);
		rdpmc_forbidden = 0;
		sim_forget();
		es2 = two_events(&c2, &i2);
		if (PAPI_start(es2) != PAPI_OK)
			_exit(3);
		bump(c2, 5);
		emulated = 0;
		if (PAPI_read(es2, v) != PAPI_OK || v[0] != 5 ||
		    emulated != 2 || !fake_os_mmap_page(c2))
			_exit(4);
		_exit(0);
	}
	CHECK(pid > 0);
	if (pid > 0)
		waitpid(pid, &st, 0);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	emulated = 0;
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(emulated, 2);
	CHECK_EQ(v[0], 7);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	done(es);
}

/* An event added later: its page at the next read, the others kept. */
static void test_add_later(void)
{
	int cyc, ins, es = two_events(&cyc, &ins), br, maps;
	long long v[3];

	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 2);
	CHECK_EQ(PAPI_add_named_event(
			 es, "perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS"),
		 PAPI_OK);
	br = fake_os_find_fd(HWT, 4);
	sim_pmc[2] = 50;
	arm_page(br, 3, 0, 1000000, 1000000);
	maps = fake_os_mmap_calls();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(fake_os_mmap_calls(), maps);
	bump(cyc, 1);
	bump(ins, 2);
	bump(br, 3);
	emulated = 0;
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_mmap_calls(), maps + 1);
	CHECK_EQ(syscalls(), 0);
	CHECK_EQ(emulated, 3);
	CHECK_EQ(v[0], 1);
	CHECK_EQ(v[1], 2);
	CHECK_EQ(v[2], 3);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	done(es);
}

/* One start+stop of es, the events counting by[i] meanwhile: the values
 * and the system calls of the stop. */
static void start_bump_stop(int es, const int *fd, const int *by, int n,
			    int stop_calls)
{
	long long v[4] = { -1, -1, -1, -1 };
	int i;

	CHECK_EQ(PAPI_start(es), PAPI_OK);
	for (i = 0; i < n; i++)
		bump(fd[i], (uint64_t)by[i]);
	fake_os_log_clear();
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	CHECK_EQ(syscalls(), stop_calls);
	for (i = 0; i < n; i++)
		CHECK_EQ_IDX(i, v[i], by[i]);
}

/*
 * The plan of a set (pe_ctl.h: one group in set order, the read()
 * length, pages present or to come) is worked out by the first start
 * after a change and kept: each kind of change must make the next start
 * work it out again. A plan kept too long reads the group with the old
 * length (the read fails or misses an event), or stops a set of several
 * groups as one.
 */
static void test_plan_follows_changes(void)
{
	int fd[3], by[3] = { 5, 6, 7 }, es = two_events(&fd[0], &fd[1]);
	long long v[3];

	/* Planned: one group of two, read() at stop. */
	start_bump_stop(es, fd, by, 2, 2);
	start_bump_stop(es, fd, by, 2, 2);
	/* A third event: a group of three. */
	CHECK_EQ(PAPI_add_named_event(
			 es, "perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS"),
		 PAPI_OK);
	fd[2] = fake_os_find_fd(HWT, 4);
	sim_pmc[2] = 50;
	arm_page(fd[2], 3, 0, 1000000, 1000000);
	start_bump_stop(es, fd, by, 3, 2);
	/* A member removed, the group closed behind it: two again; then
	 * back. */
	CHECK_EQ(PAPI_remove_named_event(
			 es, "perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS"),
		 PAPI_OK);
	start_bump_stop(es, fd, by, 2, 2);
	CHECK_EQ(PAPI_add_named_event(
			 es, "perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS"),
		 PAPI_OK);
	fd[2] = fake_os_find_fd(HWT, 4);
	arm_page(fd[2], 3, 0, 1000000, 1000000);
	start_bump_stop(es, fd, by, 3, 2);
	/* The pages, mapped by a read: the next stop reads them, and then
	 * needs only the DISABLE. */
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 3);
	start_bump_stop(es, fd, by, 3, 1);
	/* The leader removed: the group is opened again around the next
	 * event, without pages until the next read. */
	CHECK_EQ(PAPI_remove_named_event(es, CYC), PAPI_OK);
	fd[0] = fake_os_find_fd(HWT, 1);
	fd[1] = fake_os_find_fd(HWT, 4);
	arm_page(fd[0], 2, 0, 1000000, 1000000);
	arm_page(fd[1], 3, 0, 1000000, 1000000);
	start_bump_stop(es, fd, by, 2, 2);
	/* Multiplexed: each event its own group, one DISABLE and read() for
	 * each. */
	CHECK_EQ(PAPI_set_multiplex(es), PAPI_OK);
	fd[0] = fake_os_find_fd(HWT, 1);
	fd[1] = fake_os_find_fd(HWT, 4);
	arm_page(fd[0], 2, 0, 1000000, 1000000);
	arm_page(fd[1], 3, 0, 1000000, 1000000);
	start_bump_stop(es, fd, by, 2, 4);
	done(es);
}

int main(void)
{
	sim_init();
	test_startstop_maps_nothing();
	test_first_read_maps(F_READ);
	test_first_read_maps(F_READ_TS);
	test_first_read_maps(F_ACCUM);
	test_first_read_maps(F_RESET);
	test_other_thread();
	test_fork_child();
	test_add_later();
	test_plan_follows_changes();
	CHECK_EQ(info()->fast_counter_read, 1);
	papi__lib_shutdown();
	CHECK_EQ(fake_os_mmap_live(), 0);
	return unit_exit();
}
