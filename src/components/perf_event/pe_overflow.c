// SPDX-License-Identifier: BSD-3-Clause
/*
 * The perf_event component's part of the overflow signal handler
 * (core/overflow.c): which event of a set raised the signal. Runs in the
 * handler, so it reads only the set's control state, which does not change
 * while the set runs, and calls nothing (GUIDE rule 13).
 */
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
 * One signal in flight per event, as PAPI 7 keeps it: the first refresh
 * sets the event's overflow limit to 1, so from then on the kernel
 * disables the event at each overflow, and this refresh, after the user's
 * handler has run, enables it for one more. Without it a handler slower
 * than the sample period (the period of the clock events counts the
 * handler's own time) queues signals until the realtime queue is full and
 * the kernel falls back to SIGIO, which kills the process. The event does
 * not count from its overflow to the refresh, as in PAPI 7.
 */
/* async-signal-safe */
void papi__pe_overflow_rearm(struct papi__cmp *self, struct papi__cmp_ctl *ctl,
			     int pos)
{
	(void)self;
	if (ctl->sampling_off || pos < 0 || pos >= ctl->n)
		return;
	papi__os_ioctl(ctl->ev[pos].fd, PERF_EVENT_IOC_REFRESH, 1);
}
