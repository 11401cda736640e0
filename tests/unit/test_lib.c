// SPDX-License-Identifier: BSD-3-Clause
/*
 * core/lib.c and the API's life cycle: init, shutdown and init again, the
 * per-thread contexts, disabling a component before init, and how the
 * perf_event component reports a kernel that refuses it. Scenarios that
 * leave state behind for good (a disabled component cannot be enabled again
 * in the same process) run in a child process each.
 */
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/lib.h"
#include "fake_os.h"
#include "os/os.h"
#include "papi.h"
#include "unit.h"

#define TASK "perf::TASK-CLOCK"

/* Run fn in a child process; its failures count as ours. */
static void in_child(int row, void (*fn)(void))
{
	int status = 0;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		UNIT_FAIL_AT(row, "fork: %s", strerror(errno));
		return;
	}
	if (pid == 0) {
		unit_failures = 0; /* count only the child's own */
		fn();
		fflush(NULL);
		_exit(unit_exit());
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)
		UNIT_FAIL_AT(row, "child scenario failed (status %#x)",
			     status);
}

/* Count one event in a fresh set, then drop the set. */
static int count_once(const char *name)
{
	int es = PAPI_NULL, ret;
	long long v[1];

	ret = PAPI_create_eventset(&es);
	if (ret == PAPI_OK)
		ret = PAPI_add_named_event(es, name);
	if (ret == PAPI_OK)
		ret = PAPI_start(es);
	if (ret == PAPI_OK)
		ret = PAPI_stop(es, v);
	if (es != PAPI_NULL) {
		PAPI_cleanup_eventset(es);
		PAPI_destroy_eventset(&es);
	}
	return ret;
}

/* ---- init and shutdown ------------------------------------------------ */

static void test_before_init(void)
{
	int es = PAPI_NULL, c;

	CHECK_EQ(papi__lib_is_init(), 0);
	CHECK_EQ(PAPI_is_initialized(), PAPI_NOT_INITED);
	CHECK_EQ(PAPI_create_eventset(&es), PAPI_ENOINIT);
	CHECK_EQ(PAPI_event_name_to_code("PAPI_TOT_CYC", &c), PAPI_ENOINIT);
	CHECK_EQ(PAPI_num_components(), 0);
	CHECK(PAPI_get_hardware_info() == NULL);
	CHECK(PAPI_get_component_info(0) == NULL);
	CHECK_EQ(PAPI_register_thread(), PAPI_ENOINIT);
	/* Another major or minor version is refused, and changes nothing. */
	CHECK_EQ(PAPI_library_init(0x06000000), PAPI_EINVAL);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT + 0x00010000),
		 PAPI_EINVAL);
	CHECK_EQ(PAPI_is_initialized(), PAPI_NOT_INITED);
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
}

static void check_inited(int row)
{
	const PAPI_component_info_t *ci;
	const PAPI_hw_info_t *hw;

	CHECK_EQ_AT(row, papi__lib_is_init(), 1);
	CHECK_AT(row, PAPI_is_initialized() & PAPI_LOW_LEVEL_INITED);
	CHECK_AT(row, PAPI_num_components() >= 1);
	ci = PAPI_get_component_info(0);
	CHECK_AT(row, ci != NULL);
	if (ci) {
		CHECK_AT(row, !strcmp(ci->name, "perf_event"));
		CHECK_EQ_AT(row, ci->disabled, 0);
		CHECK_EQ_AT(row, ci->initialized, 1);
		CHECK_EQ_AT(row, ci->CmpIdx, 0);
		CHECK_AT(row, !strcmp(ci->kernel_version, "6.1.0-fake"));
		CHECK_AT(row, ci->num_native_events > 0);
		CHECK_AT(row, ci->num_preset_events > 0);
	}
	hw = PAPI_get_hardware_info();
	CHECK_AT(row, hw != NULL);
	if (hw) {
		CHECK_EQ_AT(row, hw->ncpu, 8);
		CHECK_EQ_AT(row, hw->totalcpus, 8);
		CHECK_AT(row, !strcmp(hw->vendor_string, "GenuineIntel"));
		CHECK_EQ_AT(row, hw->mem_hierarchy.levels, 3);
	}
	CHECK_EQ_AT(row, PAPI_get_opt(PAPI_MAX_CPUS, NULL), 8);
	CHECK_EQ_AT(row, PAPI_get_opt(PAPI_CLOCKRATE, NULL), 3000);
	/* Init's probes leave nothing open. */
	CHECK_EQ_AT(row, fake_os_open_fds(), 0);
	CHECK_EQ_AT(row, fake_os_bad_fd_calls(), 0);
	CHECK_EQ_AT(row, PAPI_query_event(PAPI_TOT_CYC), PAPI_OK);
	CHECK_EQ_AT(row, count_once(TASK), PAPI_OK);
	CHECK_EQ_AT(row, count_once("cpu/cycles/"), PAPI_OK);
}

