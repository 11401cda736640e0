// SPDX-License-Identifier: BSD-3-Clause
/*
 * The reading helpers of the hardware description: sysfs and procfs
 * attributes, CPU lists, /proc/cpuinfo fields. Every file is read through
 * papi__os_read_file, so unit tests can serve a fake tree.
 */
#include "os/linux/hwinfo.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- files ------------------------------------------------------------ */

__attribute__((format(printf, 3, 0))) static long
vread_attr(char *buf, size_t len, const char *fmt, va_list ap)
{
	char path[256];
	long n;

	vsnprintf(path, sizeof(path), fmt, ap);
	n = papi__os_read_file(path, buf, len);
	while (n > 0 && isspace((unsigned char)buf[n - 1]))
		buf[--n] = '\0';
	return n;
}

long papi__hw_read_attr(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	long n;

	va_start(ap, fmt);
	n = vread_attr(buf, len, fmt, ap);
	va_end(ap);
	return n;
}

long papi__hw_attr_long(const char *fmt, ...)
{
	char buf[64], *end;
	va_list ap;
	long n, v;

	va_start(ap, fmt);
	n = vread_attr(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n <= 0)
		return -1;
	/* Not base 0: a decimal with a leading zero is not octal here. */
	v = strtol(buf, &end, strncmp(buf, "0x", 2) == 0 ? 16 : 10);
	return end == buf ? -1 : v;
}

/* ---- CPU lists ("0-3,8,10-11") ---------------------------------------- */

const char *papi__hw_cpulist_range(const char *p, int *lo, int *hi)
{
	char *end;
	long a, b;

	while (*p == ',' || isspace((unsigned char)*p))
		p++;
	if (!isdigit((unsigned char)*p))
		return NULL;
	a = b = strtol(p, &end, 10);
	if (*end == '-')
		b = strtol(end + 1, &end, 10);
	if (b < a || a > INT_MAX || b > INT_MAX)
		return NULL;
	*lo = (int)a;
	*hi = (int)b;
	return end;
}

int papi__hw_cpulist_count(const char *p)
{
	int lo, hi, n = 0;

	while ((p = papi__hw_cpulist_range(p, &lo, &hi)) != NULL)
		n += hi - lo + 1;
	return n;
}

int papi__hw_cpulist_first(const char *list)
{
	int lo, hi;

	return papi__hw_cpulist_range(list, &lo, &hi) ? lo : -1;
}

int papi__hw_list_count(const char *fmt, ...)
{
	char buf[4096];
	va_list ap;
	long n;

	va_start(ap, fmt);
	n = vread_attr(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return n > 0 ? papi__hw_cpulist_count(buf) : 0;
}

/* ---- /proc/cpuinfo ---------------------------------------------------- */

int papi__hw_cpuinfo_get(const char *info, const char *key, char *out,
			 size_t len)
{
	size_t klen = strlen(key), n;
	const char *line, *end, *p;

	for (line = info; *line && *line != '\n'; line = end + 1) {
		end = strchrnul(line, '\n');
		for (p = line + klen; p < end && (*p == ' ' || *p == '\t');)
			p++;
		if (strncmp(line, key, klen) == 0 && p < end && *p == ':') {
			for (p++; p < end && isspace((unsigned char)*p);)
				p++;
			n = (size_t)(end - p) < len ? (size_t)(end - p) :
						      len - 1;
			memcpy(out, p, n);
			out[n] = '\0';
			return 0;
		}
		if (!*end)
			break;
	}
	return -ENOENT;
}
