#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# `make install` puts libsde.so.1 and sde_lib.h in place: libsde exports
# every sde_lib.h call Debian's libsde1 exports (its sde_ti_* tool calls
# are PAPI's internal interface, ours is papi_sde__ti_v1), libpapi the two
# overflow entries, and a library + program build against the installed
# files alone and count.
set -u
build=${PAPI_BUILD:?PAPI_BUILD not set}
command -v cc >/dev/null || { echo "SKIP: no C compiler"; exit 77; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-sde-inst.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
ok() { echo "ok: $*"; }
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

cmake --install "$build" --prefix "$tmp/p" >"$tmp/install.log" 2>&1 ||
	{ cat "$tmp/install.log"; fail "cmake --install"; exit 1; }
L=$(dirname "$(find "$tmp/p" -name 'libsde.so.1' | head -n1)")
[ -n "$L" ] && [ -e "$L/libsde.so.1" ] && ok "libsde.so.1 installed" ||
	fail "no libsde.so.1 installed"
[ -f "$tmp/p/include/sde_lib.h" ] && ok "sde_lib.h installed" ||
	fail "no include/sde_lib.h"
soname=$(readelf -d "$L/libsde.so.1" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = libsde.so.1 ] && ok "SONAME libsde.so.1" || fail "SONAME '$soname'"

nm -D --defined-only "$L/libsde.so.1" | awk 'NF >= 3 { print $3 }' |
	sed 's/@.*//' | sort -u >"$tmp/ours"
deb=/usr/lib/$(gcc -print-multiarch 2>/dev/null)/libsde.so.1
if [ -f "$deb" ]; then
	nm -D --defined-only "$deb" | awk 'NF >= 3 { print $3 }' |
		sed 's/@.*//' | grep -v '^sde_ti_' | sort -u >"$tmp/deb"
	missing=$(comm -23 "$tmp/deb" "$tmp/ours" | tr '\n' ' ')
	[ -z "$missing" ] && ok "every libsde1 export: $(wc -l <"$tmp/deb") names" ||
		fail "missing from our libsde: $missing"
fi
for n in papi_sde_check_overflow_status papi_sde_set_timer_for_overflow; do
	nm -D --defined-only "$L/libpapi.so.7.0" | grep -q " T $n\$" &&
		ok "libpapi exports $n" || fail "libpapi does not export $n"
done

cat >"$tmp/lib.c" <<'CEOF'
#include <sde_lib.h>
static void *h;
void lib_init(void);
void lib_work(void);
void lib_init(void)
{
	papi_sde_create_counter(papi_sde_init("Inst"), "N", PAPI_SDE_DELTA, &h);
}
void lib_work(void) { papi_sde_inc_counter(h, 3); }
CEOF
cat >"$tmp/main.c" <<'CEOF'
#include <stdio.h>
#include <papi.h>
void lib_init(void);
void lib_work(void);
int main(void)
{
	int es = PAPI_NULL;
	long long v = 0;
	lib_init();
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT ||
	    PAPI_create_eventset(&es) != PAPI_OK ||
	    PAPI_add_named_event(es, "sde:::Inst::N") != PAPI_OK ||
	    PAPI_start(es) != PAPI_OK)
		return 2;
	lib_work();
	lib_work();
	if (PAPI_stop(es, &v) != PAPI_OK)
		return 3;
	printf("%lld\n", v);
	return v == 6 ? 0 : 1;
}
CEOF
# A sanitizer build's libraries need the sanitizer runtimes in the program.
. "${PAPI_SRC:?}/tests/e2e/lib/sanitizer.sh"
if cc "${SAN_CFLAGS[@]}" -shared -fPIC -I"$tmp/p/include" "$tmp/lib.c" -o "$tmp/libinst.so" \
	-L"$L" -lsde -Wl,-rpath,"$L" &&
	cc "${SAN_CFLAGS[@]}" -I"$tmp/p/include" "$tmp/main.c" -o "$tmp/main" -L"$tmp" -linst \
		-L"$L" -lpapi -Wl,-rpath,"$tmp:$L"; then
	got=$("$tmp/main")
	[ "$got" = 6 ] && ok "built against the installed files: counted 6" ||
		fail "counted '$got', want 6"
else
	fail "cannot build against the installed sde_lib.h / libsde"
fi
exit $((fails > 0))
