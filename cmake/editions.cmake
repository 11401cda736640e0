# SPDX-License-Identifier: BSD-3-Clause
#
# PAPI editions (docs/editions.md). PAPI changed its soname with each
# release: programs built against PAPI 7.0 need libpapi.so.7.0, against 7.1
# libpapi.so.7.1 (7.0's layouts, its own PAPI_VERSION), against 7.2
# libpapi.so.7.2 (other layouts and values). One source makes all three:
# include/papi.h takes the edition as PAPI_EDITION (70, 71, 72), and only
# the entry points that depend on it (src/edition, and the Fortran
# interface, which calls them) are compiled once per edition; the core and
# the OS layer are the same objects in every library.
#
#   papi_ed70            objects, linked into libpapi.so.7.0 (target papi)
#                        and libpapi.a
#   papi71, papi72       libpapi.so.7.1 and .7.2 (and libpapi-7.x.a, for
#                        tests that link statically)
#   build/include-7.1/,  each edition's papi.h (PAPI_EDITION fixed) and
#   build/include-7.2/   papiStdEventDefs.h, for its programs and tests
#   papi-7.1.pc, -7.2.pc pkg-config: `pkg-config --cflags --libs papi-7.2`
#
# Installed side by side: the libraries in libdir (libpapi.so, the link
# name, stays 7.0's, as does `pkg-config papi`), the headers in
# includedir/papi-7.1/ and includedir/papi-7.2/.

file(GLOB PAPI_EDITION_SRC CONFIGURE_DEPENDS
	${CMAKE_SOURCE_DIR}/src/edition/*.c
	${CMAKE_SOURCE_DIR}/src/fortran/*.c)

foreach(ed 70 71 72)
	add_library(papi_ed${ed} OBJECT ${PAPI_EDITION_SRC})
	target_compile_definitions(papi_ed${ed} PRIVATE PAPI_EDITION=${ed})
	target_include_directories(papi_ed${ed} PRIVATE ${PAPI_PRIV_INC})
	set_target_properties(papi_ed${ed} PROPERTIES
		POSITION_INDEPENDENT_CODE ON C_VISIBILITY_PRESET hidden)
endforeach()

foreach(minor 1 2)
	set(ed 7${minor})
	set(inc ${CMAKE_BINARY_DIR}/include-7.${minor})
	# The edition's header: include/papi.h with PAPI_EDITION's default
	# set to this edition, so that it stands alone once installed.
	add_custom_command(OUTPUT ${inc}/papi.h ${inc}/papiStdEventDefs.h
		COMMAND ${CMAKE_COMMAND} -DIN=${CMAKE_SOURCE_DIR}/include
			-DOUT=${inc} -DEDITION=${ed}
			-P ${CMAKE_SOURCE_DIR}/cmake/edition-header.cmake
		DEPENDS ${CMAKE_SOURCE_DIR}/include/papi.h
			${CMAKE_SOURCE_DIR}/include/papiStdEventDefs.h
			${CMAKE_SOURCE_DIR}/cmake/edition-header.cmake
		COMMENT "papi.h of PAPI 7.${minor}")
	add_custom_target(papi_header${ed} ALL DEPENDS ${inc}/papi.h)

	add_library(papi${ed} SHARED $<TARGET_OBJECTS:papi_core>
		$<TARGET_OBJECTS:papi_os> $<TARGET_OBJECTS:papi_ed${ed}>)
	# OUTPUT_NAME papi-7.x keeps the link names apart in build/lib
	# (libpapi.so is 7.0's); the soname is PAPI's, libpapi.so.7.x.
	set_target_properties(papi${ed} PROPERTIES
		OUTPUT_NAME papi-7.${minor} NO_SONAME ON
		LINK_DEPENDS ${CMAKE_SOURCE_DIR}/src/papi.map)
	target_link_options(papi${ed} PRIVATE
		-Wl,--version-script=${CMAKE_SOURCE_DIR}/src/papi.map
		-Wl,--no-undefined -Wl,-soname,libpapi.so.7.${minor})
	target_link_libraries(papi${ed} PRIVATE ${PFM_LIB} pthread m)
	target_include_directories(papi${ed} INTERFACE ${inc})
	add_dependencies(papi${ed} papi_header${ed})
	# The edition's static library, libpapi-7.x.a: built for the tests
	# that link PAPI statically (PAPI's SDE Overflow_Static_Test), not
	# installed.
	add_library(papi${ed}_static STATIC $<TARGET_OBJECTS:papi_core>
		$<TARGET_OBJECTS:papi_os> $<TARGET_OBJECTS:papi_ed${ed}>)
	set_target_properties(papi${ed}_static PROPERTIES
		OUTPUT_NAME papi-7.${minor})
	# The file under its soname beside it, as ld.so looks for it.
	add_custom_command(TARGET papi${ed} POST_BUILD
		COMMAND ${CMAKE_COMMAND} -E create_symlink
			$<TARGET_FILE_NAME:papi${ed}>
			$<TARGET_FILE_DIR:papi${ed}>/libpapi.so.7.${minor})

	install(FILES $<TARGET_FILE:papi${ed}> DESTINATION ${CMAKE_INSTALL_LIBDIR}
		RENAME libpapi.so.7.${minor} COMPONENT lib7${minor})
	install(FILES ${inc}/papi.h ${inc}/papiStdEventDefs.h
		DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/papi-7.${minor}
		COMPONENT dev)
	set(PAPI_PC_EDITION 7.${minor})
	install(CODE "
		set(CMAKE_INSTALL_PREFIX_PC \"\${CMAKE_INSTALL_PREFIX}\")
		set(CMAKE_INSTALL_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
		set(CMAKE_INSTALL_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
		set(PAPI_PC_EDITION 7.${minor})
		configure_file(\"${CMAKE_SOURCE_DIR}/cmake/papi-edition.pc.in\"
			\"${CMAKE_BINARY_DIR}/papi-7.${minor}-install.pc\" @ONLY)"
		COMPONENT dev)
	install(FILES ${CMAKE_BINARY_DIR}/papi-7.${minor}-install.pc
		DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig
		RENAME papi-7.${minor}.pc COMPONENT dev)
endforeach()
