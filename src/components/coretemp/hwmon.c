// SPDX-License-Identifier: BSD-3-Clause
/* The hwmon scanner shared by coretemp and lmsensors (hwmon.h). */
#include "components/coretemp/hwmon.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define HWMON_DIR "/sys/class/hwmon"
#define MAX_DIRS 128
#define MAX_ATTRS 512

static const char *const classes[HWMON_NCLASS] = {
	"in", "temp", "fan", "power", "energy", "curr", "humidity",
	"intrusion",
};

struct dirs {
	int n;
	int num[MAX_DIRS];
};

static int collect_dir(const char *name, void *arg)
{
	struct dirs *d = arg;
	int n, len = 0;

	if (d->n < MAX_DIRS && sscanf(name, "hwmon%d%n", &n, &len) == 1 &&
	    !name[len])
		d->num[d->n++] = n;
	return 0;
}

static int by_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

struct attr {
	int cls, number;
	char item[32];
};

struct attrs {
	int n;
	struct attr a[MAX_ATTRS];
};

/* CLASS<n>_<item>, a known class; _label files are labels, not values. */
static int parse_attr(const char *name, struct attr *out)
{
	int c;

	for (c = 0; c < HWMON_NCLASS; c++) {
		size_t cl = strlen(classes[c]);
		const char *p = name + cl;
		int num = 0, digits = 0;

		if (strncmp(name, classes[c], cl))
			continue;
		for (; *p >= '0' && *p <= '9'; p++, digits++)
			num = num * 10 + (*p - '0');
		if (!digits || *p != '_' || !p[1] || strlen(p + 1) >= 32 ||
		    !strcmp(p + 1, "label"))
			return -1;
		out->cls = c;
		out->number = num;
		papi__smp_fmt(out->item, sizeof(out->item), "%s", p + 1);
		return 0;
	}
	return -1;
}

static int collect_attr(const char *name, void *arg)
{
	struct attrs *as = arg;

	if (as->n < MAX_ATTRS && parse_attr(name, &as->a[as->n]) == 0)
		as->n++;
	return 0;
}

/* "input" first, then the others alphabetically: libsensors' order is
 * its own table's; this one is stable and puts the reading first. */
static int by_attr(const void *pa, const void *pb)
{
	const struct attr *a = pa, *b = pb;
	int ia = !strcmp(a->item, "input"), ib = !strcmp(b->item, "input");

	if (a->cls != b->cls)
		return (a->cls > b->cls) - (a->cls < b->cls);
	if (a->number != b->number)
		return (a->number > b->number) - (a->number < b->number);
	if (ia != ib)
		return ib - ia;
	return strcmp(a->item, b->item);
}

static const char *base(const char *p)
{
	const char *b = strrchr(p, '/');

	return b ? b + 1 : p;
}

/* libsensors' chip name: MODULE-BUS-ADDRESS from the device's bus. */
static void chip_name(const struct papi__smp *s, const char *dir,
		      const char *module, char *out, size_t len)
{
	char rel[256], full[PAPI__SMP_PATH], link[256], dev[128], bus[64];
	const char *devlink[] = { "device", "device/device" };
	unsigned int a, b, c, d, i;

	papi__smp_fmt(out, len, "%s-virtual-0", module);
	for (i = 0; i < 2; i++) {
		papi__smp_fmt(rel, sizeof(rel), "%s/%s", dir, devlink[i]);
		papi__smp_path(s, full, sizeof(full), rel);
		if (papi__os_readlink(full, link, sizeof(link)) < 0)
			return;
		papi__smp_fmt(dev, sizeof(dev), "%s", base(link));
		papi__smp_fmt(rel, sizeof(rel), "%s/%s/subsystem", dir, devlink[i]);
		papi__smp_path(s, full, sizeof(full), rel);
		if (papi__os_readlink(full, link, sizeof(link)) < 0)
			return;
		papi__smp_fmt(bus, sizeof(bus), "%s", base(link));
		if (!strcmp(bus, "pci") &&
		    sscanf(dev, "%x:%x:%x.%x", &a, &b, &c, &d) == 4) {
			papi__smp_fmt(out, len, "%s-pci-%04x", module,
				 (a << 16) + (b << 8) + (c << 3) + d);
			return;
		}
		if (!strcmp(bus, "platform") || !strcmp(bus, "of_platform")) {
			const char *dot = strrchr(dev, '.');

			papi__smp_fmt(out, len, "%s-isa-%04x", module,
				 dot ? (unsigned int)atoi(dot + 1) : 0);
			return;
		}
		if (!strcmp(bus, "i2c") &&
		    sscanf(dev, "%u-%x", &a, &b) == 2) {
			papi__smp_fmt(out, len, "%s-i2c-%u-%02x", module, a, b);
			return;
		}
		if (!strcmp(bus, "acpi")) {
			papi__smp_fmt(out, len, "%s-acpi-0", module);
			return;
		}
		/* A class device (nvme0): its parent's bus names it. */
	}
}

