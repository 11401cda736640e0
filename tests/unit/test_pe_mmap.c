// SPDX-License-Identifier: BSD-3-Clause
/*
 * The user-space read protocol of src/components/perf_event/pe_mmap.h
 * against a simulated perf_event mmap page and a simulated PMU: the same
 * inline functions the library runs, given a counter reader and a clock
 * that read arrays of this file instead of the processor.
 *
 *   - counter widths 32, 40, 48 and 64, across a wrap-around of the
 *     hardware counter, with junk above the width;
 *   - what the page refuses: no cap_user_rdpmc, index 0, a counter the
 *     processor cannot name;
 *   - the seqlock: the page rewritten in the middle of a read (by the
 *     counter reader, deterministically), an odd lock, the retry bound;
 *   - a writer thread rewriting the page as the kernel does, while reads
 *     check that they never see half of an update (x86: the test's
 *     cross-CPU writer needs TSO; the kernel's writer is on the reader's
 *     own CPU);
 *   - time: pe_time_delta, pe_mmap_timed with cap_user_time and
 *     cap_user_time_short, and pe_scale, against 128-bit references.
 */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "components/perf_event/pe_mmap.h"
#include "unit.h"

static struct perf_event_mmap_page page __attribute__((aligned(4096)));
static volatile uint64_t sim_pmc[32]; /* by index - 1 */
static int pmc_calls, pmc_reads;
static int bumps; /* rewrite the page during this many counter reads */
static uint64_t sim_clock;

/* The "kernel" rewrites the page: lock odd, fields, lock even. */
static void rewrite(int64_t offset)
{
	page.lock++;
	pe_barrier();
	page.offset = offset;
	pe_barrier();
	page.lock++;
}

static int sim_read_pmc(uint32_t index, uint64_t *val)
{
	pmc_calls++;
	/* Index 0 is "on no counter" (the reader's contract, pe_mmap.h); 13
	 * plays a counter this processor cannot name. */
	if (index == 0 || index > 32 || index == 13)
		return 0;
	pmc_reads++;
	*val = sim_pmc[index - 1];
	if (bumps > 0) {
		/* A context switch between the snapshot's loads and its
		 * lock check: the count moved on by 100 meanwhile. */
		bumps--;
		sim_pmc[index - 1] += 100;
		rewrite(page.offset);
	}
	return 1;
}

static uint64_t sim_read_clock(void)
{
	return sim_clock;
}

static void set_page(uint64_t caps, uint32_t index, uint16_t width,
		     int64_t offset)
{
	memset(&page, 0, sizeof(page));
	page.capabilities = caps;
	page.index = index;
	page.pmc_width = width;
	page.offset = offset;
	pmc_calls = pmc_reads = 0;
	bumps = 0;
}

static const struct width_case {
	int line;
	unsigned int width;
} widths[] = {
	{ __LINE__, 32 },
	{ __LINE__, 40 },
	{ __LINE__, 48 },
	{ __LINE__, 64 },
};

/* count = offset + sext(raw): a counter just below its wrap reads as a
 * small negative number, so the count goes on across the wrap. */
static void test_widths(void)
{
	size_t k;

	for (k = 0; k < sizeof(widths) / sizeof(widths[0]); k++) {
		const struct width_case *w = &widths[k];
		uint64_t mask = w->width == 64 ? ~0ull : (1ull << w->width) - 1;
		uint64_t raw = mask - 4, base = 1000000000000ull, c = 0;

		/* The kernel's offset: count so far minus sext(counter). */
		set_page(PE_CAP_USER_RDPMC, 3, (uint16_t)w->width,
			 (int64_t)(base + 5));
		sim_pmc[2] = raw;
		CHECK_EQ_AT(w->line,
			    pe_mmap_count(&page, sim_read_pmc, &c, NULL), 0);
		CHECK_EQ_AT(w->line, c, base);
		sim_pmc[2] = (raw + 8) & mask; /* wrapped: 3 */
		CHECK_EQ_AT(w->line,
			    pe_mmap_count(&page, sim_read_pmc, &c, NULL), 0);
		CHECK_EQ_AT(w->line, c, base + 8);
		/* Bits above the width are not the counter's. */
		if (w->width < 64) {
			sim_pmc[2] = ((raw + 8) & mask) | ~mask;
			CHECK_EQ_AT(w->line,
				    pe_mmap_count(&page, sim_read_pmc, &c,
						  NULL),
				    0);
			CHECK_EQ_AT(w->line, c, base + 8);
		}
		CHECK_EQ_AT(w->line, pmc_calls, w->width < 64 ? 3 : 2);
	}
}

