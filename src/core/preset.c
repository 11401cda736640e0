// SPDX-License-Identifier: BSD-3-Clause
#include "core/preset.h"

#include <stdio.h>
#include <string.h>

#include "cmp/cmp.h"
#include "core/event.h"
#include "core/lib.h"
#include "core/log.h"
#include "core/preset_table.h"

struct preset_row {
	const char *symbol;
	const char *short_descr;
	const char *long_descr;
};

#define ROW(idx, sym, sdesc, ldesc) [idx] = { sym, sdesc, ldesc },
static const struct preset_row rows[] = { PAPI__PRESET_TABLE(ROW) };
#undef ROW

_Static_assert(sizeof(rows) / sizeof(rows[0]) == PAPI_END_idx,
	       "preset table must have one row per preset index");
_Static_assert(PAPI_END_idx <= PAPI_MAX_PRESET_EVENTS, "too many presets");

int papi__preset_count(void)
{
	return PAPI_END_idx;
}

const char *papi__preset_symbol(int idx)
{
	if (idx < 0 || idx >= PAPI_END_idx)
		return NULL;
	return rows[idx].symbol;
}

int papi__preset_find(const char *name)
{
	int i;

	for (i = 0; i < PAPI_END_idx; i++)
		if (!strcasecmp(rows[i].symbol, name))
			return i;
	return -1;
}

/* Try one mapping row on component c: every term must name a native event
 * that the kernel accepts in the default domain, and a postfix formula must
 * be well formed over exactly these terms. */
static int try_row(struct papi__cmp *c, const struct papi__preset_map *m,
		   struct papi__preset *p)
{
	struct papi__preset cand = { 0 };
	int i;

	for (i = 0; i < PAPI__MAX_TERMS && m->terms[i]; i++) {
		unsigned int code;
		int ret = papi__cmp_ntv_name_to_code(c, m->terms[i], &code);

		if (ret != PAPI_OK)
			return ret;
		ret = papi__cmp_ntv_probe(c, code, c->info.default_domain);
		if (ret != PAPI_OK)
			return ret;
		cand.terms[i] = code;
		cand.names[i] = m->terms[i];
	}
	if (i == 0)
		return PAPI_EBUG;
	if (m->derived == PAPI__DERIVED_POSTFIX &&
	    papi__preset_postfix_check(m->postfix, i) != PAPI_OK) {
		papi__log(PAPI__LOG_ERROR, "preset", "%s: bad postfix \"%s\"",
			  m->symbol ? m->symbol : "?",
			  m->postfix ? m->postfix : "");
		return PAPI_EINVAL;
	}
	cand.nterms = i;
	cand.available = 1;
	cand.cidx = c->cidx;
	cand.derived = m->derived;
	cand.note = m->note;
	cand.postfix = m->derived == PAPI__DERIVED_POSTFIX ? m->postfix : NULL;
	*p = cand;
	return PAPI_OK;
}

/* The preset index a row is for: by index, or by symbol for table rows. */
static int row_preset(const struct papi__preset_map *m)
{
	if (m->preset < 0 && m->symbol)
		return papi__preset_find(m->symbol);
	return m->preset < PAPI_END_idx ? m->preset : -1;
}

void papi__preset_init(void)
{
	int ci, r, n;

	memset(papi__lib.presets, 0, sizeof(papi__lib.presets));
	for (ci = 0; ci < papi__lib.ncmp; ci++) {
		struct papi__cmp *c = &papi__lib.cmp[ci];
		const struct papi__preset_map *map;

		if (c->info.disabled)
			continue;
		map = papi__cmp_presets(c, &n);
		for (r = 0; map && r < n; r++) {
			struct papi__preset *p;
			int idx = row_preset(&map[r]);

			if (idx < 0)
				continue;
			p = &papi__lib.presets[idx];
			if (p->available)
				continue;
			if (try_row(c, &map[r], p) == PAPI_OK)
				c->info.num_preset_events++;
		}
	}
	papi__log(PAPI__LOG_INFO, "preset", "presets resolved");
}

/*
 * The PAPI_PRESET_BIT_* categories of a preset, from the naming scheme of
 * PAPI's symbols (PAPI_L1_DCM is a cache event of level 1, PAPI_BR_CN a
 * conditional branch...). PAPI_enum_event's category modifiers and the
 * papi_avail filters depend on them; every preset gets at least one.
 */
