/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_LIB_H
#define PAPI_CORE_LIB_H

/*
 * All mutable state of the library lives in struct papi__lib (one instance)
 * and in struct papi__thread (one per thread that used PAPI, reached through
 * a thread-local pointer). Nothing else in the library keeps state.
 *
 * Locking: lib.lock guards the EventSet table, the thread list and the
 * components' native-event tables. State that an overflow signal handler may
 * touch (core/overflow.h) is kept in per-EventSet memory allocated before
 * PAPI_start and is never behind this lock.
 */
#include <pthread.h>

#include "cmp/cmp.h"
#include "papi.h"

#define PAPI__MAX_CMP 8

struct papi__evset;

struct papi__preset {
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
	/* ... and the set itself: PAPI_read of it takes no lock (evset_count.c) */
	struct papi__evset *running_es[PAPI__MAX_CMP];
	void *specific[PAPI_NUM_TLS];
	void *classic;      /* PAPI 5 classic, PAPI 7 rate calls (core/classic*.c) */
	void *hl;           /* PAPI 7 high-level regions (core/hl*.c) */
	int dev_enum;       /* PAPI_enum_dev_type walk: 1 after the CPU type */
	/* The thread's PAPI_read shortcut (its papi__lib_direct), NULL once
	 * the thread has exited; written with the lock held. */
	struct papi__direct *direct;
	struct papi__thread *next;
};

struct papi__lib {
	int init_state;       /* PAPI_*_INITED bits */
	unsigned int gen;     /* bumped by shutdown: stale thread contexts */
	int init_error;       /* result of a failed PAPI_library_init */
	int log_level;
	int user_read_off;    /* PAPI_RDPMC=0: no user-space counter reads */
	int debug;            /* PAPI_set_debug: PAPI_QUIET/VERB_ECONT/VERB_ESTOP */
	pthread_mutex_t lock;
	pthread_mutex_t user_lock[PAPI_NUM_LOCK];
	unsigned long (*thread_id_fn)(void);

	int ncmp;
	unsigned int disable_mask; /* PAPI_disable_component before init */
	int atfork_done;           /* child_after_fork registered (lib.c) */
	struct papi__cmp cmp[PAPI__MAX_CMP];

	int default_domain;
	int default_granularity;

	struct papi__evset **evsets;
	int nevsets; /* slots in use or free */
	int cap;

	struct papi__thread *threads;
	PAPI_hw_info_t hw;
	PAPI_exe_info_t exe;      /* filled on first request */
	PAPI_shlib_info_t shlib;  /* map allocated on first request */
	int have_exe;
	/* PAPI 7 high-level API (core/hl*.c): what the regions recorded, kept
	 * across PAPI_shutdown until the report is written at exit. */
	void *hl;
	/* Overflow (core/profil.c): sets with overflow entries, and the
	 * signal their handler is installed for. */
	int ovf_users;
	int ovf_sig;
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

void papi__lib_lock(void);
void papi__lib_unlock(void);

/* The calling thread's context, created on first use; NULL only when out of
 * memory. */
struct papi__thread *papi__thread_self(void);

/* Initial-exec TLS: every counting call looks these up, and the default
 * model for a shared library costs a __tls_get_addr call per access; the
 * 40 bytes fit the static TLS glibc keeps spare for libraries loaded later
 * (dlopen). */
#define PAPI__TLS_IE __attribute__((tls_model("initial-exec")))
extern _Thread_local struct papi__thread *papi__lib_self PAPI__TLS_IE;
extern _Thread_local unsigned int papi__lib_self_gen PAPI__TLS_IE;

/*
 * PAPI_read's shortcut, one per thread, in thread-local storage itself so
 * that PAPI_read reaches it with one thread-pointer load and one compare
 * (api_evset.c): while the calling thread runs EventSet key, whose values
 * are its natives in order, read(arg, values) is the whole of PAPI_read.
 * The component provides read and arg at start (cmp.h, direct); a case it
 * does not serve it hands to papi__evset_read_declined. Without a set the
 * key is -1, which only PAPI_read(PAPI_NULL) matches, and read is
 * papi__direct_none, which gives that call its error: so the initial
 * value (every new thread's) and the cleared one are safe to call. Only
 * the lock holder changes a slot other than its own, through the thread's
 * context (papi__thread.direct), which the thread's exit clears.
 */
struct papi__direct {
	int key;
	papi__direct_fn read;
	void *arg;
};
extern _Thread_local struct papi__direct papi__lib_direct PAPI__TLS_IE;
int papi__direct_none(void *arg, long long *values);
/* Back to no set; with the lock held unless d is the caller's own. */
void papi__direct_clear(struct papi__direct *d);

/* The calling thread's context if it has one (never creates it): the
 * common path of papi__thread_self, inline for the counting calls. */
static inline struct papi__thread *papi__thread_peek(void)
{
	struct papi__thread *t = papi__lib_self;

	return t && papi__lib_self_gen == papi__lib.gen ? t : NULL;
}
/* Drop the calling thread's context (PAPI_unregister_thread). */
int papi__thread_unregister(void);
unsigned long papi__thread_id(void);

#endif
