// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI_profil and PAPI_sprofil on a real sampling event (PAPI_TOT_CYC
 * where there is a PMU, else perf::TASK-CLOCK): a busy function in a
 * section of its own, whose bounds the linker gives (__start_/__stop_),
 * must collect most of the histogram's mass, for 16, 32 and 64 bit
 * buckets; two events profiled at once; PAPI_sprofil with two regions
 * gets each function's samples into its region; PAPI_PROFIL_RANDOM drops
 * about a quarter; PAPI_state says PAPI_PROFILING; threshold 0 turns it
 * off; bad arguments give PAPI 7's errors.
 */
#include <papi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"

static volatile double sink;

/* Each busy function in its own section: the linker defines
 * __start_sec_<name> and __stop_sec_<name> around it. */
#define BUSY(name)                                                             \
	__attribute__((noinline, section("sec_" #name))) static void name(long n)     \
	{                                                                      \
		double x = 0;                                                  \
		long i;                                                        \
		for (i = 0; i < n; i++) {                                      \
			x += (double)i * 0.5;                                  \
			__asm__ volatile("" : "+x"(x));                        \
		}                                                              \
		sink = x;                                                      \
	}                                                                      \
	extern char __start_sec_##name[], __stop_sec_##name[];

BUSY(papi_busy1)
BUSY(papi_busy2)

static void run_busy(void (*fn)(long), double sec)
{
	double end = check_cpu_sec() + sec;

	while (check_cpu_sec() < end)
		fn(100000);
}

/* Sum of buckets [lo, hi) of a buffer of the given bucket size. */
static unsigned long long sum(const void *buf, int bytes, size_t lo,
			      size_t hi)
{
	unsigned long long s = 0;
	size_t i;

	for (i = lo; i < hi; i++)
		s += bytes == 2 ? ((const uint16_t *)buf)[i] :
		     bytes == 4 ? ((const uint32_t *)buf)[i] :
				  ((const uint64_t *)buf)[i];
	return s;
}

static int code, threshold, cycles;
static uintptr_t text_lo, text_hi;
#define TEXT ((vptr_t)text_lo)

static int pick_event(int es)
{
	if (PAPI_add_event(es, PAPI_TOT_CYC) == PAPI_OK) {
		code = PAPI_TOT_CYC;
		threshold = 100000;
		cycles = 1;
		return 0;
	}
	if (PAPI_event_name_to_code("perf::TASK-CLOCK", &code) != PAPI_OK ||
	    PAPI_add_event(es, code) != PAPI_OK)
		return -1;
	threshold = 100000; /* 100 us of CPU time */
	return 0;
}

/* Samples against count / threshold. In the PMU VM (PAPI_PMU_VM=1,
 * static programs, so every user-mode address is in the text) the cycle
 * counter overflows exactly every threshold cycles and each overflow is
 * one sample: exactly count / threshold, when the buffer covers the whole
 * text (whole_text). Elsewhere loose bounds, below and
 * above (no more samples than overflows, and timer-driven software events
 * may lose some to the end of the interval). */
static void check_samples(unsigned long long got, long long count,
			  int whole_text)
{
	double expect = (double)count / threshold;

	if (whole_text && cycles && getenv("PAPI_PMU_VM"))
		CHECK(got == (unsigned long long)(count / threshold),
		      "%llu samples, count %lld / threshold %d = %lld exactly",
		      got, count, threshold, count / threshold);
	else
		CHECK(got >= expect * 0.5 && got <= expect * 1.1 + 2,
		      "%llu samples, count/threshold %.1f", got, expect);
}

/* PAPI_profil over the whole text, scale 65536 (one bucket per 2 bytes):
 * most of the mass in busy1's buckets. */
static void profile_text(int es, int flag, int bytes)
{
	size_t nb = (text_hi - text_lo) / 2, lo, hi;
	unsigned long long total, in;
	long long v[2];
	void *buf = calloc(nb, (size_t)bytes);
	int state;

	CHECK(PAPI_profil(buf, (unsigned)(nb * (size_t)bytes), TEXT, 65536,
			  es, code, threshold, PAPI_PROFIL_POSIX | flag) ==
		      PAPI_OK,
	      "PAPI_profil %d-bit", bytes * 8);
	CHECK(PAPI_state(es, &state) == PAPI_OK &&
		      state == (PAPI_STOPPED | PAPI_OVERFLOWING |
				PAPI_PROFILING),
	      "state %#x", state);
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	run_busy(papi_busy1, 0.3);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	lo = ((uintptr_t)__start_sec_papi_busy1 - text_lo) / 2;
	hi = ((uintptr_t)__stop_sec_papi_busy1 - text_lo + 1) / 2;
	total = sum(buf, bytes, 0, nb);
	in = sum(buf, bytes, lo, hi);
	printf("%d-bit buckets: %llu samples (count/threshold %.1f), %llu in "
	       "papi_busy1 (%zu buckets)\n",
	       bytes * 8, total, (double)v[0] / threshold, in, hi - lo);
	check_samples(total, v[0], 1);
	CHECK(in >= total * 9 / 10, "%llu of %llu in the busy function", in,
	      total);
	CHECK(PAPI_profil(buf, (unsigned)(nb * (size_t)bytes), TEXT, 65536,
			  es, code, 0, PAPI_PROFIL_POSIX | flag) == PAPI_OK,
	      "profil off");
	CHECK(PAPI_state(es, &state) == PAPI_OK && state == PAPI_STOPPED,
	      "state %#x after off", state);
	free(buf);
}

/* PAPI_sprofil with one region per busy function, byte resolution
 * (scale 131072), busy2 run twice as long as busy1. */
static void sprofile(int es)
{
	size_t n1 = (size_t)(__stop_sec_papi_busy1 - __start_sec_papi_busy1);
	size_t n2 = (size_t)(__stop_sec_papi_busy2 - __start_sec_papi_busy2);
	PAPI_sprofil_t r[2];
	unsigned long long s1, s2;
	long long v[2];

	memset(r, 0, sizeof(r));
	r[0].pr_base = calloc(n1, 4);
	r[0].pr_size = (unsigned)(n1 * 4);
	r[0].pr_off = (vptr_t)__start_sec_papi_busy1;
	r[0].pr_scale = 131072;
	r[1].pr_base = calloc(n2, 4);
	r[1].pr_size = (unsigned)(n2 * 4);
	r[1].pr_off = (vptr_t)__start_sec_papi_busy2;
	r[1].pr_scale = 131072;
	CHECK(PAPI_sprofil(r, 2, es, code, threshold,
			   PAPI_PROFIL_POSIX | PAPI_PROFIL_BUCKET_32) ==
		      PAPI_OK,
	      "sprofil");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	run_busy(papi_busy1, 0.1);
	run_busy(papi_busy2, 0.2);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	s1 = sum(r[0].pr_base, 4, 0, n1);
	s2 = sum(r[1].pr_base, 4, 0, n2);
	printf("sprofil: %llu samples in papi_busy1 (0.1 s), %llu in "
	       "papi_busy2 (0.2 s); count/threshold %.1f\n",
	       s1, s2, (double)v[0] / threshold);
	CHECK(s1 > 0 && s2 > s1, "busy1 %llu, busy2 %llu", s1, s2);
	/* The regions cover the busy functions only: not exact anywhere. */
	check_samples(s1 + s2, v[0], 0);
	CHECK(PAPI_sprofil(r, 2, es, code, 0, 0) == PAPI_OK, "sprofil off");
	free(r[0].pr_base);
	free(r[1].pr_base);
}

/* Two events profiled at once, each into its own buffer. */
static void two_events(int es, int other)
{
	size_t n = (size_t)(__stop_sec_papi_busy1 - __start_sec_papi_busy1) / 2 + 1;
	uint16_t *b1 = calloc(n, 2), *b2 = calloc(n, 2);
	vptr_t off = (vptr_t)__start_sec_papi_busy1;
	unsigned long long s1, s2;
	long long v[2];

	CHECK(PAPI_add_event(es, other) == PAPI_OK, "add CPU-CLOCK");
	CHECK(PAPI_profil(b1, (unsigned)n * 2, off, 65536, es, code, threshold,
			  PAPI_PROFIL_BUCKET_16) == PAPI_OK,
	      "profil 1");
	CHECK(PAPI_profil(b2, (unsigned)n * 2, off, 65536, es, other, 100000,
			  PAPI_PROFIL_BUCKET_16) == PAPI_OK,
	      "profil 2");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	run_busy(papi_busy1, 0.3);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	s1 = sum(b1, 2, 0, n);
	s2 = sum(b2, 2, 0, n);
	printf("two events: %llu and %llu samples in papi_busy1 (counts/"
	       "thresholds %.1f, %.1f)\n",
	       s1, s2, (double)v[0] / threshold, (double)v[1] / 100000);
	CHECK(s1 > 0 && s2 > 0, "%llu, %llu", s1, s2);
	CHECK(PAPI_profil(b1, (unsigned)n * 2, off, 65536, es, code, 0,
			  PAPI_PROFIL_BUCKET_16) == PAPI_OK,
	      "off 1");
	CHECK(PAPI_profil(b2, (unsigned)n * 2, off, 65536, es, other, 0,
			  PAPI_PROFIL_BUCKET_16) == PAPI_OK,
	      "off 2");
	CHECK(PAPI_remove_event(es, other) == PAPI_OK, "remove");
	free(b1);
	free(b2);
}

/* RANDOM drops a random quarter of the samples. */
static void random_flag(int es)
{
	size_t n = (size_t)(__stop_sec_papi_busy1 - __start_sec_papi_busy1) + 1;
	uint64_t *b = calloc(n, 8);
	unsigned long long s;
	long long v[2];
	double expect;

	CHECK(PAPI_profil(b, (unsigned)n * 8, (vptr_t)__start_sec_papi_busy1,
			  131072, es, code, threshold,
			  PAPI_PROFIL_RANDOM | PAPI_PROFIL_BUCKET_64) ==
		      PAPI_OK,
	      "profil random");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	run_busy(papi_busy1, 0.3);
	CHECK(PAPI_stop(es, v) == PAPI_OK, "stop");
	s = sum(b, 8, 0, n);
	expect = (double)v[0] / threshold;
	printf("RANDOM: %llu samples kept of about %.1f\n", s, expect);
	CHECK(s > expect * 0.4 && s < expect * 0.9, "%llu of %.1f", s, expect);
	CHECK(PAPI_profil(b, (unsigned)n * 8, (vptr_t)__start_sec_papi_busy1,
			  131072, es, code, 0, 0) == PAPI_OK,
	      "off");
	free(b);
}

static void bad_args(int es, int other)
{
	unsigned short b[16];
	PAPI_sprofil_t r = { b, sizeof(b), TEXT, 65536 };

	CHECK(PAPI_profil(b, sizeof(b), TEXT, 65536, es, code, 0, 0) ==
		      PAPI_EINVAL,
	      "threshold 0 when not profiling");
	CHECK(PAPI_profil(b, sizeof(b), TEXT, 65536, es, code, -1, 0) ==
		      PAPI_EINVAL,
	      "negative threshold");
	CHECK(PAPI_profil(b, sizeof(b), TEXT, 0, es, code, threshold, 0) ==
		      PAPI_EINVAL,
	      "scale 0");
	CHECK(PAPI_profil(b, sizeof(b), TEXT, 65537, es, code, threshold,
			  0) == PAPI_EINVAL,
	      "scale 65537");
	CHECK(PAPI_profil(b, sizeof(b), TEXT, 65536, es, code, threshold,
			  PAPI_PROFIL_BUCKET_16 | PAPI_PROFIL_BUCKET_32) ==
		      PAPI_EINVAL,
	      "two bucket sizes");
	CHECK(PAPI_profil(b, sizeof(b), TEXT, 65536, es, code, threshold,
			  0x10000) == PAPI_EINVAL,
	      "unknown flag");
	CHECK(PAPI_profil(b, sizeof(b), TEXT, 65536, es, other, threshold,
			  0) == PAPI_ENOEVNT,
	      "event not in the set");
	CHECK(PAPI_profil(b, sizeof(b), TEXT, 65536, es + 100, code,
			  threshold, 0) == PAPI_ENOEVST,
	      "no such set");
	CHECK(PAPI_sprofil(&r, 1, es + 100, code, threshold, 0) ==
		      PAPI_ENOEVST,
	      "sprofil: no such set");
	CHECK(PAPI_sprofil(NULL, 0, es, code, threshold, 0) == PAPI_EINVAL,
	      "sprofil: no region");
	CHECK(PAPI_start(es) == PAPI_OK, "start");
	CHECK(PAPI_sprofil(&r, 1, es, code, threshold, 0) == PAPI_EISRUN,
	      "running");
	CHECK(PAPI_stop(es, NULL) == PAPI_OK, "stop");
}

int main(void)
{
	const PAPI_exe_info_t *exe;
	int es = PAPI_NULL, other;
	unsigned short b[4];

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "PAPI_library_init failed\n");
		return 1;
	}
	exe = PAPI_get_executable_info();
	if (!exe)
		return 1;
	text_lo = (uintptr_t)exe->address_info.text_start;
	text_hi = (uintptr_t)exe->address_info.text_end;
	CHECK((uintptr_t)__start_sec_papi_busy1 >= text_lo &&
		      (uintptr_t)__stop_sec_papi_busy1 <= text_hi,
	      "busy function outside the text %#lx-%#lx",
	      (unsigned long)text_lo, (unsigned long)text_hi);
	if (PAPI_create_eventset(&es) != PAPI_OK)
		return 1;
	CHECK(PAPI_profil(b, sizeof(b), TEXT, 65536, es, PAPI_TOT_CYC,
			  1000, 0) == PAPI_ENOEVNT,
	      "empty set");
	if (pick_event(es) ||
	    PAPI_event_name_to_code("perf::CPU-CLOCK", &other) != PAPI_OK) {
		printf("SKIP: no event to sample\n");
		return 77;
	}
	bad_args(es, other);
	profile_text(es, PAPI_PROFIL_BUCKET_16, 2);
	profile_text(es, PAPI_PROFIL_BUCKET_32, 4);
	profile_text(es, PAPI_PROFIL_BUCKET_64, 8);
	sprofile(es);
	two_events(es, other);
	random_flag(es);
	CHECK(PAPI_cleanup_eventset(es) == PAPI_OK, "cleanup");
	CHECK(PAPI_destroy_eventset(&es) == PAPI_OK, "destroy");
	PAPI_shutdown();
	return check_exit();
}
