/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_PE_H
#define PAPI_PE_H

/*
 * The perf_event component's private interface between its files:
 *   pe_component.c  init, component info, the vtable
 *   pe_names.c      the native event table (libpfm4 and sysfs PMUs)
 *   pe_sysfs.c      perf's sysfs event syntax ("msr/tsc/", "cpu/event=.../")
 *   pe_ctl.c/.h     one perf_event group per EventSet
 *   pe_count.c      start, stop, read, reset: baselines, no kernel resets
 *   pe_mmap.c/.h    user-space counter reads through the event's mmap page
 *   pe_overflow.c   the overflow signal handler's part (async-signal-safe)
 */
/* libpfm4 ships its own copy of the kernel's perf_event definitions and
 * they clash with <linux/perf_event.h>: the component uses libpfm4's. */
#include <perfmon/pfmlib_perf_event.h>

#include "cmp/cmp.h"

enum pe_kind {
	PE_PFM,   /* a libpfm4 name, encoded by libpfm4 at open time */
	PE_SYSFS, /* perf sysfs syntax, encoded by pe_sysfs.c */
};

struct pe_ntv {
	char *name;
	char *descr;
	int kind;
	int listed;   /* part of the PAPI_ENUM_EVENTS walk */
	int lpos;     /* its position in that walk (pe_state.list), or -1 */
	int base;     /* index of the base event for umask entries, or -1 */
	int pfm_idx;  /* libpfm4 event index, -1 for sysfs */
	int umask;    /* libpfm4 attribute index for umask entries, or -1 */
	int hw;       /* needs a hardware counter (schedulability matters) */
	int no_exclude; /* the PMU refuses exclude_* bits (msr) */
	struct perf_event_attr attr; /* sysfs kind: type and config words */
};

struct pe_state {
	struct pe_ntv *ntv;
	int n, cap;
	/* Names to indexes, case-insensitive, open addressing: hcap slots (a
	 * power of two, at least twice n), each an index + 1 or 0 (empty).
	 * Programs resolve many names; a linear search made each new name
	 * cost O(n) (pe_names.c). */
	int *hidx;
	int hcap;
	/* The events the machine lists, as indexes in PAPI_ENUM_EVENTS
	 * order: found at the first enumeration or count, not at init
	 * (pe_names.c, papi__pe_names_list). */
	int *list;
	int nlist, lcap;
	int listed_done;
	int pfm_ok;   /* libpfm4 initialized (papi__pe_pfm) */
	int pfm_tried;
	int counted;  /* num_cntrs and pmu_names filled (pe_info_fill) */
	int core_ok;  /* the kernel has a core PMU for generic hw events */
	int ncounters;
	int user_read; /* counters can be read in user space (pe_mmap.h) */
	unsigned int rdpmc_type;          /* PMU whose events must ask for it, */
	unsigned long long rdpmc_config1; /* with this config1 bit (arm64) */
	struct pe_presets *presets; /* pe_presets.c, built on first use */
	/* The user's table (PAPI_PRESET_TABLE), read at init: the file may
	 * be gone by the time the first preset is resolved. */
	char *user_table;
	/* One core PMU per core type (cpu_core + cpu_atom): events of two
	 * of them cannot share a perf group (pe_ctl.c). */
	int hybrid;
};

/* pe_component.c: initialize libpfm4 at its first use; 1 when it works. */
int papi__pe_pfm(struct pe_state *st);

/* pe_names.c */
/* Build the listing once (libpfm4's present PMUs, then sysfs events);
 * the number of events listed. */
int papi__pe_names_list(struct pe_state *st);
void papi__pe_names_fini(struct pe_state *st);
int papi__pe_ntv_enum(struct papi__cmp *self, unsigned int *code, int mod);
int papi__pe_ntv_name_to_code(struct papi__cmp *self, const char *name,
			      unsigned int *code);
int papi__pe_ntv_code_to_name(struct papi__cmp *self, unsigned int code,
			      char *name, int len);
int papi__pe_ntv_info(struct papi__cmp *self, unsigned int code,
		      PAPI_event_info_t *info);
/* Fill attr for event code counted in domain: type, config words, exclude
 * bits. PAPI_OK, or PAPI_ENOEVNT/PAPI_EATTR. */
int papi__pe_encode(struct pe_state *st, unsigned int code, int domain,
		    struct perf_event_attr *attr);

/* pe_sysfs.c: parse "pmu/spec/mods" into attr; sets *no_exclude for PMUs
 * known to refuse exclusion. PAPI_OK or PAPI_ENOEVNT. */
int papi__pe_sysfs_parse(const char *name, struct perf_event_attr *attr);
/* Call fn for each event of each countable sysfs PMU, as "pmu/event/". */
int papi__pe_sysfs_each(int (*fn)(const char *name, const char *spec,
				  void *arg),
			void *arg);

/* pe_ctl.c */
int papi__pe_ctl_create(struct papi__cmp *self,
			const struct papi__ctl_opts *opts,
			struct papi__cmp_ctl **ctl);
void papi__pe_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
int papi__pe_ctl_add(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		     unsigned int code);
int papi__pe_ctl_remove(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			int pos);
int papi__pe_ctl_set_opts(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			  const struct papi__ctl_opts *opts);
int papi__pe_start(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
int papi__pe_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
int papi__pe_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		  long long *values);
int papi__pe_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
int papi__pe_halt(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
int papi__pe_direct(struct papi__cmp *self, struct papi__cmp_ctl *ctl, int key,
		    papi__direct_fn *fn, void **arg);
int papi__pe_read_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			long long *values);
int papi__pe_stop_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		       long long *values);
int papi__pe_probe(struct papi__cmp *self, unsigned int code, int domain);
/* Overflow (added for PAPI_overflow): set_overflow in pe_ctl.c,
 * overflow_pos (async-signal-safe) in pe_overflow.c; see cmp.h. */
int papi__pe_set_overflow(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			  int pos, long long threshold);
int papi__pe_overflow_pos(struct papi__cmp *self,
			  const struct papi__cmp_ctl *ctl, int fd);
void papi__pe_overflow_rearm(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			     int pos, int code);
/* pe_ctl.c, at each start once the groups are enabled: hold every
 * sampling event to one overflow signal in flight (pe_overflow.c). */
void papi__pe_arm_sampling(struct papi__cmp_ctl *ctl);

#endif
