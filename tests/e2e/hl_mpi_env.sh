#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The high-level report's ranks without an MPI library: the launchers'
# variables set by hand around examples/hl_regions. Checks that each
# launcher's rank and size are recorded with the variable that gave them
# (Slurm, MPICH/Hydra's PMI, PMIx), host, pid and thread ids; that a rank
# which begins its first region after another rank of the same job wrote
# its report keeps that directory (same job id) while another job moves it
# aside; that papi_hl_output_writer names the rank that wrote no report;
# and that a process outside any launcher records no rank. Exit: 0 pass,
# 1 fail, 77 skip (no event can be counted).
set -u

src=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
bin=${PAPI_BIN:-${PAPI_BUILD:-$src/build}/bin}
writer=$bin/papi_hl_output_writer
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
fail() {
	echo "FAIL: $*"
	failures=$((failures + 1))
}
command -v python3 >/dev/null || { echo "SKIP: no python3"; exit 77; }
unset PAPI_EVENTS PAPI_REPORT PAPI_HL_VERBOSE PAPI_MULTIPLEX \
	OMPI_COMM_WORLD_RANK OMPI_COMM_WORLD_SIZE PMIX_RANK PMIX_NAMESPACE \
	OMPI_MCA_ess_base_jobid PMI_RANK PMI_SIZE SLURM_PROCID SLURM_NTASKS \
	SLURM_JOB_ID SLURM_STEP_ID ALPS_APP_PE

run() { # DIR VAR=VALUE...
	local dir=$1
	shift
	env "$@" PAPI_OUTPUT_DIRECTORY="$dir" "$bin/hl_regions" 1 >/dev/null 2>"$tmp/err" ||
		fail "hl_regions $*: $(cat "$tmp/err")"
	if grep -q 'No event can be counted here' "$tmp/err"; then
		echo "SKIP: no event can be counted here"
		exit 77
	fi
}
# A member of the report's "process" object.
proc() { # FILE KEY
	python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["process"].get(sys.argv[2], "-"))' "$1" "$2"
}

# Slurm: ranks 0 and 2 of 3 in job 77.5; rank 2 begins after rank 0 wrote
# its report (the directory made older than this second, as a late rank
# would find it): it must not move it aside.
d=$tmp/slurm
run "$d" SLURM_PROCID=0 SLURM_NTASKS=3 SLURM_JOB_ID=77 SLURM_STEP_ID=5
touch -d '-10 seconds' "$d/papi_hl_output"
run "$d" SLURM_PROCID=2 SLURM_NTASKS=3 SLURM_JOB_ID=77 SLURM_STEP_ID=5
ls "$d"/papi_hl_output/rank_000000.json "$d"/papi_hl_output/rank_000002.json \
	>/dev/null || fail "one job's ranks split: $(ls -R "$d")"
f=$d/papi_hl_output/rank_000002.json
[[ $(proc "$f" mpi_rank) == 2 && $(proc "$f" mpi_size) == 3 &&
	$(proc "$f" rank_from) == SLURM_PROCID && $(proc "$f" size_from) == SLURM_NTASKS &&
	$(proc "$f" mpi_job) == slurm:77.5 && $(proc "$f" host) == "$(hostname)" ]] ||
	fail "Slurm process object: $(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["process"])' "$f")"
python3 - "$f" <<'EOF' || fail "thread ids"
import json, sys
for t in json.load(open(sys.argv[1]))["threads"].values():
    assert int(t["tid"]) > 0, t
EOF
"$writer" "$d/papi_hl_output" >"$tmp/t" 2>"$tmp/e" || fail "writer: $(cat "$tmp/e")"
grep -q '1 of 3 ranks have no report: 1$' "$tmp/e" || fail "missing rank 1 not named: $(cat "$tmp/e")"
grep -q 'imbalance' "$tmp/t" || fail "two ranks: no imbalance column: $(head -2 "$tmp/t")"

# Another job in the same place: the old directory moves aside.
touch -d '-10 seconds' "$d/papi_hl_output"
run "$d" SLURM_PROCID=0 SLURM_NTASKS=1 SLURM_JOB_ID=78 SLURM_STEP_ID=0
ls -d "$d"/papi_hl_output-* >/dev/null 2>&1 || fail "another job did not move the old run aside"
[[ $(ls "$d/papi_hl_output") == rank_000000.json ]] || fail "new job's directory: $(ls "$d/papi_hl_output")"

# MPICH/Hydra (PMI) and PMIx.
run "$tmp/pmi" PMI_RANK=4 PMI_SIZE=8
f=$tmp/pmi/papi_hl_output/rank_000004.json
[[ -f $f && $(proc "$f" rank_from) == PMI_RANK && $(proc "$f" mpi_size) == 8 ]] ||
	fail "PMI: $(ls "$tmp/pmi/papi_hl_output")"
run "$tmp/pmix" PMIX_RANK=1 PMIX_NAMESPACE=ns42
f=$tmp/pmix/papi_hl_output/rank_000001.json
[[ -f $f && $(proc "$f" rank_from) == PMIX_RANK && $(proc "$f" mpi_size) == - &&
	$(proc "$f" mpi_job) == pmix:ns42 ]] || fail "PMIx: $(ls "$tmp/pmix/papi_hl_output")"

# No launcher: host and pid, no rank; the writer names no missing rank.
run "$tmp/none"
f=$(ls "$tmp"/none/papi_hl_output/rank_*.json)
[[ $(proc "$f" mpi_rank) == - && $(proc "$f" pid) -gt 0 ]] || fail "no launcher: rank recorded"
"$writer" "$tmp/none/papi_hl_output" >/dev/null 2>"$tmp/e"
[[ ! -s $tmp/e ]] || fail "no launcher: writer says $(cat "$tmp/e")"

((failures == 0)) || { echo "$failures failure(s)"; exit 1; }
echo "PASS"