static void test_init_cycles(void)
{
	int round, es, es_id, c, c2;

	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	check_inited(__LINE__);
	/* A second init is harmless and answers the same. */
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	CHECK_EQ(papi__lib_init(), PAPI_OK);
	check_inited(__LINE__);
	CHECK_EQ(PAPI_event_name_to_code(TASK, &c), PAPI_OK);

	for (round = 0; round < 3; round++) {
		/* Shutdown with a set holding counters, one running. */
		es = PAPI_NULL;
		CHECK_EQ_IDX(round, PAPI_create_eventset(&es), PAPI_OK);
		CHECK_EQ_IDX(round, PAPI_add_named_event(es, TASK), PAPI_OK);
		CHECK_EQ_IDX(round, PAPI_add_named_event(es, "msr/tsc/"),
			    PAPI_OK);
		CHECK_EQ_IDX(round, PAPI_start(es), PAPI_OK);
		es_id = es;
		PAPI_shutdown();
		CHECK_EQ_IDX(round, PAPI_is_initialized(), PAPI_NOT_INITED);
		CHECK_EQ_IDX(round, fake_os_open_fds(), 0);
		CHECK_EQ_IDX(round, fake_os_bad_fd_calls(), 0);
		CHECK_EQ_IDX(round, PAPI_num_events(es_id), PAPI_ENOINIT);
		CHECK_EQ_IDX(round, PAPI_num_components(), 0);
		/* Twice is harmless. */
		PAPI_shutdown();

		CHECK_EQ_IDX(round, PAPI_library_init(PAPI_VER_CURRENT),
			    PAPI_VER_CURRENT);
		check_inited(__LINE__);
		/* The old set is gone with the old library. */
		CHECK_EQ_IDX(round, PAPI_num_events(es_id), PAPI_ENOEVST);
		/* Names resolve to the same codes again. */
		CHECK_EQ_IDX(round, PAPI_event_name_to_code(TASK, &c2), PAPI_OK);
		CHECK_EQ_IDX(round, c2, c);
	}

	/* Incomplete hardware information does not fail init. */
	PAPI_shutdown();
	fake_os_set_hwinfo_ret(-EIO);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	fake_os_set_hwinfo_ret(0);
	CHECK_EQ(count_once(TASK), PAPI_OK);
}

/* Timers read the OS layer's clocks; virtual cycles are CPU time at the
 * machine's nominal rate (3000 MHz on the fake machine). */
static void test_timers(void)
{
	long long a, b;

	fake_os_set_clocks(5000000000ll, 2000000ll, 7000000ll);
	CHECK_EQ(PAPI_get_real_nsec(), 5000000000ll);
	CHECK_EQ(PAPI_get_real_usec(), 5000000ll);
	CHECK_EQ(PAPI_get_virt_nsec(), 2000000ll);
	CHECK_EQ(PAPI_get_virt_usec(), 2000ll);
	CHECK_EQ(PAPI_get_virt_cyc(), 6000000ll);
	fake_os_set_clocks(-1, -1, -1);
	/* The real clocks again: monotonic. */
	a = PAPI_get_real_nsec();
	b = PAPI_get_real_nsec();
	CHECK(a > 0 && b >= a);
}

/* ---- threads ------------------------------------------------------------- */

struct worker {
	pthread_barrier_t *bar;
	struct papi__thread *ctx, *ctx_after;
	int tid;
	unsigned long id;
	void *specific;
	int ret_register, ret_count, ret_unreg, ret_unreg2;
	int marker;
};

