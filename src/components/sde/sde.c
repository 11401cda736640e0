// SPDX-License-Identifier: BSD-3-Clause
/*
 * The sde component: software-defined events, counters that libraries
 * export through libsde.so.1 (include/sde_lib.h), named
 * sde:::LIBRARY::COUNTER. The counters live in libsde; this component
 * finds libsde's tool interface (src/sde/sde_ti.h) at run time, so that
 * libpapi needs no libsde to link or load, and a library dlopen'ed after
 * PAPI_library_init (bringing libsde in with it) is found at the first
 * name lookup or enumeration after that.
 *
 * Counts are process-wide (a library's counter is one variable); DELTA
 * counters read as the change since PAPI_start or PAPI_reset, INSTANT
 * ones as they are; a double's or float's bits come back packed in the
 * long long. Recorders and counting sets read as a new block the reader
 * frees, as in PAPI; those reads allocate, so they are the only reads
 * here that are not async-signal-safe. Overflow of created counters:
 * sde_ovf.c.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp/cmp.h"
#include "components/sde/sde_cmp.h"
#include "os/os.h"
#include "sde_lib.h"

#define PREFIX "sde:::"
#define SEP "::"

static const struct papi_sde__ti *ti_cached;

/* A static link (libpapi.a with libsde's objects) has no dynamic symbol
 * table to search: there the linker fills this weak reference. */
extern const struct papi_sde__ti papi_sde__ti_v1 __attribute__((weak));

/* Overflow's way back, given to libsde at the first contact. */
static void overflow_cb(uint32_t id, long long latest)
{
	papi_sde_check_overflow_status(id, latest);
}

const struct papi_sde__ti *papi__sde_ti(void)
{
	const struct papi_sde__ti *t =
		__atomic_load_n(&ti_cached, __ATOMIC_ACQUIRE);
	void *h;

	if (t)
		return t;
	/* Linked statically, or in the global scope (linked in, or
	 * dlopen'ed RTLD_GLOBAL)... */
	t = &papi_sde__ti_v1;
	if (!t)
		t = dlsym(RTLD_DEFAULT, PAPI_SDE__TI_SYMBOL);
	/* ... or brought in privately by a library dlopen'ed RTLD_LOCAL:
	 * NOLOAD finds it without loading it (and keeps it loaded). */
	if (!t && (h = dlopen("libsde.so.1", RTLD_LAZY | RTLD_NOLOAD)))
		t = dlsym(h, PAPI_SDE__TI_SYMBOL);
	if (!t || t->version < 1)
		return NULL;
	t->attach(overflow_cb);
	__atomic_store_n(&ti_cached, t, __ATOMIC_RELEASE);
	return t;
}

static int sde_init(struct papi__cmp *self)
{
	PAPI_component_info_t *in = &self->info;
	const struct papi_sde__ti *t = papi__sde_ti();

	snprintf(in->short_name, sizeof(in->short_name), "sde");
	snprintf(in->name, sizeof(in->name), "sde");
	snprintf(in->description, sizeof(in->description),
		 "Software Defined Events (SDE) component");
	snprintf(in->version, sizeof(in->version), "1.0");
	in->num_native_events = t ? (int)t->count() : 0;
	in->num_cntrs = PAPI__OVF_SDE_MAX;
	in->num_mpx_cntrs = PAPI__OVF_SDE_MAX;
	in->default_domain = PAPI_DOM_USER;
	in->available_domains = PAPI_DOM_USER | PAPI_DOM_KERNEL |
				PAPI_DOM_OTHER | PAPI_DOM_SUPERVISOR;
	in->default_granularity = PAPI_GRN_THR;
	in->available_granularities = PAPI_GRN_THR | PAPI_GRN_PROC |
				      PAPI_GRN_SYS;
	/* Created counters signal their overflows (sde_ovf.c). */
	in->hardware_intr = 1;
	in->hardware_intr_sig = papi__os_rt_signal(2);
	return PAPI_OK;
}

/* dst = a + b + c, cut at size (names are truncated, never refused,
 * in event info). */
static void join(char *dst, size_t size, const char *a, const char *b,
		 const char *c)
{
	const char *part[3] = { a, b, c };
	size_t n = 0, k, i;

	for (i = 0; i < 3 && size; i++) {
		k = strlen(part[i]);
		if (k > size - 1 - n)
			k = size - 1 - n;
		memcpy(dst + n, part[i], k);
		n += k;
	}
	if (size)
		dst[n] = '\0';
}

static int info_of(uint32_t code, struct papi_sde__info *out)
{
	const struct papi_sde__ti *t = papi__sde_ti();

	return t && t->info(code, out) == SDE_OK ? PAPI_OK : PAPI_ENOEVNT;
}

