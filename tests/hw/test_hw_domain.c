// SPDX-License-Identifier: BSD-3-Clause
/*
 * Counting domains: PAPI_TOT_INS around a loop of K getppid() system calls,
 * counted in the default domain (user only), with PAPI_DOM_ALL and with
 * PAPI_DOM_KERNEL set through PAPI_set_opt(PAPI_DOMAIN). Every system call
 * runs hundreds of kernel instructions and a handful of user ones, so:
 *   user-only           small: at most ~100 per call
 *   user + kernel       larger than user-only by more than 100 per call
 *   kernel only         more than 100 per call, and with user-only adds up
 *                       to user + kernel (within 10%: separate runs)
 * PAPI_get_opt(PAPI_DOMAIN) must read back what was set (PAPI_DOM_ALL as
 * user|kernel|supervisor, the domains perf_event has, as PAPI 7.0 says).
 *
 * Exit 0 pass, 1 fail, 77 skip (no hardware PMU).
 */
#include "hw_util.h"

#include <sys/syscall.h>
#include <unistd.h>

#define K 2000
#define PER_CALL_KERNEL_MIN 100 /* kernel instructions per system call */
#define PER_CALL_USER_MAX 100	/* user instructions per loop iteration */

static void calls(void)
{
	int i;

	/* syscall() itself, not a libc wrapper that might cache. */
	for (i = 0; i < K; i++)
		syscall(SYS_getppid);
}

/* Smallest count of 3 runs of calls() in a set with PAPI_TOT_INS counted
 * in domain dom (0: leave the default). -1 on error. */
static long long count(const char *label, int dom)
{
	long long best = -1, v;
	int es = PAPI_NULL, ret, r;

	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK ||
	    (ret = PAPI_add_event(es, PAPI_TOT_INS)) != PAPI_OK) {
		hw_fail("%s: creating the set: %s", label, PAPI_strerror(ret));
		return -1;
	}
	if (dom) {
		PAPI_option_t opt;

		memset(&opt, 0, sizeof(opt));
		opt.domain.eventset = es;
		opt.domain.domain = dom;
		ret = PAPI_set_opt(PAPI_DOMAIN, &opt);
		if (ret != PAPI_OK) {
			hw_fail("%s: PAPI_set_opt(PAPI_DOMAIN, 0x%x): %s",
				label, dom, PAPI_strerror(ret));
			goto out;
		}
		memset(&opt, 0, sizeof(opt));
		opt.domain.eventset = es;
		ret = PAPI_get_opt(PAPI_DOMAIN, &opt);
		/* PAPI_DOM_ALL reads back as the domains perf_event has
		 * (user, kernel, supervisor), as in PAPI 7.0. */
		if (ret != PAPI_OK ||
		    opt.domain.domain !=
			    (dom == PAPI_DOM_ALL ? (PAPI_DOM_USER |
						    PAPI_DOM_KERNEL |
						    PAPI_DOM_SUPERVISOR) :
						   dom))
			hw_fail("%s: PAPI_get_opt(PAPI_DOMAIN) gives %d "
				"(domain field 0x%x), set 0x%x",
				label, ret, opt.domain.domain, dom);
	}
	for (r = 0; r < 3; r++) {
		if ((ret = PAPI_start(es)) != PAPI_OK) {
			hw_fail("%s: PAPI_start: %s", label,
				PAPI_strerror(ret));
			goto out;
		}
		calls();
		if ((ret = PAPI_stop(es, &v)) != PAPI_OK) {
			hw_fail("%s: PAPI_stop: %s", label,
				PAPI_strerror(ret));
			goto out;
		}
		printf("   %-14s run %d: %lld instructions (%.1f per call)\n",
		       label, r, v, (double)v / K);
		if (best < 0 || v < best)
			best = v;
	}
out:
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return best;
}

int main(void)
{
	long long user, all, kern;

	setvbuf(stdout, NULL, _IOLBF, 0);
	hw_init();
	hw_require(PAPI_TOT_INS);
	printf("PAPI_TOT_INS around %d getppid() system calls\n", K);

	user = count("default (user)", 0);
	all = count("PAPI_DOM_ALL", PAPI_DOM_ALL);
	kern = count("PAPI_DOM_KERNEL", PAPI_DOM_KERNEL);
	if (user < 0 || all < 0 || kern < 0)
		return hw_done("test_hw_domain");

	printf("user %lld, user+kernel %lld (+%lld, %.1f per call), "
	       "kernel %lld\n",
	       user, all, all - user, (double)(all - user) / K, kern);
	if (user <= 0)
		hw_fail("user-only count %lld", user);
	if (user > (long long)K * PER_CALL_USER_MAX)
		hw_fail("user-only count %lld: more than %d per call", user,
			PER_CALL_USER_MAX);
	if (all - user < (long long)K * PER_CALL_KERNEL_MIN)
		hw_fail("user+kernel %lld is not larger than user-only %lld "
			"by %d per call",
			all, user, PER_CALL_KERNEL_MIN);
	if (kern < (long long)K * PER_CALL_KERNEL_MIN)
		hw_fail("kernel-only count %lld: less than %d per call", kern,
			PER_CALL_KERNEL_MIN);
	/* Separate runs: the timer tick's kernel work differs a little. */
	if (llabs(kern + user - all) > all / 10)
		hw_fail("kernel-only %lld + user-only %lld is not user+kernel "
			"%lld within 10%%",
			kern, user, all);
	return hw_done("test_hw_domain");
}
