// SPDX-License-Identifier: BSD-3-Clause
/*
 * EventSets through the core and the perf_event component, with the fake
 * OS layer as the kernel (test_evset.c has the life cycle and failures):
 * presets sharing counters, groups the kernel never schedules, removing a
 * group's leader, solo (msr) events, multiplexing, domains and attaching.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "core/evset.h"
#include "core/lib.h"
#include "evset_util.h"

/* PAPI_DOM_ALL as perf_event reads it back: the domains it has (user,
 * kernel, supervisor; not PAPI_DOM_OTHER), as PAPI 7.0 does. */
#define ALL_HERE (PAPI_DOM_USER | PAPI_DOM_KERNEL | PAPI_DOM_SUPERVISOR)

/* Presets: a derived one, and two events sharing one counter. */
static void test_presets(void)
{
	/* PERF_TYPE_HW_CACHE configs: cache | op << 8 | result << 16. */
	const unsigned long long l1i_acc = 1, l1i_miss = 1 | (1ull << 16);
	const unsigned long long l1d_rmiss = 1ull << 16;
	const unsigned long long l1d_wmiss = (1ull << 8) | (1ull << 16);
	int es = new_set(), acc, miss, tot;
	long long v[3];

	fake_os_reset();
	if (PAPI_query_event(PAPI_L1_ICH) != PAPI_OK ||
	    PAPI_query_event(PAPI_L1_ICA) != PAPI_OK) {
		UNIT_FAIL_AT(0, "PAPI_L1_ICH/ICA unavailable on the fake machine");
		return;
	}
	CHECK_EQ(PAPI_add_event(es, PAPI_L1_ICH), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 2);
	acc = fake_os_find_fd(CACHE, l1i_acc);
	miss = fake_os_find_fd(CACHE, l1i_miss);
	CHECK(acc >= 100 && miss >= 100);
	/* PAPI_L1_ICA is one of PAPI_L1_ICH's terms: no new counter. */
	CHECK_EQ(PAPI_add_event(es, PAPI_L1_ICA), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 2);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	tot = fake_os_find_fd(SW, 1);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	fake_os_set_count(acc, 1000);
	fake_os_set_count(miss, 100);
	fake_os_set_count(tot, 5);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 900); /* accesses - misses */
	CHECK_EQ(v[1], 1000);
	CHECK_EQ(v[2], 5);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	/* Dropping the derived preset closes only the counter it alone used. */
	CHECK_EQ(PAPI_remove_event(es, PAPI_L1_ICH), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 2);
	CHECK(!fake_os_fd_is_open(miss));
	CHECK(fake_os_fd_is_open(acc) && fake_os_fd_is_open(tot));
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	fake_os_set_count(acc, 1000 + 31);
	fake_os_set_count(tot, 5 + 32);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 31);
	CHECK_EQ(v[1], 32);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	drop_set(__LINE__, &es);

	/* An added preset whose second term the kernel refuses: the first
	 * term's counter is closed again. */
	es = new_set();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	{
		struct snap s;

		take(es, &s);
		fake_os_fail_perf_open(1, -ENOENT);
		CHECK_EQ(PAPI_add_event(es, PAPI_L1_ICH), PAPI_ENOEVNT);
		same(__LINE__, es, &s);
		/* Same when the refused term would have led the group. */
		CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
		take(es, &s);
		fake_os_fail_perf_open(1, -EINVAL);
		CHECK_EQ(PAPI_add_event(es, PAPI_L1_ICH), PAPI_ECNFLCT);
		same(__LINE__, es, &s);
	}
	drop_set(__LINE__, &es);

	/* A sum, where the machine has one. */
	if (PAPI_query_event(PAPI_L1_DCM) == PAPI_OK) {
		int r, w;

		es = new_set();
		CHECK_EQ(PAPI_add_event(es, PAPI_L1_DCM), PAPI_OK);
		r = fake_os_find_fd(CACHE, l1d_rmiss);
		w = fake_os_find_fd(CACHE, l1d_wmiss);
		CHECK(r >= 100 && w >= 100);
		CHECK_EQ(PAPI_start(es), PAPI_OK);
		fake_os_set_count(r, 40);
		fake_os_set_count(w, 2);
		CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
		CHECK_EQ(v[0], 42);
		drop_set(__LINE__, &es);
	}
}

