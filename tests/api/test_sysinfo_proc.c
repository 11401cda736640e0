// SPDX-License-Identifier: BSD-3-Clause
/*
 * The process as PAPI describes it, against the process itself and
 * /proc/self:
 *   PAPI_get_executable_info  /proc/self/exe; &main in text, an
 *       initialized global in data, zeroed ones in bss; every range inside
 *       the executable's own mappings in /proc/self/maps
 *   PAPI_get_shared_lib_info  every entry a file mapped executable in
 *       /proc/self/maps; libc's printf and libpapi's PAPI_library_init (as
 *       those libraries' own handles give them) in the text of the entries
 *       that name them (in the executable's text
 *       when linked statically, as in the arm64 PMU machine); a dlopen()ed
 *       library appears, and goes again after dlclose()
 *   PAPI_get_dmem_info        every figure between two readings of
 *       /proc/self/status taken around it; 64 MiB touched shows in KiB;
 *       works before PAPI_library_init, as in PAPI 7.0
 */
#include "test_sysinfo_util.h"

#include <dlfcn.h>
#include <stdint.h>
#include <unistd.h>

int main(void);

int sysinfo_data = 42; /* .data */
int sysinfo_bss; /* .bss */
static char big_bss[1 << 16]; /* .bss, past the data's last page */

static int in_range(const void *p, vptr_t lo, vptr_t hi)
{
	return (uintptr_t)p >= (uintptr_t)lo && (uintptr_t)p < (uintptr_t)hi;
}

/* Whether /proc/self/maps has a mapping with perms matching want ("r-x",
 * "rw" as a prefix), of path (NULL: any), containing address a. */
static int mapped(uintptr_t a, const char *path, const char *want)
{
	char line[4096], perms[8], name[4096];
	unsigned long lo, hi;
	FILE *f = fopen("/proc/self/maps", "r");
	int found = 0;

	while (f && !found && fgets(line, sizeof(line), f)) {
		name[0] = '\0';
		if (sscanf(line, "%lx-%lx %7s %*s %*s %*s %4095s", &lo, &hi,
			   perms, name) < 3)
			continue;
		found = a >= lo && a < hi &&
			strncmp(perms, want, strlen(want)) == 0 &&
			(!path || strcmp(name, path) == 0);
	}
	if (f)
		fclose(f);
	return found;
}

static void check_exe(void)
{
	const PAPI_exe_info_t *e = PAPI_get_executable_info();
	const PAPI_address_map_t *a;
	char self[4096];
	const char *base;
	ssize_t n;

	if (!e) {
		fail("PAPI_get_executable_info returned NULL");
		return;
	}
	a = &e->address_info;
	printf("exe %s (%s): text %p-%p data %p-%p bss %p-%p\n", e->fullname,
	       a->name, a->text_start, a->text_end, a->data_start, a->data_end,
	       a->bss_start, a->bss_end);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	self[n > 0 ? n : 0] = '\0';
	if (strcmp(e->fullname, self) != 0)
		fail("fullname \"%s\", /proc/self/exe is \"%s\"", e->fullname,
		     self);
	base = strrchr(self, '/');
	if (strcmp(a->name, base ? base + 1 : self) != 0)
		fail("name \"%s\", want the basename of \"%s\"", a->name, self);
	if (!in_range((const void *)(uintptr_t)main, a->text_start,
		      a->text_end))
		fail("&main %p is not in text %p-%p", (void *)(uintptr_t)main,
		     a->text_start, a->text_end);
	if (!in_range(&sysinfo_data, a->data_start, a->data_end))
		fail("an initialized global (%p) is not in data %p-%p",
		     (void *)&sysinfo_data, a->data_start, a->data_end);
	if (!in_range(&sysinfo_bss, a->bss_start, a->bss_end) ||
	    !in_range(&big_bss[sizeof(big_bss) - 1], a->bss_start, a->bss_end))
		fail("zeroed globals (%p, %p) are not in bss %p-%p",
		     (void *)&sysinfo_bss,
		     (void *)&big_bss[sizeof(big_bss) - 1], a->bss_start,
		     a->bss_end);
	if (a->data_end != a->bss_start)
		fail("bss does not follow data (%p, %p)", a->data_end,
		     a->bss_start);
	if (!mapped((uintptr_t)a->text_start, self, "r-x") ||
	    !mapped((uintptr_t)a->text_end - 1, self, "r-x"))
		fail("text %p-%p is not mapped executable from %s",
		     a->text_start, a->text_end, self);
	if (!mapped((uintptr_t)a->data_end - 1, self, "rw") ||
	    !mapped((uintptr_t)a->bss_end - 1, NULL, "rw"))
		fail("data/bss ends %p, %p are not mapped writable",
		     a->data_end, a->bss_end);
}

