/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * papi_membw: memory bandwidth as seed 001 measures it. Read, write and
 * copy kernels (plain, and SSE/AVX/AVX-512 with non-temporal stores where
 * the CPU has them, chosen at run time) and STREAM's four kernels, on
 * 1..N threads pinned one per CPU; each thread faults in its own slice of
 * the arrays before anything is timed; K timed passes of each kernel after
 * one untimed one, reported as the best pass and as the mean (all bytes over
 * all passes' time: what likwid-bench reports, which times its whole run);
 * GB/s counting the bytes the program reads and writes (as STREAM and
 * likwid-bench do, so a write-allocate's extra read is not counted).
 */
#include <papi.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../common/lab.h"
#include "kernels.h"

/*
 * The threads meet before and after every pass. A sleeping barrier
 * (pthread_barrier_wait: a futex) lets a waiting thread's CPU go idle, and
 * in a VM an idle vCPU is a halted one: on the Zen 5 VM waking it took 90
 * us (median; up to 1 ms), paid on every pass by whichever thread waited,
 * against two-thread passes of 4-8 ms. likwid-bench's threads spin. So
 * do these, on a phase counter; where there are more threads than CPUs
 * they yield the CPU while they spin, so that the thread they wait for can
 * run.
 */
struct spin_barrier {
	atomic_uint arrived, phase;
	unsigned n;
	int yield;
};

static void spin_init(struct spin_barrier *b, unsigned n)
{
	atomic_init(&b->arrived, 0);
	atomic_init(&b->phase, 0);
	b->n = n;
	b->yield = (long)n > sysconf(_SC_NPROCESSORS_ONLN);
}

static void spin_wait(struct spin_barrier *b)
{
	/* The phase is read before arriving: the last to arrive resets the
	 * count and then moves the phase on, so no thread can arrive at the
	 * next barrier before the count is back at 0. */
	unsigned ph = atomic_load_explicit(&b->phase, memory_order_acquire);

	if (atomic_fetch_add_explicit(&b->arrived, 1, memory_order_acq_rel) +
		    1 ==
	    b->n) {
		atomic_store_explicit(&b->arrived, 0, memory_order_relaxed);
		atomic_store_explicit(&b->phase, ph + 1, memory_order_release);
		return;
	}
	while (atomic_load_explicit(&b->phase, memory_order_acquire) == ph)
		if (b->yield)
			sched_yield();
}

struct run {
	int nthreads, reps;
	size_t n; /* doubles per array, all threads */
	double *a, *b, *c;
	struct spin_barrier bar;
	double best_ns[64]; /* per kernel */
	double sum_ns[64];  /* per kernel, over its timed passes */
	double sink;
	/* Thread 0's own counts in its best run of each kernel, where the
	 * machine counts them: instructions and cycles per element. */
	int nev;
	char ev[2][64];
	long long cnt[64][2];
};

/* Counted by thread 0 around its own share of each kernel (an event set
 * counts the thread that starts it). */
static const char *const events[] = { "PAPI_TOT_INS", "PAPI_TOT_CYC" };

struct worker {
	struct run *r;
	int id;
};

/* --kernel: run only the kernels of this name (all when NULL). */
static const char *only;

static int selected(const struct bw_kernel *k)
{
	return isa_supported(k->isa) && (!only || !strcmp(k->name, only));
}

static void *work(void *p)
{
	struct worker *w = p;
	struct run *r = w->r;
	size_t per = r->n / (size_t)r->nthreads;
	struct bw_args x = { .n = per, .s = 3.0 };
	struct lab_counters c = { .evset = PAPI_NULL };
	cpu_set_t set;

	/* One thread per CPU, so the OS does not move them mid-run. */
	CPU_ZERO(&set);
	CPU_SET(w->id % (int)sysconf(_SC_NPROCESSORS_ONLN), &set);
	pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	x.a = r->a + per * (size_t)w->id;
	x.b = r->b + per * (size_t)w->id;
	x.c = r->c + per * (size_t)w->id;
	/* First touch: each page is faulted in (and placed) by the thread
	 * that will use it, before any timing. */
	for (size_t i = 0; i < per; i++) {
		x.a[i] = 1.0;
		x.b[i] = 2.0;
		x.c[i] = 0.0;
	}
	if (w->id == 0) {
		lab_counters_open(&c, events, 2);
		r->nev = c.n;
		for (int e = 0; e < c.n; e++)
			snprintf(r->ev[e], sizeof(r->ev[e]), "%s", c.names[e]);
	}
	for (int k = 0; k < bw_nkernels; k++) {
		if (!selected(&bw_kernels[k]))
			continue;
		/* Pass -1 is not timed: the kernel's first sweep meets a cold
		 * TLB and whatever the previous kernel left in the caches and
		 * the memory controller's queues (STREAM drops its first
		 * iteration; likwid-bench sizes its run with untimed ones). */
		for (int rep = -1; rep < r->reps; rep++) {
			long long t0 = 0;

			spin_wait(&r->bar);
			if (w->id == 0) {
				t0 = lab_now_ns();
				lab_counters_start(&c);
			}
			bw_kernels[k].fn(&x);
			if (w->id == 0)
				lab_counters_stop(&c);
			spin_wait(&r->bar);
			if (w->id == 0 && rep >= 0) {
				double ns = (double)(lab_now_ns() - t0);

				r->sum_ns[k] += ns;
				if (rep == 0 || ns < r->best_ns[k]) {
					r->best_ns[k] = ns;
					r->cnt[k][0] = c.v[0];
					r->cnt[k][1] = c.v[1];
				}
				r->sink += x.sink;
			}
		}
	}
	if (w->id == 0)
		lab_counters_close(&c);
	return NULL;
}

static int hugepages = 1;

/* 2 MiB-aligned, and transparent huge pages asked for (THP's "madvise"
 * mode, Debian's default): with 4 KiB pages a 256 MiB sweep takes a TLB
 * miss every 4 KiB, which costs a few percent of bandwidth. */
static double *alloc_array(size_t bytes)
{
	double *p = aligned_alloc(2u << 20, (bytes + (2u << 20) - 1) &
						    ~(size_t)((2u << 20) - 1));

	if (p && hugepages)
		madvise(p, bytes, MADV_HUGEPAGE);
	return p;
}

static int run_threads(struct run *r)
{
	pthread_t th[64];
	struct worker w[64];
	size_t bytes = r->n * sizeof(double);

	r->a = alloc_array(bytes);
	r->b = alloc_array(bytes);
	r->c = alloc_array(bytes);
	if (!r->a || !r->b || !r->c) {
		fprintf(stderr, "out of memory for 3 x %zu MiB\n", bytes >> 20);
		return -1;
	}
	spin_init(&r->bar, (unsigned)r->nthreads);
	for (int t = 0; t < r->nthreads; t++) {
		w[t].r = r;
		w[t].id = t;
		pthread_create(&th[t], NULL, work, &w[t]);
	}
	for (int t = 0; t < r->nthreads; t++)
		pthread_join(th[t], NULL);
	free(r->a);
	free(r->b);
	free(r->c);
	return 0;
}

/* Columns before the counts: GB_s stays the best pass's (column 5, as
 * lab/plot.sh and older scripts read it), the mean follows. */
#define NCOLS 7

/* The columns, with thread 0's counts per element where it had any. */
static void table_init(struct lab_table *t, const char **cols,
		       const struct run *r)
{
	static char names[2][80];

	for (int e = 0; e < r->nev; e++) {
		snprintf(names[e], sizeof(names[e]), "%s_per_elem", r->ev[e]);
		cols[NCOLS + e] = names[e];
	}
	if (r->nev == 0)
		printf("# PAPI_TOT_INS, PAPI_TOT_CYC: not counted here\n");
	lab_table_init(t, cols, NCOLS + r->nev);
}

int main(int argc, char **argv)
{
	const char *cols[NCOLS + 2] = { "kernel",  "threads", "bytes",
					"best_ms", "GB_s",    "mean_ms",
					"mean_GB_s" };
	size_t mib = 256;
	int maxthr = (int)sysconf(_SC_NPROCESSORS_ONLN), minthr = 1, reps = 20;
	const char *csv = NULL;
	struct lab_table t;
	/* read, write, copy: the best over variants and thread counts, of
	 * the best passes and of the means */
	double best[3] = { 0 }, bestmean[3] = { 0 };

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--quick")) {
			mib = 16;
			reps = 2;
		} else if (!strcmp(argv[i], "--size") && i + 1 < argc)
			mib = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
			maxthr = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
			reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
			csv = argv[++i];
		else if (!strcmp(argv[i], "--no-hugepages"))
			hugepages = 0;
		else if (!strcmp(argv[i], "--kernel") && i + 1 < argc)
			only = argv[++i];
		else if (!strcmp(argv[i], "--threads-from") && i + 1 < argc)
			minthr = atoi(argv[++i]);
		else {
			fprintf(stderr,
				"usage: papi_membw [--quick] [--size "
				"MiB-per-array] [--threads N] [--threads-from "
				"N] [--reps K] [--kernel NAME] "
				"[--no-hugepages] [--csv FILE]\n");
			return 2;
		}
	}
	if (maxthr < 1 || maxthr > 64 || reps < 1 || mib < 1 ||
	    minthr < 1 || minthr > maxthr) {
		fprintf(stderr, "papi_membw: bad --threads, --threads-from, "
				"--reps or --size\n");
		return 2;
	}
	if (only) {
		int found = 0;

		for (int k = 0; k < bw_nkernels; k++)
			found |= selected(&bw_kernels[k]);
		if (!found) {
			fprintf(stderr,
				"papi_membw: no kernel %s on this CPU\n",
				only);
			return 2;
		}
	}
	lab_papi_init();
	/* Thread 0 counts its own share of the work. */
	PAPI_thread_init((unsigned long (*)(void))pthread_self);
	printf("# 3 arrays of %zu MiB, %d passes (GB_s: the best, mean_GB_s: "
	       "all of them), threads %d..%d pinned; "
	       "ISA: sse %d avx %d avx512 %d\n",
	       mib, reps, minthr, maxthr, !!isa_supported(ISA_SSE),
	       !!isa_supported(ISA_AVX), !!isa_supported(ISA_AVX512));
	if (mib * 3 < 64)
		printf("# arrays this small stay in the caches: this measures "
		       "them, not memory\n");
	for (int nt = minthr; nt <= maxthr; nt++) {
		struct run r = { .nthreads = nt, .reps = reps };

		/* Each thread's slice a multiple of 64 doubles (the kernels'
		 * widest step). */
		r.n = (mib << 20) / sizeof(double);
		r.n -= r.n % (64 * (size_t)nt);
		lab_progress("threads", nt - 1, maxthr);
		if (run_threads(&r))
			return 1;
		if (nt == minthr)
			table_init(&t, cols, &r);
		for (int k = 0; k < bw_nkernels; k++) {
			const struct bw_kernel *kk = &bw_kernels[k];
			double bytes = (double)r.n * sizeof(double) *
				       (kk->arrays_read + kk->arrays_written);
			double gbs, mean_ns, mgbs;

			if (!selected(kk))
				continue;
			gbs = bytes / r.best_ns[k];
			mean_ns = r.sum_ns[k] / reps;
			mgbs = bytes / mean_ns;
			lab_table_row(&t);
			lab_table_set(&t, 0, "%s", kk->name);
			lab_table_set(&t, 1, "%d", nt);
			lab_table_set(&t, 2, "%.0f", bytes);
			lab_table_set(&t, 3, "%.3f", r.best_ns[k] / 1e6);
			lab_table_set(&t, 4, "%.2f", gbs);
			lab_table_set(&t, 5, "%.3f", mean_ns / 1e6);
			lab_table_set(&t, 6, "%.2f", mgbs);
			for (int e = 0; e < r.nev; e++)
				lab_table_set(
					&t, NCOLS + e, "%.3f",
					(double)r.cnt[k][e] /
						(double)(r.n / (size_t)nt));
			for (int c = 0; c < 3; c++) {
				static const char *const pre[] = { "read",
								   "write",
								   "copy" };
				size_t l = strlen(pre[c]);

				if (strncmp(kk->name, pre[c], l) ||
				    (kk->name[l] != 0 && kk->name[l] != '_'))
					continue;
				if (gbs > best[c])
					best[c] = gbs;
				if (mgbs > bestmean[c])
					bestmean[c] = mgbs;
			}
		}
		if (r.sink == 12345.678)
			printf("#\n"); /* keeps the read kernels' sums live */
	}
	lab_progress("threads", maxthr, maxthr);
	lab_table_print(&t);
	printf("\n# best GB/s over variants and threads: read %.2f, write "
	       "%.2f, copy %.2f\n",
	       best[0], best[1], best[2]);
	printf("# best mean GB/s over variants and threads: read %.2f, write "
	       "%.2f, copy %.2f\n",
	       bestmean[0], bestmean[1], bestmean[2]);
	printf("# theoretical peak: not known to PAPI (DIMM speed and "
	       "channels are not in PAPI_get_hardware_info)\n");
	if (csv && lab_table_csv(&t, csv))
		return 1;
	lab_table_free(&t);
	return 0;
}
