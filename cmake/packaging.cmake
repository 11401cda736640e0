# SPDX-License-Identifier: BSD-3-Clause
#
# Debian packages with CPack's DEB generator (`make deb`; docs/packaging.md),
# split as Debian splits PAPI, one package per install COMPONENT:
#   lib    libpapi7.0-fs   libpapi.so.7.0                takes libpapi7.0's place
#   lib71  libpapi7.1-fs   libpapi.so.7.1 (edition 7.1)  provides libpapi7.1
#   lib72  libpapi7.2-fs   libpapi.so.7.2 (edition 7.2)  provides libpapi7.2
#   sde    libsde1-fs      libsde.so.1                   takes libsde1's place
#   dev    libpapi-fs-dev  headers, papi.pc, libpapi.a, libpapi.so, sections
#                          3 and 7 of the manual         takes libpapi-dev's
#   tools  papi-fs-tools   the utilities, section 1      takes papi-tools'
# "Takes the place": each package has its own name (the "-fs" ones: from
# scratch) and Provides Debian's, versioned so that what depends on Debian's
# package is satisfied by ours, with Conflicts and Replaces so that dpkg and
# apt swap them in one step. A component this build does not have (no
# libsde, no editions) makes no package.
#
# Configure with -DCMAKE_INSTALL_PREFIX=/usr, as `make deb` does: the
# libraries then go into the multiarch directory, the utilities carry no
# RPATH (CMakeLists.txt), and each package gets its copyright and changelog.
set(PAPI_DEB_VERSION "7.0.0.0")
set(PAPI_DEB_RELEASE "1")
set(PAPI_DEB_FULL "${PAPI_DEB_VERSION}-${PAPI_DEB_RELEASE}")
# The version ours provides Debian's names at: Debian 12 has 7.0.0-2, and
# 7.0.0-2+fs1 sorts after it, so "libpapi7.0 (>= 7.0.0)" and such
# dependencies of Debian's own packages (papi-examples...) are satisfied.
set(PAPI_DEB_PROVIDES_VERSION "7.0.0-2+fs1")
set(PAPI_DEB_LIBC "libc6 (>= 2.34)")

