// SPDX-License-Identifier: BSD-3-Clause
/*
 * Bad input never crashes.
 *
 * Every function that papi.h declares (all 96, the PAPI 5 classic calls
 * included) is called with invalid arguments three times over: before
 * PAPI_library_init, after it, and after PAPI_shutdown. Each call has to
 * come back, with a negative PAPI error code whose PAPI_strerror text is a
 * non-empty string, or with the documented value for the functions that do
 * not return an error code (pointers: NULL; PAPI_is_initialized; the
 * timers; PAPI_num_components; ...). Where the code a PAPI user checks for
 * is clear, that code is asserted:
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
 */
#include <fcntl.h>
#include <limits.h>
#include <papi.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
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

static const char *code_name(int code)
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
static const char *codes_text(const int *codes, int n)
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
static void check_message(int line, const char *text, int ret)
{
	const char *msg = PAPI_strerror(ret);

	if (!msg || !*msg)
		FAIL(line,
		     "%s returned %d, which PAPI_strerror has no text for",
		     text, ret);
}

static int in_list(int ret, const int *codes, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (codes[i] == ret || (codes[i] == ANY && ret < 0))
			return 1;
	return 0;
}

static void expect_err(int line, const char *text, int ret, const int *codes,
		       int n)
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

static void expect_ok_or(int line, const char *text, int ret, const int *codes,
			 int n)
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

/* ---- Invalid values used throughout ----------------------------------- */

/* Ids that name no EventSet. */
static const int bad_ids[] = { PAPI_NULL, -2, INT_MIN, INT_MAX, 999, 1 << 20 };
#define N_BAD_IDS ((int)(sizeof(bad_ids) / sizeof(bad_ids[0])))

/* Codes that name no event: neither mask; both masks (a user-defined
 * event that was never defined); a native code of component 63; a preset
 * index past the table; a native index far past the component's table. */
static const int bad_codes[] = {
	0,
	-1,
	0x7fffffff,
	PAPI_PRESET_MASK | 500,
	PAPI_PRESET_MASK | PAPI_MAX_PRESET_EVENTS,
	PAPI_NATIVE_MASK | 0xffffff,
	PAPI_UE_MASK,
	PAPI_UE_MASK | 0x1234,
	0x12345,
};
#define N_BAD_CODES ((int)(sizeof(bad_codes) / sizeof(bad_codes[0])))

/* What a bad event code may be answered with: PAPI 7.0 says
 * PAPI_ENOTPRESET for an impossible preset index, PAPI_ENOEVNT for a code
 * that is no event, PAPI_EINVAL for a code with neither mask bit (in
 * PAPI_add_event), and PAPI_ENOCMP when the component bits name no
 * component. */
#define BAD_CODE_ERRS PAPI_ENOEVNT, PAPI_ENOTPRESET, PAPI_EINVAL, PAPI_ENOCMP

/* Component indexes that name no component. */
static const int bad_cidx[] = { -1, 999, INT_MIN, INT_MAX, PAPI_NULL - 1 };
#define N_BAD_CIDX ((int)(sizeof(bad_cidx) / sizeof(bad_cidx[0])))

static const int bad_domains[] = { 0,	    -1,	    0x1000, PAPI_DOM_ALL + 1,
				   INT_MIN, INT_MAX };
#define N_BAD_DOMAINS ((int)(sizeof(bad_domains) / sizeof(bad_domains[0])))

static const int bad_grans[] = { 0, -1, 0x1000, 3, PAPI_GRN_MAX + 1, INT_MIN };
#define N_BAD_GRANS ((int)(sizeof(bad_grans) / sizeof(bad_grans[0])))

/* Option codes PAPI does not define (9 and 10 are holes in the list). */
static const int bad_options[] = { 0, -1, 9, 10, 30, 1000, INT_MIN, INT_MAX };
#define N_BAD_OPTIONS ((int)(sizeof(bad_options) / sizeof(bad_options[0])))

/* Names of no event. Filled in by make_names(): the long ones are built. */
static char long_name[5001]; /* 5000 characters */
static char long_slash[700]; /* a sysfs-looking name, spec too long */
static char long_pmu[300]; /* a sysfs-looking name, PMU name too long */
static char near_huge[PAPI_HUGE_STR_LEN + 1]; /* exactly 1024 characters */
static char long_colons[PAPI_HUGE_STR_LEN]; /* "x::" + 1020 characters */
static const char *bad_names[] = {
	"",
	long_name,
	"perf::NOPE",
	"msr/nope/",
	"/",
	"//",
	"a/b/c/d",
	"PAPI_NOPE",
	"PAPI_",
	"perf::",
	"::",
	":::",
	"perf::TASK-CLOCK:nope=1",
	"perf::TASK-CLOCK:u=x",
	"msr/tsc",
	"msr//",
	"msr/tsc/x",
	"msr/tsc=/",
	"msr/=1/",
	"msr/../",
	"../../../../etc/passwd/x/",
	"nope::tsc",
	"%s%s%s%n%n",
	" PAPI_TOT_CYC",
	"PAPI_TOT_CYC ",
	"\xff\xfe\x01",
	long_slash,
	long_pmu,
	near_huge,
	long_colons,
};
#define N_BAD_NAMES ((int)(sizeof(bad_names) / sizeof(bad_names[0])))

static void make_names(void)
{
	memset(long_name, 'A', sizeof(long_name) - 1);
	memcpy(long_name, "PAPI_", 5);
	memset(long_slash, 't', sizeof(long_slash) - 1);
	memcpy(long_slash, "msr/", 4);
	long_slash[sizeof(long_slash) - 2] = '/';
	memset(long_pmu, 'p', sizeof(long_pmu) - 1);
	memcpy(long_pmu + sizeof(long_pmu) - 6, "/tsc/", 5);
	memset(near_huge, 'Z', sizeof(near_huge) - 1);
	memset(long_colons, 'c', sizeof(long_colons) - 1);
	memcpy(long_colons, "x::", 3);
}

/* An unknown name is PAPI_ENOEVNT. A name too long for any event may also
 * be refused as such (PAPI_EINVAL) or as one that cannot fit (PAPI_EBUF). */
#define BAD_NAME_ERRS PAPI_ENOEVNT, PAPI_EINVAL, PAPI_EBUF

/* ---- EventSet calls, table-driven ------------------------------------- */

/* Each wrapper passes the id it is given and otherwise valid arguments, so
 * that the id is the only thing wrong with the call. */
static long long vals[16];
static long long cyc;
static int ev_list[16];
static unsigned short profbuf[256];

static void ovf_handler(int es, void *addr, long long vec, void *ctx)
{
	(void)es;
	(void)addr;
	(void)vec;
	(void)ctx;
}

