// SPDX-License-Identifier: BSD-3-Clause
/*
 * The perf_event component: Linux's perf_event_open() for everything the
 * kernel can count per thread. Unlike PAPI 7.0 it stays enabled on machines
 * without a core PMU (VMs, containers, CI runners): software events, the
 * msr PMU and other sysfs PMUs still count, and info.disabled_reason says
 * exactly what is missing and why, while info.disabled stays 0.
 */
#include <errno.h>
#include <perfmon/pfmlib_perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/perf_event/pe.h"
#include "components/perf_event/pe_ctl.h"
#include "components/perf_event/pe_mmap.h"
#include "components/perf_event/pe_presets.h"
#include "os/os.h"

/* Does the kernel count generic hardware events for us? 0 or -errno. */
static int probe_core_pmu(void)
{
	struct perf_event_attr a;
	int fd;

	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.disabled = 1;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	fd = papi__os_perf_open(&a, 0, -1, -1, 0);
	if (fd < 0)
		return fd;
	papi__os_close(fd);
	return 0;
}

/* Counters of the core PMU libpfm4 found, and its name in pmu_names. */
static int core_counters(struct papi__cmp *self)
{
	pfm_pmu_info_t pi;
	int p, n = 0, k = 0;

	pfm_for_all_pmus(p) {
		memset(&pi, 0, sizeof(pi));
		pi.size = sizeof(pi);
		if (pfm_get_pmu_info(p, &pi) != PFM_SUCCESS || !pi.is_present)
			continue;
		if (k < PAPI_PMU_MAX)
			self->info.pmu_names[k++] = (char *)pi.name;
		if (pi.type == PFM_PMU_TYPE_CORE && !n)
			n = pi.num_cntrs + pi.num_fixed_cntrs;
	}
	return n;
}

static void explain_missing(struct papi__cmp *self, int err)
{
	char klog[256] = "", *r = self->info.disabled_reason;
	size_t len = sizeof(self->info.disabled_reason);
	int paranoid = papi__os_perf_paranoid();

	papi__os_kernel_log_find("Performance Events:", klog, sizeof(klog));
	snprintf(r, len,
		 "no hardware counters: perf_event_open(cycles) failed with "
		 "%s%s%s%s; perf_event_paranoid=%d. Hardware events and the "
		 "presets built on them are unavailable; software events, "
		 "the msr PMU and timers work.",
		 strerror(-err), klog[0] ? " (kernel: \"" : "", klog,
		 klog[0] ? "\")" : "", paranoid);
	if (err == -EACCES || err == -EPERM)
		snprintf(r, len,
			 "perf_event_open denied (%s): perf_event_paranoid=%d;"
			 " lower it or grant CAP_PERFMON",
			 strerror(-err), paranoid);
}

int papi__pe_pfm(struct pe_state *st)
{
	if (!st->pfm_tried) {
		st->pfm_tried = 1;
		st->pfm_ok = pfm_initialize() == PFM_SUCCESS;
	}
	return st->pfm_ok;
}

/* What init leaves to be found when asked (libpfm4's initialization
 * alone cost more instructions than all of PAPI 7.0's start-up without
 * it, issue 20): the counters and PMU names, from libpfm4; the number of
 * events listed (building the listing, pe_names.c). */
static void pe_info_fill(struct papi__cmp *self, int what)
{
	PAPI_component_info_t *in = &self->info;
	struct pe_state *st = self->priv;

	if ((what & PAPI__INFO_COUNTERS) && !st->counted) {
		st->counted = 1;
		if (papi__pe_pfm(st))
			snprintf(in->support_version,
				 sizeof(in->support_version),
				 "libpfm4 (interface %d.%d)",
				 PFM_MAJ_VERSION(pfm_get_version()),
				 PFM_MIN_VERSION(pfm_get_version()));
		st->ncounters = st->pfm_ok ? core_counters(self) : 0;
		if (!st->core_ok)
			st->ncounters = 0;
		in->num_cntrs = st->ncounters;
	}
	if (what & PAPI__INFO_EVENTS)
		in->num_native_events = papi__pe_names_list(st);
}

