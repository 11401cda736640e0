#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Install test: `cmake --install` into a temporary prefix, then check the
# installed tree the way a user of the library sees it:
#   - the files: libpapi.so.7.0, libpapi.so, libpapi.a, papi.h,
#     papiStdEventDefs.h, the Fortran include files fpapi.h, f77papi.h and
#     f90papi.h, papi.pc, and one binary per utility in tools/;
#   - the shared library's SONAME, that it names no build-tree RPATH, and that
#     it exports only PAPI_* names and the Fortran interface's PAPIF_* (and
#     papif_*, its lower-case spellings);
#   - papi.pc: found through PKG_CONFIG_PATH, pointing at the prefix;
#   - a program that calls PAPI_library_init(PAPI_VER_CURRENT), built with
#     `pkg-config --cflags --libs papi` and run against the installed
#     libpapi.so (never Debian's libpapi7.0, which papi-examples pulls in),
#     then linked statically against libpapi.a and run again.
# Run by ctest with PAPI_SRC and PAPI_BUILD set. Exit 0 passes, 77 skips (the
# reason printed), 1 fails (every failed check printed).
set -uo pipefail

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

PAPI_SRC=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
[ -n "${PAPI_BUILD:-}" ] || skip "PAPI_BUILD is not set (run through ctest)"
[ -f "$PAPI_BUILD/CMakeCache.txt" ] ||
	skip "$PAPI_BUILD is not a configured build directory"
for t in cmake pkg-config readelf nm; do
	command -v "$t" >/dev/null || skip "$t not found (scripts/install-deps.sh)"
done

cache() { sed -n "s/^$1:[A-Z]*=//p" "$PAPI_BUILD/CMakeCache.txt" | head -n1; }
CC=$(cache CMAKE_C_COMPILER)
[ -x "$CC" ] || CC=$(command -v cc) || skip "no C compiler"
libdir=$(cache CMAKE_INSTALL_LIBDIR)
libdir=${libdir:-lib}
incdir=$(cache CMAKE_INSTALL_INCLUDEDIR)
incdir=${incdir:-include}
# A sanitizer build's libpapi needs the sanitizer runtimes in the program too.
SANFLAGS=()
case "$(cache PAPI_SANITIZE)" in
ON | on | TRUE | true | 1 | YES | yes) SANFLAGS=("-fsanitize=address,undefined") ;;
esac

tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-install.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
prefix=$tmp/prefix
L=$prefix/$libdir

# ---- install --------------------------------------------------------------
if ! cmake --install "$PAPI_BUILD" --prefix "$prefix" >"$tmp/install.log" 2>&1
then
	cat "$tmp/install.log"
	echo "FAIL: cmake --install $PAPI_BUILD --prefix $prefix"
	exit 1
fi
ok "cmake --install --prefix $prefix"

# ---- files ----------------------------------------------------------------
if [ -f "$L/libpapi.so.7.0" ]; then
	ok "$libdir/libpapi.so.7.0"
else
	fail "$libdir/libpapi.so.7.0 missing (or a dangling link)"
fi
if [ -L "$L/libpapi.so" ] &&
	[ "$(readlink -f "$L/libpapi.so")" = "$(readlink -f "$L/libpapi.so.7.0")" ]
then
	ok "$libdir/libpapi.so -> $(readlink "$L/libpapi.so")"
else
	fail "$libdir/libpapi.so is not a link to libpapi.so.7.0"
fi
for f in "$libdir/libpapi.a" "$libdir/pkgconfig/papi.pc" \
	"$incdir/papi.h" "$incdir/papiStdEventDefs.h" "$incdir/fpapi.h" \
	"$incdir/f77papi.h" "$incdir/f90papi.h"; do
	if [ -f "$prefix/$f" ]; then ok "$f"; else fail "$f missing"; fi
done
for h in papi.h papiStdEventDefs.h fpapi.h f77papi.h f90papi.h; do
	[ -f "$prefix/$incdir/$h" ] || continue
	cmp -s "$PAPI_SRC/include/$h" "$prefix/$incdir/$h" ||
		fail "installed $h differs from include/$h"
