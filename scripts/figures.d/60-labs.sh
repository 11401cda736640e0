#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The labs on this host (docs/labs.md): what papi_cachemodel infers beside
# what PAPI_get_hardware_info states, and papi_matmul at N=1024 (the best
# variant against OpenBLAS dgemm, whole study's time).
set -uo pipefail
B=$BUILD/bin
cm=$("$B/papi_cachemodel" 2>&1) || { echo "$cm"; exit 1; }
echo "$cm"
v=$(awk '$1 == "level" { t = 1; next }
	t && $1 ~ /^L[0-9]$/ { printf "%s%s %s (PAPI %s)", sep, $1, $2, $6; sep = ", " }
	t && NF == 0 { t = 0 }' <<<"$cm")
line=$(sed -n 's/^line size: inferred \(.*\)$/\1/p' <<<"$cm")
assoc=$(sed -n 's/^associativity: \(.*\)$/\1/p' <<<"$cm")
printf 'FIGURE\tlab.cachemodel\tsizes %s; line %s; ways %s\tbuild/bin/papi_cachemodel\n' "$v" "$line" "$assoc"
t0=$SECONDS
mm=$("$B/papi_matmul" -n 1024 2>&1) || { echo "$mm"; exit 1; }
echo "$mm"
secs=$((SECONDS - t0))
best=$(awk '$1 ~ /^(blocked|unrolled|recursive)/ && $NF == "ok" && $4 > b { b = $4; n = $1 }
	$1 == "openblas" { o = $4 } END { if (o) printf "%s %.1f GFLOP/s = %.0f%% of OpenBLAS dgemm (%.1f)", n, b / 1000, 100 * b / o, o / 1000 }' <<<"$mm")
printf 'FIGURE\tlab.matmul_1024\tbest blocked %s; %d s for the whole study\tbuild/bin/papi_matmul -n 1024\n' "$best" "$secs"
exit 0
