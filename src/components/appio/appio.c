// SPDX-License-Identifier: BSD-3-Clause
/*
 * The appio component: application I/O of the calling thread, as PAPI's
 * appio component names it (appio:::READ_BYTES...). PAPI's appio interposes
 * on read() and write() by exporting libc's names from libpapi; we export
 * only PAPI's own names, and read the kernel's per-thread I/O accounting
 * instead (/proc/thread-self/io: bytes and calls of the read and write
 * family of system calls, and bytes that reached the storage layer). The
 * counts belong to the thread that starts the EventSet; another thread
 * reads that thread's file (/proc/self/task/TID/io).
 *
 * Reads are reentrant and async-signal-safe (a stack buffer, open/read/
 * close, and our own reads counted with atomic adds), so that PAPI_read
 * in a signal handler works here too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp/cmp.h"
#include "os/os.h"

#define IO_FILE "/proc/thread-self/io"

static const struct {
	const char *name;
	const char *key; /* field of /proc/thread-self/io */
	const char *descr;
} events[] = {
	{ "READ_BYTES", "rchar:", "Bytes read by read-family system calls" },
	{ "READ_CALLS", "syscr:", "Read-family system calls" },
	{ "WRITE_BYTES", "wchar:", "Bytes written by write-family system calls" },
	{ "WRITE_CALLS", "syscw:", "Write-family system calls" },
	{ "DISK_READ_BYTES", "read_bytes:",
	  "Bytes the storage layer fetched for this thread" },
	{ "DISK_WRITE_BYTES", "write_bytes:",
	  "Bytes this thread caused to be sent to the storage layer" },
};

#define NEVENTS ((unsigned int)(sizeof(events) / sizeof(events[0])))

/* Reading the accounting file is itself I/O of the thread: the read that
 * returns the text and the one that finds its end. It shows in the next
 * sample, so each sample taken since the baseline is subtracted again. */
enum { OWN_READ_BYTES = 0, OWN_READ_CALLS = 1, OWN_CALLS_PER_SAMPLE = 2 };

struct papi__cmp_ctl {
	int n, cap;
	unsigned int *code;
	long long *base;  /* counts at start (or reset) */
	long long *stop;  /* counts at stop */
	long long own[2]; /* our own reads since the baseline (atomic adds) */
	long long stop_own[2];
	int running;
	int tid; /* the thread that started it */
};

/* The accounting file of thread tid, or the calling thread's (tid 0):
 * built by hand, as snprintf is not async-signal-safe. */
static const char *io_path(int tid, char *buf, size_t len)
{
	static const char pre[] = "/proc/self/task/", post[] = "/io";
	char digits[12];
	size_t n = 0, i = 0;

	if (tid <= 0 || len < sizeof(pre) + sizeof(digits) + sizeof(post))
		return IO_FILE;
	do
		digits[n++] = (char)('0' + tid % 10);
	while ((tid /= 10) && n < sizeof(digits));
	memcpy(buf, pre, sizeof(pre) - 1);
	i = sizeof(pre) - 1;
	while (n)
		buf[i++] = digits[--n];
	memcpy(buf + i, post, sizeof(post));
	return buf;
}

/* All counts of thread tid (0: the calling thread) at once, one value per
 * event; *own gets the bytes this sample itself read. */
static int sample(int tid, long long *now, long long *own)
{
	char buf[512], path[64];
	unsigned int i;
	long got = papi__os_read_file(io_path(tid, path, sizeof(path)), buf,
				      sizeof(buf));

	if (got < 0)
		return PAPI_ESYS;
	for (i = 0; i < NEVENTS; i++) {
		const char *p = strstr(buf, events[i].key);

		now[i] = p ? atoll(p + strlen(events[i].key)) : 0;
	}
	if (own)
		*own = got;
	return PAPI_OK;
}

