// SPDX-License-Identifier: BSD-3-Clause
/*
 * PAPI 7's high-level regions: the first region of the process chooses the
 * events and the output directory; the first region of each thread creates
 * and starts that thread's EventSets, which then count until PAPI_hl_stop()
 * or exit. A region records the values at its begin and the differences at
 * its end; every begin makes a new region with a new id, as in PAPI 7.
 *
 * Departures from PAPI 7.0, each to keep a program's measurements rather
 * than throw them away: a region that does not match is refused with
 * PAPI_EINVAL but the other regions stay valid (PAPI 7 disables the whole
 * high-level API and writes no report); regions left open at exit are left
 * out of the report instead of suppressing it; nesting is not limited to 10
 * levels; PAPI_hl_read() may name any open region, not only the innermost.
 */
#include "core/hl.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arch/arch.h"
#include "core/classic.h"
#include "core/err.h"
#include "core/evset.h"
#include "os/os.h"

void papi__hl_say(const struct papi__hl *hl, const char *kind,
		  const char *fmt, ...)
{
	va_list ap;

	if (!hl || !hl->verbose)
		return;
	/* stderr, not PAPI 7's stdout: the program's own output stays its
	 * own (PAPI_REPORT is the one thing written to stdout). */
	fprintf(stderr, "PAPI-HL %s: ", kind);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* What the user must see whatever PAPI_HL_VERBOSE says: a report that
 * could not go where it was asked to, an event of PAPI_EVENTS left out. */
void papi__hl_warn(const char *kind, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "PAPI-HL %s: ", kind);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* How long the report writer waits at exit for another thread to let go
 * of the library lock. That thread may never do so (stuck in a signal
 * handler that interrupted it inside the library, or in another
 * library's fork handler after ours took the lock): the process must
 * still exit, without the report then, and saying so. */
#define EXIT_LOCK_WAIT_MS 1000

static void at_exit(void)
{
	if (papi__lib_lock_timed(EXIT_LOCK_WAIT_MS) != PAPI_OK) {
		papi__hl_warn("Warning",
			      "another thread held the PAPI library for %d ms "
			      "at exit: the report was not written",
			      EXIT_LOCK_WAIT_MS);
		return;
	}
	if (papi__lib.hl)
		papi__hl_report_write(papi__lib.hl);
	papi__lib_unlock();
}

/* Where PAPI_get_real_cyc() scales the generic timer (arm64), its
 * factors: read_now then stores the timer's raw ticks, read once for both
 * clocks, and the report scales the differences. */
static void clock_setup(struct papi__hl *hl)
{
	const PAPI_hw_info_t *hw = papi__lib_hw();
	double mhz = hw->cpu_max_mhz > 0 ? hw->cpu_max_mhz : hw->mhz;
	uint64_t hz = papi__arch_cycle_counter_hz();

	hl->tick_ns = hl->tick_cyc = 0;
	if (papi__arch_cycles_are_cpu_clock() ||
	    !papi__arch_has_cycle_counter() || !hz)
		return;
	if (mhz <= 0)
		mhz = 1000.0; /* PAPI_get_real_cyc's choice, too */
	hl->tick_ns = 1e9 / (double)hz;
	hl->tick_cyc = mhz * 1e6 / (double)hz;
	hl->raw_ticks = 1;
}

/* The process-wide state, made by the first region of any thread. */
static int hl_state(struct papi__hl **out)
{
	struct papi__hl *hl;
	int ret;

	papi__lib_lock();
	hl = papi__lib.hl;
	if (hl) {
		papi__lib_unlock();
		*out = hl;
		return PAPI_OK;
	}
	hl = calloc(1, sizeof(*hl));
	if (!hl) {
		papi__lib_unlock();
		return PAPI_ENOMEM;
	}
	hl->pid = papi__os_getpid();
	hl->tail = &hl->recs;
	hl->verbose = getenv("PAPI_HL_VERBOSE") != NULL;
	hl->multiplex = getenv("PAPI_MULTIPLEX") != NULL;
	hl->report_stdout = getenv("PAPI_REPORT") != NULL;
	clock_setup(hl);
	ret = papi__hl_report_init(hl);
	if (ret == PAPI_OK)
		ret = papi__hl_choose_events(hl);
	if (ret != PAPI_OK || atexit(at_exit) != 0) {
		papi__hl_free(hl);
		papi__lib_unlock();
		return ret != PAPI_OK ? ret : PAPI_ENOMEM;
	}
	/* PAPI 7's high-level API calls PAPI_thread_init(gettid); ours
	 * already answers gettid, so only the level is recorded. */
	if (!papi__lib.thread_id_fn)
		__atomic_or_fetch(&papi__lib.init_state,
				  PAPI_THREAD_LEVEL_INITED, __ATOMIC_RELAXED);
	papi__lib.hl = hl;
	papi__lib_unlock();
	papi__hl_say(hl, "Info", "PAPI has been initiated!");
	*out = hl;
	return PAPI_OK;
}

/* The calling thread's state, or NULL when it has no regions. Never
 * creates the thread's context: a thread without one has no regions. */
static inline struct papi__hl_local *hl_self(void)
{
	/* A context of the library's current generation implies it is
	 * initialized (shutdown moves the generation on). */
	struct papi__thread *t = papi__thread_peek();

	/* A thread's state implies the process's (papi__lib.hl, which
	 * stays until exit): l->hl. */
	return t ? t->hl : NULL;
}

/* Stop the first n sets. */
static int stop_sets(const struct papi__hl *hl, struct papi__hl_local *l,
		     int n)
{
	long long v[hl->nev > 0 ? hl->nev : 1];
	int i, j, ret, first = PAPI_OK;

	for (i = 0; i < n; i++) {
		const struct papi__hl_set *s = &hl->set[i];

		ret = papi__evset_stop(l->evset[i], v + s->first);
		if (ret != PAPI_OK) {
			first = first != PAPI_OK ? first : ret;
			continue;
		}
		/* PAPI_start zeroes the counts: keep what was counted (an
		 * instant event: its last value, what a reading of stopped
		 * sets gives). */
		for (j = s->first; j < s->first + s->n; j++)
			l->base[j] = hl->ev[j].instant ? v[j]
						       : l->base[j] + v[j];
	}
	l->running = 0;
	l->one_set = -1;
	l->rebased = 1;
	return first;
}

static int start_sets(const struct papi__hl *hl, struct papi__hl_local *l)
{
	int i, ret;

	for (i = 0; i < hl->nsets; i++) {
		ret = papi__evset_start(l->evset[i]);
		if (ret != PAPI_OK) {
			stop_sets(hl, l, i);
			return ret;
		}
	}
	l->running = 1;
	l->one_set = hl->nsets == 1 ? l->evset[0] : -1;
	return PAPI_OK;
}

/* The calling thread's EventSets, made and started on its first region. */
static int hl_local(struct papi__hl *hl, struct papi__hl_local **out)
{
	struct papi__thread *t = papi__thread_self();
	struct papi__hl_local *l;
	struct papi__hl_rec *rec;
	int ret;

	if (!t)
		return PAPI_ENOMEM;
	l = t->hl;
	if (!l) {
		l = calloc(1, sizeof(*l) + (size_t)hl->nev * sizeof(long long));
		rec = calloc(1, sizeof(*rec));
		ret = l && rec ? papi__hl_sets_create(hl, l->evset)
			       : PAPI_ENOMEM;
		if (ret != PAPI_OK) {
			free(l);
			free(rec);
			return ret;
		}
		l->rec = rec;
		l->hl = hl;
		l->one_set = -1;
		rec->tid = t->id;
		papi__lib_lock();
		rec->seq = hl->nrecs++;
		*hl->tail = rec;
		hl->tail = &rec->next;
		papi__lib_unlock();
		t->hl = l;
	}
	if (!l->running && (ret = start_sets(hl, l)) != PAPI_OK)
		return ret;
	*out = l;
	return PAPI_OK;
}

/* One set's counts: through PAPI_read's shortcut when this thread's slot
 * holds that set (the high-level set it started last), as PAPI_read would,
 * else the long way. */
static inline int read_set(int evset, long long *v)
{
	const struct papi__run *r =
		__atomic_load_n(&papi__lib_direct, __ATOMIC_RELAXED);

	if (r->key == evset)
		return r->read(r->arg, v);
	return papi__evset_read(evset, v);
}

/* A reading into now[nvals]: cycles, nanoseconds, then the events (hl.h,
 * struct papi__hl_region). */
static inline __attribute__((always_inline)) int
read_now(const struct papi__hl *hl, struct papi__hl_local *l, long long *now)
{
	long long *v = now + PAPI__HL_FIXED;
	int i, ret;

	/* One component's set (the usual case) without the loop. */
	if (l->one_set >= 0) {
		ret = read_set(l->one_set, v);
		if (ret != PAPI_OK)
			return ret;
	} else if (l->running) {
		for (i = 0; i < hl->nsets; i++) {
			ret = read_set(l->evset[i], v + hl->set[i].first);
			if (ret != PAPI_OK)
				return ret;
		}
	}
	/* "cycles" is what PAPI_get_real_cyc() and PAPI_read_ts() answer.
	 * Where that is the generic timer scaled to the nominal clock
	 * (arm64), one read of the timer serves both numbers, scaled when
	 * the report is written (the report shows differences only): a
	 * clock_gettime less per reading, and no arithmetic. */
	if (hl->raw_ticks) {
		long long c = (long long)papi__arch_cycle_counter();

		now[PAPI__HL_CYCLES] = c;
		now[PAPI__HL_NSEC] = c;
	} else {
		now[PAPI__HL_CYCLES] = PAPI_get_real_cyc();
		now[PAPI__HL_NSEC] = PAPI_get_real_nsec();
	}
	/* Stopped sets (PAPI_hl_stop) read as they were at the stop. */
	if (l->rebased) {
		for (i = 0; i < hl->nev; i++) {
			if (!l->running)
				v[i] = l->base[i];
			else if (!hl->ev[i].instant)
				v[i] += l->base[i];
		}
	}
	return PAPI_OK;
}

static int grow(void **p, int *cap, int need, size_t size)
{
	int n = *cap ? *cap : 8;
	void *q;

	if (need <= *cap)
		return PAPI_OK;
	while (n < need)
		n *= 2;
	q = realloc(*p, (size_t)n * size);
	if (!q)
		return PAPI_ENOMEM;
	*p = q;
	*cap = n;
	return PAPI_OK;
}

/* Regions per chunk of storage: a begin allocates once in this many. */
#define RCHUNK 64

static size_t region_size(const struct papi__hl *hl)
{
	return sizeof(struct papi__hl_region) +
	       2 * (size_t)papi__hl_nvals(hl) * sizeof(long long);
}

/*
 * Region names are compared at every begin, end and read: a program may
 * use one buffer for several names, so a name is known by its characters,
 * not its address. The record's copy of a name (intern_name) is padded
 * with NULs to whole 8-byte words and 8-aligned, so that name_is compares
 * a word at a time: the name's last word only up to its NUL, the rest of
 * the caller's word (up to 7 bytes after the NUL, never across a page,
 * since near a page's end it hands over to strcmp) ignored. Those bytes
 * are read, as optimized string functions read them, which no C object
 * allows: the sanitizers are told not to look at this one function (what
 * it reads is never used). Big-endian machines use strcmp.
 */
typedef uint64_t hl_word __attribute__((aligned(1), may_alias));

/* A function the sanitizers skip cannot be inlined into one they check. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define NAME_IS_INLINE __attribute__((noinline))
#else
#define NAME_IS_INLINE inline __attribute__((always_inline))
#endif

static NAME_IS_INLINE __attribute__((no_sanitize_address, no_sanitize_thread))
int name_is(const char *s, const char *copy)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t *w = (const uint64_t *)(const void *)copy;
	const uint64_t ones = 0x0101010101010101ULL;

	for (;; w++, s += 8) {
		uint64_t b = *w, a, z;

		if (((uintptr_t)s & 4095) > 4096 - 8)
			return !strcmp(s, (const char *)w);
		a = *(const hl_word *)s;
		/* The first NUL of the copy's word, as its byte's top bit. */
		z = (b - ones) & ~b & (ones << 7);
		if (!z) {
			if (a != b)
				return 0;
			continue;
		}
		z &= -z;
		/* Bytes up to and including that NUL. */
		return !((a ^ b) & ((z << 1) - 1)); /* all 8 when z is bit 63 */
	}
#else
	return !strcmp(s, copy);
#endif
}

