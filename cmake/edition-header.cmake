# SPDX-License-Identifier: BSD-3-Clause
# cmake -DIN=include -DOUT=dir -DEDITION=72 -P edition-header.cmake: the
# edition's papi.h (PAPI_EDITION's default set to EDITION) and
# papiStdEventDefs.h in OUT (cmake/editions.cmake).
file(READ ${IN}/papi.h text)
string(REPLACE "#define PAPI_EDITION		70" "#define PAPI_EDITION		${EDITION}"
	out "${text}")
if(out STREQUAL text)
	message(FATAL_ERROR "PAPI_EDITION's default not found in ${IN}/papi.h")
endif()
file(MAKE_DIRECTORY ${OUT})
file(WRITE ${OUT}/papi.h.tmp "${out}")
file(RENAME ${OUT}/papi.h.tmp ${OUT}/papi.h)
configure_file(${IN}/papiStdEventDefs.h ${OUT}/papiStdEventDefs.h COPYONLY)
