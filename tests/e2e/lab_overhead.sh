#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# lab/overhead in --quick mode: the thesis's statistics for PAPI_read after
# each element copy, STREAM vector operation and Sobel pixel, and a plain
# read loop; the table and CSV have their shape and the statistics are in
# order (min <= p25 <= p50 <= p75 <= p99 <= max). No cost thresholds.
# Exit: 0 pass, 77 skip, 1 fail.
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
bin=${PAPI_BIN:-${PAPI_BUILD:-$src/build}/bin}
tool=$bin/papi_overhead
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

"$tool" --quick --csv "$tmp/ov.csv" >"$tmp/out" 2>"$tmp/err"
rc=$?
if [[ $rc -eq 77 ]]; then
	echo "SKIP: $(cat "$tmp/out")"
	exit 77
fi
[[ $rc -eq 0 ]] || fail "--quick exited $rc: $(head -5 "$tmp/err")"
head -1 "$tmp/ov.csv" |
	grep -qx 'kernel,reads,min,p25,p50,p75,p99,max,mean,std,instrumented_ms,plain_ms,ratio,ins_per_read,cyc_per_read,path' ||
	fail "CSV header: $(head -1 "$tmp/ov.csv")"
for k in element_copy stream_vector_op sobel_pixel read_loop; do
	grep -q "^$k," "$tmp/ov.csv" || fail "no row for $k"
done
# Read counts follow from the quick sizes: 20000 copies, 5 rounds x 4
# STREAM operations, (192-2) x (120-2) Sobel pixels.
grep -q '^element_copy,20000,' "$tmp/ov.csv" || fail "element_copy reads"
grep -q '^stream_vector_op,20,' "$tmp/ov.csv" || fail "stream reads"
grep -q '^sobel_pixel,22420,' "$tmp/ov.csv" || fail "sobel reads"
awk -F, 'NR > 1 && !($3 <= $4 && $4 <= $5 && $5 <= $6 && $6 <= $7 && $7 <= $8 && $3 > 0) { exit 1 }' \
	"$tmp/ov.csv" || fail "statistics out of order"
awk -F, 'NR > 1 && $1 != "read_loop" && !($13 > 0) { exit 1 }' "$tmp/ov.csv" ||
	fail "a kernel has no instrumented/plain ratio"
grep -q '^# PAPI_read of [0-9] events:' "$tmp/out" || fail "events not named"
# Instructions per read where the set counts them (a PMU), else "-".
if grep -q '^# PAPI_read of [0-9] events:.*PAPI_TOT_INS' "$tmp/out"; then
	awk -F, 'NR > 1 && !($14 > 0) { exit 1 }' "$tmp/ov.csv" ||
		fail "PAPI_TOT_INS counted but no instructions per read"
else
	awk -F, 'NR > 1 && $14 != "-" { exit 1 }' "$tmp/ov.csv" ||
		fail "instructions per read without PAPI_TOT_INS"
fi
"$tool" --domain bogus >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "--domain bogus must exit 2"

# The plot, where gnuplot is installed: a PNG and an SVG.
if command -v gnuplot >/dev/null; then
	bash "$src/lab/plot.sh" overhead "$tmp/ov.csv" "$tmp/plot" 2>"$tmp/plot.err" ||
		fail "lab/plot.sh overhead: $(head -3 "$tmp/plot.err")"
	[[ $(head -c 4 "$tmp/plot.png" | od -An -c | tr -d ' ') == '211PNG' ]] ||
		fail "plot.png is not a PNG"
	grep -q '<svg' "$tmp/plot.svg" || fail "plot.svg is not an SVG"
else
	echo "note: gnuplot not installed, plots not checked"
fi

((failures == 0)) || exit 1
echo "PASS: lab_overhead"
