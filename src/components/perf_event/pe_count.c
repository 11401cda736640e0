// SPDX-License-Identifier: BSD-3-Clause
/*
 * Counting with one perf_event group per EventSet (pe_ctl.c): start, stop,
 * read, reset and accum.
 *
 * Counts are never reset in the kernel. Each event keeps a baseline (its
 * raw count, and for a leader the group's times enabled and running, at the
 * last start, reset or accum) and a read reports the difference, scaled by
 * the share of that interval the group spent on a counter (exactly:
 * pe_scale). So PAPI_reset needs no system call when the events' mmap
 * pages can be read, PAPI_start is one ENABLE per group (the counts of a
 * disabled group do not move, so the values read at stop are the next
 * start's baseline), and PAPI_accum is one read.
 *
 * Every read tries the pages first (pe_mmap.h) and falls back to read()
 * for the groups they cannot serve. Reads happen without the library lock
 * (core/evset_count.c) and touch only this set's memory.
 */
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>

#include "arch/arch.h"
#include "components/perf_event/pe_ctl.h"
#include "components/perf_event/pe_mmap.h"
#include "core/err.h"
#include "os/os.h"

static int user_ok(const struct papi__cmp_ctl *ctl)
{
	return pe_owner_here(ctl);
}

/*
 * Every read's scratch memory is its own, on its stack (PE_GROUP_WORDS
 * words for a group read, a count per event for a user-space sample):
 * reads are reentrant, so a read in a signal handler leaves the read it
 * interrupted intact, and the state is only read by a read, so another
 * thread may read it at the same time (cmp.h, read).
 */
#define PE_GROUP_WORDS(n) (3 + 2 * (size_t)(n))

/* Read the group led by fd into buf (PE_GROUP_WORDS(ctl->n) words):
 * {nr, enabled, running, {value, id} x nr}. */
static int read_group(const struct papi__cmp_ctl *ctl, int fd,
		      unsigned long long *buf)
{
	size_t len = PE_GROUP_WORDS(ctl->n) * sizeof(*buf);
	long got = papi__os_read(fd, buf, len);

	if (got < 0)
		return papi__err_from_errno((int)got);
	/* End of file: a pinned group the PMU could not take (error state). */
	if (got == 0)
		return PAPI_ECLOST;
	if ((size_t)got < 3 * sizeof(*buf) ||
	    (size_t)got != (3 + 2 * buf[0]) * sizeof(*buf))
		return PAPI_ESYS;
	return PAPI_OK;
}

/*
 * Distribute a group read in b over the events of the group led by
 * ev[l]: values (when not NULL) get each event's count since its baseline,
 * scaled; with rebase the baselines move to the counts read. The kernel
 * lists the leader and then the members in the order they joined, which is
 * set order: the id check is a confirmation and a search only when it
 * fails.
 */
static int fill_group(struct papi__cmp_ctl *ctl, int l,
		      const unsigned long long *b, long long *values,
		      int rebase)
{
	struct pe_evt *L = &ctl->ev[l];
	uint64_t de = b[1] - L->base_en, dr = b[2] - L->base_run;
	int i = l, j, nr = (int)b[0], want = 0;

	/* Only multiplexed groups share counters. The others are pinned
	 * (pe_ctl.c): unequal times there mean a CPU whose PMU they are not
	 * for (hybrid), not a share of the counters to scale up from. */
	if (!ctl->opts.multiplex)
		de = dr;

	for (j = 0; j < nr; j++, i++) {
		if (i >= ctl->n || ctl->ev[i].id != b[4 + 2 * j] ||
		    !in_group(ctl, l, i))
			for (i = l; i < ctl->n; i++)
				if (ctl->ev[i].id == b[4 + 2 * j] &&
				    in_group(ctl, l, i))
					break;
		if (i == ctl->n)
			return PAPI_EBUG;
		if (values)
			values[i] = pe_scale(b[3 + 2 * j] - ctl->ev[i].base, de,
					     dr);
		if (rebase)
			ctl->ev[i].base = b[3 + 2 * j];
	}
	for (i = l; i < ctl->n; i++)
		want += in_group(ctl, l, i);
	if (rebase)
		set_base_times(L, b[1], b[2]);
	return nr == want ? PAPI_OK : PAPI_EBUG;
}