/* The attributes of one hwmon directory (or its device/). */
static int scan_one(const struct papi__smp *s, int num,
		    int (*fn)(const struct papi__hwmon_sensor *, void *),
		    void *arg, struct attrs *as, struct papi__hwmon_sensor *h)
{
	const char *sub[] = { "", "/device" };
	char rel[256], full[PAPI__SMP_PATH], where[128];
	int i, k, r;

	for (k = 0; k < 2; k++) {
		as->n = 0;
		papi__smp_fmt(where, sizeof(where), HWMON_DIR "/hwmon%d%s", num,
			 sub[k]);
		papi__smp_path(s, full, sizeof(full), where);
		papi__os_list_dir(full, collect_attr, as);
		if (as->n)
			break;
	}
	if (!as->n)
		return 0;
	qsort(as->a, (size_t)as->n, sizeof(as->a[0]), by_attr);
	memset(h, 0, sizeof(*h));
	papi__smp_fmt(h->dir, sizeof(h->dir), "hwmon%d", num);
	papi__smp_fmt(rel, sizeof(rel), "%s/name", where);
	if (papi__smp_read_text(s, rel, h->module, sizeof(h->module)) <= 0)
		papi__smp_fmt(h->module, sizeof(h->module), "Unknown");
	papi__smp_fmt(rel, sizeof(rel), HWMON_DIR "/hwmon%d", num);
	chip_name(s, rel, h->module, h->chip, sizeof(h->chip));
	for (i = 0; i < as->n; i++) {
		const struct attr *a = &as->a[i];
		unsigned long long v;

		papi__smp_fmt(h->feature, sizeof(h->feature), "%s%d",
			 classes[a->cls], a->number);
		papi__smp_fmt(h->attr, sizeof(h->attr), "%s_%s", h->feature,
			 a->item);
		papi__smp_fmt(rel, sizeof(rel), "%s/%s", where, h->attr);
		if (papi__smp_read_ull(s, rel, &v) < 0)
			continue; /* write-only, or a driver error */
		papi__smp_path(s, h->path, sizeof(h->path), rel);
		papi__smp_fmt(rel, sizeof(rel), "%s/%s_label", where, h->feature);
		if (papi__smp_read_text(s, rel, h->label, sizeof(h->label)) < 0)
			h->label[0] = '\0';
		h->item = a->item;
		h->cls = a->cls;
		h->number = a->number;
		if ((r = fn(h, arg)) != 0)
			return r;
	}
	return 0;
}

int papi__hwmon_scan(const struct papi__smp *s,
		     int (*fn)(const struct papi__hwmon_sensor *h, void *arg),
		     void *arg)
{
	struct dirs d = { 0 };
	struct attrs *as;
	struct papi__hwmon_sensor *h;
	char full[PAPI__SMP_PATH];
	int i, r = 0;

	papi__smp_path(s, full, sizeof(full), HWMON_DIR);
	r = papi__os_list_dir(full, collect_dir, &d);
	if (r < 0)
		return r;
	qsort(d.num, (size_t)d.n, sizeof(d.num[0]), by_int);
	as = malloc(sizeof(*as));
	h = malloc(sizeof(*h));
	if (!as || !h) {
		free(as);
		free(h);
		return -12; /* ENOMEM */
	}
	for (i = 0; i < d.n && r == 0; i++)
		r = scan_one(s, d.num[i], fn, arg, as, h);
	free(as);
	free(h);
	return r < 0 ? r : d.n;
}
