/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_LOG_H
#define PAPI_CORE_LOG_H

/*
 * Diagnostics go to stderr, never stdout, and only when asked for: by
 * PAPI_set_debug() or the PAPI_DEBUG environment variable (read at init).
 * Every message names its module: papi__log(PAPI__LOG_INFO, "pe", "...").
 */
enum papi__log_level {
	PAPI__LOG_OFF = 0,
	PAPI__LOG_ERROR = 1,
	PAPI__LOG_INFO = 2,
	PAPI__LOG_DEBUG = 3,
};

void papi__log_set_level(int level);
int papi__log_level(void);

__attribute__((format(printf, 3, 4))) void
papi__log(int level, const char *module, const char *fmt, ...);

#endif
