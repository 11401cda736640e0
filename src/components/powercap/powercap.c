// SPDX-License-Identifier: BSD-3-Clause
/*
 * The powercap component: energy and power limits of the RAPL zones the
 * kernel's powercap driver shows under /sys/class/powercap (intel-rapl:N,
 * a package, and intel-rapl:N:M, its core / uncore / DRAM subzones; AMD's
 * Zen parts appear there too). PAPI 7.0's names: ENERGY_UJ:ZONE0,
 * POWER_LIMIT_A_UW:ZONE0_SUBZONE1...
 *
 * ENERGY_UJ counts microjoules from the start; the kernel's counter wraps
 * at the zone's max_energy_range_uj, which the engine handles (sampled.h).
 * The other events are the zone's settings (gauges). PAPI 7.0's NAME event
 * (the zone's name, which it read as the number 0) is left out: the name
 * is in every event's description instead.
 *
 * Since Linux 5.10 energy_uj is readable by root only: a zone whose files
 * cannot be read lists no event, and disabled_reason says why.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/sampled/sampled.h"

#define PC_DIR "/sys/class/powercap"
#define MAX_ZONES 64

static const struct {
	const char *name, *file, *units, *what;
	int zone_only; /* constraint 1 (B): packages only, as in PAPI */
} attrs[] = {
	{ "ENERGY_UJ", "energy_uj", "uJ", "energy", 0 },
	{ "MAX_ENERGY_RANGE_UJ", "max_energy_range_uj", "uJ",
	  "range of the energy counter (it wraps there)", 0 },
	{ "MAX_POWER_A_UW", "constraint_0_max_power_uw", "uW",
	  "maximum power of constraint A (long term)", 0 },
	{ "POWER_LIMIT_A_UW", "constraint_0_power_limit_uw", "uW",
	  "power limit of constraint A (long term)", 0 },
	{ "TIME_WINDOW_A_US", "constraint_0_time_window_us", "us",
	  "time window of constraint A (long term)", 0 },
	{ "MAX_POWER_B_UW", "constraint_1_max_power_uw", "uW",
	  "maximum power of constraint B (short term)", 1 },
	{ "POWER_LIMIT_B_UW", "constraint_1_power_limit_uw", "uW",
	  "power limit of constraint B (short term)", 1 },
	{ "TIME_WINDOW_B", "constraint_1_time_window_us", "us",
	  "time window of constraint B (short term)", 1 },
	{ "ENABLED", "enabled", "", "power limiting enabled (1) or not (0)",
	  0 },
};

#define NATTRS (sizeof(attrs) / sizeof(attrs[0]))

struct zones {
	int n;
	int zone[MAX_ZONES], sub[MAX_ZONES]; /* sub -1: a package zone */
};

/* intel-rapl:N or intel-rapl:N:M. */
static int collect(const char *name, void *arg)
{
	struct zones *z = arg;
	int a, b, len = 0;

	if (z->n == MAX_ZONES)
		return 0;
	if (sscanf(name, "intel-rapl:%d:%d%n", &a, &b, &len) == 2 &&
	    !name[len]) {
		z->zone[z->n] = a;
		z->sub[z->n++] = b;
	} else if (sscanf(name, "intel-rapl:%d%n", &a, &len) == 1 &&
		   !name[len]) {
		z->zone[z->n] = a;
		z->sub[z->n++] = -1;
	}
	return 0;
}

static int cmp_zone(const void *pa, const void *pb)
{
	const int *a = pa, *b = pb;

	return a[0] != b[0] ? (a[0] > b[0]) - (a[0] < b[0])
			    : (a[1] > b[1]) - (a[1] < b[1]);
}

/* Sorted: each package, then its subzones, as PAPI lists them. */
static void sort_zones(struct zones *z)
{
	int pairs[MAX_ZONES][2], i;

	for (i = 0; i < z->n; i++) {
		pairs[i][0] = z->zone[i];
		pairs[i][1] = z->sub[i];
	}
	qsort(pairs, (size_t)z->n, sizeof(pairs[0]), cmp_zone);
	for (i = 0; i < z->n; i++) {
		z->zone[i] = pairs[i][0];
		z->sub[i] = pairs[i][1];
	}
}

