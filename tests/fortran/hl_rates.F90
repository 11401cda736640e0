! SPDX-License-Identifier: BSD-3-Clause
!
! PAPI 7's high-level regions and rate calls from Fortran.
!   - PAPIF_hl_region_begin / hl_read / hl_region_end / hl_stop with a
!     blank-padded region name (ctest sets PAPI_EVENTS=perf::TASK-CLOCK and
!     PAPI_OUTPUT_DIRECTORY, so this counts without a PMU);
!   - PAPIF_ipc, flips_rate, flops_rate, epc, rate_stop: where their preset
!     events exist the calls succeed with sane figures, elsewhere they fail
!     cleanly with an error code in check (no PMU: every one of them).
!
#include "fpapi.h"
program hl_rates
  use ftest
  implicit none
  character(len=PAPI_MAX_STR_LEN) :: region
  integer :: check
  real :: rtime, ptime, rate
  integer(8) :: count, ref, core
  logical :: has

  call init_papi()

  ! ---- regions ---------------------------------------------------------------
  region = 'fortran_region'
  call PAPIF_hl_region_begin(region, check)
  if (check /= PAPI_OK) then
    call PAPIF_perror('PAPIF_hl_region_begin')
    call skip('no high-level event can be counted here (PAPI_EVENTS?)')
  end if
  call expect_ok('hl_region_begin(''fortran_region'' + blanks)', check)
  call burn(5000000)
  call PAPIF_hl_read(region, check)
  call expect_ok('hl_read', check)
  call PAPIF_hl_region_begin('inner', check)
  call expect_ok('hl_region_begin(''inner'')', check)
  call PAPIF_hl_region_end('inner', check)
  call expect_ok('hl_region_end(''inner'')', check)
  call PAPIF_hl_region_end(region, check)
  call expect_ok('hl_region_end', check)
  call PAPIF_hl_region_end('never_begun', check)
  call expect('hl_region_end of a region never begun fails', check /= PAPI_OK)
  call PAPIF_hl_stop(check)
  call expect_ok('hl_stop', check)

  ! ---- rates -------------------------------------------------------------------
  has = have_preset(PAPI_TOT_INS) .and. have_preset(PAPI_TOT_CYC)
  call PAPIF_ipc(rtime, ptime, count, rate, check)
  call burn(5000000)
  call PAPIF_ipc(rtime, ptime, count, rate, check)
  call rated('ipc', has, check, count, rtime)
  call PAPIF_rate_stop(check)

  has = have_preset(PAPI_FP_INS)
  call PAPIF_flips_rate(PAPI_FP_INS, rtime, ptime, count, rate, check)
  call burn(5000000)
  call PAPIF_flips_rate(PAPI_FP_INS, rtime, ptime, count, rate, check)
  call rated('flips_rate(PAPI_FP_INS)', has, check, count, rtime)
  call PAPIF_rate_stop(check)

  has = have_preset(PAPI_FP_OPS)
  call PAPIF_flops_rate(PAPI_FP_OPS, rtime, ptime, count, rate, check)
  call burn(5000000)
  call PAPIF_flops_rate(PAPI_FP_OPS, rtime, ptime, count, rate, check)
  call rated('flops_rate(PAPI_FP_OPS)', has, check, count, rtime)
  call PAPIF_rate_stop(check)

  ! An event the flips call does not take: refused, whatever the PMU.
  call PAPIF_flips_rate(PAPI_L1_DCM, rtime, ptime, count, rate, check)
  call expect_eq('flips_rate(PAPI_L1_DCM)', check, PAPI_ENOEVNT)

  has = have_preset(PAPI_TOT_INS) .and. have_preset(PAPI_TOT_CYC)
  call PAPIF_epc(PAPI_TOT_INS, rtime, ptime, ref, core, count, rate, check)
  call burn(5000000)
  call PAPIF_epc(PAPI_TOT_INS, rtime, ptime, ref, core, count, rate, check)
  call rated('epc(PAPI_TOT_INS)', has, check, count, rtime)
  if (has .and. check == PAPI_OK) call expect_i8_gt('epc core cycles', core, 0_8)
  call PAPIF_rate_stop(check)

  call PAPIF_shutdown()
  call finish()

contains

  logical function have_preset(code)
    integer, intent(in) :: code
    integer :: c
    call PAPIF_query_event(code, c)
    have_preset = c == PAPI_OK
  end function

  ! A second rate call: PAPI_OK and counts where the events exist, an
  ! error code where they do not.
  subroutine rated(what, has, check, count, rtime)
    character(len=*), intent(in) :: what
    logical, intent(in) :: has
    integer, intent(in) :: check
    integer(8), intent(in) :: count
    real, intent(in) :: rtime
    if (has) then
      call expect_ok(what, check)
      call expect_i8_gt(what // ' count', count, 0_8)
      call expect(what // ' real time > 0', rtime > 0)
    else
      call expect(what // ' fails without its events', check < 0)
    end if
  end subroutine

end program hl_rates
