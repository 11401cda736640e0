// SPDX-License-Identifier: BSD-3-Clause
/*
 * The coretemp component: the readings of /sys/class/hwmon as PAPI 7.0's
 * coretemp names them, hwmonN:tempI_input (millidegrees Celsius, PAPI's
 * unit "degrees C" notwithstanding), hwmonN:inI_input (millivolts) and
 * hwmonN:fanI_input (RPM): the raw sysfs values, each the present reading
 * (PAPI_read gives it, not a difference). Unlike PAPI's, which tried
 * numbers 0 to 31, every sensor the directory lists is found.
 */
#include <stdio.h>
#include <string.h>

#include "components/coretemp/hwmon.h"

static int add(const struct papi__hwmon_sensor *h, void *arg)
{
	struct papi__smp *s = arg;
	struct papi__smp_event *e;
	const char *units;

	if (strcmp(h->item, "input"))
		return 0;
	if (h->cls == HWMON_IN)
		units = "V";
	else if (h->cls == HWMON_TEMP)
		units = "degrees C";
	else if (h->cls == HWMON_FAN)
		units = "RPM";
	else
		return 0;
	if (!(e = papi__smp_add(s)))
		return -12;
	papi__smp_fmt(e->name, sizeof(e->name), "%s:%s", h->dir, h->attr);
	papi__smp_fmt(e->descr, sizeof(e->descr), "%s, %s module, label %s", units,
		 h->module, h->label[0] ? h->label : "?");
	papi__smp_fmt(e->units, sizeof(e->units), "%s", units);
	papi__smp_fmt(e->path, sizeof(e->path), "%s", h->path);
	e->kind = PAPI__SMP_GAUGE;
	e->data_type = PAPI_DATATYPE_INT64;
	return 0;
}

static int ct_init(struct papi__cmp *self)
{
	static const struct papi__smp_ops ops = { 0 };
	struct papi__smp *s = papi__smp_new(self, &ops);
	int r;

	if (!s)
		return PAPI_ENOMEM;
	r = papi__hwmon_scan(s, add, s);
	if (r == -12)
		return PAPI_ENOMEM;
	papi__smp_info_fill(self, "Linux hwmon temperatures, voltages, fans");
	if (r < 0)
		papi__smp_disable(self, "no /sys/class/hwmon: no hardware "
				  "monitoring driver (a VM usually has none)");
	else if (!s->n)
		papi__smp_disable(self, "no readable temperature, voltage or "
				  "fan input under /sys/class/hwmon (%d "
				  "hwmon devices)", r);
	return PAPI_OK;
}

const struct papi__cmp_ops papi__coretemp_ops = {
	.name = "coretemp",
	.init = ct_init,
	PAPI__SMP_OPS,
};
