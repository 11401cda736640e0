// SPDX-License-Identifier: BSD-3-Clause
/*
 * The core types of a hybrid machine: Intel's P and E cores, arm's
 * big.LITTLE and DynamIQ clusters. The kernel states the types in two
 * places, tried in this order:
 *   - one core PMU per type, each listing its CPUs in a "cpus" file
 *     (x86: cpu_core, cpu_atom, cpu_lowpower; arm64: armv8_cortex_a76...);
 *     PMUs of other kinds have a "cpumask" instead, or nothing;
 *   - arm64 only, each CPU's MIDR_EL1 in sysfs: one type per implementer
 *     and part, which also works in a VM without a PMU.
 * Anything ambiguous (PMU lists that overlap, a CPU without a MIDR) is
 * read as one type: a hybrid description must never be a guess.
 */
#include "os/linux/hwinfo.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CPUS 4096
#define WORD_BITS (8 * sizeof(unsigned long))
#define MAX_GROUPS 8

struct cpuset {
	unsigned long w[MAX_CPUS / WORD_BITS];
};

struct group {
	char pmu[64]; /* the core PMU naming it, or "" */
	long key; /* MIDR implementer and part, or -1 */
	int first; /* its first CPU */
	struct cpuset cpus;
};

struct scan {
	struct group g[MAX_GROUPS];
	int n;
	int bad; /* overlapping or too many lists: trust none */
};

static void set_add(struct cpuset *s, int cpu)
{
	s->w[cpu / WORD_BITS] |= 1UL << (cpu % WORD_BITS);
}

static int set_has(const struct cpuset *s, int cpu)
{
	return (s->w[cpu / WORD_BITS] >> (cpu % WORD_BITS)) & 1;
}

/* The members of a list into s; their count, or -1 for a CPU past
 * MAX_CPUS. */
static int set_parse(struct cpuset *s, const char *list)
{
	int lo, hi, c, n = 0;

	memset(s, 0, sizeof(*s));
	while ((list = papi__hw_cpulist_range(list, &lo, &hi)) != NULL) {
		if (hi >= MAX_CPUS)
			return -1;
		for (c = lo; c <= hi; c++, n++)
			set_add(s, c);
	}
	return n;
}

static int set_first(const struct cpuset *s)
{
	int c;

	for (c = 0; c < MAX_CPUS && !set_has(s, c); c++)
		;
	return c < MAX_CPUS ? c : -1;
}

static int set_overlap(const struct cpuset *a, const struct cpuset *b)
{
	size_t i;

	for (i = 0; i < sizeof(a->w) / sizeof(a->w[0]); i++)
		if (a->w[i] & b->w[i])
			return 1;
	return 0;
}

/* The set as a list, "0-3,8"; cut short (never mid-number) when out is
 * too small. */
static void set_format(const struct cpuset *s, char *out, size_t len)
{
	size_t used = 0;
	int c, hi, k;

	out[0] = '\0';
	for (c = 0; c < MAX_CPUS; c++) {
		if (!set_has(s, c))
			continue;
		for (hi = c; hi + 1 < MAX_CPUS && set_has(s, hi + 1); hi++)
			;
		k = hi > c ? snprintf(out + used, len - used, "%s%d-%d",
				      used ? "," : "", c, hi) :
			     snprintf(out + used, len - used, "%s%d",
				      used ? "," : "", c);
		if (k < 0 || (size_t)k >= len - used) {
			out[used] = '\0';
			return;
		}
		used += (size_t)k;
		c = hi;
	}
}

/* ---- core PMUs -------------------------------------------------------- */

static int pmu_entry(const char *name, void *arg)
{
	struct scan *sc = arg;
	struct group *g;
	char list[4096];
	int i;

	if (papi__hw_read_attr(list, sizeof(list), HW_EVSRC "/%s/cpus", name) <=
	    0)
		return 0;
	if (sc->n == MAX_GROUPS) {
		sc->bad = 1;
		return 0;
	}
	g = &sc->g[sc->n];
	if (set_parse(&g->cpus, list) <= 0)
		return 0;
	for (i = 0; i < sc->n; i++)
		if (set_overlap(&sc->g[i].cpus, &g->cpus))
			sc->bad = 1;
	snprintf(g->pmu, sizeof(g->pmu), "%s", name);
	g->key = -1;
	g->first = set_first(&g->cpus);
	sc->n++;
	return 0;
}

/* ---- MIDR (arm64) ----------------------------------------------------- */

/* Groups the online CPUs by MIDR implementer and part (not variant or
 * revision: one design at different steppings is one type). */
static void midr_groups(struct scan *sc)
{
	char online[4096], buf[64];
	const char *p = online;
	unsigned long long v;
	long key;
	int lo, hi, c, i;

	if (papi__hw_read_attr(online, sizeof(online), HW_SYS_CPU "/online") <=
	    0)
		return;
	while ((p = papi__hw_cpulist_range(p, &lo, &hi)) != NULL) {
		for (c = lo; c <= hi; c++) {
			if (c >= MAX_CPUS ||
			    papi__hw_read_attr(
				    buf, sizeof(buf),
				    HW_SYS_CPU
				    "/cpu%d/regs/identification/midr_el1",
				    c) <= 0) {
				sc->bad = 1;
				return;
			}
			v = strtoull(buf, NULL, 16);
			key = (long)(((v >> 24) & 0xff) << 12 |
				     ((v >> 4) & 0xfff));
			for (i = 0; i < sc->n && sc->g[i].key != key; i++)
				;
			if (i == MAX_GROUPS) {
				sc->bad = 1;
				return;
			}
			if (i == sc->n) {
				memset(&sc->g[i], 0, sizeof(sc->g[i]));
				sc->g[i].key = key;
				sc->g[i].first = c;
				sc->n++;
			}
			set_add(&sc->g[i].cpus, c);
		}
	}
}

