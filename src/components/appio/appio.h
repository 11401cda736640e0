/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_APPIO_APPIO_H
#define PAPI_APPIO_APPIO_H

/*
 * Between the appio component (appio.c) and the C library calls it wraps
 * (appio_wrap.c). Each thread that counts has one block of raw counts;
 * the wrappers add to it while at least one running set counts that
 * thread (active > 0), and a set's values are differences of two
 * snapshots of it, so that sets started at different times, reset or
 * accumulated, each count from their own zero.
 */

/* The slots of one family of transfer calls (read, write, recv, and the
 * read and write calls on sockets). DONE counts the calls that completed
 * a transfer, REQ the bytes they asked for: the mean block size is REQ /
 * DONE. NS is the time spent in those calls. */
enum {
	F_BYTES,
	F_CALLS,
	F_ERR,
	F_INTR,
	F_WBLOCK,
	F_SHORT,
	F_EOF,
	F_REQ,
	F_DONE,
	F_NS,
	F_SLOTS
};

enum {
	FAM_READ,
	FAM_WRITE,
	FAM_RECV,
	FAM_SOCK_READ,
	FAM_SOCK_WRITE,
	FAMILIES
};

#define APPIO_FAM(fam, f) ((fam) * F_SLOTS + (f))

enum {
	S_OPEN_CALLS = FAMILIES * F_SLOTS,
	S_OPEN_ERR,
	S_OPEN_FDS, /* a level: successful opens less closes, never below 0 */
	S_SEEK_CALLS,
	S_SEEK_ABS,  /* sum of |offset| of the seek calls */
	S_SEEK_NS,
	S_SELECT_NS,
	APPIO_SLOTS
};

struct papi__appio_thr {
	long long v[APPIO_SLOTS]; /* atomic adds: signal handlers add too */
	int active; /* running sets counting this thread */
	int refs;   /* the thread's own, and one per control state */
	int tid;
	int listed; /* in the list of live threads */
	struct papi__appio_thr *next;
};

/* Once per process: thread-exit and fork handlers. PAPI_OK or an error. */
int papi__appio_setup(void);
/* The calling thread's block (made on first use), with a reference for
 * the caller; NULL without memory. */
struct papi__appio_thr *papi__appio_self(void);
/* The block of live thread tid with a reference, or NULL. */
struct papi__appio_thr *papi__appio_find(int tid);
void papi__appio_unref(struct papi__appio_thr *t);
/* Every slot, as one reader sees it (each slot read atomically). */
void papi__appio_snapshot(const struct papi__appio_thr *t, long long *v);
/* Do this process's calls to read() reach the wrappers? (A fully static
 * program may have linked the C library's own read() instead.) */
int papi__appio_wrapped(void);

#endif
