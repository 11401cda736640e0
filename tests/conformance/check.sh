#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# ctest entry for the conformance runner: PAPI's own tests against our
# library, judged test by test against expected-host.txt (gate.sh): any
# test whose class is worse than its pin, a skip for another reason, or an
# unpinned test fails. The score beside Debian's PAPI 7.0 on the same
# machine (baseline-debian-papi7.txt) is printed for information.
# Without papi-examples the test skips (77), except under CI=true, where a
# gate that cannot run is a failure.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${PAPI_SRC:-$(cd "$here/../.." && pwd)}
build=${PAPI_BUILD:?PAPI_BUILD not set}
libdir=${PAPI_LIBDIR:-$build}
expected=${PAPI_CONFORMANCE_EXPECTED:-$here/expected-host.txt}
# PAPI_CONFORMANCE_EDITION=7.1 or 7.2: the ctests built against that
# edition's papi.h (build/include-7.x) and linked to its libpapi.so.7.x,
# judged against the same pins (the core is the same); the ftests use 7.0's
# Fortran include files, so they run with 7.0 only.
edition=${PAPI_CONFORMANCE_EDITION:-}
include=$src/include work=$build/conformance label="conformance (host)"
extra=()
if [ -n "$edition" ]; then
	include=$build/include-$edition work=$build/conformance-$edition
	label="conformance (host, PAPI $edition edition)"
	extra=(--no-ftests)
	export PAPI_CONFORMANCE_SONAME=libpapi.so.$edition
	export PAPI_CONFORMANCE_STATIC=libpapi-$edition.a
fi

out=$(bash "$here/run.sh" --include "$include" --libdir "$libdir" \
	--work "$work" "${extra[@]}" 2>&1)
rc=$?
printf '%s\n' "$out"
if [ $rc -eq 77 ]; then
	if [ "${CI:-}" = true ]; then
		echo "FAIL: CI=true and PAPI's tests are not installed (apt-get install papi-examples)"
		exit 1
	fi
	exit 77
fi
[ $rc -ne 0 ] && { echo "conformance runner failed ($rc)"; exit 1; }

summary=$(printf '%s\n' "$out" | grep -E '^conformance: [0-9]+ passed' | tail -1)
[ -n "$summary" ] || { echo "no summary line"; exit 1; }
base=$(sed -n 's/^# conformance: //p' "$here/baseline-debian-papi7.txt" | tail -1)
echo "ours: ${summary#conformance: }; Debian's PAPI 7.0 here: ${base:-unknown}"
if [ -n "$edition" ]; then
	# The pins without the ftests, which this run leaves out.
	grep -v '^ftests/' "$expected" >"$work/expected.txt"
	expected=$work/expected.txt
fi
bash "$here/gate.sh" "$expected" "$work/results.txt" "$label"
