#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# PAPI's own tests (papi-examples) on this host: ours, and Debian's PAPI 7.0
# on the same machine in the same run.
set -uo pipefail
run=$SRC/tests/conformance/run.sh
bash "$run" --include "$SRC/include" --libdir "$BUILD" --work "$FIG_WORK/ours" \
	--no-compare || exit $?
ours=$(sed -n 's/^# conformance: //p' "$FIG_WORK/ours/results.txt" | head -1)
deb=""
if [ -e "/usr/lib/$(gcc -print-multiarch)/libpapi.so.7.0" ] ||
	[ -e "/usr/lib/$(gcc -print-multiarch)/libpapi.so" ]; then
	bash "$run" --baseline --work "$FIG_WORK/debian" --no-compare >/dev/null 2>&1
	deb=$(sed -n 's/^# conformance: //p' "$FIG_WORK/debian/results.txt" 2>/dev/null | head -1)
fi
[ -n "$ours" ] || { echo "no summary" >&2; exit 1; }
printf 'FIGURE\tconformance.host\tours %s; Debian'"'"'s PAPI 7.0 on the same host: %s\t%s\n' \
	"$ours" "${deb:-not installed}" "tests/conformance/run.sh (and --baseline)"
