#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# lab/matmul in --quick mode: every variant runs and its result checks out,
# the table and the CSV have their header and one row per variant, and the
# lab's comparisons are printed. No timing thresholds: the machines are
# shared and noisy. Exit: 0 pass, 77 skip, 1 fail.
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
bin=${PAPI_BIN:-${PAPI_BUILD:-$src/build}/bin}
tool=$bin/papi_matmul
if [[ ! -x $tool ]]; then
	echo "SKIP: $tool not built (lab/ is not in this build)"
	exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

"$tool" --quick --csv "$tmp/mm.csv" >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 0 ]] || fail "papi_matmul --quick exited $rc: $(head -5 "$tmp/err")"

variants="ijk jik ikj kij jki kji transposed blocked_l1 blocked_l1l2 unrolled recursive"
head -1 "$tmp/mm.csv" | grep -q '^variant,n,time_ms,MFLOPS,.*check$' ||
	fail "CSV header: $(head -1 "$tmp/mm.csv")"
ncols=$(head -1 "$tmp/mm.csv" | awk -F, '{ print NF }')
awk -F, -v n="$ncols" 'NF != n { exit 1 }' "$tmp/mm.csv" ||
	fail "CSV rows do not all have $ncols fields"
for v in $variants; do
	grep -q "^$v,96,.*,ok\$" "$tmp/mm.csv" || fail "no checked row for $v"
	grep -q "^$v " "$tmp/out" || fail "no table row for $v"
done
# OpenBLAS is optional; when it is there its row must check out too.
if grep -q '^openblas,' "$tmp/mm.csv"; then
	grep -q '^openblas,96,.*,ok$' "$tmp/mm.csv" || fail "openblas row wrong"
	grep -q '^# best blocked variant: .*% of OpenBLAS' "$tmp/out" ||
		fail "no OpenBLAS comparison line"
fi
for c in "transposed vs ijk" "blocked_l1 vs ijk" "blocked_l1 vs transposed"; do
	grep -q "^$c " "$tmp/out" || fail "no comparison '$c'"
done
# Either counters were counted or the tool said which were not.
grep -qE 'PAPI_REF_CYC|perf::TASK-CLOCK|PAPI_TOT_CYC' "$tmp/mm.csv" ||
	grep -q '^# not counted here:' "$tmp/out" || fail "no counters and no reason"

# An odd N exercises the blocks' and tiles' edges.
"$tool" -n 37 --b1 8 --b2 16 --no-openblas --csv "$tmp/odd.csv" >/dev/null 2>&1 ||
	fail "N=37 with small blocks failed (a variant's result is wrong?)"
[[ $(grep -c ',ok$' "$tmp/odd.csv") -eq 11 ]] || fail "N=37: not 11 checked rows"

# The plot, where gnuplot is installed: a PNG and an SVG.
if command -v gnuplot >/dev/null; then
	bash "$src/lab/plot.sh" matmul "$tmp/mm.csv" "$tmp/mm" 2>"$tmp/plot.err" ||
		fail "lab/plot.sh matmul: $(head -3 "$tmp/plot.err")"
	[[ $(head -c 4 "$tmp/mm.png" | od -An -c | tr -d ' ') == '211PNG' ]] ||
		fail "mm.png is not a PNG"
	grep -q '<svg' "$tmp/mm.svg" || fail "mm.svg is not an SVG"
else
	echo "note: gnuplot not installed, plots not checked"
fi

"$tool" --bogus >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "an unknown option must exit 2"

((failures == 0)) || exit 1
echo "PASS: lab_matmul"
