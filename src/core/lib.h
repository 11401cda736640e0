/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_LIB_H
#define PAPI_CORE_LIB_H

/*
 * All mutable state of the library lives in struct papi__lib (one instance)
 * and in struct papi__thread (one per thread that used PAPI, reached through
 * a thread-local pointer). Nothing else in the library keeps state.
 *
 * Locking: lib.lock guards the EventSet table, the thread list and the
 * components' native-event tables. The counting calls of the thread that
 * runs a set reach it without the lock, through a run record (struct
 * papi__run below); docs/design.md, "Life cycle and ownership", has the
 * rules for who may free what and when.
 */
#include <pthread.h>
#include <stdint.h>

#include "cmp/cmp.h"
#include "core/overflow.h"
#include "papi.h"

/* Components compiled in (src/cmp/registry.c): at most 16 (the 4 bits
 * PAPI_get_event_component reads; disable_mask has 32). */
#define PAPI__MAX_CMP 16

struct papi__evset;
struct papi__evset_event;

struct papi__preset {
	/* Looked up: presets resolve at their first use (core/preset.c,
	 * papi__preset_get), not at init. Set last, with release order. */
	int resolved;
	int available;
	int cidx;
	int derived;
	int nterms;
	unsigned int terms[PAPI__MAX_TERMS]; /* component-local codes */
	const char *names[PAPI__MAX_TERMS];  /* as written in the map */
	const char *note;
	const char *postfix; /* PAPI__DERIVED_POSTFIX only, checked at init */
};

struct papi__thread {
	unsigned long id;   /* what PAPI_thread_id() answers */
	int tid;            /* kernel thread id */
	int running[PAPI__MAX_CMP]; /* EventSet running per component, or -1 */
	void *specific[PAPI_NUM_TLS];
	void *classic;      /* PAPI 5 classic, PAPI 7 rate calls (core/classic*.c) */
	void *hl;           /* PAPI 7 high-level regions (core/hl*.c) */
	int dev_enum;       /* PAPI_enum_dev_type walk: 1 after the CPU type */
	/* The thread's run slots (its papi__lib_direct and papi__lib_runs),
	 * through which another thread that stops one of its sets withdraws
	 * the run; NULL once the thread has exited. With the lock held. */
	struct papi__run **direct_slot;
	struct papi__run **runs_slot;
	struct papi__thread *next;
};

struct papi__lib {
	int init_state;       /* PAPI_*_INITED bits */
	unsigned int gen;     /* bumped by shutdown: stale thread contexts */
	int init_error;       /* result of a failed PAPI_library_init */
	int log_level;
	int user_read_off;    /* PAPI_RDPMC=0: no user-space counter reads */
	int debug;            /* PAPI_set_debug: PAPI_QUIET/VERB_ECONT/VERB_ESTOP */
	int lock; /* 0 free, 1 held, 2 held and maybe waited for (lib.c) */
	pthread_mutex_t user_lock[PAPI_NUM_LOCK];
	unsigned long (*thread_id_fn)(void);

	int ncmp;
	unsigned int disable_mask; /* PAPI_disable_component before init */
	int atfork_done;           /* the fork handlers registered (lib.c) */
	struct papi__cmp cmp[PAPI__MAX_CMP];

	int default_domain;
	int default_granularity;

	struct papi__evset **evsets;
	int nevsets; /* slots in use or free */
	int cap;

	struct papi__thread *threads;
	/* Filled at its first use (papi__lib_hw), not at init. */
	PAPI_hw_info_t hw;
	int hw_done;
	PAPI_exe_info_t exe;      /* filled on first request */
	PAPI_shlib_info_t shlib;  /* map allocated on first request */
	int have_exe;
	/* PAPI 7 high-level API (core/hl*.c): what the regions recorded, kept
	 * across PAPI_shutdown until the report is written at exit. */
	void *hl;
	/* Overflow (core/profil.c): the signals the handler is installed
	 * for, each with the number of sets using it: perf_event's
	 * hardware_intr_sig and software overflow's PAPI_DEF_ITIMER signal,
	 * and an older timer signal while sets made before a change of
	 * PAPI_DEF_ITIMER still use it. */
	struct {
		int sig, users;
	} ovf_sigs[PAPI__OVF_SIGS];
	/* Runs withdrawn from a thread by another one (lib.c), each waiting
	 * for its thread to free it: with what that thread may still read. */
	struct papi__run *limbo;
	struct papi__preset presets[PAPI_MAX_PRESET_EVENTS];
};