static void *worker(void *p)
{
	struct worker *w = p;
	void *got = NULL;

	w->ret_register = PAPI_register_thread();
	w->ctx = papi__thread_self();
	w->tid = papi__os_gettid();
	w->id = PAPI_thread_id();
	PAPI_set_thr_specific(0, &w->marker);
	PAPI_get_thr_specific(0, &got);
	w->specific = got;
	/* Both workers count at once: one running set per thread, not per
	 * process. */
	pthread_barrier_wait(w->bar);
	w->ret_count = count_once(TASK);
	pthread_barrier_wait(w->bar); /* main inspects the contexts */
	pthread_barrier_wait(w->bar); /* main shuts down and inits again */
	/* The old context died with the old library: a new one comes. */
	w->ctx_after = papi__thread_self();
	w->ret_unreg = PAPI_unregister_thread();
	w->ret_unreg2 = PAPI_unregister_thread();
	return NULL;
}

static unsigned long fixed_id(void)
{
	return 4242;
}

static void test_threads(void)
{
	struct worker w[2];
	pthread_barrier_t bar;
	pthread_t t[2];
	unsigned long ids[8];
	PAPI_all_thr_spec_t all;
	unsigned long all_id[4];
	void *all_data[4], *mine = &bar;
	int i, n, found;

	CHECK_EQ(PAPI_register_thread(), PAPI_OK);
	pthread_barrier_init(&bar, NULL, 3);
	memset(w, 0, sizeof(w));
	for (i = 0; i < 2; i++) {
		w[i].bar = &bar;
		CHECK_EQ(pthread_create(&t[i], NULL, worker, &w[i]), 0);
	}
	pthread_barrier_wait(&bar);
	pthread_barrier_wait(&bar);
	for (i = 0; i < 2; i++) {
		CHECK_EQ_IDX(i, w[i].ret_register, PAPI_OK);
		CHECK_EQ_IDX(i, w[i].ret_count, PAPI_OK);
		CHECK_IDX(i, w[i].ctx != NULL);
		CHECK_IDX(i, w[i].ctx != papi__thread_self());
		CHECK_EQ_IDX(i, w[i].ctx->tid, w[i].tid);
		/* Without PAPI_thread_init, the id is the kernel's tid. */
		CHECK_EQ_IDX(i, w[i].id, (unsigned long)w[i].tid);
		CHECK_IDX(i, w[i].specific == &w[i].marker);
	}
	CHECK(w[0].ctx != w[1].ctx);
	CHECK(w[0].tid != w[1].tid);
	CHECK_EQ(papi__thread_self()->tid, papi__os_gettid());

	/* Thread-specific data is the thread's own. */
	{
		void *got = &bar;

		CHECK_EQ(PAPI_get_thr_specific(0, &got), PAPI_OK);
		CHECK(got == NULL);
		CHECK_EQ(PAPI_set_thr_specific(0, mine), PAPI_OK);
	}
	CHECK_EQ(PAPI_get_thr_specific(PAPI_NUM_TLS, &mine), PAPI_EINVAL);
	CHECK_EQ(PAPI_set_thr_specific(-1, mine), PAPI_EINVAL);
	all.num = 4;
	all.id = all_id;
	all.data = all_data;
	CHECK_EQ(PAPI_get_thr_specific(PAPI_TLS_ALL_THREADS | 0, (void **)&all),
		 PAPI_OK);
	CHECK_EQ(all.num, 3);

	/* Every thread that used PAPI is listed. */
	n = 8;
	CHECK_EQ(PAPI_list_threads(ids, &n), PAPI_OK);
	CHECK_EQ(n, 3);
	for (i = 0; i < 2; i++) {
		int k;

		found = 0;
		for (k = 0; k < n && k < 8; k++)
			found += ids[k] == (unsigned long)w[i].tid;
		CHECK_EQ_IDX(i, found, 1);
	}
	n = 0;
	CHECK_EQ(PAPI_list_threads(NULL, &n), PAPI_OK);
	CHECK_EQ(n, 3);

	/* Shut down and init again while the workers live. */
	PAPI_shutdown();
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	pthread_barrier_wait(&bar);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	pthread_barrier_destroy(&bar);
	for (i = 0; i < 2; i++) {
		CHECK_IDX(i, w[i].ctx_after != NULL);
		CHECK_EQ_IDX(i, w[i].ret_unreg, PAPI_OK);
		CHECK_EQ_IDX(i, w[i].ret_unreg2, PAPI_EINVAL);
	}
	/* Only this thread is left after the others unregistered. */
	n = 0;
	CHECK_EQ(PAPI_list_threads(NULL, &n), PAPI_OK);
	CHECK(n <= 1);

	/* A running set keeps its thread registered. */
	{
		int es = PAPI_NULL;

		CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
		CHECK_EQ(PAPI_add_named_event(es, TASK), PAPI_OK);
		CHECK_EQ(PAPI_start(es), PAPI_OK);
		CHECK_EQ(PAPI_unregister_thread(), PAPI_EISRUN);
		CHECK_EQ(PAPI_stop(es, NULL), PAPI_OK);
		CHECK_EQ(PAPI_cleanup_eventset(es), PAPI_OK);
		CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
		CHECK_EQ(PAPI_unregister_thread(), PAPI_OK);
	}

	/* PAPI_thread_init: ids come from the user's function. */
	/* NULL: PAPI_OK and nothing changes, as in PAPI 7.0. */
	CHECK_EQ(PAPI_thread_init(NULL), PAPI_OK);
	CHECK(!(PAPI_is_initialized() & PAPI_THREAD_LEVEL_INITED));
	CHECK_EQ(PAPI_thread_init(fixed_id), PAPI_OK);
	CHECK(PAPI_is_initialized() & PAPI_THREAD_LEVEL_INITED);
	CHECK_EQ(PAPI_thread_id(), 4242);
	CHECK_EQ(PAPI_register_thread(), PAPI_OK);
	n = 8;
	CHECK_EQ(PAPI_list_threads(ids, &n), PAPI_OK);
	CHECK(n >= 1 && ids[0] == 4242);
	/* Shutdown forgets the function. */
	PAPI_shutdown();
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	CHECK_EQ(PAPI_thread_id(), (unsigned long)papi__os_gettid());
}

