! SPDX-License-Identifier: BSD-3-Clause
!
! Event names both ways through the Fortran interface, and the CHARACTER
! conventions: names go in blank-padded (or cut by a substring, or ended by
! a NUL) and come back blank-padded to the variable's length, cut when the
! variable is shorter, never written past it. Also PAPIF_query_event,
! PAPIF_query_named_event, PAPIF_get_event_info and PAPIF_enum_event.
!
#include "fpapi.h"
program names
  use ftest
  implicit none
  ! PAPI_enum_event modifiers (papi.h); not in the Fortran include files.
  integer, parameter :: ENUM_EVENTS = 0, ENUM_FIRST = 1

  integer :: check, code, code2, count, flags, n, first
  character(len=PAPI_MAX_STR_LEN) :: name, sym, ldesc, sdesc, note
  character(len=24) :: guarded
  character(len=40) :: buf
  character(len=2000) :: toolong

  call init_papi()

  ! ---- preset: name -> code is the include file's constant -------------
  call PAPIF_event_name_to_code('PAPI_TOT_INS', code, check)
  call expect_ok('name_to_code(PAPI_TOT_INS)', check)
  call expect_eq('code of PAPI_TOT_INS', code, PAPI_TOT_INS)

  ! ---- code -> name: blank-padded over what was there --------------------
  name = repeat('#', len(name))
  call PAPIF_event_code_to_name(PAPI_TOT_INS, name, check)
  call expect_ok('code_to_name(PAPI_TOT_INS)', check)
  call expect('name is PAPI_TOT_INS', name == 'PAPI_TOT_INS')
  call expect('blank-padded to the full length', &
              len_trim(name) == 12 .and. verify(name(13:), ' ') == 0)

  ! ---- a native (software) event, padded with blanks ---------------------
  if (.not. have_event('perf::TASK-CLOCK')) &
    call skip('perf::TASK-CLOCK does not exist here')
  name = 'perf::TASK-CLOCK'
  call PAPIF_event_name_to_code(name, code, check)
  call expect_ok('name_to_code(perf::TASK-CLOCK + 112 blanks)', check)
  call expect('native code has the native bit (positive, nonzero)', code > 0)
  name = repeat('#', len(name))
  call PAPIF_event_code_to_name(code, name, check)
  call expect_ok('code_to_name(native)', check)
  call expect('native name comes back', name == 'perf::TASK-CLOCK')
  call expect('native name blank-padded', verify(name(17:), ' ') == 0)

  ! ---- the hidden length is what delimits an input -----------------------
  buf = 'PAPI_TOT_INSGARBAGE'
  call PAPIF_event_name_to_code(buf(1:12), code2, check)
  call expect_ok('name_to_code(substring (1:12) of PAPI_TOT_INSGARBAGE)', check)
  call expect_eq('code of the substring', code2, PAPI_TOT_INS)
  ! ... unless a NUL ends it first (a C-style string).
  call PAPIF_event_name_to_code('PAPI_TOT_INS' // char(0) // 'junk', code2, check)
  call expect_ok('name_to_code(NUL-terminated)', check)
  call expect_eq('code of the NUL-terminated name', code2, PAPI_TOT_INS)

  ! ---- an output shorter than the name: cut, nothing written past it -----
  guarded = repeat('G', len(guarded))
  call PAPIF_event_code_to_name(code, guarded(1:8), check)
  call expect_ok('code_to_name into CHARACTER(8)', check)
  call expect('cut to 8 characters', guarded(1:8) == 'perf::TA')
  call expect('nothing written past the 8', guarded(9:) == repeat('G', 16))

  ! ---- errors --------------------------------------------------------------
  code2 = 12345
  call PAPIF_event_name_to_code('perf::NO-SUCH-EVENT-HERE', code2, check)
  call expect_eq('name_to_code(unknown) check', check, PAPI_ENOEVNT)
  name = repeat('#', len(name))
  call PAPIF_event_code_to_name(PAPI_NULL, name, check)
  call expect('code_to_name(PAPI_NULL) fails', check /= PAPI_OK)
  call expect('... and the name is all blanks', name == ' ')
  toolong = repeat('x', len(toolong))
  call PAPIF_event_name_to_code(toolong, code2, check)
  call expect_eq('name_to_code(2000 characters) check', check, PAPI_EINVAL)
  call PAPIF_query_named_event('perf::NO-SUCH-EVENT-HERE', check)
  call expect('query_named_event(unknown) fails', check /= PAPI_OK)

  ! ---- queries --------------------------------------------------------------
  call PAPIF_query_named_event('perf::TASK-CLOCK          ', check)
  call expect_ok('query_named_event(perf::TASK-CLOCK)', check)
  call PAPIF_query_event(code, check)
  call expect_ok('query_event(native code)', check)

  ! ---- event information -------------------------------------------------
  sym = '#'
  ldesc = '#'
  sdesc = '#'
  note = '#'
  count = -1
  flags = -1
  call PAPIF_get_event_info(code, sym, ldesc, sdesc, count, note, flags, check)
  call expect_ok('get_event_info(perf::TASK-CLOCK)', check)
  call expect('symbol', sym == 'perf::TASK-CLOCK')
  call expect('long description given, blank-padded', &
              len_trim(ldesc) > 0 .and. ldesc(len(ldesc):) == ' ' .and. &
              index(ldesc, '#') == 0)
  call expect('note blank-padded', note(len(note):) == ' ' .and. &
              index(note, '#') == 0)
  call expect_ge('count', count, 0)
  call expect_eq('flags', flags, 0)
  write (*, '(4A)') '  ', trim(sym), ': ', trim(ldesc)

  call PAPIF_get_event_info(PAPI_TOT_INS, sym, ldesc, sdesc, count, note, &
                            flags, check)
  call expect_ok('get_event_info(PAPI_TOT_INS)', check)
  call expect('preset symbol', sym == 'PAPI_TOT_INS')
  call expect('preset short description', len_trim(sdesc) > 0)

  ! ---- the preset table, walked -------------------------------------------
  first = PAPI_L1_DCM
  code = first
  call PAPIF_enum_event(code, ENUM_FIRST, check)
  call expect_ok('enum_event(PAPI_L1_DCM, PAPI_ENUM_FIRST)', check)
  call expect_eq('first preset', code, PAPI_L1_DCM)
  n = 1
  do
    call PAPIF_enum_event(code, ENUM_EVENTS, check)
    if (check /= PAPI_OK) exit
    n = n + 1
    if (n > 1000) exit
  end do
  call expect_ge('presets enumerated', n, 100)
  call expect('enumeration ends', n <= 1000 .and. check /= PAPI_OK)

  call PAPIF_shutdown()
  call finish()
end program names
