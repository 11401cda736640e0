// SPDX-License-Identifier: BSD-3-Clause
/*
 * The sysdetect component, as in PAPI 7: no counters and no events; its
 * being enabled tells programs such as papi_hardware_avail that the device
 * query calls (PAPI_enum_dev_type, PAPI_get_dev_type_attr,
 * PAPI_get_dev_attr; src/core/devinfo.c) answer. Only the CPU device type
 * exists in this build: there is no CUDA or ROCm component.
 *
 * At init it asks the OS for the machine's core types and keeps them: a
 * hybrid machine is one CPU device per type (PAPI_hw_info_t can describe
 * only one). Where each type's clock rate came from is stated as a note in
 * disabled_reason (the component stays enabled), which papi_component_avail
 * -d prints.
 */
#include "components/sysdetect/sysdetect.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct sd_state {
	int n;
	struct papi__sd_cpu cpu[PAPI__OS_MAX_CPU_TYPES];
};

/* A hybrid type's device name. The kind is left out where the model
 * already says it (arm64: "ARM Cortex-A76"). */
static void name_type(struct papi__sd_cpu *c)
{
	const struct papi__os_cpu_type *t = &c->t;
	char rate[32] = "";
	const char *model = t->hw.model_string[0] ? t->hw.model_string : "CPU";

	int n;

	if (t->hw.cpu_max_mhz > 0)
		snprintf(rate, sizeof(rate), ", %d MHz", t->hw.cpu_max_mhz);
	/* A name longer than the field is cut, as PAPI cuts its strings. */
	if (!t->kind[0] || strstr(model, t->kind))
		n = snprintf(c->name, sizeof(c->name), "%s (CPUs %s%s)", model,
			     t->cpus, rate);
	else
		n = snprintf(c->name, sizeof(c->name), "%s (%s: CPUs %s%s)",
			     model, t->kind, t->cpus, rate);
	(void)n;
}

/* "CPU clock: 2596 MHz (/proc/cpuinfo cpu MHz)", per type when hybrid. */
static void clock_note(struct papi__cmp *self, const struct sd_state *st)
{
	char *out = self->info.disabled_reason;
	size_t len = sizeof(self->info.disabled_reason), used;
	int i;

	used = (size_t)snprintf(out, len, "CPU clock:");
	for (i = 0; i < st->n && used < len; i++) {
		const struct papi__os_cpu_type *t = &st->cpu[i].t;

		used += (size_t)snprintf(out + used, len - used,
					 "%s%s%s %d MHz (%s)", i ? ";" : "",
					 t->kind[0] ? " " : "", t->kind,
					 t->hw.cpu_max_mhz, t->mhz_source);
	}
}

/* The machine's core types, or NULL when the OS cannot tell. */
static struct sd_state *read_types(void)
{
	struct sd_state *st = calloc(1, sizeof(*st));
	struct papi__os_cpu_type *t =
		calloc(PAPI__OS_MAX_CPU_TYPES, sizeof(*t));
	int i;

	if (st && t)
		st->n = papi__os_cpu_types(t, PAPI__OS_MAX_CPU_TYPES);
	for (i = 0; st && i < st->n; i++) {
		st->cpu[i].t = t[i];
		name_type(&st->cpu[i]);
	}
	free(t);
	if (st && st->n < 1) {
		free(st);
		st = NULL;
	}
	return st;
}

static int sd_init(struct papi__cmp *self)
{
	PAPI_component_info_t *in = &self->info;
	struct sd_state *st;

	snprintf(in->short_name, sizeof(in->short_name), "sysdetect");
	snprintf(in->description, sizeof(in->description),
		 "System devices and their attributes (CPU)");
	snprintf(in->version, sizeof(in->version), "1.0");
	in->default_domain = PAPI_DOM_USER;
	in->available_domains = PAPI_DOM_USER;
	in->default_granularity = PAPI_GRN_THR;
	in->available_granularities = PAPI_GRN_THR;
	/* Without the types the device queries describe the machine from
	 * PAPI_hw_info_t alone, as one CPU device: not a reason to fail. */
	st = read_types();
	if (st)
		clock_note(self, st);
	self->priv = st;
	return PAPI_OK;
}

static void sd_fini(struct papi__cmp *self)
{
	free(self->priv);
	self->priv = NULL;
}

const struct papi__sd_cpu *papi__sysdetect_cpus(const struct papi__cmp *c,
						int *n)
{
	const struct sd_state *st;

	if (!c || !n || c->ops != &papi__sysdetect_ops || !c->priv)
		return NULL;
	st = c->priv;
	*n = st->n;
	return st->cpu;
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
	.fini = sd_fini,
	.ntv_enum = sd_ntv_enum,
	.ntv_name_to_code = sd_ntv_name_to_code,
	.ntv_code_to_name = sd_ntv_code_to_name,
};
