#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Exact per-call costs in the emulated arm64 PMU machine (bench/pmu-vm.sh:
# bench/insns.c and bench/hl.c for our library, ours with PAPI_RDPMC=0 and
# Debian's PAPI 7.0, one boot; papi_cost; tests/api/test_fastread.c):
# PAPI_read, read_ts, reset, accum of 1..4 events, user and all modes, and
# their floors; start+stop counted by the PMU and by the virtual clock (all
# instructions) beside the floors made of the same system calls, with and
# without the perf pages mapped; the high-level region pair and
# PAPI_hl_read; start-up (PAPI_library_init and the first region,
# bench/init.c) beside Debian's, and on this host the ratio of init times
# (build/bench/init: both libraries dlopen'ed by fresh processes);
# papi_cost's medians. Values are lists for 1 / 2 / 3 / 4 events where a key has no
# .Nev suffix.
set -uo pipefail
if ! command -v "${QEMU:-qemu-system-aarch64}" >/dev/null ||
	! command -v aarch64-linux-gnu-gcc >/dev/null; then
	echo "30-pmu-bench: needs qemu-system-aarch64 and aarch64-linux-gnu-gcc (tests/pmu-vm/setup.sh installs them)" >&2
	exit 77
fi
export PAPI_BENCH_OUT=$FIG_WORK/bench-vm
export PAPI_PMU_CACHE=${PAPI_PMU_CACHE:-$SRC/build-pmu-vm/cache}
out=$(bash "$SRC/bench/pmu-vm.sh" 2>&1)
rc=$?
echo "$out"
if [ $rc != 0 ]; then
	if grep -q 'could not prepare the host' <<<"$out"; then
		echo "30-pmu-bench: tests/pmu-vm/setup.sh could not prepare this host" >&2
		exit 77
	fi
	exit 1
fi
python3 - "$PAPI_BENCH_OUT" <<'EOF'
import csv, json, os, re, sys

out = sys.argv[1]
CMD = "bench/pmu-vm.sh"
cyc, sysc = {}, {}  # (impl, path, op, n) -> row; syscalls
for r in csv.DictReader(open(os.path.join(out, "insns.csv"))):
    k = (r["impl"], r["path"], r["op"], int(r["events"]))
    if r["syscalls"]:
        sysc[k] = int(r["syscalls"])
    else:
        cyc[k] = r
DEB = next((i for i, _, _, _ in cyc if i.startswith("debian")), "debian")
N = [1, 2, 3, 4]
missing = []

def fig(key, value):
    print(f"FIGURE\t{key}\t{value}\t{CMD}")

def col(impl, path, op, c, n):
    r = cyc.get((impl, path, op, n))
    if r is None or not r[c]:
        missing.append(f"{impl},{path},{op},{n},{c}")
        return None
    return int(r[c])

def lst(vals, prefix=""):
    return " / ".join("-" if v is None else f"{prefix}{v}" for v in vals)

def series(impl, path, op, c):
    return [col(impl, path, op, c, n) for n in N]

def sys_series(impl, path, op):
    return [sysc.get((impl, path, op, n)) for n in N]

def same(vals):
    return len(set(vals)) == 1 and vals[0] is not None

def sys_text(vals):
    return str(vals[0]) if same(vals) else lst(vals)

def ratio(a, b):
    return f"{a / b:.3f}" if a is not None and b else "-"

# ---- PAPI_read and the other reads ----------------------------------------
fast = series("ours", "fast", "PAPI_read", "user")
fig("vm.read.fast", lst(fast))
for n, v in zip(N, fast):
    fig(f"vm.read.fast.{n}ev", v)
steps = {b - a for a, b in zip(fast, fast[1:]) if a is not None and b is not None}
fig("vm.read.fast.per_event", steps.pop() if len(steps) == 1 else "-")
fig("vm.read.fast.syscalls", sys_text(sys_series("ours", "fast", "PAPI_read")))
for tag, impl, path in (("rdpmc0", "ours", "syscall"), ("debian", DEB, "syscall")):
    u = series(impl, path, "PAPI_read", "user")
    fig(f"vm.read.{tag}.user", lst(u))
    fig(f"vm.read.{tag}.all", lst(series(impl, path, "PAPI_read", "all")))
    raw = series("raw", "floor", "read()", "user")
    fig(f"vm.read.{tag}.over_raw",
        lst([a - b if a is not None and b is not None else None
             for a, b in zip(u, raw)], "+"))
