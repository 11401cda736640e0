#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Binary drop-in test: Debian's prebuilt PAPI utilities (package papi-tools,
# built against Debian's libpapi.so.7.0) run unchanged against OUR library,
# picked up through LD_LIBRARY_PATH=$PAPI_LIBDIR:
#   - ldd and LD_DEBUG=libs show that our libpapi.so.7.0 is the one loaded;
#   - papi_avail, papi_component_avail, papi_clockres, papi_error_codes,
#     papi_decode, papi_command_line and papi_native_avail exit 0;
#   - their output agrees with our own utilities (tools/*), byte for byte
#     for papi_avail (plain, -a, -c, -d, -e), papi_native_avail (plain, -e),
#     papi_component_avail and papi_error_codes; papi_decode lists the same
#     presets as papi_avail, and with -a the same available ones;
#   - papi_command_line perf::TASK-CLOCK prints a positive count.
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

DEB_TOOLS="papi_avail papi_component_avail papi_clockres papi_error_codes
papi_command_line papi_decode papi_native_avail"
for t in $DEB_TOOLS; do
	[ -x "/usr/bin/$t" ] || skip "Debian's /usr/bin/$t is missing; install it with: sudo apt-get install -y papi-tools"
done
command -v ldd >/dev/null || skip "ldd not found (package libc-bin)"
ourlib=$PAPI_LIBDIR/libpapi.so.7.0
[ -e "$ourlib" ] || { echo "FAIL: $ourlib does not exist (build first)"; exit 1; }
ourlib_real=$(readlink -f "$ourlib")

# A sanitizer build of our library needs the sanitizer runtimes loaded first
# into programs that were not built with them, like Debian's.
. "$PAPI_SRC/tests/e2e/lib/sanitizer.sh"
PRELOAD=
if sanitized; then
	PRELOAD=$(sanitizer_preload)
	[ -n "$PRELOAD" ] || skip "sanitizer build, but the sanitizer runtimes were not found"
	# Debian's utilities do not free everything they allocate.
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi

# Where the environment forbids perf_event_open (perf_event_paranoid 3 for a
# non-root user, or a seccomp filter as in a default container), the checks
# that need perf_event are skipped and the test exits 77 if nothing failed.
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 0)
seccomp=$(sed -n 's/^Seccomp:[[:space:]]*//p' /proc/self/status 2>/dev/null)
perf_blocked=0
if { [ "$paranoid" -ge 3 ] && [ "$(id -u)" -ne 0 ]; } || [ "${seccomp:-0}" = 2 ]; then
	perf_blocked=1
