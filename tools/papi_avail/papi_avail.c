/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_avail: lists the PAPI preset (and user-defined) events and whether
 * this machine can count them.  The layout copies PAPI's own utility line
 * for line, because scripts in the wild parse it.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "../common/hw_header.h"

#define DASHES \
	"--------------------------------------------------------------------------------"
#define EQUALS \
	"================================================================================"

struct opts {
	int avail; /* -a: only available events */
	int check; /* -c: only events that really add to an event set */
	int detail; /* -d: one block per event instead of one row */
	unsigned int filter; /* OR of PAPI_PRESET_BIT_* from --br, --cache, ... */
	const char *event; /* -e NAME */
};

struct totals {
	int possible, avail, derived;
};

static const struct {
	const char *opt;
	unsigned int bit;
	const char *help;
} filters[] = {
	{ "--br", PAPI_PRESET_BIT_BR,
	  "Display branch related PAPI preset events" },
	{ "--cache", PAPI_PRESET_BIT_CACH,
	  "Display cache related PAPI preset events" },
	{ "--cnd", PAPI_PRESET_BIT_CND,
	  "Display conditional PAPI preset events" },
	{ "--fp", PAPI_PRESET_BIT_FP,
	  "Display Floating Point related PAPI preset events" },
	{ "--ins", PAPI_PRESET_BIT_INS,
	  "Display instruction related PAPI preset events" },
	{ "--idl", PAPI_PRESET_BIT_IDL,
	  "Display Stalled or Idle PAPI preset events" },
	{ "--l1", PAPI_PRESET_BIT_L1,
	  "Display level 1 cache related PAPI preset events" },
	{ "--l2", PAPI_PRESET_BIT_L2,
	  "Display level 2 cache related PAPI preset events" },
	{ "--l3", PAPI_PRESET_BIT_L3,
	  "Display level 3 cache related PAPI preset events" },
	{ "--mem", PAPI_PRESET_BIT_MEM,
	  "Display memory related PAPI preset events" },
	{ "--msc", PAPI_PRESET_BIT_MSC,
	  "Display miscellaneous PAPI preset events" },
	{ "--tlb", PAPI_PRESET_BIT_TLB,
	  "Display Translation Lookaside Buffer PAPI preset events" },
};
#define NFILTERS (sizeof(filters) / sizeof(filters[0]))

static void usage(FILE *f, const char *prog)
{
	size_t i;

	fprintf(f,
		"This is the PAPI avail program.\n"
		"It provides availability and details about PAPI Presets and User-defined Events.\n"
		"PAPI Preset Event filters can be combined in a logical OR.\n"
		"Usage: %s [options]\n"
		"Options:\n\n"
		"General command options:\n"
		"\t-h, --help       Print this help message\n"
		"\t-a, --avail      Display only available PAPI preset and user defined events\n"
		"\t-c, --check      Display only available PAPI preset and user defined events after an availability check\n"
		"\t-d, --detail     Display detailed information about events\n"
		"\t-e EVENTNAME     Display detail information about specified event\n"
		"\nEvent filtering options:\n",
		prog);
	for (i = 0; i < NFILTERS; i++)
		fprintf(f, "\t%-16s %s\n", filters[i].opt, filters[i].help);
	fprintf(f, "\n");
}

static int is_derived(const PAPI_event_info_t *info)
{
	return info->derived[0] != '\0' &&
	       strcmp(info->derived, "NOT_DERIVED") != 0;
}

/* -c: "available" per the tables is not enough; prove it by adding it. */
static int can_add(int code)
{
	int es = PAPI_NULL, ok;

	if (PAPI_create_eventset(&es) != PAPI_OK)
		return 0;
	ok = PAPI_add_event(es, code) == PAPI_OK;
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	return ok;
}

static void print_section_header(const char *title, const struct opts *o)
{
	printf("%s\n  %s\n%s\n", EQUALS, title, EQUALS);
	if (o->detail)
		printf("%-13s%-11s%-8s%-16s\n |Long Description|\n"
		       " |Developer's Notes|\n |Derived|\n |PostFix|\n"
		       " Native Code[n]: <hex> |name|\n",
		       "Symbol", "Event Code", "Count", "|Short Description|");
	else if (o->avail || o->check)
		printf("    Name        Code    Deriv Description (Note)\n");
	else
		printf("    Name        Code    Avail Deriv Description (Note)\n");
}

