#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# bench/pmu-vm.sh: exact per-call costs of PAPI in the emulated arm64 PMU
# machine (tests/pmu-vm: QEMU TCG, cortex-a57, one vCPU, -icount shift=0,
# randomize_kstack_offset=off), for our library and for Debian's PAPI 7.0.0
# (libpapi-dev:arm64's libpapi.a), built from the same bench/insns.c and
# bench/hl.c and run in the same boot, and start-up (bench/init.c:
# PAPI_library_init, the first high-level region). Also runs our papi_cost there
# (PAPI_TOT_CYC + PAPI_TOT_INS) and tests/api/test_fastread.c.
#
#   1. tests/pmu-vm/setup.sh prepares the kernel, busybox and libpfm4
#      (cached); Debian's libpapi-dev:arm64 is downloaded next to them;
#   2. our libpapi.a is cross-built (tests/pmu-vm/aarch64.cmake), and the
#      programs are linked statically, against ours and against Debian's;
#   3. one boot runs them (tests/pmu-vm/init), and the CSV rows of
#      bench/insns.c, bench/hl.c and bench/init.c are collected into $OUT/insns.csv (the
#      high-level API's events into $OUT/hl-events), papi_cost's output
#      into $OUT/papi_cost.txt and .json.
#
# Environment: PAPI_PMU_CACHE (default build-pmu-vm/cache, shared with
# tests/pmu-vm/run.sh), PAPI_BENCH_OUT (default build-bench-vm),
# PAPI_COST_ITERS (papi_cost -t, default 20000), PAPI_BENCH_CMAKE_ARGS
# (more arguments for the library's cmake), QEMU.
# Exit 0 when the machine ran everything, 1 on a build failure, 2 when it
# did not finish.
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "$HERE/.." && pwd)
CACHE=${PAPI_PMU_CACHE:-$SRC/build-pmu-vm/cache}
OUT=${PAPI_BENCH_OUT:-$SRC/build-bench-vm}
ITERS=${PAPI_COST_ITERS:-20000}
QEMU=${QEMU:-qemu-system-aarch64}
CC=aarch64-linux-gnu-gcc
log() { echo "bench-vm: $*"; }

mkdir -p "$OUT" "$CACHE" || exit 1
OUT=$(cd "$OUT" && pwd)
bash "$SRC/tests/pmu-vm/setup.sh" "$CACHE" || {
	log "tests/pmu-vm/setup.sh could not prepare the host"
	exit 1
}
CACHE=$(cd "$CACHE" && pwd)
PFM_ROOT=$CACHE/root
PFM_A=$PFM_ROOT/usr/lib/aarch64-linux-gnu/libpfm.a

