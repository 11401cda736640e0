// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_set_opt / PAPI_get_opt of the library-wide timer options:
 * PAPI_DEF_ITIMER takes PAPI's pairs of interval timer and signal and
 * reports them back; PAPI_DEF_ITIMER_NS sets the period, rounded up to
 * the least we allow; PAPI_DEF_MPX_NS reports the kernel's multiplexing
 * interval and refuses a new one (PAPI_ENOSUPP: it is system-wide);
 * bad pairs and periods are PAPI_EINVAL and change nothing; PAPI_shutdown
 * brings back the defaults (ITIMER_PROF, SIGPROF, 10 ms). The options we
 * cannot offer say PAPI_ENOSUPP, after checking the set they name.
 */
#include <papi.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>

#include "check.h"

static PAPI_option_t get(int option)
{
	PAPI_option_t o;
	int ret;

	memset(&o, 0, sizeof(o));
	ret = PAPI_get_opt(option, &o);
	CHECK(ret == PAPI_OK, "get %d: %s", option, PAPI_strerror(ret));
	return o;
}

static int set_itimer(int num, int sig, long long ns)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.itimer.itimer_num = num;
	o.itimer.itimer_sig = sig;
	o.itimer.ns = (int)ns;
	return PAPI_set_opt(PAPI_DEF_ITIMER, &o);
}

static void itimer(void)
{
	PAPI_option_t o = get(PAPI_DEF_ITIMER);

	CHECK(o.itimer.itimer_num == ITIMER_PROF &&
		      o.itimer.itimer_sig == SIGPROF &&
		      o.itimer.ns == 10000000,
	      "defaults: %d %d %d", o.itimer.itimer_num, o.itimer.itimer_sig,
	      o.itimer.ns);
	CHECK(set_itimer(ITIMER_VIRTUAL, SIGVTALRM, 0) == PAPI_OK, "virtual");
	o = get(PAPI_DEF_ITIMER);
	CHECK(o.itimer.itimer_num == ITIMER_VIRTUAL &&
		      o.itimer.itimer_sig == SIGVTALRM &&
		      o.itimer.ns == 10000000,
	      "after set: %d %d %d", o.itimer.itimer_num,
	      o.itimer.itimer_sig, o.itimer.ns);
	CHECK(set_itimer(ITIMER_REAL, SIGPROF, 0) == PAPI_EINVAL,
	      "a mismatched pair");
	CHECK(set_itimer(42, SIGALRM, 0) == PAPI_EINVAL, "no such timer");
	CHECK(set_itimer(ITIMER_REAL, SIGALRM, -1) == PAPI_EINVAL,
	      "a negative period");
	o = get(PAPI_DEF_ITIMER);
	CHECK(o.itimer.itimer_num == ITIMER_VIRTUAL, "changed by a refusal");

	memset(&o, 0, sizeof(o));
	o.itimer.ns = 5000000;
	CHECK(PAPI_set_opt(PAPI_DEF_ITIMER_NS, &o) == PAPI_OK, "ITIMER_NS");
	CHECK(get(PAPI_DEF_ITIMER_NS).itimer.ns == 5000000, "ITIMER_NS read");
	/* PAPI_DEF_MPX_NS cannot take effect (the kernel multiplexes at its
	 * own, system-wide interval): refused, the timer period untouched,
	 * and the kernel's interval reported (issue 14). */
	{
		int kernel = get(PAPI_DEF_MPX_NS).multiplex.ns;

		CHECK(kernel > 0 && kernel % 1000000 == 0,
		      "MPX_NS reads the kernel's interval: %d", kernel);
		memset(&o, 0, sizeof(o));
		o.multiplex.ns = 1000000;
		CHECK(PAPI_set_opt(PAPI_DEF_MPX_NS, &o) == PAPI_ENOSUPP,
		      "MPX_NS set");
		CHECK(get(PAPI_DEF_ITIMER_NS).itimer.ns == 5000000,
		      "ITIMER_NS changed by MPX_NS");
		CHECK(get(PAPI_DEF_MPX_NS).multiplex.ns == kernel,
		      "MPX_NS changed");
		o.multiplex.ns = 0;
		CHECK(PAPI_set_opt(PAPI_DEF_MPX_NS, &o) == PAPI_EINVAL,
		      "MPX_NS 0");
	}
	memset(&o, 0, sizeof(o));
	CHECK(PAPI_set_opt(PAPI_DEF_ITIMER_NS, &o) == PAPI_EINVAL,
	      "ITIMER_NS 0");
}

static void unsupported(void)
{
	PAPI_option_t o;
	int es = PAPI_NULL;

	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	memset(&o, 0, sizeof(o));
	o.addr.eventset = es;
	CHECK(PAPI_set_opt(PAPI_DATA_ADDRESS, &o) == PAPI_ENOSUPP,
	      "data address range");
	CHECK(PAPI_set_opt(PAPI_INSTR_ADDRESS, &o) == PAPI_ENOSUPP,
	      "instruction address range");
	o.addr.eventset = es + 1000;
	CHECK(PAPI_set_opt(PAPI_DATA_ADDRESS, &o) == PAPI_ENOEVST,
	      "address range of no set");
	memset(&o, 0, sizeof(o));
	CHECK(PAPI_set_opt(PAPI_USER_EVENTS_FILE, &o) == PAPI_ENOSUPP,
	      "user events file");
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		SKIP("PAPI_library_init failed");
	itimer();
	unsupported();
	PAPI_shutdown();
	/* A new library generation starts from the defaults. */
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		SKIP("PAPI_library_init failed again");
	CHECK(get(PAPI_DEF_ITIMER).itimer.itimer_num == ITIMER_PROF &&
		      get(PAPI_DEF_ITIMER_NS).itimer.ns == 10000000,
	      "defaults after PAPI_shutdown");
	PAPI_shutdown();
	return check_exit();
}
