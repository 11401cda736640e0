#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The emulated arm64 PMU machine (tests/pmu-vm/run.sh, the whole of make
# check-pmu): its tests' results, PAPI's own tests there, and the exact
# figures its tests print: PAPI_TOT_INS of a loop (2N + C), overflow
# handler calls and PAPI_profil samples against count / threshold, and what
# the library adds to PAPI_TOT_INS (bench/perturbation.c).
set -uo pipefail
export PAPI_PMU_BUILD=$FIG_WORK/vm
export PAPI_PMU_CACHE=${PAPI_PMU_CACHE:-$SRC/build-pmu-vm/cache}
export PAPI_PMU_HOST_RESULTS=${PAPI_PMU_HOST_RESULTS:-$BUILD/conformance/results.txt}
out=$(bash "$SRC/tests/pmu-vm/run.sh" 2>&1)
rc=$?
echo "$out"
grep -q '^check-pmu: SKIPPED' <<<"$out" && { grep '^check-pmu' <<<"$out" >&2; exit 77; }
C=$PAPI_PMU_BUILD/console.log
[ -f "$C" ] || exit 1
cmd="make check-pmu"
hw=$(grep -E '^pmu-vm: [0-9]+ passed' <<<"$out" | tail -1 | sed 's/^pmu-vm: //')
printf 'FIGURE\tvm.tests\t%s\t%s\n' "$hw" "$cmd"
conf=$(sed -n 's/^conformance (arm64 PMU VM): \([0-9]* passed.*\)/\1/p' <<<"$out" | tail -1)
[ -n "$conf" ] && printf 'FIGURE\tvm.conformance\t%s\t%s\n' "$conf" "$cmd"
fit=$(sed -n 's/^ *fit: instructions = \(.*\)$/\1/p' "$C" | sort -u | paste -sd';')
printf 'FIGURE\tvm.tot_ins_fit\t%s\t%s (tests/hw/test_hw_ins)\n' "$fit" "$cmd"
ov=$(sed -n 's/^PAPI_TOT_CYC: count \([0-9]*\), threshold \([0-9]*\): \([0-9]*\) calls.*/\3 handler calls for \1 cycles at threshold \2/p' "$C" | head -1)
[ -n "$ov" ] && printf 'FIGURE\tvm.overflow_calls\t%s\t%s (tests/api/test_overflow)\n' "$ov" "$cmd"
pr=$(sed -n 's/^\([0-9]*\)-bit buckets: \([0-9]*\) samples (count\/threshold \([0-9.]*\)).*/\2 samples (\1-bit), count\/threshold \3/p' "$C" | paste -sd';' | sed 's/;/; /g')
[ -n "$pr" ] && printf 'FIGURE\tvm.profil_samples\t%s\t%s (tests/api/test_profil)\n' "$pr" "$cmd"
pt=$(awk '$1 == "user" && ($2 == 1 || $2 == 2) { ss[$2] = $3; rd[$2] = $NF }
	END { if (ss[1] != "") printf "start+stop %s / %s, per PAPI_read %s / %s instructions (1 / 2 events, user)", ss[1], ss[2], rd[1], rd[2] }' "$C")
[ -n "$pt" ] && printf 'FIGURE\tvm.perturbation\t%s\t%s (bench/perturbation.c)\n' "$pt" "$cmd"
exit $rc
