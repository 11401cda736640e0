// SPDX-License-Identifier: BSD-3-Clause
/* PAPI_get_opt / PAPI_set_opt and the setters built on them. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api/api.h"
#include "core/edition.h"
#include "core/evset.h"
#include "core/lib.h"
#include "core/log.h"
#include "core/overflow.h"
#include "os/os.h"
#include "core/sysinfo.h"

static int valid_domain(int d)
{
	return d >= PAPI_DOM_MIN && d <= PAPI_DOM_ALL;
}

/* A valid domain as component cidx can count it: PAPI_DOM_ALL becomes
 * every domain the component has (perf_event: user, kernel, supervisor,
 * as PAPI 7.0 reads it back); a domain it lacks (PAPI_DOM_OTHER on
 * perf_event) is PAPI_ENOSUPP rather than silently dropped. */
static int fit_domain(int cidx, int *d)
{
	int avail;

	if (cidx < 0 || cidx >= papi__lib.ncmp)
		cidx = 0;
	avail = papi__lib.ncmp ? papi__lib.cmp[cidx].info.available_domains
			       : PAPI_DOM_ALL;
	if (*d == PAPI_DOM_ALL)
		*d = avail ? avail : PAPI_DOM_ALL;
	else if (avail && (*d & ~avail))
		return PAPI_ENOSUPP;
	return PAPI_OK;
}

/* PAPI_set_cmp_domain and PAPI_DEFDOM: the default of one component,
 * which its new sets take (reported back by PAPI_get_cmp_opt). An
 * invalid domain is PAPI_EINVAL, as PAPI 7.0 answers here. */
static int set_default_domain(int domain, int cidx)
{
	int ret;

	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return PAPI_ENOCMP;
	if (!valid_domain(domain))
		return PAPI_EINVAL;
	if ((ret = fit_domain(cidx, &domain)) != PAPI_OK)
		return ret;
	papi__lib.cmp[cidx].info.default_domain = domain;
	if (cidx == 0)
		papi__lib.default_domain = domain;
	return PAPI_OK;
}

static int valid_granularity(int g)
{
	return g == PAPI_GRN_THR || g == PAPI_GRN_PROC ||
	       g == PAPI_GRN_PROCG || g == PAPI_GRN_SYS ||
	       g == PAPI_GRN_SYS_CPU;
}

static int set_evset_domain(int EventSet, int domain)
{
	struct papi__ctl_opts o;
	int ret;

	if (!valid_domain(domain))
		return PAPI_EINVAL_DOM;
	ret = papi__evset_get_opts(EventSet, &o);
	if (ret != PAPI_OK)
		return ret;
	if ((ret = fit_domain(papi__evset_cidx(EventSet), &domain)) != PAPI_OK)
		return ret;
	o.domain = domain;
	ret = papi__evset_set_opts(EventSet, &o);
	if (ret == PAPI_OK)
		papi__evset_domain_chosen(EventSet);
	return ret;
}

static int set_evset_granularity(int EventSet, int g)
{
	struct papi__ctl_opts o;
	int ret;

	if (!valid_granularity(g))
		return PAPI_EINVAL;
	/* Per-thread counting is what perf_event gives per task; the other
	 * granularities need CPU-wide counting (a later issue). */
	if (g != PAPI_GRN_THR)
		return PAPI_EINVAL;
	ret = papi__evset_get_opts(EventSet, &o);
	if (ret != PAPI_OK)
		return ret;
	o.granularity = g;
	return papi__evset_set_opts(EventSet, &o);
}

static int set_evset_inherit(int EventSet, int inherit)
{
	struct papi__ctl_opts o;
	int ret;

	if (inherit != PAPI_INHERIT_ALL && inherit != PAPI_INHERIT_NONE)
		return PAPI_EINVAL;
	ret = papi__evset_get_opts(EventSet, &o);
	if (ret != PAPI_OK)
		return ret;
	o.inherit = inherit == PAPI_INHERIT_ALL;
	return papi__evset_set_opts(EventSet, &o);
}

/* PAPI_CPU_ATTACH: count every task on one CPU (perf_event_open with pid
 * -1), which the kernel allows to root or at perf_event_paranoid <= 0;
 * refused at add or start otherwise, with PAPI_EPERM. */
