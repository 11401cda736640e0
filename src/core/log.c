// SPDX-License-Identifier: BSD-3-Clause
#include "core/log.h"

#include <stdarg.h>
#include <stdio.h>

#include "core/lib.h"

void papi__log_set_level(int level)
{
	papi__lib.log_level = level;
}

int papi__log_level(void)
{
	return papi__lib.log_level;
}

void papi__log(int level, const char *module, const char *fmt, ...)
{
	va_list ap;

	if (level > papi__lib.log_level)
		return;
	va_start(ap, fmt);
	flockfile(stderr);
	fprintf(stderr, "PAPI %s: ", module);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	funlockfile(stderr);
	va_end(ap);
}
