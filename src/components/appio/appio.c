// SPDX-License-Identifier: BSD-3-Clause
/*
 * The appio component: the calling thread's file and socket I/O as the
 * program asks for it, with PAPI 7.0's 45 events (appio:::READ_BYTES ...
 * SELECT_USEC, in PAPI's order, so that event codes match too). The
 * counts come from the C library calls libpapi wraps (appio_wrap.c):
 * open, close, read, write, fread, fwrite, lseek, select and recv. A set
 * counts one thread, the one that starts it (or the live thread it is
 * attached to, if that thread has counted I/O before); its values are the
 * differences between the thread's counts now and at its start or reset,
 * so they start at zero, never go negative, and a forked child counts
 * from its own zero.
 *
 * Reads only load the thread's counts (atomic loads) into stack memory:
 * reentrant and async-signal-safe, and they write nothing in the state.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmp/cmp.h"
#include "components/appio/appio.h"
#include "os/os.h"

enum kind {
	K_SUM,   /* the slot's difference */
	K_MEAN,  /* difference of slot a / difference of slot b */
	K_USEC,  /* nanoseconds in slot a, in microseconds */
	K_LEVEL, /* difference of a level, not below zero */
};

#define R(f) APPIO_FAM(FAM_READ, f)
#define W(f) APPIO_FAM(FAM_WRITE, f)
#define RV(f) APPIO_FAM(FAM_RECV, f)
#define SR(f) APPIO_FAM(FAM_SOCK_READ, f)
#define SW(f) APPIO_FAM(FAM_SOCK_WRITE, f)