/* ---- the group ---------------------------------------------------------- */

/* A hardware event that the kernel accepts into a group the PMU cannot
 * schedule: it is enabled, disabled and read once, and refused. */
static void test_group_never_runs(void)
{
	int es = new_set(), lead;
	struct snap s;

	fake_os_reset();
	take(es, &s);
	fake_os_set_times(1000, 0);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_ECNFLCT);
	same(__LINE__, es, &s);
	CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_ENABLE), 1);
	CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_DISABLE), 1);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 1);
	CHECK_EQ(fake_os_calls(FAKE_CLOSE, 0), 1);

	/* A software event needs no check: it always runs. */
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	lead = fake_os_find_fd(SW, 1);
	take(es, &s);
	/* As a member too: the member is closed, the leader stays. */
	CHECK_EQ(PAPI_add_named_event(es, "cpu/cycles/"), PAPI_ECNFLCT);
	same(__LINE__, es, &s);
	CHECK(fake_os_fd_is_open(lead));
	/* Times that show the group ran: accepted. */
	fake_os_set_times(1000, 1000);
	CHECK_EQ(PAPI_add_named_event(es, "cpu/cycles/"), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 2);
	/* Never enabled at all (enabled == 0) is not "never ran". */
	fake_os_set_times(0, 0);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_OK);
	/* The check leaves the counts at zero. */
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	fake_os_reset();
	drop_set(__LINE__, &es);
}

/* Is the close of fd logged after every close in others? */
static int closed_after(int fd, const int *others, int n)
{
	int i, k, at = -1;

	for (i = 0; i < fake_os_log_count(); i++) {
		const struct fake_os_call *c = fake_os_log(i);

		if (c->op == FAKE_CLOSE && c->fd == fd)
			at = i;
	}
	for (i = 0; i < fake_os_log_count(); i++) {
		const struct fake_os_call *c = fake_os_log(i);

		for (k = 0; k < n; k++)
			if (c->op == FAKE_CLOSE && c->fd == others[k] &&
			    i > at)
				return 0;
	}
	return at >= 0;
}

static void test_remove_leader(void)
{
	int es = new_set(), a, b, c, nb, nc, fds[4];
	const struct perf_event_attr *at;
	long long v[3];

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, PF), PAPI_OK);
	a = fake_os_find_fd(SW, 1);
	b = fake_os_find_fd(SW, 3);
	c = fake_os_find_fd(SW, 2);

	/* A member goes: only its descriptor is closed. */
	fake_os_log_clear();
	CHECK_EQ(PAPI_remove_named_event(es, CS), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_CLOSE, 0), 1);
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
	CHECK(!fake_os_fd_is_open(b));
	CHECK(fake_os_fd_is_open(a) && fake_os_fd_is_open(c));
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	b = fake_os_find_fd(SW, 3);

	/* The leader goes: the others are reopened, the first of them
	 * leading; members are closed before their leader. */
	fake_os_log_clear();
	CHECK_EQ(PAPI_remove_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 2);
	CHECK(!fake_os_fd_is_open(a) && !fake_os_fd_is_open(b) &&
	      !fake_os_fd_is_open(c));
	{
		int members[2] = { b, c };

		CHECK(closed_after(a, members, 2));
	}
	CHECK_EQ(fake_os_list_fds(fds, 4), 2);
	nc = fake_os_find_fd(SW, 2);
	nb = fake_os_find_fd(SW, 3);
	CHECK_EQ(fds[0], nc); /* PF was added before CS: it leads now */
	CHECK_EQ(fake_os_group_fd(nc), -1);
	CHECK_EQ(fake_os_group_fd(nb), nc);
	at = fake_os_attr(nc);
	CHECK(at && at->disabled);
	at = fake_os_attr(nb);
	CHECK(at && !at->disabled);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);

	/* And it counts, in the user's order. */
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	fake_os_set_count(nc, 3);
	fake_os_set_count(nb, 4);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 3); /* PF */
	CHECK_EQ(v[1], 4); /* CS */
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);

	/* The last event goes: no descriptor stays. */
	CHECK_EQ(PAPI_remove_named_event(es, PF), PAPI_OK);
	CHECK_EQ(PAPI_remove_named_event(es, CS), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 0);
	CHECK_EQ(PAPI_num_events(es), 0);
	drop_set(__LINE__, &es);
}