/* A copy of name for name_is: whole words, NUL-padded, 8-aligned. */
static char *name_copy(const char *name)
{
	size_t len = strlen(name);
	char *c = calloc(1, (len + 8) & ~(size_t)7);

	if (c)
		memcpy(c, name, len);
	return c;
}

/* The record's copy of a region name, made on its first begin. */
static const char *intern_name(struct papi__hl_rec *rec, const char *name)
{
	char *copy;
	int i;

	for (i = rec->nnames - 1; i >= 0; i--)
		if (!strcmp(rec->names[i], name))
			return rec->names[i];
	if (grow((void **)&rec->names, &rec->names_cap, rec->nnames + 1,
		 sizeof(*rec->names)) != PAPI_OK ||
	    !(copy = name_copy(name)))
		return NULL;
	rec->names[rec->nnames++] = copy;
	return copy;
}

/* Room for one more region: its name, a slot, a stack entry and an index
 * entry, allocated only when one runs out (a new name, every RCHUNK-th
 * region, a doubling). The thread's own data needs no lock; regions[],
 * which the report at exit reads under the lock, is replaced under it. */
static __attribute__((noinline)) int
region_room(const struct papi__hl *hl, struct papi__hl_rec *rec,
	    const char *name)
{
	int ret;

	if ((!rec->last || !name_is(name, rec->last)) &&
	    !(rec->last = intern_name(rec, name)))
		return PAPI_ENOMEM;
	if (grow((void **)&rec->stack, &rec->stack_cap, rec->depth + 1,
		 sizeof(*rec->stack)) != PAPI_OK)
		return PAPI_ENOMEM;
	if (!rec->pool_left) {
		void **chunk = malloc(sizeof(void *) +
				      RCHUNK * region_size(hl));

		if (!chunk)
			return PAPI_ENOMEM;
		*chunk = rec->chunks;
		rec->chunks = chunk;
		rec->pool = (char *)(chunk + 1);
		rec->pool_left = RCHUNK;
	}
	if (rec->nregions < rec->cap)
		return PAPI_OK;
	papi__lib_lock();
	ret = grow((void **)&rec->regions, &rec->cap, rec->nregions + 1,
		   sizeof(*rec->regions));
	papi__lib_unlock();
	return ret;
}

