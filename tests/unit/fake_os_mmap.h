/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_FAKE_OS_MMAP_H
#define PAPI_TESTS_FAKE_OS_MMAP_H

/*
 * The fake OS layer's memory mappings (fake_os_mmap.c): papi__os_mmap_ro
 * of a fake perf_event descriptor hands out a zeroed, page-aligned
 * perf_event_mmap_page that the test can write, as the kernel would, to
 * say what the library may read in user space. New pages start from a
 * template (default: all zero, so no user-space reads: cap_user_rdpmc 0,
 * index 0). The library never gets a page whose index is not 0 from a test
 * on a machine without rdpmc: it would execute the instruction.
 */
#include <stdint.h>

#include <perfmon/pfmlib_perf_event.h>

/* What new pages say: capabilities, index, pmc_width. */
void fake_os_mmap_template(uint64_t caps, uint32_t index, uint16_t width);
/* Called with each new page, filled from the template, before the mapping
 * returns: the test writes it as the kernel does when an event's page is
 * mapped (the event's counter and count as of now). NULL: none. */
void fake_os_mmap_on_map(void (*fn)(int fd, struct perf_event_mmap_page *pg));
/* The page most recently mapped for fd and still mapped, or NULL. */
struct perf_event_mmap_page *fake_os_mmap_page(int fd);
/* The next mapping fails with neg_errno. */
void fake_os_mmap_fail(int neg_errno);
/* Pages mapped now; mappings made and calls with a bad address or fd since
 * fake_os_mmap_reset. */
int fake_os_mmap_live(void);
int fake_os_mmap_calls(void);
int fake_os_mmap_bad_calls(void);
/* Forget the template, the hook, scripted failure and counters (mapped
 * pages stay: the library owns them). */
void fake_os_mmap_reset(void);

#endif
