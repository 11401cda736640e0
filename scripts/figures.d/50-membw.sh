#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# papi_membw against likwid-bench, kernel pair by kernel pair, 1 and 2
# threads, on the same statistics (lab/membw/compare_likwid.sh): the mean
# over each tool's runs of its run's mean GB/s, and the best (ours: the
# fastest pass; likwid-bench: the fastest run). Figures membw.KIND.Nt, KIND
# read, write, write_nt, copy, copy_nt at the widest vector width the CPU
# has. Builds nothing: uses $BUILD/bin/papi_membw. MEMBW_ROUNDS (2) sets the
# rounds and MEMBW_QUIET_S (3) the wait for an idle second before each
# pair: together about 3-4 minutes on the 2-vCPU VM.
set -uo pipefail
bin=$BUILD/bin
command -v likwid-bench >/dev/null || {
	echo "likwid-bench not installed (apt-get install likwid): nothing to compare with" >&2
	exit 77
}
[ -x "$bin/papi_membw" ] || {
	echo "$bin/papi_membw missing: build the papi_membw target" >&2
	exit 1
}
rounds=${MEMBW_ROUNDS:-2}
csv=$FIG_WORK/membw.csv
# The script's per-run lines go to the log (stderr), its CSV to a file.
MEMBW_QUIET_S=${MEMBW_QUIET_S:-3} \
	bash "$SRC/lab/membw/compare_likwid.sh" "$bin" "$rounds" >"$csv"
rc=$?
[ $rc -eq 0 ] || exit $rc
cat "$csv"
# threads,papi_membw,likwid_bench,ours_mean,likwid_mean,mean_ratio,
# ours_best,likwid_best,best_ratio -> one figure per row; the kernel kind is
# ours without its vector suffix (read_avx512 -> read, copy_nt_avx512 ->
# copy_nt).
awk -F, -v cmd="lab/membw/compare_likwid.sh build/bin $rounds" '
	NR == 1 { next }
	{
		kind = $2; sub(/_(sse|avx|avx512)$/, "", kind)
		if ($4 == "" || $5 == "" || $7 == "" || $8 == "") { missing++; next }
		printf "FIGURE\tmembw.%s.%st\tours %.1f GB/s mean vs likwid-bench %.1f (%sx); best %.1f vs %.1f (%sx); %s vs %s\t%s\n",
			kind, $1, $4, $5, $6, $7, $8, $9, $2, $3, cmd
		n++
	}
	END { exit missing || n != 10 }' "$csv" || {
	echo "50-membw: a tool gave no figure for some pair (see the CSV above)" >&2
	exit 1
}
exit 0
