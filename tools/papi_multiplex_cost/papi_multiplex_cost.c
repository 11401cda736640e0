// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi_multiplex_cost: what PAPI_start+PAPI_stop, PAPI_read, PAPI_read_ts,
 * PAPI_accum and PAPI_reset cost on a multiplexed event set, against the
 * number of events in it. Each call is timed with PAPI_get_real_cyc before
 * and after it; min, max, mean and (sample) standard deviation of those
 * cycles go to one .dat file per operation in the current directory, one
 * row per number of events, in the layout of PAPI 7.0's utility so that
 * the scripts that plot its files read ours:
 *
 *   ###Multiplexed PAPI_read()
 *   #number of events<TAB>min cycles<TAB>...<TAB>sw std dev
 *   %20d  %10lld %10lld %10f %10f   %10lld %10lld %10f %10f   (TAB-separated)
 *
 * The first four figures are the set multiplexed with PAPI_set_multiplex
 * ("kernel"), the last four the set multiplexed with PAPI_set_opt
 * (PAPI_MULTIPLEX) and PAPI_MULTIPLEX_FORCE_SW ("sw"). This library has
 * no software multiplexing: it accepts the flag and the kernel multiplexes
 * that set too, so the two halves measure the same mechanism (they are
 * kept so that the files have PAPI's columns). A half that -k or -s skips
 * is written as zeros.
 *
 * Options, as PAPI 7.0's: -m MIN and -x MAX bound the number of events:
 * rows for MIN, MIN+1, ..., MAX-1 events (MAX itself is not measured, as
 * in PAPI 7.0; defaults 1 and 10, so 9 rows); -s skips the "sw" set, -k
 * the kernel one; -t N calls per measurement (default 100000). Ours: -h.
 *
 * Events: the perf_event component's. Where it has hardware counters, the
 * available presets first (PAPI_TOT_CYC, PAPI_TOT_INS, then the others);
 * then the kernel's software events (perf::TASK-CLOCK, perf::CPU-CLOCK,
 * perf::PAGE-FAULTS...); then any other native event of the component,
 * which includes the aliases of those software events (perf::
 * PERF_COUNT_SW_CPU_CLOCK is its own counter, however named). An event is
 * kept only if a multiplexed set with it still adds and starts. Public
 * API only.
 */
#include <papi.h>

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROG "papi_multiplex_cost"
#define MAX_EVENTS 512

enum op {
	OP_STARTSTOP,
	OP_READ,
	OP_READ_TS,
	OP_ACCUM,
	OP_RESET,
	NUM_OPS
};

/* The files and their title lines. PAPI 7.0 titles papi_startstop.dat
 * "PAPI_read()" too; kept, since scripts may match the title. */
static const struct {
	const char *file;
	const char *title;
} outputs[NUM_OPS] = {
	[OP_STARTSTOP] = { "papi_startstop.dat", "PAPI_read()" },
	[OP_READ] = { "papi_read.dat", "PAPI_read()" },
	[OP_READ_TS] = { "papi_read_ts.dat", "PAPI_read_ts()" },
	[OP_ACCUM] = { "papi_accum.dat", "PAPI_accum()" },
	[OP_RESET] = { "papi_reset.dat", "PAPI_reset()" },
};

struct opts {
	int min, max;
	int no_kernel, no_sw;
	long iters;
};

struct stats {
	long long min, max;
	double mean, sd;
};