/* The public calls' answer, an error reported under the call's name (the
 * API layer tail-calls these: hl.h). */
static inline __attribute__((always_inline)) int hl_ret(const char *fn,
							 int ret)
{
	return ret == PAPI_OK ? ret : papi__err_report(fn, ret);
}

/* A new region, by the record's own thread without the lock: room is
 * made first (so that no allocation falls inside what it measures), the
 * counts are read straight into its slot, and the slot is filled before
 * nregions, released, lets the report see it. Errors are reported here
 * (hl_ret), PAPI_hl_region_begin's. */
static int region_open(struct papi__hl *hl, struct papi__hl_local *l,
		       const char *name)
{
	struct papi__hl_rec *rec = l->rec;
	struct papi__hl_region *r;
	int ret;

	if ((rec->nregions == rec->cap || rec->depth == rec->stack_cap ||
	     !rec->pool_left || !rec->last || !name_is(name, rec->last)) &&
	    (ret = region_room(hl, rec, name)) != PAPI_OK)
		return hl_ret("PAPI_hl_region_begin", ret);
	r = (struct papi__hl_region *)rec->pool;
	ret = read_now(hl, l, r->v);
	if (ret != PAPI_OK)
		return hl_ret("PAPI_hl_region_begin", ret);
	rec->pool += region_size(hl);
	rec->pool_left--;
	r->name = (char *)rec->last;
	r->id = rec->nregions;
	r->parent = rec->depth ? rec->stack[rec->depth - 1] : -1;
	r->closed = 0;
	r->nreads = r->reads_left = 0;
	r->reads = r->next_read = NULL;
	rec->regions[r->id] = r;
	__atomic_store_n(&rec->nregions, r->id + 1, __ATOMIC_RELEASE);
	rec->stack[rec->depth++] = r->id;
	return PAPI_OK;
}

