/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_command_line [-u] [-x] EVENT...: adds the named events to one
 * EventSet, runs a known workload (workload.c) and prints each count, the
 * way PAPI's utility does: a quick check that events can be counted together
 * and give plausible numbers. Events that cannot be added are reported and
 * left out.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

static void usage(const char *prog)
{
	printf("Usage: %s [options] [EVENTNAMEs]\n", prog);
	printf("Options:\n\n"
	       "General command options:\n"
	       "\t-u          Display output values as unsigned integers\n"
	       "\t-x          Display output values as hexadecimal\n"
	       "\t-h          Print this help message\n"
	       "\tEVENTNAMEs  Specify one or more preset or native events\n\n"
	       "This utility performs work while measuring the specified "
	       "events.\n"
	       "It can be useful for sanity checks on given events and sets "
	       "of events.\n");
}

/* One value in the event's own data type, followed by its units. */
static void print_value(const char *name, long long v)
{
	PAPI_event_info_t info;
	int code, type = PAPI_DATATYPE_INT64, have = 0;

	if (PAPI_event_name_to_code(name, &code) == PAPI_OK &&
	    PAPI_get_event_info(code, &info) == PAPI_OK) {
		type = info.data_type;
		have = 1;
	}
	printf("%s : \t", name);
	switch (type) {
	case PAPI_DATATYPE_UINT64:
		printf("%llu(u)", (unsigned long long)v);
		break;
	case PAPI_DATATYPE_FP64: {
		double d;

		memcpy(&d, &v, sizeof(d));
		printf("%0.3f", d);
		break;
	}
	case PAPI_DATATYPE_BIT64:
		printf("%#llX", (unsigned long long)v);
		break;
	default:
		printf("%lld", v);
	}
	if (have)
		printf(" %s", info.units);
	printf("\n");
}

/* values and added: one slot per argument (main owns them). */
static int run(int argc, char **argv, long long *values, int *added)
{
	int es = PAPI_NULL, i, n = 0, ret, ufmt = 0, xfmt = 0;

	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT || PAPI_create_eventset(&es) != PAPI_OK) {
		fprintf(stderr, "Error! PAPI_library_init\n");
		return 1;
	}
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h")) {
			usage(argv[0]);
			return 1;
		} else if (!strcmp(argv[i], "-u")) {
			ufmt = 1;
		} else if (!strcmp(argv[i], "-x")) {
			xfmt = 1;
		} else if ((ret = PAPI_add_named_event(es, argv[i])) !=
			   PAPI_OK) {
			printf("Failed adding: %s\nbecause: %s\n", argv[i],
			       PAPI_strerror(ret));
		} else {
			added[n++] = i;
			printf("Successfully added: %s\n", argv[i]);
		}
	}
	/* No events is not a failure: scripts run it bare. */
	if (n == 0) {
		printf("No events specified!\n"
		       "Try running something like: %s PAPI_TOT_CYC\n\n",
		       argv[0]);
		return 0;
	}
	printf("\n");
	if ((ret = PAPI_start(es)) != PAPI_OK) {
		fprintf(stderr, "Error! PAPI_start: %s\n", PAPI_strerror(ret));
		return 1;
	}
	papi_cl_workload();
	if ((ret = PAPI_stop(es, values)) != PAPI_OK) {
		fprintf(stderr, "Error! PAPI_stop: %s\n", PAPI_strerror(ret));
		return 1;
	}
	for (i = 0; i < n; i++) {
		const char *name = argv[added[i]];

		if (!ufmt && !xfmt)
			print_value(name, values[i]);
		if (ufmt)
			printf("%s : \t%llu(u)\n", name,
			       (unsigned long long)values[i]);
		if (xfmt)
			printf("%s : \t%#llX\n", name,
			       (unsigned long long)values[i]);
	}
	printf("\n----------------------------------\n");
	return 0;
}

int main(int argc, char **argv)
{
	long long *values = calloc((size_t)argc, sizeof(*values));
	int *added = calloc((size_t)argc, sizeof(*added));
	int rc = 1;

	printf("\nThis utility lets you add events from the command line "
	       "interface to see if they work.\n\n");
	if (!values || !added)
		fprintf(stderr, "Error allocating memory!\n");
	else
		rc = run(argc, argv, values, added);
	free(values);
	free(added);
	return rc;
}
