// SPDX-License-Identifier: BSD-3-Clause
/*
 * Preset categories (event_type) are PAPI 7.0's (issue 22): programs
 * filter on them with PAPI_enum_event's category modifiers and papi_avail
 * groups by them. The values below are PAPI_get_event_info of Debian's
 * PAPI 7.0 on the same presets (all 108 agree; these are the ones a
 * naming rule gets wrong, and a few it gets right). PAPI_enum_event's
 * category walk reads the same table (core/event.c).
 */
#include <papi.h>
#include <stdio.h>
#include <string.h>

#include "check.h"

static const struct {
	const char *sym;
	unsigned int type;
} pins[] = {
	{ "PAPI_L1_DCM", 0x600 },
	{ "PAPI_L1_ICM", 0x610 },
	{ "PAPI_L2_ICM", 0xa10 },
	{ "PAPI_L3_ICM", 0x1210 },
	{ "PAPI_BRU_IDL", 0x60 },
	{ "PAPI_FXU_IDL", 0x20 },
	{ "PAPI_FPU_IDL", 0x4020 },
	{ "PAPI_LSU_IDL", 0x120 },
	{ "PAPI_TLB_IM", 0x2010 },
	{ "PAPI_PRF_DM", 0x200 },
	{ "PAPI_L3_DCH", 0xa00 },
	{ "PAPI_CSR_FAL", 0x180 },
	{ "PAPI_STL_ICY", 0x10 },
	{ "PAPI_BR_UCN", 0xc0 },
	{ "PAPI_FMA_INS", 0x4010 },
	{ "PAPI_TOT_IIS", 0x10 },
	{ "PAPI_FP_INS", 0x4010 },
	{ "PAPI_LD_INS", 0x100 },
	{ "PAPI_SR_INS", 0x100 },
	{ "PAPI_VEC_INS", 0x8 },
	{ "PAPI_RES_STL", 0x28 },
	{ "PAPI_FP_STAL", 0x4020 },
	{ "PAPI_SYC_INS", 0x18 },
	{ "PAPI_L1_ICH", 0x610 },
	{ "PAPI_FP_OPS", 0x4010 },
	{ "PAPI_TOT_INS", 0x10 },
	{ "PAPI_TOT_CYC", 0x8 },
	{ "PAPI_REF_CYC", 0x8 },
	{ "PAPI_BR_MSP", 0xc0 },
};

int main(void)
{
	unsigned int i;
	int code;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	for (i = 0; i < sizeof(pins) / sizeof(pins[0]); i++) {
		PAPI_event_info_t info;

		memset(&info, 0, sizeof(info));
		if (PAPI_event_name_to_code(pins[i].sym, &code) != PAPI_OK ||
		    PAPI_get_event_info(code, &info) != PAPI_OK) {
			CHECK(0, "%s: no info", pins[i].sym);
			continue;
		}
		CHECK(info.event_type == pins[i].type,
		      "%s: event_type %#x, PAPI 7.0 %#x", pins[i].sym,
		      info.event_type, pins[i].type);
	}
	PAPI_shutdown();
	return check_exit();
}
