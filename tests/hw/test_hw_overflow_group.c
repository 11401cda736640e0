// SPDX-License-Identifier: BSD-3-Clause
/*
 * A sampling event stops nothing else in its set (issue 13, item 6). Set
 * {PAPI_TOT_CYC with PAPI_overflow, PAPI_TOT_INS} around a loop of N
 * iterations (2 instructions each): PAPI_TOT_INS must count every
 * instruction the thread executes in user mode, the loop's 2N + C and
 * the overflow handler's, exactly. The kernel disables an overflowing
 * event until the handler re-arms it; were PAPI_TOT_CYC the leader of
 * PAPI_TOT_INS's group, that would stop PAPI_TOT_INS too at each overflow,
 * and it would lose the handler's instructions (about 140 per overflow in
 * the PMU VM).
 *
 * The oracle is a user-mode instructions counter this test opens itself,
 * outside PAPI, read just after PAPI_start and just before PAPI_stop. The
 * reference is the same set with a threshold it never reaches (the same
 * start and stop, no handler call). Then, exactly:
 *   - the reference counts 2N + C (C the same for every N);
 *   - with overflows, PAPI_TOT_INS minus the reference's equals the
 *     oracle's difference between the two runs: the instructions of the
 *     handler calls, all in the loop, counted by both;
 *   - the handler ran cycles / threshold times.
 * Exact in the PMU VM (PAPI_PMU_VM or PAPI_HW_EXACT); on real processors
 * hw_match's small tolerance applies. Exit 0 pass, 1 fail, 77 skip (no
 * hardware PMU).
 */
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "hw_util.h"

#define NEVER 2000000000 /* a threshold the loops never reach */

static volatile int calls;

static void handler(int es, void *pc, long long vec, void *ctx)
{
	(void)es;
	(void)pc;
	(void)vec;
	(void)ctx;
	calls++;
}

static int open_oracle(void)
{
	struct perf_event_attr a;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_INSTRUCTIONS;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
}

static long long read_oracle(int fd)
{
	long long v = -1;

	if (read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return -1;
	return v;
}

struct run {
	long long cyc, ins, oracle;
	int calls;
};

/* One loop of n iterations in set {CYC overflowing at threshold, INS}. */
static int measure(int oracle, unsigned long n, int threshold, struct run *r)
{
	long long v[2], o0, o1;
	int es = PAPI_NULL, ret;

	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK ||
	    (ret = PAPI_add_event(es, PAPI_TOT_CYC)) != PAPI_OK ||
	    (ret = PAPI_add_event(es, PAPI_TOT_INS)) != PAPI_OK ||
	    (ret = PAPI_overflow(es, PAPI_TOT_CYC, threshold, 0, handler)) !=
		    PAPI_OK)
		return ret;
	calls = 0;
	o0 = o1 = 0;
	ret = PAPI_start(es);
	if (ret == PAPI_OK) {
		/* Around the loop only: what start and stop do differs a
		 * little from one run to the next (first calls, pages). */
		o0 = read_oracle(oracle);
		hw_loop(n);
		o1 = read_oracle(oracle);
		ret = PAPI_stop(es, v);
	}
	r->calls = calls;
	PAPI_overflow(es, PAPI_TOT_CYC, 0, 0, handler);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	if (ret != PAPI_OK)
		return ret;
	r->cyc = v[0];
	r->ins = v[1];
	r->oracle = o1 - o0;
	return PAPI_OK;
}

static const struct {
	unsigned long n;
	int threshold;
} cases[] = {
	{ 1000000, 100000 },
	{ 2000000, 100000 },
	{ 1000000, 50000 },
	{ 3000000, 200000 },
};

int main(void)
{
	struct run ref[4], ovf, warm;
	long long c0 = 0, handler_ins;
	int oracle, i, ret;

	hw_init();
	hw_require(PAPI_TOT_CYC);
	hw_require(PAPI_TOT_INS);
	oracle = open_oracle();
	if (oracle < 0)
		hw_skip("cannot open an instructions counter of our own");
	/* The first run of each kind pays for first times (page faults in
	 * user mode count nothing, but first calls take other paths). */
	if (measure(oracle, 1000, NEVER, &warm) != PAPI_OK ||
	    measure(oracle, 1000, 1000, &warm) != PAPI_OK)
		hw_fail("warm-up runs failed");
	for (i = 0; i < (int)(sizeof(cases) / sizeof(cases[0])); i++) {
		unsigned long n = cases[i].n;
		int t = cases[i].threshold;

		if ((ret = measure(oracle, n, NEVER, &ref[i % 4])) != PAPI_OK ||
		    (ret = measure(oracle, n, t, &ovf)) != PAPI_OK) {
			hw_fail("n %lu threshold %d: %s", n, t,
				PAPI_strerror(ret));
			continue;
		}
		handler_ins = ovf.oracle - ref[i % 4].oracle;
		printf("n %lu threshold %d: reference INS %lld (2n + %lld), "
		       "with overflow INS %lld, %d handler calls for %lld "
		       "cycles; the handlers' instructions by the oracle %lld, "
		       "by PAPI_TOT_INS %lld\n",
		       n, t, ref[i % 4].ins, ref[i % 4].ins - 2 * (long long)n,
		       ovf.ins, ovf.calls, ovf.cyc, handler_ins,
		       ovf.ins - ref[i % 4].ins);
		if (ref[i % 4].calls != 0)
			hw_fail("the reference overflowed %d times",
				ref[i % 4].calls);
		if (HW_LOOP_INS && i == 0)
			c0 = ref[0].ins - HW_LOOP_INS * (long long)n;
		if (HW_LOOP_INS &&
		    !hw_match(ref[i % 4].ins, HW_LOOP_INS * (long long)n + c0))
			hw_fail("reference: %lld instructions, not %d * %lu + "
				"%lld",
				ref[i % 4].ins, HW_LOOP_INS, n, c0);
		if (ovf.calls < 1)
			hw_fail("no overflow at threshold %d", t);
		if (hw_exact() && ovf.calls != ovf.cyc / t)
			hw_fail("%d handler calls, cycles / threshold = %lld",
				ovf.calls, ovf.cyc / t);
		/* The point: nothing the thread did was lost. */
		if (!hw_match(ovf.ins - ref[i % 4].ins, handler_ins))
			hw_fail("n %lu threshold %d: PAPI_TOT_INS counted %lld "
				"instructions of the handlers, the oracle %lld "
				"(%lld lost, %.1f per overflow)",
				n, t, ovf.ins - ref[i % 4].ins, handler_ins,
				handler_ins - (ovf.ins - ref[i % 4].ins),
				(double)(handler_ins -
					 (ovf.ins - ref[i % 4].ins)) /
					(ovf.calls ? ovf.calls : 1));
	}
	close(oracle);
	return hw_done("test_hw_overflow_group");
}
