/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_component_avail: the components compiled into the library, which of
 * them are active, and why the others are not.  Layout follows PAPI's tool.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "../common/hw_header.h"

#define DASHES \
	"--------------------------------------------------------------------------------"
#define INDENT \
	"                                " /* 32 blanks: under the description */
#define VALUE_COL 64 /* detail values start here, as PAPI's tab layout does */

static void usage(FILE *f, const char *prog)
{
	fprintf(f,
		"This is the PAPI component avail program.\n"
		"It provides availability of installed PAPI components.\n"
		"Usage: %s [options]\n"
		"Options:\n\n"
		"  --help, -h    print this help message\n"
		"  -d            print detailed information on each component\n",
		prog);
}

/* "label<tabs>value" with the value at VALUE_COL, like PAPI's detail lines. */
static void detail(const char *label, const char *value)
{
	int col = (int)(sizeof(INDENT) - 1 + strlen(label));

	printf(INDENT "%s", label);
	do {
		putchar('\t');
		col = (col / 8 + 1) * 8;
	} while (col < VALUE_COL);
	printf("%s\n", value);
}

static void detail_int(const char *label, int value)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%d", value);
	detail(label, buf);
}

/* Names of the bits set in mask, e.g. "user kernel". */
static void bit_names(char *buf, size_t len, int mask, const char *const *names,
		      int nnames)
{
	int i;
	size_t used = 0;

	buf[0] = '\0';
	for (i = 0; i < nnames && used < len; i++)
		if (mask & (1 << i))
			used += (size_t)snprintf(buf + used, len - used, "%s%s",
						 used ? " " : "", names[i]);
	if (buf[0] == '\0')
		snprintf(buf, len, "none");
}

static void print_domains(const PAPI_component_info_t *c)
{
	static const char *const dom[] = { "user", "kernel", "other",
					   "supervisor" };
	static const char *const grn[] = { "thread", "process", "process-group",
					   "system", "system-cpu" };
	char a[128], d[128], line[300];

	bit_names(a, sizeof(a), c->available_domains, dom, 4);
	bit_names(d, sizeof(d), c->default_domain, dom, 4);
	snprintf(line, sizeof(line), "%s (default: %s)", a, d);
	detail("Domains:", line);
	bit_names(a, sizeof(a), c->available_granularities, grn, 5);
	bit_names(d, sizeof(d), c->default_granularity, grn, 5);
	snprintf(line, sizeof(line), "%s (default: %s)", a, d);
	detail("Granularities:", line);
}

/*
 * An enabled component may still explain in disabled_reason what it could
 * not set up (our perf_event does so without a PMU); show it as a note,
 * word-wrapped to 80 columns under its first line.
 */
static void print_note(const char *text)
{
	const int width = 80 - 13; /* after the "Note:" lead */
	const char *lead = "   \\-> Note: ";

	while (*text) {
		int len = (int)strcspn(text, "\n"), cut = len;

		if (len > width) {
			for (cut = width; cut > 0 && text[cut] != ' '; cut--)
				;
			if (cut == 0)
				cut = width;
		}
		printf("%s%.*s\n", lead, cut, text);
		lead = "             ";
		text += cut;
		while (*text == ' ' || *text == '\n')
			text++;
	}
}

/* Native events a component lists: counted by walking them. */
static int count_native(int cid, const PAPI_component_info_t *c)
{
	int code = PAPI_NATIVE_MASK, n = 0;

	if (PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cid) != PAPI_OK)
		return c->num_native_events > 0 ? c->num_native_events : 0;
	do
		n++;
	while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cid) == PAPI_OK);
	return n;
}

static void print_compiled(const PAPI_component_info_t *c, int detailed)
{
	printf("Name:   %-23s %s\n", c->name, c->description);
	if (c->disabled)
		printf("   \\-> Disabled: %s\n", c->disabled_reason);
	else if (detailed && c->disabled_reason[0])
		print_note(c->disabled_reason);
	if (!detailed)
		return;
	detail("Version:", c->version);
	detail_int("Number of native events:", c->num_native_events);
	detail_int("Number of preset events:", c->num_preset_events);
	/* Beyond PAPI's three lines: what a user needs to pick a component. */
	if (c->support_version[0])
		detail("Support library version:", c->support_version);
	if (c->kernel_version[0])
		detail("Kernel version:", c->kernel_version);
	detail_int("Number of counters:", c->num_cntrs);
	detail_int("Number of multiplex counters:", c->num_mpx_cntrs);
	print_domains(c);
	detail_int("Fast counter read:", c->fast_counter_read);
	printf("\n");
}

/* "PMUs supported: a, b, ..." as PAPI 7's utility wraps it (measured on
 * Debian's binary): a name goes on a new line, under the first, when the
 * names already on the line (each counted with its ", ") plus this one
 * pass 82 columns; no comma ends a wrapped line, and a first name that
 * alone passes 82 columns starts on the next line too. */
static void print_pmus(const PAPI_component_info_t *c)
{
	int i, col = 0;

	if (c->pmu_names[0] == NULL)
		return;
	printf(INDENT "PMUs supported: ");
	for (i = 0; i < PAPI_PMU_MAX && c->pmu_names[i]; i++) {
		int len = (int)strlen(c->pmu_names[i]);

		if (col + len > 82) {
			printf("\n" INDENT "                ");
			col = 0;
		} else if (i) {
			printf(", ");
		}
		printf("%s", c->pmu_names[i]);
		col += len + 2;
	}
	printf("\n");
}

static void print_active(int cid, const PAPI_component_info_t *c, int detailed)
{
	printf("Name:   %-23s %s\n", c->name, c->description);
	printf(INDENT "Native: %d, Preset: %d, Counters: %d\n",
	       count_native(cid, c), c->num_preset_events, c->num_cntrs);
	print_pmus(c);
	printf("\n");
	if (detailed) {
		detail("Version:", c->version);
		detail_int("Fast counter read:", c->fast_counter_read);
		printf("\n");
	}
}

int main(int argc, char **argv)
{
	int i, ret, ncmp, detailed = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
			usage(stdout, argv[0]);
			return 0;
		} else if (!strcmp(argv[i], "-d")) {
			detailed = 1;
		} else {
			fprintf(stderr, "%s is not supported\n", argv[i]);
			usage(stderr, argv[0]);
			return 1;
		}
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "Error! PAPI_library_init: %s\n",
			ret < 0 ? PAPI_strerror(ret) : "version mismatch");
		return 1;
	}
	papi_tool_header("Available components and hardware information.",
			 "Error! PAPI_get_hardware_info\n");
	ncmp = PAPI_num_components();
	/* Delayed-init components only learn whether they work when touched. */
	for (i = 0; i < ncmp; i++) {
		const PAPI_component_info_t *c = PAPI_get_component_info(i);
		int code = PAPI_NATIVE_MASK;

		if (c != NULL && c->disabled == PAPI_EDELAY_INIT)
			PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, i);
	}
	printf("Compiled-in components:\n");
	for (i = 0; i < ncmp; i++) {
		const PAPI_component_info_t *c = PAPI_get_component_info(i);

		if (c != NULL)
			print_compiled(c, detailed);
	}
	printf("\nActive components:\n");
	for (i = 0; i < ncmp; i++) {
		const PAPI_component_info_t *c = PAPI_get_component_info(i);

		if (c != NULL && !c->disabled)
			print_active(i, c, detailed);
	}
	printf("\n%s\n", DASHES);
	return 0;
}
