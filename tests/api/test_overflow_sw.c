// SPDX-License-Identifier: BSD-3-Clause
/*
 * Software overflow: PAPI_overflow with PAPI_OVERFLOW_FORCE_SW, PAPI_profil
 * and PAPI_sprofil with PAPI_PROFIL_FORCE_SW, and overflow of a component
 * that cannot signal overflows itself (appio), all ticked by a per-thread
 * timer, on software events (perf::TASK-CLOCK counts nanoseconds of CPU
 * time), so that it runs on machines without a PMU.
 *   - the handler runs about count/threshold times (bounded: ticks come
 *     every 10 ms of CPU time by default, not at each multiple), with the
 *     EventSet, the overflowing event's bit, an address inside the
 *     program's text, and PAPI_get_overflow_event_index naming the event;
 *   - a tick that passes several multiples calls the handler once;
 *   - nothing after PAPI_stop; threshold 0 turns it off; PAPI_state;
 *   - of two events only the overflowing one; a second thread's set ticks
 *     in that thread only;
 *   - profiles land in the busy function; WEIGHTED adds the multiples;
 *   - PAPI_DEF_ITIMER (real time) and PAPI_DEF_ITIMER_NS, where the
 *     library answers them;
 *   - bad arguments give PAPI errors; one set cannot mix software and
 *     hardware overflow.
 */
#include <papi.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "check.h"

#define SW PAPI_OVERFLOW_FORCE_SW
#define MS 1000000 /* TASK-CLOCK counts nanoseconds */

static volatile double sink;

/* The busy work, in a section of its own: the linker defines
 * __start_sec_sw_busy and __stop_sec_sw_busy around it. */
__attribute__((noinline, section("sec_sw_busy"))) static void busy(long n)
{
	double x = 0;
	long i;

	for (i = 0; i < n; i++) {
		x += (double)i * 0.5;
		__asm__ volatile("" : "+x"(x));
	}
	sink = x;
}
extern char __start_sec_sw_busy[], __stop_sec_sw_busy[];

/* Burn about sec seconds of the calling thread's CPU time. */
static void burn_for(double sec)
{
	double end = check_cpu_sec() + sec;

	while (check_cpu_sec() < end)
		busy(200000);
}

static volatile int calls, in_text, bad_set, bad_index, bad_tid;
static volatile long long vectors;
static int expect_set, expect_index, expect_tid;
static uintptr_t text_lo, text_hi;

static void handler(int EventSet, void *address, long long vector,
		    void *context)
{
	int idx[4], n = 4;

	(void)context;
	calls++;
	vectors |= vector;
	if ((uintptr_t)address >= text_lo && (uintptr_t)address < text_hi)
		in_text++;
	if (EventSet != expect_set)
		bad_set++;
	if (expect_tid && (int)syscall(SYS_gettid) != expect_tid)
		bad_tid++;
	if (PAPI_get_overflow_event_index(EventSet, vector, idx, &n) !=
		    PAPI_OK ||
	    n != 1 || idx[0] != expect_index)
		bad_index++;
}

static void reset_counts(int set, int index)
{
	calls = in_text = bad_set = bad_index = bad_tid = 0;
	vectors = 0;
	expect_set = set;
	expect_index = index;
}

/* Start, burn sec of CPU, stop: the counts into values. */
static int run(int es, double sec, long long *values)
{
	int ret = PAPI_start(es);

	if (ret != PAPI_OK)
		return ret;
	burn_for(sec);
	return PAPI_stop(es, values);
}

static void bad_args(int es, int code, int other)
{
	int idx[2], n = 2;

	CHECK(PAPI_overflow(es, code, 10 * MS, SW, NULL) == PAPI_EINVAL,
	      "NULL handler");
	CHECK(PAPI_overflow(es, code, 0, SW, handler) == PAPI_EINVAL,
	      "threshold 0 when not overflowing");
	CHECK(PAPI_overflow(es, code, -1, SW, handler) == PAPI_EINVAL,
	      "negative threshold");
	CHECK(PAPI_overflow(es, other, 10 * MS, SW, handler) == PAPI_ENOEVNT,
	      "event not in the set");
	CHECK(PAPI_overflow(es + 1000, code, 10 * MS, SW, handler) ==
		      PAPI_ENOEVST,
	      "no such set");
	CHECK(PAPI_get_overflow_event_index(es, 0, idx, &n) == PAPI_EINVAL,
	      "vector 0");
	CHECK(PAPI_get_overflow_event_index(es, 1, idx, NULL) == PAPI_EINVAL,
	      "NULL number");
}