/* One read() of the group led by ev[l], distributed as fill_group does. */
int papi__pe_group_syscall(struct papi__cmp_ctl *ctl, int l, long long *values,
			   int rebase)
{
	unsigned long long buf[PE_GROUP_WORDS(ctl->n)];
	int ret = read_group(ctl, ctl->ev[l].fd, buf);

	return ret == PAPI_OK ? fill_group(ctl, l, buf, values, rebase) : ret;
}

/*
 * The counts of the group led by ev[l], from the pages, into now[] (one
 * per event of the set); the leader's gap (time_enabled - time_running)
 * into *gap. 0, or -1 when some page cannot serve now.
 *
 * Every user-space read of a group, whatever it is for (start, read,
 * reset, accum, stop), goes through this one function. The counters are
 * read one after the other, so a later event has also counted the
 * instructions that read the earlier ones; because those are the same
 * instructions every time, they cancel out of every count since a
 * baseline that was taken here too, and events of one group that count the
 * same thing report the same number (as a read() of the group, which
 * samples every counter at once in the kernel, does).
 */
static __attribute__((noinline)) int
sample_group(const struct papi__cmp_ctl *ctl, int l, uint64_t *now,
	     uint64_t *gap)
{
	const struct pe_evt *e = &ctl->ev[l], *end = ctl->ev + ctl->n;

	if (!e->pg || pe_mmap_count(e->pg, papi__arch_read_pmc, &now[l], gap))
		return -1;
	if (e->solo)
		return 0;
	for (e++; e < end; e++)
		if (!e->leader &&
		    (!e->pg || pe_mmap_count(e->pg, papi__arch_read_pmc,
					     &now[e - ctl->ev], NULL)))
			return -1;
	return 0;
}

/* sample_group for the common set, one group in set order: also stores
 * each count since its baseline into out[i] (unscaled), so that PAPI_read
 * needs no second pass. Used for every user-space read of such a set. */
static __attribute__((noinline)) int
sample_plain(const struct papi__cmp_ctl *ctl, long long *out, uint64_t *now,
	     uint64_t *gap)
{
	const struct pe_evt *e = ctl->ev, *end = e + ctl->n;

	if (pe_mmap_count(e->pg, papi__arch_read_pmc, now, gap))
		return -1;
	*out++ = (long long)(*now - e->base);
	for (e++, now++; e < end; e++, now++) {
		if (pe_mmap_count(e->pg, papi__arch_read_pmc, now, NULL))
			return -1;
		*out++ = (long long)(*now - e->base);
	}
	return 0;
}

/* The group's times now, from the leader's page (cap_user_time): 0 or -1. */
static int group_times(const struct pe_evt *L, uint64_t *en, uint64_t *run)
{
	struct pe_mmap_sample s;

	if (pe_mmap_timed(L->pg, papi__arch_read_pmc, papi__arch_perf_clock,
			  &s))
		return -1;
	*en = s.enabled;
	*run = s.running;
	return 0;
}

/* The group led by ev[l] from the pages, all or nothing: values (when not
 * NULL) get the counts since the baselines, scaled; with rebase the
 * baselines move to now. 0, or -1 when the pages cannot serve (nothing
 * changed then). Unscaled while the leader's gap is the baseline's: the
 * group never left its counters meanwhile. */
static __attribute__((noinline)) int
group_user_pages(struct papi__cmp_ctl *ctl, int l, long long *values,
		 int rebase)
{
	struct pe_evt *e, *L = &ctl->ev[l];
	uint64_t gap, en = 0, run = 0, de = 1, dr = 1, now[ctl->n];
	long long scratch[ctl->n];
	int i;

	/* No page on the leader (not mapped yet, or none): nothing to try. */
	if (!L->pg || !user_ok(ctl))
		return -1;
	/* The one pinned group: through PAPI_read's own function, with no
	 * scaling and no times (pe_direct.c). */
	if (ctl->user_fn) {
		long long *out = values ? values : scratch;

		if (papi__pe_direct_sample(ctl, out))
			return -1;
		for (i = 0; rebase && i < ctl->n; i++)
			ctl->ev[i].base += (uint64_t)out[i];
		/* Written only when it changes: a read writes nothing. */
		if (rebase)
			L->based = 1;
		return 0;
	}
	if (ctl->plain_user ? sample_plain(ctl, scratch, now, &gap) :
			      sample_group(ctl, l, now, &gap))
		return -1;
	/* Pinned groups are never scaled (fill_group) and need no times. */
	if (ctl->opts.multiplex && (rebase || gap != L->base_gap)) {
		if (group_times(L, &en, &run))
			return -1;
		if (gap != L->base_gap) {
			de = en - L->base_en;
			dr = run - L->base_run;
		}
	}
	for (i = l; i < ctl->n; i++) {
		if (!in_group(ctl, l, i))
			continue;
		e = &ctl->ev[i];
		if (values)
			values[i] = pe_scale(now[i] - e->base, de, dr);
		if (rebase)
			e->base = now[i];
	}
	if (rebase && ctl->opts.multiplex)
		set_base_times(L, en, run);
	if (rebase)
		L->based = 1;
	return 0;
}

