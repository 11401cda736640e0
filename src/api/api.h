/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_API_API_H
#define PAPI_API_API_H

/*
 * Shared by the PAPI_* entry points only. The library is built with hidden
 * visibility; PAPI_EXPORT on a definition is what makes it public (and the
 * version script src/papi.map keeps anything else from leaking).
 */
#include "core/err.h"
#include "core/lib.h"
#include "papi.h"

#define PAPI_EXPORT __attribute__((visibility("default")))

/* Success returns at once: the counting calls are measured by their
 * callers, instruction by instruction. */
static inline int papi__api_ret_fast(const char *fn, int ret)
{
	return ret >= 0 ? ret : papi__err_report(fn, ret);
}

#define RET(ret) papi__api_ret_fast(__func__, (ret))

/* Return PAPI_ENOINIT from the calling function unless initialized. */
#define REQUIRE_INIT()                                                         \
	do {                                                                   \
		if (papi__lib_init_state() == PAPI_NOT_INITED)                 \
			return RET(PAPI_ENOINIT);                              \
	} while (0)

#endif
