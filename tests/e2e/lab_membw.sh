#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# lab/membw in --quick mode: every kernel this CPU supports runs on 1..N
# threads and the table and CSV have their shape (one row per kernel and
# thread count, positive GB/s, bytes counted the STREAM way, the mean of the
# passes beside the best one and never faster than it). No bandwidth
# thresholds: the machines are shared. Exit: 0 pass, 77 skip, 1 fail.
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
bin=${PAPI_BIN:-${PAPI_BUILD:-$src/build}/bin}
tool=$bin/papi_membw
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

"$tool" --quick --threads 2 --csv "$tmp/bw.csv" >"$tmp/out" 2>"$tmp/err"
rc=$?
[[ $rc -eq 0 ]] || fail "--quick exited $rc: $(head -5 "$tmp/err")"
# GB_s (the best pass) stays column 5, where lab/plot.sh reads it; the mean
# follows; thread 0's instructions and cycles per element where counted.
head -1 "$tmp/bw.csv" | grep -qE '^kernel,threads,bytes,best_ms,GB_s,mean_ms,mean_GB_s(,PAPI_TOT_(INS|CYC)_per_elem)*$' ||
	fail "CSV header: $(head -1 "$tmp/bw.csv")"
nf=$(head -1 "$tmp/bw.csv" | awk -F, '{ print NF }')
awk -F, -v nf="$nf" 'NR > 1 && !(NF == nf && $2 >= 1 && $3 > 0 && $4 > 0 && $5 > 0 && $6 > 0 && $7 > 0) { exit 1 }' \
	"$tmp/bw.csv" || fail "a CSV row is malformed or not positive"
# The mean pass is never shorter than the best one, so its GB/s never
# higher (rounding to the printed digits keeps the order).
awk -F, 'NR > 1 && ($6 < $4 || $7 > $5) { print; exit 1 }' "$tmp/bw.csv" >"$tmp/bad" ||
	fail "mean faster than the best pass: $(cat "$tmp/bad")"
for k in read write copy stream_copy stream_scale stream_add stream_triad; do
	for t in 1 2; do
		grep -q "^$k,$t," "$tmp/bw.csv" || fail "no row for $k on $t threads"
	done
done
# The vector kernels appear exactly when the CPU has the ISA.
for isa in sse2:sse avx:avx avx512f:avx512; do
	flag=${isa%%:*} sfx=${isa##*:}
	if grep -qw "$flag" /proc/cpuinfo; then
		grep -q "^write_nt_$sfx,1," "$tmp/bw.csv" || fail "no write_nt_$sfx"
	else
		grep -q "^write_nt_$sfx," "$tmp/bw.csv" && fail "write_nt_$sfx without $flag"
	fi
done
# STREAM's byte counting: copy moves 2 arrays, triad 3, read 1.
r=$(awk -F, '$1 == "read" && $2 == 1 { print $3 }' "$tmp/bw.csv")
c=$(awk -F, '$1 == "stream_copy" && $2 == 1 { print $3 }' "$tmp/bw.csv")
t=$(awk -F, '$1 == "stream_triad" && $2 == 1 { print $3 }' "$tmp/bw.csv")
[[ $c == $((2 * r)) && $t == $((3 * r)) ]] ||
	fail "bytes: read $r, stream_copy $c, stream_triad $t (want 1:2:3)"
grep -q '^# best GB/s over variants and threads: read [0-9.]*, write [0-9.]*, copy [0-9.]*$' \
	"$tmp/out" || fail "no best-of line"
grep -q '^# best mean GB/s over variants and threads: read [0-9.]*, write [0-9.]*, copy [0-9.]*$' \
	"$tmp/out" || fail "no best-of-means line"

"$tool" --threads 0 >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "--threads 0 must exit 2"

# One kernel at one thread count (what lab/membw/compare_likwid.sh runs).
"$tool" --quick --kernel copy --threads-from 2 --threads 2 \
	--csv "$tmp/one.csv" >/dev/null 2>"$tmp/err" || fail "--kernel copy: $(head -3 "$tmp/err")"
[[ $(tail -n +2 "$tmp/one.csv" | cut -d, -f1,2 | tr '\n' ' ') == "copy,2 " ]] ||
	fail "--kernel copy --threads-from 2: rows $(tail -n +2 "$tmp/one.csv" | cut -d, -f1,2 | tr '\n' ' ')"
"$tool" --kernel no_such_kernel >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "an unknown --kernel must exit 2"
"$tool" --threads 1 --threads-from 2 >/dev/null 2>&1
[[ $? -eq 2 ]] || fail "--threads-from past --threads must exit 2"

# The plot, where gnuplot is installed: a PNG and an SVG.
if command -v gnuplot >/dev/null; then
	bash "$src/lab/plot.sh" membw "$tmp/bw.csv" "$tmp/plot" 2>"$tmp/plot.err" ||
		fail "lab/plot.sh membw: $(head -3 "$tmp/plot.err")"
	[[ $(head -c 4 "$tmp/plot.png" | od -An -c | tr -d ' ') == '211PNG' ]] ||
		fail "plot.png is not a PNG"
	grep -q '<svg' "$tmp/plot.svg" || fail "plot.svg is not an SVG"
else
	echo "note: gnuplot not installed, plots not checked"
fi

((failures == 0)) || exit 1
echo "PASS: lab_membw"
