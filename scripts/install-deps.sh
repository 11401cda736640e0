#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
#
# The one place that knows which Debian packages the build and the tests need.
#
#   scripts/install-deps.sh           install what is missing (root only)
#   scripts/install-deps.sh --check   exit 0 if all present, else list the
#                                     missing packages and exit 1
#   scripts/install-deps.sh --list    print the package list, one a line
#
# Quiet and idempotent when nothing is missing. The packages for the arm64
# PMU virtual machine are installed by a separate script, not this one.
set -euo pipefail

# Build: compiler, CMake, pkg-config and libpfm4 (event tables). libc6-dev is
# only a Recommends of gcc, so it is named here for --no-install-recommends.
# pkgconf ships /usr/bin/pkg-config (Debian's pkg-config package is only a
# transitional one that depends on it).
BUILD_PKGS=(cmake gcc libc6-dev make pkgconf libpfm4-dev)
# Tests: upstream PAPI's test programs (conformance runner) and utilities
# (binary drop-in test). papi-examples pulls libpapi-dev and libpapi7.0;
# the build must never rely on their papi.h or libpapi.so. libasan8 and
# libubsan1 are the sanitizer runtimes of gcc 12 (make check-asan); binutils
# gives readelf and nm (tests/e2e/install.sh); strace counts syscalls in the
# benchmarks. The labs (lab/): OpenBLAS as the matrix study's reference
# line, likwid-bench beside the bandwidth tool, gnuplot for lab/plot.sh.
# gfortran: the Fortran interface's tests (tests/fortran, label fortran).
# python3 also generates the manual pages (man/mkman.py); groff-base renders
# them (tests/e2e/manpages.sh); lintian checks the Debian packages
# (tests/e2e/deb.sh, `make deb`).
# openmpi-bin, libopenmpi-dev: mpirun and mpicc for the MPI example of the
# high-level API (examples/mpi_hl_imbalance.c, tests/e2e/hl_mpi.sh).
TEST_PKGS=(papi-examples papi-tools libasan8 libubsan1 binutils bc strace
	python3 libopenblas0-pthread likwid gnuplot-nox gfortran
	groff-base lintian openmpi-bin libopenmpi-dev)
PKGS=("${BUILD_PKGS[@]}" "${TEST_PKGS[@]}")

usage() {
	echo "usage: $0 [--check | --list]" >&2
	exit 2
}

# Prints the packages of PKGS that are not installed, one a line.
missing() {
	local p status
	for p in "${PKGS[@]}"; do
		status=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null) || true
		[ "$status" = "install ok installed" ] || echo "$p"
	done
}

mode=install
case "${1:-}" in
"") ;;
--check) mode=check ;;
--list) printf '%s\n' "${PKGS[@]}"; exit 0 ;;
-h | --help) usage ;;
*) usage ;;
esac
[ $# -le 1 ] || usage

mapfile -t miss < <(missing)
[ ${#miss[@]} -eq 0 ] && exit 0

if [ "$mode" = check ]; then
	echo "install-deps: missing packages: ${miss[*]}" >&2
	exit 1
fi

if [ "$(id -u)" -ne 0 ]; then
	echo "install-deps: missing packages: ${miss[*]}" >&2
	echo "install-deps: run as root, or:" >&2
	echo "sudo apt-get install -y --no-install-recommends ${miss[*]}" >&2
	exit 1
fi

echo "install-deps: installing ${miss[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -q
apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${miss[@]}" </dev/null

mapfile -t miss < <(missing)
if [ ${#miss[@]} -ne 0 ]; then
	echo "install-deps: still missing after install: ${miss[*]}" >&2
	exit 1
fi