/* ---- components ---------------------------------------------------------- */

static void disabled_checks(void)
{
	const PAPI_component_info_t *ci = PAPI_get_component_info(0);
	int es = PAPI_NULL, c = PAPI_NATIVE_MASK;

	CHECK(ci != NULL);
	if (!ci)
		return;
	CHECK_EQ(ci->disabled, PAPI_ECMP_DISABLED);
	CHECK_EQ(ci->initialized, 0);
	CHECK(ci->disabled_reason[0] != '\0');
	/* A disabled component is never asked anything. */
	CHECK_EQ(fake_os_calls(FAKE_OPEN, 0), 0);
	CHECK_EQ(PAPI_event_name_to_code(TASK, &c), PAPI_ENOEVNT);
	CHECK_EQ(PAPI_query_event(PAPI_TOT_CYC), PAPI_ENOEVNT);
	c = PAPI_NATIVE_MASK;
	/* PAPI 7.0: a disabled component has no events to walk (issue 22). */
	CHECK_EQ(PAPI_enum_cmp_event(&c, PAPI_ENUM_FIRST, 0), PAPI_ENOCMP);
	CHECK_EQ(PAPI_create_eventset(&es), PAPI_OK);
	CHECK_EQ(PAPI_assign_eventset_component(es, 0), PAPI_ECMP_DISABLED);
	CHECK_EQ(PAPI_add_event(es, PAPI_TOT_CYC), PAPI_ENOEVNT);
	CHECK_EQ(PAPI_destroy_eventset(&es), PAPI_OK);
	/* Too late now. */
	CHECK_EQ(PAPI_disable_component(0), PAPI_ENOINIT);
	CHECK_EQ(PAPI_disable_component_by_name("perf_event"), PAPI_ENOINIT);
}

static void disable_by_index(void)
{
	fake_os_reset();
	CHECK_EQ(PAPI_disable_component(-1), PAPI_ENOCMP);
	CHECK_EQ(PAPI_disable_component(PAPI__MAX_CMP), PAPI_ENOCMP);
	CHECK_EQ(PAPI_disable_component(0), PAPI_OK);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	disabled_checks();
	PAPI_shutdown();
}