/* The next listed id at or after *code. */
static int next_listed(unsigned int *code)
{
	const struct papi_sde__ti *t = papi__sde_ti();
	struct papi_sde__info in;
	uint32_t id;

	if (!t)
		return PAPI_ENOEVNT;
	for (id = *code; id < t->count(); id++)
		if (t->info(id, &in) == SDE_OK && (in.flags & PAPI_SDE__LISTED)) {
			*code = id;
			return PAPI_OK;
		}
	return PAPI_ENOEVNT;
}

static int sde_enum(struct papi__cmp *self, unsigned int *code, int mod)
{
	unsigned int c;

	if (mod == PAPI_ENUM_FIRST) {
		c = 0;
	} else if (mod == PAPI_ENUM_EVENTS) {
		c = *code + 1;
	} else {
		return mod == PAPI_NTV_ENUM_UMASKS ? PAPI_ENOEVNT : PAPI_EINVAL;
	}
	if (next_listed(&c) != PAPI_OK)
		return PAPI_ENOEVNT;
	*code = c;
	return PAPI_OK;
}

/* "sde:::LIB::NAME" (or "LIB::NAME"): with the prefix, a name libsde
 * does not know yet becomes a placeholder that the library fills when it
 * registers it, as in PAPI (a program may add an event before the
 * library's init has run). */
static int sde_name_to_code(struct papi__cmp *self, const char *name,
			    unsigned int *code)
{
	const struct papi_sde__ti *t = papi__sde_ti();
	int prefixed = !strncmp(name, PREFIX, strlen(PREFIX));
	char lib[PAPI_SDE__NAME_LEN];
	const char *sep;
	uint32_t id;
	size_t n;

	if (prefixed)
		name += strlen(PREFIX);
	sep = strstr(name, SEP);
	if (!sep || sep == name || !sep[strlen(SEP)])
		return PAPI_ENOEVNT;
	n = (size_t)(sep - name);
	if (n >= sizeof(lib))
		return PAPI_ENOEVNT;
	if (!t)
		return prefixed ? PAPI_ECMP : PAPI_ENOEVNT;
	memcpy(lib, name, n);
	lib[n] = '\0';
	switch (t->find(lib, sep + strlen(SEP), prefixed, &id)) {
	case SDE_OK:
		*code = id;
		return PAPI_OK;
	case SDE_ENOMEM:
		return PAPI_ENOMEM;
	default:
		return PAPI_ENOEVNT;
	}
}

static int sde_code_to_name(struct papi__cmp *self, unsigned int code,
			    char *name, int len)
{
	struct papi_sde__info in;

	if (info_of(code, &in) != PAPI_OK)
		return PAPI_ENOEVNT;
	if (len <= 0 || strlen(PREFIX SEP) + strlen(in.lib) +
				 strlen(in.name) >= (size_t)len)
		return PAPI_EBUF;
	join(name, (size_t)len, PREFIX, in.lib, SEP);
	strcat(name, in.name);
	return PAPI_OK;
}

static int sde_info(struct papi__cmp *self, unsigned int code,
		    PAPI_event_info_t *info)
{
	struct papi_sde__info in;

	if (info_of(code, &in) != PAPI_OK)
		return PAPI_ENOEVNT;
	join(info->symbol, sizeof(info->symbol), PREFIX, in.lib, SEP);
	join(info->symbol + strlen(info->symbol),
	     sizeof(info->symbol) - strlen(info->symbol), in.name, "", "");
	join(info->long_descr, sizeof(info->long_descr), in.descr, "", "");
	join(info->short_descr, sizeof(info->short_descr), in.descr, "", "");
	info->data_type = in.type == PAPI_SDE_double ? PAPI_DATATYPE_FP64
			  : in.type == PAPI_SDE_float ||
					  (in.flags & PAPI_SDE__POINTER)
			  ? PAPI_DATATYPE_BIT64
			  : PAPI_DATATYPE_INT64;
	info->value_type = in.mode & PAPI_SDE_INSTANT
				   ? PAPI_VALUETYPE_ABSOLUTE
				   : PAPI_VALUETYPE_RUNNING_SUM;
	info->timescope = in.mode & PAPI_SDE_INSTANT
				  ? PAPI_TIMESCOPE_POINT
				  : PAPI_TIMESCOPE_SINCE_START;
	return PAPI_OK;
}

static int sde_ctl_create(struct papi__cmp *self,
			  const struct papi__ctl_opts *opts,
			  struct papi__cmp_ctl **ctl)
{
	*ctl = calloc(1, sizeof(**ctl));
	return *ctl ? PAPI_OK : PAPI_ENOMEM;
}

static void sde_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	papi__sde_ovf_disarm(ctl);
	free(ctl->e);
	free(ctl);
}

static int sde_ctl_add(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		       unsigned int code)
{
	struct papi_sde__info in;

	if (info_of(code, &in) != PAPI_OK)
		return PAPI_ENOEVNT;
	if (ctl->n == ctl->cap) {
		int cap = ctl->cap ? ctl->cap * 2 : 8;
		struct papi__sde_ent *e =
			realloc(ctl->e, (size_t)cap * sizeof(*e));

		if (!e)
			return PAPI_ENOMEM;
		ctl->e = e;
		ctl->cap = cap;
	}
	memset(&ctl->e[ctl->n], 0, sizeof(ctl->e[0]));
	ctl->e[ctl->n].id = code;
	ctl->n++;
	return PAPI_OK;
}

