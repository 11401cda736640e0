# SPDX-License-Identifier: BSD-3-Clause
#
# The Fortran interface (docs/fortran.md). The PAPIF_* entry points are C
# (src/fortran, part of the library whatever the compilers); this adds:
#   - the include files fpapi.h, f77papi.h and f90papi.h, installed beside
#     papi.h;
#   - Fortran as a language, only when a Fortran compiler is found
#     (scripts/install-deps.sh installs gfortran), and then the Fortran
#     tests in tests/fortran (CTest label "fortran"). The tests there that
#     need no Fortran compiler are registered either way.
install(FILES
	${CMAKE_SOURCE_DIR}/include/fpapi.h
	${CMAKE_SOURCE_DIR}/include/f77papi.h
	${CMAKE_SOURCE_DIR}/include/f90papi.h
	DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)

include(CheckLanguage)
check_language(Fortran)
if(CMAKE_Fortran_COMPILER)
	enable_language(Fortran)
	set(PAPI_FORTRAN ON)
else()
	set(PAPI_FORTRAN OFF)
	message(STATUS "No Fortran compiler: the Fortran tests are not built "
		"(scripts/install-deps.sh installs gfortran)")
endif()

if(BUILD_TESTING)
	add_subdirectory(${CMAKE_SOURCE_DIR}/tests/fortran
		${CMAKE_BINARY_DIR}/tests/fortran)
endif()