/* Threshold 20 ms, above the 10 ms tick: each multiple is seen at the tick
 * after it, one call each. */
static void one_event(int es, int code)
{
	long long v[2];
	double expect;
	int state, before;

	CHECK(PAPI_overflow(es, code, 20 * MS, SW, handler) == PAPI_OK,
	      "PAPI_overflow FORCE_SW");
	CHECK(PAPI_state(es, &state) == PAPI_OK &&
		      state == (PAPI_STOPPED | PAPI_OVERFLOWING),
	      "state %#x", state);
	reset_counts(es, 0);
	CHECK(run(es, 0.5, v) == PAPI_OK, "run");
	expect = (double)v[0] / (20 * MS);
	printf("FORCE_SW, 20 ms threshold: %lld ns counted, %d calls "
	       "(count/threshold %.1f), %d in the text\n",
	       v[0], calls, expect, in_text);
	CHECK(calls >= 1 && calls >= expect * 0.5 - 1 && calls <= expect + 1,
	      "%d calls, count/threshold %.1f", calls, expect);
	CHECK(in_text >= calls * 8 / 10, "%d of %d in the text", in_text,
	      calls);
	CHECK(vectors == 1, "vector %#llx", (long long)vectors);
	CHECK(bad_set == 0 && bad_index == 0, "set %d, index %d", bad_set,
	      bad_index);

	/* Stopped: the timer ticks no more (or its ticks are dropped). */
	before = calls;
	burn_for(0.1);
	CHECK(calls == before, "%d calls after PAPI_stop", calls - before);

	/* 1 ms, under the tick: several multiples a tick, one call a tick. */
	CHECK(PAPI_overflow(es, code, 1 * MS, SW, handler) == PAPI_OK,
	      "1 ms threshold");
	reset_counts(es, 0);
	CHECK(run(es, 0.3, v) == PAPI_OK, "run 1 ms");
	expect = (double)v[0] / MS;
	printf("FORCE_SW, 1 ms threshold: %d calls, count/threshold %.1f\n",
	       calls, expect);
	CHECK(calls >= 1 && calls <= expect + 1, "%d calls of %.1f", calls,
	      expect);

	CHECK(PAPI_overflow(es, code, 0, SW, NULL) == PAPI_OK, "off");
	CHECK(PAPI_state(es, &state) == PAPI_OK && state == PAPI_STOPPED,
	      "state %#x after off", state);
	reset_counts(es, 0);
	CHECK(run(es, 0.1, v) == PAPI_OK, "run off");
	CHECK(calls == 0, "%d calls with overflow off", calls);
}

/* Two events, the second overflowing; no mixing of the two ways. */
static void second_event(int es, int other)
{
	long long v[2];
	double expect;

	CHECK(PAPI_add_event(es, other) == PAPI_OK, "add CPU-CLOCK");
	CHECK(PAPI_overflow(es, other, 20 * MS, SW, handler) == PAPI_OK,
	      "overflow on the second event");
	reset_counts(es, 1);
	CHECK(run(es, 0.3, v) == PAPI_OK, "run 2");
	expect = (double)v[1] / (20 * MS);
	printf("second event: %d calls, count/threshold %.1f\n", calls,
	       expect);
	CHECK(calls >= 1 && calls <= expect + 1, "%d calls of %.1f", calls,
	      expect);
	CHECK(vectors == 2, "vector %#llx", (long long)vectors);
	CHECK(bad_set == 0 && bad_index == 0, "set %d, index %d", bad_set,
	      bad_index);
	if (PAPI_get_component_info(0)->hardware_intr) {
		int code;

		PAPI_list_events(es, &code, &(int){ 1 });
		CHECK(PAPI_overflow(es, code, 20 * MS, 0, handler) ==
			      PAPI_ECNFLCT,
		      "hardware overflow beside software overflow");
	}
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	CHECK(PAPI_overflow(es, other, 0, SW, NULL) == PAPI_EISRUN, "running");
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	CHECK(PAPI_overflow(es, other, 0, SW, NULL) == PAPI_OK, "off");
	CHECK(PAPI_remove_event(es, other) == PAPI_OK, "remove");
}

