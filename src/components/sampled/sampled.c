// SPDX-License-Identifier: BSD-3-Clause
/*
 * The engine of the sampling components (sampled.h): event table, naming,
 * per-EventSet state, and counts from samples with wrap-around.
 */
#include "components/sampled/sampled.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LOW48 ((1ULL << 48) - 1)
/* Events sampled at once: bounds the stack a read uses. */
#define CHUNK 32
/* A raw value a sample could not take (its file vanished). */
#define GONE (~0ULL)

struct papi__cmp_ctl {
	int n, cap;
	unsigned int *code;
	unsigned long long *base;  /* raw sample at start or reset */
	unsigned long long *track; /* counters: wraps << 48 | last sample */
	long long *stopv;          /* values at stop */
	int running;
	int tid;
};

/* ---- files ----------------------------------------------------------- */

int papi__smp_path(const struct papi__smp *s, char *out, size_t len,
		   const char *path)
{
	int n = snprintf(out, len, "%s%s", s->root, path);

	return n < 0 || (size_t)n >= len ? -1 : 0;
}

long papi__smp_read_text(const struct papi__smp *s, const char *path, char *buf,
		    size_t len)
{
	char full[PAPI__SMP_PATH];
	long n;

	if (papi__smp_path(s, full, sizeof(full), path) < 0)
		return -36; /* ENAMETOOLONG */
	n = papi__os_read_file(full, buf, len);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return n;
}

/* No strtoull: it may set errno, which a signal handler must not
 * change; sysfs numbers are plain decimals. A leading '-' (a hwmon
 * reading below zero) gives the two's complement, read back as signed. */
static int parse_ull(const char *p, unsigned long long *v)
{
	unsigned long long x = 0;
	int neg = 0, digits = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '-') {
		neg = 1;
		p++;
	}
	for (; *p >= '0' && *p <= '9'; p++, digits++)
		x = x * 10 + (unsigned long long)(*p - '0');
	if (!digits)
		return -22; /* EINVAL */
	*v = neg ? (unsigned long long)-(long long)x : x;
	return 0;
}

int papi__smp_file_ull(const char *full, unsigned long long *v)
{
	char buf[64];
	long n = papi__os_read_file(full, buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	return parse_ull(buf, v);
}

int papi__smp_read_ull(const struct papi__smp *s, const char *path,
		       unsigned long long *v)
{
	char full[PAPI__SMP_PATH];

	if (papi__smp_path(s, full, sizeof(full), path) < 0)
		return -36;
	return papi__smp_file_ull(full, v);
}

int papi__smp_sample_files(const struct papi__smp *s, int tid,
			   const unsigned int *codes, int n,
			   unsigned long long *raw)
{
	int i, ret = PAPI_OK;

	for (i = 0; i < n; i++)
		if (papi__smp_file_ull(s->ev[codes[i]].path, &raw[i]) < 0) {
			raw[i] = GONE;
			ret = PAPI_ESYS;
		}
	return ret;
}

/* ---- the table ------------------------------------------------------- */

struct papi__smp *papi__smp_new(struct papi__cmp *self,
				const struct papi__smp_ops *ops)
{
	struct papi__smp *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->ops = ops;
	s->prefix = self->ops->name;
	snprintf(s->root, sizeof(s->root), "%s", papi__os_sys_root());
	self->priv = s;
	return s;
}

struct papi__smp_event *papi__smp_add(struct papi__smp *s)
{
	if (s->n == s->cap) {
		int cap = s->cap ? s->cap * 2 : 16;
		struct papi__smp_event *e =
			realloc(s->ev, (size_t)cap * sizeof(*e));

		if (!e)
			return NULL;
		s->ev = e;
		s->cap = cap;
	}
	memset(&s->ev[s->n], 0, sizeof(s->ev[0]));
	s->ev[s->n].data_type = PAPI_DATATYPE_UINT64;
	return &s->ev[s->n++];
}

int papi__smp_fmt(char *out, size_t len, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out, len, fmt, ap);
	va_end(ap);
	return n;
}

void papi__smp_disable(struct papi__cmp *self, const char *fmt, ...)
{
	va_list ap;

	self->info.disabled = PAPI_ECMP;
	va_start(ap, fmt);
	vsnprintf(self->info.disabled_reason,
		  sizeof(self->info.disabled_reason), fmt, ap);
	va_end(ap);
}

