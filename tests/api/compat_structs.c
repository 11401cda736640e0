/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The public structures and unions pinned to PAPI 7.0 (see compat.h):
 * member types everywhere, sizes and offsets on LP64 targets, and the
 * bit-fields of PAPI_component_info_t when the program runs.
 */
#include <stdio.h>
#include <string.h>

#include "compat.h"

/* Member types of every public structure and union. */
ASSERT_MEMBER_TYPE(PAPI_all_thr_spec_t, num, int);
ASSERT_MEMBER_TYPE(PAPI_all_thr_spec_t, id, PAPI_thread_id_t *);
ASSERT_MEMBER_TYPE(PAPI_all_thr_spec_t, data, void * *);
ASSERT_MEMBER_TYPE(PAPI_sprofil_t, pr_base, void *);
ASSERT_MEMBER_TYPE(PAPI_sprofil_t, pr_size, unsigned int);
ASSERT_MEMBER_TYPE(PAPI_sprofil_t, pr_off, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_sprofil_t, pr_scale, unsigned int);
ASSERT_MEMBER_TYPE(PAPI_itimer_option_t, itimer_num, int);
ASSERT_MEMBER_TYPE(PAPI_itimer_option_t, itimer_sig, int);
ASSERT_MEMBER_TYPE(PAPI_itimer_option_t, ns, int);
ASSERT_MEMBER_TYPE(PAPI_itimer_option_t, flags, int);
ASSERT_MEMBER_TYPE(PAPI_inherit_option_t, eventset, int);
ASSERT_MEMBER_TYPE(PAPI_inherit_option_t, inherit, int);
ASSERT_MEMBER_TYPE(PAPI_domain_option_t, def_cidx, int);
ASSERT_MEMBER_TYPE(PAPI_domain_option_t, eventset, int);
ASSERT_MEMBER_TYPE(PAPI_domain_option_t, domain, int);
ASSERT_MEMBER_TYPE(PAPI_granularity_option_t, def_cidx, int);
ASSERT_MEMBER_TYPE(PAPI_granularity_option_t, eventset, int);
ASSERT_MEMBER_TYPE(PAPI_granularity_option_t, granularity, int);
ASSERT_MEMBER_TYPE(PAPI_preload_info_t, lib_preload_env, char *);
ASSERT_MEMBER_TYPE(PAPI_preload_info_t, lib_preload_sep, char);
ASSERT_MEMBER_TYPE(PAPI_preload_info_t, lib_dir_env, char *);
ASSERT_MEMBER_TYPE(PAPI_preload_info_t, lib_dir_sep, char);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, name, char *);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, short_name, char *);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, description, char *);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, version, char *);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, support_version, char *);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, kernel_version, char *);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, disabled_reason, char *);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, disabled, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, initialized, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, CmpIdx, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, num_cntrs, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, num_mpx_cntrs, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, num_preset_events, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, num_native_events, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, default_domain, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, available_domains, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, default_granularity, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, available_granularities, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, hardware_intr_sig, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, component_type, int);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, pmu_names, char **);
ASSERT_MEMBER_TYPE(PAPI_component_info_t, reserved, int *);
ASSERT_MEMBER_TYPE(PAPI_mpx_info_t, timer_sig, int);
ASSERT_MEMBER_TYPE(PAPI_mpx_info_t, timer_num, int);
ASSERT_MEMBER_TYPE(PAPI_mpx_info_t, timer_us, int);
ASSERT_MEMBER_TYPE(PAPI_debug_option_t, level, int);
ASSERT_MEMBER_TYPE(PAPI_debug_option_t, handler, PAPI_debug_handler_t);
ASSERT_MEMBER_TYPE(PAPI_address_map_t, name, char *);
ASSERT_MEMBER_TYPE(PAPI_address_map_t, text_start, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_address_map_t, text_end, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_address_map_t, data_start, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_address_map_t, data_end, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_address_map_t, bss_start, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_address_map_t, bss_end, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_exe_info_t, fullname, char *);
ASSERT_MEMBER_TYPE(PAPI_exe_info_t, address_info, PAPI_address_map_t);
ASSERT_MEMBER_TYPE(PAPI_shlib_info_t, map, PAPI_address_map_t *);
ASSERT_MEMBER_TYPE(PAPI_shlib_info_t, count, int);
ASSERT_MEMBER_TYPE(PAPI_mh_tlb_info_t, type, int);
ASSERT_MEMBER_TYPE(PAPI_mh_tlb_info_t, num_entries, int);
ASSERT_MEMBER_TYPE(PAPI_mh_tlb_info_t, page_size, int);
ASSERT_MEMBER_TYPE(PAPI_mh_tlb_info_t, associativity, int);
ASSERT_MEMBER_TYPE(PAPI_mh_cache_info_t, type, int);
ASSERT_MEMBER_TYPE(PAPI_mh_cache_info_t, size, int);
ASSERT_MEMBER_TYPE(PAPI_mh_cache_info_t, line_size, int);
ASSERT_MEMBER_TYPE(PAPI_mh_cache_info_t, num_lines, int);
ASSERT_MEMBER_TYPE(PAPI_mh_cache_info_t, associativity, int);
ASSERT_MEMBER_TYPE(PAPI_mh_level_t, tlb, PAPI_mh_tlb_info_t *);
ASSERT_MEMBER_TYPE(PAPI_mh_level_t, cache, PAPI_mh_cache_info_t *);
ASSERT_MEMBER_TYPE(PAPI_mh_info_t, levels, int);
ASSERT_MEMBER_TYPE(PAPI_mh_info_t, level, PAPI_mh_level_t *);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, ncpu, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, threads, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, cores, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, sockets, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, nnodes, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, totalcpus, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, vendor, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, vendor_string, char *);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, model, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, model_string, char *);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, revision, float);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, cpuid_family, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, cpuid_model, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, cpuid_stepping, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, cpu_max_mhz, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, cpu_min_mhz, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, mem_hierarchy, PAPI_mh_info_t);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, virtualized, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, virtual_vendor_string, char *);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, virtual_vendor_version, char *);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, mhz, float);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, clock_mhz, int);
ASSERT_MEMBER_TYPE(PAPI_hw_info_t, reserved, int *);
ASSERT_MEMBER_TYPE(PAPI_attach_option_t, eventset, int);
ASSERT_MEMBER_TYPE(PAPI_attach_option_t, tid, unsigned long);
ASSERT_MEMBER_TYPE(PAPI_cpu_option_t, eventset, int);
ASSERT_MEMBER_TYPE(PAPI_cpu_option_t, cpu_num, unsigned int);
ASSERT_MEMBER_TYPE(PAPI_multiplex_option_t, eventset, int);
ASSERT_MEMBER_TYPE(PAPI_multiplex_option_t, ns, int);
ASSERT_MEMBER_TYPE(PAPI_multiplex_option_t, flags, int);
ASSERT_MEMBER_TYPE(PAPI_addr_range_option_t, eventset, int);
ASSERT_MEMBER_TYPE(PAPI_addr_range_option_t, start, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_addr_range_option_t, end, vptr_t);
ASSERT_MEMBER_TYPE(PAPI_addr_range_option_t, start_off, int);
ASSERT_MEMBER_TYPE(PAPI_addr_range_option_t, end_off, int);
ASSERT_MEMBER_TYPE(PAPI_option_t, preload, PAPI_preload_info_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, debug, PAPI_debug_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, inherit, PAPI_inherit_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, granularity, PAPI_granularity_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, defgranularity, PAPI_granularity_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, domain, PAPI_domain_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, defdomain, PAPI_domain_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, attach, PAPI_attach_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, cpu, PAPI_cpu_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, multiplex, PAPI_multiplex_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, itimer, PAPI_itimer_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, hw_info, PAPI_hw_info_t *);
ASSERT_MEMBER_TYPE(PAPI_option_t, shlib_info, PAPI_shlib_info_t *);
ASSERT_MEMBER_TYPE(PAPI_option_t, exe_info, PAPI_exe_info_t *);
ASSERT_MEMBER_TYPE(PAPI_option_t, cmp_info, PAPI_component_info_t *);
ASSERT_MEMBER_TYPE(PAPI_option_t, addr, PAPI_addr_range_option_t);
ASSERT_MEMBER_TYPE(PAPI_option_t, events_file, PAPI_user_defined_events_file_t);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, peak, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, size, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, resident, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, high_water_mark, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, shared, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, text, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, library, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, heap, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, locked, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, stack, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, pagesize, long long);
ASSERT_MEMBER_TYPE(PAPI_dmem_info_t, pte, long long);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, event_code, unsigned int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, symbol, char *);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, short_descr, char *);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, long_descr, char *);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, component_index, int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, units, char *);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, location, int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, data_type, int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, value_type, int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, timescope, int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, update_type, int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, update_freq, int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, count, unsigned int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, event_type, unsigned int);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, derived, char *);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, postfix, char *);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, code, unsigned int *);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, name, char (*)[256]);
ASSERT_MEMBER_TYPE(PAPI_event_info_t, note, char *);

