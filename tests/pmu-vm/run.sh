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
#      tests/hw/test_*.sh, tests/api/test_fastread.c and test_hwinfo.c,
#      bench/perturbation.c, the utilities
#      papi_avail, papi_native_avail, papi_component_avail, papi_stat and, when
#      tests/hw/test_hw_labs.sh is to run, the labs (lab/, docs/labs.md);
#   3. packs them with busybox and ./init into an initramfs, boots it under
#      `timeout`, and reads the results off the serial console;
#   4. PAPI's own test suite (Debian's papi-examples: ctests,
#      validation_tests, components/perf_event/tests, and the Fortran
#      ftests with aarch64-linux-gnu-gfortran) cross-built by
#      tests/conformance/run.sh --build-only, statically linked the same
#      way, run in a second boot of the machine (init's PMU_MODE=conformance)
#      and classified from its console by tests/conformance/run.sh
#      --from-console; its summary is printed beside the host's.
#
# Static binaries keep the initramfs at a few MB with no shared libraries
# to collect; booting with the cross glibc runtime copied in instead costs
# far more (see /work/shared/pmu-vm/RECIPE.md: dynamic runs boot seconds
# slower).
#
# Exit status: 0 every test ran and each ended as expected-hw.txt pins it
# (a test that skips fails unless pinned SKIPPED with that reason), and
# PAPI's own tests (step 4) each ended as expected-conformance.txt pins it
# (tests/conformance/gate.sh: no test worse than its pin, none unpinned;
# improvements are printed, to be pinned in the same commit); 1 otherwise,
# or when the arm64 build failed; 2 the machine did not finish (boot
# failure, timeout, a test hung the guest) or setup broke.
# Hosts that cannot do this (not root with packages missing, Debian archive
# unreachable, not Debian) print "check-pmu: SKIPPED: <reason>" and exit 0;
# under CI=true they fail (exit 2), as does a missing papi-examples.
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
#   PAPI_PMU_CONFORMANCE=0 leave out PAPI's own tests (step 4); also left out
#                          when PAPI_PMU_ONLY is set
#   PAPI_PMU_CONF_ONLY     run only PAPI's tests whose id matches this ERE
#   PAPI_PMU_CONF_TIMEOUT  guest seconds per PAPI test (default 240)
#   PAPI_PMU_CONF_SHIFT    -icount shift of those machines (default 2)
#   PAPI_PMU_CONF_VMS      machines running PAPI's tests at once (default:
#                          the host's CPUs, at most 4)
#   PAPI_PMU_CONF_VM_TIMEOUT  seconds for each of those machines (default 600)
#   PAPI_PMU_HOST_RESULTS  the host's conformance results to print and compare
#                          with (default build/conformance/results.txt)
#   PAPI_EXAMPLES_DIR      papi-examples tree (default
#                          /usr/share/doc/papi-examples/examples)
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
# A host that cannot run the machine skips check-pmu (exit 0, "SKIPPED"),
# except under CI=true, where a gate that did not run is a failure.
skip_run() {
	echo "check-pmu: SKIPPED: $*"
	if [ "${CI:-}" = true ]; then
		echo "check-pmu: FAIL: CI=true and the PMU machine could not run"
		exit 2
	fi
	exit 0
}
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }

mkdir -p "$OUT" || exit 2
OUT=$(cd "$OUT" && pwd)
# One run at a time per build directory.
# (flock -n in a loop rather than flock -w: -w needs a POSIX timer, which
# the kernel refuses while the user's queued signals are at their limit.)
exec 9>"$OUT/.lock"
waited=0
until flock -n 9; do
	if [ $waited -ge 900 ]; then
		log "another run holds $OUT/.lock"
		exit 2
	fi
	[ $waited = 0 ] && log "waiting for another run ($OUT/.lock)"
	sleep 1
	waited=$((waited + 1))
done

# ---- 1. setup ---------------------------------------------------------------
t0=$(now)
if ! command -v apt-get >/dev/null || ! command -v dpkg >/dev/null; then
	skip_run "needs a Debian host (apt-get, dpkg) to fetch the arm64 kernel and tools"