# component, package, section, Debian's package it takes the place of
# ("-" for none: provided only), description (first line: the synopsis).
set(PAPI_DEB_lib libpapi7.0-fs libs libpapi7.0
"Performance API 7.0: runtime library (from scratch)
libpapi.so.7.0, a from-scratch implementation of PAPI 7.0 with the same
interface and soname: programs and utilities built against Debian's PAPI
7.0 run on it unchanged. It also counts on machines without a hardware
PMU, with the kernel's software events.")
set(PAPI_DEB_lib71 libpapi7.1-fs libs -
"Performance API 7.1: runtime library (from scratch)
libpapi.so.7.1, the same library for programs built against PAPI 7.1.")
set(PAPI_DEB_lib72 libpapi7.2-fs libs -
"Performance API 7.2: runtime library (from scratch)
libpapi.so.7.2, the same library for programs built against PAPI 7.2.")
set(PAPI_DEB_sde libsde1-fs libs libsde1
"Performance API: software-defined events library (from scratch)
libsde.so.1, with which a library exports its own counters as PAPI
software-defined events.")
set(PAPI_DEB_dev libpapi-fs-dev libdevel libpapi-dev
"Performance API: development files (from scratch)
Headers (papi.h, sde_lib.h, the Fortran include files), pkg-config files,
the static library and the manual pages of every function (section 3),
of the environment variables and of event names (section 7).")
set(PAPI_DEB_tools papi-fs-tools devel papi-tools
"Performance API: utilities (from scratch)
papi_avail, papi_native_avail, papi_component_avail, papi_stat and the
other PAPI utilities, with their manual pages.")
set(PAPI_DEB_PROVIDED_lib71 libpapi7.1)
set(PAPI_DEB_PROVIDED_lib72 libpapi7.2)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME papi)
set(CPACK_PACKAGE_VERSION ${PAPI_DEB_VERSION})
set(CPACK_PACKAGE_VENDOR "papi from scratch")
# No CPACK_PACKAGE_DESCRIPTION_SUMMARY: CPack would put it before each
# package's own synopsis.
set(CPACK_PACKAGE_CONTACT "PAPI from scratch maintainers <papi-maintainers@example.org>")
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/deb)
set(CPACK_STRIP_FILES ON)
set(CPACK_PRE_BUILD_SCRIPTS ${CMAKE_SOURCE_DIR}/cmake/deb/strip.cmake)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_PACKAGE_RELEASE ${PAPI_DEB_RELEASE})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "https://icl.utk.edu/papi/")
# shlibs files for the libraries; the library cache updated by the ldconfig
# trigger, as Debian wants it, instead of the ldconfig calls CPack would
# write into postinst and postrm (ours do nothing).
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(PAPI_DEB_LIB_EXTRA ${CMAKE_SOURCE_DIR}/cmake/deb/triggers
	${CMAKE_SOURCE_DIR}/cmake/deb/postinst ${CMAKE_SOURCE_DIR}/cmake/deb/postrm)

get_cmake_property(PAPI_INSTALL_COMPONENTS COMPONENTS)
set(CPACK_COMPONENTS_ALL "")
set(PAPI_DEB_LIBS "")
foreach(comp lib lib71 lib72 sde dev tools)
	if(NOT comp IN_LIST PAPI_INSTALL_COMPONENTS)
		continue()
	endif()
	list(APPEND CPACK_COMPONENTS_ALL ${comp})
	string(TOUPPER ${comp} C)
	list(GET PAPI_DEB_${comp} 0 pkg)
	list(GET PAPI_DEB_${comp} 1 section)
	list(GET PAPI_DEB_${comp} 2 theirs)
	list(GET PAPI_DEB_${comp} 3 desc)
	set(PAPI_DEB_PKG_${comp} ${pkg})
	set(CPACK_DEBIAN_${C}_PACKAGE_NAME ${pkg})
	set(CPACK_DEBIAN_${C}_PACKAGE_SECTION ${section})
	set(CPACK_DEBIAN_${C}_DESCRIPTION "${desc}")
	if(NOT theirs STREQUAL "-")
		set(CPACK_DEBIAN_${C}_PACKAGE_PROVIDES "${theirs} (= ${PAPI_DEB_PROVIDES_VERSION})")
		set(CPACK_DEBIAN_${C}_PACKAGE_CONFLICTS ${theirs})
		set(CPACK_DEBIAN_${C}_PACKAGE_REPLACES ${theirs})
	elseif(PAPI_DEB_PROVIDED_${comp})
		set(CPACK_DEBIAN_${C}_PACKAGE_PROVIDES "${PAPI_DEB_PROVIDED_${comp}} (= ${PAPI_DEB_FULL})")
	endif()
	if(comp MATCHES "^(lib|lib7.|sde)$")
		set(CPACK_DEBIAN_${C}_PACKAGE_CONTROL_EXTRA ${PAPI_DEB_LIB_EXTRA})
		list(APPEND PAPI_DEB_LIBS "${pkg} (= ${PAPI_DEB_FULL})")
	endif()
endforeach()
set(CPACK_DEBIAN_LIB_PACKAGE_DEPENDS "${PAPI_DEB_LIBC}, libpfm4 (>= 4.12.1)")
set(CPACK_DEBIAN_LIB71_PACKAGE_DEPENDS "${PAPI_DEB_LIBC}, libpfm4 (>= 4.12.1)")
set(CPACK_DEBIAN_LIB72_PACKAGE_DEPENDS "${PAPI_DEB_LIBC}, libpfm4 (>= 4.12.1)")
set(CPACK_DEBIAN_SDE_PACKAGE_DEPENDS "${PAPI_DEB_LIBC}")
# -dev: every library it links to (libpapi.so, libsde.so, the editions'
# pkg-config files), and libpfm4-dev for the static library.
string(REPLACE ";" ", " PAPI_DEB_LIBS "${PAPI_DEB_LIBS}")
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS "${PAPI_DEB_LIBS}, libpfm4-dev")
set(CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS
	"${PAPI_DEB_PKG_lib} (= ${PAPI_DEB_FULL}), ${PAPI_DEB_LIBC}")
# papi_native_avail is linked with libsde (its -sde option), as Debian's.
if(PAPI_DEB_PKG_sde)
	string(APPEND CPACK_DEBIAN_TOOLS_PACKAGE_DEPENDS
		", ${PAPI_DEB_PKG_sde} (= ${PAPI_DEB_FULL})")
endif()

# A component no package takes would be lost from the packages: say so.
foreach(comp ${PAPI_INSTALL_COMPONENTS})
	if(NOT comp IN_LIST CPACK_COMPONENTS_ALL)
		message(WARNING "install component '${comp}' is in no Debian "
			"package (cmake/packaging.cmake)")
	endif()
endforeach()

# Each package's copyright and changelog (Debian policy 12.5, 12.7); only
# for a /usr build, so that `make install` elsewhere gets none of them.
if(CMAKE_INSTALL_PREFIX STREQUAL "/usr")
	set(PAPI_DEB_CHANGELOG ${CMAKE_BINARY_DIR}/deb-doc/changelog.Debian.gz)
	file(MAKE_DIRECTORY ${CMAKE_BINARY_DIR}/deb-doc)
	execute_process(COMMAND gzip -9n -c ${CMAKE_SOURCE_DIR}/cmake/deb/changelog
		OUTPUT_FILE ${PAPI_DEB_CHANGELOG})
	foreach(comp ${CPACK_COMPONENTS_ALL})
		install(FILES ${CMAKE_SOURCE_DIR}/cmake/deb/copyright
			${PAPI_DEB_CHANGELOG}
			DESTINATION ${CMAKE_INSTALL_DATADIR}/doc/${PAPI_DEB_PKG_${comp}}
			COMPONENT ${comp})
	endforeach()
endif()

include(CPack)
