#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# papi_stat's options and output formats: --help names every option; JSON
# (every line an object, python3 -m json.tool, the fields documented in
# docs/papi_stat.md), CSV (header, eleven fields a record, python's csv),
# the readable table, -I intervals (several, adding up to at most the
# total), -r (mean, standard deviation, every run's value), -M metric
# groups (formulas; members that cannot be counted named, never a zero),
# default events, -o, and bad options (exit 2, a message). Exit: 0 pass,
# 1 fail, 77 skip (no perf::TASK-CLOCK here).
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
bin=${PAPI_BIN:-${PAPI_BUILD:-$src/build}/bin}
stat=$bin/papi_stat
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

. "$src/tests/e2e/lib/papi_stat.sh"

# --help: every option, exit 0, on stdout.
"$stat" --help >"$tmp/help" || fail "--help: exit $?"
for o in -e --events -M --metrics -I --interval --per-thread -r --repeat \
	--json --csv -o --output -p --pid -t --tid -v --verbose -h --help \
	--version; do
	grep -q -- "$o\b" "$tmp/help" || fail "--help does not name $o"
done
"$stat" --version | grep -q '^papi_stat: PAPI 7\.' || fail "--version"

# JSON: one object per line, each valid; the totals last.
"$stat" -e perf::TASK-CLOCK,perf::PAGE-FAULTS -I 20 --json -o "$tmp/j" -- \
	"$work" spin 120 >/dev/null || fail "json run: exit $?"
# The totals through python3 -m json.tool; every line (intervals too)
# through json.loads below.
tail -1 "$tmp/j" | python3 -m json.tool >/dev/null || fail "JSON totals invalid: $(tail -1 "$tmp/j")"
python3 - "$tmp/j" <<'EOF' || fail "JSON fields: $(cat "$tmp/j")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
total = lines[-1]
assert total["type"] == "total"
assert total["target"]["command"][1:] == ["spin", "120"]
assert total["runs"] == 1 and total["exit_status"] == 0
assert total["interrupted"] is False and total["elapsed_ns"] > 0
names = [e["name"] for e in total["events"]]
assert names == ["perf::TASK-CLOCK", "perf::PAGE-FAULTS"], names
for e in total["events"]:
    assert e["available"] is True and e["value"] >= 0
    assert e["ratio"] is None or 0 < e["ratio"] <= 1, e
    assert e["scaled"] in (True, False)
    if e["ratio"] is not None:
        assert e["running_ns"] <= e["enabled_ns"]
tc = total["events"][0]["value"]
assert tc >= 100e6, tc
iv = [l for l in lines if l["type"] == "interval"]
# 120 ms of CPU time take at least 120 ms: at least two 20 ms intervals
assert len(iv) >= 2, len(iv)
assert all(iv[i]["time_s"] < iv[i + 1]["time_s"] for i in range(len(iv) - 1))
s = sum(e["value"] for l in iv for e in l["events"] if e["name"] == "perf::TASK-CLOCK")
assert 0 < s <= tc, (s, tc)
print("json: %d intervals, task-clock %d of %d in them" % (len(iv), s, tc))
EOF

# CSV: the header, eleven fields per record, the records documented.
"$stat" -e perf::TASK-CLOCK -M sw -I 20 --csv -o "$tmp/c" -- "$work" spin 60 \
	>/dev/null || fail "csv run: exit $?"
head -1 "$tmp/c" | grep -qx 'record,time_s,thread,name,value,stddev,running_ns,enabled_ns,ratio,scaled,note' ||
	fail "CSV header: $(head -1 "$tmp/c")"
python3 - "$tmp/c" <<'EOF' || fail "CSV records: $(cat "$tmp/c")"
import csv, sys
rows = list(csv.reader(open(sys.argv[1])))
assert all(len(r) == 11 for r in rows), [r for r in rows if len(r) != 11]
recs = {}
for r in rows[1:]:
    recs.setdefault(r[0], []).append(r)
assert set(recs) >= {"count", "interval", "metric", "elapsed", "exit"}, set(recs)
assert float(recs["count"][0][4]) > 50e6
assert recs["exit"][0][4] == "0"
m = {r[3]: r for r in recs["metric"]}
cpus = m["CPUs utilized"]
assert 0 < float(cpus[4]) <= 1.1 and "perf::TASK-CLOCK / wall_ns" in cpus[10], cpus
print("csv:", len(rows) - 1, "records")
EOF

