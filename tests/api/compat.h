/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_COMPAT_H
#define PAPI_TESTS_COMPAT_H

/*
 * Compile-time contract of the public headers, shared by compat_*.c.
 *
 * Every constant, preset code, type, function prototype and structure layout
 * that papi.h exposes is pinned to the value PAPI 7.0 uses, so that any
 * change that would break source or binary compatibility stops the build:
 *   compat_constants.c   versions, error codes, flags, options, limits,
 *                        device-query enums, the function-like macros
 *   compat_events.c      event-code masks, preset codes, categories and
 *                        table indices, enumeration modifiers
 *   compat_prototypes.c  scalar typedefs and every function prototype
 *   compat_structs.c     member types, LP64 sizes and offsets, bit-fields
 * The layout figures were measured on x86_64 Linux against the PAPI 7.0
 * headers; they hold for every LP64 little-endian target, which is why they
 * are checked on x86_64 and aarch64. The few properties that cannot be
 * checked at compile time (bit-field positions) are checked when
 * compat_structs runs; each program exits with status 0 when everything
 * matches.
 */
#include <stddef.h>

#include "papi.h"

/* Helpers that check a value together with its type. */
#define ASSERT_INT(expr, value) \
	_Static_assert(_Generic((expr), int: 1, default: 0) && (expr) == (value), \
		       #expr " must be the int " #value)
#define ASSERT_UINT(expr, value) \
	_Static_assert(_Generic((expr), unsigned int: 1, default: 0) && \
		       (expr) == (value), #expr " must be the unsigned int " #value)
#define ASSERT_TYPE(expr, type) \
	_Static_assert(_Generic((expr), type: 1, default: 0), \
		       #expr " must have type " #type)
#define ASSERT_FUNC(func, type) \
	_Static_assert(_Generic(&func, type: 1, default: 0), \
		       "prototype of " #func " must be " #type)
#define ASSERT_MEMBER_TYPE(T, member, type) \
	_Static_assert(_Generic(((T *)0)->member, type: 1, default: 0), \
		       "member " #T "." #member " must have type " #type)
#define ASSERT_SIZE(T, size, align) \
	_Static_assert(sizeof(T) == (size) && _Alignof(T) == (align), \
		       #T " must have size " #size " and alignment " #align)
#define ASSERT_MEMBER(T, member, offset, size) \
	_Static_assert(offsetof(T, member) == (offset) && \
		       sizeof(((T *)0)->member) == (size), \
		       #T "." #member " must sit at " #offset " with size " #size)

#endif
