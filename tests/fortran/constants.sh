#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The constants of the Fortran include files (include/fpapi.h, f77papi.h,
# f90papi.h) against C's (include/papi.h):
#   1. the three files define the same names with the same values;
#   2. each value equals the C constant of that name, as a 32-bit INTEGER
#      (a generated C program with the Fortran values pasted in);
#   3. with a Fortran compiler (PAPI_FC, else gfortran), each file compiles
#      in the source form it is for, and the values the compiler sees are
#      C's: fpapi.h in fixed and free form through the preprocessor,
#      f77papi.h with INCLUDE in fixed form, f90papi.h with INCLUDE in free
#      form;
#   4. where Debian's libpapi-dev is installed, the names are exactly those
#      of its /usr/include/fpapi.h and the values the same (a program built
#      for PAPI 7.0 compiles with ours, and an extra name cannot collide with
#      one of its own);
#   5. the files are what scripts/gen-fortran-headers.py writes (python3).
# Exit 0 pass, 1 fail.
set -uo pipefail

PAPI_SRC=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
INC=$PAPI_SRC/include
CC=${CC:-cc}
FC=${PAPI_FC:-}
if [ -z "$FC" ] || ! command -v "$FC" >/dev/null; then
	FC=$(command -v gfortran || true)
fi

fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-fconst.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# name<TAB>value-expression, one a line, from each file.
sed -n 's/^#define[[:space:]]\+\([A-Za-z0-9_]\+\)[[:space:]]\+\(.*[^[:space:]]\)[[:space:]]*$/\1\t\2/p' \
	"$INC/fpapi.h" >"$tmp/fpapi.txt"
sed -n 's/^[[:space:]]*PARAMETER[[:space:]]*([[:space:]]*\([A-Za-z0-9_]\+\)[[:space:]]*=[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*)[[:space:]]*$/\1\t\2/p' \
	"$INC/f77papi.h" >"$tmp/f77papi.txt"
sed -n 's/^[[:space:]]*INTEGER[[:space:]]*,[[:space:]]*PARAMETER[[:space:]]*::[[:space:]]*\([A-Za-z0-9_]\+\)[[:space:]]*=[[:space:]]*\(.*[^[:space:]]\)[[:space:]]*$/\1\t\2/p' \
	"$INC/f90papi.h" >"$tmp/f90papi.txt"

# ---- 1. the three files agree -------------------------------------------
n=$(wc -l <"$tmp/fpapi.txt")
[ "$n" -gt 300 ] || fail "fpapi.h: only $n constants found"
# Every declared INTEGER of f77papi.h has its PARAMETER, and no other.
decl=$(grep -c '^[[:space:]]*INTEGER[[:space:]]\+[A-Za-z]' "$INC/f77papi.h")
[ "$decl" -eq "$(wc -l <"$tmp/f77papi.txt")" ] ||
	fail "f77papi.h: $decl INTEGER declarations," \
		"$(wc -l <"$tmp/f77papi.txt") PARAMETERs"
for f in f77papi f90papi; do
	# Values compared as the compiler computes them (step 2); here the
	# names, and the texts once blanks are dropped.
	if diff <(tr -d ' ' <"$tmp/fpapi.txt" | sort) \
		<(tr -d ' ' <"$tmp/$f.txt" | sort) >"$tmp/d" 2>&1; then
		ok "$f.h defines the $n names of fpapi.h, same values"
	else
		fail "$f.h and fpapi.h differ:"
		cat "$tmp/d"
	fi
done

# ---- 2. each value equals C's --------------------------------------------
{
	echo '#include <stdio.h>'
	echo '#include "papi.h"'
	echo 'static int bad;'
	echo 'static void same(const char *n, long long f, long long c)'
	echo '{'
	echo '	if ((int)f != (int)c || f != (int)f) {'
	printf '%s\n' '		printf("%s: Fortran %lld, C %d\n", n, f, (int)c);'
	echo '		bad++;'
	echo '	}'
	echo '}'
	echo 'int main(void)'
	echo '{'
	while IFS=$'\t' read -r name val; do
		printf '\tsame("%s", (long long)(%s), (long long)(%s));\n' \
			"$name" "$val" "$name"
	done <"$tmp/fpapi.txt"
	echo '	return bad != 0;'
	echo '}'
} >"$tmp/c.c"
if ! "$CC" -I"$INC" -Wall -o "$tmp/c" "$tmp/c.c" >"$tmp/cc.log" 2>&1; then
	cat "$tmp/cc.log"
	fail "the C comparison program does not compile (a name C lacks?)"
elif out=$("$tmp/c"); then
	ok "all $n values equal papi.h's (C compiler)"
else
	echo "$out"
	fail "$(echo "$out" | wc -l) value(s) differ from papi.h"
fi

