/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * PAPI 7's high-level API through papi.h, and the report it writes at exit.
 * Each scenario runs in a child process (the report is written when it
 * exits) with its own PAPI_OUTPUT_DIRECTORY; the parent parses the JSON
 * (with the report tool's reader) and checks it:
 *   - nested regions, their ids and parents, PAPI_hl_read, threads, the
 *     error codes of unmatched calls, PAPI_hl_stop and a restart;
 *   - PAPI_EVENTS with an event that does not exist (left out);
 *   - the default events, or the documented fallback without a PMU;
 *   - "=instant" events; a region left open (left out of the report);
 *   - the MPI rank in the file name; an older directory moved aside;
 *   - region names compared by their characters, of every length up to
 *     40, ending at a page's last byte, one buffer reused for two names;
 *   - the clocks: a region's cycles and real_time_nsec against
 *     PAPI_get_real_cyc() and PAPI_get_real_nsec() around it (where the
 *     regions store raw timer ticks, the report scales them).
 * Exit 0 pass, 1 fail, 77 skip when no event at all can be counted here.
 */
#include <papi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "../../tools/papi_hl_output_writer/json.c"

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

/* In a child: a failed call ends it with status 1 after saying which. */
#define MUST(call, want)                                                       \
	do {                                                                   \
		int got_ = (call);                                             \
		if (got_ != (want)) {                                          \
			printf("FAIL line %d: %s = %d (%s), want %d\n",        \
			       __LINE__, #call, got_, PAPI_strerror(got_),     \
			       (want));                                        \
			exit(1);                                               \
		}                                                              \
	} while (0)

static char top[64];
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

/* Run fn in a child with these environment settings ("NAME=value", or
 * "NAME" to unset); the output directory is top/name. */
static int run(const char *name, void (*fn)(void), const char *const *env)
{
	char dir[128];
	pid_t pid;
	int st, i;

	snprintf(dir, sizeof(dir), "%s/%s", top, name);
	mkdir(dir, 0755);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		setenv("PAPI_OUTPUT_DIRECTORY", dir, 1);
		unsetenv("PAPI_EVENTS");
		for (i = 0; env && env[i]; i++)
			putenv((char *)env[i]);
		fn();
		exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) ||
	    WEXITSTATUS(st) != 0) {
		printf("FAIL: scenario %s did not exit 0\n", name);
		failures++;
		return -1;
	}
	return 0;
}

/* The one report of a scenario, parsed; NULL (and a failure) if absent. */
static struct json *report(const char *name, const char *file)
{
	char path[256], err[256], *text;
	struct json *root;
	FILE *f;
	long len;

	snprintf(path, sizeof(path), "%s/%s/papi_hl_output/%s", top, name,
		 file);
	f = fopen(path, "r");
	if (!f) {
		printf("FAIL: no report %s\n", path);
		failures++;
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)len + 1);
	if (text && fread(text, 1, (size_t)len, f) != (size_t)len)
		len = -1;
	fclose(f);
	root = text && len >= 0 ? json_parse(text, err, sizeof(err)) : NULL;
	free(text);
	CHECK(root, "%s: not JSON: %s", path, err);
	return root;
}

/* The file name of the single report in top/name/papi_hl_output. */
static int only_file(const char *name, char *out, size_t len)
{
	char cmd[512];
	FILE *p;
	int n = 0;

	snprintf(cmd, sizeof(cmd), "ls %s/%s/papi_hl_output", top, name);
	p = popen(cmd, "r");
	while (p && fgets(out, (int)len, p))
		n++;
	if (p)
		pclose(p);
	out[strcspn(out, "\n")] = '\0';
	CHECK(n == 1, "%s: %d reports, want 1", name, n);
	return n == 1 ? 0 : -1;
}

/* Run fn in a child called name and parse its one report: NULL when a
 * step fails (each step has counted its failure). */
static struct json *child_report(const char *name, void (*fn)(void),
				 const char *const *env)
{
	char file[128];

	if (run(name, fn, env) || only_file(name, file, sizeof(file)))
		return NULL;
	return report(name, file);
}

static const struct json *region(const struct json *root, const char *thread,
				 const char *id)
{
	return json_get(json_get(json_get(json_get(root, "threads"), thread),
				 "regions"),
			id);
}

/* An event's "type" in event_definitions, or "". */
static const char *type_of(const struct json *root, const char *event)
{
	const char *t = json_str(json_get(json_get(root, "event_definitions"),
					  event),
				 "type");

	return t ? t : "";
}

