// SPDX-License-Identifier: BSD-3-Clause
/*
 * The native event table. Entries are created on demand: for a name when
 * a program first resolves it, and for every event the machine lists
 * (libpfm4's present PMUs, then sysfs PMU events) at the first
 * enumeration or count of the native events (papi__pe_names_list), not at
 * init: listing costs an encoding by libpfm4 per event and an open per
 * hardware event, which most programs, naming a few events, never need
 * (issue 20). Every name a user ever resolved keeps one stable code; the
 * local code of an event is its index, and the listing's order is kept
 * apart (pe_state.list), so codes given out before the listing stay
 * valid. A hash index finds names in constant time; the whole table is
 * freed at PAPI_shutdown (papi__pe_names_fini), and a later
 * PAPI_library_init starts a new one.
 */
#include <perfmon/pfmlib_perf_event.h>
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/perf_event/pe.h"
#include "os/os.h"

/* FNV-1a over the lower-cased name: event names compare without case. */
static unsigned int name_hash(const char *s)
{
	unsigned int h = 2166136261u;

	for (; *s; s++) {
		h ^= (unsigned char)tolower((unsigned char)*s);
		h *= 16777619u;
	}
	return h;
}

static void hash_put(int *tab, int cap, const char *name, int idx)
{
	unsigned int m = (unsigned int)cap - 1, h = name_hash(name) & m;

	while (tab[h])
		h = (h + 1) & m;
	tab[h] = idx + 1;
}

/* Keeps the index at most half full: doubles and rehashes when adding
 * one more entry would pass that. */
static int hash_reserve(struct pe_state *st)
{
	int cap, i, *tab;

	if (2 * (st->n + 1) <= st->hcap)
		return PAPI_OK;
	cap = st->hcap ? st->hcap * 2 : 1024;
	tab = calloc((size_t)cap, sizeof(*tab));
	if (!tab)
		return PAPI_ENOMEM;
	for (i = 0; i < st->n; i++)
		hash_put(tab, cap, st->ntv[i].name, i);
	free(st->hidx);
	st->hidx = tab;
	st->hcap = cap;
	return PAPI_OK;
}

static int add_entry(struct pe_state *st, const struct pe_ntv *tmpl)
{
	struct pe_ntv *e;

	if (hash_reserve(st) != PAPI_OK)
		return PAPI_ENOMEM;
	if (st->n == st->cap) {
		int cap = st->cap ? st->cap * 2 : 256;
		struct pe_ntv *t = realloc(st->ntv, (size_t)cap * sizeof(*t));

		if (!t)
			return PAPI_ENOMEM;
		st->ntv = t;
		st->cap = cap;
	}
	e = &st->ntv[st->n];
	*e = *tmpl;
	e->listed = 0;
	e->lpos = -1;
	e->name = strdup(tmpl->name);
	e->descr = strdup(tmpl->descr ? tmpl->descr : "");
	if (!e->name || !e->descr) {
		free(e->name);
		free(e->descr);
		return PAPI_ENOMEM;
	}
	hash_put(st->hidx, st->hcap, e->name, st->n);
	return st->n++;
}

static int find_entry(const struct pe_state *st, const char *name)
{
	unsigned int m, h;
	int i;

	if (!st->hcap)
		return -1;
	m = (unsigned int)st->hcap - 1;
	for (h = name_hash(name) & m; (i = st->hidx[h]) != 0; h = (h + 1) & m)
		if (!strcasecmp(st->ntv[i - 1].name, name))
			return i - 1;
	return -1;
}

static int pfm_encode(const char *name, int plm, struct perf_event_attr *attr)
{
	pfm_perf_encode_arg_t arg;
	char *fstr = NULL;
	int ret;

	memset(attr, 0, sizeof(*attr));
	memset(&arg, 0, sizeof(arg));
	arg.size = sizeof(arg);
	arg.attr = attr;
	arg.fstr = &fstr;
	ret = pfm_get_os_event_encoding(name, plm, PFM_OS_PERF_EVENT_EXT, &arg);
	free(fstr);
	if (ret != PFM_SUCCESS)
		return ret == PFM_ERR_NOTFOUND ? PAPI_ENOEVNT : PAPI_EATTR;
	attr->size = sizeof(*attr);
	return PAPI_OK;
}

static int is_hw_type(unsigned int type)
{
	return type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE ||
	       type == PERF_TYPE_RAW || type >= PERF_TYPE_MAX;
}

/* Listed means countable: a hardware event is listed only if the kernel
 * opens it here. Without this, perf's generic cache, branch and bus events
 * were listed on PMUs whose drivers map none of them (58 of 172 in the
 * emulated arm64 machine) and failed at PAPI_add_event. One disabled open
 * and close each, when the listing is built, only where a core PMU exists; a refusal for
 * permission (perf_event_paranoid) proves nothing and keeps the event. */