/* Sum of n buckets of 16 bits. */
static unsigned long long sum16(const uint16_t *b, size_t lo, size_t hi)
{
	unsigned long long s = 0;

	for (; lo < hi; lo++)
		s += b[lo];
	return s;
}

/* PAPI_profil over the text (one bucket per 2 bytes), FORCE_SW: the mass
 * in the busy function; WEIGHTED adds the multiples a tick passed. */
static void profile_text(int es, int code, int weighted)
{
	size_t nb = (text_hi - text_lo) / 2, lo, hi;
	uint16_t *buf = calloc(nb, 2);
	unsigned long long total, in;
	int flags = PAPI_PROFIL_POSIX | PAPI_PROFIL_BUCKET_16 |
		    PAPI_PROFIL_FORCE_SW, state;
	int threshold = weighted ? 1 * MS : 20 * MS;
	long long v[1];
	double expect;

	if (weighted)
		flags |= PAPI_PROFIL_WEIGHTED;
	CHECK(PAPI_profil(buf, (unsigned)(nb * 2), (vptr_t)text_lo, 65536, es,
			  code, threshold, flags) == PAPI_OK,
	      "PAPI_profil FORCE_SW");
	CHECK(PAPI_state(es, &state) == PAPI_OK &&
		      state == (PAPI_STOPPED | PAPI_OVERFLOWING |
				PAPI_PROFILING),
	      "state %#x", state);
	CHECK(run(es, 0.4, v) == PAPI_OK, "run");
	lo = ((uintptr_t)__start_sec_sw_busy - text_lo) / 2;
	hi = ((uintptr_t)__stop_sec_sw_busy - text_lo + 1) / 2;
	total = sum16(buf, 0, nb);
	in = sum16(buf, lo, hi);
	expect = (double)v[0] / threshold;
	printf("PAPI_profil FORCE_SW%s: %llu in the histogram, %llu in the "
	       "busy function, count/threshold %.1f\n",
	       weighted ? " WEIGHTED" : "", total, in, expect);
	CHECK(total >= 1 && total <= expect + 1, "%llu of %.1f", total,
	      expect);
	if (weighted)
		CHECK(total >= expect * 0.5, "weights %llu of %.1f", total,
		      expect);
	CHECK(in >= total * 8 / 10, "%llu of %llu in the busy function", in,
	      total);
	CHECK(PAPI_profil(buf, (unsigned)(nb * 2), (vptr_t)text_lo, 65536, es,
			  code, 0, flags) == PAPI_OK,
	      "profil off");
	free(buf);
}

/* PAPI_sprofil FORCE_SW with one region around the busy function. */
static void sprofile(int es, int code)
{
	size_t n = (size_t)(__stop_sec_sw_busy - __start_sec_sw_busy);
	PAPI_sprofil_t r;
	unsigned long long s = 0;
	long long v[1];
	size_t i;

	memset(&r, 0, sizeof(r));
	r.pr_base = calloc(n, 4);
	r.pr_size = (unsigned)(n * 4);
	r.pr_off = (vptr_t)__start_sec_sw_busy;
	r.pr_scale = 131072;
	CHECK(PAPI_sprofil(&r, 1, es, code, 20 * MS,
			   PAPI_PROFIL_BUCKET_32 | PAPI_PROFIL_FORCE_SW) ==
		      PAPI_OK,
	      "sprofil FORCE_SW");
	CHECK(run(es, 0.3, v) == PAPI_OK, "run");
	for (i = 0; i < n; i++)
		s += ((uint32_t *)r.pr_base)[i];
	printf("PAPI_sprofil FORCE_SW: %llu samples, count/threshold %.1f\n",
	       s, (double)v[0] / (20 * MS));
	CHECK(s >= 1, "%llu samples", s);
	CHECK(PAPI_sprofil(&r, 1, es, code, 0, 0) == PAPI_OK, "sprofil off");
	free(r.pr_base);
}

