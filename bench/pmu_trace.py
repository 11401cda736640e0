#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Per-function instruction counts of a program traced by QEMU.

Reads a log written with -d in_asm,exec,nochain (bench/pmu-trace.sh): each
"IN:" listing gives a translation block's instructions, each "Trace" line
one execution of the block at its guest address. The executions between two
calls of the marker function (pmu_trace_mark, bench/pmu_trace.h) form a
segment; each segment's instructions are summed per function, the function
being the symbol at or below the block's address.

usage: pmu_trace.py (--exe PROGRAM | --syms FILE) [--labels a,b,...]
                    [--top N] [--detail K] LOG
--syms reads "address name" lines (hexadecimal address), as nm prints
them, instead of running the cross nm on --exe; --detail K lists segment
K block by block with the program's disassembly (needs --exe).
"""
import argparse
import bisect
import collections
import re
import subprocess
import sys

MARK = "pmu_trace_mark"
NM = "aarch64-linux-gnu-nm"
OBJDUMP = "aarch64-linux-gnu-objdump"


def symbols(args):
    if args.syms:
        lines = open(args.syms).read().splitlines()
    else:
        lines = subprocess.run([NM, "-n", args.exe], capture_output=True,
                               text=True, check=True).stdout.splitlines()
    syms = []
    for line in lines:
        p = line.split()
        if len(p) == 3 and p[1] in "tTwW":
            syms.append((int(p[0], 16), p[2]))
        elif len(p) == 2:
            syms.append((int(p[0], 16), p[1]))
    syms.sort()
    return syms


def executions(log):
    """(address, instructions) of every executed block, in order."""
    size = {}
    seq = []
    listing = None
    trace = re.compile(r"\[[0-9a-fA-F]+/([0-9a-fA-F]+)/")
    insn = re.compile(r"0x([0-9a-fA-F]+):")
    with open(log, errors="replace") as f:
        for line in f:
            if line.startswith("IN:"):
                listing = []
                continue
            if listing is not None:
                m = insn.match(line)
                if m:
                    listing.append(int(m.group(1), 16))
                    continue
                if listing:
                    size[listing[0]] = len(listing)
                listing = None
            if line.startswith("Trace"):
                m = trace.search(line)
                if m:
                    pc = int(m.group(1), 16)
                    seq.append((pc, size.get(pc, 0)))
    return seq


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--exe")
    ap.add_argument("--syms")
    ap.add_argument("--labels", default="")
    ap.add_argument("--top", type=int, default=20)
    ap.add_argument("--detail", type=int)
    ap.add_argument("log")
    args = ap.parse_args()
    if not args.exe and not args.syms:
        ap.error("--exe or --syms is needed")
    syms = symbols(args)
    addrs = [a for a, _ in syms]
    marks = [a for a, n in syms if n == MARK]
    if not marks:
        sys.exit(f"pmu_trace: no {MARK} in the symbols")

    def name(pc):
        i = bisect.bisect_right(addrs, pc) - 1
        return syms[i][1] if i >= 0 else "?"

    seq = executions(args.log)
    cuts = [i for i, (pc, _) in enumerate(seq) if pc == marks[0]]
    labels = [x for x in args.labels.split(",") if x]
    if len(cuts) < 2:
        sys.exit(f"pmu_trace: {len(cuts)} marks in the log, want 2 or more")
    for k in range(len(cuts) - 1):
        per = collections.Counter()
        for pc, n in seq[cuts[k] + 1:cuts[k + 1]]:
            per[name(pc)] += n
        label = labels[k] if k < len(labels) else str(k)
        print(f"segment {label}: {sum(per.values())} instructions")
        for fn, n in per.most_common(args.top):
            print(f"  {n:9d} {fn}")
    if args.detail is not None:
        k = args.detail
        dis = {}
        out = subprocess.run([OBJDUMP, "-d", "--no-show-raw-insn", args.exe],
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            m = re.match(r"\s+([0-9a-f]+):\s+(.*)", line)
            if m:
                dis[int(m.group(1), 16)] = m.group(2)
        for pc, n in seq[cuts[k] + 1:cuts[k + 1]]:
            print(f"-- {name(pc)} ({n})")
            for j in range(n):
                print(f"   {pc + 4 * j:x}: {dis.get(pc + 4 * j, '?')}")


if __name__ == "__main__":
    main()
