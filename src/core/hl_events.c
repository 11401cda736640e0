// SPDX-License-Identifier: BSD-3-Clause
/*
 * Which events the high-level API counts. PAPI_EVENTS lists them, separated
 * by commas ("PAPI_TOT_INS,perf::TASK-CLOCK=instant"); an event that does
 * not exist, or cannot be counted with those before it, is left out with a
 * warning. When none is left, or PAPI_EVENTS is unset or empty, PAPI 7's
 * default applies: PAPI_TOT_CYC. Where that does not exist either (no
 * hardware PMU: most VMs and containers), perf::TASK-CLOCK and PAPI_REF_CYC
 * stand in, so that the report still says how much CPU time and how many
 * reference cycles each region took. PAPI 7.0 fails every region there.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "core/event.h"
#include "core/evset.h"
#include "core/hl.h"

static const char *const defaults[] = { "PAPI_TOT_CYC" };
static const char *const fallback[] = { "perf::TASK-CLOCK", "PAPI_REF_CYC" };

/* One trial EventSet per component: an event is kept only if it can be
 * added to the events kept before it, so the threads' sets will work. */
struct probe {
	int evset[PAPI__MAX_CMP];
	int cidx[PAPI__MAX_CMP];
	int n;
	int user; /* probing PAPI_EVENTS: every entry left out is named */
};

/* An event left out: always said when the user asked for it in
 * PAPI_EVENTS (falling back silently would hide a typo), only with
 * PAPI_HL_VERBOSE for the library's own defaults. */
#define LEFT_OUT(hl, pr, fmt, ...)                                             \
	((pr)->user ? papi__hl_warn("Warning", "PAPI_EVENTS: " fmt              \
				    " Left out.", __VA_ARGS__) :              \
		      papi__hl_say(hl, "Warning", fmt, __VA_ARGS__))

static int set_multiplex(int id)
{
	struct papi__ctl_opts o;
	int ret = papi__evset_assign(id, 0);

	if (ret == PAPI_OK)
		ret = papi__evset_get_opts(id, &o);
	if (ret == PAPI_OK && !o.multiplex) {
		o.multiplex = 1;
		ret = papi__evset_set_opts(id, &o);
	}
	return ret;
}

/* A new EventSet for events of component cidx. PAPI_MULTIPLEX multiplexes
 * the CPU component's (0) only, as PAPI 7 does. */
static int new_set(const struct papi__hl *hl, int cidx, int *id)
{
	int ret = papi__evset_create(id);

	if (ret == PAPI_OK && hl->multiplex && cidx == 0 &&
	    set_multiplex(*id) != PAPI_OK)
		papi__hl_say(hl, "Error", "PAPI_set_multiplex failed.");
	return ret;
}

static void drop_set(int id)
{
	papi__evset_cleanup(id);
	papi__evset_destroy(id);
}

/* The name without spaces and without a "=instant" or "=delta" suffix. */
static char *parse_name(const char *spec, int *instant)
{
	char *name = malloc(strlen(spec) + 1), *p, *eq;
	const char *s;

	if (!name)
		return NULL;
	for (s = spec, p = name; *s; s++)
		if (*s != ' ')
			*p++ = *s;
	*p = '\0';
	*instant = 0;
	/* The last '=': libpfm4 names have their own ("INST_RETIRED:u=1"). */
	eq = strrchr(name, '=');
	if (eq && (!strcmp(eq, "=instant") || !strcmp(eq, "=delta"))) {
		*instant = !strcmp(eq, "=instant");
		*eq = '\0';
	}
	/* PAPI 7 treats NVML readings (power, temperature) as instants. */
	if (strstr(name, "nvml:::"))
		*instant = 1;
	return name;
}

static int known(const struct papi__hl *hl, const char *name)
{
	int i;

	for (i = 0; i < hl->nev; i++)
		if (!strcmp(hl->ev[i].name, name))
			return 1;
	return 0;
}

/* The probe set for component cidx, made on first use. */
static int probe_set(const struct papi__hl *hl, struct probe *pr, int cidx,
		     int *id)
{
	int i, ret;

	for (i = 0; i < pr->n; i++)
		if (pr->cidx[i] == cidx) {
			*id = pr->evset[i];
			return PAPI_OK;
		}
	if (pr->n == PAPI__MAX_CMP)
		return PAPI_ECOUNT;
	ret = new_set(hl, cidx, &pr->evset[pr->n]);
	if (ret != PAPI_OK)
		return ret;
	pr->cidx[pr->n] = cidx;
	*id = pr->evset[pr->n++];
	return PAPI_OK;
}

/* Whether e (name parsed) can be counted with the events kept so far. */
static int probe_event(const struct papi__hl *hl, struct probe *pr,
		       struct papi__hl_event *e)
{
	int id, ret;

	if (!*e->name || known(hl, e->name)) {
		LEFT_OUT(hl, pr, "\"%s\" is empty or listed twice.", e->name);
		return PAPI_EINVAL;
	}
	ret = papi__event_name_to_code(e->name, &e->code);
	if (ret == PAPI_OK)
		ret = e->cidx = papi__event_component(e->code);
	if (ret < 0) {
		LEFT_OUT(hl, pr,
			 "\"%s\" does not exist or is not supported on this machine.",
			 e->name);
		return ret;
	}
	ret = probe_set(hl, pr, e->cidx, &id);
	if (ret == PAPI_OK)
		ret = papi__evset_add(id, e->code);
	if (ret != PAPI_OK)
		LEFT_OUT(hl, pr, "cannot add %s to component %s (%s).",
			 e->name, papi__lib.cmp[e->cidx].info.name,
			 papi__err_message(ret));
	return ret;
}