extern struct papi__lib papi__lib;

/* Library life cycle; called from the API layer with nothing locked. */
int papi__lib_init(void);
void papi__lib_shutdown(void);
int papi__lib_is_init(void);
/* Mark a component (by index, or by name when name is not NULL) to be
 * skipped at the next init. */
int papi__lib_disable_component(int cidx, const char *name);
/* Complete component cidx's info (what start-up leaves lazy: presets
 * counted, natives listed) before a caller sees it. */
void papi__lib_info_fill(int cidx, int what);
/* The hardware description, read from the OS at its first use after
 * PAPI_library_init (issue 20: reading it cost start-up as much as
 * everything else together, for the few programs that ask). Takes the
 * library lock the first time only; never from a signal handler. Before
 * init (and after shutdown) it is all zeros. */
const PAPI_hw_info_t *papi__lib_hw_fill(void);
static inline const PAPI_hw_info_t *papi__lib_hw(void)
{
	if (__atomic_load_n(&papi__lib.hw_done, __ATOMIC_ACQUIRE))
		return &papi__lib.hw;
	return papi__lib_hw_fill();
}

/* init_state and gen are read without the lock (every call checks the
 * first, every counting call the second) and written with it. */
static inline int papi__lib_init_state(void)
{
	return __atomic_load_n(&papi__lib.init_state, __ATOMIC_RELAXED);
}

void papi__lib_lock(void);
void papi__lib_unlock(void);
/* The lock for the async-signal-safe calls (docs/design.md): PAPI_OK and
 * the lock, or PAPI_EISRUN without it when this thread holds it or is
 * taking it, that is when the call interrupted the library in this
 * thread: waiting would be waiting for itself, and taking it again
 * (it is recursive) would run inside the interrupted call. */
int papi__lib_lock_async(void);
/* The lock, waiting at most ms milliseconds for another thread to let go
 * of it: PAPI_OK, or PAPI_EISRUN without it. */
int papi__lib_lock_timed(long ms);

/* The calling thread's context, created on first use; NULL only when out of
 * memory. Not async-signal-safe (it allocates): the counting calls use
 * papi__thread_peek. */
struct papi__thread *papi__thread_self(void);

/* Initial-exec TLS: every counting call looks these up, and the default
 * model for a shared library costs a __tls_get_addr call per access; the
 * 100 bytes fit the static TLS glibc keeps spare for libraries loaded
 * later (dlopen). */
#define PAPI__TLS_IE __attribute__((tls_model("initial-exec")))
extern _Thread_local struct papi__thread *papi__lib_self PAPI__TLS_IE;
extern _Thread_local unsigned int papi__lib_self_gen PAPI__TLS_IE;
/* papi__lib_lock calls of this thread not yet matched by an unlock. */
extern _Thread_local int papi__lib_locking PAPI__TLS_IE;

/*
 * One run of a set (PAPI_start to PAPI_stop) by the thread that started
 * it, its runner, for the set's own counters (not an attached one). It is
 * everything the runner's calls that take no lock read: PAPI_read (and
 * PAPI_read_ts, PAPI_get_overflow_event_index, the overflow signal
 * handler). Filled with the lock held before the runner publishes it in
 * its own thread-local slots, and not changed after (but for read, which
 * the runner itself may move on: papi__direct_retarget, and live, the
 * overflow handler's own state), so that a thread reads its runs with
 * plain loads and no lock.
 *
 * A run is withdrawn from its slots at stop. Stopped by its runner, it is
 * then at once free (a signal handler of that thread that was reading it
 * has returned: the handler cannot interrupt the stop and resume after
 * it). Stopped by another thread (or by a shutdown there) the runner may
 * be in the middle of a read of it: the run goes to the limbo with what
 * it points to (the component state, fds and pages included, which the
 * set gives up for a copy), and the runner frees it at its next start or
 * stop, PAPI_library_init, PAPI_shutdown, or at its exit.
 */
