// SPDX-License-Identifier: BSD-3-Clause
/*
 * Events of the kernel's dynamic PMUs named the way the perf tool names
 * them: "pmu/term=value,.../" or "pmu/alias/", optionally followed by the
 * modifiers u (user), k (kernel), h (hypervisor). The PMU's type comes from
 * /sys/bus/event_source/devices/<pmu>/type, each term's bit field from
 * format/<term> ("config:0-7", "config1:0-63", "config:0-7,32-35") and
 * aliases from events/<alias> (which hold more terms).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/perf_event/pe.h"
#include "os/os.h"

#define SYSFS_PMUS "/sys/bus/event_source/devices"

static int read_sysfs(const char *pmu, const char *rel, char *buf, size_t len)
{
	char path[512];
	long n;

	if (snprintf(path, sizeof(path), SYSFS_PMUS "/%s/%s", pmu, rel) >=
	    (int)sizeof(path))
		return -ENAMETOOLONG;
	n = papi__os_read_file(path, buf, len);
	if (n < 0)
		return (int)n;
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return 0;
}

/* Place value into the bit ranges of a format spec such as "config:0-7". */
static int apply_format(const char *fmt, unsigned long long value,
			struct perf_event_attr *attr)
{
	unsigned long long *word;
	const char *p = strchr(fmt, ':');
	int shift = 0;

	if (!p)
		return -1;
	if (!strncmp(fmt, "config:", 7))
		word = (unsigned long long *)&attr->config;
	else if (!strncmp(fmt, "config1:", 8))
		word = (unsigned long long *)&attr->config1;
	else if (!strncmp(fmt, "config2:", 8))
		word = (unsigned long long *)&attr->config2;
	else
		return -1;
	for (p++; *p;) {
		char *end;
		long lo = strtol(p, &end, 10), hi = lo;
		unsigned long long width, mask;

		if (end == p || lo < 0 || lo > 63)
			return -1;
		if (*end == '-')
			hi = strtol(end + 1, &end, 10);
		if (hi < lo || hi > 63)
			return -1;
		width = (unsigned long long)(hi - lo + 1);
		if (shift + (int)width > 64)
			return -1; /* more field bits than a value has */
		mask = width == 64 ? ~0ULL : (1ULL << width) - 1;
		*word |= ((value >> shift) & mask) << lo;
		shift += (int)width;
		p = *end == ',' ? end + 1 : end;
		if (*end && *end != ',')
			return -1;
	}
	/* A value wider than its field is refused, as perf does, rather than
	 * silently counting another event. */
	if (shift < 64 && (value >> shift))
		return -1;
	return 0;
}

/* A read that failed for want of a resource (descriptors, memory) says
 * nothing about whether the event exists: the caller must hear about the
 * resource, not "no such event". */
static int resource_error(int err)
{
	return err == -EMFILE || err == -ENFILE || err == -ENOMEM ||
	       err == -EAGAIN || err == -EINTR || err == -EIO;
}

static int parse_terms(const char *pmu, char *spec,
		       struct perf_event_attr *attr, int depth, int *res);

/* 0, -1 when the term names nothing, or -1 with *res set to the
 * negative errno of a read that failed for want of a resource. */
static int parse_term(const char *pmu, char *term,
		      struct perf_event_attr *attr, int depth, int *res)
{
	int r;
	char buf[256], rel[160], *eq = strchr(term, '=');
	unsigned long long value = 1;

	if (eq) {
		char *end;

		*eq = '\0';
		value = strtoull(eq + 1, &end, 0);
		if (end == eq + 1 || *end)
			return -1;
	}
	if (!strcmp(term, "config")) {
		attr->config = value;
		return 0;
	}
	if (!strcmp(term, "config1") || !strcmp(term, "config2")) {
		*(term[6] == '1' ? &attr->config1 : &attr->config2) = value;
		return 0;
	}
	snprintf(rel, sizeof(rel), "format/%s", term);
	if ((r = read_sysfs(pmu, rel, buf, sizeof(buf))) == 0)
		return apply_format(buf, value, attr);
	if (resource_error(r))
		return *res = r, -1;
	if (eq)
		return -1;
	snprintf(rel, sizeof(rel), "events/%s", term);
	if ((r = read_sysfs(pmu, rel, buf, sizeof(buf))) == 0)
		return parse_terms(pmu, buf, attr, depth + 1, res);
	if (resource_error(r))
		*res = r;
	return -1;
}