static int w_cleanup(int es)
{
	return PAPI_cleanup_eventset(es);
}
static int w_destroy(int es)
{
	return PAPI_destroy_eventset(&es);
}
static int w_assign(int es)
{
	return PAPI_assign_eventset_component(es, 0);
}
static int w_add(int es)
{
	return PAPI_add_event(es, PAPI_REF_CYC);
}
static int w_add_named(int es)
{
	return PAPI_add_named_event(es, "PAPI_REF_CYC");
}
static int w_add_events(int es)
{
	int codes[1] = { PAPI_REF_CYC };

	return PAPI_add_events(es, codes, 1);
}
static int w_remove(int es)
{
	return PAPI_remove_event(es, PAPI_REF_CYC);
}
static int w_remove_named(int es)
{
	return PAPI_remove_named_event(es, "PAPI_REF_CYC");
}
static int w_remove_events(int es)
{
	int codes[1] = { PAPI_REF_CYC };

	return PAPI_remove_events(es, codes, 1);
}
static int w_list(int es)
{
	int n = 16;

	return PAPI_list_events(es, ev_list, &n);
}
static int w_num_events(int es)
{
	return PAPI_num_events(es);
}
static int w_get_cmp(int es)
{
	return PAPI_get_eventset_component(es);
}
static int w_state(int es)
{
	int st;

	return PAPI_state(es, &st);
}
static int w_start(int es)
{
	return PAPI_start(es);
}
static int w_stop(int es)
{
	return PAPI_stop(es, vals);
}
static int w_read(int es)
{
	return PAPI_read(es, vals);
}
static int w_read_ts(int es)
{
	return PAPI_read_ts(es, vals, &cyc);
}
static int w_accum(int es)
{
	return PAPI_accum(es, vals);
}
static int w_reset(int es)
{
	return PAPI_reset(es);
}
static int w_write(int es)
{
	return PAPI_write(es, vals);
}
static int w_attach(int es)
{
	return PAPI_attach(es, (unsigned long)syscall(SYS_gettid));
}
static int w_detach(int es)
{
	return PAPI_detach(es);
}
static int w_set_mpx(int es)
{
	return PAPI_set_multiplex(es);
}
static int w_overflow(int es)
{
	return PAPI_overflow(es, PAPI_REF_CYC, 100000, 0, ovf_handler);
}
static int w_ovf_index(int es)
{
	int arr[4], n = 4;

	return PAPI_get_overflow_event_index(es, 1, arr, &n);
}
static int w_profil(int es)
{
	return PAPI_profil(profbuf, sizeof(profbuf), NULL, 65536, es,
			   PAPI_REF_CYC, 100000, PAPI_PROFIL_POSIX);
}
static int w_sprofil(int es)
{
	PAPI_sprofil_t sp = { profbuf, sizeof(profbuf), NULL, 65536 };

	return PAPI_sprofil(&sp, 1, es, PAPI_REF_CYC, 100000,
			    PAPI_PROFIL_POSIX);
}
static int w_get_domain(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	return PAPI_get_opt(PAPI_DOMAIN, &o);
}
static int w_get_granul(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.granularity.eventset = es;
	return PAPI_get_opt(PAPI_GRANUL, &o);
}
static int w_get_attach(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.attach.eventset = es;
	return PAPI_get_opt(PAPI_ATTACH, &o);
}
static int w_get_mpx(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.multiplex.eventset = es;
	return PAPI_get_opt(PAPI_MULTIPLEX, &o);
}
static int w_get_inherit(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.inherit.eventset = es;
	return PAPI_get_opt(PAPI_INHERIT, &o);
}
static int w_set_domain(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	o.domain.domain = PAPI_DOM_USER;
	return PAPI_set_opt(PAPI_DOMAIN, &o);
}
static int w_set_granul(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.granularity.eventset = es;
	o.granularity.granularity = PAPI_GRN_THR;
	return PAPI_set_opt(PAPI_GRANUL, &o);
}
static int w_set_attach(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.attach.eventset = es;
	o.attach.tid = (unsigned long)syscall(SYS_gettid);
	return PAPI_set_opt(PAPI_ATTACH, &o);
}
static int w_set_detach(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.attach.eventset = es;
	return PAPI_set_opt(PAPI_DETACH, &o);
}
static int w_set_mpx_opt(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.multiplex.eventset = es;
	return PAPI_set_opt(PAPI_MULTIPLEX, &o);
}
static int w_set_inherit(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.inherit.eventset = es;
	o.inherit.inherit = PAPI_INHERIT_ALL;
	return PAPI_set_opt(PAPI_INHERIT, &o);
}

struct evset_call {
	const char *name;
	int (*fn)(int es);
	int alt; /* another acceptable answer for a bad id, 0 if none */
};

#define EV(fn, alt)          \
	{                    \
#fn, fn, alt \
	}
static const struct evset_call evset_calls[] = {
	EV(w_cleanup, 0),
	EV(w_destroy, 0),
	EV(w_assign, 0),
	EV(w_add, 0),
	EV(w_add_named, 0),
	EV(w_add_events, 0),
	EV(w_remove, 0),
	EV(w_remove_named, 0),
	EV(w_remove_events, 0),
	EV(w_list, 0),
	EV(w_num_events, 0),
	EV(w_get_cmp, 0),
	EV(w_state, 0),
	EV(w_start, 0),
	EV(w_stop, 0),
	EV(w_read, 0),
	EV(w_read_ts, 0),
	EV(w_accum, 0),
	EV(w_reset, 0),
	EV(w_write, 0),
	EV(w_attach, 0),
	EV(w_detach, 0),
	EV(w_set_mpx, 0),
	EV(w_overflow, 0),
	EV(w_ovf_index, 0),
	EV(w_profil, 0),
	EV(w_sprofil, 0),
	EV(w_get_domain, 0),
	EV(w_get_granul, 0),
	EV(w_get_attach, 0),
	EV(w_get_mpx, 0),
	/* PAPI_INHERIT has no getter or setter in some builds yet. */
	EV(w_get_inherit, PAPI_ENOIMPL),
	EV(w_set_domain, 0),
	EV(w_set_granul, 0),
	EV(w_set_attach, 0),
	EV(w_set_detach, 0),
	EV(w_set_mpx_opt, 0),
	EV(w_set_inherit, PAPI_ENOIMPL),
};
#define N_EVSET_CALLS ((int)(sizeof(evset_calls) / sizeof(evset_calls[0])))

/* Every EventSet call with every id in ids must answer want (or the
 * call's alternative). */
static void evset_table(int line, const int *ids, int nids, int want)
{
	int i, j;

	for (i = 0; i < N_EVSET_CALLS; i++)
		for (j = 0; j < nids; j++) {
			const struct evset_call *c = &evset_calls[i];
			int ret;

			cur_line = line;
			cur_text = c->name;
			ncalls++;
			ret = c->fn(ids[j]);
			if (ret == want || (c->alt && ret == c->alt)) {
				check_message(line, c->name, ret);
				continue;
			}
			FAIL(line, "%s(EventSet %d) returned %s (%d), want %s",
			     c->name, ids[j], code_name(ret), ret,
			     code_name(want));
		}
	/* PAPI_get_multiplex turns every error into "not multiplexed" (0)
	 * in PAPI 7.0, though its documentation promises PAPI_ENOEVST. */
	for (j = 0; j < nids; j++) {
		int ret = CALL(PAPI_get_multiplex(ids[j]));

		if (ret != want && ret != 0)
			FAIL(line,
			     "PAPI_get_multiplex(%d) returned %d, want "
			     "%s or 0",
			     ids[j], ret, code_name(want));
	}
}

/* ---- Calls that are the same before and after init -------------------- */

static void check_strerror(void)
{
	static const int not_codes[] = { 1,	2,	 -PAPI_NUM_ERRORS,
					 -1000, INT_MIN, INT_MAX };
	int i, saved, devnull;

	/* Every code PAPI defines has a message... */
	for (i = 0; i > -PAPI_NUM_ERRORS; i--) {
		const char *s = CALL(PAPI_strerror(i));

		CHECK(s && *s, "PAPI_strerror(%d) is empty", i);
	}
	/* ...and anything else is NULL, as PAPI 7.0 documents. */
	for (i = 0; i < (int)(sizeof(not_codes) / sizeof(not_codes[0])); i++)
		CHECK(CALL(PAPI_strerror(not_codes[i])) == NULL,
		      "PAPI_strerror(%d) should be NULL", not_codes[i]);
	/* PAPI_perror prints the last error; it must cope with any text.
	 * What it prints is of no interest here, so stderr is muted. */
	fflush(stderr);
	saved = dup(2);
	devnull = open("/dev/null", O_WRONLY);
	if (saved >= 0 && devnull >= 0)
		dup2(devnull, 2);
	CALL(PAPI_perror(NULL));
	CALL(PAPI_perror(""));
	CALL(PAPI_perror("%s%s%n"));
	CALL(PAPI_perror(long_name));
	fflush(stderr);
	if (saved >= 0) {
		dup2(saved, 2);
		close(saved);
	}
	if (devnull >= 0)
		close(devnull);
}

