#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
#
# The labs (lab/, docs/labs.md) on a machine with a hardware PMU, each in
# --quick mode: they must find the counters and use them.
#   papi_matmul: PAPI_TOT_CYC and PAPI_TOT_INS columns, non-zero for every
#     variant; instruction counts in the lecture's order (the inner loop over
#     a row, ikj and kij, takes fewer than the dot products, ijk, and the
#     column walks, jki and kji, take the most of the three); speedups in
#     clocks; events that are listed but count 0 said so, with no hit rate
#     made from them; OpenBLAS there or said to be skipped.
#   papi_cachemodel: cycles and instructions per load in its curve; where the
#     curve is flat (QEMU has no cache model) it must say so and infer
#     nothing, elsewhere the usual report.
#   papi_overhead: PAPI_read's cost in instructions, counted in the user
#     and all domains, with user-space reads and with PAPI_RDPMC=0 (every
#     read a system call): counted in all domains the system call costs more.
#   papi_membw: runs, with thread 0's instructions per element.
# Their output is printed whole: docs/labs.md quotes the PMU VM's figures.
#
# POSIX sh (busybox in the PMU VM). The tools come from $PAPI_BIN when set,
# else from PATH. Exit 0 pass, 1 fail, 77 skip (no PMU, or labs not built).
bin=${PAPI_BIN:+$PAPI_BIN/}
tmp=${TMPDIR:-/tmp}/test_hw_labs.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

for t in papi_matmul papi_cachemodel papi_overhead papi_membw; do
	if ! command -v "$bin$t" >/dev/null 2>&1; then
		echo "SKIP: $bin$t not built (the labs are not in this build)"
		exit 77
	fi
done

# run NAME ARGS...: output in $tmp/NAME.out, shown whole; 0 if it exited 0.
run() {
	name=$1
	shift
	"$@" >"$tmp/$name.out" 2>"$tmp/$name.err" </dev/null
	rc=$?
	echo "--- $* (exit $rc)"
	cat "$tmp/$name.out"
	[ $rc = 0 ] || { fail "$* exited $rc"; sed 's/^/   | /' "$tmp/$name.err"; }
	return $rc
}

# col CSV NAME: the column number of NAME in CSV's header, or nothing.
col() {
	head -1 "$1" | tr ',' '\n' | grep -n -x "$2" | cut -d: -f1
}

# ---- matmul ---------------------------------------------------------------
run mm "${bin}papi_matmul" --quick --csv "$tmp/mm.csv"
if grep -q '^# not counted here:.*PAPI_TOT_INS (' "$tmp/mm.out"; then
	echo "SKIP: PAPI_TOT_INS cannot be counted here (no hardware PMU)"
	exit 77
fi
ci=$(col "$tmp/mm.csv" PAPI_TOT_INS)
cc=$(col "$tmp/mm.csv" PAPI_TOT_CYC)
cs=$(col "$tmp/mm.csv" speedup_clk)
if [ -z "$ci" ] || [ -z "$cc" ]; then
	fail "papi_matmul: no PAPI_TOT_INS / PAPI_TOT_CYC column"