static long long num(const struct json *r, const char *key)
{
	const struct json *v = json_get(r, key);

	if (v && v->type == JSON_OBJECT)
		v = json_get(v, "region_value");
	return v && v->str ? atoll(v->str) : -1;
}

/* ---- the scenarios (children) and their checks (parent) ---------------- */

static void *thread_regions(void *arg)
{
	(void)arg;
	/* Regions are per thread: main's open ones are not this thread's. */
	MUST(PAPI_hl_region_end("outer"), PAPI_ENOTRUN);
	MUST(PAPI_hl_region_begin("thr"), PAPI_OK);
	work(2000000);
	MUST(PAPI_hl_region_end("thr"), PAPI_OK);
	return NULL;
}

static void regions_child(void)
{
	pthread_t t;

	MUST(PAPI_hl_region_begin(NULL), PAPI_EINVAL);
	MUST(PAPI_hl_read("x"), PAPI_ENOTRUN);
	MUST(PAPI_hl_region_end("x"), PAPI_ENOTRUN);
	MUST(PAPI_hl_stop(), PAPI_ENOEVNT);
	MUST(PAPI_hl_region_begin("outer"), PAPI_OK);
	MUST(PAPI_hl_region_begin("inner"), PAPI_OK);
	work(3000000);
	MUST(PAPI_hl_region_end("inner"), PAPI_OK);
	MUST(PAPI_hl_read("outer"), PAPI_OK);
	MUST(PAPI_hl_region_begin("inner"), PAPI_OK);
	work(3000000);
	/* Regions nest: "outer" cannot end before "inner". */
	MUST(PAPI_hl_region_end("outer"), PAPI_EINVAL);
	MUST(PAPI_hl_region_end("inner"), PAPI_OK);
	MUST(PAPI_hl_read("nope"), PAPI_EINVAL);
	MUST(PAPI_hl_region_end("outer"), PAPI_OK);
	MUST(pthread_create(&t, NULL, thread_regions, NULL), 0);
	MUST(pthread_join(t, NULL), 0);
	/* Stopped, then counting again from the next region. */
	MUST(PAPI_hl_stop(), PAPI_OK);
	MUST(PAPI_hl_stop(), PAPI_ENOEVNT);
	MUST(PAPI_hl_region_begin("after"), PAPI_OK);
	work(2000000);
	MUST(PAPI_hl_region_end("after"), PAPI_OK);
}

static void check_region(const struct json *r, const char *name, int parent)
{
	const char *n = json_str(r, "name"), *p = json_str(r, "parent_region_id");

	CHECK(n && !strcmp(n, name), "region %s: name %s", name, n ? n : "-");
	CHECK(p && atoi(p) == parent, "region %s: parent %s, want %d", name,
	      p ? p : "-", parent);
	CHECK(num(r, "perf::TASK-CLOCK") > 0 && num(r, "cycles") > 0 &&
		      num(r, "real_time_nsec") > 0,
	      "region %s: values not positive", name);
}

static void regions(void)
{
	static const char *const env[] = {
		"PAPI_EVENTS=perf::TASK-CLOCK, no::SUCH_EVENT", NULL
	};
	const struct json *defs, *outer, *in1, *in2, *rd;
	const char *main_t, *thr_t;
	struct json *root;

	root = child_report("regions", regions_child, env);
	if (!root)
		return;
	defs = json_get(root, "event_definitions");
	CHECK(defs && defs->n == 1 && json_get(defs, "perf::TASK-CLOCK"),
	      "event_definitions: want perf::TASK-CLOCK alone");
	CHECK(!strcmp(type_of(root, "perf::TASK-CLOCK"), "delta"),
	      "perf::TASK-CLOCK not delta");
	/* Threads are listed by thread id, as in PAPI 7: the main thread's
	 * usually comes first, but not when the thread ids wrapped around
	 * pid_max between the two (CI starts many processes). */
	main_t = "0";
	thr_t = "1";
	{
		const char *n = json_str(region(root, "0", "0"), "name");

		if (n && !strcmp(n, "thr")) {
			main_t = "1";
			thr_t = "0";
		}
	}
	outer = region(root, main_t, "0");
	in1 = region(root, main_t, "1");
	in2 = region(root, main_t, "2");
	check_region(outer, "outer", -1);
	check_region(in1, "inner", 0);
	check_region(in2, "inner", 0);
	check_region(region(root, main_t, "3"), "after", -1);
	check_region(region(root, thr_t, "0"), "thr", -1);
	CHECK(num(outer, "perf::TASK-CLOCK") >=
		      num(in1, "perf::TASK-CLOCK") + num(in2, "perf::TASK-CLOCK"),
	      "outer's CPU time is less than its two inner regions'");
	/* PAPI_hl_read("outer") between the two inner regions. */
	rd = json_get(outer, "perf::TASK-CLOCK");
	CHECK(rd && rd->type == JSON_OBJECT && json_str(rd, "read_1") &&
		      atoll(json_str(rd, "read_1")) >=
			      num(in1, "perf::TASK-CLOCK") &&
		      atoll(json_str(rd, "read_1")) <
			      num(outer, "perf::TASK-CLOCK"),
	      "outer's read_1 missing or out of range");
	CHECK(json_get(json_get(root, "threads"), "2") == NULL,
	      "a third thread in the report");
	json_free(root);
}

