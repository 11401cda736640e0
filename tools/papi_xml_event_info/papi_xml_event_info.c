/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_xml_event_info: the machine and every event that can be counted, as
 * XML, per component: native events with the qualifiers that can be used,
 * then presets. With event names on the command line only events that can
 * join a set holding them are listed. Each event is tried for real in an
 * EventSet, which is slow but is the library's own answer. The layout is
 * PAPI's, which other tools read.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct opts {
	int preset, native, cidx;
};

static int es = PAPI_NULL;

/* Print s with XML's five special characters escaped. */
static void xml(const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '"':
			fputs("&quot;", stdout);
			break;
		case '&':
			fputs("&amp;", stdout);
			break;
		case '\'':
			fputs("&apos;", stdout);
			break;
		case '<':
			fputs("&lt;", stdout);
			break;
		case '>':
			fputs("&gt;", stdout);
			break;
		default:
			putchar(*s);
		}
	}
}

static void hardware(void)
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();

	if (!hw)
		return;
	printf("<hardware>\n  <vendor string=\"");
	xml(hw->vendor_string);
	printf("\"/>\n  <vendorCode value=\"%d\"/>\n  <model string=\"",
	       hw->vendor);
	xml(hw->model_string);
	printf("\"/>\n  <modelCode value=\"%d\"/>\n", hw->model);
	printf("  <cpuRevision value=\"%f\"/>\n", (double)hw->revision);
	printf("  <cpuID>\n    <family value=\"%d\"/>\n"
	       "    <model value=\"%d\"/>\n    <stepping value=\"%d\"/>\n"
	       "  </cpuID>\n",
	       hw->cpuid_family, hw->cpuid_model, hw->cpuid_stepping);
	printf("  <cpuMaxMegahertz value=\"%d\"/>\n", hw->cpu_max_mhz);
	printf("  <cpuMinMegahertz value=\"%d\"/>\n", hw->cpu_min_mhz);
	printf("  <threads value=\"%d\"/>\n  <cores value=\"%d\"/>\n",
	       hw->threads, hw->cores);
	printf("  <sockets value=\"%d\"/>\n  <nodes value=\"%d\"/>\n",
	       hw->sockets, hw->nnodes);
	printf("  <cpuPerNode value=\"%d\"/>\n  <totalCPUs value=\"%d\"/>\n",
	       hw->ncpu, hw->totalcpus);
	printf("</hardware>\n");
}

/* Can evt join the set? The set is left as it was. */
static int fits(int evt)
{
	if (PAPI_add_event(es, evt) != PAPI_OK)
		return 0;
	if (PAPI_remove_event(es, evt) != PAPI_OK) {
		fprintf(stderr, "Error removing event from eventset\n");
		exit(1);
	}
	return 1;
}

static void open_event(const PAPI_event_info_t *info, int index)
{
	printf("    <event index=\"%d\" name=\"", index);
	xml(info->symbol);
	printf("\" desc=\"");
	xml(info->long_descr);
	printf("\">\n");
}

static void modifier(const PAPI_event_info_t *info)
{
	printf("        <modifier name=\"");
	xml(info->symbol);
	printf("\" desc=\"");
	xml(info->long_descr);
	printf("\"> </modifier>\n");
}

/* An event with qualifiers is listed when its first qualifier fits, with
 * every qualifier that fits. */
static void native_event(int code, const PAPI_event_info_t *info, int index,
			 int cidx)
{
	PAPI_event_info_t q;
	int k = code;

	if (PAPI_enum_cmp_event(&k, PAPI_NTV_ENUM_UMASKS, cidx) != PAPI_OK) {
		if (fits(code)) {
			open_event(info, index);
			printf("    </event>\n");
		}
		return;
	}
	if (!fits(k))
		return;
	open_event(info, index);
	do {
		if (PAPI_get_event_info(k, &q) == PAPI_OK && fits(k))
			modifier(&q);
	} while (PAPI_enum_cmp_event(&k, PAPI_NTV_ENUM_UMASKS, cidx) ==
		 PAPI_OK);
	printf("    </event>\n");
}