/* The events measured with, by code, and their names for the report. */
static int ev_code[MAX_EVENTS];
static char ev_name[MAX_EVENTS][PAPI_MAX_STR_LEN];
static int nev;
static int cidx;

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s [options]\n"
		"\t-m num, number of events to count\n"
		"\t-x num, number of events to count\n"
		"\t-s, Do not run software multiplexing test.\n"
		"\t-k, Do not attempt kernel multiplexed test.\n"
		"\t-t THRESHOLD set the threshold for the number of "
		"iterations. Default: 100,000\n"
		"\t-h, print this help message\n"
		"\n"
		"Times PAPI_start+PAPI_stop, PAPI_read, PAPI_read_ts, "
		"PAPI_accum and PAPI_reset\n"
		"on multiplexed event sets, in PAPI_get_real_cyc cycles per "
		"call, and writes\n"
		"papi_startstop.dat, papi_read.dat, papi_read_ts.dat, "
		"papi_accum.dat and\n"
		"papi_reset.dat in the current directory: one row per number "
		"of events, with\n"
		"min/max/mean/std. deviation for the kernel-multiplexed set, "
		"then for the set\n"
		"made with PAPI_MULTIPLEX_FORCE_SW (the \"sw\" columns).\n"
		"\n"
		"  -m MIN  the fewest events measured (first row). Default: 1\n"
		"  -x MAX  one more than the most events measured: rows for "
		"MIN .. MAX-1\n"
		"          events, as in PAPI 7.0. Default: 10 (9 rows)\n"
		"\n"
		"Events, in this order, as many as -x needs: the available "
		"presets where the\n"
		"CPU has hardware counters, the kernel's software events "
		"(perf::TASK-CLOCK,\n"
		"perf::CPU-CLOCK, perf::PAGE-FAULTS...), then other perf_event "
		"native events;\n"
		"the ones used are printed.\n"
		"\n"
		"This library has no software multiplexing: "
		"PAPI_MULTIPLEX_FORCE_SW is accepted\n"
		"and the kernel multiplexes that set too, so the \"sw\" columns "
		"measure a\n"
		"kernel-multiplexed set made with that flag.\n",
		PROG);
}

/* A whole positive number, or -1. */
static long positive(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v <= 0 || v > INT_MAX)
		return -1;
	return v;
}

/* 0 to run, 1 when help was printed, -1 on a bad command line. */
static int parse(int argc, char **argv, struct opts *o)
{
	int i;

	o->min = 1;
	o->max = 10;
	o->no_kernel = o->no_sw = 0;
	o->iters = 100000;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		long v;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 1;
		} else if (!strcmp(a, "-s")) {
			o->no_sw = 1;
		} else if (!strcmp(a, "-k")) {
			o->no_kernel = 1;
		} else if (!strcmp(a, "-m") || !strcmp(a, "-x") ||
			   !strcmp(a, "-t")) {
			if (i + 1 >= argc) {
				fprintf(stderr, "%s: %s needs a number\n", PROG,
					a);
				usage(stderr);
				return -1;
			}
			v = positive(argv[++i]);
			if (v < 0) {
				fprintf(stderr,
					"%s: %s %s: want a whole number "
					"of at least 1\n",
					PROG, a, argv[i]);
				return -1;
			}
			if (a[1] == 'm')
				o->min = (int)v;
			else if (a[1] == 'x')
				o->max = (int)v;
			else
				o->iters = v;
		} else {
			fprintf(stderr, "%s: unknown option '%s'\n", PROG, a);
			usage(stderr);
			return -1;
		}
	}
	return 0;
}

static void die(const char *what, int ret)
{
	fprintf(stderr, "%s: %s: %s\n", PROG, what, PAPI_strerror(ret));
	exit(1);
}

/* An empty set of the perf_event component, multiplexed the kernel's way
 * (PAPI_set_multiplex) or with PAPI_MULTIPLEX_FORCE_SW. */
