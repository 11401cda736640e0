#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# papi_cost: PAPI's options (-b -d -h -s -t) and ours (-e, --json) work and
# the output has the thesis's statistics for every operation; the figures
# themselves are not checked (timings prove nothing on a shared machine).
# Run by ctest (bench/CMakeLists.txt) with PAPI_BIN and PAPI_LIBDIR set.
set -uo pipefail
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
B=${PAPI_BIN:?}/papi_cost
export LD_LIBRARY_PATH=${PAPI_LIBDIR:?}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-cost.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

"$B" -h >"$tmp/h" || fail "-h exits $?"
grep -q -- "-t THRESHOLD" "$tmp/h" || fail "-h prints no usage"
"$B" --bogus >/dev/null 2>&1 && fail "a bad option exits 0"
"$B" -t 0 >/dev/null 2>&1 && fail "-t 0 is accepted"

"$B" -t 300 -s -d -b 5 >"$tmp/t" 2>"$tmp/e" || fail "text run exits $?"
for op in "loop latency" "PAPI_start/stop" "PAPI_read (" "PAPI_read_ts" \
	"PAPI_accum" "PAPI_reset" "PAPI_read vs events (1)"; do
	grep -q "Total cost for $op" "$tmp/t" || fail "no block for $op"
done
for f in "min cycles" "max cycles" "mean cycles" "std deviation" \
	"25% cycles" "50% cycles" "75% cycles" "95% cycles" "99% cycles"; do
	[ "$(grep -c "^$f" "$tmp/t")" -ge 8 ] || fail "'$f' missing"
done
grep -q "Standard Deviations Above the Mean" "$tmp/t" || fail "-s shows nothing"
grep -q "Cost distribution profile" "$tmp/t" || fail "-d shows nothing"
grep -q "^Summary: cycles per call" "$tmp/t" || fail "no summary table"

"$B" -t 200 --json -e perf::TASK-CLOCK -e perf::CONTEXT-SWITCHES \
	-e perf::PERF_COUNT_SW_PAGE_FAULTS >"$tmp/j" || fail "--json exits $?"
grep -q '"tool": "papi_cost"' "$tmp/j" || fail "--json: no tool field"
[ "$(grep -c '"name":' "$tmp/j")" = 9 ] ||
	fail "--json: $(grep -c '"name":' "$tmp/j") tests, want 6 + 3"
grep -q '"PAPI_read vs events (3)", "events": 3' "$tmp/j" ||
	fail "--json: no read-vs-events series"
if command -v python3 >/dev/null; then
	python3 -m json.tool "$tmp/j" >/dev/null || fail "--json: not JSON"
fi
"$B" -t 10 -e no::SUCH_EVENT >/dev/null 2>&1 && fail "a bad -e exits 0"
[ $fails = 0 ] && echo "papi_cost: PASS"
exit $((fails > 0))
