// SPDX-License-Identifier: BSD-3-Clause
/*
 * EventSets end to end through the core and the perf_event component, with
 * the fake OS layer standing in for the kernel: the life cycle and its PAPI
 * error codes, what the component asks of perf_event_open/ioctl/read, and
 * that every failure leaves the set as it was and leaks no descriptor.
 *
 * Events used (libpfm4, linked for real, encodes the perf:: names):
 *   perf::TASK-CLOCK                  software, type 1 config 1
 *   perf::CONTEXT-SWITCHES            software, type 1 config 3
 *   perf::PERF_COUNT_SW_PAGE_FAULTS   software, type 1 config 2
 *   perf::PERF_COUNT_HW_CPU_CYCLES    hardware, type 0 config 0
 *   perf::PERF_COUNT_HW_INSTRUCTIONS  hardware, type 0 config 1
 *   cpu/cycles/, msr/tsc/             sysfs PMUs of fake_os_std_sysfs
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>

#include "core/evset.h"
#include "core/lib.h"
#include "fake_os.h"
#include "papi.h"
#include "unit.h"

#include "evset_util.h"


static void test_life_cycle(void)
{
	long long v[4], acc[2] = { 1, 2 };
	const struct perf_event_attr *a;
	int es = new_set(), lead, mem, state, codes[4], n;
	const struct fake_os_call *c;

	fake_os_reset();
	CHECK_EQ(PAPI_num_events(es), 0);
	CHECK_EQ(PAPI_state(es, &state), PAPI_OK);
	CHECK_EQ(state, PAPI_STOPPED);
	/* An empty set cannot start. */
	CHECK_EQ(PAPI_start(es), PAPI_EINVAL);

	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	CHECK_EQ(PAPI_num_events(es), 2);
	CHECK_EQ(fake_os_open_fds(), 2);
	lead = fake_os_find_fd(SW, 1);
	mem = fake_os_find_fd(SW, 3);
	CHECK(lead >= 100 && mem >= 100);

	/* The leader opens disabled, the member enabled in its group; both
	 * ask for the group read with ids and times; the default domain is
	 * user only. */
	a = fake_os_attr(lead);
	CHECK(a && a->disabled && a->read_format == RF_ALL);
	CHECK(a && a->exclude_kernel && !a->exclude_user && a->exclude_hv);
	CHECK_EQ(fake_os_group_fd(lead), -1);
	CHECK_EQ(fake_os_pid(lead), 0);
	CHECK_EQ(fake_os_cpu(lead), -1);
	a = fake_os_attr(mem);
	CHECK(a && !a->disabled && a->read_format == RF_ALL);
	CHECK_EQ(fake_os_group_fd(mem), lead);
	CHECK_EQ(fake_os_leader(mem), lead);

	n = 4;
	CHECK_EQ(PAPI_list_events(es, codes, &n), PAPI_OK);
	CHECK_EQ(n, 2);
	CHECK_EQ(codes[0], code(TASK));
	CHECK_EQ(codes[1], code(CS));

	/* start: one ENABLE for the group, on the leader only. The kernel's
	 * counts are never reset: reads report the difference from a
	 * baseline kept in user space (pe_ctl.c), so counts set below must
	 * only grow, as a real counter's do. */
	fake_os_log_clear();
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(fake_os_log_count(), 1);
	c = fake_os_log(0);
	CHECK(c && c->op == FAKE_IOCTL && c->fd == lead &&
	      c->req == PERF_EVENT_IOC_ENABLE && c->arg == 0); /* the leader alone */
	CHECK(fake_os_enabled(lead) && fake_os_enabled(mem));
	CHECK_EQ(PAPI_state(es, &state), PAPI_OK);
	CHECK_EQ(state, PAPI_RUNNING);

	/* read: exactly one read() of the leader. */
	fake_os_set_count(lead, 1000);
	fake_os_set_count(mem, 7);
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_log_count(), 1);
	c = fake_os_log(0);
	CHECK(c && c->op == FAKE_READ && c->fd == lead);
	CHECK_EQ(v[0], 1000);
	CHECK_EQ(v[1], 7);

	/* accum adds and resets. */
	CHECK_EQ(PAPI_accum(es, acc), PAPI_OK);
	CHECK_EQ(acc[0], 1001);
	CHECK_EQ(acc[1], 9);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 0);
	CHECK_EQ(v[1], 0);

	/* reset while running: no ioctl; one read() of the group takes the
	 * new baseline (where the mmap page can be read, none). */
	fake_os_set_count(lead, 1050);
	fake_os_set_count(mem, 60);
	fake_os_log_clear();
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_IOCTL, 0), 0);
	CHECK_EQ(fake_os_log_count(), 1);
	c = fake_os_log(0);
	CHECK(c && c->op == FAKE_READ && c->fd == lead);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0] + v[1], 0);

	/* stop: a group DISABLE on the leader, then one read. */
	fake_os_set_count(lead, 1050 + 11);
	fake_os_set_count(mem, 60 + 22);
	fake_os_log_clear();
	v[0] = v[1] = -1;
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	CHECK_EQ(fake_os_log_count(), 2);
	c = fake_os_log(0);
	CHECK(c && c->op == FAKE_IOCTL && c->fd == lead &&
	      c->req == PERF_EVENT_IOC_DISABLE && c->arg == 0);
	c = fake_os_log(1);
	CHECK(c && c->op == FAKE_READ && c->fd == lead);
	CHECK_EQ(v[0], 11);
	CHECK_EQ(v[1], 22);
	CHECK(!fake_os_enabled(lead) && !fake_os_enabled(mem));
	CHECK_EQ(PAPI_state(es, &state), PAPI_OK);
	CHECK_EQ(state, PAPI_STOPPED);

	/* A stopped set reads its values at stop, without the kernel. */
	fake_os_set_count(lead, 999);
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_log_count(), 0);
	CHECK_EQ(v[0], 11);
	CHECK_EQ(v[1], 22);
	CHECK_EQ(PAPI_stop(es, v), PAPI_ENOTRUN);
	/* accum on a stopped set adds the stopped values, then zeroes them. */
	acc[0] = acc[1] = 0;
	CHECK_EQ(PAPI_accum(es, acc), PAPI_OK);
	CHECK_EQ(acc[0], 11);
	CHECK_EQ(acc[1], 22);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0] + v[1], 0);

	/* Restart: counts start from zero again (a disabled counter keeps
	 * the count it had at stop). */
	fake_os_set_count(lead, 1050 + 11);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0] + v[1], 0);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);

	/* A set with events cannot be destroyed; cleanup closes everything. */
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_EINVAL);
	CHECK(es != PAPI_NULL);
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_num_events(es), 0);
	CHECK_EQ(fake_os_open_fds(), 0);
	/* A cleaned-up set takes events again. */
	CHECK_EQ(PAPI_add_named_event(es, PF), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 1);
	drop_set(__LINE__, &es);
}