/* PAPI_DEF_ITIMER: real time ticks; bad pairs refused. Skipped where the
 * library does not answer the option. */
/* Whether a handler (not SIG_DFL or SIG_IGN) is installed for sig. */
static int handled(int sig)
{
	struct sigaction sa;

	if (sigaction(sig, NULL, &sa))
		return -1;
	if (sa.sa_flags & SA_SIGINFO)
		return 1;
	return sa.sa_handler != SIG_DFL && sa.sa_handler != SIG_IGN;
}

static void itimer(int es, int code)
{
	PAPI_option_t o, saved;
	long long v[1];
	int ret;

	memset(&saved, 0, sizeof(saved));
	ret = PAPI_get_opt(PAPI_DEF_ITIMER, &saved);
	if (ret != PAPI_OK) {
		printf("PAPI_DEF_ITIMER not answered (%s): not tested\n",
		       PAPI_strerror(ret));
		return;
	}
	CHECK(saved.itimer.itimer_num == ITIMER_PROF &&
		      saved.itimer.itimer_sig == SIGPROF &&
		      saved.itimer.ns == 10 * MS,
	      "defaults %d %d %d", saved.itimer.itimer_num,
	      saved.itimer.itimer_sig, saved.itimer.ns);
	memset(&o, 0, sizeof(o));
	o.itimer.itimer_num = ITIMER_REAL;
	o.itimer.itimer_sig = SIGPROF;
	CHECK(PAPI_set_opt(PAPI_DEF_ITIMER, &o) == PAPI_EINVAL,
	      "ITIMER_REAL with SIGPROF");
	o.itimer.itimer_sig = SIGALRM;
	o.itimer.ns = 5 * MS;
	CHECK(PAPI_set_opt(PAPI_DEF_ITIMER, &o) == PAPI_OK, "ITIMER_REAL");
	memset(&o, 0, sizeof(o));
	CHECK(PAPI_set_opt(PAPI_DEF_ITIMER_NS, &o) == PAPI_EINVAL, "ns 0");
	CHECK(PAPI_get_opt(PAPI_DEF_ITIMER_NS, &o) == PAPI_OK &&
		      o.itimer.ns == 5 * MS,
	      "ns %d", o.itimer.ns);

	CHECK(PAPI_overflow(es, code, 20 * MS, SW, handler) == PAPI_OK,
	      "overflow");
	/* The timer raises the signal PAPI_DEF_ITIMER names: the handler
	 * is on SIGALRM now, and hardware overflow's signal is untouched. */
	CHECK(handled(SIGALRM) && !handled(SIGRTMIN + 2),
	      "handler on SIGALRM %d, on SIGRTMIN+2 %d", handled(SIGALRM),
	      handled(SIGRTMIN + 2));
	reset_counts(es, 0);
	CHECK(run(es, 0.3, v) == PAPI_OK, "run real");
	printf("ITIMER_REAL, 5 ms: %d calls, count/threshold %.1f\n", calls,
	       (double)v[0] / (20 * MS));
	CHECK(calls >= 1 && calls <= (double)v[0] / (20 * MS) + 1,
	      "%d calls", calls);
	CHECK(PAPI_overflow(es, code, 0, SW, NULL) == PAPI_OK, "off");
	CHECK(!handled(SIGALRM), "SIGALRM still handled after the last entry");
	CHECK(PAPI_set_opt(PAPI_DEF_ITIMER, &saved) == PAPI_OK, "restore");
}

/* appio cannot signal overflows: its overflow is software overflow,
 * without PAPI_OVERFLOW_FORCE_SW. Reading /dev/zero is CPU time too. */
