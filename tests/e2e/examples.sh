#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The seeds' programs (examples/, issue 7): each compiles unchanged against
# our papi.h with a plain `cc` and no special flags, and runs. Where the
# machine has the events a program counts, its output must have the seed's
# shape (the lecture's read / accum / stop pattern: second value about twice
# the first, third about the first); where it lacks them, the program must
# fail cleanly with a message naming each missing event, and
# papi_avail must agree that the event is missing.
# Exit: 0 pass, 1 fail.
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
build=${PAPI_BUILD:-$src/build}
bin=${PAPI_BIN:-$build/bin}
libdir=${PAPI_LIBDIR:-$build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}

# The events this machine has, from papi_avail (presets available here).
avail=$("$bin/papi_avail" -a 2>/dev/null | awk '/^PAPI_/ { print $1 }')
have() { grep -qx "$1" <<<"$avail"; }

# Run a program; out, err, rc hold what it did.
run() {
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(<"$tmp/out")
	err=$(<"$tmp/err")
}

# A program that could not count must say which events are missing, and
# those must really be missing.
check_missing() { # PROGRAM EVENT...
	local p=$1 e named=0
	shift
	for e in "$@"; do
		if grep -q "$e is not available" <<<"$err"; then
			named=1
			have "$e" && fail "$p: says $e is missing, papi_avail lists it"
		fi
	done
	((named)) || fail "$p exited $rc without naming a missing event: $err"
}

# 1. Plain cc, default flags, our header and library only. The compiler
# must not warn; the link may (an ASan build's libpapi drags in libasan,
# whose linker warnings are not the examples').
for p in lecture_hl lecture_counters lecture_flops timer figure3_2 hl_regions; do
	if ! cc -I"$src/include" -c -o "$tmp/$p.o" "$src/examples/$p.c" \
		2>"$tmp/cc.log"; then
		fail "$p.c does not compile with cc: $(head -5 "$tmp/cc.log")"
	elif [[ -s $tmp/cc.log ]]; then
		fail "$p.c: cc warns: $(head -3 "$tmp/cc.log")"
	elif ! cc -o "$tmp/$p" "$tmp/$p.o" -L"$libdir" -Wl,-rpath,"$libdir" \
		-lpapi -lpthread -lm 2>"$tmp/ld.log"; then
		fail "$p does not link: $(head -5 "$tmp/ld.log")"
	fi
done

# 2. The lab's timer example: no counter needed.
run "$bin/timer"
if ((rc != 0)) ||
	! grep -Eq '^Wall clock cycles: [1-9][0-9]*$' <<<"$out" ||
	! grep -Eq '^Wall clock time in microseconds: [0-9]+$' <<<"$out"; then
	fail "timer (rc $rc): $out $err"
else
	echo "timer: $(tr '\n' ' ' <<<"$out")"
fi

# 3. The lecture's classic high-level example: the pattern of its output.
run "$bin/lecture_hl"
if ((rc == 0)); then
	awk -F': ' '
		/^After reading the counters: / { r = $2 }
		/^After adding the counters: / { a = $2 }
		/^After stopping the counters: / { s = $2 }
		END {
			if (r <= 0) exit 1
			# Between reads the program prints (printf), so
			# allow 5% beyond the ratios of equal work.
			if (a / r < 1.9 || a / r > 2.1) exit 1
			if (s / r < 0.95 || s / r > 1.05) exit 1
		}' <<<"$out" || fail "lecture_hl: not the lecture's pattern: $out"
	echo "lecture_hl: $(tr '\n' ' ' <<<"$out")"
else
	have PAPI_TOT_INS && fail "lecture_hl failed though PAPI_TOT_INS exists: $err"
	check_missing lecture_hl PAPI_TOT_INS
	echo "lecture_hl: no PAPI_TOT_INS here, said so: $(tail -1 <<<"$err")"
fi

# 4. The lecture's matrix examples.
run "$bin/lecture_counters" 64
if ((rc == 0)); then
	grep -Eq '^64 [0-9]+ [0-9]+ [0-9]+$' <<<"$out" ||
		fail "lecture_counters: want \"n ins l1 l2\": $out"
else
	check_missing lecture_counters PAPI_TOT_INS PAPI_L1_DCM PAPI_L2_DCM
fi
echo "lecture_counters (rc $rc): $(head -1 <<<"$out$err")"
run "$bin/lecture_flops" 64
if ((rc == 0)); then
	grep -Eq '^64 [0-9]+ [0-9.]+$' <<<"$out" ||
		fail "lecture_flops: want \"n flpops mflops\": $out"
else
	have PAPI_FP_OPS && fail "lecture_flops failed though PAPI_FP_OPS exists: $err"
	check_missing lecture_flops PAPI_FP_OPS
fi
echo "lecture_flops (rc $rc): $(tr '\n' ' ' <<<"$out$err")"

# 5. The thesis's Figure 3.2: cycles and instructions (or issued ones).
run "$bin/figure3_2"
if ((rc == 0)); then
	grep -Eq '^PAPI_TOT_CYC: [1-9][0-9]*$' <<<"$out" &&
		grep -Eq '^PAPI_TOT_(INS|IIS): [1-9][0-9]*$' <<<"$out" ||
		fail "figure3_2: $out"
else
	# The figure exits with the PAPI error as status: PAPI_ENOEVNT.
	((rc == 249)) || fail "figure3_2 exited $rc, want 249 (PAPI_ENOEVNT)"
	grep -q '^PAPI_add_event$' <<<"$err" || fail "figure3_2: $err"
	check_missing figure3_2 PAPI_TOT_CYC PAPI_TOT_INS
fi
echo "figure3_2 (rc $rc): $(tr '\n' ' ' <<<"$out$err")"

((failures)) && exit 1
echo "PASS: the seeds' programs build and run"
exit 0