/* An empty set (never given an event, or cleaned up): reading, accumulating
 * and resetting it do nothing and succeed; starting it is refused. */
static void test_empty_set(void)
{
	long long v[1] = { 77 };
	int es = new_set();

	fake_os_reset();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(PAPI_accum(es, v), PAPI_OK);
	CHECK_EQ(v[0], 77);
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	CHECK_EQ(PAPI_start(es), PAPI_EINVAL);
	CHECK_EQ(PAPI_stop(es, v), PAPI_ENOTRUN);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(PAPI_accum(es, v), PAPI_OK);
	CHECK_EQ(PAPI_reset(es), PAPI_OK);
	CHECK_EQ(PAPI_start(es), PAPI_EINVAL);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 0);
	drop_set(__LINE__, &es);
}

/* Every call on an EventSet id that names none: PAPI_ENOEVST. */
static void test_bad_ids(void)
{
	static const int ids[] = { -1, 12345, 1 << 30, -2147483647 - 1 };
	long long v[2] = { 0, 0 };
	int i, n, st, cs = code(CS);

	fake_os_reset();
	for (i = 0; i < (int)(sizeof(ids) / sizeof(ids[0])); i++) {
		int id = ids[i], codes[2];

		CHECK_EQ(PAPI_add_event(id, cs), PAPI_ENOEVST);
		CHECK_EQ(PAPI_add_named_event(id, CS), PAPI_ENOEVST);
		CHECK_EQ(PAPI_remove_event(id, cs), PAPI_ENOEVST);
		CHECK_EQ(PAPI_start(id), PAPI_ENOEVST);
		CHECK_EQ(PAPI_stop(id, v), PAPI_ENOEVST);
		CHECK_EQ(PAPI_read(id, v), PAPI_ENOEVST);
		CHECK_EQ(PAPI_accum(id, v), PAPI_ENOEVST);
		CHECK_EQ(PAPI_reset(id), PAPI_ENOEVST);
		CHECK_EQ(PAPI_cleanup_eventset(id), PAPI_ENOEVST);
		CHECK_EQ(PAPI_num_events(id), PAPI_ENOEVST);
		CHECK_EQ(PAPI_state(id, &st), PAPI_ENOEVST);
		n = 2;
		CHECK_EQ(PAPI_list_events(id, codes, &n), PAPI_ENOEVST);
		CHECK_EQ(PAPI_destroy_eventset(&id), PAPI_ENOEVST);
	}
	/* A destroyed set's id is gone too. */
	{
		int es = new_set(), old = es;

		CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
		CHECK_EQ(PAPI_add_event(old, cs), PAPI_ENOEVST);
		CHECK_EQ(PAPI_start(old), PAPI_ENOEVST);
	}
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
}