/* type: "NATIVE" or "PRESET"; index counts every event enumerated. */
static void eventset(const char *type, int mask, int cidx)
{
	PAPI_event_info_t info;
	int code = mask, index = -1, ret;

	printf("  <eventset type=\"%s\">\n", type);
	ret = PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx);
	for (; ret == PAPI_OK;
	     ret = PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx)) {
		index++;
		if (PAPI_get_event_info(code, &info) != PAPI_OK)
			continue;
		if (mask == PAPI_NATIVE_MASK) {
			native_event(code, &info, index, cidx);
		} else if (fits(code)) {
			open_event(&info, index);
			printf("    </event>\n");
		}
	}
	printf("  </eventset>\n");
}

static void usage(const char *prog)
{
	fprintf(stderr, "Usage: %s [options] [[event1] event2 ...]\n", prog);
	fprintf(stderr, "     options: -h     print help message\n"
			"              -p     print only preset events\n"
			"              -n     print only native events\n"
			"              -c n   print only events for component "
			"index n\n"
			"If event1, event2, etc., are specified, then only "
			"events\n"
			"that can be run in addition to these events will be "
			"printed\n\n");
}

/* Options, and the events named on the command line added to the set;
 * run again for every component, on a fresh set. */
static void parse(int argc, char **argv, int ncmp, struct opts *o)
{
	int i, code;

	for (i = 1; i < argc; i++) {
		if (argv[i][0] != '-') {
			code = -1;
			PAPI_event_name_to_code(argv[i], &code);
			if (PAPI_query_event(code) != PAPI_OK) {
				fprintf(stderr, "Error: unknown event: %s\n",
					argv[i]);
				usage(argv[0]);
				exit(1);
			}
			if (PAPI_add_event(es, code) != PAPI_OK) {
				fprintf(stderr,
					"Error: event %s cannot be "
					"counted with others\n",
					argv[i]);
				usage(argv[0]);
				exit(1);
			}
			continue;
		}
		switch (argv[i][1]) {
		case 'c':
			o->cidx = i + 1 < argc ? atoi(argv[++i]) : -1;
			if (o->cidx < 0 || o->cidx >= ncmp) {
				fprintf(stderr,
					"Error: component index %d out "
					"of bounds (0..%d)\n",
					o->cidx, ncmp - 1);
				usage(argv[0]);
				exit(1);
			}
			break;
		case 'p':
			o->preset = 1;
			o->native = 0;
			break;
		case 'n':
			o->native = 1;
			o->preset = 0;
			break;
		case 'h':
			usage(argv[0]);
			exit(0);
		default:
			fprintf(stderr, "Error: unknown option: %s\n", argv[i]);
			usage(argv[0]);
			exit(1);
		}
	}
}

static void component(int cidx, const struct opts *o)
{
	const PAPI_component_info_t *c = PAPI_get_component_info(cidx);

	printf("<component index=\"%d\" type=\"%s\" id=\"%s\">\n", cidx,
	       cidx ? "Unknown" : "CPU", c ? c->name : "");
	if (o->native)
		eventset("NATIVE", PAPI_NATIVE_MASK, cidx);
	if (o->preset)
		eventset("PRESET", PAPI_PRESET_MASK, cidx);
	printf("</component>\n");
}

int main(int argc, char **argv)
{
	struct opts o = { .preset = 1, .native = 1, .cidx = -1 };
	int ncmp, cidx;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_create_eventset(&es) != PAPI_OK) {
		fprintf(stderr, "Error! PAPI_library_init\n");
		return 1;
	}
	ncmp = PAPI_num_components();
	parse(argc, argv, ncmp, &o);
	printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<eventinfo>\n");
	hardware();
	if (o.cidx >= 0) {
		component(o.cidx, &o);
	} else {
		for (cidx = 0; cidx < ncmp; cidx++) {
			struct opts again = o;

			component(cidx, &o);
			/* Each component starts from the named events only. */
			PAPI_cleanup_eventset(es);
			PAPI_destroy_eventset(&es);
			es = PAPI_NULL;
			PAPI_create_eventset(&es);
			parse(argc, argv, ncmp, &again);
		}
	}
	printf("</eventinfo>\n");
	return 0;
}
