// SPDX-License-Identifier: BSD-3-Clause
/*
 * A library with SDEs loaded with dlopen (RTLD_LOCAL) after
 * PAPI_library_init, bringing libsde in privately: its events become
 * known, are enumerated with their descriptions, and count.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "papi.h"

static int listed(const char *want, const char *descr)
{
	int cidx = PAPI_get_component_index("sde"), code = PAPI_NATIVE_MASK;
	PAPI_event_info_t info;

	if (cidx < 0 || PAPI_enum_cmp_event(&code, PAPI_ENUM_FIRST, cidx) !=
				PAPI_OK)
		return 0;
	do {
		if (PAPI_get_event_info(code, &info) == PAPI_OK &&
		    !strcmp(info.symbol, want))
			return !strcmp(info.long_descr, descr);
	} while (PAPI_enum_cmp_event(&code, PAPI_ENUM_EVENTS, cidx) == PAPI_OK);
	return 0;
}

int main(void)
{
	int es = PAPI_NULL;
	long long v[2];
	void *lib;
	void (*work)(int);

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) {
		printf("FAIL: PAPI_library_init\n");
		return 1;
	}
	if (dlopen("libsde.so.1", RTLD_NOW | RTLD_NOLOAD)) {
		printf("FAIL: libsde is loaded before the dlopen\n");
		return 1;
	}
	if (PAPI_get_component_index("sde") < 0) {
		printf("FAIL: no sde component\n");
		return 1;
	}
	/* This program does not link libsde: nothing is known yet. */
	if (listed("sde:::DL_Test::ITEMS", "Items the test library made")) {
		printf("FAIL: DL_Test listed before it is loaded\n");
		return 1;
	}
	lib = dlopen(SDE_DL_LIB, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		printf("FAIL: dlopen: %s\n", dlerror());
		return 1;
	}
	*(void **)&work = dlsym(lib, "sdetest_work");
	if (!work) {
		printf("FAIL: dlsym\n");
		return 1;
	}
	if (!listed("sde:::DL_Test::ITEMS", "Items the test library made") ||
	    !listed("sde:::DL_Test::CALLS", "Calls of sdetest_work")) {
		printf("FAIL: the library's events are not enumerated\n");
		return 1;
	}
	work(5); /* before the start: not counted (DELTA) */
	if (PAPI_create_eventset(&es) != PAPI_OK ||
	    PAPI_add_named_event(es, "sde:::DL_Test::ITEMS") != PAPI_OK ||
	    PAPI_add_named_event(es, "sde:::DL_Test::CALLS") != PAPI_OK ||
	    PAPI_start(es) != PAPI_OK) {
		printf("FAIL: counting the library's events\n");
		return 1;
	}
	work(7);
	work(11);
	if (PAPI_stop(es, v) != PAPI_OK || v[0] != 18 || v[1] != 2) {
		printf("FAIL: counted %lld items in %lld calls, want 18 in 2\n",
		       v[0], v[1]);
		return 1;
	}
	printf("dlopen'ed after PAPI_library_init: listed, 18 items in 2 calls\n");
	PAPI_shutdown();
	return 0;
}
