// SPDX-License-Identifier: BSD-3-Clause
/*
 * The stealtime component: the time a virtual machine's CPUs were ready to
 * run but the host ran something else, from /proc/stat's "steal" column,
 * in microseconds from the start. PAPI 7.0's names: stealtime:::TOTAL (the
 * "cpu" line, every CPU together) and stealtime:::CPU1, CPU2... numbered
 * from 1 as PAPI numbers them, so CPUn is the kernel's cpu n-1.
 *
 * /proc/stat is read in 4 KiB pieces at increasing offsets until its
 * "cpu" lines end, so that a read needs no more stack on a machine of many
 * CPUs. A CPU taken offline loses its line: its event then reads
 * PAPI_ESYS. The kernel counts steal in USER_HZ ticks (10 ms): a count
 * moves by 10000 us steps.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/sampled/sampled.h"

#define STAT_FILE "/proc/stat"

struct st_own {
	char path[PAPI__SMP_PATH];
	long long hz;
};

/* One "cpu" line: its CPU (-1: the total) and steal ticks. 0, or -1 when
 * the line is no CPU line, or has no steal column (before Linux 2.6.11). */
static int parse_line(const char *p, const char *end, long long *cpu,
		      unsigned long long *steal)
{
	int col;

	if (end - p < 4 || strncmp(p, "cpu", 3))
		return -1;
	p += 3;
	if (*p == ' ') {
		*cpu = -1;
	} else {
		long long c = 0;

		if (*p < '0' || *p > '9')
			return -1;
		for (; p < end && *p >= '0' && *p <= '9'; p++)
			c = c * 10 + (*p - '0');
		*cpu = c;
	}
	for (col = 0; col < 8; col++) {
		unsigned long long x = 0;

		while (p < end && *p == ' ')
			p++;
		if (p == end || *p < '0' || *p > '9')
			return -2;
		for (; p < end && *p >= '0' && *p <= '9'; p++)
			x = x * 10 + (unsigned long long)(*p - '0');
		*steal = x;
	}
	return 0;
}

/* Calls fn for each CPU line; 0, or -errno. */
static int walk(const char *path,
		void (*fn)(long long cpu, unsigned long long steal, void *arg),
		void *arg)
{
	char buf[4096];
	long long off = 0;

	for (;;) {
		long got = papi__os_pread_file(path, buf, sizeof(buf) - 1, off);
		char *p = buf, *nl;

		if (got < 0)
			return (int)got;
		buf[got] = '\0';
		while ((nl = strchr(p, '\n')) != NULL) {
			long long cpu;
			unsigned long long steal;
			int r = parse_line(p, nl, &cpu, &steal);

			if (r == -1)
				return 0; /* past the CPU lines */
			if (r == 0)
				fn(cpu, steal, arg);
			p = nl + 1;
		}
		if (got < (long)sizeof(buf) - 1 || p == buf)
			return 0; /* the end, or a line longer than buf */
		off += p - buf;
	}
}

struct want {
	const struct papi__smp *s;
	const unsigned int *codes;
	int n;
	unsigned long long *raw;
};

static void take(long long cpu, unsigned long long steal, void *arg)
{
	struct want *w = arg;
	int i;

	for (i = 0; i < w->n; i++)
		if (w->s->ev[w->codes[i]].arg[0] == cpu)
			w->raw[i] = steal;
}

static int st_sample(const struct papi__smp *s, int tid,
		     const unsigned int *codes, int n,
		     unsigned long long *raw)
{
	const struct st_own *o = s->own;
	struct want w = { s, codes, n, raw };
	int i, ret = PAPI_OK;

	for (i = 0; i < n; i++)
		raw[i] = ~0ULL;
	if (walk(o->path, take, &w) < 0)
		return PAPI_ESYS;
	for (i = 0; i < n; i++)
		if (raw[i] == ~0ULL)
			ret = PAPI_ESYS;
	return ret;
}

/* Ticks to microseconds. */
static long long st_scale(const struct papi__smp *s, unsigned int code,
			  unsigned long long v)
{
	const struct st_own *o = s->own;

	return (long long)(v * 1000000ULL / (unsigned long long)o->hz);
}

struct found {
	struct papi__smp *s;
	int err;
};

static void add_cpu(long long cpu, unsigned long long steal, void *arg)
{
	struct found *f = arg;
	struct papi__smp_event *e;

	if (f->err)
		return;
	e = papi__smp_add(f->s);
	if (!e) {
		f->err = 1;
		return;
	}
	if (cpu < 0) {
		papi__smp_fmt(e->name, sizeof(e->name), "TOTAL");
		papi__smp_fmt(e->descr, sizeof(e->descr), "%s",
			 "Total amount of steal time, all CPUs");
	} else {
		papi__smp_fmt(e->name, sizeof(e->name), "CPU%lld", cpu + 1);
		papi__smp_fmt(e->descr, sizeof(e->descr),
			 "Steal time of CPU %lld (the kernel's cpu%lld)",
			 cpu + 1, cpu);
	}
	papi__smp_fmt(e->units, sizeof(e->units), "us");
	e->kind = PAPI__SMP_COUNTER;
	e->arg[0] = cpu;
}

static int st_init(struct papi__cmp *self)
{
	static const struct papi__smp_ops ops = {
		.sample = st_sample,
		.scale = st_scale,
	};
	struct papi__smp *s = papi__smp_new(self, &ops);
	struct st_own *o;
	struct found f = { s, 0 };
	int r;

	if (!s || !(o = calloc(1, sizeof(*o))))
		return PAPI_ENOMEM;
	s->own = o;
	o->hz = papi__os_clk_tck();
	papi__smp_path(s, o->path, sizeof(o->path), STAT_FILE);
	r = walk(o->path, add_cpu, &f);
	if (f.err)
		return PAPI_ENOMEM;
	papi__smp_info_fill(self, "Stealtime filesystem statistics");
	if (r < 0)
		papi__smp_disable(self, "cannot read " STAT_FILE);
	else if (!s->n)
		papi__smp_disable(self, "no CPU line with a steal column in "
				  STAT_FILE);
	return PAPI_OK;
}

const struct papi__cmp_ops papi__stealtime_ops = {
	.name = "stealtime",
	.init = st_init,
	PAPI__SMP_OPS,
};
