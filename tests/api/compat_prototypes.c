/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The scalar typedefs and every function prototype of papi.h, pinned to
 * PAPI 7.0's (see compat.h).
 */
#include "compat.h"

/* Scalar typedefs and the legacy long_long spellings. */
ASSERT_TYPE((long_long)0, long long);
ASSERT_TYPE((u_long_long)0, unsigned long long);
ASSERT_TYPE((PAPI_thread_id_t)0, unsigned long);
ASSERT_TYPE((vptr_t)0, void *);
ASSERT_TYPE((PAPI_user_defined_events_file_t)0, char *);
ASSERT_TYPE((PAPI_overflow_handler_t)0,
	void (*)(int, void *, long long, void *));
ASSERT_TYPE((PAPI_debug_handler_t)0, int (*)(int));

/* Function prototypes, PAPI 7.0 and the PAPI 5 classic calls alike. */
ASSERT_FUNC(PAPI_strerror, char * (*)(int));
ASSERT_FUNC(PAPI_get_component_info, const PAPI_component_info_t * (*)(int));
ASSERT_FUNC(PAPI_get_executable_info, const PAPI_exe_info_t * (*)(void));
ASSERT_FUNC(PAPI_get_hardware_info, const PAPI_hw_info_t * (*)(void));
ASSERT_FUNC(PAPI_get_shared_lib_info, const PAPI_shlib_info_t * (*)(void));
ASSERT_FUNC(PAPI_accum, int (*)(int, long long *));
ASSERT_FUNC(PAPI_accum_counters, int (*)(long long *, int));
ASSERT_FUNC(PAPI_add_event, int (*)(int, int));
ASSERT_FUNC(PAPI_add_events, int (*)(int, int *, int));
ASSERT_FUNC(PAPI_add_named_event, int (*)(int, const char *));
ASSERT_FUNC(PAPI_assign_eventset_component, int (*)(int, int));
ASSERT_FUNC(PAPI_attach, int (*)(int, unsigned long));
ASSERT_FUNC(PAPI_cleanup_eventset, int (*)(int));
ASSERT_FUNC(PAPI_create_eventset, int (*)(int *));
ASSERT_FUNC(PAPI_destroy_eventset, int (*)(int *));
ASSERT_FUNC(PAPI_detach, int (*)(int));
ASSERT_FUNC(PAPI_disable_component, int (*)(int));
ASSERT_FUNC(PAPI_disable_component_by_name, int (*)(const char *));
ASSERT_FUNC(PAPI_enum_cmp_event, int (*)(int *, int, int));
ASSERT_FUNC(PAPI_enum_dev_type, int (*)(int, void **));
ASSERT_FUNC(PAPI_enum_event, int (*)(int *, int));
ASSERT_FUNC(PAPI_epc,
	int (*)(int, float *, float *, long long *, long long *, long long *, float *));
ASSERT_FUNC(PAPI_event_code_to_name, int (*)(int, char *));
ASSERT_FUNC(PAPI_event_name_to_code, int (*)(const char *, int *));
ASSERT_FUNC(PAPI_flips, int (*)(float *, float *, long long *, float *));
ASSERT_FUNC(PAPI_flips_rate,
	int (*)(int, float *, float *, long long *, float *));
ASSERT_FUNC(PAPI_flops, int (*)(float *, float *, long long *, float *));
ASSERT_FUNC(PAPI_flops_rate,
	int (*)(int, float *, float *, long long *, float *));
ASSERT_FUNC(PAPI_get_cmp_opt, int (*)(int, PAPI_option_t *, int));
ASSERT_FUNC(PAPI_get_component_index, int (*)(const char *));
ASSERT_FUNC(PAPI_get_dev_attr, int (*)(void *, int, PAPI_dev_attr_e, void *));
ASSERT_FUNC(PAPI_get_dev_type_attr,
	int (*)(void *, PAPI_dev_type_attr_e, void *));
ASSERT_FUNC(PAPI_get_dmem_info, int (*)(PAPI_dmem_info_t *));
ASSERT_FUNC(PAPI_get_event_component, int (*)(int));
ASSERT_FUNC(PAPI_get_event_info, int (*)(int, PAPI_event_info_t *));
ASSERT_FUNC(PAPI_get_eventset_component, int (*)(int));
ASSERT_FUNC(PAPI_get_multiplex, int (*)(int));
ASSERT_FUNC(PAPI_get_opt, int (*)(int, PAPI_option_t *));
ASSERT_FUNC(PAPI_get_overflow_event_index,
	int (*)(int, long long, int *, int *));
