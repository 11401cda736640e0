// SPDX-License-Identifier: BSD-3-Clause
/*
 * Preset rows from tables: the one embedded at build time (data/presets.txt)
 * and, tried first, the user's (PAPI_PRESET_TABLE). A row is kept when one
 * of its CPU families is present, and its events are then spelled with that
 * family's PMU, so the framework resolves "skl::INST_RETIRED:ANY_P" like any
 * native name. Which rows work is decided by the framework (core/preset.c):
 * the first row of a preset whose events resolve and open wins.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/perf_event/pe.h"
#include "components/perf_event/pe_presets.h"
#include "os/os.h"
#include "pe_presets_data.h"

/* A user's table larger than this is refused rather than cut short. */
#define USER_TABLE_MAX (1 << 20)

/*
 * The 32-bit Arm, MIPS and LoongArch drivers, and older arm64 kernels, map
 * the kernel's READ and WRITE cache events to one hardware event because
 * their PMUs cannot tell reads from writes: a sum would count it twice. The
 * "generic-rw" rows are for the other architectures only.
 */
#if defined(__arm__) || defined(__aarch64__) || defined(__mips__) || \
	defined(__loongarch__)
#define PE_SPLIT_RW 0
#else
#define PE_SPLIT_RW 1
#endif
#if defined(__aarch64__)
#define PE_PMUV3 1
#else
#define PE_PMUV3 0
#endif

struct pe_presets {
	struct papi__preset_map *map;
	int n, cap;
};

const char *papi__pe_presets_builtin(void)
{
	return pe_presets_builtin;
}

static char *trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		*--e = '\0';
	return s;
}

/* Split s at the next ';' (if any): the trimmed field, *s moves past it. */
static char *field(char **s)
{
	char *f = *s, *semi;

	if (!f)
		return NULL;
	semi = strchr(f, ';');
	if (semi) {
		*semi = '\0';
		*s = semi + 1;
	} else {
		*s = NULL;
	}
	return trim(f);
}

static int parse_formula(char *f, struct pe_preset_line *row)
{
	row->postfix = NULL;
	if (!strcmp(f, "-") || !strcmp(f, "NOT_DERIVED"))
		row->derived = PAPI__NOT_DERIVED;
	else if (!strcmp(f, "ADD") || !strcmp(f, "DERIVED_ADD"))
		row->derived = PAPI__DERIVED_ADD;
	else if (!strcmp(f, "SUB") || !strcmp(f, "DERIVED_SUB"))
		row->derived = PAPI__DERIVED_SUB;
	else if (strchr(f, '|')) {
		row->derived = PAPI__DERIVED_POSTFIX;
		row->postfix = f;
	} else
		return PAPI_EINVAL;
	return PAPI_OK;
}

int papi__pe_preset_parse_line(char *line, struct pe_preset_line *row)
{
	char *rest = line, *f, *tok, *save = NULL;

	memset(row, 0, sizeof(*row));
	line = trim(line);
	if (!*line || *line == '#')
		return 0;
	rest = line;
	row->pmus = field(&rest);
	row->symbol = field(&rest);
	f = field(&rest);
	tok = field(&rest);
	if (!row->symbol || !f || !tok || !*row->pmus || !*row->symbol)
		return PAPI_EINVAL;
	if (parse_formula(f, row) != PAPI_OK)
		return PAPI_EINVAL;
	for (tok = strtok_r(tok, " \t", &save); tok;
	     tok = strtok_r(NULL, " \t", &save)) {
		if (row->nevents == PAPI__MAX_TERMS)
			return PAPI_EINVAL;
		row->events[row->nevents++] = tok;
	}
	if (!row->nevents)
		return PAPI_EINVAL;
	/* A single event with a formula that combines is a mistake. */
	if (row->derived == PAPI__NOT_DERIVED && row->nevents != 1)
		return PAPI_EINVAL;
	/* The note is the rest of the line: it may hold ';' itself. */
	if (rest) {
		row->note = trim(rest);
		if (!*row->note)
			row->note = NULL;
	}
	return 1;
}

static int sysfs_pmu_exists(const char *pmu)
{
	char path[128], buf[32];

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type",
		 pmu);
	return papi__os_read_file(path, buf, sizeof(buf)) > 0;
}

