#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# tests/pmu-vm/run.sh: hardware-counter tests on a machine with a real PMU.
#
# QEMU (TCG) emulating an arm64 Cortex-A57 with -icount shift=0 gives
# Debian's arm64 kernel a working PMUv3: cycle counter + 6 event counters,
# exact instruction counts. This script
#   1. prepares the host and a cache (setup.sh: packages, kernel, busybox,
#      libpfm4 for arm64);
#   2. cross-builds libpapi.a for arm64 (CMake, aarch64.cmake) and links
#      the tests statically against it and libpfm.a: tests/hw/test_*.c,
#      tests/hw/test_*.sh, bench/perturbation.c, and the utilities
#      papi_avail, papi_native_avail, papi_component_avail;
#   3. packs them with busybox and ./init into an initramfs, boots it under
#      `timeout`, and reads the results off the serial console.
#
# Static binaries keep the initramfs at a few MB with no shared libraries
# to collect; booting with the cross glibc runtime copied in instead costs
# far more (see /work/shared/pmu-vm/RECIPE.md: dynamic runs boot seconds
# slower).
#
# Exit status: 0 every test ran and none failed (77 counts as skipped);
# 1 a test failed, or the arm64 build did; 2 the machine did not finish
# (boot failure, timeout, a test hung the guest) or setup broke.
# Hosts that cannot do this (not root with packages missing, Debian archive
# unreachable, not Debian) print "check-pmu: SKIPPED: <reason>" and exit 0.
#
# Environment:
#   PAPI_PMU_CACHE         downloads (default build-pmu-vm/cache)
#   PAPI_PMU_BUILD         build directory (default build-pmu-vm)
#   PAPI_PMU_TIMEOUT       seconds for the whole VM run (default 300)
#   PAPI_PMU_TEST_TIMEOUT  seconds per test inside the VM (default 120)
#   PAPI_PMU_KERNEL_ARGS   more kernel command line (VAR=value words become
#                          environment of /init and the tests)
#   PAPI_PMU_QUIET=1       print only the summary, not the console
#   PAPI_PMU_ONLY          run only these tests (names, space-separated)
#   PAPI_PMU_EXTRA         more C files (public API) to build and run, e.g.
#                          while debugging
#   QEMU                   the emulator (default qemu-system-aarch64)
set -uo pipefail

HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
SRC=$(cd "$HERE/../.." && pwd)
OUT=${PAPI_PMU_BUILD:-$SRC/build-pmu-vm}
CACHE=${PAPI_PMU_CACHE:-$OUT/cache}
VM_TIMEOUT=${PAPI_PMU_TIMEOUT:-300}
TEST_TIMEOUT=${PAPI_PMU_TEST_TIMEOUT:-120}
QEMU=${QEMU:-qemu-system-aarch64}
CROSS=aarch64-linux-gnu-
JOBS=${JOBS:-2}

