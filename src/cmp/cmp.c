// SPDX-License-Identifier: BSD-3-Clause
/* Wrappers over the component vtable: a NULL operation is PAPI_ECMP. */
#include "cmp/cmp.h"

#include <stddef.h>

#define CALL(c, op, ...) ((c)->ops->op ? (c)->ops->op((c), __VA_ARGS__) : PAPI_ECMP)

int papi__cmp_init(struct papi__cmp *c)
{
	return c->ops->init ? c->ops->init(c) : PAPI_OK;
}

void papi__cmp_fini(struct papi__cmp *c)
{
	if (c->ops->fini)
		c->ops->fini(c);
	c->priv = NULL;
}

void papi__cmp_info_fill(struct papi__cmp *c, int what)
{
	if (c->ops->info_fill && !c->info.disabled)
		c->ops->info_fill(c, what);
}

int papi__cmp_ntv_enum(struct papi__cmp *c, unsigned int *code, int modifier)
{
	return CALL(c, ntv_enum, code, modifier);
}

int papi__cmp_ntv_name_to_code(struct papi__cmp *c, const char *name,
			       unsigned int *code)
{
	return CALL(c, ntv_name_to_code, name, code);
}

int papi__cmp_ntv_code_to_name(struct papi__cmp *c, unsigned int code,
			       char *name, int len)
{
	return CALL(c, ntv_code_to_name, code, name, len);
}

int papi__cmp_ntv_info(struct papi__cmp *c, unsigned int code,
		       PAPI_event_info_t *info)
{
	return CALL(c, ntv_info, code, info);
}

int papi__cmp_ntv_probe(struct papi__cmp *c, unsigned int code, int domain)
{
	/* A component that cannot probe is taken at its word. */
	return c->ops->ntv_probe ? c->ops->ntv_probe(c, code, domain) : PAPI_OK;
}

const struct papi__preset_map *papi__cmp_presets(struct papi__cmp *c,
						 int *count)
{
	*count = 0;
	return c->ops->presets ? c->ops->presets(c, count) : NULL;
}

int papi__cmp_ctl_create(struct papi__cmp *c, const struct papi__ctl_opts *o,
			 struct papi__cmp_ctl **ctl)
{
	return CALL(c, ctl_create, o, ctl);
}

void papi__cmp_ctl_destroy(struct papi__cmp *c, struct papi__cmp_ctl *ctl)
{
	if (c->ops->ctl_destroy && ctl)
		c->ops->ctl_destroy(c, ctl);
}

int papi__cmp_ctl_add(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
		      unsigned int code)
{
	return CALL(c, ctl_add, ctl, code);
}

int papi__cmp_ctl_remove(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			 int pos)
{
	return CALL(c, ctl_remove, ctl, pos);
}

int papi__cmp_ctl_set_opts(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			   const struct papi__ctl_opts *o)
{
	return CALL(c, ctl_set_opts, ctl, o);
}

int papi__cmp_stop(struct papi__cmp *c, struct papi__cmp_ctl *ctl)
{
	return CALL(c, stop, ctl);
}

int papi__cmp_read(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
		   long long *values)
{
	return CALL(c, read, ctl, values);
}

int papi__cmp_reset(struct papi__cmp *c, struct papi__cmp_ctl *ctl)
{
	return CALL(c, reset, ctl);
}

int papi__cmp_read_reset(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			 long long *values)
{
	int ret;

	if (c->ops->read_reset)
		return c->ops->read_reset(c, ctl, values);
	ret = papi__cmp_read(c, ctl, values);
	return ret == PAPI_OK ? papi__cmp_reset(c, ctl) : ret;
}

int papi__cmp_stop_then_read(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			     long long *values)
{
	int ret = papi__cmp_stop(c, ctl);

	return ret == PAPI_OK ? papi__cmp_read(c, ctl, values) : ret;
}

int papi__cmp_halt(struct papi__cmp *c, struct papi__cmp_ctl *ctl)
{
	return c->ops->halt ? c->ops->halt(c, ctl) : PAPI_OK;
}

int papi__cmp_set_overflow(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			   int pos, long long threshold)
{
	return CALL(c, set_overflow, ctl, pos, threshold);
}