void papi__hl_rec_free(struct papi__hl_rec *rec)
{
	void **chunk, **prev;
	int i;

	for (i = 0; i < rec->nregions; i++)
		free(rec->regions[i]->reads);
	for (chunk = rec->chunks; chunk; chunk = prev) {
		prev = *chunk;
		free(chunk);
	}
	for (i = 0; i < rec->nnames; i++)
		free(rec->names[i]);
	free(rec->names);
	free(rec->regions);
	free(rec->stack);
	free(rec);
}

/* The first region of a thread, or one after PAPI_hl_stop: set the
 * high-level API up as needed. */
static __attribute__((noinline)) int region_begin_slow(const char *region)
{
	struct papi__hl_local *l;
	struct papi__hl *hl;
	int ret;

	/* PAPI 7: a region ends this thread's rate calls, whose EventSet
	 * would want the same counters. */
	ret = papi__rate_stop_running();
	if (ret == PAPI_OK && !papi__lib_is_init())
		ret = papi__lib_init();
	if (ret == PAPI_OK)
		ret = hl_state(&hl);
	if (ret == PAPI_OK)
		ret = hl_local(hl, &l);
	if (ret != PAPI_OK)
		return hl_ret("PAPI_hl_region_begin", ret);
	return region_open(hl, l, region);
}

