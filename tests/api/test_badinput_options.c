// SPDX-License-Identifier: BSD-3-Clause
/*
 * Bad input never crashes (see badinput.h): options. PAPI_get_opt,
 * PAPI_set_opt and PAPI_get_cmp_opt with option codes PAPI does not
 * define and without their structure; debug levels; domains and
 * granularities, by default, per component and per EventSet, before
 * PAPI_library_init and after it.
 */
#include "badinput.h"

static const int bad_domains[] = { 0,	    -1,	    0x1000, PAPI_DOM_ALL + 1,
				   INT_MIN, INT_MAX };
#define N_BAD_DOMAINS ((int)(sizeof(bad_domains) / sizeof(bad_domains[0])))

static const int bad_grans[] = { 0, -1, 0x1000, 3, PAPI_GRN_MAX + 1, INT_MIN };
#define N_BAD_GRANS ((int)(sizeof(bad_grans) / sizeof(bad_grans[0])))

/* Option codes PAPI does not define (9 and 10 are holes in the list). */
static const int bad_options[] = { 0, -1, 9, 10, 30, 1000, INT_MIN, INT_MAX };
#define N_BAD_OPTIONS ((int)(sizeof(bad_options) / sizeof(bad_options[0])))

static void check_debug(void)
{
	PAPI_option_t o;

	ERR(PAPI_set_debug(-1), PAPI_EINVAL);
	ERR(PAPI_set_debug(3), PAPI_EINVAL);
	ERR(PAPI_set_debug(0x1000), PAPI_EINVAL);
	ERR(PAPI_set_debug(INT_MIN), PAPI_EINVAL);
	/* PAPI_DEBUG may be set before init; a bad level is still bad. */
	memset(&o, 0, sizeof(o));
	o.debug.level = 42;
	ERR(PAPI_set_opt(PAPI_DEBUG, &o), PAPI_EINVAL);
	/* PAPI 7.0 checks ptr before init for PAPI_DEBUG (PAPI_EINVAL);
	 * checking init first (PAPI_ENOINIT) is as good before init. */
	ERR(PAPI_set_opt(PAPI_DEBUG, NULL), PAPI_EINVAL, PAPI_ENOINIT);
	/* Still quiet: nothing above may have changed the level. */
	memset(&o, 0, sizeof(o));
	o.debug.level = -1;
	CHECK(CALL(PAPI_get_opt(PAPI_DEBUG, &o)) == PAPI_OK &&
		      o.debug.level == PAPI_QUIET,
	      "PAPI_get_opt(PAPI_DEBUG) is %d, level %d after failed "
	      "PAPI_set_debug calls",
	      PAPI_get_opt(PAPI_DEBUG, &o), o.debug.level);
	/* The version is answered before init and without a pointer. */
	CHECK(CALL(PAPI_get_opt(PAPI_LIB_VERSION, NULL)) == PAPI_VERSION,
	      "PAPI_get_opt(PAPI_LIB_VERSION) is not PAPI_VERSION");
}

/* ---- Before PAPI_library_init ------------------------------------------ */

