#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The Fortran entry points libpapi.so.7.0 exports (nm -D):
#   - each one under four names, papif_x, papif_x_, papif_x__ and an
#     upper-case PAPIF_X (or PAPI 7.0's mixed-case spelling), all four at
#     one address, as global functions;
#   - where Debian's libpapi7.0 is installed: every Fortran name it
#     exports is exported here too (292 names, 73 entry points);
#   - no Fortran name that is neither Debian's nor one of PAPI 5's classic
#     calls kept here (PAPIF_start_counters and the like).
# Exit 0 pass, 1 fail, 77 skip (no library or no nm).
set -uo pipefail

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

command -v nm >/dev/null || skip "nm not found (binutils)"
so=${PAPI_LIBDIR:+$PAPI_LIBDIR/libpapi.so.7.0}
[ -n "$so" ] && [ -f "$so" ] || so=${PAPI_BUILD:-}/libpapi.so.7.0
[ -f "$so" ] || skip "libpapi.so.7.0 not found (set PAPI_LIBDIR or PAPI_BUILD)"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-fsym.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# address type name, Fortran names only.
nm -D --defined-only "$so" | awk 'NF >= 3 { sub(/@.*/, "", $3); print }' |
	grep -i ' papif_' >"$tmp/ours"
awk '{ print $3 }' "$tmp/ours" | sort >"$tmp/names"

# ---- four names, one address, each a function ----------------------------
# Grouped by the name in lower case without trailing underscores: each group
# is papif_x, papif_x_, papif_x__ and one upper- or mixed-case spelling.
awk '
{
	key = tolower($3); sub(/_+$/, "", key)
	if (!(key in n)) ngroups++
	n[key]++; names[key] = names[key] " " $3
	if (!(key in addr)) addr[key] = $1
	else if (addr[key] != $1) moved[key] = 1
	if ($2 != "T") nottext[key] = 1
	if ($3 == key) plain[key] = 1
	else if ($3 == key "_") one[key] = 1
	else if ($3 == key "__") two[key] = 1
	else if (tolower($3) == key) up[key]++
}
END {
	for (k in n) {
		if (n[k] != 4 || !plain[k] || !one[k] || !two[k] || up[k] != 1)
			print "FAIL: " k ": not the four spellings:" names[k]
		else if (moved[k])
			print "FAIL: " k ": the four names are at different addresses"
		else if (nottext[k])
			print "FAIL: " k ": not all text (T) symbols"
		else
			good++
	}
	printf "groups %d %d\n", ngroups, good + 0
}' "$tmp/ours" >"$tmp/groups"
grep '^FAIL' "$tmp/groups" && fails=$((fails + $(grep -c '^FAIL' "$tmp/groups")))
read -r _ nb good < <(grep '^groups' "$tmp/groups")
total=$(wc -l <"$tmp/names")
if [ "$nb" -gt 0 ] && [ "$good" -eq "$nb" ] && [ $((nb * 4)) -eq "$total" ]
then
	ok "$nb entry points, $total names, four at one address each"
else
	fail "$total Fortran names, $nb entry points, $good of them complete"
fi

# ---- against Debian's export list ------------------------------------------
classic="start_counters read_counters accum_counters stop_counters num_counters flips flops"
deb=$(ldconfig -p 2>/dev/null | awk '$1 == "libpapi.so.7.0" { print $NF; exit }')
if [ -n "$deb" ] && [ -f "$deb" ] && [ "$(readlink -f "$deb")" != "$(readlink -f "$so")" ]
then
	nm -D --defined-only "$deb" | awk 'NF >= 3 { sub(/@.*/, "", $3); print $3 }' |
		grep -i '^papif_' | sort >"$tmp/deb"
	missing=$(comm -23 "$tmp/deb" "$tmp/names")
	if [ -z "$missing" ]; then
		ok "every one of the $(wc -l <"$tmp/deb") Fortran names of $deb"
	else
		fail "missing, exported by $deb: $(echo "$missing" | tr '\n' ' ')"
	fi
	extra=$(comm -13 "$tmp/deb" "$tmp/names" | tr '[:upper:]' '[:lower:]' |
		sed 's/_*$//' |
		sed 's/^papif_//' | sort -u)
	unknown=$(for e in $extra; do
		case " $classic " in *" $e "*) ;; *) echo "$e" ;; esac; done)
	if [ -z "$unknown" ]; then
		ok "beyond Debian's: PAPI 5's classic calls only ($(echo "$extra" | tr '\n' ' '))"
	else
		fail "Fortran names Debian does not export: $(echo "$unknown" | tr '\n' ' ')"
	fi
else
	echo "note: Debian's libpapi.so.7.0 not installed: list not compared"
fi

if [ $fails -ne 0 ]; then
	echo "$fails check(s) failed"
	exit 1
fi
echo "all symbol checks passed"
