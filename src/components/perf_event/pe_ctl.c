// SPDX-License-Identifier: BSD-3-Clause
/*
 * One perf_event group per EventSet: the first event leads, the others
 * follow it, so the kernel schedules them together, start and stop are one
 * ioctl on the leader each (PERF_IOC_FLAG_GROUP), and a read is one read()
 * of the leader with PERF_FORMAT_GROUP.
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

static int leader_fd(const struct papi__cmp_ctl *ctl)
{
	return ctl->n ? ctl->ev[0].fd : -1;
}

/* Open ev[i] into the group (as leader when i == 0). */
static int open_evt(struct papi__cmp *self, struct papi__cmp_ctl *ctl, int i)
{
	struct pe_state *st = state_of(self);
	struct perf_event_attr attr;
	int fd, ret;

	ret = papi__pe_encode(st, ctl->ev[i].code, ctl->opts.domain, &attr);
	if (ret != PAPI_OK)
		return ret;
	attr.read_format = READ_FORMAT;
	attr.disabled = i == 0;
	attr.inherit = ctl->opts.inherit ? 1 : 0;
	fd = papi__os_perf_open(&attr, ctl->opts.tid, ctl->opts.cpu,
				i == 0 ? -1 : leader_fd(ctl), 0);
	if (fd < 0) {
		/* A group member the PMU cannot take with the others. */
		if (i > 0 && fd == -EINVAL)
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

static int read_group(struct papi__cmp_ctl *ctl)
{
	size_t len = (3 + 2 * (size_t)ctl->n) * sizeof(*ctl->buf);
	long got = papi__os_read(leader_fd(ctl), ctl->buf, len);

	if (got < 0)
		return papi__err_from_errno((int)got);
	if ((size_t)got != len || ctl->buf[0] != (unsigned long long)ctl->n)
		return PAPI_ESYS;
	return PAPI_OK;
}

/* The kernel accepts into a disabled group one hardware event more than the
 * PMU can count at once; such a group then never runs. Enable it briefly and
 * see whether it ran. */
static int group_runs(struct papi__cmp_ctl *ctl)
{
	int fd = leader_fd(ctl), ret;

	ret = papi__os_ioctl(fd, PERF_EVENT_IOC_ENABLE, PERF_IOC_FLAG_GROUP);
	if (ret == 0)
		ret = papi__os_ioctl(fd, PERF_EVENT_IOC_DISABLE,
				     PERF_IOC_FLAG_GROUP);
	if (ret < 0)
		return papi__err_from_errno(ret);
	ret = read_group(ctl);
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
		ret = group_runs(ctl);
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
	if (pos > 0) {
		papi__os_close(ctl->ev[pos].fd);
		memmove(&ctl->ev[pos], &ctl->ev[pos + 1],
			(size_t)(ctl->n - pos - 1) * sizeof(*ctl->ev));
		ctl->n--;
		return PAPI_OK;
	}
	/* The leader goes: the group is rebuilt around the next event. */
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
	int fd = leader_fd(ctl), ret;

	if (fd < 0)
		return PAPI_EINVAL;
	ret = papi__os_ioctl(fd, PERF_EVENT_IOC_RESET, PERF_IOC_FLAG_GROUP);
	if (ret == 0)
		ret = papi__os_ioctl(fd, PERF_EVENT_IOC_ENABLE,
				     PERF_IOC_FLAG_GROUP);
	return ret < 0 ? papi__err_from_errno(ret) : PAPI_OK;
}

int papi__pe_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int ret = papi__os_ioctl(leader_fd(ctl), PERF_EVENT_IOC_DISABLE,
				 PERF_IOC_FLAG_GROUP);

	return ret < 0 ? papi__err_from_errno(ret) : PAPI_OK;
}

int papi__pe_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int ret = papi__os_ioctl(leader_fd(ctl), PERF_EVENT_IOC_RESET,
				 PERF_IOC_FLAG_GROUP);

	return ret < 0 ? papi__err_from_errno(ret) : PAPI_OK;
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
	int i, j, ret = read_group(ctl);

	if (ret != PAPI_OK)
		return ret;
	for (i = 0; i < ctl->n; i++) {
		/* Values come in group order; match by id to be sure. */
		for (j = 0; j < ctl->n; j++)
			if (ctl->buf[4 + 2 * j] == ctl->ev[i].id)
				break;
		if (j == ctl->n)
			return PAPI_EBUG;
		values[i] = scale(ctl->buf[3 + 2 * j], ctl->buf[1],
				  ctl->buf[2]);
	}
	return PAPI_OK;
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
