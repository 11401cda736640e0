/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the lab tools share: counting a list of events with whatever this
 * machine has (public API only), reading the cache sizes PAPI reports, and
 * one table type printed as aligned text and written as CSV with a header.
 */
#ifndef LAB_H
#define LAB_H

#include <stddef.h>

#define LAB_MAX_EVENTS 16
#define LAB_MAX_COLS 24
#define LAB_MAX_ROWS 2048

struct lab_counters {
	int evset;
	int n;
	int domain; /* PAPI_DOM_* the set counts in; 0: PAPI's default */
	char names[LAB_MAX_EVENTS][64]; /* the events added */
	char asked[LAB_MAX_EVENTS][64]; /* what each was asked for as */
	long long v[LAB_MAX_EVENTS];
	char missing[1024]; /* "NAME (reason), ..." for the report */
};

/* PAPI_library_init; exits with a message when the library cannot start. */
void lab_papi_init(void);

/* Adds each of names[0..n) that this machine can count, one at a time, so
 * that one missing or conflicting event does not lose the others. A name
 * may list alternatives, "PAPI_L1_DCM|L1D_CACHE_REFILL": the first this
 * machine accepts is counted (a preset where the machine has one, else a
 * native event of the same meaning). */
void lab_counters_open(struct lab_counters *c, const char *const *names, int n);
/* The same, counting in `domain` (PAPI_DOM_USER, PAPI_DOM_ALL...); where
 * the domain is refused the set counts in PAPI's default and says so in
 * `missing`. */
void lab_counters_open_domain(struct lab_counters *c, const char *const *names,
			      int n, int domain);
void lab_counters_start(struct lab_counters *c);
void lab_counters_stop(struct lab_counters *c);
void lab_counters_close(struct lab_counters *c);
/* The value of an event counted, or -1 when it is not in the set; found by
 * the name added or the first alternative asked for. */
long long lab_counter(const struct lab_counters *c, const char *name);
/* Index of such an event in the set, or -1. */
int lab_counter_index(const struct lab_counters *c, const char *name);

/* Events counted 0 in total (total[i] for event i) over work that must
 * have caused them: an emulated PMU (QEMU's) lists cache and branch
 * events but counts only cycles and instructions. Returns a mask (bit i:
 * event i) and prints one "# counted 0 ..." line naming them, or nothing
 * when every event counted. */
unsigned lab_counters_zero(const struct lab_counters *c, const long long *total,
			   const char *over);

long long lab_now_ns(void);

/* Size, line size and associativity of the data (or unified) cache of
 * level 1.., from PAPI_get_hardware_info; 0 when PAPI does not know. */
void lab_cache(int level, long *size, int *line, int *assoc);
/* Number of cache levels PAPI reports. */
int lab_cache_levels(void);

struct lab_table {
	int ncols, nrows;
	int dropping; /* the last lab_table_row did not fit */
	char cols[LAB_MAX_COLS][32];
	char *cells[LAB_MAX_ROWS][LAB_MAX_COLS];
};

void lab_table_init(struct lab_table *t, const char *const *cols, int n);
/* Starts a row; the cells are then set with lab_table_set in column order. */
void lab_table_row(struct lab_table *t);
void lab_table_set(struct lab_table *t, int col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void lab_table_print(const struct lab_table *t);
/* Writes the table as CSV with a header row; path "-" is stdout. Returns 0
 * or -1 (with a message on stderr). */
int lab_table_csv(const struct lab_table *t, const char *path);
void lab_table_free(struct lab_table *t);

/* Progress on stderr for long sweeps, silent when stderr is not a tty. */
void lab_progress(const char *what, int done, int total);

#endif
