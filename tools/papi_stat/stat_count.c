// SPDX-License-Identifier: BSD-3-Clause
/*
 * The EventSets of papi_stat, through the public API only: one per target
 * thread, bound to the first event's component, attached to the target
 * (PAPI_attach), inheriting into what it starts (PAPI_set_opt(PAPI_INHERIT)),
 * multiplexed (PAPI_set_multiplex) when the events do not fit on the
 * counters together; counts from PAPI_read, which scales them.
 *
 * The share of the time each count was counted (time running / time
 * enabled) is what PAPI 7's API does not give: PAPI_read returns the
 * scaled count only. The kernel keeps both times with each counter, so
 * papi_stat reads them itself from the counter file descriptors the
 * library opened for the set: those that appear in /proc/self/fd, as
 * anon_inode:[perf_event], across each PAPI_add_named_event. A read() of
 * such a descriptor changes nothing (the library reads them the same way
 * with read_format GROUP | ID | TOTAL_TIME_ENABLED | TOTAL_TIME_RUNNING,
 * docs/design.md); when none can be told apart, the share is printed as
 * unknown rather than guessed.
 */
#include <papi.h>

#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "stat.h"

long long stat_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* ---- the counter descriptors ------------------------------------------ */

#define FD_WORDS 1024 /* bits of the fd map: descriptors above are unknown */

static void perf_fds(unsigned long *map)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	char path[64], link[64];
	ssize_t n;

	memset(map, 0, FD_WORDS / 8);
	if (!d)
		return;
	while ((e = readdir(d))) {
		int fd = atoi(e->d_name);

		if (e->d_name[0] < '0' || e->d_name[0] > '9' || fd < 0 ||
		    fd >= FD_WORDS)
			continue;
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = '\0';
		if (!strcmp(link, "anon_inode:[perf_event]"))
			map[fd / (8 * sizeof(long))] |=
				1UL << (fd % (8 * sizeof(long)));
	}
	closedir(d);
}

/* The lowest descriptor set in after and not in before, or -1. */
static int new_fd(const unsigned long *before, const unsigned long *after)
{
	size_t w, words = FD_WORDS / (8 * sizeof(long));
	int b;

	for (w = 0; w < words; w++)
		if (after[w] & ~before[w])
			for (b = 0; b < (int)(8 * sizeof(long)); b++)
				if ((after[w] & ~before[w]) & (1UL << b))
					return (int)(w * 8 * sizeof(long)) + b;
	return -1;
}

/* Time enabled and running of the counter's group, from the kernel. */
static int fd_times(int fd, long long *en, long long *run)
{
	unsigned long long buf[3 + 2 * STAT_MAX_EV];
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf));
	/* nr, time_enabled, time_running, then {value, id} per member */
	if (n < (ssize_t)(3 * sizeof(buf[0])) || buf[0] < 1 ||
	    buf[0] > STAT_MAX_EV)
		return -1;
	*en = (long long)buf[1];
	*run = (long long)buf[2];
	return 0;
}

/* ---- which events ------------------------------------------------------ */

static int have(const struct stat_ctx *c, const char *name)
{
	int i;

	for (i = 0; i < c->nev; i++)
		if (!strcmp(c->ev[i].name, name))
			return 1;
	return 0;
}

static int push(struct stat_ctx *c, const char *name, int user)
{
	if (have(c, name))
		return 0;
	if (c->nev >= STAT_MAX_EV) {
		fprintf(stderr, "papi_stat: too many events (at most %d)\n",
			STAT_MAX_EV);
		return -1;
	}
	snprintf(c->ev[c->nev].name, sizeof(c->ev[0].name), "%s", name);
	c->ev[c->nev].available = 1;
	c->ev[c->nev++].user = user;
	return 0;
}

/* Without -e: PAPI_EVENTS, else what the high-level API counts. */
static int defaults(struct stat_ctx *c)
{
	const char *env = getenv("PAPI_EVENTS");

	if (env && *env) {
		char *list = strdup(env), *save = NULL, *t, *eq;
		int ret = 0;

		for (t = strtok_r(list, ",", &save); t && !ret;
		     t = strtok_r(NULL, ",", &save)) {
			/* the high-level API's "=instant"/"=delta" suffix */
			if ((eq = strrchr(t, '=')) &&
			    (!strcmp(eq, "=instant") || !strcmp(eq, "=delta")))
				*eq = '\0';
			ret = push(c, t, 1);
		}
		free(list);
		return ret;
	}
	if (PAPI_query_named_event("PAPI_TOT_CYC") == PAPI_OK)
		return push(c, "PAPI_TOT_CYC", 0);
	return push(c, "PAPI_REF_CYC", 0);
}

