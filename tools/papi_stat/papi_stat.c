// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi_stat: count the events of a command and of everything it starts,
 * or of a running process or thread, as `perf stat` does, through PAPI's
 * public API (PAPI_attach, PAPI_set_opt(PAPI_INHERIT), PAPI_set_multiplex,
 * PAPI_read). Options, runs and the exit code; see docs/papi_stat.md.
 */
#include <papi.h>

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "stat.h"

static void usage(FILE *f)
{
	fputs(
"usage: papi_stat [options] -- COMMAND [ARGS...]\n"
"       papi_stat [options] -p PID [-- COMMAND [ARGS...]]\n"
"       papi_stat [options] -t TID [-- COMMAND [ARGS...]]\n"
"\n"
"Count hardware and software events of a command and of every process and\n"
"thread it starts, or of a running process (-p) or thread (-t), with PAPI.\n"
"\n"
"Options:\n"
"  -e, --events EVENT[,EVENT...]\n"
"                        events to count: presets (PAPI_TOT_INS), native\n"
"                        names (perf::TASK-CLOCK, INST_RETIRED:u=1) or the\n"
"                        perf tool's sysfs syntax (cpu/event=0x3c/); may\n"
"                        repeat. Default: PAPI_EVENTS if set, else what the\n"
"                        high-level API counts: PAPI_TOT_CYC, or where it\n"
"                        does not exist perf::TASK-CLOCK and PAPI_REF_CYC;\n"
"                        perf::TASK-CLOCK is always counted\n"
"  -M, --metrics GROUP[,GROUP...]\n"
"                        derived metrics of these groups, each shown with\n"
"                        its formula; their events are counted too. Groups:\n"
"                        ipc, cpi, branch, l1, l2, flops, membw, sw, all;\n"
"                        -M list prints every metric and its formula\n"
"  -I, --interval MS     also print the counts of every MS milliseconds\n"
"                        while counting (at least 10)\n"
"      --per-thread      counts per thread as well as the total\n"
"  -r, --repeat N        run the command N times; print the mean and the\n"
"                        standard deviation of each count (with a command\n"
"                        only)\n"
"      --json            JSON output, one object per line\n"
"      --csv             CSV output, with a header line\n"
"  -o, --output FILE     write the counts to FILE (default: stderr)\n"
"  -p, --pid PID         count a running process (all its threads, and what\n"
"                        they start after the attach) until it exits, until\n"
"                        Ctrl-C, or until the COMMAND after -- ends\n"
"  -t, --tid TID         count one running thread, likewise\n"
"  -v, --verbose         say which events were left out and why\n"
"  -h, --help            this text\n"
"      --version         the PAPI library papi_stat runs with\n"
"\n"
"Each count is printed with the share of the time it was counted (time\n"
"running / time enabled, from the kernel); a count scaled up from less\n"
"than all of the time is marked with '*'. Events that do not fit on the\n"
"counters together are multiplexed. Ctrl-C (SIGINT) or SIGTERM prints what\n"
"was counted so far; a command is sent the signal and waited for.\n"
"\n"
"Exit status: the command's (128+N when killed by signal N); with -p or -t\n"
"and no command, 0; 1 when counting failed; 2 for bad options; 126 or 127\n"
"when the command cannot be run.\n",
		f);
}

static int version(void)
{
	int v = PAPI_library_init(PAPI_VER_CURRENT);

	if (v < 0) {
		fprintf(stderr, "papi_stat: PAPI_library_init: %s\n",
			PAPI_strerror(v));
		return 1;
	}
	printf("papi_stat: PAPI %d.%d.%d.%d\n", PAPI_VERSION_MAJOR(v),
	       PAPI_VERSION_MINOR(v), PAPI_VERSION_REVISION(v),
	       PAPI_VERSION_INCREMENT(v));
	return 0;
}

/* A whole positive number, or -1. */
static long number(const char *s, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || end == s || *end || v <= 0 || v > max)
		return -1;
	return v;
}