static void test_running_rules(void)
{
	int es = new_set(), es2 = new_set(), tmp;
	long long v[2];
	struct snap s;

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es2, CS), PAPI_OK);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	take(es, &s);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_EISRUN);
	CHECK_EQ(PAPI_remove_named_event(es, TASK), PAPI_EISRUN);
	CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_EISRUN);
	tmp = es;
	CHECK_EQ(PAPI_destroy_eventset(&tmp), PAPI_EISRUN);
	CHECK_EQ(tmp, es);
	CHECK_EQ(PAPI_start(es), PAPI_EISRUN);
	/* One running set per component and thread. */
	CHECK_EQ(PAPI_start(es2), PAPI_EISRUN);
	same(__LINE__, es, &s);
	CHECK_EQ(PAPI_state(es2, &tmp), PAPI_OK);
	CHECK_EQ(tmp, PAPI_STOPPED);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	/* Once the first stops, the second may run. */
	CHECK_EQ(PAPI_start(es2), PAPI_OK);
	CHECK_EQ(PAPI_stop(es2, v), PAPI_OK);
	drop_set_n(__LINE__, &es2, 1);
	drop_set(__LINE__, &es);
}

struct other {
	int es, ret_start, ret_stop;
};

static void *start_elsewhere(void *p)
{
	struct other *o = p;
	long long v[1];

	o->ret_start = PAPI_start(o->es);
	o->ret_stop = PAPI_stop(o->es, v);
	return NULL;
}

/* The one-running-set rule is per thread: another thread may start a
 * set while this one runs one. */
static void test_other_thread(void)
{
	struct other o = { new_set(), 1, 1 };
	int es = new_set();
	pthread_t t;

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(o.es, CS), PAPI_OK);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(pthread_create(&t, NULL, start_elsewhere, &o), 0);
	pthread_join(t, NULL);
	CHECK_EQ(o.ret_start, PAPI_OK);
	CHECK_EQ(o.ret_stop, PAPI_OK);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	drop_set_n(__LINE__, &o.es, 1);
	drop_set(__LINE__, &es);
}

