#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The high-level API never loses a report, or an event the user asked for,
# in silence (issue 14), with PAPI_HL_VERBOSE unset:
#   - PAPI_OUTPUT_DIRECTORY naming a file, a directory in /proc, a directory
#     the user cannot write (as nobody, when we are root), or a path too
#     long for the report's name: one line on stderr names the directory
#     and the reason, and the report is written to $TMPDIR/papi_hl_output,
#     whose file the line names; no truncated file is left anywhere;
#   - when the fallback cannot be written either, stderr says the report
#     is lost;
#   - each unusable PAPI_EVENTS entry is named in a warning.
# Exit: 0 pass, 1 fail, 77 skip.
set -u
src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
bin=${PAPI_BIN:-${PAPI_BUILD:-$src/build}/bin}
prog=$bin/hl_regions
[ -x "$prog" ] || { echo "FAIL: $prog is not built"; exit 1; }
tmp=$(mktemp -d)
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
unset PAPI_EVENTS PAPI_REPORT PAPI_HL_VERBOSE PAPI_MULTIPLEX
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

# run CASE OUTDIR [runner...]: hl_regions with PAPI_OUTPUT_DIRECTORY=OUTDIR
# and TMPDIR=$tmp/CASE-fallback; stderr in $tmp/CASE.err.
run() {
	local c=$1 dir=$2
	shift 2
	mkdir -p "$tmp/$c-fallback"
	chmod 777 "$tmp/$c-fallback"
	env PAPI_OUTPUT_DIRECTORY="$dir" TMPDIR="$tmp/$c-fallback" "$@" "$prog" 2 \
		>"$tmp/$c.out" 2>"$tmp/$c.err"
}

# check CASE WHAT: the error line names the directory and a reason, the
# report is in the fallback, and the line names that file.
check_fallback() {
	local c=$1 what=$2 line f
	line=$(grep '^PAPI-HL Error: cannot write the report in ' "$tmp/$c.err")
	f=$(sed -n 's/.* writing it to \(.*\) instead\.$/\1/p' <<<"$line")
	if [ -z "$line" ]; then
		fail "$what: no error line on stderr: $(cat "$tmp/$c.err")"
	elif [ -z "$f" ] || [ ! -s "$f" ]; then
		fail "$what: the line names no written report: $line"
	elif [[ $f != "$tmp/$c-fallback/papi_hl_output/rank_"*.json ]]; then
		fail "$what: report written to $f, not the fallback"
	elif ! python3 -m json.tool "$f" >/dev/null 2>&1; then
		fail "$what: $f is not JSON"
	else
		ok "$what: ${line:0:160}..."
	fi
}

# 1. A file where a directory should be.
: >"$tmp/afile"
run file "$tmp/afile"
check_fallback file "PAPI_OUTPUT_DIRECTORY is a file"
grep -q 'Not a directory' "$tmp/file.err" || fail "file: reason is not ENOTDIR"

# 2. /proc: no directory can be made there.
run proc /proc
check_fallback proc "PAPI_OUTPUT_DIRECTORY=/proc"

# 3. A path whose report name would pass PATH_MAX: an error, never a
#    truncated name.
long=$tmp/long
while [ ${#long} -lt 4070 ]; do long=$long/$(printf 'd%.0s' $(seq 1 200)); done
long=${long:0:4070}
mkdir -p "$long" 2>/dev/null
run long "$long"
check_fallback long "a ${#long}-character PAPI_OUTPUT_DIRECTORY"
grep -q 'File name too long' "$tmp/long.err" || fail "long: reason is not ENAMETOOLONG"
trunc=$(find "$tmp/d"* "$long" -name 'rank_*' ! -name '*.json' 2>/dev/null | head -1)
[ -z "$trunc" ] && ok "no truncated report name" || fail "truncated report: $trunc"

# 4. A directory the user cannot write (as nobody; root writes anywhere).
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null &&
	setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$prog" 2>/dev/null; then
	mkdir -p "$tmp/ro"
	chmod 755 "$tmp" && chmod 555 "$tmp/ro"
	run ro "$tmp/ro" setpriv --reuid=65534 --regid=65534 --clear-groups
	check_fallback ro "an unwritable PAPI_OUTPUT_DIRECTORY (as nobody)"
	grep -q 'Permission denied' "$tmp/ro.err" || fail "ro: reason is not EACCES"
elif [ "$(id -u)" != 0 ]; then
	mkdir -p "$tmp/ro" && chmod 555 "$tmp/ro"
	run ro "$tmp/ro"
	check_fallback ro "an unwritable PAPI_OUTPUT_DIRECTORY"
else
	echo "note: cannot run as nobody here; the unwritable-directory case is left out"
fi

# 5. Neither the directory nor the fallback: the report is lost, and said so.
env PAPI_OUTPUT_DIRECTORY="$tmp/afile" TMPDIR="$tmp/afile" "$prog" 2 \
	>/dev/null 2>"$tmp/lost.err"
grep -q '^PAPI-HL Error: cannot write the report in .* nor in .*; the report is lost\.$' "$tmp/lost.err" &&
	ok "no fallback either: said so" || fail "lost report not reported: $(cat "$tmp/lost.err")"

# 6. Unusable PAPI_EVENTS entries are named, each.
mkdir -p "$tmp/ev"
PAPI_EVENTS="NO_SUCH_EVENT_X,perf::TASK-CLOCK,ALSO_NOT_AN_EVENT" PAPI_OUTPUT_DIRECTORY="$tmp/ev" \
	"$prog" 2 >/dev/null 2>"$tmp/ev.err"
for e in NO_SUCH_EVENT_X ALSO_NOT_AN_EVENT; do
	grep -q "^PAPI-HL Warning: PAPI_EVENTS: \"$e\" .*Left out\.$" "$tmp/ev.err" &&
		ok "PAPI_EVENTS: $e named" || fail "PAPI_EVENTS: $e not named: $(cat "$tmp/ev.err")"
done
grep -q 'TASK-CLOCK' "$tmp/ev.err" && fail "a usable event was warned about: $(cat "$tmp/ev.err")"
PAPI_EVENTS="NO_SUCH_EVENT_X" PAPI_OUTPUT_DIRECTORY="$tmp/ev" "$prog" 2 >/dev/null 2>"$tmp/ev2.err"
grep -q '^PAPI-HL Warning: PAPI_EVENTS: no event of "NO_SUCH_EVENT_X" can be counted; using the default events\.$' "$tmp/ev2.err" &&
	ok "PAPI_EVENTS with nothing usable: the fallback is said" ||
	fail "no warning for the default events: $(cat "$tmp/ev2.err")"

# A normal run says nothing.
mkdir -p "$tmp/quiet"
PAPI_OUTPUT_DIRECTORY="$tmp/quiet" "$prog" 2 >/dev/null 2>"$tmp/quiet.err"
[ ! -s "$tmp/quiet.err" ] && ok "a normal run prints nothing on stderr" ||
	fail "stderr of a normal run: $(cat "$tmp/quiet.err")"

[ $failures -eq 0 ] && { echo PASS; exit 0; }
echo "$failures check(s) failed"
exit 1
