// SPDX-License-Identifier: BSD-3-Clause
/*
 * One perf_event group per EventSet: the first event leads, the others
 * follow it, so the kernel schedules them together, start and stop are one
 * ioctl on the leader each (PERF_IOC_FLAG_GROUP), and a read is one read()
 * of the leader with PERF_FORMAT_GROUP.
 *
 * Exception: events of PMUs that misbehave inside a group are opened as
 * leaders of their own one-event group ("solo"), and start/stop/read/reset
 * visit them too. The msr PMU is one: msr/tsc/ in a group led by a software
 * event counts only during the group's first enable (later enables freeze
 * it, and a reset leaves partial values or zero), while as its own leader it
 * counts right every time (measured on Linux 6.18 under KVM, 2026-11).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "components/perf_event/pe.h"
#include "core/err.h"
#include "os/os.h"

struct pe_evt {
	unsigned int code;
	int fd;
	int leader; /* leads a group: the main one or its own (solo) */
	int solo;
	unsigned long long id;
};

struct papi__cmp_ctl {
	struct papi__ctl_opts opts;
	int n, cap;
	struct pe_evt *ev;
	unsigned long long *buf; /* 3 + 2 * cap words: the group read */
};

#define READ_FORMAT                                                            \
	(PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | \
	 PERF_FORMAT_TOTAL_TIME_RUNNING)

static struct pe_state *state_of(struct papi__cmp *self)
{
	return self->priv;
}

/* The main group's leader fd among the first n events, or -1. */
static int main_leader(const struct papi__cmp_ctl *ctl, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!ctl->ev[i].solo && ctl->ev[i].fd >= 0)
			return ctl->ev[i].fd;
	return -1;
}

/* Open ev[i] into the group (as leader when i == 0). */
static int open_evt(struct papi__cmp *self, struct papi__cmp_ctl *ctl, int i)
{
	struct pe_state *st = state_of(self);
	struct perf_event_attr attr;
	int fd, ret;

	int group;

	ret = papi__pe_encode(st, ctl->ev[i].code, ctl->opts.domain, &attr);
	if (ret != PAPI_OK)
		return ret;
	/* Multiplexed sets are not grouped: each event is its own leader and
	 * the kernel rotates them over the counters. */
	ctl->ev[i].solo = st->ntv[ctl->ev[i].code].no_exclude ||
			  ctl->opts.multiplex;
	group = ctl->ev[i].solo ? -1 : main_leader(ctl, i);
	ctl->ev[i].leader = group < 0;
	attr.read_format = READ_FORMAT;
	attr.disabled = ctl->ev[i].leader;
	attr.inherit = ctl->opts.inherit ? 1 : 0;
	fd = papi__os_perf_open(&attr, ctl->opts.tid, ctl->opts.cpu, group, 0);
	if (fd < 0) {
		/* A group member the PMU cannot take with the others. */
		if (group >= 0 && fd == -EINVAL)
			return PAPI_ECNFLCT;
		if (fd == -EINVAL && attr.exclude_kernel)
			return PAPI_EINVAL_DOM;
		return papi__err_from_errno(fd);
	}
	ret = papi__os_ioctl(fd, PERF_EVENT_IOC_ID,
			     (unsigned long)&ctl->ev[i].id);
	if (ret < 0) {
		papi__os_close(fd);
		return papi__err_from_errno(ret);
	}
	ctl->ev[i].fd = fd;
	return PAPI_OK;
}

static void close_all(struct papi__cmp_ctl *ctl)
{
	int i;

	/* Members first: closing the leader first would orphan them. */
	for (i = ctl->n - 1; i >= 0; i--)
		if (ctl->ev[i].fd >= 0) {
			papi__os_close(ctl->ev[i].fd);
			ctl->ev[i].fd = -1;
		}
}