static void test_add_rejects(void)
{
	int es = new_set(), bogus;
	struct snap s;

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	take(es, &s);
	/* The same event twice. */
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_ECNFLCT);
	same(__LINE__, es, &s);
	/* Names and codes that are no event. */
	CHECK_EQ(PAPI_add_named_event(es, "perf::NO_SUCH_EVENT"), PAPI_ENOEVNT);
	CHECK_EQ(PAPI_add_named_event(es, "no_such_event"), PAPI_ENOEVNT);
	CHECK_EQ(PAPI_add_named_event(es, "nopmu/event=1/"), PAPI_ENOEVNT);
	CHECK_EQ(PAPI_add_named_event(es, ""), PAPI_ENOEVNT);
	bogus = (int)(PAPI_NATIVE_MASK | 0x00fffff0);
	CHECK_EQ(PAPI_add_event(es, bogus), PAPI_ENOEVNT);
	/* Native code of a component that does not exist. */
	CHECK_EQ(PAPI_add_event(es, (int)(PAPI_NATIVE_MASK | (63 << 24))),
		 PAPI_ENOEVNT);
	CHECK_EQ(PAPI_add_event(es, 0), PAPI_ENOEVNT);
	same(__LINE__, es, &s);
	/* Removing what is not there. */
	CHECK_EQ(PAPI_remove_named_event(es, CS), PAPI_EINVAL);
	same(__LINE__, es, &s);
	drop_set(__LINE__, &es);
}

/* ---- perf_event_open failures ----------------------------------------- */

enum { LEADER, MEMBER };

static const struct {
	int line;
	int where;      /* the failing open is the leader's or a member's */
	const char *ev; /* the event added when the open fails */
	int domain;     /* the set's domain */
	int neg_errno;
	int want;
} open_fail[] = {
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -EACCES, PAPI_EPERM },
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -EPERM, PAPI_EPERM },
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -ENOENT, PAPI_ENOEVNT },
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -EMFILE, PAPI_ECOUNT },
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -ENODEV, PAPI_ENOSUPP },
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -EOPNOTSUPP, PAPI_ENOSUPP },
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -EBUSY, PAPI_ECNFLCT },
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -EIO, PAPI_ESYS },
	/* EINVAL on a leader: the mode exclusion when there is one. */
	{ __LINE__, LEADER, TASK, PAPI_DOM_USER, -EINVAL, PAPI_EINVAL_DOM },
	{ __LINE__, LEADER, TASK, PAPI_DOM_ALL, -EINVAL, PAPI_EINVAL },
	{ __LINE__, LEADER, "msr/tsc/", PAPI_DOM_USER, -EINVAL, PAPI_EINVAL },
	{ __LINE__, LEADER, "cpu/cycles/u", PAPI_DOM_ALL, -EINVAL,
	  PAPI_EINVAL_DOM },
	{ __LINE__, MEMBER, CS, PAPI_DOM_USER, -EACCES, PAPI_EPERM },
	{ __LINE__, MEMBER, CS, PAPI_DOM_USER, -ENOENT, PAPI_ENOEVNT },
	{ __LINE__, MEMBER, CS, PAPI_DOM_USER, -EMFILE, PAPI_ECOUNT },
	/* EINVAL on a member: it cannot join this group. */
	{ __LINE__, MEMBER, CS, PAPI_DOM_USER, -EINVAL, PAPI_ECNFLCT },
	{ __LINE__, MEMBER, CS, PAPI_DOM_ALL, -EINVAL, PAPI_ECNFLCT },
	{ __LINE__, MEMBER, CYC, PAPI_DOM_USER, -EINVAL, PAPI_ECNFLCT },
	{ __LINE__, MEMBER, "cpu/cycles/", PAPI_DOM_USER, -ENOSPC,
	  PAPI_ECNFLCT },
};

static void test_open_failures(void)
{
	size_t i;

	for (i = 0; i < sizeof(open_fail) / sizeof(open_fail[0]); i++) {
		int row = open_fail[i].line, es = new_set();
		long long v[2];
		struct snap s;

		fake_os_reset();
		CHECK_EQ_AT(row, set_domain(es, open_fail[i].domain), PAPI_OK);
		if (open_fail[i].where == MEMBER)
			CHECK_EQ_AT(row, PAPI_add_named_event(es, TASK),
				    PAPI_OK);
		take(es, &s);
		fake_os_fail_perf_open(0, open_fail[i].neg_errno);
		CHECK_EQ_AT(row, PAPI_add_named_event(es, open_fail[i].ev),
			    open_fail[i].want);
		same(row, es, &s);
		/* The set still works, with what it had. */
		if (open_fail[i].where == MEMBER) {
			CHECK_EQ_AT(row, PAPI_start(es), PAPI_OK);
			CHECK_EQ_AT(row, PAPI_stop(es, v), PAPI_OK);
		}
		/* And the event goes in once the kernel takes it. */
		CHECK_EQ_AT(row, PAPI_add_named_event(es, open_fail[i].ev),
			    PAPI_OK);
		drop_set(row, &es);
	}
}

