#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The manual pages (man/, built into $PAPI_BUILD/man by cmake/manpages.cmake):
# - every page renders with groff -man -ww without a warning (what man -l
#   runs);
# - every PAPI_* function libpapi.so.7.0 exports, and every function of
#   libsde.so.1 when built, has its section-3 page (the
#   Fortran PAPIF_*/papif_* symbols: papi_fortran(3));
# - every utility built (tools/*) has its section-1 page, and the options
#   its --help (or -h) prints are those the page's OPTIONS section lists
#   (-h and --help themselves aside: some tools print them, some not);
# - PAPI(3), papi_env(7) and papi_events(7) exist;
# - installed (components dev and tools), man finds PAPI_read, papi_avail...
set -u
SRC=${PAPI_SRC:?} BUILD=${PAPI_BUILD:?} BIN=${PAPI_BIN:-$PAPI_BUILD/bin}
LIB=${PAPI_LIBDIR:-$PAPI_BUILD}
MAN=$BUILD/man
fail=0
bad() { echo "FAIL: $*"; fail=1; }

[ -f "$MAN/.stamp" ] || { echo "SKIP: no manual pages in $MAN (python3 missing at configure?)"; exit 77; }
command -v groff >/dev/null || { echo "SKIP: groff missing (groff-base)"; exit 77; }
command -v nm >/dev/null || { echo "SKIP: nm missing (binutils)"; exit 77; }