#if defined(__x86_64__) || defined(__aarch64__)
/* LP64 layouts: size and alignment of each type, then each member. */
ASSERT_SIZE(PAPI_all_thr_spec_t, 24, 8);
ASSERT_MEMBER(PAPI_all_thr_spec_t, num, 0, 4);
ASSERT_MEMBER(PAPI_all_thr_spec_t, id, 8, 8);
ASSERT_MEMBER(PAPI_all_thr_spec_t, data, 16, 8);

ASSERT_SIZE(PAPI_sprofil_t, 32, 8);
ASSERT_MEMBER(PAPI_sprofil_t, pr_base, 0, 8);
ASSERT_MEMBER(PAPI_sprofil_t, pr_size, 8, 4);
ASSERT_MEMBER(PAPI_sprofil_t, pr_off, 16, 8);
ASSERT_MEMBER(PAPI_sprofil_t, pr_scale, 24, 4);

ASSERT_SIZE(PAPI_itimer_option_t, 16, 4);
ASSERT_MEMBER(PAPI_itimer_option_t, itimer_num, 0, 4);
ASSERT_MEMBER(PAPI_itimer_option_t, itimer_sig, 4, 4);
ASSERT_MEMBER(PAPI_itimer_option_t, ns, 8, 4);
ASSERT_MEMBER(PAPI_itimer_option_t, flags, 12, 4);