else
	awk -F, -v i="$ci" -v c="$cc" -v s="$cs" \
		'NR > 1 && !($i > 0 && $c > 0 && $s > 0) { print "   | " $0; bad = 1 }
		END { exit bad }' "$tmp/mm.csv" ||
		fail "papi_matmul: a variant without instructions, cycles or a speedup in clocks"
	ins() { awk -F, -v i="$ci" -v v="$1" '$1 == v { print $i }' "$tmp/mm.csv"; }
	for pair in ikj:ijk kij:jik ikj:jki kij:kji blocked_l1:ijk unrolled:ijk; do
		a=${pair%%:*} b=${pair##*:}
		[ "$(ins "$a")" -lt "$(ins "$b")" ] 2>/dev/null ||
			fail "papi_matmul: $a ($(ins "$a") instructions) not below $b ($(ins "$b"))"
	done
fi
[ "$(grep -c ',ok$' "$tmp/mm.csv")" -ge 11 ] || fail "papi_matmul: not 11 checked variants"
grep -q '^openblas,.*,ok$' "$tmp/mm.csv" || grep -q '^# openblas: skipped' "$tmp/mm.out" ||
	fail "papi_matmul: no OpenBLAS row and no 'skipped' line"
# Cache events that count 0 (listed by an emulated PMU) give no hit rates.
if grep -qE '^# counted 0 over every variant:.*(L1D_CACHE|PAPI_L1_DC)' "$tmp/mm.out"; then
	h=$(col "$tmp/mm.csv" L1_hit%)
	awk -F, -v h="$h" 'NR > 1 && $h != "-" { exit 1 }' "$tmp/mm.csv" ||
		fail "papi_matmul: L1 hit rates from events that counted 0"
fi

# ---- cachemodel -----------------------------------------------------------
run cm "${bin}papi_cachemodel" --quick --csv "$tmp/cm.csv"
for e in PAPI_TOT_CYC PAPI_TOT_INS; do
	k=$(col "$tmp/cm.csv" "${e}_per_load")
	if [ -z "$k" ]; then
		fail "papi_cachemodel: no ${e}_per_load column"
	else
		awk -F, -v k="$k" 'NR > 1 && !($k > 0) { exit 1 }' "$tmp/cm.csv" ||
			fail "papi_cachemodel: ${e}_per_load not positive everywhere"
	fi
done
if grep -q '^no cache levels seen: ' "$tmp/cm.out"; then
	grep -q '^this machine has no cache model' "$tmp/cm.out" ||
		grep -q '^--max too small' "$tmp/cm.out" ||
		fail "papi_cachemodel: a flat curve without the reason"
	grep -q -e '^line size: inferred' -e '^associativity: ' "$tmp/cm.out" &&
		fail "papi_cachemodel: inferred a line or associativity from a flat curve"
else
	grep -q '^L1 ' "$tmp/cm.out" || fail "papi_cachemodel: no L1 in the report"
	grep -q '^associativity: ' "$tmp/cm.out" ||
		fail "papi_cachemodel: no associativity line"
fi

# ---- overhead -------------------------------------------------------------
# read_loop's instructions per read (column ins_per_read) in a CSV.
per_read() {
	k=$(col "$1" ins_per_read)
	awk -F, -v k="${k:-0}" '$1 == "read_loop" { print $k }' "$1"
}
for mode in user all; do
	for path in fast syscall; do
		n=ov_${mode}_$path
		if [ $path = fast ]; then
			run "$n" "${bin}papi_overhead" --quick --domain $mode --csv "$tmp/$n.csv"
		else
			run "$n" env PAPI_RDPMC=0 "${bin}papi_overhead" --quick \
				--domain $mode --csv "$tmp/$n.csv"
		fi
		grep -q '^# PAPI_read of 2 events: PAPI_TOT_CYC PAPI_TOT_INS;' "$tmp/$n.out" ||
			fail "papi_overhead ($mode, $path): not counting PAPI_TOT_CYC PAPI_TOT_INS"
		k=$(col "$tmp/$n.csv" ins_per_read)
		awk -F, -v k="${k:-0}" 'NR > 1 && !($k > 0) { exit 1 }' "$tmp/$n.csv" ||
			fail "papi_overhead ($mode, $path): instructions per read not positive"
	done
done
grep -q ',syscall(PAPI_RDPMC=0)$' "$tmp/ov_all_syscall.csv" ||
	fail "papi_overhead: PAPI_RDPMC=0 not reported as the syscall path"
if grep -q '^# PAPI_read of .*; counting all;' "$tmp/ov_all_fast.out"; then
	f=$(per_read "$tmp/ov_all_fast.csv")
	s=$(per_read "$tmp/ov_all_syscall.csv")
	awk -v f="$f" -v s="$s" 'BEGIN { exit !(s > f) }' ||
		fail "papi_overhead: a read through the system call ($s instructions) not dearer than in user space ($f)"
	echo "--- PAPI_read, read_loop, instructions per read (user and kernel): user-space read $f, system call $s"
fi

# ---- membw ----------------------------------------------------------------
run bw "${bin}papi_membw" --quick --csv "$tmp/bw.csv"
k=$(col "$tmp/bw.csv" PAPI_TOT_INS_per_elem)
if [ -z "$k" ]; then
	fail "papi_membw: no PAPI_TOT_INS_per_elem column"
else
	awk -F, -v k="$k" 'NR > 1 && !($k > 0) { exit 1 }' "$tmp/bw.csv" ||
		fail "papi_membw: instructions per element not positive"
fi

if [ $fails != 0 ]; then
	echo "test_hw_labs: $fails failure(s)"
	exit 1
fi
echo "test_hw_labs: PASS"
exit 0