/* A persistent refusal by the "PMU": a rule rather than a one-off. */
static void test_open_rules(void)
{
	int es = new_set();
	struct snap s;

	fake_os_reset();
	fake_os_perf_open_errno(SW, 3, -EACCES);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	take(es, &s);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_EPERM);
	same(__LINE__, es, &s);
	fake_os_perf_open_errno(SW, 3, 0);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	drop_set(__LINE__, &es);

	/* A PMU that refuses the exclusion of kernel mode. */
	es = new_set();
	fake_os_perf_open_errno_excl(FAKE_CPU_TYPE, 0x3c, 1, -EINVAL);
	CHECK_EQ(PAPI_add_named_event(es, "cpu/cycles/"), PAPI_EINVAL_DOM);
	CHECK_EQ(fake_os_open_fds(), 0);
	CHECK_EQ(set_domain(es, PAPI_DOM_USER | PAPI_DOM_KERNEL), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, "cpu/cycles/"), PAPI_OK);
	drop_set(__LINE__, &es);
	fake_os_reset();
}

/* The ID ioctl after a successful open fails: the fd must not leak. */
static void test_id_ioctl_failure(void)
{
	int es = new_set();
	struct snap s;

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	take(es, &s);
	fake_os_fail_call(FAKE_IOCTL, 0, -EIO);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_ESYS);
	same(__LINE__, es, &s);
	drop_set(__LINE__, &es);
}

/* start/stop/read failing in the kernel: the state does not move. */
static void test_counting_failures(void)
{
	int es = new_set(), state;
	long long v[2];

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	fake_os_fail_call(FAKE_IOCTL, 0, -EIO);
	CHECK_EQ(PAPI_start(es), PAPI_ESYS);
	CHECK_EQ(PAPI_state(es, &state), PAPI_OK);
	CHECK_EQ(state, PAPI_STOPPED);
	/* The failed start did not take the thread's slot. */
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	fake_os_fail_call(FAKE_READ, 0, -EIO);
	CHECK_EQ(PAPI_read(es, v), PAPI_ESYS);
	fake_os_fail_call(FAKE_IOCTL, 0, -EIO);
	CHECK_EQ(PAPI_stop(es, v), PAPI_ESYS);
	CHECK_EQ(PAPI_state(es, &state), PAPI_OK);
	CHECK_EQ(state, PAPI_RUNNING);
	CHECK_EQ(PAPI_stop(es, v), PAPI_OK);
	drop_set(__LINE__, &es);
}

/* ---- values ----------------------------------------------------------- */

static const struct {
	int line;
	unsigned long long value, enabled, running;
	long long want;
} scaling[] = {
	{ __LINE__, 1000, 1000, 1000, 1000 },
	{ __LINE__, 1000, 3000, 1000, 3000 },
	{ __LINE__, 1000, 3000, 2000, 1500 },
	{ __LINE__, 7, 10, 3, 23 }, /* 70/3 rounds down */
	/* value * enabled overflows 64 bits: exact 128-bit arithmetic. */
	{ __LINE__, 1ull << 62, 3, 2, 6917529027641081856ll },
	{ __LINE__, 1000000007ull, 999999937000ull, 999999000000ull,
	  1000000944ll },
	{ __LINE__, 5000000000ull, 4000000000ull, 3000000000ull,
	  6666666666ll },
	/* Never ran: nothing to scale. */
	{ __LINE__, 1000, 5000, 0, 0 },
	{ __LINE__, 0, 0, 0, 0 },
	/* Ran the whole time, or the kernel's times are skewed. */
	{ __LINE__, 1000, 1000, 1001, 1000 },
};