static void unavailable(struct stat_ctx *c, int i, const char *fmt,
			const char *what)
{
	c->ev[i].available = 0;
	snprintf(c->ev[i].why, sizeof(c->ev[i].why), fmt, what);
	if (c->o.verbose || c->ev[i].user)
		fprintf(stderr, "papi_stat: %s: %s\n", c->ev[i].name,
			c->ev[i].why);
}

/* A set for this target, bound to the component, options set before any
 * event so that no descriptor is opened twice. */
static int new_set(struct stat_ctx *c, pid_t tid, int inherit, int *es)
{
	PAPI_option_t opt;
	int ret;

	*es = PAPI_NULL;
	if ((ret = PAPI_create_eventset(es)) != PAPI_OK ||
	    (ret = PAPI_assign_eventset_component(*es, c->cidx)) != PAPI_OK)
		goto fail;
	if (tid > 0 && (ret = PAPI_attach(*es, (unsigned long)tid)) != PAPI_OK)
		goto fail;
	if (inherit) {
		memset(&opt, 0, sizeof(opt));
		opt.inherit.eventset = *es;
		opt.inherit.inherit = PAPI_INHERIT_ALL;
		if ((ret = PAPI_set_opt(PAPI_INHERIT, &opt)) != PAPI_OK)
			goto fail;
	}
	if (c->multiplex && (ret = PAPI_set_multiplex(*es)) != PAPI_OK)
		goto fail;
	return PAPI_OK;
fail:
	if (*es != PAPI_NULL) {
		PAPI_cleanup_eventset(*es);
		PAPI_destroy_eventset(es);
	}
	return ret;
}

static void drop(int *es)
{
	PAPI_cleanup_eventset(*es);
	PAPI_destroy_eventset(es);
}

/* Try every event in one trial set of papi_stat's own; the ones that
 * cannot be added are left out, named with the library's reason. Events
 * that exist but do not fit together turn multiplexing on. */
static int probe(struct stat_ctx *c)
{
	int es, i, ret, code;

	for (;;) {
		int conflict = 0;

		if ((ret = new_set(c, 0, 0, &es)) != PAPI_OK) {
			fprintf(stderr, "papi_stat: cannot make an EventSet: %s\n",
				PAPI_strerror(ret));
			return -1;
		}
		for (i = 0; i < c->nev; i++) {
			if (!c->ev[i].available)
				continue;
			if (PAPI_event_name_to_code(c->ev[i].name, &code) !=
				    PAPI_OK ||
			    PAPI_get_event_component(code) != c->cidx)
				continue; /* said before */
			ret = PAPI_add_named_event(es, c->ev[i].name);
			if (ret == PAPI_ECNFLCT && !c->multiplex) {
				conflict = 1;
				break;
			}
			if (ret != PAPI_OK)
				unavailable(c, i, "%s", PAPI_strerror(ret));
		}
		drop(&es);
		if (!conflict)
			return 0;
		c->multiplex = 1;
		if (c->o.verbose)
			fprintf(stderr, "papi_stat: the events do not fit on "
					"the counters together: multiplexing\n");
	}
}

