#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# The emulated arm64 PMU machine (tests/pmu-vm/run.sh, the whole of make
# check-pmu): its tests' results, PAPI's own tests there, where the time
# goes, and the exact figures its tests print (docs/pmu-vm.md): PAPI_TOT_INS
# of a loop (2N + C), what QEMU counts, domains, groups, multiplexing,
# overflow handler calls and PAPI_profil samples against count / threshold,
# and what the library adds to PAPI_TOT_INS (bench/perturbation.c).
set -uo pipefail
export PAPI_PMU_BUILD=$FIG_WORK/vm
export PAPI_PMU_CACHE=${PAPI_PMU_CACHE:-$SRC/build-pmu-vm/cache}
export PAPI_PMU_HOST_RESULTS=${PAPI_PMU_HOST_RESULTS:-$BUILD/conformance/results.txt}
B=$PAPI_PMU_BUILD
fresh="incremental"
[ -d "$B/lib" ] || fresh="a fresh build directory"
# A console left by an earlier run must not pass for this run's.
rm -f "$B/console.log"
# Host times depend on the host's load (counts never do): say what it was.
load0=$(cut -d' ' -f1 /proc/loadavg)
t0=$EPOCHREALTIME
out=$(bash "$SRC/tests/pmu-vm/run.sh" 2>&1)
rc=$?
total=$(awk -v a="$t0" -v b="$EPOCHREALTIME" -v l0="$load0" -v l1="$(cut -d' ' -f1 /proc/loadavg)" 'BEGIN {
	s = int(b - a + 0.5); printf "%d min %d s (host load average %s at the start, %s at the end)", s / 60, s % 60, l0, l1 }')
echo "$out"
grep -q '^check-pmu: SKIPPED' <<<"$out" && { grep '^check-pmu' <<<"$out" >&2; exit 77; }
[ -f "$B/console.log" ] || exit 1
C=$B/console.log
cmd="make check-pmu"
fig() { [ -n "$2" ] && printf 'FIGURE\t%s\t%s\t%s\n' "$1" "$2" "$3"; }
# The lines of test $1 in the console.
section() { sed -n "/^=== RUN $1\$/,/^=== EXIT $1 /p" "$C"; }

# ---- results ----------------------------------------------------------------
hw=$(grep -E '^pmu-vm: [0-9]+ passed' <<<"$out" | tail -1 | sed 's/^pmu-vm: //')
fig vm.tests "$hw" "$cmd"
conf=$(sed -n 's/^conformance (arm64 PMU VM): \([0-9]* passed.*\)/\1/p' <<<"$out" | tail -1)
fig vm.conformance "$conf" "$cmd"
fig vm.conformance.skipped "$(sed -n 's/.* \([0-9]*\) skipped.*/\1/p' <<<"$conf")" "$cmd"
fig vm.conformance.of "$(sed -n 's/.* of \([0-9]*\)$/\1/p' <<<"$conf")" "$cmd"
CL=$B/conformance.log
if [ -n "$conf" ] && [ -f "$CL" ]; then
	fig vm.conformance.perf_event "$(sed -n 's/^components\/perf_event (not in the total above): //p' "$CL")" "$cmd"
	fig vm.conformance.ftests "$(sed -n 's/^ftests, Fortran (not in the total above): //p' "$CL")" "$cmd"
	# PAPI's tests in the totals (ctests, validation_tests) that pass in
	# the machine and not on the host, by what they did on the host.
	gained=$(awk '/^  (ctests|validation_tests)\/[^:]*: reference [A-Z]+, now PASSED$/ {
			n++; k = $3; sub(/,$/, "", k); c[k]++ }
		END { if (!n) exit
			printf "%d (", n
			for (i = 1; i <= 2; i++) { k = i == 1 ? "SKIPPED" : "FAILED"
				if (k in c) { printf "%s%d %s there", sep, c[k], tolower(k); sep = ", " } }
			for (k in c) if (k != "SKIPPED" && k != "FAILED") { printf "%s%d %s there", sep, c[k], tolower(k); sep = ", " }
			print ")" }' "$CL")
	fig vm.conformance.gained "$gained" "$cmd"
