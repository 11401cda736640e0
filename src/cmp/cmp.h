/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CMP_CMP_H
#define PAPI_CMP_CMP_H

/*
 * The component interface. A component is a const vtable of operations plus
 * one struct papi__cmp of state that the framework owns. Every operation
 * takes the component first. Optional operations are left NULL; the wrappers
 * in cmp.c turn a NULL operation into PAPI_ECMP, so the framework never calls
 * through a NULL pointer and components never fill gaps with dummies.
 *
 * A component sees only its arguments, this header, os/ and arch/. Native
 * event codes here are component-local (the framework adds the component
 * index and PAPI_NATIVE_MASK); every operation returns PAPI_OK or a negative
 * PAPI error code.
 */
#include "papi.h"

#define PAPI__MAX_TERMS PAPI_MAX_INFO_TERMS

/* How the terms of a preset combine. */
enum papi__derived {
	PAPI__NOT_DERIVED = 0,
	PAPI__DERIVED_ADD, /* sum of all terms */
	PAPI__DERIVED_SUB, /* first term minus the others */
	PAPI__DERIVED_POSTFIX, /* postfix expression over the terms */
};

/*
 * One preset as a component can provide it: the preset index
 * (PAPI_TOT_CYC_idx...), how terms combine, and the native event names.
 * Rows whose names do not resolve, or that the kernel refuses, leave the
 * preset unavailable; the first row that works for a preset wins. Rows read
 * from a table name their preset by symbol: preset is -1 and symbol is set.
 */
struct papi__preset_map {
	int preset;
	int derived;
	const char *terms[PAPI__MAX_TERMS]; /* NULL after the last */
	const char *note;    /* shown in PAPI_event_info_t.note, may be NULL */
	const char *postfix; /* PAPI__DERIVED_POSTFIX: "N0|N1|+|" */
	const char *symbol;  /* "PAPI_TOT_INS" when preset is -1 */
};

/* What an EventSet asks of a component's control state. */
/* PAPI_read's shortcut (core/lib.h, struct papi__run): fills values
 * (the set's natives, in order) as read would. */
typedef int (*papi__direct_fn)(void *arg, long long *values);

struct papi__ctl_opts {
	int domain;      /* PAPI_DOM_* bits */
	int granularity; /* PAPI_GRN_* */
	int tid;         /* thread to count: 0 is the calling thread */
	int cpu;         /* -1: any cpu */
	int inherit;     /* count children too */
	int multiplex;   /* let the kernel time-share the events: no group */
};

struct papi__cmp;
struct papi__cmp_ctl; /* a component's per-EventSet state, opaque here */

struct papi__cmp_ops {
	const char *name;

	/* Fill self->info; a component that cannot work sets
	 * info.disabled and info.disabled_reason and returns PAPI_OK. */
	int (*init)(struct papi__cmp *self);
	void (*fini)(struct papi__cmp *self);
	/* Optional: fill what init left to be found when the info is asked
	 * for, what being PAPI__INFO_* bits: COUNTERS (num_cntrs and what
	 * else describes the hardware: pmu_names, support_version), EVENTS
	 * (num_native_events, where counting means listing every event).
	 * Start-up pays for none of it. Called with the library lock held,
	 * before PAPI_get_component_info or a counter count answers. */
	void (*info_fill)(struct papi__cmp *self, int what);

	/* Native events. ntv_enum follows PAPI_enum_cmp_event's modifiers;
	 * *code is component-local. */
	int (*ntv_enum)(struct papi__cmp *self, unsigned int *code,
			int modifier);
	int (*ntv_name_to_code)(struct papi__cmp *self, const char *name,
				unsigned int *code);
	int (*ntv_code_to_name)(struct papi__cmp *self, unsigned int code,
				char *name, int len);
	int (*ntv_info)(struct papi__cmp *self, unsigned int code,
			PAPI_event_info_t *info);
	/* Can this event be counted here with this domain? PAPI_OK or why
	 * not. */
	int (*ntv_probe)(struct papi__cmp *self, unsigned int code, int domain);

	/* The presets this component may provide (see papi__preset_map). */
	const struct papi__preset_map *(*presets)(struct papi__cmp *self,
						  int *count);

