#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# bench/pmu_trace.py, the parser behind bench/pmu-trace.sh, on a QEMU log
# written here with known blocks: instructions summed per function between
# marks, a block counted as often as it ran, a block translated again
# counted by its latest listing, and a log without marks refused. The
# whole tool boots the PMU machine and is run by hand (docs/performance.md);
# this checks the arithmetic its figures rest on.
# Exit: 0 pass, 1 fail, 77 skip (no python3).
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

cat >"$tmp/syms" <<'S'
0000000000400000 T main
0000000000400100 T pmu_trace_mark
0000000000400200 T foo
0000000000400300 t bar
S
t() { echo "Trace 0: 0x7f0000000000 [0000000000003001/$(printf '%016x' "$1")/00000001/ff020200] "; }
{
	printf 'IN: main\n0x00400000:  d503201f  nop\n0x00400004:  94000040  bl #0x400100\n\n'
	t 0x400000
	printf 'IN: pmu_trace_mark\n0x00400100:  d65f03c0  ret\n\n'
	t 0x400100
	printf 'IN: foo\n0x00400200:  d503201f  nop\n0x00400204:  d503201f  nop\n0x00400208:  14000040  b #0x400300\n\n'
	t 0x400200
	t 0x400200
	printf 'IN: bar\n0x00400300:  d503201f  nop\n0x00400304:  97ffff7f  bl #0x400100\n\n'
	t 0x400300
	t 0x400100
	# foo translated again, one instruction long this time
	printf 'IN: foo\n0x00400200:  d503201f  nop\n\n'
	t 0x400200
	t 0x400100
} >"$tmp/log"

out=$(python3 "$src/bench/pmu_trace.py" --syms "$tmp/syms" --labels first,second \
	"$tmp/log") || fail "pmu_trace.py exit $?"
echo "$out"
grep -qx 'segment first: 8 instructions' <<<"$out" || fail "first segment: want 8"
grep -Eq '^ +6 foo$' <<<"$out" || fail "first segment: want foo 6 (3 x 2 runs)"
grep -Eq '^ +2 bar$' <<<"$out" || fail "first segment: want bar 2"
grep -qx 'segment second: 1 instructions' <<<"$out" ||
	fail "second segment: want 1 (foo's latest listing)"
grep -q 'main' <<<"$out" && fail "main counted: it ran before the first mark"

grep -v '0000000000400100/' "$tmp/log" >"$tmp/nomarks"
python3 "$src/bench/pmu_trace.py" --syms "$tmp/syms" "$tmp/nomarks" \
	>/dev/null 2>&1 && fail "a log without marks was accepted"
# The example program, built for the PMU machine only by the tool: at
# least it must compile (here, for this host).
if command -v cc >/dev/null; then
	cc -std=gnu11 -Wall -Werror -fsyntax-only -I"$src/include" -I"$src/bench" \
		"$src/bench/trace_calls.c" || fail "bench/trace_calls.c does not compile"
fi
[ $fails -eq 0 ] && echo "PASS" && exit 0
exit 1
