/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_STAT_H
#define PAPI_STAT_H

/*
 * papi_stat: count a command (and every process and thread it starts) or a
 * running process or thread, through the library's public API (docs/
 * papi_stat.md).
 *
 * papi_stat.c   options, the runs, the exit code
 * stat_count.c  EventSets: events, attach, inherit, multiplexing, reads
 * stat_run.c    starting the command, the counting loop, signals, threads
 * stat_metric.c metric groups (-M): the table and the formula evaluator
 * stat_print.c  table, JSON and CSV output
 */
#include <stdio.h>
#include <sys/types.h>

#define STAT_MAX_EV 64

enum stat_fmt { FMT_TABLE, FMT_JSON, FMT_CSV };

struct stat_opts {
	const char *ev[STAT_MAX_EV]; /* -e, in order */
	int nev;
	const char *groups; /* -M, comma-separated */
	long interval_ms;   /* -I; 0: none */
	int per_thread;
	int repeat;         /* -r */
	enum stat_fmt fmt;
	const char *out;    /* -o */
	pid_t pid, tid;     /* -p, -t */
	char **cmd;         /* after --, NULL-terminated; NULL: none */
	int verbose;
};

/* One event of the measurement: asked for with -e, a default, or a member
 * of a metric. */
struct stat_ev {
	char name[256];
	int available;
	char why[512]; /* when not available */
	int user;      /* named with -e (not only by a metric) */
};

/* One EventSet counting one target: a thread (with, when inherit, every
 * thread and process it starts later). */
struct stat_set {
	pid_t tid;
	int es;
	int inherit;
	int started;
	int gone;       /* per-thread row of a thread that exited */
	long long seen_ns; /* when counting began, since the run's start */
	int fd[STAT_MAX_EV]; /* the kernel counter of each event, -1: unknown */
	long long v[STAT_MAX_EV], en[STAT_MAX_EV], run[STAT_MAX_EV];
	long long pv[STAT_MAX_EV], pen[STAT_MAX_EV], prun[STAT_MAX_EV];
};

/* What one run measured, summed over its total sets. */
struct stat_result {
	long long v[STAT_MAX_EV], en[STAT_MAX_EV], run[STAT_MAX_EV];
	long long wall_ns;
	int status; /* the command's exit code (128 + signal when killed) */
};

struct stat_ctx {
	struct stat_opts o;
	FILE *f;
	struct stat_ev ev[STAT_MAX_EV];
	int nev;
	int multiplex;
	int cidx;
	/* The sets: the totals first (ntotal of them), then per-thread
	 * sets of a command's threads (--per-thread with a command). */
	struct stat_set *set;
	int nset, ntotal, capset;
	pid_t child; /* the command being counted, or 0 */
};

/* stat_count.c */
int stat_events_resolve(struct stat_ctx *c);
int stat_set_open(struct stat_ctx *c, pid_t tid, int inherit,
		  struct stat_set *s);
int stat_set_start(struct stat_ctx *c, struct stat_set *s);
int stat_set_read(struct stat_ctx *c, struct stat_set *s);
int stat_set_stop(struct stat_ctx *c, struct stat_set *s);
void stat_set_close(struct stat_set *s);
long long stat_now_ns(void);

/* stat_run.c */
volatile int *stat_interrupted(void);
int stat_run_once(struct stat_ctx *c, struct stat_result *r, int last);

/* stat_metric.c */
struct stat_metric {
	const char *group, *name, *formula;
};
const struct stat_metric *stat_metrics(int *n);
/* Whether name is a group (or "all"). */
int stat_group_known(const char *name);
int stat_metric_in(const struct stat_metric *m, const char *groups);
/* The event names a formula uses, one at a time: *pos starts at 0; 0 when
 * there are no more. */
int stat_formula_event(const char *formula, int *pos, char *name, size_t len);
/* Evaluate with the values of c's events (v) and the wall time; returns 0
 * and *out, or -1 (a member not available: its name in missing) or -2
 * (division by zero). */
int stat_formula_eval(const struct stat_ctx *c, const char *formula,
		      const double *v, double wall_ns, double *out,
		      char *missing, size_t mlen);
/* The formula as printed: event names without braces. */
void stat_formula_text(const char *formula, char *buf, size_t len);
void stat_groups_list(FILE *f);

/* stat_print.c */
void stat_print_interval(struct stat_ctx *c, double t_s);
void stat_print_total(struct stat_ctx *c, const struct stat_result *runs,
		      int nruns, int interrupted);
void stat_print_begin(struct stat_ctx *c);
void stat_print_end(struct stat_ctx *c);

#endif