int papi__pe_preset_family_present(const char *family)
{
	pfm_pmu_info_t pi;
	int p;

	if (!strcmp(family, "generic"))
		return 1;
	if (!strcmp(family, "generic-rw"))
		return PE_SPLIT_RW;
	if (!strcmp(family, "pmuv3"))
		return PE_PMUV3;
	/* Intel's hybrid parts: the kernel has one PMU per core type. */
	if (!strcmp(family, "hybrid"))
		return sysfs_pmu_exists("cpu_core") &&
		       sysfs_pmu_exists("cpu_atom");
	pfm_for_all_pmus(p)
	{
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm_get_pmu_info(p, &pi) == PFM_SUCCESS && pi.name &&
		    !strcmp(pi.name, family))
			return pi.is_present;
	}
	return 0;
}

/*
 * While a table loads, the answers it needs again and again are kept
 * (issue 20: asking libpfm4 and sysfs afresh for each of ~200 rows made
 * the first preset cost 20M instructions in the PMU VM): whether a family
 * is present, and the PMUv3 events sysfs lists (one walk). Dropped after
 * the load; the library lock is held throughout.
 */
#define FAM_MAX 64
struct arm_ev {
	char pmu[64];
	unsigned long long event;
	int has_event;
};
static struct {
	int loading;
	int nfam;
	struct {
		char name[64];
		int present;
	} fam[FAM_MAX];
	int walked, nev, cap;
	struct arm_ev *ev;
	/* libpfm4's present PMUs, from one walk of all it knows (asking
	 * for each family walked them all again: 21 walks cost a third of
	 * a first high-level region on the host). */
	int pmus_walked, npmu;
	char pmu[FAM_MAX][64];
} memo;

static int is_pseudo(const char *family);

static void walk_pmus(void)
{
	pfm_pmu_info_t pi;
	int p;

	memo.pmus_walked = 1;
	pfm_for_all_pmus(p)
	{
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm_get_pmu_info(p, &pi) == PFM_SUCCESS && pi.name &&
		    pi.is_present && memo.npmu < FAM_MAX &&
		    strlen(pi.name) < sizeof(memo.pmu[0]))
			strcpy(memo.pmu[memo.npmu++], pi.name);
	}
}

static int family_present(const char *family)
{
	int i, r;

	if (!memo.loading)
		return papi__pe_preset_family_present(family);
	for (i = 0; i < memo.nfam; i++)
		if (!strcmp(memo.fam[i].name, family))
			return memo.fam[i].present;
	if (is_pseudo(family)) {
		r = papi__pe_preset_family_present(family);
	} else {
		if (!memo.pmus_walked)
			walk_pmus();
		for (r = 0, i = 0; !r && i < memo.npmu; i++)
			r = !strcmp(memo.pmu[i], family);
	}
	if (memo.nfam < FAM_MAX && strlen(family) < sizeof(memo.fam[0].name)) {
		strcpy(memo.fam[memo.nfam].name, family);
		memo.fam[memo.nfam++].present = r;
	}
	return r;
}

static int is_pseudo(const char *family)
{
	return !strcmp(family, "generic") || !strcmp(family, "generic-rw") ||
	       !strcmp(family, "pmuv3") || !strcmp(family, "hybrid");
}

/* The first present family of a "a,b,c" list, copied to out; 0 if none. */
static int present_family(const char *pmus, char *out, size_t len)
{
	const char *p = pmus;

	while (*p) {
		size_t n = strcspn(p, ",");

		if (n && n < len) {
			memcpy(out, p, n);
			out[n] = '\0';
			if (family_present(trim(out))) {
				memmove(out, trim(out), strlen(trim(out)) + 1);
				return 1;
			}
		}
		p += n;
		if (*p == ',')
			p++;
	}
	return 0;
}

/* The event's full name: PMU-qualified unless it already names its PMU. */
static char *full_name(const char *family, const char *ev)
{
	size_t n = strlen(family) + strlen(ev) + 3;
	char *s;

	if (is_pseudo(family) || strstr(ev, "::") || strchr(ev, '/'))
		return strdup(ev);
	s = malloc(n);
	if (s)
		snprintf(s, n, "%s::%s", family, ev);
	return s;
}

static void free_row(struct papi__preset_map *m)
{
	int i;

	for (i = 0; i < PAPI__MAX_TERMS; i++)
		free((char *)m->terms[i]);
	free((char *)m->note);
	free((char *)m->postfix);
	free((char *)m->symbol);
}