static int cpu_attach(int EventSet, unsigned int cpu)
{
	struct papi__ctl_opts o;
	int ret;

	ret = papi__evset_get_opts(EventSet, &o);
	if (ret != PAPI_OK)
		return ret;
	if (papi__lib_hw()->totalcpus > 0 &&
	    cpu >= (unsigned int)papi__lib_hw()->totalcpus)
		return PAPI_EINVAL;
	o.tid = -1;
	o.cpu = (int)cpu;
	o.inherit = 0;
	return papi__evset_set_opts(EventSet, &o);
}

static int set_opt(int option, PAPI_option_t *p)
{
	switch (option) {
	case PAPI_DEBUG:
		return PAPI_set_debug(p->debug.level);
	case PAPI_DEFDOM:
		return set_default_domain(p->defdomain.domain,
					  p->defdomain.def_cidx);
	case PAPI_DOMAIN:
		return set_evset_domain(p->domain.eventset, p->domain.domain);
	case PAPI_DEFGRN:
		if (p->defgranularity.granularity != PAPI_GRN_THR)
			return PAPI_EINVAL;
		if (p->defgranularity.def_cidx < 0 ||
		    p->defgranularity.def_cidx >= papi__lib.ncmp)
			return PAPI_ENOCMP;
		papi__lib.default_granularity = PAPI_GRN_THR;
		return PAPI_OK;
	case PAPI_GRANUL:
		return set_evset_granularity(p->granularity.eventset,
					     p->granularity.granularity);
	case PAPI_ATTACH:
		return PAPI_attach(p->attach.eventset, p->attach.tid);
	case PAPI_DETACH:
		return PAPI_detach(p->attach.eventset);
	case PAPI_MULTIPLEX:
		/* A negative period or an undefined flag is refused, as
		 * PAPI 7.0 refuses them, before the set is touched. */
		if (p->multiplex.ns < 0 ||
		    (p->multiplex.flags & ~PAPI_MULTIPLEX_FORCE_SW))
			return PAPI_EINVAL;
		return PAPI_set_multiplex(p->multiplex.eventset);
	case PAPI_INHERIT:
		return set_evset_inherit(p->inherit.eventset,
					 p->inherit.inherit);
	case PAPI_CPU_ATTACH:
		return cpu_attach(p->cpu.eventset, p->cpu.cpu_num);
	case PAPI_DEF_MPX_NS:
		/* The kernel multiplexes: it rotates groups at each PMU's
		 * perf_event_mux_interval_ms, a system-wide setting for root
		 * that a library must not change under other programs. So
		 * this period cannot take effect: refused, and said why
		 * (PAPI_get_opt reports the kernel's interval). */
		if (p->multiplex.ns <= 0)
			return PAPI_EINVAL;
		papi__log(PAPI__LOG_ERROR, "options",
			  "PAPI_DEF_MPX_NS: the kernel multiplexes at its own "
			  "interval (perf_event_mux_interval_ms, system-wide); "
			  "not changed");
		return PAPI_ENOSUPP;
	case PAPI_DEF_ITIMER:
	case PAPI_DEF_ITIMER_NS:
		return papi__overflow_itimer_set(option, &p->itimer);
	case PAPI_DATA_ADDRESS:
	case PAPI_INSTR_ADDRESS:
		/* Address-range restriction is an Itanium PMU feature; Linux
		 * perf_event offers it for no core PMU we drive. The set must
		 * exist; then the component says no, as PAPI's does. */
	{
		struct papi__ctl_opts o;
		int ret = papi__evset_get_opts(p->addr.eventset, &o);

		return ret != PAPI_OK ? ret : PAPI_ENOSUPP;
	}
	case PAPI_USER_EVENTS_FILE:
		/* PAPI 5's user-defined events file; PAPI 7.0 has none
		 * either. Our own preset tables: PAPI_PRESET_TABLE. */
		return PAPI_ENOSUPP;
	default:
		/* Not an option PAPI can set (PAPI answers PAPI_EINVAL). */
		return PAPI_EINVAL;
	}
}

PAPI_EXPORT int PAPI_set_opt(int option, PAPI_option_t *ptr)
{
	if (option == PAPI_DEBUG && ptr)
		return RET(PAPI_set_debug(ptr->debug.level));
	REQUIRE_INIT();
	if (!ptr)
		return RET(PAPI_EINVAL);
	return RET(set_opt(option, ptr));
}