fi
perf_skipped=0
# perf_fail MESSAGE: fail, or only skip where perf_event_open is blocked.
perf_fail() {
	if [ "$perf_blocked" -eq 1 ]; then
		echo "skip: $* (perf_event_open blocked: perf_event_paranoid=$paranoid, seccomp=${seccomp:-?})"
		perf_skipped=1
	else
		fail "$@"
	fi
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-dropin.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# deb NAME TOOL ARGS...: Debian's TOOL on our library; ours NAME TOOL ARGS...:
# our own TOOL.  Output in $tmp/NAME.out and .err, status in $rc.
deb() {
	local name=$1 tool=$2
	shift 2
	LD_PRELOAD=$PRELOAD LD_LIBRARY_PATH=$PAPI_LIBDIR "/usr/bin/$tool" "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err"
	rc=$?
}
ours() {
	local name=$1 tool=$2
	shift 2
	LD_LIBRARY_PATH=$PAPI_LIBDIR "$PAPI_BIN/$tool" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	rc=$?
}
show() { sed 's/^/    | /' "$tmp/$1.out" | head -n "${2:-30}"; sed 's/^/    ! /' "$tmp/$1.err" | head -n 10; }
# same A B WHAT: outputs A and B are identical, else the diff is shown.
same() {
	if diff -u "$tmp/$1.out" "$tmp/$2.out" >"$tmp/diff"; then
		ok "$3"
	else
		fail "$3: outputs differ (Debian's -, ours +)"
		sed 's/^/    /' "$tmp/diff" | head -n 40
	fi
}
# Available presets in a papi_avail table, sorted.
avail_names() {
	grep -E '^PAPI_[A-Z0-9_]+ +0x8[0-9a-f]{7}  ' "$tmp/$1.out" | cut -d' ' -f1 | sort
}

# ---- which library is loaded -------------------------------------------------
for t in $DEB_TOOLS; do
	got=$(LD_LIBRARY_PATH=$PAPI_LIBDIR ldd "/usr/bin/$t" | awk '$1 == "libpapi.so.7.0" {print $3}')
	if [ -n "$got" ] && [ "$(readlink -f "$got")" = "$ourlib_real" ]; then
		ok "ldd: /usr/bin/$t resolves libpapi.so.7.0 to ours"
	else
		fail "ldd: /usr/bin/$t resolves libpapi.so.7.0 to '${got:-nothing}', not $ourlib"
	fi
done
LD_DEBUG=libs LD_PRELOAD=$PRELOAD LD_LIBRARY_PATH=$PAPI_LIBDIR /usr/bin/papi_error_codes \
	>/dev/null 2>"$tmp/lddebug"
loaded=$(sed -n 's/.*calling init: \(.*libpapi\.so\.7\.0\)$/\1/p' "$tmp/lddebug" | head -n1)
if [ -n "$loaded" ] && [ "$(readlink -f "$loaded")" = "$ourlib_real" ]; then
	ok "LD_DEBUG=libs: papi_error_codes initialises $loaded"
else
	fail "LD_DEBUG=libs: papi_error_codes loaded '${loaded:-no libpapi.so.7.0}', not $ourlib"
fi

# ---- papi_error_codes: the same messages -------------------------------------
deb err_deb papi_error_codes
[ "$rc" -eq 0 ] && ok "Debian's papi_error_codes exits 0" ||
	{ fail "Debian's papi_error_codes: exit $rc"; show err_deb; }
ours err_ours papi_error_codes
same err_deb err_ours "papi_error_codes: Debian's and ours print the same codes and messages"

# ---- papi_avail: the same table ----------------------------------------------
deb avail_deb papi_avail
[ "$rc" -eq 0 ] && ok "Debian's papi_avail exits 0" ||
	{ fail "Debian's papi_avail: exit $rc"; show avail_deb; }
ours avail_ours papi_avail
same avail_deb avail_ours "papi_avail: Debian's and ours print the same table"
# Debian's papi_avail skips presets whose event_type has no category bit.
if ! grep -q '^PAPI_' "$tmp/avail_deb.out" && grep -q '^PAPI_' "$tmp/avail_ours.out"; then
	echo "    hint: Debian's papi_avail lists no preset: it shows only those whose"
	echo "    PAPI_get_event_info() event_type has a PAPI_PRESET_BIT_* category set"
fi

deb avail_a_deb papi_avail -a
[ "$rc" -eq 0 ] && ok "Debian's papi_avail -a exits 0" ||
	{ fail "Debian's papi_avail -a: exit $rc"; show avail_a_deb; }
ours avail_a_ours papi_avail -a
avail_names avail_a_deb >"$tmp/a_deb.names"
avail_names avail_a_ours >"$tmp/a_ours.names"
if cmp -s "$tmp/a_deb.names" "$tmp/a_ours.names"; then
	ok "papi_avail -a: the same $(wc -l <"$tmp/a_ours.names") available presets"
else
	fail "papi_avail -a: the available presets differ (Debian's <, ours >)"
	diff "$tmp/a_deb.names" "$tmp/a_ours.names" | sed 's/^/    /' | head -n 20
fi
same avail_a_deb avail_a_ours "papi_avail -a: the same output"

# The other layouts, byte for byte.
i=0
for args in "-c" "-d" "-e PAPI_TOT_INS" "-e perf::TASK-CLOCK"; do
	i=$((i + 1))
	# shellcheck disable=SC2086 # split the options on purpose
	deb "av${i}_deb" papi_avail $args
	# shellcheck disable=SC2086
	ours "av${i}_ours" papi_avail $args
	same "av${i}_deb" "av${i}_ours" "papi_avail $args: the same output"
done

# ---- papi_native_avail: the same events --------------------------------------
deb nat_deb papi_native_avail
[ "$rc" -eq 0 ] && ok "Debian's papi_native_avail exits 0" ||
	{ fail "Debian's papi_native_avail: exit $rc"; show nat_deb; }
ours nat_ours papi_native_avail
same nat_deb nat_ours "papi_native_avail: the same output"
deb nate_deb papi_native_avail -e perf::TASK-CLOCK
ours nate_ours papi_native_avail -e perf::TASK-CLOCK
same nate_deb nate_ours "papi_native_avail -e perf::TASK-CLOCK: the same output"

# ---- papi_component_avail: the same components -------------------------------
deb comp_deb papi_component_avail
[ "$rc" -eq 0 ] && ok "Debian's papi_component_avail exits 0" ||
	{ fail "Debian's papi_component_avail: exit $rc"; show comp_deb; }
ours comp_ours papi_component_avail
same comp_deb comp_ours "papi_component_avail: the same output"
awk '/^Active components:/{a=1} a && /^Name: +perf_event /{f=1} END{exit !f}' "$tmp/comp_deb.out" &&
	ok "Debian's papi_component_avail lists perf_event as active" ||
	perf_fail "Debian's papi_component_avail: perf_event not active"

# ---- papi_decode: the presets as CSV -----------------------------------------
deb decode_deb papi_decode
[ "$rc" -eq 0 ] && ok "Debian's papi_decode exits 0" ||
	{ fail "Debian's papi_decode: exit $rc"; show decode_deb; }
ndec=$(grep -Ec '^PAPI_[A-Z0-9_]+,' "$tmp/decode_deb.out")
npos=$(sed -nE 's/^Of ([0-9]+) possible events.*/\1/p' "$tmp/avail_ours.out")
[ -n "$npos" ] && [ "$ndec" = "$npos" ] &&
	ok "papi_decode: $ndec presets, as many as papi_avail's" ||
	fail "papi_decode: $ndec presets, papi_avail has '${npos:-?}'"
deb decode_a_deb papi_decode -a
[ "$rc" -eq 0 ] && ok "Debian's papi_decode -a exits 0" ||
	{ fail "Debian's papi_decode -a: exit $rc"; show decode_a_deb; }
# PAPI's enumeration hands out the first preset whether or not it is
# available, so papi_decode -a always starts with it: allow that one extra.
grep -Eo '^PAPI_[A-Z0-9_]+,' "$tmp/decode_a_deb.out" | tr -d , >"$tmp/dec.list"
first=$(head -n1 "$tmp/dec.list")
sort "$tmp/dec.list" >"$tmp/dec.names"
extra=$(comm -23 "$tmp/dec.names" "$tmp/a_ours.names" | grep -vx -- "$first")
missing=$(comm -13 "$tmp/dec.names" "$tmp/a_ours.names")
if [ -z "$extra$missing" ]; then
	ok "papi_decode -a: the same available presets as our papi_avail -a"
else
	fail "papi_decode -a vs our papi_avail -a: extra '$(echo "$extra" | tr '\n' ' ')', missing '$(echo "$missing" | tr '\n' ' ')'"
fi

# ---- papi_clockres -----------------------------------------------------------
deb clock_deb papi_clockres
nclk=$(grep -Ec '^PAPI_get_(real|virt)_(cyc|usec) : +[0-9.]+ ' "$tmp/clock_deb.out")
[ "$rc" -eq 0 ] && [ "$nclk" -eq 4 ] && ok "Debian's papi_clockres measures the four timers" ||
	{ fail "Debian's papi_clockres: exit $rc, $nclk timers"; show clock_deb; }

# ---- papi_command_line: a real count -----------------------------------------
deb cmdline papi_command_line perf::TASK-CLOCK
count=$(sed -nE 's/^perf::TASK-CLOCK : [[:space:]]*([0-9]+).*/\1/p' "$tmp/cmdline.out" | head -n1)
if [ "$rc" -eq 0 ] && [ -n "$count" ] && [ "$count" -gt 0 ]; then
	ok "Debian's papi_command_line perf::TASK-CLOCK counts $count"
else
	perf_fail "Debian's papi_command_line perf::TASK-CLOCK: exit $rc, count '${count:-none}'"
	show cmdline
fi

if [ "$fails" -ne 0 ]; then
	echo "$fails check(s) failed"
	exit 1
fi
[ "$perf_skipped" -eq 0 ] || skip "the checks above that need perf_event; all others passed"
echo "all checks passed"