/* group_user, with the usual answer before the pages are mapped (a start
 * or stop of a set never read while it ran) in the caller: no frame for
 * the arrays above. */
static inline int group_user(struct papi__cmp_ctl *ctl, int l,
			     long long *values, int rebase)
{
	if (!ctl->ev[l].pg)
		return -1;
	return group_user_pages(ctl, l, values, rebase);
}

/* group_sample's other ways: the first user-space read of a running set
 * maps its pages (papi__pe_lazy_map) and tries them; else read(). */
static __attribute__((noinline)) int
group_sample_slow(struct papi__cmp_ctl *ctl, int l, long long *values,
		  int rebase)
{
	if (ctl->unmapped) {
		papi__pe_lazy_map(ctl);
		if (group_user(ctl, l, values, rebase) == 0)
			return PAPI_OK;
	}
	return papi__pe_group_syscall(ctl, l, values, rebase);
}

/* Either way, for the group led by ev[l] (PAPI_reset, PAPI_accum). */
static inline int group_sample(struct papi__cmp_ctl *ctl, int l,
			       long long *values, int rebase)
{
	if (group_user(ctl, l, values, rebase) == 0)
		return PAPI_OK;
	return group_sample_slow(ctl, l, values, rebase);
}

/* Apply one group ioctl to the leaders before position n. */
static int leaders_ioctl(struct papi__cmp_ctl *ctl, int n, unsigned long req)
{
	int i, ret;

	for (i = 0; i < n; i++) {
		if (!ctl->ev[i].leader)
			continue;
		ret = papi__os_ioctl(ctl->ev[i].fd, req, PE_IOC_LEADER);
		if (ret < 0)
			return papi__err_from_errno(ret);
	}
	return PAPI_OK;
}

/* Will the pages serve the one group once mapped? Every event may have
 * one (pe_direct.c arms PAPI_read's first read for them). */
static int pages_to_come(const struct papi__cmp_ctl *ctl)
{
	int i;

	if (!ctl->unmapped || !ctl->user_read)
		return 0;
	for (i = 0; i < ctl->n; i++)
		if (!ctl->ev[i].pg && !ctl->ev[i].mappable)
			return 0;
	return 1;
}

/* Work out the plan (pe_ctl.h) from the events and pages as they are. */
static void plan_events(struct papi__cmp_ctl *ctl)
{
	int i, plain = !ctl->ev[0].solo, pages = ctl->user_read, sampling = 0,
	       paged = 0;

	for (i = 0; i < ctl->n; i++) {
		plain = plain && (i == 0 || !ctl->ev[i].leader);
		pages = pages && ctl->ev[i].pg;
		paged = paged || ctl->ev[i].pg;
		sampling = sampling || ctl->ev[i].period;
	}
	ctl->plain = plain;
	ctl->paged = paged;
	ctl->plain_user = plain && pages;
	ctl->to_come = plain && pages_to_come(ctl);
	ctl->sampling = sampling;
	ctl->rlen = PE_GROUP_WORDS(ctl->n) * sizeof(unsigned long long);
	ctl->planned = 1;
}

/* At start: the plan, worked out again only if the events changed since
 * the last (a start pays for every instruction it runs: issue 20). All of
 * it comes before the ENABLE, so that what the counters count of a start
 * is the same every time. */
static void plan(struct papi__cmp_ctl *ctl)
{
	if (!ctl->planned)
		plan_events(ctl);
	ctl->fast_owner = PE_NO_OWNER;
	/* A set that samples has its pages from the start: a read in its
	 * overflow handler then maps nothing. */
	if (ctl->sampling && ctl->unmapped) {
		papi__pe_map_pages(ctl);
		plan_events(ctl);
	}
}

