#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# ctest entry for the conformance runner: PAPI's own C tests against our
# library must do at least as well as Debian's PAPI 7.0 does on the same
# machine (baseline-debian-papi7.txt: 28 passed, 80 skipped, 18 failed of
# 126 on our PMU-less build machine): no fewer passes, fewer failures.
set -u
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
src=${PAPI_SRC:-$(cd "$here/../.." && pwd)}
build=${PAPI_BUILD:?PAPI_BUILD not set}
libdir=${PAPI_LIBDIR:-$build}

out=$(bash "$here/run.sh" --include "$src/include" --libdir "$libdir" \
	--work "$build/conformance" 2>&1)
rc=$?
printf '%s\n' "$out"
[ $rc -eq 77 ] && exit 77
[ $rc -ne 0 ] && { echo "conformance runner failed ($rc)"; exit 1; }

summary=$(printf '%s\n' "$out" | grep -E '^conformance: [0-9]+ passed' | tail -1)
[ -n "$summary" ] || { echo "no summary line"; exit 1; }
read -r passed skipped failed total < <(printf '%s\n' "$summary" |
	sed -E 's/^conformance: ([0-9]+) passed, ([0-9]+) skipped, ([0-9]+) failed of ([0-9]+).*/\1 \2 \3 \4/')

base=$(grep -E '^# conformance: ' "$here/baseline-debian-papi7.txt" | sed 's/^# //' 2>/dev/null | tail -1)
bpass=28 bfail=18
if [ -n "$base" ]; then
	read -r bpass _ bfail _ < <(printf '%s\n' "$base" |
		sed -E 's/^conformance: ([0-9]+) passed, ([0-9]+) skipped, ([0-9]+) failed of ([0-9]+).*/\1 \2 \3 \4/')
fi
echo "ours: $passed passed, $skipped skipped, $failed failed of $total;" \
	"Debian's PAPI 7.0 here: $bpass passed, $bfail failed"
if [ "$passed" -lt "$bpass" ] || [ "$failed" -ge "$bfail" ]; then
	echo "FAIL: conformance below Debian's PAPI 7.0"
	exit 1
fi
exit 0
