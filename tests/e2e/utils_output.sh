#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Utilities test: runs each of our utilities (tools/*) against our libpapi and
# checks exit codes and the shape of the output that scripts written for
# PAPI's utilities parse:
#   - every tool: --help and -h exit 0 and print a usage, a bad option exits
#     non-zero;
#   - papi_version prints "PAPI Version: 7.0.0.0";
#   - papi_avail: the hardware header, one table row per preset, a footer
#     whose totals match the rows, -a/-c/-d agreeing with the plain table,
#     -e PAPI_TOT_INS describing the event;
#   - papi_native_avail: "Total events reported: N" matching the rows,
#     -i/-x/--noumasks/-c consistent with it, -e perf::TASK-CLOCK;
#   - papi_component_avail: perf_event active, its native count the same as
#     papi_native_avail's;
#   - papi_error_codes: PAPI_NUM_ERRORS entries, 0 .. -(PAPI_NUM_ERRORS-1);
#   - papi_clockres: the four timers with numeric statistics.
# Run by ctest with PAPI_BIN, PAPI_LIBDIR, PAPI_SRC and PAPI_BUILD set. Exit 0
# passes, 77 skips (the reason printed), 1 fails (every failed check printed).
# "test && ok ... || fail ...": ok only echoes, so fail runs only if test fails.
# shellcheck disable=SC2015
set -uo pipefail

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

PAPI_SRC=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
PAPI_BUILD=${PAPI_BUILD:-$PAPI_SRC/build}
PAPI_BIN=${PAPI_BIN:-$PAPI_BUILD/bin}
PAPI_LIBDIR=${PAPI_LIBDIR:-$PAPI_BUILD}
[ -d "$PAPI_BIN" ] || skip "$PAPI_BIN does not exist (build first, or run through ctest)"
export LD_LIBRARY_PATH=$PAPI_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

TOOLS="papi_avail papi_native_avail papi_component_avail papi_version
papi_error_codes papi_clockres"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-utils.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# run NAME TOOL ARGS...: output in $tmp/NAME.out (stdout) and .err, status
# in $rc.
run() {
	local name=$1 tool=$2
	shift 2
	"$PAPI_BIN/$tool" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	rc=$?
}
# has NAME REGEX: the output of run NAME has a line matching REGEX (ERE).
has() { grep -Eq -- "$2" "$tmp/$1.out"; }
show() { sed 's/^/    | /' "$tmp/$1.out" | head -n "${2:-40}"; sed 's/^/    ! /' "$tmp/$1.err" | head -n 10; }

# ---- every tool: help, bad option ------------------------------------------
missing=0
for t in $TOOLS; do
	if [ ! -x "$PAPI_BIN/$t" ]; then
		fail "$PAPI_BIN/$t is missing"
		missing=1
		continue
	fi
	for h in --help -h; do
		run help "$t" "$h"
		if [ "$rc" -eq 0 ] && grep -qi usage "$tmp/help.out"; then
			ok "$t $h prints a usage and exits 0"
		else
			fail "$t $h: exit $rc, usage printed: $(grep -ci usage "$tmp/help.out")"
		fi
	done
	run bad "$t" --no-such-option
	if [ "$rc" -ne 0 ] && [ "$rc" -lt 128 ]; then
		ok "$t --no-such-option exits $rc"
	else
		fail "$t --no-such-option: exit $rc (want a non-zero exit, not a crash)"
	fi
done
[ "$missing" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }

# ---- papi_version ------------------------------------------------------------
run version papi_version
if [ "$rc" -eq 0 ] && [ "$(cat "$tmp/version.out")" = "PAPI Version: 7.0.0.0" ]; then
	ok "papi_version prints PAPI Version: 7.0.0.0"
else
	fail "papi_version: exit $rc"; show version
fi

# ---- papi_avail --------------------------------------------------------------
HEADER_LINES=("PAPI version             : 7.0.0.0" "Operating system         : "
	"Vendor string and code   : .* \([0-9-]+, 0x[0-9a-f]+\)"
	"Model string and code    : .* \([0-9-]+, 0x[0-9a-f]+\)"
	"CPU revision             : [0-9.-]+"
	"CPUID                    : Family/Model/Stepping [0-9]+/[0-9]+/[0-9]+, 0x"
	"CPU Max MHz              : [0-9-]+" "CPU Min MHz              : [0-9-]+"
	"Total cores              : [0-9]+" "SMT threads per core     : [0-9]+"
	"Cores per socket         : [0-9]+" "Sockets                  : [0-9]+"
	"Cores per NUMA region    : [0-9]+" "NUMA regions             : [0-9]+"
	"Running in a VM          : (yes|no)$" "Number Hardware Counters : "
	"Max Multiplex Counters   : " "Fast counter read \(rdpmc\): (yes|no)$")