static int add_row(struct pe_presets *ps, const struct pe_preset_line *l,
		   const char *family)
{
	struct papi__preset_map m = { .preset = -1, .derived = l->derived };
	int i;

	if (ps->n == ps->cap) {
		int cap = ps->cap ? ps->cap * 2 : 128;
		void *t = realloc(ps->map, (size_t)cap * sizeof(*ps->map));

		if (!t)
			return PAPI_ENOMEM;
		ps->map = t;
		ps->cap = cap;
	}
	m.symbol = strdup(l->symbol);
	m.note = l->note ? strdup(l->note) : NULL;
	m.postfix = l->postfix ? strdup(l->postfix) : NULL;
	for (i = 0; i < l->nevents; i++)
		m.terms[i] = full_name(family, l->events[i]);
	if (!m.symbol || (l->note && !m.note) || (l->postfix && !m.postfix))
		goto err;
	for (i = 0; i < l->nevents; i++)
		if (!m.terms[i])
			goto err;
	ps->map[ps->n++] = m;
	return PAPI_OK;
err:
	free_row(&m);
	return PAPI_ENOMEM;
}

/*
 * Arm PMUv3 cores implement a subset of the common events (0x00-0x3f and,
 * from Armv8.1, 0x4000-0x403f), and say which in PMCEID0/1; the kernel
 * lists exactly those in the PMU's sysfs events/ directory (arm_pmuv3.c,
 * armv8pmu_event_attr_is_visible) but opens any raw event number without
 * complaint, and an event the core lacks then counts nothing. QEMU's
 * Cortex-A57, for one, implements only SW_INCR, INST_RETIRED and
 * CPU_CYCLES. So a row is kept only if each common event it counts on a
 * PMUv3 PMU is listed there, whether the row names it through libpfm4
 * (arm_ac57::L1D_CACHE, perf_raw::r03) or in sysfs syntax
 * (armv8_pmuv3/event=0x21/, armv8_pmuv3/br_retired/, armv8_pmuv3::name).
 * Other event numbers, and PMUs that list no events, are taken on trust.
 */
struct arm_walk {
	const char *pmu; /* only this PMU's events; NULL: every PMUv3 PMU */
	unsigned long long event;
	int seen, found;
};

/* The kernel names its PMUv3 PMUs armv8_<core> or armv9_<core>
 * ("armv8_pmuv3" for a core it does not know), with "_<n>" appended when
 * there are several. */
static int is_pmuv3_pmu(const char *pmu)
{
	return !strncmp(pmu, "armv8_", 6) || !strncmp(pmu, "armv9_", 6);
}

static int arm_listed_cb(const char *name, const char *spec, void *arg)
{
	struct arm_walk *w = arg;
	size_t n = strcspn(name, "/");
	const char *e;

	if (w->pmu ? strlen(w->pmu) != n || strncmp(name, w->pmu, n) :
		     !is_pmuv3_pmu(name))
		return 0;
	w->seen = 1;
	e = strstr(spec, "event=");
	if (e && strtoull(e + 6, NULL, 0) == w->event)
		w->found = 1;
	return 0;
}

/* Keeps each event of a PMUv3 PMU (memo.ev). */
static int arm_memo_cb(const char *name, const char *spec, void *arg)
{
	size_t n = strcspn(name, "/");
	const char *e = strstr(spec, "event=");
	struct arm_ev *a;

	(void)arg;
	if (n >= sizeof(a->pmu) || !is_pmuv3_pmu(name))
		return 0;
	if (memo.nev == memo.cap) {
		int cap = memo.cap ? memo.cap * 2 : 128;
		void *t = realloc(memo.ev, (size_t)cap * sizeof(*memo.ev));

		if (!t)
			return 0;
		memo.ev = t;
		memo.cap = cap;
	}
	a = &memo.ev[memo.nev++];
	memcpy(a->pmu, name, n);
	a->pmu[n] = '\0';
	a->has_event = e != NULL;
	a->event = e ? strtoull(e + 6, NULL, 0) : 0;
	return 0;
}

/* Is event number ev implemented by pmu (NULL: any PMUv3 PMU)? */
static int arm_listed(const char *pmu, unsigned long long ev)
{
	struct arm_walk w = { pmu, ev, 0, 0 };
	int i;

	if (ev >= 0x40 && (ev < 0x4000 || ev >= 0x4040))
		return 1;
	if (!memo.loading) {
		papi__pe_sysfs_each(arm_listed_cb, &w);
		return !w.seen || w.found;
	}
	if (!memo.walked) {
		memo.walked = 1;
		papi__pe_sysfs_each(arm_memo_cb, NULL);
	}
	for (i = 0; i < memo.nev; i++) {
		if (pmu && strcmp(memo.ev[i].pmu, pmu))
			continue;
		w.seen = 1;
		if (memo.ev[i].has_event && memo.ev[i].event == ev)
			return 1;
	}
	return !w.seen;
}

