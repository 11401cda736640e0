// SPDX-License-Identifier: BSD-3-Clause
/*
 * The perf_event component's part of the overflow signal handler
 * (core/overflow.c): which event of a set raised the signal, and letting
 * it signal again. Runs in the handler, so it reads only the set's control
 * state, which does not change while the set runs, and makes one system
 * call, ioctl, which is async-signal-safe (GUIDE rule 13).
 */
#include <signal.h>
#include <sys/ioctl.h>

#include "components/perf_event/pe_ctl.h"
#include "os/os.h"

/* async-signal-safe */
int papi__pe_overflow_pos(struct papi__cmp *self,
			  const struct papi__cmp_ctl *ctl, int fd)
{
	int i;

	(void)self;
	for (i = 0; i < ctl->n; i++)
		if (ctl->ev[i].fd == fd && ctl->ev[i].period)
			return i;
	return -1;
}

/*
 * One signal in flight per event, as PAPI 7 means to keep it: the event's
 * kernel overflow limit is 1, so the kernel disables the event at its
 * overflow (and says POLL_HUP), and this refresh, after the user's handler
 * has run, adds one to the limit and enables the event again. Without a
 * limit, a handler slower than the sample period (the clock events count
 * the handler's own time) queues signals until the realtime queue is full
 * and the kernel falls back to SIGIO, which kills the process; with a
 * limit above 1 the timer keeps interrupting the handler (a 10 us period
 * cost twice as much per sample). A refresh only adds, so armed says
 * whether the limit is 1 (papi__pe_arm_sampling sets it at PAPI_start):
 * POLL_HUP means it reached 0, and POLL_IN without armed means there was
 * none yet (an overflow between the start's ENABLE and its refresh); both
 * get a refresh. The event does not count from its overflow to the
 * refresh, as in PAPI 7.
 */
/* async-signal-safe */
void papi__pe_overflow_rearm(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			     int pos, int code)
{
	struct pe_evt *e;

	(void)self;
	if (pos < 0 || pos >= ctl->n)
		return;
	e = &ctl->ev[pos];
	if (code != POLL_HUP && !(code == POLL_IN && !e->armed))
		return;
	/* Stopping: the next start refreshes (re-enabling here would undo
	 * the stop's DISABLE of a sampling leader). */
	if (__atomic_load_n(&ctl->sampling_off, __ATOMIC_RELAXED))
		e->armed = 0;
	else
		e->armed = papi__os_ioctl(e->fd, PERF_EVENT_IOC_REFRESH, 1) == 0;
}
