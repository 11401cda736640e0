/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * PAPI 7's rate calls through papi.h: PAPI_flops_rate, PAPI_flips_rate,
 * PAPI_ipc, PAPI_epc, PAPI_rate_stop. Everywhere: arguments, the events
 * each accepts, PAPI_ENOEVNT where the machine lacks them, PAPI_rate_stop
 * with nothing running. Where PAPI_TOT_INS and PAPI_TOT_CYC exist (a
 * hardware PMU): zeros on the first call, figures since the latest call
 * (not cumulative) on the next ones, the switch from one rate call to
 * another, conflicts with the classic calls, and a high-level region
 * taking the counters over. Exit 0 pass, 1 fail.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int failures;

#define CHECK(cond, ...)                                                       \
	do {                                                                   \
		if (!(cond)) {                                                 \
			printf("FAIL line %d: ", __LINE__);                    \
			printf(__VA_ARGS__);                                   \
			printf("\n");                                          \
			failures++;                                            \
		}                                                              \
	} while (0)

#define EXPECT(call, want)                                                     \
	do {                                                                   \
		int got_ = (call);                                             \
		CHECK(got_ == (want), "%s = %d (%s), want %d (%s)", #call,     \
		      got_, PAPI_strerror(got_), (want),                       \
		      PAPI_strerror(want));                                    \
	} while (0)

static volatile long sink;

/* Not inlined: every call site runs the very same instructions. */
__attribute__((noinline)) static void work(long n)
{
	long i, s = 0;

	for (i = 0; i < n; i++) {
		s += i;
		__asm__ __volatile__("" : "+r"(s));
	}
	sink = s;
}

static int have(int code)
{
	return PAPI_query_event(code) == PAPI_OK;
}

static void arguments(void)
{
	float rt, pt, r;
	long long c, ref, core;

	EXPECT(PAPI_rate_stop(), PAPI_ENOEVNT);
	EXPECT(PAPI_flops_rate(PAPI_FP_OPS, NULL, &pt, &c, &r), PAPI_EINVAL);
	EXPECT(PAPI_flips_rate(PAPI_FP_INS, &rt, &pt, &c, NULL), PAPI_EINVAL);
	EXPECT(PAPI_ipc(&rt, NULL, &c, &r), PAPI_EINVAL);
	EXPECT(PAPI_epc(0, &rt, &pt, &ref, NULL, &c, &r), PAPI_EINVAL);
	/* Each takes only its own kind of event. */
	EXPECT(PAPI_flops_rate(PAPI_FP_INS, &rt, &pt, &c, &r), PAPI_ENOEVNT);
	EXPECT(PAPI_flops_rate(PAPI_TOT_INS, &rt, &pt, &c, &r), PAPI_ENOEVNT);
	EXPECT(PAPI_flips_rate(PAPI_FP_OPS, &rt, &pt, &c, &r), PAPI_ENOEVNT);
	EXPECT(PAPI_flips_rate(0, &rt, &pt, &c, &r), PAPI_ENOEVNT);
	/* The machine's answer for events it lacks. */
	if (!have(PAPI_FP_OPS))
		EXPECT(PAPI_flops_rate(PAPI_FP_OPS, &rt, &pt, &c, &r),
		       PAPI_ENOEVNT);
	if (!have(PAPI_DP_OPS))
		EXPECT(PAPI_flops_rate(PAPI_DP_OPS, &rt, &pt, &c, &r),
		       PAPI_ENOEVNT);
	if (!have(PAPI_TOT_INS) || !have(PAPI_TOT_CYC))
		EXPECT(PAPI_ipc(&rt, &pt, &c, &r), PAPI_ENOEVNT);
	if (!have(PAPI_TOT_CYC))
		EXPECT(PAPI_epc(0, &rt, &pt, &ref, &core, &c, &r),
		       PAPI_ENOEVNT);
	/* A failed first call leaves nothing running. */
	EXPECT(PAPI_rate_stop(), PAPI_ENOEVNT);
}

/* Figures cover the time since the latest call: two equal workloads give
 * about equal counts (cumulative would double). */
