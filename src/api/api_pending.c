// SPDX-License-Identifier: BSD-3-Clause
/*
 * Entry points whose features belong to later issues. Each validates what it
 * can and answers PAPI_ENOIMPL, so a program linked against PAPI 7.0 loads
 * and gets a clear "Not implemented" rather than a missing symbol. README's
 * coverage table names the issue for each.
 */
#include <stddef.h>

#include "api/api.h"

/* Devices (PAPI 7's sysdetect): no device component yet. */