/* Take a baseline: the counts now, and this sample's own reads. */
static int baseline(struct papi__cmp_ctl *ctl)
{
	int mine = papi__os_gettid() == ctl->tid;
	long long got;

	if (sample(mine ? 0 : ctl->tid, ctl->base, &got) != PAPI_OK)
		return PAPI_ESYS;
	__atomic_store_n(&ctl->own[OWN_READ_BYTES], mine ? got : 0,
			 __ATOMIC_RELAXED);
	__atomic_store_n(&ctl->own[OWN_READ_CALLS],
			 mine ? OWN_CALLS_PER_SAMPLE : 0, __ATOMIC_RELAXED);
	return PAPI_OK;
}

/* now - base, less our own reads for the read events. */
static long long delta(const struct papi__cmp_ctl *ctl, const long long *now,
		       const long long *own, unsigned int c)
{
	long long v = now[c] - ctl->base[c];

	if (!strcmp(events[c].key, "rchar:"))
		v -= own[OWN_READ_BYTES];
	else if (!strcmp(events[c].key, "syscr:"))
		v -= own[OWN_READ_CALLS];
	return v;
}

static int io_init(struct papi__cmp *self)
{
	PAPI_component_info_t *in = &self->info;
	long long now[NEVENTS];

	snprintf(in->short_name, sizeof(in->short_name), "appio");
	snprintf(in->description, sizeof(in->description),
		 "Application I/O of the thread (/proc/thread-self/io)");
	snprintf(in->version, sizeof(in->version), "1.0");
	in->num_native_events = (int)NEVENTS;
	in->num_mpx_cntrs = (int)NEVENTS;
	in->default_domain = PAPI_DOM_USER;
	in->available_domains = PAPI_DOM_USER | PAPI_DOM_KERNEL;
	in->default_granularity = PAPI_GRN_THR;
	in->available_granularities = PAPI_GRN_THR;
	if (sample(0, now, NULL) != PAPI_OK) {
		in->disabled = PAPI_ECMP;
		snprintf(in->disabled_reason, sizeof(in->disabled_reason),
			 "cannot read " IO_FILE
			 " (kernel without task I/O accounting?)");
	}
	return PAPI_OK;
}

static int io_enum(struct papi__cmp *self, unsigned int *code, int mod)
{
	if (mod == PAPI_ENUM_FIRST) {
		*code = 0;
		return PAPI_OK;
	}
	if (mod != PAPI_ENUM_EVENTS)
		return mod == PAPI_NTV_ENUM_UMASKS ? PAPI_ENOEVNT : PAPI_EINVAL;
	if (*code + 1 >= NEVENTS)
		return PAPI_ENOEVNT;
	(*code)++;
	return PAPI_OK;
}

static int io_name_to_code(struct papi__cmp *self, const char *name,
			   unsigned int *code)
{
	unsigned int i;

	if (!strncmp(name, "appio:::", 8))
		name += 8;
	for (i = 0; i < NEVENTS; i++)
		if (!strcmp(name, events[i].name)) {
			*code = i;
			return PAPI_OK;
		}
	return PAPI_ENOEVNT;
}

static int io_code_to_name(struct papi__cmp *self, unsigned int code,
			   char *name, int len)
{
	if (code >= NEVENTS)
		return PAPI_ENOEVNT;
	if (snprintf(name, (size_t)len, "appio:::%s", events[code].name) >= len)
		return PAPI_EBUF;
	return PAPI_OK;
}

static int io_info(struct papi__cmp *self, unsigned int code,
		   PAPI_event_info_t *info)
{
	if (code >= NEVENTS)
		return PAPI_ENOEVNT;
	snprintf(info->symbol, sizeof(info->symbol), "appio:::%s",
		 events[code].name);
	snprintf(info->short_descr, sizeof(info->short_descr), "%s",
		 events[code].descr);
	snprintf(info->long_descr, sizeof(info->long_descr), "%s",
		 events[code].descr);
	snprintf(info->units, sizeof(info->units), "%s",
		 strstr(events[code].name, "BYTES") ? "bytes" : "calls");
	return PAPI_OK;
}

static int io_ctl_create(struct papi__cmp *self,
			 const struct papi__ctl_opts *opts,
			 struct papi__cmp_ctl **ctl)
{
	/* Another thread's I/O cannot be read this way. */
	if (opts->tid != 0 || opts->cpu >= 0)
		return PAPI_ECMP;
	*ctl = calloc(1, sizeof(**ctl));
	return *ctl ? PAPI_OK : PAPI_ENOMEM;
}