/* The entry whose text holds p, or NULL. */
static const PAPI_address_map_t *holder(const PAPI_shlib_info_t *s,
					const void *p)
{
	int i;

	for (i = 0; i < s->count; i++)
		if (in_range(p, s->map[i].text_start, s->map[i].text_end))
			return &s->map[i];
	return NULL;
}

/* fn as the library soname defines it: asked of that library's own
 * handle, so that neither the executable's PLT (non-PIE programs) nor an
 * interposer (ASan's printf) stands in for it. NULL when the program is
 * static and has no such library. */
static const void *definition(const char *soname, const char *fn)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_NOLOAD);
	const void *p;

	if (!h)
		return NULL;
	p = dlsym(h, fn);
	dlclose(h);
	return p;
}

static void check_function(const PAPI_shlib_info_t *s, const char *soname,
			   const char *fn, const void *direct)
{
	const PAPI_exe_info_t *e = PAPI_get_executable_info();
	const void *p = definition(soname, fn);
	const PAPI_address_map_t *m;
	char stem[64];

	if (!p) { /* linked statically: it is part of the executable */
		if (!e || !in_range(direct, e->address_info.text_start,
				    e->address_info.text_end))
			fail("%s %p is in no text range (static program)", fn,
			     direct);
		return;
	}
	/* "libc.so.6" is /usr/lib/.../libc.so.6, "libpapi.so.7.0" is
	 * .../libpapi.so.7.0.0.0: the entry's name holds the soname. */
	snprintf(stem, sizeof(stem), "/%s", soname);
	m = holder(s, p);
	if (!m)
		fail("%s's %s (%p) is in no shared library's text", soname, fn,
		     p);
	else if (!strstr(m->name, stem))
		fail("%s's %s (%p) is in %s", soname, fn, p, m->name);
	else
		printf("%s %p is in %s\n", fn, p, m->name);
}

static void check_shlib_list(const PAPI_shlib_info_t *s)
{
	const PAPI_exe_info_t *e = PAPI_get_executable_info();
	const PAPI_address_map_t *m;
	int i, j;

	for (i = 0; i < s->count; i++) {
		m = &s->map[i];
		printf("  %s text %p-%p data %p-%p bss %p-%p\n", m->name,
		       m->text_start, m->text_end, m->data_start, m->data_end,
		       m->bss_start, m->bss_end);
		if (m->name[0] != '/' || m->text_start >= m->text_end ||
		    m->data_start > m->data_end || m->bss_start > m->bss_end)
			fail("entry %d (%s) is malformed", i, m->name);
		if (!mapped((uintptr_t)m->text_start, m->name, "r-x"))
			fail("%s text %p is not an executable mapping of it",
			     m->name, m->text_start);
		if (e && strcmp(m->name, e->fullname) == 0)
			fail("the executable is listed as a shared library");
		for (j = 0; j < i; j++)
			if (strcmp(s->map[j].name, m->name) == 0)
				fail("%s is listed twice", m->name);
		/* In address order, as PAPI lists them. */
		if (i > 0 && s->map[i - 1].text_start >= m->text_start)
			fail("%s is listed after %s, at a lower address",
			     m->name, s->map[i - 1].name);
	}
}

