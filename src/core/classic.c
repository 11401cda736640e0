// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI 5's classic high-level API, on one internal EventSet per thread
 * (see classic.h for the semantics and what PAPI_num_counters answers).
 */
#include "core/classic.h"

#include <stdlib.h>
#include <string.h>

#include "core/evset.h"
#include "core/lib.h"
#include "os/os.h"

int papi__classic_self(struct papi__classic **out)
{
	struct papi__thread *t;
	struct papi__classic *c;
	int ret;

	/* PAPI 5: every classic call initializes the library if needed. */
	if (!papi__lib_is_init() && (ret = papi__lib_init()) != PAPI_OK)
		return ret;
	t = papi__thread_self();
	if (!t)
		return PAPI_ENOMEM;
	c = t->classic;
	if (!c) {
		c = calloc(1, sizeof(*c));
		if (!c)
			return PAPI_ENOMEM;
		c->evset = PAPI_NULL;
		t->classic = c;
	}
	*out = c;
	return PAPI_OK;
}

/* The EventSet exists only while something is measured, so a program
 * that counts on its own first EventSet being 0 (PAPI 5's made its set at
 * the first classic call and kept it) sees no set it did not make. */
static void drop_set(struct papi__classic *c)
{
	papi__evset_cleanup(c->evset);
	papi__evset_destroy(c->evset);
	c->evset = PAPI_NULL;
}

int papi__classic_begin(struct papi__classic *c, int mode, const int *events,
			int n)
{
	int i, ret = papi__evset_create(&c->evset);

	for (i = 0; ret == PAPI_OK && i < n; i++)
		ret = papi__evset_add(c->evset, events[i]);
	if (ret == PAPI_OK)
		ret = papi__evset_start(c->evset);
	if (ret != PAPI_OK) {
		if (c->evset != PAPI_NULL)
			drop_set(c);
		return ret;
	}
	c->mode = mode;
	c->nevents = n;
	memset(c->events, 0, sizeof(c->events));
	memcpy(c->events, events,
	       (size_t)(n < 3 ? n : 3) * sizeof(*events));
	c->total = 0;
	c->real0_ns = c->real_ns = papi__os_real_nsec();
	c->virt0_ns = c->virt_ns = papi__os_virt_nsec();
	return PAPI_OK;
}

int papi__classic_end(struct papi__classic *c, long long *values)
{
	int ret = papi__evset_stop(c->evset, values);

	/* ENOTRUN: stopped behind our back (PAPI_stop on a guessed id);
	 * the state still ends here. */
	if (ret == PAPI_OK || ret == PAPI_ENOTRUN) {
		drop_set(c);
		c->mode = PAPI__SIMPLE_OFF;
		c->nevents = 0;
	}
	return ret;
}

void papi__classic_thread_exit(void *state)
{
	struct papi__classic *c = state;

	/* A set is only there while something is measured: the thread is
	 * gone, and with it what it measured. */
	if (c->evset != PAPI_NULL) {
		papi__evset_stop(c->evset, NULL);
		drop_set(c);
	}
}

int papi__classic_start_counters(const int *events, int n)
{
	struct papi__classic *c;
	int ret = papi__classic_self(&c);

	if (ret != PAPI_OK)
		return ret;
	if (c->mode != PAPI__SIMPLE_OFF)
		return PAPI_EISRUN;
	return papi__classic_begin(c, PAPI__SIMPLE_COUNTERS, events, n);
}

int papi__classic_read_counters(long long *values, int n, int accum)
{
	struct papi__classic *c;
	int ret = papi__classic_self(&c);

	if (ret != PAPI_OK)
		return ret;
	/* PAPI 5 answered PAPI_EINVAL when the counters were not started
	 * by PAPI_start_counters, and for too short an array. */
	if (c->mode != PAPI__SIMPLE_COUNTERS || n < c->nevents)
		return PAPI_EINVAL;
	/* Read and reset under one lock: a copy is an accumulation into
	 * zeros. */
	if (!accum)
		memset(values, 0, (size_t)c->nevents * sizeof(*values));
	return papi__evset_accum(c->evset, values);
}

int papi__classic_stop_counters(long long *values, int n)
{
	struct papi__classic *c;
	int ret = papi__classic_self(&c);

	if (ret != PAPI_OK)
		return ret;
	if (c->mode == PAPI__SIMPLE_OFF)
		return PAPI_ENOTRUN;
	if (c->mode != PAPI__SIMPLE_COUNTERS)
		/* PAPI 5 stopped PAPI_flops & co. too; their counts are not
		 * the caller's values. */
		return papi__classic_end(c, NULL);
	if (!values || n < c->nevents)
		return PAPI_EINVAL;
	return papi__classic_end(c, values);
}

int papi__classic_num_counters(void)
{
	int ret = PAPI_OK;

	if (!papi__lib_is_init())
		ret = papi__lib_init();
	if (ret != PAPI_OK)
		return ret;
	papi__lib_info_fill(0, PAPI__INFO_COUNTERS);
	return papi__lib.ncmp > 0 ? papi__lib.cmp[0].info.num_cntrs : 0;
}

int papi__classic_flops5(int flops, float *rtime, float *ptime,
			 long long *count, float *rate)
{
	int event = flops ? PAPI_FP_OPS : PAPI_FP_INS;
	int mode = flops ? PAPI__SIMPLE_FLOPS5 : PAPI__SIMPLE_FLIPS5;
	struct papi__classic *c;
	long long v = 0, rt, pt;
	int ret = papi__classic_self(&c);

	if (ret != PAPI_OK)
		return ret;
	if (c->mode != PAPI__SIMPLE_OFF && c->mode != mode)
		return PAPI_EINVAL;
	if (c->mode == PAPI__SIMPLE_OFF) {
		ret = papi__classic_begin(c, mode, &event, 1);
		if (ret == PAPI_OK) {
			*rtime = *ptime = *rate = 0;
			*count = 0;
		}
		return ret;
	}
	ret = papi__evset_accum(c->evset, &v); /* read and reset */
	if (ret != PAPI_OK)
		return ret;
	rt = papi__os_real_nsec();
	pt = papi__os_virt_nsec();
	c->total += v;
	*rtime = (float)((double)(rt - c->real0_ns) * 1e-9);
	*ptime = (float)((double)(pt - c->virt0_ns) * 1e-9);
	*count = c->total;
	/* Operations per microsecond are millions per second. */
	*rate = pt > c->virt_ns ? (float)((double)v * 1e3 /
					 (double)(pt - c->virt_ns))
				: 0;
	c->real_ns = rt;
	c->virt_ns = pt;
	return PAPI_OK;
}