static void before_init(void)
{
	PAPI_option_t o;
	int i;

	check_debug();

	/* Options. Only PAPI_DEBUG and PAPI_LIB_VERSION work before init. */
	memset(&o, 0, sizeof(o));
	for (i = 0; i < N_BAD_OPTIONS; i++) {
		ERR(PAPI_get_opt(bad_options[i], &o), PAPI_ENOINIT,
		    PAPI_EINVAL);
		ERR(PAPI_set_opt(bad_options[i], &o), PAPI_ENOINIT,
		    PAPI_EINVAL);
		ERR(PAPI_get_cmp_opt(bad_options[i], &o, 0), PAPI_ENOINIT,
		    PAPI_EINVAL, PAPI_ENOCMP, PAPI_ECMP);
	}
	ERR(PAPI_get_opt(PAPI_HWINFO, &o), PAPI_ENOINIT);
	ERR(PAPI_get_opt(PAPI_DOMAIN, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	ERR(PAPI_set_opt(PAPI_DEFDOM, &o), PAPI_ENOINIT);
	ERR(PAPI_set_opt(PAPI_DOMAIN, NULL), PAPI_ENOINIT, PAPI_EINVAL);
	/* PAPI 7.0 answers PAPI_ECMP for a bad index in PAPI_get_cmp_opt. */
	ERR(PAPI_get_cmp_opt(PAPI_MAX_HWCTRS, NULL, -1), PAPI_ENOINIT,
	    PAPI_ENOCMP, PAPI_ECMP);
	ERR(PAPI_set_domain(PAPI_DOM_USER), PAPI_ENOINIT);
	ERR(PAPI_set_granularity(PAPI_GRN_THR), PAPI_ENOINIT);
	for (i = 0; i < N_BAD_DOMAINS; i++)
		ERR(PAPI_set_domain(bad_domains[i]), PAPI_ENOINIT, PAPI_EINVAL,
		    PAPI_EINVAL_DOM);
	for (i = 0; i < N_BAD_GRANS; i++)
		ERR(PAPI_set_granularity(bad_grans[i]), PAPI_ENOINIT,
		    PAPI_EINVAL);
	for (i = 0; i < N_BAD_CIDX; i++) {
		ERR(PAPI_set_cmp_domain(PAPI_DOM_USER, bad_cidx[i]),
		    PAPI_ENOINIT, PAPI_ENOCMP);
		ERR(PAPI_set_cmp_granularity(PAPI_GRN_THR, bad_cidx[i]),
		    PAPI_ENOINIT, PAPI_ENOCMP);
	}
}

/* ---- After PAPI_library_init ------------------------------------------- */

static void after_init_options(int es, int ces)
{
	PAPI_option_t o;
	int i;
	/* The options whose argument is a structure to fill. */
	static const int need_ptr[] = {
		PAPI_DOMAIN,	 PAPI_GRANUL,	  PAPI_ATTACH,
		PAPI_DETACH,	 PAPI_MULTIPLEX,  PAPI_HWINFO,
		PAPI_EXEINFO,	 PAPI_SHLIBINFO,  PAPI_COMPONENTINFO,
		PAPI_PRELOAD,	 PAPI_INHERIT,	  PAPI_CPU_ATTACH,
		PAPI_DEF_MPX_NS, PAPI_DEF_ITIMER, PAPI_DEF_ITIMER_NS,
	};

	for (i = 0; i < N_BAD_OPTIONS; i++) {
		memset(&o, 0, sizeof(o));
		ERR(PAPI_get_opt(bad_options[i], &o), PAPI_EINVAL);
		ERR(PAPI_get_opt(bad_options[i], NULL), PAPI_EINVAL);
		memset(&o, 0, sizeof(o));
		ERR(PAPI_set_opt(bad_options[i], &o), PAPI_EINVAL);
		ERR(PAPI_set_opt(bad_options[i], NULL), PAPI_EINVAL);
		ERR(PAPI_get_cmp_opt(bad_options[i], &o, 0), PAPI_EINVAL);
	}
	for (i = 0; i < (int)(sizeof(need_ptr) / sizeof(need_ptr[0])); i++) {
		/* PAPI 7.0 implements none of PAPI_PRELOAD, PAPI_CPU_ATTACH,
		 * PAPI_DEF_* on every component: PAPI_ENOIMPL or PAPI_ECMP are
		 * fine too; a NULL structure must never be written to. */
		ERR(PAPI_get_opt(need_ptr[i], NULL), PAPI_EINVAL);
		ERR(PAPI_set_opt(need_ptr[i], NULL), PAPI_EINVAL);
	}
	/* PAPI 7.0 also wants a structure for PAPI_DEBUG. */
	ERR(PAPI_set_opt(PAPI_DEBUG, NULL), PAPI_EINVAL);
	ERR(PAPI_get_cmp_opt(PAPI_COMPONENTINFO, NULL, 0), PAPI_EINVAL);
	for (i = 0; i < N_BAD_CIDX; i++) {
		ERR(PAPI_get_cmp_opt(PAPI_MAX_HWCTRS, NULL, bad_cidx[i]),
		    PAPI_ENOCMP, PAPI_ECMP);
		memset(&o, 0, sizeof(o));
		ERR(PAPI_get_cmp_opt(PAPI_COMPONENTINFO, &o, bad_cidx[i]),
		    PAPI_ENOCMP, PAPI_ECMP);
	}

	/* Domains. PAPI_set_domain goes through PAPI_DEFDOM, for which
	 * PAPI 7.0 answers PAPI_EINVAL; PAPI_DOMAIN answers
	 * PAPI_EINVAL_DOM. */
	for (i = 0; i < N_BAD_DOMAINS; i++) {
		int d = bad_domains[i];

		ERR(PAPI_set_domain(d), PAPI_EINVAL, PAPI_EINVAL_DOM);
		ERR(PAPI_set_cmp_domain(d, 0), PAPI_EINVAL, PAPI_EINVAL_DOM);
		memset(&o, 0, sizeof(o));
		o.defdomain.def_cidx = 0;
		o.defdomain.domain = d;
		ERR(PAPI_set_opt(PAPI_DEFDOM, &o), PAPI_EINVAL,
		    PAPI_EINVAL_DOM);
		memset(&o, 0, sizeof(o));
		o.domain.eventset = es;
		o.domain.domain = d;
		ERR(PAPI_set_opt(PAPI_DOMAIN, &o), PAPI_EINVAL_DOM);
		if (ces != PAPI_NULL) {
			o.domain.eventset = ces;
			ERR(PAPI_set_opt(PAPI_DOMAIN, &o), PAPI_EINVAL_DOM);
		}
	}
	for (i = 0; i < N_BAD_CIDX; i++) {
		ERR(PAPI_set_cmp_domain(PAPI_DOM_USER, bad_cidx[i]),
		    PAPI_ENOCMP);
		ERR(PAPI_set_cmp_granularity(PAPI_GRN_THR, bad_cidx[i]),
		    PAPI_ENOCMP);
		memset(&o, 0, sizeof(o));
		o.defdomain.def_cidx = bad_cidx[i];
		o.defdomain.domain = PAPI_DOM_USER;
		ERR(PAPI_set_opt(PAPI_DEFDOM, &o), PAPI_ENOCMP);
		memset(&o, 0, sizeof(o));
		o.defgranularity.def_cidx = bad_cidx[i];
		o.defgranularity.granularity = PAPI_GRN_THR;
		ERR(PAPI_set_opt(PAPI_DEFGRN, &o), PAPI_ENOCMP);
	}
	/* The default stayed what it was. */
	CHECK(CALL(PAPI_get_opt(PAPI_DEFDOM, NULL)) == PAPI_DOM_USER,
	      "the default domain changed: %d",
	      PAPI_get_opt(PAPI_DEFDOM, NULL));

	/* Granularities. */
	for (i = 0; i < N_BAD_GRANS; i++) {
		int g = bad_grans[i];

		ERR(PAPI_set_granularity(g), PAPI_EINVAL);
		ERR(PAPI_set_cmp_granularity(g, 0), PAPI_EINVAL);
		memset(&o, 0, sizeof(o));
		o.defgranularity.granularity = g;
		ERR(PAPI_set_opt(PAPI_DEFGRN, &o), PAPI_EINVAL);
		memset(&o, 0, sizeof(o));
		o.granularity.eventset = es;
		o.granularity.granularity = g;
		/* PAPI 7.0 checks the set's component first: PAPI_ENOCMP
		 * for a set bound to none. */
		ERR(PAPI_set_opt(PAPI_GRANUL, &o), PAPI_EINVAL, PAPI_ENOCMP);
		if (ces != PAPI_NULL) {
			o.granularity.eventset = ces;
			ERR(PAPI_set_opt(PAPI_GRANUL, &o), PAPI_EINVAL);
		}
	}

	/* Debug levels. */
	memset(&o, 0, sizeof(o));
	o.debug.level = -5;
	ERR(PAPI_set_opt(PAPI_DEBUG, &o), PAPI_EINVAL);
}

static void after_init(void)
{
	int es, ces, ccode = 0;

	init_or_skip();
	check_debug();
	make_sets(&es, &ces, &ccode);
	after_init_options(es, ces);
	drop_sets(&es, &ces);
}

int main(void)
{
	badinput_begin();
	before_init();
	after_init();
	return badinput_end();
}
