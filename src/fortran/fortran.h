/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_FORTRAN_FORTRAN_H
#define PAPI_FORTRAN_FORTRAN_H

/*
 * The Fortran interface: PAPIF_* subroutines that call the C API.
 *
 * Calling convention (what gfortran, and the f77 compilers before it, do
 * for an external subroutine with no BIND(C) interface):
 *   - every argument is passed by reference: INTEGER is int *, INTEGER*8 is
 *     long long *, REAL is float *, an array is a pointer to its first
 *     element, an EXTERNAL function is the function's address;
 *   - a CHARACTER argument is a pointer to its first character, with no
 *     terminating NUL, and its length is passed as a hidden size_t argument
 *     appended after all the others, in the order of the CHARACTER
 *     arguments (gfortran >= 8 passes size_t; older ones passed int, which
 *     reads the same on x86-64 and arm64 for lengths below 2^31);
 *   - the C API's return code comes back in a trailing INTEGER, "check".
 *
 * Every subroutine is exported under the four spellings Fortran compilers
 * produce for it: papif_name (no decoration), papif_name_ (gfortran, ifort,
 * flang), papif_name__ (g77 and -fsecond-underscore), and PAPIF_NAME (upper
 * case, as Cray and old IBM compilers do; three of these are historically
 * mixed case, see fortran_lib.c). One C function carries the plain lower-
 * case name, the other three are ELF aliases of it.
 */
#include <stddef.h>

#include "core/err.h"

/* Declares the entry point `lower` (exported), three aliases of it, and
 * opens its definition:
 *
 *	PAPIF_ENTRY(papif_reset, PAPIF_RESET, (int *EventSet, int *check))
 *	{
 *		*check = PAPI_reset(*EventSet);
 *	}
 */
#define PAPIF_ALIAS(name, target)                                              \
	extern __typeof__(target) name                                         \
		__attribute__((__alias__(#target), __visibility__("default")))

#define PAPIF_ENTRY(lower, caps, params)                                       \
	__attribute__((__visibility__("default"))) void lower params;          \
	PAPIF_ALIAS(lower##_, lower);                                          \
	PAPIF_ALIAS(lower##__, lower);                                         \
	PAPIF_ALIAS(caps, lower);                                              \
	__attribute__((__visibility__("default"))) void lower params

/*
 * Fortran strings.
 *
 * In: the characters up to the first NUL or the end of the argument,
 * trailing blanks removed (Fortran pads every CHARACTER variable with
 * blanks), copied to buf with a terminating NUL. Returns the length copied,
 * or -1 when it does not fit in size - 1 characters (buf then holds the
 * truncated text, still NUL-terminated).
 *
 * Out: s (NULL reads as "") copied into the flen characters at f, cut at
 * flen or padded with blanks up to it; never NUL-terminated.
 */
int papi__fstr_in(char *buf, size_t size, const char *f, size_t flen);
void papi__fstr_out(char *f, size_t flen, const char *s);

/* The size of the buffers Fortran strings are copied into: event names,
 * region names and messages longer than this are refused (PAPI_EINVAL),
 * or cut for PAPIF_perror. */
#define PAPIF_STR_MAX 1024

/* An error found by the wrapper itself (a string too long): reported and
 * remembered for PAPIF_perror like one the C call returns. */
#define PAPIF_ERROR(code) papi__err_report(__func__, (code))

#endif
