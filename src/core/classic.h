/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef PAPI_CORE_CLASSIC_H
#define PAPI_CORE_CLASSIC_H

/*
 * The "simple" calls: PAPI 5's classic high-level API (PAPI_start_counters
 * and friends, PAPI_flops, PAPI_flips) and PAPI 7's rate calls
 * (PAPI_flops_rate, PAPI_flips_rate, PAPI_ipc, PAPI_epc). Each thread has
 * one internal EventSet for them, so at most one of them measures at a time
 * in a thread: a call of another kind while one runs is refused with
 * PAPI_EINVAL (PAPI_EISRUN for PAPI_start_counters), as in PAPI 5 and 7.
 * Every call initializes the library if the program has not.
 *
 * PAPI 5 semantics (classic.c): PAPI_read_counters copies the counts and
 * resets them; PAPI_accum_counters adds them to values and resets them;
 * PAPI_flops/PAPI_flips report real and process time and the count since
 * their first call, and the rate (per microsecond of process time, i.e.
 * Mflop/s) since the latest call.
 *
 * PAPI 7 semantics (classic_rate.c): PAPI_flops_rate and the others report
 * everything since their latest call; PAPI_rate_stop ends them. PAPI_ipc
 * has PAPI 7's meaning: PAPI 5's, with the same signature, counted from the
 * first call instead, and one symbol cannot have both.
 *
 * PAPI_num_counters answers the number of hardware counters of the CPU
 * component, as PAPI 5 did (it returned PAPI_num_hwctrs()). On a machine
 * without a hardware PMU that is 0: honest, since there are none, and what
 * PAPI 5 answered there too; the software events the kernel still counts
 * (perf::TASK-CLOCK...) work with PAPI_start_counters all the same.
 */
#include "papi.h"

/* Per-thread state (papi__thread.classic). Flat: lib.c frees it with
 * free(); the EventSet goes with the library's at PAPI_shutdown. */
struct papi__classic {
	int evset; /* PAPI_NULL unless something is measured */
	int mode;  /* enum papi__classic_mode: what the EventSet measures */
	int kind;  /* enum papi__rate_kind, in PAPI__SIMPLE_RATE mode */
	int nevents;
	int events[3];
	long long total;     /* PAPI 5 rates: count since the first call */
	long long real0_ns;  /* PAPI 5 rates: times of the first call */
	long long virt0_ns;
	long long real_ns;   /* times of the latest call */
	long long virt_ns;
};

enum papi__classic_mode {
	PAPI__SIMPLE_OFF,
	PAPI__SIMPLE_COUNTERS, /* PAPI_start_counters */
	PAPI__SIMPLE_FLIPS5,   /* PAPI_flips */
	PAPI__SIMPLE_FLOPS5,   /* PAPI_flops */
	PAPI__SIMPLE_RATE,     /* PAPI 7: flops_rate, flips_rate, ipc, epc */
};

/* PAPI 7 rate kinds. */
enum papi__rate_kind {
	PAPI__RATE_FLIPS,
	PAPI__RATE_FLOPS,
	PAPI__RATE_IPC,
	PAPI__RATE_EPC,
};

/* The calling thread's state, initializing the library and making the
 * state on first use. */
int papi__classic_self(struct papi__classic **out);
/* Make the thread's EventSet with these events (n >= 1) and start it. On
 * failure there is no EventSet. */
int papi__classic_begin(struct papi__classic *c, int mode, const int *events,
			int n);
/* Stop the thread's EventSet (values may be NULL) and destroy it. */
int papi__classic_end(struct papi__classic *c, long long *values);
/* The thread exits (core/lib.c): its EventSet goes; state stays for the
 * caller to free. */
void papi__classic_thread_exit(void *state);

int papi__classic_start_counters(const int *events, int n);
/* accum: add to values instead of copying. */
int papi__classic_read_counters(long long *values, int n, int accum);
int papi__classic_stop_counters(long long *values, int n);
int papi__classic_num_counters(void);
/* PAPI_flips (flops = 0) and PAPI_flops (flops = 1). */
int papi__classic_flops5(int flops, float *rtime, float *ptime,
			 long long *count, float *rate);

/* PAPI 7 rate calls (classic_rate.c). out[] is ins/flpops, then for EPC
 * ref, core; *rate is Mflop/s, IPC or EPC. */
struct papi__rate_out {
	float *rtime, *ptime, *rate;
	long long *count, *ref, *core;
};
int papi__rate_call(int kind, int event, const struct papi__rate_out *o);
int papi__rate_stop(void);
/* Stop this thread's rate EventSet if one runs (PAPI 7 does this when a
 * high-level region begins); PAPI_OK when none does. */
int papi__rate_stop_running(void);

#endif
