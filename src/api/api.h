/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_API_API_H
#define PAPI_API_API_H

/*
 * Shared by the PAPI_* entry points only. The library is built with hidden
 * visibility; PAPI_EXPORT on a definition is what makes it public (and the
 * version script src/papi.map keeps anything else from leaking).
 */
#include "papi.h"

#define PAPI_EXPORT __attribute__((visibility("default")))

/* Every error a PAPI_* function returns passes through here, so that
 * PAPI_set_debug(PAPI_VERB_ECONT / PAPI_VERB_ESTOP) can report it. */
int papi__api_ret(const char *fn, int ret);

#define RET(ret) papi__api_ret(__func__, (ret))

/* Return PAPI_ENOINIT from the calling function unless initialized. */
#define REQUIRE_INIT()                                                         \
	do {                                                                   \
		if (!papi__lib_is_init())                                      \
			return RET(PAPI_ENOINIT);                              \
	} while (0)

#endif