fi
H=$PAPI_PMU_HOST_RESULTS
if [ -f "$H" ]; then
	fig vm.host.perf_event "$(sed -n 's/^# components\/perf_event (not in the total above): //p' "$H")" "tests/conformance/run.sh (host results read by $cmd)"
	fig vm.host.ftests "$(sed -n 's/^# ftests, Fortran (not in the total above): \(.* of [0-9]*\).*/\1/p' "$H")" "tests/conformance/run.sh (host results read by $cmd)"
fi

# ---- where the time goes ----------------------------------------------------
fig vm.time.total "$total" "time $cmd"
sec() { sed -n "s/^pmu-vm: .*$1 \\([0-9.]*\\)s.*/\\1 s/p" <<<"$out" | head -1; }
fig vm.time.setup "$(sec 'setup')" "$cmd"
b=$(sec 'setup [0-9.]*s, arm64 build')
fig vm.time.build "${b:+$b ($fresh)}" "$cmd"
fig vm.time.hw_vm "$(sec 'initramfs + VM')" "$cmd"
fig vm.time.hw_guest "$(awk '/^=== INIT uptime/ { i = $NF } /^=== DONE uptime/ { d = $NF }
	END { if (d != "") printf "/init at %s s, all done at %s s", i, d }' "$C")" "$cmd"
nprog=$(sed -n 's/^\[conformance\] building \([0-9]*\) programs.*/\1/p' "$B/conformance-build.log" 2>/dev/null)
cb=$(sed -n "s/^pmu-vm: PAPI's tests: arm64 build \\([0-9.]*\\)s.*/\\1/p" <<<"$out")
[ -n "$cb" ] && fig vm.time.conf_build "$cb s for $nprog programs ($fresh)" "$cmd"
cv=$(sed -n "s/^pmu-vm: PAPI's tests: .*initramfs + \\([0-9]*\\) VMs \\([0-9.]*\\)s.*/\\2 s in \\1 machines at once/p" <<<"$out")
ms=$(sed -n 's/^pmu-vm: machine [0-9]*: boot \([0-9.]*\)s, all done at \([0-9.]*\)s$/boot \1 s, done after \2 s/p' <<<"$out" | paste -sd';' | sed 's/;/; /g')
[ -n "$cv" ] && fig vm.time.conf_vms "$cv ($ms)" "$cmd"
fig vm.time.slowest "$(sed -n 's/^pmu-vm: slowest (host seconds): //p' <<<"$out" | sed 's/s (guest \([0-9.]*\)s)/ s (\1 guest s)/g')" "$cmd"
# Every test's host seconds ($1 at EXIT less $1 at RUN) and guest seconds
# (EXIT's last field), from the machines' marker times.
if ls "$B"/conformance-hosttimes.* >/dev/null 2>&1 && [ -n "$cv" ]; then
	times=$(cat "$B"/conformance-hosttimes.* | awk '
		$2 == "===" && $3 == "RUN" { t[$4] = $1 }
		$2 == "===" && $3 == "EXIT" && ($4 in t) { printf "%.2f %s %s\n", $1 - t[$4], $4, $6 }' | sort -rn)
	fig vm.time.others "$(awk 'NR > 8 { n++; s += $1 } END { if (n) printf "the other %d tests %.2f s each on average", n, s / n }' <<<"$times")" "$cmd"
	fig vm.time.sleepers "$(awk '$2 == "ctests/realtime" || $2 == "ctests/virttime" {
			printf "%s%s %.2f s", sep, substr($2, 8), $1; sep = ", " }' <<<"$times")" "$cmd"
	fig vm.time.ftests "$(awk '$2 ~ /^ftests\// { s += $1; n++ }
		$2 == "ftests/cost" { c = sprintf("%.0f s for %s guest s", $1, $3) }
		$2 == "ftests/fmultiplex1" { m = sprintf("%.0f s", $1) }
		END { if (n) printf "%.0f s of host time for the %d ftests (ftests/cost %s, fmultiplex1 %s)", s, n, c, m }' <<<"$times")" "$cmd"
	fig vm.size.conf_initrd "$(for f in "$B"/initrd-conformance.*.cpio; do stat -L -c %s "$f"; done |
		awk '{ printf "%s%.0f", sep, $1 / 1e6; sep = " and " } END { print " MB" }')" "$cmd"
	fig vm.size.conf_program "$(find -L "$B"/initramfs-conformance.*/conformance -type f ! -name list -printf '%s\n' |
		awk '{ s += $1; n++ } END { if (n) printf "%.2f MB on average", s / n / 1e6 }')" "$cmd"
