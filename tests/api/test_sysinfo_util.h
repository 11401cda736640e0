/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_SYSINFO_UTIL_H
#define PAPI_TESTS_SYSINFO_UTIL_H

/*
 * Helpers of the system-information tests (test_hwinfo.c,
 * test_sysinfo_*.c): what the test reads itself from sysfs and /proc, to
 * compare with what the library says. Plain file reads only, so that the
 * tests also run in the arm64 PMU machine (busybox, no lscpu). Every
 * mismatch is reported, not just the first; exit 0 pass, 1 fail, 77 skip.
 */
#include <papi.h>

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SYS_CPU "/sys/devices/system/cpu"
#define TOPO SYS_CPU "/cpu%d/topology/"

static int failures;

__attribute__((format(printf, 1, 2))) static inline void fail(const char *fmt,
							      ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("FAIL: ", stdout);
	vprintf(fmt, ap);
	fputc('\n', stdout);
	va_end(ap);
	failures++;
}

/* A field: prefix names the thing it belongs to ("L1 data cache"). */
static inline void expect_field(const char *prefix, const char *what, long got,
				long want)
{
	if (got != want)
		fail("%s%s%s is %ld, the system says %ld", prefix,
		     *prefix ? " " : "", what, got, want);
}

static inline void expect_int(const char *what, long got, long want)
{
	expect_field("", what, got, want);
}

/* File contents with trailing whitespace removed; -1 if unreadable. */
__attribute__((format(printf, 3, 4))) static inline long
slurp(char *buf, size_t len, const char *fmt, ...)
{
	char path[256];
	va_list ap;
	FILE *f;
	size_t n;

	va_start(ap, fmt);
	vsnprintf(path, sizeof(path), fmt, ap);
	va_end(ap);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, len - 1, f);
	fclose(f);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		n--;
	buf[n] = '\0';
	return (long)n;
}

/* Members of a CPU/node list such as "0-3,8"; *first gets the first. */
static inline int list_count_first(const char *s, int *first)
{
	int n = 0, lo, hi;
	char *end;

	*first = -1;
	while (*s) {
		lo = hi = (int)strtol(s, &end, 10);
		if (end == s)
			break;
		if (*end == '-')
			hi = (int)strtol(end + 1, &end, 10);
		if (*first < 0)
			*first = lo;
		n += hi - lo + 1;
		s = *end == ',' ? end + 1 : end;
	}
	return n;
}

static inline int list_count(const char *s)
{
	int first;

	return list_count_first(s, &first);
}

/* "key : value" from the first processor block of /proc/cpuinfo. */
static inline int cpuinfo(const char *key, char *out, size_t len)
{
	char line[4096], *colon, *v;
	size_t klen = strlen(key);
	FILE *f = fopen("/proc/cpuinfo", "r");
	int found = 0;

	while (f && !found && fgets(line, sizeof(line), f) && line[0] != '\n') {
		colon = strchr(line, ':');
		if (!colon || strncmp(line, key, klen) != 0 ||
		    strspn(line + klen, " \t") != (size_t)(colon - line) - klen)
			continue;
		for (v = colon + 1; isspace((unsigned char)*v); v++)
			;
		v[strcspn(v, "\n")] = '\0';
		snprintf(out, len, "%s", v);
		found = 1;
	}
	if (f)
		fclose(f);
	return found;
}

static inline int first_online_cpu(void)
{
	char buf[4096];

	return slurp(buf, sizeof(buf), SYS_CPU "/online") > 0 ? atoi(buf) : 0;
}

/* PAPI_library_init, or exit: 77 where the library cannot start here. */
static inline void init_or_exit(void)
{
	int ret = PAPI_library_init(PAPI_VER_CURRENT);

	if (ret == PAPI_VER_CURRENT)
		return;
	if (ret < 0 && ret != PAPI_EINVAL && ret != PAPI_EBUG) {
		printf("SKIP: PAPI_library_init: %s\n", PAPI_strerror(ret));
		exit(77);
	}
	printf("FAIL: PAPI_library_init returned %d\n", ret);
	exit(1);
}

static inline int finish(void)
{
	if (failures) {
		printf("%d mismatches\n", failures);
		return 1;
	}
	printf("PASS\n");
	return 0;
}

#endif
