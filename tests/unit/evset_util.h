/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_UNIT_EVSET_UTIL_H
#define PAPI_TESTS_UNIT_EVSET_UTIL_H
/*
 * What the EventSet unit tests (test_evset.c, test_evset_groups.c) share:
 * event names, perf types, sets made and dropped with a leak check, and a
 * snapshot of a set that a failed call must leave as it was.
 */
#include <string.h>

#include "core/lib.h"
#include "fake_os.h"
#include "papi.h"
#include "unit.h"

#define TASK "perf::TASK-CLOCK"
#define CS "perf::CONTEXT-SWITCHES"
#define PF "perf::PERF_COUNT_SW_PAGE_FAULTS"
#define CYC "perf::PERF_COUNT_HW_CPU_CYCLES"
#define INS "perf::PERF_COUNT_HW_INSTRUCTIONS"

#define SW 1 /* PERF_TYPE_SOFTWARE */
#define HWT 0 /* PERF_TYPE_HARDWARE */
#define CACHE 3 /* PERF_TYPE_HW_CACHE */

#define RF_ALL                                                                 \
	(PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | \
	 PERF_FORMAT_TOTAL_TIME_RUNNING)

#define MAXFD 64

static inline int code(const char *name)
{
	int c = 0, ret = PAPI_event_name_to_code(name, &c);

	if (ret != PAPI_OK)
		UNIT_FAIL_AT(0, "no code for %s: %d", name, ret);
	return c;
}

static inline int new_set(void)
{
	int es = PAPI_NULL;

	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	return es;
}

/* Empty and destroy a set, and check that nothing leaked: remain is the
 * number of descriptors other sets still hold. */
static inline void drop_set_n(int row, int *es, int remain)
{
	CHECK_EQ_AT(row, PAPI_cleanup_eventset(*es), PAPI_OK);
	CHECK_EQ_AT(row, PAPI_destroy_eventset(es), PAPI_OK);
	CHECK_EQ_AT(row, *es, PAPI_NULL);
	CHECK_EQ_AT(row, fake_os_open_fds(), remain);
	CHECK_EQ_AT(row, fake_os_bad_fd_calls(), 0);
}

static inline void drop_set(int row, int *es)
{
	drop_set_n(row, es, 0);
}

/* Everything a failed call must leave as it was. */
struct snap {
	int n, codes[16], state, nfds, fds[MAXFD];
};

static inline void take(int es, struct snap *s)
{
	memset(s, 0, sizeof(*s));
	s->n = 16;
	CHECK_EQ(PAPI_list_events(es, s->codes, &s->n), PAPI_OK);
	CHECK_EQ(PAPI_state(es, &s->state), PAPI_OK);
	s->nfds = fake_os_list_fds(s->fds, MAXFD);
}

static inline void same(int row, int es, const struct snap *before)
{
	struct snap now;
	int i;

	take(es, &now);
	CHECK_EQ_AT(row, now.n, before->n);
	CHECK_EQ_AT(row, now.state, before->state);
	CHECK_EQ_AT(row, now.nfds, before->nfds);
	for (i = 0; i < now.n && i < 16; i++)
		CHECK_EQ_AT(row, now.codes[i], before->codes[i]);
	for (i = 0; i < now.nfds && i < MAXFD && i < before->nfds; i++)
		CHECK_EQ_AT(row, now.fds[i], before->fds[i]);
	CHECK_EQ_AT(row, fake_os_bad_fd_calls(), 0);
}

/* ---- the life cycle --------------------------------------------------- */

static inline int set_domain(int es, int dom)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	o.domain.domain = dom;
	return PAPI_set_opt(PAPI_DOMAIN, &o);
}

static inline int get_domain(int es)
{
	PAPI_option_t o;
	int ret;

	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	ret = PAPI_get_opt(PAPI_DOMAIN, &o);
	/* PAPI 7.0 answers PAPI_OK and fills the struct. */
	return ret == PAPI_OK ? o.domain.domain : ret;
}


/* Each test's start: the fake machine, the library, and the perf_event
 * component enabled with no descriptor left open by init's probes; skips
 * (exit 77) when that cannot be. */
#define EVSET_UNIT_SETUP()                                                     \
	do {                                                                   \
		int setup_ret = fake_os_std_sysfs();                           \
                                                                               \
		if (setup_ret < 0)                                             \
			UNIT_SKIP("cannot build a fake sysfs tree: %s",        \
				  strerror(-setup_ret));                       \
		CHECK_EQ(papi__lib_init(), PAPI_OK);                           \
		if (papi__lib.ncmp < 1 || papi__lib.cmp[0].info.disabled)      \
			UNIT_SKIP("perf_event component disabled: %s",         \
				  papi__lib.ncmp ?                             \
					  papi__lib.cmp[0].info.disabled_reason \
						 : "no component");            \
		CHECK_EQ(fake_os_open_fds(), 0);                               \
		CHECK_EQ(fake_os_bad_fd_calls(), 0);                           \
	} while (0)

#endif