static const struct {
	const char *name;
	enum kind kind;
	int a, b;
	const char *units;
	const char *descr;
} events[] = {
	{ "READ_BYTES", K_SUM, R(F_BYTES), 0, "bytes",
	  "Bytes that read() and fread() calls delivered" },
	{ "READ_CALLS", K_SUM, R(F_CALLS), 0, "calls",
	  "read() and fread() calls" },
	{ "READ_ERR", K_SUM, R(F_ERR), 0, "calls",
	  "read() and fread() calls that failed" },
	{ "READ_INTERRUPTED", K_SUM, R(F_INTR), 0, "calls",
	  "read() calls that a signal interrupted (EINTR)" },
	{ "READ_WOULD_BLOCK", K_SUM, R(F_WBLOCK), 0, "calls",
	  "read() calls on a descriptor with no data ready when called" },
	{ "READ_SHORT", K_SUM, R(F_SHORT), 0, "calls",
	  "read() and fread() calls that delivered some but fewer bytes "
	  "than asked for" },
	{ "READ_EOF", K_SUM, R(F_EOF), 0, "calls",
	  "read() and fread() calls that found the end of the data" },
	{ "READ_BLOCK_SIZE", K_MEAN, R(F_REQ), R(F_DONE), "bytes",
	  "Mean size asked for by the read() and fread() calls that "
	  "delivered data" },
	{ "READ_USEC", K_USEC, R(F_NS), 0, "usec",
	  "Real microseconds spent in read() and fread() calls that "
	  "delivered data" },
	{ "WRITE_BYTES", K_SUM, W(F_BYTES), 0, "bytes",
	  "Bytes that write() and fwrite() calls took" },
	{ "WRITE_CALLS", K_SUM, W(F_CALLS), 0, "calls",
	  "write() and fwrite() calls" },
	{ "WRITE_ERR", K_SUM, W(F_ERR), 0, "calls",
	  "write() and fwrite() calls that failed" },
	{ "WRITE_SHORT", K_SUM, W(F_SHORT), 0, "calls",
	  "write() and fwrite() calls that took fewer bytes than offered" },
	{ "WRITE_INTERRUPTED", K_SUM, W(F_INTR), 0, "calls",
	  "write() calls that a signal interrupted (EINTR)" },
	{ "WRITE_WOULD_BLOCK", K_SUM, W(F_WBLOCK), 0, "calls",
	  "write() calls on a descriptor with no room when called" },
	{ "WRITE_BLOCK_SIZE", K_MEAN, W(F_REQ), W(F_DONE), "bytes",
	  "Mean size offered by the write() and fwrite() calls that "
	  "completed" },
	{ "WRITE_USEC", K_USEC, W(F_NS), 0, "usec",
	  "Real microseconds spent in write() and fwrite() calls that "
	  "completed" },
	{ "OPEN_CALLS", K_SUM, S_OPEN_CALLS, 0, "calls", "open() calls" },
	{ "OPEN_ERR", K_SUM, S_OPEN_ERR, 0, "calls",
	  "open() calls that failed" },
	{ "OPEN_FDS", K_LEVEL, S_OPEN_FDS, 0, "fds",
	  "Descriptors opened with open() and not yet closed with close() "
	  "(never below zero)" },
	{ "SELECT_USEC", K_USEC, S_SELECT_NS, 0, "usec",
	  "Real microseconds spent in select() calls" },
	{ "RECV_BYTES", K_SUM, RV(F_BYTES), 0, "bytes",
	  "Bytes that recv() calls delivered" },
	{ "RECV_CALLS", K_SUM, RV(F_CALLS), 0, "calls", "recv() calls" },
	{ "RECV_ERR", K_SUM, RV(F_ERR), 0, "calls",
	  "recv() calls that failed" },
	{ "RECV_INTERRUPTED", K_SUM, RV(F_INTR), 0, "calls",
	  "recv() calls that a signal interrupted (EINTR)" },
	{ "RECV_WOULD_BLOCK", K_SUM, RV(F_WBLOCK), 0, "calls",
	  "recv() calls on a socket with no data ready when called" },
	{ "RECV_SHORT", K_SUM, RV(F_SHORT), 0, "calls",
	  "recv() calls that delivered some but fewer bytes than asked for" },
	{ "RECV_EOF", K_SUM, RV(F_EOF), 0, "calls",
	  "recv() calls that found the peer's orderly shutdown" },
	{ "RECV_BLOCK_SIZE", K_MEAN, RV(F_REQ), RV(F_DONE), "bytes",
	  "Mean size asked for by the recv() calls that delivered data" },
	{ "RECV_USEC", K_USEC, RV(F_NS), 0, "usec",
	  "Real microseconds spent in recv() calls that delivered data" },
	{ "SOCK_READ_BYTES", K_SUM, SR(F_BYTES), 0, "bytes",
	  "Bytes that read() calls on sockets delivered" },
	{ "SOCK_READ_CALLS", K_SUM, SR(F_CALLS), 0, "calls",
	  "read() calls on sockets" },
	{ "SOCK_READ_ERR", K_SUM, SR(F_ERR), 0, "calls",
	  "read() calls on sockets that failed" },
	{ "SOCK_READ_SHORT", K_SUM, SR(F_SHORT), 0, "calls",
	  "read() calls on sockets that delivered some but fewer bytes than "
	  "asked for" },
	{ "SOCK_READ_WOULD_BLOCK", K_SUM, SR(F_WBLOCK), 0, "calls",
	  "read() calls on sockets with no data ready when called" },
	{ "SOCK_READ_USEC", K_USEC, SR(F_NS), 0, "usec",
	  "Real microseconds spent in read() calls on sockets that "
	  "delivered data" },
	{ "SOCK_WRITE_BYTES", K_SUM, SW(F_BYTES), 0, "bytes",
	  "Bytes that write() calls on sockets took" },
	{ "SOCK_WRITE_CALLS", K_SUM, SW(F_CALLS), 0, "calls",
	  "write() calls on sockets" },
	{ "SOCK_WRITE_ERR", K_SUM, SW(F_ERR), 0, "calls",
	  "write() calls on sockets that failed" },
	{ "SOCK_WRITE_SHORT", K_SUM, SW(F_SHORT), 0, "calls",
	  "write() calls on sockets that took fewer bytes than offered" },
	{ "SOCK_WRITE_WOULD_BLOCK", K_SUM, SW(F_WBLOCK), 0, "calls",
	  "write() calls on sockets with no room when called" },
	{ "SOCK_WRITE_USEC", K_USEC, SW(F_NS), 0, "usec",
	  "Real microseconds spent in write() calls on sockets that "
	  "completed" },
	{ "SEEK_CALLS", K_SUM, S_SEEK_CALLS, 0, "calls", "lseek() calls" },
	{ "SEEK_ABS_STRIDE_SIZE", K_MEAN, S_SEEK_ABS, S_SEEK_CALLS, "bytes",
	  "Mean absolute offset passed to lseek()" },
	{ "SEEK_USEC", K_USEC, S_SEEK_NS, 0, "usec",
	  "Real microseconds spent in lseek() calls" },
};

#define NEVENTS ((unsigned int)(sizeof(events) / sizeof(events[0])))

struct papi__cmp_ctl {
	int n, cap;
	unsigned int *code;
	struct papi__appio_thr *thr; /* the counted thread's counts */
	int tid;     /* attached thread, or 0: the one that starts it */
	int running; /* read reads it */
	int halted;  /* stopped by another thread: no longer active */
	long long base[APPIO_SLOTS]; /* at start or reset */
	long long stop[APPIO_SLOTS]; /* at stop */
};

/* One event's value from the counts now and at the baseline. */
static long long value(unsigned int c, const long long *now,
		       const long long *base)
{
	long long a = now[events[c].a] - base[events[c].a], b;

	switch (events[c].kind) {
	case K_MEAN:
		b = now[events[c].b] - base[events[c].b];
		return b > 0 ? a / b : 0;
	case K_USEC:
		return a / 1000;
	case K_LEVEL:
		return a > 0 ? a : 0;
	default:
		return a;
	}
}

