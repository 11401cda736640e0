/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_version: prints the version of the PAPI library in use.  It asks the
 * loaded library rather than trusting the header it was compiled with, so
 * it tells the truth when another libpapi is picked up at run time.
 */
#include <papi.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	int v;

	if (argc > 1) {
		int help = !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help");

		fprintf(help ? stdout : stderr,
			"Usage: %s\nPrints the version of the PAPI library.\n",
			argv[0]);
		return help ? 0 : 1;
	}
	/* PAPI_LIB_VERSION needs no PAPI_library_init. */
	v = PAPI_get_opt(PAPI_LIB_VERSION, NULL);
	if (v <= 0)
		v = PAPI_VERSION;
	printf("PAPI Version: %d.%d.%d.%d\n", PAPI_VERSION_MAJOR(v),
	       PAPI_VERSION_MINOR(v), PAPI_VERSION_REVISION(v),
	       PAPI_VERSION_INCREMENT(v));
	return 0;
}