/* Try one event; on success it is appended to hl->ev. Only ENOMEM is an
 * error for the caller: an event that does not work is left out. */
static int try_event(struct papi__hl *hl, struct probe *pr, const char *spec)
{
	struct papi__hl_event *ev, e = { 0 };

	e.name = parse_name(spec, &e.instant);
	if (!e.name)
		return PAPI_ENOMEM;
	if (probe_event(hl, pr, &e) != PAPI_OK) {
		free(e.name);
		return PAPI_OK;
	}
	ev = realloc(hl->ev, (size_t)(hl->nev + 1) * sizeof(*ev));
	if (!ev) {
		free(e.name);
		return PAPI_ENOMEM;
	}
	/* Kept by name: the report may be written after PAPI_shutdown. */
	strncpy(e.cmp, papi__lib.cmp[e.cidx].info.name, sizeof(e.cmp) - 1);
	e.cmp[sizeof(e.cmp) - 1] = '\0';
	hl->ev = ev;
	hl->ev[hl->nev++] = e;
	return PAPI_OK;
}

/* Try each comma-separated event of list; ENOMEM is the only failure. */
static int try_list(struct papi__hl *hl, struct probe *pr, const char *list)
{
	char *copy = strdup(list), *tok, *save = NULL;
	int ret = copy ? PAPI_OK : PAPI_ENOMEM;

	for (tok = copy ? strtok_r(copy, ",", &save) : NULL; tok;
	     tok = strtok_r(NULL, ",", &save))
		if (try_event(hl, pr, tok) == PAPI_ENOMEM) {
			ret = PAPI_ENOMEM;
			break;
		}
	free(copy);
	return ret;
}

static int try_names(struct papi__hl *hl, struct probe *pr,
		     const char *const *names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (try_event(hl, pr, names[i]) == PAPI_ENOMEM)
			return PAPI_ENOMEM;
	return PAPI_OK;
}

/* Order the events by component, in the order the components came, and
 * describe one set per component that kept an event. */
static void group(struct papi__hl *hl, const struct probe *pr)
{
	struct papi__hl_event *ev = hl->ev, tmp;
	int p, i, j, k = 0;

	hl->nsets = 0;
	for (p = 0; p < pr->n; p++) {
		struct papi__hl_set *s = &hl->set[hl->nsets];

		s->cidx = pr->cidx[p];
		s->first = k;
		for (i = k; i < hl->nev; i++) {
			if (ev[i].cidx != s->cidx)
				continue;
			/* Move it down to k, keeping the others' order. */
			tmp = ev[i];
			for (j = i; j > k; j--)
				ev[j] = ev[j - 1];
			ev[k++] = tmp;
		}
		s->n = k - s->first;
		if (s->n)
			hl->nsets++;
	}
}

int papi__hl_choose_events(struct papi__hl *hl)
{
	const char *env = getenv("PAPI_EVENTS");
	struct probe pr = { .n = 0 };
	int i, ret = PAPI_OK;

	if (env && *env) {
		pr.user = 1;
		ret = try_list(hl, &pr, env);
		pr.user = 0;
		if (ret == PAPI_OK && !hl->nev)
			papi__hl_warn("Warning",
				      "PAPI_EVENTS: no event of \"%s\" can be counted; using the default events.",
				      env);
	}
	if (ret == PAPI_OK && !hl->nev)
		ret = try_names(hl, &pr, defaults, 1);
	if (ret == PAPI_OK && !hl->nev) {
		papi__hl_say(hl, "Info",
			     "PAPI_TOT_CYC does not exist here (no hardware counters); using perf::TASK-CLOCK and PAPI_REF_CYC where they exist.");
		ret = try_names(hl, &pr, fallback, 2);
	}
	for (i = 0; i < pr.n; i++)
		drop_set(pr.evset[i]);
	if (ret != PAPI_OK)
		return ret;
	group(hl, &pr);
	if (!hl->nev)
		papi__hl_say(hl, "Warning",
			     "No event can be counted here; regions record cycles and real time only.");
	else
		papi__hl_say(hl, "Info", "Using the following events:");
	for (i = 0; i < hl->nev; i++)
		papi__hl_say(hl, "Info", "  %s%s", hl->ev[i].name,
			     hl->ev[i].instant ? " (instant)" : "");
	return PAPI_OK;
}

/* By name: after a PAPI_shutdown and a new start the library numbers
 * native events anew, and the code found at first may mean another. */
static int add_by_name(int evset, const struct papi__hl_event *e)
{
	int code, ret = papi__event_name_to_code(e->name, &code);

	return ret == PAPI_OK ? papi__evset_add(evset, code) : ret;
}

void papi__hl_sets_destroy(const struct papi__hl *hl, int *evset)
{
	int i;

	for (i = 0; i < hl->nsets; i++)
		if (evset[i] != PAPI_NULL)
			drop_set(evset[i]);
}

int papi__hl_sets_create(const struct papi__hl *hl, int *evset)
{
	int i, j, ret = PAPI_OK;

	for (i = 0; i < hl->nsets; i++)
		evset[i] = PAPI_NULL;
	for (i = 0; ret == PAPI_OK && i < hl->nsets; i++) {
		const struct papi__hl_set *s = &hl->set[i];

		ret = new_set(hl, s->cidx, &evset[i]);
		if (ret != PAPI_OK)
			evset[i] = PAPI_NULL;
		for (j = s->first; ret == PAPI_OK && j < s->first + s->n; j++)
			ret = add_by_name(evset[i], &hl->ev[j]);
	}
	if (ret != PAPI_OK)
		papi__hl_sets_destroy(hl, evset);
	return ret;
}
