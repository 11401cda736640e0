/* SPDX-License-Identifier: BSD-3-Clause */
#include "lab.h"

#include <papi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void lab_papi_init(void)
{
	int rc = PAPI_library_init(PAPI_VER_CURRENT);

	if (rc != PAPI_VER_CURRENT) {
		fprintf(stderr, "PAPI_library_init: %s\n",
			rc < 0 ? PAPI_strerror(rc) : "version mismatch");
		exit(1);
	}
}

static void note_missing(struct lab_counters *c, const char *name, int rc)
{
	size_t len = strlen(c->missing);

	snprintf(c->missing + len, sizeof(c->missing) - len, "%s%s (%s)",
		 len ? ", " : "", name, PAPI_strerror(rc));
}

/* Adds the first of "A|B|..." this machine accepts; the reason the
 * first alternative was refused when none is. */
static void add_one(struct lab_counters *c, const char *want)
{
	char buf[256], *save = NULL, *alt;
	int rc = PAPI_OK, first = PAPI_OK;

	snprintf(buf, sizeof(buf), "%s", want);
	for (alt = strtok_r(buf, "|", &save); alt;
	     alt = strtok_r(NULL, "|", &save)) {
		/* PAPI_add_named_event takes presets and native names alike;
		 * a failure leaves the set as it was, so we just go on. */
		rc = PAPI_add_named_event(c->evset, alt);
		if (rc == PAPI_OK)
			break;
		if (first == PAPI_OK)
			first = rc;
	}
	if (rc != PAPI_OK) {
		note_missing(c, want, first);
		return;
	}
	snprintf(c->names[c->n], sizeof(c->names[0]), "%s", alt);
	snprintf(c->asked[c->n], sizeof(c->asked[0]), "%.*s",
		 (int)strcspn(want, "|"), want);
	c->n++;
}

void lab_counters_open_domain(struct lab_counters *c, const char *const *names,
			      int n, int domain)
{
	int rc;

	memset(c, 0, sizeof(*c));
	c->evset = PAPI_NULL;
	rc = PAPI_create_eventset(&c->evset);
	if (rc != PAPI_OK) {
		note_missing(c, "eventset", rc);
		c->evset = PAPI_NULL;
		return;
	}
	if (domain) {
		PAPI_option_t opt;

		/* A set's domain is an option of its component, so the set
		 * is bound to the first one (perf_event) before it is set. */
		memset(&opt, 0, sizeof(opt));
		opt.domain.eventset = c->evset;
		opt.domain.domain = domain;
		rc = PAPI_assign_eventset_component(c->evset, 0);
		if (rc == PAPI_OK)
			rc = PAPI_set_opt(PAPI_DOMAIN, &opt);
		if (rc == PAPI_OK)
			c->domain = domain;
		else
			note_missing(c, "domain", rc);
	}
	for (int i = 0; i < n && c->n < LAB_MAX_EVENTS; i++)
		add_one(c, names[i]);
}

void lab_counters_open(struct lab_counters *c, const char *const *names, int n)
{
	lab_counters_open_domain(c, names, n, 0);
}

void lab_counters_start(struct lab_counters *c)
{
	if (c->evset != PAPI_NULL && c->n > 0)
		PAPI_start(c->evset);
}

void lab_counters_stop(struct lab_counters *c)
{
	memset(c->v, 0, sizeof(c->v));
	if (c->evset != PAPI_NULL && c->n > 0)
		PAPI_stop(c->evset, c->v);
}

void lab_counters_close(struct lab_counters *c)
{
	if (c->evset == PAPI_NULL)
		return;
	PAPI_cleanup_eventset(c->evset);
	PAPI_destroy_eventset(&c->evset);
}

int lab_counter_index(const struct lab_counters *c, const char *name)
{
	for (int i = 0; i < c->n; i++)
		if (!strcmp(c->names[i], name) || !strcmp(c->asked[i], name))
			return i;
	return -1;
}

long long lab_counter(const struct lab_counters *c, const char *name)
{
	int i = lab_counter_index(c, name);

	return i < 0 ? -1 : c->v[i];
}

