// SPDX-License-Identifier: BSD-3-Clause
/*
 * User-space reads follow the documented protocol of
 * struct perf_event_mmap_page: the counter is read only while the page
 * says cap_user_rdpmc (and an index), the page's clock fields are used only
 * with cap_user_time. Through the public API on the fake OS layer, with the
 * simulated PMU and pages of pe_sim.h, whose rdpmc aborts the test when it
 * reads a counter the page refused.
 *
 *   - a page without cap_user_rdpmc whose index still names a counter:
 *     that counter is never read with rdpmc, by any reader (PAPI_read's
 *     unrolled reads for 1 to 4 events and its loop for 5, narrow and
 *     wide; PAPI_read_ts, PAPI_accum, PAPI_reset, PAPI_stop, PAPI_start);
 *     its group is read with read(), with the same counts;
 *   - the switch 1 -> 0 -> 1 between reads of a running set: read() while
 *     it is 0, user-space reads again after, counts right throughout;
 *   - pages that never allow it: rdpmc never runs at all;
 *   - a multiplexed group whose times parted: scaled from the page's clock
 *     with cap_user_time, from read() without it (the clock fields then
 *     hold garbage that must not be used).
 *
 * x86 only (the simulated rdpmc): elsewhere it skips.
 */
#include <stdint.h>
#include <string.h>

#include "pe_sim.h"

static const char *const names[] = {
	CYC,
	INS,
	"perf::PERF_COUNT_HW_BRANCH_INSTRUCTIONS",
	"perf::PERF_COUNT_HW_BRANCH_MISSES",
	"perf::PERF_COUNT_HW_CACHE_REFERENCES",
};
static const unsigned long long config[] = { 0, 1, 4, 5, 2 };

/* A set of the first n events, counters width bits wide, 256 short of
 * their wrap, counted 0 so far; its fds into fds. */
static int new_set(int n, int width, int *fds)
{
	int es = PAPI_NULL, i;

	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	for (i = 0; i < n; i++) {
		CHECK_EQ(PAPI_add_named_event(es, names[i]), PAPI_OK);
		fds[i] = fake_os_find_fd(HWT, config[i]);
	}
	for (i = 0; i < n; i++) {
		sim_pmc[i] = 0xffffff00ull;
		arm_page_w(fds[i], (uint32_t)i + 1, (uint16_t)width, 0, 1000000,
			   1000000);
	}
	return es;
}

static void done(int es)
{
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
	CHECK_EQ(fake_os_mmap_live(), 0);
	sim_forget();
}

/* Every event counts d more; want follows. */
static void count_all(const int *fds, long long *want, int n, int d)
{
	int i;

	for (i = 0; i < n; i++) {
		bump(fds[i], (uint64_t)(d + i));
		want[i] += d + i;
	}
}

static void check_vals(int row, const long long *v, const long long *want,
		       int n)
{
	int i;

	for (i = 0; i < n; i++)
		CHECK_EQ_AT(row, v[i], want[i]);
}

/* The kernel withdraws user-space reads from the last event of a running
 * set, leaving its index, and gives them back. */
static void test_switch(int n, int width)
{
	int fds[5], es = new_set(n, width, fds), k = n - 1, i;
	int row = n * 100 + width;
	long long v[5], acc[5], want[5] = { 0 }, ts;

	CHECK_EQ(PAPI_start(es), PAPI_OK);
	count_all(fds, want, n, 0x200);
	emulated = 0;
	CHECK_EQ(PAPI_read(es, v), PAPI_OK); /* maps the pages */
	CHECK_EQ_AT(row, emulated, n);
	check_vals(row, v, want, n);

	sim_set(fds[k], CAPS & ~PE_CAP_USER_RDPMC, 1);
	rdpmc_forbidden_ctr = k;
	count_all(fds, want, n, 10);
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ_AT(row, fake_os_calls(FAKE_READ, 0), 1);
	check_vals(row, v, want, n);
	CHECK_EQ(PAPI_read_ts(es, v, &ts), PAPI_OK);
	CHECK_EQ_AT(row, fake_os_calls(FAKE_READ, 0), 2);
	check_vals(row, v, want, n);
	memset(acc, 0, sizeof(acc));
	CHECK_EQ(PAPI_accum(es, acc), PAPI_OK);
	CHECK_EQ_AT(row, fake_os_calls(FAKE_READ, 0), 3);
	check_vals(row, acc, want, n);
	memset(want, 0, sizeof(want));
	count_all(fds, want, n, 5);
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	memset(want, 0, sizeof(want));
	count_all(fds, want, n, 3);
	fake_os_log_clear();
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	CHECK_EQ_AT(row, syscalls(), 2); /* DISABLE, read() */
	check_vals(row, v, want, n);
	fake_os_log_clear();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ_AT(row, syscalls(), 1);
	memset(want, 0, sizeof(want));
	count_all(fds, want, n, 7);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	check_vals(row, v, want, n);

	/* Given back: the counters are read in user space again. */
	rdpmc_forbidden_ctr = -1;
	sim_set(fds[k], CAPS, 1);
	count_all(fds, want, n, 1);
	fake_os_log_clear();
	emulated = 0;
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ_AT(row, syscalls(), 0);
	CHECK_EQ_AT(row, emulated, n);
	check_vals(row, v, want, n);
	for (i = 0; i < n; i++)
		CHECK_EQ_AT(row, fake_os_mmap_page(fds[i]) != NULL, 1);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	check_vals(row, v, want, n);
	done(es);
}

