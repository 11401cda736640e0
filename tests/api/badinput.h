/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_BADINPUT_H
#define PAPI_TESTS_BADINPUT_H

/*
 * Bad input never crashes: what the test_badinput_*.c tests share.
 *
 * Every function that papi.h declares (all 96, the PAPI 5 classic calls
 * included) is called with invalid arguments, by topic, one test each:
 *   test_badinput_lib.c       life cycle, threads, locks
 *   test_badinput_evsets.c    EventSet ids, creating, adding, removing
 *   test_badinput_events.c    event names and codes, components
 *   test_badinput_counting.c  start, stop, read; rate, high-level, classic
 *   test_badinput_options.c   options, debug levels, domains, granularity
 *   test_badinput_overflow.c  overflow and profiling
 *   test_badinput_sysinfo.c   system information, devices, timers, errors
 * Each of them calls its functions before PAPI_library_init, after it and
 * after PAPI_shutdown, as far as the topic has calls for each phase. Each
 * call has to come back, with a negative PAPI error code whose
 * PAPI_strerror text is a non-empty string, or with the documented value
 * for the functions that do not return an error code (pointers: NULL;
 * PAPI_is_initialized; the timers; PAPI_num_components; ...). Where the
 * code a PAPI user checks for is clear, that code is asserted:
 *   PAPI_ENOINIT   EventSet calls before PAPI_library_init
 *   PAPI_ENOEVST   an id that names no EventSet
 *   PAPI_EINVAL    a NULL pointer, a bad count, *EventSet != PAPI_NULL
 *   PAPI_ENOEVNT   an unknown event name
 *   PAPI_ENOCMP    a component index that names no component
 * Where PAPI 7.0 itself answers differently from its documentation, or
 * where its answer depends on the component, the codes PAPI users meet
 * are all accepted and the comment says why.
 *
 * Calls that may still answer PAPI_ENOIMPL here, because this library has
 * not implemented them yet, accept it as well: PAPI_overflow,
 * PAPI_get_overflow_event_index, PAPI_profil, PAPI_sprofil,
 * PAPI_set_multiplex, PAPI_get_dmem_info, PAPI_enum_dev_type,
 * PAPI_get_dev_type_attr, PAPI_get_dev_attr, the PAPI_hl_* calls, the
 * rate calls (PAPI_flips_rate, PAPI_flops_rate, PAPI_ipc, PAPI_epc,
 * PAPI_rate_stop), the PAPI 5 classic calls (PAPI_start_counters,
 * PAPI_read_counters, PAPI_accum_counters, PAPI_stop_counters,
 * PAPI_num_counters, PAPI_flips, PAPI_flops), and PAPI_set_opt for the
 * options with no setter yet (PAPI_INHERIT, PAPI_CPU_ATTACH,
 * PAPI_DEF_MPX_NS, PAPI_DEF_ITIMER, PAPI_DEF_ITIMER_NS, PAPI_DATA_ADDRESS,
 * PAPI_INSTR_ADDRESS, PAPI_USER_EVENTS_FILE).
 *
 * Failure messages carry the line of the call. A crash names the call it
 * happened in (except under AddressSanitizer, whose own report is better).
 * The library must stay quiet however it is called: stderr is for the
 * test's own failures. (PAPI_VERB_ESTOP would exit.)
 */
#include <limits.h>
#include <papi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int failures;
static int ncalls;

/* The call in progress, for the crash handler. */
static volatile int cur_line;
static const char *volatile cur_text;

#define FAIL(line, ...)                                    \
	do {                                               \
		fprintf(stderr, "FAIL line %d: ", (line)); \
		fprintf(stderr, __VA_ARGS__);              \
		fputc('\n', stderr);                       \
		failures++;                                \
	} while (0)

