// SPDX-License-Identifier: BSD-3-Clause
/* Every component compiled in, in index order. */
#include "cmp/cmp.h"

extern const struct papi__cmp_ops papi__perf_event_ops;
extern const struct papi__cmp_ops papi__sysdetect_ops;
extern const struct papi__cmp_ops papi__appio_ops;
extern const struct papi__cmp_ops papi__sde_ops;
extern const struct papi__cmp_ops papi__powercap_ops;
extern const struct papi__cmp_ops papi__rapl_ops;
extern const struct papi__cmp_ops papi__net_ops;
extern const struct papi__cmp_ops papi__io_ops;
extern const struct papi__cmp_ops papi__stealtime_ops;
extern const struct papi__cmp_ops papi__coretemp_ops;
extern const struct papi__cmp_ops papi__lmsensors_ops;

static const struct papi__cmp_ops *const components[] = {
	&papi__perf_event_ops,
	&papi__sysdetect_ops,
	&papi__appio_ops,
	&papi__sde_ops,
	&papi__powercap_ops,
	&papi__rapl_ops,
	&papi__net_ops,
	&papi__io_ops,
	&papi__stealtime_ops,
	&papi__coretemp_ops,
	&papi__lmsensors_ops,
};

int papi__registry_count(void)
{
	return (int)(sizeof(components) / sizeof(components[0]));
}

const struct papi__cmp_ops *papi__registry_ops(int cidx)
{
	if (cidx < 0 || cidx >= papi__registry_count())
		return NULL;
	return components[cidx];
}
