#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# papi_native_avail lists the SDEs of the libraries in its process, with
# their descriptions (PAPI's way: preload the library), and
# papi_component_avail shows the sde component.
set -u
bin=${PAPI_BIN:?PAPI_BIN not set}
lib=${SDE_DL_LIB:?SDE_DL_LIB not set}
[ -x "$bin/papi_native_avail" ] || { echo "SKIP: no papi_native_avail"; exit 77; }
fails=0
# In a sanitizer build the runtimes must come first in the preload list.
. "${PAPI_SRC:?}/tests/e2e/lib/sanitizer.sh"
pre=$lib
sanitized && pre=$(sanitizer_preload):$lib
out=$(LD_PRELOAD=$pre "$bin/papi_native_avail" 2>&1)
for want in 'Native Events in Component: sde' 'sde:::DL_Test::ITEMS' \
	'Items the test library made' 'sde:::DL_Test::CALLS' \
	'Calls of sdetest_work'; do
	if grep -qF "$want" <<<"$out"; then
		echo "ok: papi_native_avail shows '$want'"
	else
		echo "FAIL: papi_native_avail does not show '$want'"
		fails=$((fails + 1))
	fi
done
# Without the library: the component is there, with no events.
out=$("$bin/papi_native_avail" 2>&1)
if grep -qF 'sde:::' <<<"$out"; then
	echo "FAIL: SDEs listed without any SDE library loaded"
	fails=$((fails + 1))
else
	echo "ok: no SDEs without an SDE library"
fi
if "$bin/papi_component_avail" 2>&1 | grep -q 'Name: *sde '; then
	echo "ok: papi_component_avail lists sde"
else
	echo "FAIL: papi_component_avail does not list sde"
	fails=$((fails + 1))
fi
exit $((fails > 0))