/* Steady state: this thread's sets count and it has no rate calls to end
 * (papi__rate_stop_running would do nothing); no lock, no allocation. */
int papi__hl_region_begin(const char *region)
{
	struct papi__thread *t = papi__thread_peek();
	struct papi__hl_local *l = t ? t->hl : NULL;

	if (!region)
		return hl_ret("PAPI_hl_region_begin", PAPI_EINVAL);
	if (!l || !l->running ||
	    (t->classic && ((const struct papi__classic *)t->classic)->mode ==
				   PAPI__SIMPLE_RATE))
		return region_begin_slow(region);
	/* region_open reports its errors: a tail call. */
	return region_open(l->hl, l, region);
}

/* The open region of this thread with that name (the innermost only, when
 * innermost is set), or NULL with *why saying what is wrong. */
static inline __attribute__((always_inline)) struct papi__hl_region *
find_open(const struct papi__hl_local *l, const char *name, int innermost,
	  int *why)
{
	const struct papi__hl_rec *rec = l ? l->rec : NULL; /* set with l */
	int i;

	*why = PAPI_ENOTRUN;
	if (!l || !rec->depth)
		return NULL;
	*why = PAPI_EINVAL;
	for (i = rec->depth - 1; i >= 0; i--) {
		struct papi__hl_region *r = rec->regions[rec->stack[i]];

		if (name_is(name, r->name))
			return r;
		if (innermost)
			break;
	}
	return NULL;
}

/* PAPI's warning for a region name that matches no open region; ret
 * returned. Out of line: it keeps the common path short. */
static __attribute__((cold, noinline)) int
no_region(const struct papi__hl *hl, const struct papi__hl_local *l,
	  const char *call, const char *region, int ret)
{
	papi__hl_say(hl, "Warning",
		     "Cannot find matching region for %s(\"%s\") for thread id=%lu.",
		     call, region, l ? l->rec->tid : 0UL);
	return ret;
}