static int kernel_opens(const struct perf_event_attr *a)
{
	struct perf_event_attr t = *a;
	int fd;

	t.disabled = 1;
	t.exclude_kernel = 1;
	t.exclude_hv = 1;
	fd = papi__os_perf_open(&t, 0, -1, -1, 0);
	if (fd >= 0) {
		papi__os_close(fd);
		return 1;
	}
	return fd == -EACCES || fd == -EPERM || fd == -EMFILE ||
	       fd == -ENFILE;
}

/* Entry i joins the listing (once). */
static int list_append(struct pe_state *st, int i)
{
	struct pe_ntv *e = &st->ntv[i];

	if (e->lpos >= 0)
		return PAPI_OK;
	if (st->nlist == st->lcap) {
		int cap = st->lcap ? st->lcap * 2 : 256;
		int *t = realloc(st->list, (size_t)cap * sizeof(*t));

		if (!t)
			return PAPI_ENOMEM;
		st->list = t;
		st->lcap = cap;
	}
	e->listed = 1;
	e->lpos = st->nlist;
	st->list[st->nlist++] = i;
	return PAPI_OK;
}

/* The entry named as tmpl, made from it if there is none yet, joins the
 * listing. */
static void list_event(struct pe_state *st, const struct pe_ntv *tmpl)
{
	int i = find_entry(st, tmpl->name);
	char *d;

	if (i < 0)
		i = add_entry(st, tmpl);
	else if (st->ntv[i].lpos < 0 && tmpl->descr &&
		 strcmp(st->ntv[i].descr, tmpl->descr) &&
		 (d = strdup(tmpl->descr))) {
		/* Resolved by name first: the listing's description. */
		free(st->ntv[i].descr);
		st->ntv[i].descr = d;
	}
	if (i >= 0)
		list_append(st, i);
}

/* libpfm4: every event of every PMU it finds on this machine. The generic
 * hardware events of its "perf" PMU are listed only when the kernel has a
 * core PMU to count them, and (kernel_opens) can open them. */
static void add_pfm_events(struct pe_state *st)
{
	pfm_pmu_info_t pinfo;
	int p, i;

	pfm_for_all_pmus(p) {
		memset(&pinfo, 0, sizeof(pinfo));
		pinfo.size = sizeof(pinfo);
		if (pfm_get_pmu_info(p, &pinfo) != PFM_SUCCESS ||
		    !pinfo.is_present || p == PFM_PMU_PERF_EVENT_RAW)
			continue;
		/* libpfm4 may recognise the CPU while the kernel gives us no
		 * core PMU (a VM): its events could not be counted. */
		if (pinfo.type == PFM_PMU_TYPE_CORE && !st->core_ok)
			continue;
		for (i = pinfo.first_event; i != -1; i = pfm_get_event_next(i)) {
			struct pe_ntv e = { .kind = PE_PFM, .base = -1,
					    .pfm_idx = i, .umask = -1 };
			pfm_event_info_t ei;
			struct perf_event_attr a;
			char name[PAPI_HUGE_STR_LEN];

			memset(&ei, 0, sizeof(ei));
			ei.size = sizeof(ei);
			if (pfm_get_event_info(i, PFM_OS_PERF_EVENT_EXT, &ei) !=
			    PFM_SUCCESS)
				continue;
			snprintf(name, sizeof(name), "%s::%s", pinfo.name,
				 ei.name);
			if (pfm_encode(name, PFM_PLM3, &a) != PAPI_OK)
				continue;
			e.hw = is_hw_type(a.type);
			if (e.hw && p == PFM_PMU_PERF_EVENT && !st->core_ok)
				continue;
			if (e.hw && !kernel_opens(&a))
				continue;
			e.name = name;
			e.descr = (char *)ei.desc;
			list_event(st, &e);
		}
	}
}

static int add_sysfs_event(const char *name, const char *spec, void *arg)
{
	struct pe_state *st = arg;
	struct pe_ntv e = { .kind = PE_SYSFS, .base = -1, .pfm_idx = -1,
			    .umask = -1 };
	char descr[PAPI_HUGE_STR_LEN];

	if (papi__pe_sysfs_parse(name, &e.attr) != PAPI_OK)
		return 0;
	snprintf(descr, sizeof(descr), "sysfs PMU event (%s)", spec);
	e.name = (char *)name;
	e.descr = descr;
	/* The msr PMU counts in every mode and refuses exclude bits. */
	e.no_exclude = !strncmp(name, "msr/", 4);
	e.hw = !e.no_exclude;
	list_event(st, &e);
	return 0;
}

int papi__pe_names_list(struct pe_state *st)
{
	if (!st->listed_done) {
		st->listed_done = 1;
		if (papi__pe_pfm(st))
			add_pfm_events(st);
		papi__pe_sysfs_each(add_sysfs_event, st);
	}
	return st->nlist;
}