/* The rebuild after the leader's removal fails. Whether the event is then
 * gone or still there, the set must stay consistent: every descriptor it
 * uses open (no call on a stale one), counting right, and cleanup must
 * close everything. */
static void test_remove_leader_failure(void)
{
	int es = new_set(), n, codes[3], want[3], i, fd;
	long long v[3];

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, PF), PAPI_OK);
	fake_os_fail_perf_open(1, -EMFILE);
	CHECK(PAPI_remove_named_event(es, TASK) != PAPI_OK);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	n = 3;
	CHECK_EQ(PAPI_list_events(es, codes, &n), PAPI_OK);
	CHECK(n == 2 || n == 3);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	for (i = 0; i < n && i < 3; i++) {
		unsigned long long cfg = codes[i] == code(TASK) ? 1
				       : codes[i] == code(CS)   ? 3
								: 2;

		fd = fake_os_find_fd(SW, cfg);
		CHECK_IDX(i, fd >= 100);
		want[i] = 1000 + i;
		fake_os_set_count(fd, (unsigned long long)want[i]);
	}
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	for (i = 0; i < n && i < 3; i++)
		CHECK_EQ_IDX(i, v[i], want[i]);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	drop_set(__LINE__, &es);
	fake_os_reset();
}

/* msr events lead their own one-event group ("solo" in pe_ctl.c): start,
 * stop, reset and read visit every leader, and removing the main group's
 * leader must not disturb them, wherever they sit in the set. */
static void test_solo(void)
{
	int es = new_set(), tsc, a, b, nb, fds[4], i;
	long long v[3];

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, "msr/tsc/"), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	tsc = fake_os_find_fd(FAKE_MSR_TYPE, 0);
	a = fake_os_find_fd(SW, 1);
	b = fake_os_find_fd(SW, 3);
	CHECK_EQ(fake_os_group_fd(tsc), -1);
	CHECK_EQ(fake_os_group_fd(a), -1);
	CHECK_EQ(fake_os_group_fd(b), a);
	CHECK(fake_os_attr(tsc)->disabled && fake_os_attr(a)->disabled);

	/* One ENABLE per leader, and nothing on members. */
	fake_os_log_clear();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_RESET), 0);
	CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_ENABLE), 2);
	for (i = 0; i < fake_os_log_count(); i++) {
		const struct fake_os_call *c = fake_os_log(i);

		CHECK_IDX(i, c->fd == tsc || c->fd == a);
		CHECK_IDX(i, c->arg == 0); /* leaders alone */
	}
	fake_os_set_count(tsc, 1);
	fake_os_set_count(a, 2);
	fake_os_set_count(b, 3);
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 2); /* one per leader */
	CHECK_EQ(v[0], 1);
	CHECK_EQ(v[1], 2);
	CHECK_EQ(v[2], 3);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);

	/* The main leader (second in the set) goes. */
	CHECK_EQ(PAPI_remove_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_num_events(es), 2);
	CHECK_EQ(fake_os_open_fds(), 2);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	tsc = fake_os_find_fd(FAKE_MSR_TYPE, 0);
	nb = fake_os_find_fd(SW, 3);
	CHECK(tsc >= 100 && nb >= 100);
	CHECK_EQ(fake_os_find_fd(SW, 1), -1); /* TASK-CLOCK is gone */
	CHECK_EQ(fake_os_list_fds(fds, 4), 2);
	CHECK_EQ(fake_os_group_fd(nb), -1);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	fake_os_set_count(tsc, 10);
	fake_os_set_count(nb, 30);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 10); /* msr/tsc/ */
	CHECK_EQ(v[1], 30); /* CONTEXT-SWITCHES */
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	drop_set(__LINE__, &es);
}

/* A multiplexed set: every event leads its own group, scaled by its own
 * times; PAPI_set_multiplex needs a component first. */