static void test_refusals(void)
{
	uint64_t c = 42, gap = 42;

	sim_pmc[0] = 7;
	set_page(0, 1, 48, 0);
	CHECK_EQ(pe_mmap_count(&page, sim_read_pmc, &c, NULL), -1);
	set_page(PE_CAP_USER_RDPMC, 0, 48, 0);
	CHECK_EQ(pe_mmap_count(&page, sim_read_pmc, &c, NULL), -1);
	set_page(PE_CAP_USER_RDPMC, 13, 48, 0);
	CHECK_EQ(pe_mmap_count(&page, sim_read_pmc, &c, NULL), -1);
	CHECK_EQ(c, 42);
	/* Index 0 is refused before any counter is read. */
	set_page(PE_CAP_USER_RDPMC | PE_CAP_USER_TIME, 0, 48, 0);
	CHECK_EQ(pe_mmap_count(&page, sim_read_pmc, &c, &gap), -1);
	CHECK_EQ(pmc_reads, 0);
	CHECK_EQ(gap, 42);
	/* And the gap comes from the same snapshot as the count. */
	set_page(PE_CAP_USER_RDPMC, 1, 48, 10);
	page.time_enabled = 5000;
	page.time_running = 3000;
	CHECK_EQ(pe_mmap_count(&page, sim_read_pmc, &c, &gap), 0);
	CHECK_EQ(c, 17);
	CHECK_EQ(gap, 2000);
}

/* The page changes under the reader: each changed lock costs one more
 * snapshot, up to PE_MMAP_TRIES; past that the reader gives up (read()). */
static void test_seqlock(void)
{
	uint64_t c = 0;
	int n;

	for (n = 0; n <= PE_MMAP_TRIES; n++) {
		set_page(PE_CAP_USER_RDPMC, 2, 48, 1000);
		sim_pmc[1] = 5;
		bumps = n;
		if (n < PE_MMAP_TRIES) {
			CHECK_EQ_AT(
				n, pe_mmap_count(&page, sim_read_pmc, &c, NULL),
				0);
			/* The snapshot after the last rewrite. */
			CHECK_EQ_AT(n, c, 1005 + 100 * (uint64_t)n);
			CHECK_EQ_AT(n, pmc_calls, n + 1);
		} else {
			CHECK_EQ_AT(
				n, pe_mmap_count(&page, sim_read_pmc, &c, NULL),
				-1);
			CHECK_EQ_AT(n, pmc_calls, PE_MMAP_TRIES);
		}
	}
	/* A lock left odd: a writer in mid-update, never accepted. */
	set_page(PE_CAP_USER_RDPMC, 2, 48, 1000);
	page.lock = 7;
	CHECK_EQ(pe_mmap_count(&page, sim_read_pmc, &c, NULL), -1);
	CHECK_EQ(pmc_calls, PE_MMAP_TRIES);
	/* The timed read obeys the same bound. */
	set_page(PE_CAP_USER_RDPMC | PE_CAP_USER_TIME, 2, 48, 1000);
	bumps = PE_MMAP_TRIES;
	{
		struct pe_mmap_sample s;

		CHECK_EQ(pe_mmap_timed(&page, sim_read_pmc, sim_read_clock, &s),
			 -1);
		CHECK_EQ(pmc_calls, PE_MMAP_TRIES);
	}
}

#if defined(__x86_64__) || defined(__i386__)
/* Update i publishes count 1000 * i as offset + sext(counter), with the
 * counter moved to a pseudo-random 40-bit value, under the lock: any read
 * that mixes two updates sees a count that is not a multiple of 1000. */
static volatile int writer_stop;

static void *writer(void *arg)
{
	uint64_t i, x = 88172645463325252ull;

	(void)arg;
	for (i = 1; !writer_stop; i++) {
		uint64_t raw;

		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		raw = x & ((1ull << 40) - 1);
		page.lock++;
		pe_barrier();
		sim_pmc[4] = raw;
		page.offset = (int64_t)(1000 * i - pe_sext(raw, 40));
		pe_barrier();
		page.lock++;
	}
	return NULL;
}

