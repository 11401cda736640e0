// SPDX-License-Identifier: BSD-3-Clause
/*
 * Bad input never crashes (see badinput.h): overflow and profiling.
 * PAPI_get_overflow_event_index without its arrays or with a zero count,
 * PAPI_profil and PAPI_sprofil without a buffer, then PAPI_overflow,
 * PAPI_profil and PAPI_sprofil on a set bound to a component with bad
 * thresholds, events not in the set, no handler, bad scales and flags,
 * a NULL sprofil region or an empty profil buffer, undefined overflow and
 * multiplex flags, a negative multiplex period (PAPI_set_opt).
 * (Their bad EventSet ids are in test_badinput_evsets.c's table.)
 */
#include "badinput.h"

static int ev_list[16];
static unsigned short profbuf[256];

static void after_init_overflow(int es, int ces, int ccode)
{
	int n;

	/* Overflow and profiling arguments. */
	ERR(PAPI_get_overflow_event_index(es, 1, NULL, &n), PAPI_EINVAL);
	n = 4;
	ERR(PAPI_get_overflow_event_index(es, 1, NULL, &n), PAPI_EINVAL);
	ERR(PAPI_get_overflow_event_index(es, 1, ev_list, NULL), PAPI_EINVAL);
	/* An empty vector, a zero count: PAPI_EINVAL in PAPI 7.0. */
	n = 4;
	ERR(PAPI_get_overflow_event_index(es, 0, ev_list, &n), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	n = 0;
	ERR(PAPI_get_overflow_event_index(es, 1, ev_list, &n), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	/* No buffer, on an empty set: whichever is noticed first (PAPI 7.0
	 * looks at the component, then at the event). */
	ERR(PAPI_sprofil(NULL, 1, es, PAPI_REF_CYC, 1000, 0), PAPI_EINVAL,
	    PAPI_ENOCMP, PAPI_ENOEVNT, PAPI_ENOIMPL);
	ERR(PAPI_profil(NULL, 64, NULL, 65536, es, PAPI_REF_CYC, 1000, 0),
	    PAPI_EINVAL, PAPI_ENOCMP, PAPI_ENOEVNT, PAPI_ENOIMPL);

	if (!have_counting_set(ces))
		return;
	/* Overflow and profiling with bad thresholds, events not in the
	 * set, no handler, bad scales and flags. */
	ERR(PAPI_overflow(ces, ccode, -1, 0, ovf_handler), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_overflow(ces, ccode, 1000, 0, NULL), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_overflow(ces, ccode, 0, 0, ovf_handler), PAPI_EINVAL,
	    PAPI_ENOIMPL);
	ERR(PAPI_overflow(ces, PAPI_REF_CYC, 1000, 0, ovf_handler),
	    PAPI_ENOEVNT, PAPI_ENOIMPL);
	ERR(PAPI_overflow(ces, 0, 1000, 0, ovf_handler), PAPI_ENOEVNT,
	    PAPI_EINVAL, PAPI_ENOIMPL);
	{
		PAPI_sprofil_t sp = { profbuf, sizeof(profbuf), NULL, 0 };

		/* A scale of 0 or 1 is undefined. */
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, 1000, 0), PAPI_EINVAL,
		    PAPI_ENOIMPL);
		sp.pr_scale = 65536;
		ERR(PAPI_sprofil(&sp, -1, ces, ccode, 1000, 0), PAPI_EINVAL,
		    PAPI_ENOIMPL);
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, -1, 0), PAPI_EINVAL,
		    PAPI_ENOIMPL);
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, 1000, 0x7fff0000),
		    PAPI_EINVAL, PAPI_ENOIMPL);
		/* Two bucket sizes at once. */
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, 1000,
				 PAPI_PROFIL_BUCKET_16 | PAPI_PROFIL_BUCKET_32),
		    PAPI_EINVAL, PAPI_ENOIMPL);
		ERR(PAPI_sprofil(&sp, 1, ces, PAPI_REF_CYC, 1000, 0),
		    PAPI_ENOEVNT, PAPI_ENOIMPL);
		ERR(PAPI_profil(profbuf, sizeof(profbuf), NULL, 1, ces, ccode,
				1000, 0),
		    PAPI_EINVAL, PAPI_ENOIMPL);
		ERR(PAPI_profil(profbuf, sizeof(profbuf), NULL, 65536, ces,
				ccode, -1, 0),
		    PAPI_EINVAL, PAPI_ENOIMPL);
		/* Issue 14: accepted before, and the first sample then wrote
		 * through NULL (sprofil) or past a buffer of no bytes. */
		sp.pr_base = NULL;
		sp.pr_size = 4096;
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, 1000, 0), PAPI_EINVAL);
		ERR(PAPI_profil(profbuf, 0, NULL, 65536, ces, ccode, 1000, 0),
		    PAPI_EINVAL);
		/* Itanium's event address registers: refused, not ignored. */
		sp.pr_base = profbuf;
		sp.pr_size = sizeof(profbuf);
		ERR(PAPI_sprofil(&sp, 1, ces, ccode, 1000,
				 PAPI_PROFIL_POSIX | PAPI_PROFIL_INST_EAR),
		    PAPI_ENOSUPP);
		ERR(PAPI_profil(profbuf, sizeof(profbuf), NULL, 65536, ces,
				ccode, 1000, PAPI_PROFIL_DATA_EAR),
		    PAPI_ENOSUPP);
		/* Undefined flag bits. */
		ERR(PAPI_overflow(ces, ccode, 1000, 0x7fffffff, ovf_handler),
		    PAPI_EINVAL);
		ERR(PAPI_overflow(ces, ccode, 1000, 0x1, ovf_handler),
		    PAPI_EINVAL);
	}
	{
		PAPI_option_t o;

		/* A negative multiplexing period (issue 14). */
		memset(&o, 0, sizeof(o));
		o.multiplex.eventset = ces;
		o.multiplex.ns = -1;
		ERR(PAPI_set_opt(PAPI_MULTIPLEX, &o), PAPI_EINVAL);
		o.multiplex.ns = 0;
		o.multiplex.flags = 0x7ffffff0;
		ERR(PAPI_set_opt(PAPI_MULTIPLEX, &o), PAPI_EINVAL);
	}
	check_set_unchanged(ces, ccode);
}

int main(void)
{
	int es, ces, ccode = 0;

	badinput_begin();
	init_or_skip();
	make_sets(&es, &ces, &ccode);
	after_init_overflow(es, ces, ccode);
	drop_sets(&es, &ces);
	return badinput_end();
}
