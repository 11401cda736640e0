// SPDX-License-Identifier: BSD-3-Clause
/* Fortran CHARACTER arguments to C strings and back (see fortran.h). */
#include <string.h>

#include "fortran/fortran.h"

int papi__fstr_in(char *buf, size_t size, const char *f, size_t flen)
{
	size_t n = 0;

	if (size == 0)
		return -1;
	if (f) {
		const char *nul = memchr(f, '\0', flen);

		n = nul ? (size_t)(nul - f) : flen;
		while (n > 0 && f[n - 1] == ' ')
			n--;
	}
	if (n >= size) {
		memcpy(buf, f, size - 1);
		buf[size - 1] = '\0';
		return -1;
	}
	if (n)
		memcpy(buf, f, n);
	buf[n] = '\0';
	return (int)n;
}

void papi__fstr_out(char *f, size_t flen, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (!f || flen == 0)
		return;
	if (n > flen)
		n = flen;
	if (n)
		memcpy(f, s, n);
	memset(f + n, ' ', flen - n);
}
