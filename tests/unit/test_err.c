// SPDX-License-Identifier: BSD-3-Clause
/*
 * core/err.c: the error table and the one errno translation. The table is
 * checked against an independent list of names here, so that a row slipping
 * out of order (which would pair a code with its neighbour's message) fails
 * even though err.c's static checks only count rows.
 */
#include <errno.h>
#include <string.h>

#include "core/err.h"
#include "papi.h"
#include "unit.h"

static const struct {
	int line;
	int code;
	const char *name;
} names[] = {
	{ __LINE__, PAPI_OK, "PAPI_OK" },
	{ __LINE__, PAPI_EINVAL, "PAPI_EINVAL" },
	{ __LINE__, PAPI_ENOMEM, "PAPI_ENOMEM" },
	{ __LINE__, PAPI_ESYS, "PAPI_ESYS" },
	{ __LINE__, PAPI_ECMP, "PAPI_ECMP" },
	{ __LINE__, PAPI_ESBSTR, "PAPI_ECMP" }, /* an alias, no row */
	{ __LINE__, PAPI_ECLOST, "PAPI_ECLOST" },
	{ __LINE__, PAPI_EBUG, "PAPI_EBUG" },
	{ __LINE__, PAPI_ENOEVNT, "PAPI_ENOEVNT" },
	{ __LINE__, PAPI_ECNFLCT, "PAPI_ECNFLCT" },
	{ __LINE__, PAPI_ENOTRUN, "PAPI_ENOTRUN" },
	{ __LINE__, PAPI_EISRUN, "PAPI_EISRUN" },
	{ __LINE__, PAPI_ENOEVST, "PAPI_ENOEVST" },
	{ __LINE__, PAPI_ENOTPRESET, "PAPI_ENOTPRESET" },
	{ __LINE__, PAPI_ENOCNTR, "PAPI_ENOCNTR" },
	{ __LINE__, PAPI_EMISC, "PAPI_EMISC" },
	{ __LINE__, PAPI_EPERM, "PAPI_EPERM" },
	{ __LINE__, PAPI_ENOINIT, "PAPI_ENOINIT" },
	{ __LINE__, PAPI_ENOCMP, "PAPI_ENOCMP" },
	{ __LINE__, PAPI_ENOSUPP, "PAPI_ENOSUPP" },
	{ __LINE__, PAPI_ENOIMPL, "PAPI_ENOIMPL" },
	{ __LINE__, PAPI_EBUF, "PAPI_EBUF" },
	{ __LINE__, PAPI_EINVAL_DOM, "PAPI_EINVAL_DOM" },
	{ __LINE__, PAPI_EATTR, "PAPI_EATTR" },
	{ __LINE__, PAPI_ECOUNT, "PAPI_ECOUNT" },
	{ __LINE__, PAPI_ECOMBO, "PAPI_ECOMBO" },
	{ __LINE__, PAPI_ECMP_DISABLED, "PAPI_ECMP_DISABLED" },
	{ __LINE__, PAPI_EDELAY_INIT, "PAPI_EDELAY_INIT" },
	{ __LINE__, PAPI_EMULPASS, "PAPI_EMULPASS" },
};

static const struct {
	int line;
	int neg_errno;
	int want;
} from_errno[] = {
	{ __LINE__, 0, PAPI_OK },
	{ __LINE__, -EPERM, PAPI_EPERM },
	{ __LINE__, -EACCES, PAPI_EPERM },
	{ __LINE__, -ENOENT, PAPI_ENOEVNT },
	{ __LINE__, -ENOMEM, PAPI_ENOMEM },
	{ __LINE__, -EINVAL, PAPI_EINVAL },
	{ __LINE__, -EMFILE, PAPI_ECOUNT },
	{ __LINE__, -ENFILE, PAPI_ECOUNT },
	{ __LINE__, -ENODEV, PAPI_ENOSUPP },
	{ __LINE__, -EOPNOTSUPP, PAPI_ENOSUPP },
	{ __LINE__, -EBUSY, PAPI_ECNFLCT },
	{ __LINE__, -ENOSPC, PAPI_ECNFLCT },
	/* Anything else is a failed system call, never PAPI_OK. */
	{ __LINE__, -EIO, PAPI_ESYS },
	{ __LINE__, -E2BIG, PAPI_ESYS },
	{ __LINE__, -4095, PAPI_ESYS },
	{ __LINE__, -99999, PAPI_ESYS },
};

int main(void)
{
	size_t i;
	int code;

	/* Every code has a name and a message, and the messages differ. */
	for (code = 0; code > -PAPI_NUM_ERRORS; code--) {
		const char *m = papi__err_message(code);
		const char *n = papi__err_name(code);
		int other;

		if (!m || !m[0])
			UNIT_FAIL_AT(0, "code %d has no message", code);
		if (!n || strncmp(n, "PAPI_", 5))
			UNIT_FAIL_AT(0, "code %d has no name", code);
		for (other = code - 1; m && other > -PAPI_NUM_ERRORS; other--) {
			const char *m2 = papi__err_message(other);

			if (m2 && !strcmp(m, m2))
				UNIT_FAIL_AT(0, "codes %d and %d share \"%s\"",
					     code, other, m);
		}
	}
	/* PAPI_NUM_ERRORS is 28: the table must stop exactly there. */
	CHECK_EQ(PAPI_NUM_ERRORS, 28);

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *n = papi__err_name(names[i].code);

		CHECK_AT(names[i].line, n && !strcmp(n, names[i].name));
		if (n && strcmp(n, names[i].name))
			fprintf(stderr, "  got %s\n", n);
	}

	/* Out of range: no code. */
	CHECK(papi__err_message(1) == NULL);
	CHECK(papi__err_message(-PAPI_NUM_ERRORS) == NULL);
	CHECK(papi__err_message(-1000) == NULL);
	CHECK(papi__err_message(1000) == NULL);
	CHECK(papi__err_name(1) == NULL);
	CHECK(papi__err_name(-PAPI_NUM_ERRORS) == NULL);
	CHECK(papi__err_name(-2147483647 - 1) == NULL);

	/* PAPI_strerror is the table's message, and NULL where it has none. */
	CHECK(PAPI_strerror(PAPI_EINVAL) == papi__err_message(PAPI_EINVAL));
	CHECK(PAPI_strerror(-PAPI_NUM_ERRORS) == NULL);

	for (i = 0; i < sizeof(from_errno) / sizeof(from_errno[0]); i++)
		CHECK_EQ_AT(from_errno[i].line,
			    papi__err_from_errno(from_errno[i].neg_errno),
			    from_errno[i].want);

	return unit_exit();
}
