#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# System-information utilities, ours and Debian's prebuilt ones on our
# library:
#   - papi_mem_info: one cache block per cache of the first online CPU in
#     /sys/devices/system/cpu/cpuN/cache (and per cache lscpu -C lists,
#     where lscpu exists), with sysfs's size, line size, ways and lines;
#     TLB page sizes the machine has (no 4096 KB on x86-64); -q silent;
#     --json valid and holding the same numbers;
#   - papi_hardware_avail: PAPI 7.0's labels in PAPI 7.0's order (Debian's
#     tool on Debian's library, when it has its sysdetect component),
#     values from sysfs (topology, L1d, node memory and CPUs); --json valid;
#   - Debian's /usr/bin/papi_mem_info on our library: exit 0, output
#     byte-identical to ours; /usr/bin/papi_hardware_avail on our library:
#     exit 0, output identical to ours (on a hybrid machine but for the
#     "Numa Node N Threads" lines: Debian's tool lists a device's first
#     thread-count CPUs there, ours the node's CPUs);
#   - a hybrid machine, simulated through the device queries by an
#     LD_PRELOAD shim (hybrid_shim.c, built with cc when there is one): our
#     papi_hardware_avail prints one CPU device per core type, text and
#     JSON, as Debian's prints them.
# Run by ctest with PAPI_BIN, PAPI_LIBDIR, PAPI_SRC and PAPI_BUILD set. Exit 0
# passes, 77 skips (the reason printed), 1 fails (every failed check printed).
# shellcheck disable=SC2015
set -uo pipefail

skip() { echo "SKIP: $*"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
ok() { echo "ok: $*"; }

PAPI_SRC=${PAPI_SRC:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
PAPI_BUILD=${PAPI_BUILD:-$PAPI_SRC/build}
PAPI_BIN=${PAPI_BIN:-$PAPI_BUILD/bin}
PAPI_LIBDIR=${PAPI_LIBDIR:-$PAPI_BUILD}
for t in papi_mem_info papi_hardware_avail; do
	[ -x "$PAPI_BIN/$t" ] || { echo "FAIL: $PAPI_BIN/$t missing (build first)"; exit 1; }
done
tmp=$(mktemp -d "${TMPDIR:-/tmp}/papi-sysinfo.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# A sanitizer build of our library needs the sanitizer runtimes loaded first
# into Debian's programs, which were not built with them (as in dropin.sh).
. "$PAPI_SRC/tests/e2e/lib/sanitizer.sh"
PRELOAD=
if sanitized; then
	PRELOAD=$(sanitizer_preload)
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
fi

# run NAME TOOL ARGS...: our TOOL; deb NAME TOOL ARGS...: Debian's on our
# library. Output in $tmp/NAME.out and .err, status in $rc.
run() {
	local name=$1 tool=$2
	shift 2
	LD_LIBRARY_PATH=$PAPI_LIBDIR "$PAPI_BIN/$tool" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	rc=$?
}
deb() {
	local name=$1 tool=$2
	shift 2
	LD_PRELOAD=$PRELOAD LD_LIBRARY_PATH=$PAPI_LIBDIR "/usr/bin/$tool" "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err"
	rc=$?
}
json_ok() { # FILE: valid JSON (python3 checks it where it exists)
	command -v python3 >/dev/null || return 0
	python3 -m json.tool "$1" >/dev/null
}

# ---- papi_mem_info against sysfs ---------------------------------------------
run mem papi_mem_info
[ "$rc" -eq 0 ] && ok "papi_mem_info exits 0" || fail "papi_mem_info: exit $rc"
cpu=$(sed 's/[-,].*//' /sys/devices/system/cpu/online 2>/dev/null || echo 0)
# The block "L<level> <Type> Cache:" as "size line lines assoc".
block() {
	awk -v h="$1" '$0 == h { on = 1; next } on && /^$/ { exit }
		on { v[++n] = $NF == "KB" || $NF == "B" ? $(NF - 1) : $NF }
		END { if (n) print v[1], v[2], v[3], v[4] }' "$tmp/mem.out"
}
ncache=0
for d in /sys/devices/system/cpu/cpu"$cpu"/cache/index*; do
	[ -r "$d/size" ] || continue
	level=$(cat "$d/level") type=$(cat "$d/type")
	size=$(awk '{ s = $0 + 0; if ($0 ~ /K$/) s *= 1024; if ($0 ~ /M$/) s *= 1048576; print s }' "$d/size")
	line=$(cat "$d/coherency_line_size") ways=$(cat "$d/ways_of_associativity")
	want="$((size / 1024)) $line $((size / line)) $ways"
	got=$(block "L$level $type Cache:")
	[ "$got" = "$want" ] && ok "papi_mem_info L$level $type: $got (sysfs)" ||
		fail "papi_mem_info L$level $type: '$got', sysfs says '$want'"
	ncache=$((ncache + 1))
done
nc=$(grep -c ' Cache:$' "$tmp/mem.out")
[ "$ncache" -eq 0 ] || [ "$nc" -eq "$ncache" ] && ok "papi_mem_info: $nc caches" ||
	fail "papi_mem_info lists $nc caches, sysfs $ncache"
if command -v lscpu >/dev/null && lscpu -C -B >"$tmp/lscpu" 2>/dev/null; then
	# NAME ONE-SIZE ALL-SIZE WAYS TYPE LEVEL SETS PHY-LINE COHERENCY-SIZE
	while read -r name one all ways type level sets phy line; do
		[ "$name" = NAME ] && continue
		got=$(block "L$level $type Cache:")
		want="$((one / 1024)) $line $((sets * ways * phy)) $ways"
		[ "$got" = "$want" ] && ok "papi_mem_info $name equals lscpu -C" ||
			fail "papi_mem_info $name: '$got', lscpu -C says '$want'"
	done <"$tmp/lscpu"
fi
pages=$(sed -n 's/^  Page Size: *\([0-9]*\) KB$/\1/p' "$tmp/mem.out" | sort -un | tr '\n' ' ')
case $(uname -m) in
x86_64) allowed=" 4 2048 1048576 " ;;
aarch64) allowed=" $(($(getconf PAGESIZE) / 1024)) " ;;
*) allowed="" ;;
esac
bad=""
for p in $pages; do
	case $allowed in *" $p "*) ;; *) bad="$bad $p" ;; esac