/* PAPI_read's common case, for the owner: from now on while the set runs
 * when the pages serve its one group. */
static void own_fast(struct papi__cmp_ctl *ctl)
{
	if (ctl->plain_user && ctl->owner && ctl->owner != PE_NO_OWNER)
		ctl->fast_owner = ctl->owner;
}

/*
 * The pages of a set are mapped by the first user-space read of it while
 * it runs (PAPI_read, PAPI_read_ts, PAPI_accum, PAPI_reset), by its owner,
 * and stay. The baselines are those of the start, from the read() that
 * last stopped the group (or checked it at add), which counts what the
 * pages count: so the reads are right at once. Until a start or reset
 * takes the baselines from the pages too, a later event of the group has
 * also counted the instructions that read the earlier ones in this read
 * (the cancelling of sample_group needs both ends sampled alike): events
 * that count the same thing may differ by those few instructions. Only
 * the owner maps, and only its own reads use the pages: another thread's
 * read of the set finds nothing here it would use before it is ready.
 */
void papi__pe_lazy_map(struct papi__cmp_ctl *ctl)
{
	if (!ctl->unmapped || ctl->mapping || !ctl->running || !user_ok(ctl))
		return;
	ctl->mapping = 1;
	papi__pe_map_pages(ctl);
	plan_events(ctl);
	papi__pe_direct_plan(ctl);
	own_fast(ctl);
	ctl->mapping = 0;
}

/* One ENABLE per group; a group whose counts moved since its baseline was
 * taken (it was stopped by a user-space read, which the disable then
 * outran) takes a new one right away. */
int papi__pe_start(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int i, n, ret = PAPI_OK;

	if (ctl->n == 0)
		return PAPI_EINVAL;
	plan(ctl);
	n = ctl->plain ? 1 : ctl->n; /* the leaders are among the first n */
	for (i = 0; i < n && ret == PAPI_OK; i++)
		if (ctl->ev[i].leader &&
		    (ret = papi__os_ioctl(ctl->ev[i].fd, PERF_EVENT_IOC_ENABLE,
					  PE_IOC_LEADER)) < 0)
			ret = papi__err_from_errno(ret);
	if (ret == PAPI_OK)
		papi__pe_direct_plan(ctl);
	/* Where the pages serve, every group takes its baseline from them,
	 * so that reads (from the pages too) cancel the reading itself out
	 * (sample_group); elsewhere only the stale ones need one: a set not
	 * read since its pages would be mapped has its baselines from the
	 * read() of its last stop (or of the check at add). */
	for (i = 0; ctl->paged && i < n && ret == PAPI_OK; i++)
		if (ctl->ev[i].leader && group_user(ctl, i, NULL, 1) &&
		    !ctl->ev[i].based)
			ret = papi__pe_group_syscall(ctl, i, NULL, 1);
	if (ret != PAPI_OK) {
		/* Leave the set as it was: stopped. */
		leaders_ioctl(ctl, ctl->n, PERF_EVENT_IOC_DISABLE);
		return ret;
	}
	ctl->running = 1;
	ctl->sampling_off = 0; /* overflow: the handler may re-arm */
	if (ctl->sampling)
		papi__pe_arm_sampling(ctl);
	own_fast(ctl);
	return PAPI_OK;
}

/* A read() of a plain set's group that did not return its ctl->rlen
 * bytes: end of file is a pinned group the PMU could not take (error
 * state), a short read a group not as the set has it. */
static int plain_read_error(long got)
{
	return got < 0 ? papi__err_from_errno((int)got)
	       : got == 0 ? PAPI_ECLOST
			  : PAPI_ESYS;
}

/* The counts of the group led by ev[l] just stopped, in out, also into
 * the stash, for a read of the stopped set. */
static void stash_group(struct papi__cmp_ctl *ctl, int l, const long long *out)
{
	int i;

	if (out == ctl->stash)
		return;
	for (i = l; i < ctl->n; i++)
		if (in_group(ctl, l, i))
			ctl->stash[i] = out[i];
}

/* The read() that stops the group led by ev[l], into out and the stash,
 * with new baselines. */
static int stop_group_syscall(struct papi__cmp_ctl *ctl, int l, long long *out)
{
	int ret = papi__pe_group_syscall(ctl, l, out, 1);

	if (ret == PAPI_OK)
		stash_group(ctl, l, out);
	return ret;
}

