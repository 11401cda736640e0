#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# papi_multiplex_cost (tools/papi_multiplex_cost), the files it writes and
# what its options change; the figures themselves are not checked beyond
# being numbers in order (timings prove nothing on a shared machine):
#   - -h exits 0 with the usage (-m -x -s -k -t) and the note that the
#     library has no software multiplexing; a bad option, -t 0, -m 0,
#     -m N -x N and -s -k exit non-zero with a message and write no file;
#   - a run with a small -t in an empty directory: exit 0, PAPI 7.0's
#     banner on stdout and progress lines on stderr, the five files
#     papi_startstop.dat, papi_read.dat, papi_read_ts.dat, papi_accum.dat
#     and papi_reset.dat, each with its "###" title line, the "#" column
#     header, and one row of 9 tab-separated numbers per number of events
#     (1 .. 9 by default), every one a number in PAPI's format, with
#     0 < min <= mean <= max and std >= 0 for both sets;
#   - -s writes zeros in the four "sw" columns, -k in the four kernel
#     ones; -m 3 -x 6 writes rows 3, 4, 5; -x 12 rows 1 .. 11; a stale
#     file from an earlier run is replaced;
#   - where Debian's /usr/bin/papi_multiplex_cost (PAPI 7.0) exists, it
#     runs on our library in another directory, and both write the same
#     file names, title lines, header lines and number of rows and
#     columns, by default and with -x 4.
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
# Absolute: the tool runs in other directories.
PAPI_BIN=$(cd "$PAPI_BIN" 2>/dev/null && pwd) || { echo "FAIL: no $PAPI_BIN (build first)"; exit 1; }
PAPI_LIBDIR=$(cd "$PAPI_LIBDIR" 2>/dev/null && pwd) || { echo "FAIL: no library directory (build first)"; exit 1; }
B=$PAPI_BIN/papi_multiplex_cost
[ -x "$B" ] || { echo "FAIL: $B missing (build first)"; exit 1; }
export LD_LIBRARY_PATH=$PAPI_LIBDIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

# The tool needs perf_event_open: skip where the environment forbids it
# (perf_event_paranoid 3 for a non-root user, or a seccomp filter).
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo 0)
seccomp=$(sed -n 's/^Seccomp:[[:space:]]*//p' /proc/self/status 2>/dev/null)
if { [ "$paranoid" -ge 3 ] && [ "$(id -u)" -ne 0 ]; } || [ "${seccomp:-0}" = 2 ]; then
	skip "perf_event_open blocked (perf_event_paranoid=$paranoid, seccomp=${seccomp:-?})"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-mpxcost.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

FILES="papi_startstop.dat papi_read.dat papi_read_ts.dat papi_accum.dat
papi_reset.dat"
HEADER=$(printf '#number of events\tmin cycles\tmax cycles\tmean cycles\tstd deviation\tsw min cycles\tsw max cycles\tsw avg cycles\tsw std dev')
title() {
	case $1 in
	# PAPI 7.0 titles the start/stop file "PAPI_read()" too; ours keeps it.
	papi_startstop.dat | papi_read.dat) echo "###Multiplexed PAPI_read()" ;;
	papi_read_ts.dat) echo "###Multiplexed PAPI_read_ts()" ;;
	papi_accum.dat) echo "###Multiplexed PAPI_accum()" ;;
	papi_reset.dat) echo "###Multiplexed PAPI_reset()" ;;
	esac
}

# run DIR TOOL ARGS...: TOOL in a fresh directory DIR (under $tmp), stdout
# and stderr in DIR/.out and DIR/.err, status in $rc.
run() {
	local dir=$tmp/$1 tool=$2
	shift 2
	rm -rf "$dir" && mkdir -p "$dir" || return
	(cd "$dir" && "$tool" "$@" >.out 2>.err)
	rc=$?
}
show() { sed 's/^/    | /' "$tmp/$1/.out" | head -n 20; sed 's/^/    ! /' "$tmp/$1/.err" | head -n 10; }
ndat() { find "$tmp/$1" -maxdepth 1 -name '*.dat' | wc -l; }

