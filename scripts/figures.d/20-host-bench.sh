#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# This host's timed ratios against their floors (bench/ratio: PAPI_read vs a
# raw group read(), start+stop vs raw ENABLE+DISABLE+read(), medians, three
# runs), system calls per call (bench/syscalls), PAPI_REF_CYC per
# TASK-CLOCK ns (matmul_tour) and the cost of a software-event overflow
# sample (tests/api/test_overflow).
set -uo pipefail
B=$BUILD/bench
reads=() ss=()
for i in 1 2 3; do
	out=$("$B/ratio" 200000) || exit 1
	echo "$out"
	reads+=("$(awk '/^PAPI_read vs/ { print $(NF-3) }' <<<"$out")")
	ss+=("$(awk '/^PAPI_start\+stop vs/ { print $(NF-3) }' <<<"$out")")
	head=$(head -1 <<<"$out")
done
kind=$(sed -n 's/^bench\/ratio: \([^;]*\);.*/\1/p' <<<"$head")
join() { local out; out=$(printf '%s, ' "$@"); echo "${out%, }"; }
printf 'FIGURE\thost.read_ratio\t%sx (ratio of medians, three runs; %s)\tbuild/bench/ratio 200000\n' \
	"$(join "${reads[@]}")" "$kind"
printf 'FIGURE\thost.startstop_ratio\t%sx (ratio of medians, three runs)\tbuild/bench/ratio 200000\n' \
	"$(join "${ss[@]}")"
sc=$("$B/syscalls" 2>&1) && {
	echo "$sc"
	v=$(awk -F, '$2 == 2 && $1 !~ /add_event/ { printf "%s%s %s", sep, $1, $3; sep = ", " }' <<<"$sc")
	printf 'FIGURE\thost.syscalls\t%s (2 events)\tbuild/bench/syscalls\n' "$v"
}
tour=$("$BUILD/bin/matmul_tour" -n 256 2>&1)
echo "$tour"
ghz=$(awk '$1 == "order" { for (i = 1; i <= NF; i++) if ($i == "TSC_GHz") c = i; next }
	c && ($1 == "ijk" || $1 == "ikj") { printf "%s%s", sep, $c; sep = ", " }' <<<"$tour")
[ -n "$ghz" ] && printf 'FIGURE\thost.refcyc_per_ns\t%s (ijk, ikj rows)\tbuild/bin/matmul_tour -n 256\n' "$ghz"
ov=$("$BUILD/tests/api_test_overflow" 2>&1)
echo "$ov"
us=$(sed -n 's/^100 us threshold: .*: \([0-9.]*\) us per sample.*/\1/p' <<<"$ov")
[ -n "$us" ] && printf 'FIGURE\thost.overflow_sample_us\t%s µs per sample (perf::TASK-CLOCK every 100 µs)\tbuild/tests/api_test_overflow\n' "$us"
exit 0