done
# One binary per utility: tools/<name>/*.c builds <name> (CMakeLists.txt).
ntools=0
for d in "$PAPI_SRC"/tools/*/; do
	name=$(basename "$d")
	compgen -G "$d*.c" >/dev/null || continue
	ntools=$((ntools + 1))
	if [ -x "$prefix/bin/$name" ]; then
		# Without LD_LIBRARY_PATH it must load the libpapi installed
		# beside it, not a system one (Debian's libpapi7.0).
		got=$(env -u LD_LIBRARY_PATH ldd "$prefix/bin/$name" |
			awk '$1 == "libpapi.so.7.0" { print $3 }')
		if [ "$(readlink -f "$got")" = "$(readlink -f "$L/libpapi.so.7.0")" ]
		then
			ok "bin/$name"
		else
			fail "bin/$name loads libpapi.so.7.0 from '$got'," \
				"not $L (RPATH \$ORIGIN/../$libdir missing?)"
		fi
	else
		fail "bin/$name missing (tools/$name is built)"
	fi
done
[ $ntools -gt 0 ] || echo "note: no utilities in tools/ yet"

# ---- the shared library ---------------------------------------------------
so=$L/libpapi.so.7.0
if [ -f "$so" ]; then
	soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
	if [ "$soname" = libpapi.so.7.0 ]; then
		ok "SONAME $soname"
	else
		fail "SONAME is '${soname}', want libpapi.so.7.0"
	fi
	for f in "$so" "$prefix"/bin/*; do
		[ -f "$f" ] || continue
		if readelf -d "$f" | grep -E '\((RPATH|RUNPATH)\)' |
			grep -qF "$PAPI_BUILD"; then
			fail "$f keeps an RPATH into the build tree"
		fi
	done
	nm -D --defined-only "$so" | awk 'NF >= 3 { print $3 }' |
		sed 's/@.*//' | sort -u >"$tmp/exports"
	# PAPI 7.0's libpapi exports libsde's two overflow entries too, and
	# the C library calls appio wraps (src/components/appio).
	grep -v -e '^PAPI_' -e '^PAPIF_' -e '^papif_' \
		-e '^papi_sde_check_overflow_status$' \
		-e '^papi_sde_set_timer_for_overflow$' \
		-e '^\(open\|open64\|close\|read\|write\|fread\|fwrite\)$' \
		-e '^\(lseek\|lseek64\|select\|recv\)$' "$tmp/exports" \
		>"$tmp/other" || true
	n=$(wc -l <"$tmp/exports")
	if [ "$n" -eq 0 ]; then
		fail "libpapi.so exports nothing (hidden visibility, no export?)"
	elif [ -s "$tmp/other" ]; then
		fail "libpapi.so exports names that do not start with PAPI_" \
			"(or PAPIF_/papif_):" \
			"$(tr '\n' ' ' <"$tmp/other")"
	else
		ok "libpapi.so exports $n names, all PAPI_* or PAPIF_*/papif_*"
	fi
	# For information: names that upstream PAPI 7.0 does not export
	# (a typo, or an internal name that leaked), if Debian's is here.
	up=$(ldconfig -p 2>/dev/null |
		awk '$1 == "libpapi.so.7.0" { print $NF; exit }')
	if [ -n "$up" ] && [ -f "$up" ]; then
		nm -D --defined-only "$up" | awk 'NF >= 3 { print $3 }' |
			sed 's/@.*//' | grep -e '^PAPI_' -e '^PAPIF_' -e '^papif_' |
			sort -u >"$tmp/upstream"
		extra=$(comm -23 "$tmp/exports" "$tmp/upstream" | tr '\n' ' ')
		[ -z "$extra" ] ||
			echo "note: exported, but not by upstream PAPI 7.0: $extra"
		echo "note: exports $(comm -12 "$tmp/exports" "$tmp/upstream" |
			wc -l) of upstream's $(wc -l <"$tmp/upstream") PAPI_/PAPIF_ names"
	fi
fi

