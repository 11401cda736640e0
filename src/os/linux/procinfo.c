// SPDX-License-Identifier: BSD-3-Clause
/*
 * What the process looks like: the executable and the shared objects the
 * dynamic loader has mapped into it, and its memory use.
 *
 * Ranges come from each object's ELF program headers (dl_iterate_phdr),
 * not from /proc/self/maps: the headers say exactly where text, data and
 * bss are, where maps has only page-granular mappings (a small bss shares
 * the last data page and has no mapping of its own, a large one is an
 * anonymous mapping that maps cannot tie to its object). text is the
 * executable PT_LOAD segment(s); data is the file-backed part of the
 * writable one ([vaddr, vaddr + filesz)) and bss the rest of it
 * ([vaddr + filesz, vaddr + memsz)); an object without bss has an empty
 * bss range at the end of its data.
 *
 * Memory use is /proc/self/status, in KiB as PAPI reports it.
 */
#include <elf.h>
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "os/os.h"

/* The ranges of one loaded object. */
static void object_ranges(const struct dl_phdr_info *info,
			  PAPI_address_map_t *a)
{
	const ElfW(Phdr) * ph;
	uintptr_t start;
	int i, have_data = 0;

	for (i = 0; i < info->dlpi_phnum; i++) {
		ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD || ph->p_memsz == 0)
			continue;
		start = (uintptr_t)info->dlpi_addr + ph->p_vaddr;
		if (ph->p_flags & PF_X) {
			/* One X segment in practice; a union if more. */
			if (!a->text_start || start < (uintptr_t)a->text_start)
				a->text_start = (vptr_t)start;
			if (start + ph->p_memsz > (uintptr_t)a->text_end)
				a->text_end = (vptr_t)(start + ph->p_memsz);
		} else if ((ph->p_flags & PF_W) && !have_data) {
			have_data = 1;
			a->data_start = (vptr_t)start;
			a->data_end = (vptr_t)(start + ph->p_filesz);
			a->bss_start = a->data_end;
			a->bss_end = (vptr_t)(start + ph->p_memsz);
		}
	}
}

struct walk {
	PAPI_address_map_t *v; /* shared objects found so far */
	int n, cap;
	int seen_main;
	PAPI_address_map_t main; /* the executable's ranges */
	int err;
};

/* dl_iterate_phdr callback: the main program comes first (dl_iterate_phdr
 * (3)); the others are kept when they name a file. The vDSO has a name
 * ("linux-vdso.so.1") but no file, and PAPI lists only files. */
static int visit(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct walk *w = arg;
	PAPI_address_map_t *t;

	if (!w->seen_main) {
		w->seen_main = 1;
		object_ranges(info, &w->main);
		return w->v ? 0 : 1; /* 1: only the executable was wanted */
	}
	if (!w->v || !info->dlpi_name || !strchr(info->dlpi_name, '/'))
		return 0;
	if (w->n == w->cap) {
		t = realloc(w->v, (size_t)w->cap * 2 * sizeof(*t));
		if (!t) {
			w->err = -ENOMEM;
			return 1;
		}
		w->v = t;
		w->cap *= 2;
	}
	t = &w->v[w->n++];
	memset(t, 0, sizeof(*t));
	snprintf(t->name, sizeof(t->name), "%s", info->dlpi_name);
	object_ranges(info, t);
	return 0;
}

int papi__os_exe_info(PAPI_exe_info_t *exe)
{
	struct walk w = { .v = NULL };
	const char *base;
	ssize_t n;

	if (!exe)
		return -EINVAL;
	memset(exe, 0, sizeof(*exe));
	n = readlink("/proc/self/exe", exe->fullname,
		     sizeof(exe->fullname) - 1);
	if (n < 0)
		return -errno;
	exe->fullname[n] = '\0';
	base = strrchr(exe->fullname, '/');
	snprintf(exe->address_info.name, sizeof(exe->address_info.name), "%s",
		 base ? base + 1 : exe->fullname);
	dl_iterate_phdr(visit, &w);
	if (!w.main.text_start)
		return -ENOENT;
	memcpy(w.main.name, exe->address_info.name, sizeof(w.main.name));
	exe->address_info = w.main;
	return 0;
}

