// SPDX-License-Identifier: BSD-3-Clause
/*
 * At the RLIMIT_NOFILE limit (issue 14): a valid sysfs-syntax name whose
 * lookup needs a descriptor is a resource failure (PAPI_ESYS, errno
 * EMFILE), never "Event does not exist"; adding an event that needs a
 * descriptor fails without changing the set; once descriptors are free
 * again the same name resolves and the set counts.
 */
#include <errno.h>
#include <fcntl.h>
#include <papi.h>
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "check.h"

#define NAME "software/config=0,config1=4242/"

int main(void)
{
	struct rlimit old, low;
	int fds[64], nfd = 0, es = PAPI_NULL, code, ret, i, n = -1;
	long long v[2];

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	if (PAPI_event_name_to_code("software/config=0/", &code) != PAPI_OK)
		SKIP("no software PMU in sysfs syntax here");
	CHECK(PAPI_create_eventset(&es) == PAPI_OK, "create");
	CHECK(PAPI_add_named_event(es, "perf::TASK-CLOCK") == PAPI_OK, "add");
	CHECK(getrlimit(RLIMIT_NOFILE, &old) == 0, "getrlimit");
	/* A limit just above what is open now, then fill it. */
	low = old;
	low.rlim_cur = (rlim_t)(dup(0) + 8);
	close((int)low.rlim_cur - 8);
	CHECK(setrlimit(RLIMIT_NOFILE, &low) == 0, "setrlimit");
	while (nfd < 64 && (fds[nfd] = open("/dev/null", O_RDONLY)) >= 0)
		nfd++;
	CHECK(nfd < 64 && errno == EMFILE, "filled %d descriptors", nfd);

	errno = 0;
	ret = PAPI_event_name_to_code(NAME, &code);
	CHECK(ret == PAPI_ESYS && errno == EMFILE,
	      "name at the limit: %s (errno %d)", PAPI_strerror(ret), errno);
	ret = PAPI_add_named_event(es, "perf::CPU-CLOCK");
	CHECK(ret != PAPI_OK && ret != PAPI_ENOEVNT,
	      "add at the limit: %s", PAPI_strerror(ret));
	n = PAPI_num_events(es);
	CHECK(n == 1, "the set has %d events after the refusal", n);

	for (i = 0; i < nfd; i++)
		close(fds[i]);
	CHECK(setrlimit(RLIMIT_NOFILE, &old) == 0, "restore the limit");
	CHECK(PAPI_event_name_to_code(NAME, &code) == PAPI_OK,
	      "the same name with descriptors free");
	CHECK(PAPI_add_named_event(es, "perf::CPU-CLOCK") == PAPI_OK,
	      "add with descriptors free");
	CHECK(PAPI_start(es) == PAPI_OK && PAPI_stop(es, v) == PAPI_OK &&
		      v[0] > 0 && v[1] > 0,
	      "counts %lld %lld", v[0], v[1]);
	PAPI_cleanup_eventset(es);
	PAPI_destroy_eventset(&es);
	PAPI_shutdown();
	return check_exit();
}
