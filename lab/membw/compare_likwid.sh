#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# papi_membw beside likwid-bench (Debian's likwid; runs without a PMU) for
# the matching kernels, on 1 and 2 threads. Each pair is measured back to
# back (ours and likwid's, for one kernel and thread count, in turns), the
# pairs are interleaved ROUNDS times and the best of each kept: on a shared VM
# the bandwidth swings 2-3x within minutes (two vCPUs are placed well or
# badly by the host, MACHINE.md), so only best-of figures taken side by
# side compare.
# Usage: compare_likwid.sh [PAPI_BIN] [ROUNDS]; prints CSV.
set -u
bin=${1:-${PAPI_BIN:-build/bin}}
rounds=${2:-6}
command -v likwid-bench >/dev/null || { echo "likwid-bench not installed (apt-get install likwid)" >&2; exit 77; }

declare -A best
keep() { # KEY VALUE
	awk -v a="${best[$1]:-0}" -v b="$2" 'BEGIN { exit !(b > a) }' && best[$1]=$2
}
# ours -> likwid's kernel names (widest vector width).
pairs="read_avx512:load_avx512 write:store_avx512 write_nt_avx512:store_mem_avx512 copy:copy_avx512 copy_nt_avx512:copy_mem_avx512"
ours_run() { # KERNEL THREADS
	local v
	v=$("$bin/papi_membw" --kernel "$1" --threads-from "$2" --threads "$2" \
		--csv /dev/stdout 2>/dev/null |
		awk -F, -v k="$1" '$1 == k { print $5 }' | tail -1)
	[[ -n $v ]] && keep "$1/$2" "$v"
}
likwid_run() { # KERNEL THREADS
	local v
	v=$(likwid-bench -t "$1" -w "S0:768MB:$2" 2>/dev/null |
		awk '/^MByte\/s:/ { printf "%.2f", $2 / 1000 }')
	[[ -n $v ]] && keep "$1/$2" "$v"
}
# Who goes first alternates from round to round, so that neither tool is
# the one that always meets the machine just after the other.
for ((r = 0; r < rounds; r++)); do
	for t in 1 2; do
		for p in $pairs; do
			ours=${p%%:*} lk=${p##*:}
			if ((r % 2 == 0)); then
				ours_run "$ours" "$t"
				likwid_run "$lk" "$t"
			else
				likwid_run "$lk" "$t"
				ours_run "$ours" "$t"
			fi
		done
	done
done
echo "threads,papi_membw_kernel,GB_s,likwid_kernel,GB_s"
for t in 1 2; do
	for p in $pairs; do
		ours=${p%%:*} lk=${p##*:}
		echo "$t,$ours,${best[$ours/$t]:-},$lk,${best[$lk/$t]:-}"
	done
done