fi
if [ "$(uname -m)" != x86_64 ] && [ "$(uname -m)" != aarch64 ]; then
	skip_run "untested host architecture $(uname -m)"
fi
setup_err=$OUT/setup.log
bash "$HERE/setup.sh" "$CACHE" 2>"$setup_err"
rc=$?
cat "$setup_err" >&2
if [ $rc = 77 ]; then
	reason=$(sed -n 's/^setup: //p' "$setup_err" | tail -1)
	skip_run "${reason:-setup.sh could not prepare the host}"
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
cmake --build "$BLD" --target papi_static sde_static -j"$JOBS" >>"$build_log" 2>&1 ||
	build_fail "libpapi.a, libsde.a"
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
# API tests whose point is the hardware: user-space reads against an
# oracle, the arm64 hardware description (MHz measured, caches), and
# overflow and PAPI_profil, exact here (handler calls and samples =
# count / threshold), every listed event counts, and the high-level
# regions, whose clocks are the generic timer's raw ticks here (scaled
# when the report is written: test_hl checks them against
# PAPI_get_real_cyc/_nsec).
for t in test_fastread test_hwinfo test_overflow test_profil test_hl \
	test_listed_countable; do
	cc_static "$BIN/tests/$t" "$SRC/tests/api/$t.c" || build_fail "$t.c"
done
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
# papi_stat: tests/hw/test_hw_papi_stat.c runs it (issue 17).
# papi_native_avail has libsde for its -sde FILE (docs/sde.md).
for u in papi_avail papi_native_avail papi_component_avail papi_stat; do
	extra=()
	[ $u = papi_native_avail ] && extra=("$BLD/libsde.a")
	cc_static "$BIN/tools/$u" "$SRC"/tools/$u/*.c "${extra[@]}" ||
		build_fail "$u"
done
# The labs (lab/<name>/*.c + lab/common/lab.c -> papi_<name>), for
# tests/hw/test_hw_labs.sh; built only when that test runs. As in
# lab/CMakeLists.txt the measured kernels (kernels*.c) get -O3, here without
# -march=native: the build machine is not the one they run on.
if [ -e "$BIN/tests/test_hw_labs" ]; then
	for d in "$SRC"/lab/*/; do
		name=$(basename "$d")
		[ "$name" = common ] && continue
		files=("$d"*.c)
		[ -e "${files[0]}" ] || continue
		objs=() srcs=()
		for f in "${files[@]}"; do
			case $(basename "$f") in
			kernels*.c)
				o=$OUT/lab-$name-$(basename "$f" .c).o
				echo "+ ${CROSS}gcc -O3 -c $f" >>"$build_log"
				"${CROSS}gcc" -std=c11 -D_GNU_SOURCE -O3 -g $WFLAGS \
					-Werror -I"$SRC/include" -c -o "$o" "$f" \
					>>"$build_log" 2>&1 || build_fail "lab/$name/$(basename "$f")"
				objs+=("$o")
				;;
			*) srcs+=("$f") ;;
			esac
		done
		cc_static "$BIN/tools/papi_$name" "${srcs[@]}" "${objs[@]}" \
			"$SRC/lab/common/lab.c" || build_fail "lab/$name"
	done
fi
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
HW_RESULTS=$OUT/hw-results.txt
: >"$HW_RESULTS"
echo "pmu-vm: results"
for name in $TESTS; do
	rc=$(sed -n "s/^=== EXIT $name \\([0-9]*\\).*/\\1/p" "$CONSOLE" | head -1)
	out=$(sed -n "/^=== RUN $name\$/,/^=== EXIT $name /p" "$CONSOLE")
	if [ -z "$rc" ]; then
		notrun=$((notrun + 1))
		if grep -qx "=== RUN $name" "$CONSOLE"; then
			printf '  %-6s %s (started, never ended)\n' HUNG "$name"
			printf '%s\tFAILED\tstarted, never ended\n' "$name" >>"$HW_RESULTS"
		else
			printf '  %-6s %s\n' NOTRUN "$name"
		fi
	elif [ "$rc" = 0 ]; then
		pass=$((pass + 1))
		printf '  %-6s %s\n' PASS "$name"
		printf '%s\tPASSED\t-\n' "$name" >>"$HW_RESULTS"
	elif [ "$rc" = 77 ]; then
		skip=$((skip + 1))
		why=$(echo "$out" | sed -n 's/^SKIP: //p' | head -1)
		printf '  %-6s %s%s\n' SKIP "$name" "${why:+: $why}"
		printf '%s\tSKIPPED\t%s\n' "$name" "${why:--}" >>"$HW_RESULTS"
	else
		fail=$((fail + 1))
		case $rc in
		124 | 137 | 143) why="timed out after ${TEST_TIMEOUT}s" ;;
		*) why=$(echo "$out" | grep -m1 '^FAIL' || true) ;;
		esac
		printf '  %-6s %s (rc %s)%s\n' FAIL "$name" "$rc" "${why:+: $why}"
		printf '%s\tFAILED\trc %s%s\n' "$name" "$rc" "${why:+: $why}" >>"$HW_RESULTS"
	fi
