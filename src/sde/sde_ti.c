// SPDX-License-Identifier: BSD-3-Clause
/*
 * The tool interface (sde_ti.h): what libpapi's sde component calls, and
 * overflow's way back into libpapi.
 */
#include <stdio.h>
#include <string.h>

#include "sde_int.h"
#include "sde_ti.h"

/* libpapi's overflow entry. Weak: when libpapi is in the process before
 * libsde is loaded, the dynamic linker fills it in; either way the
 * component's attach call sets the pointer below, which wins. Without
 * PAPI both are NULL and counters simply count. */
void papi_sde_check_overflow_status(uint32_t cntr_uniq_id, long long latest)
	__attribute__((weak));

static void (*host_overflow)(uint32_t, long long);

static void ti_attach(void (*overflow)(uint32_t, long long))
{
	__atomic_store_n(&host_overflow, overflow, __ATOMIC_RELEASE);
}

void sde_overflow_check(struct sde_cntr *c, long long v)
{
	void (*fn)(uint32_t, long long) =
		__atomic_load_n(&host_overflow, __ATOMIC_ACQUIRE);
	long long next = __atomic_load_n(&c->ovf_next, __ATOMIC_RELAXED);
	long long step = __atomic_load_n(&c->ovf_step, __ATOMIC_RELAXED);

	if (!fn)
		fn = papi_sde_check_overflow_status;
	if (step <= 0 || v < next)
		return;
	/* Only the thread that moves the mark on signals this crossing:
	 * concurrent increments past one mark overflow once. */
	if (!__atomic_compare_exchange_n(&c->ovf_next, &next,
					 next + ((v - next) / step + 1) * step,
					 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		return;
	if (fn)
		fn(c->id, v);
}

/* Integer value of a registered variable (or a callback), as raw bits. */
static long long var_bits(int type, const void *p)
{
	long long v = 0;

	switch (type) {
	case PAPI_SDE_int:
		return *(const volatile int *)p;
	case PAPI_SDE_double:
		memcpy(&v, (const void *)p, sizeof(double));
		return v;
	case PAPI_SDE_float:
		memcpy(&v, (const void *)p, sizeof(float));
		return v;
	default:
		return *(const volatile long long *)p;
	}
}

static long long group_value(struct sde_cntr *g, int depth);

/* The value of a simple counter (or group), raw bits; lock held for
 * groups. */
static long long simple_value(struct sde_cntr *c, int depth)
{
	int kind = __atomic_load_n(&c->kind, __ATOMIC_ACQUIRE);

	switch (kind) {
	case K_VAR:
		return c->var ? var_bits(c->type, c->var) : 0;
	case K_CB:
		return c->cb ? c->cb(c->param) : 0;
	case K_CREATED:
		return __atomic_load_n(&c->value, __ATOMIC_RELAXED);
	case K_GROUP:
		return depth < 16 ? group_value(c, depth + 1) : 0;
	default:
		return 0;
	}
}

static double as_double(int type, long long bits)
{
	double d;
	float f;

	if (type == PAPI_SDE_double) {
		memcpy(&d, &bits, sizeof(d));
		return d;
	}
	memcpy(&f, &bits, sizeof(f));
	return f;
}

static long long from_double(int type, double d)
{
	long long bits = 0;
	float f = (float)d;

	if (type == PAPI_SDE_double)
		memcpy(&bits, &d, sizeof(d));
	else
		memcpy(&bits, &f, sizeof(f));
	return bits;
}

static long long group_value(struct sde_cntr *g, int depth)
{
	const struct sde_group *grp = g->grp;
	int fp = g->type == PAPI_SDE_double || g->type == PAPI_SDE_float;
	long long acc = 0, v;
	double dacc = 0, d;
	int i;

	if (!grp)
		return 0;
	for (i = 0; i < grp->n; i++) {
		v = simple_value(grp->m[i], depth);
		d = fp ? as_double(g->type, v) : 0;
		if (i == 0) {
			acc = v;
			dacc = d;
		} else if (grp->flags == PAPI_SDE_SUM) {
			acc += v;
			dacc += d;
		} else if (grp->flags == PAPI_SDE_MAX) {
			acc = v > acc ? v : acc;
			dacc = d > dacc ? d : dacc;
		} else {
			acc = v < acc ? v : acc;
			dacc = d < dacc ? d : dacc;
		}
	}
	return fp ? from_double(g->type, dacc) : acc;
}

int sde_cntr_read(struct sde_cntr *c, long long *v)
{
	int kind = __atomic_load_n(&c->kind, __ATOMIC_ACQUIRE), ret = SDE_OK;

	switch (kind) {
	case K_VAR:
	case K_CB:
	case K_CREATED:
		/* Lock-free: a variable, a callback, an atomic count. */
		*v = simple_value(c, 0);
		return SDE_OK;
	default:
		break;
	}
	sde_lock();
	kind = c->kind;
	*v = 0;
	if (kind == K_GROUP)
		*v = group_value(c, 0);
	else if (kind >= K_REC && kind <= K_REC_MAX && c->rec)
		ret = sde_rec_read(c->rec, kind, v);
	else if (kind == K_CSET && c->cset)
		*v = (long long)(uintptr_t)sde_cset_list(c->cset);
	sde_unlock();
	return ret;
}

static uint32_t ti_count(void)
{
	return sde_nslots();
}

static int ti_find(const char *lib, const char *name, int create,
		   uint32_t *id)
{
	struct sde_lib *l;
	struct sde_cntr *c = NULL;

	if (!lib || !name || !*lib || !*name || !id)
		return SDE_EINVAL;
	sde_lock();
	l = sde_lib_get(lib, create);
	if (l)
		c = sde_cntr_get(l, name, create);
	if (c)
		*id = c->id;
	sde_unlock();
	return c ? SDE_OK : create ? SDE_ENOMEM : SDE_ENOEVNT;
}

static int ti_info(uint32_t id, struct papi_sde__info *out)
{
	struct sde_cntr *c = sde_slot(id);

	if (!c || !out)
		return SDE_ENOEVNT;
	sde_lock();
	snprintf(out->lib, sizeof(out->lib), "%s", c->lib->name);
	snprintf(out->name, sizeof(out->name), "%s", c->name);
	snprintf(out->descr, sizeof(out->descr), "%s",
		 c->descr ? c->descr : "");
	out->type = c->type;
	out->mode = c->mode;
	out->flags = 0;
	if (c->kind != K_NONE)
		out->flags |= PAPI_SDE__LISTED;
	if (c->kind == K_REC || c->kind == K_CSET)
		out->flags |= PAPI_SDE__POINTER;
	if (c->kind == K_CREATED)
		out->flags |= PAPI_SDE__CREATED;
	sde_unlock();
	return SDE_OK;
}

static int ti_read(uint32_t id, long long *value)
{
	struct sde_cntr *c = sde_slot(id);

	if (!value)
		return SDE_EINVAL;
	*value = 0;
	return c ? sde_cntr_read(c, value) : SDE_ENOEVNT;
}

static int ti_arm(uint32_t id, long long threshold, long long from)
{
	struct sde_cntr *c = sde_slot(id);

	if (!c || threshold < 0)
		return SDE_EINVAL;
	if (threshold == 0) {
		__atomic_store_n(&c->ovf_armed, 0, __ATOMIC_RELAXED);
		return SDE_OK;
	}
	if (c->kind != K_CREATED)
		return SDE_ECMP;
	__atomic_store_n(&c->ovf_armed, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&c->ovf_step, threshold, __ATOMIC_RELAXED);
	__atomic_store_n(&c->ovf_next, from + threshold, __ATOMIC_RELAXED);
	__atomic_store_n(&c->ovf_armed, 1, __ATOMIC_RELEASE);
	return SDE_OK;
}

SDE_EXPORT const struct papi_sde__ti papi_sde__ti_v1 = {
	.version = 1,
	.attach = ti_attach,
	.count = ti_count,
	.find = ti_find,
	.info = ti_info,
	.read = ti_read,
	.arm = ti_arm,
};
