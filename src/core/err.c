// SPDX-License-Identifier: BSD-3-Clause
#include "core/err.h"

#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/lib.h"
#include "papi.h"

struct err_row {
	const char *name;
	const char *msg;
};

#define ROW(code, msg) [-(code)] = { #code, msg },
static const struct err_row rows[] = { PAPI__ERR_TABLE(ROW) };
#undef ROW

/* Every row must sit at the index its code says, and the table must cover
 * exactly PAPI_NUM_ERRORS codes. */
_Static_assert(sizeof(rows) / sizeof(rows[0]) == PAPI_NUM_ERRORS,
	       "error table does not cover PAPI_NUM_ERRORS codes");
#define CHECK(code, msg) _Static_assert(-(code) >= 0 && -(code) < PAPI_NUM_ERRORS, #code);
PAPI__ERR_TABLE(CHECK)
#undef CHECK

const char *papi__err_message(int code)
{
	if (code > 0 || code <= -PAPI_NUM_ERRORS)
		return NULL;
	return rows[-code].msg;
}

const char *papi__err_name(int code)
{
	if (code > 0 || code <= -PAPI_NUM_ERRORS)
		return NULL;
	return rows[-code].name;
}

int papi__err_from_errno(int neg_errno)
{
	switch (-neg_errno) {
	case 0:
		return PAPI_OK;
	case EPERM:
	case EACCES:
		return PAPI_EPERM;
	case ENOENT:
		return PAPI_ENOEVNT;
	case ENOMEM:
		return PAPI_ENOMEM;
	case EINVAL:
		return PAPI_EINVAL;
	case ENODEV:
	case EOPNOTSUPP:
		return PAPI_ENOSUPP;
	case EMFILE:
	case ENFILE:
		/* Out of file descriptors: the set cannot grow. */
		return PAPI_ECOUNT;
	case EBUSY:
	case ENOSPC:
		return PAPI_ECNFLCT;
	default:
		return PAPI_ESYS;
	}
}

/* The last error a PAPI call of this thread returned, for PAPI_perror.
 * Per thread: another thread's failure says nothing about this one's
 * calls (PAPI 7.0 keeps one for the process). */
static __thread int last_error;

int papi__err_last(void)
{
	return last_error;
}

int papi__err_report(const char *fn, int ret)
{
	const char *msg;

	if (ret >= 0)
		return ret;
	last_error = ret;
	if (papi__lib.debug == PAPI_QUIET)
		return ret;
	msg = papi__err_message(ret);
	fprintf(stderr, "PAPI Error: %s: %s\n", fn, msg ? msg : "unknown error");
	if (papi__lib.debug == PAPI_VERB_ESTOP)
		exit(1);
	return ret;
}