static int pe_init(struct papi__cmp *self)
{
	PAPI_component_info_t *in = &self->info;
	struct pe_state *st = calloc(1, sizeof(*st));
	int err;

	if (!st)
		return PAPI_ENOMEM;
	self->priv = st;
	snprintf(in->short_name, sizeof(in->short_name), "perf");
	snprintf(in->description, sizeof(in->description),
		 "Linux perf_event CPU counters");
	snprintf(in->version, sizeof(in->version), "7.0.0");
	papi__os_kernel_release(in->kernel_version, sizeof(in->kernel_version));
	/* libpfm4 is initialized at its first use (papi__pe_pfm): naming
	 * an event, listing them, the counters in the info. */
	err = probe_core_pmu();
	st->core_ok = err == 0;
	if (!st->core_ok)
		explain_missing(self, err);
	if (st->core_ok && !self->user_read_off)
		papi__pe_mmap_probe(st);
	papi__pe_fork_watch();
	st->hybrid = papi__pe_preset_family_present("hybrid");
	papi__pe_presets_read_user(st);

	/* num_cntrs, pmu_names, support_version: pe_info_fill. */
	/* PAPI 7.0's figure, and true here: a multiplexed set is one group
	 * per event, 384 descriptors (tests/api/test_papi70_answers.c adds
	 * 384 and is refused the 385th with PAPI_ECOUNT). */
	in->num_mpx_cntrs = 384;
	/* num_native_events: pe_info_fill, when the info is asked for. */
	in->default_domain = PAPI_DOM_USER;
	in->available_domains = PAPI_DOM_USER | PAPI_DOM_KERNEL |
				PAPI_DOM_SUPERVISOR;
	in->default_granularity = PAPI_GRN_THR;
	in->available_granularities = PAPI_GRN_THR;
	in->kernel_multiplex = 1;
	in->cntr_umasks = 1;
	in->fast_real_timer = 1;
	in->fast_counter_read = st->user_read;
	in->fast_virtual_timer = 0;
	/* What works, as PAPI 7.0 reports it for perf_event: PAPI_INHERIT
	 * (perf's inherit bit), PAPI_CPU_ATTACH (a CPU-wide event), and
	 * profiles from the kernel's samples (the overflow signal carries a
	 * sample the kernel recorded: kernel_profile). */
	in->inherit = 1;
	in->cpu = 1;
	in->kernel_profile = 1;
	/* Overflow (added for PAPI_overflow): every perf_event fd can sample
	 * and signal, SIGRTMIN + 2 as in PAPI 7. */
	in->hardware_intr = 1;
	in->hardware_intr_sig = papi__os_rt_signal(2);
	/* PAPI_attach: every event can count another thread (perf_event_open
	 * with its tid), which the kernel allows to a caller that may ptrace
	 * it. must_ptrace, as PAPI 7 reports for perf_event, tells callers
	 * to stop the target under ptrace while they attach, which is how
	 * PAPI's attach tests drive their children (a child that stops itself
	 * is resumed only by its tracer). */
	in->attach = 1;
	in->attach_must_ptrace = 1;
	return PAPI_OK;
}

static void pe_fini(struct papi__cmp *self)
{
	struct pe_state *st = self->priv;

	if (!st)
		return;
	papi__pe_names_fini(st);
	papi__pe_presets_free(st);
	if (st->pfm_ok)
		pfm_terminate();
	free(st);
}

static const struct papi__preset_map *pe_presets(struct papi__cmp *self,
						 int *count)
{
	return papi__pe_presets(self->priv, count);
}

const struct papi__cmp_ops papi__perf_event_ops = {
	.name = "perf_event",
	.init = pe_init,
	.fini = pe_fini,
	.info_fill = pe_info_fill,
	.ntv_enum = papi__pe_ntv_enum,
	.ntv_name_to_code = papi__pe_ntv_name_to_code,
	.ntv_code_to_name = papi__pe_ntv_code_to_name,
	.ntv_info = papi__pe_ntv_info,
	.ntv_probe = papi__pe_probe,
	.presets = pe_presets,
	.ctl_create = papi__pe_ctl_create,
	.ctl_destroy = papi__pe_ctl_destroy,
	.ctl_add = papi__pe_ctl_add,
	.ctl_remove = papi__pe_ctl_remove,
	.ctl_set_opts = papi__pe_ctl_set_opts,
	.start = papi__pe_start,
	.stop = papi__pe_stop,
	.read = papi__pe_read,
	.direct = papi__pe_direct,
	.reset = papi__pe_reset,
	.halt = papi__pe_halt,
	.read_reset = papi__pe_read_reset,
	.stop_read = papi__pe_stop_read,
	.set_overflow = papi__pe_set_overflow,
	.overflow_pos = papi__pe_overflow_pos,
	.overflow_rearm = papi__pe_overflow_rearm,
};