done
[ -z "$allowed" ] || [ -z "$bad" ] && ok "papi_mem_info TLB page sizes (KB): ${pages:-none}" ||
	fail "papi_mem_info TLB page sizes$bad KB are not pages of this machine"
run memq papi_mem_info -q
[ "$rc" -eq 0 ] && [ ! -s "$tmp/memq.out" ] && ok "papi_mem_info -q prints nothing" ||
	fail "papi_mem_info -q: exit $rc, $(wc -c <"$tmp/memq.out") bytes"
run memj papi_mem_info --json
if [ "$rc" -eq 0 ] && json_ok "$tmp/memj.out"; then
	n=$(grep -c '"line_size"' "$tmp/memj.out")
	m=$(grep -c '"page_size"' "$tmp/memj.out")
	[ "$n" -eq "$(grep -c ' Cache:$' "$tmp/mem.out")" ] &&
		[ "$m" -eq "$(grep -c ' TLB:$' "$tmp/mem.out")" ] &&
		ok "papi_mem_info --json: $n caches, $m TLBs, as the text" ||
		fail "papi_mem_info --json: $n caches, $m TLBs; the text differs"
else
	fail "papi_mem_info --json: exit $rc or invalid JSON"
fi
run memh papi_mem_info -h
[ "$rc" -eq 0 ] && grep -q Usage "$tmp/memh.out" && ok "papi_mem_info -h" || fail "papi_mem_info -h: exit $rc"
run memb papi_mem_info --bogus
[ "$rc" -ne 0 ] && ok "papi_mem_info --bogus exits $rc" || fail "papi_mem_info --bogus exits 0"

# ---- papi_hardware_avail -----------------------------------------------------
run hw papi_hardware_avail
[ "$rc" -eq 0 ] && ok "papi_hardware_avail exits 0" || fail "papi_hardware_avail: exit $rc"
field() { sed -n "s/^$1 *: //p" "$tmp/hw.out" | head -n1; }
topo=/sys/devices/system/cpu/cpu$cpu/topology
count() { tr ',' '\n' <"$1" | awk -F- 'NF { n += NF == 2 ? $2 - $1 + 1 : 1 } END { print n + 0 }'; }
[ "$(field 'SMT threads per core')" = "$(count "$topo/thread_siblings_list")" ] &&
	ok "papi_hardware_avail: SMT threads per core" ||
	fail "papi_hardware_avail SMT threads per core '$(field 'SMT threads per core')'"
