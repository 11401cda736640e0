#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# A tour of this machine through PAPI: the components, the events that can be
# counted here, and a matrix multiply measured with them. `make demo` runs it
# after building; it never builds anything itself, so that what it shows is
# exactly what was built. Arguments go to matmul_tour (e.g. -n 1024).
#
# Every step runs even when an earlier one failed, so that one broken utility
# does not hide the rest; the exit status is 1 if any step failed.
set -u

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
bin=${PAPI_BIN:-${PAPI_BUILD:-$root/build}/bin}
failed=()
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

section() {
	printf '\n==== %s ====\n\n' "$*"
}

# step NAME CMD...: run CMD with its output shown, and note a failure.
step() {
	local name=$1 rc
	shift
	if [[ ! -x $1 ]]; then
		echo "demo: $1 is missing: build first (make)" >&2
		failed+=("$name")
		return 1
	fi
	"$@"
	rc=$?
	if ((rc != 0)); then
		echo "demo: '${*##*/}' exited with status $rc" >&2
		failed+=("$name")
		return 1
	fi
	return 0
}

# Prints at most $1 lines of stdin, then how many were left out. Reading all
# of stdin (rather than `head`) spares the writer a SIGPIPE.
excerpt() {
	awk -v max="$1" 'NR <= max { print "  " $0 }
		END { if (NR > max) printf "  ... and %d more\n", NR - max
		      if (NR == 0) print "  (none)" }'
}

# The utilities all open with the same hardware-information block between
# two dashed rules; step 1 shows it, later steps drop it (keeping the title
# line). Output without such a block near its top passes unchanged.
no_hwinfo() {
	awk '{ line[NR] = $0 }
		/^-----------+$/ && NR <= 40 && rules < 2 { rule[++rules] = NR }
		END {
			from = 1
			if (rules == 2) {
				print line[1]
				from = rule[2] + 1
			}
			for (i = from; i <= NR; i++)
				print line[i]
		}'
}

section "1. Components (papi_component_avail)"
step papi_component_avail "$bin/papi_component_avail"

section "2. Preset events available here (papi_avail -a)"
if step papi_avail "$bin/papi_avail" -a >"$tmp"; then
	no_hwinfo <"$tmp"
else
	cat "$tmp"
fi

# The full native list is long; show the names of the perf software events
# and of the others (sysfs PMUs such as msr), then the tool's own total.
# --noqual rather than --noumasks: PAPI 7 rejects the latter.
section "3. Native events, an excerpt (papi_native_avail --noqual)"
if step papi_native_avail "$bin/papi_native_avail" --noqual >"$tmp"; then
	# Event lines are "| NAME   ... |" with the name right after "| ".
	names=$(awk '/^\| [^ ]/ { print $2 }' "$tmp")
	if [[ -z $names ]]; then
		# No events, or a layout this does not know: show it all.
		no_hwinfo <"$tmp"
	else
		echo "perf software events:"
		grep '^perf::' <<<"$names" | excerpt 12
		echo "other native events (sysfs PMUs and the rest):"
		grep -v '^perf::' <<<"$names" | excerpt 12
		grep -i 'total events reported' "$tmp"
	fi
else
	excerpt 20 <"$tmp"
fi

section "4. Matrix multiply, ijk vs ikj, counted (matmul_tour${*:+ $*})"
step matmul_tour "$bin/matmul_tour" "$@"

if ((${#failed[@]})); then
	printf '\ndemo: FAILED steps: %s\n' "${failed[*]}" >&2
	exit 1
fi
printf '\ndemo: all steps succeeded\n'