/* Real and virtual time never go back and are never negative. */
static void check_timers(int line)
{
	long long r0 = CALL(PAPI_get_real_usec()),
		  n0 = CALL(PAPI_get_real_nsec());
	long long c0 = CALL(PAPI_get_real_cyc()),
		  v0 = CALL(PAPI_get_virt_usec());
	long long vn0 = CALL(PAPI_get_virt_nsec()),
		  vc0 = CALL(PAPI_get_virt_cyc());
	long long r1 = CALL(PAPI_get_real_usec()),
		  n1 = CALL(PAPI_get_real_nsec());
	long long c1 = CALL(PAPI_get_real_cyc()),
		  v1 = CALL(PAPI_get_virt_usec());
	long long vn1 = CALL(PAPI_get_virt_nsec()),
		  vc1 = CALL(PAPI_get_virt_cyc());

	if (r0 < 0 || n0 < 0 || c0 < 0 || v0 < 0 || vn0 < 0 || vc0 < 0)
		FAIL(line,
		     "a timer is negative: real %lld us %lld ns %lld cyc,"
		     " virt %lld us %lld ns %lld cyc",
		     r0, n0, c0, v0, vn0, vc0);
	if (r1 < r0 || n1 < n0 || c1 < c0 || v1 < v0 || vn1 < vn0 || vc1 < vc0)
		FAIL(line, "a timer went back");
}

static void check_locks(void)
{
	static const int bad_locks[] = { -1, PAPI_NUM_LOCK, 99, INT_MIN,
					 INT_MAX };
	int i;

	for (i = 0; i < (int)(sizeof(bad_locks) / sizeof(bad_locks[0])); i++) {
		ERR(PAPI_lock(bad_locks[i]), PAPI_EINVAL);
		ERR(PAPI_unlock(bad_locks[i]), PAPI_EINVAL);
	}
}

static void check_debug(void)
{
	PAPI_option_t o;

	ERR(PAPI_set_debug(-1), PAPI_EINVAL);
	ERR(PAPI_set_debug(3), PAPI_EINVAL);
	ERR(PAPI_set_debug(0x1000), PAPI_EINVAL);
	ERR(PAPI_set_debug(INT_MIN), PAPI_EINVAL);
	/* PAPI_DEBUG may be set before init; a bad level is still bad. */
	memset(&o, 0, sizeof(o));
	o.debug.level = 42;
	ERR(PAPI_set_opt(PAPI_DEBUG, &o), PAPI_EINVAL);
	/* PAPI 7.0 checks ptr before init for PAPI_DEBUG (PAPI_EINVAL);
	 * checking init first (PAPI_ENOINIT) is as good before init. */
	ERR(PAPI_set_opt(PAPI_DEBUG, NULL), PAPI_EINVAL, PAPI_ENOINIT);
	/* Still quiet: nothing above may have changed the level. */
	memset(&o, 0, sizeof(o));
	o.debug.level = -1;
	CHECK(CALL(PAPI_get_opt(PAPI_DEBUG, &o)) == PAPI_OK &&
		      o.debug.level == PAPI_QUIET,
	      "PAPI_get_opt(PAPI_DEBUG) is %d, level %d after failed "
	      "PAPI_set_debug calls",
	      PAPI_get_opt(PAPI_DEBUG, &o), o.debug.level);
	/* The version is answered before init and without a pointer. */
	CHECK(CALL(PAPI_get_opt(PAPI_LIB_VERSION, NULL)) == PAPI_VERSION,
	      "PAPI_get_opt(PAPI_LIB_VERSION) is not PAPI_VERSION");
}

static void check_devices(void)
{
	void *h = NULL;
	int v;

	/* No device query works without a handle. (PAPI 7.0 dereferences
	 * it; a NULL handle is plainly an invalid argument.) */
	ERR(PAPI_enum_dev_type(PAPI_DEV_TYPE_ENUM__ALL, NULL), PAPI_EINVAL);
	ERR(PAPI_enum_dev_type(-1, NULL), PAPI_EINVAL);
	ERR(PAPI_get_dev_type_attr(NULL, PAPI_DEV_TYPE_ATTR__INT_COUNT, &v),
	    PAPI_EINVAL);
	ERR(PAPI_get_dev_type_attr(NULL, (PAPI_dev_type_attr_e)9999, NULL),
	    PAPI_EINVAL);
	ERR(PAPI_get_dev_attr(NULL, 0, PAPI_DEV_ATTR__CPU_UINT_FAMILY, &v),
	    PAPI_EINVAL);
	ERR(PAPI_get_dev_attr(NULL, -1, (PAPI_dev_attr_e)-1, NULL),
	    PAPI_EINVAL);
	/* A modifier that selects no device type ends the walk at once. */
	ERR(PAPI_enum_dev_type(0x1000, &h), ANY);
}

/* The rate, high-level and classic calls. Before init, a complete
 * implementation of these initializes the library itself (PAPI 5 and 7
 * do), so they are called last in that phase. */
