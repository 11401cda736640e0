// SPDX-License-Identifier: BSD-3-Clause
/*
 * The net component: each network interface's statistics, PAPI 7.0's 16
 * per interface named as it names them (net:::eth0:rx:bytes,
 * net:::eth0:tx:colls...), the order of /proc/net/dev's columns. PAPI reads
 * /proc/net/dev, and caches it for a second; we read the kernel's own
 * counters, /sys/class/net/IF/statistics/ (one file per counter), at every read. Where
 * /proc/net/dev sums several of them (its "drop" adds rx_missed_errors,
 * its "frame" the length, overrun and CRC errors), the event is the one
 * counter named.
 *
 * Interfaces are those present at PAPI_library_init, in ifindex order.
 * One that goes away while a set counts makes PAPI_read return PAPI_ESYS;
 * one that comes back under the same name is a new device whose counters
 * start again from 0: a count below the start is PAPI_ESYS too, never a
 * wrapped-around number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "components/sampled/sampled.h"

#define NET_DIR "/sys/class/net"
#define MAX_IFS 256

static const struct {
	const char *name, *file, *units, *descr;
} stats[] = {
	{ "rx:bytes", "rx_bytes", "bytes", "receive bytes" },
	{ "rx:packets", "rx_packets", "packets", "receive packets" },
	{ "rx:errors", "rx_errors", "", "receive errors" },
	{ "rx:dropped", "rx_dropped", "", "receive dropped" },
	{ "rx:fifo", "rx_fifo_errors", "", "receive fifo errors" },
	{ "rx:frame", "rx_frame_errors", "", "receive frame errors" },
	{ "rx:compressed", "rx_compressed", "", "receive compressed" },
	{ "rx:multicast", "multicast", "packets", "receive multicast" },
	{ "tx:bytes", "tx_bytes", "bytes", "transmit bytes" },
	{ "tx:packets", "tx_packets", "packets", "transmit packets" },
	{ "tx:errors", "tx_errors", "", "transmit errors" },
	{ "tx:dropped", "tx_dropped", "", "transmit dropped" },
	{ "tx:fifo", "tx_fifo_errors", "", "transmit fifo errors" },
	{ "tx:colls", "collisions", "", "transmit collisions" },
	{ "tx:carrier", "tx_carrier_errors", "", "transmit carrier errors" },
	{ "tx:compressed", "tx_compressed", "", "transmit compressed" },
};

#define NSTATS (sizeof(stats) / sizeof(stats[0]))

struct iface {
	char name[64];
	long long index;
};

struct ifs {
	int n;
	struct iface i[MAX_IFS];
};

static int collect(const char *name, void *arg)
{
	struct ifs *f = arg;

	if (f->n < MAX_IFS && strlen(name) < sizeof(f->i[0].name))
		papi__smp_fmt(f->i[f->n++].name, sizeof(f->i[0].name), "%s", name);
	return 0;
}

static int by_index(const void *pa, const void *pb)
{
	long long a = ((const struct iface *)pa)->index;
	long long b = ((const struct iface *)pb)->index;

	return (a > b) - (a < b);
}

static int net_init(struct papi__cmp *self)
{
	static const struct papi__smp_ops ops = { 0 };
	struct papi__smp *s = papi__smp_new(self, &ops);
	struct ifs *f = calloc(1, sizeof(*f));
	char path[PAPI__SMP_PATH];
	int k;

	if (!s || !f) {
		free(f);
		return PAPI_ENOMEM;
	}
	papi__smp_path(s, path, sizeof(path), NET_DIR);
	if (papi__os_list_dir(path, collect, f) < 0) {
		free(f);
		papi__smp_info_fill(self, "Linux network driver statistics");
		papi__smp_disable(self, "no " NET_DIR " (sysfs not mounted?)");
		return PAPI_OK;
	}
	for (k = 0; k < f->n; k++) {
		unsigned long long ix = 0;

		papi__smp_fmt(path, sizeof(path), NET_DIR "/%s/ifindex",
			 f->i[k].name);
		f->i[k].index = papi__smp_read_ull(s, path, &ix) == 0
					? (long long)ix
					: (1LL << 40) + k;
	}
	qsort(f->i, (size_t)f->n, sizeof(f->i[0]), by_index);
	for (k = 0; k < f->n; k++) {
		unsigned int j;

		for (j = 0; j < NSTATS; j++) {
			struct papi__smp_event *e;
			unsigned long long v;

			papi__smp_fmt(path, sizeof(path), NET_DIR "/%s/statistics/%s",
				 f->i[k].name, stats[j].file);
			if (papi__smp_read_ull(s, path, &v) < 0)
				continue;
			e = papi__smp_add(s);
			if (!e) {
				free(f);
				return PAPI_ENOMEM;
			}
			papi__smp_fmt(e->name, sizeof(e->name), "%s:%s",
				 f->i[k].name, stats[j].name);
			papi__smp_fmt(e->descr, sizeof(e->descr), "%s %s",
				 f->i[k].name, stats[j].descr);
			papi__smp_fmt(e->units, sizeof(e->units), "%s",
				 stats[j].units);
			papi__smp_path(s, e->path, sizeof(e->path), path);
			e->kind = PAPI__SMP_COUNTER;
		}
	}
	free(f);
	papi__smp_info_fill(self, "Linux network driver statistics");
	if (!s->n)
		papi__smp_disable(self, "no network interface with readable "
				  "statistics under " NET_DIR);
	return PAPI_OK;
}

const struct papi__cmp_ops papi__net_ops = {
	.name = "net",
	.init = net_init,
	PAPI__SMP_OPS,
};
