#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# The utilities on a machine with a hardware PMU: papi_component_avail shows
# the perf_event component with its counters (> 0) and the core PMU,
# papi_avail -a shows the counters and the presets PAPI_TOT_INS and
# PAPI_TOT_CYC, papi_native_avail lists the core PMU's events, and
# papi_avail -e / papi_native_avail -e describe one of them.
#
# POSIX sh (busybox in the PMU VM). The utilities come from $PAPI_BIN when
# set, else from PATH. Exit 0 pass, 1 fail, 77 skip (no hardware PMU).
bin=${PAPI_BIN:+$PAPI_BIN/}
tmp=${TMPDIR:-/tmp}/test_hw_utils.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

run() { # run OUT PROG ARGS...: output in $tmp/OUT; shown on failure
	out=$1
	prog=$2
	shift 2
	"$bin$prog" "$@" >"$tmp/$out" 2>&1
	rc=$?
	if [ $rc != 0 ]; then
		fail "$prog $* exited $rc"
		sed 's/^/   | /' "$tmp/$out"
	fi
	return $rc
}

for u in papi_avail papi_native_avail papi_component_avail; do
	if ! command -v "$bin$u" >/dev/null 2>&1; then
		echo "FAIL: $bin$u not found"
		exit 1
	fi
done

run avail papi_avail -a
if ! grep -q '^PAPI_TOT_INS ' "$tmp/avail"; then
	counters=$(sed -n 's/^Number Hardware Counters *: *//p' "$tmp/avail")
	echo "SKIP: PAPI_TOT_INS not available: no hardware PMU" \
		"(papi_avail -a does not list it;" \
		"Number Hardware Counters: ${counters:-?})"
	exit 77
fi
echo "--- papi_avail -a"
cat "$tmp/avail"
n=$(sed -n 's/^Number Hardware Counters *: *//p' "$tmp/avail")
[ "${n:-0}" -gt 0 ] 2>/dev/null ||
	fail "papi_avail -a: Number Hardware Counters is '${n}', not > 0"
grep -q '^PAPI_TOT_CYC ' "$tmp/avail" ||
	fail "papi_avail -a does not list PAPI_TOT_CYC"

run comp papi_component_avail
echo "--- papi_component_avail"
cat "$tmp/comp"
# The active component's lines: "Name:   perf_event ..." then
# "Native: N, Preset: N, Counters: N" and "PMUs supported: a, b, c".
act=$(sed -n '/^Active components/,$p' "$tmp/comp")
echo "$act" | grep -q '^Name: *perf_event' ||
	fail "papi_component_avail: perf_event is not an active component"
c=$(echo "$act" | sed -n 's/.*Counters: *\([0-9]*\).*/\1/p' | head -1)
[ "${c:-0}" -gt 0 ] 2>/dev/null ||
	fail "papi_component_avail: perf_event has '${c}' counters, not > 0"
p=$(echo "$act" | sed -n 's/.*Preset: *\([0-9]*\).*/\1/p' | head -1)
[ "${p:-0}" -ge 2 ] 2>/dev/null ||
	fail "papi_component_avail: perf_event has '${p}' presets, not >= 2"
pmus=$(echo "$act" | sed -n 's/.*PMUs supported: *//p' | head -1)
core=$(echo "$pmus" | tr ',' '\n' | tr -d ' ' | grep -v -x -e perf -e perf_raw -e '' | head -1)
[ -n "$core" ] ||
	fail "papi_component_avail: no core PMU among 'PMUs supported: $pmus'"

run native papi_native_avail
total=$(sed -n 's/^Total events reported: *//p' "$tmp/native")
echo "--- papi_native_avail: $total events; core PMU '$core'; lines naming it:"
grep "$core::" "$tmp/native" | head -20
[ "${total:-0}" -gt 0 ] 2>/dev/null ||
	fail "papi_native_avail: Total events reported is '${total}'"
if [ -n "$core" ]; then
	k=$(grep -c "| $core::" "$tmp/native")
	[ "$k" -gt 0 ] ||
		fail "papi_native_avail lists no event of the core PMU $core"
fi
case $(uname -m) in
aarch64)
	for e in INST_RETIRED CPU_CYCLES; do
		grep -q "| $core::$e " "$tmp/native" ||
			fail "papi_native_avail does not list $core::$e"
	done
	# The kernel's own PMU and its aliases, perf's sysfs syntax.
	grep -q '| armv8_pmuv3[_0-9]*/inst_retired/ ' "$tmp/native" ||
		fail "papi_native_avail does not list armv8_pmuv3/inst_retired/"
	if run ne papi_native_avail -e INST_RETIRED; then
		echo "--- papi_native_avail -e INST_RETIRED"
		cat "$tmp/ne"
		grep -q 'INST_RETIRED' "$tmp/ne" ||
			fail "papi_native_avail -e INST_RETIRED does not name it"
	fi
	;;
esac

if run pe papi_avail -e PAPI_TOT_INS; then
	echo "--- papi_avail -e PAPI_TOT_INS"
	cat "$tmp/pe"
	grep -qiE 'Native Code\[0\]: .*(PERF_COUNT_HW_INSTRUCTIONS|INST_RETIRED|INSTRUCTIONS)' "$tmp/pe" ||
		fail "papi_avail -e PAPI_TOT_INS does not show its native event"
fi

if [ $fails != 0 ]; then
	echo "test_hw_utils: $fails failure(s)"
	exit 1
fi
echo "test_hw_utils: PASS"
exit 0
