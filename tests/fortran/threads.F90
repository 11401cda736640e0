! SPDX-License-Identifier: BSD-3-Clause
!
! Threads from Fortran: PAPIF_thread_init with an EXTERNAL INTEGER
! FUNCTION (what omp_get_thread_num is), whose value PAPIF_thread_id then
! returns; PAPIF_register_thread, unregister_thread and PAPI's misspelt
! older name PAPIF_unregster_thread; the thread-level state bit.
!
#include "fpapi.h"
integer function my_thread_id()
  implicit none
  my_thread_id = 4242
end function

program threads
  use ftest
  implicit none
  integer, external :: my_thread_id
  integer :: check, id, level

  call init_papi()
  call PAPIF_thread_init(my_thread_id, check)
  call expect_ok('thread_init(my_thread_id)', check)
  call PAPIF_is_initialized(level)
  call expect('thread level initialized', &
              iand(level, PAPI_THREAD_LEVEL_INITED) /= 0)
  id = -1
  call PAPIF_thread_id(id)
  call expect_eq('thread_id (the Fortran function''s value)', id, 4242)

  call PAPIF_register_thread(check)
  call expect_ok('register_thread', check)
  call PAPIF_unregister_thread(check)
  call expect_ok('unregister_thread', check)
  call PAPIF_register_thread(check)
  call expect_ok('register_thread again', check)
  call PAPIF_unregster_thread(check)
  call expect_ok('unregster_thread (older spelling)', check)

  call PAPIF_shutdown()
  call finish()
end program threads