fi
fig vm.size.cache "$(du -sm "$PAPI_PMU_CACHE" | awk '{ print $1 " MB" }')" "du -sm build-pmu-vm/cache (after $cmd)"

# ---- the machine ------------------------------------------------------------
fig vm.dmesg_pmu "$(sed -n 's/^=== PMU \(hw perfevents: .*\)/\1/p' "$C" | head -1)" "$cmd"
fig vm.clock "$(section test_hwinfo | sed -n 's/^clock: \([0-9]* MHz\).*/\1/p')" "$cmd (tests/api/test_hwinfo)"

# ---- exact counts (tests/hw/test_hw_ins.c) -------------------------------------
fit=$(sed -n 's/^ *fit: instructions = \(.*\)$/\1/p' "$C" | sort -u | paste -sd';')
fig vm.tot_ins_fit "$fit" "$cmd (tests/hw/test_hw_ins)"
fig vm.tot_ins_runs "$(section test_hw_ins | awk '
	/^-- / { sp++ }
	/^ *N=[0-9]+ +rep [0-9]+: instructions [0-9]+ cycles [0-9]+$/ {
		n = substr($1, 3); m++; i = $5; c = $7
		if (i == c) eq++
		k = sp " " n
		if (!(k in first)) { first[k] = i; cases++ } else if (first[k] != i) bad[k] = 1
		cst[i - 2 * n] = 1 }
	END { for (k in bad) nb++; for (x in cst) { nc++; cc = x }
		printf "%d measurements; cycles = instructions in %d; the 3 runs identical in %d of %d cases; ", m, eq, cases - nb, cases
		if (nc == 1) printf "one constant C = %s", cc; else printf "%d different constants", nc }')" "$cmd (tests/hw/test_hw_ins)"

# ---- what QEMU counts (tests/hw/test_hw_presets.c) -----------------------------
P=$(section test_hw_presets)
# measured per iteration ("mixed | plain") and verdict of raw encoding $1
raw() { sed -n "s/^$1 .*  \\([0-9]* | [0-9]*\\)  *\\([a-z].*\\)\$/\\1: \\2/p" <<<"$P" | sed 's/ | / \/ /' | head -1; }
fig vm.qemu.cpu_cycles "$(raw 0x11)" "$cmd (tests/hw/test_hw_presets)"
fig vm.qemu.inst_retired "$(raw 0x08)" "$cmd (tests/hw/test_hw_presets)"
fig vm.qemu.sw_incr "$(raw 0x00)" "$cmd (tests/hw/test_hw_presets)"
fig vm.qemu.counted "$(sed -n 's/^raw events QEMU counts here: //p' <<<"$P")" "$cmd (tests/hw/test_hw_presets)"
fig vm.qemu.zero "$(awk '
	/^0x[0-9a-f][0-9a-f] / && /  0 [|] 0  / && /([(]reads 0[)]|ok [(]0[)])$/ { z[$1] = 1; n++ }
	/^0x[0-9a-f][0-9a-f] .* cannot count: / { no = no " " $1 }
	/^no expectation, open, read 0: / { for (i = 6; i <= NF; i++) { z[$i] = 1; n++ } }
	END { printf "%d encodings of 0x00-0x3f open and read 0", n
		if (("0x23" in z) && ("0x24" in z) && ("0x3c" in z)) printf " (the stall events 0x23, 0x24, 0x3c among them)"
		if (no != "") printf "; cannot be counted:%s", no }' <<<"$P")" "$cmd (tests/hw/test_hw_presets)"
fig vm.qemu.lab_zero "$(section test_hw_labs | sed -n 's/^# counted 0 over every variant: \([^:]*\):.*/\1/p' | head -1)" "$cmd (tests/hw/test_hw_labs.sh, papi_matmul)"

