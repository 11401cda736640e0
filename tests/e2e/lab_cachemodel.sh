#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# lab/cachemodel: the inference on made-up data (--synthetic: levels of 48K,
# 1M and 16M must come back exactly; the line and L1 associativity steps;
# same-set curves with an L2 associativity signature; the conflict search
# for one set's lines against simulated caches, which must find ways + 1
# lines), then a --quick run on this machine checked for shape only (no
# timing thresholds: the machines are shared and noisy).
# Exit: 0 pass, 77 skip, 1 fail.
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
bin=${PAPI_BIN:-${PAPI_BUILD:-$src/build}/bin}
tool=$bin/papi_cachemodel
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

# 1. The inference on a synthetic curve.
"$tool" --synthetic >"$tmp/syn" 2>&1 || fail "--synthetic: $(cat "$tmp/syn")"
grep -qx 'level,model_size,model_ns,inferred_size,inferred_ns' "$tmp/syn" ||
	fail "--synthetic: no CSV header"
for row in '1,49152,' '2,1048576,' '3,16777216,'; do
	size=${row#*,}
	grep -q "^$row[0-9.]*,$size" "$tmp/syn" ||
		fail "--synthetic: level ${row%%,*} not inferred as ${size%,}"
done
grep -q '^synthetic: 4 levels, ok$' "$tmp/syn" || fail "--synthetic levels"
grep -q '^synthetic flat: 1 level(s), ok$' "$tmp/syn" || fail "flat curve"
grep -q '^synthetic line 64, assoc 12$' "$tmp/syn" || fail "line/assoc steps"
grep -q '^synthetic zen4 curve: 4 levels, L1 32K, L2 1024K$' "$tmp/syn" ||
	fail "a measured Zen 4 curve: the L3-to-memory climb read as a level"
grep -q '^synthetic line (Zen 4.s step) 64, flat 0$' "$tmp/syn" ||
	fail "line step of Zen 4, or a step found in a flat curve"
# Same-set curves: L1 12 then L2 16 ways; a pseudo-LRU half step; and the
# curve of lines that never share an L2 set (no step: nothing inferred).
grep -qx 'synthetic L2 signature: L2 16, L1 12, pseudo-LRU 16, no step 0' \
	"$tmp/syn" || fail "L2 associativity signature"
# The conflict search: a plain index (16 colours), a small L2 (32 x 8) and a
# hashed one reaching 64 sets per page offset, as this VM's L2 behaves.
for c in '16 colours x 16 ways.*: group 17 (+[0-9]*), ways 16,' \
	'32 colours x 8 ways.*: group 9 (+[0-9]*), ways 8,' \
	'64 colours x 16 ways.*: group 17 (+[0-9]*), ways 16,'; do
	grep -q "^synthetic conflict search, $c" "$tmp/syn" ||
		fail "conflict search: no line matching '$c'"
done
grep -q '^synthetic: all ok$' "$tmp/syn" || fail "--synthetic verdict"

# 2. A quick run: the curve, the CSV, the paired and same-set chases and
# the report with PAPI's figures beside the inferred ones.
"$tool" --quick --csv "$tmp/curve.csv" --sweep-csv "$tmp/sweep.csv" \
	>"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 0 ]] || fail "--quick exited $rc: $(head -5 "$tmp/err")"
# Counter columns (<event>_per_load) follow where the machine counts any.
head -1 "$tmp/curve.csv" | grep -qE '^size_bytes,latency_ns(,[A-Za-z0-9_:]+_per_load)*$' ||
	fail "curve CSV header: $(head -1 "$tmp/curve.csv")"
rows=$(($(wc -l <"$tmp/curve.csv") - 1))
((rows >= 20)) || fail "curve CSV has $rows rows"
awk -F, 'NR > 1 && !($1 > 0 && $2 > 0) { exit 1 }' "$tmp/curve.csv" ||
	fail "curve CSV has a non-positive size or latency"
head -1 "$tmp/sweep.csv" | grep -q '^size_bytes,stride_bytes,ns_per_access,' ||
	fail "sweep CSV header"
grep -q '^level  *inferred_size  *crossing  *latency_ns  *miss_penalty_ns  *papi_size  *papi_line  *inferred_assoc  *papi_assoc' "$tmp/out" ||
	fail "no report table"
if grep -q '^no cache levels seen: ' "$tmp/out"; then
	# QEMU has no cache model: a flat curve, said to be flat, and
	# nothing inferred from it.
	grep -q '^this machine has no cache model' "$tmp/out" ||
		grep -q '^--max too small' "$tmp/out" || fail "flat curve, no reason"
else
	grep -q '^L1 ' "$tmp/out" || fail "no L1 row in the report"
	grep -qE '^line size: inferred [0-9]+ B \(PAPI [0-9]+\)$' "$tmp/out" ||
		fail "no line size line"
	grep -qE '^associativity: L1 ([0-9]+|not inferred) \(PAPI [0-9-]+\), L2 ([0-9]+|not inferred) \(PAPI [0-9-]+\), L3 not inferred \(PAPI [0-9-]+\)$' \
		"$tmp/out" || fail "no associativity line"
	# Every level's associativity comes with what the chases showed.
	for w in '  L2 by address: ' '  L2 by conflict: ' '  L3: not inferred: '; do
		grep -q "^$w" "$tmp/out" || fail "no '$w' explanation"
	done
	grep -q '^# same-set chase, lines [0-9]* B apart in huge pages' "$tmp/out" ||
		fail "no L2 same-set chase by address"
	[[ $(grep -c '^[0-9]*,[0-9.]*$' "$tmp/out") -ge 78 ]] ||
		fail "paired and same-set chase rows missing"
fi

"$tool" --bogus >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "an unknown option must exit 2"

# The plot, where gnuplot is installed: a PNG and an SVG.
if command -v gnuplot >/dev/null; then
	bash "$src/lab/plot.sh" cachemodel "$tmp/curve.csv" "$tmp/plot" 2>"$tmp/plot.err" ||
		fail "lab/plot.sh cachemodel: $(head -3 "$tmp/plot.err")"
	[[ $(head -c 4 "$tmp/plot.png" | od -An -c | tr -d ' ') == '211PNG' ]] ||
		fail "plot.png is not a PNG"
	grep -q '<svg' "$tmp/plot.svg" || fail "plot.svg is not an SVG"
else
	echo "note: gnuplot not installed, plots not checked"
fi

((failures == 0)) || exit 1
echo "PASS: lab_cachemodel"
