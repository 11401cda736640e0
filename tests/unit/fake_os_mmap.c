// SPDX-License-Identifier: BSD-3-Clause
/*
 * Memory mappings for the fake OS layer (see fake_os_mmap.h): pages of
 * plain memory that stand in for perf_event user pages, one per mapping,
 * tracked so that a test can write them and catch leaks and bad unmaps.
 */
#include "fake_os_mmap.h"

#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "fake_os.h"
#include "os/os.h"

#define MAX_MAPS 256
#define PAGE 4096

struct map {
	void *addr;
	int fd;
};

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static struct map maps[MAX_MAPS];
static uint64_t t_caps;
static uint32_t t_index;
static uint16_t t_width;
static int fail_next, ncalls, nbad;
static void (*on_map)(int fd, struct perf_event_mmap_page *pg);

int papi__os_mmap_ro(int fd, size_t len, void **addr)
{
	struct perf_event_mmap_page *pg = NULL;
	void (*hook)(int, struct perf_event_mmap_page *);
	int i, err = 0;

	pthread_mutex_lock(&mu);
	ncalls++;
	if (fail_next) {
		err = fail_next;
		fail_next = 0;
	} else if (!fake_os_fd_is_open(fd) || len == 0 || len > PAGE) {
		err = fd < 0 || !fake_os_fd_is_open(fd) ? -EBADF : -EINVAL;
		nbad++;
	}
	for (i = 0; !err && i < MAX_MAPS && maps[i].addr; i++)
		;
	if (!err &&
	    (i == MAX_MAPS || !(maps[i].addr = aligned_alloc(PAGE, PAGE))))
		err = -ENOMEM;
	if (!err) {
		pg = maps[i].addr;
		memset(pg, 0, PAGE);
		pg->capabilities = t_caps;
		pg->index = t_index;
		pg->pmc_width = t_width;
		maps[i].fd = fd;
		*addr = pg;
	}
	hook = on_map;
	pthread_mutex_unlock(&mu);
	/* Outside the lock: the hook may look pages up. */
	if (pg && hook)
		hook(fd, pg);
	return err;
}

int papi__os_munmap(void *addr, size_t len)
{
	int i, err = -EINVAL;

	pthread_mutex_lock(&mu);
	for (i = 0; i < MAX_MAPS; i++)
		if (addr && maps[i].addr == addr) {
			free(addr);
			maps[i].addr = NULL;
			err = 0;
			break;
		}
	if (err || len == 0 || len > PAGE)
		nbad++;
	pthread_mutex_unlock(&mu);
	return err;
}

void fake_os_mmap_template(uint64_t caps, uint32_t index, uint16_t width)
{
	pthread_mutex_lock(&mu);
	t_caps = caps;
	t_index = index;
	t_width = width;
	pthread_mutex_unlock(&mu);
}

void fake_os_mmap_on_map(void (*fn)(int fd, struct perf_event_mmap_page *pg))
{
	pthread_mutex_lock(&mu);
	on_map = fn;
	pthread_mutex_unlock(&mu);
}

struct perf_event_mmap_page *fake_os_mmap_page(int fd)
{
	struct perf_event_mmap_page *pg = NULL;
	int i;

	pthread_mutex_lock(&mu);
	for (i = 0; i < MAX_MAPS; i++)
		if (maps[i].addr && maps[i].fd == fd)
			pg = maps[i].addr;
	pthread_mutex_unlock(&mu);
	return pg;
}

void fake_os_mmap_fail(int neg_errno)
{
	pthread_mutex_lock(&mu);
	fail_next = neg_errno;
	pthread_mutex_unlock(&mu);
}

int fake_os_mmap_live(void)
{
	int i, n = 0;

	pthread_mutex_lock(&mu);
	for (i = 0; i < MAX_MAPS; i++)
		n += maps[i].addr != NULL;
	pthread_mutex_unlock(&mu);
	return n;
}

int fake_os_mmap_calls(void)
{
	return ncalls;
}

int fake_os_mmap_bad_calls(void)
{
	return nbad;
}

void fake_os_mmap_reset(void)
{
	pthread_mutex_lock(&mu);
	t_caps = 0;
	t_index = 0;
	t_width = 0;
	on_map = NULL;
	fail_next = ncalls = nbad = 0;
	pthread_mutex_unlock(&mu);
}