static int listed(const PAPI_shlib_info_t *s, const char *soname)
{
	int i;

	for (i = 0; i < s->count; i++)
		if (strstr(s->map[i].name, soname))
			return 1;
	return 0;
}

/* glibc's small libraries, which nothing here has loaded already. */
static void check_dlopen(const PAPI_shlib_info_t *s)
{
	static const char *const libs[] = { "libanl.so.1", "libutil.so.1",
					    "libBrokenLocale.so.1" };
	void *h = NULL;
	size_t i;
	int before = s->count;

	for (i = 0; i < sizeof(libs) / sizeof(libs[0]) && !h; i++)
		if (!listed(s, libs[i]))
			h = dlopen(libs[i], RTLD_NOW);
	if (!h) {
		printf("no library to dlopen here; refresh not checked\n");
		return;
	}
	s = PAPI_get_shared_lib_info();
	if (!s || s->count != before + 1 || !listed(s, libs[i - 1]))
		fail("after dlopen(%s): %d libraries (was %d), listed %d",
		     libs[i - 1], s ? s->count : -1, before,
		     s ? listed(s, libs[i - 1]) : 0);
	dlclose(h);
	s = PAPI_get_shared_lib_info();
	if (!s || s->count != before)
		fail("after dlclose(%s): %d libraries, want %d", libs[i - 1],
		     s ? s->count : -1, before);
	printf("dlopen(%s) listed it, dlclose() removed it\n", libs[i - 1]);
}

static void check_shlib(void)
{
	const PAPI_shlib_info_t *s = PAPI_get_shared_lib_info(), *again;
	PAPI_option_t opt;

	if (!s || !s->map) {
		fail("PAPI_get_shared_lib_info: %p, map %p", (const void *)s,
		     s ? (void *)s->map : NULL);
		return;
	}
	printf("%d shared libraries\n", s->count);
	check_shlib_list(s);
	check_function(s, "libc.so.6", "printf",
		       (const void *)(uintptr_t)printf);
	check_function(s, "libpapi.so.7.0", "PAPI_library_init",
		       (const void *)(uintptr_t)PAPI_library_init);
	again = PAPI_get_shared_lib_info();
	if (again != s || again->map != s->map)
		fail("an unchanged list moved (%p to %p)", (void *)s->map,
		     (void *)again->map);
	memset(&opt, 0, sizeof(opt));
	expect_int("PAPI_get_opt(PAPI_SHLIBINFO)",
		   PAPI_get_opt(PAPI_SHLIBINFO, &opt), PAPI_OK);
	if (opt.shlib_info != s)
		fail("PAPI_get_opt(PAPI_SHLIBINFO) gives another list");
	check_dlopen(s);
}

static const char *const dmem_keys[] = {
	"VmPeak", "VmSize", "VmRSS", "VmHWM", "RssFile", "VmExe",
	"VmLib",  "VmData", "VmLck", "VmStk", "VmPTE",	 "RssShmem",
};
#define NKEYS (sizeof(dmem_keys) / sizeof(dmem_keys[0]))

static void read_status(long long v[NKEYS])
{
	char line[256];
	FILE *f = fopen("/proc/self/status", "r");
	size_t i, n;

	memset(v, 0, NKEYS * sizeof(v[0]));
	while (f && fgets(line, sizeof(line), f))
		for (i = 0; i < NKEYS; i++) {
			n = strlen(dmem_keys[i]);
			if (!strncmp(line, dmem_keys[i], n) && line[n] == ':')
				v[i] = atoll(line + n + 1);
		}
	if (f)
		fclose(f);
}

/* Every figure lies between the readings before and after; retried, in
 * case something else in the process changed its memory in between. */
