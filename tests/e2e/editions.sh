#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The three PAPI editions installed side by side (cmake/editions.cmake,
# docs/editions.md): `cmake --install` of the build into a scratch prefix,
# then for 7.0 (pkg-config papi), 7.1 (papi-7.1) and 7.2 (papi-7.2) one
# program built with that edition's pkg-config flags:
#   - it needs the edition's soname (readelf NEEDED) and loads it from the
#     prefix;
#   - PAPI_library_init(PAPI_VER_CURRENT) returns the edition's version and
#     PAPI_get_opt(PAPI_LIB_VERSION) agrees;
#   - the header it was built with is the edition's (PAPI_NUM_ERRORS 29
#     only in 7.2) and the library answers in that layout (7.2's
#     partially_disabled beside an intact component name);
#   - each edition refuses a program of another: the 7.2 program run on the
#     7.1 library (renamed under 7.2's soname) gets PAPI_EINVAL.
# Exit 0 passes, 77 skips (reason printed), 1 fails.
# shellcheck disable=SC2015
set -uo pipefail

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

PAPI_SRC=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
PAPI_BUILD=${PAPI_BUILD:-$PAPI_SRC/build}
command -v pkg-config >/dev/null || skip "pkg-config not installed"
[ -e "$PAPI_BUILD/libpapi.so.7.2" ] || skip "no libpapi.so.7.2 in $PAPI_BUILD"

. "$PAPI_SRC/tests/e2e/lib/sanitizer.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
cmake --install "$PAPI_BUILD" --prefix "$prefix" >"$tmp/install.log" 2>&1 ||
	{ cat "$tmp/install.log"; fail "cmake --install"; exit 1; }
libdir=$(dirname "$(find "$prefix" -name papi.pc | head -1)")/..
libdir=$(cd "$libdir" && pwd)
export PKG_CONFIG_PATH=$libdir/pkgconfig

cat >"$tmp/prog.c" <<'C'
#include <papi.h>
#include <stdio.h>
#include <string.h>
int main(void)
{
	int v = PAPI_library_init(PAPI_VER_CURRENT);
	const PAPI_component_info_t *in;

	if (v != PAPI_VER_CURRENT) {
		printf("init %d\n", v);
		return 2;
	}
	in = PAPI_get_component_info(0);
	printf("version %d.%d errors %d lib %#x name %s", PAPI_VERSION_MAJOR(v),
	       PAPI_VERSION_MINOR(v), PAPI_NUM_ERRORS,
	       PAPI_get_opt(PAPI_LIB_VERSION, NULL), in ? in->name : "-");
#if PAPI_EDITION >= 72
	printf(" partial %d", in->partially_disabled);
#endif
	printf("\n");
	return 0;
}
C
for ed in "" 7.1 7.2; do
	pc=papi${ed:+-$ed} want=${ed:-7.0}
	flags=$(pkg-config --cflags --libs "$pc") || { fail "pkg-config $pc"; continue; }
	# shellcheck disable=SC2086
	gcc "${SAN_CFLAGS[@]}" -o "$tmp/prog-$want" "$tmp/prog.c" $flags \
		-Wl,-rpath,"$libdir" ||
		{ fail "build against $pc ($flags)"; continue; }
	needed=$(readelf -d "$tmp/prog-$want" | sed -n 's/.*NEEDED.*\[\(libpapi[^]]*\)\].*/\1/p')
	[ "$needed" = "libpapi.so.$want" ] && ok "$pc: needs $needed" ||
		fail "$pc: needs '$needed', not libpapi.so.$want"
	loaded=$(ldd "$tmp/prog-$want" | awk '/libpapi/ {print $3}')
	[ "${loaded#"$prefix"}" != "$loaded" ] && ok "$pc: loads $loaded" ||
		fail "$pc: loads '$loaded', not from $prefix"
	out=$("$tmp/prog-$want")
	echo "  $out"
	minor=${want#7.}
	errors=28
	[ "$want" = 7.2 ] && errors=29
	case $out in
	"version 7.$minor errors $errors lib 0x70${minor}0000 name perf_event"*) ok "$pc: answers as PAPI $want" ;;
	*) fail "$pc: '$out'" ;;
	esac
done
if [ "$want" = 7.2 ] && [ -x "$tmp/prog-7.2" ]; then
	[[ $out == *" partial "[01] ]] && ok "7.2 layout: partially_disabled read" ||
		fail "7.2 layout: '$out'"
fi

# A program of one edition on another's library: refused at init.
mkdir -p "$tmp/wrong"
cp "$libdir/libpapi.so.7.1" "$tmp/wrong/libpapi.so.7.2"
out=$(LD_LIBRARY_PATH=$tmp/wrong "$tmp/prog-7.2" 2>&1)
[ "$out" = "init -1" ] && ok "7.2 program on the 7.1 library: PAPI_EINVAL" ||
	fail "7.2 program on the 7.1 library: '$out'"

[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo PASS