static int open_all(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int i, ret;

	for (i = 0; i < ctl->n; i++) {
		ret = open_evt(self, ctl, i);
		if (ret != PAPI_OK) {
			close_all(ctl);
			return ret;
		}
	}
	return PAPI_OK;
}

int papi__pe_ctl_create(struct papi__cmp *self,
			const struct papi__ctl_opts *opts,
			struct papi__cmp_ctl **ctl)
{
	struct papi__cmp_ctl *c = calloc(1, sizeof(*c));

	if (!c)
		return PAPI_ENOMEM;
	c->opts = *opts;
	*ctl = c;
	return PAPI_OK;
}

void papi__pe_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	close_all(ctl);
	free(ctl->ev);
	free(ctl->buf);
	free(ctl);
}

/* Read the group led by fd into ctl->buf: {nr, enabled, running,
 * {value, id} x nr}. */
static int read_group(struct papi__cmp_ctl *ctl, int fd)
{
	size_t len = (3 + 2 * (size_t)ctl->n) * sizeof(*ctl->buf);
	long got = papi__os_read(fd, ctl->buf, len);

	if (got < 0)
		return papi__err_from_errno((int)got);
	if ((size_t)got < 3 * sizeof(*ctl->buf) ||
	    (size_t)got != (3 + 2 * ctl->buf[0]) * sizeof(*ctl->buf))
		return PAPI_ESYS;
	return PAPI_OK;
}

/* The leader fd of event i's group. */
static int group_of(const struct papi__cmp_ctl *ctl, int i)
{
	return ctl->ev[i].leader ? ctl->ev[i].fd : main_leader(ctl, ctl->n);
}

/* Apply one group ioctl to every leader. */
static int each_leader(struct papi__cmp_ctl *ctl, unsigned long req)
{
	int i, ret;

	for (i = 0; i < ctl->n; i++) {
		if (!ctl->ev[i].leader)
			continue;
		ret = papi__os_ioctl(ctl->ev[i].fd, req, PERF_IOC_FLAG_GROUP);
		if (ret < 0)
			return papi__err_from_errno(ret);
	}
	return PAPI_OK;
}

/* The kernel accepts into a disabled group one hardware event more than the
 * PMU can count at once; such a group then never runs. Enable it briefly and
 * see whether it ran. */