static void print_row(const PAPI_event_info_t *info, const struct opts *o)
{
	unsigned int j;

	if (o->detail) {
		printf("%s\t%#x\t%u\t|%s|\n |%s|\n |%s|\n |%s|\n |%s|\n",
		       info->symbol, info->event_code, info->count,
		       info->short_descr, info->long_descr, info->note,
		       info->derived, info->postfix);
		for (j = 0; j < info->count && j < PAPI_MAX_INFO_TERMS; j++)
			printf(" Native Code[%u]: %#x |%s|\n", j, info->code[j],
			       info->name[j]);
		return;
	}
	if (o->avail || o->check)
		printf("%-13s%#x  %-5s%s", info->symbol, info->event_code,
		       is_derived(info) ? "Yes" : "No", info->long_descr);
	else
		printf("%-13s%#x  %-6s%-4s %s", info->symbol, info->event_code,
		       info->count ? "Yes" : "No",
		       is_derived(info) ? "Yes" : "No", info->long_descr);
	if (info->note[0])
		printf(" (%s)", info->note);
	printf("\n");
}

/*
 * One table (presets, or user-defined events).  The user-defined table is
 * only printed when such events exist, as PAPI does.
 */
static void list_events(int mask, const char *title, const struct opts *o,
			struct totals *t)
{
	int code = mask, shown = 0;
	PAPI_event_info_t info;

	if (mask == PAPI_PRESET_MASK) {
		print_section_header(title, o);
		shown = 1;
	}
	if (PAPI_enum_event(&code, PAPI_ENUM_FIRST) != PAPI_OK)
		return;
	do {
		int first = code == mask;

		if (PAPI_get_event_info(code, &info) != PAPI_OK)
			continue;
		if (o->filter && !(info.event_type & o->filter))
			continue;
		if ((o->avail || o->check) && info.count == 0) {
			/*
			 * PAPI's tool prints an empty row (just the note) for
			 * the first preset when it is unavailable; keep it so
			 * that outputs compare equal.
			 */
			if (first && mask == PAPI_PRESET_MASK && !o->detail) {
				if (info.note[0])
					printf(" (%s)", info.note);
				printf("\n");
			}
			continue;
		}
		if (o->check && !can_add(code))
			continue;
		if (!shown) {
			print_section_header(title, o);
			shown = 1;
		}
		print_row(&info, o);
		t->possible++;
		if (info.count) {
			t->avail++;
			if (is_derived(&info))
				t->derived++;
		}
	} while (PAPI_enum_event(&code, PAPI_ENUM_EVENTS) == PAPI_OK);
}

/* -e on a preset or user-defined event: its definition and native terms. */
static void show_preset(const PAPI_event_info_t *info)
{
	PAPI_event_info_t n;
	unsigned int j, k;

	printf("%-30s%s\n", "Event name:", info->symbol);
	printf("%-30s%#-10x\n", "Event Code:", info->event_code);
	printf("%-30s%u\n", "Number of Native Events:", info->count);
	printf("%-29s|%s|\n", "Short Description:", info->short_descr);
	printf("%-29s|%s|\n", "Long Description:", info->long_descr);
	printf("%-29s|%s|\n", "Developer's Notes:", info->note);
	printf("%-29s|%s|\n", "Derived Type:", info->derived);
	printf("%-29s|%s|\n", "Postfix Processing String:", info->postfix);
	for (j = 0; j < info->count && j < PAPI_MAX_INFO_TERMS; j++) {
		printf(" Native Code[%u]: %#x |%s|\n", j, info->code[j],
		       info->name[j]);
		if (PAPI_get_event_info((int)info->code[j], &n) != PAPI_OK)
			continue;
		printf(" Number of Register Values: %u\n", n.count);
		for (k = 0; k < n.count && k < PAPI_MAX_INFO_TERMS; k++)
			printf(" Register[%2u]: %#08x |%s|\n", k, n.code[k],
			       n.name[k]);
		printf(" Native Event Description: |%s|\n", n.long_descr);
		/* PAPI ends every term with an empty line; show_event adds
		 * the last one. */
		if (j + 1 < info->count)
			printf("\n");
	}
	if (info->count == 0)
		printf("\nPRESET event %s is NOT available on this architecture!\n",
		       info->symbol);
}

/* -e on a native event: its description and qualifiers (unit masks). PAPI
 * lists the qualifiers only when the name as typed has no ':' at all, so a
 * PMU-qualified name ("perf::TASK-CLOCK") shows none; we do the same. */
