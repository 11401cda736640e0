#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Figures the docs quote from outside the project: not measured here.
printf 'FIGURE\tcited.papi71_read\t263 / 347 / 431 / 515 instructions for 1 / 2 / 3 / 4 events (cited: issue 4, measured by whoever filed it in the same emulated machine; PAPI 7.1 is not in Debian 12, so not re-measured here)\t-\n'
printf 'FIGURE\tcited.thesis_read\tread() about 1118 cycles vs rdpmc about 142 on Haswell (cited: Liu, MS thesis, U. Maine 2017, shared/seeds/004)\t-\n'