/* A multiplexed set's counts are scaled by the share of the time each
 * event was on a counter; a set that is not multiplexed is pinned (its
 * times part only on a CPU its PMU is not for) and never scaled. */
static void test_scaling(void)
{
	int es = new_set(), lead;
	long long v[1];
	size_t i;

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	lead = fake_os_find_fd(SW, 1);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	fake_os_set_count(lead, 1000);
	fake_os_set_times(3000, 1000);
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(v[0], 1000);
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	fake_os_reset();
	drop_set(__LINE__, &es);

	es = new_set();
	CHECK_EQ(PAPI_assign_eventset_component(es, 0), PAPI_OK);
	CHECK_EQ(PAPI_set_multiplex(es), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	lead = fake_os_find_fd(SW, 1);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	for (i = 0; i < sizeof(scaling) / sizeof(scaling[0]); i++) {
		v[0] = -1;
		fake_os_set_count(lead, scaling[i].value);
		fake_os_set_times(scaling[i].enabled, scaling[i].running);
		CHECK_EQ_AT(scaling[i].line, PAPI_read(es, v), PAPI_OK);
		CHECK_EQ_AT(scaling[i].line, v[0], scaling[i].want);
	}
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	fake_os_reset();
	drop_set(__LINE__, &es);
}

/* Many events, still one read(), and values land in the user's order. */
static void test_many(void)
{
	static const char *const names[] = { PF, TASK, CYC, CS, INS };
	static const unsigned int type[] = { SW, SW, HWT, SW, HWT };
	static const unsigned long long cfg[] = { 2, 1, 0, 3, 1 };
	int es = new_set(), i;
	long long v[5];

	fake_os_reset();
	for (i = 0; i < 5; i++)
		CHECK_EQ_IDX(i, PAPI_add_named_event(es, names[i]), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 5);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	for (i = 0; i < 5; i++)
		fake_os_set_count(fake_os_find_fd(type[i], cfg[i]),
				  100ull * (unsigned long long)(i + 1));
	fake_os_log_clear();
	CHECK_EQ(PAPI_read(es, v), PAPI_OK);
	CHECK_EQ(fake_os_calls(FAKE_READ, 0), 1);
	CHECK_EQ(fake_os_log_count(), 1);
	for (i = 0; i < 5; i++)
		CHECK_EQ_IDX(i, v[i], 100 * (i + 1));
	CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
	drop_set(__LINE__, &es);
}

static void test_add_events(void)
{
	int es = new_set(), ev[3] = { code(TASK), code(CS), code(PF) };

	fake_os_reset();
	fake_os_fail_perf_open(2, -EMFILE);
	CHECK_EQ(PAPI_add_events(es, ev, 3), 2);
	CHECK_EQ(PAPI_num_events(es), 2);
	CHECK_EQ(fake_os_open_fds(), 2);
	CHECK_EQ(PAPI_remove_events(es, ev, 2), PAPI_OK);
	fake_os_fail_perf_open(0, -EMFILE);
	CHECK_EQ(PAPI_add_events(es, ev, 3), PAPI_ECOUNT);
	CHECK_EQ(PAPI_num_events(es), 0);
	drop_set(__LINE__, &es);
}

/* Shutdown with a running set: everything stops and is closed. */
static void test_shutdown_running(void)
{
	int es = new_set();

	fake_os_reset();
	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_add_named_event(es, CS), PAPI_OK);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	papi__lib_shutdown();
	CHECK_EQ(fake_os_open_fds(), 0);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	CHECK_EQ(fake_os_calls(FAKE_IOCTL, PERF_EVENT_IOC_DISABLE), 1);
}

int main(void)
{
	/* Init's probes must not leave descriptors behind. */
	EVSET_UNIT_SETUP();

	test_life_cycle();
	test_empty_set();
	test_bad_ids();
	test_running_rules();
	test_other_thread();
	test_add_rejects();
	test_open_failures();
	test_open_rules();
	test_id_ioctl_failure();
	test_counting_failures();
	test_scaling();
	test_many();
	test_add_events();
	test_shutdown_running();
	return unit_exit();
}
