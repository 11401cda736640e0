// SPDX-License-Identifier: BSD-3-Clause
/*
 * The perf_event component's counting (pe_count.c) with user-space reads,
 * through the public API, on the fake OS layer: fake descriptors, fake
 * mmap pages written as the kernel would, and a simulated PMU behind the
 * rdpmc instruction (pe_sim.h). The library runs its real fast path,
 * instruction for instruction.
 *
 * Checked: which system calls each operation makes (start 1, read and
 * reset and accum 0, stop 1 when the pages serve; one read() per group
 * that they cannot serve), the values against the simulated counters and
 * baselines, scaling from the pages' times, the seqlock retry, reads from
 * a thread that does not own the counters, PAPI_RDPMC=0, and that every
 * page is unmapped again. When the pages are mapped: test_pe_lazy.c.
 * x86 only: elsewhere it skips.
 */
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pe_sim.h"

static void *other_read(void *arg)
{
	long long *v = arg;

	return (void *)(intptr_t)PAPI_read((int)v[3], v);
}

/* Two hardware events in one group, both readable in user space. */
static void test_group(void)
{
	int es = PAPI_NULL, cyc, ins, ret;
	struct perf_event_mmap_page *pc, *pi;
	long long v[4], acc[2] = { 0, 0 };
	pthread_t t;

	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, INS), PAPI_OK);
	/* The pages come with the first read (test_pe_lazy.c). */
	CHECK_EQ(fake_os_mmap_live(), 0);
	cyc = fake_os_find_fd(HWT, 0);
	ins = fake_os_find_fd(HWT, 1);
	/* The schedule check read() times 1e6/1e6 and counts 0 at add. */
	sim_pmc[0] = 0x7fff00000000ull;
	sim_pmc[1] = 12345;
	arm_page(cyc, 1, 0, 1000000, 1000000);
	arm_page(ins, 2, 0, 1000000, 1000000);

	fake_os_log_clear();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(syscalls(), 1); /* ENABLE */
	sim_pmc[0] += 500;
	sim_pmc[1] += 700;
	fake_os_log_clear();
	emulated = 0;
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 2);
	CHECK_EQ(syscalls(), 0);
	CHECK_EQ(emulated, 2);
	CHECK_EQ(v[0], 500);
	CHECK_EQ(v[1], 700);
	pc = fake_os_mmap_page(cyc);
	pi = fake_os_mmap_page(ins);
	if (!pc || !pi)
		return;

	/* reset and accum: baselines from the pages, no system call. */
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	sim_pmc[0] += 10;
	sim_pmc[1] += 20;
	CHECK_EQ(PAPI_accum(es, acc), PAPI_OK);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(syscalls(), 0);
	CHECK_EQ(acc[0], 10);
	CHECK_EQ(acc[1], 20);
	CHECK_EQ(v[0] + v[1], 0);

	/* The page is rewritten in mid-read (a migration): one retry. */
	sim_pmc[0] += 1;
	emulated = 0;
	bump_pg = pc;
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(emulated, 3);
	CHECK_EQ(v[0], 1);

	/* Times that part (3000 of the next 4000 ns not running): the
	 * group is pinned, so that can only be a CPU of another type
	 * (hybrid), which counts for other events; nothing is scaled. */
	sim_pmc[0] += 99;
	sim_pmc[1] += 200;
	pc->lock += 2;
	pc->time_enabled += 4000;
	pc->time_running += 1000;
	fake_os_set_times(pc->time_enabled, pc->time_running);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(syscalls(), 0);
	CHECK_EQ(v[0], 100);
	CHECK_EQ(v[1], 200);

	/* A reset while the gap differs takes its baseline times from the
	 * page, advanced to now (time_mult 0 here: no time passes). */
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	CHECK_EQ(syscalls(), 0);

	/* Another thread does not own the counters: read(), through the
	 * lock, counts from the fake kernel relative to the same baselines
	 * (cycles counted 610 and instructions 920 so far). */
	fake_os_set_count(cyc, 610 + 11);
	fake_os_set_count(ins, 920 + 22);
	v[3] = es;
	ret = pthread_create(&t, NULL, other_read, v);
	CHECK_EQ(ret, 0);
	if (ret == 0) {
		void *r;

		pthread_join(t, &r);
		CHECK_EQ((intptr_t)r, PAPI_OK);
		CHECK_EQ(fake_os_calls(FAKE_READ, 0), 1);
		CHECK_EQ(v[0], 11);
		CHECK_EQ(v[1], 22);
	}

	/* The member is descheduled (index 0): the group is read() once. */
	pi->lock += 2;
	pi->index = 0;
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 1);
	CHECK_EQ(syscalls(), 1);
	CHECK_EQ(v[0], 11);
	CHECK_EQ(v[1], 22);
	pi->lock += 2;
	pi->index = 2;

	/* stop: read the pages, then one DISABLE; the next start takes its
	 * baseline from the pages too. */
	sim_pmc[0] += 5;
	sim_pmc[1] += 22;
	fake_os_log_clear();
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	CHECK_EQ(syscalls(), 1);
	CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_DISABLE), 1);
	CHECK_EQ(v[0], 5);
	CHECK_EQ(v[1], 22);
	sim_pmc[0] += 1000; /* counted between the read and the DISABLE */
	fake_os_log_clear();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(syscalls(), 1);
	sim_pmc[1] += 3;
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 0);
	CHECK_EQ(v[1], 3);
	/* A stop the pages cannot serve: DISABLE, then read(). */
	pc->lock += 2;
	pc->index = 0;
	fake_os_log_clear();
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	CHECK_EQ(syscalls(), 2);

	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 0);
	CHECK_EQ(fake_os_mmap_bad_calls(), 0);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
}

