// SPDX-License-Identifier: BSD-3-Clause
/*
 * Overflow of created counters, the way hardware counters overflow:
 * PAPI_overflow (PAPI_OVERFLOW_HARDWARE) on a created counter arms it in
 * libsde at PAPI_start; papi_sde_inc_counter, in whatever thread passes
 * a multiple of the threshold, calls papi_sde_check_overflow_status,
 * which queues the overflow signal (SIGRTMIN + 2, perf_event's) to the
 * thread that started the set. The core's handler there asks each
 * component for the position that overflowed (overflow_pos) and calls
 * the user's handler: one call per crossing, none lost, and in the
 * incrementing thread itself before papi_sde_inc_counter returns.
 *
 * Which position: the signal is queued with POLL_IN and an si_fd that
 * is no file descriptor (a mark), which no perf_event fd matches; a
 * pending count per armed counter says which. The armed
 * table is static memory, so the incrementing thread never touches an
 * EventSet that another thread may be destroying. Other counters
 * (registered variables, callbacks) have no increment to hook: they
 * overflow with PAPI_OVERFLOW_FORCE_SW, the core's timer.
 */
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "components/sde/sde_cmp.h"
#include "os/os.h"
#include "sde_lib.h"

/* si_value of our signals: not a file descriptor. */
#define SDE_SIG_MARK (-0x5de)

static struct {
	int used;
	uint32_t id;
	const struct papi__cmp_ctl *ctl;
	int pos;
	int tid;
	unsigned int pending;
} armed[PAPI__OVF_SDE_MAX];

int papi__sde_set_overflow(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			   int pos, long long threshold)
{
	const struct papi_sde__ti *t = papi__sde_ti();
	struct papi_sde__info in;

	if (pos < 0 || pos >= ctl->n || threshold < 0)
		return PAPI_EINVAL;
	if (threshold > 0 && t && t->info(ctl->e[pos].id, &in) == SDE_OK &&
	    (in.flags & PAPI_SDE__LISTED) && !(in.flags & PAPI_SDE__CREATED))
		return PAPI_ECMP; /* no increment to watch: FORCE_SW */
	ctl->e[pos].threshold = threshold;
	return PAPI_OK;
}

void papi__sde_ovf_disarm(struct papi__cmp_ctl *ctl)
{
	const struct papi_sde__ti *t = papi__sde_ti();
	int k;

	for (k = 0; k < PAPI__OVF_SDE_MAX; k++)
		if (__atomic_load_n(&armed[k].used, __ATOMIC_ACQUIRE) &&
		    armed[k].ctl == ctl) {
			if (t)
				t->arm(armed[k].id, 0, 0);
			__atomic_store_n(&armed[k].used, 0, __ATOMIC_RELEASE);
		}
}

/* With the library lock (PAPI_start). */
int papi__sde_ovf_arm(struct papi__cmp_ctl *ctl)
{
	const struct papi_sde__ti *t = papi__sde_ti();
	long long now;
	int i, k;

	papi__sde_ovf_disarm(ctl);
	for (i = 0; i < ctl->n; i++) {
		if (ctl->e[i].threshold <= 0)
			continue;
		for (k = 0; k < PAPI__OVF_SDE_MAX; k++)
			if (!__atomic_load_n(&armed[k].used, __ATOMIC_ACQUIRE))
				break;
		if (k == PAPI__OVF_SDE_MAX || !t)
			return PAPI_ECNFLCT;
		armed[k].id = ctl->e[i].id;
		armed[k].ctl = ctl;
		armed[k].pos = i;
		armed[k].tid = papi__os_gettid();
		__atomic_store_n(&armed[k].pending, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&armed[k].used, 1, __ATOMIC_RELEASE);
		now = 0;
		t->read(ctl->e[i].id, &now);
		if (t->arm(ctl->e[i].id, ctl->e[i].threshold, now) != SDE_OK)
			return PAPI_ECMP;
	}
	return PAPI_OK;
}

/* In the signal handler: the position whose overflow this signal is. */
int papi__sde_overflow_pos(struct papi__cmp *self,
			   const struct papi__cmp_ctl *ctl, int fd)
{
	unsigned int p;
	int k;

	if (fd != SDE_SIG_MARK)
		return -1;
	for (k = 0; k < PAPI__OVF_SDE_MAX; k++) {
		if (!__atomic_load_n(&armed[k].used, __ATOMIC_ACQUIRE) ||
		    armed[k].ctl != ctl)
			continue;
		p = __atomic_load_n(&armed[k].pending, __ATOMIC_RELAXED);
		while (p && !__atomic_compare_exchange_n(&armed[k].pending, &p,
							 p - 1, 0,
							 __ATOMIC_RELAXED,
							 __ATOMIC_RELAXED))
			;
		if (p)
			return armed[k].pos;
	}
	return -1;
}

__attribute__((visibility("default"))) void
papi_sde_check_overflow_status(uint32_t cntr_uniq_id, long long latest)
{
	siginfo_t si;
	int k, sig = papi__os_rt_signal(2);

	(void)latest;
	for (k = 0; k < PAPI__OVF_SDE_MAX; k++) {
		if (!__atomic_load_n(&armed[k].used, __ATOMIC_ACQUIRE) ||
		    armed[k].id != cntr_uniq_id)
			continue;
		__atomic_add_fetch(&armed[k].pending, 1, __ATOMIC_RELAXED);
		/* Shaped as a perf fd's overflow (POLL_IN, an fd), which is
		 * what the core's handler accepts; the kernel lets a process
		 * queue such a code to its own threads. */
		memset(&si, 0, sizeof(si));
		si.si_signo = sig;
		si.si_code = POLL_IN;
		si.si_fd = SDE_SIG_MARK;
		/* The os layer has no queued signal to a thread; the one
		 * system call is made here. */
		if (syscall(SYS_rt_tgsigqueueinfo, getpid(), armed[k].tid, sig,
			    &si) != 0)
			__atomic_sub_fetch(&armed[k].pending, 1,
					   __ATOMIC_RELAXED);
	}
}

/* PAPI 7.0's libsde asks libpapi for a timer when a counter without
 * increments (a registered variable) is set to overflow. Ours never
 * does: such counters overflow with PAPI_OVERFLOW_FORCE_SW, the core's
 * per-thread timer. Kept for programs that call it: PAPI_ECMP. */
__attribute__((visibility("default"))) int papi_sde_set_timer_for_overflow(void)
{
	return PAPI_ECMP;
}
