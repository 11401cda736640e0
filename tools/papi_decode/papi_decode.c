/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_decode: every preset (or, with -a, every available one) as a CSV
 * row: name, derived, postfix, descriptions, note, native events. PAPI's
 * layout is kept, quirks included, because scripts parse it: the first
 * preset is printed whether available or not, and empty descriptions leave
 * an empty field.
 */
#include <papi.h>
#include <stdio.h>
#include <string.h>

static void usage(void)
{
	printf("This is the PAPI decode utility program.\n"
	       "It decodes PAPI preset events into csv formatted text.\n"
	       "By default all presets are decoded.\n"
	       "The text goes to stdout, but can be piped to a file.\n"
	       "Such a file can be edited in a text editor or spreadsheet.\n"
	       "It can also be parsed by PAPI_encode_events.\n"
	       "Usage:\n\n"
	       "    decode [options]\n\n"
	       "Options:\n\n"
	       "  -a            decode only available PAPI preset events\n"
	       "  -h            print this help message\n\n");
}

static void print_row(const PAPI_event_info_t *e)
{
	unsigned int j;

	printf("%s,%s,%s,", e->symbol, e->derived, e->postfix);
	if (e->short_descr[0])
		printf("\"%s\",", e->short_descr);
	else
		printf(",");
	if (e->long_descr[0])
		printf("\"%s\",", e->long_descr);
	else
		printf(",");
	if (e->note[0])
		printf("\"%s\"", e->note);
	for (j = 0; j < e->count; j++)
		printf(",%s", e->name[j]);
	printf("\n");
}

int main(int argc, char **argv)
{
	int modifier = PAPI_ENUM_EVENTS, code = PAPI_PRESET_MASK, i;
	PAPI_event_info_t info;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-a")) {
			modifier = PAPI_PRESET_ENUM_AVAIL;
		} else {
			usage();
			return 1;
		}
	}
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		fprintf(stderr, "Error! PAPI_library_init\n");
		return 1;
	}
	printf("name,derived,postfix,short_descr,long_descr,note,"
	       "[native,...]\n\n");
	do {
		if (PAPI_get_event_info(code, &info) == PAPI_OK)
			print_row(&info);
	} while (PAPI_enum_event(&code, modifier) == PAPI_OK);
	return 0;
}
