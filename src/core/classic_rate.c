// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI 7's rate calls on the thread's internal EventSet (classic.h). The
 * first call sets the events up and starts them; each later call reads and
 * resets them, so every figure covers the time since the latest call.
 * Another rate call (or another event) starts over, as a first call; a
 * PAPI 5 classic measurement that runs makes them fail with PAPI_EINVAL.
 */
#include <string.h>

#include "core/classic.h"
#include "core/event.h"
#include "core/evset.h"
#include "core/hl.h"
#include "core/lib.h"
#include "os/os.h"

/* The events of a rate call: PAPI_ENOEVNT for an event it does not take. */
static int rate_events(int kind, int event, int *ev, int *n)
{
	*n = 1;
	ev[0] = event;
	switch (kind) {
	case PAPI__RATE_FLIPS:
		return event == PAPI_FP_INS || event == PAPI_VEC_SP ||
				       event == PAPI_VEC_DP
			       ? PAPI_OK
			       : PAPI_ENOEVNT;
	case PAPI__RATE_FLOPS:
		return event == PAPI_FP_OPS || event == PAPI_SP_OPS ||
				       event == PAPI_DP_OPS
			       ? PAPI_OK
			       : PAPI_ENOEVNT;
	case PAPI__RATE_IPC:
		ev[0] = PAPI_TOT_INS;
		ev[1] = PAPI_TOT_CYC;
		*n = 2;
		return PAPI_OK;
	case PAPI__RATE_EPC:
		/* The event (PAPI_TOT_INS by default), core cycles, and
		 * reference cycles where they exist. */
		ev[0] = event ? event : PAPI_TOT_INS;
		ev[1] = PAPI_TOT_CYC;
		ev[2] = PAPI_REF_CYC;
		*n = papi__event_query(PAPI_REF_CYC) == PAPI_OK ? 3 : 2;
		return PAPI_OK;
	}
	return PAPI_EINVAL;
}

static void zero(const struct papi__rate_out *o)
{
	*o->rtime = *o->ptime = *o->rate = 0;
	*o->count = 0;
	if (o->ref)
		*o->ref = 0;
	if (o->core)
		*o->core = 0;
}

static int first_call(struct papi__classic *c, int kind, const int *ev,
		      int n, const struct papi__rate_out *o)
{
	int ret = papi__classic_begin(c, PAPI__SIMPLE_RATE, ev, n);

	if (ret != PAPI_OK)
		return ret;
	c->kind = kind;
	zero(o);
	return PAPI_OK;
}

static void figures(struct papi__classic *c, const long long *v,
		    const struct papi__rate_out *o)
{
	long long rt = papi__os_real_nsec(), pt = papi__os_virt_nsec();
	double dp = (double)(pt - c->virt_ns);

	*o->rtime = (float)((double)(rt - c->real_ns) * 1e-9);
	*o->ptime = (float)(dp * 1e-9);
	*o->count = v[0];
	switch (c->kind) {
	case PAPI__RATE_FLIPS:
	case PAPI__RATE_FLOPS:
		/* Per microsecond of process time: millions per second. */
		*o->rate = dp > 0 ? (float)((double)v[0] * 1e3 / dp) : 0;
		break;
	default: /* IPC and EPC: events per core cycle */
		*o->rate = v[1] ? (float)((double)v[0] / (double)v[1]) : 0;
		break;
	}
	if (c->kind == PAPI__RATE_EPC) {
		*o->core = v[1];
		*o->ref = c->nevents == 3 ? v[2] : 0;
	}
	c->real_ns = rt;
	c->virt_ns = pt;
}

int papi__rate_call(int kind, int event, const struct papi__rate_out *o)
{
	struct papi__classic *c;
	long long v[3] = { 0, 0, 0 };
	int ev[3], n, ret;

	ret = rate_events(kind, event, ev, &n);
	if (ret == PAPI_OK)
		ret = papi__classic_self(&c);
	/* PAPI 7: a rate call takes the counters over from this thread's
	 * high-level regions. */
	if (ret == PAPI_OK && papi__hl_running())
		ret = papi__hl_stop();
	if (ret != PAPI_OK)
		return ret;
	if (c->mode != PAPI__SIMPLE_OFF && c->mode != PAPI__SIMPLE_RATE)
		return PAPI_EINVAL;
	if (c->mode == PAPI__SIMPLE_RATE &&
	    (c->kind != kind || c->nevents != n ||
	     memcmp(c->events, ev, (size_t)n * sizeof(*ev))) &&
	    (ret = papi__classic_end(c, NULL)) != PAPI_OK)
		return ret;
	if (c->mode == PAPI__SIMPLE_OFF)
		return first_call(c, kind, ev, n, o);
	ret = papi__evset_accum(c->evset, v); /* read and reset */
	if (ret == PAPI_OK)
		figures(c, v, o);
	return ret;
}

/* The thread's state, without making one. */
static struct papi__classic *self_if_any(void)
{
	struct papi__thread *t;

	if (!papi__lib_is_init())
		return NULL;
	t = papi__thread_self();
	return t ? t->classic : NULL;
}

int papi__rate_stop(void)
{
	struct papi__classic *c = self_if_any();

	if (!c || c->mode != PAPI__SIMPLE_RATE)
		return PAPI_ENOEVNT;
	return papi__classic_end(c, NULL);
}

int papi__rate_stop_running(void)
{
	struct papi__classic *c = self_if_any();

	if (!c || c->mode != PAPI__SIMPLE_RATE)
		return PAPI_OK;
	return papi__classic_end(c, NULL);
}