static int mpx_set(int force_sw)
{
	PAPI_option_t opt;
	int es = PAPI_NULL, ret;

	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK)
		die("PAPI_create_eventset", ret);
	if ((ret = PAPI_assign_eventset_component(es, cidx)) != PAPI_OK)
		die("PAPI_assign_eventset_component", ret);
	if (!force_sw) {
		if ((ret = PAPI_set_multiplex(es)) != PAPI_OK)
			die("PAPI_set_multiplex", ret);
		return es;
	}
	memset(&opt, 0, sizeof(opt));
	/* The default period, where the library reports one. */
	if (PAPI_get_opt(PAPI_DEF_MPX_NS, &opt) != PAPI_OK ||
	    opt.multiplex.ns < 0)
		opt.multiplex.ns = 0;
	opt.multiplex.eventset = es;
	opt.multiplex.flags = PAPI_MULTIPLEX_FORCE_SW;
	if ((ret = PAPI_set_opt(PAPI_MULTIPLEX, &opt)) != PAPI_OK)
		die("PAPI_set_opt(PAPI_MULTIPLEX, PAPI_MULTIPLEX_FORCE_SW)",
		    ret);
	return es;
}

static void drop_set(int es)
{
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

/* Try one event on the probe set: kept if the set still starts with it. */
static void try_event(int probe, int code)
{
	long long v[MAX_EVENTS];
	int i;

	if (nev >= MAX_EVENTS)
		return;
	for (i = 0; i < nev; i++)
		if (ev_code[i] == code)
			return;
	if (PAPI_add_event(probe, code) != PAPI_OK)
		return;
	if (PAPI_start(probe) != PAPI_OK) {
		PAPI_remove_event(probe, code);
		return;
	}
	PAPI_stop(probe, v);
	if (PAPI_event_code_to_name(code, ev_name[nev]) != PAPI_OK)
		snprintf(ev_name[nev], sizeof(ev_name[nev]), "0x%x", code);
	ev_code[nev++] = code;
}

static void try_named(int probe, const char *name, int want)
{
	int code;

	if (nev < want && PAPI_event_name_to_code(name, &code) == PAPI_OK)
		try_event(probe, code);
}

/* Choose up to want events (see the top of the file); the probe set is
 * multiplexed the way the first measured set will be. */
static void choose_events(int want, int force_sw)
{
	static const char *const presets[] = { "PAPI_TOT_CYC", "PAPI_TOT_INS" };
	static const char *const software[] = {
		"perf::TASK-CLOCK",	"perf::CPU-CLOCK",
		"perf::PAGE-FAULTS",	"perf::CONTEXT-SWITCHES",
		"perf::CPU-MIGRATIONS", "perf::MINOR-FAULTS",
		"perf::MAJOR-FAULTS",	"perf::CGROUP-SWITCHES",
	};
	const PAPI_component_info_t *ci = PAPI_get_component_info(cidx);
	int probe = mpx_set(force_sw), code;
	size_t i;

	if (ci && ci->num_cntrs > 0) {
		for (i = 0; i < sizeof(presets) / sizeof(presets[0]); i++)
			try_named(probe, presets[i], want);
		code = PAPI_PRESET_MASK;
		if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) == PAPI_OK) {
			do {
				if (nev >= want)
					break;
				if (PAPI_query_event(code) == PAPI_OK)
					try_event(probe, code);
			} while (PAPI_enum_event(&code,
						 PAPI_PRESET_ENUM_AVAIL) ==
				 PAPI_OK);
		}
	}
	for (i = 0; i < sizeof(software) / sizeof(software[0]); i++)
		try_named(probe, software[i], want);
	code = PAPI_NATIVE_MASK;
	if (nev < want &&
	    PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) == PAPI_OK) {
		do {
			try_event(probe, code);
		} while (nev < want &&
			 PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) ==
				 PAPI_OK);
	}
	drop_set(probe);
}

static void stats(const long long *t, long n, struct stats *s)
{
	double sum = 0, sq = 0;
	long i;

	s->min = s->max = t[0];
	for (i = 0; i < n; i++) {
		if (t[i] < s->min)
			s->min = t[i];
		if (t[i] > s->max)
			s->max = t[i];
		sum += (double)t[i];
	}
	s->mean = sum / (double)n;
	for (i = 0; i < n; i++)
		sq += ((double)t[i] - s->mean) * ((double)t[i] - s->mean);
	/* The sample deviation (n - 1), as PAPI 7.0 writes; 0 for one. */
	s->sd = n > 1 ? sqrt(sq / (double)(n - 1)) : 0.0;
}