ASSERT_SIZE(PAPI_inherit_option_t, 8, 4);
ASSERT_MEMBER(PAPI_inherit_option_t, eventset, 0, 4);
ASSERT_MEMBER(PAPI_inherit_option_t, inherit, 4, 4);

ASSERT_SIZE(PAPI_domain_option_t, 12, 4);
ASSERT_MEMBER(PAPI_domain_option_t, def_cidx, 0, 4);
ASSERT_MEMBER(PAPI_domain_option_t, eventset, 4, 4);
ASSERT_MEMBER(PAPI_domain_option_t, domain, 8, 4);

ASSERT_SIZE(PAPI_granularity_option_t, 12, 4);
ASSERT_MEMBER(PAPI_granularity_option_t, def_cidx, 0, 4);
ASSERT_MEMBER(PAPI_granularity_option_t, eventset, 4, 4);
ASSERT_MEMBER(PAPI_granularity_option_t, granularity, 8, 4);

ASSERT_SIZE(PAPI_preload_info_t, 258, 1);
ASSERT_MEMBER(PAPI_preload_info_t, lib_preload_env, 0, 128);
ASSERT_MEMBER(PAPI_preload_info_t, lib_preload_sep, 128, 1);
ASSERT_MEMBER(PAPI_preload_info_t, lib_dir_env, 129, 128);
ASSERT_MEMBER(PAPI_preload_info_t, lib_dir_sep, 257, 1);