static void test_multiplex(void)
{
	int es = new_set(), fds[4], i, n;
	long long v[3];

	fake_os_reset();
	CHECK_EQ(PAPI_set_multiplex(es), PAPI_EINVAL);
	CHECK_EQ(PAPI_assign_eventset_component(es, 0), PAPI_OK);
	CHECK_EQ(PAPI_set_multiplex(es), PAPI_OK);
	CHECK_EQ(PAPI_get_multiplex(es), 1);
	CHECK_EQ(PAPI_set_multiplex(es), PAPI_EINVAL);
	/* Each group's times at its last baseline (open, or the schedule
	 * check of a hardware event) are subtracted from those it reads:
	 * times that only grow from 0, as a new event's do. */
	fake_os_set_times(0, 0);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_OK);
	n = fake_os_list_fds(fds, 4);
	CHECK_EQ(n, 3);
	for (i = 0; i < n && i < 4; i++) {
		CHECK_EQ_IDX(i, fake_os_group_fd(fds[i]), -1);
		CHECK_IDX(i, fake_os_attr(fds[i])->disabled);
	}
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	for (i = 0; i < n && i < 4; i++)
		CHECK_IDX(i, fake_os_enabled(fds[i]));
	fake_os_set_count(fake_os_find_fd(SW, 1), 100);
	fake_os_set_count(fake_os_find_fd(SW, 3), 200);
	fake_os_set_count(fake_os_find_fd(HWT, 0), 300);
	fake_os_set_times(4000, 1000);
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 3);
	CHECK_EQ(v[0], 400);
	CHECK_EQ(v[1], 800);
	CHECK_EQ(v[2], 1200);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	for (i = 0; i < n && i < 4; i++)
		CHECK_IDX(i, !fake_os_enabled(fds[i]));
	/* Removing the first event disturbs no other. */
	fake_os_log_clear();
	CHECK_EQ(PAPI_remove_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_CLOSE, 0), 1);
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
	fake_os_reset();
	drop_set(__LINE__, &es);
}

/* ---- options ------------------------------------------------------------ */

static void check_excl(int row, unsigned int type, unsigned long long cfg,
		       int u, int k, int h)
{
	int fd = fake_os_find_fd(type, cfg);
	const struct perf_event_attr *a = fd >= 0 ? fake_os_attr(fd) : NULL;

	CHECK_AT(row, a != NULL);
	if (!a)
		return;
	CHECK_EQ_AT(row, a->exclude_user, u);
	CHECK_EQ_AT(row, a->exclude_kernel, k);
	CHECK_EQ_AT(row, a->exclude_hv, h);
}

static void test_domain(void)
{
	int es = new_set(), fds[4], fds2[4];
	long long v[3];

	fake_os_reset();
	CHECK_EQ(get_domain(es), PAPI_DOM_USER);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, "msr/tsc/"), PAPI_OK);
	check_excl(__LINE__, SW, 1, 0, 1, 1);
	check_excl(__LINE__, SW, 3, 0, 1, 1);
	check_excl(__LINE__, FAKE_MSR_TYPE, 0, 0, 0, 0); /* no exclusion */
	CHECK_EQ(fake_os_list_fds(fds, 4), 3);

	/* A new domain reopens everything with the new exclude bits. */
	CHECK_EQ(set_domain(es, PAPI_DOM_KERNEL), PAPI_OK);
	CHECK_EQ(get_domain(es), PAPI_DOM_KERNEL);
	CHECK_EQ(fake_os_list_fds(fds2, 4), 3);
	CHECK(fds2[0] != fds[0] && fds2[1] != fds[1]);
	check_excl(__LINE__, SW, 1, 1, 0, 1);
	check_excl(__LINE__, SW, 3, 1, 0, 1);
	check_excl(__LINE__, FAKE_MSR_TYPE, 0, 0, 0, 0);
	CHECK_EQ(fake_os_group_fd(fds2[0]), -1);
	CHECK_EQ(fake_os_group_fd(fds2[1]), fds2[0]);
	/* msr events lead their own group (pe_ctl.c: "solo"). */
	CHECK_EQ(fake_os_group_fd(fds2[2]), -1);

	CHECK_EQ(set_domain(es, PAPI_DOM_ALL), PAPI_OK);
	check_excl(__LINE__, SW, 1, 0, 0, 0);

	/* The kernel refuses the new domain for a member: the old domain
	 * and its descriptors' bits come back. */
	CHECK_EQ(fake_os_list_fds(fds, 4), 3);
	fake_os_fail_perf_open(1, -EACCES);
	CHECK_EQ(set_domain(es, PAPI_DOM_USER), PAPI_EPERM);
	CHECK_EQ(get_domain(es), ALL_HERE);
	CHECK_EQ(fake_os_open_fds(), 3);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	check_excl(__LINE__, SW, 1, 0, 0, 0);
	check_excl(__LINE__, SW, 3, 0, 0, 0);
	CHECK_EQ(PAPI_num_events(es), 3);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	/* Not while running. */
	CHECK_EQ(set_domain(es, PAPI_DOM_USER), PAPI_EISRUN);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);

	/* Neither the new nor the old domain can be opened again. */
	fake_os_fail_perf_open(0, -EACCES);
	fake_os_fail_perf_open(0, -EACCES);
	CHECK_EQ(set_domain(es, PAPI_DOM_USER), PAPI_ECLOST);
	CHECK_EQ(get_domain(es), ALL_HERE);
	CHECK_EQ(fake_os_open_fds(), 0);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	/* Invalid domains are refused before anything is touched. */
	CHECK_EQ(set_domain(es, 0), PAPI_EINVAL_DOM);
	CHECK_EQ(set_domain(es, 0x100), PAPI_EINVAL_DOM);
	drop_set(__LINE__, &es);

	/* The domain of an empty set applies to what is added later. */
	es = new_set();
	CHECK_EQ(set_domain(es, PAPI_DOM_KERNEL), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	check_excl(__LINE__, SW, 1, 1, 0, 1);
	/* Modifiers in the name win over the set's domain. */
	CHECK_EQ(PAPI_add_named_event(es, "cpu/cycles/u"), PAPI_OK);
	check_excl(__LINE__, FAKE_CPU_TYPE, 0x3c, 0, 1, 1);
	drop_set(__LINE__, &es);
}