unsigned lab_counters_zero(const struct lab_counters *c, const long long *total,
			   const char *over)
{
	unsigned mask = 0;
	int k = 0;

	for (int i = 0; i < c->n && i < 32; i++)
		if (total[i] == 0)
			mask |= 1u << i;
	if (!mask)
		return 0;
	printf("# counted 0 over %s:", over);
	for (int i = 0; i < c->n; i++)
		if (mask & (1u << i))
			printf("%s %s", k++ ? "," : "", c->names[i]);
	printf(": listed by this machine but not counted (an emulated PMU, "
	       "QEMU's for one, counts only cycles and instructions); "
	       "nothing is derived from them\n");
	return mask;
}

long long lab_now_ns(void)
{
	return PAPI_get_real_nsec();
}

int lab_cache_levels(void)
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();

	return hw ? hw->mem_hierarchy.levels : 0;
}

void lab_cache(int level, long *size, int *line, int *assoc)
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();

	*size = 0;
	*line = 0;
	*assoc = 0;
	if (!hw || level < 1 || level > hw->mem_hierarchy.levels)
		return;
	for (int i = 0; i < PAPI_MH_MAX_LEVELS; i++) {
		const PAPI_mh_cache_info_t *ci =
			&hw->mem_hierarchy.level[level - 1].cache[i];
		int type = PAPI_MH_CACHE_TYPE(ci->type);

		/* The instruction cache of level 1 is not what data sees. */
		if (type == PAPI_MH_TYPE_DATA || type == PAPI_MH_TYPE_UNIFIED) {
			*size = ci->size;
			*line = ci->line_size;
			*assoc = ci->associativity;
			return;
		}
	}
}

void lab_table_init(struct lab_table *t, const char *const *cols, int n)
{
	memset(t, 0, sizeof(*t));
	t->ncols = n < LAB_MAX_COLS ? n : LAB_MAX_COLS;
	for (int i = 0; i < t->ncols; i++)
		snprintf(t->cols[i], sizeof(t->cols[i]), "%s", cols[i]);
}

void lab_table_row(struct lab_table *t)
{
	/* A full table keeps its rows and drops the new one, loudly. */
	t->dropping = t->nrows == LAB_MAX_ROWS;
	if (!t->dropping)
		t->nrows++;
	else
		fprintf(stderr, "lab: table full (%d rows), row dropped\n",
			LAB_MAX_ROWS);
}

void lab_table_set(struct lab_table *t, int col, const char *fmt, ...)
{
	char buf[128];
	va_list ap;
	char **cell;

	if (t->nrows == 0 || t->dropping || col < 0 || col >= t->ncols)
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	cell = &t->cells[t->nrows - 1][col];
	free(*cell);
	*cell = strdup(buf);
}

static const char *cell(const struct lab_table *t, int r, int c)
{
	return t->cells[r][c] ? t->cells[r][c] : "";
}

void lab_table_print(const struct lab_table *t)
{
	int w[LAB_MAX_COLS];

	for (int c = 0; c < t->ncols; c++) {
		w[c] = (int)strlen(t->cols[c]);
		for (int r = 0; r < t->nrows; r++) {
			int l = (int)strlen(cell(t, r, c));

			w[c] = l > w[c] ? l : w[c];
		}
	}
	/* The first column (a name) is left-aligned, numbers right-aligned. */
	for (int c = 0; c < t->ncols; c++)
		printf(c ? "  %*s" : "%-*s", w[c], t->cols[c]);
	printf("\n");
	for (int r = 0; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++)
			printf(c ? "  %*s" : "%-*s", w[c], cell(t, r, c));
		printf("\n");
	}
}

int lab_table_csv(const struct lab_table *t, const char *path)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");

	if (!f) {
		perror(path);
		return -1;
	}
	for (int c = 0; c < t->ncols; c++)
		fprintf(f, "%s%s", c ? "," : "", t->cols[c]);
	fprintf(f, "\n");
	for (int r = 0; r < t->nrows; r++) {
		for (int c = 0; c < t->ncols; c++)
			fprintf(f, "%s%s", c ? "," : "", cell(t, r, c));
		fprintf(f, "\n");
	}
	if (f != stdout)
		fclose(f);
	return 0;
}

void lab_table_free(struct lab_table *t)
{
	for (int r = 0; r < t->nrows; r++)
		for (int c = 0; c < t->ncols; c++)
			free(t->cells[r][c]);
	t->nrows = 0;
}

void lab_progress(const char *what, int done, int total)
{
	if (!isatty(STDERR_FILENO))
		return;
	fprintf(stderr, "\r%s %d/%d%s", what, done, total,
		done == total ? "\n" : "");
}