static void one_region_child(void)
{
	MUST(PAPI_hl_region_begin("a"), PAPI_OK);
	work(5000000);
	MUST(PAPI_hl_region_end("a"), PAPI_OK);
	MUST(PAPI_hl_region_begin("b"), PAPI_OK);
	work(100000);
	MUST(PAPI_hl_region_end("b"), PAPI_OK);
	/* Left open at exit: not in the report, the rest still is. */
	MUST(PAPI_hl_region_begin("open"), PAPI_OK);
}

/* Without PAPI_EVENTS: PAPI 7's default, PAPI_TOT_CYC, or the fallback. */
static void defaults(void)
{
	const struct json *defs;
	struct json *root;
	int pmu;

	root = child_report("defaults", one_region_child, NULL);
	if (!root)
		return;
	PAPI_library_init(PAPI_VER_CURRENT);
	pmu = PAPI_query_event(PAPI_TOT_CYC) == PAPI_OK;
	defs = json_get(root, "event_definitions");
	if (pmu)
		CHECK(defs && defs->n == 1 && json_get(defs, "PAPI_TOT_CYC"),
		      "default events: want PAPI_TOT_CYC");
	else
		CHECK(defs && json_get(defs, "perf::TASK-CLOCK") &&
			      (PAPI_query_event(PAPI_REF_CYC) != PAPI_OK ||
			       json_get(defs, "PAPI_REF_CYC")),
		      "fallback events: want perf::TASK-CLOCK, PAPI_REF_CYC");
	PAPI_shutdown();
	CHECK(json_str(region(root, "0", "1"), "name") &&
		      !region(root, "0", "2"),
	      "want regions a and b only (open left out)");
	json_free(root);
}

/* "=instant": the value at the end, not the difference. */
/* An instant event read and ended after PAPI_hl_stop: its value at the
 * stop, in both. */
static void instant_stopped_child(void)
{
	MUST(PAPI_hl_region_begin("s"), PAPI_OK);
	work(3000000);
	MUST(PAPI_hl_stop(), PAPI_OK);
	MUST(PAPI_hl_read("s"), PAPI_OK);
	MUST(PAPI_hl_region_end("s"), PAPI_OK);
}

static void instant_stopped(void)
{
	static const char *const env[] = {
		"PAPI_EVENTS=perf::TASK-CLOCK=instant", NULL
	};
	const struct json *r, *v;
	struct json *root;

	root = child_report("instant_stopped", instant_stopped_child, env);
	if (!root)
		return;
	r = region(root, "0", "0");
	v = json_get(r, "perf::TASK-CLOCK");
	CHECK(num(r, "perf::TASK-CLOCK") > 0 && v && json_str(v, "read_1") &&
		      atoll(json_str(v, "read_1")) ==
			      num(r, "perf::TASK-CLOCK"),
	      "stopped instant event: end %lld, read %s: want the value at "
	      "the stop in both",
	      num(r, "perf::TASK-CLOCK"),
	      v && json_str(v, "read_1") ? json_str(v, "read_1") : "-");
	json_free(root);
}