# ---- 3. what a Fortran compiler sees -------------------------------------
# The C values, "name value" a line, to compare the compiler's output with.
{
	echo '#include <stdio.h>'
	echo '#include "papi.h"'
	echo 'int main(void)'
	echo '{'
	while IFS=$'\t' read -r name _; do
		printf '\tprintf("%%s %%d\\n", "%s", (int)(%s));\n' "$name" "$name"
	done <"$tmp/fpapi.txt"
	echo '	return 0;'
	echo '}'
} >"$tmp/cvals.c"
"$CC" -I"$INC" -o "$tmp/cvals" "$tmp/cvals.c" && "$tmp/cvals" >"$tmp/cvals.txt"

# A program printing every constant, in fixed form (continuation lines keep
# it within 72 columns) or free form; $1 form, $2 how the file is included.
fprog() {
	local form=$1 incl=$2
	if [ "$form" = fixed ]; then
		echo "      PROGRAM PV"
		echo "      IMPLICIT NONE"
		echo "$incl"
		while IFS=$'\t' read -r name _; do
			echo "      CALL P('$name',"
			echo "     &  $name)"
		done <"$tmp/fpapi.txt"
		echo "      END"
		echo "      SUBROUTINE P(N, V)"
		echo "      CHARACTER*(*) N"
		echo "      INTEGER V"
		echo "      WRITE (*, '(A,1X,I0)') N, V"
		echo "      END"
	else
		echo "program pv"
		echo "  implicit none"
		echo "$incl"
		while IFS=$'\t' read -r name _; do
			echo "  call p('$name', $name)"
		done <"$tmp/fpapi.txt"
		echo "contains"
		echo "  subroutine p(n, v)"
		echo "    character(len=*), intent(in) :: n"
		echo "    integer, intent(in) :: v"
		echo "    write (*, '(A,1X,I0)') n, v"
		echo "  end subroutine"
		echo "end program"
	fi
}

if [ -z "$FC" ]; then
	echo "note: no Fortran compiler (gfortran): step 3 not run"
else
	for spec in "fpapi.h fixed F" "fpapi.h free F90" "f77papi.h fixed f" \
		"f90papi.h free f90"; do
		read -r hdr form ext <<<"$spec"
		case $hdr in
		fpapi.h) incl='#include "fpapi.h"' ;;
		*) incl="      INCLUDE '$hdr'" ;;
		esac
		src=$tmp/pv_${hdr%.h}_$form.$ext
		fprog "$form" "$incl" >"$src"
		# -std=legacy: none; the files must compile with the defaults.
		if ! "$FC" -I"$INC" -o "$tmp/pv" "$src" >"$tmp/fc.log" 2>&1
		then
			head -20 "$tmp/fc.log"
			fail "$hdr does not compile in $form form ($FC)"
			continue
		fi
		if "$tmp/pv" | diff - "$tmp/cvals.txt" >"$tmp/d"; then
			ok "$hdr, $form form: $FC sees the $n C values"
		else
			head -20 "$tmp/d"
			fail "$hdr, $form form: values differ from C's"
		fi
	done
fi

# ---- 4. Debian's names and values ------------------------------------------
deb=/usr/include/fpapi.h
if [ -f "$deb" ]; then
	awk '/^#define/ { print $2 }' "$deb" | sort >"$tmp/deb.names"
	cut -f1 "$tmp/fpapi.txt" | sort >"$tmp/our.names"
	if diff "$tmp/deb.names" "$tmp/our.names" >"$tmp/d"; then
		ok "the names are exactly those of Debian's fpapi.h ($(wc -l \
			<"$tmp/deb.names"))"
	else
		fail "names differ from Debian's fpapi.h (< Debian, > ours):"
		cat "$tmp/d"
	fi
	# Debian's values through the C compiler, against C's.
	{
		echo '#include <stdio.h>'
		echo 'int main(void)'
		echo '{'
		awk '/^#define/ { n = $2; $1 = ""; $2 = "";
			printf "\tprintf(\"%%s %%d\\n\", \"%s\", (int)(%s));\n", n, $0 }' \
			"$deb"
		echo '	return 0;'
		echo '}'
	} >"$tmp/deb.c"
	if "$CC" -o "$tmp/deb" "$tmp/deb.c" 2>"$tmp/cc.log"; then
		"$tmp/deb" | sort >"$tmp/deb.vals"
		if sort "$tmp/cvals.txt" | join - "$tmp/deb.vals" |
			awk '$2 != $3 { print; bad = 1 } END { exit bad }'; then
			ok "every value equals Debian's"
		else
			fail "values differ from Debian's fpapi.h (name ours Debian's)"
		fi
	else
		cat "$tmp/cc.log"
		fail "cannot compile Debian's values"
	fi
else
	echo "note: $deb absent (libpapi-dev): step 4 not run"
fi

# ---- 5. generated, and up to date --------------------------------------------
if command -v python3 >/dev/null; then
	if out=$(python3 "$PAPI_SRC/scripts/gen-fortran-headers.py" --check 2>&1)
	then
		ok "the files are what scripts/gen-fortran-headers.py writes"
	else
		echo "$out"
		fail "include/f*papi.h out of date"
	fi
else
	echo "note: no python3: step 5 not run"
fi

if [ $fails -ne 0 ]; then
	echo "$fails check(s) failed"
	exit 1
fi
echo "all constant checks passed"
