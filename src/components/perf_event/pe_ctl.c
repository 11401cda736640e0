// SPDX-License-Identifier: BSD-3-Clause
/*
 * One perf_event group per EventSet: the first event leads, the others
 * follow it, so the kernel schedules them together, start and stop are one
 * ioctl on the leader each (pe_ctl.h, PE_IOC_LEADER), and a read is one read()
 * of the leader with PERF_FORMAT_GROUP, or no system call at all when the
 * events' mmap pages let us read the counters in user space (pe_mmap.h).
 * This file opens and closes; pe_count.c counts.
 *
 * Exception: events of PMUs that misbehave inside a group are opened as
 * leaders of their own one-event group ("solo"), and start/stop/read/reset
 * visit them too. The msr PMU is one: msr/tsc/ in a group led by a software
 * event counts only during the group's first enable (later enables freeze
 * it, and a reset leaves partial values or zero), while as its own leader it
 * counts right every time (measured on Linux 6.18 under KVM, 2026-11).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "arch/arch.h"
#include "components/perf_event/pe_ctl.h"
#include "components/perf_event/pe_mmap.h"
#include "core/err.h"
#include "core/evset.h"
#include "os/os.h"

static struct pe_state *state_of(struct papi__cmp *self)
{
	return self->priv;
}

/* Counters are readable in user space only by the thread they count (the
 * kernel doc's "self-monitoring"): the page names a counter of the CPU that
 * thread runs on. So: the calling thread (tid 0, any CPU), without
 * inherited children, whose counts only read() can sum. */
static int opts_allow_user_read(const struct pe_state *st,
				const struct papi__ctl_opts *o)
{
	return st->user_read && o->tid == 0 && o->cpu < 0 && !o->inherit;
}

/*
 * May user-space reads serve ev[i]? Its page is not mapped here but at the
 * first user-space read of the running set (pe_count.c, lazy_map): while
 * an event's page is mapped, the kernel rewrites it each time it puts the
 * event on a counter or takes it off, a good part of what it does for an
 * ENABLE and a DISABLE (figures in docs/performance.md). A set that is
 * only started and stopped then pays no more than one that cannot read
 * in user space at all. The events count the thread that opens them
 * (tid 0), which is the one that may read them.
 */
static void may_map(struct papi__cmp *self, struct papi__cmp_ctl *ctl, int i,
		    unsigned int type)
{
	uintptr_t tp = papi__arch_thread_pointer();

	ctl->ev[i].mappable = 0;
	if (!ctl->user_read || !papi__pe_mmap_type_ok(type) ||
	    state_of(self)->ntv[ctl->ev[i].code].no_exclude)
		return;
	ctl->ev[i].mappable = 1;
	ctl->unmapped = 1;
	/* Counters opened by two threads count two threads, and a fork child
	 * has none of its parent's pages: read() them. */
	if (ctl->owner && ctl->gen != papi__pe_fork_gen)
		ctl->owner = PE_NO_OWNER;
	ctl->owner = ctl->owner == 0 || ctl->owner == tp ? tp : PE_NO_OWNER;
	ctl->gen = papi__pe_fork_gen;
}

/* Could pages serve the group led by ev[l]? Only if every event of it has
 * one: a group is read all at once, in user space or with read(). */
static int group_mappable(const struct papi__cmp_ctl *ctl, int l)
{
	int i;

	for (i = l; i < ctl->n; i++)
		if (in_group(ctl, l, i) && !ctl->ev[i].pg &&
		    !ctl->ev[i].mappable)
			return 0;
	return 1;
}

void papi__pe_map_pages(struct papi__cmp_ctl *ctl)
{
	struct pe_evt *e;
	int l, i;

	ctl->planned = 0;
	for (l = 0; l < ctl->n; l++) {
		if (!ctl->ev[l].leader || !group_mappable(ctl, l))
			continue;
		for (i = l; i < ctl->n; i++) {
			e = &ctl->ev[i];
			if (!in_group(ctl, l, i) || e->pg)
				continue;
			/* Without its page, read() serves the group. */
			if (papi__pe_mmap_open(e->fd, &e->pg) != PAPI_OK) {
				e->pg = NULL;
				e->mappable = 0;
			}
		}
	}
	ctl->unmapped = 0;
}

/* Open ev[i] into the group (as leader when i == 0). */
/* The PMU an event must be counted on, where several core PMUs make that
 * matter: its dynamic type (cpu_core/.../, cpu_atom/.../), or for a
 * generic hardware or cache event the PMU type the kernel reads from
 * config's upper half; 0 for events that join any group. */
