/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_COMPONENTS_PERF_EVENT_PE_PRESETS_H
#define PAPI_COMPONENTS_PERF_EVENT_PE_PRESETS_H

#include "cmp/cmp.h"

struct pe_state;

/*
 * The perf_event component's presets come from a table, data/presets.txt,
 * embedded at build time; its format is described at the top of that file
 * and in docs/events.md. PAPI_PRESET_TABLE may name a table in the same
 * format whose rows are tried first.
 */
#define PE_PRESET_ENV "PAPI_PRESET_TABLE"

/* One line of a table, parsed in place: the pointers point into the line. */
struct pe_preset_line {
	char *pmus; /* "skl,skx,clx", "generic", ... */
	char *symbol; /* "PAPI_TOT_INS" */
	int derived; /* PAPI__NOT_DERIVED, _ADD, _SUB or _POSTFIX */
	char *postfix; /* the formula when derived is PAPI__DERIVED_POSTFIX */
	char *events[PAPI__MAX_TERMS];
	int nevents;
	char *note; /* NULL when the line has none */
};

/* Parse one line (no newline) in place: 1 for a row, 0 for a blank or a
 * comment, PAPI_EINVAL for a malformed row. */
int papi__pe_preset_parse_line(char *line, struct pe_preset_line *row);

/* The embedded table, NUL-terminated. */
const char *papi__pe_presets_builtin(void);

/* Is family (one name of a row's pmus) present here? A libpfm4 PMU name, or
 * one of the pseudo families generic, generic-rw, pmuv3 and hybrid. */
int papi__pe_preset_family_present(const char *family);

/*
 * The rows for this machine, best first: those of the user's table, then
 * the embedded ones, each kept only if one of its families is present, with
 * events prefixed by that family's PMU. Built on first use and owned by st;
 * papi__pe_presets_free releases them.
 */
const struct papi__preset_map *papi__pe_presets(struct pe_state *st,
						int *count);
void papi__pe_presets_free(struct pe_state *st);
/* Read the user's table (PAPI_PRESET_TABLE) into st, at init. */
void papi__pe_presets_read_user(struct pe_state *st);

#endif
