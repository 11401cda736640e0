// SPDX-License-Identifier: BSD-3-Clause
/*
 * The perf_event user page: mapping it, finding out once, at init,
 * whether this machine lets counters be read in user space at all, and
 * counting forks (a child has none of the pages: pe_ctl.h,
 * papi__pe_fork_gen). The read protocol itself is in pe_mmap.h.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "components/perf_event/pe.h"
#include "components/perf_event/pe_ctl.h"
#include "components/perf_event/pe_mmap.h"
#include "core/err.h"
#include "os/os.h"

#define SYSFS_PMUS "/sys/bus/event_source/devices"

unsigned int papi__pe_fork_gen;

static void forked(void)
{
	papi__pe_fork_gen++;
}

static void watch_once(void)
{
	pthread_atfork(NULL, NULL, forked);
}

/* Once per process, however often the library is initialized. */
void papi__pe_fork_watch(void)
{
	static pthread_once_t once = PTHREAD_ONCE_INIT;

	pthread_once(&once, watch_once);
}

int papi__pe_mmap_open(int fd, struct perf_event_mmap_page **pg)
{
	void *p;
	int ret;

	/* One page: the header only, no sample buffer (the kernel rounds the
	 * length up to its page size). */
	ret = papi__os_mmap_ro(fd, sizeof(**pg), &p);
	if (ret < 0)
		return papi__err_from_errno(ret);
	*pg = p;
	return PAPI_OK;
}

void papi__pe_mmap_close(struct perf_event_mmap_page *pg)
{
	if (pg)
		papi__os_munmap(pg, sizeof(*pg));
}

int papi__pe_mmap_type_ok(unsigned int type)
{
	return type == PERF_TYPE_HARDWARE || type == PERF_TYPE_HW_CACHE ||
	       type == PERF_TYPE_RAW || type >= PERF_TYPE_MAX;
}

void papi__pe_mmap_attr(const struct pe_state *st, struct perf_event_attr *attr)
{
	unsigned int t = attr->type;

	if (st->rdpmc_config1 &&
	    (t == PERF_TYPE_HARDWARE || t == PERF_TYPE_HW_CACHE ||
	     t == PERF_TYPE_RAW || t == st->rdpmc_type))
		attr->config1 |= st->rdpmc_config1;
}

/* A PMU whose format has an "rdpmc" term wants it set by every event that
 * is to be read in user space; "config1:1" on arm64 PMUv3. */
static int find_rdpmc_term(const char *pmu, void *arg)
{
	struct pe_state *st = arg;
	char path[512], buf[64];
	char *end;
	long bit;

	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/format/rdpmc", pmu);
	if (papi__os_read_file(path, buf, sizeof(buf)) <= 0 ||
	    strncmp(buf, "config1:", 8))
		return 0;
	bit = strtol(buf + 8, &end, 10);
	if (end == buf + 8 || bit < 0 || bit > 63 || (*end && *end != '\n'))
		return 0;
	snprintf(path, sizeof(path), SYSFS_PMUS "/%s/type", pmu);
	if (papi__os_read_file(path, buf, sizeof(buf)) <= 0)
		return 0;
	st->rdpmc_type = (unsigned int)strtoul(buf, NULL, 10);
	st->rdpmc_config1 = 1ull << bit;
	return 1;
}

void papi__pe_mmap_probe(struct pe_state *st)
{
	const volatile struct perf_event_mmap_page *vp;
	struct perf_event_mmap_page *pg = NULL;
	struct perf_event_attr a;
	int fd;

	st->user_read = 0;
	if (!papi__arch_has_pmc_read())
		return;
	papi__os_list_dir(SYSFS_PMUS, find_rdpmc_term, st);
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_CPU_CYCLES;
	a.disabled = 1;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	papi__pe_mmap_attr(st, &a);
	fd = papi__os_perf_open(&a, 0, -1, -1, 0);
	if (fd < 0)
		return;
	if (papi__pe_mmap_open(fd, &pg) == PAPI_OK) {
		/* Enabled, the event is on a counter of this CPU at once, and
		 * the page names it unless user reads are refused. */
		if (papi__os_ioctl(fd, PERF_EVENT_IOC_ENABLE, 0) == 0) {
			vp = pg;
			st->user_read =
				(vp->capabilities & PE_CAP_USER_RDPMC) &&
				vp->index != 0;
			papi__os_ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
		}
		papi__pe_mmap_close(pg);
	}
	papi__os_close(fd);
}
