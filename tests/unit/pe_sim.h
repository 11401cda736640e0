/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_TESTS_PE_SIM_H
#define PAPI_TESTS_PE_SIM_H

/*
 * A simulated PMU and kernel for the perf_event component's user-space
 * reads, shared by test_pe_count.c and test_pe_lazy.c (each includes it
 * once; everything is static).
 *
 * - The counters, sim_pmc[], behind the rdpmc instruction: on this host
 *   rdpmc faults (no PMU, CR4.PCE clear), so a SIGSEGV handler emulates
 *   it: it decodes the instruction (0f 33), loads edx:eax from
 *   sim_pmc[ecx] and steps over it, counting the reads in emulated. The
 *   library runs its real fast path, instruction for instruction. With
 *   rdpmc_forbidden set, an rdpmc aborts the test (with
 *   rdpmc_forbidden_ctr, one of that counter): the library executed the
 *   instruction where the page told it not to.
 * - The kernel's side of each event's page (fake_os_mmap.h): which
 *   counter the event is on and its count (arm_page), written into the
 *   page when the library maps it (the fake mmap's hook) or at once when
 *   the page is already mapped, as the kernel rewrites it at a
 *   reschedule; and the count read() reports for the descriptor
 *   (bump keeps both in step).
 *
 * x86 only: elsewhere install_emulator() says no and the tests skip.
 */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include <unistd.h>

#include "components/perf_event/pe_mmap.h"
#include "core/lib.h"
#include "fake_os.h"
#include "fake_os_mmap.h"
#include "papi.h"
#include "unit.h"

#define CYC "perf::PERF_COUNT_HW_CPU_CYCLES"
#define INS "perf::PERF_COUNT_HW_INSTRUCTIONS"
#define TASK "perf::TASK-CLOCK"
#define HWT 0
#define CAPS (PE_CAP_USER_RDPMC | PE_CAP_USER_TIME)

static volatile uint64_t sim_pmc[32];
static volatile int emulated;
static volatile int rdpmc_forbidden;
/* The one counter (rdpmc's ecx, idx - 1) whose read aborts, or -1. */
static volatile int rdpmc_forbidden_ctr = -1;
/* Rewrite this page in the middle of the next emulated rdpmc. */
static struct perf_event_mmap_page *volatile bump_pg;

#if defined(__x86_64__)
static void on_segv(int sig, siginfo_t *si, void *ctx)
{
	greg_t *g = ((ucontext_t *)ctx)->uc_mcontext.gregs;
	const unsigned char *ip = (const unsigned char *)g[REG_RIP];
	uint32_t n = (uint32_t)g[REG_RCX];
	struct perf_event_mmap_page *pg = bump_pg;
	uint64_t v;

	(void)si;
	if (ip[0] != 0x0f || ip[1] != 0x33 || n >= 32) {
		signal(sig, SIG_DFL); /* a real fault: let it crash */
		return;
	}
	if (rdpmc_forbidden || (int)n == rdpmc_forbidden_ctr) {
		static const char msg[] =
			"FAIL: rdpmc executed where the page refuses it\n";

		if (write(2, msg, sizeof(msg) - 1) < 0)
			abort();
		abort();
	}
	if (pg) {
		/* The thread moved to a counter 1000 higher just before the
		 * rdpmc: the kernel rewrote offset, and the lock. */
		bump_pg = NULL;
		pg->lock++;
		pg->offset -= 1000;
		sim_pmc[n] += 1000;
		pg->lock++;
	}
	v = sim_pmc[n];
	g[REG_RAX] = (greg_t)(uint32_t)v;
	g[REG_RDX] = (greg_t)(v >> 32);
	g[REG_RIP] += 2;
	emulated++;
}

/* 1 when rdpmc traps here and the handler emulates it. */
static int install_emulator(void)
{
	struct sigaction sa;
	uint32_t lo, hi;

	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = on_segv;
	sa.sa_flags = SA_SIGINFO | SA_NODEFER;
	sigaction(SIGSEGV, &sa, NULL);
	sim_pmc[5] = 0x500000007ull;
	emulated = 0;
	__asm__ __volatile__("rdpmc" : "=a"(lo), "=d"(hi) : "c"(5));
	return emulated == 1 && lo == 7 && hi == 5;
}
#else
static int install_emulator(void)
{
	return 0;
}
#endif

/* ---- the kernel's side of the pages ------------------------------------- */

#define SIM_MAXK 16
static struct sim_kpage {
	int fd;
	uint32_t ctr; /* the event counts on sim_pmc[ctr - 1] */
	uint32_t idx; /* what the page says: ctr, or 0 (read() only) */
	uint16_t width;
	uint64_t caps;
	int64_t offset; /* count = offset + sext(counter) */
	uint64_t en, run;
} sim_kp[SIM_MAXK];
static int sim_nkp;

static struct sim_kpage *sim_find(int fd)
{
	int i;

	for (i = 0; i < sim_nkp; i++)
		if (sim_kp[i].fd == fd)
			return &sim_kp[i];
	return NULL;
}