static void instant(void)
{
	static const char *const env[] = {
		"PAPI_EVENTS=perf::TASK-CLOCK=instant", "OMPI_COMM_WORLD_RANK=7",
		NULL
	};
	const struct json *a, *b;
	struct json *root;

	if (run("instant", one_region_child, env))
		return;
	/* The MPI rank names the file. */
	root = report("instant", "rank_000007.json");
	if (!root)
		return;
	CHECK(!strcmp(type_of(root, "perf::TASK-CLOCK"), "instant"),
	      "type is not instant");
	a = region(root, "0", "0");
	b = region(root, "0", "1");
	CHECK(num(b, "perf::TASK-CLOCK") >= num(a, "perf::TASK-CLOCK") &&
		      num(b, "perf::TASK-CLOCK") > num(b, "real_time_nsec"),
	      "instant value of b (%lld) is not the running total",
	      num(b, "perf::TASK-CLOCK"));
	json_free(root);
}

/* An older measurement directory is moved aside, not overwritten. */
static void aside(void)
{
	static const char *const env[] = { "PAPI_EVENTS=perf::TASK-CLOCK",
					   NULL };
	struct utimbuf old = { time(NULL) - 3600, time(NULL) - 3600 };
	char path[256], file[128], cmd[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/aside", top);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/aside/papi_hl_output", top);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/aside/papi_hl_output/rank_000001.json",
		 top);
	f = fopen(path, "w");
	if (f)
		fclose(f);
	snprintf(path, sizeof(path), "%s/aside/papi_hl_output", top);
	utime(path, &old);
	if (run("aside", one_region_child, env) ||
	    only_file("aside", file, sizeof(file)))
		return;
	CHECK(strcmp(file, "rank_000001.json"), "old report not moved");
	snprintf(cmd, sizeof(cmd),
		 "test -f %s/aside/papi_hl_output-*/rank_000001.json", top);
	CHECK(system(cmd) == 0, "old directory not kept beside the new one");
}

static void restart_child(void)
{
	MUST(PAPI_hl_region_begin("before"), PAPI_OK);
	work(1000000);
	MUST(PAPI_hl_region_end("before"), PAPI_OK);
	/* The regions outlive the library; the next one starts it again. */
	PAPI_shutdown();
	MUST(PAPI_hl_region_begin("after"), PAPI_OK);
	work(1000000);
	MUST(PAPI_hl_region_end("after"), PAPI_OK);
}

static void restart(void)
{
	static const char *const env[] = { "PAPI_EVENTS=perf::TASK-CLOCK",
					   NULL };
	struct json *root;

	root = child_report("restart", restart_child, env);
	if (!root)
		return;
	/* One thread, two contexts: before and after the shutdown. */
	check_region(region(root, "0", "0"), "before", -1);
	check_region(region(root, "1", "0"), "after", -1);
	json_free(root);
}

/* Names are compared word by word (core/hl.c, name_is): every length, a
 * difference at every position, a name that ends at the last byte of a
 * page followed by one that cannot be read, and one buffer holding two
 * names in turn. A child: a wrong answer or a fault fails the scenario. */
