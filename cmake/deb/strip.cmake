# SPDX-License-Identifier: BSD-3-Clause
# CPACK_PRE_BUILD_SCRIPTS: run by CPack on the staged files, before it
# packs them. CPACK_STRIP_FILES strips what install(TARGETS) installs; a
# library installed with install(FILES) (the editions' libpapi.so.7.x) is
# stripped here, as Debian strips shared libraries.
file(GLOB_RECURSE libs LIST_DIRECTORIES false
	"${CPACK_TEMPORARY_INSTALL_DIRECTORY}/*.so.*")
foreach(f ${libs})
	if(NOT IS_SYMLINK "${f}")
		execute_process(COMMAND strip --remove-section=.comment
			--remove-section=.note --strip-unneeded "${f}"
			RESULT_VARIABLE rc)
		if(NOT rc EQUAL 0)
			message(FATAL_ERROR "strip ${f} failed")
		endif()
	endif()
endforeach()