/* The read() that stops a plain set (one group in set order, pinned, so
 * never scaled: plan), into out and the stash with new baselines:
 * fill_group's work without its search and second pass, which it still
 * does should the kernel list anything else. */
static __attribute__((noinline)) int
stop_plain_syscall(struct papi__cmp_ctl *ctl, long long *out)
{
	unsigned long long buf[PE_GROUP_WORDS(ctl->n)];
	struct pe_evt *e = ctl->ev;
	long long *stash = ctl->stash;
	long got = papi__os_read(e->fd, buf, ctl->rlen);
	int i, ret, n = ctl->n;

	if (got != (long)ctl->rlen)
		return plain_read_error(got);
	/* The counts out first, the baselines moved only once every id has
	 * been seen where it is expected. */
	i = 0;
	if (buf[0] == (unsigned long long)n)
		for (; i < n; i++) {
			if (e[i].id != buf[4 + 2 * i])
				break;
			out[i] = stash[i] =
				(long long)(buf[3 + 2 * i] - e[i].base);
		}
	if (i < n) {
		ret = fill_group(ctl, 0, buf, out, 1);
		if (ret == PAPI_OK)
			stash_group(ctl, 0, out);
		return ret;
	}
	for (i = 0; i < n; i++)
		e[i].base = buf[3 + 2 * i];
	set_base_times(e, buf[1], buf[2]);
	return PAPI_OK;
}

/* Per group: read in user space and then disable (one system call; the
 * next start takes a new baseline), or disable and then read() (two; the
 * counts read are the next start's baseline). The final counts go to out
 * and wait in the stash too, for a read of the stopped set. */
static int stop_into(struct papi__cmp_ctl *ctl, long long *out)
{
	int i, fd, ret, n = ctl->plain ? 1 : ctl->n;

	ctl->sampling_off = 1; /* overflow: no re-arming from here on */
	for (i = 0; i < n; i++) {
		if (!ctl->ev[i].leader)
			continue;
		fd = ctl->ev[i].fd;
		if (group_user(ctl, i, out, 0) == 0) {
			ret = papi__os_ioctl(fd, PERF_EVENT_IOC_DISABLE,
					     PE_IOC_LEADER);
			if (ret < 0)
				return papi__err_from_errno(ret);
			ctl->ev[i].based = 0;
			stash_group(ctl, i, out);
			continue;
		}
		ret = papi__os_ioctl(fd, PERF_EVENT_IOC_DISABLE,
				     PE_IOC_LEADER);
		if (ret < 0)
			return papi__err_from_errno(ret);
		ret = ctl->plain && !ctl->opts.multiplex
			      ? stop_plain_syscall(ctl, out)
			      : stop_group_syscall(ctl, i, out);
		if (ret != PAPI_OK)
			return ret;
	}
	ctl->running = 0;
	ctl->fast_owner = PE_NO_OWNER;
	ctl->user_fn = NULL;
	return PAPI_OK;
}

int papi__pe_stop(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	(void)self;
	return stop_into(ctl, ctl->stash);
}

/* PAPI_stop of the owner's set: the final counts straight into the core's
 * array, not through the stash and a read (issue 20). */
int papi__pe_stop_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		       long long *values)
{
	(void)self;
	return stop_into(ctl, values);
}

/* A stop by another thread than the one that may be reading the set
 * without the lock (cmp.h, halt): the DISABLEs alone, writing nothing a
 * read reads. The state is only read and destroyed after this (the core
 * carries on with a copy), so running, the stash and the baselines stay
 * as they are, and a read still reads the groups, now frozen. */
int papi__pe_halt(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int i, ret;

	(void)self;
	/* Overflow: the handler of that thread must not re-enable a sampling
	 * leader after the DISABLE (pe_overflow.c). */
	__atomic_store_n(&ctl->sampling_off, 1, __ATOMIC_RELAXED);
	for (i = 0; i < ctl->n; i++) {
		if (!ctl->ev[i].leader)
			continue;
		ret = papi__os_ioctl(ctl->ev[i].fd, PERF_EVENT_IOC_DISABLE,
				     PE_IOC_LEADER);
		if (ret < 0)
			return papi__err_from_errno(ret);
	}
	return PAPI_OK;
}