static void check_high_level(void)
{
	float rt, pt, rate;
	long long ins, ref, core, evt;
	int codes[2] = { 0, -1 };

	ERR(PAPI_flips_rate(PAPI_FP_INS, NULL, NULL, NULL, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_flips_rate(PAPI_FP_INS, &rt, &pt, NULL, &rate), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	/* Only the three floating-point presets are accepted. */
	ERR(PAPI_flips_rate(0, &rt, &pt, &ins, &rate), PAPI_ENOEVNT,
	    PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_flips_rate(PAPI_NULL, NULL, NULL, NULL, NULL), PAPI_ENOEVNT,
	    PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_flops_rate(PAPI_FP_OPS, NULL, NULL, NULL, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_flops_rate(0x12345, &rt, &pt, &ins, &rate), PAPI_ENOEVNT,
	    PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_ipc(NULL, NULL, NULL, NULL), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_ipc(&rt, &pt, &ins, NULL), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_epc(0, NULL, NULL, NULL, NULL, NULL, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_epc(0, &rt, &pt, &ref, &core, &evt, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	/* Nothing is being measured, so there is nothing to stop. */
	ERR(PAPI_rate_stop(), PAPI_ENOEVNT, PAPI_ENOIMPL);

	/* A NULL region name is no region. (PAPI 7.0 has no code for it:
	 * it answers PAPI_EMISC, or crashes, depending on its state.) */
	ERR(PAPI_hl_region_begin(NULL), ANY);
	ERR(PAPI_hl_read(NULL), ANY);
	ERR(PAPI_hl_region_end(NULL), ANY);
	/* PAPI_hl_stop with nothing running: fine or an error. */
	OK_OR(PAPI_hl_stop(), ANY);

	/* PAPI 5 classic API. */
	ERR(PAPI_start_counters(NULL, 1), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_start_counters(codes, 0), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_start_counters(codes, -1), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_start_counters(codes, 2), BAD_CODE_ERRS, PAPI_ENOIMPL);
	/* Nothing started: reads and stops fail, however they are asked. */
	ERR(PAPI_read_counters(NULL, 1), ANY);
	ERR(PAPI_read_counters(vals, -1), ANY);
	ERR(PAPI_read_counters(vals, 2), ANY);
	ERR(PAPI_accum_counters(NULL, 1), ANY);
	ERR(PAPI_accum_counters(vals, -1), ANY);
	ERR(PAPI_stop_counters(NULL, 1), ANY);
	ERR(PAPI_stop_counters(vals, INT_MIN), ANY);
	ERR(PAPI_stop_counters(vals, 2), ANY);
	ERR(PAPI_flips(NULL, NULL, NULL, NULL), PAPI_EINVAL, PAPI_ENOIMPL);
	ERR(PAPI_flops(&rt, &pt, &ins, NULL), PAPI_EINVAL, PAPI_ENOIMPL);
	/* The number of counters, or an error. */
	{
		int n = CALL(PAPI_num_counters());

		if (n < 0)
			check_message(__LINE__, "PAPI_num_counters", n);
	}
}

/* ---- Before PAPI_library_init ------------------------------------------ */

static unsigned long bad_id_fn(void)
{
	return 42;
}

static void before_init(void)
{
	PAPI_event_info_t info;
	PAPI_option_t o;
	unsigned long tids[4];
	void *p = NULL;
	char name[PAPI_MAX_STR_LEN];
	int es, code, n, i;

	CHECK(CALL(PAPI_is_initialized()) == PAPI_NOT_INITED,
	      "PAPI_is_initialized() is %d before init", PAPI_is_initialized());
	/* Shutting down what never started is harmless. */
	CALL(PAPI_shutdown());
	CALL(PAPI_shutdown());
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED, "shutdown inited");

	check_strerror();
	check_timers(__LINE__);
	check_locks();
	check_debug();
	check_devices();

	/* A version of another release is refused and changes nothing. */
	ERR(PAPI_library_init(0), PAPI_EINVAL);
	ERR(PAPI_library_init(-1), PAPI_EINVAL);
	ERR(PAPI_library_init(INT_MIN), PAPI_EINVAL);
	ERR(PAPI_library_init(PAPI_VERSION_NUMBER(6, 0, 0, 0)), PAPI_EINVAL);
	ERR(PAPI_library_init(PAPI_VERSION_NUMBER(7, 1, 0, 0)), PAPI_EINVAL);
	ERR(PAPI_library_init(PAPI_VERSION_NUMBER(8, 0, 0, 0)), PAPI_EINVAL);
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED,
	      "a refused PAPI_library_init left the library initialized");

	/* Information calls answer NULL, not garbage. */
	CHECK(CALL(PAPI_get_hardware_info()) == NULL,
	      "PAPI_get_hardware_info() before init is not NULL");
	CHECK(CALL(PAPI_get_executable_info()) == NULL,
	      "PAPI_get_executable_info() before init is not NULL");
	CHECK(CALL(PAPI_get_shared_lib_info()) == NULL,
	      "PAPI_get_shared_lib_info() before init is not NULL");
	CHECK(CALL(PAPI_num_components()) >= 0, "PAPI_num_components < 0");
	for (i = 0; i < N_BAD_CIDX; i++)
		CHECK(CALL(PAPI_get_component_info(bad_cidx[i])) == NULL,
		      "PAPI_get_component_info(%d) is not NULL", bad_cidx[i]);
	/* "A zero result usually means the library has not been
	 * initialized" (PAPI 7.0, PAPI_num_cmp_hwctrs). */
	CHECK(CALL(PAPI_num_hwctrs()) <= 0,
	      "PAPI_num_hwctrs() > 0 before init");
	n = CALL(PAPI_num_cmp_hwctrs(0));
	CHECK(n <= 0, "PAPI_num_cmp_hwctrs(0) is %d before init", n);
	ERR(PAPI_get_dmem_info(NULL), PAPI_EINVAL);

	/* Threads: nothing to register with yet. */
	ERR(PAPI_thread_init(NULL), PAPI_ENOINIT);
	ERR(PAPI_thread_init(bad_id_fn), PAPI_ENOINIT);
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED,
	      "a refused PAPI_thread_init changed the init state");
	/* PAPI 7.0 answers PAPI_EMISC when no id function is registered. */
	{
		unsigned long id = CALL(PAPI_thread_id());

		CHECK(id == (unsigned long)PAPI_ENOINIT ||
			      id == (unsigned long)PAPI_EMISC,
		      "PAPI_thread_id() before init is %lu", id);
	}
	ERR(PAPI_register_thread(), PAPI_ENOINIT);
	/* PAPI 7.0: PAPI_EMISC, no thread record to drop. */
	ERR(PAPI_unregister_thread(), PAPI_ENOINIT, PAPI_EMISC);
	n = 4;
	ERR(PAPI_list_threads(tids, &n), PAPI_ENOINIT);
	ERR(PAPI_list_threads(NULL, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(PAPI_USR1_TLS, &p), PAPI_ENOINIT);
	ERR(PAPI_get_thr_specific(PAPI_USR1_TLS, NULL), PAPI_ENOINIT,
	    PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(-1, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(PAPI_USR2_TLS, &p), PAPI_ENOINIT);
	/* Multiplexing needs no preparation; PAPI_OK before init is fine. */
	OK_OR(PAPI_multiplex_init(), PAPI_ENOINIT);

	/* EventSets. */
	ERR(PAPI_create_eventset(NULL), PAPI_ENOINIT, PAPI_EINVAL);
	es = PAPI_NULL;
	ERR(PAPI_create_eventset(&es), PAPI_ENOINIT);
	CHECK(es == PAPI_NULL, "a failed create wrote %d", es);
	es = 5;
	ERR(PAPI_create_eventset(&es), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_destroy_eventset(NULL), PAPI_ENOINIT, PAPI_EINVAL);
	evset_table(__LINE__, bad_ids, N_BAD_IDS, PAPI_ENOINIT);
	{
		static const int some_ids[] = { 0, 1 };

		evset_table(__LINE__, some_ids, 2, PAPI_ENOINIT);
	}
	ERR(PAPI_list_events(0, NULL, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_state(0, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_read(0, NULL), PAPI_ENOINIT, PAPI_EINVAL);

	/* Events. Name lookups need the components; PAPI 7.0 checks the
	 * pointers first, so PAPI_EINVAL is as right as PAPI_ENOINIT. */
	ERR(PAPI_event_name_to_code("PAPI_TOT_CYC", &code), PAPI_ENOINIT);
	ERR(PAPI_event_name_to_code(NULL, &code), PAPI_EINVAL, PAPI_ENOINIT);
	ERR(PAPI_event_name_to_code("PAPI_TOT_CYC", NULL), PAPI_EINVAL,
	    PAPI_ENOINIT);
	for (i = 0; i < N_BAD_NAMES; i++) {
		ERR(PAPI_event_name_to_code(bad_names[i], &code), PAPI_ENOINIT,
		    BAD_NAME_ERRS);
		ERR(PAPI_query_named_event(bad_names[i]), PAPI_ENOINIT,
		    BAD_NAME_ERRS);
	}
	ERR(PAPI_query_named_event(NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_event_code_to_name(PAPI_TOT_CYC, NULL), PAPI_ENOINIT,
	    PAPI_EINVAL);
	ERR(PAPI_get_event_info(PAPI_TOT_CYC, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_enum_event(NULL, PAPI_ENUM_FIRST), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_enum_cmp_event(NULL, PAPI_ENUM_FIRST, 0), PAPI_ENOINIT,
	    PAPI_EINVAL, PAPI_ENOCMP);
	for (i = 0; i < N_BAD_CODES; i++) {
		code = bad_codes[i];
		ERR(PAPI_query_event(code), PAPI_ENOINIT, BAD_CODE_ERRS);
		ERR(PAPI_event_code_to_name(code, name), PAPI_ENOINIT,
		    BAD_CODE_ERRS);
		ERR(PAPI_get_event_info(code, &info), PAPI_ENOINIT,
		    BAD_CODE_ERRS);
		ERR(PAPI_get_event_component(code), PAPI_ENOINIT,
		    BAD_CODE_ERRS);
		ERR(PAPI_enum_event(&code, PAPI_ENUM_EVENTS), PAPI_ENOINIT,
		    BAD_CODE_ERRS);
		code = bad_codes[i];
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, 0),
		    PAPI_ENOINIT, BAD_CODE_ERRS);
	}

	/* Options. Only PAPI_DEBUG and PAPI_LIB_VERSION work before init. */
	memset(&o, 0, sizeof(o));
	for (i = 0; i < N_BAD_OPTIONS; i++) {
		ERR(PAPI_get_opt(bad_options[i], &o), PAPI_ENOINIT,
		    PAPI_EINVAL);
		ERR(PAPI_set_opt(bad_options[i], &o), PAPI_ENOINIT,
		    PAPI_EINVAL);
		ERR(PAPI_get_cmp_opt(bad_options[i], &o, 0), PAPI_ENOINIT,
		    PAPI_EINVAL, PAPI_ENOCMP, PAPI_ECMP);
	}
	ERR(PAPI_get_opt(PAPI_HWINFO, &o), PAPI_ENOINIT);
	ERR(PAPI_get_opt(PAPI_DOMAIN, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_set_opt(PAPI_DEFDOM, &o), PAPI_ENOINIT);
	ERR(PAPI_set_opt(PAPI_DOMAIN, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	/* PAPI 7.0 answers PAPI_ECMP for a bad index in PAPI_get_cmp_opt. */
	ERR(PAPI_get_cmp_opt(PAPI_MAX_HWCTRS, NULL, -1), PAPI_ENOINIT,
	    PAPI_ENOCMP, PAPI_ECMP);
	ERR(PAPI_set_domain(PAPI_DOM_USER), PAPI_ENOINIT);
	ERR(PAPI_set_granularity(PAPI_GRN_THR), PAPI_ENOINIT);
	for (i = 0; i < N_BAD_DOMAINS; i++)
		ERR(PAPI_set_domain(bad_domains[i]), PAPI_ENOINIT, PAPI_EINVAL,
		    PAPI_EINVAL_DOM);
	for (i = 0; i < N_BAD_GRANS; i++)
		ERR(PAPI_set_granularity(bad_grans[i]), PAPI_ENOINIT,
		    PAPI_EINVAL);
	for (i = 0; i < N_BAD_CIDX; i++) {
		ERR(PAPI_set_cmp_domain(PAPI_DOM_USER, bad_cidx[i]),
		    PAPI_ENOINIT, PAPI_ENOCMP);
		ERR(PAPI_set_cmp_granularity(PAPI_GRN_THR, bad_cidx[i]),
		    PAPI_ENOINIT, PAPI_ENOCMP);
		code = PAPI_NATIVE_MASK;
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, bad_cidx[i]),
		    PAPI_ENOINIT, PAPI_ENOCMP);
		n = CALL(PAPI_num_cmp_hwctrs(bad_cidx[i]));
		CHECK(n <= 0, "PAPI_num_cmp_hwctrs(%d) is %d before init",
		      bad_cidx[i], n);
	}

	/* Components: disabling is what may be done before init; an index
	 * or name of no component is still refused. */
	for (i = 0; i < N_BAD_CIDX; i++)
		ERR(PAPI_disable_component(bad_cidx[i]), PAPI_ENOCMP);
	ERR(PAPI_disable_component_by_name(NULL), PAPI_EINVAL);
	for (i = 0; i < N_BAD_NAMES; i++)
		ERR(PAPI_disable_component_by_name(bad_names[i]), PAPI_ENOCMP);
	ERR(PAPI_get_component_index(NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_get_component_index("nope"), PAPI_ENOINIT, PAPI_ENOCMP);

	check_timers(__LINE__);

	/* Last: calls that a complete implementation may answer by
	 * initializing the library. */
	check_high_level();
	if (PAPI_is_initialized() != PAPI_NOT_INITED) {
		printf("note: a high-level call initialized the library; "
		       "shutting it down\n");
		PAPI_shutdown();
	}
}

/* ---- After PAPI_library_init ------------------------------------------- */

/* A set holding perf::TASK-CLOCK, for the checks that need a set bound to
 * a component; PAPI_NULL where the machine cannot count it. */
static int make_counting_set(int *code)
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

/* PAPI_event_code_to_name writes at most PAPI_MAX_STR_LEN bytes, however
 * long the event's name is. A sysfs alias repeated makes a valid name far
 * longer than that (where the machine has the msr PMU). */
static void check_long_native_name(void)
{
	char name[400], out[PAPI_MAX_STR_LEN + 64];
	PAPI_event_info_t info;
	size_t len;
	int code, ret, i;

	if (PAPI_event_name_to_code("msr/tsc/", &code) != PAPI_OK)
		return;
	strcpy(name, "msr/tsc");
	for (len = strlen(name); len + 5 < sizeof(name) - 1; len += 4)
		strcat(name, ",tsc");
	strcat(name, "/");
	if (CALL(PAPI_event_name_to_code(name, &code)) != PAPI_OK)
		return; /* refusing such a name is fine too */
	memset(out, 0x5a, sizeof(out));
	ret = CALL(PAPI_event_code_to_name(code, out));
	CHECK(ret == PAPI_OK || ret == PAPI_EBUF,
	      "PAPI_event_code_to_name of a %zu-character name: %d",
	      strlen(name), ret);
	CHECK(memchr(out, '\0', PAPI_MAX_STR_LEN) != NULL,
	      "the name written is not terminated within PAPI_MAX_STR_LEN");
	for (i = PAPI_MAX_STR_LEN; i < (int)sizeof(out); i++)
		if (out[i] != 0x5a) {
			FAIL(__LINE__,
			     "PAPI_event_code_to_name wrote past "
			     "PAPI_MAX_STR_LEN (byte %d)",
			     i);
			break;
		}
	memset(&info, 0, sizeof(info));
	if (CALL(PAPI_get_event_info(code, &info)) == PAPI_OK)
		CHECK(memchr(info.symbol, '\0', sizeof(info.symbol)) != NULL,
		      "info.symbol is not terminated");
}

static void after_init_events(int es)
{
	PAPI_event_info_t info;
	char name[PAPI_MAX_STR_LEN];
	int code, i, n;

	/* Names of no event. */
	ERR(PAPI_event_name_to_code(NULL, &code), PAPI_EINVAL);
	ERR(PAPI_event_name_to_code("PAPI_TOT_CYC", NULL), PAPI_EINVAL);
	ERR(PAPI_query_named_event(NULL), PAPI_EINVAL);
	ERR(PAPI_add_named_event(es, NULL), PAPI_EINVAL);
	ERR(PAPI_remove_named_event(es, NULL), PAPI_EINVAL);
	for (i = 0; i < N_BAD_NAMES; i++) {
		const char *nm = bad_names[i];

		code = 0x5a5a5a5a;
		ERR(PAPI_event_name_to_code(nm, &code), BAD_NAME_ERRS);
		ERR(PAPI_query_named_event(nm), BAD_NAME_ERRS);
		ERR(PAPI_add_named_event(es, nm), BAD_NAME_ERRS);
		ERR(PAPI_remove_named_event(es, nm), BAD_NAME_ERRS);
		ERR(PAPI_get_component_index(nm), PAPI_ENOCMP);
		/* A plain unknown name must be exactly PAPI_ENOEVNT. */
		if (strlen(nm) < 64 && *nm)
			ERR(PAPI_event_name_to_code(nm, &code), PAPI_ENOEVNT);
	}
	CHECK(CALL(PAPI_num_events(es)) == 0, "bad names were added to %d", es);
	check_long_native_name();

	/* Codes of no event. */
	ERR(PAPI_event_code_to_name(PAPI_TOT_CYC, NULL), PAPI_EINVAL);
	ERR(PAPI_get_event_info(PAPI_TOT_CYC, NULL), PAPI_EINVAL);
	ERR(PAPI_enum_event(NULL, PAPI_ENUM_FIRST), PAPI_EINVAL);
	ERR(PAPI_enum_cmp_event(NULL, PAPI_ENUM_FIRST, 0), PAPI_EINVAL);
	for (i = 0; i < N_BAD_CODES; i++) {
		int c = bad_codes[i];

		ERR(PAPI_query_event(c), BAD_CODE_ERRS);
		ERR(PAPI_event_code_to_name(c, name), BAD_CODE_ERRS);
		ERR(PAPI_get_event_info(c, &info), BAD_CODE_ERRS);
		ERR(PAPI_get_event_component(c), BAD_CODE_ERRS);
		ERR(PAPI_add_event(es, c), BAD_CODE_ERRS);
		ERR(PAPI_add_events(es, &c, 1), BAD_CODE_ERRS);
		/* Removing what is not there: PAPI_EINVAL in PAPI 7.0. */
		ERR(PAPI_remove_event(es, c), BAD_CODE_ERRS);
		ERR(PAPI_remove_events(es, &c, 1), BAD_CODE_ERRS);
		code = c;
		/* Walking on from a code of no event finds nothing. */
		ERR(PAPI_enum_event(&code, PAPI_ENUM_EVENTS), BAD_CODE_ERRS);
		code = c;
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS,
					PAPI_num_components() + 5),
		    PAPI_ENOCMP);
	}
	CHECK(CALL(PAPI_num_events(es)) == 0, "bad codes were added to %d", es);
	/* A native code with an unknown modifier is refused. */
	if (PAPI_event_name_to_code("perf::TASK-CLOCK", &code) == PAPI_OK) {
		int c2 = code;

		ERR(PAPI_enum_event(&c2, 9999), ANY);
		c2 = code;
		ERR(PAPI_enum_event(&c2, -1), ANY);
		c2 = code;
		ERR(PAPI_enum_cmp_event(&c2, 9999,
					PAPI_get_event_component(code)),
		    ANY);
	}

	/* Component indexes. */
	for (i = 0; i < N_BAD_CIDX; i++) {
		code = PAPI_NATIVE_MASK;
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, bad_cidx[i]),
		    PAPI_ENOCMP);
		code = PAPI_PRESET_MASK;
		ERR(PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, bad_cidx[i]),
		    PAPI_ENOCMP);
		CHECK(CALL(PAPI_get_component_info(bad_cidx[i])) == NULL,
		      "PAPI_get_component_info(%d) is not NULL", bad_cidx[i]);
		/* PAPI 7.0's PAPI_num_cmp_hwctrs passes PAPI_get_cmp_opt's
		 * PAPI_ECMP through. */
		ERR(PAPI_num_cmp_hwctrs(bad_cidx[i]), PAPI_ENOCMP, PAPI_ECMP);
		ERR(PAPI_assign_eventset_component(es, bad_cidx[i]),
		    PAPI_ENOCMP);
	}
	n = PAPI_num_components();
	CHECK(CALL(PAPI_get_component_info(n)) == NULL,
	      "PAPI_get_component_info(num_components) is not NULL");
	ERR(PAPI_get_component_index(NULL), PAPI_EINVAL);
	ERR(PAPI_get_component_index(""), PAPI_ENOCMP);
	CHECK(CALL(PAPI_get_eventset_component(es)) == PAPI_ENOCMP,
	      "a set with no events and no component has one");
}

static void after_init_options(int es, int ces)
{
	PAPI_option_t o;
	int i;
	/* The options whose argument is a structure to fill. */
	static const int need_ptr[] = {
		PAPI_DOMAIN,	 PAPI_GRANUL,	  PAPI_ATTACH,
		PAPI_DETACH,	 PAPI_MULTIPLEX,  PAPI_HWINFO,
		PAPI_EXEINFO,	 PAPI_SHLIBINFO,  PAPI_COMPONENTINFO,
		PAPI_PRELOAD,	 PAPI_INHERIT,	  PAPI_CPU_ATTACH,
		PAPI_DEF_MPX_NS, PAPI_DEF_ITIMER, PAPI_DEF_ITIMER_NS,
	};

	for (i = 0; i < N_BAD_OPTIONS; i++) {
		memset(&o, 0, sizeof(o));
		ERR(PAPI_get_opt(bad_options[i], &o), PAPI_EINVAL);
		ERR(PAPI_get_opt(bad_options[i], NULL), PAPI_EINVAL);
		memset(&o, 0, sizeof(o));
		ERR(PAPI_set_opt(bad_options[i], &o), PAPI_EINVAL);
		ERR(PAPI_set_opt(bad_options[i], NULL), PAPI_EINVAL);
		ERR(PAPI_get_cmp_opt(bad_options[i], &o, 0), PAPI_EINVAL);
	}
	for (i = 0; i < (int)(sizeof(need_ptr) / sizeof(need_ptr[0])); i++) {
		/* PAPI 7.0 implements none of PAPI_PRELOAD, PAPI_CPU_ATTACH,
		 * PAPI_DEF_* on every component: PAPI_ENOIMPL or PAPI_ECMP are
		 * fine too; a NULL structure must never be written to. */
		ERR(PAPI_get_opt(need_ptr[i], NULL), PAPI_EINVAL);
		ERR(PAPI_set_opt(need_ptr[i], NULL), PAPI_EINVAL);
	}
	/* PAPI 7.0 also wants a structure for PAPI_DEBUG. */
	ERR(PAPI_set_opt(PAPI_DEBUG, NULL), PAPI_EINVAL);
	ERR(PAPI_get_cmp_opt(PAPI_COMPONENTINFO, NULL, 0), PAPI_EINVAL);
	for (i = 0; i < N_BAD_CIDX; i++) {
		ERR(PAPI_get_cmp_opt(PAPI_MAX_HWCTRS, NULL, bad_cidx[i]),
		    PAPI_ENOCMP, PAPI_ECMP);
		memset(&o, 0, sizeof(o));
		ERR(PAPI_get_cmp_opt(PAPI_COMPONENTINFO, &o, bad_cidx[i]),
		    PAPI_ENOCMP, PAPI_ECMP);
	}

	/* Domains. PAPI_set_domain goes through PAPI_DEFDOM, for which
	 * PAPI 7.0 answers PAPI_EINVAL; PAPI_DOMAIN answers
	 * PAPI_EINVAL_DOM. */
	for (i = 0; i < N_BAD_DOMAINS; i++) {
		int d = bad_domains[i];

		ERR(PAPI_set_domain(d), PAPI_EINVAL, PAPI_EINVAL_DOM);
		ERR(PAPI_set_cmp_domain(d, 0), PAPI_EINVAL, PAPI_EINVAL_DOM);
		memset(&o, 0, sizeof(o));
		o.defdomain.def_cidx = 0;
		o.defdomain.domain = d;
		ERR(PAPI_set_opt(PAPI_DEFDOM, &o), PAPI_EINVAL,
		    PAPI_EINVAL_DOM);
		memset(&o, 0, sizeof(o));
		o.domain.eventset = es;
		o.domain.domain = d;
		ERR(PAPI_set_opt(PAPI_DOMAIN, &o), PAPI_EINVAL_DOM);
		if (ces != PAPI_NULL) {
			o.domain.eventset = ces;
			ERR(PAPI_set_opt(PAPI_DOMAIN, &o), PAPI_EINVAL_DOM);
		}
	}
	for (i = 0; i < N_BAD_CIDX; i++) {
		ERR(PAPI_set_cmp_domain(PAPI_DOM_USER, bad_cidx[i]),
		    PAPI_ENOCMP);
		ERR(PAPI_set_cmp_granularity(PAPI_GRN_THR, bad_cidx[i]),
		    PAPI_ENOCMP);
		memset(&o, 0, sizeof(o));
		o.defdomain.def_cidx = bad_cidx[i];
		o.defdomain.domain = PAPI_DOM_USER;
		ERR(PAPI_set_opt(PAPI_DEFDOM, &o), PAPI_ENOCMP);
		memset(&o, 0, sizeof(o));
		o.defgranularity.def_cidx = bad_cidx[i];
		o.defgranularity.granularity = PAPI_GRN_THR;
		ERR(PAPI_set_opt(PAPI_DEFGRN, &o), PAPI_ENOCMP);
	}
	/* The default stayed what it was. */
	CHECK(CALL(PAPI_get_opt(PAPI_DEFDOM, NULL)) == PAPI_DOM_USER,
	      "the default domain changed: %d",
	      PAPI_get_opt(PAPI_DEFDOM, NULL));

	/* Granularities. */
	for (i = 0; i < N_BAD_GRANS; i++) {
		int g = bad_grans[i];

		ERR(PAPI_set_granularity(g), PAPI_EINVAL);
		ERR(PAPI_set_cmp_granularity(g, 0), PAPI_EINVAL);
		memset(&o, 0, sizeof(o));
		o.defgranularity.granularity = g;
		ERR(PAPI_set_opt(PAPI_DEFGRN, &o), PAPI_EINVAL);
		memset(&o, 0, sizeof(o));
		o.granularity.eventset = es;
		o.granularity.granularity = g;
		/* PAPI 7.0 checks the set's component first: PAPI_ENOCMP
		 * for a set bound to none. */
		ERR(PAPI_set_opt(PAPI_GRANUL, &o), PAPI_EINVAL, PAPI_ENOCMP);
		if (ces != PAPI_NULL) {
			o.granularity.eventset = ces;
			ERR(PAPI_set_opt(PAPI_GRANUL, &o), PAPI_EINVAL);
		}
	}

	/* Debug levels. */
	memset(&o, 0, sizeof(o));
	o.debug.level = -5;
	ERR(PAPI_set_opt(PAPI_DEBUG, &o), PAPI_EINVAL);
}

static void after_init_evsets(int es, int ces, int ccode)
{
	long long v[4];
	int codes[2] = { PAPI_REF_CYC, PAPI_REF_CYC };
	int n, st, tmp;

	/* Creating needs a pointer to PAPI_NULL. */
	ERR(PAPI_create_eventset(NULL), PAPI_EINVAL);
	tmp = 5;
	ERR(PAPI_create_eventset(&tmp), PAPI_EINVAL);
	CHECK(tmp == 5, "a refused create changed *EventSet to %d", tmp);
	tmp = 0;
	ERR(PAPI_create_eventset(&tmp), PAPI_EINVAL);
	tmp = INT_MIN;
	ERR(PAPI_create_eventset(&tmp), PAPI_EINVAL);
	tmp = es; /* an id that is in use */
	ERR(PAPI_create_eventset(&tmp), PAPI_EINVAL);
	ERR(PAPI_destroy_eventset(NULL), PAPI_EINVAL);
	tmp = PAPI_NULL;
	ERR(PAPI_destroy_eventset(&tmp), PAPI_ENOEVST);
	CHECK(tmp == PAPI_NULL, "a failed destroy changed the id to %d", tmp);

	/* Arrays and counts. */
	ERR(PAPI_add_events(es, NULL, 1), PAPI_EINVAL);
	ERR(PAPI_add_events(es, codes, 0), PAPI_EINVAL);
	ERR(PAPI_add_events(es, codes, -1), PAPI_EINVAL);
	ERR(PAPI_add_events(es, codes, INT_MIN), PAPI_EINVAL);
	ERR(PAPI_remove_events(es, NULL, 1), PAPI_EINVAL);
	ERR(PAPI_remove_events(es, codes, 0), PAPI_EINVAL);
	ERR(PAPI_remove_events(es, codes, -1), PAPI_EINVAL);
	/* PAPI 7.0 dereferences number without looking; NULL is plainly
	 * invalid. */
	ERR(PAPI_list_events(es, NULL, NULL), PAPI_EINVAL);
	ERR(PAPI_list_events(es, ev_list, NULL), PAPI_EINVAL);
	n = -1;
	ERR(PAPI_list_events(es, ev_list, &n), PAPI_EINVAL);
	n = 2;
	ERR(PAPI_list_events(es, NULL, &n), PAPI_EINVAL);
	n = INT_MIN;
	ERR(PAPI_list_events(es, ev_list, &n), PAPI_EINVAL);
	ERR(PAPI_state(es, NULL), PAPI_EINVAL);
	/* A set bound to no component: PAPI 7.0 answers PAPI_ENOCMP before
	 * it looks at anything else; this library may check the arguments
	 * first. */
	ERR(PAPI_read(es, NULL), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_accum(es, NULL), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_write(es, NULL), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_read_ts(es, NULL, &cyc), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_read_ts(es, v, NULL), PAPI_EINVAL, PAPI_ENOCMP);
	/* An empty set cannot start, and what is not running cannot stop. */
	ERR(PAPI_start(es), PAPI_EINVAL, PAPI_ENOCMP);
	ERR(PAPI_stop(es, v), PAPI_ENOTRUN, PAPI_ENOCMP);
	ERR(PAPI_stop(es, NULL), PAPI_ENOTRUN, PAPI_ENOCMP);
	CHECK(CALL(PAPI_state(es, &st)) == PAPI_OK && st == PAPI_STOPPED,
	      "state of an empty set is %#x", st);
	/* PAPI_attach takes a thread id; 0 is no thread. */
	ERR(PAPI_attach(es, 0), ANY);

	/* Overflow and profiling arguments. */
	ERR(PAPI_get_overflow_event_index(es, 1, NULL, &n), PAPI_EINVAL);
	n = 4;
	ERR(PAPI_get_overflow_event_index(es, 1, NULL, &n), PAPI_EINVAL);
	ERR(PAPI_get_overflow_event_index(es, 1, ev_list, NULL), PAPI_EINVAL);
	/* An empty vector, a zero count: PAPI_EINVAL in PAPI 7.0. */
	n = 4;
	ERR(PAPI_get_overflow_event_index(es, 0, ev_list, &n), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	n = 0;
	ERR(PAPI_get_overflow_event_index(es, 1, ev_list, &n), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	/* No buffer, on an empty set: whichever is noticed first (PAPI 7.0
	 * looks at the component, then at the event). */
	ERR(PAPI_sprofil(NULL, 1, es, PAPI_REF_CYC, 1000, 0), PAPI_EINVAL,
	    PAPI_ENOCMP, PAPI_ENOEVNT, PAPI_ENOIMPL);
	ERR(PAPI_profil(NULL, 64, NULL, 65536, es, PAPI_REF_CYC, 1000, 0),
	    PAPI_EINVAL, PAPI_ENOCMP, PAPI_ENOEVNT, PAPI_ENOIMPL);

	if (ces == PAPI_NULL) {
		printf("note: perf::TASK-CLOCK cannot be counted here; the "
		       "checks on a set bound to a component are skipped\n");
		return;
	}
	/* A set bound to a component: the NULL arrays are what is wrong. */
	ERR(PAPI_read(ces, NULL), PAPI_EINVAL);
	ERR(PAPI_accum(ces, NULL), PAPI_EINVAL);
	ERR(PAPI_write(ces, NULL), PAPI_EINVAL);
	ERR(PAPI_read_ts(ces, NULL, &cyc), PAPI_EINVAL);
	ERR(PAPI_read_ts(ces, v, NULL), PAPI_EINVAL);
	ERR(PAPI_stop(ces, v), PAPI_ENOTRUN);
	ERR(PAPI_stop(ces, NULL), PAPI_ENOTRUN);
	/* Adding an event twice conflicts. */
	ERR(PAPI_add_event(ces, ccode), PAPI_ECNFLCT);
	/* Removing one that is not in the set. */
	ERR(PAPI_remove_event(ces, PAPI_REF_CYC), PAPI_EINVAL, PAPI_ENOEVNT);
	/* Re-binding to another component is refused; binding to its own
	 * is fine. (PAPI 7.0 refuses any re-binding with PAPI_EINVAL.) */
	OK_OR(PAPI_assign_eventset_component(ces,
					     PAPI_get_eventset_component(ces)),
	      PAPI_EINVAL);
	/* Detaching a set that is not attached (PAPI 7.0: PAPI_EINVAL). */
	ERR(PAPI_detach(ces), PAPI_EINVAL);
	/* Overflow and profiling with bad thresholds, events not in the
	 * set, no handler, bad scales and flags. */
	ERR(PAPI_overflow(ces, ccode, -1, 0, ovf_handler), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_overflow(ces, ccode, 1000, 0, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_overflow(ces, ccode, 0, 0, ovf_handler), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_overflow(ces, PAPI_REF_CYC, 1000, 0, ovf_handler),
	    PAPI_ENOEVNT, PAPI_ENOIMPL);
	ERR(PAPI_overflow(ces, 0, 1000, 0, ovf_handler), PAPI_ENOEVNT,
	    PAPI_EINVAL, PAPI_ENOIMPL);
	{
		PAPI_sprofil_t sp = { profbuf, sizeof(profbuf), NULL, 0 };

		/* A scale of 0 or 1 is undefined. */
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, 1000, 0), PAPI_EINVAL,
		    PAPI_ENOIMPL);
		sp.pr_scale = 65536;
		ERR(PAPI_sprofil(&sp, -1, ces, ccode, 1000, 0), PAPI_EINVAL,
		    PAPI_ENOIMPL);
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, -1, 0), PAPI_EINVAL,
		    PAPI_ENOIMPL);
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, 1000, 0x7fff0000),
		    PAPI_EINVAL, PAPI_ENOIMPL);
		/* Two bucket sizes at once. */
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, 1000,
				 PAPI_PROFIL_BUCKET_16 | PAPI_PROFIL_BUCKET_32),
		    PAPI_EINVAL, PAPI_ENOIMPL);
		ERR(PAPI_sprofil(&sp, 1, ces, PAPI_REF_CYC, 1000, 0),
		    PAPI_ENOEVNT, PAPI_ENOIMPL);
		ERR(PAPI_profil(profbuf, sizeof(profbuf), NULL, 1, ces, ccode,
				1000, 0),
		    PAPI_EINVAL, PAPI_ENOIMPL);
		ERR(PAPI_profil(profbuf, sizeof(profbuf), NULL, 65536, ces,
				ccode, -1, 0),
		    PAPI_EINVAL, PAPI_ENOIMPL);
	}
	/* Nothing above changed the set. */
	n = 4;
	CHECK(CALL(PAPI_list_events(ces, ev_list, &n)) == PAPI_OK && n == 1 &&
		      ev_list[0] == ccode,
	      "the set changed: %d events", n);
	CHECK(CALL(PAPI_state(ces, &st)) == PAPI_OK && st == PAPI_STOPPED,
	      "the set's state changed to %#x", st);
}

