// SPDX-License-Identifier: BSD-3-Clause
/*
 * Bad input never crashes (see badinput.h): EventSets. Every call that
 * takes an EventSet is called, from one table, with ids that name no set
 * (before PAPI_library_init, after it, after PAPI_shutdown, and with the
 * id of a destroyed set); then creating, destroying, adding, removing,
 * listing, binding, attaching and detaching with bad arguments.
 */
#include "badinput.h"

#include <sys/syscall.h>

/* Ids that name no EventSet. */
static const int bad_ids[] = { PAPI_NULL, -2, INT_MIN, INT_MAX, 999, 1 << 20 };
#define N_BAD_IDS ((int)(sizeof(bad_ids) / sizeof(bad_ids[0])))

/* ---- EventSet calls, table-driven ------------------------------------- */

/* Each wrapper passes the id it is given and otherwise valid arguments, so
 * that the id is the only thing wrong with the call. */
static long long vals[16];
static long long cyc;
static int ev_list[16];
static unsigned short profbuf[256];

static int w_cleanup(int es)
{
	return PAPI_cleanup_eventset(es);
}
static int w_destroy(int es)
{
	return PAPI_destroy_eventset(&es);
}
static int w_assign(int es)
{
	return PAPI_assign_eventset_component(es, 0);
}
static int w_add(int es)
{
	return PAPI_add_event(es, PAPI_REF_CYC);
}
static int w_add_named(int es)
{
	return PAPI_add_named_event(es, "PAPI_REF_CYC");
}
static int w_add_events(int es)
{
	int codes[1] = { PAPI_REF_CYC };

	return PAPI_add_events(es, codes, 1);
}
static int w_remove(int es)
{
	return PAPI_remove_event(es, PAPI_REF_CYC);
}
static int w_remove_named(int es)
{
	return PAPI_remove_named_event(es, "PAPI_REF_CYC");
}
static int w_remove_events(int es)
{
	int codes[1] = { PAPI_REF_CYC };

	return PAPI_remove_events(es, codes, 1);
}
static int w_list(int es)
{
	int n = 16;

	return PAPI_list_events(es, ev_list, &n);
}
static int w_num_events(int es)
{
	return PAPI_num_events(es);
}
static int w_get_cmp(int es)
{
	return PAPI_get_eventset_component(es);
}
static int w_state(int es)
{
	int st;

	return PAPI_state(es, &st);
}
static int w_start(int es)
{
	return PAPI_start(es);
}
static int w_stop(int es)
{
	return PAPI_stop(es, vals);
}
static int w_read(int es)
{
	return PAPI_read(es, vals);
}
static int w_read_ts(int es)
{
	return PAPI_read_ts(es, vals, &cyc);
}
static int w_accum(int es)
{
	return PAPI_accum(es, vals);
}
static int w_reset(int es)
{
	return PAPI_reset(es);
}
static int w_write(int es)
{
	return PAPI_write(es, vals);
}
static int w_attach(int es)
{
	return PAPI_attach(es, (unsigned long)syscall(SYS_gettid));
}
static int w_detach(int es)
{
	return PAPI_detach(es);
}
static int w_set_mpx(int es)
{
	return PAPI_set_multiplex(es);
}
static int w_overflow(int es)
{
	return PAPI_overflow(es, PAPI_REF_CYC, 100000, 0, ovf_handler);
}
static int w_ovf_index(int es)
{
	int arr[4], n = 4;

	return PAPI_get_overflow_event_index(es, 1, arr, &n);
}
static int w_profil(int es)
{
	return PAPI_profil(profbuf, sizeof(profbuf), NULL, 65536, es,
			   PAPI_REF_CYC, 100000, PAPI_PROFIL_POSIX);
}
static int w_sprofil(int es)
{
	PAPI_sprofil_t sp = { profbuf, sizeof(profbuf), NULL, 65536 };

	return PAPI_sprofil(&sp, 1, es, PAPI_REF_CYC, 100000,
			    PAPI_PROFIL_POSIX);
}
static int w_get_domain(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	return PAPI_get_opt(PAPI_DOMAIN, &o);
}
static int w_get_granul(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.granularity.eventset = es;
	return PAPI_get_opt(PAPI_GRANUL, &o);
}
static int w_get_attach(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.attach.eventset = es;
	return PAPI_get_opt(PAPI_ATTACH, &o);
}
static int w_get_mpx(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.multiplex.eventset = es;
	return PAPI_get_opt(PAPI_MULTIPLEX, &o);
}
static int w_get_inherit(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.inherit.eventset = es;
	return PAPI_get_opt(PAPI_INHERIT, &o);
}
static int w_set_domain(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.domain.eventset = es;
	o.domain.domain = PAPI_DOM_USER;
	return PAPI_set_opt(PAPI_DOMAIN, &o);
}
static int w_set_granul(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.granularity.eventset = es;
	o.granularity.granularity = PAPI_GRN_THR;
	return PAPI_set_opt(PAPI_GRANUL, &o);
}
static int w_set_attach(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.attach.eventset = es;
	o.attach.tid = (unsigned long)syscall(SYS_gettid);
	return PAPI_set_opt(PAPI_ATTACH, &o);
}
static int w_set_detach(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.attach.eventset = es;
	return PAPI_set_opt(PAPI_DETACH, &o);
}
static int w_set_mpx_opt(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.multiplex.eventset = es;
	return PAPI_set_opt(PAPI_MULTIPLEX, &o);
}
static int w_set_inherit(int es)
{
	PAPI_option_t o;

	memset(&o, 0, sizeof(o));
	o.inherit.eventset = es;
	o.inherit.inherit = PAPI_INHERIT_ALL;
	return PAPI_set_opt(PAPI_INHERIT, &o);
}

