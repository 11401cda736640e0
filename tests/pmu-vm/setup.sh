#!/bin/bash
# SPDX-License-Identifier: BSD-3-Clause
#
# tests/pmu-vm/setup.sh CACHE_DIR
#
# Prepares everything check-pmu needs on a Debian 12 (bookworm) amd64 host:
#   host packages  qemu-system-arm gcc-aarch64-linux-gnu gfortran-aarch64-linux-gnu
#                  libc6-dev-arm64-cross cpio
#                  and, if it can, papi-examples (PAPI's own tests, which
#                  run.sh cross-builds; without it that part is skipped)
#   CACHE_DIR      the Debian arm64 cloud kernel, busybox-static and libpfm4
#                  (libpfm.a and headers), downloaded as .debs and unpacked:
#     CACHE_DIR/vmlinuz      the kernel Image (QEMU's -kernel)
#     CACHE_DIR/busybox      static arm64 busybox (the guest's /init and shell)
#     CACHE_DIR/root/        all .debs unpacked (root/usr/include/perfmon,
#                            root/usr/lib/aarch64-linux-gnu/libpfm.a)
#     CACHE_DIR/versions     what was downloaded
#
# Idempotent: packages already installed are not installed again, the arm64
# dpkg architecture is added (and apt-get update run) only once, and the
# downloads are skipped when CACHE_DIR already holds them.
#
# Exit status: 0 ready; 77 cannot be done here (not root while something is
# missing, or the Debian archive cannot be reached), with the reason on the
# last line of stderr, prefixed "setup: "; anything else is an error.
set -uo pipefail

CACHE=${1:?usage: setup.sh CACHE_DIR}
mkdir -p "$CACHE" || exit 1
CACHE=$(cd "$CACHE" && pwd)

# gfortran-aarch64-linux-gnu: PAPI's Fortran tests (ftests), static with its
# libgfortran.a.
HOST_PKGS=(qemu-system-arm gcc-aarch64-linux-gnu gfortran-aarch64-linux-gnu
	libc6-dev-arm64-cross cpio)
export DEBIAN_FRONTEND=noninteractive
# Wait for another apt/dpkg (a parallel make, an unattended upgrade) rather
# than fail on its lock.
APT_LOCK=(-o DPkg::Lock::Timeout=600)

say() { echo "setup: $*" >&2; }
skip() { say "$*"; exit 77; }

command -v apt-get >/dev/null && command -v dpkg >/dev/null ||
	skip "needs a Debian host (apt-get, dpkg)"

is_root() { [ "$(id -u)" = 0 ]; }

# Run an apt command; on failure show its last lines and skip (the usual cause
# is an archive that cannot be reached from here).
apt_or_skip() {
	local log rc
	log=$(mktemp)
	"$@" >"$log" 2>&1
	rc=$?
	if [ $rc != 0 ]; then
		tail -5 "$log" | sed 's/^/  | /' >&2
		rm -f "$log"
		skip "'$*' failed (rc $rc): the Debian archive cannot be reached or lacks the package"
	fi
	rm -f "$log"
}

# ---- host packages --------------------------------------------------------
missing=()
for p in "${HOST_PKGS[@]}"; do
	st=$(dpkg-query -W -f '${Status}' "$p" 2>/dev/null)
	[ "$st" = "install ok installed" ] || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
	line="apt-get install -y --no-install-recommends ${missing[*]}"
	is_root || skip "not root; as root run: $line"
	say "installing ${missing[*]}"
	apt_or_skip apt-get "${APT_LOCK[@]}" install -y --no-install-recommends "${missing[@]}"
fi
# Optional: the sources of PAPI's own tests. Failing to get them only
# leaves that part of check-pmu out (run.sh says so).
if [ "$(dpkg-query -W -f '${Status}' papi-examples 2>/dev/null)" != "install ok installed" ] &&
	is_root; then
	say "installing papi-examples"
	apt-get "${APT_LOCK[@]}" install -y --no-install-recommends papi-examples >/dev/null 2>&1 ||
		say "warning: apt-get install papi-examples failed; PAPI's tests will not run"
fi

# ---- guest files ----------------------------------------------------------
PFM_A=$CACHE/root/usr/lib/aarch64-linux-gnu/libpfm.a
PFM_H=$CACHE/root/usr/include/perfmon/pfmlib_perf_event.h
if [ -s "$CACHE/vmlinuz" ] && [ -s "$CACHE/busybox" ] && [ -s "$PFM_A" ] &&
	[ -s "$PFM_H" ]; then
	exit 0
fi

# Adding the architecture and fetching its package lists need root; the
# downloads themselves do not.
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	is_root || skip "not root; as root run: dpkg --add-architecture arm64 && apt-get update"
	say "adding the arm64 dpkg architecture"
	dpkg --add-architecture arm64 || exit 1
	apt_or_skip apt-get "${APT_LOCK[@]}" update
elif ! apt-cache show linux-image-cloud-arm64:arm64 >/dev/null 2>&1; then
	# Architecture added but package lists never fetched for it.
	is_root || skip "not root; as root run: apt-get update"
	apt_or_skip apt-get "${APT_LOCK[@]}" update
fi

# The metapackage depends on the current ABI's image, e.g.
# linux-image-6.1.0-56-cloud-arm64: take whatever it names today.
KPKG=$(apt-cache depends linux-image-cloud-arm64:arm64 2>/dev/null |
	awk '$1 == "Depends:" && $2 ~ /^linux-image-[0-9]/ { print $2; exit }')
KPKG=${KPKG%:arm64}
[ -n "$KPKG" ] ||
	skip "cannot resolve the kernel behind linux-image-cloud-arm64:arm64"

rm -rf "$CACHE/debs" "$CACHE/root"
mkdir -p "$CACHE/debs" "$CACHE/root"
# apt-get download drops privileges to _apt where it can; a directory _apt
# cannot write to only costs a warning, so make it writable instead.
chmod 777 "$CACHE/debs"
say "downloading $KPKG busybox-static libpfm4 libpfm4-dev (arm64)"
(cd "$CACHE/debs" && apt_or_skip apt-get download "$KPKG:arm64" \
	busybox-static:arm64 libpfm4:arm64 libpfm4-dev:arm64) || exit $?
for d in "$CACHE"/debs/*.deb; do
	dpkg-deb -x "$d" "$CACHE/root" || exit 1
done
cp "$CACHE"/root/boot/vmlinuz-* "$CACHE/vmlinuz.tmp" &&
	mv "$CACHE/vmlinuz.tmp" "$CACHE/vmlinuz" || exit 1
cp "$CACHE/root/bin/busybox" "$CACHE/busybox" || exit 1
cp "$CACHE"/root/boot/config-* "$CACHE/kernel.config" 2>/dev/null
# Only the kernel Image is needed from the kernel package: drop its modules
# and the second copy of the Image.
rm -rf "$CACHE/root/lib/modules" "$CACHE/root/usr/lib/modules" \
	"$CACHE"/root/boot/vmlinuz-*
for d in "$CACHE"/debs/*.deb; do
	dpkg-deb -f "$d" Package Version | sed 's/^[^:]*: //' | paste -sd' '
done >"$CACHE/versions"
[ -s "$PFM_A" ] && [ -s "$PFM_H" ] || { say "libpfm4-dev lacks libpfm.a"; exit 1; }
say "ready: $(paste -sd',' "$CACHE/versions" | sed 's/,/, /g')"
exit 0