static void after_init_threads(void)
{
	unsigned long tids[4];
	void *p = NULL;
	int n;

	ERR(PAPI_thread_init(NULL), PAPI_EINVAL);
	ERR(PAPI_list_threads(NULL, NULL), PAPI_EINVAL);
	ERR(PAPI_list_threads(tids, NULL), PAPI_EINVAL);
	n = 0;
	ERR(PAPI_list_threads(tids, &n), PAPI_EINVAL);
	n = -1;
	ERR(PAPI_list_threads(tids, &n), PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(PAPI_USR1_TLS, NULL), PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(-1, &p), PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(99, &p), PAPI_EINVAL);
	ERR(PAPI_get_thr_specific(INT_MIN, &p), PAPI_EINVAL);
	/* The all-threads form needs its structure too. */
	ERR(PAPI_get_thr_specific(PAPI_TLS_ALL_THREADS | PAPI_USR1_TLS, NULL),
	    PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(-1, p), PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(99, p), PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(INT_MIN, p), PAPI_EINVAL);
	ERR(PAPI_set_thr_specific(PAPI_TLS_ALL_THREADS | PAPI_USR1_TLS, p),
	    PAPI_EINVAL);
}

static void after_init(void)
{
	int es = PAPI_NULL, ces, ccode = 0, dead, ret;

	ret = CALL(PAPI_library_init(PAPI_VER_CURRENT));
	if (ret != PAPI_VER_CURRENT) {
		printf("SKIP: PAPI_library_init failed: %d\n", ret);
		exit(77);
	}
	CHECK(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED,
	      "not initialized after PAPI_library_init");
	/* A wrong version afterwards is still wrong, and harmless. */
	ERR(PAPI_library_init(0), PAPI_EINVAL);
	ERR(PAPI_library_init(PAPI_VERSION_NUMBER(6, 0, 0, 0)), PAPI_EINVAL);
	CHECK(PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED,
	      "a refused PAPI_library_init shut the library down");

	check_strerror();
	check_timers(__LINE__);
	check_locks();
	check_debug();
	check_devices();
	ERR(PAPI_get_dmem_info(NULL), PAPI_EINVAL);
	CHECK(CALL(PAPI_get_hardware_info()) != NULL,
	      "PAPI_get_hardware_info() is NULL after init");
	/* Calls without arguments: they just must not fail oddly. */
	CALL(PAPI_get_executable_info());
	CALL(PAPI_get_shared_lib_info());
	CHECK(CALL(PAPI_num_hwctrs()) >= 0, "PAPI_num_hwctrs() < 0");
	CHECK(CALL(PAPI_num_components()) >= 1, "no components");
	OK_OR(PAPI_multiplex_init(), ANY);
	OK_OR(PAPI_register_thread(), ANY);
	CALL(PAPI_thread_id());
	/* Disabling is for before init only (PAPI 7.0: PAPI_ENOINIT). */
	ERR(PAPI_disable_component(0), PAPI_ENOINIT);
	ERR(PAPI_disable_component(-1), PAPI_ENOINIT, PAPI_ENOCMP);
	ERR(PAPI_disable_component_by_name("perf_event"), PAPI_ENOINIT);
	ERR(PAPI_disable_component_by_name(NULL), PAPI_ENOINIT, PAPI_EINVAL);

	/* No set exists yet: every id is bad, 0 and 1 included. */
	evset_table(__LINE__, bad_ids, N_BAD_IDS, PAPI_ENOEVST);
	{
		static const int unused[] = { 0, 1, 63, 64, 65 };

		evset_table(__LINE__, unused, 5, PAPI_ENOEVST);
	}
	/* An id that was destroyed is bad as well. */
	CHECK(CALL(PAPI_create_eventset(&es)) == PAPI_OK, "create");
	dead = es;
	CHECK(CALL(PAPI_destroy_eventset(&es)) == PAPI_OK && es == PAPI_NULL,
	      "destroy");
	evset_table(__LINE__, &dead, 1, PAPI_ENOEVST);

	/* A real, empty set for the argument checks. */
	es = PAPI_NULL;
	CHECK(CALL(PAPI_create_eventset(&es)) == PAPI_OK, "create");
	ces = make_counting_set(&ccode);

	after_init_events(es);
	after_init_options(es, ces);
	after_init_evsets(es, ces, ccode);
	after_init_threads();
	check_high_level();

	/* The sets came through unharmed and can go. */
	CHECK(CALL(PAPI_num_events(es)) == 0, "bad input added events");
	CHECK(CALL(PAPI_destroy_eventset(&es)) == PAPI_OK, "destroy");
	if (ces != PAPI_NULL) {
		CHECK(CALL(PAPI_cleanup_eventset(ces)) == PAPI_OK, "cleanup");
		CHECK(CALL(PAPI_destroy_eventset(&ces)) == PAPI_OK, "destroy");
	}
	/* Dropping the thread twice: the second time there is none. */
	OK_OR(PAPI_unregister_thread(), ANY);
	ERR(PAPI_unregister_thread(), PAPI_EINVAL, PAPI_EMISC);
}