# Debian's PAPI 7.0.0 for arm64, as its libpapi-dev ships it.
DEB=$CACHE/papi-debian
if [ ! -s "$DEB/usr/lib/aarch64-linux-gnu/libpapi.a" ]; then
	mkdir -p "$DEB/debs"
	(cd "$DEB/debs" && apt-get download libpapi-dev:arm64) >/dev/null ||
		{ log "cannot download libpapi-dev:arm64"; exit 1; }
	for d in "$DEB"/debs/*.deb; do dpkg-deb -x "$d" "$DEB"; done
fi
dpkg-deb -f "$DEB"/debs/libpapi-dev*.deb Version >"$OUT/debian-version" 2>/dev/null

blog=$OUT/build.log
: >"$blog"
cmake -S "$SRC" -B "$OUT/lib" -DCMAKE_TOOLCHAIN_FILE="$SRC/tests/pmu-vm/aarch64.cmake" \
	-DPAPI_PFM_ROOT="$PFM_ROOT" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DBUILD_TESTING=OFF ${PAPI_BENCH_CMAKE_ARGS:-} >>"$blog" 2>&1 &&
	cmake --build "$OUT/lib" --target papi_static -j2 >>"$blog" 2>&1 ||
	{ tail -30 "$blog"; log "building our libpapi.a failed"; exit 1; }

R=$OUT/initramfs
rm -rf "$R"
mkdir -p "$R"/{bin,sbin,proc,sys,dev,tmp,usr/bin,tests} || exit 1
FLAGS="-std=c11 -D_GNU_SOURCE -O2 -static"
build() { # NAME PAPI_INCLUDE LIBPAPI SOURCES... (extra flags via $XF)
	local name=$1 inc=$2 lib=$3
	shift 3
	echo "+ $CC $* -> $name" >>"$blog"
	$CC $FLAGS ${XF:-} -I"$inc" -o "$R/$name" "$@" "$lib" "$PFM_A" \
		-lpthread -lm >>"$blog" 2>&1 || { tail -20 "$blog"; log "$name"; exit 1; }
}
OURS=$OUT/lib/libpapi.a
DEBA=$DEB/usr/lib/aarch64-linux-gnu/libpapi.a
XF= build tests/1_insns_ours "$SRC/include" "$OURS" "$SRC/bench/insns.c"
XF='-DBENCH_IMPL="debian-7.0.0"' build tests/2_insns_debian \
	"$DEB/usr/include" "$DEBA" "$SRC/bench/insns.c"
XF= build tests/3_test_fastread "$SRC/include" "$OURS" "$SRC/tests/api/test_fastread.c"
XF= build tests/5_hl_ours "$SRC/include" "$OURS" "$SRC/bench/hl.c"
XF='-DBENCH_IMPL="debian-7.0.0"' build tests/6_hl_debian \
	"$DEB/usr/include" "$DEBA" "$SRC/bench/hl.c"
XF= build usr/bin/papi_cost "$SRC/include" "$OURS" "$SRC"/tools/papi_cost/*.c
XF= build tests/7_init_ours "$SRC/include" "$OURS" "$SRC/bench/init.c"
XF='-DBENCH_IMPL="debian-7.0.0"' build tests/8_init_debian \
	"$DEB/usr/include" "$DEBA" "$SRC/bench/init.c"
cat >"$R/tests/4_papi_cost" <<EOF
#!/bin/sh
papi_cost -t $ITERS
echo "=== JSON"
papi_cost -t $ITERS --json
EOF
chmod 755 "$R/tests/4_papi_cost"
cp "$CACHE/busybox" "$R/bin/busybox"
install -m 755 "$SRC/tests/pmu-vm/init" "$R/init"
aarch64-linux-gnu-strip "$R"/tests/[1235678]_* "$R/usr/bin/papi_cost" 2>/dev/null
(cd "$R" && find . | cpio -o -H newc --quiet | gzip -1) >"$OUT/initrd.gz" || exit 1

log "booting (console: $OUT/console.log)"
timeout -k 10 900 "$QEMU" -M virt -cpu cortex-a57 -smp 1 -m 1G -nographic \
	-no-reboot -nic none -icount shift=0 -kernel "$CACHE/vmlinuz" \
	-initrd "$OUT/initrd.gz" \
	-append "console=ttyAMA0 panic=-1 quiet randomize_kstack_offset=off PMU_TEST_TIMEOUT=600" \
	</dev/null 2>&1 | tr -d '\r' >"$OUT/console.log"
grep -q '^=== DONE' "$OUT/console.log" || { tail -20 "$OUT/console.log"; exit 2; }

grep -E '^(impl,|ours,|debian-|raw,)' "$OUT/console.log" | awk '!(/^impl,/ && seen++)' \
	>"$OUT/insns.csv"
sed -n 's/^hl-events: //p' "$OUT/console.log" | sort -u >"$OUT/hl-events"
sed -n '/^=== RUN 4_papi_cost/,/^=== JSON/p' "$OUT/console.log" | sed '1d;$d' \
	>"$OUT/papi_cost.txt"
sed -n '/^=== JSON/,/^=== EXIT 4_papi_cost/p' "$OUT/console.log" | sed '1d;$d' \
	>"$OUT/papi_cost.json"
sed -n '/^=== RUN 3_test_fastread/,/^=== EXIT 3_test_fastread/p' "$OUT/console.log"
grep '^=== EXIT' "$OUT/console.log"
log "results: $OUT/insns.csv $OUT/papi_cost.txt $OUT/papi_cost.json"