ASSERT_SIZE(PAPI_component_info_t, 2272, 8);
ASSERT_MEMBER(PAPI_component_info_t, name, 0, 128);
ASSERT_MEMBER(PAPI_component_info_t, short_name, 128, 64);
ASSERT_MEMBER(PAPI_component_info_t, description, 192, 128);
ASSERT_MEMBER(PAPI_component_info_t, version, 320, 64);
ASSERT_MEMBER(PAPI_component_info_t, support_version, 384, 64);
ASSERT_MEMBER(PAPI_component_info_t, kernel_version, 448, 64);
ASSERT_MEMBER(PAPI_component_info_t, disabled_reason, 512, 1024);
ASSERT_MEMBER(PAPI_component_info_t, disabled, 1536, 4);
ASSERT_MEMBER(PAPI_component_info_t, initialized, 1540, 4);
ASSERT_MEMBER(PAPI_component_info_t, CmpIdx, 1544, 4);
ASSERT_MEMBER(PAPI_component_info_t, num_cntrs, 1548, 4);
ASSERT_MEMBER(PAPI_component_info_t, num_mpx_cntrs, 1552, 4);
ASSERT_MEMBER(PAPI_component_info_t, num_preset_events, 1556, 4);
ASSERT_MEMBER(PAPI_component_info_t, num_native_events, 1560, 4);
ASSERT_MEMBER(PAPI_component_info_t, default_domain, 1564, 4);
ASSERT_MEMBER(PAPI_component_info_t, available_domains, 1568, 4);
ASSERT_MEMBER(PAPI_component_info_t, default_granularity, 1572, 4);
ASSERT_MEMBER(PAPI_component_info_t, available_granularities, 1576, 4);
ASSERT_MEMBER(PAPI_component_info_t, hardware_intr_sig, 1580, 4);
ASSERT_MEMBER(PAPI_component_info_t, component_type, 1584, 4);
ASSERT_MEMBER(PAPI_component_info_t, pmu_names, 1592, 640);
ASSERT_MEMBER(PAPI_component_info_t, reserved, 2232, 32);

ASSERT_SIZE(PAPI_mpx_info_t, 12, 4);
ASSERT_MEMBER(PAPI_mpx_info_t, timer_sig, 0, 4);
ASSERT_MEMBER(PAPI_mpx_info_t, timer_num, 4, 4);
ASSERT_MEMBER(PAPI_mpx_info_t, timer_us, 8, 4);

ASSERT_SIZE(PAPI_debug_option_t, 16, 8);
ASSERT_MEMBER(PAPI_debug_option_t, level, 0, 4);
ASSERT_MEMBER(PAPI_debug_option_t, handler, 8, 8);

ASSERT_SIZE(PAPI_address_map_t, 1072, 8);
ASSERT_MEMBER(PAPI_address_map_t, name, 0, 1024);
ASSERT_MEMBER(PAPI_address_map_t, text_start, 1024, 8);
ASSERT_MEMBER(PAPI_address_map_t, text_end, 1032, 8);
ASSERT_MEMBER(PAPI_address_map_t, data_start, 1040, 8);
ASSERT_MEMBER(PAPI_address_map_t, data_end, 1048, 8);
ASSERT_MEMBER(PAPI_address_map_t, bss_start, 1056, 8);
ASSERT_MEMBER(PAPI_address_map_t, bss_end, 1064, 8);

ASSERT_SIZE(PAPI_exe_info_t, 2096, 8);
ASSERT_MEMBER(PAPI_exe_info_t, fullname, 0, 1024);
ASSERT_MEMBER(PAPI_exe_info_t, address_info, 1024, 1072);