# ---- pkg-config -----------------------------------------------------------
export PKG_CONFIG_PATH=$L/pkgconfig
pc_ok=0
if [ -f "$L/pkgconfig/papi.pc" ]; then
	pc_prefix=$(pkg-config --variable=prefix papi)
	pc_ver=$(pkg-config --modversion papi)
	if [ "$pc_prefix" != "$prefix" ]; then
		fail "papi.pc prefix is '$pc_prefix', want '$prefix'"
	elif [ "$pc_ver" != 7.0.0.0 ]; then
		fail "papi.pc version is '$pc_ver', want 7.0.0.0"
	else
		ok "pkg-config papi: version $pc_ver, prefix $pc_prefix"
		pc_ok=1
	fi
fi

# ---- a program that uses the installed library ----------------------------
cat >"$tmp/t.c" <<'EOF'
#include <dlfcn.h>
#include <stdio.h>
#include <papi.h>

int main(void)
{
	Dl_info info;
	int ret = PAPI_library_init(PAPI_VER_CURRENT);

	if (ret != PAPI_VER_CURRENT) {
		printf("PAPI_library_init returned %d, want %d\n", ret,
		       PAPI_VER_CURRENT);
		return 1;
	}
	if (!dladdr((void *)PAPI_library_init, &info) || !info.dli_fname)
		return 2;
	printf("%s\n", info.dli_fname);
	return 0;
}
EOF
cflags=(-std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror "${SANFLAGS[@]}")

# The installed headers, alone, and not Debian's /usr/include/papi.h.
if [ $pc_ok = 1 ]; then
	read -ra pc_cflags <<<"$(pkg-config --cflags papi)"
	read -ra pc_libs <<<"$(pkg-config --libs papi)"
	hdr=$("$CC" "${cflags[@]}" "${pc_cflags[@]}" -M "$tmp/t.c" 2>&1 |
		grep -o '[^ ]*/papi\.h' | head -n1)
	case "$hdr" in
	"$prefix/$incdir/papi.h") ok "papi.h resolves to the installed one" ;;
	*) fail "papi.h resolves to '$hdr', not $prefix/$incdir/papi.h" ;;
	esac

	# Dynamic: pkg-config flags, run against the installed libpapi.so.
	if "$CC" "${cflags[@]}" "${pc_cflags[@]}" "$tmp/t.c" -o "$tmp/t_shared" \
		"${pc_libs[@]}" >"$tmp/cc.log" 2>&1; then
		if readelf -d "$tmp/t_shared" | grep -q 'NEEDED.*\[libpapi\.so\.7\.0\]'
		then
			out=$(LD_LIBRARY_PATH=$L "$tmp/t_shared" 2>&1)
			rc=$?
			if [ $rc -ne 0 ]; then
				fail "shared program exited $rc: $out"
			elif [ "$(readlink -f "$out")" != "$(readlink -f "$so")" ]; then
				fail "shared program loaded '$out', not $so"
			else
				ok "shared program: PAPI_library_init from $out"
			fi
		else
			fail "program built with pkg-config does not need libpapi.so.7.0"
		fi
	else
		cat "$tmp/cc.log"
		fail "cannot build a program with pkg-config --cflags --libs papi"
	fi
else
	fail "papi.pc unusable: skipped the shared-program checks"
fi

# Static: the installed libpapi.a plus its private libraries.
if [ -f "$L/libpapi.a" ]; then
	if "$CC" "${cflags[@]}" -I"$prefix/$incdir" "$tmp/t.c" -o "$tmp/t_static" \
		"$L/libpapi.a" -lpfm -lpthread -lm >"$tmp/cc.log" 2>&1; then
		out=$("$tmp/t_static" 2>&1)
		rc=$?
		if readelf -d "$tmp/t_static" | grep -q 'NEEDED.*libpapi'; then
			fail "static program still needs a libpapi shared object"
		elif [ $rc -ne 0 ]; then
			fail "static program exited $rc: $out"
		elif [ "$(readlink -f "$out")" != "$(readlink -f "$tmp/t_static")" ]
		then
			fail "static program took PAPI_library_init from '$out'"
		else
			ok "static program: PAPI_library_init linked in from libpapi.a"
		fi
	else
		cat "$tmp/cc.log"
		fail "cannot link a program against libpapi.a -lpfm -lpthread -lm"
	fi
fi

if [ $fails -ne 0 ]; then
	echo "$fails check(s) failed"
	exit 1
fi
echo "all install checks passed"
