// SPDX-License-Identifier: BSD-3-Clause
/*
 * Hardware overflow at the very start of a set, with the fake OS layer
 * standing in for the kernel (fake_os_overflow_at_refresh).
 *
 * The perf_event component sets an overflowing event's kernel limit to 1
 * at PAPI_start, so the kernel disables the event at its next overflow.
 * The signal handler then re-arms it, and it finds the set through the
 * thread's run. If the counter overflows between the arming and the
 * run's publication, and the signal is handled at once, nothing re-arms
 * the event. It then counts nothing more until the set stops: a silent
 * wrong number. stress/test_attach_overflow lost its overflows this way
 * about once in 20 runs (TASK-CLOCK, 0.1 ms period, on a busy machine).
 * PAPI_start holds the signal until the run is published; these tests
 * force the overflow into that window.
 */
#include <errno.h>
#include <signal.h>

#include "evset_util.h"
#include "os/os.h"

static int calls;
static long long last_vector;

static void handler(int es, void *pc, long long vector, void *ctx)
{
	(void)es;
	(void)pc;
	(void)ctx;
	calls++;
	last_vector = vector;
}

/* A set of TASK overflowing every 1000 counts, stopped; *fd its fd. */
static int overflowing_set(int *fd)
{
	int es = new_set();

	CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
	CHECK_EQ(PAPI_overflow(es, code(TASK), 1000, 0, handler), PAPI_OK);
	*fd = fake_os_find_fd(SW, 1);
	CHECK(*fd >= 100);
	return es;
}

static void drop(int *es)
{
	CHECK_EQ(PAPI_overflow(*es, code(TASK), 0, 0, handler), PAPI_OK);
	drop_set(__LINE__, es);
}

/* The overflow right after the arming is handled once the set runs, and
 * the event is armed again: enabled, limit 1. */
static void test_overflow_at_arming(void)
{
	long long v = 0;
	int fd, es;

	fake_os_reset();
	es = overflowing_set(&fd);
	calls = 0;
	fake_os_overflow_at_refresh(0);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(calls, 1);
	CHECK_EQ(last_vector, 1);
	CHECK_EQ(fake_os_signals_waiting(), 0);
	CHECK(fake_os_enabled(fd));
	CHECK_EQ(fake_os_limit(fd), 1);

	/* A later overflow takes the limit to 0 and is re-armed too. */
	fake_os_overflow_at_refresh(-1);
	fake_os_raise(fd, POLL_HUP);
	CHECK_EQ(calls, 2);
	CHECK_EQ(PAPI_stop(es, &v), PAPI_OK);
	drop(&es);
}

/* A signal the program holds itself stays held through PAPI_start: the
 * overflow waits for the program's own release, and is handled then. */
static void test_program_holds_signal(void)
{
	long long v = 0;
	int fd, es, sig = papi__os_rt_signal(2);

	fake_os_reset();
	es = overflowing_set(&fd);
	calls = 0;
	CHECK_EQ(papi__os_signal_hold(sig, 1), 0);
	fake_os_overflow_at_refresh(0);
	CHECK_EQ(PAPI_start(es), PAPI_OK);
	CHECK_EQ(calls, 0);
	CHECK_EQ(fake_os_signals_waiting(), 1);
	CHECK(!fake_os_enabled(fd));
	CHECK_EQ(papi__os_signal_hold(sig, 0), 1);
	CHECK_EQ(calls, 1);
	CHECK(fake_os_enabled(fd));
	CHECK_EQ(fake_os_limit(fd), 1);
	CHECK_EQ(PAPI_stop(es, &v), PAPI_OK);
	drop(&es);
}

/* A start that fails releases the signal all the same. */
static void test_failed_start_releases(void)
{
	int fd, es, sig = papi__os_rt_signal(2);

	fake_os_reset();
	es = overflowing_set(&fd);
	fake_os_fail_call(FAKE_IOCTL, 0, -EIO);
	CHECK(PAPI_start(es) != PAPI_OK);
	/* Not held: holding it now says it was not. */
	CHECK_EQ(papi__os_signal_hold(sig, 1), 0);
	CHECK_EQ(papi__os_signal_hold(sig, 0), 1);
	fake_os_reset();
	drop(&es);
}

int main(void)
{
	EVSET_UNIT_SETUP();

	test_overflow_at_arming();
	test_program_holds_signal();
	test_failed_start_releases();
	return unit_exit();
}
