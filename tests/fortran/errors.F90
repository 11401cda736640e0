! SPDX-License-Identifier: BSD-3-Clause
!
! Error codes through check, and PAPIF_perror: calls before
! PAPIF_library_init (PAPI_ENOINIT), a wrong version, unknown event sets
! and events, calls out of order, and PAPIF_perror with short, blank and
! over-long messages (its text is checked from C by fortran/fstrings).
! The return-code constants are distinct and negative.
!
#include "fpapi.h"
program errors
  use ftest
  implicit none
  integer :: check, es, code, i, j
  integer(8) :: v(1)
  character(len=3000) :: long
  integer, parameter :: codes(28) = [PAPI_OK, PAPI_EINVAL, PAPI_ENOMEM, &
    PAPI_ESYS, PAPI_ECMP, PAPI_ECLOST, PAPI_EBUG, PAPI_ENOEVNT, &
    PAPI_ECNFLCT, PAPI_ENOTRUN, PAPI_EISRUN, PAPI_ENOEVST, PAPI_ENOTPRESET, &
    PAPI_ENOCNTR, PAPI_EMISC, PAPI_EPERM, PAPI_ENOINIT, PAPI_ENOCMP, &
    PAPI_ENOSUPP, PAPI_ENOIMPL, PAPI_EBUF, PAPI_EINVAL_DOM, PAPI_EATTR, &
    PAPI_ECOUNT, PAPI_ECOMBO, PAPI_ECMP_DISABLED, PAPI_EDELAY_INIT, &
    PAPI_EMULPASS]

  ! ---- the codes themselves ------------------------------------------------
  call expect_eq('PAPI_NUM_ERRORS', PAPI_NUM_ERRORS, size(codes))
  do i = 1, size(codes)
    if (codes(i) /= 1 - i) call expect_eq('error code', codes(i), 1 - i)
    do j = i + 1, size(codes)
      if (codes(i) == codes(j)) call expect('distinct codes', .false.)
    end do
  end do

  ! ---- before PAPIF_library_init ---------------------------------------------
  es = PAPI_NULL
  call PAPIF_create_eventset(es, check)
  call expect_eq('create_eventset before init', check, PAPI_ENOINIT)
  check = PAPI_VER_CURRENT + 65536
  call PAPIF_library_init(check)
  call expect_eq('library_init(wrong version)', check, PAPI_EINVAL)

  call init_papi()
  check = PAPI_VER_CURRENT
  call PAPIF_library_init(check)
  call expect_eq('library_init again', check, PAPI_VER_CURRENT)

  ! ---- unknown sets and events ------------------------------------------------
  call PAPIF_add_event(12345, PAPI_TOT_INS, check)
  call expect_eq('add_event(unknown set)', check, PAPI_ENOEVST)
  call PAPIF_start(12345, check)
  call expect_eq('start(unknown set)', check, PAPI_ENOEVST)
  call PAPIF_read(12345, v, check)
  call expect_eq('read(unknown set)', check, PAPI_ENOEVST)
  call PAPIF_create_eventset(es, check)
  call expect_ok('create_eventset', check)
  call PAPIF_add_named_event(es, 'perf::NO-SUCH-EVENT', check)
  call expect_eq('add_named_event(unknown)', check, PAPI_ENOEVNT)
  call PAPIF_add_event(es, 0, check)
  call expect('add_event(0) fails', check /= PAPI_OK)
  call PAPIF_start(es, check)
  call expect('start(empty set) fails', check /= PAPI_OK)
  call PAPIF_stop(es, v, check)
  call expect_eq('stop(not running)', check, PAPI_ENOTRUN)
  call PAPIF_remove_event(es, PAPI_TOT_INS, check)
  call expect('remove_event(not there) fails', check /= PAPI_OK)
  call PAPIF_query_event(PAPI_NULL, check)
  call expect('query_event(PAPI_NULL) fails', check /= PAPI_OK)
  call PAPIF_set_domain(0, check)
  call expect('set_domain(0) fails', check /= PAPI_OK)
  call PAPIF_lock(PAPI_LOCK_NUM + 5, check)
  call expect_eq('lock(bad lock)', check, PAPI_EINVAL)

  ! ---- PAPIF_perror: to stderr, any length -------------------------------
  call PAPIF_add_named_event(es, 'perf::NO-SUCH-EVENT', check)
  call PAPIF_perror('errors.F90: expected message   ')
  call PAPIF_perror(' ')
  long = repeat('m', len(long))
  call PAPIF_perror(long)
  call expect('perror with short, blank and 3000-character messages', .true.)

  call PAPIF_destroy_eventset(es, check)
  call expect_ok('destroy_eventset', check)
  code = 0
  call PAPIF_shutdown()
  call finish()
end program errors
