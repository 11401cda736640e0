// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi_cost: what the basic PAPI operations cost the program that calls
 * them, in PAPI_get_real_cyc cycles per call: PAPI_start+PAPI_stop,
 * PAPI_read, PAPI_read_ts, PAPI_accum, PAPI_reset, and PAPI_read against
 * the number of events in the set, each with the statistics of Liu's
 * thesis (min, max, mean, standard deviation, 25/50/75/95/99th
 * percentiles). PAPI's options: -b BINS, -d, -h, -s, -t THRESHOLD; ours:
 * -e EVENT (repeatable: the events to measure with; default PAPI_TOT_CYC
 * and PAPI_TOT_INS, or two software events where those do not exist) and
 * --json. Public API only.
 */
#include <papi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cost_stats.h"

#define MAX_EVENTS 16
#define MAX_TESTS (6 + MAX_EVENTS)

enum kind {
	LOOP,
	STARTSTOP,
	READ,
	READ_TS,
	ACCUM,
	RESET
};

struct opts {
	int bins, dist, sd, json, nev;
	size_t iters;
	const char *ev[MAX_EVENTS];
};

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: papi_cost [options]\n\n"
		"Computes min / max / mean / std. deviation and the 25th, "
		"50th, 75th, 95th\nand 99th percentiles of the cost, in "
		"cycles, of PAPI_start/stop pairs,\nPAPI_read, PAPI_read_ts, "
		"PAPI_accum and PAPI_reset, and of PAPI_read\nagainst the "
		"number of events in the set.\n\n"
		"Options:\n"
		"  -b BINS       set the number of bins for the graphical "
		"distribution of costs. Default: 100\n"
		"  -d            show a graphical distribution of costs\n"
		"  -e EVENT      measure with EVENT (repeat for more; "
		"default: PAPI_TOT_CYC PAPI_TOT_INS)\n"
		"  -h, --help    print this help message\n"
		"  -s            show number of iterations above the first 10 "
		"std deviations\n"
		"  -t THRESHOLD  set the threshold for the number of "
		"iterations. Default: 100,000\n"
		"  --json        print the results as one JSON document\n");
}

/* 0 to run, 1 when help was printed, -1 on a bad command line. */
static int parse(int argc, char **argv, struct opts *o)
{
	int i;
	long v;

	memset(o, 0, sizeof(*o));
	o->bins = 100;
	o->iters = 100000;
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 1;
		} else if (!strcmp(a, "-d")) {
			o->dist = 1;
		} else if (!strcmp(a, "-s")) {
			o->sd = 1;
		} else if (!strcmp(a, "--json")) {
			o->json = 1;
		} else if ((!strcmp(a, "-b") || !strcmp(a, "-t")) &&
			   i + 1 < argc) {
			v = strtol(argv[++i], NULL, 10);
			if (v <= 0) {
				fprintf(stderr, "%s requires a positive %s\n",
					a,
					a[1] == 'b' ? "bin count" :
						      "threshold value");
				return -1;
			}
			if (a[1] == 'b')
				o->bins = (int)v;
			else
				o->iters = (size_t)v;
		} else if (!strcmp(a, "-e") && i + 1 < argc &&
			   o->nev < MAX_EVENTS) {
			o->ev[o->nev++] = argv[++i];
		} else {
			usage(stderr);
			return -1;
		}
	}
	return 0;
}

static void die(const char *what, int ret)
{
	fprintf(stderr, "papi_cost: %s: %s\n", what, PAPI_strerror(ret));
	exit(1);
}

/* A set of the first n events; dies on failure. */
static int make_set(const struct opts *o, int n)
{
	int es = PAPI_NULL, i, ret;

	if ((ret = PAPI_create_eventset(&es)) != PAPI_OK)
		die("PAPI_create_eventset", ret);
	for (i = 0; i < n; i++)
		if ((ret = PAPI_add_named_event(es, o->ev[i])) != PAPI_OK) {
			fprintf(stderr, "papi_cost: adding %s: %s\n", o->ev[i],
				PAPI_strerror(ret));
			exit(1);
		}
	return es;
}

static void drop_set(int es)
{
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
}

/* Time iters calls of one operation, each between two PAPI_get_real_cyc
 * (read_ts: the difference of consecutive time stamps it returns). */