static int get_evset_opt(int option, PAPI_option_t *p)
{
	struct papi__ctl_opts o;
	int id = option == PAPI_DOMAIN	  ? p->domain.eventset
		 : option == PAPI_GRANUL  ? p->granularity.eventset
		 : option == PAPI_INHERIT ? p->inherit.eventset
		 : option == PAPI_CPU_ATTACH ? p->cpu.eventset
					  : p->attach.eventset;
	int state, ret = papi__evset_get_opts(id, &o);

	if (ret != PAPI_OK)
		return ret;
	switch (option) {
	case PAPI_DOMAIN:
		p->domain.domain = o.domain;
		return PAPI_OK;
	case PAPI_GRANUL:
		p->granularity.granularity = o.granularity;
		return PAPI_OK;
	case PAPI_ATTACH:
		p->attach.tid = o.tid > 0 ? (unsigned long)o.tid : 0;
		return o.tid > 0;
	case PAPI_DETACH:
		/* PAPI 7.0 answers whether the set is detached. */
		p->attach.tid = o.tid > 0 ? (unsigned long)o.tid : 0;
		return o.tid <= 0;
	case PAPI_CPU_ATTACH:
		p->cpu.cpu_num = o.cpu >= 0 ? (unsigned)o.cpu : 0;
		return o.cpu >= 0;
	case PAPI_INHERIT:
		p->inherit.inherit = o.inherit ? PAPI_INHERIT_ALL
					       : PAPI_INHERIT_NONE;
		return PAPI_OK;
	default: /* PAPI_MULTIPLEX */
		papi__evset_state(id, &state);
		return (state & PAPI_MULTIPLEXING) != 0;
	}
}

/* The kernel's multiplexing interval in ns: the first PMU that states
 * one (the core PMU where there is one), else the kernel's default, 4 ms
 * (HZ=250 kernels; what every PMU here says). */
static int mux_interval_ns(void)
{
	static const char *const pmus[] = { "cpu", "armv8_pmuv3_0", "cpu_core",
					    "software" };
	char path[128], buf[32];
	unsigned i;
	long ms;

	for (i = 0; i < sizeof(pmus) / sizeof(pmus[0]); i++) {
		snprintf(path, sizeof(path),
			 "/sys/bus/event_source/devices/%s/perf_event_mux_interval_ms",
			 pmus[i]);
		if (papi__os_read_file(path, buf, sizeof(buf)) > 0 &&
		    (ms = strtol(buf, NULL, 10)) > 0 && ms < 2000)
			return (int)(ms * 1000000);
	}
	return 4000000;
}

static int get_opt(int option, PAPI_option_t *p)
{
	switch (option) {
	case PAPI_HWINFO:
		p->hw_info = (PAPI_hw_info_t *)papi__lib_hw();
		return PAPI_OK;
	case PAPI_EXEINFO:
		p->exe_info = (PAPI_exe_info_t *)papi__sysinfo_exe();
		return p->exe_info ? PAPI_OK : PAPI_ESYS;
	case PAPI_SHLIBINFO:
		p->shlib_info = (PAPI_shlib_info_t *)papi__sysinfo_shlib();
		return p->shlib_info ? PAPI_OK : PAPI_ESYS;
	case PAPI_PRELOAD:
		/* Linux's loader variables, as PAPI 7.0 reports them. */
		memset(&p->preload, 0, sizeof(p->preload));
		strcpy(p->preload.lib_preload_env, "LD_PRELOAD");
		p->preload.lib_preload_sep = ' ';
		strcpy(p->preload.lib_dir_env, "LD_LIBRARY_PATH");
		p->preload.lib_dir_sep = ':';
		return PAPI_OK;
	case PAPI_COMPONENTINFO:
		if (papi__lib.ncmp == 0)
			return PAPI_ENOCMP;
		papi__lib_info_fill(0, PAPI__INFO_ALL);
		p->cmp_info = (PAPI_component_info_t *)papi__ed_component_info(0);
		return PAPI_OK;
	case PAPI_DEBUG:
		p->debug.level = papi__lib.debug;
		p->debug.handler = NULL;
		return PAPI_OK;
	case PAPI_DOMAIN:
	case PAPI_GRANUL:
	case PAPI_ATTACH:
	case PAPI_DETACH:
	case PAPI_CPU_ATTACH:
	case PAPI_INHERIT:
	case PAPI_MULTIPLEX:
		return get_evset_opt(option, p);
	case PAPI_DEF_ITIMER:
	case PAPI_DEF_ITIMER_NS:
		return papi__overflow_itimer_get(option, &p->itimer);
	case PAPI_DEF_MPX_NS:
		/* The interval the kernel rotates multiplexed groups at. */
		p->multiplex.ns = mux_interval_ns();
		return PAPI_OK;
	default:
		return PAPI_EINVAL;
	}
}