static int io_init(struct papi__cmp *self)
{
	PAPI_component_info_t *in = &self->info;

	snprintf(in->short_name, sizeof(in->short_name), "appio");
	snprintf(in->description, sizeof(in->description),
		 "Application file and socket I/O of the thread (wrapped C "
		 "library calls)");
	snprintf(in->version, sizeof(in->version), "2.0");
	in->num_native_events = (int)NEVENTS;
	in->num_cntrs = (int)NEVENTS;
	in->num_mpx_cntrs = (int)NEVENTS;
	in->default_domain = PAPI_DOM_USER;
	in->available_domains = PAPI_DOM_USER | PAPI_DOM_KERNEL;
	in->default_granularity = PAPI_GRN_THR;
	in->available_granularities = PAPI_GRN_THR;
	if (papi__appio_setup() != PAPI_OK) {
		in->disabled = PAPI_ECMP;
		snprintf(in->disabled_reason, sizeof(in->disabled_reason),
			 "cannot register the thread-exit and fork handlers");
	} else if (!papi__appio_wrapped()) {
		in->disabled = PAPI_ECMP;
		snprintf(in->disabled_reason, sizeof(in->disabled_reason),
			 "read() does not reach appio's wrappers (a static "
			 "program that linked the C library's own?)");
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
	snprintf(info->units, sizeof(info->units), "%s", events[code].units);
	return PAPI_OK;
}

/* The thread a set counts: an attached one (another thread than the
 * caller) must be alive and have counted I/O before, since only a
 * thread itself can make its block of counts. */
static int retarget(struct papi__cmp_ctl *ctl, const struct papi__ctl_opts *o)
{
	struct papi__appio_thr *t = NULL;
	int tid = o->tid == papi__os_gettid() ? 0 : o->tid;

	if (o->cpu >= 0 || tid < 0)
		return PAPI_ECMP;
	if (tid == ctl->tid && (tid == 0 || ctl->thr))
		return PAPI_OK;
	if (tid != 0 && !(t = papi__appio_find(tid)))
		return PAPI_ECMP;
	papi__appio_unref(ctl->thr);
	ctl->thr = t;
	ctl->tid = tid;
	return PAPI_OK;
}

static int io_ctl_create(struct papi__cmp *self,
			 const struct papi__ctl_opts *opts,
			 struct papi__cmp_ctl **ctl)
{
	struct papi__cmp_ctl *c = calloc(1, sizeof(*c));
	int ret;

	if (!c)
		return PAPI_ENOMEM;
	ret = retarget(c, opts);
	if (ret != PAPI_OK) {
		free(c);
		return ret;
	}
	*ctl = c;
	return PAPI_OK;
}

static void io_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	/* A set dropped while it runs (a fork child drops its parent's). */
	if (ctl->running && !ctl->halted && ctl->thr)
		__atomic_sub_fetch(&ctl->thr->active, 1, __ATOMIC_RELAXED);
	papi__appio_unref(ctl->thr);
	free(ctl->code);
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
	return ctl->running ? PAPI_EISRUN : retarget(ctl, opts);
}

static int io_start(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	if (ctl->running)
		return PAPI_EISRUN;
	/* Unattached: the counts of whichever thread starts it. */
	if (ctl->tid == 0) {
		struct papi__appio_thr *t = papi__appio_self();

		if (!t)
			return PAPI_ENOMEM;
		papi__appio_unref(ctl->thr);
		ctl->thr = t;
	}
	papi__appio_snapshot(ctl->thr, ctl->base);
	ctl->halted = 0;
	__atomic_add_fetch(&ctl->thr->active, 1, __ATOMIC_RELAXED);
	__atomic_store_n(&ctl->running, 1, __ATOMIC_RELEASE);
	return PAPI_OK;
}

static int io_halt(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	if (ctl->running && !ctl->halted) {
		ctl->halted = 1;
		__atomic_sub_fetch(&ctl->thr->active, 1, __ATOMIC_RELAXED);
	}
	return PAPI_OK;
}

static int io_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	if (!ctl->running)
		return PAPI_OK;
	papi__appio_snapshot(ctl->thr, ctl->stop);
	io_halt(self, ctl);
	__atomic_store_n(&ctl->running, 0, __ATOMIC_RELEASE);
	return PAPI_OK;
}

/* The counts now (running) or at the stop, into now. */
static void counts(const struct papi__cmp_ctl *ctl, long long *now)
{
	if (__atomic_load_n(&ctl->running, __ATOMIC_ACQUIRE))
		papi__appio_snapshot(ctl->thr, now);
	else
		memcpy(now, ctl->stop, sizeof(ctl->stop));
}

static int io_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		   long long *values)
{
	long long now[APPIO_SLOTS];
	int i;

	if (!ctl->thr) {
		for (i = 0; i < ctl->n; i++)
			values[i] = 0;
		return PAPI_OK;
	}
	counts(ctl, now);
	for (i = 0; i < ctl->n; i++)
		values[i] = value(ctl->code[i], now, ctl->base);
	return PAPI_OK;
}

static int io_read_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			 long long *values)
{
	long long now[APPIO_SLOTS];
	int i;

	if (!ctl->thr)
		return io_read(self, ctl, values);
	counts(ctl, now);
	for (i = 0; i < ctl->n; i++)
		values[i] = value(ctl->code[i], now, ctl->base);
	memcpy(ctl->base, now, sizeof(now));
	return PAPI_OK;
}

static int io_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	if (ctl->thr)
		counts(ctl, ctl->base);
	return PAPI_OK;
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
	.halt = io_halt,
	.read_reset = io_read_reset,
};