/* The events of one zone that can be read; how many were denied. */
static int add_zone(struct papi__smp *s, int zone, int sub, int *added)
{
	char dir[128], file[256], zname[64] = "", label[64];
	unsigned long long range = 0, v;
	unsigned int i;
	int denied = 0;

	if (sub < 0) {
		papi__smp_fmt(dir, sizeof(dir), PC_DIR "/intel-rapl:%d", zone);
		papi__smp_fmt(label, sizeof(label), "ZONE%d", zone);
	} else {
		papi__smp_fmt(dir, sizeof(dir), PC_DIR "/intel-rapl:%d:%d", zone,
			 sub);
		papi__smp_fmt(label, sizeof(label), "ZONE%d_SUBZONE%d", zone, sub);
	}
	papi__smp_fmt(file, sizeof(file), "%s/name", dir);
	papi__smp_read_text(s, file, zname, sizeof(zname));
	papi__smp_fmt(file, sizeof(file), "%s/max_energy_range_uj", dir);
	papi__smp_read_ull(s, file, &range);
	for (i = 0; i < NATTRS; i++) {
		struct papi__smp_event *e;
		int r;

		if (attrs[i].zone_only && sub >= 0)
			continue;
		papi__smp_fmt(file, sizeof(file), "%s/%s", dir, attrs[i].file);
		r = papi__smp_read_ull(s, file, &v);
		if (r == -13 || r == -1) { /* EACCES, EPERM */
			denied++;
			continue;
		}
		if (r < 0)
			continue;
		e = papi__smp_add(s);
		if (!e)
			return -1;
		papi__smp_fmt(e->name, sizeof(e->name), "%s:%s", attrs[i].name,
			 label);
		papi__smp_fmt(e->descr, sizeof(e->descr), "%s of %s (%s), %s",
			 attrs[i].what, label, zname[0] ? zname : "?",
			 attrs[i].units[0] ? attrs[i].units : "0 or 1");
		papi__smp_fmt(e->units, sizeof(e->units), "%s", attrs[i].units);
		papi__smp_path(s, e->path, sizeof(e->path), file);
		if (i == 0) {
			e->kind = PAPI__SMP_COUNTER;
			e->modulus = range;
		} else {
			e->kind = PAPI__SMP_GAUGE;
		}
		(*added)++;
	}
	return denied;
}

static int pc_init(struct papi__cmp *self)
{
	/* Every event is one number in one file: the engine samples them. */
	static const struct papi__smp_ops ops = { 0 };
	struct papi__smp *s = papi__smp_new(self, &ops);
	struct zones z = { 0 };
	char dir[PAPI__SMP_PATH];
	int i, ret, denied = 0, added = 0;

	if (!s)
		return PAPI_ENOMEM;
	papi__smp_info_fill(self, "Linux powercap energy measurements");
	papi__smp_path(s, dir, sizeof(dir), PC_DIR);
	ret = papi__os_list_dir(dir, collect, &z);
	if (ret < 0) {
		papi__smp_disable(self,
				  "no " PC_DIR " (kernel without powercap, or "
				  "no RAPL driver: intel_rapl_msr; a VM "
				  "usually has none)");
		return PAPI_OK;
	}
	sort_zones(&z);
	for (i = 0; i < z.n; i++) {
		int d = add_zone(s, z.zone[i], z.sub[i], &added);

		if (d < 0)
			return PAPI_ENOMEM;
		denied += d;
	}
	papi__smp_info_fill(self, "Linux powercap energy measurements");
	if (!z.n)
		papi__smp_disable(self, "no RAPL zone (intel-rapl:N) under "
				  PC_DIR);
	else if (!added)
		papi__smp_disable(self,
				  "%d RAPL zone(s) under " PC_DIR
				  " but none readable%s",
				  z.n, denied ? ": energy_uj is root's only "
						"since Linux 5.10 (run as root "
						"or chmod o+r)" : "");
	return PAPI_OK;
}

const struct papi__cmp_ops papi__powercap_ops = {
	.name = "powercap",
	.init = pc_init,
	PAPI__SMP_OPS,
};
