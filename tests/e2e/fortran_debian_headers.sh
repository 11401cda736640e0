#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Fortran programs written for Debian's PAPI 7.0 run on OUR library:
#   1. built with -I/usr/include (Debian's fpapi.h, f77papi.h and f90papi.h
#      from libpapi-dev, never ours) and linked against our libpapi.so with
#      an rpath: a fixed-form program through the preprocessor (fpapi.h), a
#      fixed-form one with INCLUDE 'f77papi.h', a free-form one with
#      INCLUDE 'f90papi.h'; each counts software events, names them both
#      ways and reads the timers;
#   2. the first one linked against Debian's libpapi.so instead, then run
#      with LD_LIBRARY_PATH=$PAPI_LIBDIR: the binary drop-in case (before
#      the Fortran interface existed here it did not even load);
#   ldd shows that our libpapi.so.7.0 is the one loaded every time.
# Run by ctest with PAPI_LIBDIR, PAPI_SRC and PAPI_BUILD set. Exit 0 passes,
# 77 skips (the reason printed), 1 fails (every failed check printed).
set -uo pipefail

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

PAPI_SRC=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
PAPI_BUILD=${PAPI_BUILD:-$PAPI_SRC/build}
PAPI_LIBDIR=${PAPI_LIBDIR:-$PAPI_BUILD}

DEB_INC=/usr/include
[ -f "$DEB_INC/fpapi.h" ] ||
	skip "Debian's $DEB_INC/fpapi.h is absent (apt-get install libpapi-dev)"
FC=
if [ -f "$PAPI_BUILD/CMakeCache.txt" ]; then
	FC=$(sed -n 's/^CMAKE_Fortran_COMPILER:[A-Z]*=//p' "$PAPI_BUILD/CMakeCache.txt")
fi
[ -n "$FC" ] && [ -x "$FC" ] || FC=$(command -v gfortran) ||
	skip "no Fortran compiler (scripts/install-deps.sh installs gfortran)"
command -v ldd >/dev/null || skip "ldd not found (package libc-bin)"
ourlib=$PAPI_LIBDIR/libpapi.so.7.0
[ -e "$ourlib" ] || { echo "FAIL: $ourlib does not exist (build first)"; exit 1; }
ourlib_real=$(readlink -f "$ourlib")

