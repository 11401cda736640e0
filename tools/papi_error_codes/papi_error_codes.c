/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_error_codes: every PAPI error code with the library's message for it.
 * Codes the header knows but the library has no text for are flagged, which
 * is how new codes without messages get noticed.
 */
#include <papi.h>
#include <stdio.h>
#include <string.h>

#define LINE "----------------------------------"

int main(int argc, char **argv)
{
	int i, v, ret, missing = 0;

	if (argc > 1) {
		int help = !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help");

		fprintf(help ? stdout : stderr,
			"Usage: %s\nLists the PAPI error codes and their messages.\n",
			argv[0]);
		return help ? 0 : 1;
	}
	ret = PAPI_library_init(PAPI_VER_CURRENT);
	if (ret != PAPI_VER_CURRENT) {
		fprintf(stderr, "Error with PAPI_library_init!\n");
		return 1;
	}
	v = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	printf("\n%s\nFor PAPI Version: %d.%d.%d.%d\n%s\n", LINE,
	       PAPI_VERSION_MAJOR(v), PAPI_VERSION_MINOR(v),
	       PAPI_VERSION_REVISION(v), PAPI_VERSION_INCREMENT(v), LINE);
	/* The header's codes, then any newer ones the library has text for. */
	for (i = 0; i < 1000; i++) {
		const char *msg = PAPI_strerror(-i);

		if (msg == NULL) {
			if (i >= PAPI_NUM_ERRORS)
				break;
			fprintf(stderr,
				"Warning: error code %d has no message\n", -i);
			missing++;
			msg = "(no message)";
		}
		printf("Error code %4d: %s\n", -i, msg);
	}
	printf("There are %d error codes defined\n%s\n\n", i, LINE);
	return missing ? 1 : 0;
}