ASSERT_FUNC(PAPI_get_thr_specific, int (*)(int, void **));
ASSERT_FUNC(PAPI_hl_read, int (*)(const char *));
ASSERT_FUNC(PAPI_hl_region_begin, int (*)(const char *));
ASSERT_FUNC(PAPI_hl_region_end, int (*)(const char *));
ASSERT_FUNC(PAPI_hl_stop, int (*)(void));
ASSERT_FUNC(PAPI_ipc, int (*)(float *, float *, long long *, float *));
ASSERT_FUNC(PAPI_is_initialized, int (*)(void));
ASSERT_FUNC(PAPI_library_init, int (*)(int));
ASSERT_FUNC(PAPI_list_events, int (*)(int, int *, int *));
ASSERT_FUNC(PAPI_list_threads, int (*)(unsigned long *, int *));
ASSERT_FUNC(PAPI_lock, int (*)(int));
ASSERT_FUNC(PAPI_multiplex_init, int (*)(void));
ASSERT_FUNC(PAPI_num_cmp_hwctrs, int (*)(int));
ASSERT_FUNC(PAPI_num_components, int (*)(void));
ASSERT_FUNC(PAPI_num_counters, int (*)(void));
ASSERT_FUNC(PAPI_num_events, int (*)(int));
ASSERT_FUNC(PAPI_num_hwctrs, int (*)(void));
ASSERT_FUNC(PAPI_overflow,
	int (*)(int, int, int, int, PAPI_overflow_handler_t));
ASSERT_FUNC(PAPI_profil,
	int (*)(void *, unsigned int, vptr_t, unsigned int, int, int, int, int));
ASSERT_FUNC(PAPI_query_event, int (*)(int));
ASSERT_FUNC(PAPI_query_named_event, int (*)(const char *));
ASSERT_FUNC(PAPI_rate_stop, int (*)(void));
ASSERT_FUNC(PAPI_read, int (*)(int, long long *));
ASSERT_FUNC(PAPI_read_counters, int (*)(long long *, int));
ASSERT_FUNC(PAPI_read_ts, int (*)(int, long long *, long long *));
ASSERT_FUNC(PAPI_register_thread, int (*)(void));
ASSERT_FUNC(PAPI_remove_event, int (*)(int, int));
ASSERT_FUNC(PAPI_remove_events, int (*)(int, int *, int));
ASSERT_FUNC(PAPI_remove_named_event, int (*)(int, const char *));
ASSERT_FUNC(PAPI_reset, int (*)(int));
ASSERT_FUNC(PAPI_set_cmp_domain, int (*)(int, int));
ASSERT_FUNC(PAPI_set_cmp_granularity, int (*)(int, int));
ASSERT_FUNC(PAPI_set_debug, int (*)(int));
ASSERT_FUNC(PAPI_set_domain, int (*)(int));
ASSERT_FUNC(PAPI_set_granularity, int (*)(int));
ASSERT_FUNC(PAPI_set_multiplex, int (*)(int));
ASSERT_FUNC(PAPI_set_opt, int (*)(int, PAPI_option_t *));
ASSERT_FUNC(PAPI_set_thr_specific, int (*)(int, void *));
ASSERT_FUNC(PAPI_sprofil, int (*)(PAPI_sprofil_t *, int, int, int, int, int));
ASSERT_FUNC(PAPI_start, int (*)(int));
ASSERT_FUNC(PAPI_start_counters, int (*)(int *, int));
ASSERT_FUNC(PAPI_state, int (*)(int, int *));
ASSERT_FUNC(PAPI_stop, int (*)(int, long long *));
ASSERT_FUNC(PAPI_stop_counters, int (*)(long long *, int));
ASSERT_FUNC(PAPI_thread_init, int (*)(unsigned long (*)(void)));
ASSERT_FUNC(PAPI_unlock, int (*)(int));
ASSERT_FUNC(PAPI_unregister_thread, int (*)(void));
ASSERT_FUNC(PAPI_write, int (*)(int, long long *));
ASSERT_FUNC(PAPI_get_real_cyc, long long (*)(void));
ASSERT_FUNC(PAPI_get_real_nsec, long long (*)(void));
ASSERT_FUNC(PAPI_get_real_usec, long long (*)(void));
ASSERT_FUNC(PAPI_get_virt_cyc, long long (*)(void));
ASSERT_FUNC(PAPI_get_virt_nsec, long long (*)(void));
ASSERT_FUNC(PAPI_get_virt_usec, long long (*)(void));
ASSERT_FUNC(PAPI_thread_id, unsigned long (*)(void));
ASSERT_FUNC(PAPI_perror, void (*)(const char *));
ASSERT_FUNC(PAPI_shutdown, void (*)(void));

int main(void)
{
	return 0;
}
