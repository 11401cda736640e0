// SPDX-License-Identifier: BSD-3-Clause
#include "core/preset.h"

#include <stdio.h>
#include <stdlib.h>
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
	/* '#' is the clock rate, which PAPI_read must find filled in. */
	if (cand.postfix && strchr(cand.postfix, '#'))
		papi__lib_hw();
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

/*
 * Presets resolve at their first use, not at init (issue 20): resolving
 * all of them cost PAPI_library_init most of its time (an encoding and a
 * kernel open per term of every row tried), for the one or two a program
 * names. Each component's rows are indexed by preset once (rows[]: the
 * preset index of each row), on the first resolution.
 */
static struct {
	const struct papi__preset_map *map;
	short *row; /* preset index of each row of map, or -1 */
	int n;
	int done;
} rows_of[PAPI__MAX_CMP];

static void index_rows(int ci)
{
	struct papi__cmp *c = &papi__lib.cmp[ci];
	int r, n;

	rows_of[ci].done = 1;
	if (c->info.disabled)
		return;
	rows_of[ci].map = papi__cmp_presets(c, &n);
	if (!rows_of[ci].map || n <= 0)
		return;
	rows_of[ci].row = malloc((size_t)n * sizeof(short));
	if (!rows_of[ci].row)
		return;
	for (r = 0; r < n; r++)
		rows_of[ci].row[r] = (short)row_preset(&rows_of[ci].map[r]);
	rows_of[ci].n = n;
}

/* The first row of the first enabled component that works. Lock held. */
static void resolve(int idx)
{
	struct papi__preset *p = &papi__lib.presets[idx];
	int ci, r;

	for (ci = 0; ci < papi__lib.ncmp && ci < PAPI__MAX_CMP; ci++) {
		struct papi__cmp *c = &papi__lib.cmp[ci];

		if (!rows_of[ci].done)
			index_rows(ci);
		if (c->info.disabled)
			continue;
		for (r = 0; r < rows_of[ci].n; r++)
			if (rows_of[ci].row[r] == idx &&
			    try_row(c, &rows_of[ci].map[r], p) == PAPI_OK)
				goto found;
	}
found:
	__atomic_store_n(&p->resolved, 1, __ATOMIC_RELEASE);
}

const struct papi__preset *papi__preset_get(int idx)
{
	struct papi__preset *p = &papi__lib.presets[idx];

	if (!__atomic_load_n(&p->resolved, __ATOMIC_ACQUIRE)) {
		papi__lib_lock();
		if (!p->resolved)
			resolve(idx);
		papi__lib_unlock();
	}
	return p;
}

void papi__preset_resolve_all(void)
{
	int ci, i;

	papi__lib_lock();
	for (i = 0; i < PAPI_END_idx; i++)
		papi__preset_get(i);
	for (ci = 0; ci < papi__lib.ncmp; ci++)
		papi__lib.cmp[ci].info.num_preset_events = 0;
	for (i = 0; i < PAPI_END_idx; i++)
		if (papi__lib.presets[i].available)
			papi__lib.cmp[papi__lib.presets[i].cidx]
				.info.num_preset_events++;
	papi__lib_unlock();
}

void papi__preset_init(void)
{
	memset(papi__lib.presets, 0, sizeof(papi__lib.presets));
	papi__preset_fini();
}

void papi__preset_fini(void)
{
	int ci;

	for (ci = 0; ci < PAPI__MAX_CMP; ci++) {
		free(rows_of[ci].row);
		memset(&rows_of[ci], 0, sizeof(rows_of[ci]));
	}
}

/*
 * The PAPI_PRESET_BIT_* categories of each preset, PAPI 7.0's own
 * (programs filter on them with PAPI_enum_event's category modifiers, and
 * papi_avail groups by them), including its choices that a naming rule
 * would not make: instruction-cache misses are also "instruction" events,
 * PAPI_VEC_INS is miscellaneous, the idle-unit counts are FP or branch
 * events too. Taken value by value from PAPI_get_event_info of Debian's
 * PAPI 7.0 (tests/api/test_presets.c pins a sample of them).
 */