static int bad(const char *fmt, const char *arg)
{
	fputs("papi_stat: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs("\n(papi_stat --help lists the options)\n", stderr);
	return 2;
}

/* -e a,b -e c: each comma-separated name, in order. Commas inside a sysfs
 * name's slashes (cpu/event=0x3c,umask=0/) stay with the name. */
static int add_events(struct stat_opts *o, char *list)
{
	char *p = list, *start = list;
	int slash = 0;

	for (;; p++) {
		if (*p == '/')
			slash = !slash;
		if ((*p == ',' && !slash) || !*p) {
			int end = !*p;

			*p = '\0';
			if (*start) {
				if (o->nev >= STAT_MAX_EV / 2)
					return -1;
				o->ev[o->nev++] = start;
			}
			if (end)
				break;
			start = p + 1;
		}
	}
	return 0;
}

static int parse(int argc, char **argv, struct stat_opts *o)
{
	enum { OPT_JSON = 256, OPT_CSV, OPT_PER_THREAD, OPT_VERSION };
	static const struct option longs[] = {
		{ "events", required_argument, NULL, 'e' },
		{ "metrics", required_argument, NULL, 'M' },
		{ "interval", required_argument, NULL, 'I' },
		{ "per-thread", no_argument, NULL, OPT_PER_THREAD },
		{ "repeat", required_argument, NULL, 'r' },
		{ "json", no_argument, NULL, OPT_JSON },
		{ "csv", no_argument, NULL, OPT_CSV },
		{ "output", required_argument, NULL, 'o' },
		{ "pid", required_argument, NULL, 'p' },
		{ "tid", required_argument, NULL, 't' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 },
	};
	int c, fmts = 0;
	long n;

	opterr = 0;
	/* '+': options end at the first operand, as for any command runner. */
	while ((c = getopt_long(argc, argv, "+:e:M:I:r:o:p:t:vh", longs,
				NULL)) != -1) {
		switch (c) {
		case 'e':
			if (add_events(o, optarg) != 0)
				return bad("too many events (at most 32)", "");
			break;
		case 'M':
			o->groups = optarg;
			break;
		case 'I':
			if ((n = number(optarg, 86400000L)) < 10)
				return bad("-I: want milliseconds, at least 10, not '%s'",
					   optarg);
			o->interval_ms = n;
			break;
		case OPT_PER_THREAD:
			o->per_thread = 1;
			break;
		case 'r':
			if ((n = number(optarg, 1000000L)) < 1)
				return bad("-r: want a positive count, not '%s'",
					   optarg);
			o->repeat = (int)n;
			break;
		case OPT_JSON:
			o->fmt = FMT_JSON;
			fmts++;
			break;
		case OPT_CSV:
			o->fmt = FMT_CSV;
			fmts++;
			break;
		case 'o':
			o->out = optarg;
			break;
		case 'p':
		case 't':
			if ((n = number(optarg, 0x7fffffffL)) < 1)
				return bad("want a process or thread id, not '%s'",
					   optarg);
			if (c == 'p')
				o->pid = (pid_t)n;
			else
				o->tid = (pid_t)n;
			break;
		case 'v':
			o->verbose = 1;
			break;
		case 'h':
			usage(stdout);
			exit(0);
		case OPT_VERSION:
			exit(version());
		case ':':
			return bad("option %s needs a value", argv[optind - 1]);
		default:
			return bad("unknown option %s", argv[optind - 1]);
		}
	}
	if (optind < argc)
		o->cmd = &argv[optind];
	if (fmts > 1)
		return bad("--json and --csv exclude each other%s", "");
	if (o->pid && o->tid)
		return bad("-p and -t exclude each other%s", "");
	if (!o->pid && !o->tid && !o->cmd &&
	    !(o->groups && !strcmp(o->groups, "list")))
		return bad("nothing to count: give -p PID, -t TID or -- COMMAND%s",
			   "");
	if (o->repeat > 1 && (o->pid || o->tid))
		return bad("-r repeats a command; it cannot repeat -p or -t%s",
			   "");
	if (!o->repeat)
		o->repeat = 1;
	return 0;
}

int main(int argc, char **argv)
{
	struct stat_ctx c;
	struct stat_result *runs;
	int ret, i, n = 0;

	memset(&c, 0, sizeof(c));
	if ((ret = parse(argc, argv, &c.o)) != 0)
		return ret;
	if (c.o.groups && !strcmp(c.o.groups, "list")) {
		stat_groups_list(stdout);
		return 0;
	}
	if (c.o.groups) {
		char *g = strdup(c.o.groups), *save = NULL, *t;

		for (t = strtok_r(g, ",", &save); t;
		     t = strtok_r(NULL, ",", &save))
			if (!stat_group_known(t)) {
				ret = bad("-M: no metric group '%s' (-M list "
					  "names them)", t);
				free(g);
				return ret;
			}
		free(g);
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "papi_stat: PAPI_library_init: %s\n",
			PAPI_strerror(ret));
		return 1;
	}
	c.f = stderr;
	if (c.o.out && !(c.f = fopen(c.o.out, "w"))) {
		fprintf(stderr, "papi_stat: %s: %s\n", c.o.out,
			strerror(errno));
		return 1;
	}
	if (stat_events_resolve(&c) != 0)
		return 1;
	runs = calloc((size_t)c.o.repeat, sizeof(*runs));
	if (!runs)
		return 1;
	stat_print_begin(&c);
	ret = 0;
	for (i = 0; i < c.o.repeat && !*stat_interrupted(); i++) {
		ret = stat_run_once(&c, &runs[i], i + 1 == c.o.repeat);
		if (ret != 0)
			break;
		n++;
	}
	if (n > 0)
		stat_print_total(&c, runs, n, *stat_interrupted());
	stat_print_end(&c);
	if (c.f != stderr && fclose(c.f) != 0) {
		fprintf(stderr, "papi_stat: %s: %s\n", c.o.out,
			strerror(errno));
		ret = ret ? ret : 1;
	}
	/* The command's exit code; ours only when counting failed. */
	if (ret == 0 && n > 0)
		ret = runs[n - 1].status;
	free(runs);
	free(c.set);
	PAPI_shutdown();
	return ret;
}