done
log "setup ${t_setup}s, arm64 build ${t_build}s, initramfs + VM ${t_vm}s" \
	"(qemu exit $qrc); console: $CONSOLE"
hw_line="pmu-vm: $pass passed, $fail failed, $skip skipped"
hw_rc=0
[ $fail = 0 ] || hw_rc=1
# In this machine a skip is a failure unless expected-hw.txt pins it with
# its reason; every test is pinned (gate.sh). PAPI_PMU_ONLY/EXTRA runs
# are judged on the tests they ran.
hw_expected=$HERE/expected-hw.txt
if [ -n "${PAPI_PMU_ONLY:-}${PAPI_PMU_EXTRA:-}" ]; then
	awk -F'\t' 'NR == FNR { ran[$1] = 1; next } /^#/ || ($1 in ran)' \
		"$HW_RESULTS" "$HERE/expected-hw.txt" >"$OUT/expected-hw.subset"
	for t in ${PAPI_PMU_EXTRA:-}; do
		printf '%s\tPASSED\t-\n' "$(basename "$t" .c)" >>"$OUT/expected-hw.subset"
	done
	hw_expected=$OUT/expected-hw.subset
fi
bash "$SRC/tests/conformance/gate.sh" "$hw_expected" "$HW_RESULTS" "pmu-vm tests" ||
	hw_rc=1
if [ $finished = 0 ] || [ $notrun -gt 0 ]; then
	[ $qrc = 124 ] && log "the VM ran into the ${VM_TIMEOUT}s limit"
	log "the machine did not finish: $notrun test(s) did not run; last console lines:"
	tail -25 "$CONSOLE" | sed 's/^/  | /'
	hw_rc=2
fi
echo "$hw_line"

# ---- 6. PAPI's own tests (conformance) in the machine -----------------------
# The host's score of our library, when make check has run the conformance
# test: its results file's header holds the summary.
HOST_RESULTS=${PAPI_PMU_HOST_RESULTS:-$SRC/build/conformance/results.txt}
host_pass=""
if [ -f "$HOST_RESULTS" ] &&
	host_sum=$(sed -n 's/^# conformance: //p' "$HOST_RESULTS" | head -1) &&
	[ -n "$host_sum" ]; then
	host_line="conformance (host): $host_sum ($HOST_RESULTS)"
	host_pass=${host_sum%% passed*}
else
	host_line="conformance (host): no results in $HOST_RESULTS (make check writes them)"
fi
conf_rc=0
conf_line=""
t_cbuild=0 t_cvm=0
EXAMPLES=${PAPI_EXAMPLES_DIR:-/usr/share/doc/papi-examples/examples}
CONF_TIMEOUT=${PAPI_PMU_CONF_TIMEOUT:-240}
CONF_VM_TIMEOUT=${PAPI_PMU_CONF_VM_TIMEOUT:-600}
CONF_SHIFT=${PAPI_PMU_CONF_SHIFT:-2}
CONFW=$OUT/conformance
CRUN=$SRC/tests/conformance/run.sh
conf_args=(--cc "${CROSS}gcc" --fc "${CROSS}gfortran" --static-libs "$LIBPAPI $PFM_A"
	--include "$SRC/include" --work "$CONFW" --examples "$EXAMPLES"
	--exclude-list "$HERE/conformance-exclude.txt")
