/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Standard (preset) event codes shared by every platform.
 *
 * A preset event code is its index in the table below with the preset bit
 * set.  The indices are part of the binary interface: they must stay dense,
 * in this exact order, and must never be renumbered.
 */
#ifndef PAPI_STD_EVENT_DEFS_H
#define PAPI_STD_EVENT_DEFS_H

/*
 * Bits that classify an event code.  Presets carry the top bit, native
 * events the next one, and user-defined events carry both.  The AND masks
 * strip the classifying bits and leave the index or native payload.
 */
#define PAPI_PRESET_MASK	((int)0x80000000)
#define PAPI_NATIVE_MASK	((int)0x40000000)
#define PAPI_UE_MASK		((int)0xC0000000)
#define PAPI_PRESET_AND_MASK	0x7FFFFFFF
#define PAPI_NATIVE_AND_MASK	0xBFFFFFFF
#define PAPI_UE_AND_MASK	0x3FFFFFFF

/* Capacity limits for the preset table and for user-defined events. */
#define PAPI_MAX_PRESET_EVENTS	128
#define PAPI_MAX_USER_EVENTS	50
#define USER_EVENT_OPERATION_LEN	512

/*
 * Index of each preset in the preset table.  The first entry is zero and
 * every following entry is one more than the one before it.  The hex
 * markers show where each block of sixteen begins.
 */
enum {
	/* 0x00 */
	PAPI_L1_DCM_idx = 0,
	PAPI_L1_ICM_idx,
	PAPI_L2_DCM_idx,
	PAPI_L2_ICM_idx,
	PAPI_L3_DCM_idx,
	PAPI_L3_ICM_idx,
	PAPI_L1_TCM_idx,
	PAPI_L2_TCM_idx,
	PAPI_L3_TCM_idx,
	PAPI_CA_SNP_idx,
	PAPI_CA_SHR_idx,
	PAPI_CA_CLN_idx,
	PAPI_CA_INV_idx,
	PAPI_CA_ITV_idx,
	PAPI_L3_LDM_idx,
	PAPI_L3_STM_idx,
	/* 0x10 */
	PAPI_BRU_IDL_idx,
	PAPI_FXU_IDL_idx,
	PAPI_FPU_IDL_idx,
	PAPI_LSU_IDL_idx,
	PAPI_TLB_DM_idx,
	PAPI_TLB_IM_idx,
	PAPI_TLB_TL_idx,
	PAPI_L1_LDM_idx,
	PAPI_L1_STM_idx,
	PAPI_L2_LDM_idx,
	PAPI_L2_STM_idx,
	PAPI_BTAC_M_idx,
	PAPI_PRF_DM_idx,
	PAPI_L3_DCH_idx,
	PAPI_TLB_SD_idx,
	PAPI_CSR_FAL_idx,
	/* 0x20 */
	PAPI_CSR_SUC_idx,
	PAPI_CSR_TOT_idx,
	PAPI_MEM_SCY_idx,
	PAPI_MEM_RCY_idx,
	PAPI_MEM_WCY_idx,
	PAPI_STL_ICY_idx,
	PAPI_FUL_ICY_idx,
	PAPI_STL_CCY_idx,
	PAPI_FUL_CCY_idx,
	PAPI_HW_INT_idx,
	PAPI_BR_UCN_idx,
	PAPI_BR_CN_idx,
	PAPI_BR_TKN_idx,
	PAPI_BR_NTK_idx,
	PAPI_BR_MSP_idx,
	PAPI_BR_PRC_idx,
	/* 0x30 */
	PAPI_FMA_INS_idx,
	PAPI_TOT_IIS_idx,
	PAPI_TOT_INS_idx,
	PAPI_INT_INS_idx,
	PAPI_FP_INS_idx,
	PAPI_LD_INS_idx,
	PAPI_SR_INS_idx,
	PAPI_BR_INS_idx,
	PAPI_VEC_INS_idx,
	PAPI_RES_STL_idx,
	PAPI_FP_STAL_idx,
	PAPI_TOT_CYC_idx,
	PAPI_LST_INS_idx,
	PAPI_SYC_INS_idx,
	PAPI_L1_DCH_idx,
	PAPI_L2_DCH_idx,
	/* 0x40 */
	PAPI_L1_DCA_idx,
	PAPI_L2_DCA_idx,
	PAPI_L3_DCA_idx,
	PAPI_L1_DCR_idx,
	PAPI_L2_DCR_idx,
	PAPI_L3_DCR_idx,
	PAPI_L1_DCW_idx,
	PAPI_L2_DCW_idx,
	PAPI_L3_DCW_idx,
	PAPI_L1_ICH_idx,
	PAPI_L2_ICH_idx,
	PAPI_L3_ICH_idx,
	PAPI_L1_ICA_idx,
	PAPI_L2_ICA_idx,
	PAPI_L3_ICA_idx,
	PAPI_L1_ICR_idx,
	/* 0x50 */
	PAPI_L2_ICR_idx,
	PAPI_L3_ICR_idx,
	PAPI_L1_ICW_idx,
	PAPI_L2_ICW_idx,
	PAPI_L3_ICW_idx,
	PAPI_L1_TCH_idx,
	PAPI_L2_TCH_idx,
	PAPI_L3_TCH_idx,
	PAPI_L1_TCA_idx,
	PAPI_L2_TCA_idx,
	PAPI_L3_TCA_idx,
	PAPI_L1_TCR_idx,
	PAPI_L2_TCR_idx,
	PAPI_L3_TCR_idx,
	PAPI_L1_TCW_idx,
	PAPI_L2_TCW_idx,
	/* 0x60 */
	PAPI_L3_TCW_idx,
	PAPI_FML_INS_idx,
	PAPI_FAD_INS_idx,
	PAPI_FDV_INS_idx,
	PAPI_FSQ_INS_idx,
	PAPI_FNV_INS_idx,
	PAPI_FP_OPS_idx,
	PAPI_SP_OPS_idx,
	PAPI_DP_OPS_idx,
	PAPI_VEC_SP_idx,
	PAPI_VEC_DP_idx,
	PAPI_REF_CYC_idx,
	PAPI_END_idx
};