static void disable_by_name(void)
{
	fake_os_reset();
	CHECK_EQ(PAPI_disable_component_by_name(NULL), PAPI_EINVAL);
	CHECK_EQ(PAPI_disable_component_by_name("no_such_component"),
		 PAPI_ENOCMP);
	CHECK_EQ(PAPI_disable_component_by_name("perf_event"), PAPI_OK);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	disabled_checks();
	PAPI_shutdown();
}

/* A kernel without a core PMU: the component stays enabled, says why
 * hardware events are missing, and software and msr events work. */
static void no_core_pmu(void)
{
	const char *klog = "Performance Events: unsupported p6 CPU model 85 "
			   "no PMU driver, software events only.";
	const PAPI_component_info_t *ci;
	PAPI_event_info_t info;

	fake_os_reset();
	fake_os_perf_open_errno(0 /* HARDWARE */, FAKE_ANY_CONFIG, -ENOENT);
	fake_os_perf_open_errno(3 /* HW_CACHE */, FAKE_ANY_CONFIG, -ENOENT);
	fake_os_set_kernel_log(klog, 0);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	ci = PAPI_get_component_info(0);
	CHECK(ci != NULL);
	if (!ci)
		return;
	CHECK_EQ(ci->disabled, 0);
	CHECK_EQ(ci->num_cntrs, 0);
	CHECK(strstr(ci->disabled_reason, "no hardware counters") != NULL);
	CHECK(strstr(ci->disabled_reason, klog) != NULL);
	CHECK(strstr(ci->disabled_reason, "perf_event_paranoid=2") != NULL);
	CHECK_EQ(PAPI_query_event(PAPI_TOT_CYC), PAPI_ENOEVNT);
	/* PAPI_REF_CYC falls back to the msr PMU's tsc. */
	CHECK_EQ(PAPI_query_event(PAPI_REF_CYC), PAPI_OK);
	CHECK_EQ(PAPI_get_event_info(PAPI_REF_CYC, &info), PAPI_OK);
	CHECK(!strcmp(info.name[0], "msr/tsc/"));
	CHECK(info.note[0] != '\0');
	CHECK_EQ(count_once(TASK), PAPI_OK);
	CHECK_EQ(count_once("msr/tsc/"), PAPI_OK);
	CHECK_EQ(fake_os_open_fds(), 0);
	PAPI_shutdown();
}

/* perf_event_open refused outright: the reason names the setting. */
static void denied(void)
{
	const PAPI_component_info_t *ci;

	fake_os_reset();
	fake_os_perf_open_errno(FAKE_ANY_TYPE, FAKE_ANY_CONFIG, -EACCES);
	fake_os_set_paranoid(3);
	fake_os_set_kernel_log(NULL, -EPERM);
	CHECK_EQ(PAPI_library_init(PAPI_VER_CURRENT), PAPI_VER_CURRENT);
	ci = PAPI_get_component_info(0);
	CHECK(ci != NULL);
	if (!ci)
		return;
	CHECK(strstr(ci->disabled_reason, "perf_event_paranoid=3") != NULL);
	CHECK(strstr(ci->disabled_reason, "denied") != NULL);
	CHECK_EQ(PAPI_query_event(PAPI_TOT_CYC), PAPI_ENOEVNT);
	CHECK_EQ(PAPI_query_event(PAPI_REF_CYC), PAPI_ENOEVNT);
	CHECK_EQ(count_once(TASK), PAPI_EPERM);
	CHECK_EQ(fake_os_open_fds(), 0);
	PAPI_shutdown();
}

int main(void)
{
	int ret = fake_os_std_sysfs();

	if (ret < 0)
		UNIT_SKIP("cannot build a fake sysfs tree: %s", strerror(-ret));
	test_before_init();
	/* Scenarios that must start from a library never initialized. */
	in_child(__LINE__, disable_by_index);
	in_child(__LINE__, disable_by_name);
	in_child(__LINE__, no_core_pmu);
	in_child(__LINE__, denied);

	test_init_cycles();
	test_timers();
	test_threads();
	PAPI_shutdown();
	CHECK_EQ(fake_os_open_fds(), 0);
	CHECK_EQ(fake_os_bad_fd_calls(), 0);
	return unit_exit();
}