#define CHECK(cond, ...)                                                \
	do {                                                            \
		if (!(cond)) {                                          \
			fprintf(stderr, "FAIL line %d: %s: ", __LINE__, \
				#cond);                                 \
			fprintf(stderr, __VA_ARGS__);                   \
			fputc('\n', stderr);                            \
			failures++;                                     \
		}                                                       \
	} while (0)

/* Record which call is running, then make it. */
#define CALL(call) (cur_line = __LINE__, cur_text = #call, ncalls++, (call))

/* ANY in an expectation list accepts every negative PAPI code. It is
 * positive, so no PAPI error code can equal it. */
#define ANY 1
#define NCODES(...) ((int)(sizeof((const int[]){ __VA_ARGS__ }) / sizeof(int)))

/* The call must fail with one of the listed codes. */
#define ERR(call, ...)                                                        \
	expect_err(__LINE__, #call, CALL(call), (const int[]){ __VA_ARGS__ }, \
		   NCODES(__VA_ARGS__))

/* The call must succeed (PAPI_OK) or fail with one of the listed codes:
 * for calls whose arguments are valid but whose outcome depends on the
 * machine or on what is implemented. */
#define OK_OR(call, ...)                          \
	expect_ok_or(__LINE__, #call, CALL(call), \
		     (const int[]){ __VA_ARGS__ }, NCODES(__VA_ARGS__))

static inline const char *code_name(int code)
{
	static const char *const names[] = {
		"PAPI_OK",	   "PAPI_EINVAL",	 "PAPI_ENOMEM",
		"PAPI_ESYS",	   "PAPI_ECMP",		 "PAPI_ECLOST",
		"PAPI_EBUG",	   "PAPI_ENOEVNT",	 "PAPI_ECNFLCT",
		"PAPI_ENOTRUN",	   "PAPI_EISRUN",	 "PAPI_ENOEVST",
		"PAPI_ENOTPRESET", "PAPI_ENOCNTR",	 "PAPI_EMISC",
		"PAPI_EPERM",	   "PAPI_ENOINIT",	 "PAPI_ENOCMP",
		"PAPI_ENOSUPP",	   "PAPI_ENOIMPL",	 "PAPI_EBUF",
		"PAPI_EINVAL_DOM", "PAPI_EATTR",	 "PAPI_ECOUNT",
		"PAPI_ECOMBO",	   "PAPI_ECMP_DISABLED", "PAPI_EDELAY_INIT",
		"PAPI_EMULPASS",
	};

	if (code <= 0 && code > -PAPI_NUM_ERRORS)
		return names[-code];
	return "(not a PAPI code)";
}

/* The expected codes as text, for failure messages. */
static inline const char *codes_text(const int *codes, int n)
{
	static char buf[512];
	size_t len = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < n && len < sizeof(buf); i++)
		len += (size_t)snprintf(
			buf + len, sizeof(buf) - len, "%s%s", i ? ", " : "",
			codes[i] == ANY ? "any error" : code_name(codes[i]));
	return buf;
}

/* An error code must be one PAPI defines and must have a message. */
static inline void check_message(int line, const char *text, int ret)
{
	const char *msg = PAPI_strerror(ret);

	if (!msg || !*msg)
		FAIL(line,
		     "%s returned %d, which PAPI_strerror has no text for",
		     text, ret);
}

static inline int in_list(int ret, const int *codes, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (codes[i] == ret || (codes[i] == ANY && ret < 0))
			return 1;
	return 0;
}

static inline void expect_err(int line, const char *text, int ret,
			      const int *codes, int n)
{
	if (ret >= 0) {
		FAIL(line, "%s returned %d, want an error (%s)", text, ret,
		     codes_text(codes, n));
		return;
	}
	check_message(line, text, ret);
	if (!in_list(ret, codes, n))
		FAIL(line, "%s returned %s (%d), want %s", text, code_name(ret),
		     ret, codes_text(codes, n));
}

static inline void expect_ok_or(int line, const char *text, int ret,
				const int *codes, int n)
{
	if (ret == PAPI_OK)
		return;
	if (ret > 0) {
		FAIL(line, "%s returned %d, want PAPI_OK or an error", text,
		     ret);
		return;
	}
	expect_err(line, text, ret, codes, n);
}

/* A crash names the call it happened in. AddressSanitizer reports a
 * crash better itself, so its handler is left in place. */
#if !defined(__SANITIZE_ADDRESS__)
static void on_crash(int sig)
{
	char buf[512];
	int n = snprintf(buf, sizeof(buf),
			 "CRASH (signal %d) in the call at line %d: %s\n", sig,
			 cur_line, cur_text ? cur_text : "?");

	if (n > 0)
		(void)!write(2, buf,
			     (size_t)n < sizeof(buf) ? (size_t)n :
						       sizeof(buf) - 1);
	signal(sig, SIG_DFL);
	raise(sig);
}
#endif