/* Attaching reopens the events for the other thread (perf's pid), and
 * detaching brings them back; the group check is skipped for another
 * thread, which may not be running now. */
static void test_attach(void)
{
	int es = new_set(), state, fd;

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_attach(es, 0), PAPI_EINVAL);
	CHECK_EQ(PAPI_attach(es, 4321), PAPI_OK);
	fd = fake_os_find_fd(SW, 1);
	CHECK_EQ(fake_os_pid(fd), 4321);
	CHECK_EQ(fake_os_open_fds(), 1);
	CHECK_EQ(PAPI_state(es, &state), PAPI_OK);
	CHECK(state & PAPI_ATTACHED);
	/* Added after attaching: opened for that thread too. */
	fake_os_set_times(1000, 0);
	CHECK_EQ(PAPI_add_named_event(es, CYC), PAPI_OK);
	CHECK_EQ(fake_os_pid(fake_os_find_fd(HWT, 0)), 4321);
	fake_os_set_times(1000, 1000);
	CHECK_EQ(PAPI_detach(es), PAPI_OK);
	CHECK_EQ(fake_os_pid(fake_os_find_fd(SW, 1)), 0);
	CHECK_EQ(fake_os_pid(fake_os_find_fd(HWT, 0)), 0);
	CHECK_EQ(PAPI_state(es, &state), PAPI_OK);
	CHECK(!(state & PAPI_ATTACHED));
	CHECK_EQ(fake_os_open_fds(), 2);
	/* The kernel refuses the thread: nothing changes. */
	fake_os_fail_perf_open(0, -ESRCH);
	CHECK(PAPI_attach(es, 999999) != PAPI_OK);
	CHECK_EQ(PAPI_state(es, &state), PAPI_OK);
	CHECK(!(state & PAPI_ATTACHED));
	CHECK_EQ(fake_os_pid(fake_os_find_fd(SW, 1)), 0);
	CHECK_EQ(fake_os_open_fds(), 2);
	fake_os_reset();
	drop_set(__LINE__, &es);
}

/* PAPI_add_events: how many went in before the first failure. */

int main(void)
{
	/* Init's probes must not leave descriptors behind. */
	EVSET_UNIT_SETUP();

	test_presets();
	test_group_never_runs();
	test_remove_leader();
	test_remove_leader_failure();
	test_solo();
	test_multiplex();
	test_domain();
	test_attach();
	return unit_exit();
}
