! SPDX-License-Identifier: BSD-3-Clause
!
! The timers from Fortran (INTEGER*8 out): real and virtual microseconds,
! real nanoseconds, real and virtual cycles. They work before
! PAPIF_library_init (as in C); real time moves with a busy loop, virtual
! time with the CPU time it burns, and microseconds agree with
! nanoseconds (each nanosecond reading taken between two microsecond
! ones). PAPIF_get_clockrate after initialization.
!
#include "fpapi.h"
program timers
  use ftest
  implicit none
  integer(8) :: u0, u0b, u1, u1b, n0, n1, c0, c1, vu0, vu1, vc0, vc1
  integer(8) :: du, dn
  integer :: cr

  ! Before PAPIF_library_init.
  call PAPIF_get_real_usec(u0)
  call expect_i8_gt('get_real_usec before init', u0, 0_8)

  ! Each nanosecond reading is bracketed by two microsecond readings and
  ! the virtual readings lie inside the outer pair, so a preemption
  ! between two calls (CI runs tests side by side) widens the bracket
  ! instead of making the clocks look apart.
  call init_papi()
  call PAPIF_get_real_usec(u0)
  call PAPIF_get_real_nsec(n0)
  call PAPIF_get_real_usec(u0b)
  call PAPIF_get_real_cyc(c0)
  call PAPIF_get_virt_usec(vu0)
  call PAPIF_get_virt_cyc(vc0)
  call burn(50000000)
  call PAPIF_get_virt_usec(vu1)
  call PAPIF_get_virt_cyc(vc1)
  call PAPIF_get_real_cyc(c1)
  call PAPIF_get_real_usec(u1)
  call PAPIF_get_real_nsec(n1)
  call PAPIF_get_real_usec(u1b)

  du = u1b - u0
  dn = n1 - n0
  write (*, '(A,I0,A,I0,A,I0,A,I0,A,I0,A)') '  real us ', du, ', ns ', dn, &
    ', cycles ', c1 - c0, ', virtual us ', vu1 - vu0, &
    ' (nanosecond brackets ', (u0b - u0) + (u1b - u1), ' us wide)'
  call expect_i8_gt('real microseconds advance', du, 0_8)
  call expect_i8_gt('real nanoseconds advance', dn, 0_8)
  ! n0 lies in [u0, u0b] and n1 in [u1, u1b]; 2 us for the truncation of
  ! the four microsecond readings.
  call expect('nanoseconds / 1000 within the microsecond brackets', &
              dn / 1000 >= u1 - u0b - 2 .and. dn / 1000 <= u1b - u0 + 2)
  call expect_i8_gt('real cycles advance', c1 - c0, 0_8)
  call expect_i8_gt('virtual microseconds advance', vu1 - vu0, 0_8)
  call expect('virtual time within real time (+1 ms)', vu1 - vu0 <= du + 1000)
  call expect_i8_gt('virtual cycles advance', vc1 - vc0, 0_8)

  call PAPIF_get_clockrate(cr)
  write (*, '(A,I0,A)') '  clock rate ', cr, ' MHz'
  call expect_ge('get_clockrate (MHz, 0 where unknown)', cr, 0)

  call PAPIF_shutdown()
  call finish()
end program timers
