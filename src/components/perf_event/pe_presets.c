/* SPDX-License-Identifier: BSD-3-Clause */
#include "components/perf_event/pe_presets.h"

#include <stddef.h>

#include "cmp/cmp.h"

const struct papi__preset_map *papi__pe_generic_presets(int *count);

/*
 * Presets from the kernel's generic events, for any CPU whose PMU driver
 * provides them. The events are the ones <linux/perf_event.h> defines: the
 * PERF_TYPE_HARDWARE ids (PERF_COUNT_HW_*) and the PERF_TYPE_HW_CACHE triples
 * cache x operation x result. Each PMU driver translates them into its own
 * hardware events and refuses those it has no translation for, so a row that
 * names one of those fails when it is probed and the next row for the same
 * preset, if any, is tried. libpfm4 spells them as its "perf" PMU:
 * perf::PERF_COUNT_HW_CPU_CYCLES, perf::PERF_COUNT_HW_CACHE_L1D:READ:MISS.
 *
 * A preset that is a total is written as the sum of all of its parts
 * (PAPI__DERIVED_ADD), and there is deliberately no fallback row with only
 * the parts a kernel happens to support: a partial sum would pass for the
 * whole. The preset stays unavailable instead, which is what happens on
 * processors whose driver has no L1D write-miss event, for instance. A row
 * names a preset only where the generic event means the same thing; where
 * drivers are known to stretch the meaning, the row carries a note.
 *
 * Sums of READ and WRITE events assume that the driver gives the two
 * operations different hardware events. The 32-bit Arm, MIPS and LoongArch
 * drivers, and older arm64 kernels, map both to one event because their PMUs
 * cannot tell reads from writes: a sum would count it twice, and a WRITE
 * event alone would count reads too. On those architectures the rows that use
 * WRITE are left out (PE_SPLIT_RW).
 *
 * Left out on purpose:
 * - cache-references and cache-misses: the cache level differs by driver
 *   (the last-level cache on Intel, L2 on recent AMD, L1D on Arm PMUv3), so
 *   they match no PAPI_Lx preset everywhere.
 * - stalled-cycles-frontend for PAPI_STL_ICY: it counts only the cycles
 *   without issue that the front end caused, so it falls short of all of them.
 * - PAPI_BR_PRC (branches less branch misses) and PAPI_BR_CN: both would count
 *   every kind of branch, while these presets count conditional ones; the
 *   unconditional branches in such a sum are far from negligible.
 * - PAPI_L1_TCR: some drivers count stores as L1D reads, which would make it
 *   all L1 accesses.
 * - bus-cycles, NODE and the PREFETCH operations: no preset means the same.
 */

#if defined(__arm__) || defined(__aarch64__) || defined(__mips__) ||          \
	defined(__loongarch__)
#define PE_SPLIT_RW 0
#else
#define PE_SPLIT_RW 1
#endif

#define HW(ev) "perf::PERF_COUNT_HW_" ev
#define CACHE(c, op, res) "perf::PERF_COUNT_HW_CACHE_" c ":" op ":" res

#define L1D_RD_ACC CACHE("L1D", "READ", "ACCESS")
#define L1D_RD_MISS CACHE("L1D", "READ", "MISS")
#define L1D_WR_ACC CACHE("L1D", "WRITE", "ACCESS")
#define L1D_WR_MISS CACHE("L1D", "WRITE", "MISS")
#define L1I_RD_ACC CACHE("L1I", "READ", "ACCESS")
#define L1I_RD_MISS CACHE("L1I", "READ", "MISS")
#define LL_RD_ACC CACHE("LL", "READ", "ACCESS")
#define LL_RD_MISS CACHE("LL", "READ", "MISS")
#define LL_WR_ACC CACHE("LL", "WRITE", "ACCESS")
#define LL_WR_MISS CACHE("LL", "WRITE", "MISS")
#define DTLB_RD_MISS CACHE("DTLB", "READ", "MISS")
#define DTLB_WR_MISS CACHE("DTLB", "WRITE", "MISS")
#define ITLB_RD_MISS CACHE("ITLB", "READ", "MISS")
#define BPU_RD_MISS CACHE("BPU", "READ", "MISS")

#define ONE(p, t, n) { p, PAPI__NOT_DERIVED, { t }, n }
#define ADD(p, n, ...) { p, PAPI__DERIVED_ADD, { __VA_ARGS__ }, n }
#define SUB(p, n, ...) { p, PAPI__DERIVED_SUB, { __VA_ARGS__ }, n }

#define NOTE_TSC                                                               \
	"Time-stamp counter ticks while the thread runs, in user and kernel "  \
	"mode alike: the msr PMU accepts no mode exclusion"
#define NOTE_RES_STL                                                           \
	"The kernel's stalled-cycles-backend: cycles the back end could not "  \
	"accept work; which stalls count varies between processors"
#define NOTE_BR_INS                                                            \
	"The kernel's generic branch event; older Arm kernels count only "     \
	"instructions that wrote the program counter, missing untaken branches"
