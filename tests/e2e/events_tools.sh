#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The event utilities of issue 5 against Debian's prebuilt ones, both run on
# our library: papi_decode, papi_event_chooser, papi_xml_event_info and
# papi_command_line must print the same (counts aside), with the same exit
# status, for command lines that cover their options and error paths, and
# for derived presets from a user's table (papi_avail -e too). The plain
# papi_native_avail and papi_avail runs are compared by dropin.sh.
set -uo pipefail

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

PAPI_SRC=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
PAPI_BUILD=${PAPI_BUILD:-$PAPI_SRC/build}
PAPI_BIN=${PAPI_BIN:-$PAPI_BUILD/bin}
PAPI_LIBDIR=${PAPI_LIBDIR:-$PAPI_BUILD}

TOOLS="papi_decode papi_event_chooser papi_xml_event_info papi_command_line"
for t in $TOOLS; do
	[ -x "/usr/bin/$t" ] || skip "Debian's /usr/bin/$t is missing (apt-get install papi-tools)"
	[ -x "$PAPI_BIN/$t" ] || { echo "FAIL: $PAPI_BIN/$t not built"; exit 1; }
done
[ -e "$PAPI_LIBDIR/libpapi.so.7.0" ] || { echo "FAIL: no libpapi.so.7.0 in $PAPI_LIBDIR"; exit 1; }
. "$PAPI_SRC/tests/e2e/lib/sanitizer.sh"
if sanitized; then
	skip "sanitizer build: Debian's tools cannot load an ASan library"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-events.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# Counts differ from run to run.
normalize() { sed -E 's/\t[0-9]+/\tN/'; }

# compare TOOL ARGS...: run Debian's and ours, diff output and status.
compare() {
	local tool=$1
	shift
	# Run from the tools' directory so that argv[0] is the same word.
	(cd /usr/bin && LD_LIBRARY_PATH=$PAPI_LIBDIR "./$tool" "$@" 2>&1; echo "rc=$?") |
		normalize >"$tmp/deb"
	(cd "$PAPI_BIN" && LD_LIBRARY_PATH=$PAPI_LIBDIR "./$tool" "$@" 2>&1; echo "rc=$?") |
		normalize >"$tmp/ours"
	if diff -u "$tmp/deb" "$tmp/ours" >"$tmp/diff"; then
		ok "$tool $*: same as Debian's"
	else
		fail "$tool $*: differs (Debian's -, ours +)"
		sed 's/^/    /' "$tmp/diff" | head -n 30
	fi
}

for a in "" "-a" "-h" "-x" "-all"; do
	# shellcheck disable=SC2086
	compare papi_decode $a
done
compare papi_event_chooser
compare papi_event_chooser PRESET
compare papi_event_chooser PRESET perf::TASK-CLOCK
compare papi_event_chooser NATIVE perf::TASK-CLOCK
compare papi_event_chooser NATIVE perf::TASK-CLOCK perf::CS
compare papi_event_chooser NATIVE perf::NO_SUCH_EVENT
compare papi_event_chooser FOO perf::CS
for a in "" "-p" "-n" "-h" "-x" "-c 0" "-c 99" "perf::CS" "perf::NOPE" "-n -c 1"; do
	# shellcheck disable=SC2086
	compare papi_xml_event_info $a
done
for a in "" "-h" "perf::CS" "-u -x perf::CS" "perf::NOPE perf::CS" \
	"perf::TASK-CLOCK perf::CS PAPI_REF_CYC" "PAPI_TOT_INS"; do
	# shellcheck disable=SC2086
	compare papi_command_line $a
done

# Derived presets, from a user's table (PAPI_PRESET_TABLE): what each tool
# prints of the derived type, the postfix formula and the native terms.
cat >"$tmp/table" <<'TABLE'
generic ; PAPI_L1_DCM ; N0|N1|+|N1|-| ; perf::PERF_COUNT_SW_TASK_CLOCK perf::PERF_COUNT_SW_CONTEXT_SWITCHES ; a note
generic ; PAPI_L1_ICM ; SUB ; perf::TASK-CLOCK perf::CS
generic ; PAPI_L2_DCM ; ADD ; perf::TASK-CLOCK perf::CS perf::PAGE-FAULTS
TABLE
export PAPI_PRESET_TABLE=$tmp/table
compare papi_decode -a
compare papi_event_chooser PRESET perf::CS
compare papi_xml_event_info -p
compare papi_command_line PAPI_L1_ICM PAPI_L2_DCM
if [ -x /usr/bin/papi_avail ]; then
	for p in PAPI_L1_DCM PAPI_L1_ICM PAPI_L2_DCM; do
		compare papi_avail -e $p
	done
	compare papi_avail -a
	compare papi_avail -d
fi
unset PAPI_PRESET_TABLE

[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
exit 0