static unsigned int category(const char *sym)
{
	static const struct {
		const char *key;
		unsigned int bits;
	} rules[] = {
		{ "_L1_", PAPI_PRESET_BIT_CACH | PAPI_PRESET_BIT_L1 },
		{ "_L2_", PAPI_PRESET_BIT_CACH | PAPI_PRESET_BIT_L2 },
		{ "_L3_", PAPI_PRESET_BIT_CACH | PAPI_PRESET_BIT_L3 },
		{ "_CA_", PAPI_PRESET_BIT_CACH },
		{ "_TLB_", PAPI_PRESET_BIT_TLB },
		{ "_BR_CN", PAPI_PRESET_BIT_BR | PAPI_PRESET_BIT_CND },
		{ "_BR_TKN", PAPI_PRESET_BIT_BR | PAPI_PRESET_BIT_CND },
		{ "_BR_NTK", PAPI_PRESET_BIT_BR | PAPI_PRESET_BIT_CND },
		{ "_BR_MSP", PAPI_PRESET_BIT_BR | PAPI_PRESET_BIT_CND },
		{ "_BR_PRC", PAPI_PRESET_BIT_BR | PAPI_PRESET_BIT_CND },
		{ "_BR_", PAPI_PRESET_BIT_BR },
		{ "_BTAC", PAPI_PRESET_BIT_BR },
		{ "_FP", PAPI_PRESET_BIT_FP },
		{ "_FMA", PAPI_PRESET_BIT_FP },
		{ "_FML", PAPI_PRESET_BIT_FP },
		{ "_FAD", PAPI_PRESET_BIT_FP },
		{ "_FDV", PAPI_PRESET_BIT_FP },
		{ "_FSQ", PAPI_PRESET_BIT_FP },
		{ "_FNV", PAPI_PRESET_BIT_FP },
		{ "_SP_", PAPI_PRESET_BIT_FP },
		{ "_DP_", PAPI_PRESET_BIT_FP },
		{ "_VEC_", PAPI_PRESET_BIT_FP },
		{ "_STL", PAPI_PRESET_BIT_IDL },
		{ "_FUL_", PAPI_PRESET_BIT_IDL },
		{ "_RES_STL", PAPI_PRESET_BIT_IDL },
		{ "_MEM_", PAPI_PRESET_BIT_MEM },
		{ "_PRF_", PAPI_PRESET_BIT_MEM },
		{ "_LD_INS", PAPI_PRESET_BIT_MEM | PAPI_PRESET_BIT_INS },
		{ "_SR_INS", PAPI_PRESET_BIT_MEM | PAPI_PRESET_BIT_INS },
		{ "_LST_INS", PAPI_PRESET_BIT_MEM | PAPI_PRESET_BIT_INS },
		{ "_INS", PAPI_PRESET_BIT_INS },
	};
	size_t i;

	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		if (strstr(sym, rules[i].key))
			return rules[i].bits;
	return PAPI_PRESET_BIT_MSC;
}

unsigned int papi__preset_category(int idx)
{
	return idx >= 0 && idx < PAPI_END_idx ? category(rows[idx].symbol) : 0;
}

static const char *derived_name(int d)
{
	switch (d) {
	case PAPI__DERIVED_ADD:
		return "DERIVED_ADD";
	case PAPI__DERIVED_SUB:
		return "DERIVED_SUB";
	case PAPI__DERIVED_POSTFIX:
		return "DERIVED_POSTFIX";
	default:
		return "NOT_DERIVED";
	}
}

int papi__preset_info(int idx, PAPI_event_info_t *info)
{
	const struct papi__preset *p;
	unsigned int i;

	if (idx < 0 || idx >= PAPI_END_idx)
		return PAPI_ENOTPRESET;
	p = &papi__lib.presets[idx];
	memset(info, 0, sizeof(*info));
	info->event_code = (unsigned int)(idx | PAPI_PRESET_MASK);
	snprintf(info->symbol, sizeof(info->symbol), "%s", rows[idx].symbol);
	snprintf(info->short_descr, sizeof(info->short_descr), "%s",
		 rows[idx].short_descr);
	snprintf(info->long_descr, sizeof(info->long_descr), "%s",
		 rows[idx].long_descr);
	info->component_index = p->available ? p->cidx : -1;
	info->event_type = category(rows[idx].symbol);
	info->count = p->available ? (unsigned int)p->nterms : 0;
	snprintf(info->derived, sizeof(info->derived), "%s",
		 derived_name(p->derived));
	for (i = 0; i < info->count; i++) {
		info->code[i] = (unsigned int)papi__event_ntv_code(p->cidx,
								   p->terms[i]);
		snprintf(info->name[i], sizeof(info->name[i]), "%s",
			 p->names[i]);
	}
	if (p->postfix)
		snprintf(info->postfix, sizeof(info->postfix), "%s",
			 p->postfix);
	if (p->note)
		snprintf(info->note, sizeof(info->note), "%s", p->note);
	return PAPI_OK;
}