static int dmem_matches(const PAPI_dmem_info_t *d, const long long a[NKEYS],
			const long long b[NKEYS], int report)
{
	const long long got[NKEYS - 1] = {
		d->peak,   d->size,  d->resident, d->high_water_mark,
		d->shared, d->text,  d->library,  d->heap,
		d->locked, d->stack, d->pte,
	};
	long long lo, hi, want_a, want_b;
	size_t i;
	int ok = 1;

	for (i = 0; i < NKEYS - 1; i++) {
		want_a = a[i] + (i == 4 ? a[NKEYS - 1] : 0); /* shared */
		want_b = b[i] + (i == 4 ? b[NKEYS - 1] : 0);
		lo = want_a < want_b ? want_a : want_b;
		hi = want_a < want_b ? want_b : want_a;
		if (got[i] >= lo && got[i] <= hi)
			continue;
		ok = 0;
		if (report)
			fail("dmem %s is %lld KiB, /proc/self/status says "
			     "%lld..%lld",
			     dmem_keys[i], got[i], lo, hi);
	}
	return ok;
}

static void check_dmem(int before_init)
{
	long long a[NKEYS], b[NKEYS];
	PAPI_dmem_info_t d, d2;
	int tries, ret = PAPI_OK;
	volatile char *p; /* volatile: the compiler may not elide the pages */
	size_t i;

	for (tries = 0; tries < 3; tries++) {
		read_status(a);
		ret = PAPI_get_dmem_info(&d);
		read_status(b);
		if (ret != PAPI_OK || dmem_matches(&d, a, b, 0))
			break;
	}
	if (ret != PAPI_OK) {
		fail("PAPI_get_dmem_info%s: %d",
		     before_init ? " before init" : "", ret);
		return;
	}
	if (tries == 3)
		dmem_matches(&d, a, b, 1);
	expect_int("dmem pagesize", d.pagesize, sysconf(_SC_PAGESIZE));
	if (before_init)
		return;
	printf("dmem KiB: size %lld resident %lld hwm %lld shared %lld text "
	       "%lld library %lld heap %lld locked %lld stack %lld pte %lld; "
	       "page %lld\n",
	       d.size, d.resident, d.high_water_mark, d.shared, d.text,
	       d.library, d.heap, d.locked, d.stack, d.pte, d.pagesize);
	expect_int("PAPI_get_dmem_info(NULL)", PAPI_get_dmem_info(NULL),
		   PAPI_EINVAL);
	/* 64 MiB touched: the figures are KiB. */
	p = malloc(64 << 20);
	if (!p)
		return;
	for (i = 0; i < (size_t)64 << 20; i += 1024)
		p[i] = 1;
	if (PAPI_get_dmem_info(&d2) != PAPI_OK ||
	    d2.size - d.size < 60 * 1024 ||
	    d2.resident - d.resident < 60 * 1024)
		fail("64 MiB more: size %lld -> %lld, resident %lld -> %lld KiB",
		     d.size, d2.size, d.resident, d2.resident);
	free((void *)p);
}

int main(void)
{
	PAPI_option_t opt;

	if (PAPI_get_executable_info() || PAPI_get_shared_lib_info())
		fail("exe/shlib info answer before PAPI_library_init");
	check_dmem(1);
	init_or_exit();
	big_bss[0] = (char)sysinfo_data;
	check_exe();
	memset(&opt, 0, sizeof(opt));
	expect_int("PAPI_get_opt(PAPI_EXEINFO)",
		   PAPI_get_opt(PAPI_EXEINFO, &opt), PAPI_OK);
	if (opt.exe_info != PAPI_get_executable_info())
		fail("PAPI_get_opt(PAPI_EXEINFO) gives another description");
	expect_int("PAPI_get_opt(PAPI_EXEINFO, NULL)",
		   PAPI_get_opt(PAPI_EXEINFO, NULL), PAPI_EINVAL);
	expect_int("PAPI_get_opt(PAPI_SHLIBINFO, NULL)",
		   PAPI_get_opt(PAPI_SHLIBINFO, NULL), PAPI_EINVAL);
	check_shlib();
	check_dmem(0);
	PAPI_shutdown();
	if (PAPI_get_executable_info() || PAPI_get_shared_lib_info())
		fail("exe/shlib info answer after PAPI_shutdown");
	return finish();
}