static const char *op_name(enum op op)
{
	switch (op) {
	case OP_STARTSTOP:
		return "PAPI_start/PAPI_stop";
	case OP_READ:
		return "PAPI_read";
	case OP_READ_TS:
		return "PAPI_read_ts";
	case OP_ACCUM:
		return "PAPI_accum";
	default:
		return "PAPI_reset";
	}
}

/* One call of op on a set of n events. */
static int call(int es, enum op op, long long *v)
{
	long long cyc;
	int ret;

	switch (op) {
	case OP_STARTSTOP:
		ret = PAPI_start(es);
		if (ret == PAPI_OK)
			ret = PAPI_stop(es, v);
		return ret;
	case OP_READ:
		return PAPI_read(es, v);
	case OP_READ_TS:
		return PAPI_read_ts(es, v, &cyc);
	case OP_ACCUM:
		return PAPI_accum(es, v);
	default:
		return PAPI_reset(es);
	}
}

/* Time iters calls of op on es (n events), each between two
 * PAPI_get_real_cyc; dies with the operation's error if one fails. */
static void measure(int es, int n, enum op op, int sw, long long *t, long iters,
		    struct stats *s)
{
	long long v[MAX_EVENTS], c0;
	char what[160];
	long i;
	int ret = PAPI_OK;

	if (op != OP_STARTSTOP && (ret = PAPI_start(es)) != PAPI_OK)
		goto fail;
	/* One call before the timed ones, so that the first is not the
	 * one that pays for lazily set-up state. */
	if ((ret = call(es, op, v)) != PAPI_OK)
		goto fail;
	for (i = 0; i < iters; i++) {
		c0 = PAPI_get_real_cyc();
		ret = call(es, op, v);
		t[i] = PAPI_get_real_cyc() - c0;
		if (ret != PAPI_OK)
			goto fail;
	}
	if (op != OP_STARTSTOP && (ret = PAPI_stop(es, v)) != PAPI_OK)
		goto fail;
	stats(t, iters, s);
	return;
fail:
	snprintf(what, sizeof(what), "%s on a %s-multiplexed set of %d events",
		 op_name(op), sw ? "PAPI_MULTIPLEX_FORCE_SW" : "kernel", n);
	die(what, ret);
}

static void add_to(int es, int i)
{
	int ret = PAPI_add_event(es, ev_code[i]);

	if (ret != PAPI_OK) {
		fprintf(stderr, "%s: PAPI_add_event(%s): %s\n", PROG,
			ev_name[i], PAPI_strerror(ret));
		exit(1);
	}
}

/* One .dat file: a row per number of events, min .. max-1. */
static void run_op(enum op op, const struct opts *o, long long *t)
{
	int kes = PAPI_NULL, ses = PAPI_NULL, n, i;
	struct stats k, s;
	FILE *f = fopen(outputs[op].file, "w");

	if (!f) {
		fprintf(stderr, "%s: cannot write %s: %s\n", PROG,
			outputs[op].file, strerror(errno));
		exit(1);
	}
	fprintf(f, "###Multiplexed %s\n", outputs[op].title);
	fprintf(f, "#number of events\tmin cycles\tmax cycles\t"
		   "mean cycles\tstd deviation\tsw min cycles\t"
		   "sw max cycles\tsw avg cycles\tsw std dev\n");
	if (!o->no_kernel)
		kes = mpx_set(0);
	if (!o->no_sw)
		ses = mpx_set(1);
	for (i = 0; i < o->min - 1; i++) {
		if (!o->no_kernel)
			add_to(kes, i);
		if (!o->no_sw)
			add_to(ses, i);
	}
	for (n = o->min; n < o->max; n++) {
		memset(&k, 0, sizeof(k));
		memset(&s, 0, sizeof(s));
		if (!o->no_kernel) {
			add_to(kes, n - 1);
			measure(kes, n, op, 0, t, o->iters, &k);
		}
		if (!o->no_sw) {
			add_to(ses, n - 1);
			measure(ses, n, op, 1, t, o->iters, &s);
		}
		fprintf(f,
			"%20d\t%10lld\t%10lld\t%10f\t%10f\t%10lld\t%10lld\t"
			"%10f\t%10f\n",
			n, k.min, k.max, k.mean, k.sd, s.min, s.max, s.mean,
			s.sd);
	}
	if (!o->no_kernel)
		drop_set(kes);
	if (!o->no_sw)
		drop_set(ses);
	if (fclose(f) != 0) {
		fprintf(stderr, "%s: writing %s: %s\n", PROG, outputs[op].file,
			strerror(errno));
		exit(1);
	}
}