static int parse_terms(const char *pmu, char *spec,
		       struct perf_event_attr *attr, int depth, int *res)
{
	char *save = NULL, *t;

	if (depth > 2) /* an alias naming an alias naming an alias */
		return -1;
	for (t = strtok_r(spec, ",", &save); t; t = strtok_r(NULL, ",", &save))
		if (parse_term(pmu, t, attr, depth, res) < 0)
			return -1;
	return 0;
}

static int apply_mods(const char *m, struct perf_event_attr *attr)
{
	int u = 0, k = 0, h = 0;

	for (; *m; m++) {
		if (*m == 'u')
			u = 1;
		else if (*m == 'k')
			k = 1;
		else if (*m == 'h')
			h = 1;
		else
			return -1;
	}
	if (u || k || h) {
		attr->exclude_user = !u;
		attr->exclude_kernel = !k;
		attr->exclude_hv = !h;
		return 1;
	}
	return 0;
}

/* The PAPI code of a resource failure, errno left set for the caller. */
static int resource_code(int err)
{
	errno = -err;
	return err == -ENOMEM ? PAPI_ENOMEM : PAPI_ESYS;
}

int papi__pe_sysfs_parse(const char *name, struct perf_event_attr *attr)
{
	char pmu[128], spec[512], buf[32];
	int r, res = 0;
	const char *s1 = strchr(name, '/'), *s2;
	size_t plen;

	if (!s1 || s1 == name)
		return PAPI_ENOEVNT;
	s2 = strrchr(name, '/');
	plen = (size_t)(s1 - name);
	if (s2 == s1 || plen >= sizeof(pmu) ||
	    (size_t)(s2 - s1 - 1) >= sizeof(spec))
		return PAPI_ENOEVNT;
	memcpy(pmu, name, plen);
	pmu[plen] = '\0';
	if (strchr(pmu, '.'))
		return PAPI_ENOEVNT; /* no path tricks */
	memcpy(spec, s1 + 1, (size_t)(s2 - s1 - 1));
	spec[s2 - s1 - 1] = '\0';
	if (strchr(spec, '/'))
		return PAPI_ENOEVNT; /* "cpu/../../x/": no path tricks */
	memset(attr, 0, sizeof(*attr));
	attr->size = sizeof(*attr);
	if ((r = read_sysfs(pmu, "type", buf, sizeof(buf))) < 0)
		return resource_error(r) ? resource_code(r) : PAPI_ENOEVNT;
	attr->type = (unsigned int)strtoul(buf, NULL, 10);
	if (!spec[0] || parse_terms(pmu, spec, attr, 0, &res) < 0)
		return res ? resource_code(res) : PAPI_ENOEVNT;
	if (apply_mods(s2 + 1, attr) < 0)
		return PAPI_ENOEVNT;
	return PAPI_OK;
}

struct walk {
	int (*fn)(const char *name, const char *spec, void *arg);
	void *arg;
	const char *pmu;
};

static int each_event(const char *ev, void *arg)
{
	struct walk *w = arg;
	char rel[300], spec[256], name[300];

	/* events/<e>.scale and .unit describe <e>; they are not events. */
	if (strchr(ev, '.'))
		return 0;
	snprintf(rel, sizeof(rel), "events/%s", ev);
	if (read_sysfs(w->pmu, rel, spec, sizeof(spec)) < 0)
		return 0;
	snprintf(name, sizeof(name), "%s/%s/", w->pmu, ev);
	return w->fn(name, spec, w->arg);
}

static int each_pmu(const char *pmu, void *arg)
{
	struct walk *w = arg;
	char path[300], buf[64];

	/* A PMU with a cpumask counts per CPU, not per task (uncore, power):
	 * it needs system-wide granularity, which comes in a later issue. */
	if (read_sysfs(pmu, "cpumask", buf, sizeof(buf)) == 0)
		return 0;
	w->pmu = pmu;
	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/events", pmu);
	papi__os_list_dir(path, each_event, w);
	return 0;
}

int papi__pe_sysfs_each(int (*fn)(const char *name, const char *spec,
				  void *arg),
			void *arg)
{
	struct walk w = { fn, arg, NULL };
	int ret = papi__os_list_dir(SYSFS_PMUS, each_pmu, &w);

	return ret < 0 ? PAPI_ESYS : PAPI_OK;
}