[ -n "${PAPI_PMU_CONF_ONLY:-}" ] && conf_args+=(--only "$PAPI_PMU_CONF_ONLY")
if [ "${PAPI_PMU_CONFORMANCE:-1}" = 0 ] || [ -n "${PAPI_PMU_ONLY:-}" ]; then
	conf_line="conformance (arm64 PMU VM): not run (PAPI_PMU_CONFORMANCE=0 or PAPI_PMU_ONLY)"
elif [ ! -f "$CRUN" ]; then
	conf_line="conformance (arm64 PMU VM): not run ($CRUN is missing)"
elif [ ! -f "$EXAMPLES/testlib/test_utils.c" ]; then
	conf_line="conformance (arm64 PMU VM): SKIPPED: PAPI's tests are not in $EXAMPLES (apt-get install papi-examples)"
	[ "${CI:-}" = true ] && conf_rc=1
else
	t0=$(now)
	bash "$CRUN" "${conf_args[@]}" --build-only --jobs "$JOBS" \
		>"$OUT/conformance-build.log" 2>&1
	crc=$?
	t_cbuild=$(since "$t0")
	if [ $crc != 0 ] || [ ! -s "$CONFW/manifest.txt" ]; then
		tail -20 "$OUT/conformance-build.log"
		conf_line="conformance (arm64 PMU VM): the arm64 build of PAPI's tests failed (rc $crc; $OUT/conformance-build.log)"
		conf_rc=1
	fi
