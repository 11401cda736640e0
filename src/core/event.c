// SPDX-License-Identifier: BSD-3-Clause
#include "core/event.h"

#include <stdio.h>
#include <string.h>

#include "core/lib.h"
#include "core/preset.h"

/* The enabled component a native code belongs to, or NULL. */
static struct papi__cmp *ntv_cmp(int code, unsigned int *local)
{
	unsigned int u = (unsigned int)code;
	int cidx = (int)((u >> PAPI__NTV_CIDX_SHIFT) & PAPI__NTV_CIDX_MASK);

	if (!IS_NATIVE(code) || cidx >= papi__lib.ncmp)
		return NULL;
	*local = u & PAPI__NTV_LOCAL_MASK;
	return &papi__lib.cmp[cidx];
}

int papi__event_component(int code)
{
	unsigned int local;
	struct papi__cmp *c;

	if (IS_PRESET(code)) {
		int idx = code & PAPI_PRESET_AND_MASK;

		const struct papi__preset *p;

		if (idx >= PAPI_END_idx)
			return PAPI_ENOEVNT;
		p = papi__preset_get(idx);
		if (!p->available)
			return PAPI_ENOEVNT;
		return p->cidx;
	}
	c = ntv_cmp(code, &local);
	if (!c)
		return PAPI_ENOEVNT;
	/* The component must know the index, not just the component bits. */
	return papi__event_query(code) == PAPI_OK ? c->cidx : PAPI_ENOEVNT;
}

int papi__event_map(int code, struct papi__event_map *m)
{
	unsigned int local;
	struct papi__cmp *c;
	char name[8];
	int ret;

	memset(m, 0, sizeof(*m));
	if (IS_PRESET(code)) {
		int idx = code & PAPI_PRESET_AND_MASK;
		const struct papi__preset *p;

		if (idx >= PAPI_END_idx)
			return PAPI_ENOTPRESET;
		p = papi__preset_get(idx);
		if (!p->available)
			return PAPI_ENOEVNT;
		m->cidx = p->cidx;
		m->derived = p->derived;
		m->nterms = p->nterms;
		memcpy(m->terms, p->terms, sizeof(m->terms));
		return PAPI_OK;
	}
	c = ntv_cmp(code, &local);
	if (!c)
		return PAPI_ENOEVNT;
	if (c->info.disabled)
		return PAPI_ECMP_DISABLED;
	/* A code that does not name an event of its component is no event. */
	ret = papi__cmp_ntv_code_to_name(c, local, name, sizeof(name));
	if (ret != PAPI_OK && ret != PAPI_EBUF)
		return PAPI_ENOEVNT;
	m->cidx = c->cidx;
	m->nterms = 1;
	m->terms[0] = local;
	return PAPI_OK;
}

int papi__event_name_to_code(const char *name, int *code)
{
	int i, idx, ret = PAPI_ENOEVNT, why = PAPI_ENOEVNT;

	idx = papi__preset_find(name);
	if (idx >= 0) {
		*code = idx | PAPI_PRESET_MASK;
		return PAPI_OK;
	}
	for (i = 0; i < papi__lib.ncmp; i++) {
		struct papi__cmp *c = &papi__lib.cmp[i];
		unsigned int local;

		if (c->info.disabled)
			continue;
		papi__lib_lock();
		ret = papi__cmp_ntv_name_to_code(c, name, &local);
		papi__lib_unlock();
		if (ret == PAPI_OK) {
			*code = papi__event_ntv_code(i, local);
			return PAPI_OK;
		}
		/* A component that could not look (no descriptor or memory
		 * left) is reported if no other finds the name. */
		if (ret == PAPI_ESYS || ret == PAPI_ENOMEM)
			why = ret;
	}
	return why;
}

int papi__event_code_to_name(int code, char *out, int len)
{
	unsigned int local;
	struct papi__cmp *c;
	int ret;

	if (IS_PRESET(code)) {
		const char *s = papi__preset_symbol(code & PAPI_PRESET_AND_MASK);

		if (!s)
			return PAPI_ENOTPRESET;
		snprintf(out, (size_t)len, "%s", s);
		return PAPI_OK;
	}
	c = ntv_cmp(code, &local);
	if (!c)
		return PAPI_ENOEVNT;
	papi__lib_lock();
	ret = papi__cmp_ntv_code_to_name(c, local, out, len);
	papi__lib_unlock();
	return ret;
}

int papi__event_info(int code, PAPI_event_info_t *info)
{
	unsigned int local;
	struct papi__cmp *c;
	int ret;

	if (IS_PRESET(code))
		return papi__preset_info(code & PAPI_PRESET_AND_MASK, info);
	c = ntv_cmp(code, &local);
	if (!c)
		return PAPI_ENOEVNT;
	memset(info, 0, sizeof(*info));
	papi__lib_lock();
	ret = papi__cmp_ntv_info(c, local, info);
	papi__lib_unlock();
	if (ret != PAPI_OK)
		return ret;
	info->event_code = (unsigned int)code;
	info->component_index = c->cidx;
	return PAPI_OK;
}

int papi__event_query(int code)
{
	struct papi__event_map m;
	int ret;

	papi__lib_lock();
	ret = papi__event_map(code, &m);
	papi__lib_unlock();
	return ret;
}

static int enum_preset(int *code, int modifier)
{
	int idx = *code & PAPI_PRESET_AND_MASK;

	if (modifier == PAPI_ENUM_FIRST) {
		*code = PAPI_PRESET_MASK;
		return PAPI_OK;
	}
	if (modifier != PAPI_ENUM_EVENTS && modifier != PAPI_PRESET_ENUM_AVAIL &&
	    (modifier < PAPI_PRESET_ENUM_MSC || modifier > PAPI_PRESET_ENUM_FP))
		return PAPI_EINVAL;
	for (idx++; idx < PAPI_END_idx; idx++) {
		int avail = modifier != PAPI_ENUM_EVENTS &&
			    papi__preset_get(idx)->available;

		if (modifier >= PAPI_PRESET_ENUM_MSC &&
		    !(avail && (papi__preset_category(idx) & (1u << modifier))))
			continue;
		if (modifier == PAPI_ENUM_EVENTS || avail) {
			*code = idx | PAPI_PRESET_MASK;
			return PAPI_OK;
		}
	}
	return PAPI_ENOEVNT;
}

int papi__event_enum(int *code, int modifier, int cidx)
{
	struct papi__cmp *c;
	unsigned int local;
	int ret;

	if (IS_PRESET(*code) && cidx < 0)
		return enum_preset(code, modifier);
	if (cidx < 0) {
		c = ntv_cmp(*code, &local);
		if (!c)
			return PAPI_ENOEVNT;
	} else {
		if (cidx >= papi__lib.ncmp)
			return PAPI_ENOCMP;
		c = &papi__lib.cmp[cidx];
		local = *code & PAPI__NTV_LOCAL_MASK;
		if (IS_PRESET(*code))
			return enum_preset(code, modifier);
	}
	if (c->info.disabled)
		return PAPI_ENOEVNT;
	papi__lib_lock();
	ret = papi__cmp_ntv_enum(c, &local, modifier);
	papi__lib_unlock();
	if (ret != PAPI_OK)
		return ret;
	*code = papi__event_ntv_code(c->cidx, local);
	return PAPI_OK;
}