static unsigned int pmu_of(const struct perf_event_attr *a)
{
	if (a->type == PERF_TYPE_HARDWARE || a->type == PERF_TYPE_HW_CACHE)
		return (unsigned int)(a->config >> 32);
	return a->type >= PERF_TYPE_MAX ? a->type : 0;
}

/* On a hybrid machine, does ev[i] need another core PMU than the main
 * group's members before it? Then it leads a group of its own: the kernel
 * refuses a group across two hardware PMUs, and a thread counts on the
 * PMU of whichever core type it runs, so a preset such as PAPI_TOT_INS
 * (cpu_core + cpu_atom) needs both groups. */
static int other_core_pmu(const struct pe_state *st,
			  const struct papi__cmp_ctl *ctl, int i)
{
	int j;

	if (!st->hybrid || !ctl->ev[i].pmu)
		return 0;
	for (j = 0; j < i; j++)
		if (!ctl->ev[j].solo && ctl->ev[j].fd >= 0 && ctl->ev[j].pmu)
			return ctl->ev[j].pmu != ctl->ev[i].pmu;
	return 0;
}

static int open_evt(struct papi__cmp *self, struct papi__cmp_ctl *ctl, int i)
{
	struct pe_state *st = state_of(self);
	struct pe_evt *e = &ctl->ev[i];
	struct perf_event_attr attr;
	int fd, ret, group;

	ctl->planned = 0;
	ret = papi__pe_encode(st, e->code, ctl->opts.domain, &attr);
	if (ret != PAPI_OK)
		return ret;
	/* Multiplexed sets are not grouped: each event is its own leader and
	 * the kernel rotates them over the counters. */
	e->solo = st->ntv[e->code].no_exclude || ctl->opts.multiplex;
	/* Overflow: a sampling event leads its own group, the first one
	 * too. Each overflow disables the event until the handler re-arms
	 * it (pe_overflow.c): as a member of the main group a sampling
	 * perf::CPU-CLOCK then counted 2 ms of 300 (Linux 6.18 under KVM,
	 * 2026-11), and as the leader of others it stopped them all until
	 * the handler ran, so that they lost what the handler's thread did
	 * meanwhile (issue 13; tests/hw/test_hw_overflow_group.c). Alone it
	 * counts right and stops nothing else; the other events form the
	 * main group behind it. */
	if (e->period)
		e->solo = 1;
	e->pmu = pmu_of(&attr);
	if (other_core_pmu(st, ctl, i))
		e->solo = 1;
	group = e->solo ? -1 : main_leader(ctl, i);
	e->leader = group < 0;
	if (group >= 0)
		group = ctl->ev[group].fd;
	attr.read_format = READ_FORMAT;
	attr.disabled = e->leader;
	/* The groups of a set that is not multiplexed are pinned, as PAPI
	 * pins them: the kernel never rotates them off their counters, so
	 * their counts need no scaling and the pages alone give them
	 * (pe_direct.c); if the PMU cannot take one, it goes into an error
	 * state that a read() reports (PAPI_ECLOST) instead of counting part
	 * of the time. Times that part then mean a CPU of another core type
	 * (hybrid), whose own group counts there. */
	attr.pinned = e->leader && !ctl->opts.multiplex;
	attr.inherit = ctl->opts.inherit ? 1 : 0;
	/* Overflow: sample every period events. Without a ring buffer the
	 * kernel drops the sample record but still signals each overflow
	 * (wakeup_events = 1), which is all we ask (pe_overflow.c). */
	if (e->period) {
		attr.sample_period = e->period;
		attr.sample_type = PERF_SAMPLE_IP;
		attr.wakeup_events = 1;
	}
	if (ctl->user_read)
		papi__pe_mmap_attr(st, &attr);
	fd = papi__os_perf_open(&attr, ctl->opts.tid, ctl->opts.cpu, group, 0);
	if (fd < 0) {
		/* A group member the PMU cannot take with the others. */
		if (group >= 0 && fd == -EINVAL)
			return PAPI_ECNFLCT;
		if (fd == -EINVAL && attr.exclude_kernel)
			return PAPI_EINVAL_DOM;
		return papi__err_from_errno(fd);
	}
	ret = papi__os_ioctl(fd, PERF_EVENT_IOC_ID, (unsigned long)&e->id);
	if (ret < 0) {
		papi__os_close(fd);
		return papi__err_from_errno(ret);
	}
	/* Overflow: the fd signals the thread it counts, as PAPI 7 does. */
	if (e->period &&
	    (ret = papi__os_fd_signal(fd, self->info.hardware_intr_sig,
				      ctl->opts.tid ? ctl->opts.tid :
						      papi__os_gettid())) < 0) {
		papi__os_close(fd);
		return papi__err_from_errno(ret);
	}
	e->fd = fd;
	e->pg = NULL;
	ctl->widths = 0; /* pe_direct.c: a new page to look at, once mapped */
	e->armed = 0; /* overflow: a new fd has no overflow limit */
	/* A new event counts from 0, and a new group has run for no time. */
	e->base = 0;
	if (e->leader)
		set_base_times(e, 0, 0);
	may_map(self, ctl, i, attr.type);
	return PAPI_OK;
}