int stat_events_resolve(struct stat_ctx *c)
{
	const struct stat_metric *m;
	int i, n, pos, code, ret, any = 0;
	char name[256];

	for (i = 0; i < c->o.nev; i++)
		if (push(c, c->o.ev[i], 1) != 0)
			return -1;
	if (!c->o.nev && defaults(c) != 0)
		return -1;
	/* CPU time: what -r, the share of time and "sw" metrics lean on. */
	if (push(c, "perf::TASK-CLOCK", 0) != 0)
		return -1;
	m = stat_metrics(&n);
	for (i = 0; c->o.groups && i < n; i++) {
		if (!stat_metric_in(&m[i], c->o.groups))
			continue;
		for (pos = 0; stat_formula_event(m[i].formula, &pos, name,
						 sizeof(name));)
			if (push(c, name, 0) != 0)
				return -1;
	}
	/* One component per set (each is attached to one thread): the first
	 * event's that exists. */
	c->cidx = -1;
	for (i = 0; i < c->nev; i++) {
		ret = PAPI_event_name_to_code(c->ev[i].name, &code);
		if (ret == PAPI_OK)
			ret = PAPI_query_named_event(c->ev[i].name);
		if (ret == PAPI_OK && PAPI_get_event_component(code) < 0)
			ret = PAPI_ENOEVNT;
		if (ret != PAPI_OK) {
			unavailable(c, i, "%s", ret == PAPI_ENOEVNT ?
				    "not available here (no such event, or "
				    "none of its counters exists)" :
				    PAPI_strerror(ret));
			continue;
		}
		if (c->cidx < 0)
			c->cidx = PAPI_get_event_component(code);
		else if (PAPI_get_event_component(code) != c->cidx)
			unavailable(c, i, "in another component than %s (one "
				    "EventSet per thread counts one component)",
				    c->ev[0].name);
	}
	if (c->cidx < 0)
		c->cidx = 0;
	if (probe(c) != 0)
		return -1;
	/* Events asked for with -e, none of which can be counted: an error,
	 * not a run that counts only what papi_stat adds. */
	for (i = 0; i < c->nev; i++)
		any += c->ev[i].available && (c->ev[i].user || !c->o.nev);
	if (!any) {
		fprintf(stderr, "papi_stat: none of the events can be counted\n");
		return -1;
	}
	return 0;
}

/* ---- a target's set ---------------------------------------------------- */

int stat_set_open(struct stat_ctx *c, pid_t tid, int inherit,
		  struct stat_set *s)
{
	unsigned long before[FD_WORDS / (8 * sizeof(long))];
	unsigned long after[FD_WORDS / (8 * sizeof(long))];
	int i, ret, first = -1;

	memset(s, 0, sizeof(*s));
	s->tid = tid;
	s->inherit = inherit;
	ret = new_set(c, tid, inherit, &s->es);
	if (ret != PAPI_OK)
		return ret;
	for (i = 0; i < c->nev; i++) {
		s->fd[i] = -1;
		if (!c->ev[i].available)
			continue;
		perf_fds(before);
		ret = PAPI_add_named_event(s->es, c->ev[i].name);
		if (ret != PAPI_OK) {
			drop(&s->es);
			return ret;
		}
		perf_fds(after);
		s->fd[i] = new_fd(before, after);
		if (first < 0)
			first = s->fd[i];
	}
	/* An event that shares its counter with one before it (a preset and
	 * its own native term): without multiplexing the set's events are
	 * one pinned group, whose times any member gives. */
	for (i = 0; i < c->nev; i++)
		if (s->fd[i] < 0 && c->ev[i].available && !c->multiplex)
			s->fd[i] = first;
	return PAPI_OK;
}

static void times(struct stat_ctx *c, struct stat_set *s)
{
	int i;

	for (i = 0; i < c->nev; i++)
		if (!c->ev[i].available ||
		    fd_times(s->fd[i], &s->en[i], &s->run[i]) != 0)
			s->en[i] = s->run[i] = -1;
}

int stat_set_start(struct stat_ctx *c, struct stat_set *s)
{
	int ret = PAPI_start(s->es);

	if (ret == PAPI_OK)
		s->started = 1;
	return ret;
}

/* The counts so far: PAPI_read's values in the events' order. */
int stat_set_read(struct stat_ctx *c, struct stat_set *s)
{
	long long v[STAT_MAX_EV];
	int i, k = 0, ret;

	if (!s->started)
		return PAPI_ENOTRUN;
	ret = PAPI_read(s->es, v);
	if (ret != PAPI_OK)
		return ret;
	for (i = 0; i < c->nev; i++)
		s->v[i] = c->ev[i].available ? v[k++] : 0;
	times(c, s);
	return PAPI_OK;
}

int stat_set_stop(struct stat_ctx *c, struct stat_set *s)
{
	long long v[STAT_MAX_EV];
	int i, k = 0, ret;

	if (!s->started)
		return PAPI_ENOTRUN;
	/* The times first: a stopped group's enabled time stops too, but
	 * the library may close nothing before PAPI_stop returns. */
	times(c, s);
	ret = PAPI_stop(s->es, v);
	s->started = 0;
	if (ret != PAPI_OK)
		return ret;
	for (i = 0; i < c->nev; i++)
		s->v[i] = c->ev[i].available ? v[k++] : 0;
	return PAPI_OK;
}

void stat_set_close(struct stat_set *s)
{
	if (s->started) {
		long long v[STAT_MAX_EV];

		PAPI_stop(s->es, v);
		s->started = 0;
	}
	if (s->es != PAPI_NULL)
		drop(&s->es);
}
