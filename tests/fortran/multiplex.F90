! SPDX-License-Identifier: BSD-3-Clause
!
! Multiplexing from Fortran: PAPIF_multiplex_init, a set bound to the CPU
! component, PAPIF_set_multiplex / get_multiplex, the PAPI_MULTIPLEXING
! state bit, and counts from four software events counted together.
!
#include "fpapi.h"
program multiplex
  use ftest
  implicit none
  character(len=*), parameter :: names(4) = [character(len=24) :: &
    'perf::TASK-CLOCK', 'perf::CPU-CLOCK', 'perf::PAGE-FAULTS', &
    'perf::CONTEXT-SWITCHES']
  integer :: es, check, status, i, mpx
  integer(8) :: v(4)

  call init_papi()
  do i = 1, size(names)
    if (.not. have_event(trim(names(i)))) &
      call skip(trim(names(i)) // ' does not exist here')
  end do

  call PAPIF_multiplex_init(check)
  call expect_ok('multiplex_init', check)
  es = PAPI_NULL
  call PAPIF_create_eventset(es, check)
  call expect_ok('create_eventset', check)
  call PAPIF_get_multiplex(es, mpx)
  call expect_eq('get_multiplex of a new set', mpx, 0)
  call PAPIF_assign_eventset_component(es, 0, check)
  call expect_ok('assign_eventset_component(0)', check)
  call PAPIF_set_multiplex(es, check)
  call expect_ok('set_multiplex', check)
  call PAPIF_get_multiplex(es, mpx)
  call expect_eq('get_multiplex', mpx, 1)
  call PAPIF_state(es, status, check)
  call expect('state has PAPI_MULTIPLEXING', iand(status, PAPI_MULTIPLEXING) /= 0)

  do i = 1, size(names)
    call PAPIF_add_named_event(es, names(i), check)
    call expect_ok('add_named_event(' // trim(names(i)) // ')', check)
  end do
  call PAPIF_start(es, check)
  call expect_ok('start', check)
  call burn(30000000)
  v = -1
  call PAPIF_stop(es, v, check)
  call expect_ok('stop', check)
  write (*, '(A,4(1X,I0))') '  counts:', v
  call expect_i8_gt('task-clock', v(1), 0_8)
  call expect_i8_gt('cpu-clock', v(2), 0_8)
  call expect('page faults, switches >= 0', v(3) >= 0 .and. v(4) >= 0)

  call PAPIF_cleanup_eventset(es, check)
  call expect_ok('cleanup_eventset', check)
  call PAPIF_destroy_eventset(es, check)
  call expect_ok('destroy_eventset', check)
  call PAPIF_shutdown()
  call finish()
end program multiplex