/* Every shared object with a file, in load order, named by its canonical
 * path as /proc/self/maps names it (the loader's name may go through
 * symlinks: /lib -> /usr/lib, libpapi.so.7.0 -> libpapi.so.7.0.0.0). The
 * array always has room for one entry, so a process with none (a static
 * program) still gets a non-NULL, empty list, as PAPI's own tests
 * expect. */
static int by_text(const void *a, const void *b)
{
	const PAPI_address_map_t *x = a, *y = b;

	return x->text_start < y->text_start ? -1 :
	       x->text_start > y->text_start ? 1 : 0;
}

int papi__os_shlib_info(PAPI_address_map_t **maps, int *count)
{
	struct walk w = { .cap = 8 };
	char real[PATH_MAX];
	int i;

	if (!maps || !count)
		return -EINVAL;
	w.v = calloc((size_t)w.cap, sizeof(*w.v));
	if (!w.v)
		return -ENOMEM;
	dl_iterate_phdr(visit, &w);
	if (w.err) {
		free(w.v);
		return w.err;
	}
	for (i = 0; i < w.n; i++)
		if (realpath(w.v[i].name, real) &&
		    strlen(real) < sizeof(w.v[i].name))
			memcpy(w.v[i].name, real, strlen(real) + 1);
	/* In address order, as PAPI lists them (from /proc/self/maps). */
	qsort(w.v, (size_t)w.n, sizeof(*w.v), by_text);
	*maps = w.v;
	*count = w.n;
	return 0;
}

/* The KiB value of "Key:   123 kB" at a line start; 0 when absent. */
static long long status_kb(const char *status, const char *key)
{
	size_t klen = strlen(key);
	const char *p;

	for (p = status; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (strncmp(p, key, klen) == 0 && p[klen] == ':')
			return atoll(p + klen + 1);
	return 0;
}

int papi__os_dmem_info(PAPI_dmem_info_t *d)
{
	char buf[8192];
	long n;

	if (!d)
		return -EINVAL;
	n = papi__os_read_file("/proc/self/status", buf, sizeof(buf));
	if (n < 0)
		return (int)n;
	memset(d, 0, sizeof(*d));
	d->peak = status_kb(buf, "VmPeak");
	d->size = status_kb(buf, "VmSize");
	d->resident = status_kb(buf, "VmRSS");
	d->high_water_mark = status_kb(buf, "VmHWM");
	/* statm's "shared" field, PAPI 7.0's source, is these two. */
	d->shared = status_kb(buf, "RssFile") + status_kb(buf, "RssShmem");
	d->text = status_kb(buf, "VmExe");
	d->library = status_kb(buf, "VmLib");
	/* PAPI has always reported VmData (heap and other private
	 * writable mappings) as heap. */
	d->heap = status_kb(buf, "VmData");
	d->locked = status_kb(buf, "VmLck");
	d->stack = status_kb(buf, "VmStk");
	d->pte = status_kb(buf, "VmPTE");
	d->pagesize = sysconf(_SC_PAGESIZE);
	return 0;
}

long long papi__os_numa_mem_mb(int node)
{
	char path[96], buf[512], *p;
	long n;

	snprintf(path, sizeof(path), "/sys/devices/system/node/node%d/meminfo",
		 node);
	n = papi__os_read_file(path, buf, sizeof(buf));
	if (n < 0)
		return n;
	p = strstr(buf, "MemTotal:");
	return p ? atoll(p + strlen("MemTotal:")) / 1024 : -ENOENT;
}

/* The node directory that lists the CPU: node<N>/cpu<id> exists. */
int papi__os_cpu_node(int cpu)
{
	char path[128], buf[8];
	int node;

	for (node = 0; node < 1024; node++) {
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%d/cpu%d/uevent", node,
			 cpu);
		if (papi__os_read_file(path, buf, sizeof(buf)) >= 0)
			return node;
		snprintf(path, sizeof(path),
			 "/sys/devices/system/node/node%d/cpulist", node);
		if (papi__os_read_file(path, buf, sizeof(buf)) < 0)
			break; /* past the last node */
	}
	return 0;
}