ASSERT_SIZE(PAPI_shlib_info_t, 16, 8);
ASSERT_MEMBER(PAPI_shlib_info_t, map, 0, 8);
ASSERT_MEMBER(PAPI_shlib_info_t, count, 8, 4);

ASSERT_SIZE(PAPI_mh_tlb_info_t, 16, 4);
ASSERT_MEMBER(PAPI_mh_tlb_info_t, type, 0, 4);
ASSERT_MEMBER(PAPI_mh_tlb_info_t, num_entries, 4, 4);
ASSERT_MEMBER(PAPI_mh_tlb_info_t, page_size, 8, 4);
ASSERT_MEMBER(PAPI_mh_tlb_info_t, associativity, 12, 4);

ASSERT_SIZE(PAPI_mh_cache_info_t, 20, 4);
ASSERT_MEMBER(PAPI_mh_cache_info_t, type, 0, 4);
ASSERT_MEMBER(PAPI_mh_cache_info_t, size, 4, 4);
ASSERT_MEMBER(PAPI_mh_cache_info_t, line_size, 8, 4);
ASSERT_MEMBER(PAPI_mh_cache_info_t, num_lines, 12, 4);
ASSERT_MEMBER(PAPI_mh_cache_info_t, associativity, 16, 4);

ASSERT_SIZE(PAPI_mh_level_t, 216, 4);
ASSERT_MEMBER(PAPI_mh_level_t, tlb, 0, 96);
ASSERT_MEMBER(PAPI_mh_level_t, cache, 96, 120);

ASSERT_SIZE(PAPI_mh_info_t, 868, 4);
ASSERT_MEMBER(PAPI_mh_info_t, levels, 0, 4);
ASSERT_MEMBER(PAPI_mh_info_t, level, 4, 864);

ASSERT_SIZE(PAPI_hw_info_t, 1480, 4);
ASSERT_MEMBER(PAPI_hw_info_t, ncpu, 0, 4);
ASSERT_MEMBER(PAPI_hw_info_t, threads, 4, 4);
ASSERT_MEMBER(PAPI_hw_info_t, cores, 8, 4);
ASSERT_MEMBER(PAPI_hw_info_t, sockets, 12, 4);
ASSERT_MEMBER(PAPI_hw_info_t, nnodes, 16, 4);
ASSERT_MEMBER(PAPI_hw_info_t, totalcpus, 20, 4);
ASSERT_MEMBER(PAPI_hw_info_t, vendor, 24, 4);
ASSERT_MEMBER(PAPI_hw_info_t, vendor_string, 28, 128);
ASSERT_MEMBER(PAPI_hw_info_t, model, 156, 4);
ASSERT_MEMBER(PAPI_hw_info_t, model_string, 160, 128);
ASSERT_MEMBER(PAPI_hw_info_t, revision, 288, 4);
ASSERT_MEMBER(PAPI_hw_info_t, cpuid_family, 292, 4);
ASSERT_MEMBER(PAPI_hw_info_t, cpuid_model, 296, 4);
ASSERT_MEMBER(PAPI_hw_info_t, cpuid_stepping, 300, 4);
ASSERT_MEMBER(PAPI_hw_info_t, cpu_max_mhz, 304, 4);
ASSERT_MEMBER(PAPI_hw_info_t, cpu_min_mhz, 308, 4);
ASSERT_MEMBER(PAPI_hw_info_t, mem_hierarchy, 312, 868);
ASSERT_MEMBER(PAPI_hw_info_t, virtualized, 1180, 4);
ASSERT_MEMBER(PAPI_hw_info_t, virtual_vendor_string, 1184, 128);
ASSERT_MEMBER(PAPI_hw_info_t, virtual_vendor_version, 1312, 128);
ASSERT_MEMBER(PAPI_hw_info_t, mhz, 1440, 4);
ASSERT_MEMBER(PAPI_hw_info_t, clock_mhz, 1444, 4);
ASSERT_MEMBER(PAPI_hw_info_t, reserved, 1448, 32);

