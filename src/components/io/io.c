// SPDX-License-Identifier: BSD-3-Clause
/*
 * The io component: the process's I/O accounting, /proc/self/io, one
 * event per line of the file named as PAPI 7.0 names them (io:::rchar,
 * io:::wchar, io:::syscr, io:::syscw, io:::read_bytes, io:::write_bytes,
 * io:::cancelled_write_bytes). The counts are the whole process's (every
 * thread's, the exited ones' too), from the start: PAPI 7.0 returned the
 * file's running totals, and ignored PAPI_reset; here they start at 0 as
 * every other count does. An attached set (PAPI_attach) counts the process
 * attached to, /proc/PID/io.
 *
 * Reading the file is itself I/O of the process (rchar, syscr): the bytes
 * and calls of the library's own reads are taken out, counted with atomic
 * adds (a read may run in a signal handler, or in two threads at once; two
 * threads reading at the same instant may see one read uncorrected). Not
 * under PAPI_SYS_ROOT, where the file is a test's, not the kernel's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/sampled/sampled.h"

#define IO_FILE "/proc/self/io"

struct io_own {
	char self_path[PAPI__SMP_PATH]; /* root + /proc/self/io */
	char proc_path[PAPI__SMP_PATH]; /* root + /proc */
	int correct; /* take the library's own reads out (the real file) */
	long long own_bytes, own_calls; /* atomic */
};

static const struct {
	const char *key, *units, *descr;
} known[] = {
	{ "rchar", "bytes", "Bytes read by read-family system calls" },
	{ "wchar", "bytes", "Bytes written by write-family system calls" },
	{ "syscr", "calls", "Read-family system calls" },
	{ "syscw", "calls", "Write-family system calls" },
	{ "read_bytes", "bytes", "Bytes the storage layer fetched" },
	{ "write_bytes", "bytes", "Bytes sent to the storage layer" },
	{ "cancelled_write_bytes", "bytes",
	  "Bytes written to page cache and then truncated before storage" },
};

/* The process's file: built by hand, snprintf is not signal-safe. */
static const char *io_path(const struct io_own *o, int tid, char *buf,
			   size_t len)
{
	char digits[12];
	size_t n = 0, i = strlen(o->proc_path);

	if (tid <= 0 || i + 1 + sizeof(digits) + 4 > len)
		return o->self_path;
	memcpy(buf, o->proc_path, i);
	buf[i++] = '/';
	do
		digits[n++] = (char)('0' + tid % 10);
	while ((tid /= 10) && n < sizeof(digits));
	while (n)
		buf[i++] = digits[--n];
	memcpy(buf + i, "/io", 4);
	return buf;
}

/* The value after "key:" at the start of a line of text, or -1. */
static int field(const char *text, const char *key,
		 unsigned long long *v)
{
	size_t kl = strlen(key);
	const char *p = text;

	while (p && *p) {
		if (!strncmp(p, key, kl) && p[kl] == ':') {
			unsigned long long x = 0;

			for (p += kl + 1; *p == ' ' || *p == '\t'; p++)
				;
			for (; *p >= '0' && *p <= '9'; p++)
				x = x * 10 + (unsigned long long)(*p - '0');
			*v = x;
			return 0;
		}
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return -1;
}

static int io_sample(const struct papi__smp *s, int tid,
		     const unsigned int *codes, int n,
		     unsigned long long *raw)
{
	struct io_own *o = s->own;
	char buf[1024], path[PAPI__SMP_PATH];
	long long before_bytes, before_calls;
	long got;
	int i, ret = PAPI_OK;

	/* Every read before this one shows in this sample's counts. */
	before_bytes = __atomic_load_n(&o->own_bytes, __ATOMIC_RELAXED);
	before_calls = __atomic_load_n(&o->own_calls, __ATOMIC_RELAXED);
	got = papi__os_read_file(io_path(o, tid, path, sizeof(path)), buf,
				 sizeof(buf));
	if (got < 0) {
		for (i = 0; i < n; i++)
			raw[i] = ~0ULL;
		return PAPI_ESYS;
	}
	if (o->correct && tid <= 0) {
		/* The read that returned the text and the one that found its
		 * end (a text that filled the buffer took one). */
		__atomic_add_fetch(&o->own_bytes, got, __ATOMIC_RELAXED);
		__atomic_add_fetch(&o->own_calls,
				   got < (long)sizeof(buf) - 1 ? 2 : 1,
				   __ATOMIC_RELAXED);
	} else {
		before_bytes = before_calls = 0;
	}
	for (i = 0; i < n; i++) {
		const char *key = s->ev[codes[i]].name;

		if (field(buf, key, &raw[i]) < 0) {
			raw[i] = ~0ULL;
			ret = PAPI_ESYS;
		} else if (!strcmp(key, "rchar")) {
			raw[i] -= (unsigned long long)before_bytes;
		} else if (!strcmp(key, "syscr")) {
			raw[i] -= (unsigned long long)before_calls;
		}
	}
	return ret;
}

/* The process attached to, or the caller's; not a CPU. */
static int io_check(const struct papi__ctl_opts *o)
{
	return o->cpu >= 0 ? PAPI_ECMP : PAPI_OK;
}

static int io_init(struct papi__cmp *self)
{
	static const struct papi__smp_ops ops = {
		.sample = io_sample,
		.check_opts = io_check,
	};
	struct papi__smp *s = papi__smp_new(self, &ops);
	struct io_own *o;
	char buf[1024];
	const char *p;

	if (!s || !(o = calloc(1, sizeof(*o))))
		return PAPI_ENOMEM;
	s->own = o;
	papi__smp_path(s, o->self_path, sizeof(o->self_path), IO_FILE);
	papi__smp_path(s, o->proc_path, sizeof(o->proc_path), "/proc");
	o->correct = !s->root[0];
	if (papi__os_read_file(o->self_path, buf, sizeof(buf)) < 0) {
		papi__smp_info_fill(self, "A component to read /proc/self/io");
		papi__smp_disable(self, "cannot read " IO_FILE " (kernel "
				  "without task I/O accounting?)");
		return PAPI_OK;
	}
	/* One event per "name: value" line, in the file's order. */
	for (p = buf; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : "") {
		const char *colon = strchr(p, ':'), *nl = strchr(p, '\n');
		struct papi__smp_event *e;
		size_t kl;
		unsigned int k;

		if (!colon || (nl && colon > nl) || colon == p)
			continue;
		kl = (size_t)(colon - p);
		e = papi__smp_add(s);
		if (!e)
			return PAPI_ENOMEM;
		papi__smp_fmt(e->name, sizeof(e->name), "%.*s", (int)kl, p);
		papi__smp_fmt(e->descr, sizeof(e->descr), "%s",
			 "I/O count of the process");
		for (k = 0; k < sizeof(known) / sizeof(known[0]); k++)
			if (!strcmp(e->name, known[k].key)) {
				papi__smp_fmt(e->descr, sizeof(e->descr), "%s",
					 known[k].descr);
				papi__smp_fmt(e->units, sizeof(e->units), "%s",
					 known[k].units);
			}
		e->kind = PAPI__SMP_COUNTER;
	}
	papi__smp_info_fill(self, "A component to read /proc/self/io");
	self->info.default_granularity = PAPI_GRN_PROC;
	self->info.available_granularities = PAPI_GRN_PROC;
	if (!s->n)
		papi__smp_disable(self, IO_FILE " has no counters");
	return PAPI_OK;
}

const struct papi__cmp_ops papi__io_ops = {
	.name = "io",
	.init = io_init,
	PAPI__SMP_OPS,
};