void papi__pe_names_fini(struct pe_state *st)
{
	int i;

	for (i = 0; i < st->n; i++) {
		free(st->ntv[i].name);
		free(st->ntv[i].descr);
	}
	free(st->ntv);
	free(st->hidx);
	free(st->list);
	st->ntv = NULL;
	st->hidx = NULL;
	st->list = NULL;
	st->n = st->cap = st->hcap = 0;
	st->nlist = st->lcap = st->listed_done = 0;
}

static struct pe_state *state_of(struct papi__cmp *self)
{
	return self->priv;
}

/* "pmu::event" as the listing spells it, in out, when name is that event
 * in other letter cases (the name a program resolved before the listing
 * was built must read back as it would after); else name itself. */
static void canonical(const char *name, const pfm_event_info_t *ei,
		      char *out, size_t len)
{
	pfm_pmu_info_t pi;

	memset(&pi, 0, sizeof(pi));
	pi.size = sizeof(pi);
	if (pfm_get_pmu_info(ei->pmu, &pi) != PFM_SUCCESS || !pi.name ||
	    snprintf(out, len, "%s::%s", pi.name, ei->name) >= (int)len ||
	    strcasecmp(out, name))
		snprintf(out, len, "%s", name);
}

static int intern(struct pe_state *st, const char *name)
{
	struct pe_ntv e = { .base = -1, .pfm_idx = -1, .umask = -1 };
	struct perf_event_attr a;
	char alt[PAPI_HUGE_STR_LEN];
	const char *sep;

	if (strchr(name, '/')) {
		int ret = papi__pe_sysfs_parse(name, &e.attr);

		/* A resource failure (no descriptor left) is the caller's to
		 * hear as such, not "no such event". */
		if (ret != PAPI_OK)
			return ret;
		e.kind = PE_SYSFS;
		e.no_exclude = !strncmp(name, "msr/", 4);
		e.hw = !e.no_exclude;
		e.name = (char *)name;
		e.descr = "sysfs PMU event";
		return add_entry(st, &e);
	}
	if (papi__pe_pfm(st) && pfm_encode(name, PFM_PLM3, &a) == PAPI_OK) {
		e.kind = PE_PFM;
		e.hw = is_hw_type(a.type);
		e.pfm_idx = pfm_find_event(name);
		e.name = (char *)name;
		e.descr = "";
		if (e.pfm_idx >= 0) {
			pfm_event_info_t ei;

			memset(&ei, 0, sizeof(ei));
			ei.size = sizeof(ei);
			if (pfm_get_event_info(e.pfm_idx, PFM_OS_PERF_EVENT_EXT,
					       &ei) == PFM_SUCCESS) {
				e.descr = (char *)ei.desc;
				canonical(name, &ei, alt, sizeof(alt));
				e.name = alt;
			}
		}
		return add_entry(st, &e);
	}
	/* "msr::tsc" is accepted as another spelling of "msr/tsc/". */
	sep = strstr(name, "::");
	if (sep && !strchr(sep + 2, ':') &&
	    snprintf(alt, sizeof(alt), "%.*s/%s/", (int)(sep - name), name,
		     sep + 2) < (int)sizeof(alt)) {
		int i = find_entry(st, alt);

		return i >= 0 ? i : intern(st, alt);
	}
	return PAPI_ENOEVNT;
}

int papi__pe_ntv_name_to_code(struct papi__cmp *self, const char *name,
			      unsigned int *code)
{
	struct pe_state *st = state_of(self);
	int i;

	if (!name || !*name || strlen(name) >= PAPI_HUGE_STR_LEN)
		return PAPI_ENOEVNT;
	i = find_entry(st, name);
	if (i < 0)
		i = intern(st, name);
	if (i < 0)
		return i;
	*code = (unsigned int)i;
	return PAPI_OK;
}

int papi__pe_ntv_code_to_name(struct papi__cmp *self, unsigned int code,
			      char *name, int len)
{
	struct pe_state *st = state_of(self);

	if (code >= (unsigned int)st->n)
		return PAPI_ENOEVNT;
	if (snprintf(name, (size_t)len, "%s", st->ntv[code].name) >= len)
		return PAPI_EBUF;
	return PAPI_OK;
}

/* The next attribute of base event b after attribute index after, as PAPI
 * lists them: a unit mask as "base:UMASK", a modifier (u, k, c, e, i,
 * period...) as "base:mod=0", with libpfm4's descriptions after "masks:",
 * the tag papi_native_avail looks for. */