sockets=$(cat /sys/devices/system/cpu/cpu*/topology/physical_package_id 2>/dev/null | sort -u | wc -l)
[ "$(field Sockets)" = "$sockets" ] && ok "papi_hardware_avail: $sockets socket(s)" ||
	fail "papi_hardware_avail Sockets '$(field Sockets)', sysfs $sockets"
d=/sys/devices/system/cpu/cpu$cpu/cache/index0
if [ -r "$d/size" ] && [ "$(cat "$d/type")" = Data ]; then
	want="$(sed 's/K$//' "$d/size")KB/$(cat "$d/coherency_line_size")B/"
	case $(field 'L1d Cache') in
	"Size/LineSize/Lines/Assoc $want"*) ok "papi_hardware_avail L1d: $want" ;;
	*) fail "papi_hardware_avail L1d '$(field 'L1d Cache')', sysfs $want" ;;
	esac
fi
for n in /sys/devices/system/node/node[0-9]*; do
	[ -r "$n/meminfo" ] || continue
	id=${n##*node}
	mb=$(awk '/MemTotal/ { print int($4 / 1024) }' "$n/meminfo")
	[ "$(field "Numa Node $id Memory")" = "${mb}MB" ] &&
		ok "papi_hardware_avail: node $id has ${mb}MB" ||
		fail "papi_hardware_avail node $id memory '$(field "Numa Node $id Memory")', sysfs ${mb}MB"
	want=$(tr ',' '\n' <"$n/cpulist" | awk -F- 'NF { for (i = $1; i <= (NF == 2 ? $2 : $1); i++) printf "%d ", i }')
	[ "$(sed -n "s/^Numa Node $id Threads *: //p" "$tmp/hw.out")" = "$want" ] &&
		ok "papi_hardware_avail: node $id threads $want" ||
		fail "papi_hardware_avail node $id threads differ from sysfs ($want)"
done
run hwj papi_hardware_avail --json
[ "$rc" -eq 0 ] && json_ok "$tmp/hwj.out" && grep -q '"type": "cpu"' "$tmp/hwj.out" &&
	ok "papi_hardware_avail --json" || fail "papi_hardware_avail --json: exit $rc or invalid"
# PAPI 7.0's labels, in its order, where Debian's tool works on its library.
labels() { sed -n 's/^\([A-Za-z][A-Za-z0-9 /]*[^ ]\) *: .*/\1/p; s/^\(Device [A-Za-z]*\) -*$/\1/p' "$1"; }
if [ -x /usr/bin/papi_hardware_avail ] &&
	/usr/bin/papi_hardware_avail >"$tmp/hwdeb.out" 2>/dev/null &&
	grep -q '^Device Information' "$tmp/hwdeb.out"; then
	if diff <(labels "$tmp/hwdeb.out") <(labels "$tmp/hw.out") >"$tmp/diff"; then
		ok "papi_hardware_avail: the labels and order of Debian's PAPI 7.0"
	else
		fail "papi_hardware_avail layout differs from Debian's (theirs -, ours +)"
		sed 's/^/    /' "$tmp/diff" | head -n 20
	fi
else
	echo "note: Debian's papi_hardware_avail with its own library is not usable here; layout not compared"
fi

# Debian's papi_hardware_avail lists, for a device of N CPUs, CPUs 0..N-1
# under each node; ours the node's CPUs. Every other line must agree.
no_threads() { grep -v '^Numa Node [0-9]* Threads'; }

# The shim's two CPU devices ($tmp/shim.so): a P-core and an E-core type.
hybrid_checks() {
	local sp=${PRELOAD:+$PRELOAD:}$tmp/shim.so l2a l2b
	LD_PRELOAD=$sp LD_LIBRARY_PATH=$PAPI_LIBDIR "$PAPI_BIN/papi_hardware_avail" \
		>"$tmp/hy.out" 2>"$tmp/hy.err"
	rc=$?
	[ "$rc" -eq 0 ] && ok "hybrid: papi_hardware_avail exits 0" ||
		fail "hybrid: papi_hardware_avail exit $rc"
	[ "$(sed -n '/^Vendor  *DevCount/{n;p;}' "$tmp/hy.out" | sed 's/.*(\([0-9]*\))$/\1/')" = 2 ] &&
		ok "hybrid: DevCount 2" || fail "hybrid: DevCount is not 2"
	[ "$(grep -c '^Id  *: [01]$' "$tmp/hy.out")" = 2 ] &&
		grep -q '^Name  *: .* (P-core: CPUs 0)$' "$tmp/hy.out" &&
		grep -q '^Name  *: .* (E-core: CPUs 1)$' "$tmp/hy.out" &&
		ok "hybrid: one device per core type, each named" ||
		fail "hybrid: devices or names missing"
	l2a=$(sed -n 's/^L2 Cache *: Size[^ ]* \([0-9]*\)KB.*/\1/p' "$tmp/hy.out" | sed -n 1p)
	l2b=$(sed -n 's/^L2 Cache *: Size[^ ]* \([0-9]*\)KB.*/\1/p' "$tmp/hy.out" | sed -n 2p)
	[ -z "$l2a" ] || [ "$l2b" = "$((l2a * 2))" ] &&
		ok "hybrid: each device has its own caches (L2 ${l2a:-none}/${l2b:-none} KB)" ||
		fail "hybrid: L2 of the second device '$l2b', want twice '$l2a'"
	[ "$(grep -c '^SMT threads per core  *: 1$' "$tmp/hy.out")" = 2 ] &&
		ok "hybrid: per-device SMT from its threads and cores" ||
		fail "hybrid: SMT threads per core wrong"
	LD_PRELOAD=$sp LD_LIBRARY_PATH=$PAPI_LIBDIR "$PAPI_BIN/papi_hardware_avail" --json \
		>"$tmp/hyj.out" 2>&1
	[ $? -eq 0 ] && json_ok "$tmp/hyj.out" &&
		[ "$(grep -c '"type": "cpu"' "$tmp/hyj.out")" = 2 ] &&
		grep -q '"count": 2,' "$tmp/hyj.out" &&
		ok "hybrid: --json lists two CPU devices" ||
		fail "hybrid: --json invalid or not two CPU devices"
	[ -x /usr/bin/papi_hardware_avail ] || return 0
	LD_PRELOAD=$sp LD_LIBRARY_PATH=$PAPI_LIBDIR /usr/bin/papi_hardware_avail \
		>"$tmp/hydeb.out" 2>/dev/null
	diff -u <(no_threads <"$tmp/hydeb.out") <(no_threads <"$tmp/hy.out") >"$tmp/diff" &&
		ok "hybrid: Debian's papi_hardware_avail prints what ours prints" ||
		{ fail "hybrid: Debian's papi_hardware_avail and ours differ"; head -n 30 "$tmp/diff"; }
}

# ---- Debian's prebuilt tools on our library ------------------------------------
if [ -x /usr/bin/papi_mem_info ]; then
	deb debmem papi_mem_info
	[ "$rc" -eq 0 ] && ok "Debian's papi_mem_info on our library exits 0" ||
		fail "Debian's papi_mem_info on our library: exit $rc"
	diff -u "$tmp/debmem.out" "$tmp/mem.out" >"$tmp/diff" &&
		ok "Debian's papi_mem_info prints what ours prints" ||
		{ fail "Debian's papi_mem_info and ours differ"; head -n 30 "$tmp/diff"; }
else
	echo "note: /usr/bin/papi_mem_info missing (apt-get install papi-tools)"
fi
if [ -x /usr/bin/papi_hardware_avail ]; then
	deb debhw papi_hardware_avail
	[ "$rc" -eq 0 ] && ok "Debian's papi_hardware_avail on our library exits 0" ||
		fail "Debian's papi_hardware_avail on our library: exit $rc"
	# Through our sysdetect component and device queries it must print what
	# ours prints from PAPI_get_hardware_info and sysfs.
	nothreads=cat
	grep -q '^Id  *: 1$' "$tmp/hw.out" && nothreads=no_threads
	diff -u <($nothreads <"$tmp/debhw.out") <($nothreads <"$tmp/hw.out") >"$tmp/diff" &&
		ok "Debian's papi_hardware_avail prints what ours prints" ||
		{ fail "Debian's papi_hardware_avail and ours differ"; head -n 30 "$tmp/diff"; }
fi

# ---- papi_hardware_avail on a hybrid machine (simulated) -----------------------
if cc -shared -fPIC -I"$PAPI_SRC/include" -o "$tmp/shim.so" \
	"$PAPI_SRC/tests/e2e/hybrid_shim.c" -ldl 2>"$tmp/shim.err"; then
	hybrid_checks
else
	echo "note: hybrid_shim.c does not build here (no cc?); hybrid layout not checked"
fi

[ "$fails" -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo PASS