# A sanitizer build of our library needs the sanitizer runtimes loaded first
# into programs that were not built with them (as tests/e2e/dropin.sh does).
. "$PAPI_SRC/tests/e2e/lib/sanitizer.sh"
PRELOAD=
if sanitized; then
	PRELOAD=$(sanitizer_preload)
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-fdeb.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# ---- the programs -----------------------------------------------------------
# Fixed form, Debian's fpapi.h through the preprocessor (its comment lines
# are fixed-form "C" lines, so it is for fixed form only).
cat >"$tmp/cpp_fixed.F" <<'EOF'
#include "fpapi.h"
      PROGRAM CPPFIX
      IMPLICIT NONE
      INTEGER CHECK, ES, CODE, I, NCPU, NNODES, TOTAL, VENDOR, MODEL
      INTEGER*8 VALS(2), T0, T1
      REAL REV, MHZ, X
      CHARACTER*(PAPI_MAX_STR_LEN) NAME, VSTR, MSTR

      CHECK = PAPI_VER_CURRENT
      CALL PAPIF_LIBRARY_INIT(CHECK)
      IF (CHECK .NE. PAPI_VER_CURRENT) THEN
         PRINT *, 'FAIL: PAPIF_library_init', CHECK
         STOP 1
      END IF
      CALL PAPIF_QUERY_NAMED_EVENT('perf::TASK-CLOCK', CHECK)
      IF (CHECK .NE. PAPI_OK) THEN
         PRINT *, 'SKIP: perf::TASK-CLOCK does not exist here'
         STOP 77
      END IF
      ES = PAPI_NULL
      CALL PAPIF_CREATE_EVENTSET(ES, CHECK)
      IF (CHECK .NE. PAPI_OK) STOP 2
      CALL PAPIF_ADD_NAMED_EVENT(ES, 'perf::TASK-CLOCK', CHECK)
      IF (CHECK .NE. PAPI_OK) STOP 3
      CALL PAPIF_EVENT_NAME_TO_CODE('perf::PAGE-FAULTS', CODE, CHECK)
      IF (CHECK .NE. PAPI_OK) STOP 4
      CALL PAPIF_ADD_EVENT(ES, CODE, CHECK)
      IF (CHECK .NE. PAPI_OK) STOP 5
      CALL PAPIF_GET_REAL_USEC(T0)
      CALL PAPIF_START(ES, CHECK)
      IF (CHECK .NE. PAPI_OK) STOP 6
      X = 0
      DO 10 I = 1, 20000000
         X = X + 0.5
   10 CONTINUE
      CALL PAPIF_STOP(ES, VALS, CHECK)
      IF (CHECK .NE. PAPI_OK) STOP 7
      CALL PAPIF_GET_REAL_USEC(T1)
      IF (VALS(1) .LE. 0 .OR. T1 .LE. T0) STOP 8
      CALL PAPIF_EVENT_CODE_TO_NAME(CODE, NAME, CHECK)
      IF (CHECK .NE. PAPI_OK .OR. NAME .NE. 'perf::PAGE-FAULTS') STOP 9
      CALL PAPIF_EVENT_CODE_TO_NAME(PAPI_TOT_INS, NAME, CHECK)
      IF (CHECK .NE. PAPI_OK .OR. NAME .NE. 'PAPI_TOT_INS') STOP 10
      CALL PAPIF_GET_HARDWARE_INFO(NCPU, NNODES, TOTAL, VENDOR, VSTR,
     &     MODEL, MSTR, REV, MHZ)
      IF (NCPU .LT. 1) STOP 11
      CALL PAPIF_CLEANUP_EVENTSET(ES, CHECK)
      CALL PAPIF_DESTROY_EVENTSET(ES, CHECK)
      IF (CHECK .NE. PAPI_OK .OR. ES .NE. PAPI_NULL) STOP 12
      PRINT '(A,I0,A,I0,A,I0,2A)', 'cpp_fixed: task-clock ', VALS(1),
     &     ' ns, page faults ', VALS(2), ', ', NCPU, ' CPUs, ',
     &     TRIM(VSTR)
      CALL PAPIF_SHUTDOWN()
      END
EOF

# Fixed form, INCLUDE 'f77papi.h'.
cat >"$tmp/inc_f77.f" <<'EOF'
      PROGRAM INCF77
      IMPLICIT NONE
      INCLUDE 'f77papi.h'
      INTEGER CHECK, CODE
      CHARACTER*(PAPI_MAX_STR_LEN) NAME

      CHECK = PAPI_VER_CURRENT
      CALL PAPIF_LIBRARY_INIT(CHECK)
      IF (CHECK .NE. PAPI_VER_CURRENT) STOP 1
      CALL PAPIF_EVENT_NAME_TO_CODE('PAPI_L1_DCM', CODE, CHECK)
      IF (CHECK .NE. PAPI_OK .OR. CODE .NE. PAPI_L1_DCM) STOP 2
      CALL PAPIF_EVENT_CODE_TO_NAME(PAPI_REF_CYC, NAME, CHECK)
      IF (CHECK .NE. PAPI_OK .OR. NAME .NE. 'PAPI_REF_CYC') STOP 3
      PRINT '(2A)', 'inc_f77: ', TRIM(NAME)
      CALL PAPIF_SHUTDOWN()
      END
EOF