int papi__pe_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl)
{
	int i, ret;

	for (i = 0; i < ctl->n; i++)
		if (ctl->ev[i].leader &&
		    (ret = group_sample(ctl, i, NULL, 1)) != PAPI_OK)
			return ret;
	return PAPI_OK;
}

int papi__pe_read_reset(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			long long *values)
{
	int i, ret;

	for (i = 0; i < ctl->n; i++)
		if (ctl->ev[i].leader &&
		    (ret = group_sample(ctl, i, values, 1)) != PAPI_OK)
			return ret;
	return PAPI_OK;
}

/* PAPI_read of a set of several groups (solo events, multiplexing): each
 * group from its pages, or with read() where they cannot serve. */
static int read_user(struct papi__cmp_ctl *ctl, long long *values)
{
	int i, ret;

	for (i = 0; i < ctl->n; i++) {
		if (!ctl->ev[i].leader || group_user(ctl, i, values, 0) == 0)
			continue;
		ret = papi__pe_group_syscall(ctl, i, values, 0);
		if (ret != PAPI_OK)
			return ret;
	}
	return PAPI_OK;
}

/*
 * The common set: one group, in set order (no solo events), so ev[i] is
 * values[i] and the kernel's i-th value; pinned, so never scaled (see
 * fill_group, which also checks the ids).
 */
static int fill_plain(struct papi__cmp_ctl *ctl, const unsigned long long *b,
		      long long *values)
{
	const struct pe_evt *e = ctl->ev;
	int i;

	for (i = 0; i < ctl->n; i++, e++) {
		if (e->id != b[4 + 2 * i])
			return fill_group(ctl, 0, b, values, 0);
		values[i] = (long long)(b[3 + 2 * i] - e->base);
	}
	return PAPI_OK;
}

static __attribute__((noinline)) int
read_plain_syscall(struct papi__cmp_ctl *ctl, long long *values)
{
	unsigned long long buf[PE_GROUP_WORDS(ctl->n)];
	long got = papi__os_read(ctl->ev[0].fd, buf, ctl->rlen);

	if (got != (long)ctl->rlen)
		return plain_read_error(got);
	return fill_plain(ctl, buf, values);
}

/* The common case: the one group read from its pages, never descheduled
 * since its baseline (unchanged gap), so no scaling. Other cases go to
 * the general paths. */
static int read_plain_user(struct papi__cmp_ctl *ctl, long long *values)
{
	uint64_t gap, now[ctl->n];

	if (ctl->user_fn)
		return papi__pe_direct_sample(ctl, values)
			       ? read_plain_syscall(ctl, values)
			       : PAPI_OK;
	if (sample_plain(ctl, values, now, &gap))
		return read_plain_syscall(ctl, values);
	if (gap != ctl->ev[0].base_gap)
		return read_user(ctl, values);
	return PAPI_OK;
}

static __attribute__((noinline)) int read_mixed(struct papi__cmp_ctl *ctl,
						long long *values)
{
	int i, ret;

	if (user_ok(ctl))
		return read_user(ctl, values);
	for (i = 0; i < ctl->n; i++)
		if (ctl->ev[i].leader &&
		    (ret = papi__pe_group_syscall(ctl, i, values, 0)) !=
			    PAPI_OK)
			return ret;
	return PAPI_OK;
}

/* Every path but the common one: a stopped set (its values at stop), the
 * first read of the owner (which maps the pages), a read() of the one
 * group, or a set of several groups. */
static __attribute__((noinline)) int read_other(struct papi__cmp_ctl *ctl,
						long long *values)
{
	if (!ctl->running) {
		memcpy(values, ctl->stash, (size_t)ctl->n * sizeof(*values));
		return PAPI_OK;
	}
	if (ctl->unmapped) {
		papi__pe_lazy_map(ctl);
		if (ctl->fast_owner == papi__arch_thread_pointer())
			return read_plain_user(ctl, values);
	}
	if (ctl->plain)
		return read_plain_syscall(ctl, values);
	return read_mixed(ctl, values);
}

/* PAPI_read: one test for the common case, "called by the thread whose
 * counters these are, with the pages able to serve the one group"
 * (fast_owner is set only then), in the process that mapped them (a fork
 * child's thread may have the same thread pointer). */
int papi__pe_read(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
		  long long *values)
{
	if (ctl->fast_owner == papi__arch_thread_pointer() &&
	    ctl->gen == papi__pe_fork_gen)
		return read_plain_user(ctl, values);
	return read_other(ctl, values);
}
