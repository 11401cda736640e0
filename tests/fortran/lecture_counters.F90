! SPDX-License-Identifier: BSD-3-Clause
!
! The lecture's counters example (examples/lecture_counters.c) in Fortran:
! PAPIF_library_init, PAPIF_num_counters, three events (PAPI_TOT_INS,
! PAPI_L1_DCM, PAPI_L2_DCM) started with PAPIF_start_counters, one read
! before and one after a matrix product (a read resets, so the second read
! is the product's count), "n ins l1_dcm l2_dcm" printed as the slide does.
!
! As a test: where a read fails, the events this machine lacks are named
! (as the C example's ehandler does) and the test is skipped (77) if that
! is why; otherwise the counts must be plausible for an n^3 product.
! Usage: fortran_lecture_counters [n]  (default 200)
!
#include "fpapi.h"
program lecture_counters
  implicit none
  integer, parameter :: EVENT_COUNT = 3
  integer :: events(EVENT_COUNT) = [PAPI_TOT_INS, PAPI_L1_DCM, PAPI_L2_DCM]
  integer(8) :: values(EVENT_COUNT)
  integer :: n, check, event_max, nargs
  character(len=32) :: arg
  real(8), allocatable :: a(:, :), b(:, :), c(:, :)

  n = 200
  nargs = command_argument_count()
  if (nargs > 0) then
    call get_command_argument(1, arg)
    read (arg, *) n
  end if
  call new_matrix(a, n)
  call new_matrix(b, n)

  ! --- the slides ---------------------------------------------------------
  check = PAPI_VER_CURRENT
  call PAPIF_library_init(check)
  if (check /= PAPI_VER_CURRENT) call ehandler('PAPI_library_init error.')

  call PAPIF_num_counters(event_max)

  call PAPIF_start_counters(events, EVENT_COUNT, check)

  call PAPIF_read_counters(values, EVENT_COUNT, check)
  if (check /= PAPI_OK) call ehandler('Problem reading counters 1.')
  call matrix_prod(a, b, c, n)
  call PAPIF_read_counters(values, EVENT_COUNT, check)
  if (check /= PAPI_OK) call ehandler('Problem reading counters 2.')
  write (*, '(I0,3(1X,I0))') n, values
  ! --- completed -----------------------------------------------------------
  write (*, '(A,I0,A,G0)') '(this CPU has ', event_max, &
    ' hardware counters; C(1,1) = ', c(1, 1)
  call PAPIF_stop_counters(values, EVENT_COUNT, check)

  ! An n^3 product runs at least n^3 instructions.
  if (values(1) <= 0) then
    write (*, '(A)') 'FAIL: no instructions counted'
    stop 1
  end if
  write (*, '(A)') 'PASS'

contains

  ! An n x n matrix of values in [0, 1), as lecture_matrix.h fills them.
  subroutine new_matrix(m, n)
    real(8), allocatable, intent(out) :: m(:, :)
    integer, intent(in) :: n
    integer :: i, j
    allocate (m(n, n))
    do j = 1, n
      do i = 1, n
        m(i, j) = real(mod(((i - 1) * n + (j - 1)) * 7919, 1000), 8) / 1000
      end do
    end do
  end subroutine

  ! C = A x B, the lecture's ijk loop.
  subroutine matrix_prod(a, b, c, n)
    real(8), intent(in) :: a(:, :), b(:, :)
    real(8), allocatable, intent(out) :: c(:, :)
    integer, intent(in) :: n
    integer :: i, j, k
    real(8) :: s
    allocate (c(n, n))
    do i = 1, n
      do j = 1, n
        s = 0
        do k = 1, n
          s = s + a(i, k) * b(k, j)
        end do
        c(i, j) = s
      end do
    end do
  end subroutine

  ! The message, then the events this machine lacks; a skip (77) when some
  ! are missing, a failure (1) otherwise.
  subroutine ehandler(msg)
    character(len=*), intent(in) :: msg
    character(len=PAPI_MAX_STR_LEN) :: name
    integer :: i, level, c, missing
    write (*, '(A)') msg
    missing = 0
    call PAPIF_is_initialized(level)
    if (level /= PAPI_NOT_INITED) then
      do i = 1, EVENT_COUNT
        call PAPIF_query_event(events(i), c)
        if (c /= PAPI_OK) then
          call PAPIF_event_code_to_name(events(i), name, c)
          write (*, '(3A)') '  ', trim(name), ' is not available on this machine'
          missing = missing + 1
        end if
      end do
    end if
    if (missing > 0) then
      write (*, '(A)') 'SKIP: the lecture''s events are not available here'
      stop 77
    end if
    stop 1
  end subroutine

end program lecture_counters
