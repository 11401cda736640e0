// SPDX-License-Identifier: BSD-3-Clause
/*
 * The sysdetect component, as in PAPI 7: no counters and no events; its
 * being enabled tells programs such as papi_hardware_avail that the device
 * query calls (PAPI_enum_dev_type, PAPI_get_dev_type_attr,
 * PAPI_get_dev_attr; src/core/devinfo.c) answer. Only the CPU device type
 * exists in this build: there is no CUDA or ROCm component.
 */
#include <stdio.h>

#include "cmp/cmp.h"

static int sd_init(struct papi__cmp *self)
{
	PAPI_component_info_t *in = &self->info;

	snprintf(in->short_name, sizeof(in->short_name), "sysdetect");
	snprintf(in->description, sizeof(in->description),
		 "System devices and their attributes (CPU)");
	snprintf(in->version, sizeof(in->version), "1.0");
	in->default_domain = PAPI_DOM_USER;
	in->available_domains = PAPI_DOM_USER;
	in->default_granularity = PAPI_GRN_THR;
	in->available_granularities = PAPI_GRN_THR;
	return PAPI_OK;
}

static int sd_ntv_enum(struct papi__cmp *self, unsigned int *code, int mod)
{
	return PAPI_ENOEVNT; /* no events */
}

static int sd_ntv_name_to_code(struct papi__cmp *self, const char *name,
			       unsigned int *code)
{
	return PAPI_ENOEVNT;
}

static int sd_ntv_code_to_name(struct papi__cmp *self, unsigned int code,
			       char *name, int len)
{
	return PAPI_ENOEVNT;
}

const struct papi__cmp_ops papi__sysdetect_ops = {
	.name = "sysdetect",
	.init = sd_init,
	.ntv_enum = sd_ntv_enum,
	.ntv_name_to_code = sd_ntv_name_to_code,
	.ntv_code_to_name = sd_ntv_code_to_name,
};