check_header() {
	local name=$1 l bad=0
	for l in "${HEADER_LINES[@]}"; do
		has "$name" "^$l" || { fail "$name: no header line /$l/"; bad=1; }
	done
	[ "$bad" -eq 1 ] || ok "$name: hardware header complete"
}

ROW='^PAPI_[A-Z0-9_]+ +0x8[0-9a-f]{7}  '
run avail papi_avail
if [ "$rc" -ne 0 ]; then
	fail "papi_avail: exit $rc"; show avail
else
	check_header avail
	has avail '^    Name        Code    Avail Deriv Description \(Note\)$' ||
		fail "papi_avail: no table header"
	rows=$(grep -Ec "${ROW}(Yes|No) +(Yes|No) " "$tmp/avail.out")
	yes=$(grep -Ec "${ROW}Yes " "$tmp/avail.out")
	der=$(grep -Ec "${ROW}Yes +Yes " "$tmp/avail.out")
	foot=$(sed -nE 's/^Of ([0-9]+) possible events, ([0-9]+) are available, of which ([0-9]+) (are|is) derived\.$/\1 \2 \3/p' "$tmp/avail.out")
	if [ "$foot" = "$rows $yes $der" ] && [ "$rows" -ge 100 ]; then
		ok "papi_avail: $rows presets, $yes available, $der derived, footer agrees"
	else
		fail "papi_avail: rows/avail/derived '$rows $yes $der', footer '$foot'"
	fi
	grep -Eo "${ROW}Yes " "$tmp/avail.out" | cut -d' ' -f1 | sort >"$tmp/avail.names"
fi

run avail_a papi_avail -a
names_a=$(grep -E "${ROW}(Yes|No) " "$tmp/avail_a.out" | cut -d' ' -f1 | sort)
foot_a=$(sed -nE 's/^Of ([0-9]+) available events, ([0-9]+) (are|is) derived\.$/\1 \2/p' "$tmp/avail_a.out")
if [ "$rc" -eq 0 ] && [ "$foot_a" = "${yes:-x} ${der:-x}" ] &&
	[ "$names_a" = "$(cat "$tmp/avail.names" 2>/dev/null)" ]; then
	ok "papi_avail -a: the $yes available presets of the full table"
else
	fail "papi_avail -a: exit $rc, footer '$foot_a', want '${yes:-?} ${der:-?}' and the same names"
fi

run avail_c papi_avail -c
names_c=$(grep -E "${ROW}(Yes|No) " "$tmp/avail_c.out" | cut -d' ' -f1 | sort)
nc=$(printf '%s' "$names_c" | grep -c .)
foot_c=$(sed -nE 's/^Of ([0-9]+) available events, ([0-9]+) (are|is) derived\.$/\1/p' "$tmp/avail_c.out")
extra=$(comm -23 <(printf '%s\n' "$names_c") <(printf '%s\n' "$names_a") | grep -c .)
if [ "$rc" -eq 0 ] && [ "$foot_c" = "$nc" ] && [ "$extra" -eq 0 ]; then
	ok "papi_avail -c: $nc presets add to an event set (of ${yes:-?} available)"
else
	fail "papi_avail -c: exit $rc, $nc rows, footer '$foot_c', $extra not in -a"
fi

run avail_d papi_avail -d
nd=$(grep -Ec '^PAPI_[A-Z0-9_]+	0x8[0-9a-f]{7}	[0-9]+	\|' "$tmp/avail_d.out")
if [ "$rc" -eq 0 ] && [ "$nd" = "${rows:-x}" ] && has avail_d '^Symbol       Event Code Count   \|Short Description\|$'; then
	ok "papi_avail -d: $nd event blocks"
else
	fail "papi_avail -d: exit $rc, $nd blocks, want ${rows:-?}"
fi

