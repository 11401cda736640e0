# SPDX-License-Identifier: BSD-3-Clause
# Sourced by the papi_stat e2e tests, with $stat (the tool), $tmp (a
# scratch directory) and $src (the source tree) set: builds the workload
# (tests/e2e/papi_stat_work.c) as $work, and skips (77) where papi_stat
# cannot count perf::TASK-CLOCK.
[[ -x $stat ]] || { echo "FAIL: no $stat"; exit 1; }
cc -O1 -pthread -o "$tmp/work" "$src/tests/e2e/papi_stat_work.c" ||
	{ echo "FAIL: cannot build the workload"; exit 1; }
work=$tmp/work
if ! "$stat" -e perf::TASK-CLOCK -o /dev/null -- true 2>"$tmp/err"; then
	echo "SKIP: papi_stat cannot count perf::TASK-CLOCK here: $(cat "$tmp/err")"
	exit 77
fi
