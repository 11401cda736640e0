#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# Every figure README.md and docs/ quote (<!-- fig:KEY -->VALUE<!-- /fig -->)
# is the value make figures last measured (docs/figures.md), and every key
# it names exists there; every row of docs/figures.md names the command
# that prints it and when and where it was measured. Measures nothing.
set -u
src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
table=$src/docs/figures.md
[ -f "$table" ] || { echo "FAIL: $table is missing (make figures writes it)"; exit 1; }
out=$(bash "$src/scripts/figures.sh" --check 2>&1)
rc=$?
[ -n "$out" ] && printf '%s\n' "$out"
[ $rc -eq 0 ] || { echo "FAIL: quotes differ from docs/figures.md (scripts/figures.sh --update rewrites them)"; exit 1; }
bad=$(awk '/^\| `[a-z0-9_.-]+` \|/ && !/\| `[^`]+` \| [0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9], / && !/\| - \| cited \(/ { print }' "$table")
[ -z "$bad" ] || { echo "FAIL: rows without command or date:"; printf '%s\n' "$bad"; exit 1; }
n=$(grep -c '^| `' "$table")
q=$(cat "$src/README.md" "$src"/docs/*.md | grep -o '<!-- fig:' | wc -l)
[ "$q" -gt 0 ] || { echo "FAIL: no quoted figure in README.md or docs/"; exit 1; }
echo "PASS: $q quotes of $n figures agree with docs/figures.md"
