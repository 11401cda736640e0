// SPDX-License-Identifier: BSD-3-Clause
/*
 * What the process looks like from /proc/self: the executable and the
 * objects mapped into it (/proc/self/maps), and its memory use
 * (/proc/self/status, in KiB as PAPI reports it).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os/os.h"

/* One line of /proc/self/maps. */
struct map_line {
	unsigned long start, end;
	char perms[5];
	char path[PAPI_HUGE_STR_LEN];
};

static int parse_map(const char *line, struct map_line *m)
{
	unsigned long off;
	int n = 0;

	m->path[0] = '\0';
	if (sscanf(line, "%lx-%lx %4s %lx %*s %*s %n", &m->start, &m->end,
		   m->perms, &off, &n) < 4)
		return -1;
	if (n > 0)
		snprintf(m->path, sizeof(m->path), "%s", line + n);
	m->path[strcspn(m->path, "\n")] = '\0';
	return 0;
}

/* Fill map for object path from the maps text: text is the executable
 * mapping, data the first writable one, bss the anonymous writable mapping
 * right after it. */
static void fill_map(const char *maps, const char *path, PAPI_address_map_t *a)
{
	const char *line = maps;
	struct map_line m;
	int in_data = 0;

	for (; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		if (parse_map(line, &m) < 0)
			continue;
		if (!strcmp(m.path, path)) {
			if (m.perms[2] == 'x' && !a->text_start) {
				a->text_start = (vptr_t)m.start;
				a->text_end = (vptr_t)m.end;
			} else if (m.perms[1] == 'w' && !a->data_start) {
				a->data_start = (vptr_t)m.start;
				a->data_end = (vptr_t)m.end;
				in_data = 1;
				continue;
			}
		} else if (in_data && !m.path[0] && m.perms[1] == 'w') {
			a->bss_start = (vptr_t)m.start;
			a->bss_end = (vptr_t)m.end;
		}
		in_data = 0;
	}
	if (!a->bss_start) { /* no separate bss mapping: it ends the data */
		a->bss_start = a->data_end;
		a->bss_end = a->data_end;
	}
}

static char *read_maps(void)
{
	size_t cap = 1 << 16;
	char *buf = NULL;

	for (;;) {
		char *t = realloc(buf, cap);
		long n;

		if (!t) {
			free(buf);
			return NULL;
		}
		buf = t;
		n = papi__os_read_file("/proc/self/maps", buf, cap);
		if (n < 0) {
			free(buf);
			return NULL;
		}
		if ((size_t)n < cap - 1)
			return buf;
		cap *= 2;
	}
}

int papi__os_exe_info(PAPI_exe_info_t *exe)
{
	const char *base;
	char *maps;
	ssize_t n;

	memset(exe, 0, sizeof(*exe));
	n = readlink("/proc/self/exe", exe->fullname, sizeof(exe->fullname) - 1);
	if (n < 0)
		return -errno;
	exe->fullname[n] = '\0';
	base = strrchr(exe->fullname, '/');
	snprintf(exe->address_info.name, sizeof(exe->address_info.name), "%s",
		 base ? base + 1 : exe->fullname);
	maps = read_maps();
	if (!maps)
		return -ENOMEM;
	fill_map(maps, exe->fullname, &exe->address_info);
	free(maps);
	return 0;
}

/* Every file-backed object with an executable mapping, in map order. */
int papi__os_shlib_info(PAPI_address_map_t **out, int *count)
{
	PAPI_address_map_t *v = NULL;
	char *maps = read_maps(), *line;
	int n = 0;

	if (!maps)
		return -ENOMEM;
	for (line = maps; line && *line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		struct map_line m;
		PAPI_address_map_t *t;

		if (parse_map(line, &m) < 0 || m.path[0] != '/' ||
		    m.perms[2] != 'x')
			continue;
		t = realloc(v, (size_t)(n + 1) * sizeof(*v));
		if (!t) {
			free(v);
			free(maps);
			return -ENOMEM;
		}
		v = t;
		memset(&v[n], 0, sizeof(v[n]));
		snprintf(v[n].name, sizeof(v[n].name), "%s", m.path);
		fill_map(maps, m.path, &v[n]);
		n++;
	}
	free(maps);
	*out = v;
	*count = n;
	return 0;
}

static long long status_kb(const char *status, const char *key)
{
	const char *p = strstr(status, key);

	return p ? atoll(p + strlen(key)) : 0;
}

int papi__os_dmem_info(PAPI_dmem_info_t *d)
{
	char buf[4096];
	long n = papi__os_read_file("/proc/self/status", buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	memset(d, 0, sizeof(*d));
	d->peak = status_kb(buf, "VmPeak:");
	d->size = status_kb(buf, "VmSize:");
	d->resident = status_kb(buf, "VmRSS:");
	d->high_water_mark = status_kb(buf, "VmHWM:");
	d->shared = status_kb(buf, "RssFile:") + status_kb(buf, "RssShmem:");
	d->text = status_kb(buf, "VmExe:");
	d->library = status_kb(buf, "VmLib:");
	d->heap = status_kb(buf, "VmData:");
	d->locked = status_kb(buf, "VmLck:");
	d->stack = status_kb(buf, "VmStk:");
	d->pte = status_kb(buf, "VmPTE:");
	d->pagesize = sysconf(_SC_PAGESIZE);
	return 0;
}