# ---- domains (tests/hw/test_hw_domain.c) ---------------------------------------
D=$(section test_hw_domain)
dom() { # $1 label pattern, $2 key
	awk -v re="$1" -v key="$2" -v cmd="$cmd (tests/hw/test_hw_domain)" '
		$0 ~ re && / run [0-9]+: [0-9]+ instructions \(/ {
			for (i = 1; i <= NF; i++) if ($i == "instructions") { v = $(i - 1); pc = substr($(i + 1), 2) }
			runs = runs (runs == "" ? "" : ", ") v
			if (least == "" || v + 0 < least + 0) { least = v; lpc = pc } }
		END { if (least == "") exit
			printf "FIGURE\tvm.domain.%s\t%s\t%s\n", key, least, cmd
			printf "FIGURE\tvm.domain.%s.per_call\t%s\t%s\n", key, lpc, cmd
			printf "FIGURE\tvm.domain.%s.runs\t%s\t%s\n", key, runs, cmd }' <<<"$D"
}
dom '^ *default \\(user\\)' user
dom '^ *PAPI_DOM_ALL ' all
dom '^ *PAPI_DOM_KERNEL ' kernel
fig vm.domain.sum "$(sed -n 's/^user \([0-9]*\), user+kernel \([0-9]*\) (.*), kernel \([0-9]*\)$/\1 \3 \2/p' <<<"$D" |
	awk '{ d = $1 + $2 - $3; printf "%s + %s = %s", $1, $2, $1 + $2
		if (d == 0) print ", exactly"; else printf ", against %s for all (%+d)\n", $3, d }')" "$cmd (tests/hw/test_hw_domain)"
fig vm.domain.extra "$(awk '/ run [0-9]+: [0-9]+ instructions \(/ {
		lab = $0; sub(/ +run [0-9]+:.*/, "", lab); sub(/^ +/, "", lab)
		for (i = 1; i <= NF; i++) if ($i == "instructions") v = $(i - 1)
		r = $0; sub(/:.*/, "", r); sub(/.* /, "", r)
		k++; L[k] = lab; R[k] = r; V[k] = v
		if (!(lab in least) || v + 0 < least[lab] + 0) least[lab] = v }
	END { for (j = 1; j <= k; j++) if (V[j] > least[L[j]]) {
			printf "%s%s run %s +%d", sep, L[j], R[j], V[j] - least[L[j]]; sep = "; "; m++ }
		if (!m) printf "none: every run counted the least" }' <<<"$D")" "$cmd (tests/hw/test_hw_domain)"

# ---- groups (tests/hw/test_hw_groups.c) ----------------------------------------
G=$(section test_hw_groups)
grp() { # $1 section letter, $2 key
	fig "vm.groups.$2" "$(awk -v s="-- $1:" '
		index($0, s) == 1 { on = 1; next } /^-- / || /^test_hw_groups/ { on = 0 }
		on && / events accepted, / { acc = $1 " events accepted, then one refused" }
		on && NF == 2 && $2 ~ /^[0-9]+$/ { n++; if (!($2 in seen)) { seen[$2] = 1; d++; v = $2 } }
		END { if (!n) exit
			if (d == 1) printf "%s; all %d counts %s", acc, n, v
			else printf "%s; %d different values among %d counts", acc, d, n }' <<<"$G")" "$cmd (tests/hw/test_hw_groups)"
}
grp A cyc_ins
grp B ins
grp C cyc

# ---- multiplexing (tests/hw/test_hw_multiplex.c) -------------------------------
M=$(section test_hw_multiplex)
mpx() { # $1 section text, $2 key
	awk -v s="-- multiplexed, $1" -v key="$2" -v cmd="$cmd (tests/hw/test_hw_multiplex)" '
		index($0, s) == 1 { on = 1; next } /^-- / || /^test_hw_multiplex/ { on = 0 }
		on && NF == 3 && $3 ~ /%$/ { n++; v = $2 + 0; e = $3; x = e; sub(/%/, "", x); x += 0
			if (n == 1 || v < lo) lo = v; if (n == 1 || v > hi) hi = v
			if (n == 1 || x < elo) { elo = x; es = e } if (n == 1 || x > ehi) { ehi = x; eh = e } }
		END { if (!n) exit
			printf "FIGURE\tvm.mpx.%s.n\t%d\t%s\n", key, n, cmd
			printf "FIGURE\tvm.mpx.%s.counts\t%d ... %d\t%s\n", key, lo, hi, cmd
			printf "FIGURE\tvm.mpx.%s.err\t%s ... %s\t%s\n", key, es, eh, cmd }' <<<"$M"
}
mpx "fewer events than counters" few
mpx "more events than counters" many