static void io_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	free(ctl->code);
	free(ctl->base);
	free(ctl->stop);
	free(ctl);
}

static int io_ctl_add(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		      unsigned int code)
{
	if (code >= NEVENTS)
		return PAPI_ENOEVNT;
	if (ctl->n == ctl->cap) {
		int cap = ctl->cap ? ctl->cap * 2 : 8;
		unsigned int *c = realloc(ctl->code, (size_t)cap * sizeof(*c));

		if (!c)
			return PAPI_ENOMEM;
		ctl->code = c;
		ctl->cap = cap;
	}
	ctl->code[ctl->n++] = code;
	return PAPI_OK;
}

static int io_ctl_remove(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			 int pos)
{
	if (pos < 0 || pos >= ctl->n)
		return PAPI_EINVAL;
	memmove(&ctl->code[pos], &ctl->code[pos + 1],
		(size_t)(ctl->n - pos - 1) * sizeof(*ctl->code));
	ctl->n--;
	return PAPI_OK;
}

static int io_ctl_set_opts(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			   const struct papi__ctl_opts *opts)
{
	return opts->tid != 0 || opts->cpu >= 0 ? PAPI_ECMP : PAPI_OK;
}

static int io_start(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	if (!ctl->base) {
		ctl->base = calloc(NEVENTS, sizeof(*ctl->base));
		ctl->stop = calloc(NEVENTS, sizeof(*ctl->stop));
		if (!ctl->base || !ctl->stop)
			return PAPI_ENOMEM;
	}
	ctl->tid = papi__os_gettid();
	if (baseline(ctl) != PAPI_OK)
		return PAPI_ESYS;
	ctl->running = 1;
	return PAPI_OK;
}

static int io_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		   long long *values)
{
	long long now[NEVENTS], own[2], got = 0;
	int i, mine = papi__os_gettid() == ctl->tid;

	/* Another thread's reads are not the counted thread's I/O. */
	if (ctl->running && sample(mine ? 0 : ctl->tid, now, &got) != PAPI_OK)
		return PAPI_ESYS;
	own[0] = __atomic_load_n(&ctl->own[0], __ATOMIC_RELAXED);
	own[1] = __atomic_load_n(&ctl->own[1], __ATOMIC_RELAXED);
	for (i = 0; i < ctl->n; i++) {
		unsigned int c = ctl->code[i];

		values[i] = ctl->running ? delta(ctl, now, own, c)
					 : delta(ctl, ctl->stop, ctl->stop_own, c);
	}
	/* Atomic: a read in a signal handler may interrupt this one. */
	if (ctl->running && mine) {
		__atomic_add_fetch(&ctl->own[OWN_READ_BYTES], got,
				   __ATOMIC_RELAXED);
		__atomic_add_fetch(&ctl->own[OWN_READ_CALLS],
				   OWN_CALLS_PER_SAMPLE, __ATOMIC_RELAXED);
	}
	return PAPI_OK;
}

static int io_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	if (sample(papi__os_gettid() == ctl->tid ? 0 : ctl->tid, ctl->stop,
		   NULL) != PAPI_OK)
		return PAPI_ESYS;
	memcpy(ctl->stop_own, ctl->own, sizeof(ctl->own));
	ctl->running = 0;
	return PAPI_OK;
}

static int io_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	return baseline(ctl);
}

const struct papi__cmp_ops papi__appio_ops = {
	.name = "appio",
	.init = io_init,
	.ntv_enum = io_enum,
	.ntv_name_to_code = io_name_to_code,
	.ntv_code_to_name = io_code_to_name,
	.ntv_info = io_info,
	.ctl_create = io_ctl_create,
	.ctl_destroy = io_ctl_destroy,
	.ctl_add = io_ctl_add,
	.ctl_remove = io_ctl_remove,
	.ctl_set_opts = io_ctl_set_opts,
	.start = io_start,
	.stop = io_stop,
	.read = io_read,
	.reset = io_reset,
};