void papi__smp_info_fill(struct papi__cmp *self, const char *descr)
{
	PAPI_component_info_t *in = &self->info;
	const struct papi__smp *s = self->priv;
	int n = s ? s->n : 0;

	snprintf(in->short_name, sizeof(in->short_name), "%s", self->ops->name);
	snprintf(in->description, sizeof(in->description), "%s", descr);
	snprintf(in->version, sizeof(in->version), "1.0");
	in->num_native_events = n;
	in->num_cntrs = n;
	in->num_mpx_cntrs = n;
	/* The kernel's totals, whatever the mode or thread: every domain. */
	in->default_domain = PAPI_DOM_ALL;
	in->available_domains = PAPI_DOM_ALL;
	in->default_granularity = PAPI_GRN_SYS;
	in->available_granularities = PAPI_GRN_SYS;
}

void papi__smp_fini(struct papi__cmp *self)
{
	struct papi__smp *s = self->priv;

	if (!s)
		return;
	free(s->ev);
	free(s->own);
	free(s);
	self->priv = NULL;
}

/* ---- naming ---------------------------------------------------------- */

int papi__smp_enum(struct papi__cmp *self, unsigned int *code, int mod)
{
	const struct papi__smp *s = self->priv;
	unsigned int n = s ? (unsigned int)s->n : 0;

	if (mod == PAPI_ENUM_FIRST) {
		if (!n)
			return PAPI_ENOEVNT;
		*code = 0;
		return PAPI_OK;
	}
	if (mod != PAPI_ENUM_EVENTS)
		return mod == PAPI_NTV_ENUM_UMASKS ? PAPI_ENOEVNT : PAPI_EINVAL;
	if (*code + 1 >= n)
		return PAPI_ENOEVNT;
	(*code)++;
	return PAPI_OK;
}

int papi__smp_name_to_code(struct papi__cmp *self, const char *name,
			   unsigned int *code)
{
	const struct papi__smp *s = self->priv;
	size_t pl;
	int i;

	if (!s || !name)
		return PAPI_ENOEVNT;
	pl = strlen(s->prefix);
	if (!strncmp(name, s->prefix, pl) && !strncmp(name + pl, ":::", 3))
		name += pl + 3;
	for (i = 0; i < s->n; i++)
		if (!strcmp(name, s->ev[i].name)) {
			*code = (unsigned int)i;
			return PAPI_OK;
		}
	return PAPI_ENOEVNT;
}

int papi__smp_code_to_name(struct papi__cmp *self, unsigned int code,
			   char *name, int len)
{
	const struct papi__smp *s = self->priv;

	if (!s || code >= (unsigned int)s->n)
		return PAPI_ENOEVNT;
	if (len <= 0 ||
	    snprintf(name, (size_t)len, "%s:::%s", s->prefix,
		     s->ev[code].name) >= len)
		return PAPI_EBUF;
	return PAPI_OK;
}

int papi__smp_info(struct papi__cmp *self, unsigned int code,
		   PAPI_event_info_t *info)
{
	const struct papi__smp *s = self->priv;
	const struct papi__smp_event *e;

	if (!s || code >= (unsigned int)s->n)
		return PAPI_ENOEVNT;
	e = &s->ev[code];
	papi__smp_fmt(info->symbol, sizeof(info->symbol), "%s:::%s", s->prefix,
		 e->name);
	papi__smp_fmt(info->short_descr, sizeof(info->short_descr), "%s", e->descr);
	papi__smp_fmt(info->long_descr, sizeof(info->long_descr), "%s", e->descr);
	papi__smp_fmt(info->units, sizeof(info->units), "%s", e->units);
	info->data_type = e->data_type;
	info->value_type = e->kind == PAPI__SMP_GAUGE ? PAPI_VALUETYPE_ABSOLUTE
						      : PAPI_VALUETYPE_RUNNING_SUM;
	info->timescope = e->kind == PAPI__SMP_GAUGE ? PAPI_TIMESCOPE_POINT
						     : PAPI_TIMESCOPE_SINCE_START;
	return PAPI_OK;
}

/* ---- the arithmetic -------------------------------------------------- */