ASSERT_SIZE(PAPI_attach_option_t, 16, 8);
ASSERT_MEMBER(PAPI_attach_option_t, eventset, 0, 4);
ASSERT_MEMBER(PAPI_attach_option_t, tid, 8, 8);

ASSERT_SIZE(PAPI_cpu_option_t, 8, 4);
ASSERT_MEMBER(PAPI_cpu_option_t, eventset, 0, 4);
ASSERT_MEMBER(PAPI_cpu_option_t, cpu_num, 4, 4);

ASSERT_SIZE(PAPI_multiplex_option_t, 12, 4);
ASSERT_MEMBER(PAPI_multiplex_option_t, eventset, 0, 4);
ASSERT_MEMBER(PAPI_multiplex_option_t, ns, 4, 4);
ASSERT_MEMBER(PAPI_multiplex_option_t, flags, 8, 4);

ASSERT_SIZE(PAPI_addr_range_option_t, 32, 8);
ASSERT_MEMBER(PAPI_addr_range_option_t, eventset, 0, 4);
ASSERT_MEMBER(PAPI_addr_range_option_t, start, 8, 8);
ASSERT_MEMBER(PAPI_addr_range_option_t, end, 16, 8);
ASSERT_MEMBER(PAPI_addr_range_option_t, start_off, 24, 4);
ASSERT_MEMBER(PAPI_addr_range_option_t, end_off, 28, 4);

ASSERT_SIZE(PAPI_option_t, 264, 8);
ASSERT_MEMBER(PAPI_option_t, preload, 0, 258);
ASSERT_MEMBER(PAPI_option_t, debug, 0, 16);
ASSERT_MEMBER(PAPI_option_t, inherit, 0, 8);
ASSERT_MEMBER(PAPI_option_t, granularity, 0, 12);
ASSERT_MEMBER(PAPI_option_t, defgranularity, 0, 12);
ASSERT_MEMBER(PAPI_option_t, domain, 0, 12);
ASSERT_MEMBER(PAPI_option_t, defdomain, 0, 12);
ASSERT_MEMBER(PAPI_option_t, attach, 0, 16);
ASSERT_MEMBER(PAPI_option_t, cpu, 0, 8);
ASSERT_MEMBER(PAPI_option_t, multiplex, 0, 12);
ASSERT_MEMBER(PAPI_option_t, itimer, 0, 16);
ASSERT_MEMBER(PAPI_option_t, hw_info, 0, 8);
ASSERT_MEMBER(PAPI_option_t, shlib_info, 0, 8);
ASSERT_MEMBER(PAPI_option_t, exe_info, 0, 8);
ASSERT_MEMBER(PAPI_option_t, cmp_info, 0, 8);
ASSERT_MEMBER(PAPI_option_t, addr, 0, 32);
ASSERT_MEMBER(PAPI_option_t, events_file, 0, 8);

ASSERT_SIZE(PAPI_dmem_info_t, 96, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, peak, 0, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, size, 8, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, resident, 16, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, high_water_mark, 24, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, shared, 32, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, text, 40, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, library, 48, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, heap, 56, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, locked, 64, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, stack, 72, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, pagesize, 80, 8);
ASSERT_MEMBER(PAPI_dmem_info_t, pte, 88, 8);