/* ---- the types -------------------------------------------------------- */

static void kind_of(const struct group *g, char *out, size_t len)
{
	/* Intel's own names for its core types. */
	static const char *const intel[][2] = {
		{ "cpu_core", "P-core" },
		{ "cpu_atom", "E-core" },
		{ "cpu_lowpower", "LP E-core" },
	};
	size_t i;

	for (i = 0; i < sizeof(intel) / sizeof(intel[0]); i++)
		if (strcmp(g->pmu, intel[i][0]) == 0) {
			snprintf(out, len, "%s", intel[i][1]);
			return;
		}
	if (papi__hw_arch_kind(g->first, out, len) == 0)
		return;
	if (g->pmu[0])
		snprintf(out, len, "%s",
			 strncmp(g->pmu, "cpu_", 4) == 0 ? g->pmu + 4 : g->pmu);
	else
		snprintf(out, len, "part 0x%03lx", g->key & 0xfff);
}

/* Cores: the CPUs that are the first thread of their core. */
static int count_cores(const struct cpuset *s)
{
	char sib[4096];
	int c, first, dummy, n = 0;

	for (c = 0; c < MAX_CPUS; c++) {
		if (!set_has(s, c))
			continue;
		if (papi__hw_read_attr(sib, sizeof(sib),
				       HW_SYS_CPU "/cpu%d/topology/"
						  "thread_siblings_list",
				       c) <= 0 ||
		    !papi__hw_cpulist_range(sib, &first, &dummy) || first == c)
			n++;
	}
	return n;
}

static int by_first(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	return (x->first > y->first) - (x->first < y->first);
}

static int one_type(struct papi__os_cpu_type *t, struct scan *sc)
{
	char online[4096];

	memset(t, 0, sizeof(*t));
	if (papi__hw_read_attr(online, sizeof(online), HW_SYS_CPU "/online") <=
		    0 ||
	    set_parse(&sc->g[0].cpus, online) <= 0)
		return 1;
	set_format(&sc->g[0].cpus, t->cpus, sizeof(t->cpus));
	t->ncpus = papi__hw_cpulist_count(t->cpus);
	t->ncores = count_cores(&sc->g[0].cpus);
	return 1;
}

int papi__hw_core_types(struct papi__os_cpu_type *t, int max)
{
	struct scan *sc;
	int i, n;

	if (!t || max < 1)
		return -EINVAL;
	sc = calloc(1, sizeof(*sc));
	if (!sc)
		return -ENOMEM;
	papi__os_list_dir(HW_EVSRC, pmu_entry, sc);
	if (sc->bad || sc->n < 2) {
		memset(sc, 0, sizeof(*sc));
		midr_groups(sc);
	}
	if (sc->bad || sc->n < 2) {
		n = one_type(t, sc);
		free(sc);
		return n;
	}
	qsort(sc->g, (size_t)sc->n, sizeof(sc->g[0]), by_first);
	/* More types than the caller holds: the last ones are left out. */
	n = sc->n < max ? sc->n : max;
	for (i = 0; i < n; i++) {
		memset(&t[i], 0, sizeof(t[i]));
		kind_of(&sc->g[i], t[i].kind, sizeof(t[i].kind));
		set_format(&sc->g[i].cpus, t[i].cpus, sizeof(t[i].cpus));
		t[i].ncpus = papi__hw_cpulist_count(t[i].cpus);
		t[i].ncores = count_cores(&sc->g[i].cpus);
	}
	free(sc);
	return n;
}

/* "8 P-cores", "4 Cortex-A76": Intel's names take a plural. */
static int describe(char *out, size_t len, const struct papi__os_cpu_type *t)
{
	size_t k = strlen(t->kind);
	int n = t->ncores > 0 ? t->ncores : t->ncpus;

	return snprintf(
		out, len, "%d %s%s", n, t->kind,
		n != 1 && k >= 4 && strcmp(t->kind + k - 4, "core") == 0 ? "s" :
									   "");
}

void papi__hw_hybrid_model(char *model, size_t len,
			   const struct papi__os_cpu_type *t, int n)
{
	char sfx[PAPI_MAX_STR_LEN];
	size_t used, m;
	int i;

	if (!model || len == 0 || !t || n < 2)
		return;
	used = (size_t)snprintf(sfx, sizeof(sfx), " (hybrid: ");
	for (i = 0; i < n && used < sizeof(sfx); i++) {
		if (i)
			used += (size_t)snprintf(sfx + used, sizeof(sfx) - used,
						 " + ");
		if (used < sizeof(sfx))
			used += (size_t)describe(sfx + used, sizeof(sfx) - used,
						 &t[i]);
	}
	if (used < sizeof(sfx))
		used += (size_t)snprintf(sfx + used, sizeof(sfx) - used, ")");
	m = strlen(model);
	if (used >= sizeof(sfx) || m + used >= len)
		used = (size_t)snprintf(sfx, sizeof(sfx),
					" (hybrid: %d core types)", n);
	if (used >= len)
		return;
	/* The model gives way last, cut at a word where it must be cut. */
	if (m + used >= len) {
		m = len - 1 - used;
		while (m > 0 && model[m] != ' ')
			m--;
		model[m] = '\0';
	}
	snprintf(model + m, len - m, "%s", m ? sfx : sfx + 1);
}
