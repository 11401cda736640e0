#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The Debian packages (cmake/packaging.cmake, docs/packaging.md): built
# from a /usr build of this tree, extracted into a throwaway root (never
# installed on this machine: Debian's PAPI in /usr/lib is the tests'
# reference), then
# - Debian's prebuilt /usr/bin/papi_avail runs on the extracted library;
# - a program builds with `pkg-config --cflags --libs papi` from the
#   extracted papi.pc and runs on it;
# - man finds PAPI_read(3), papi_avail(1) (and papi_stat(1) when built)
#   in the extracted tree;
# - the control fields replace Debian's packages; lintian finds no error.
# Costly (a build and lintian, about 2 minutes of CPU): docs/packaging.md.
set -u
SRC=${PAPI_SRC:?}
[ "$(id -u)" -eq 0 ] || { echo "SKIP: not root (dpkg-deb/lintian need it here)"; exit 77; }
for c in dpkg-deb cpack pkg-config cc; do
	command -v $c >/dev/null || { echo "SKIP: $c missing"; exit 77; }
done
# The packages do not depend on how the test build was compiled: the
# sanitizer run (make check-asan) leaves them to the plain one.
. "$SRC/tests/e2e/lib/sanitizer.sh"
sanitized && { echo "SKIP: sanitizer build: the packages are checked by the plain build's run"; exit 77; }
W=$(mktemp -d /tmp/papi-deb.XXXXXX)
trap 'rm -rf "$W"' EXIT
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# A /usr build, as `make deb` makes it (no tests: BUILD_TESTING=OFF).
B=$W/build
cmake -S "$SRC" -B "$B" -DCMAKE_INSTALL_PREFIX=/usr -DBUILD_TESTING=OFF \
	>"$W/log" 2>&1 || { cat "$W/log"; exit 1; }
cmake --build "$B" -j2 >>"$W/log" 2>&1 || { tail -30 "$W/log"; exit 1; }
(cd "$B" && cpack -G DEB) >>"$W/log" 2>&1 || { tail -30 "$W/log"; exit 1; }
debs=$(ls "$B"/deb/*.deb)
echo "$debs"

R=$W/root
for d in $debs; do dpkg-deb -x "$d" "$R" || bad "dpkg-deb -x $d"; done
arch=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || echo x86_64-linux-gnu)
L=$R/usr/lib/$arch
[ -f "$L/libpapi.so.7.0" ] || bad "no libpapi.so.7.0 in the packages"

# Control fields: each of ours replaces Debian's.
for pair in libpapi7.0-fs:libpapi7.0 libpapi-fs-dev:libpapi-dev papi-fs-tools:papi-tools; do
	ours=${pair%%:*} theirs=${pair#*:}
	d=$(ls "$B"/deb/${ours}_*.deb 2>/dev/null) || { bad "no package $ours"; continue; }
	for f in Provides Conflicts Replaces; do
		dpkg-deb -f "$d" $f | grep -qw "$theirs" || bad "$ours: $f lacks $theirs"
	done
done
dpkg-deb -I "$B"/deb/libpapi7.0-fs_*.deb shlibs >/dev/null 2>&1 || bad "libpapi7.0-fs has no shlibs"

# Debian's prebuilt papi_avail on the extracted library.
if [ -x /usr/bin/papi_avail ]; then
	out=$(LD_LIBRARY_PATH=$L /usr/bin/papi_avail -a 2>&1) || bad "Debian's papi_avail failed: $out"
	LD_LIBRARY_PATH=$L ldd /usr/bin/papi_avail | grep -q "$L/libpapi.so.7.0" ||
		bad "papi_avail did not load the extracted library"
else
	echo "note: no /usr/bin/papi_avail (papi-tools): not run"
fi

# A program built with the extracted papi.pc.
cat >"$W/p.c" <<'C'
#include <papi.h>
#include <stdio.h>
int main(void)
{
	int es = PAPI_NULL;
	long long v = 0;
	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT) return 1;
	if (PAPI_create_eventset(&es) != PAPI_OK) return 2;
	if (PAPI_add_named_event(es, "perf::TASK-CLOCK") != PAPI_OK) return 3;
	if (PAPI_start(es) != PAPI_OK || PAPI_stop(es, &v) != PAPI_OK) return 4;
	printf("ok %lld\n", v);
	return 0;
}
C
pc="PKG_CONFIG_SYSROOT_DIR=$R PKG_CONFIG_LIBDIR=$L/pkgconfig"
flags=$(env $pc pkg-config --cflags --libs papi) || bad "pkg-config papi failed"
case $flags in *"$R"*) ;; *) bad "pkg-config flags do not point into the root: $flags" ;; esac
cc "$W/p.c" -o "$W/p" $flags || bad "cannot build against the extracted headers"
[ -x "$W/p" ] && { o=$(LD_LIBRARY_PATH=$L "$W/p") && [ "${o%% *}" = ok ] || bad "program: $o"; }
[ -x "$W/p" ] && { LD_LIBRARY_PATH=$L ldd "$W/p" | grep -q "$L/libpapi.so" || bad "program not linked to the extracted library"; }

# man finds the pages in the extracted tree.
if command -v man >/dev/null; then
	pages="PAPI_read papi_avail PAPI papi_env"
	[ -x "$R/usr/bin/papi_stat" ] && pages="$pages papi_stat"
	for p in $pages; do
		MANPATH=$R/usr/share/man man -w "$p" 2>/dev/null | grep -q "^$R/" || bad "man does not find $p"
	done
fi

# lintian: no errors (warnings are listed in docs/packaging.md).
if command -v lintian >/dev/null; then
	lintian $debs >"$W/lintian" 2>&1
	grep '^E:' "$W/lintian" && bad "lintian errors"
else
	echo "note: lintian missing (scripts/install-deps.sh installs it): not run"
fi
[ $fail -eq 0 ] && echo "PASS: $(echo $debs | wc -w) packages; Debian's papi_avail, pkg-config build, man and lintian"
exit $fail