/* ---- After PAPI_shutdown ----------------------------------------------- */

static void after_shutdown(void)
{
	static const int some_ids[] = { 0, 1, PAPI_NULL, INT_MAX };
	int es = PAPI_NULL, code;

	CALL(PAPI_shutdown());
	CHECK(PAPI_is_initialized() == PAPI_NOT_INITED,
	      "still initialized after PAPI_shutdown");
	CALL(PAPI_shutdown());
	/* Everything is as before init again. */
	evset_table(__LINE__, some_ids, 4, PAPI_ENOINIT);
	ERR(PAPI_create_eventset(&es), PAPI_ENOINIT);
	ERR(PAPI_event_name_to_code("perf::TASK-CLOCK", &code), PAPI_ENOINIT);
	ERR(PAPI_register_thread(), PAPI_ENOINIT);
	CHECK(CALL(PAPI_get_hardware_info()) == NULL,
	      "PAPI_get_hardware_info() after shutdown is not NULL");
	check_timers(__LINE__);
	check_strerror();
}

int main(void)
{
#if !defined(__SANITIZE_ADDRESS__)
	signal(SIGSEGV, on_crash);
	signal(SIGBUS, on_crash);
	signal(SIGFPE, on_crash);
	signal(SIGILL, on_crash);
	signal(SIGABRT, on_crash);
#endif
	/* The library must stay quiet however it is called: stderr is for
	 * this test's own failures. (PAPI_VERB_ESTOP would exit.) */
	make_names();
	before_init();
	after_init();
	after_shutdown();

	printf("%d calls with bad input, %d failures\n", ncalls, failures);
	return failures ? 1 : 0;
}