struct papi__run {
	/* PAPI_read's shortcut: while the runner runs set key, whose values
	 * are its natives in order, read(arg, values) is the whole of
	 * PAPI_read (cmp.h, direct; a case the component does not serve
	 * goes to papi__evset_read_declined). key -1: no shortcut. */
	int key;
	papi__direct_fn read;
	void *arg;
	/* The set as it runs. */
	int id;
	int cidx;
	int direct; /* its events are its natives, in order */
	int nevents, nnative;
	/* Its component: ops is kept here, as a PAPI_library_init after a
	 * shutdown rewrites the component's struct while a thread may still
	 * be reading a run of before (the operations ignore cmp). */
	const struct papi__cmp_ops *ops;
	struct papi__cmp *cmp;
	struct papi__cmp_ctl *ctl;
	const struct papi__evset_event *events;
	const struct papi__overflow *ovf; /* NULL unless overflowing */
	struct papi__ovf_live live;       /* the overflow handler's */
	/* Ownership (lib.c): the runner (papi__lib_me), the limbo link, and
	 * what a stop by another thread left for the runner to free. */
	uintptr_t owner;
	struct papi__run *next;
	const struct papi__cmp_ops *junk_ops;
	struct papi__cmp *junk_cmp;
	struct papi__cmp_ctl *junk_ctl;
	void *junk_mem[2];
};

/* The calling thread's runs, one per component (NULL: none), and the one
 * PAPI_read's shortcut is for, never NULL: papi__run_none (key -1, which
 * only PAPI_read(PAPI_NULL) matches, and a read that gives that call its
 * error) when none. Written by this thread, or with the lock held by one
 * that withdraws a run; read by this thread without the lock. */
extern _Thread_local struct papi__run *papi__lib_direct PAPI__TLS_IE;
extern _Thread_local struct papi__run *papi__lib_runs[PAPI__MAX_CMP]
	PAPI__TLS_IE;
extern struct papi__run papi__run_none;
int papi__direct_none(void *arg, long long *values);

/* The calling thread, as a run's owner: the address of its slots. */
static inline uintptr_t papi__lib_me(void)
{
	return (uintptr_t)&papi__lib_direct;
}

/* The calling thread's run of set id, or NULL. async-signal-safe. */
static inline struct papi__run *papi__run_find(int id)
{
	struct papi__run *r;
	int i;

	for (i = 0; i < PAPI__MAX_CMP; i++) {
		r = __atomic_load_n(&papi__lib_runs[i], __ATOMIC_RELAXED);
		if (r && r->id == id)
			return r;
	}
	return NULL;
}

/* With the lock held. publish: run r (filled) is the calling thread's,
 * and its shortcut PAPI_read's when it has one. withdraw: r is no longer
 * the runner t's (t may be the calling thread, which may then free r, or
 * another, which must then retire it). retire: r goes to the limbo, for
 * its owner to free. */
void papi__run_publish(struct papi__run *r);
void papi__run_withdraw(struct papi__thread *t, struct papi__run *r);
void papi__run_retire(struct papi__run *r);
/* The calling thread frees what waits for it in the limbo; takes the
 * lock. Not async-signal-safe: called from PAPI_start, PAPI_stop, init,
 * shutdown and thread exit, never from the counting calls. The common
 * case, an empty limbo, is one load here, without the lock (the head is
 * only ever written atomically, for this look). */
void papi__thread_quiesce_slow(void);
static inline void papi__thread_quiesce(void)
{
	if (__atomic_load_n(&papi__lib.limbo, __ATOMIC_RELAXED))
		papi__thread_quiesce_slow();
}

/* The calling thread's shortcut, while it is for set key with argument
 * arg, calls read from now on: a component that armed a first-call
 * function (perf_event maps its pages at the first read) installs the
 * read that follows. Without the lock: the thread's own run, which only
 * the thread itself reads and writes (a run withdrawn meanwhile by
 * another thread is not freed before this thread says so). */
void papi__direct_retarget(int key, void *arg, papi__direct_fn read);

/* The calling thread's context if it has one (never creates it): the
 * common path of papi__thread_self. async-signal-safe. */
static inline struct papi__thread *papi__thread_peek(void)
{
	struct papi__thread *t = papi__lib_self;

	return t && papi__lib_self_gen ==
			    __atomic_load_n(&papi__lib.gen, __ATOMIC_RELAXED)
		       ? t
		       : NULL;
}
/* Drop the calling thread's context (PAPI_unregister_thread). */
int papi__thread_unregister(void);
unsigned long papi__thread_id(void);

#endif