/* Pages that never allow user-space reads, their index set: no rdpmc at
 * all, whatever is called. */
static void test_never(void)
{
	int fds[2], es = new_set(2, 48, fds), i;
	long long v[2], want[2] = { 0, 0 }, ts;

	for (i = 0; i < 2; i++)
		sim_set(fds[i], PE_CAP_USER_TIME, 1);
	rdpmc_forbidden = 1;
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	count_all(fds, want, 2, 40);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	check_vals(0, v, want, 2);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(PAPI_read_ts(es, v, &ts), PAPI_OK);
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	memset(want, 0, sizeof(want));
	count_all(fds, want, 2, 2);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	check_vals(0, v, want, 2);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	rdpmc_forbidden = 0;
	done(es);
}

/* A multiplexed group whose times parted (it ran 1000 of the last 4000
 * ns enabled) is scaled by 4: from the page's times and clock with
 * cap_user_time, from read() without it. */
static void test_time_caps(void)
{
	int es = PAPI_NULL, fds[2], i, with;
	long long v[2], want[2] = { 0, 0 };
	struct perf_event_mmap_page *pg;

	for (with = 1; with >= 0; with--) {
		es = PAPI_NULL;
		fake_os_set_times(1000000, 1000000);
		CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
		CHECK_EQ(PAPI_assign_eventset_component(es, 0), PAPI_OK);
		CHECK_EQ(PAPI_set_multiplex(es), PAPI_OK);
		for (i = 0; i < 2; i++) {
			CHECK_EQ(PAPI_add_named_event(es, names[i]), PAPI_OK);
			fds[i] = fake_os_find_fd(HWT, config[i]);
			sim_pmc[i] = 1000;
			arm_page(fds[i], (uint32_t)i + 1, 0, 1000000, 1000000);
		}
		CHECK_EQ(PAPI_start(es), PAPI_OK);
		want[0] = want[1] = 0;
		count_all(fds, want, 2, 100);
		CHECK_EQ(PAPI_read(es, v), PAPI_OK); /* maps */
		check_vals(with, v, want, 2);
		for (i = 0; i < 2; i++) {
			sim_times(fds[i], 1000000 + 4000, 1000000 + 1000);
			if (with)
				continue;
			sim_set(fds[i], PE_CAP_USER_RDPMC, 1);
			/* Fields the kernel does not keep without the cap. */
			pg = fake_os_mmap_page(fds[i]);
			if (!pg)
				continue;
			pg->lock += 2;
			pg->time_mult = 0x12345;
			pg->time_offset = 1ull << 40;
		}
		fake_os_log_clear();
		CHECK_EQ(PAPI_read(es, v), PAPI_OK);
		CHECK_EQ_AT(with, fake_os_calls(FAKE_READ, 0), with ? 0 : 2);
		CHECK_EQ_AT(with, v[0], 4 * want[0]);
		CHECK_EQ_AT(with, v[1], 4 * want[1]);
		CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
		done(es);
	}
}

int main(void)
{
	int n;

	sim_init();
	for (n = 1; n <= 5; n++) {
		test_switch(n, 32);
		test_switch(n, 48);
	}
	test_never();
	test_time_caps();
	papi__lib_shutdown();
	CHECK_EQ(fake_os_mmap_live(), 0);
	return unit_exit();
}