/* Installs the crash handlers: each test's main calls it first. */
static inline void badinput_begin(void)
{
#if !defined(__SANITIZE_ADDRESS__)
	signal(SIGSEGV, on_crash);
	signal(SIGBUS, on_crash);
	signal(SIGFPE, on_crash);
	signal(SIGILL, on_crash);
	signal(SIGABRT, on_crash);
#endif
}

/* The summary line; the test's exit status. */
static inline int badinput_end(void)
{
	printf("%d calls with bad input, %d failures\n", ncalls, failures);
	return failures ? 1 : 0;
}

/* ---- Invalid values used by several topics ---------------------------- */

/* Component indexes that name no component. */
static const int bad_cidx[] = { -1, 999, INT_MIN, INT_MAX, PAPI_NULL - 1 };
#define N_BAD_CIDX ((int)(sizeof(bad_cidx) / sizeof(bad_cidx[0])))

/* What a bad event code may be answered with: PAPI 7.0 says
 * PAPI_ENOTPRESET for an impossible preset index, PAPI_ENOEVNT for a code
 * that is no event, PAPI_EINVAL for a code with neither mask bit (in
 * PAPI_add_event), and PAPI_ENOCMP when the component bits name no
 * component. */
#define BAD_CODE_ERRS PAPI_ENOEVNT, PAPI_ENOTPRESET, PAPI_EINVAL, PAPI_ENOCMP

/* ---- The library and the sets the checks work on ---------------------- */

static inline void ovf_handler(int es, void *addr, long long vec, void *ctx)
{
	(void)es;
	(void)addr;
	(void)vec;
	(void)ctx;
}

/* PAPI_library_init, or the test skips: it checks nothing without it. */
static inline void init_or_skip(void)
{
	int ret = CALL(PAPI_library_init(PAPI_VER_CURRENT));

	if (ret != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init failed: %d\n", ret);
		exit(77);
	}
}

/* A set holding perf::TASK-CLOCK, for the checks that need a set bound to
 * a component; PAPI_NULL where the machine cannot count it. */
static inline int make_counting_set(int *code)
{
	int es = PAPI_NULL;

	if (PAPI_create_eventset(&es) != PAPI_OK)
		return PAPI_NULL;
	if (PAPI_event_name_to_code("perf::TASK-CLOCK", code) != PAPI_OK ||
	    PAPI_add_event(es, *code) != PAPI_OK) {
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
		return PAPI_NULL;
	}
	return es;
}

/* After init: a real, empty set (*es) for the argument checks, and a set
 * bound to a component (*ces, counting *ccode) or PAPI_NULL. */
static inline void make_sets(int *es, int *ces, int *ccode)
{
	*es = PAPI_NULL;
	CHECK(CALL(PAPI_create_eventset(es)) == PAPI_OK, "create");
	*ces = make_counting_set(ccode);
}

/* Where there is no set bound to a component, says so once. */
static inline int have_counting_set(int ces)
{
	if (ces != PAPI_NULL)
		return 1;
	printf("note: perf::TASK-CLOCK cannot be counted here; the "
	       "checks on a set bound to a component are skipped\n");
	return 0;
}

/* Nothing the bad input did changed the set bound to a component. */
static inline void check_set_unchanged(int ces, int ccode)
{
	int list[16], n = 4, st;

	CHECK(CALL(PAPI_list_events(ces, list, &n)) == PAPI_OK && n == 1 &&
		      list[0] == ccode,
	      "the set changed: %d events", n);
	CHECK(CALL(PAPI_state(ces, &st)) == PAPI_OK && st == PAPI_STOPPED,
	      "the set's state changed to %#x", st);
}

/* The sets came through unharmed and can go. */
static inline void drop_sets(int *es, int *ces)
{
	CHECK(CALL(PAPI_num_events(*es)) == 0, "bad input added events");
	CHECK(CALL(PAPI_destroy_eventset(es)) == PAPI_OK, "destroy");
	if (*ces != PAPI_NULL) {
		CHECK(CALL(PAPI_cleanup_eventset(*ces)) == PAPI_OK, "cleanup");
		CHECK(CALL(PAPI_destroy_eventset(ces)) == PAPI_OK, "destroy");
	}
}

#endif