fig("vm.read.raw.user", sys_text(series("raw", "floor", "read()", "user")))
fig("vm.read.raw.all", lst(series("raw", "floor", "read()", "all")))
fig("vm.read.raw_user.inline", lst(series("raw", "floor", "user read inline", "user")))
fig("vm.read.raw_user.call", lst(series("raw", "floor", "user read call", "user")))
ri = series("raw", "floor", "user read inline", "user")
steps = {b - a for a, b in zip(ri, ri[1:]) if a is not None and b is not None}
fig("vm.read.raw_user.per_event", steps.pop() if len(steps) == 1 else "-")
fig("vm.read.first.all", lst(series("ours", "fast", "PAPI_read first", "vclock")))
fig("vm.read.first.syscalls", lst(sys_series("ours", "fast", "PAPI_read first")))
fig("vm.read_ts.fast", lst(series("ours", "fast", "PAPI_read_ts", "user")))
fig("vm.read_ts.rdpmc0.user", lst(series("ours", "syscall", "PAPI_read_ts", "user")))
fig("vm.read_ts.debian.user", lst(series(DEB, "syscall", "PAPI_read_ts", "user")))
for op, name in (("reset", "PAPI_reset"), ("accum", "PAPI_accum")):
    fig(f"vm.{op}.fast", lst(series("ours", "fast", name, "user")))
    fig(f"vm.{op}.rdpmc0.all", lst(series("ours", "syscall", name, "all")))
    fig(f"vm.{op}.debian.all", lst(series(DEB, "syscall", name, "all")))
    fig(f"vm.{op}.syscalls",
        f"ours {sys_text(sys_series('ours', 'fast', name))}, "
        f"PAPI_RDPMC=0 {sys_text(sys_series('ours', 'syscall', name))}, "
        f"Debian {sys_text(sys_series(DEB, 'syscall', name))}")
fig("vm.add.syscalls",
    f"ours {sys_text(sys_series('ours', 'fast', 'PAPI_add_event'))}, "
    f"PAPI_RDPMC=0 {sys_text(sys_series('ours', 'syscall', 'PAPI_add_event'))}, "
    f"Debian {sys_text(sys_series(DEB, 'syscall', 'PAPI_add_event'))}")

# ---- start+stop -----------------------------------------------------------
SS, SSR = "PAPI_start+PAPI_stop", "PAPI_start+PAPI_stop after reads"
ss = series("ours", "fast", SS, "vclock")
fig("vm.startstop.all", lst(ss))
fig("vm.startstop.all.4ev", ss[3])
fig("vm.startstop.pmu.user", lst(series("ours", "fast", SS, "user")))
pmu = series("ours", "fast", SS, "all")
fig("vm.startstop.pmu.all", lst(pmu))
fig("vm.startstop.pmu.all.4ev", pmu[3])
ssp = series("ours", "fast", SSR, "vclock")
fig("vm.startstop.paged.all", lst(ssp))
fig("vm.startstop.paged.all.4ev", ssp[3])
fig("vm.startstop.paged.pmu.all", lst(series("ours", "fast", SSR, "all")))
ss0 = series("ours", "syscall", SS, "vclock")
fig("vm.startstop.rdpmc0.all", lst(ss0))
fig("vm.startstop.rdpmc0.all.4ev", ss0[3])
fig("vm.startstop.rdpmc0.pmu.all", lst(series("ours", "syscall", SS, "all")))
ssd = series(DEB, "syscall", SS, "vclock")
fig("vm.startstop.debian.all", lst(ssd))
fig("vm.startstop.debian.all.4ev", ssd[3])
pmud = series(DEB, "syscall", SS, "all")
fig("vm.startstop.debian.pmu.all", lst(pmud))
fig("vm.startstop.debian.pmu.all.4ev", pmud[3])
fig("vm.startstop.syscalls",
    f"ours {sys_text(sys_series('ours', 'fast', SS))} "
    f"({sys_text(sys_series('ours', 'fast', SSR))} once the pages are mapped), "
    f"PAPI_RDPMC=0 {sys_text(sys_series('ours', 'syscall', SS))}, "
    f"Debian {sys_text(sys_series(DEB, 'syscall', SS))}")
floors = {}
for tag, op in (("leader", "ENABLE+DISABLE"), ("group", "ENABLE+DISABLE GROUP"),
                ("edr", "ENABLE+DISABLE+read()")):
    for pages, path in (("nopages", "floor-nopages"), ("pages", "floor")):
        v = series("raw", path, op, "vclock")
        floors[(tag, pages)] = v
        fig(f"vm.floor.{tag}.{pages}", lst(v))
        fig(f"vm.floor.{tag}.{pages}.4ev", v[3])
lp, ln = floors[("leader", "pages")][3], floors[("leader", "nopages")][3]
fig("vm.floor.pages_extra.4ev", lp - ln if lp is not None and ln is not None else "-")
edr = floors[("edr", "nopages")][3]
fig("vm.startstop.ratio_floor", ratio(ss[3], edr))
edr_all = floors[("edr", "nopages")]
fig("vm.startstop.ratio_floor.all",
    " / ".join(ratio(a, b) for a, b in zip(ss, edr_all)))
fig("vm.startstop.rdpmc0.ratio_floor.all",
    " / ".join(ratio(a, b) for a, b in zip(ss0, edr_all)))
fig("vm.startstop.rdpmc0.ratio_floor", ratio(ss0[3], edr))
fig("vm.startstop.paged.ratio_floor", ratio(ssp[3], lp))
fig("vm.startstop.vs_debian", ratio(ss[3], ssd[3]))