# 1. Rendering, without warnings.
# One groff run for all of them (its warnings name the file and line); the
# run's exit status counts too.
pages=("$MAN"/man*/*.[137])
n=${#pages[@]}
w=$(groff -man -ww -z "${pages[@]}" 2>&1) || bad "groff failed"
[ -z "$w" ] || bad "groff warns: $w"
# And the way a user reads one: man -l, on the pages tests name elsewhere.
if command -v man >/dev/null; then
	for p in man3/PAPI_read.3 man1/papi_avail.1 man7/papi_events.7; do
		w=$(MANWIDTH=80 man --warnings -l "$MAN/$p" 2>&1 >/dev/null)
		[ -z "$w" ] || bad "man -l warns on $p: $w"
		MANWIDTH=80 man -l "$MAN/$p" 2>/dev/null | grep -q "^NAME" || bad "man -l $p: no NAME section"
	done
fi
[ "$n" -gt 100 ] || bad "only $n pages"

# 2. Every exported function has a page.
so=$LIB/libpapi.so.7.0
[ -f "$so" ] || { echo "SKIP: $so not built"; exit 77; }
# Not papi.h's: the C library calls appio interposes (open, read...) and
# libsde's way back into libpapi (papi_sde_*); they are no API of ours.
nfun=0 nint=0
for s in $(nm -D --defined-only "$so" | awk '$2 == "T" {print $3}'); do
	case $s in
	PAPIF_* | papif_*) [ -f "$MAN/man3/papi_fortran.3" ] || bad "no papi_fortran(3) for $s" ;;
	PAPI_*) [ -f "$MAN/man3/$s.3" ] || bad "exported $s has no page"; nfun=$((nfun + 1)) ;;
	*) nint=$((nint + 1)) ;;
	esac
done
echo "libpapi: $nfun PAPI_* functions checked; $nint other exports (internal) are not API"
[ "$nfun" -ge 90 ] || bad "only $nfun exported functions seen"
# libsde's functions, when it is built.
if [ -f "$LIB/libsde.so.1" ]; then
	nsde=0
	for s in $(nm -D --defined-only "$LIB/libsde.so.1" | awk '$2 == "T" {print $3}'); do
		[ -f "$MAN/man3/$s.3" ] || bad "libsde's $s has no page"
		nsde=$((nsde + 1))
	done
	[ "$nsde" -gt 10 ] || bad "only $nsde libsde functions seen"
	[ -f "$MAN/man3/papi_sde.3" ] || bad "no papi_sde(3)"
fi
for p in man3/PAPI.3 man7/papi_env.7 man7/papi_events.7; do
	[ -f "$MAN/$p" ] || bad "no $p"
done

# 3. Utilities: a page each, and the same options as --help.
# Options in help text: on lines that start with an option (after an
# optional "options:"), the option words of the first column; on usage
# lines, the options in brackets.
help_opts() {
	awk '{
		line = $0
		if (tolower(line) ~ /usage/) {
			while (match(line, /\[ *--?[A-Za-z][A-Za-z0-9-]*/)) {
				o = substr(line, RSTART, RLENGTH); sub(/^\[ */, "", o); print o
				line = substr(line, RSTART + RLENGTH)
			}
			next
		}
		sub(/^[ \t]*([Oo]ptions:)?[ \t]*/, "", line)
		if (line !~ /^--?[A-Za-z]/) next
		split(line, col, /(  |\t)/)
		c = col[1]
		while (match(c, /(^|[ ,|])--?[A-Za-z][A-Za-z0-9-]*/)) {
			o = substr(c, RSTART, RLENGTH); sub(/^[ ,|]/, "", o); print o
			c = substr(c, RSTART + RLENGTH)
		}
	}'
}
# Options of a page: the tagged paragraphs' tags of its OPTIONS section.
page_opts() {
	awk '/^\.SH/ { on = ($2 == "OPTIONS") ; next }
		on && prev == ".TP" { print } { prev = $0 }' "$1" |
		sed 's/\\f[BIRP]//g; s/\\-/-/g' |
		grep -oE '(^|[ ,|])--?[A-Za-z][A-Za-z0-9-]*' | sed 's/^[ ,|]//'
}
ntool=0
for d in "$SRC"/tools/*/; do
	t=$(basename "$d")
	ls "$d"*.c >/dev/null 2>&1 || continue
	[ -x "$BIN/$t" ] || continue
	ntool=$((ntool + 1))
	page=$MAN/man1/$t.1
	[ -f "$page" ] || { bad "utility $t has no page"; continue; }
	h=$( { timeout 20 "$BIN/$t" --help; timeout 20 "$BIN/$t" -h; } </dev/null 2>&1 |
		help_opts | grep -vxE -- '-h|--help' | sort -u)
	m=$(page_opts "$page" | grep -vxE -- '-h|--help' | sort -u)
	if [ "$h" != "$m" ]; then
		bad "$t: --help and $t(1) disagree: help [$(echo $h)] page [$(echo $m)]"
	fi
done
[ "$ntool" -gt 10 ] || bad "only $ntool utilities found in $BIN"

# 4. After `make install`: man finds them under the prefix (only the pages:
# the man components' files, into a throwaway prefix).
tmp=$(mktemp -d /tmp/papi-man.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
if cmake -DCMAKE_INSTALL_COMPONENT=dev -DCMAKE_INSTALL_PREFIX="$tmp" \
	-P "$BUILD/cmake_install.cmake" >"$tmp/log" 2>&1 &&
   cmake -DCMAKE_INSTALL_COMPONENT=tools -DCMAKE_INSTALL_PREFIX="$tmp" \
	-P "$BUILD/cmake_install.cmake" >>"$tmp/log" 2>&1; then
	pages="PAPI_read PAPI papi_avail papi_events"
	[ -x "$BIN/papi_stat" ] && pages="$pages papi_stat"
	for p in $pages; do
		MANPATH=$tmp/share/man man -w "$p" 2>/dev/null | grep -q "^$tmp/share/man/man./$p\." ||
			bad "after install, man does not find $p"
	done
else
	bad "cmake --install of the dev and tools components failed: $(tail -5 "$tmp/log")"
fi

[ $fail -eq 0 ] && echo "PASS: $n pages render cleanly; $nfun functions and $ntool utilities have pages"
exit $fail