/* Per-group fallback: a software member (no page) sends its group to
 * read(); a solo msr event is read() alone; the hardware group of a
 * multiplexed set is served by its pages. */
static void test_fallback(void)
{
	int es = PAPI_NULL, es2 = PAPI_NULL, cyc;
	long long v[3];

	fake_os_set_times(1000000, 1000000);
	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	arm_page(fake_os_find_fd(HWT, 0), 1, 0, 1000000, 1000000);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(PAPI_accum(es, v), PAPI_OK);
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 3);
	/* A page could not serve the group: none is mapped. */
	CHECK_EQ(fake_os_mmap_live(), 0);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);

	/* msr/tsc/ leads its own group and has no page. */
	CHECK_EQ(PAPI_add_named_event(es, "msr/tsc/"), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_OK);
	cyc = fake_os_find_fd(HWT, 0);
	arm_page(cyc, 1, 0, 1000000, 1000000);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	sim_pmc[0] += 42;
	fake_os_set_count(fake_os_find_fd(FAKE_MSR_TYPE, 0), 9);
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 1);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 1);
	CHECK_EQ(v[0], 9);
	CHECK_EQ(v[1], 42);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);

	/* An inherited set counts children too: read() only, no pages. */
	CHECK_EQ(PAPI_create_eventset(&es2), PAPI_OK);
	CHECK_EQ(PAPI_assign_eventset_component(es2, 0), PAPI_OK);
	{
		PAPI_option_t o;

		memset(&o, 0, sizeof(o));
		o.inherit.eventset = es2;
		o.inherit.inherit = PAPI_INHERIT_ALL;
		CHECK_EQ(PAPI_set_opt(PAPI_INHERIT, &o), PAPI_OK);
	}
	CHECK_EQ(PAPI_add_named_event(es2, CYC), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 0);
	CHECK_EQ(PAPI_cleanup_eventset(es2), PAPI_OK);
	CHECK_EQ(PAPI_destroy_eventset(&es2), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 0);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
}

/* 32-bit counters (arm64's PMUv3 without "long" events): PAPI_read's
 * narrow reads (pe_direct.c), unrolled for 1 to 4 events and a loop for
 * more, extend the counter's sign themselves; counts stay right across
 * the counter's wrap at 2^32 (256 short of it when the baselines are
 * taken, 0x200 and more counted). Every width-32 page makes the set
 * narrow; one of 48 bits sends it to the general extension, with the
 * same results. */
static void test_narrow(void)
{
	static const char *const names[] = {
		CYC,
		INS,
		"perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS",
		"perf::PERF_COUNT_HW_BRANCH_MISSES",
		"perf::PERF_COUNT_HW_CACHE_REFERENCES",
	};
	static const unsigned long long config[] = { 0, 1, 4, 5, 2 };
	long long v[5];
	int n, i, width, es, fds[5];

	for (width = 32; width <= 48; width += 16) {
		for (n = 1; n <= 5; n++) {
			es = PAPI_NULL;
			CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
			for (i = 0; i < n; i++) {
				CHECK_EQ(PAPI_add_named_event(es, names[i]),
					 PAPI_OK);
				fds[i] = fake_os_find_fd(HWT, config[i]);
			}
			/* Counted 0 so far (the add's read() said so). */
			for (i = 0; i < n; i++) {
				sim_pmc[i] = 0xffffff00ull;
				arm_page_w(fds[i], (uint32_t)i + 1,
					   (uint16_t)(i == 1 ? width : 32), 0,
					   1000000, 1000000);
			}
			CHECK_EQ(PAPI_start(es), PAPI_OK);
			for (i = 0; i < n; i++)
				bump(fds[i], 0x200 + (unsigned int)i);
			fake_os_log_clear();
			CHECK_EQ(PAPI_read(es, v), PAPI_OK);
			CHECK_EQ(syscalls(), 0);
			CHECK_EQ(fake_os_mmap_live(), n);
			for (i = 0; i < n; i++)
				CHECK_EQ_AT(n * 100 + i, v[i], 0x200 + i);
			CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
			for (i = 0; i < n; i++)
				CHECK_EQ_AT(n * 100 + i, v[i], 0x200 + i);
			CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
			CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
			sim_forget();
		}
	}
	CHECK_EQ(fake_os_mmap_live(), 0);
}

/* PAPI_RDPMC=0 at init: no probe, no pages (not at the reads either),
 * fast_counter_read 0. */
static void test_env_off(void)
{
	long long v[1];
	int es = PAPI_NULL, before;

	papi__lib_shutdown();
	setenv("PAPI_RDPMC", "0", 1);
	before = fake_os_mmap_calls();
	CHECK_EQ(papi__lib_init(), PAPI_OK);
	CHECK_EQ(info()->fast_counter_read, 0);
	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_OK);
	arm_page(fake_os_find_fd(HWT, 0), 1, 0, 1000000, 1000000);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	bump(fake_os_find_fd(HWT, 0), 77);
	emulated = 0;
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 2);
	CHECK_EQ(emulated, 0);
	CHECK_EQ(v[0], 77);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	CHECK_EQ(fake_os_mmap_calls(), before);
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
	unsetenv("PAPI_RDPMC");
}

int main(void)
{
	sim_init();
	test_group();
	sim_forget();
	test_fallback();
	sim_forget();
	test_narrow();
	test_env_off();
	papi__lib_shutdown();
	CHECK_EQ(fake_os_mmap_live(), 0);
	return unit_exit();
}
