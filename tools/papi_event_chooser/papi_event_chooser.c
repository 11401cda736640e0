/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_event_chooser NATIVE|PRESET evt1 evt2 ...: the events that can be
 * added to an EventSet already holding evt1, evt2... Each candidate is
 * tried for real (added, then removed), so the answer is the library's own.
 * Output and exit codes are PAPI's, which scripts parse.
 */
#include <papi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/hw_header.h"

#define RULE \
	"-------------------------------------------------------------------------"

static int es = PAPI_NULL;

/* Can evt join the set? Leaves the set as it was. */
static int try_event(int evt)
{
	int ret = PAPI_add_event(es, evt);

	if (ret == PAPI_OK && PAPI_remove_event(es, evt) != PAPI_OK)
		printf("Error removing event.\n");
	return ret;
}

static void show_info(int evt)
{
	PAPI_event_info_t info;
	unsigned int k;

	if (PAPI_get_event_info(evt, &info) != PAPI_OK)
		return;
	printf("%s\t%#x\n |%s|\n", info.symbol, info.event_code,
	       info.long_descr);
	for (k = 0; k < info.count; k++)
		if (info.name[k][0])
			printf(" |Register Value[%u]: %#-10x  %s|\n", k,
			       info.code[k], info.name[k]);
}

/* A qualifier line: its name from the first ':' of the symbol, its text
 * after the first ':' of the description ("..., masks:text"). */
static void show_qualifier(int code)
{
	PAPI_event_info_t q;
	const char *name, *text;

	if (PAPI_get_event_info(code, &q) != PAPI_OK)
		return;
	name = strchr(q.symbol, ':');
	text = strchr(q.long_descr, ':');
	printf("    %#-10x%s  |%s|\n", q.event_code, name ? name : "",
	       text ? text + 1 : "");
}

static int native(int cidx)
{
	int i = PAPI_NATIVE_MASK, n = 0;

	if (PAPI_enum_cmp_event(&i, PAPI_ENUM_FIRST, cidx) == PAPI_ENOEVNT)
		printf("Cannot find first event in component %d\n", cidx);
	do {
		int k = i, ok;

		/* An event with qualifiers is tried with its first one. */
		if (PAPI_enum_cmp_event(&k, PAPI_NTV_ENUM_UMASKS, cidx) ==
		    PAPI_OK) {
			ok = try_event(k) == PAPI_OK;
			if (ok) {
				show_info(i);
				do
					show_qualifier(k);
				while (PAPI_enum_cmp_event(&k,
							   PAPI_NTV_ENUM_UMASKS,
							   cidx) == PAPI_OK);
			}
		} else {
			ok = try_event(i) == PAPI_OK;
			if (ok)
				show_info(i);
		}
		if (ok) {
			n++;
			printf("%s\n", RULE);
		}
	} while (PAPI_enum_cmp_event(&i, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	printf("%s\nTotal events reported: %d\n", RULE, n);
	return 0;
}

static const char *derived_yes_no(const PAPI_event_info_t *info)
{
	if (!info->derived[0] || !strcmp(info->derived, "NOT_DERIVED") ||
	    !strcmp(info->derived, "DERIVED_CMPD"))
		return "No";
	return "Yes";
}

static int preset(void)
{
	int i = PAPI_PRESET_MASK, n = 0;
	PAPI_event_info_t info;

	printf("    Name        Code    Deriv Description (Note)\n");
	PAPI_enum_event(&i, PAPI_ENUM_FIRST);
	do {
		if (PAPI_add_event(es, i) != PAPI_OK)
			continue;
		if (PAPI_get_event_info(i, &info) == PAPI_OK) {
			printf("%-13s%#x  %-5s%s", info.symbol, info.event_code,
			       derived_yes_no(&info), info.long_descr);
			if (info.note[0])
				printf(" (%s)", info.note);
			printf("\n");
		}
		if (PAPI_remove_event(es, i) != PAPI_OK)
			printf("Error in PAPI_remove_event\n");
		n++;
	} while (PAPI_enum_event(&i, PAPI_PRESET_ENUM_AVAIL) == PAPI_OK);
	printf("%s\nTotal events reported: %d\n", RULE, n);
	return 0;
}

static int usage(void)
{
	fprintf(stderr,
		"Usage: papi_event_chooser NATIVE|PRESET evt1 evt2 ... \n");
	return 1;
}

int main(int argc, char **argv)
{
	int code, cidx, i, ret;

	if (argc < 3)
		return usage();
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "Error! PAPI_library_init: %s\n",
			ret < 0 ? PAPI_strerror(ret) : "version mismatch");
		return 1;
	}
	/* As PAPI's chooser does: the library says why an event fails. */
	PAPI_set_debug(PAPI_VERB_ECONT);
	papi_tool_header("Event Chooser: Available events which can be added "
			 "with given events.",
			 "Error!  PAPI_get_hardware_info\n");
	if (PAPI_create_eventset(&es) != PAPI_OK) {
		fprintf(stderr, "PAPI_create_eventset error\n");
		return 1;
	}
	for (i = 2; i < argc; i++) {
		if (PAPI_event_name_to_code(argv[i], &code) != PAPI_OK) {
			fprintf(stderr, "Event %s can't be found\n", argv[i]);
			return 1;
		}
		if (i == 2)
			cidx = PAPI_get_event_component(code);
		ret = PAPI_add_event(es, code);
		if (ret != PAPI_OK) {
			fprintf(stderr,
				"Event %s can't be counted with others %d\n",
				argv[i], ret);
			return 1;
		}
	}
	if (!strcmp(argv[1], "NATIVE"))
		return native(cidx);
	if (!strcmp(argv[1], "PRESET"))
		return preset();
	return usage();
}
