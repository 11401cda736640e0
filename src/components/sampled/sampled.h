/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_COMPONENTS_SAMPLED_H
#define PAPI_COMPONENTS_SAMPLED_H

/*
 * The sampling components: powercap, rapl, net, io, stealtime, coretemp,
 * lmsensors. None has counters to program; each samples values the kernel
 * keeps (a sysfs or procfs file, an MSR) when a set starts, reads, resets
 * and stops. This engine holds what they share, so that each component is
 * only its discovery (init: which events exist and can be read) and, where
 * an event is not one decimal number in one file, its sampling:
 *   - the event table: names (PAPI 7.0's), descriptions, units, data type;
 *     the vtable's naming operations over it;
 *   - the per-EventSet state and the vtable's counting operations;
 *   - the arithmetic: a COUNTER counts from the start (or reset), its
 *     wrap-around at `modulus` handled; one whose modulus is 0 never wraps,
 *     so a sample below the start means the device was replaced (reset
 *     counters) and reads PAPI_ESYS rather than a negative count. A GAUGE
 *     (a temperature, a power limit) reads its present value.
 * Wrap-around is counted across reads: every read records the wraps seen
 * so far (one atomic word per event: wraps in the top 16 bits, the last
 * sample in the low 48), so any number of wraps is counted as long as the
 * set is read at least once per wrap period (RAPL's 32-bit counter: about
 * 40 minutes at 100 W). That atomic word is the only thing a read writes.
 *
 * A component's priv is its struct papi__smp (papi__smp_new).
 */
#include "cmp/cmp.h"
#include "os/os.h"

enum papi__smp_kind { PAPI__SMP_COUNTER = 0, PAPI__SMP_GAUGE = 1 };

#define PAPI__SMP_PATH 512

struct papi__smp_event {
	char name[PAPI_MAX_STR_LEN]; /* without the "cmp:::" prefix */
	char descr[PAPI_MAX_STR_LEN];
	char units[PAPI_MIN_STR_LEN];
	int data_type; /* PAPI_DATATYPE_*: rapl's W and s are FP64 */
	int kind;      /* enum papi__smp_kind */
	unsigned long long modulus; /* a COUNTER wraps here; 0: never */
	char path[PAPI__SMP_PATH];  /* the file sampled, root included */
	long long arg[3];           /* the component's own: MSR, field... */
};

struct papi__smp;

struct papi__smp_ops {
	/* The raw values of events codes[0..n) now, into raw[]: PAPI_OK, or
	 * PAPI_ESYS when a file or device is gone. tid: the thread or process
	 * the set counts (0: the caller's). Reentrant and async-signal-safe
	 * (stack buffers, open/read/close). NULL: each event's path holds one
	 * decimal number (papi__smp_sample_files). */
	int (*sample)(const struct papi__smp *s, int tid,
		      const unsigned int *codes, int n,
		      unsigned long long *raw);
	/* Optional: the value reported for event code, from its count since
	 * the start (COUNTER) or its raw value (GAUGE). */
	long long (*scale)(const struct papi__smp *s, unsigned int code,
			   unsigned long long v);
	/* Optional: PAPI_OK if a set may count with these options; NULL:
	 * any (the value is the same whatever the thread, CPU or domain). */
	int (*check_opts)(const struct papi__ctl_opts *o);
};

struct papi__smp {
	const struct papi__smp_ops *ops;
	const char *prefix; /* "net": names are prefixed "net:::" */
	int n, cap;
	struct papi__smp_event *ev;
	char root[PAPI__SMP_PATH]; /* papi__os_sys_root() at init */
	void *own; /* the component's own state, freed at fini */
};

/* A new engine as self->priv (root read now), or NULL (no memory). */
struct papi__smp *papi__smp_new(struct papi__cmp *self,
				const struct papi__smp_ops *ops);
/* A new zeroed event at the end of the table, or NULL (no memory). */
struct papi__smp_event *papi__smp_add(struct papi__smp *s);
/* root + path (an absolute path) into out: 0, or -1 when too long. */
int papi__smp_path(const struct papi__smp *s, char *out, size_t len,
		   const char *path);
/* root + path, read, trailing white space cut: the length or -errno. */
long papi__smp_read_text(const struct papi__smp *s, const char *path, char *buf,
		    size_t len);
/* One decimal number from a file of the tree (root added): 0 or -errno. */
int papi__smp_read_ull(const struct papi__smp *s, const char *path,
		       unsigned long long *v);
/* One decimal number from a full path (root included). */
int papi__smp_file_ull(const char *full, unsigned long long *v);
int papi__smp_sample_files(const struct papi__smp *s, int tid,
			   const unsigned int *codes, int n,
			   unsigned long long *raw);
/* Fill self->info for a component of n events; disabled with the reason
 * (printf format) when n is 0 or reason is given. */
void papi__smp_info_fill(struct papi__cmp *self, const char *descr);
__attribute__((format(printf, 2, 3))) void
papi__smp_disable(struct papi__cmp *self, const char *fmt, ...);

/* snprintf that cuts silently: names built from sysfs strings of any
 * length (a longer one is cut, as PAPI cuts its strings). */
__attribute__((format(printf, 3, 4))) int papi__smp_fmt(char *out, size_t len,
							 const char *fmt, ...);

/* The vtable operations. */
void papi__smp_fini(struct papi__cmp *self);
int papi__smp_enum(struct papi__cmp *self, unsigned int *code, int mod);
int papi__smp_name_to_code(struct papi__cmp *self, const char *name,
			   unsigned int *code);
int papi__smp_code_to_name(struct papi__cmp *self, unsigned int code,
			   char *name, int len);
int papi__smp_info(struct papi__cmp *self, unsigned int code,
		   PAPI_event_info_t *info);
int papi__smp_ctl_create(struct papi__cmp *self,
			 const struct papi__ctl_opts *opts,
			 struct papi__cmp_ctl **ctl);
void papi__smp_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
int papi__smp_ctl_add(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		      unsigned int code);
int papi__smp_ctl_remove(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			 int pos);
int papi__smp_ctl_set_opts(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			   const struct papi__ctl_opts *opts);
int papi__smp_start(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
int papi__smp_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl);
int papi__smp_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		   long long *values);
int papi__smp_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl);

/* Every operation but name, init and fini, in a component's ops. */
#define PAPI__SMP_OPS                                                       \
	.fini = papi__smp_fini, .ntv_enum = papi__smp_enum,                 \
	.ntv_name_to_code = papi__smp_name_to_code,                         \
	.ntv_code_to_name = papi__smp_code_to_name,                         \
	.ntv_info = papi__smp_info, .ctl_create = papi__smp_ctl_create,     \
	.ctl_destroy = papi__smp_ctl_destroy, .ctl_add = papi__smp_ctl_add, \
	.ctl_remove = papi__smp_ctl_remove,                                 \
	.ctl_set_opts = papi__smp_ctl_set_opts, .start = papi__smp_start,   \
	.stop = papi__smp_stop, .read = papi__smp_read,                     \
	.reset = papi__smp_reset

/* The counting arithmetic, exposed for the unit test: one counter's
 * value from base (sample at start), the tracker word (in/out) and the
 * sample now. PAPI_OK or PAPI_ESYS (a counter without wrap went back). */
unsigned long long papi__smp_track_init(unsigned long long base);
int papi__smp_count(unsigned long long modulus, unsigned long long base,
		    unsigned long long *track, unsigned long long now,
		    unsigned long long *count);

#endif