struct evset_call {
	const char *name;
	int (*fn)(int es);
	int alt; /* another acceptable answer for a bad id, 0 if none */
};

#define EV(fn, alt)          \
	{                    \
#fn, fn, alt \
	}
static const struct evset_call evset_calls[] = {
	EV(w_cleanup, 0),
	EV(w_destroy, 0),
	EV(w_assign, 0),
	EV(w_add, 0),
	EV(w_add_named, 0),
	EV(w_add_events, 0),
	EV(w_remove, 0),
	EV(w_remove_named, 0),
	EV(w_remove_events, 0),
	EV(w_list, 0),
	EV(w_num_events, 0),
	EV(w_get_cmp, 0),
	EV(w_state, 0),
	EV(w_start, 0),
	EV(w_stop, 0),
	EV(w_read, 0),
	EV(w_read_ts, 0),
	EV(w_accum, 0),
	EV(w_reset, 0),
	EV(w_write, 0),
	EV(w_attach, 0),
	EV(w_detach, 0),
	EV(w_set_mpx, 0),
	EV(w_overflow, 0),
	EV(w_ovf_index, 0),
	EV(w_profil, 0),
	EV(w_sprofil, 0),
	EV(w_get_domain, 0),
	EV(w_get_granul, 0),
	EV(w_get_attach, 0),
	EV(w_get_mpx, 0),
	/* PAPI_INHERIT has no getter or setter in some builds yet. */
	EV(w_get_inherit, PAPI_ENOIMPL),
	EV(w_set_domain, 0),
	EV(w_set_granul, 0),
	EV(w_set_attach, 0),
	EV(w_set_detach, 0),
	EV(w_set_mpx_opt, 0),
	EV(w_set_inherit, PAPI_ENOIMPL),
};
#define N_EVSET_CALLS ((int)(sizeof(evset_calls) / sizeof(evset_calls[0])))

/* Every EventSet call with every id in ids must answer want (or the
 * call's alternative). */
static void evset_table(int line, const int *ids, int nids, int want)
{
	int i, j;

	for (i = 0; i < N_EVSET_CALLS; i++)
		for (j = 0; j < nids; j++) {
			const struct evset_call *c = &evset_calls[i];
			int ret;

			cur_line = line;
			cur_text = c->name;
			ncalls++;
			ret = c->fn(ids[j]);
			if (ret == want || (c->alt && ret == c->alt)) {
				check_message(line, c->name, ret);
				continue;
			}
			FAIL(line, "%s(EventSet %d) returned %s (%d), want %s",
			     c->name, ids[j], code_name(ret), ret,
			     code_name(want));
		}
	/* PAPI_get_multiplex turns every error into "not multiplexed" (0)
	 * in PAPI 7.0, though its documentation promises PAPI_ENOEVST. */
	for (j = 0; j < nids; j++) {
		int ret = CALL(PAPI_get_multiplex(ids[j]));

		if (ret != want && ret != 0)
			FAIL(line,
			     "PAPI_get_multiplex(%d) returned %d, want "
			     "%s or 0",
			     ids[j], ret, code_name(want));
	}
}

/* ---- Before PAPI_library_init ------------------------------------------ */