# check_files DIR MODE ROWS: the five files of run DIR, each with its title
# and header lines, 9 numeric columns per row, and rows for the event counts
# ROWS ("1 2 3"); MODE: both, nosw (-s: the sw columns zero), nokernel (-k:
# the kernel columns zero). Every problem is a failure.
check_files() {
	local dir=$tmp/$1 mode=$2 want_rows=$3 f bad
	for f in $FILES; do
		if [ ! -f "$dir/$f" ]; then
			fail "$1: $f not written"
			continue
		fi
		[ "$(sed -n 1p "$dir/$f")" = "$(title "$f")" ] ||
			fail "$1: $f title is '$(sed -n 1p "$dir/$f")', want '$(title "$f")'"
		[ "$(sed -n 2p "$dir/$f")" = "$HEADER" ] ||
			fail "$1: $f header line is '$(sed -n 2p "$dir/$f")'"
		bad=$(awk -F'\t' -v mode="$mode" '
			function num(s, isfloat) {
				gsub(/^ +/, "", s)
				if (isfloat) return s ~ /^[0-9]+\.[0-9][0-9][0-9][0-9][0-9][0-9]$/
				return s ~ /^[0-9]+$/
			}
			function half(lo, what) {
				# min max mean std in fields lo .. lo+3
				if (!num($lo, 0) || !num($(lo + 1), 0) ||
				    !num($(lo + 2), 1) || !num($(lo + 3), 1)) {
					print "row " NR ": " what " columns are not numbers: " $0
					return
				}
				if (what == skipped) {
					if ($lo + 0 != 0 || $(lo + 1) + 0 != 0 ||
					    $(lo + 2) + 0 != 0 || $(lo + 3) + 0 != 0)
						print "row " NR ": " what " columns not zero (skipped): " $0
					return
				}
				if (!($lo + 0 > 0 && $lo + 0 <= $(lo + 2) + 0 &&
				      $(lo + 2) + 0 <= $(lo + 1) + 0))
					print "row " NR ": " what " not 0 < min <= mean <= max: " $0
			}
			BEGIN {
				skipped = "none"
				if (mode == "nosw") skipped = "sw"
				if (mode == "nokernel") skipped = "kernel"
			}
			NR <= 2 { next }
			NF != 9 { print "row " NR ": " NF " columns, want 9: " $0; next }
			$1 !~ /^ *[0-9]+$/ || length($1) != 20 {
				print "row " NR ": event count not %20d: " $1; next
			}
			{ half(2, "kernel"); half(6, "sw") }
		' "$dir/$f" 2>&1) || bad="awk failed: $bad"
		[ -z "$bad" ] || fail "$1: $f: $(echo "$bad" | head -n 3)"
		[ "$(awk 'NR > 2 { printf "%s%d", (n++ ? " " : ""), $1 }' "$dir/$f")" = "$want_rows" ] ||
			fail "$1: $f rows are for '$(awk 'NR > 2 { printf "%d ", $1 }' "$dir/$f")' events, want '$want_rows'"
	done
}

# ---- help and bad command lines -------------------------------------------
run help "$B" -h
if [ "$rc" -eq 0 ] && grep -q '^Usage: papi_multiplex_cost \[options\]' "$tmp/help/.out"; then
	ok "-h prints the usage, exit 0"
else
	fail "-h: exit $rc, no usage"; show help
fi
for o in "-m num" "-x num" "-s," "-k," "-t THRESHOLD" "-h"; do
	grep -q -- "$o" "$tmp/help/.out" || fail "-h does not describe $o"
done
grep -q "no software multiplexing" "$tmp/help/.out" ||
	fail "-h does not say that there is no software multiplexing"
[ "$(ndat help)" = 0 ] || fail "-h wrote .dat files"
for args in "-q" "bogus" "-t 0" "-t" "-t x" "-m 0" "-m 4 -x 4" "-m 5 -x 3" "-s -k"; do
	# shellcheck disable=SC2086
	run bad "$B" $args
	if [ "$rc" -eq 1 ] && grep -q '^papi_multiplex_cost: ' "$tmp/bad/.err" &&
		[ "$(ndat bad)" = 0 ]; then
		ok "'$args' exits $rc: $(head -n1 "$tmp/bad/.err")"
	else
		fail "'$args': exit $rc, stderr '$(head -n1 "$tmp/bad/.err")', $(ndat bad) .dat files"
	fi
done

# ---- a default run (small -t) ---------------------------------------------
run plain "$B" -t 40
if [ "$rc" -eq 0 ]; then
	ok "-t 40 exits 0"
else
	fail "-t 40 exits $rc"; show plain
fi
[ "$(head -n3 "$tmp/plain/.out")" = "This utility benchmarks the overhead of PAPI multiplexing
Warning!  This can take a long time (many minutes) to run
The output goes to multiple .dat files in the current directory" ] ||
	fail "stdout does not start with PAPI's three banner lines"
grep -q "no software multiplexing" "$tmp/plain/.out" ||
	fail "stdout does not say that there is no software multiplexing"
grep -q '^Events (.*perf::\|^Events (.*PAPI_' "$tmp/plain/.out" ||
	fail "stdout does not list the events"
[ "$(cat "$tmp/plain/.err")" = "Running test[s]
	Kernel multiplexing read
	Software Multiplexing read" ] || fail "stderr is not PAPI's progress lines: $(cat "$tmp/plain/.err")"
check_files plain both "1 2 3 4 5 6 7 8 9"
[ "$(ndat plain)" = 5 ] || fail "default run wrote $(ndat plain) .dat files, want 5"

# ---- options ----------------------------------------------------------------
run nosw "$B" -t 20 -s
[ "$rc" -eq 0 ] || { fail "-s exits $rc"; show nosw; }
grep -q Software "$tmp/nosw/.err" && fail "-s still runs the software set"
check_files nosw nosw "1 2 3 4 5 6 7 8 9"

run nokernel "$B" -t 20 -k
[ "$rc" -eq 0 ] || { fail "-k exits $rc"; show nokernel; }
grep -q Kernel "$tmp/nokernel/.err" && fail "-k still runs the kernel set"
check_files nokernel nokernel "1 2 3 4 5 6 7 8 9"

run range "$B" -t 20 -m 3 -x 6
[ "$rc" -eq 0 ] || { fail "-m 3 -x 6 exits $rc"; show range; }
check_files range both "3 4 5"

run wide "$B" -t 10 -x 12
[ "$rc" -eq 0 ] || { fail "-x 12 exits $rc"; show wide; }
check_files wide both "1 2 3 4 5 6 7 8 9 10 11"

# A file from an earlier run is replaced, not appended to.
rm -rf "$tmp/stale" && mkdir -p "$tmp/stale"
printf 'stale\nstale\n' >"$tmp/stale/papi_read.dat"
(cd "$tmp/stale" && "$B" -t 10 -x 3 >/dev/null 2>&1) || fail "-x 3 exits $?"
check_files stale both "1 2"
[ $fails -eq 0 ] && ok "-s, -k, -m, -x change the rows and columns as documented"

# ---- Debian's papi_multiplex_cost (PAPI 7.0) on our library -----------------
# shape FILE: each row's event count and number of columns.
shape() { awk -F'\t' 'NR > 2 { print $1 + 0, NF }' "$1"; }
DEB=/usr/bin/papi_multiplex_cost
if [ -x "$DEB" ]; then
	# A sanitizer build of our library needs the sanitizer runtimes loaded
	# first into a program that was not built with them.
	preload=
	. "$PAPI_SRC/tests/e2e/lib/sanitizer.sh"
	sanitized && preload=$(sanitizer_preload)
	for args in "" "-x 4"; do
		# shellcheck disable=SC2086
		LD_PRELOAD=$preload ASAN_OPTIONS=detect_leaks=0 run deb "$DEB" -t 20 $args
		[ "$rc" -eq 0 ] || { fail "Debian's tool ($args) exits $rc on our library"; show deb; continue; }
		# shellcheck disable=SC2086
		run ours "$B" -t 20 $args
		[ "$rc" -eq 0 ] || { fail "ours ($args) exits $rc"; show ours; continue; }
		[ "$(head -n3 "$tmp/deb/.out")" = "$(head -n3 "$tmp/ours/.out")" ] ||
			fail "($args) the banner differs from Debian's"
		(cd "$tmp/deb" && ls -- *.dat) >"$tmp/deb.ls"
		(cd "$tmp/ours" && ls -- *.dat) >"$tmp/ours.ls"
		if ! cmp -s "$tmp/deb.ls" "$tmp/ours.ls"; then
			fail "($args) file names differ: Debian's $(tr '\n' ' ' <"$tmp/deb.ls"), ours $(tr '\n' ' ' <"$tmp/ours.ls")"
			continue
		fi
		same=1
		while read -r f; do
			for n in 1 2; do
				[ "$(sed -n "${n}p" "$tmp/deb/$f")" = "$(sed -n "${n}p" "$tmp/ours/$f")" ] || {
					fail "($args) $f line $n: Debian's '$(sed -n "${n}p" "$tmp/deb/$f")', ours '$(sed -n "${n}p" "$tmp/ours/$f")'"
					same=0
				}
			done
			[ "$(shape "$tmp/deb/$f")" = "$(shape "$tmp/ours/$f")" ] || {
				fail "($args) $f rows differ: Debian's [$(shape "$tmp/deb/$f" | tr '\n' ,)], ours [$(shape "$tmp/ours/$f" | tr '\n' ,)]"
				same=0
			}
		done <"$tmp/ours.ls"
		[ $same = 1 ] && ok "Debian's papi_multiplex_cost ${args:+($args) }and ours: same files, titles, headers, rows and columns"
	done
else
	echo "note: $DEB not installed (package papi-tools): comparison skipped"
fi

if [ $fails -ne 0 ]; then
	echo "$fails check(s) failed"
	exit 1
fi
echo "papi_multiplex_cost: PASS"