unsigned long long papi__smp_track_init(unsigned long long base)
{
	return base & LOW48;
}

int papi__smp_count(unsigned long long modulus, unsigned long long base,
		    unsigned long long *track, unsigned long long now,
		    unsigned long long *count)
{
	unsigned long long wraps, last;

	if (!modulus) {
		if (now < base)
			return PAPI_ESYS;
		*count = now - base;
		return PAPI_OK;
	}
	wraps = *track >> 48;
	last = *track & LOW48;
	now &= LOW48;
	if (now < last)
		wraps++;
	*count = wraps * modulus + now - base;
	*track = (wraps << 48) | now;
	return PAPI_OK;
}

/* ---- counting -------------------------------------------------------- */

static int sample(const struct papi__smp *s, int tid,
		  const unsigned int *codes, int n, unsigned long long *raw)
{
	return s->ops->sample ? s->ops->sample(s, tid, codes, n, raw)
			      : papi__smp_sample_files(s, tid, codes, n, raw);
}

/* Every event's value now, into values: PAPI_OK or the first error
 * (the events that failed read 0). The trackers are loaded before the
 * sample and swapped in after: a read that a signal handler interrupted
 * counts from the tracker it loaded, which the handler's newer sample
 * replaced (the swap fails: the newer one stays). */
static int values_now(const struct papi__smp *s, struct papi__cmp_ctl *ctl,
		      long long *values)
{
	unsigned long long raw[CHUNK], old[CHUNK];
	int at, i, ret = PAPI_OK;

	for (at = 0; at < ctl->n; at += CHUNK) {
		int m = ctl->n - at < CHUNK ? ctl->n - at : CHUNK;

		for (i = 0; i < m; i++)
			old[i] = __atomic_load_n(&ctl->track[at + i],
						 __ATOMIC_ACQUIRE);
		if (sample(s, ctl->tid, ctl->code + at, m, raw) != PAPI_OK)
			ret = PAPI_ESYS;
		for (i = 0; i < m; i++) {
			unsigned int c = ctl->code[at + i];
			const struct papi__smp_event *e = &s->ev[c];
			unsigned long long v = raw[i], t = old[i];
			unsigned long long b = __atomic_load_n(
				&ctl->base[at + i], __ATOMIC_ACQUIRE);

			if (raw[i] == GONE) {
				values[at + i] = 0;
				continue;
			}
			if (e->kind == PAPI__SMP_COUNTER) {
				if (papi__smp_count(e->modulus, b, &t, raw[i],
						    &v) != PAPI_OK) {
					values[at + i] = 0;
					ret = PAPI_ESYS;
					continue;
				}
				__atomic_compare_exchange_n(
					&ctl->track[at + i], &old[i], t, 0,
					__ATOMIC_ACQ_REL, __ATOMIC_RELAXED);
			}
			values[at + i] = s->ops->scale ? s->ops->scale(s, c, v)
						       : (long long)v;
		}
	}
	return ret;
}

/* New baselines: the raw samples now. */
static int baseline(const struct papi__smp *s, struct papi__cmp_ctl *ctl)
{
	unsigned long long raw[CHUNK];
	int at, i;

	for (at = 0; at < ctl->n; at += CHUNK) {
		int m = ctl->n - at < CHUNK ? ctl->n - at : CHUNK;

		if (sample(s, ctl->tid, ctl->code + at, m, raw) != PAPI_OK)
			return PAPI_ESYS;
		for (i = 0; i < m; i++) {
			unsigned long long b = raw[i];

			if (s->ev[ctl->code[at + i]].modulus)
				b &= LOW48;
			__atomic_store_n(&ctl->base[at + i], b,
					 __ATOMIC_RELEASE);
			__atomic_store_n(&ctl->track[at + i],
					 papi__smp_track_init(b),
					 __ATOMIC_RELEASE);
		}
	}
	return PAPI_OK;
}

int papi__smp_ctl_create(struct papi__cmp *self,
			 const struct papi__ctl_opts *opts,
			 struct papi__cmp_ctl **ctl)
{
	const struct papi__smp *s = self->priv;
	int ret;