ASSERT_SIZE(PAPI_event_info_t, 6680, 4);
ASSERT_MEMBER(PAPI_event_info_t, event_code, 0, 4);
ASSERT_MEMBER(PAPI_event_info_t, symbol, 4, 1024);
ASSERT_MEMBER(PAPI_event_info_t, short_descr, 1028, 64);
ASSERT_MEMBER(PAPI_event_info_t, long_descr, 1092, 1024);
ASSERT_MEMBER(PAPI_event_info_t, component_index, 2116, 4);
ASSERT_MEMBER(PAPI_event_info_t, units, 2120, 64);
ASSERT_MEMBER(PAPI_event_info_t, location, 2184, 4);
ASSERT_MEMBER(PAPI_event_info_t, data_type, 2188, 4);
ASSERT_MEMBER(PAPI_event_info_t, value_type, 2192, 4);
ASSERT_MEMBER(PAPI_event_info_t, timescope, 2196, 4);
ASSERT_MEMBER(PAPI_event_info_t, update_type, 2200, 4);
ASSERT_MEMBER(PAPI_event_info_t, update_freq, 2204, 4);
ASSERT_MEMBER(PAPI_event_info_t, count, 2208, 4);
ASSERT_MEMBER(PAPI_event_info_t, event_type, 2212, 4);
ASSERT_MEMBER(PAPI_event_info_t, derived, 2216, 64);
ASSERT_MEMBER(PAPI_event_info_t, postfix, 2280, 256);
ASSERT_MEMBER(PAPI_event_info_t, code, 2536, 48);
ASSERT_MEMBER(PAPI_event_info_t, name, 2584, 3072);
ASSERT_MEMBER(PAPI_event_info_t, note, 5656, 1024);

ASSERT_SIZE(PAPI_dev_type_id_e, 4, 4);
ASSERT_SIZE(PAPI_dev_type_attr_e, 4, 4);
ASSERT_SIZE(PAPI_dev_attr_e, 4, 4);
#endif

/*
 * Checks the bit-fields of PAPI_component_info_t: each flag must occupy
 * its own bit of the 32-bit word that follows the reserved array, in
 * declaration order starting from the least significant bit.
 */
static int check_component_bits(void)
{
#if (defined(__x86_64__) || defined(__aarch64__)) && \
	defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const size_t word_at = offsetof(PAPI_component_info_t, reserved) +
			       sizeof(((PAPI_component_info_t *)0)->reserved);
	int failures = 0;
	PAPI_component_info_t info;
	unsigned int word;

	_Static_assert(sizeof(unsigned int) == 4, "unsigned int must be 32 bits");
#define CHECK_BITS(field, value, expect) \
	do { \
		memset(&info, 0, sizeof(info)); \
		info.field = (value); \
		memcpy(&word, (const char *)&info + word_at, sizeof(word)); \
		if (word != (expect)) { \
			fprintf(stderr, "bit-field %s: got %#x, want %#x\n", \
				#field, word, (unsigned int)(expect)); \
			failures++; \
		} \
	} while (0)

	CHECK_BITS(hardware_intr, 1u, 0x1u);
	CHECK_BITS(precise_intr, 1u, 0x2u);
	CHECK_BITS(posix1b_timers, 1u, 0x4u);
	CHECK_BITS(kernel_profile, 1u, 0x8u);
	CHECK_BITS(kernel_multiplex, 1u, 0x10u);
	CHECK_BITS(fast_counter_read, 1u, 0x20u);
	CHECK_BITS(fast_real_timer, 1u, 0x40u);
	CHECK_BITS(fast_virtual_timer, 1u, 0x80u);
	CHECK_BITS(attach, 1u, 0x100u);
	CHECK_BITS(attach_must_ptrace, 1u, 0x200u);
	CHECK_BITS(cntr_umasks, 1u, 0x400u);
	CHECK_BITS(cpu, 1u, 0x800u);
	CHECK_BITS(inherit, 1u, 0x1000u);
	CHECK_BITS(reserved_bits, 0x7ffffu, 0xffffe000u);
#undef CHECK_BITS
	return failures;
#else
	return 0;
#endif
}

int main(void)
{
	return check_component_bits() == 0 ? 0 : 1;
}