static void show_native(const char *typed, const PAPI_event_info_t *info)
{
	PAPI_event_info_t m;
	int code = (int)info->event_code, first = 1;
	size_t blen = strlen(info->symbol);

	printf("%-30s%s\n", "Event name:", info->symbol);
	printf("%-30s%#-10x\n", "Event Code:", info->event_code);
	printf("%-30s%u\n", "Number of Register Values:", info->count);
	printf("%-29s|%s|\n", "Description:", info->long_descr);
	if (strchr(typed, ':') ||
	    PAPI_enum_event(&code, PAPI_NTV_ENUM_UMASKS) != PAPI_OK)
		return;
	do {
		const char *q, *d;

		if (PAPI_get_event_info(code, &m) != PAPI_OK)
			continue;
		/* Show only the qualifier and its own text, not the event's. */
		q = strncmp(m.symbol, info->symbol, blen) == 0 ?
			    m.symbol + blen :
			    m.symbol;
		d = strstr(m.long_descr, "masks:");
		d = d ? d + 6 : m.long_descr;
		if (first) {
			printf("\nUnit Masks:\n");
			first = 0;
		}
		printf("%-29s|%s|%s|\n", " Mask Info:", q, d);
	} while (PAPI_enum_event(&code, PAPI_NTV_ENUM_UMASKS) == PAPI_OK);
}

static void show_event(const char *name)
{
	PAPI_event_info_t info;
	int code;

	if (PAPI_event_name_to_code(name, &code) != PAPI_OK ||
	    PAPI_get_event_info(code, &info) != PAPI_OK) {
		printf("Sorry, an event by the name '%s' could not be found.\n"
		       " Is it typed correctly?\n\n",
		       name);
		return;
	}
	/* PAPI leaves an empty line after a preset's block, not a native's. */
	if (code & PAPI_PRESET_MASK) {
		show_preset(&info);
		printf("\n");
	} else {
		show_native(name, &info);
	}
}

static void parse_args(int argc, char **argv, struct opts *o)
{
	int i;
	size_t f;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout, argv[0]);
			exit(0);
		} else if (!strcmp(a, "-a") || !strcmp(a, "--avail")) {
			o->avail = 1;
		} else if (!strcmp(a, "-c") || !strcmp(a, "--check")) {
			o->check = 1;
		} else if (!strcmp(a, "-d") || !strcmp(a, "--detail")) {
			o->detail = 1;
		} else if (!strcmp(a, "-e")) {
			if (i + 1 >= argc || argv[i + 1][0] == '\0') {
				fprintf(stderr, "Invalid argument for -e\n");
				exit(1);
			}
			o->event = argv[++i];
		} else {
			for (f = 0; f < NFILTERS; f++)
				if (!strcmp(a, filters[f].opt))
					break;
			if (f == NFILTERS) {
				fprintf(stderr, "%s: unknown option '%s'\n",
					argv[0], a);
				usage(stderr, argv[0]);
				exit(1);
			}
			o->filter |= filters[f].bit;
		}
	}
}

int main(int argc, char **argv)
{
	struct opts o = { 0 };
	struct totals t = { 0 };
	int ret;

	parse_args(argc, argv, &o);
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "Error!  PAPI_library_init: %s\n",
			ret < 0 ? PAPI_strerror(ret) :
				  "PAPI library mismatch!");
		return 1;
	}
	papi_tool_header(
		"Available PAPI preset and user defined events plus hardware information.",
		"Error! PAPI_get_hardware_info\n");
	if (o.event) {
		show_event(o.event);
		printf("%s\n", DASHES);
		return 0;
	}
	list_events(PAPI_PRESET_MASK, "PAPI Preset Events", &o, &t);
	list_events(PAPI_UE_MASK, "User Defined Events", &o, &t);
	printf("%s\n", DASHES);
	if (o.avail || o.check)
		printf("Of %d available events, %d %s\n", t.avail, t.derived,
		       t.derived == 1 ? "is derived." : "are derived.");
	else
		printf("Of %d possible events, %d are available, of which %d %s\n",
		       t.possible, t.avail, t.derived,
		       t.derived == 1 ? "is derived." : "are derived.");
	if (t.avail == 0)
		printf("\nNo events detected!  Check papi_component_avail to find out why.\n");
	printf("\n");
	return 0;
}
