// SPDX-License-Identifier: BSD-3-Clause
/*
 * The lmsensors component: every hardware monitoring reading, named as
 * PAPI 7.0's lmsensors (built on libsensors) names them,
 * CHIP.LABEL.ATTRIBUTE: coretemp-isa-0000.Core_0.temp2_input,
 * k10temp-pci-00c3.Tctl.temp1_input (the label's spaces made '_'; a
 * sensor without a label file is named by its feature, temp1). The value
 * is PAPI's: the reading in its natural unit (degrees C, V, RPM, W, J, A)
 * times 1000, an alarm 0 or 1000; the present value, not a difference.
 *
 * We read /sys/class/hwmon directly (hwmon.h) rather than load
 * libsensors: no library to find, and the same attributes. What differs:
 * libsensors' configuration files (sensors.conf labels, computations,
 * ignored chips) are not applied, so a label or a scaled voltage that a
 * configuration changes reads as the driver gives it.
 */
#include <stdio.h>
#include <string.h>

#include "components/coretemp/hwmon.h"

/* Booleans and raw settings, whose natural unit is the number itself. */
static int plain_item(const char *item)
{
	size_t n = strlen(item);

	return !strcmp(item, "fault") || !strcmp(item, "beep") ||
	       !strcmp(item, "type") || !strcmp(item, "div") ||
	       !strcmp(item, "alarm") ||
	       (n > 6 && !strcmp(item + n - 6, "_alarm")) ||
	       (n > 5 && !strcmp(item + n - 5, "_beep"));
}

static int add(const struct papi__hwmon_sensor *h, void *arg)
{
	struct papi__smp *s = arg;
	struct papi__smp_event *e;
	char label[64], *p;

	if (!(e = papi__smp_add(s)))
		return -12;
	papi__smp_fmt(label, sizeof(label), "%s", h->label[0] ? h->label
							 : h->feature);
	for (p = label; *p; p++)
		if (*p == ' ')
			*p = '_';
	papi__smp_fmt(e->name, sizeof(e->name), "%s.%s.%s", h->chip, label,
		 h->attr);
	papi__smp_fmt(e->descr, sizeof(e->descr), "%s", e->name);
	papi__smp_fmt(e->path, sizeof(e->path), "%s", h->path);
	e->kind = PAPI__SMP_GAUGE;
	e->data_type = PAPI_DATATYPE_INT64;
	/* sysfs units to natural units times 1000: arg[0] / arg[1]. */
	e->arg[0] = e->arg[1] = 1;
	if (plain_item(h->item) || h->cls == HWMON_FAN ||
	    h->cls == HWMON_INTRUSION)
		e->arg[0] = 1000; /* RPM, 0/1 */
	else if (h->cls == HWMON_POWER || h->cls == HWMON_ENERGY)
		e->arg[1] = 1000; /* uW, uJ */
	return 0;
}

static long long lm_scale(const struct papi__smp *s, unsigned int code,
			  unsigned long long v)
{
	const struct papi__smp_event *e = &s->ev[code];

	return (long long)v * e->arg[0] / e->arg[1];
}

static int lm_init(struct papi__cmp *self)
{
	static const struct papi__smp_ops ops = { .scale = lm_scale };
	struct papi__smp *s = papi__smp_new(self, &ops);
	int r;

	if (!s)
		return PAPI_ENOMEM;
	r = papi__hwmon_scan(s, add, s);
	if (r == -12)
		return PAPI_ENOMEM;
	papi__smp_info_fill(
		self, "lm-sensors provides tools for monitoring the hardware "
		      "health");
	if (r < 0)
		papi__smp_disable(self, "no /sys/class/hwmon: no hardware "
				  "monitoring driver (a VM usually has none)");
	else if (!s->n)
		papi__smp_disable(self, "no readable sensor under "
				  "/sys/class/hwmon (%d hwmon devices)", r);
	return PAPI_OK;
}

const struct papi__cmp_ops papi__lmsensors_ops = {
	.name = "lmsensors",
	.init = lm_init,
	PAPI__SMP_OPS,
};
