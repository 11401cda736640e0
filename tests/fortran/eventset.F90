! SPDX-License-Identifier: BSD-3-Clause
!
! An EventSet's life from Fortran, on software events (they exist without
! a PMU): create, add (by code, by name, an array), list, state, start,
! read, read_ts, accum, reset, write, stop, remove (by code, by name, an
! array), cleanup, destroy; and the error codes of the calls out of order.
!
#include "fpapi.h"
program eventset
  use ftest
  implicit none
  integer :: es, check, n, status, clk, pf, codes(4), list(8)
  integer(8) :: v(2), acc(2), cyc, before

  call init_papi()
  clk = event_code('perf::TASK-CLOCK')
  pf = event_code('perf::PAGE-FAULTS')

  ! ---- create --------------------------------------------------------------
  es = PAPI_NULL
  call PAPIF_create_eventset(es, check)
  call expect_ok('create_eventset', check)
  call expect('the handle is not PAPI_NULL', es /= PAPI_NULL)
  call PAPIF_state(es, status, check)
  call expect_ok('state', check)
  call expect_eq('state of a new set', status, PAPI_STOPPED)
  call PAPIF_num_events(es, n)
  call expect_eq('num_events of a new set', n, 0)

  ! ---- add -----------------------------------------------------------------
  call PAPIF_add_named_event(es, 'perf::TASK-CLOCK', check)
  call expect_ok('add_named_event(perf::TASK-CLOCK)', check)
  call PAPIF_add_event(es, pf, check)
  call expect_ok('add_event(perf::PAGE-FAULTS code)', check)
  call PAPIF_add_event(es, pf, check)
  call expect('adding it twice fails', check /= PAPI_OK)
  call PAPIF_num_events(es, n)
  call expect_eq('num_events', n, 2)
  list = 0
  n = size(list)
  call PAPIF_list_events(es, list, n, check)
  call expect_ok('list_events', check)
  call expect_eq('list_events count', n, 2)
  call expect('list_events codes in order', list(1) == clk .and. list(2) == pf)

  ! ---- count ---------------------------------------------------------------
  call PAPIF_start(es, check)
  call expect_ok('start', check)
  call PAPIF_state(es, status, check)
  call expect('state running', iand(status, PAPI_RUNNING) /= 0)
  call PAPIF_start(es, check)
  call expect_eq('start while running', check, PAPI_EISRUN)
  call burn(20000000)
  v = -1
  call PAPIF_read(es, v, check)
  call expect_ok('read', check)
  call expect_i8_gt('task-clock ns after 2e7 additions', v(1), 1000_8)
  call expect('page faults >= 0', v(2) >= 0)
  before = v(1)
  call burn(1000000)
  cyc = 0
  call PAPIF_read_ts(es, v, cyc, check)
  call expect_ok('read_ts', check)
  call expect_i8_gt('read_ts timestamp', cyc, 0_8)
  call expect_i8_gt('counts go on', v(1), before)
  acc = 0
  call PAPIF_accum(es, acc, check)
  call expect_ok('accum', check)
  call expect_i8_gt('accum adds the count', acc(1), before)
  call burn(1000)
  call PAPIF_read(es, v, check)
  call expect('accum reset the counters', v(1) < acc(1))
  call PAPIF_reset(es, check)
  call expect_ok('reset', check)
  v = 0
  call PAPIF_write(es, v, check)
  call expect('write: PAPI_OK or not supported', check == PAPI_OK .or. &
              check == PAPI_ENOSUPP .or. check == PAPI_ECMP .or. &
              check == PAPI_ENOIMPL)
  call burn(5000000)
  v = -1
  call PAPIF_stop(es, v, check)
  call expect_ok('stop', check)
  call expect_i8_gt('stop returns the counts', v(1), 0_8)
  call PAPIF_stop(es, v, check)
  call expect_eq('stop when stopped', check, PAPI_ENOTRUN)
  call PAPIF_state(es, status, check)
  call expect_eq('state stopped', status, PAPI_STOPPED)

  ! ---- remove, add again as an array -----------------------------------------
  call PAPIF_remove_event(es, pf, check)
  call expect_ok('remove_event(code)', check)
  call PAPIF_remove_named_event(es, 'perf::TASK-CLOCK     ', check)
  call expect_ok('remove_named_event', check)
  call PAPIF_num_events(es, n)
  call expect_eq('num_events after removing both', n, 0)
  codes(1) = clk
  codes(2) = pf
  n = 2
  call PAPIF_add_events(es, codes, n, check)
  call expect_ok('add_events(2 codes)', check)
  call PAPIF_num_events(es, n)
  call expect_eq('num_events', n, 2)
  n = 2
  call PAPIF_remove_events(es, codes, n, check)
  call expect_ok('remove_events(2 codes)', check)

  ! ---- cleanup and destroy ---------------------------------------------------
  call PAPIF_add_event(es, clk, check)
  call PAPIF_cleanup_eventset(es, check)
  call expect_ok('cleanup_eventset', check)
  call PAPIF_num_events(es, n)
  call expect_eq('num_events after cleanup', n, 0)
  call PAPIF_destroy_eventset(es, check)
  call expect_ok('destroy_eventset', check)
  call expect_eq('handle after destroy', es, PAPI_NULL)
  call PAPIF_destroy_eventset(es, check)
  call expect('destroying PAPI_NULL fails', check /= PAPI_OK)

  ! ---- a set bound to a component before it has events --------------------
  es = PAPI_NULL
  call PAPIF_create_eventset(es, check)
  call PAPIF_assign_eventset_component(es, 0, check)
  call expect_ok('assign_eventset_component(0)', check)
  call PAPIF_destroy_eventset(es, check)
  call expect_ok('destroy', check)
  call PAPIF_add_event(es, clk, check)
  call expect_eq('add_event to PAPI_NULL', check, PAPI_ENOEVST)

  call PAPIF_shutdown()
  call finish()
end program eventset
