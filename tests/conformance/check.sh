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

out=$(bash "$here/run.sh" --include "$src/include" --libdir "$libdir" \
	--work "$build/conformance" 2>&1)
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
bash "$here/gate.sh" "$expected" "$build/conformance/results.txt" "conformance (host)"