static void before_init(void)
{
	int es;

	ERR(PAPI_create_eventset(NULL), PAPI_ENOINIT, PAPI_EINVAL);
	es = PAPI_NULL;
	ERR(PAPI_create_eventset(&es), PAPI_ENOINIT);
	CHECK(es == PAPI_NULL, "a failed create wrote %d", es);
	es = 5;
	ERR(PAPI_create_eventset(&es), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_destroy_eventset(NULL), PAPI_ENOINIT, PAPI_EINVAL);
	evset_table(__LINE__, bad_ids, N_BAD_IDS, PAPI_ENOINIT);
	{
		static const int some_ids[] = { 0, 1 };

		evset_table(__LINE__, some_ids, 2, PAPI_ENOINIT);
	}
	ERR(PAPI_list_events(0, NULL, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_state(0, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_read(0, NULL), PAPI_ENOINIT, PAPI_EINVAL);
}

/* ---- After PAPI_library_init ------------------------------------------- */

static void after_init_evsets(int es, int ces, int ccode)
{
	int codes[2] = { PAPI_REF_CYC, PAPI_REF_CYC };
	int n, tmp;

	/* Creating needs a pointer to PAPI_NULL. */
	ERR(PAPI_create_eventset(NULL), PAPI_EINVAL);
	tmp = 5;
	ERR(PAPI_create_eventset(&tmp), PAPI_EINVAL);
	CHECK(tmp == 5, "a refused create changed *EventSet to %d", tmp);
	tmp = 0;
	ERR(PAPI_create_eventset(&tmp), PAPI_EINVAL);
	tmp = INT_MIN;
	ERR(PAPI_create_eventset(&tmp), PAPI_EINVAL);
	tmp = es; /* an id that is in use */
	ERR(PAPI_create_eventset(&tmp), PAPI_EINVAL);
	ERR(PAPI_destroy_eventset(NULL), PAPI_EINVAL);
	tmp = PAPI_NULL;
	ERR(PAPI_destroy_eventset(&tmp), PAPI_ENOEVST);
	CHECK(tmp == PAPI_NULL, "a failed destroy changed the id to %d", tmp);

	/* Arrays and counts. */
	ERR(PAPI_add_events(es, NULL, 1), PAPI_EINVAL);
	ERR(PAPI_add_events(es, codes, 0), PAPI_EINVAL);
	ERR(PAPI_add_events(es, codes, -1), PAPI_EINVAL);
	ERR(PAPI_add_events(es, codes, INT_MIN), PAPI_EINVAL);
	ERR(PAPI_remove_events(es, NULL, 1), PAPI_EINVAL);
	ERR(PAPI_remove_events(es, codes, 0), PAPI_EINVAL);
	ERR(PAPI_remove_events(es, codes, -1), PAPI_EINVAL);
	/* PAPI 7.0 dereferences number without looking; NULL is plainly
	 * invalid. */
	ERR(PAPI_list_events(es, NULL, NULL), PAPI_EINVAL);
	ERR(PAPI_list_events(es, ev_list, NULL), PAPI_EINVAL);
	n = -1;
	ERR(PAPI_list_events(es, ev_list, &n), PAPI_EINVAL);
	n = 2;
	ERR(PAPI_list_events(es, NULL, &n), PAPI_EINVAL);
	n = INT_MIN;
	ERR(PAPI_list_events(es, ev_list, &n), PAPI_EINVAL);
	ERR(PAPI_state(es, NULL), PAPI_EINVAL);
	/* PAPI_attach takes a thread id; 0 is no thread. */
	ERR(PAPI_attach(es, 0), ANY);

	if (!have_counting_set(ces))
		return;
	/* Adding an event twice conflicts. */
	ERR(PAPI_add_event(ces, ccode), PAPI_ECNFLCT);
	/* Removing one that is not in the set. */
	ERR(PAPI_remove_event(ces, PAPI_REF_CYC), PAPI_EINVAL, PAPI_ENOEVNT);
	/* Re-binding to another component is refused; binding to its own
	 * is fine. (PAPI 7.0 refuses any re-binding with PAPI_EINVAL.) */
	OK_OR(PAPI_assign_eventset_component(ces,
					     PAPI_get_eventset_component(ces)),
	      PAPI_EINVAL);
	/* Detaching a set that is not attached (PAPI 7.0: PAPI_EINVAL). */
	ERR(PAPI_detach(ces), PAPI_EINVAL);
	check_set_unchanged(ces, ccode);
}

static void after_init(void)
{
	int es = PAPI_NULL, ces, ccode = 0, dead;

	init_or_skip();
	/* No set exists yet: every id is bad, 0 and 1 included. */
	evset_table(__LINE__, bad_ids, N_BAD_IDS, PAPI_ENOEVST);
	{
		static const int unused[] = { 0, 1, 63, 64, 65 };

		evset_table(__LINE__, unused, 5, PAPI_ENOEVST);
	}
	/* An id that was destroyed is bad as well. */
	CHECK(CALL(PAPI_create_eventset(&es)) == PAPI_OK, "create");
	dead = es;
	CHECK(CALL(PAPI_destroy_eventset(&es)) == PAPI_OK && es == PAPI_NULL,
	      "destroy");
	evset_table(__LINE__, &dead, 1, PAPI_ENOEVST);

	make_sets(&es, &ces, &ccode);
	after_init_evsets(es, ces, ccode);
	drop_sets(&es, &ces);
}

/* ---- After PAPI_shutdown ----------------------------------------------- */

static void after_shutdown(void)
{
	static const int some_ids[] = { 0, 1, PAPI_NULL, INT_MAX };
	int es = PAPI_NULL;

	PAPI_shutdown();
	/* Everything is as before init again. */
	evset_table(__LINE__, some_ids, 4, PAPI_ENOINIT);
	ERR(PAPI_create_eventset(&es), PAPI_ENOINIT);
}

int main(void)
{
	badinput_begin();
	before_init();
	after_init();
	after_shutdown();
	return badinput_end();
}
