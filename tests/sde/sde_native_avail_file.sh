#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# papi_native_avail -sde FILE (docs/sde.md): FILE's papi_sde_hook_list_events
# declares its SDEs, which are listed with their descriptions in the usual
# boxed layout, though FILE's own code never ran (sde_hook_lib.c registers
# nothing when loaded). Errors exit non-zero with a message: FILE missing,
# FILE without the hook, no FILE after -sde. Where Debian's papi_native_avail
# is installed, its -sde listing of the sde component, run on our libraries,
# is the same as ours, byte for byte.
# "test && ok ... || fail ...": ok only echoes, so fail runs only if test fails.
# shellcheck disable=SC2015
set -u
bin=${PAPI_BIN:?PAPI_BIN not set}
hook=${SDE_HOOK_LIB:?SDE_HOOK_LIB not set}
nohook=${SDE_DL_LIB:?SDE_DL_LIB not set}
tool=$bin/papi_native_avail
[ -x "$tool" ] || { echo "SKIP: no papi_native_avail"; exit 77; }
. "${PAPI_SRC:?}/tests/e2e/lib/sanitizer.sh"
fails=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/sde-na-file.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# The component's section of a listing: from its heading to the next one.
sde_section() {
	awk '/^ Native Events in Component: /{ on = ($0 ~ /: sde$/) }
	     on' "$1"
}

# ---- the listing ----------------------------------------------------------
# Loaded but not asked (preloaded), the library registers nothing: what
# -sde lists comes from the hook alone.
pre=$hook
sanitized && pre=$(sanitizer_preload):$hook
if LD_PRELOAD=$pre "$tool" 2>&1 | grep -q 'Hook_Test'; then
	fail "the hook test library registers SDEs when merely loaded"
else
	ok "the hook test library registers nothing when merely loaded"
fi
"$tool" -sde "$hook" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ok "-sde exits 0" || { fail "-sde exits $rc"; cat "$tmp/err"; }
sde_section "$tmp/out" >"$tmp/sde"
# The exact rows: name and description, in the order the hook declared them.
{
	printf '%s\n' ' Native Events in Component: sde' \
		'==============================================================================='
	row() {
		printf '| %-73s    |\n' "sde:::Hook_Test::$1"
		printf '|            %-66s|\n' "$2"
	}
	row BUSY_SECONDS 'Seconds the hook test library spent working'
	echo '--------------------------------------------------------------------------------'
	row STEPS 'Steps the hook test library took'
	echo '--------------------------------------------------------------------------------'
	row QUEUE_DEPTH "Items waiting in the hook test library's queue"
	echo '==============================================================================='
} >"$tmp/want"
if diff -u "$tmp/want" "$tmp/sde"; then
	ok "the sde component lists Hook_Test's three events with their descriptions"
else
	fail "the sde component's listing differs from the expected one (diff above)"
fi
for want in 'sde:::Hook_Test::BUSY_SECONDS' \
	'Seconds the hook test library spent working' \
	'sde:::Hook_Test::STEPS' 'Steps the hook test library took' \
	'sde:::Hook_Test::QUEUE_DEPTH' \
	"Items waiting in the hook test library's queue"; do
	grep -qF -- "$want" "$tmp/out" && ok "shows '$want'" ||
		fail "does not show '$want'"
done
# Only the hook's events: nothing else registered SDEs.
n=$(grep -c '^| sde:::' "$tmp/out")
[ "$n" -eq 3 ] && ok "3 SDEs listed" || fail "$n SDEs listed, not 3"
# The other components are listed as without -sde, and counted.
"$tool" >"$tmp/plain" 2>&1
t0=$(sed -n 's/^Total events reported: //p' "$tmp/plain")
t1=$(sed -n 's/^Total events reported: //p' "$tmp/out")
[ -n "$t0" ] && [ "$t1" = $((t0 + 3)) ] &&
	ok "Total events reported: $t1 (3 more than without -sde)" ||
	fail "Total events reported: '$t1' with -sde, '$t0' without"
# Everything but the sde component's section and the total.
others() {
	awk '/^ Native Events in Component: /{ on = ($0 ~ /: sde$/) }
	     !on && !/^Total events reported: /' "$1"
}
if diff <(others "$tmp/out") <(others "$tmp/plain") >/dev/null; then
	ok "the other components are listed as without -sde"
else
	fail "-sde changed the listing of the other components"
	diff <(others "$tmp/plain") <(others "$tmp/out") | head -20
fi

# The options work on these events as on any: -i, -e, -c.
"$tool" -sde "$hook" -i Hook_Test >"$tmp/i" 2>&1
grep -q '^Total events reported: 3$' "$tmp/i" &&
	ok "-sde FILE -i Hook_Test: 3 events" ||
	fail "-sde FILE -i Hook_Test: $(grep '^Total' "$tmp/i")"
"$tool" -sde "$hook" -e sde:::Hook_Test::STEPS >"$tmp/e" 2>&1
grep -q '^Description: *Steps the hook test library took$' "$tmp/e" &&
	ok "-sde FILE -e sde:::Hook_Test::STEPS describes it" ||
	{ fail "-e sde:::Hook_Test::STEPS"; tail -5 "$tmp/e"; }
"$tool" -sde "$hook" -c -i Hook_Test >"$tmp/c" 2>&1
if grep -q '<NA>' "$tmp/c" || ! grep -q '^Total events reported: 3$' "$tmp/c"; then
	fail "-sde FILE -c: an event does not add"
	grep 'Hook_Test\|Total' "$tmp/c"
else
	ok "-sde FILE -c: the three events add to an EventSet"
fi
"$tool" --help 2>&1 | grep -q $'^\t-sde FILE  ' && ok "--help lists -sde FILE" ||
	fail "--help does not list -sde"

# ---- errors ---------------------------------------------------------------
err_case() { # what, expected text in stderr, args...
	local what=$1 text=$2 rc
	shift 2
	"$tool" "$@" >"$tmp/eo" 2>"$tmp/ee"
	rc=$?
	if [ $rc -ne 0 ] && grep -qF -- "$text" "$tmp/ee" &&
		! grep -q 'Native Events in Component' "$tmp/eo"; then
		ok "$what: exit $rc, '$(head -1 "$tmp/ee")'"
	else
		fail "$what: exit $rc, stderr '$(cat "$tmp/ee")'"
	fi
}
missing=$tmp/no-such-lib.so
err_case "nonexistent FILE" "$missing: cannot open shared object file" \
	-sde "$missing"
err_case "FILE without the hook" "papi_sde_hook_list_events" -sde "$nohook"
err_case "-sde without FILE" "Invalid argument for -sde" -sde
err_case "-sde with an empty FILE" "Invalid argument for -sde" -sde ''

# ---- Debian's papi_native_avail, on our libraries --------------------------
deb=/usr/bin/papi_native_avail
if [ -x "$deb" ] && ! sanitized && [ -n "${PAPI_LIBDIR:-}" ]; then
	LD_LIBRARY_PATH=$PAPI_LIBDIR "$deb" -sde "$hook" >"$tmp/deb" 2>&1
	sde_section "$tmp/deb" >"$tmp/deb_sde"
	if cmp -s "$tmp/deb_sde" "$tmp/sde"; then
		ok "Debian's papi_native_avail -sde lists the same sde section"
	else
		fail "Debian's papi_native_avail -sde lists another sde section"
		diff -u "$tmp/deb_sde" "$tmp/sde"
	fi
else
	echo "note: no Debian papi_native_avail (or a sanitizer build): not compared"
fi
exit $((fails > 0))
