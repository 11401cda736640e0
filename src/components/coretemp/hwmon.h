/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_COMPONENTS_HWMON_H
#define PAPI_COMPONENTS_HWMON_H

/*
 * The hardware monitoring sensors of /sys/class/hwmon, as coretemp and
 * lmsensors list them (Documentation/hwmon/sysfs-interface): each
 * hwmonN directory (its attributes in it, or in its device/ directory on
 * old kernels), each attribute CLASS<n>_<item> of a known class (in, temp,
 * fan, power, energy, curr, humidity, intrusion) that reads as a number.
 */
#include "components/sampled/sampled.h"

enum papi__hwmon_class {
	HWMON_IN, HWMON_TEMP, HWMON_FAN, HWMON_POWER, HWMON_ENERGY,
	HWMON_CURR, HWMON_HUMIDITY, HWMON_INTRUSION, HWMON_NCLASS
};

struct papi__hwmon_sensor {
	char dir[64];      /* "hwmon0" */
	char module[64];   /* its "name" file: "coretemp", "k10temp" */
	char chip[128];    /* libsensors' chip name: "coretemp-isa-0000" */
	char feature[32];  /* "temp1" */
	char label[64];    /* temp1_label, or "" */
	char attr[64];     /* "temp1_input" */
	const char *item;  /* "input", "max", "crit_alarm"... */
	int cls;           /* enum papi__hwmon_class */
	int number;        /* 1 of temp1 */
	char path[PAPI__SMP_PATH]; /* the attribute, root included */
};

/* Calls fn for each sensor attribute, hwmon directories in number order,
 * then class, number and item; fn returns non-zero to stop. The count of
 * hwmon directories, or -errno when /sys/class/hwmon cannot be listed. */
int papi__hwmon_scan(const struct papi__smp *s,
		     int (*fn)(const struct papi__hwmon_sensor *h, void *arg),
		     void *arg);

#endif