static void close_evt(struct papi__cmp_ctl *ctl, struct pe_evt *e)
{
	ctl->planned = 0;
	/* A fork child has no mapping there: what may be mapped at that
	 * address now is not the page's. */
	if (ctl->gen == papi__pe_fork_gen)
		papi__pe_mmap_close(e->pg);
	e->pg = NULL;
	papi__os_close(e->fd);
	e->fd = -1;
}

static void close_all(struct papi__cmp_ctl *ctl)
{
	int i;

	ctl->planned = 0;
	/* Members first: closing the leader first would orphan them. */
	for (i = ctl->n - 1; i >= 0; i--)
		if (ctl->ev[i].fd >= 0)
			close_evt(ctl, &ctl->ev[i]);
	ctl->owner = 0;
	ctl->unmapped = 0;
}

static int open_all(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int i, ret;

	ctl->planned = 0;
	ctl->user_read = opts_allow_user_read(state_of(self), &ctl->opts);
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
	c->user_read = opts_allow_user_read(state_of(self), opts);
	c->fast_owner = PE_NO_OWNER;
	/* PAPI_read's shortcut declines to the core (pe_direct.c sets it
	 * again with the set's id when it arms the shortcut). */
	c->decline = papi__evset_read_declined;
	*ctl = c;
	return PAPI_OK;
}

void papi__pe_ctl_destroy(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	close_all(ctl);
	free(ctl->ev);
	free(ctl->stash);
	free(ctl);
}

/*
 * The kernel accepts into a disabled group one hardware event more than the
 * PMU can count at once; such a group then never runs. Enable it briefly and
 * see whether it ran all the time it was enabled. Not "ran at all": each
 * failed attempt to schedule the group leaves the leader briefly active,
 * and under QEMU (-icount, Linux 6.1) the over-full group showed 40336 ns
 * running of 58480 ns enabled where every group that fits shows equal
 * times. During an add the set is stopped, so only this group asks for
 * counters of ours. The times are totals since the group was opened, so
 * they are compared with the group's baseline, which equals the kernel's
 * totals while the group is disabled (a baseline left stale by a
 * user-space stop is taken again first). The read that tells is the
 * group's new baseline.
 */
static int group_runs(struct papi__cmp_ctl *ctl, int l)
{
	struct pe_evt *L = &ctl->ev[l];
	uint64_t en0, run0;
	int ret;

	if (!L->based &&
	    (ret = papi__pe_group_syscall(ctl, l, NULL, 1)) != PAPI_OK)
		return ret;
	en0 = L->base_en;
	run0 = L->base_run;
	ret = papi__os_ioctl(L->fd, PERF_EVENT_IOC_ENABLE, PE_IOC_LEADER);
	if (ret == 0)
		ret = papi__os_ioctl(L->fd, PERF_EVENT_IOC_DISABLE,
				     PE_IOC_LEADER);
	if (ret < 0)
		return papi__err_from_errno(ret);
	ret = papi__pe_group_syscall(ctl, l, NULL, 1);
	if (ret == PAPI_ECLOST) /* pinned, and it did not fit */
		return PAPI_ECNFLCT;
	if (ret != PAPI_OK)
		return ret;
	/* The read rebased: the group's times now are its baseline's. */
	en0 = L->base_en - en0;
	run0 = L->base_run - run0;
	return en0 != 0 && run0 < en0 ? PAPI_ECNFLCT : PAPI_OK;
}

static int grow(struct papi__cmp_ctl *ctl)
{
	int cap = ctl->cap ? ctl->cap * 2 : 8;
	struct pe_evt *ev;
	long long *stash;

	ev = realloc(ctl->ev, (size_t)cap * sizeof(*ev));
	if (!ev)
		return PAPI_ENOMEM;
	ctl->ev = ev;
	stash = realloc(ctl->stash, (size_t)cap * sizeof(*stash));
	if (!stash)
		return PAPI_ENOMEM;
	ctl->stash = stash;
	ctl->cap = cap;
	return PAPI_OK;
}