PAPI_EXPORT int PAPI_get_opt(int option, PAPI_option_t *ptr)
{
	/* Options answered by value; ptr may be NULL for these. */
	switch (option) {
	case PAPI_LIB_VERSION:
		return papi__ed_version();
	case PAPI_DEBUG:
		if (!ptr)
			return papi__lib.debug;
		/* Like PAPI_set_debug, allowed before PAPI_library_init. */
		ptr->debug.level = papi__lib.debug;
		ptr->debug.handler = NULL;
		return PAPI_OK;
	default:
		break;
	}
	REQUIRE_INIT();
	switch (option) {
	case PAPI_CLOCKRATE:
		return (int)papi__lib_hw()->cpu_max_mhz;
	case PAPI_MAX_CPUS:
		return papi__lib_hw()->ncpu;
	case PAPI_MAX_HWCTRS:
		papi__lib_info_fill(0, PAPI__INFO_COUNTERS);
		return papi__lib.ncmp ? papi__lib.cmp[0].info.num_cntrs : 0;
	case PAPI_MAX_MPX_CTRS:
		return papi__lib.ncmp ? papi__lib.cmp[0].info.num_mpx_cntrs : 0;
	case PAPI_DEFDOM:
		return papi__evset_default_domain(0);
	case PAPI_DEFGRN:
		return papi__lib.default_granularity;
	default:
		break;
	}
	if (!ptr)
		return RET(PAPI_EINVAL);
	return RET(get_opt(option, ptr));
}

PAPI_EXPORT int PAPI_get_cmp_opt(int option, PAPI_option_t *ptr, int cidx)
{
	REQUIRE_INIT();
	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return RET(PAPI_ENOCMP);
	switch (option) {
	case PAPI_MAX_HWCTRS:
		papi__lib_info_fill(cidx, PAPI__INFO_COUNTERS);
		return papi__lib.cmp[cidx].info.num_cntrs;
	case PAPI_MAX_MPX_CTRS:
		return papi__lib.cmp[cidx].info.num_mpx_cntrs;
	case PAPI_DEFDOM:
		return papi__lib.cmp[cidx].info.default_domain;
	case PAPI_DEFGRN:
		return papi__lib.cmp[cidx].info.default_granularity;
	case PAPI_COMPONENTINFO:
		if (!ptr)
			return RET(PAPI_EINVAL);
		papi__lib_info_fill(cidx, PAPI__INFO_ALL);
		ptr->cmp_info =
			(PAPI_component_info_t *)papi__ed_component_info(cidx);
		return PAPI_OK;
	default:
		return PAPI_get_opt(option, ptr);
	}
}

PAPI_EXPORT int PAPI_set_domain(int domain)
{
	REQUIRE_INIT();
	return PAPI_set_cmp_domain(domain, 0);
}

PAPI_EXPORT int PAPI_set_cmp_domain(int domain, int cidx)
{
	REQUIRE_INIT();
	return RET(set_default_domain(domain, cidx));
}

PAPI_EXPORT int PAPI_set_granularity(int granularity)
{
	REQUIRE_INIT();
	return PAPI_set_cmp_granularity(granularity, 0);
}

PAPI_EXPORT int PAPI_set_cmp_granularity(int granularity, int cidx)
{
	REQUIRE_INIT();
	if (cidx < 0 || cidx >= papi__lib.ncmp)
		return RET(PAPI_ENOCMP);
	if (!valid_granularity(granularity))
		return RET(PAPI_EINVAL);
	if (granularity != PAPI_GRN_THR)
		return RET(PAPI_EINVAL);
	papi__lib.default_granularity = granularity;
	return PAPI_OK;
}
