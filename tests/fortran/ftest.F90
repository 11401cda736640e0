! SPDX-License-Identifier: BSD-3-Clause
!
! What the Fortran tests share: checks that count failures, the exit
! convention of every test here (0 pass, 1 fail, 77 skip with the reason
! printed), PAPI start-up, a busy loop, and software-event lookup.
!
#include "fpapi.h"
module ftest
  implicit none
  private
  public :: expect, expect_eq, expect_ok, expect_ge, expect_i8_gt, &
            skip, finish, init_papi, burn, have_event, event_code, nfail

  integer :: nfail = 0
  real(8), volatile :: sink = 0

contains

  subroutine expect(what, cond)
    character(len=*), intent(in) :: what
    logical, intent(in) :: cond
    if (cond) then
      write (*, '(2A)') 'ok: ', what
    else
      write (*, '(2A)') 'FAIL: ', what
      nfail = nfail + 1
    end if
  end subroutine

  subroutine expect_eq(what, got, want)
    character(len=*), intent(in) :: what
    integer, intent(in) :: got, want
    if (got == want) then
      write (*, '(3A,I0)') 'ok: ', what, ' = ', got
    else
      write (*, '(3A,I0,A,I0)') 'FAIL: ', what, ' = ', got, ', want ', want
      nfail = nfail + 1
    end if
  end subroutine

  ! check is PAPI_OK; otherwise it is named, with PAPIF_perror's text.
  subroutine expect_ok(what, check)
    character(len=*), intent(in) :: what
    integer, intent(in) :: check
    if (check == PAPI_OK) then
      write (*, '(2A)') 'ok: ', what
    else
      write (*, '(3A,I0)') 'FAIL: ', what, ': check = ', check
      call PAPIF_perror(what)
      nfail = nfail + 1
    end if
  end subroutine

  subroutine expect_ge(what, got, least)
    character(len=*), intent(in) :: what
    integer, intent(in) :: got, least
    if (got >= least) then
      write (*, '(3A,I0)') 'ok: ', what, ' = ', got
    else
      write (*, '(3A,I0,A,I0)') 'FAIL: ', what, ' = ', got, ', want >= ', least
      nfail = nfail + 1
    end if
  end subroutine

  subroutine expect_i8_gt(what, got, than)
    character(len=*), intent(in) :: what
    integer(8), intent(in) :: got, than
    if (got > than) then
      write (*, '(3A,I0)') 'ok: ', what, ' = ', got
    else
      write (*, '(3A,I0,A,I0)') 'FAIL: ', what, ' = ', got, ', want > ', than
      nfail = nfail + 1
    end if
  end subroutine

  subroutine skip(reason)
    character(len=*), intent(in) :: reason
    write (*, '(2A)') 'SKIP: ', reason
    stop 77
  end subroutine

  subroutine finish()
    if (nfail > 0) then
      write (*, '(I0,A)') nfail, ' check(s) failed'
      stop 1
    end if
    write (*, '(A)') 'PASS'
  end subroutine

  ! PAPIF_library_init; a failure ends the test.
  subroutine init_papi()
    integer :: check
    check = PAPI_VER_CURRENT
    call PAPIF_library_init(check)
    if (check /= PAPI_VER_CURRENT) then
      write (*, '(A,I0)') 'FAIL: PAPIF_library_init: check = ', check
      stop 1
    end if
  end subroutine

  ! About n floating-point additions, kept from being optimized away.
  subroutine burn(n)
    integer, intent(in) :: n
    integer :: i
    real(8) :: x
    x = 0
    do i = 1, n
      x = x + real(i, 8) * 0.5d0
    end do
    sink = sink + x
  end subroutine

  ! Whether the event exists here (PAPIF_query_named_event).
  logical function have_event(name)
    character(len=*), intent(in) :: name
    integer :: check
    call PAPIF_query_named_event(name, check)
    have_event = check == PAPI_OK
  end function

  ! The event's code; skips the test when the event does not exist.
  integer function event_code(name)
    character(len=*), intent(in) :: name
    integer :: check
    event_code = 0
    call PAPIF_event_name_to_code(name, event_code, check)
    if (check /= PAPI_OK) call skip(name // ' does not exist here')
  end function

end module ftest