static int sde_ctl_remove(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			  int pos)
{
	if (pos < 0 || pos >= ctl->n)
		return PAPI_EINVAL;
	memmove(&ctl->e[pos], &ctl->e[pos + 1],
		(size_t)(ctl->n - pos - 1) * sizeof(*ctl->e));
	ctl->n--;
	return PAPI_OK;
}

static int sde_ctl_set_opts(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			    const struct papi__ctl_opts *opts)
{
	return PAPI_OK;
}

/* What a counter's kind is now: a placeholder added before the library
 * registered it takes the library's type and mode when it does. */
static void refresh(struct papi__sde_ent *e)
{
	struct papi_sde__info in;

	if (info_of(e->id, &in) != PAPI_OK)
		return;
	e->type = in.type;
	e->mode = in.mode;
	e->flags = in.flags;
}

/* Baselines of the DELTA counters: their values now. */
static int baseline(struct papi__cmp_ctl *ctl)
{
	const struct papi_sde__ti *t = papi__sde_ti();
	int i;

	for (i = 0; i < ctl->n; i++) {
		struct papi__sde_ent *e = &ctl->e[i];

		refresh(e);
		e->base = 0;
		if (t && !(e->mode & PAPI_SDE_INSTANT) &&
		    !(e->flags & PAPI_SDE__POINTER))
			t->read(e->id, &e->base);
	}
	return PAPI_OK;
}

/* v - base in the counter's own type, packed back. */
static long long delta(const struct papi__sde_ent *e, long long v)
{
	double d, b;
	float f, g;

	if (e->mode & PAPI_SDE_INSTANT || e->flags & PAPI_SDE__POINTER)
		return v;
	switch (e->type) {
	case PAPI_SDE_double:
		memcpy(&d, &v, sizeof(d));
		memcpy(&b, &e->base, sizeof(b));
		d -= b;
		memcpy(&v, &d, sizeof(d));
		return v;
	case PAPI_SDE_float:
		memcpy(&f, &v, sizeof(f));
		memcpy(&g, &e->base, sizeof(g));
		f -= g;
		v = 0;
		memcpy(&v, &f, sizeof(f));
		return v;
	default:
		return (long long)((unsigned long long)v -
				   (unsigned long long)e->base);
	}
}

static int sde_start(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	baseline(ctl);
	ctl->running = 1;
	return papi__sde_ovf_arm(ctl);
}

static int sde_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		    long long *values)
{
	const struct papi_sde__ti *t = papi__sde_ti();
	long long v;
	int i;

	for (i = 0; i < ctl->n; i++) {
		const struct papi__sde_ent *e = &ctl->e[i];

		/* Stopped: the counts at the stop (a recorder's or set's
		 * block is made by the read that hands it out). */
		if (!ctl->running && !(e->flags & PAPI_SDE__POINTER)) {
			values[i] = e->stopped;
			continue;
		}
		v = 0;
		if (t && t->read(e->id, &v) != SDE_OK)
			v = 0;
		values[i] = delta(e, v);
	}
	return PAPI_OK;
}

static int sde_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	const struct papi_sde__ti *t = papi__sde_ti();
	long long v;
	int i;

	papi__sde_ovf_disarm(ctl);
	for (i = 0; i < ctl->n; i++) {
		struct papi__sde_ent *e = &ctl->e[i];

		v = 0;
		if (t && !(e->flags & PAPI_SDE__POINTER))
			t->read(e->id, &v);
		e->stopped = delta(e, v);
	}
	ctl->running = 0;
	return PAPI_OK;
}

/* Overflow stays armed from the start: its thresholds count from the
 * value at PAPI_start, not from the last PAPI_reset or PAPI_accum (PAPI's
 * Overflow test counts 22 overflows of threshold 10 across 8 accums). */
static int sde_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	return baseline(ctl);
}

const struct papi__cmp_ops papi__sde_ops = {
	.name = "sde",
	.init = sde_init,
	.ntv_enum = sde_enum,
	.ntv_name_to_code = sde_name_to_code,
	.ntv_code_to_name = sde_code_to_name,
	.ntv_info = sde_info,
	.ctl_create = sde_ctl_create,
	.ctl_destroy = sde_ctl_destroy,
	.ctl_add = sde_ctl_add,
	.ctl_remove = sde_ctl_remove,
	.ctl_set_opts = sde_ctl_set_opts,
	.start = sde_start,
	.stop = sde_stop,
	.read = sde_read,
	.reset = sde_reset,
	.set_overflow = papi__sde_set_overflow,
	.overflow_pos = papi__sde_overflow_pos,
};
