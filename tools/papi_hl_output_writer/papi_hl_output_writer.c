// SPDX-License-Identifier: BSD-3-Clause
/*
 * papi_hl_output_writer: summarize the reports of PAPI's high-level API
 * (PAPI_hl_region_begin/end) as a table, or as JSON. Takes the options of
 * PAPI's Python tool of the same name (--source, --type, --notation,
 * --format), and any number of report files or directories besides.
 * See README.md next to this file.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

static void usage(FILE *f)
{
	fputs("usage: papi_hl_output_writer [options] [REPORT|DIR]...\n"
	      "  --source DIR|FILE      report(s) to read; may repeat "
	      "(default: papi_hl_output)\n"
	      "  --type summary|detail  one row per region name and metric "
	      "(default), or per region instance\n"
	      "  --notation derived|raw seconds, IPC and rates beside the "
	      "counts (default), or counts only\n"
	      "  --format table|json|csv  output format (default: table)\n"
	      "  --json, --csv          the same as --format json, --format csv\n"
	      "  --by-rank              the summary per rank (report) too, "
	      "below each row\n"
	      "  --version              the PAPI library this tool runs with\n"
	      "  -h, --help             this text\n",
	      f);
}

/* --opt VALUE or --opt=VALUE: the value, advancing *i; NULL if none. */
static const char *opt_value(int argc, char **argv, int *i, const char *opt)
{
	size_t n = strlen(opt);

	if (strncmp(argv[*i], opt, n))
		return NULL;
	if (argv[*i][n] == '=')
		return argv[*i] + n + 1;
	if (argv[*i][n] || *i + 1 >= argc)
		return NULL;
	return argv[++*i];
}

static int version(void)
{
	int v = PAPI_library_init(PAPI_VER_CURRENT);

	if (v < 0) {
		fprintf(stderr, "papi_hl_output_writer: PAPI_library_init: %s\n",
			PAPI_strerror(v));
		return 2;
	}
	printf("papi_hl_output_writer: PAPI %d.%d.%d.%d\n",
	       PAPI_VERSION_MAJOR(v), PAPI_VERSION_MINOR(v),
	       PAPI_VERSION_REVISION(v), PAPI_VERSION_INCREMENT(v));
	PAPI_shutdown();
	return 0;
}

/* An MPI run whose reports say its size: the ranks that wrote none. */
static void say_missing(const struct reports *r, FILE *table)
{
	int missing[64], size, dups, n, i;

	n = ranks_missing(r, missing, 64, &size, &dups);
	if (n > 0) {
		fprintf(stderr, "papi_hl_output_writer: %d of %d ranks have no "
				"report:", n, size);
		for (i = 0; i < n && i < 64; i++)
			fprintf(stderr, " %d", missing[i]);
		fputs(n > 64 ? " ...\n" : "\n", stderr);
		if (table)
			fprintf(table, "\nmissing ranks: %d of %d have no "
				       "report\n", n, size);
	}
	if (dups > 0)
		fprintf(stderr, "papi_hl_output_writer: %d rank(s) have more "
				"than one report (two runs mixed?)\n", dups);
	if (table && size > 0 && n == 0)
		fprintf(table, "\nranks: all %d reported\n", size);
}

static int choose(const char *v, const char *a, const char *b, int *out)
{
	if (v && !strcmp(v, a))
		*out = 0;
	else if (v && !strcmp(v, b))
		*out = 1;
	else
		return -1;
	return 0;
}

int main(int argc, char **argv)
{
	struct reports r = { 0, NULL, 0, NULL };
	int i, detail = 0, raw = 0, sources = 0, bad = 0, by_rank = 0;
	enum out_fmt fmt = OUT_TABLE;
	const char *v;

	for (i = 1; i < argc && !bad; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout);
			return 0;
		} else if (!strcmp(argv[i], "--version")) {
			return version();
		} else if ((v = opt_value(argc, argv, &i, "--source")) ||
			   argv[i][0] != '-') {
			bad = reports_add(&r, v ? v : argv[i]) != 0;
			sources++;
		} else if ((v = opt_value(argc, argv, &i, "--type"))) {
			bad = choose(v, "summary", "detail", &detail);
		} else if ((v = opt_value(argc, argv, &i, "--notation"))) {
			bad = choose(v, "derived", "raw", &raw);
		} else if ((v = opt_value(argc, argv, &i, "--format"))) {
			fmt = !strcmp(v, "table") ? OUT_TABLE :
			      !strcmp(v, "json")  ? OUT_JSON :
			      !strcmp(v, "csv")   ? OUT_CSV : (bad = 1, fmt);
		} else if (!strcmp(argv[i], "--json")) {
			fmt = OUT_JSON;
		} else if (!strcmp(argv[i], "--csv")) {
			fmt = OUT_CSV;
		} else if (!strcmp(argv[i], "--by-rank")) {
			by_rank = 1;
		} else {
			bad = 1;
		}
		if (bad && argv[i][0] == '-') {
			fprintf(stderr, "papi_hl_output_writer: bad option %s\n",
				argv[i]);
			usage(stderr);
		}
	}
	if (!bad && !sources)
		bad = reports_add(&r, "papi_hl_output") != 0;
	if (!bad && reports_aggregate(&r) != 0) {
		fprintf(stderr, "papi_hl_output_writer: no region in the reports\n");
		bad = 1;
	}
	if (!bad) {
		if (detail)
			print_detail(stdout, &r, !raw, fmt);
		else
			print_summary(stdout, &r, !raw, fmt, by_rank);
		say_missing(&r, fmt == OUT_TABLE && !detail ? stdout : NULL);
	}
	reports_free(&r);
	return bad ? 2 : 0;
}
