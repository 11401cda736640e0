# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the e2e tests that run programs on a possibly sanitized build
# of our library (make check-asan builds it with ASan + UBSan).
#
#   sanitized            true when $PAPI_BUILD was configured PAPI_SANITIZE
#   sanitizer_preload    prints the ASan and UBSan runtimes, ':'-separated,
#                        for LD_PRELOAD: a program not built with them
#                        (Debian's utilities, a gfortran program) must load
#                        them before our library; empty when not found
#   SAN_CFLAGS           the flags a program built here needs to link a
#                        sanitized library (an array, empty otherwise)

sanitized() {
	[ -f "${PAPI_BUILD:-}/CMakeCache.txt" ] &&
		grep -Eqi '^PAPI_SANITIZE:[A-Z]*=(ON|TRUE|1|YES)$' "$PAPI_BUILD/CMakeCache.txt"
}

sanitizer_preload() {
	local r p out=
	for r in libasan.so libubsan.so; do
		p=$(cc -print-file-name="$r" 2>/dev/null) && [ -e "$p" ] &&
			out=${out:+$out:}$(readlink -f "$p")
	done
	printf '%s' "$out"
}

SAN_CFLAGS=()
if sanitized; then
	SAN_CFLAGS=(-fsanitize=address,undefined)
fi