fi
if [ -z "$conf_line" ]; then
	t0=$(now)
	# The tests run in CONF_VMS machines at once, one vCPU each (under icount
	# a guest's clock and counts do not depend on host load, so this changes
	# no result). The slowest tests, with the host seconds each took on the
	# 2-core x86_64 development VM ("slowest" below prints the current
	# figures), are spread first, largest first, onto the least loaded
	# machine; the others count 0.7 s each. Each machine runs its share in
	# the usual order.
	CONF_VMS=${PAPI_PMU_CONF_VMS:-$(nproc 2>/dev/null || echo 1)}
	case "$CONF_VMS" in '' | *[!0-9]* | 0) CONF_VMS=1 ;; esac
	[ "$CONF_VMS" -gt 4 ] && CONF_VMS=4
	rm -rf "$OUT"/conformance-list.* "$OUT"/conformance-console.* \
		"$OUT"/conformance-hosttimes.* "$OUT"/initramfs-conformance.* \
		"$OUT"/initrd-conformance.*
	CONF_WEIGHTS="ctests/overflow3_pthreads 27 ctests/multiplex1 21
		ctests/kufrin 20 ctests/profile_pthreads 19
		validation_tests/fp_validation_hl 17 ctests/second 10
		ctests/fork_overflow 10 ctests/destroy 10 ctests/sdsc-mpx 8
		ctests/sdsc2-mpx-noreset 7 ctests/sdsc2-mpx 6 ctests/krentel_pthreads 6
		validation_tests/papi_tot_cyc 5 ctests/system_child_overflow 5
		ctests/profile_twoevents 5 ctests/overflow_allcounters 5
		ctests/exec_overflow 5 ctests/byte_profile 5 ctests/system_overflow 4
		ftests/cost 52 ftests/fmultiplex1 28 ftests/accum 12 ftests/first 8"
	awk -F'\t' '$1 == "run" { print $2 }' "$CONFW/manifest.txt" |
		awk -v n="$CONF_VMS" -v w="$CONF_WEIGHTS" -v dir="$OUT" '
		BEGIN { k = split(w, a, /[ \t\n]+/); for (i = 1; i < k; i += 2) cost[a[i]] = a[i + 1] }
		{ id[NR] = $1; c[NR] = ($1 in cost) ? cost[$1] : 0.7 }
		END {
			for (m = 0; m < n; m++) load[m] = 0
			for (done = 0; done < NR; done++) {   # largest first (stable)
				best = 0
				for (i = 1; i <= NR; i++)
					if (!(i in shard) && (best == 0 || c[i] > c[best])) best = i
				low = 0
				for (m = 1; m < n; m++) if (load[m] < load[low]) low = m
				shard[best] = low; load[low] += c[best]
			}
			for (m = 0; m < n; m++) printf "" > (dir "/conformance-list." m)
			for (i = 1; i <= NR; i++) print id[i] > (dir "/conformance-list." shard[i])
		}' || exit 2
	# Programs that other tests execute go into every machine.
	awk -F'\t' '$1 == "run" { run[$2] = 1 } $1 == "prog" { prog[$2] = 1 }
		END { for (p in prog) if (!(p in run) || p == "ctests/child_overflow") print p }' \
		"$CONFW/manifest.txt" >"$OUT/conformance-helpers"
	# stamp CONSOLE TIMES: copies stdin to CONSOLE, and each "=== " marker
	# line to TIMES with the host's seconds since the start in front.
	stamp() {
		local line t0=$EPOCHREALTIME
		: >"$2"
		while IFS= read -r line || [ -n "$line" ]; do
			printf '%s\n' "$line"
			case $line in
			"=== "*) printf '%s %s\n' \
				"$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')" \
				"${line%$'\r'}" >>"$2" ;;
			esac
		done >"$1"
	}
	pids=()
	for m in $(seq 0 $((CONF_VMS - 1))); do
		R=$OUT/initramfs-conformance.$m
		rm -rf "$R"
		mkdir -p "$R"/{bin,sbin,proc,sys,dev,tmp,usr/bin,conformance} || exit 2
		cp "$CACHE/busybox" "$R/bin/busybox"
		install -m 755 "$HERE/init" "$R/init"
		cp "$OUT/conformance-list.$m" "$R/conformance/list"
		sort -u "$OUT/conformance-list.$m" "$OUT/conformance-helpers" |
			while read -r id; do
				mkdir -p "$R/conformance/$(dirname "$id")" &&
					"${CROSS}strip" -o "$R/conformance/$id" "$CONFW/tree/$id" ||
					exit 1
			done || exit 2
		# No compression: static programs of about 1 MB each make an image
		# the kernel would gunzip slowly under TCG; QEMU loads a plain one
		# at once.
		(cd "$R" && find . | cpio -o -H newc --quiet) >"$OUT/initrd-conformance.$m.cpio" ||
			exit 2
		# shift=2: the guest clock advances 4 ns per instruction, so the
		# many tests that calibrate their work to 2 guest seconds
		# (do_stuff()) run a quarter of the instructions they would at
		# shift=0; counts stay exact (cycles = 4 x instructions).
		# sleep=off: while the guest sleeps its clock jumps to the next
		# timer instead of waiting in real time (ctests/realtime and
		# virttime sleep 10 s each).
		(
			timeout -k 10 "$CONF_VM_TIMEOUT" "$QEMU" -M virt -cpu cortex-a57 -smp 1 -m 1G \
				-nographic -no-reboot -nic none -icount shift="$CONF_SHIFT",sleep=off \
				-kernel "$CACHE/vmlinuz" -initrd "$OUT/initrd-conformance.$m.cpio" \
				-append "console=ttyAMA0 panic=-1 quiet randomize_kstack_offset=off PMU_MODE=conformance PMU_CONF_TIMEOUT=$CONF_TIMEOUT ${PAPI_PMU_KERNEL_ARGS:-}" \
				</dev/null 2>&1 |
				stamp "$OUT/conformance-console.$m.raw" "$OUT/conformance-hosttimes.$m"
			exit "${PIPESTATUS[0]}"
		) &
		pids+=($!)
	done
	cqrc=""
	for p in "${pids[@]}"; do
		wait "$p"
		cqrc="$cqrc${cqrc:+ }$?"
	done
	CCONSOLE=$OUT/conformance-console.log
	cfinished=1
	: >"$CCONSOLE"
	for m in $(seq 0 $((CONF_VMS - 1))); do
		tr -d '\r' <"$OUT/conformance-console.$m.raw" >"$OUT/conformance-console.$m.log"
		rm -f "$OUT/conformance-console.$m.raw"
		grep -q '^=== DONE' "$OUT/conformance-console.$m.log" || cfinished=0
		cat "$OUT/conformance-console.$m.log" >>"$CCONSOLE"
	done
	t_cvm=$(since "$t0")
	compare=(--no-compare)
	[ -f "$HOST_RESULTS" ] && compare=(--compare "$HOST_RESULTS")
	bash "$CRUN" "${conf_args[@]}" --from-console "$CCONSOLE" \
		--timeout "$CONF_TIMEOUT" --label "arm64 PMU VM" "${compare[@]}" \
		>"$OUT/conformance.log" 2>&1
	crc=$?
	if [ "${PAPI_PMU_QUIET:-0}" != 1 ]; then
		echo "pmu-vm: PAPI's own tests in the machine (tests/conformance/run.sh --from-console)"
		grep -v -E '^conformance \(arm64 PMU VM\): ' "$OUT/conformance.log"
	fi
	conf_line=$(grep -E '^conformance \(arm64 PMU VM\): [0-9]+ passed' "$OUT/conformance.log" | tail -1)
	log "PAPI's tests: arm64 build ${t_cbuild}s, initramfs + $CONF_VMS VMs ${t_cvm}s" \
		"(qemu exit $cqrc); console: $CCONSOLE; results: $CONFW/results.txt"
	# Where the time went (to keep CONF_WEIGHTS and the exclusions current).
	for m in $(seq 0 $((CONF_VMS - 1))); do
		awk -v m="$m" 'BEGIN { printf "machine %s:", m }
			$2 == "===" && $3 == "INIT" { printf " boot %.1fs", $1 }
			$2 == "===" && $3 == "DONE" { printf ", all done at %.1fs", $1; done = 1 }
			END { print done ? "" : ", did not finish" }' \
			"$OUT/conformance-hosttimes.$m"
	done | sed 's/^/pmu-vm: /'
	cat "$OUT"/conformance-hosttimes.* 2>/dev/null | awk '
		$2 == "===" && $3 == "RUN" { t[$4] = $1 }
		$2 == "===" && $3 == "EXIT" && ($4 in t) { printf "%.1f %s %s\n", $1 - t[$4], $4, $6 }' |
		sort -rn | head -8 | awk '{ printf "%s%s %ss (guest %ss)", (NR > 1 ? ", " : ""), $2, $1, $3 } END { print "" }' |
		sed 's/^/pmu-vm: slowest (host seconds): /'

	if [ $crc != 0 ] || [ -z "$conf_line" ]; then
		tail -20 "$OUT/conformance.log"
		conf_line="conformance (arm64 PMU VM): classifying the console failed (rc $crc; $OUT/conformance.log)"
		conf_rc=1
	else
		if [ $cfinished = 0 ]; then
			case " $cqrc " in *" 124 "*)
				log "a machine running PAPI's tests ran into the ${CONF_VM_TIMEOUT}s limit" ;;
			esac
			for m in $(seq 0 $((CONF_VMS - 1))); do
				grep -q '^=== DONE' "$OUT/conformance-console.$m.log" && continue
				log "machine $m running PAPI's tests did not finish; its last console lines:"
				tail -15 "$OUT/conformance-console.$m.log" | sed 's/^/  | /'
			done
			conf_rc=1
		fi
		# Judged test by test against the pins (gate.sh); a run limited
		# by PAPI_PMU_CONF_ONLY against the pins of the tests it ran.
		conf_expected=$HERE/expected-conformance.txt
		if [ -n "${PAPI_PMU_CONF_ONLY:-}" ]; then
			awk -F'\t' -v re="$PAPI_PMU_CONF_ONLY" '/^#/ || $1 ~ re' \
				"$conf_expected" >"$OUT/expected-conformance.subset"
			conf_expected=$OUT/expected-conformance.subset
		fi
		bash "$SRC/tests/conformance/gate.sh" "$conf_expected" \
			"$CONFW/results.txt" "conformance (arm64 PMU VM)" || conf_rc=1
	fi
fi

echo "$hw_line"
echo "$host_line"
echo "$conf_line"
[ $hw_rc != 0 ] && exit $hw_rc
exit $conf_rc