int main(int argc, char **argv)
{
	struct opts o;
	long long *t;
	int ret, i, op;

	ret = parse(argc, argv, &o);
	if (ret)
		return ret > 0 ? 0 : 1;
	printf("This utility benchmarks the overhead of PAPI multiplexing\n"
	       "Warning!  This can take a long time (many minutes) to run\n"
	       "The output goes to multiple .dat files in the current "
	       "directory\n");
	if (o.min >= o.max) {
		fflush(stdout);
		fprintf(stderr,
			"%s: %s-m %d -x %d measures nothing: the rows are for "
			"MIN .. MAX-1 events\n",
			PROG,
			o.min > o.max ? "Error! Min # of Events > Max # of "
					"Events: " :
					"",
			o.min, o.max);
		return 1;
	}
	if (o.no_kernel && o.no_sw) {
		fflush(stdout);
		fprintf(stderr,
			"%s: No tests to run. (-s and -k skip both "
			"sets)\n",
			PROG);
		return 1;
	}
	if (o.max - 1 > MAX_EVENTS) {
		fflush(stdout);
		fprintf(stderr, "%s: -x %d: at most %d events (-x %d)\n", PROG,
			o.max, MAX_EVENTS, MAX_EVENTS + 1);
		return 1;
	}
	if ((ret = PAPI_library_init(PAPI_VER_CURRENT)) != PAPI_VER_CURRENT)
		die("PAPI_library_init", ret < 0 ? ret : PAPI_EINVAL);
	if ((ret = PAPI_multiplex_init()) != PAPI_OK)
		die("PAPI_multiplex_init", ret);
	cidx = PAPI_get_component_index("perf_event");
	if (cidx < 0)
		die("the perf_event component", cidx);
	choose_events(o.max - 1, o.no_kernel);
	if (nev < o.max - 1) {
		fflush(stdout);
		fprintf(stderr,
			"%s: only %d event%s can be counted in a multiplexed "
			"set here, and -x %d needs %d; use -x %d or less\n",
			PROG, nev, nev == 1 ? "" : "s", o.max, o.max - 1,
			nev + 1);
		return 1;
	}
	if (!o.no_sw)
		printf("Note: this library has no software multiplexing: "
		       "PAPI_MULTIPLEX_FORCE_SW is\naccepted and the kernel "
		       "multiplexes that set too; the \"sw\" columns measure "
		       "it.\n");
	printf("Events (the first %d .. %d of them, %ld calls each):", o.min,
	       o.max - 1, o.iters);
	for (i = 0; i < nev; i++)
		printf(" %s", ev_name[i]);
	printf("\n\n");
	fflush(stdout);

	t = malloc((size_t)o.iters * sizeof(*t));
	if (!t)
		die("malloc", PAPI_ENOMEM);
	fprintf(stderr, "Running test[s]\n");
	if (!o.no_kernel)
		fprintf(stderr, "\tKernel multiplexing read\n");
	if (!o.no_sw)
		fprintf(stderr, "\tSoftware Multiplexing read\n");
	for (op = 0; op < NUM_OPS; op++)
		run_op((enum op)op, &o, t);
	free(t);
	PAPI_shutdown();
	return 0;
}