static int group_runs(struct papi__cmp_ctl *ctl, int fd)
{
	int ret;

	ret = papi__os_ioctl(fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	if (ret == 0)
		ret = papi__os_ioctl(fd, PERF_EVENT_IOC_DISABLE,
				     PERF_IOC_FLAG_GROUP);
	if (ret < 0)
		return papi__err_from_errno(ret);
	ret = read_group(ctl, fd);
	if (ret != PAPI_OK)
		return ret;
	papi__os_ioctl(fd, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
	return ctl->buf[1] > 0 && ctl->buf[2] == 0 ? PAPI_ECNFLCT : PAPI_OK;
}

static int grow(struct papi__cmp_ctl *ctl)
{
	int cap = ctl->cap ? ctl->cap * 2 : 8;
	struct pe_evt *ev;
	unsigned long long *buf;

	ev = realloc(ctl->ev, (size_t)cap * sizeof(*ev));
	if (!ev)
		return PAPI_ENOMEM;
	ctl->ev = ev;
	buf = realloc(ctl->buf, (3 + 2 * (size_t)cap) * sizeof(*buf));
	if (!buf)
		return PAPI_ENOMEM;
	ctl->buf = buf;
	ctl->cap = cap;
	return PAPI_OK;
}

int papi__pe_ctl_add(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		     unsigned int code)
{
	struct pe_state *st = state_of(self);
	int i = ctl->n, ret;

	if (code >= (unsigned int)st->n)
		return PAPI_ENOEVNT;
	if (ctl->n == ctl->cap && (ret = grow(ctl)) != PAPI_OK)
		return ret;
	ctl->ev[i].code = code;
	ctl->ev[i].fd = -1;
	ret = open_evt(self, ctl, i);
	if (ret != PAPI_OK)
		return ret;
	ctl->n++;
	if (st->ntv[code].hw && ctl->opts.tid == 0) {
		ret = group_runs(ctl, group_of(ctl, i));
		if (ret != PAPI_OK) {
			ctl->n--;
			papi__os_close(ctl->ev[i].fd);
			return ret;
		}
	}
	return PAPI_OK;
}

int papi__pe_ctl_remove(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			int pos)
{
	if (pos < 0 || pos >= ctl->n)
		return PAPI_EINVAL;
	if (!ctl->ev[pos].leader || ctl->ev[pos].solo) {
		papi__os_close(ctl->ev[pos].fd);
		memmove(&ctl->ev[pos], &ctl->ev[pos + 1],
			(size_t)(ctl->n - pos - 1) * sizeof(*ctl->ev));
		ctl->n--;
		return PAPI_OK;
	}
	/* The main leader goes: the group is rebuilt around the next event. */
	close_all(ctl);
	memmove(&ctl->ev[0], &ctl->ev[1], (size_t)(ctl->n - 1) * sizeof(*ctl->ev));
	ctl->n--;
	return open_all(self, ctl);
}

int papi__pe_ctl_set_opts(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			  const struct papi__ctl_opts *opts)
{
	struct papi__ctl_opts old = ctl->opts;
	int ret;

	close_all(ctl);
	ctl->opts = *opts;
	ret = open_all(self, ctl);
	if (ret != PAPI_OK) {
		ctl->opts = old;
		if (open_all(self, ctl) != PAPI_OK)
			return PAPI_ECLOST;
	}
	return ret;
}

int papi__pe_start(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int ret;

	if (ctl->n == 0)
		return PAPI_EINVAL;
	ret = each_leader(ctl, PERF_EVENT_IOC_RESET);
	return ret == PAPI_OK ? each_leader(ctl, PERF_EVENT_IOC_ENABLE) : ret;
}

int papi__pe_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	return each_leader(ctl, PERF_EVENT_IOC_DISABLE);
}

int papi__pe_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	return each_leader(ctl, PERF_EVENT_IOC_RESET);
}

/* value * enabled / running without overflow or rounding of the ratio. */
static long long scale(unsigned long long v, unsigned long long en,
		       unsigned long long run)
{
	if (run == 0)
		return 0;
	if (run >= en)
		return (long long)v;
	return (long long)((unsigned __int128)v * en / run);
}

int papi__pe_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		  long long *values)
{
	int l, i, j, found = 0, ret;

	for (l = 0; l < ctl->n; l++) {
		unsigned long long nr;

		if (!ctl->ev[l].leader)
			continue;
		ret = read_group(ctl, ctl->ev[l].fd);
		if (ret != PAPI_OK)
			return ret;
		/* Values come in group order; match them by id. */
		nr = ctl->buf[0];
		for (j = 0; j < (int)nr; j++)
			for (i = 0; i < ctl->n; i++)
				if (ctl->ev[i].id == ctl->buf[4 + 2 * j]) {
					values[i] = scale(ctl->buf[3 + 2 * j],
							  ctl->buf[1],
							  ctl->buf[2]);
					found++;
					break;
				}
	}
	return found == ctl->n ? PAPI_OK : PAPI_EBUG;
}

int papi__pe_probe(struct papi__cmp *self, unsigned int code, int domain)
{
	struct pe_state *st = state_of(self);
	struct perf_event_attr attr;
	int fd, ret;

	ret = papi__pe_encode(st, code, domain, &attr);
	if (ret != PAPI_OK)
		return ret;
	attr.disabled = 1;
	fd = papi__os_perf_open(&attr, 0, -1, -1, 0);
	if (fd < 0)
		return papi__err_from_errno(fd) == PAPI_EPERM ? PAPI_EPERM
							      : PAPI_ENOEVNT;
	papi__os_close(fd);
	return PAPI_OK;
}
