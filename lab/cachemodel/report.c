/* SPDX-License-Identifier: BSD-3-Clause */
/* papi_cachemodel's report: the inferred levels beside PAPI's, and in
 * words what the curves showed where the two disagree. */
#include <papi.h>
#include <stdio.h>
#include <string.h>

#include "model.h"

void fmt_size(char *b, size_t n, size_t v)
{
	if (v == 0)
		snprintf(b, n, "-");
	else if (v >= (1u << 20))
		snprintf(b, n, "%.4gM", (double)v / (1 << 20));
	else if (v >= 1024)
		snprintf(b, n, "%.4gK", (double)v / 1024);
	else
		snprintf(b, n, "%zu", v);
}

/* QEMU and the like: no plateau anywhere. Say what was seen, and that the
 * machine has no cache model, rather than infer sizes from nothing. */
void report_flat(const struct curve *cv, const struct lab_counters *c)
{
	const PAPI_hw_info_t *hw = PAPI_get_hardware_info();
	double lo = 1e30, hi = 0;
	char a[32], b[32];
	int cyc = lab_counter_index(c, "PAPI_TOT_CYC");
	int ins = lab_counter_index(c, "PAPI_TOT_INS");

	for (int i = 0; i < cv->n; i++) {
		lo = cv->lat[i] < lo ? cv->lat[i] : lo;
		hi = cv->lat[i] > hi ? cv->lat[i] : hi;
	}
	fmt_size(a, sizeof(a), cv->sz[0]);
	fmt_size(b, sizeof(b), cv->sz[cv->n - 1]);
	printf("\nno cache levels seen: %.3f to %.3f ns per load from %s to "
	       "%s (flat within %.0f%%)\n",
	       lo, hi, a, b, 100 * (hi - lo) / lo);
	if (cyc >= 0 && ins >= 0)
		printf("counters per load at %s: %.3f cycles, %.3f "
		       "instructions%s\n",
		       b, cv->cnt[cv->n - 1][cyc], cv->cnt[cv->n - 1][ins],
		       cv->cnt[cv->n - 1][cyc] == cv->cnt[cv->n - 1][ins] ?
			       ": cycles are instructions here (QEMU's "
			       "-icount), whatever the memory does" :
			       "");
	if (hw && hw->virtualized)
		printf("this machine has no cache model: a %s virtual machine "
		       "whose emulator describes caches (PAPI's sizes below) "
		       "but does not simulate them, so neither time nor the "
		       "counters here see a cache. Sizes, line size and "
		       "associativity are not inferred: they would be "
		       "inferred from nothing.\n",
		       hw->virtual_vendor_string[0] ?
			       hw->virtual_vendor_string :
			       "virtual");
	else
		printf("--max too small to leave the first level, or a machine "
		       "without a cache: nothing is inferred\n");
}

