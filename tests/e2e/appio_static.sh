#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# appio wherever the program gets libpapi from: the shared library (its
# wrappers interpose on the C library's through the dynamic linker), the
# static libpapi.a in a dynamically linked program (the wrappers are in
# the executable), and a fully static program (-static, the C library's
# archive beside ours). Each time a program writes 123 bytes in two
# write() calls between open() and close(), preloads nothing, and must
# count exactly that; a fully static link that cannot take appio's
# wrappers must say so (component disabled with a reason), never count
# wrong. Also: a program that does not use PAPI's appio at all runs its
# I/O through the wrappers unchanged (cat of a file through the shared
# library, LD_PRELOAD'ed).
# Exit: 0 pass, 1 fail, 77 skip.
set -u
src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
build=${PAPI_BUILD:-$src/build}
libdir=${PAPI_LIBDIR:-$build}
CC=${CC:-cc}
command -v "$CC" >/dev/null || { echo "SKIP: no C compiler"; exit 77; }
# The archive and -static links, and cat/python3 with our library
# preloaded, need a library built without sanitizers: make check-asan
# leaves this test to the plain build.
. "$src/tests/e2e/lib/sanitizer.sh"
sanitized && { echo "SKIP: sanitizer build: static and preloaded programs are checked by the plain build"; exit 77; }
[ -f "$libdir/libpapi.so.7.0" ] || { echo "FAIL: no $libdir/libpapi.so.7.0"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

cat >"$tmp/t.c" <<'EOF'
#include <fcntl.h>
#include <papi.h>
#include <stdio.h>
#include <unistd.h>

int main(void)
{
	static const char *ev[] = { "appio:::WRITE_BYTES", "appio:::WRITE_CALLS",
				    "appio:::OPEN_CALLS", "appio:::OPEN_FDS" };
	long long v[4];
	char b[100] = { 0 };
	int es = PAPI_NULL, cidx, i, fd;

	if (PAPI_library_init(PAPI_VER_CURRENT) != PAPI_VER_CURRENT)
		return 1;
	cidx = PAPI_get_component_index("appio");
	if (cidx < 0)
		return 2;
	if (PAPI_get_component_info(cidx)->disabled) {
		printf("disabled: %s\n",
		       PAPI_get_component_info(cidx)->disabled_reason);
		return 3;
	}
	if (PAPI_create_eventset(&es) != PAPI_OK)
		return 4;
	for (i = 0; i < 4; i++)
		if (PAPI_add_named_event(es, ev[i]) != PAPI_OK)
			return 5;
	if (PAPI_start(es) != PAPI_OK)
		return 6;
	fd = open("/dev/null", O_WRONLY);
	if (write(fd, b, 100) != 100 || write(fd, b, 23) != 23)
		return 7;
	if (PAPI_read(es, v) != PAPI_OK || v[3] != 1)
		return 8;
	close(fd);
	if (PAPI_stop(es, v) != PAPI_OK)
		return 9;
	printf("%lld %lld %lld %lld\n", v[0], v[1], v[2], v[3]);
	return !(v[0] == 123 && v[1] == 2 && v[2] == 1 && v[3] == 0);
}
EOF

# check WHAT PROGRAM [env...]: runs it, wants "123 2 1 0".
check() {
	local what=$1 prog=$2 out rc
	shift 2
	out=$(env "$@" "$prog" 2>&1)
	rc=$?
	if [ $rc -eq 0 ] && [ "$out" = "123 2 1 0" ]; then
		ok "$what: 123 bytes in 2 writes, 1 open, closed"
	elif [ $rc -eq 3 ] && [ "$what" = "fully static" ]; then
		ok "fully static: appio disabled, saying why: $out"
	else
		fail "$what: rc $rc, output: $out"
	fi
}

inc=(-I"$src/include")
if "$CC" "${inc[@]}" "$tmp/t.c" -o "$tmp/t_shared" -L"$libdir" -lpapi \
	-Wl,-rpath,"$libdir" >"$tmp/cc.log" 2>&1; then
	check "shared libpapi" "$tmp/t_shared"
else
	fail "cannot link against libpapi.so: $(cat "$tmp/cc.log")"
fi

if [ -f "$libdir/libpapi.a" ]; then
	if "$CC" "${inc[@]}" "$tmp/t.c" -o "$tmp/t_archive" "$libdir/libpapi.a" \
		-lpfm -lpthread -lm >"$tmp/cc.log" 2>&1; then
		check "libpapi.a, shared libc" "$tmp/t_archive"
	else
		fail "cannot link against libpapi.a: $(cat "$tmp/cc.log")"
	fi
	pfm_a=$("$CC" -print-file-name=libpfm.a)
	libc_a=$("$CC" -print-file-name=libc.a)
	if [ -f "$pfm_a" ] && [ -f "$libc_a" ] && [ "$pfm_a" != libpfm.a ]; then
		if "$CC" -static "${inc[@]}" "$tmp/t.c" -o "$tmp/t_static" \
			"$libdir/libpapi.a" "$pfm_a" -lpthread -lm \
			>"$tmp/cc.log" 2>&1; then
			check "fully static" "$tmp/t_static"
		else
			fail "cannot link -static: $(cat "$tmp/cc.log")"
		fi
	else
		echo "note: no libpfm.a or libc.a: fully static link not tried"
	fi
else
	echo "note: no libpapi.a in $libdir: static links not tried"
fi

# The wrappers pass everything through unchanged when nothing counts:
# cat, sort and a socket tool, with libpapi preloaded, give the same bytes.
head -c 300000 /dev/urandom >"$tmp/data"
if LD_PRELOAD="$libdir/libpapi.so.7.0" cat "$tmp/data" >"$tmp/copy" &&
	cmp -s "$tmp/data" "$tmp/copy"; then
	ok "cat through the wrappers: same 300000 bytes"
else
	fail "cat through the wrappers changed the data"
fi
if ! command -v python3 >/dev/null; then
	echo "note: no python3: sockets through the wrappers not tried"
elif LD_PRELOAD="$libdir/libpapi.so.7.0" python3 -c '
import socket, os
a, b = socket.socketpair()
a.sendall(b"x" * 100000); a.shutdown(socket.SHUT_WR)
n = 0
while True:
    d = b.recv(7000)
    if not d: break
    n += len(d)
assert n == 100000, n
fd = os.open("/dev/null", os.O_WRONLY); os.write(fd, b"abc"); os.close(fd)
' 2>"$tmp/py.err"; then
	ok "python's sockets and files through the wrappers"
else
	fail "python through the wrappers: $(cat "$tmp/py.err")"
fi

[ $failures -eq 0 ] || exit 1
echo "appio_static: shared, archive and static programs count exactly"
