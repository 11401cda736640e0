#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# papi_membw beside likwid-bench (Debian's likwid; runs without a PMU) for
# the matching kernels, on 1 and 2 threads, interleaved ROUNDS times and the
# best of each kept: on a shared VM the bandwidth swings 2-3x within
# minutes, so only best-of figures taken side by side compare.
# Usage: compare_likwid.sh [PAPI_BIN] [ROUNDS]; prints CSV.
set -u
bin=${1:-${PAPI_BIN:-build/bin}}
rounds=${2:-3}
command -v likwid-bench >/dev/null || { echo "likwid-bench not installed (apt-get install likwid)" >&2; exit 77; }

declare -A best
keep() { # KEY VALUE
	awk -v a="${best[$1]:-0}" -v b="$2" 'BEGIN { exit !(b > a) }' && best[$1]=$2
}
# ours -> likwid's kernel names (widest vector width).
pairs="read_avx512:load_avx512 write:store_avx512 write_nt_avx512:store_mem_avx512 copy:copy_avx512 copy_nt_avx512:copy_mem_avx512"
for ((r = 0; r < rounds; r++)); do
	"$bin/papi_membw" --csv /dev/stdout 2>/dev/null |
		awk -F, '$2 ~ /^[0-9]+$/ { print $1, $2, $5 }' >/tmp/membw.$$
	for t in 1 2; do
		for p in $pairs; do
			ours=${p%%:*} lk=${p##*:}
			v=$(awk -v k="$ours" -v t="$t" '$1 == k && $2 == t { print $3 }' /tmp/membw.$$ | tail -1)
			[[ -n $v ]] && keep "$ours/$t" "$v"
			v=$(likwid-bench -t "$lk" -w "S0:768MB:$t" 2>/dev/null |
				awk '/^MByte\/s:/ { printf "%.2f", $2 / 1000 }')
			[[ -n $v ]] && keep "$lk/$t" "$v"
		done
	done
done
rm -f /tmp/membw.$$
echo "threads,papi_membw_kernel,GB_s,likwid_kernel,GB_s"
for t in 1 2; do
	for p in $pairs; do
		ours=${p%%:*} lk=${p##*:}
		echo "$t,$ours,${best[$ours/$t]:-},$lk,${best[$lk/$t]:-}"
	done
done