run avail_e papi_avail -e PAPI_TOT_INS
if [ "$rc" -eq 0 ] && has avail_e '^Event name:                   PAPI_TOT_INS$' &&
	has avail_e '^Event Code:                   0x80000032' &&
	has avail_e '^Long Description:            \|Instructions completed\|$' &&
	has avail_e '^Derived Type:                \|[A-Z_]+\|$' &&
	has avail_e '^Postfix Processing String:   \|'; then
	if grep -qx PAPI_TOT_INS "$tmp/avail.names" 2>/dev/null; then
		if has avail_e '^ Native Code\[0\]: 0x[0-9a-f]+ \|[^|]+\|$'; then
			ok "papi_avail -e PAPI_TOT_INS: available, native terms listed"
		else
			fail "papi_avail -e PAPI_TOT_INS: available but no native terms"; show avail_e 60
		fi
	elif has avail_e 'PRESET event PAPI_TOT_INS is NOT available'; then
		ok "papi_avail -e PAPI_TOT_INS: shown, not available here"
	else
		fail "papi_avail -e PAPI_TOT_INS: availability not stated"; show avail_e 60
	fi
else
	fail "papi_avail -e PAPI_TOT_INS: exit $rc"; show avail_e 60
fi

run avail_enone papi_avail -e PAPI_NO_SUCH_EVENT
has avail_enone "^Sorry, an event by the name 'PAPI_NO_SUCH_EVENT' could not be found" &&
	ok "papi_avail -e of an unknown event says so" ||
	fail "papi_avail -e PAPI_NO_SUCH_EVENT: no 'could not be found'"

run avail_br papi_avail --br
nbr=$(grep -Ec "${ROW}" "$tmp/avail_br.out")
nbr_bad=$(grep -E "${ROW}" "$tmp/avail_br.out" | grep -Evc '_(BR|BRU|BTAC)')
if [ "$rc" -eq 0 ] && [ "$nbr" -gt 0 ] && [ "$nbr_bad" -eq 0 ]; then
	ok "papi_avail --br: $nbr branch presets"
else
	fail "papi_avail --br: exit $rc, $nbr rows, $nbr_bad not branch events"
fi

# ---- is perf_event usable here? ---------------------------------------------
# Our perf_event component stays active without a PMU (software events), so
# an inactive one is a failure -- unless the environment forbids
# perf_event_open (perf_event_paranoid 3 for a non-root user, or a seccomp
# filter as in a default container): then the checks that need it are skipped
# and the test exits 77 if nothing else failed.
run comp papi_component_avail
[ "$rc" -eq 0 ] || { fail "papi_component_avail: exit $rc"; show comp; }
perf_active=0
awk '/^Active components:/{a=1} a && /^Name: +perf_event /{f=1} END{exit !f}' \
	"$tmp/comp.out" && perf_active=1
perf_why=$(grep -A1 '^Name: *perf_event ' "$tmp/comp.out" | sed -n 's/.*Disabled: //p' | head -n1)
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 0)
seccomp=$(sed -n 's/^Seccomp:[[:space:]]*//p' /proc/self/status 2>/dev/null)
perf_blocked=0
if { [ "$paranoid" -ge 3 ] && [ "$(id -u)" -ne 0 ]; } || [ "${seccomp:-0}" = 2 ]; then
	perf_blocked=1
fi
perf_skipped=0
need_perf() {
	[ "$perf_active" -eq 1 ] && return 0
	if [ "$perf_blocked" -eq 1 ]; then
		echo "skip: $1 (perf_event inactive: '$perf_why'; perf_event_paranoid=$paranoid, seccomp=${seccomp:-?})"
		perf_skipped=1
	else
		fail "$1: perf_event is not active: '$perf_why'"
	fi
	return 1
}

# ---- papi_native_avail -------------------------------------------------------
# Top-level events are "| name ... |"; descriptions and qualifiers are indented.
native_rows() { grep -Ec '^\| [^ ]' "$tmp/$1.out"; }
native_total() { sed -nE 's/^Total events reported: ([0-9]+)$/\1/p' "$tmp/$1.out"; }
run native papi_native_avail
nn=$(native_rows native)
tn=$(native_total native)
if [ "$rc" -eq 0 ] && [ -n "$tn" ] && [ "$tn" = "$nn" ]; then
	ok "papi_native_avail: $nn events, 'Total events reported: $tn'"
