#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# papi_membw beside likwid-bench (Debian's likwid; runs without a PMU) for
# the matching kernels, on 1 and 2 threads, on the same statistics:
#
#   mean  likwid-bench times its whole run (all iterations between two
#         barriers) and reports bytes over that time: a mean. papi_membw's
#         mean_GB_s is the same quantity over its passes. Each tool's runs
#         are averaged over the rounds.
#   best  papi_membw's GB_s is its fastest single pass; likwid-bench has no
#         per-pass figure, so its best is the fastest of its runs' means.
#         That favours ours by construction: the mean is the fair figure.
#
# Same work for both: the same array size per stream (papi_membw --size,
# MiB per array; likwid-bench's size is all streams together, so it is
# given streams x that), each thread faulting in its own slice (-W, as
# papi_membw does), threads pinned one per CPU.
#
# Each pair is measured back to back (ours and likwid's, for one kernel and
# thread count), who goes first alternating from round to round, the pairs
# interleaved ROUNDS times: on a shared VM the bandwidth swings within
# minutes (other tenants, and where the host places the two vCPUs), so only
# figures taken side by side compare. Before each pair the script waits (up
# to MEMBW_QUIET_S seconds, 10; 0: not at all) for a second in which the
# CPUs were at least 90% idle, so that the pair does not start inside
# someone else's build; it runs anyway when none comes.
#
# Usage: compare_likwid.sh [PAPI_BIN] [ROUNDS]; prints CSV on stdout, one
# line per run on stderr. MEMBW_MIB (256) sets the array size.
set -u
bin=${1:-${PAPI_BIN:-build/bin}}
rounds=${2:-4}
mib=${MEMBW_MIB:-256}
quiet_s=${MEMBW_QUIET_S:-10}
command -v likwid-bench >/dev/null || {
	echo "likwid-bench not installed (apt-get install likwid)" >&2
	exit 77
}
[[ -x $bin/papi_membw ]] || {
	echo "no $bin/papi_membw (build the papi_membw target)" >&2
	exit 2
}

# The widest vector width the CPU has; ours -> likwid's kernel names, with
# the number of arrays each streams (likwid's size counts all of them).
if grep -qw avx512f /proc/cpuinfo; then
	v=avx512
elif grep -qw avx /proc/cpuinfo; then
	v=avx
else
	v=sse
fi
pairs="read_$v:load_$v:1 write:store_$v:1 write_nt_$v:store_mem_$v:1
copy:copy_$v:2 copy_nt_$v:copy_mem_$v:2"

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Idle and iowait over all CPUs against all time, from /proc/stat's first
# line, over one second.
quiet() {
	local i a b
	for ((i = 0; i < quiet_s; i++)); do
		read -ra a </proc/stat
		sleep 1
		read -ra b </proc/stat
		awk -v a="${a[*]}" -v b="${b[*]}" 'BEGIN {
			split(a, x); split(b, y)
			for (j = 2; j <= 9; j++) t += y[j] - x[j]
			idle = y[5] + y[6] - x[5] - x[6]
			exit !(t > 0 && idle >= 0.9 * t) }' && return 0
	done
	((quiet_s == 0)) || echo "# no quiet second in ${quiet_s} s: running anyway" >&2
}
# One line per run in $log: TOOL KERNEL THREADS MEAN BEST (GB/s).
ours_run() { # KERNEL THREADS
	local l
	l=$("$bin/papi_membw" --size "$mib" --kernel "$1" --threads-from "$2" \
		--threads "$2" --csv /dev/stdout 2>/dev/null |
		awk -F, -v k="$1" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i }
			$1 == k { print $c["mean_GB_s"], $c["GB_s"] }' | tail -1)
	[[ -n $l ]] && echo "ours $1 $2 $l" | tee -a "$log" >&2
}
likwid_run() { # KERNEL THREADS STREAMS
	local m
	m=$(likwid-bench -t "$1" -W "S0:$(($3 * mib * 1048576))B:$2" 2>/dev/null |
		awk '/^MByte\/s:/ { printf "%.2f", $2 / 1000 }')
	[[ -n $m ]] && echo "likwid $1 $2 $m $m" | tee -a "$log" >&2
}
for ((r = 0; r < rounds; r++)); do
	for t in 1 2; do
		for p in $pairs; do
			IFS=: read -r ours lk ns <<<"$p"
			quiet
			if ((r % 2 == 0)); then
				ours_run "$ours" "$t"
				likwid_run "$lk" "$t" "$ns"
			else
				likwid_run "$lk" "$t" "$ns"
				ours_run "$ours" "$t"
			fi
		done
	done
done

echo "threads,papi_membw,likwid_bench,ours_mean,likwid_mean,mean_ratio,ours_best,likwid_best,best_ratio"
for t in 1 2; do
	for p in $pairs; do
		IFS=: read -r ours lk ns <<<"$p"
		awk -v o="$ours" -v l="$lk" -v t="$t" '
			$3 == t && ($2 == o || $2 == l) {
				k = $2 == o ? "o" : "l"
				sum[k] += $4; n[k]++
				if ($5 > best[k]) best[k] = $5
			}
			function avg(k) { return n[k] ? sum[k] / n[k] : 0 }
			function ratio(a, b) { return a > 0 && b > 0 ? sprintf("%.2f", a / b) : "" }
			function num(x) { return x > 0 ? sprintf("%.2f", x) : "" }
			END {
				printf "%s,%s,%s,%s,%s,%s,%s,%s,%s\n", t, o, l,
					num(avg("o")), num(avg("l")), ratio(avg("o"), avg("l")),
					num(best["o"]), num(best["l"]), ratio(best["o"], best["l"])
			}' "$log"
	done
done