int papi__pe_ctl_add(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		     unsigned int code)
{
	struct pe_state *st = state_of(self);
	int i = ctl->n, l, ret;

	if (code >= (unsigned int)st->n)
		return PAPI_ENOEVNT;
	if (ctl->n == ctl->cap && (ret = grow(ctl)) != PAPI_OK)
		return ret;
	memset(&ctl->ev[i], 0, sizeof(ctl->ev[i]));
	ctl->ev[i].code = code;
	ctl->ev[i].fd = -1;
	ret = open_evt(self, ctl, i);
	if (ret != PAPI_OK)
		return ret;
	ctl->n++;
	if (st->ntv[code].hw && ctl->opts.tid == 0) {
		l = ctl->ev[i].leader ? i : main_leader(ctl, i);
		ret = group_runs(ctl, l);
		if (ret != PAPI_OK) {
			ctl->n--;
			close_evt(ctl, &ctl->ev[i]);
			return ret;
		}
	}
	return PAPI_OK;
}

int papi__pe_ctl_remove(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			int pos)
{
	struct pe_evt gone;
	int ret;

	if (pos < 0 || pos >= ctl->n)
		return PAPI_EINVAL;
	if (!ctl->ev[pos].leader || ctl->ev[pos].solo) {
		close_evt(ctl, &ctl->ev[pos]);
		memmove(&ctl->ev[pos], &ctl->ev[pos + 1],
			(size_t)(ctl->n - pos - 1) * sizeof(*ctl->ev));
		ctl->n--;
		return PAPI_OK;
	}
	/* The main leader goes: the group is rebuilt around the next event.
	 * If that fails, the set is rebuilt as it was (cmp.h: on failure the
	 * state is unchanged). */
	gone = ctl->ev[pos];
	close_all(ctl);
	memmove(&ctl->ev[pos], &ctl->ev[pos + 1],
		(size_t)(ctl->n - pos - 1) * sizeof(*ctl->ev));
	ctl->n--;
	ret = open_all(self, ctl);
	if (ret == PAPI_OK)
		return PAPI_OK;
	memmove(&ctl->ev[pos + 1], &ctl->ev[pos],
		(size_t)(ctl->n - pos) * sizeof(*ctl->ev));
	ctl->ev[pos] = gone;
	ctl->n++;
	return open_all(self, ctl) == PAPI_OK ? ret : PAPI_ECLOST;
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
		return papi__err_from_errno(fd) == PAPI_EPERM ? PAPI_EPERM :
								PAPI_ENOEVNT;
	papi__os_close(fd);
	return PAPI_OK;
}

/* Overflow (added for PAPI_overflow): a new sample period means new fds
 * (the kernel cannot turn a counting event into a sampling one), so the
 * stopped set is reopened, as for new options. */
int papi__pe_set_overflow(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			  int pos, long long threshold)
{
	unsigned long long old;
	int ret;

	if (pos < 0 || pos >= ctl->n || threshold < 0 || ctl->running)
		return PAPI_EINVAL;
	/* Turning off what is not on is an error in PAPI 7 too. */
	if (threshold == 0 && ctl->ev[pos].period == 0)
		return PAPI_EINVAL;
	old = ctl->ev[pos].period;
	ctl->planned = 0;
	ctl->ev[pos].period = (unsigned long long)threshold;
	close_all(ctl);
	ret = open_all(self, ctl);
	if (ret != PAPI_OK) {
		ctl->ev[pos].period = old;
		if (open_all(self, ctl) != PAPI_OK)
			return PAPI_ECLOST;
	}
	return ret;
}

/* Overflow: a sampling event whose kernel limit is not 1 gets it now; the
 * handler keeps it there (pe_overflow.c). A refresh adds to the limit,
 * hence the flag: the limit must not grow with each start. */
void papi__pe_arm_sampling(struct papi__cmp_ctl *ctl)
{
	int i;

	for (i = 0; i < ctl->n; i++) {
		if (!ctl->ev[i].period || ctl->ev[i].armed)
			continue;
		if (papi__os_ioctl(ctl->ev[i].fd, PERF_EVENT_IOC_REFRESH, 1) ==
		    0)
			ctl->ev[i].armed = 1;
	}
}
