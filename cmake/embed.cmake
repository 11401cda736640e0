# SPDX-License-Identifier: BSD-3-Clause
#
# Turn a text file into a C array, so that the library carries its data
# (the preset table) and works from the build tree and installed alike.
# cmake -DIN=<file> -DOUT=<header> -DNAME=<identifier> -P embed.cmake
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)"
	"\\1\n" bytes "${bytes}")
file(WRITE "${OUT}.tmp"
	"/* Generated from ${IN} by cmake/embed.cmake: do not edit. */\n"
	"static const char ${NAME}[] = {\n${bytes}0x00 };\n")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different
	"${OUT}.tmp" "${OUT}")
file(REMOVE "${OUT}.tmp")