log() { echo "pmu-vm: $*"; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
# One run at a time per build directory.
exec 9>"$OUT/.lock"
if ! flock -w 900 9; then
	log "another run holds $OUT/.lock"
	exit 2
fi

# ---- 1. setup ---------------------------------------------------------------
t0=$(now)
if ! command -v apt-get >/dev/null || ! command -v dpkg >/dev/null; then
	echo "check-pmu: SKIPPED: needs a Debian host (apt-get, dpkg) to fetch the arm64 kernel and tools"
	exit 0
fi
if [ "$(uname -m)" != x86_64 ] && [ "$(uname -m)" != aarch64 ]; then
	echo "check-pmu: SKIPPED: untested host architecture $(uname -m)"
	exit 0
fi
setup_err=$OUT/setup.log
bash "$HERE/setup.sh" "$CACHE" 2>"$setup_err"
rc=$?
cat "$setup_err" >&2
if [ $rc = 77 ]; then
	reason=$(sed -n 's/^setup: //p' "$setup_err" | tail -1)
	echo "check-pmu: SKIPPED: ${reason:-setup.sh could not prepare the host}"
	exit 0
elif [ $rc != 0 ]; then
	log "setup.sh failed (rc $rc)"
	exit 2
fi
t_setup=$(since "$t0")

# ---- 2. cross build ---------------------------------------------------------
t0=$(now)
BLD=$OUT/lib
BIN=$OUT/bin
PFM_ROOT=$CACHE/root
PFM_A=$PFM_ROOT/usr/lib/aarch64-linux-gnu/libpfm.a
rm -rf "$BIN"
mkdir -p "$BIN/tests" "$BIN/tools"
build_log=$OUT/build.log
: >"$build_log"
build_fail() {
	tail -40 "$build_log"
	log "arm64 build failed: $*"
	echo "pmu-vm: 0 passed, 1 failed, 0 skipped"
	exit 1
}
cmake -S "$SRC" -B "$BLD" -DCMAKE_TOOLCHAIN_FILE="$HERE/aarch64.cmake" \
	-DPAPI_PFM_ROOT="$PFM_ROOT" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	-DBUILD_TESTING=OFF >>"$build_log" 2>&1 || build_fail "cmake configure"
cmake --build "$BLD" --target papi_static -j"$JOBS" >>"$build_log" 2>&1 ||
	build_fail "libpapi.a"
LIBPAPI=$BLD/libpapi.a
WFLAGS="-Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-unused-parameter"
cc_static() { # OUTPUT SOURCES...: a static arm64 program linked with libpapi.a
	local o=$1
	shift
	echo "+ ${CROSS}gcc ... -o $o $*" >>"$build_log"
	"${CROSS}gcc" -std=c11 -D_GNU_SOURCE -O2 -g $WFLAGS -Werror \
		-I"$SRC/include" -static -o "$o" "$@" "$LIBPAPI" "$PFM_A" \
		-lpthread -lm >>"$build_log" 2>&1
}
for t in "$SRC"/tests/hw/test_*.c; do
	[ -e "$t" ] || continue
	cc_static "$BIN/tests/$(basename "$t" .c)" "$t" ||
		build_fail "$(basename "$t")"
done
for t in "$SRC"/tests/hw/test_*.sh; do
	[ -e "$t" ] || continue
	install -m 755 "$t" "$BIN/tests/$(basename "$t" .sh)"
done
if [ -f "$SRC/bench/perturbation.c" ]; then
	cc_static "$BIN/tests/perturbation" "$SRC/bench/perturbation.c" ||
		build_fail "bench/perturbation.c"
fi
for t in ${PAPI_PMU_EXTRA:-}; do
	cc_static "$BIN/tests/$(basename "$t" .c)" "$t" ||
		build_fail "$(basename "$t")"
done
if [ -n "${PAPI_PMU_ONLY:-}" ]; then
	for t in "$BIN"/tests/*; do
		case " $PAPI_PMU_ONLY " in
		*" $(basename "$t") "*) ;;
		*) rm -f "$t" ;;
		esac
	done
fi
for u in papi_avail papi_native_avail papi_component_avail; do
	cc_static "$BIN/tools/$u" "$SRC"/tools/$u/*.c || build_fail "$u"
done
t_build=$(since "$t0")

# ---- 3. initramfs -----------------------------------------------------------
t0=$(now)
R=$OUT/initramfs
rm -rf "$R"
mkdir -p "$R"/{bin,sbin,proc,sys,dev,tmp,usr/bin,tests} || exit 2
cp "$CACHE/busybox" "$R/bin/busybox"
install -m 755 "$HERE/init" "$R/init"
cp "$BIN"/tests/* "$R/tests/"
cp "$BIN"/tools/* "$R/usr/bin/"
"${CROSS}strip" "$R"/tests/* "$R"/usr/bin/* 2>/dev/null
(cd "$R" && find . | cpio -o -H newc --quiet | gzip -1) >"$OUT/initrd.gz" ||
	exit 2
TESTS=$(cd "$R/tests" && ls)

# ---- 4. boot ----------------------------------------------------------------
CONSOLE=$OUT/console.log
# randomize_kstack_offset=off: without it every system call costs a varying
# number of kernel instructions (RECIPE.md, section 8).
timeout -k 10 "$VM_TIMEOUT" "$QEMU" -M virt -cpu cortex-a57 -smp 1 -m 1G \
	-nographic -no-reboot -nic none -icount shift=0 \
	-kernel "$CACHE/vmlinuz" -initrd "$OUT/initrd.gz" \
	-append "console=ttyAMA0 panic=-1 quiet randomize_kstack_offset=off PMU_TEST_TIMEOUT=$TEST_TIMEOUT ${PAPI_PMU_KERNEL_ARGS:-}" \
	</dev/null >"$CONSOLE.raw" 2>&1
qrc=$?
tr -d '\r' <"$CONSOLE.raw" >"$CONSOLE"
rm -f "$CONSOLE.raw"
t_vm=$(since "$t0")

# ---- 5. results -------------------------------------------------------------
if [ "${PAPI_PMU_QUIET:-0}" != 1 ]; then
	sed -n '/^=== INIT/,$p' "$CONSOLE"
fi
finished=1
grep -q '^=== DONE' "$CONSOLE" || finished=0
pass=0 fail=0 skip=0 notrun=0
echo "pmu-vm: results"
for name in $TESTS; do
	rc=$(sed -n "s/^=== EXIT $name \\([0-9]*\\).*/\\1/p" "$CONSOLE" | head -1)
	out=$(sed -n "/^=== RUN $name\$/,/^=== EXIT $name /p" "$CONSOLE")
	if [ -z "$rc" ]; then
		notrun=$((notrun + 1))
		if grep -qx "=== RUN $name" "$CONSOLE"; then
			printf '  %-6s %s (started, never ended)\n' HUNG "$name"
		else
			printf '  %-6s %s\n' NOTRUN "$name"
		fi
	elif [ "$rc" = 0 ]; then
		pass=$((pass + 1))
		printf '  %-6s %s\n' PASS "$name"
	elif [ "$rc" = 77 ]; then
		skip=$((skip + 1))
		why=$(echo "$out" | sed -n 's/^SKIP: //p' | head -1)
		printf '  %-6s %s%s\n' SKIP "$name" "${why:+: $why}"
	else
		fail=$((fail + 1))
		case $rc in
		124 | 137 | 143) why="timed out after ${TEST_TIMEOUT}s" ;;
		*) why=$(echo "$out" | grep -m1 '^FAIL' || true) ;;
		esac
		printf '  %-6s %s (rc %s)%s\n' FAIL "$name" "$rc" "${why:+: $why}"
	fi
done
log "setup ${t_setup}s, arm64 build ${t_build}s, initramfs + VM ${t_vm}s" \
	"(qemu exit $qrc); console: $CONSOLE"
if [ $finished = 0 ] || [ $notrun -gt 0 ]; then
	[ $qrc = 124 ] && log "the VM ran into the ${VM_TIMEOUT}s limit"
	log "the machine did not finish: $notrun test(s) did not run; last console lines:"
	tail -25 "$CONSOLE" | sed 's/^/  | /'
	echo "pmu-vm: $pass passed, $fail failed, $skip skipped"
	exit 2
fi
echo "pmu-vm: $pass passed, $fail failed, $skip skipped"
[ $fail = 0 ] || exit 1
exit 0