	/* Control state of one EventSet. ctl_add appends one native event
	 * and ctl_remove drops the one at a position; on failure the state is
	 * unchanged. ctl_set_opts reprograms for new options (domain...). */
	int (*ctl_create)(struct papi__cmp *self,
			  const struct papi__ctl_opts *opts,
			  struct papi__cmp_ctl **ctl);
	void (*ctl_destroy)(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
	int (*ctl_add)(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		       unsigned int code);
	int (*ctl_remove)(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			  int pos);
	int (*ctl_set_opts)(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			    const struct papi__ctl_opts *opts);

	/* Counting. read fills one value per native event, in ctl order;
	 * it must be reentrant (a signal handler may read while the thread it
	 * interrupted is reading: scratch memory on the stack) and, for a
	 * running set, async-signal-safe, and it must not write the state
	 * (another thread may read it at the same time: a stop by another
	 * thread, while the runner reads without the lock). */
	int (*start)(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
	int (*stop)(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
	int (*read)(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		    long long *values);
	int (*reset)(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
	/* Optional: PAPI_read's shortcut for a running set, called at start
	 * by the thread that started it: *fn and *arg such that fn(arg,
	 * values) does what read does, for as long as the set runs. fn may
	 * return papi__evset_read_declined(key, values) for any case it does
	 * not serve (core/evset.h). PAPI_OK, or an error: no shortcut. */
	int (*direct)(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		      int key, papi__direct_fn *fn, void **arg);
	/* Optional: stop counting for a stop by another thread than the
	 * one that started the set, which may be in the middle of a read of
	 * this state without the lock (core/lib.h, struct papi__run): system
	 * calls only, writing nothing read reads; a read that follows gives
	 * the final counts. The state is then only read and destroyed. NULL:
	 * nothing to halt (the counts stop moving at the read). */
	int (*halt)(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
	/* Optional: read, and count on from the values read, with nothing
	 * lost or counted twice in between (PAPI_accum). Without it the
	 * framework calls read, then reset. */
	int (*read_reset)(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			  long long *values);
	/* Optional: stop, and fill values with the final counts, as a read
	 * that follows would (PAPI_stop of the thread's own set). Without it
	 * the framework calls stop, then read. */
	int (*stop_read)(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			 long long *values);

	/* Optional (overflow, core/overflow.c): make native position pos of
	 * a stopped set sample every threshold events (0: stop sampling);
	 * each overflow then raises info.hardware_intr_sig in the thread the
	 * set counts. overflow_pos is called in that signal handler and must
	 * be async-signal-safe: the native position whose fd raised the
	 * signal (siginfo's si_fd), or -1. overflow_rearm, also in the
	 * handler, after the sample is dispatched: let position pos signal
	 * its next overflow (the component may hold each event to one signal
	 * in flight, so that signals cannot pile up); code is siginfo's
	 * si_code. */
	int (*set_overflow)(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			    int pos, long long threshold);
	int (*overflow_pos)(struct papi__cmp *self,
			    const struct papi__cmp_ctl *ctl, int fd);
	void (*overflow_rearm)(struct papi__cmp *self,
			       struct papi__cmp_ctl *ctl, int pos, int code);
};

struct papi__cmp {
	const struct papi__cmp_ops *ops;
	PAPI_component_info_t info;
	int cidx;
	/* Set by the framework before init, from the environment:
	 * PAPI_RDPMC=0 turns user-space counter reads off. */
	int user_read_off;
	void *priv; /* the component's own state */
};

/* Wrappers: NULL operation -> PAPI_ECMP. */
int papi__cmp_init(struct papi__cmp *c);
void papi__cmp_fini(struct papi__cmp *c);
#define PAPI__INFO_COUNTERS 1
#define PAPI__INFO_EVENTS 2
#define PAPI__INFO_ALL 3
void papi__cmp_info_fill(struct papi__cmp *c, int what);
int papi__cmp_ntv_enum(struct papi__cmp *c, unsigned int *code, int modifier);
int papi__cmp_ntv_name_to_code(struct papi__cmp *c, const char *name,
			       unsigned int *code);
int papi__cmp_ntv_code_to_name(struct papi__cmp *c, unsigned int code,
			       char *name, int len);
int papi__cmp_ntv_info(struct papi__cmp *c, unsigned int code,
		       PAPI_event_info_t *info);
int papi__cmp_ntv_probe(struct papi__cmp *c, unsigned int code, int domain);
const struct papi__preset_map *papi__cmp_presets(struct papi__cmp *c,
						 int *count);
int papi__cmp_ctl_create(struct papi__cmp *c, const struct papi__ctl_opts *o,
			 struct papi__cmp_ctl **ctl);
void papi__cmp_ctl_destroy(struct papi__cmp *c, struct papi__cmp_ctl *ctl);
int papi__cmp_ctl_add(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
		      unsigned int code);
int papi__cmp_ctl_remove(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			 int pos);
int papi__cmp_ctl_set_opts(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			   const struct papi__ctl_opts *o);
/* start inline: PAPI_start calls it, and pays for every instruction. */
static inline int papi__cmp_start(struct papi__cmp *c,
				  struct papi__cmp_ctl *ctl)
{
	return c->ops->start ? c->ops->start(c, ctl) : PAPI_ECMP;
}
int papi__cmp_stop(struct papi__cmp *c, struct papi__cmp_ctl *ctl);
int papi__cmp_read(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
		   long long *values);
int papi__cmp_reset(struct papi__cmp *c, struct papi__cmp_ctl *ctl);
int papi__cmp_read_reset(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			 long long *values);
/* stop_read, or stop and then read; inline as start is. */
int papi__cmp_stop_then_read(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			     long long *values);
static inline int papi__cmp_stop_read(struct papi__cmp *c,
				      struct papi__cmp_ctl *ctl,
				      long long *values)
{
	if (c->ops->stop_read)
		return c->ops->stop_read(c, ctl, values);
	return papi__cmp_stop_then_read(c, ctl, values);
}
/* halt, or PAPI_OK when the component has none (see above). */
int papi__cmp_halt(struct papi__cmp *c, struct papi__cmp_ctl *ctl);
int papi__cmp_set_overflow(struct papi__cmp *c, struct papi__cmp_ctl *ctl,
			   int pos, long long threshold);

/* The registry: every component compiled in, in index order. */
int papi__registry_count(void);
const struct papi__cmp_ops *papi__registry_ops(int cidx);

#endif