void report(const struct found *f, int flat_curve, int quick)
{
	static const char *const cols[] = { "level",	       "inferred_size",
					    "crossing",	       "latency_ns",
					    "miss_penalty_ns", "papi_size",
					    "papi_line",       "inferred_assoc",
					    "papi_assoc",      "note" };
	struct lab_table t;
	char a[32];
	int rows = flat_curve ? lab_cache_levels() : f->nl;

	lab_table_init(&t, cols, 10);
	for (int l = 0; l < rows; l++) {
		const struct level *v = &f->lv[l];
		int last = !flat_curve && l + 1 == f->nl, pl = 0, pa = 0;
		long sz = 0;
		const char *note = "";
		int ia = l == 0 ? f->l1ways :
			 l == 1 ? (f->l2.by_conflict ? f->l2.by_conflict :
						       f->l2.by_address) :
				  0;

		if (!last)
			lab_cache(l + 1, &sz, &pl, &pa);
		if (flat_curve)
			note = "described, not simulated: no inference";
		else if (last)
			note = quick ? "beyond --max: memory or a level the "
				       "sizes did not reach" :
				       "memory";
		else if (sz && (v->size * 3 < (size_t)sz * 2 ||
				v->size > (size_t)sz * 3 / 2))
			note = l + 2 == f->nl ?
				       "observed < reported: shared with "
				       "other cores/tenants, see docs/labs.md" :
				       "disagrees with PAPI: see docs/labs.md";
		lab_table_row(&t);
		lab_table_set(&t, 0, last ? (quick ? "next" : "mem") : "L%d",
			      l + 1);
		fmt_size(a, sizeof(a), flat_curve ? 0 : v->size);
		lab_table_set(&t, 1, "%s", a);
		fmt_size(a, sizeof(a), flat_curve ? 0 : v->cross);
		lab_table_set(&t, 2, "%s", a);
		lab_table_set(&t, 3, flat_curve ? "-" : "%.2f", v->lat);
		lab_table_set(&t, 4, l && !flat_curve ? "%.2f" : "-",
			      l ? v->lat - f->lv[l - 1].lat : 0.0);
		fmt_size(a, sizeof(a), (size_t)sz);
		lab_table_set(&t, 5, "%s", last ? "-" : a);
		lab_table_set(&t, 6, "%d", pl);
		lab_table_set(&t, 7, ia ? "%d" : "-", ia);
		lab_table_set(&t, 8, "%d", pa);
		lab_table_set(&t, 9, "%s", note);
	}
	printf("\n");
	lab_table_print(&t);
	lab_table_free(&t);
}

static void num(char *b, size_t n, int v, const char *none)
{
	if (v > 0)
		snprintf(b, n, "%d", v);
	else
		snprintf(b, n, "%s", none);
}

/* The textbook same-set chase of the L2, in words. */
static void by_address(const struct assoc *a, int hashed)
{
	char sp[32], hk[32], wk[32];

	fmt_size(sp, sizeof(sp), a->spacing);
	fmt_size(hk, sizeof(hk), a->huge_kb > 0 ? (size_t)a->huge_kb << 10 : 0);
	fmt_size(wk, sizeof(wk), (size_t)a->want_kb << 10);
	if (a->by_address) {
		printf("  L2 by address: lines %s apart (%s of %s in huge "
		       "pages) leave the L2 after %d lines\n",
		       sp, hk, wk, a->by_address);
		return;
	}
	printf("  L2 by address: no step in %d lines %s apart (%s of %s in "
	       "huge pages): they stay at the L2's latency, so they are not "
	       "in one L2 set: ",
	       a->kmax, sp, a->huge_kb > 0 ? hk : "none", wk);
	if (hashed)
		printf("its set index is not the address bits (\"L2 index\" "
		       "below)%s\n",
		       a->huge_kb > 0 && a->huge_kb >= a->want_kb ?
			       "; nor, in a VM, need physical memory follow "
			       "the guest's huge pages" :
			       "");
	else if (a->huge_kb > 0 && a->huge_kb >= a->want_kb)
		printf("physical memory does not follow virtual memory beyond "
		       "4 KiB even in huge pages, as in a VM whose host maps "
		       "its memory in 4 KiB pages\n");
	else
		printf("without huge pages the kernel picks the physical "
		       "pages, and with them the set bits above 4 KiB "
		       "(/sys/kernel/mm/transparent_hugepage/enabled)\n");
}