# Free form, INCLUDE 'f90papi.h'.
cat >"$tmp/inc_f90.f90" <<'EOF'
program incf90
  implicit none
  include 'f90papi.h'
  integer :: check, es, n
  integer(8) :: t0, t1, v(1)
  integer(8) :: dmem(PAPIF_DMEM_MAXVAL)

  check = PAPI_VER_CURRENT
  call PAPIF_library_init(check)
  if (check /= PAPI_VER_CURRENT) stop 1
  call PAPIF_get_virt_usec(t0)
  es = PAPI_NULL
  call PAPIF_create_eventset(es, check)
  call PAPIF_add_named_event(es, 'perf::TASK-CLOCK   ', check)
  if (check /= PAPI_OK) stop 77
  call PAPIF_num_events(es, n)
  if (n /= 1) stop 2
  call PAPIF_start(es, check)
  call PAPIF_read(es, v, check)
  if (check /= PAPI_OK) stop 3
  call PAPIF_stop(es, v, check)
  call PAPIF_get_virt_usec(t1)
  call PAPIF_get_dmem_info(dmem, check)
  if (check /= PAPI_OK .or. dmem(PAPIF_DMEM_PAGESIZE) <= 0) stop 4
  print '(A,I0,A)', 'inc_f90: page size ', dmem(PAPIF_DMEM_PAGESIZE), ' B'
  call PAPIF_shutdown()
end program incf90
EOF

# Our include/ must not be on the path: only Debian's directory is.
build() { # output source [link flags...]
	local out=$1 src=$2
	shift 2
	"$FC" -I"$DEB_INC" -o "$tmp/$out" "$tmp/$src" "$@" >"$tmp/$out.log" 2>&1
}

# The libpapi.so.7.0 the binary loads, given its environment.
loaded() { # binary [env...]
	local bin=$1
	shift
	env "$@" ldd "$bin" | awk '$1 == "libpapi.so.7.0" { print $3 }'
}

run() { # name binary [env...]
	local name=$1 bin=$2 got out rc
	shift 2
	got=$(loaded "$bin" "$@")
	if [ "$(readlink -f "$got")" != "$ourlib_real" ]; then
		fail "$name loads libpapi.so.7.0 from '$got', not $ourlib"
		return
	fi
	out=$(env "$@" ${PRELOAD:+LD_PRELOAD=$PRELOAD} "$bin" 2>&1)
	rc=$?
	if [ $rc -eq 77 ]; then
		echo "$out"
		skip "$name: a software event is missing here"
	elif [ $rc -ne 0 ]; then
		echo "$out"
		fail "$name exited $rc"
	else
		ok "$name on $ourlib: $(echo "$out" | tail -n1)"
	fi
}

# ---- 1. Debian's headers, our library -----------------------------------
OURLINK=(-L"$PAPI_LIBDIR" -lpapi "-Wl,-rpath,$PAPI_LIBDIR")
for p in "cpp_fixed cpp_fixed.F" "inc_f77 inc_f77.f" "inc_f90 inc_f90.f90"; do
	read -r name src <<<"$p"
	if build "$name" "$src" "${OURLINK[@]}"; then
		run "$name" "$tmp/$name" -u LD_LIBRARY_PATH
	else
		cat "$tmp/$name.log"
		fail "$src does not build with Debian's headers and our library"
	fi
done
# The headers really were Debian's: the preprocessor names the file.
if "$FC" -I"$DEB_INC" -E "$tmp/cpp_fixed.F" 2>/dev/null |
	grep -q "\"$DEB_INC/fpapi.h\""; then
	ok "fpapi.h came from $DEB_INC"
else
	fail "the preprocessor did not read $DEB_INC/fpapi.h"
fi

# ---- 2. built against Debian's libpapi.so, run on ours ---------------------
deblib=$(ldconfig -p 2>/dev/null | awk '$1 == "libpapi.so" { print $NF; exit }')
if [ -z "$deblib" ]; then
	echo "note: Debian's libpapi.so (libpapi-dev) not found: step 2 not run"
elif build cpp_fixed_deb cpp_fixed.F -L"$(dirname "$deblib")" -lpapi; then
	run "cpp_fixed built on Debian's libpapi.so" "$tmp/cpp_fixed_deb" \
		LD_LIBRARY_PATH="$PAPI_LIBDIR"
else
	cat "$tmp/cpp_fixed_deb.log"
	fail "cpp_fixed.F does not build against Debian's libpapi.so"
fi

if [ $fails -ne 0 ]; then
	echo "$fails check(s) failed"
	exit 1
fi
echo "all Fortran drop-in checks passed"