/* Preset event codes: the table index combined with the preset bit. */
#define PAPI_L1_DCM  (PAPI_L1_DCM_idx | PAPI_PRESET_MASK)
#define PAPI_L1_ICM  (PAPI_L1_ICM_idx | PAPI_PRESET_MASK)
#define PAPI_L2_DCM  (PAPI_L2_DCM_idx | PAPI_PRESET_MASK)
#define PAPI_L2_ICM  (PAPI_L2_ICM_idx | PAPI_PRESET_MASK)
#define PAPI_L3_DCM  (PAPI_L3_DCM_idx | PAPI_PRESET_MASK)
#define PAPI_L3_ICM  (PAPI_L3_ICM_idx | PAPI_PRESET_MASK)
#define PAPI_L1_TCM  (PAPI_L1_TCM_idx | PAPI_PRESET_MASK)
#define PAPI_L2_TCM  (PAPI_L2_TCM_idx | PAPI_PRESET_MASK)
#define PAPI_L3_TCM  (PAPI_L3_TCM_idx | PAPI_PRESET_MASK)
#define PAPI_CA_SNP  (PAPI_CA_SNP_idx | PAPI_PRESET_MASK)
#define PAPI_CA_SHR  (PAPI_CA_SHR_idx | PAPI_PRESET_MASK)
#define PAPI_CA_CLN  (PAPI_CA_CLN_idx | PAPI_PRESET_MASK)
#define PAPI_CA_INV  (PAPI_CA_INV_idx | PAPI_PRESET_MASK)
#define PAPI_CA_ITV  (PAPI_CA_ITV_idx | PAPI_PRESET_MASK)
#define PAPI_L3_LDM  (PAPI_L3_LDM_idx | PAPI_PRESET_MASK)
#define PAPI_L3_STM  (PAPI_L3_STM_idx | PAPI_PRESET_MASK)
#define PAPI_BRU_IDL (PAPI_BRU_IDL_idx | PAPI_PRESET_MASK)
#define PAPI_FXU_IDL (PAPI_FXU_IDL_idx | PAPI_PRESET_MASK)
#define PAPI_FPU_IDL (PAPI_FPU_IDL_idx | PAPI_PRESET_MASK)
#define PAPI_LSU_IDL (PAPI_LSU_IDL_idx | PAPI_PRESET_MASK)
#define PAPI_TLB_DM  (PAPI_TLB_DM_idx | PAPI_PRESET_MASK)
#define PAPI_TLB_IM  (PAPI_TLB_IM_idx | PAPI_PRESET_MASK)
#define PAPI_TLB_TL  (PAPI_TLB_TL_idx | PAPI_PRESET_MASK)
#define PAPI_L1_LDM  (PAPI_L1_LDM_idx | PAPI_PRESET_MASK)
#define PAPI_L1_STM  (PAPI_L1_STM_idx | PAPI_PRESET_MASK)
#define PAPI_L2_LDM  (PAPI_L2_LDM_idx | PAPI_PRESET_MASK)
#define PAPI_L2_STM  (PAPI_L2_STM_idx | PAPI_PRESET_MASK)
#define PAPI_BTAC_M  (PAPI_BTAC_M_idx | PAPI_PRESET_MASK)
#define PAPI_PRF_DM  (PAPI_PRF_DM_idx | PAPI_PRESET_MASK)
#define PAPI_L3_DCH  (PAPI_L3_DCH_idx | PAPI_PRESET_MASK)
#define PAPI_TLB_SD  (PAPI_TLB_SD_idx | PAPI_PRESET_MASK)
#define PAPI_CSR_FAL (PAPI_CSR_FAL_idx | PAPI_PRESET_MASK)
#define PAPI_CSR_SUC (PAPI_CSR_SUC_idx | PAPI_PRESET_MASK)
#define PAPI_CSR_TOT (PAPI_CSR_TOT_idx | PAPI_PRESET_MASK)
#define PAPI_MEM_SCY (PAPI_MEM_SCY_idx | PAPI_PRESET_MASK)
#define PAPI_MEM_RCY (PAPI_MEM_RCY_idx | PAPI_PRESET_MASK)
#define PAPI_MEM_WCY (PAPI_MEM_WCY_idx | PAPI_PRESET_MASK)
#define PAPI_STL_ICY (PAPI_STL_ICY_idx | PAPI_PRESET_MASK)
#define PAPI_FUL_ICY (PAPI_FUL_ICY_idx | PAPI_PRESET_MASK)
#define PAPI_STL_CCY (PAPI_STL_CCY_idx | PAPI_PRESET_MASK)
#define PAPI_FUL_CCY (PAPI_FUL_CCY_idx | PAPI_PRESET_MASK)
#define PAPI_HW_INT  (PAPI_HW_INT_idx | PAPI_PRESET_MASK)
#define PAPI_BR_UCN  (PAPI_BR_UCN_idx | PAPI_PRESET_MASK)
#define PAPI_BR_CN   (PAPI_BR_CN_idx | PAPI_PRESET_MASK)
#define PAPI_BR_TKN  (PAPI_BR_TKN_idx | PAPI_PRESET_MASK)
#define PAPI_BR_NTK  (PAPI_BR_NTK_idx | PAPI_PRESET_MASK)
#define PAPI_BR_MSP  (PAPI_BR_MSP_idx | PAPI_PRESET_MASK)
#define PAPI_BR_PRC  (PAPI_BR_PRC_idx | PAPI_PRESET_MASK)
#define PAPI_FMA_INS (PAPI_FMA_INS_idx | PAPI_PRESET_MASK)
#define PAPI_TOT_IIS (PAPI_TOT_IIS_idx | PAPI_PRESET_MASK)
#define PAPI_TOT_INS (PAPI_TOT_INS_idx | PAPI_PRESET_MASK)
#define PAPI_INT_INS (PAPI_INT_INS_idx | PAPI_PRESET_MASK)
#define PAPI_FP_INS  (PAPI_FP_INS_idx | PAPI_PRESET_MASK)
#define PAPI_LD_INS  (PAPI_LD_INS_idx | PAPI_PRESET_MASK)
#define PAPI_SR_INS  (PAPI_SR_INS_idx | PAPI_PRESET_MASK)
#define PAPI_BR_INS  (PAPI_BR_INS_idx | PAPI_PRESET_MASK)
#define PAPI_VEC_INS (PAPI_VEC_INS_idx | PAPI_PRESET_MASK)
#define PAPI_RES_STL (PAPI_RES_STL_idx | PAPI_PRESET_MASK)
#define PAPI_FP_STAL (PAPI_FP_STAL_idx | PAPI_PRESET_MASK)
#define PAPI_TOT_CYC (PAPI_TOT_CYC_idx | PAPI_PRESET_MASK)
#define PAPI_LST_INS (PAPI_LST_INS_idx | PAPI_PRESET_MASK)
#define PAPI_SYC_INS (PAPI_SYC_INS_idx | PAPI_PRESET_MASK)
#define PAPI_L1_DCH  (PAPI_L1_DCH_idx | PAPI_PRESET_MASK)
#define PAPI_L2_DCH  (PAPI_L2_DCH_idx | PAPI_PRESET_MASK)
#define PAPI_L1_DCA  (PAPI_L1_DCA_idx | PAPI_PRESET_MASK)
#define PAPI_L2_DCA  (PAPI_L2_DCA_idx | PAPI_PRESET_MASK)
#define PAPI_L3_DCA  (PAPI_L3_DCA_idx | PAPI_PRESET_MASK)
#define PAPI_L1_DCR  (PAPI_L1_DCR_idx | PAPI_PRESET_MASK)
#define PAPI_L2_DCR  (PAPI_L2_DCR_idx | PAPI_PRESET_MASK)
#define PAPI_L3_DCR  (PAPI_L3_DCR_idx | PAPI_PRESET_MASK)
#define PAPI_L1_DCW  (PAPI_L1_DCW_idx | PAPI_PRESET_MASK)
#define PAPI_L2_DCW  (PAPI_L2_DCW_idx | PAPI_PRESET_MASK)
#define PAPI_L3_DCW  (PAPI_L3_DCW_idx | PAPI_PRESET_MASK)
#define PAPI_L1_ICH  (PAPI_L1_ICH_idx | PAPI_PRESET_MASK)
#define PAPI_L2_ICH  (PAPI_L2_ICH_idx | PAPI_PRESET_MASK)
#define PAPI_L3_ICH  (PAPI_L3_ICH_idx | PAPI_PRESET_MASK)
#define PAPI_L1_ICA  (PAPI_L1_ICA_idx | PAPI_PRESET_MASK)
#define PAPI_L2_ICA  (PAPI_L2_ICA_idx | PAPI_PRESET_MASK)
#define PAPI_L3_ICA  (PAPI_L3_ICA_idx | PAPI_PRESET_MASK)
#define PAPI_L1_ICR  (PAPI_L1_ICR_idx | PAPI_PRESET_MASK)
#define PAPI_L2_ICR  (PAPI_L2_ICR_idx | PAPI_PRESET_MASK)
#define PAPI_L3_ICR  (PAPI_L3_ICR_idx | PAPI_PRESET_MASK)
#define PAPI_L1_ICW  (PAPI_L1_ICW_idx | PAPI_PRESET_MASK)
#define PAPI_L2_ICW  (PAPI_L2_ICW_idx | PAPI_PRESET_MASK)
#define PAPI_L3_ICW  (PAPI_L3_ICW_idx | PAPI_PRESET_MASK)
#define PAPI_L1_TCH  (PAPI_L1_TCH_idx | PAPI_PRESET_MASK)
#define PAPI_L2_TCH  (PAPI_L2_TCH_idx | PAPI_PRESET_MASK)
#define PAPI_L3_TCH  (PAPI_L3_TCH_idx | PAPI_PRESET_MASK)
#define PAPI_L1_TCA  (PAPI_L1_TCA_idx | PAPI_PRESET_MASK)
#define PAPI_L2_TCA  (PAPI_L2_TCA_idx | PAPI_PRESET_MASK)
#define PAPI_L3_TCA  (PAPI_L3_TCA_idx | PAPI_PRESET_MASK)
#define PAPI_L1_TCR  (PAPI_L1_TCR_idx | PAPI_PRESET_MASK)
#define PAPI_L2_TCR  (PAPI_L2_TCR_idx | PAPI_PRESET_MASK)
#define PAPI_L3_TCR  (PAPI_L3_TCR_idx | PAPI_PRESET_MASK)
#define PAPI_L1_TCW  (PAPI_L1_TCW_idx | PAPI_PRESET_MASK)
#define PAPI_L2_TCW  (PAPI_L2_TCW_idx | PAPI_PRESET_MASK)
#define PAPI_L3_TCW  (PAPI_L3_TCW_idx | PAPI_PRESET_MASK)
#define PAPI_FML_INS (PAPI_FML_INS_idx | PAPI_PRESET_MASK)
#define PAPI_FAD_INS (PAPI_FAD_INS_idx | PAPI_PRESET_MASK)
#define PAPI_FDV_INS (PAPI_FDV_INS_idx | PAPI_PRESET_MASK)
#define PAPI_FSQ_INS (PAPI_FSQ_INS_idx | PAPI_PRESET_MASK)
#define PAPI_FNV_INS (PAPI_FNV_INS_idx | PAPI_PRESET_MASK)
#define PAPI_FP_OPS  (PAPI_FP_OPS_idx | PAPI_PRESET_MASK)
#define PAPI_SP_OPS  (PAPI_SP_OPS_idx | PAPI_PRESET_MASK)
#define PAPI_DP_OPS  (PAPI_DP_OPS_idx | PAPI_PRESET_MASK)
#define PAPI_VEC_SP  (PAPI_VEC_SP_idx | PAPI_PRESET_MASK)
#define PAPI_VEC_DP  (PAPI_VEC_DP_idx | PAPI_PRESET_MASK)
#define PAPI_REF_CYC (PAPI_REF_CYC_idx | PAPI_PRESET_MASK)

/* One past the last preset; useful as a loop bound. */
#define PAPI_END     (PAPI_END_idx | PAPI_PRESET_MASK)

#endif /* PAPI_STD_EVENT_DEFS_H */