static void appio(void)
{
	char buf[65536];
	long long v[1];
	double end;
	int es = PAPI_NULL, code;
	FILE *f;

	if (PAPI_event_name_to_code("appio:::READ_BYTES", &code) != PAPI_OK) {
		printf("no appio:::READ_BYTES: not tested\n");
		return;
	}
	f = fopen("/dev/zero", "rb");
	if (!f || PAPI_create_eventset(&es) != PAPI_OK ||
	    PAPI_add_event(es, code) != PAPI_OK) {
		CHECK(0, "appio set");
		if (f)
			fclose(f);
		return;
	}
	setvbuf(f, NULL, _IONBF, 0);
	CHECK(PAPI_overflow(es, code, 64 << 20, 0, handler) == PAPI_OK,
	      "appio overflow");
	reset_counts(es, 0);
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	end = check_cpu_sec() + 0.3;
	while (check_cpu_sec() < end)
		if (fread(buf, 1, sizeof(buf), f) != sizeof(buf))
			break;
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	printf("appio READ_BYTES, 64 MiB threshold: %lld bytes, %d calls\n",
	       v[0], calls);
	CHECK(calls >= 1 && calls <= (double)v[0] / (64 << 20) + 1,
	      "%d calls", calls);
	CHECK(bad_set == 0 && bad_index == 0, "set %d, index %d", bad_set,
	      bad_index);
	fclose(f);
	CHECK(PAPI_cleanup_eventset(es) == PAPI_OK, "cleanup");
	CHECK(PAPI_destroy_eventset(&es) == PAPI_OK, "destroy");
}

/* A set of another thread ticks in that thread only. */
static void *thread_main(void *arg)
{
	int es = PAPI_NULL, code = *(int *)arg;
	long long v[1];

	if (PAPI_register_thread() != PAPI_OK ||
	    PAPI_create_eventset(&es) != PAPI_OK ||
	    PAPI_add_event(es, code) != PAPI_OK) {
		CHECK(0, "thread set");
		return NULL;
	}
	reset_counts(es, 0);
	expect_tid = (int)syscall(SYS_gettid);
	CHECK(PAPI_overflow(es, code, 20 * MS, SW, handler) == PAPI_OK,
	      "thread overflow");
	CHECK(run(es, 0.3, v) == PAPI_OK, "thread run");
	printf("thread: %d calls, count/threshold %.1f\n", calls,
	       (double)v[0] / (20 * MS));
	CHECK(calls >= 1 && bad_tid == 0, "%d calls, %d in another thread",
	      calls, bad_tid);
	expect_tid = 0;
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	PAPI_unregister_thread();
	return NULL;
}

int main(void)
{
	const PAPI_exe_info_t *exe;
	int es = PAPI_NULL, code, other;
	pthread_t th;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_thread_init(pthread_self) != PAPI_OK) {
		fprintf(stderr, "PAPI_library_init failed\n");
		return 1;
	}
	exe = PAPI_get_executable_info();
	if (!exe)
		return 1;
	text_lo = (uintptr_t)exe->address_info.text_start;
	text_hi = (uintptr_t)exe->address_info.text_end;
	CHECK(PAPI_overflow(0, PAPI_TOT_CYC, 1000, SW, handler) == PAPI_ENOEVST,
	      "no set yet");
	if (PAPI_create_eventset(&es) != PAPI_OK)
		return 1;
	if (PAPI_event_name_to_code("perf::TASK-CLOCK", &code) != PAPI_OK ||
	    PAPI_event_name_to_code("perf::CPU-CLOCK", &other) != PAPI_OK ||
	    PAPI_add_event(es, code) != PAPI_OK) {
		printf("SKIP: no perf::TASK-CLOCK or perf::CPU-CLOCK\n");
		return 77;
	}
	bad_args(es, code, other);
	one_event(es, code);
	second_event(es, other);
	profile_text(es, code, 0);
	profile_text(es, code, 1);
	sprofile(es, code);
	itimer(es, code);
	CHECK(pthread_create(&th, NULL, thread_main, &code) == 0, "thread");
	pthread_join(th, NULL);
	appio();
	CHECK(PAPI_cleanup_eventset(es) == PAPI_OK, "cleanup");
	CHECK(PAPI_destroy_eventset(&es) == PAPI_OK, "destroy");
	PAPI_shutdown();
	return check_exit();
}