# ---- user-space reads taken away (tests/hw/test_hw_user_access.c) --------------
fig vm.user_access "$(section test_hw_user_access | awk '/kernel instructions per PAPI_read$/ {
		k = $0; sub(/:.*/, "", k); v[k] = $(NF - 4) }
	END { if (("perf_user_access=0" in v)) printf "%s kernel instructions per PAPI_read while perf_user_access is 0, %s before and %s after", v["perf_user_access=0"], v["user reads"], v["perf_user_access=1 again"] }')" "$cmd (tests/hw/test_hw_user_access)"

# ---- utilities (tests/hw/test_hw_utils.sh) --------------------------------------
U=$(section test_hw_utils)
fig vm.utils.perf_event "$(awk '/^Active components:/ { a = 1 } a && /^Name: +perf_event / { getline; sub(/^ +/, ""); print; exit }' <<<"$U")" "$cmd (papi_component_avail)"
fig vm.utils.pmus "$(awk '/^Active components:/ { a = 1 } a && /^Name: +perf_event / { getline; getline; sub(/^ *PMUs supported: /, ""); print; exit }' <<<"$U")" "$cmd (papi_component_avail)"
fig vm.utils.presets "$(grep -m1 '^Of [0-9]* available events' <<<"$U")" "$cmd (papi_avail)"

# ---- overflow, PAPI_profil --------------------------------------------------------
ov=$(sed -n 's/^PAPI_TOT_CYC: count \([0-9]*\), threshold \([0-9]*\): \([0-9]*\) calls.*/\3 handler calls for \1 cycles at threshold \2/p' "$C" | head -1)
fig vm.overflow_calls "$ov" "$cmd (tests/api/test_overflow)"
pr=$(sed -n 's/^\([0-9]*\)-bit buckets: \([0-9]*\) samples (count\/threshold \([0-9.]*\)).*/\2 samples (\1-bit), count\/threshold \3/p' "$C" | paste -sd';' | sed 's/;/; /g')
fig vm.profil_samples "$pr" "$cmd (tests/api/test_profil)"

# ---- perturbation (bench/perturbation.c) -----------------------------------------
# $1 console, $2 key prefix, $3 command: one figure per cell of its table,
# and whether the 7 runs of each empty region agreed.
perturbation() {
	awk -v pre="$2" -v cmd="$3" '
		($1 == "user" || $1 == "user+kernel") && ($2 == 1 || $2 == 2) && NF == 9 {
			d = ($1 == "user") ? "user" : "all"; k = pre "." d "." $2
			printf "FIGURE\t%s.never\t%s\t%s\n", k, $3, cmd
			printf "FIGURE\t%s.read\t%s\t%s\n", k, $5, cmd
			printf "FIGURE\t%s.per_read\t%s / %s / %s\t%s\n", k, $7, $8, $9, cmd
			for (c = 3; c <= 5; c += 2) { cells++; r = $(c + 1); gsub(/[()]/, "", r)
				split(r, mm, /\.\./); if (mm[1] == $c && mm[2] == $c) same++ } }
		END { if (cells) printf "FIGURE\t%s.spread\t%s\t%s\n", pre,
			(same == cells ? "min = median = max in all " cells " cells" : "min = max in " same " of " cells " cells"), cmd }' "$1"
}
perturbation "$C" vm.perturbation "$cmd (bench/perturbation.c)"
pt=$(awk '$1 == "user" && ($2 == 1 || $2 == 2) { ss[$2] = $3; rd[$2] = $NF }
	END { if (ss[1] != "") printf "start+stop %s / %s, per PAPI_read %s / %s instructions (1 / 2 events, user)", ss[1], ss[2], rd[1], rd[2] }' "$C")
fig vm.perturbation "$pt" "$cmd (bench/perturbation.c)"

exit $rc