# ---- high-level regions ----------------------------------------------------
def hl(impl):
    r = cyc.get((impl, "hl", "PAPI_hl_region_begin+end", 2))
    s = sysc.get((impl, "hl", "PAPI_hl_region_begin+end", 2))
    if r is None:
        missing.append(f"{impl},hl")
        return "-"
    return f"{r['user']} user, {r['vclock']} all, {s} syscalls"
fig("vm.hl.region.ours", hl("ours"))
fig("vm.hl.region.debian", hl(DEB))
ev = open(os.path.join(out, "hl-events")).read().split()
fig("vm.hl.events", ev[0] if len(ev) == 1 else "-")
fig("vm.hl.region", f"ours {hl('ours')}; Debian's PAPI 7.0 {hl(DEB)}")
for tag, impl in (("ours", "ours"), ("debian", DEB)):
    r = cyc.get((impl, "hl", "PAPI_hl_read", 2))
    if r is None:
        missing.append(f"{impl},hl,PAPI_hl_read")
    fig(f"vm.hl.read.{tag}", f"{r['user']} user, {r['vclock']} all" if r else "-")
r = cyc.get(("ours", "hl", "PAPI_hl_region_begin+end", 2))
fig("vm.hl.region.ours.all", r["vclock"] if r else "-")
r = cyc.get(("ours", "hl", "PAPI_hl_read", 2))
fig("vm.hl.read.ours.all", r["vclock"] if r else "-")

# ---- start-up (bench/init.c) --------------------------------------------------
def init(impl, op):
    r = cyc.get((impl, "init", op, 0))
    if r is None:
        missing.append(f"{impl},init,{op}")
        return None
    return int(r["vclock"])
for op, key in (("PAPI_library_init", "vm.init"),
                ("first PAPI_hl_region_begin+end", "vm.init.hl")):
    o, d = init("ours", op), init(DEB, op)
    fig(f"{key}.ours", o if o is not None else "-")
    fig(f"{key}.debian", d if d is not None else "-")
    fig(f"{key}.ratio", ratio(o, d))
# What the first region pays after init, step by step (same process as
# PAPI_library_init): the first EventSet (our hardware description) and
# the first preset added (preset table, libpfm4).
for op, key in (("first PAPI_create_eventset", "vm.init.create"),
                ("first PAPI_add_named_event PAPI_TOT_INS", "vm.init.add")):
    o, d = init("ours", op), init(DEB, op)
    fig(f"{key}.ours", o if o is not None else "-")
    fig(f"{key}.debian", d if d is not None else "-")

# ---- papi_cost and test_fastread --------------------------------------------
try:
    pc = {t["name"]: t for t in json.load(open(os.path.join(out, "papi_cost.json")))["tests"]}
    def med(name):
        return pc[name]["p50"] if name in pc else "-"
    fig("vm.papi_cost", f"PAPI_read {med('PAPI_read (2 counters)')}, "
        f"PAPI_read_ts {med('PAPI_read_ts (2 counters)')}, "
        f"PAPI_accum {med('PAPI_accum (2 counters)')}, "
        f"PAPI_reset {med('PAPI_reset (2 counters)')}, "
        f"PAPI_start/stop {med('PAPI_start/stop (2 counters)')}; "
        f"read vs events {med('PAPI_read vs events (1)')} (1), "
        f"{med('PAPI_read vs events (2)')} (2)")
except (OSError, ValueError, KeyError) as e:
    missing.append(f"papi_cost.json: {e}")
con = open(os.path.join(out, "console.log")).read()
m = re.search(r"^(\d+) reads equal to the oracle exactly", con, re.M)
k = re.search(r"^PAPI_RDPMC=0: (\d+) kernel instructions per PAPI_read", con, re.M)
f0 = re.search(r"^kernel instructions per PAPI_read \(least of 200\): (-?\d+)", con, re.M)
if m and k and f0:
    fig("vm.fastread", f"{m.group(1)} reads equal an independent read() counter "
        f"minus a constant, exactly; {f0.group(1)} kernel instructions per "
        f"PAPI_read ({k.group(1)} with PAPI_RDPMC=0)")
else:
    missing.append("test_fastread output")
dv = os.path.join(out, "debian-version")
fig("vm.debian_version", open(dv).read().strip() if os.path.exists(dv) else "-")
if missing:
    print("30-pmu-bench: not measured: " + "; ".join(missing), file=sys.stderr)
    sys.exit(1)
EOF
rc=$?
# Start-up on this host: ours and Debian's PAPI 7.0, each dlopen'ed by
# fresh processes of bench/init, in the same run (ratio of medians).
if [ -x "$BUILD/bench/init" ] && [ -e /usr/lib/x86_64-linux-gnu/libpapi.so.7.0 ]; then
	line=$("$BUILD/bench/init" 41 | tee /dev/stderr | sed -n 's/^init-ratio,//p')
	if [ -n "$line" ]; then
		printf 'FIGURE\thost.init_ratio\t%sx (median; %sx by the 25th percentiles)\t%s\n' \
			"${line%%,*}" "${line#*,}" "build/bench/init 41"
	else
		rc=1
	fi
else
	echo "30-pmu-bench: no $BUILD/bench/init or no Debian libpapi7.0: host.init_ratio not measured" >&2
	rc=1
fi
exit $rc
