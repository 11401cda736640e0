#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# bench/pmu-trace.sh PROGRAM.c [LABELS] [pmu_trace.py options]: where the
# instructions of a call go, exactly, in the emulated arm64 PMU machine.
#
# PROGRAM.c includes bench/pmu_trace.h and separates the calls to profile
# with pmu_trace_mark() (bench/trace_calls.c: issue 20's calls). It is
# linked statically with our libpapi.a (built by bench/pmu-vm.sh into
# $PAPI_BENCH_OUT/lib, default build-bench-vm/lib, which this script
# rebuilds) and booted as the machine's /init, alone; QEMU logs every
# translation block of its text it executes (-d in_asm,exec,nochain), and
# bench/pmu_trace.py sums the instructions per function between marks.
# User mode only: the kernel's share of a system call is not in the log.
# The log goes to $OUT/trace.log (some 100 MB), the program to
# $OUT/trace-init, for pmu_trace.py --detail K.
#
# Example: bench/pmu-trace.sh bench/trace_calls.c \
#              hl_begin,hl_end,hl_read,setup,start,stop --top 8
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "$HERE/.." && pwd)
[ $# -ge 1 ] || { sed -n '3,18p' "$0"; exit 2; }
PROG=$1
LABELS=${2:-}
shift $(( $# >= 2 ? 2 : 1 ))
CACHE=${PAPI_PMU_CACHE:-$SRC/build-pmu-vm/cache}
OUT=${PAPI_BENCH_OUT:-$SRC/build-bench-vm}
QEMU=${QEMU:-qemu-system-aarch64}
CC=aarch64-linux-gnu-gcc
log() { echo "pmu-trace: $*" >&2; }

bash "$SRC/tests/pmu-vm/setup.sh" "$CACHE" >&2 || {
	log "tests/pmu-vm/setup.sh could not prepare the host"
	exit 1
}
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd) && CACHE=$(cd "$CACHE" && pwd)
PFM_ROOT=$CACHE/root
blog=$OUT/trace-build.log
: >"$blog"
if [ ! -f "$OUT/lib/CMakeCache.txt" ]; then
	cmake -S "$SRC" -B "$OUT/lib" \
		-DCMAKE_TOOLCHAIN_FILE="$SRC/tests/pmu-vm/aarch64.cmake" \
		-DPAPI_PFM_ROOT="$PFM_ROOT" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DBUILD_TESTING=OFF >>"$blog" 2>&1 || { tail -20 "$blog"; exit 1; }
fi
cmake --build "$OUT/lib" --target papi_static -j2 >>"$blog" 2>&1 &&
	$CC -std=gnu11 -O2 -static -I"$SRC/include" -I"$SRC/bench" \
		-o "$OUT/trace-init" "$PROG" "$OUT/lib/libpapi.a" \
		"$PFM_ROOT/usr/lib/aarch64-linux-gnu/libpfm.a" -lpthread -lm \
		>>"$blog" 2>&1 || { tail -20 "$blog"; log "build failed"; exit 1; }
R=$OUT/trace-initramfs
rm -rf "$R" && mkdir -p "$R"/{proc,sys,tmp,dev} && cp "$OUT/trace-init" "$R/init"
(cd "$R" && find . | cpio -o -H newc --quiet | gzip -1) >"$OUT/trace-initrd.gz" ||
	exit 1
# The program's text: the only addresses logged (the kernel's are not).
read -r lo size < <(aarch64-linux-gnu-readelf -lW "$OUT/trace-init" |
	awk '$1 == "LOAD" && / E / { print $3, $5; exit }')
text=$(printf '%s..0x%x' "$lo" $((lo + size)))
log "booting, tracing $text"
timeout -k 10 600 "$QEMU" -M virt -cpu cortex-a57 -smp 1 -m 1G -nographic \
	-no-reboot -nic none -icount shift=0 -kernel "$CACHE/vmlinuz" \
	-initrd "$OUT/trace-initrd.gz" \
	-append "console=ttyAMA0 panic=-1 quiet randomize_kstack_offset=off" \
	-d in_asm,exec,nochain -dfilter "$text" -D "$OUT/trace.log" \
	</dev/null 2>&1 | tr -d '\r' | grep -v '^\[' >&2
python3 "$HERE/pmu_trace.py" --exe "$OUT/trace-init" --labels "$LABELS" "$@" \
	"$OUT/trace.log"
