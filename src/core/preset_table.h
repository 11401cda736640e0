/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_PRESET_TABLE_H
#define PAPI_CORE_PRESET_TABLE_H

/*
 * The one list of PAPI's preset events: every PAPI_xxx_idx value of
 * papiStdEventDefs.h, in index order from 0 to PAPI_END_idx - 1, once each.
 * A row is X(index, symbol, short description, long description). The short
 * description must fit PAPI_MIN_STR_LEN with its NUL (63 characters at most);
 * the long one is a single sentence. The descriptions say what a preset
 * means, not how any component counts it: a component's mapping, and any
 * caveat it carries, lives with that component (see papi__preset_map).
 * Expand the table with a macro X of four arguments, e.g.
 *	#define ROW(idx, sym, sdesc, ldesc) [idx] = { sym, sdesc, ldesc },
 * and check the row count against PAPI_END_idx where it is expanded.
 */
#define PAPI__PRESET_TABLE(X)                                                  \
	X(PAPI_L1_DCM_idx, "PAPI_L1_DCM", "L1D cache misses",                  \
	  "Level 1 data cache misses")                                         \
	X(PAPI_L1_ICM_idx, "PAPI_L1_ICM", "L1I cache misses",                  \
	  "Level 1 instruction cache misses")                                  \
	X(PAPI_L2_DCM_idx, "PAPI_L2_DCM", "L2D cache misses",                  \
	  "Level 2 data cache misses")                                         \
	X(PAPI_L2_ICM_idx, "PAPI_L2_ICM", "L2I cache misses",                  \
	  "Level 2 instruction cache misses")                                  \
	X(PAPI_L3_DCM_idx, "PAPI_L3_DCM", "L3D cache misses",                  \
	  "Level 3 data cache misses")                                         \
	X(PAPI_L3_ICM_idx, "PAPI_L3_ICM", "L3I cache misses",                  \
	  "Level 3 instruction cache misses")                                  \
	X(PAPI_L1_TCM_idx, "PAPI_L1_TCM", "L1 cache misses",                   \
	  "Level 1 cache misses, data and instruction together")               \
	X(PAPI_L2_TCM_idx, "PAPI_L2_TCM", "L2 cache misses",                   \
	  "Level 2 cache misses, data and instruction together")               \
	X(PAPI_L3_TCM_idx, "PAPI_L3_TCM", "L3 cache misses",                   \
	  "Level 3 cache misses, data and instruction together")               \
	X(PAPI_CA_SNP_idx, "PAPI_CA_SNP", "Snoop requests",                    \
	  "Snoop requests seen by the cache")                                  \
	X(PAPI_CA_SHR_idx, "PAPI_CA_SHR", "Shared line ownership requests",    \
	  "Requests for sole ownership of a cache line that is held shared")   \
	X(PAPI_CA_CLN_idx, "PAPI_CA_CLN", "Clean line ownership requests",     \
	  "Requests for sole ownership of a clean cache line")                 \
	X(PAPI_CA_INV_idx, "PAPI_CA_INV", "Line invalidation requests",        \
	  "Requests to invalidate a cache line")                               \
	X(PAPI_CA_ITV_idx, "PAPI_CA_ITV", "Line intervention requests",        \
	  "Requests answered by cache line intervention, another cache "       \
	  "supplying the line")                                                \
	X(PAPI_L3_LDM_idx, "PAPI_L3_LDM", "L3 load misses",                    \
	  "Level 3 cache misses caused by loads")                              \
	X(PAPI_L3_STM_idx, "PAPI_L3_STM", "L3 store misses",                   \
	  "Level 3 cache misses caused by stores")                             \
	X(PAPI_BRU_IDL_idx, "PAPI_BRU_IDL", "Branch unit idle cycles",         \
	  "Cycles in which the branch units are idle")                         \
	X(PAPI_FXU_IDL_idx, "PAPI_FXU_IDL", "Integer unit idle cycles",        \
	  "Cycles in which the integer units are idle")                        \
	X(PAPI_FPU_IDL_idx, "PAPI_FPU_IDL", "FP unit idle cycles",             \
	  "Cycles in which the floating-point units are idle")                 \
	X(PAPI_LSU_IDL_idx, "PAPI_LSU_IDL", "Load/store unit idle cycles",     \
	  "Cycles in which the load/store units are idle")                     \
	X(PAPI_TLB_DM_idx, "PAPI_TLB_DM", "Data TLB misses",                   \
	  "Data translation lookaside buffer misses")                          \
	X(PAPI_TLB_IM_idx, "PAPI_TLB_IM", "Instruction TLB misses",            \
	  "Instruction translation lookaside buffer misses")                   \
	X(PAPI_TLB_TL_idx, "PAPI_TLB_TL", "TLB misses",                        \
	  "Translation lookaside buffer misses, data and instruction "         \
	  "together")                                                          \
	X(PAPI_L1_LDM_idx, "PAPI_L1_LDM", "L1 load misses",                    \
	  "Level 1 cache misses caused by loads")                              \
	X(PAPI_L1_STM_idx, "PAPI_L1_STM", "L1 store misses",                   \
	  "Level 1 cache misses caused by stores")                             \
	X(PAPI_L2_LDM_idx, "PAPI_L2_LDM", "L2 load misses",                    \
	  "Level 2 cache misses caused by loads")                              \
	X(PAPI_L2_STM_idx, "PAPI_L2_STM", "L2 store misses",                   \
	  "Level 2 cache misses caused by stores")                             \
	X(PAPI_BTAC_M_idx, "PAPI_BTAC_M", "BTAC misses",                       \
	  "Branch target address cache misses")                                \
	X(PAPI_PRF_DM_idx, "PAPI_PRF_DM", "Data prefetch misses",              \
	  "Cache misses caused by data prefetch instructions")                 \
	X(PAPI_L3_DCH_idx, "PAPI_L3_DCH", "L3D cache hits",                    \
	  "Level 3 data cache hits")                                           \
	X(PAPI_TLB_SD_idx, "PAPI_TLB_SD", "TLB shootdowns",                    \
	  "Translation lookaside buffer shootdowns")                           \
	X(PAPI_CSR_FAL_idx, "PAPI_CSR_FAL", "Failed store conditionals",       \
	  "Store conditional instructions that failed")                        \
	X(PAPI_CSR_SUC_idx, "PAPI_CSR_SUC", "Successful store conditionals",   \
	  "Store conditional instructions that succeeded")                     \
	X(PAPI_CSR_TOT_idx, "PAPI_CSR_TOT", "Store conditionals",              \
	  "Store conditional instructions, whether they succeeded or not")     \
	X(PAPI_MEM_SCY_idx, "PAPI_MEM_SCY", "Memory access stall cycles",      \
	  "Cycles stalled waiting for a memory access")                        \
	X(PAPI_MEM_RCY_idx, "PAPI_MEM_RCY", "Memory read stall cycles",        \
	  "Cycles stalled waiting for a memory read")                          \
	X(PAPI_MEM_WCY_idx, "PAPI_MEM_WCY", "Memory write stall cycles",       \
	  "Cycles stalled waiting for a memory write")                         \
	X(PAPI_STL_ICY_idx, "PAPI_STL_ICY", "No-issue cycles",                 \
	  "Cycles in which no instruction is issued")                          \
	X(PAPI_FUL_ICY_idx, "PAPI_FUL_ICY", "Full-issue cycles",               \
	  "Cycles in which the most instructions possible are issued")         \
	X(PAPI_STL_CCY_idx, "PAPI_STL_CCY", "No-completion cycles",            \
	  "Cycles in which no instruction completes")                          \
	X(PAPI_FUL_CCY_idx, "PAPI_FUL_CCY", "Full-completion cycles",          \
	  "Cycles in which the most instructions possible complete")           \
	X(PAPI_HW_INT_idx, "PAPI_HW_INT", "Hardware interrupts",               \
	  "Hardware interrupts taken")                                         \
	X(PAPI_BR_UCN_idx, "PAPI_BR_UCN", "Unconditional branches",            \
	  "Unconditional branch instructions")                                 \
	X(PAPI_BR_CN_idx, "PAPI_BR_CN", "Conditional branches",                \
	  "Conditional branch instructions")                                   \
	X(PAPI_BR_TKN_idx, "PAPI_BR_TKN", "Taken conditional branches",        \
	  "Conditional branch instructions that were taken")                   \
	X(PAPI_BR_NTK_idx, "PAPI_BR_NTK", "Not-taken conditional branches",    \
	  "Conditional branch instructions that were not taken")               \
	X(PAPI_BR_MSP_idx, "PAPI_BR_MSP", "Mispredicted conditional branches", \
	  "Conditional branch instructions that were mispredicted")            \
	X(PAPI_BR_PRC_idx, "PAPI_BR_PRC",                                      \
	  "Correctly predicted conditional branches",                          \
	  "Conditional branch instructions that were predicted correctly")     \
	X(PAPI_FMA_INS_idx, "PAPI_FMA_INS", "FMA instructions",                \
	  "Fused multiply-add instructions completed")                         \
	X(PAPI_TOT_IIS_idx, "PAPI_TOT_IIS", "Instructions issued",             \
	  "Instructions issued")                                               \
	X(PAPI_TOT_INS_idx, "PAPI_TOT_INS", "Instructions completed",          \
	  "Instructions completed")                                            \
	X(PAPI_INT_INS_idx, "PAPI_INT_INS", "Integer instructions",            \
	  "Integer instructions completed")                                    \
	X(PAPI_FP_INS_idx, "PAPI_FP_INS", "FP instructions",                   \
	  "Floating-point instructions completed")                             \
	X(PAPI_LD_INS_idx, "PAPI_LD_INS", "Load instructions",                 \
	  "Load instructions completed")                                       \
	X(PAPI_SR_INS_idx, "PAPI_SR_INS", "Store instructions",                \
	  "Store instructions completed")                                      \
	X(PAPI_BR_INS_idx, "PAPI_BR_INS", "Branch instructions",               \
	  "Branch instructions of every kind completed")                       \
	X(PAPI_VEC_INS_idx, "PAPI_VEC_INS", "Vector/SIMD instructions",        \
	  "Vector or SIMD instructions completed, integer ones included "      \
	  "where the hardware counts them")                                    \
	X(PAPI_RES_STL_idx, "PAPI_RES_STL", "Resource stall cycles",           \
	  "Cycles stalled on any resource")                                    \
	X(PAPI_FP_STAL_idx, "PAPI_FP_STAL", "FP stall cycles",                 \
	  "Cycles in which a floating-point unit is stalled")                  \
	X(PAPI_TOT_CYC_idx, "PAPI_TOT_CYC", "Total cycles",                    \
	  "Total cycles")                                                      \
	X(PAPI_LST_INS_idx, "PAPI_LST_INS", "Load/store instructions",         \
	  "Load and store instructions completed")                             \
	X(PAPI_SYC_INS_idx, "PAPI_SYC_INS", "Synchronization instructions",    \
	  "Synchronization instructions completed")                            \
	X(PAPI_L1_DCH_idx, "PAPI_L1_DCH", "L1D cache hits",                    \
	  "Level 1 data cache hits")                                           \
	X(PAPI_L2_DCH_idx, "PAPI_L2_DCH", "L2D cache hits",                    \
	  "Level 2 data cache hits")                                           \
	X(PAPI_L1_DCA_idx, "PAPI_L1_DCA", "L1D cache accesses",                \
	  "Level 1 data cache accesses")                                       \
	X(PAPI_L2_DCA_idx, "PAPI_L2_DCA", "L2D cache accesses",                \
	  "Level 2 data cache accesses")                                       \
	X(PAPI_L3_DCA_idx, "PAPI_L3_DCA", "L3D cache accesses",                \
	  "Level 3 data cache accesses")                                       \
	X(PAPI_L1_DCR_idx, "PAPI_L1_DCR", "L1D cache reads",                   \
	  "Level 1 data cache reads")                                          \
	X(PAPI_L2_DCR_idx, "PAPI_L2_DCR", "L2D cache reads",                   \
	  "Level 2 data cache reads")                                          \
	X(PAPI_L3_DCR_idx, "PAPI_L3_DCR", "L3D cache reads",                   \
	  "Level 3 data cache reads")                                          \
	X(PAPI_L1_DCW_idx, "PAPI_L1_DCW", "L1D cache writes",                  \
	  "Level 1 data cache writes")                                         \
	X(PAPI_L2_DCW_idx, "PAPI_L2_DCW", "L2D cache writes",                  \
	  "Level 2 data cache writes")                                         \
	X(PAPI_L3_DCW_idx, "PAPI_L3_DCW", "L3D cache writes",                  \
	  "Level 3 data cache writes")                                         \
	X(PAPI_L1_ICH_idx, "PAPI_L1_ICH", "L1I cache hits",                    \
	  "Level 1 instruction cache hits")                                    \
	X(PAPI_L2_ICH_idx, "PAPI_L2_ICH", "L2I cache hits",                    \
	  "Level 2 instruction cache hits")                                    \
	X(PAPI_L3_ICH_idx, "PAPI_L3_ICH", "L3I cache hits",                    \
	  "Level 3 instruction cache hits")                                    \
	X(PAPI_L1_ICA_idx, "PAPI_L1_ICA", "L1I cache accesses",                \
	  "Level 1 instruction cache accesses")                                \
	X(PAPI_L2_ICA_idx, "PAPI_L2_ICA", "L2I cache accesses",                \
	  "Level 2 instruction cache accesses")                                \
	X(PAPI_L3_ICA_idx, "PAPI_L3_ICA", "L3I cache accesses",                \
	  "Level 3 instruction cache accesses")                                \
	X(PAPI_L1_ICR_idx, "PAPI_L1_ICR", "L1I cache reads",                   \
	  "Level 1 instruction cache reads")                                   \
	X(PAPI_L2_ICR_idx, "PAPI_L2_ICR", "L2I cache reads",                   \
	  "Level 2 instruction cache reads")                                   \
	X(PAPI_L3_ICR_idx, "PAPI_L3_ICR", "L3I cache reads",                   \
	  "Level 3 instruction cache reads")                                   \
	X(PAPI_L1_ICW_idx, "PAPI_L1_ICW", "L1I cache writes",                  \
	  "Level 1 instruction cache writes")                                  \
	X(PAPI_L2_ICW_idx, "PAPI_L2_ICW", "L2I cache writes",                  \
	  "Level 2 instruction cache writes")                                  \
	X(PAPI_L3_ICW_idx, "PAPI_L3_ICW", "L3I cache writes",                  \
	  "Level 3 instruction cache writes")                                  \
	X(PAPI_L1_TCH_idx, "PAPI_L1_TCH", "L1 cache hits",                     \
	  "Level 1 cache hits, data and instruction together")                 \
	X(PAPI_L2_TCH_idx, "PAPI_L2_TCH", "L2 cache hits",                     \
	  "Level 2 cache hits, data and instruction together")                 \
	X(PAPI_L3_TCH_idx, "PAPI_L3_TCH", "L3 cache hits",                     \
	  "Level 3 cache hits, data and instruction together")                 \
	X(PAPI_L1_TCA_idx, "PAPI_L1_TCA", "L1 cache accesses",                 \
	  "Level 1 cache accesses, data and instruction together")             \
	X(PAPI_L2_TCA_idx, "PAPI_L2_TCA", "L2 cache accesses",                 \
	  "Level 2 cache accesses, data and instruction together")             \
	X(PAPI_L3_TCA_idx, "PAPI_L3_TCA", "L3 cache accesses",                 \
	  "Level 3 cache accesses, data and instruction together")             \
	X(PAPI_L1_TCR_idx, "PAPI_L1_TCR", "L1 cache reads",                    \
	  "Level 1 cache reads, data and instruction together")                \
	X(PAPI_L2_TCR_idx, "PAPI_L2_TCR", "L2 cache reads",                    \
	  "Level 2 cache reads, data and instruction together")                \
	X(PAPI_L3_TCR_idx, "PAPI_L3_TCR", "L3 cache reads",                    \
	  "Level 3 cache reads, data and instruction together")                \
	X(PAPI_L1_TCW_idx, "PAPI_L1_TCW", "L1 cache writes",                   \
	  "Level 1 cache writes, data and instruction together")               \
	X(PAPI_L2_TCW_idx, "PAPI_L2_TCW", "L2 cache writes",                   \
	  "Level 2 cache writes, data and instruction together")               \
	X(PAPI_L3_TCW_idx, "PAPI_L3_TCW", "L3 cache writes",                   \
	  "Level 3 cache writes, data and instruction together")               \
	X(PAPI_FML_INS_idx, "PAPI_FML_INS", "FP multiply instructions",        \
	  "Floating-point multiply instructions completed")                    \
	X(PAPI_FAD_INS_idx, "PAPI_FAD_INS", "FP add instructions",             \
	  "Floating-point add and subtract instructions completed")            \
	X(PAPI_FDV_INS_idx, "PAPI_FDV_INS", "FP divide instructions",          \
	  "Floating-point divide instructions completed")                      \
	X(PAPI_FSQ_INS_idx, "PAPI_FSQ_INS", "FP square root instructions",     \
	  "Floating-point square root instructions completed")                 \
	X(PAPI_FNV_INS_idx, "PAPI_FNV_INS", "FP inverse instructions",         \
	  "Floating-point reciprocal (inverse) instructions completed")        \
	X(PAPI_FP_OPS_idx, "PAPI_FP_OPS", "FP operations",                     \
	  "Floating-point operations executed")                                \
	X(PAPI_SP_OPS_idx, "PAPI_SP_OPS", "SP FP operations, vectors scaled",  \
	  "Floating-point operations executed, with single-precision vector "  \
	  "operations counted once per element")                               \
	X(PAPI_DP_OPS_idx, "PAPI_DP_OPS", "DP FP operations, vectors scaled",  \
	  "Floating-point operations executed, with double-precision vector "  \
	  "operations counted once per element")                               \
	X(PAPI_VEC_SP_idx, "PAPI_VEC_SP", "SP vector instructions",            \
	  "Single-precision vector/SIMD instructions completed")               \
	X(PAPI_VEC_DP_idx, "PAPI_VEC_DP", "DP vector instructions",            \
	  "Double-precision vector/SIMD instructions completed")               \
	X(PAPI_REF_CYC_idx, "PAPI_REF_CYC", "Reference cycles",                \
	  "Reference clock cycles")

#endif