#define B(x) PAPI_PRESET_BIT_##x
static const unsigned short categories[PAPI_END_idx] = {
	[PAPI_L1_DCM_idx] = B(CACH) | B(L1),
	[PAPI_L1_ICM_idx] = B(INS) | B(CACH) | B(L1),
	[PAPI_L2_DCM_idx] = B(CACH) | B(L2),
	[PAPI_L2_ICM_idx] = B(INS) | B(CACH) | B(L2),
	[PAPI_L3_DCM_idx] = B(CACH) | B(L3),
	[PAPI_L3_ICM_idx] = B(INS) | B(CACH) | B(L3),
	[PAPI_L1_TCM_idx] = B(CACH) | B(L1),
	[PAPI_L2_TCM_idx] = B(CACH) | B(L2),
	[PAPI_L3_TCM_idx] = B(CACH) | B(L3),
	[PAPI_CA_SNP_idx] = B(CACH),
	[PAPI_CA_SHR_idx] = B(CACH),
	[PAPI_CA_CLN_idx] = B(CACH),
	[PAPI_CA_INV_idx] = B(CACH),
	[PAPI_CA_ITV_idx] = B(CACH),
	[PAPI_L3_LDM_idx] = B(CACH) | B(L3),
	[PAPI_L3_STM_idx] = B(CACH) | B(L3),
	[PAPI_BRU_IDL_idx] = B(IDL) | B(BR),
	[PAPI_FXU_IDL_idx] = B(IDL),
	[PAPI_FPU_IDL_idx] = B(IDL) | B(FP),
	[PAPI_LSU_IDL_idx] = B(IDL) | B(MEM),
	[PAPI_TLB_DM_idx] = B(TLB),
	[PAPI_TLB_IM_idx] = B(INS) | B(TLB),
	[PAPI_TLB_TL_idx] = B(TLB),
	[PAPI_L1_LDM_idx] = B(CACH) | B(L1),
	[PAPI_L1_STM_idx] = B(CACH) | B(L1),
	[PAPI_L2_LDM_idx] = B(CACH) | B(L2),
	[PAPI_L2_STM_idx] = B(CACH) | B(L2),
	[PAPI_BTAC_M_idx] = B(BR),
	[PAPI_PRF_DM_idx] = B(CACH),
	[PAPI_L3_DCH_idx] = B(CACH) | B(L2),
	[PAPI_TLB_SD_idx] = B(TLB),
	[PAPI_CSR_FAL_idx] = B(CND) | B(MEM),
	[PAPI_CSR_SUC_idx] = B(CND) | B(MEM),
	[PAPI_CSR_TOT_idx] = B(CND) | B(MEM),
	[PAPI_MEM_SCY_idx] = B(MEM),
	[PAPI_MEM_RCY_idx] = B(MEM),
	[PAPI_MEM_WCY_idx] = B(MEM),
	[PAPI_STL_ICY_idx] = B(INS),
	[PAPI_FUL_ICY_idx] = B(INS),
	[PAPI_STL_CCY_idx] = B(INS),
	[PAPI_FUL_CCY_idx] = B(INS),
	[PAPI_HW_INT_idx] = B(MSC),
	[PAPI_BR_UCN_idx] = B(BR) | B(CND),
	[PAPI_BR_CN_idx] = B(BR) | B(CND),
	[PAPI_BR_TKN_idx] = B(BR) | B(CND),
	[PAPI_BR_NTK_idx] = B(BR) | B(CND),
	[PAPI_BR_MSP_idx] = B(BR) | B(CND),
	[PAPI_BR_PRC_idx] = B(BR) | B(CND),
	[PAPI_FMA_INS_idx] = B(INS) | B(FP),
	[PAPI_TOT_IIS_idx] = B(INS),
	[PAPI_TOT_INS_idx] = B(INS),
	[PAPI_INT_INS_idx] = B(INS),
	[PAPI_FP_INS_idx] = B(INS) | B(FP),
	[PAPI_LD_INS_idx] = B(MEM),
	[PAPI_SR_INS_idx] = B(MEM),
	[PAPI_BR_INS_idx] = B(BR),
	[PAPI_VEC_INS_idx] = B(MSC),
	[PAPI_RES_STL_idx] = B(MSC) | B(IDL),
	[PAPI_FP_STAL_idx] = B(IDL) | B(FP),
	[PAPI_TOT_CYC_idx] = B(MSC),
	[PAPI_LST_INS_idx] = B(INS) | B(MEM),
	[PAPI_SYC_INS_idx] = B(MSC) | B(INS),
	[PAPI_L1_DCH_idx] = B(CACH) | B(L1),
	[PAPI_L2_DCH_idx] = B(CACH) | B(L2),
	[PAPI_L1_DCA_idx] = B(CACH) | B(L1),
	[PAPI_L2_DCA_idx] = B(CACH) | B(L2),
	[PAPI_L3_DCA_idx] = B(CACH) | B(L3),
	[PAPI_L1_DCR_idx] = B(CACH) | B(L1),
	[PAPI_L2_DCR_idx] = B(CACH) | B(L2),
	[PAPI_L3_DCR_idx] = B(CACH) | B(L3),
	[PAPI_L1_DCW_idx] = B(CACH) | B(L1),
	[PAPI_L2_DCW_idx] = B(CACH) | B(L2),
	[PAPI_L3_DCW_idx] = B(CACH) | B(L3),
	[PAPI_L1_ICH_idx] = B(INS) | B(CACH) | B(L1),
	[PAPI_L2_ICH_idx] = B(INS) | B(CACH) | B(L2),
	[PAPI_L3_ICH_idx] = B(INS) | B(CACH) | B(L3),
	[PAPI_L1_ICA_idx] = B(INS) | B(CACH) | B(L1),
	[PAPI_L2_ICA_idx] = B(INS) | B(CACH) | B(L2),
	[PAPI_L3_ICA_idx] = B(INS) | B(CACH) | B(L3),
	[PAPI_L1_ICR_idx] = B(INS) | B(CACH) | B(L1),
	[PAPI_L2_ICR_idx] = B(INS) | B(CACH) | B(L2),
	[PAPI_L3_ICR_idx] = B(INS) | B(CACH) | B(L3),
	[PAPI_L1_ICW_idx] = B(INS) | B(CACH) | B(L1),
	[PAPI_L2_ICW_idx] = B(INS) | B(CACH) | B(L2),
	[PAPI_L3_ICW_idx] = B(INS) | B(CACH) | B(L3),
	[PAPI_L1_TCH_idx] = B(CACH) | B(L1),
	[PAPI_L2_TCH_idx] = B(CACH) | B(L2),
	[PAPI_L3_TCH_idx] = B(CACH) | B(L3),
	[PAPI_L1_TCA_idx] = B(CACH) | B(L1),
	[PAPI_L2_TCA_idx] = B(CACH) | B(L2),
	[PAPI_L3_TCA_idx] = B(CACH) | B(L3),
	[PAPI_L1_TCR_idx] = B(CACH) | B(L1),
	[PAPI_L2_TCR_idx] = B(CACH) | B(L2),
	[PAPI_L3_TCR_idx] = B(CACH) | B(L3),
	[PAPI_L1_TCW_idx] = B(CACH) | B(L1),
	[PAPI_L2_TCW_idx] = B(CACH) | B(L2),
	[PAPI_L3_TCW_idx] = B(CACH) | B(L3),
	[PAPI_FML_INS_idx] = B(INS) | B(FP),
	[PAPI_FAD_INS_idx] = B(INS) | B(FP),
	[PAPI_FDV_INS_idx] = B(INS) | B(FP),
	[PAPI_FSQ_INS_idx] = B(INS) | B(FP),
	[PAPI_FNV_INS_idx] = B(INS) | B(FP),
	[PAPI_FP_OPS_idx] = B(INS) | B(FP),
	[PAPI_SP_OPS_idx] = B(INS) | B(FP),
	[PAPI_DP_OPS_idx] = B(INS) | B(FP),
	[PAPI_VEC_SP_idx] = B(INS) | B(FP),
	[PAPI_VEC_DP_idx] = B(INS) | B(FP),
	[PAPI_REF_CYC_idx] = B(MSC),
};
#undef B

static unsigned int category(int idx)
{
	return categories[idx] ? categories[idx] : PAPI_PRESET_BIT_MSC;
}

unsigned int papi__preset_category(int idx)
{
	return idx >= 0 && idx < PAPI_END_idx ? category(idx) : 0;
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
	p = papi__preset_get(idx);
	memset(info, 0, sizeof(*info));
	info->event_code = (unsigned int)(idx | PAPI_PRESET_MASK);
	snprintf(info->symbol, sizeof(info->symbol), "%s", rows[idx].symbol);
	snprintf(info->short_descr, sizeof(info->short_descr), "%s",
		 rows[idx].short_descr);
	snprintf(info->long_descr, sizeof(info->long_descr), "%s",
		 rows[idx].long_descr);
	info->component_index = p->available ? p->cidx : -1;
	info->event_type = category(idx);
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
