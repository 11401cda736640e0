#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Draws a lab tool's CSV as PNG and SVG with gnuplot (Debian's gnuplot-nox).
# Usage: lab/plot.sh matmul|cachemodel|membw|overhead CSV OUT_PREFIX
# writes OUT_PREFIX.png and OUT_PREFIX.svg. Exit 77 when gnuplot is missing.
set -eu
kind=${1:?kind} csv=${2:?csv} out=${3:?out prefix}
command -v gnuplot >/dev/null || {
	echo "gnuplot not installed (apt-get install gnuplot-nox)" >&2
	exit 77
}
tmp=$(mktemp) gp=$(mktemp)
trap 'rm -f "$tmp" "$gp"' EXIT
sep="set datafile separator ','"

case $kind in
matmul)
	# One bar per variant, MFLOP/s on a log scale (ijk to OpenBLAS spans
	# three decades).
	body="set style fill solid 0.6; set boxwidth 0.7; set logscale y
set ylabel 'MFLOP/s'; set xtics rotate by -45; set grid y
set title 'Matrix multiply, one thread'
plot '$csv' every ::1 using 0:4:xtic(1) with boxes notitle" ;;
cachemodel)
	body="set logscale xy; set xlabel 'array size (bytes)'
set ylabel 'ns per load'; set grid
set title 'Pointer chase latency (random cycle, one element per line)'
plot '$csv' every ::1 using 1:2 with linespoints pt 7 ps 0.5 notitle" ;;
membw)
	# Best GB/s per kernel, one bar group per thread count.
	awk -F, 'NR > 1 { v[$1, $2] = $5; k[$1]; if ($2 > t) t = $2 }
		END { for (x in k) { printf "%s", x
			for (i = 1; i <= t; i++) printf " %s", v[x, i]; print "" } }' \
		"$csv" | sort >"$tmp"
	sep="set datafile separator whitespace"
	nt=$(awk -F, 'NR > 1 && $2 > t { t = $2 } END { print t }' "$csv")
	body="set style data histograms; set style histogram cluster gap 1
set style fill solid 0.6; set ylabel 'GB/s'; set xtics rotate by -45
set grid y; set title 'Memory bandwidth, best of K'
plot for [i=2:$((nt + 1))] '$tmp' using i:xtic(1) title sprintf('%d thread(s)', i - 1)" ;;
overhead)
	# The thesis's box plots: p25..p75 box, p50 line, min and p99 whiskers.
	body="set style fill empty; set boxwidth 0.5; set logscale y
set ylabel 'cycles per PAPI_read'; set grid y
set title 'PAPI_read cost inside kernels'
plot '$csv' every ::1 using 0:4:3:7:6:xtic(1) with candlesticks \\
	notitle, '' every ::1 using 0:5:5:5:5 with \\
	candlesticks lt -1 notitle" ;;
*)
	echo "unknown kind $kind" >&2
	exit 2 ;;
esac
for term in "pngcairo size 900,600:png" "svg size 900,600:svg"; do
	printf '%s\nset terminal %s noenhanced\nset output "%s"\n%s\n' "$sep" \
		"${term%%:*}" "$out.${term##*:}" "$body" >"$gp"
	gnuplot "$gp"
done
ls "$out.png" "$out.svg" >/dev/null