static void names_child(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	char *two = mmap(NULL, 2 * (size_t)pg, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	char name[48], buf[48];
	int len, i;

	if (two == MAP_FAILED || mprotect(two + pg, (size_t)pg, PROT_NONE))
		exit(1);
	for (len = 0; len <= 40; len++) {
		char *edge = two + pg - (len + 1);

		for (i = 0; i < len; i++)
			name[i] = (char)('a' + (i * 7 + len) % 26);
		name[len] = '\0';
		memcpy(edge, name, (size_t)len + 1);
		MUST(PAPI_hl_region_begin(name), PAPI_OK);
		/* Shorter, longer, one character off: not this region. */
		for (i = 0; i < len; i++) {
			memcpy(buf, name, (size_t)len + 1);
			buf[i] = (char)(buf[i] == 'z' ? 'y' : buf[i] + 1);
			MUST(PAPI_hl_read(buf), PAPI_EINVAL);
			buf[i] = '\0';
			MUST(PAPI_hl_read(buf), PAPI_EINVAL);
		}
		memcpy(buf, name, (size_t)len + 1);
		buf[len] = 'q';
		buf[len + 1] = '\0';
		MUST(PAPI_hl_read(buf), PAPI_EINVAL);
		/* The same characters elsewhere, up to a page's end. */
		MUST(PAPI_hl_read(edge), PAPI_OK);
		MUST(PAPI_hl_region_end(edge), PAPI_OK);
		MUST(PAPI_hl_region_begin(edge), PAPI_OK);
		MUST(PAPI_hl_region_end(name), PAPI_OK);
	}
	/* One buffer, two names: the second is not the open region. */
	strcpy(buf, "first");
	MUST(PAPI_hl_region_begin(buf), PAPI_OK);
	strcpy(buf, "other");
	MUST(PAPI_hl_region_end(buf), PAPI_EINVAL);
	MUST(PAPI_hl_region_begin(buf), PAPI_OK);
	MUST(PAPI_hl_region_end("other"), PAPI_OK);
	MUST(PAPI_hl_region_end("first"), PAPI_OK);
}

static void names(void)
{
	static const char *const env[] = { "PAPI_EVENTS=perf::TASK-CLOCK",
					   NULL };
	struct json *root;

	root = child_report("names", names_child, env);
	if (!root)
		return;
	/* 41 lengths, two regions each, then "first" and "other". */
	CHECK(json_str(region(root, "0", "83"), "name") &&
		      !strcmp(json_str(region(root, "0", "83"), "name"),
			      "other") &&
		      !region(root, "0", "84"),
	      "names: want 84 regions, the last \"other\"");
	json_free(root);
}

/* The clocks around a region that sleeps 30 ms, measured by the child
 * with PAPI_get_real_cyc/_nsec and left in top/clocks/around. */
static void clocks_child(void)
{
	long long c0, n0, c1, n1;
	char path[160];
	FILE *f;

	MUST(PAPI_hl_region_begin("warm"), PAPI_OK);
	MUST(PAPI_hl_region_end("warm"), PAPI_OK);
	c0 = PAPI_get_real_cyc();
	n0 = PAPI_get_real_nsec();
	MUST(PAPI_hl_region_begin("sleep"), PAPI_OK);
	usleep(30000);
	MUST(PAPI_hl_region_end("sleep"), PAPI_OK);
	c1 = PAPI_get_real_cyc();
	n1 = PAPI_get_real_nsec();
	snprintf(path, sizeof(path), "%s/clocks/around", top);
	f = fopen(path, "w");
	if (!f || fprintf(f, "%lld %lld\n", c1 - c0, n1 - n0) < 0 || fclose(f))
		exit(1);
}

/* The region's clocks lie inside what was measured around it, and the
 * 30 ms sleep is most of that: a reading left unscaled, or scaled by the
 * wrong factor, is far outside. */
static void clocks(void)
{
	static const char *const env[] = { "PAPI_EVENTS=perf::TASK-CLOCK",
					   NULL };
	long long cyc = -1, ns = -1, rc, rn;
	const struct json *r;
	struct json *root;
	char file[128], path[160];
	FILE *f;

	if (run("clocks", clocks_child, env) ||
	    only_file("clocks", file, sizeof(file)))
		return;
	snprintf(path, sizeof(path), "%s/clocks/around", top);
	f = fopen(path, "r");
	CHECK(f && fscanf(f, "%lld %lld", &cyc, &ns) == 2, "no %s", path);
	if (f)
		fclose(f);
	root = report("clocks", file);
	if (!root)
		return;
	r = region(root, "0", "1");
	rc = num(r, "cycles");
	rn = num(r, "real_time_nsec");
	CHECK(ns >= 30000000 && rn >= 30000000 && rn <= ns,
	      "sleep region: real_time_nsec %lld, want 30 ms .. %lld", rn, ns);
	CHECK(cyc > 0 && rc > 0 && rc <= cyc && rc >= cyc / 2,
	      "sleep region: cycles %lld, want %lld / 2 .. %lld", rc, cyc / 2,
	      cyc);
	json_free(root);
}

static void scenarios(void)
{
	restart();
	names();
	clocks();
	regions();
	defaults();
	instant();
	instant_stopped();
	aside();
}

int main(void)
{
	int code;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_event_name_to_code("perf::TASK-CLOCK", &code) != PAPI_OK) {
		printf("SKIP: perf::TASK-CLOCK does not exist here\n");
		return 77;
	}
	PAPI_shutdown();
	snprintf(top, sizeof(top), "/tmp/papi_test_hl_XXXXXX");
	if (!mkdtemp(top)) {
		perror("mkdtemp");
		return 1;
	}
	scenarios();
	if (!failures) {
		char cmd[128];

		snprintf(cmd, sizeof(cmd), "rm -rf %s", top);
		if (system(cmd) != 0)
			printf("(could not remove %s)\n", top);
	} else {
		printf("%d failure(s); reports kept in %s\n", failures, top);
	}
	return failures ? 1 : 0;
}