static void time_op(int es, enum kind k, long long *t, size_t iters)
{
	long long v[MAX_EVENTS], ts, prev;
	size_t i;

	if (k != LOOP && k != STARTSTOP && PAPI_start(es) != PAPI_OK)
		die("PAPI_start", PAPI_EINVAL);
	/* One untimed call warms caches and the lazily built paths. */
	PAPI_read_ts(es, v, &prev);
	for (i = 0; i < iters; i++) {
		ts = PAPI_get_real_cyc();
		switch (k) {
		case LOOP:
			break;
		case STARTSTOP:
			PAPI_start(es);
			PAPI_stop(es, v);
			break;
		case READ:
			PAPI_read(es, v);
			break;
		case READ_TS:
			PAPI_read_ts(es, v, &ts);
			t[i] = ts - prev;
			prev = ts;
			continue;
		case ACCUM:
			PAPI_accum(es, v);
			break;
		case RESET:
			PAPI_reset(es);
			break;
		}
		t[i] = PAPI_get_real_cyc() - ts;
	}
	if (k != LOOP && k != STARTSTOP)
		PAPI_stop(es, v);
}

/* PAPI_TOT_CYC and PAPI_TOT_INS, or software events where the machine
 * has no hardware counters; the note says which and why. */
static void default_events(struct opts *o, char *note, size_t len)
{
	int es = PAPI_NULL, ret;

	o->nev = 2;
	o->ev[0] = "PAPI_TOT_CYC";
	o->ev[1] = "PAPI_TOT_INS";
	if (PAPI_create_eventset(&es) != PAPI_OK)
		return;
	ret = PAPI_add_named_event(es, o->ev[0]);
	if (ret == PAPI_OK)
		ret = PAPI_add_named_event(es, o->ev[1]);
	drop_set(es);
	if (ret == PAPI_OK)
		return;
	snprintf(note, len,
		 "PAPI_TOT_CYC and PAPI_TOT_INS cannot be counted here (%s); "
		 "measured with software events instead (choose with -e)",
		 PAPI_strerror(ret));
	o->ev[0] = "perf::TASK-CLOCK";
	o->ev[1] = "perf::CONTEXT-SWITCHES";
}

static const struct {
	enum kind k;
	const char *name;
} tests[] = {
	{ LOOP, "loop latency" }, { STARTSTOP, "PAPI_start/stop" },
	{ READ, "PAPI_read" },	  { READ_TS, "PAPI_read_ts" },
	{ ACCUM, "PAPI_accum" },  { RESET, "PAPI_reset" },
};

int main(int argc, char **argv)
{
	struct cost_test t[MAX_TESTS];
	struct opts o;
	char note[PAPI_MAX_STR_LEN * 2] = "";
	long long *v;
	int nt = 0, es, ret, n;
	size_t k;

	ret = parse(argc, argv, &o);
	if (ret)
		return ret > 0 ? 0 : 1;
	if ((ret = PAPI_library_init(PAPI_VER_CURRENT)) != PAPI_VER_CURRENT)
		die("PAPI_library_init", ret < 0 ? ret : PAPI_EINVAL);
	if (o.nev == 0)
		default_events(&o, note, sizeof(note));
	v = malloc(o.iters * sizeof(*v));
	if (!v)
		die("malloc", PAPI_ENOMEM);
	if (!o.json) {
		printf("Cost of execution for PAPI start/stop, read and "
		       "accum.\nThis test takes a while. Please be "
		       "patient...\n");
		if (note[0])
			printf("Note: %s.\n", note);
	}
	memset(t, 0, sizeof(t));
	es = make_set(&o, o.nev);
	for (k = 0; k < sizeof(tests) / sizeof(tests[0]); k++, nt++) {
		time_op(es, tests[k].k, v, o.iters);
		t[nt].events = tests[k].k == LOOP ? 0 : o.nev;
		snprintf(t[nt].name, sizeof(t[nt].name), "%s", tests[k].name);
		if (tests[k].k != LOOP)
			snprintf(t[nt].name, sizeof(t[nt].name),
				 "%s (%d counters)", tests[k].name, o.nev);
		cost_stats(v, o.iters, &t[nt].s);
		if (!o.json)
			cost_print(&t[nt], o.iters, v, o.dist ? o.bins : 0,
				   o.sd);
	}
	drop_set(es);
	/* The thesis's "additional event overhead": PAPI_read of 1..n. */
	for (n = 1; n <= o.nev; n++, nt++) {
		es = make_set(&o, n);
		time_op(es, READ, v, o.iters);
		drop_set(es);
		t[nt].events = n;
		snprintf(t[nt].name, sizeof(t[nt].name),
			 "PAPI_read vs events (%d)", n);
		cost_stats(v, o.iters, &t[nt].s);
		if (!o.json)
			cost_print(&t[nt], o.iters, v, o.dist ? o.bins : 0,
				   o.sd);
	}
	if (o.json)
		cost_json(t, nt, o.iters, o.ev, o.nev, note);
	else
		cost_table(t, nt, o.iters);
	free(v);
	PAPI_shutdown();
	return 0;
}