static int next_umask(struct pe_state *st, int b, int after)
{
	const struct pe_ntv *base = &st->ntv[b];
	pfm_event_info_t ei;
	int a;

	if (base->kind != PE_PFM || base->pfm_idx < 0)
		return PAPI_ENOEVNT;
	memset(&ei, 0, sizeof(ei));
	ei.size = sizeof(ei);
	if (pfm_get_event_info(base->pfm_idx, PFM_OS_PERF_EVENT_EXT, &ei) !=
	    PFM_SUCCESS)
		return PAPI_ENOEVNT;
	for (a = after + 1; a < ei.nattrs; a++) {
		pfm_event_attr_info_t ai;
		struct pe_ntv e;
		char name[PAPI_HUGE_STR_LEN], descr[PAPI_HUGE_STR_LEN];
		int i;

		memset(&ai, 0, sizeof(ai));
		ai.size = sizeof(ai);
		if (pfm_get_event_attr_info(base->pfm_idx, a,
					    PFM_OS_PERF_EVENT_EXT, &ai) !=
		    PFM_SUCCESS)
			continue;
		snprintf(name, sizeof(name),
			 ai.type == PFM_ATTR_UMASK ? "%s:%s" : "%s:%s=0",
			 base->name, ai.name);
		i = find_entry(st, name);
		if (i >= 0)
			return i;
		e = *base;
		snprintf(descr, sizeof(descr), "%s, masks:%s", base->descr,
			 ai.desc);
		e.name = name;
		e.descr = descr;
		e.base = b;
		e.umask = a;
		return add_entry(st, &e);
	}
	return PAPI_ENOEVNT;
}

int papi__pe_ntv_enum(struct papi__cmp *self, unsigned int *code, int mod)
{
	struct pe_state *st = state_of(self);
	int i = (int)*code;

	int pos;

	papi__pe_names_list(st);
	if (mod == PAPI_ENUM_FIRST)
		i = -1;
	else if (i < 0 || i >= st->n)
		return PAPI_ENOEVNT;
	if (mod == PAPI_ENUM_FIRST || mod == PAPI_ENUM_EVENTS) {
		if (i >= 0 && st->ntv[i].base >= 0)
			i = st->ntv[i].base;
		/* An event resolved by name but not listed has no next. */
		pos = i < 0 ? 0 : st->ntv[i].lpos + 1;
		if (pos <= 0 && i >= 0)
			return PAPI_ENOEVNT;
		if (pos >= st->nlist)
			return PAPI_ENOEVNT;
		*code = (unsigned int)st->list[pos];
		return PAPI_OK;
	}
	if (mod == PAPI_NTV_ENUM_UMASKS) {
		int b = st->ntv[i].base >= 0 ? st->ntv[i].base : i;
		int r = next_umask(st, b, st->ntv[i].umask);

		if (r < 0)
			return r;
		*code = (unsigned int)r;
		return PAPI_OK;
	}
	return PAPI_EINVAL;
}

int papi__pe_ntv_info(struct papi__cmp *self, unsigned int code,
		      PAPI_event_info_t *info)
{
	struct pe_state *st = state_of(self);
	const struct pe_ntv *e;

	if (code >= (unsigned int)st->n)
		return PAPI_ENOEVNT;
	e = &st->ntv[code];
	snprintf(info->symbol, sizeof(info->symbol), "%s", e->name);
	snprintf(info->long_descr, sizeof(info->long_descr), "%s", e->descr);
	snprintf(info->short_descr, sizeof(info->short_descr), "%s", e->descr);
	if (e->no_exclude)
		snprintf(info->note, sizeof(info->note), "%s",
			 "counts in user and kernel mode alike: this PMU "
			 "refuses the perf exclude bits");
	return PAPI_OK;
}

int papi__pe_encode(struct pe_state *st, unsigned int code, int domain,
		    struct perf_event_attr *attr)
{
	const struct pe_ntv *e;
	int plm = 0;

	if (code >= (unsigned int)st->n)
		return PAPI_ENOEVNT;
	e = &st->ntv[code];
	if (e->kind == PE_PFM) {
		if (domain & PAPI_DOM_USER)
			plm |= PFM_PLM3;
		if (domain & PAPI_DOM_KERNEL)
			plm |= PFM_PLM0;
		if (domain & PAPI_DOM_SUPERVISOR)
			plm |= PFM_PLMH;
		/* Modifiers in the name (":u=1") take precedence over plm. */
		return pfm_encode(e->name, plm, attr);
	}
	*attr = e->attr;
	if (e->no_exclude) {
		attr->exclude_user = attr->exclude_kernel = attr->exclude_hv = 0;
	} else if (e->name[strlen(e->name) - 1] == '/') {
		attr->exclude_user = !(domain & PAPI_DOM_USER);
		attr->exclude_kernel = !(domain & PAPI_DOM_KERNEL);
		attr->exclude_hv = !(domain & PAPI_DOM_SUPERVISOR);
	}
	return PAPI_OK;
}
