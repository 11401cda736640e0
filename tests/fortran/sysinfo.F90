! SPDX-License-Identifier: BSD-3-Clause
!
! Information and options from Fortran: PAPIF_get_hardware_info,
! get_exe_info, get_dmem_info, get_preload, num_hwctrs, num_cmp_hwctrs,
! is_initialized, the domain and granularity calls (defaults and per
! EventSet), set_inherit, set_debug, the device calls (enum_dev_type,
! get_dev_type_attr, get_dev_attr on the CPU), lock and unlock.
!
#include "fpapi.h"
program sysinfo
  use ftest
  implicit none
  integer :: check, ncpu, nnodes, totalcpus, vendor, model, level, n, es
  integer :: dom, grn, h, val, ntypes, threads
  real :: revision, mhz
  character(len=PAPI_MAX_STR_LEN) :: vendor_str, model_str, str
  character(len=PAPI_HUGE_STR_LEN) :: fullname
  character(len=PAPI_MAX_STR_LEN) :: exename
  integer(8) :: ts, te, ds, de, bs, be
  integer(8) :: dmem(PAPIF_DMEM_MAXVAL)

  call PAPIF_is_initialized(level)
  call expect_eq('is_initialized before init', level, PAPI_NOT_INITED)
  call init_papi()
  call PAPIF_is_initialized(level)
  call expect('is_initialized: low level', &
              iand(level, PAPI_LOW_LEVEL_INITED) /= 0)

  ! ---- hardware -------------------------------------------------------------
  vendor_str = repeat('#', len(vendor_str))
  model_str = repeat('#', len(model_str))
  call PAPIF_get_hardware_info(ncpu, nnodes, totalcpus, vendor, vendor_str, &
                               model, model_str, revision, mhz)
  write (*, '(A,I0,A,I0,A,I0,4A,F8.1)') '  ncpu ', ncpu, ', nodes ', nnodes, &
    ', total ', totalcpus, ', ', trim(vendor_str), ' / ', trim(model_str), mhz
  call expect_ge('ncpu', ncpu, 1)
  call expect_ge('totalcpus', totalcpus, ncpu)
  call expect_ge('nnodes', nnodes, 1)
  call expect('vendor string given, blank-padded', len_trim(vendor_str) > 0 &
              .and. vendor_str(len(vendor_str):) == ' ' &
              .and. index(vendor_str, '#') == 0)
  call expect('model string blank-padded', index(model_str, '#') == 0)
  call expect('mhz >= 0', mhz >= 0.0)

  ! ---- the executable ----------------------------------------------------
  call PAPIF_get_exe_info(fullname, exename, ts, te, ds, de, bs, be, check)
  call expect_ok('get_exe_info', check)
  write (*, '(4A)') '  ', trim(fullname), ' / ', trim(exename)
  call expect('full name ends with the name', len_trim(exename) > 0 .and. &
              index(fullname, trim(exename), back=.true.) == &
              len_trim(fullname) - len_trim(exename) + 1)
  call expect('name is fortran_sysinfo', exename == 'fortran_sysinfo')
  call expect('text range', ts > 0 .and. te > ts)

  ! ---- memory ------------------------------------------------------------
  dmem = -1
  call PAPIF_get_dmem_info(dmem, check)
  call expect_ok('get_dmem_info', check)
  call expect_i8_gt('VMSIZE', dmem(PAPIF_DMEM_VMSIZE), 0_8)
  call expect_i8_gt('RESIDENT', dmem(PAPIF_DMEM_RESIDENT), 0_8)
  call expect_i8_gt('PAGESIZE', dmem(PAPIF_DMEM_PAGESIZE), 0_8)
  call expect('HIGH_WATER >= RESIDENT', &
              dmem(PAPIF_DMEM_HIGH_WATER) >= dmem(PAPIF_DMEM_RESIDENT))

  str = '#'
  call PAPIF_get_preload(str, check)
  call expect_ok('get_preload', check)
  call expect('preload variable is LD_PRELOAD', str == 'LD_PRELOAD')

  ! ---- counters ------------------------------------------------------------
  call PAPIF_num_hwctrs(n)
  call expect_ge('num_hwctrs', n, 0)
  call PAPIF_num_cmp_hwctrs(0, n)
  call expect_ge('num_cmp_hwctrs(0)', n, 0)
  call PAPIF_num_cmp_hwctrs(9999, n)
  call expect('num_cmp_hwctrs(9999) is not a count', n <= 0)

  ! ---- domains and granularity ----------------------------------------------
  call PAPIF_set_domain(PAPI_DOM_USER, check)
  call expect_ok('set_domain(PAPI_DOM_USER)', check)
  call PAPIF_set_cmp_domain(PAPI_DOM_USER, 0, check)
  call expect_ok('set_cmp_domain(PAPI_DOM_USER, 0)', check)
  es = PAPI_NULL
  dom = -1
  call PAPIF_get_domain(es, dom, PAPI_DEFDOM, check)
  call expect_ok('get_domain(PAPI_DEFDOM)', check)
  call expect_eq('default domain', dom, PAPI_DOM_USER)
  call PAPIF_set_granularity(PAPI_GRN_THR, check)
  call expect_ok('set_granularity(PAPI_GRN_THR)', check)
  call PAPIF_set_cmp_granularity(PAPI_GRN_THR, 0, check)
  call expect_ok('set_cmp_granularity(PAPI_GRN_THR, 0)', check)
  grn = -1
  call PAPIF_get_granularity(es, grn, PAPI_DEFGRN, check)
  call expect_ok('get_granularity(PAPI_DEFGRN)', check)
  call expect_eq('default granularity', grn, PAPI_GRN_THR)

  call PAPIF_create_eventset(es, check)
  call PAPIF_assign_eventset_component(es, 0, check)
  call expect_ok('assign_eventset_component', check)
  call PAPIF_set_event_domain(es, PAPI_DOM_USER, check)
  call expect_ok('set_event_domain(es, PAPI_DOM_USER)', check)
  dom = -1
  call PAPIF_get_domain(es, dom, PAPI_DOMAIN, check)
  call expect_ok('get_domain(es, PAPI_DOMAIN)', check)
  call expect_eq('the set''s domain', dom, PAPI_DOM_USER)
  grn = -1
  call PAPIF_get_granularity(es, grn, PAPI_GRANUL, check)
  call expect_ok('get_granularity(es, PAPI_GRANUL)', check)
  call expect_eq('the set''s granularity', grn, PAPI_GRN_THR)
  call PAPIF_get_domain(es, dom, 12345, check)
  call expect_eq('get_domain with a bad mode', check, PAPI_EINVAL)
  call PAPIF_get_granularity(es, grn, 12345, check)
  call expect_eq('get_granularity with a bad mode', check, PAPI_EINVAL)
  call PAPIF_destroy_eventset(es, check)

  ! Per-set since PAPI 4, and this call names no set.
  call PAPIF_set_inherit(1, check)
  call expect_eq('set_inherit (no event set)', check, PAPI_ENOEVST)

  call PAPIF_set_debug(PAPI_VERB_ECONT, check)
  call expect_ok('set_debug(PAPI_VERB_ECONT)', check)
  call PAPIF_set_debug(PAPI_QUIET, check)
  call expect_ok('set_debug(PAPI_QUIET)', check)

  ! ---- devices -----------------------------------------------------------------
  ntypes = 0
  do
    call PAPIF_enum_dev_type(PAPI_DEV_TYPE_ENUM__ALL, h, check)
    if (check /= PAPI_OK) exit
    ntypes = ntypes + 1
    if (ntypes > 10) exit
    str = '#'
    call PAPIF_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__CHAR_NAME, val, str, check)
    call expect_ok('get_dev_type_attr(CHAR_NAME)', check)
    call PAPIF_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__INT_COUNT, n, str, check)
    call expect_ok('get_dev_type_attr(INT_COUNT)', check)
    write (*, '(A,I0,3A,I0,A)') '  device type ', h, ': ', trim(str), ', ', n, &
      ' device(s)'
  end do
  call expect_eq('enumeration ends with PAPI_EINVAL', check, PAPI_EINVAL)
  call expect_ge('device types', ntypes, 1)

  call PAPIF_enum_dev_type(PAPI_DEV_TYPE_ENUM__CPU, h, check)
  call expect_ok('enum_dev_type(CPU)', check)
  if (check == PAPI_OK) then
    call PAPIF_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__INT_PAPI_ID, val, str, check)
    call expect_ok('get_dev_type_attr(INT_PAPI_ID)', check)
    call expect_eq('type id', val, PAPI_DEV_TYPE_ID__CPU)
    call PAPIF_get_dev_type_attr(h, PAPI_DEV_TYPE_ATTR__INT_COUNT, n, str, check)
    call expect_ge('CPU devices', n, 1)
    str = '#'
    call PAPIF_get_dev_attr(h, 0, PAPI_DEV_ATTR__CPU_CHAR_NAME, val, str, check)
    call expect_ok('get_dev_attr(0, CPU_CHAR_NAME)', check)
    call expect('CPU name given, blank-padded', len_trim(str) > 0 .and. &
                str(len(str):) == ' ')
    write (*, '(2A)') '  CPU 0: ', trim(str)
    threads = -1
    call PAPIF_get_dev_attr(h, 0, PAPI_DEV_ATTR__CPU_UINT_THREAD_COUNT, &
                            threads, str, check)
    call expect_ok('get_dev_attr(0, CPU_UINT_THREAD_COUNT)', check)
    call expect_ge('threads', threads, 1)
  end if
  ! Drain the walk, then a handle never handed out.
  do while (check == PAPI_OK)
    call PAPIF_enum_dev_type(PAPI_DEV_TYPE_ENUM__CPU, h, check)
  end do
  call PAPIF_get_dev_type_attr(99, PAPI_DEV_TYPE_ATTR__INT_COUNT, n, str, check)
  call expect_eq('get_dev_type_attr(handle 99)', check, PAPI_EINVAL)

  ! ---- locks -----------------------------------------------------------------
  call PAPIF_lock(PAPI_USR1_LOCK, check)
  call expect_ok('lock(PAPI_USR1_LOCK)', check)
  call PAPIF_unlock(PAPI_USR1_LOCK, check)
  call expect_ok('unlock(PAPI_USR1_LOCK)', check)

  call PAPIF_shutdown()
  call PAPIF_is_initialized(level)
  call expect_eq('is_initialized after shutdown', level, PAPI_NOT_INITED)
  call finish()
end program sysinfo