long long papi__hl_value(const struct papi__hl *hl, const long long *begin,
			 const long long *at, int i)
{
	long long d = at[i] - begin[i];

	if (i >= PAPI__HL_FIXED)
		return hl->ev[i - PAPI__HL_FIXED].instant ? at[i] : d;
	if (hl->raw_ticks)
		return (long long)((double)d * (i == PAPI__HL_CYCLES
							? hl->tick_cyc
							: hl->tick_ns));
	return d;
}

/* Room for more reads of r (rows of nvals): reads[] is replaced under the
 * lock, since the report reads it. */
static __attribute__((noinline)) int reads_room(struct papi__hl_region *r,
						 int nvals)
{
	int rows = r->nreads ? 2 * r->nreads : 8;
	long long *q;

	papi__lib_lock();
	q = realloc(r->reads, (size_t)rows * (size_t)nvals * sizeof(*q));
	if (q)
		r->reads = q;
	papi__lib_unlock();
	if (!q)
		return PAPI_ENOMEM;
	r->next_read = q + (size_t)r->nreads * (size_t)nvals;
	r->reads_left = rows - r->nreads;
	return PAPI_OK;
}

static inline __attribute__((always_inline)) int hl_read(const char *region)
{
	struct papi__hl_local *l = hl_self();
	struct papi__hl *hl;
	struct papi__hl_region *r;
	int ret, nvals;

	r = find_open(l, region, 0, &ret);
	if (!r) {
		return no_region(papi__lib.hl, l, "PAPI_hl_read", region, ret);
	}
	hl = l->hl;
	nvals = papi__hl_nvals(hl);
	/* Room first, so that the reading goes straight into its row. */
	if (!r->reads_left && (ret = reads_room(r, nvals)) != PAPI_OK)
		return ret;
	ret = read_now(hl, l, r->next_read);
	if (ret != PAPI_OK)
		return ret;
	r->next_read += nvals;
	r->reads_left--;
	__atomic_store_n(&r->nreads, r->nreads + 1, __ATOMIC_RELEASE);
	return PAPI_OK;
}

int papi__hl_read(const char *region)
{
	return hl_ret("PAPI_hl_read", region ? hl_read(region) : PAPI_EINVAL);
}

static inline __attribute__((always_inline)) int hl_end(const char *region)
{
	struct papi__hl_local *l = hl_self();
	struct papi__hl *hl;
	struct papi__hl_region *r;
	int ret;

	/* Regions nest: the one to end is the innermost open one. */
	r = find_open(l, region, 1, &ret);
	if (!r) {
		return no_region(papi__lib.hl, l, "PAPI_hl_region_end", region,
				 ret);
	}
	hl = l->hl;
	ret = read_now(hl, l, r->v + papi__hl_nvals(hl));
	if (ret != PAPI_OK)
		return ret;
	__atomic_store_n(&r->closed, 1, __ATOMIC_RELEASE);
	l->rec->depth--;
	return PAPI_OK;
}

int papi__hl_region_end(const char *region)
{
	return hl_ret("PAPI_hl_region_end",
		      region ? hl_end(region) : PAPI_EINVAL);
}

int papi__hl_stop(void)
{
	struct papi__hl_local *l = hl_self();
	struct papi__hl *hl = papi__lib.hl;

	if (!l || !l->running)
		return PAPI_ENOEVNT;
	return stop_sets(hl, l, hl->nsets);
}

void papi__hl_thread_exit(void *local)
{
	struct papi__hl_local *l = local;
	struct papi__hl *hl = papi__lib.hl;
	int i;

	/* What the thread measured is in its record, which the report keeps;
	 * its sets go with it (they would count nobody, and stay in the
	 * EventSet table for good). */
	if (!hl)
		return;
	for (i = 0; l->running && i < hl->nsets; i++)
		papi__evset_stop(l->evset[i], NULL);
	l->running = 0;
	l->one_set = -1;
	papi__hl_sets_destroy(hl, l->evset);
}

int papi__hl_running(void)
{
	struct papi__hl_local *l = hl_self();

	return l && l->running;
}
