// SPDX-License-Identifier: BSD-3-Clause
/*
 * Bad input never crashes (see badinput.h): system information and
 * utilities. PAPI_strerror and PAPI_perror with codes PAPI does not
 * define and odd texts, the timers, the device queries without a handle,
 * the hardware, executable, shared-library, memory and component
 * information, before PAPI_library_init, after it and after
 * PAPI_shutdown.
 */
#include "badinput.h"

#include <fcntl.h>

/* A text far longer than any message: 5000 characters. */
static char long_name[5001];

/* ---- Calls that are the same before and after init -------------------- */

static void check_strerror(void)
{
	static const int not_codes[] = { 1,	2,	 -PAPI_NUM_ERRORS,
					 -1000, INT_MIN, INT_MAX };
	int i, saved, devnull;

	/* Every code PAPI defines has a message... */
	for (i = 0; i > -PAPI_NUM_ERRORS; i--) {
		const char *s = CALL(PAPI_strerror(i));

		CHECK(s && *s, "PAPI_strerror(%d) is empty", i);
	}
	/* ...and anything else is NULL, as PAPI 7.0 documents. */
	for (i = 0; i < (int)(sizeof(not_codes) / sizeof(not_codes[0])); i++)
		CHECK(CALL(PAPI_strerror(not_codes[i])) == NULL,
		      "PAPI_strerror(%d) should be NULL", not_codes[i]);
	/* PAPI_perror prints the last error; it must cope with any text.
	 * What it prints is of no interest here, so stderr is muted. */
	fflush(stderr);
	saved = dup(2);
	devnull = open("/dev/null", O_WRONLY);
	if (saved >= 0 && devnull >= 0)
		dup2(devnull, 2);
	CALL(PAPI_perror(NULL));
	CALL(PAPI_perror(""));
	CALL(PAPI_perror("%s%s%n"));
	CALL(PAPI_perror(long_name));
	fflush(stderr);
	if (saved >= 0) {
		dup2(saved, 2);
		close(saved);
	}
	if (devnull >= 0)
		close(devnull);
}

/* Real and virtual time never go back and are never negative. */
static void check_timers(int line)
{
	long long r0 = CALL(PAPI_get_real_usec()),
		  n0 = CALL(PAPI_get_real_nsec());
	long long c0 = CALL(PAPI_get_real_cyc()),
		  v0 = CALL(PAPI_get_virt_usec());
	long long vn0 = CALL(PAPI_get_virt_nsec()),
		  vc0 = CALL(PAPI_get_virt_cyc());
	long long r1 = CALL(PAPI_get_real_usec()),
		  n1 = CALL(PAPI_get_real_nsec());
	long long c1 = CALL(PAPI_get_real_cyc()),
		  v1 = CALL(PAPI_get_virt_usec());
	long long vn1 = CALL(PAPI_get_virt_nsec()),
		  vc1 = CALL(PAPI_get_virt_cyc());

	if (r0 < 0 || n0 < 0 || c0 < 0 || v0 < 0 || vn0 < 0 || vc0 < 0)
		FAIL(line,
		     "a timer is negative: real %lld us %lld ns %lld cyc,"
		     " virt %lld us %lld ns %lld cyc",
		     r0, n0, c0, v0, vn0, vc0);
	if (r1 < r0 || n1 < n0 || c1 < c0 || v1 < v0 || vn1 < vn0 || vc1 < vc0)
		FAIL(line, "a timer went back");
}

static void check_devices(void)
{
	void *h = NULL;
	int v;

	/* No device query works without a handle. (PAPI 7.0 dereferences
	 * it; a NULL handle is plainly an invalid argument.) */
	ERR(PAPI_enum_dev_type(PAPI_DEV_TYPE_ENUM__ALL, NULL), PAPI_EINVAL);
	ERR(PAPI_enum_dev_type(-1, NULL), PAPI_EINVAL);
	ERR(PAPI_get_dev_type_attr(NULL, PAPI_DEV_TYPE_ATTR__INT_COUNT, &v),
	    PAPI_EINVAL);
	ERR(PAPI_get_dev_type_attr(NULL, (PAPI_dev_type_attr_e)9999, NULL),
	    PAPI_EINVAL);
	ERR(PAPI_get_dev_attr(NULL, 0, PAPI_DEV_ATTR__CPU_UINT_FAMILY, &v),
	    PAPI_EINVAL);
	ERR(PAPI_get_dev_attr(NULL, -1, (PAPI_dev_attr_e)-1, NULL),
	    PAPI_EINVAL);
	/* A modifier that selects no device type ends the walk at once. */
	ERR(PAPI_enum_dev_type(0x1000, &h), ANY);
}

/* ---- Before PAPI_library_init ------------------------------------------ */

static void before_init(void)
{
	int n, i;

	check_strerror();
	check_timers(__LINE__);
	check_devices();

	/* Information calls answer NULL, not garbage. */
	CHECK(CALL(PAPI_get_hardware_info()) == NULL,
	      "PAPI_get_hardware_info() before init is not NULL");
	CHECK(CALL(PAPI_get_executable_info()) == NULL,
	      "PAPI_get_executable_info() before init is not NULL");
	CHECK(CALL(PAPI_get_shared_lib_info()) == NULL,
	      "PAPI_get_shared_lib_info() before init is not NULL");
	CHECK(CALL(PAPI_num_components()) >= 0, "PAPI_num_components < 0");
	for (i = 0; i < N_BAD_CIDX; i++)
		CHECK(CALL(PAPI_get_component_info(bad_cidx[i])) == NULL,
		      "PAPI_get_component_info(%d) is not NULL", bad_cidx[i]);
	/* "A zero result usually means the library has not been
	 * initialized" (PAPI 7.0, PAPI_num_cmp_hwctrs). */
	CHECK(CALL(PAPI_num_hwctrs()) <= 0,
	      "PAPI_num_hwctrs() > 0 before init");
	n = CALL(PAPI_num_cmp_hwctrs(0));
	CHECK(n <= 0, "PAPI_num_cmp_hwctrs(0) is %d before init", n);
	ERR(PAPI_get_dmem_info(NULL), PAPI_EINVAL);

	check_timers(__LINE__);
}

/* ---- After PAPI_library_init ------------------------------------------- */

static void after_init(void)
{
	init_or_skip();
	check_strerror();
	check_timers(__LINE__);
	check_devices();
	ERR(PAPI_get_dmem_info(NULL), PAPI_EINVAL);
	CHECK(CALL(PAPI_get_hardware_info()) != NULL,
	      "PAPI_get_hardware_info() is NULL after init");
	/* Calls without arguments: they just must not fail oddly. */
	CALL(PAPI_get_executable_info());
	CALL(PAPI_get_shared_lib_info());
	CHECK(CALL(PAPI_num_hwctrs()) >= 0, "PAPI_num_hwctrs() < 0");
	CHECK(CALL(PAPI_num_components()) >= 1, "no components");
}

/* ---- After PAPI_shutdown ----------------------------------------------- */

static void after_shutdown(void)
{
	PAPI_shutdown();
	/* Everything is as before init again. */
	CHECK(CALL(PAPI_get_hardware_info()) == NULL,
	      "PAPI_get_hardware_info() after shutdown is not NULL");
	check_timers(__LINE__);
	check_strerror();
}

int main(void)
{
	badinput_begin();
	memset(long_name, 'A', sizeof(long_name) - 1);
	memcpy(long_name, "PAPI_", 5);
	before_init();
	after_init();
	after_shutdown();
	return badinput_end();
}