#define NOTE_BR_MSP                                                            \
	"Mispredicted branches of every kind, not only conditional ones; "     \
	"some processors also count mispredictions on speculative paths"
#define NOTE_BR_MSP_BPU                                                        \
	"Branch predictor misses from the kernel's BPU cache event: every "    \
	"kind of branch, on some processors speculative ones too"
#define NOTE_L1_LDM                                                            \
	"The kernel's L1D read-miss event: many processors count every L1D "   \
	"line fill there, fills for stores and prefetches included"
#define NOTE_L1_DCR                                                            \
	"The kernel's L1D read-access event: some processors count stores "    \
	"there too"
#define NOTE_LLC                                                               \
	"Counts the kernel's last-level cache events: that cache is the L3 "   \
	"on most current x86 processors but may be another level elsewhere"

static const struct papi__preset_map pe_generic[] = {
	/* Cycles and instructions. */
	ONE(PAPI_TOT_CYC_idx, HW("CPU_CYCLES"), NULL),
	ONE(PAPI_REF_CYC_idx, HW("REF_CPU_CYCLES"), NULL),
	ONE(PAPI_REF_CYC_idx, "msr/tsc/", NOTE_TSC),
	ONE(PAPI_TOT_INS_idx, HW("INSTRUCTIONS"), NULL),
	ONE(PAPI_RES_STL_idx, HW("STALLED_CYCLES_BACKEND"), NOTE_RES_STL),

	/* Branches. */
	ONE(PAPI_BR_INS_idx, HW("BRANCH_INSTRUCTIONS"), NOTE_BR_INS),
	ONE(PAPI_BR_MSP_idx, HW("BRANCH_MISSES"), NOTE_BR_MSP),
	ONE(PAPI_BR_MSP_idx, BPU_RD_MISS, NOTE_BR_MSP_BPU),

	/* Level 1 data cache. */
#if PE_SPLIT_RW
	ADD(PAPI_L1_DCM_idx, NULL, L1D_RD_MISS, L1D_WR_MISS),
#endif
	ONE(PAPI_L1_LDM_idx, L1D_RD_MISS, NOTE_L1_LDM),
#if PE_SPLIT_RW
	ONE(PAPI_L1_STM_idx, L1D_WR_MISS, NULL),
	ADD(PAPI_L1_DCA_idx, NULL, L1D_RD_ACC, L1D_WR_ACC),
#endif
	ONE(PAPI_L1_DCR_idx, L1D_RD_ACC, NOTE_L1_DCR),
#if PE_SPLIT_RW
	ONE(PAPI_L1_DCW_idx, L1D_WR_ACC, NULL),
#endif

	/* Level 1 instruction cache: instruction fetches are reads. */
	ONE(PAPI_L1_ICM_idx, L1I_RD_MISS, NULL),
	ONE(PAPI_L1_ICA_idx, L1I_RD_ACC, NULL),
	ONE(PAPI_L1_ICR_idx, L1I_RD_ACC, NULL),
	SUB(PAPI_L1_ICH_idx, NULL, L1I_RD_ACC, L1I_RD_MISS),

	/* Level 1 as a whole. */
#if PE_SPLIT_RW
	ADD(PAPI_L1_TCM_idx, NULL, L1D_RD_MISS, L1D_WR_MISS, L1I_RD_MISS),
	ADD(PAPI_L1_TCA_idx, NULL, L1D_RD_ACC, L1D_WR_ACC, L1I_RD_ACC),
#endif

	/* Last-level cache, as the kernel's data reads and writes. */
#if PE_SPLIT_RW
	ADD(PAPI_L3_DCM_idx, NOTE_LLC, LL_RD_MISS, LL_WR_MISS),
#endif
	ONE(PAPI_L3_LDM_idx, LL_RD_MISS, NOTE_LLC),
#if PE_SPLIT_RW
	ONE(PAPI_L3_STM_idx, LL_WR_MISS, NOTE_LLC),
	ADD(PAPI_L3_DCA_idx, NOTE_LLC, LL_RD_ACC, LL_WR_ACC),
#endif
	ONE(PAPI_L3_DCR_idx, LL_RD_ACC, NOTE_LLC),
#if PE_SPLIT_RW
	ONE(PAPI_L3_DCW_idx, LL_WR_ACC, NOTE_LLC),
#endif

	/* TLBs: instruction fetches are reads. */
#if PE_SPLIT_RW
	ADD(PAPI_TLB_DM_idx, NULL, DTLB_RD_MISS, DTLB_WR_MISS),
#endif
	ONE(PAPI_TLB_IM_idx, ITLB_RD_MISS, NULL),
#if PE_SPLIT_RW
	ADD(PAPI_TLB_TL_idx, NULL, DTLB_RD_MISS, DTLB_WR_MISS, ITLB_RD_MISS),
#endif
};

const struct papi__preset_map *papi__pe_generic_presets(int *count)
{
	if (count)
		*count = (int)(sizeof(pe_generic) / sizeof(pe_generic[0]));
	return pe_generic;
}