else
	fail "papi_native_avail: exit $rc, $nn rows, total '$tn'"; show native
fi
check_header native
if need_perf "papi_native_avail's perf_event events"; then
	if has native '^ Native Events in Component: perf_event$' && [ "$nn" -gt 0 ]; then
		ok "papi_native_avail: perf_event section with events"
	else
		fail "papi_native_avail: no perf_event section or no events"
	fi
fi
# Every box line closes at column 80 unless a long name pushes it out.
badbox=$(grep '^|' "$tmp/native.out" | grep -Ev '^\| [^ ]' | awk 'length($0) != 80' | head -n 3)
[ -z "$badbox" ] && ok "papi_native_avail: box lines are 80 columns" ||
	fail "papi_native_avail: box lines not 80 columns: $badbox"
# Events per component, for papi_component_avail below.
awk '/^ Native Events in Component: /{c=$NF} /^\| [^ ]/{n[c]++}
	END{for (c in n) print c, n[c]}' "$tmp/native.out" >"$tmp/native.percmp"

if need_perf "papi_native_avail -e perf::TASK-CLOCK"; then
	run native_e papi_native_avail -e perf::TASK-CLOCK
	if [ "$rc" -eq 0 ] && has native_e '^Event name:     perf::TASK-CLOCK$' &&
		has native_e '^Description:    '; then
		ok "papi_native_avail -e perf::TASK-CLOCK"
	else
		fail "papi_native_avail -e perf::TASK-CLOCK: exit $rc"; show native_e 60
	fi
fi
run native_enone papi_native_avail -e no::SUCH_EVENT
has native_enone "^Sorry, an event by the name 'no::SUCH_EVENT' could not be found" &&
	ok "papi_native_avail -e of an unknown event says so" ||
	fail "papi_native_avail -e no::SUCH_EVENT: no 'could not be found'"

# -i and -x with the same string split the list between them.
run native_i papi_native_avail -i TASK
run native_x papi_native_avail -x TASK
ti=$(native_total native_i)
tx=$(native_total native_x)
noti=$(grep -E '^\| [^ ]' "$tmp/native_i.out" | grep -vc TASK)
inx=$(grep -E '^\| [^ ]' "$tmp/native_x.out" | grep -c TASK)
if [ -n "$ti" ] && [ -n "$tx" ] && [ "$noti" -eq 0 ] && [ "$inx" -eq 0 ] &&
	[ $((ti + tx)) -eq "${tn:-0}" ] && [ "$ti" = "$(native_rows native_i)" ]; then
	ok "papi_native_avail -i TASK ($ti) and -x TASK ($tx) split the ${tn:-?} events"
else
	fail "papi_native_avail -i/-x TASK: totals '$ti' + '$tx' vs '$tn', $noti/$inx misfiltered"
fi
if need_perf "papi_native_avail -i TASK finding perf::TASK-CLOCK"; then
	grep -Eq '^\| perf::TASK-CLOCK ' "$tmp/native_i.out" &&
		ok "papi_native_avail -i TASK lists perf::TASK-CLOCK" ||
		fail "papi_native_avail -i TASK: no perf::TASK-CLOCK"
fi

run native_nq papi_native_avail --noumasks
if [ "$rc" -eq 0 ] && [ "$(native_total native_nq)" = "$tn" ] &&
	! has native_nq '^\|     :'; then
	ok "papi_native_avail --noumasks: same ${tn:-?} events, no qualifiers"
else
	fail "papi_native_avail --noumasks: exit $rc, total '$(native_total native_nq)'"
fi

# -c lists every event as usual, marking those that cannot be added "<NA>".
run native_c papi_native_avail -c
tc=$(native_total native_c)
nna=$(grep -Ec '^\| [^ ].*<NA>\|$' "$tmp/native_c.out")
if [ "$rc" -eq 0 ] && [ "$tc" = "$tn" ] && [ "$(native_rows native_c)" = "$tn" ]; then
	ok "papi_native_avail -c: all $tc events listed, $nna marked <NA>"
else
	fail "papi_native_avail -c: exit $rc, total '$tc', want '$tn'"
fi
if need_perf "papi_native_avail -c adding perf::TASK-CLOCK"; then
	grep -Eq '^\| perf::TASK-CLOCK +\|$' "$tmp/native_c.out" &&
		ok "papi_native_avail -c: perf::TASK-CLOCK adds" ||
		fail "papi_native_avail -c: perf::TASK-CLOCK not listed as addable"
