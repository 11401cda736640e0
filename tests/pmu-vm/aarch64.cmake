# SPDX-License-Identifier: BSD-3-Clause
#
# CMake toolchain file: cross-compile the library for arm64 Linux with
# Debian's gcc-aarch64-linux-gnu. libpfm4 comes from the arm64 .debs that
# tests/pmu-vm/setup.sh unpacks; pass their location as
#   -DPAPI_PFM_ROOT=<cache>/root
# or set PFM_LIB (libpfm.a) and PFM_INCLUDE (the directory holding
# perfmon/) yourself. tests/pmu-vm/run.sh does the former.
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)

set(CMAKE_C_COMPILER aarch64-linux-gnu-gcc)
set(CMAKE_AR aarch64-linux-gnu-ar CACHE FILEPATH "")
set(CMAKE_RANLIB aarch64-linux-gnu-ranlib CACHE FILEPATH "")

# Headers and libraries of the target only; programs of the host.
set(CMAKE_FIND_ROOT_PATH /usr/aarch64-linux-gnu)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Toolchain files are read again for try_compile projects; pass this on.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES PAPI_PFM_ROOT)

if(PAPI_PFM_ROOT)
	set(PFM_LIB ${PAPI_PFM_ROOT}/usr/lib/aarch64-linux-gnu/libpfm.a
		CACHE FILEPATH "libpfm4 for arm64 (static)")
	set(PFM_INCLUDE ${PAPI_PFM_ROOT}/usr/include
		CACHE PATH "libpfm4 headers")
endif()