/* The kernel writes k into a page, under its lock. */
static void sim_write(struct perf_event_mmap_page *pg,
		      const struct sim_kpage *k)
{
	pg->lock++;
	pe_barrier();
	pg->capabilities = k->caps;
	pg->index = k->idx;
	pg->pmc_width = k->width;
	pg->offset = k->offset;
	pg->time_enabled = k->en;
	pg->time_running = k->run;
	pg->time_mult = 0; /* no time passes between writes here */
	pg->time_offset = 0;
	pe_barrier();
	pg->lock++;
}

/* The fake mmap's hook: a page just mapped shows the event as it is. */
static void sim_on_map(int fd, struct perf_event_mmap_page *pg)
{
	struct sim_kpage *k = sim_find(fd);

	if (k)
		sim_write(pg, k);
}

/* The kernel's count of fd's event now. */
static uint64_t sim_count(const struct sim_kpage *k)
{
	return (uint64_t)k->offset + pe_sext(sim_pmc[k->ctr - 1], k->width);
}

/* fd's event is on counter idx - 1 (counter width bits wide) and has
 * counted count so far; its page says so now if it is mapped, else when
 * it is. Times as the fake's read() reports them. The page, or NULL. */
static struct perf_event_mmap_page *arm_page_w(int fd, uint32_t idx,
					       uint16_t width, uint64_t count,
					       uint64_t en, uint64_t run)
{
	struct sim_kpage *k = sim_find(fd);
	struct perf_event_mmap_page *pg;

	if (!k) {
		if (sim_nkp == SIM_MAXK) {
			UNIT_FAIL_AT(0, "too many simulated pages");
			abort();
		}
		k = &sim_kp[sim_nkp++];
	}
	k->fd = fd;
	k->ctr = k->idx = idx;
	k->width = width;
	k->caps = CAPS;
	k->offset = (int64_t)(count - pe_sext(sim_pmc[idx - 1], width));
	k->en = en;
	k->run = run;
	fake_os_set_times(en, run);
	pg = fake_os_mmap_page(fd);
	if (pg)
		sim_write(pg, k);
	return pg;
}

static __attribute__((unused)) struct perf_event_mmap_page *
arm_page(int fd, uint32_t idx, uint64_t count, uint64_t en, uint64_t run)
{
	return arm_page_w(fd, idx, 48, count, en, run);
}

/* The kernel changes what fd's page says, the event counting on: its
 * capabilities, and its counter or index 0 (show 0). Rewritten at once
 * when the page is mapped. */
static __attribute__((unused)) void sim_set(int fd, uint64_t caps, int show)
{
	struct sim_kpage *k = sim_find(fd);
	struct perf_event_mmap_page *pg = fake_os_mmap_page(fd);

	if (!k)
		return;
	k->caps = caps;
	k->idx = show ? k->ctr : 0;
	if (pg)
		sim_write(pg, k);
}

/* The group's times change (fd's page and what read() reports). */
static __attribute__((unused)) void sim_times(int fd, uint64_t en, uint64_t run)
{
	struct sim_kpage *k = sim_find(fd);
	struct perf_event_mmap_page *pg = fake_os_mmap_page(fd);

	fake_os_set_times(en, run);
	if (!k)
		return;
	k->en = en;
	k->run = run;
	if (pg)
		sim_write(pg, k);
}

/* fd's event counts delta more: its counter, and what read() says. */
static __attribute__((unused)) void bump(int fd, uint64_t delta)
{
	struct sim_kpage *k = sim_find(fd);

	if (!k)
		return;
	sim_pmc[k->ctr - 1] += delta;
	fake_os_set_count(fd, sim_count(k));
}

/* Forget the kernel's side (the descriptors are closed). */
static __attribute__((unused)) void sim_forget(void)
{
	sim_nkp = 0;
}

static __attribute__((unused)) int syscalls(void)
{
	return fake_os_log_count();
}

static const PAPI_component_info_t *info(void)
{
	return PAPI_get_component_info(0);
}

/* Set up the library on the fake machine with user-space reads; returns
 * only when it can run (else skips). */
static void sim_init(void)
{
	int ret = fake_os_std_sysfs();

	if (ret < 0)
		UNIT_SKIP("cannot build a fake sysfs tree: %s", strerror(-ret));
	if (!install_emulator())
		UNIT_SKIP(
			"rdpmc does not trap here, so it cannot be simulated");
	/* The component's probe sees a page that names a counter. */
	fake_os_mmap_template(CAPS, 1, 48);
	unsetenv("PAPI_RDPMC");
	CHECK_EQ(papi__lib_init(), PAPI_OK);
	if (papi__lib.ncmp < 1 || papi__lib.cmp[0].info.disabled)
		UNIT_SKIP("perf_event component disabled");
	CHECK_EQ(info()->fast_counter_read, 1);
	CHECK_EQ(fake_os_mmap_live(), 0);
	CHECK_EQ(fake_os_open_fds(), 0);
	/* Events' pages name no counter unless a test arms them. */
	fake_os_mmap_template(CAPS, 0, 48);
	fake_os_mmap_on_map(sim_on_map);
}

#endif