static void ipc(void)
{
	float rt, pt, r;
	long long ins1, ins2, v[1];
	int ev = PAPI_TOT_INS;

	EXPECT(PAPI_ipc(&rt, &pt, &ins1, &r), PAPI_OK);
	CHECK(rt == 0 && pt == 0 && ins1 == 0 && r == 0, "first call not zero");
	work(2000000);
	EXPECT(PAPI_ipc(&rt, &pt, &ins1, &r), PAPI_OK);
	CHECK(ins1 > 2000000 && r > 0 && rt > 0 && pt > 0,
	      "ins %lld ipc %f rt %f pt %f", ins1, r, rt, pt);
	work(2000000);
	EXPECT(PAPI_ipc(&rt, &pt, &ins2, &r), PAPI_OK);
	CHECK(ins2 > ins1 * 0.9 && ins2 < ins1 * 1.1,
	      "second interval %lld vs first %lld", ins2, ins1);
	printf("PAPI_ipc: %lld, %lld instructions; IPC %.2f\n", ins1, ins2, r);
	/* The classic calls are refused while a rate call measures. */
	EXPECT(PAPI_start_counters(&ev, 1), PAPI_EISRUN);
	EXPECT(PAPI_flips(&rt, &pt, &ins1, &r), PAPI_EINVAL);
	EXPECT(PAPI_rate_stop(), PAPI_OK);
	EXPECT(PAPI_rate_stop(), PAPI_ENOEVNT);
	/* ...and a rate call is refused while they measure. */
	EXPECT(PAPI_start_counters(&ev, 1), PAPI_OK);
	EXPECT(PAPI_ipc(&rt, &pt, &ins1, &r), PAPI_EINVAL);
	EXPECT(PAPI_stop_counters(v, 1), PAPI_OK);
}

static void epc(void)
{
	float rt, pt, r;
	long long ref, core, evt, ins;

	EXPECT(PAPI_ipc(&rt, &pt, &ins, &r), PAPI_OK);
	/* Another rate call starts over: a first call, zeros. */
	EXPECT(PAPI_epc(0, &rt, &pt, &ref, &core, &evt, &r), PAPI_OK);
	CHECK(evt == 0 && core == 0 && ref == 0 && r == 0, "epc first call");
	work(1000000);
	EXPECT(PAPI_epc(0, &rt, &pt, &ref, &core, &evt, &r), PAPI_OK);
	CHECK(evt > 1000000 && core > 0 && r > 0, "epc evt %lld core %lld",
	      evt, core);
	CHECK(have(PAPI_REF_CYC) ? ref > 0 : ref == 0, "epc ref %lld", ref);
	EXPECT(PAPI_rate_stop(), PAPI_OK);
}

/* PAPI 7: a region begun takes the counters from the rate calls. In a
 * child, so that its high-level report (written at exit) can be removed. */
static void region_child(void)
{
	float rt, pt, r;
	long long ins;

	setenv("PAPI_EVENTS", "PAPI_TOT_INS", 1);
	EXPECT(PAPI_ipc(&rt, &pt, &ins, &r), PAPI_OK);
	EXPECT(PAPI_hl_region_begin("r"), PAPI_OK);
	EXPECT(PAPI_rate_stop(), PAPI_ENOEVNT);
	EXPECT(PAPI_hl_region_end("r"), PAPI_OK);
	/* ...and a rate call takes them back. */
	EXPECT(PAPI_ipc(&rt, &pt, &ins, &r), PAPI_OK);
	EXPECT(PAPI_hl_stop(), PAPI_ENOEVNT);
	EXPECT(PAPI_rate_stop(), PAPI_OK);
}

static void region_takes_over(void)
{
	char dir[] = "/tmp/papi_rate_hl_XXXXXX", cmd[64];
	int st;
	pid_t pid;

	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		failures++;
		return;
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setenv("PAPI_OUTPUT_DIRECTORY", dir, 1);
		region_child();
		exit(failures ? 1 : 0);
	}
	CHECK(pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) &&
		      WEXITSTATUS(st) == 0,
	      "region and rate calls (child)");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("(could not remove %s)\n", dir);
}

int main(void)
{
	arguments();
	/* The rate calls initialize the library themselves. */
	CHECK(PAPI_is_initialized(), "not initialized by the rate calls");
	if (have(PAPI_TOT_INS) && have(PAPI_TOT_CYC)) {
		ipc();
		epc();
		region_takes_over();
	} else {
		printf("no PAPI_TOT_INS/PAPI_TOT_CYC here: counting parts "
		       "not run (tests/pmu-vm runs them)\n");
	}
	if (failures)
		printf("%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