fi

# ---- papi_component_avail ----------------------------------------------------
if has comp '^Compiled-in components:$' && has comp '^Active components:$'; then
	ok "papi_component_avail: both lists printed"
else
	fail "papi_component_avail: lists missing"; show comp
fi
check_header comp
# The active list: name line, then "Native: N, Preset: P, Counters: C".
active=$(awk '/^Active components:/{a=1; next} a && /^Name: /{c=$2}
	a && /Native: [0-9]+, Preset:/{gsub(/,/, ""); print c, $2, $4}' "$tmp/comp.out")
# Every active component's native count is what papi_native_avail lists.
while read -r c n _; do
	[ -n "$c" ] || continue
	want=$(awk -v c="$c" '$1 == c {print $2}' "$tmp/native.percmp")
	[ "$n" = "${want:-0}" ] &&
		ok "papi_component_avail: $c Native: $n, as papi_native_avail lists" ||
		fail "papi_component_avail: $c Native: $n, papi_native_avail lists ${want:-0}"
done <<<"$active"
if need_perf "papi_component_avail listing perf_event as active"; then
	ok "papi_component_avail: perf_event is active"
fi

run comp_d papi_component_avail -d
nver=$(grep -Ec '^ {32}Version:	+' "$tmp/comp_d.out")
nnat=$(grep -Ec '^ {32}Number of native events:	-?[0-9]+$' "$tmp/comp_d.out")
ncmp=$(grep -Ec '^Name: ' "$tmp/comp.out")
if [ "$rc" -eq 0 ] && [ "$nnat" -gt 0 ] && [ "$nver" -ge "$nnat" ] &&
	[ "$(grep -Ec '^Name: ' "$tmp/comp_d.out")" = "$ncmp" ]; then
	ok "papi_component_avail -d: details for $nnat components"
else
	fail "papi_component_avail -d: exit $rc, $nnat detail blocks"; show comp_d 80
fi

# ---- papi_error_codes --------------------------------------------------------
# The value the 7.0 header gives (papi.h defines it per edition).
NERR=$(printf '#include <papi.h>\nPAPI_NUM_ERRORS\n' | cpp -P -I "$PAPI_SRC/include" - | tail -1)
run err papi_error_codes
codes=$(sed -nE 's/^Error code +(-?[0-9]+): .+$/\1/p' "$tmp/err.out" | tr '\n' ' ')
want=$(seq 0 -1 $((1 - ${NERR:-1})) | tr '\n' ' ')
if [ "$rc" -eq 0 ] && [ -n "$NERR" ] && [ "$codes" = "$want" ] &&
	has err "^There are $NERR error codes defined$" &&
	has err '^Error code    0: No error$' && has err '^For PAPI Version: 7\.0\.0\.0$'; then
	ok "papi_error_codes: $NERR codes, 0 .. -$((NERR - 1))"
else
	fail "papi_error_codes: exit $rc, codes '$codes', want '$want'"; show err
fi

# ---- papi_clockres -----------------------------------------------------------
run clock papi_clockres
nclk=0
for c in PAPI_get_real_cyc PAPI_get_real_usec PAPI_get_virt_cyc PAPI_get_virt_usec; do
	has clock "^$c: min [0-9]+\.[0-9]{3}  max [0-9]+\.[0-9]{3} ?$" &&
		has clock "^$c : +[0-9]+\.[0-9]{3} +[<> ] *[0-9]+\.[0-9]{3}$" && nclk=$((nclk + 1))
done
nstat=$(grep -Ec '^ +average [0-9]+\.[0-9]{3} std [0-9]+\.[0-9]{3}$' "$tmp/clock.out")
if [ "$rc" -eq 0 ] && [ "$nclk" -eq 4 ] && [ "$nstat" -eq 4 ]; then
	ok "papi_clockres: the four timers measured"
else
	fail "papi_clockres: exit $rc, $nclk timers, $nstat statistics lines"; show clock
fi

if [ "$fails" -ne 0 ]; then
	echo "$fails check(s) failed"
	exit 1
fi
[ "$perf_skipped" -eq 0 ] ||
	skip "the checks above that need perf_event; all others passed"
echo "all checks passed"
