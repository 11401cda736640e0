// SPDX-License-Identifier: BSD-3-Clause
/*
 * Measurement perturbation: the instructions the library itself adds to
 * what PAPI_TOT_INS counts.
 *   start/stop  PAPI_start immediately followed by PAPI_stop: the empty
 *               region, i.e. PAPI_start's tail after the counters are
 *               switched on plus PAPI_stop's head before they are switched
 *               off. Twice: for a set never read (the library has not
 *               mapped its perf pages yet, so the stop is DISABLE +
 *               read(), and in the kernel domain the ioctls' own kernel
 *               instructions fall inside), and again after the reads
 *               (pages mapped: the baselines are read in user space after
 *               the ENABLE and before the DISABLE).
 *   per read    a region holding R calls to PAPI_read: the slope of the
 *               count between R = 0 (the second empty region: the same
 *               mapping as the regions with reads) and R = 1000 (a read
 *               costs the same whether 10 or 1000 come before it; R = 10
 *               and 100 are measured to show that).
 * Each is measured in the user domain (PAPI_DOM_USER, the default) and the
 * user+kernel one (PAPI_DOM_USER | PAPI_DOM_KERNEL: the read() and ioctl()
 * system calls included), with 1 event (PAPI_TOT_INS) and 2 events
 * (PAPI_TOT_INS + PAPI_TOT_CYC) in the set. Medians of 7 runs, after one
 * unrecorded run; the spread is shown as min..max.
 *
 * Public API only. Needs a hardware PMU: where there is none it says so and
 * exits 0. tests/pmu-vm/run.sh runs it in the arm64 PMU VM, where
 * instruction counts are exact.
 */
#include <papi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RUNS 7
#define NREADS 4

static const int nreads[NREADS] = { 0, 10, 100, 1000 };

struct stat3 {
	long long min, med, max;
};

static int cmp_ll(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;

	return (x > y) - (x < y);
}

static struct stat3 summarize(long long *v, int n)
{
	struct stat3 s;

	qsort(v, (size_t)n, sizeof(*v), cmp_ll);
	s.min = v[0];
	s.med = v[n / 2];
	s.max = v[n - 1];
	return s;
}

static void die(const char *what, int ret)
{
	printf("perturbation: %s: %s\n", what, PAPI_strerror(ret));
	exit(1);
}

/* PAPI_TOT_INS of a region with r PAPI_read calls in it. */
static long long region(int es, int r)
{
	long long v[2], tmp[2];
	int i, ret;

	if ((ret = PAPI_start(es)) != PAPI_OK)
		die("PAPI_start", ret);
	for (i = 0; i < r; i++)
		if ((ret = PAPI_read(es, tmp)) != PAPI_OK)
			die("PAPI_read", ret);
	if ((ret = PAPI_stop(es, v)) != PAPI_OK)
		die("PAPI_stop", ret);
	return v[0];
}

static void measure(const char *dname, int dom, int nev)
{
	struct stat3 s[NREADS], mapped;
	long long v[RUNS];
	PAPI_option_t opt;
	char buf[96];
	int es = PAPI_NULL, ret, k, i;

	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK)
		die("PAPI_create_eventset", ret);
	if ((ret = PAPI_add_event(es, PAPI_TOT_INS)) != PAPI_OK)
		die("adding PAPI_TOT_INS", ret);
	if (nev > 1 && (ret = PAPI_add_event(es, PAPI_TOT_CYC)) != PAPI_OK)
		die("adding PAPI_TOT_CYC", ret);
	memset(&opt, 0, sizeof(opt));
	opt.domain.eventset = es;
	opt.domain.domain = dom;
	if ((ret = PAPI_set_opt(PAPI_DOMAIN, &opt)) != PAPI_OK)
		die("PAPI_set_opt(PAPI_DOMAIN)", ret);
	for (k = 0; k < NREADS; k++) {
		region(es, nreads[k]); /* unrecorded */
		for (i = 0; i < RUNS; i++)
			v[i] = region(es, nreads[k]);
		s[k] = summarize(v, RUNS);
	}
	for (i = 0; i < RUNS; i++)
		v[i] = region(es, 0);
	mapped = summarize(v, RUNS);
	snprintf(buf, sizeof(buf), "%lld (%lld..%lld)", s[0].med, s[0].min,
		 s[0].max);
	printf("%-12s %6d  %-24s", dname, nev, buf);
	snprintf(buf, sizeof(buf), "%lld (%lld..%lld)", mapped.med, mapped.min,
		 mapped.max);
	printf(" %-24s", buf);
	for (k = 1; k < NREADS; k++)
		printf(" %12.1f", (double)(s[k].med - mapped.med) / nreads[k]);
	printf("\n");
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

int main(void)
{
	int ret = PAPI_library_init(PAPI_VER_CURRENT), cidx;
	const PAPI_component_info_t *ci;

	if (ret != PAPI_VER_CURRENT)
		die("PAPI_library_init", ret < 0 ? ret : PAPI_EINVAL);
	if ((ret = PAPI_query_event(PAPI_TOT_INS)) != PAPI_OK) {
		cidx = PAPI_get_component_index("perf_event");
		ci = cidx >= 0 ? PAPI_get_component_info(cidx) : NULL;
		printf("perturbation: needs a hardware PMU, and PAPI_TOT_INS "
		       "is not available here (%s): %s\n",
		       PAPI_strerror(ret),
		       ci && ci->disabled_reason[0] ? ci->disabled_reason
						    : "no hardware PMU");
		return 0;
	}
	printf("Instructions the library adds to PAPI_TOT_INS "
	       "(median of %d runs, min..max)\n",
	       RUNS);
	printf("%-12s %6s  %-24s %-24s %s\n", "", "", "empty region",
	       "empty region", "   per PAPI_read, from a region with");
	printf("%-12s %6s  %-24s %-24s %12s %12s %12s\n", "", "",
	       "(never read)", "(after reads)", "", "", "");
	printf("%-12s %6s  %-24s %-24s %12s %12s %12s\n", "domain", "events",
	       "start+stop (min..max)", "start+stop (min..max)", "10 reads",
	       "100 reads", "1000 reads");
	measure("user", PAPI_DOM_USER, 1);
	measure("user", PAPI_DOM_USER, 2);
	measure("user+kernel", PAPI_DOM_USER | PAPI_DOM_KERNEL, 1);
	measure("user+kernel", PAPI_DOM_USER | PAPI_DOM_KERNEL, 2);
	return 0;
}