	if (s && s->ops->check_opts &&
	    (ret = s->ops->check_opts(opts)) != PAPI_OK)
		return ret;
	*ctl = calloc(1, sizeof(**ctl));
	if (!*ctl)
		return PAPI_ENOMEM;
	(*ctl)->tid = opts->tid;
	return PAPI_OK;
}

void papi__smp_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	free(ctl->code);
	free(ctl->base);
	free(ctl->track);
	free(ctl->stopv);
	free(ctl);
}

/* Grow every array to cap together: a read never allocates. */
static int grow(struct papi__cmp_ctl *ctl, int cap)
{
	unsigned int *c = realloc(ctl->code, (size_t)cap * sizeof(*c));
	unsigned long long *b, *t;
	long long *v;

	if (!c)
		return PAPI_ENOMEM;
	ctl->code = c;
	b = realloc(ctl->base, (size_t)cap * sizeof(*b));
	if (!b)
		return PAPI_ENOMEM;
	ctl->base = b;
	t = realloc(ctl->track, (size_t)cap * sizeof(*t));
	if (!t)
		return PAPI_ENOMEM;
	ctl->track = t;
	v = realloc(ctl->stopv, (size_t)cap * sizeof(*v));
	if (!v)
		return PAPI_ENOMEM;
	ctl->stopv = v;
	ctl->cap = cap;
	return PAPI_OK;
}

int papi__smp_ctl_add(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		      unsigned int code)
{
	const struct papi__smp *s = self->priv;
	int ret;

	if (!s || code >= (unsigned int)s->n)
		return PAPI_ENOEVNT;
	if (ctl->n == ctl->cap &&
	    (ret = grow(ctl, ctl->cap ? ctl->cap * 2 : 8)) != PAPI_OK)
		return ret;
	ctl->code[ctl->n] = code;
	ctl->base[ctl->n] = 0;
	ctl->track[ctl->n] = 0;
	ctl->stopv[ctl->n] = 0;
	ctl->n++;
	return PAPI_OK;
}

int papi__smp_ctl_remove(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			 int pos)
{
	size_t rest;

	if (pos < 0 || pos >= ctl->n)
		return PAPI_EINVAL;
	rest = (size_t)(ctl->n - pos - 1);
	memmove(&ctl->code[pos], &ctl->code[pos + 1], rest * sizeof(*ctl->code));
	memmove(&ctl->base[pos], &ctl->base[pos + 1], rest * sizeof(*ctl->base));
	memmove(&ctl->track[pos], &ctl->track[pos + 1],
		rest * sizeof(*ctl->track));
	memmove(&ctl->stopv[pos], &ctl->stopv[pos + 1],
		rest * sizeof(*ctl->stopv));
	ctl->n--;
	return PAPI_OK;
}

int papi__smp_ctl_set_opts(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			   const struct papi__ctl_opts *opts)
{
	const struct papi__smp *s = self->priv;
	int ret;

	if (s && s->ops->check_opts &&
	    (ret = s->ops->check_opts(opts)) != PAPI_OK)
		return ret;
	ctl->tid = opts->tid;
	return PAPI_OK;
}

int papi__smp_start(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int ret = baseline(self->priv, ctl);

	if (ret != PAPI_OK)
		return ret;
	if (ctl->n)
		memset(ctl->stopv, 0, (size_t)ctl->n * sizeof(*ctl->stopv));
	ctl->running = 1;
	return PAPI_OK;
}

/* The counts freeze at the stop. A sample that fails (a device gone)
 * stops the set all the same, with the error: the framework then keeps the
 * set running, and the next PAPI_stop stops it (the vanished events'
 * counts read 0), so a set is never stuck. */
int papi__smp_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int ret;

	if (!ctl->running)
		return PAPI_OK;
	ret = values_now(self->priv, ctl, ctl->stopv);
	ctl->running = 0;
	return ret;
}

int papi__smp_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		   long long *values)
{
	if (!ctl->running) {
		memcpy(values, ctl->stopv, (size_t)ctl->n * sizeof(*values));
		return PAPI_OK;
	}
	return values_now(self->priv, ctl, values);
}

int papi__smp_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	if (!ctl->running) {
		if (ctl->n)
			memset(ctl->stopv, 0,
			       (size_t)ctl->n * sizeof(*ctl->stopv));
		return PAPI_OK;
	}
	return baseline(self->priv, ctl);
}