static void test_writer_thread(void)
{
	uint64_t c = 0, last = 0;
	long ok = 0, gave_up = 0, i, torn = 0, back = 0;
	pthread_t t;

	set_page(PE_CAP_USER_RDPMC, 5, 40, 0);
	sim_pmc[4] = 0;
	writer_stop = 0;
	if (pthread_create(&t, NULL, writer, NULL) != 0) {
		UNIT_FAIL_AT(0, "pthread_create");
		return;
	}
	for (i = 0; i < 2000000; i++) {
		if (pe_mmap_count(&page, sim_read_pmc, &c, NULL)) {
			gave_up++;
			continue;
		}
		ok++;
		torn += c % 1000 != 0;
		back += c < last;
		last = c;
	}
	writer_stop = 1;
	pthread_join(t, NULL);
	CHECK_EQ(torn, 0);
	CHECK_EQ(back, 0);
	/* How many reads the writer let through depends on the scheduler;
	 * with it stopped, the page reads at once, and consistently. */
	pmc_calls = 0;
	CHECK_EQ(pe_mmap_count(&page, sim_read_pmc, &c, NULL), 0);
	CHECK_EQ(pmc_calls, 1);
	CHECK_EQ(c % 1000, 0);
	CHECK(c >= last);
	fprintf(stderr,
		"writer thread: %ld reads, %ld gave up after %d "
		"snapshots, last count %llu\n",
		ok, gave_up, PE_MMAP_TRIES, (unsigned long long)last);
}
#else
static void test_writer_thread(void)
{
	fprintf(stderr, "writer thread: skipped (needs x86's TSO)\n");
}
#endif

static uint64_t rng(uint64_t *x)
{
	*x ^= *x << 13;
	*x ^= *x >> 7;
	*x ^= *x << 17;
	return *x;
}

static void test_time(void)
{
	uint64_t x = 0x9E3779B97F4A7C15ull;
	struct pe_mmap_sample s;
	int i;

	for (i = 0; i < 100000; i++) {
		uint64_t cyc = rng(&x), off = rng(&x);
		uint32_t mult = (uint32_t)rng(&x);
		unsigned int shift = (unsigned int)(rng(&x) % 32);
		uint64_t want =
			off +
			(uint64_t)(((unsigned __int128)cyc * mult) >> shift);

		if (pe_time_delta(cyc, off, mult, shift) != want) {
			CHECK_EQ_AT(i, pe_time_delta(cyc, off, mult, shift),
				    want);
			break;
		}
	}
	/* cap_user_time: the page's times plus the nanoseconds since. */
	set_page(PE_CAP_USER_RDPMC | PE_CAP_USER_TIME, 1, 48, 100);
	sim_pmc[0] = 23;
	page.time_enabled = 7000;
	page.time_running = 3000;
	page.time_mult = 3u << 29; /* 0.75 ns per tick at shift 31 */
	page.time_shift = 31;
	page.time_offset = (uint64_t)-1000000; /* written at 1 ms */
	sim_clock = 4000000; /* 3 ms in ticks */
	CHECK_EQ(pe_mmap_timed(&page, sim_read_pmc, sim_read_clock, &s), 0);
	CHECK_EQ(s.count, 123);
	CHECK_EQ(s.enabled, 7000 + 2000000);
	CHECK_EQ(s.running, 3000 + 2000000);
	/* cap_user_time_short: a 32-bit clock that wrapped since time_cycles
	 * is widened first. */
	page.capabilities |= PE_CAP_USER_TIME_SHORT;
	page.time_cycles = 0xFFFFFF00ull;
	page.time_mask = 0xFFFFFFFFull;
	page.time_mult = 1u << 20;
	page.time_shift = 20; /* 1 ns per tick */
	page.time_offset = (uint64_t) - (int64_t)0xFFFFFF00ull;
	sim_clock = 0x100; /* 0x200 ticks after time_cycles */
	CHECK_EQ(pe_mmap_timed(&page, sim_read_pmc, sim_read_clock, &s), 0);
	CHECK_EQ(s.enabled, 7000 + 0x200);
	CHECK_EQ(s.running, 3000 + 0x200);
	/* Without cap_user_time there is no "now". */
	page.capabilities = PE_CAP_USER_RDPMC;
	CHECK_EQ(pe_mmap_timed(&page, sim_read_pmc, sim_read_clock, &s), -1);
}

static void test_scale(void)
{
	uint64_t x = 12345;
	int i;

	CHECK_EQ(pe_scale(500, 1000, 1000), 500);
	CHECK_EQ(pe_scale(500, 1000, 1001), 500); /* never scaled down */
	CHECK_EQ(pe_scale(500, 1000, 0), 0); /* never ran */
	CHECK_EQ(pe_scale(1, 3, 2), 1); /* floor(1.5) */
	/* A count and times whose product needs more than 64 bits. */
	CHECK_EQ(pe_scale(1ull << 40, 3ull << 40, 1ull << 40), 3ll << 40);
	for (i = 0; i < 100000; i++) {
		uint64_t run = (rng(&x) >> 20) + 1, en = run + (rng(&x) >> 22);
		uint64_t c = rng(&x) >> 10;
		long long want = (long long)((unsigned __int128)c * en / run);

		if (pe_scale(c, en, run) != want) {
			CHECK_EQ_AT(i, pe_scale(c, en, run), want);
			break;
		}
	}
}

int main(void)
{
	test_widths();
	test_refusals();
	test_seqlock();
	test_writer_thread();
	test_time();
	test_scale();
	return unit_exit();
}