/* A libpfm4 name: counted by whichever PMUv3 PMU runs the thread. */
static int arm_pfm_implemented(const char *name)
{
	struct perf_event_attr attr;
	pfm_perf_encode_arg_t arg;

	memset(&attr, 0, sizeof(attr));
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.attr = &attr;
	if (pfm_get_os_event_encoding(name, PFM_PLM3, PFM_OS_PERF_EVENT,
				      &arg) != PFM_SUCCESS)
		return 1; /* the framework will find it does not resolve */
	return arm_listed(NULL, attr.config & 0xffff);
}

/* A sysfs name ("pmu/terms/" or "pmu::alias"): the event its terms or
 * alias encode, on its own PMU. The PMUv3 event field is config:0-15. */
static int arm_sysfs_implemented(const char *name)
{
	struct perf_event_attr attr;
	char pmu[64], alt[256];
	const char *sep = strstr(name, "::");
	size_t n = sep ? (size_t)(sep - name) : strcspn(name, "/");

	if (n >= sizeof(pmu))
		return 1;
	memcpy(pmu, name, n);
	pmu[n] = '\0';
	if (!is_pmuv3_pmu(pmu))
		return 1;
	if (sep && snprintf(alt, sizeof(alt), "%s/%s/", pmu, sep + 2) >=
			   (int)sizeof(alt))
		return 1;
	if (papi__pe_sysfs_parse(sep ? alt : name, &attr) != PAPI_OK)
		return 1; /* the framework will find it does not resolve */
	return arm_listed(pmu, attr.config & 0xffff);
}

static int arm_row_implemented(const struct papi__preset_map *m)
{
	int i;

	for (i = 0; i < PAPI__MAX_TERMS && m->terms[i]; i++) {
		const char *t = m->terms[i];

		if (strchr(t, '/') || is_pmuv3_pmu(t)) {
			if (!arm_sysfs_implemented(t))
				return 0;
		} else if ((!strncmp(t, "arm_", 4) ||
			    !strncmp(t, "perf_raw::", 10)) &&
			   !arm_pfm_implemented(t)) {
			return 0;
		}
	}
	return 1;
}

/* Keep the rows of a table whose family is present here. Malformed rows
 * are skipped: a user's typo must not take every other preset away. */
static int load_table(struct pe_presets *ps, const char *text)
{
	char *copy = strdup(text), *line, *save = NULL;
	int ret = PAPI_OK;

	if (!copy)
		return PAPI_ENOMEM;
	for (line = strtok_r(copy, "\n", &save); line && ret == PAPI_OK;
	     line = strtok_r(NULL, "\n", &save)) {
		struct pe_preset_line l;
		char family[64];

		if (papi__pe_preset_parse_line(line, &l) != 1)
			continue;
		if (!present_family(l.pmus, family, sizeof(family)))
			continue;
		ret = add_row(ps, &l, family);
		/* Every family: a generic row may name a PMUv3 event too. */
		if (ret == PAPI_OK && !arm_row_implemented(&ps->map[ps->n - 1]))
			free_row(&ps->map[--ps->n]);
	}
	free(copy);
	return ret;
}

void papi__pe_presets_read_user(struct pe_state *st)
{
	const char *path = getenv(PE_PRESET_ENV);
	char *buf;
	long n;

	if (!path || !*path)
		return;
	buf = malloc(USER_TABLE_MAX);
	if (!buf)
		return;
	n = papi__os_read_file(path, buf, USER_TABLE_MAX);
	if (n > 0 && n < USER_TABLE_MAX - 1) {
		buf[n] = '\0';
		st->user_table = realloc(buf, (size_t)n + 1);
		if (st->user_table)
			return;
	}
	free(buf);
}

const struct papi__preset_map *papi__pe_presets(struct pe_state *st, int *count)
{
	struct pe_presets *ps = st->presets;

	if (!ps) {
		ps = calloc(1, sizeof(*ps));
		if (!ps) {
			*count = 0;
			return NULL;
		}
		st->presets = ps;
		papi__pe_pfm(st);
		memset(&memo, 0, sizeof(memo));
		memo.loading = 1;
		/* Without libpfm4 no PMU can be named, but generic rows can. */
		if (st->user_table)
			load_table(ps, st->user_table);
		load_table(ps, pe_presets_builtin);
		free(memo.ev);
		memset(&memo, 0, sizeof(memo));
	}
	*count = ps->n;
	return ps->map;
}

void papi__pe_presets_free(struct pe_state *st)
{
	struct pe_presets *ps = st->presets;
	int i;

	free(st->user_table);
	st->user_table = NULL;
	if (!ps)
		return;
	for (i = 0; i < ps->n; i++)
		free_row(&ps->map[i]);
	free(ps->map);
	free(ps);
	st->presets = NULL;
}
