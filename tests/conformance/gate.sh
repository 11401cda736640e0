#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# gate.sh EXPECTED RESULTS [LABEL]: judges a run test by test against its
# pinned expectations, never by counts (a count can stay the same while
# one test regresses and another improves).
#
# Both files hold "id<TAB>class<TAB>reason" lines ('#' lines are comments),
# the format of tests/conformance/run.sh's results file. Classes, best
# first: PASSED, SKIPPED, FAILED (FAILED(build) and a test missing from
# RESULTS count as FAILED); EXCLUDED and NOTBUILT must stay what they are.
#
# Fails (exit 1), naming each test, when
#   - a test's class is worse than its pin (REGRESSED),
#   - a pinned SKIPPED test skips for another reason (CHANGED: a skip for a
#     new reason can hide a regression behind an old excuse),
#   - RESULTS has a test EXPECTED does not pin (UNPINNED), or a pinned test
#     did not run (MISSING).
# Prints the tests whose class got better (IMPROVED) without failing: pin
# them in the same commit (copy their lines from RESULTS into EXPECTED).
# Exit 2 on a usage error.
set -u
[ $# -ge 2 ] || { echo "usage: gate.sh EXPECTED RESULTS [LABEL]" >&2; exit 2; }
exp=$1 res=$2 label=${3:-gate}
for f in "$exp" "$res"; do
	[ -f "$f" ] || { echo "gate.sh: no such file: $f" >&2; exit 2; }
done

awk -F'\t' -v label="$label" -v expf="$exp" '
function rank(c) {
	if (c == "PASSED" || c == "PASS") return 3
	if (c == "SKIPPED" || c == "SKIP") return 2
	if (c == "EXCLUDED" || c == "NOTBUILT") return -1
	return 1
}
function norm(c) {
	if (c == "PASS") return "PASSED"
	if (c == "SKIP") return "SKIPPED"
	if (c == "FAIL" || c == "FAILED(build)") return "FAILED"
	return c
}
/^#/ || NF < 2 { next }
FILENAME == expf { ec[$1] = norm($2); er[$1] = $3; order[++n] = $1; next }
{ rc[$1] = norm($2); rr[$1] = $3; if (!($1 in ec)) extra[++m] = $1 }
END {
	bad = 0; better = 0
	for (i = 1; i <= n; i++) {
		id = order[i]; want = ec[id]
		if (!(id in rc)) {
			printf "%s: MISSING    %s (pinned %s; it did not run)\n", label, id, want
			bad++
			continue
		}
		got = rc[id]
		if (rank(want) < 0 || rank(got) < 0) {
			if (want != got) {
				printf "%s: REGRESSED  %s: pinned %s, got %s: %s\n", label, id, want, got, rr[id]
				bad++
			}
			continue
		}
		if (rank(got) < rank(want)) {
			printf "%s: REGRESSED  %s: pinned %s, got %s: %s\n", label, id, want, got, rr[id]
			bad++
		} else if (rank(got) > rank(want)) {
			printf "%s: IMPROVED   %s: pinned %s, got %s%s (update the pin)\n", label, id, want, got,
				(rr[id] != "" && rr[id] != "-") ? ": " rr[id] : ""
			better++
		} else if (got == "SKIPPED" && rr[id] != er[id]) {
			printf "%s: CHANGED    %s: skipped for another reason: \"%s\", pinned \"%s\"\n", label, id, rr[id], er[id]
			bad++
		}
	}
	for (j = 1; j <= m; j++) {
		printf "%s: UNPINNED   %s: %s %s (pin it)\n", label, extra[j], rc[extra[j]], rr[extra[j]]
		bad++
	}
	printf "%s: %d pinned, %d not as pinned, %d improved\n", label, n, bad, better
	exit bad ? 1 : 0
}' "$exp" "$res"
