! SPDX-License-Identifier: BSD-3-Clause
!
! PAPI 5's classic high-level calls from Fortran (kept by this library, not
! in PAPI 7.0's export list): PAPIF_num_counters, start_counters,
! read_counters (read and reset), accum_counters, stop_counters, on
! software events; PAPIF_flips and PAPIF_flops fail cleanly where their
! events are missing.
!
#include "fpapi.h"
program classic
  use ftest
  implicit none
  integer :: check, n, events(2)
  integer(8) :: v(2), acc(2)
  real :: rtime, ptime, rate
  integer(8) :: count

  call init_papi()
  events(1) = event_code('perf::TASK-CLOCK')
  events(2) = event_code('perf::PAGE-FAULTS')

  call PAPIF_num_counters(n)
  call expect_ge('num_counters', n, 0)

  call PAPIF_start_counters(events, 2, check)
  call expect_ok('start_counters(2 software events)', check)
  call PAPIF_start_counters(events, 2, check)
  call expect('start_counters while counting fails', check /= PAPI_OK)
  call burn(10000000)
  v = -1
  call PAPIF_read_counters(v, 2, check)
  call expect_ok('read_counters', check)
  call expect_i8_gt('task-clock', v(1), 0_8)
  acc = 0
  call burn(10000000)
  call PAPIF_accum_counters(acc, 2, check)
  call expect_ok('accum_counters', check)
  call expect_i8_gt('accumulated task-clock', acc(1), 0_8)
  call PAPIF_stop_counters(v, 2, check)
  call expect_ok('stop_counters', check)
  call PAPIF_stop_counters(v, 2, check)
  call expect('stop_counters when stopped fails', check /= PAPI_OK)

  ! PAPI 5's flips/flops: their preset must exist.
  call PAPIF_query_event(PAPI_FP_INS, check)
  if (check /= PAPI_OK) then
    call PAPIF_flips(rtime, ptime, count, rate, check)
    call expect('flips without PAPI_FP_INS fails', check < 0)
  end if
  call PAPIF_query_event(PAPI_FP_OPS, check)
  if (check /= PAPI_OK) then
    call PAPIF_flops(rtime, ptime, count, rate, check)
    call expect('flops without PAPI_FP_OPS fails', check < 0)
  end if

  call PAPIF_shutdown()
  call finish()
end program classic
