# SPDX-License-Identifier: BSD-3-Clause
#
# The manual pages: man/ holds their sources (a small markup, man/README.md),
# man/mkman.py turns them all into roff in one run (milliseconds):
#   build/man/manN/*.N      plain, for `man -l` and tests/e2e/manpages.sh
#   build/man-gz/manN/*.gz  compressed without timestamps, installed
# Section 3 and 7 go with the development files (component dev), section 1
# with the utilities (component tools); docs/packaging.md.
find_package(Python3 COMPONENTS Interpreter)
if(NOT Python3_Interpreter_FOUND)
	message(WARNING "python3 not found: no manual pages "
		"(scripts/install-deps.sh installs it)")
	return()
endif()

file(GLOB PAPI_MAN_SRC CONFIGURE_DEPENDS ${CMAKE_SOURCE_DIR}/man/*.txt
	${CMAKE_SOURCE_DIR}/man/pages/*.txt)
set(PAPI_MAN_ARGS --src ${CMAKE_SOURCE_DIR}/man
	--header ${CMAKE_SOURCE_DIR}/include/papi.h)
set(PAPI_MAN_DEPS ${PAPI_MAN_SRC} ${CMAKE_SOURCE_DIR}/man/mkman.py
	${CMAKE_SOURCE_DIR}/include/papi.h)
# libsde's functions get pages when its header and their sources exist.
if(EXISTS ${CMAKE_SOURCE_DIR}/include/sde_lib.h AND
   EXISTS ${CMAKE_SOURCE_DIR}/man/sde_functions.txt)
	list(APPEND PAPI_MAN_ARGS --extra-header
		${CMAKE_SOURCE_DIR}/include/sde_lib.h=${CMAKE_SOURCE_DIR}/man/sde_functions.txt)
	list(APPEND PAPI_MAN_DEPS ${CMAKE_SOURCE_DIR}/include/sde_lib.h)
endif()
# Section 1: a page for each utility built here (a page whose utility is not
# built is left out, so none is installed for a missing program).
string(REPLACE ";" "," PAPI_MAN_TOOLS "${PAPI_TOOLS}")
set(PAPI_MAN_STAMP ${CMAKE_BINARY_DIR}/man/.stamp)
add_custom_command(OUTPUT ${PAPI_MAN_STAMP}
	COMMAND ${CMAKE_COMMAND} -E rm -rf ${CMAKE_BINARY_DIR}/man
		${CMAKE_BINARY_DIR}/man-gz
	COMMAND Python3::Interpreter ${CMAKE_SOURCE_DIR}/man/mkman.py
		${PAPI_MAN_ARGS} --tools "${PAPI_MAN_TOOLS}"
		--out ${CMAKE_BINARY_DIR}/man --gz ${CMAKE_BINARY_DIR}/man-gz
	COMMAND ${CMAKE_COMMAND} -E touch ${PAPI_MAN_STAMP}
	DEPENDS ${PAPI_MAN_DEPS}
	COMMENT "Generating the manual pages")
add_custom_target(manpages ALL DEPENDS ${PAPI_MAN_STAMP})

install(DIRECTORY ${CMAKE_BINARY_DIR}/man-gz/man3 ${CMAKE_BINARY_DIR}/man-gz/man7
	DESTINATION ${CMAKE_INSTALL_MANDIR} COMPONENT dev)
install(DIRECTORY ${CMAKE_BINARY_DIR}/man-gz/man1
	DESTINATION ${CMAKE_INSTALL_MANDIR} COMPONENT tools)