# The table: a row per event with its share of time, the elapsed time.
"$stat" -e perf::TASK-CLOCK -- "$work" spin 50 2>"$tmp/t" >/dev/null
grep -Eq '^ +[0-9]+  perf::TASK-CLOCK +\((100\.00%|[0-9.]+% \*|n/a)\)' "$tmp/t" ||
	fail "table row: $(cat "$tmp/t")"
grep -q 'seconds time elapsed' "$tmp/t" || fail "table: no elapsed time"

# -r: mean and standard deviation; each run's value in JSON.
"$stat" -e perf::TASK-CLOCK -r 3 --json -o "$tmp/r" -- "$work" spin 40 \
	>/dev/null || fail "-r 3: exit $?"
python3 - "$tmp/r" <<'EOF' || fail "-r: $(cat "$tmp/r")"
import json, statistics, sys
d = json.loads(open(sys.argv[1]).read())
e = d["events"][0]
assert d["runs"] == 3 and len(e["values"]) == 3
assert abs(e["value"] - statistics.mean(e["values"])) <= 1
assert abs(e["stddev"] - statistics.stdev(e["values"])) <= 1
EOF
"$stat" -e perf::TASK-CLOCK -r 2 -- "$work" spin 20 2>&1 >/dev/null |
	grep -q '(2 runs)' || fail "-r 2: no '(2 runs)' in the table"

# -M: a metric whose events cannot all be counted is named unavailable
# with the member, never given a value; one that can has a value.
"$stat" -M ipc,sw --json -o "$tmp/m" -- "$work" spin 30 >/dev/null ||
	fail "-M ipc,sw: exit $?"
python3 - "$tmp/m" <<'EOF' || fail "-M: $(cat "$tmp/m")"
import json, sys
d = json.loads(open(sys.argv[1]).read())
ev = {e["name"]: e for e in d["events"]}
m = {x["name"]: x for x in d["metrics"]}
ipc = m["IPC (instructions per cycle)"]
assert ipc["formula"] == "PAPI_TOT_INS / PAPI_TOT_CYC"
if ev["PAPI_TOT_INS"]["available"] and ev["PAPI_TOT_CYC"]["available"]:
    assert ipc["value"] > 0
else:
    assert ipc["value"] is None and "PAPI_TO" in ipc["unavailable"], ipc
assert m["CPUs utilized"]["value"] > 0
print("metrics:", {k: v["value"] for k, v in m.items()})
EOF
"$stat" -M list | grep -q '^ipc .*PAPI_TOT_INS / PAPI_TOT_CYC' || fail "-M list"

# Default events: the high-level API's choice, and perf::TASK-CLOCK.
"$stat" --json -o "$tmp/d" -- true || fail "defaults: exit $?"
python3 - "$tmp/d" <<'EOF' || fail "defaults: $(cat "$tmp/d")"
import json, sys
names = [e["name"] for e in json.load(open(sys.argv[1]))["events"]]
assert "perf::TASK-CLOCK" in names and ("PAPI_TOT_CYC" in names or "PAPI_REF_CYC" in names), names
EOF
PAPI_EVENTS=perf::PAGE-FAULTS "$stat" --json -o "$tmp/d" -- true
grep -q '"perf::PAGE-FAULTS"' "$tmp/d" || fail "PAPI_EVENTS not used: $(cat "$tmp/d")"

# An event that does not exist, with one that does: named, not counted.
"$stat" -e perf::TASK-CLOCK,NO_SUCH_EVENT --csv -o "$tmp/n" -- true 2>/dev/null ||
	fail "one unknown event among others: exit $?"
grep -q '^count,,all,NO_SUCH_EVENT,,' "$tmp/n" || fail "unknown event row: $(cat "$tmp/n")"

# Bad options: exit 2 and a message, nothing run.
bad() { # WANT-RC ARGS...
	local want=$1 rc
	shift
	"$stat" "$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	((rc == want)) && [[ -s $tmp/err ]] || fail "papi_stat $*: exit $rc (want $want), stderr '$(cat "$tmp/err")'"
}
bad 2 -I 5 -- true
bad 2 -I x -- true
bad 2 -r 0 -- true
bad 2 -r -1 -- true
bad 2 --no-such-option -- true
bad 2 -p 1 -t 1
bad 2 -p abc
bad 2
bad 2 --json --csv -- true
bad 2 -M nosuchgroup -- true
bad 2 -r 2 -p 1
bad 2 -e
bad 1 -e NO_SUCH_EVENT -- true
bad 1 -o /nonexistent-dir/x -- true

((failures == 0)) || { echo "$failures failure(s)"; exit 1; }
echo "PASS"
