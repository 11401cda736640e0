#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# make figures: measures every figure README.md and docs/ quote, and
# rewrites the quotes from the measurement.
#
#   scripts/figures.sh            run every producer (scripts/figures.d/*.sh),
#                                 write build/figures/figures.md, then
#                                 docs/figures.md and every quote (--update)
#   scripts/figures.sh --only RE  run only the producers whose file name
#                                 matches RE; the other figures keep their
#                                 last values in docs/figures.md
#   scripts/figures.sh --update   only rewrite the quotes from docs/figures.md
#   scripts/figures.sh --check    exit 1 when a quote differs from
#                                 docs/figures.md or names an unknown key
#
# A quote is <!-- fig:KEY -->VALUE<!-- /fig --> in README.md or docs/*.md;
# docs/figures.md holds every figure with the command that prints it, the
# machine and the date it was measured on (producers' contract:
# scripts/figures.d/README.md).
set -uo pipefail

SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${PAPI_BUILD:-$SRC/build}
OUT=$BUILD/figures
TABLE=$SRC/docs/figures.md
mode=run only=""
while [ $# -gt 0 ]; do
	case $1 in
	--update) mode=update ;;
	--check) mode=check ;;
	--only) only=${2:?--only needs a pattern}; shift ;;
	-h | --help) sed -n '4,20p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "figures.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done

# The figures of docs/figures.md as "key<TAB>value" lines.
table_values() {
	[ -f "$TABLE" ] || return 0
	awk -F' \\| ' '/^\| `[a-z0-9_.-]+` \|/ {
		k = $1; sub(/^\| `/, "", k); sub(/`$/, "", k)
		print k "\t" $2 }' "$TABLE"
}

# Rewrites (or, with check=1, compares) every quote from docs/figures.md.
quotes() {
	local check=$1 vals rc=0 files=()
	vals=$(mktemp)
	table_values >"$vals"
	for f in "$SRC/README.md" "$SRC"/docs/*.md; do
		[ "$f" = "$TABLE" ] || files+=("$f")
	done
	python3 - "$vals" "$check" "${files[@]}" <<'EOF' || rc=1
import re, sys
vals = dict(l.rstrip("\n").split("\t", 1) for l in open(sys.argv[1]) if "\t" in l)
check = sys.argv[2] == "1"
failed = False
for path in sys.argv[3:]:
    text = open(path).read()
    bad = []
    def sub(m):
        key, old = m.group(1), m.group(2)
        if key not in vals:
            bad.append(f"{path}: fig:{key} is not in docs/figures.md")
            return m.group(0)
        if old != vals[key]:
            bad.append(f"{path}: fig:{key} says '{old}', docs/figures.md '{vals[key]}'")
        return f"<!-- fig:{key} -->{vals[key]}<!-- /fig -->"
    new = re.sub(r"<!-- fig:([a-z0-9_.-]+) -->(.*?)<!-- /fig -->", sub, text)
    unknown = [b for b in bad if "is not in" in b]
    for b in (bad if check else unknown):
        print(b)
    if (check and bad) or unknown:
        failed = True
    if not check and new != text:
        open(path, "w").write(new)
sys.exit(1 if failed else 0)
EOF
	rm -f "$vals"
	return $rc
}

case $mode in
update) quotes 0; exit $? ;;
check) quotes 1; exit $? ;;
esac

[ -x "$BUILD/bin/papi_avail" ] || { echo "figures: build first (make)" >&2; exit 2; }
mkdir -p "$OUT"
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
fam=$(awk -F': ' '/^cpu family/ { f = $2 } /^model[[:space:]]*:/ { m = $2 } END { if (f != "") printf "family %s model %s", f, m }' /proc/cpuinfo)
machine="${cpu:-$(uname -m)}${fam:+ ($fam)}, $(nproc) CPUs, Linux $(uname -r)"
date=$(date -u +%Y-%m-%d)
commit=$(git -C "$SRC" describe --always --dirty 2>/dev/null || echo unknown)
new=$OUT/figures.tsv
: >"$new"
failed=()
for p in "$SRC"/scripts/figures.d/*.sh; do
	name=$(basename "$p" .sh)
	[ -n "$only" ] && ! [[ $name =~ $only ]] && continue
	echo "figures: $name ..." >&2
	mkdir -p "$OUT/$name"
	t0=$SECONDS
	SRC=$SRC BUILD=$BUILD FIG_WORK=$OUT/$name bash "$p" >"$OUT/$name.out" 2>"$OUT/$name.log"
	rc=$?
	grep -P '^FIGURE\t' "$OUT/$name.out" | cut -f2- >>"$new"
	grep -vP '^FIGURE\t' "$OUT/$name.out" >>"$OUT/$name.log"
	n=$(grep -cP '^FIGURE\t' "$OUT/$name.out")
	case $rc in
	0) echo "figures: $name: $n figures ($((SECONDS - t0)) s)" >&2 ;;
	77) echo "figures: $name: cannot measure here: $(tail -1 "$OUT/$name.log")" >&2 ;;
	*) echo "figures: $name FAILED (rc $rc; $OUT/$name.log)" >&2
		tail -5 "$OUT/$name.log" | sed 's/^/  | /' >&2
		failed+=("$name") ;;
	esac
done

# Merge: this run's figures replace the table's; the others are kept with
# the machine and date they were measured on.
python3 - "$new" "$TABLE" "$machine" "$date" "$commit" <<'EOF'
import sys, re, os
new_path, table, machine, date, commit = sys.argv[1:]
rows = {}
order = []
if os.path.exists(table):
    for l in open(table):
        m = re.match(r"^\| `([a-z0-9_.-]+)` \| (.*) \| (.*) \| (.*) \|$", l.rstrip("\n"))
        if m:
            rows[m.group(1)] = (m.group(2), m.group(3), m.group(4))
            order.append(m.group(1))
when = f"{date}, {machine}, {commit}"
for l in open(new_path):
    parts = l.rstrip("\n").split("\t")
    if len(parts) < 3:
        continue
    key, value, cmd = parts[0], parts[1], parts[2]
    if key not in rows:
        order.append(key)
    cited = cmd == "-"
    rows[key] = (value.replace("|", "\\|"), "-" if cited else "`" + cmd + "`",
                 f"cited ({date})" if cited else when)
with open(table, "w") as f:
    f.write("# Figures\n\n")
    f.write("Every measured figure that README.md and docs/ quote, with the\n")
    f.write("command that prints it and when and where it was measured. Written by\n")
    f.write("`make figures` (scripts/figures.sh); do not edit by hand. The docs\n")
    f.write("quote a figure as `<!-- fig:KEY -->VALUE<!-- /fig -->`, and\n")
    f.write("`tests/e2e/figures.sh` fails when a quote and this table disagree.\n")
    f.write("Figures from elsewhere say `cited` and name their source.\n\n")
    f.write("| key | value | command | measured (date, machine, commit) |\n")
    f.write("|---|---|---|---|\n")
    for k in sorted(set(order), key=order.index):
        v, c, w = rows[k]
        f.write(f"| `{k}` | {v} | {c} | {w} |\n")
EOF
cp "$TABLE" "$OUT/figures.md"
quotes 0 || failed+=("quotes")
echo "figures: $(grep -c . "$new") figures measured on $machine, $date; table: docs/figures.md" >&2
[ ${#failed[@]} -eq 0 ] || { echo "figures: failed: ${failed[*]}" >&2; exit 1; }
exit 0