void report_assoc(const struct found *f)
{
	const struct assoc *a = &f->l2;
	int l2 = a->by_conflict ? a->by_conflict : a->by_address;
	int line, w1, w2, w3, hashed;
	long s1, s2, s3;
	char i1[16], i2[16], p1[16], p2[16], p3[16], b[32], c[32];

	lab_cache(2, &s2, &line, &w2);
	lab_cache(3, &s3, &line, &w3);
	lab_cache(1, &s1, &line, &w1); /* last: the L1's line size */
	num(i1, sizeof(i1), f->l1ways, "not inferred");
	num(i2, sizeof(i2), l2, "not inferred");
	num(p1, sizeof(p1), w1, "-");
	num(p2, sizeof(p2), w2, "-");
	num(p3, sizeof(p3), w3, "-");
	printf("\nline size: inferred %zu B (PAPI %d)\n", f->line, line);
	printf("associativity: L1 %s (PAPI %s), L2 %s (PAPI %s), L3 not "
	       "inferred (PAPI %s)\n",
	       i1, p1, i2, p2, p3);
	fmt_size(b, sizeof(b), f->lv[0].size);
	if (f->l1ways)
		printf("  L1: %d lines %s apart stay in it, %d do not (it is "
		       "indexed within the page, by virtual address)\n",
		       f->l1ways, b, f->l1ways + 1);
	/* With a plain index (set = address bits) lines at one page offset
	 * reach size / 4 KiB lines' worth of sets: no more fit at once. */
	hashed = a->ev.group && (size_t)a->ev.at > f->lv[1].size / 4096 + 1;
	if (a->kmax)
		by_address(a, hashed);
	if (a->ev.group)
		printf("  L2 by conflict: of %d pages, one line each at one "
		       "offset, line %d made a pass %.0f ns slower (a miss "
		       "costs %.1f ns here); the %d lines whose removal ends "
		       "that are one set: %d ways (%d passes timed, %.2f s in "
		       "all)\n",
		       a->npages, a->ev.at, a->ev.jump, a->miss_ns, a->ev.group,
		       a->by_conflict, a->ev.measurements, a->ms / 1e3);
	else if (a->npages && !a->ev.measurements)
		printf("  L2 by conflict: not searched: all %d lines at one "
		       "page offset fit in the L2 (%.2f ns a line more than "
		       "a few do)\n",
		       a->npages, a->miss_ns);
	else if (a->npages)
		printf("  L2 by conflict: no group of lines in one set found "
		       "among %d pages (%d passes timed; a miss costs %.1f ns "
		       "here): too noisy a moment (another program on this "
		       "core), run it again\n",
		       a->npages, a->ev.measurements, a->miss_ns);
	if (a->ev.group && a->chase_fit)
		printf("  L2 chased: those lines and %d more of the set leave "
		       "the L2 after %d lines%s\n",
		       a->ev.nlines - a->ev.group, a->chase_fit,
		       a->chase_fit == a->by_conflict ?
			       "" :
			       " (the midpoint of a gradual rise: one line "
			       "over the ways costs only some misses a "
			       "pass, so the L2 does not replace LRU)");
	if (hashed)
		printf("  L2 index: %d lines at one page offset fitted before "
		       "the first conflict, more than the %zu a plain index "
		       "(address bits) can hold: the set index hashes higher "
		       "address bits, so no address arithmetic finds a set\n",
		       a->ev.at - 1, f->lv[1].size / 4096);
	if (l2 && w2 && l2 != w2)
		printf("  L2: %d differs from PAPI's %d: lines of another "
		       "program in the same set (a tenant on the vCPU's SMT "
		       "sibling) take ways while it is measured; see "
		       "docs/labs.md\n",
		       l2, w2);
	fmt_size(b, sizeof(b), (size_t)s3);
	printf("  L3: not inferred: ");
	if (a->kmax && !a->by_address)
		printf("lines cannot be placed in one of its sets by address "
		       "(as the L2 showed), and ");
	printf("a group of one set would have to be found by conflict among "
	       "2 x %s / 4 KiB = %ld pages or more: past the second-level "
	       "TLB's reach, where page walks cost as much as the misses "
	       "sought, and in a cache shared with other cores",
	       s3 ? b : "its size", s3 ? 2 * s3 / 4096 : 0);
	if (f->nl > 3 && s3 && f->lv[2].size &&
	    f->lv[2].size * 3 < (size_t)s3 * 2) {
		fmt_size(c, sizeof(c), f->lv[2].size);
		printf(": here others leave this program about %s of %s", c, b);
	}
	printf("\n");
}
