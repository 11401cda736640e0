#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# PAPI 7's high-level report end to end: examples/hl_regions writes
# papi_hl_output/rank_*.json at exit; papi_hl_output_writer summarizes one
# and two reports as a table and as JSON; PAPI_REPORT prints the report,
# PAPI_HL_VERBOSE says which events were chosen; Debian's
# papi_hl_output_writer (PAPI 7.0's Python tool), when installed, reads our
# reports too. Exit: 0 pass, 1 fail, 77 skip (no event can be counted).
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
bin=${PAPI_BIN:-${PAPI_BUILD:-$src/build}/bin}
writer=$bin/papi_hl_output_writer
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# A cell of the writer's table: the row REGION METRIC, column count, total,
# min, median or max (rows of one value, like "Region count", have a total
# only).
cell() { # TABLE REGION METRIC COLUMN
	awk -v r="$2" -v m="$3" -v c="$4" '
		NR > 1 && $1 == r {
			line = $0
			sub(/^[^ ]+ +/, "", line)
			if (substr(line, 1, length(m) + 1) != m " ") next
			n = split(substr(line, length(m) + 1), f, " ")
			if (n == 1)
				print c == "total" ? f[1] : ""
			else if (c == "count") print f[1]
			else if (c == "total") print f[2]
			else if (c == "min") print f[3]
			else if (c == "median") print f[4]
			else if (c == "max") print f[5]
			exit
		}' <<<"$1"
}

unset PAPI_EVENTS PAPI_REPORT PAPI_HL_VERBOSE PAPI_MULTIPLEX
mkdir -p "$tmp/a" "$tmp/b"
PAPI_OUTPUT_DIRECTORY=$tmp/a PAPI_HL_VERBOSE=1 "$bin/hl_regions" 3 \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
((rc == 0)) || { cat "$tmp/err"; fail "hl_regions exited $rc"; exit 1; }
grep -q '^PAPI-HL Info: Using the following events:' "$tmp/err" ||
	fail "PAPI_HL_VERBOSE: no event list on stderr: $(cat "$tmp/err")"
grep -q 'PAPI-HL' "$tmp/out" && fail "PAPI_HL_VERBOSE wrote to stdout"
reports=("$tmp"/a/papi_hl_output/rank_*.json)
((${#reports[@]} == 1)) && [[ -s ${reports[0]} ]] ||
	fail "want one report in $tmp/a/papi_hl_output, have: ${reports[*]}"
if grep -q 'No event can be counted here' "$tmp/err"; then
	echo "SKIP: no event can be counted here: $(cat "$tmp/err")"
	exit 77
fi

# One report: the table.
table=$("$writer" --source "$tmp/a/papi_hl_output") ||
	fail "writer failed on one report"
printf '%s\n' "$table"
[[ $(cell "$table" step "Region count" total) == 4 ]] ||
	fail "step: want Region count 4"
[[ $(cell "$table" worker "Threads" total) == 3 ]] ||
	fail "worker: want 3 threads"
[[ $(cell "$table" solve "Region count" total) == 1 ]] ||
	fail "solve: want Region count 1"
rt=$(cell "$table" solve "Real time in s" total)
awk -v t="$rt" 'BEGIN { exit !(t > 0) }' || fail "solve: real time '$rt'"
# The events the library chose are the report's columns.
events=$(sed -n 's/^PAPI-HL Info:   \([^ ]*\).*/\1/p' "$tmp/err")
for e in $events; do
	[[ $e == perf::TASK-CLOCK ]] && continue # shown as CPU time
	[[ -n $(cell "$table" worker "$e" count) ]] || fail "no $e row for worker"
done

# Two reports (two processes): the same regions, counted twice.
PAPI_OUTPUT_DIRECTORY=$tmp/b PAPI_REPORT=1 "$bin/hl_regions" 1 >"$tmp/out2" ||
	fail "second hl_regions run failed"
grep -q '^PAPI-HL Output:$' "$tmp/out2" && grep -q '"threads":{' "$tmp/out2" ||
	fail "PAPI_REPORT: the report is not on stdout"
table2=$("$writer" "$tmp/a/papi_hl_output" "$tmp/b/papi_hl_output") ||
	fail "writer failed on two reports"
[[ $(cell "$table2" step "Region count" total) == 8 ]] ||
	fail "two reports: want 8 steps"
[[ $(cell "$table2" worker "Processes" total) == 2 ]] ||
	fail "two reports: want 2 processes"
detail=$("$writer" --type detail --notation raw "$tmp/a/papi_hl_output")
[[ $(grep -c ' step ' <<<"$detail") == 4 ]] || fail "detail: want 4 step rows"
grep -q '^rank .* cycles .*real_time_nsec' <<<"$detail" ||
	fail "detail raw: no cycles/real_time_nsec columns"

# JSON out, and the errors.
if command -v python3 >/dev/null; then
	"$writer" --format json "$tmp/a/papi_hl_output" | python3 -m json.tool \
		>/dev/null || fail "--format json is not JSON"
	python3 -m json.tool "${reports[0]}" >/dev/null ||
		fail "the report is not JSON"
fi
"$writer" "$tmp/nonexistent" 2>/dev/null && fail "writer: a missing path is OK?"
echo '{"x":' >"$tmp/bad.json"
"$writer" "$tmp/bad.json" 2>"$tmp/e" && fail "writer: bad JSON is OK?"
grep -q 'bad.json: line [0-9]*: ' "$tmp/e" || fail "writer: no message: $(cat "$tmp/e")"

# PAPI 7.0's own tool reads our report (Debian: papi-tools).
debian=/usr/bin/papi_hl_output_writer
if [[ -x $debian ]] && command -v python3 >/dev/null; then
	(cd "$tmp" && "$debian" --source "$tmp/a/papi_hl_output" >"$tmp/deb" 2>&1) ||
		fail "Debian's papi_hl_output_writer failed: $(tail -3 "$tmp/deb")"
	grep -q '"Region count": 4' "$tmp/deb" ||
		fail "Debian's writer: no step count 4: $(head -20 "$tmp/deb")"
	echo "Debian's papi_hl_output_writer reads the report"
fi

((failures)) && exit 1
echo "PASS: high-level reports and papi_hl_output_writer"
exit 0
