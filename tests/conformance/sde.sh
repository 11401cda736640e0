# SPDX-License-Identifier: BSD-3-Clause
# shellcheck shell=bash
#
# PAPI's SDE tests (papi-examples: components/sde/tests), sourced by run.sh
# after its main loop: it uses run.sh's TREE, WORK, LIB_DIR, INCLUDE_DIR,
# PAPI_LINK, SKIPWRAP, CT_CFLAGS, INC, LD_PATH_RUN, TIMEOUT, selected(),
# classify(), one_line() and logname(), and adds its lines to RES_LINES /
# FAIL_LINES / EXTRA_LINES, counted in a line of their own (s_*), like the
# perf_event component's. Each test needs a shared library of its own
# (built from the example's *_Lib.c) and libsde from --libdir; the recipes
# follow the tests' Makefile (its directory layout differs from what
# Debian ships: the sources are flat there).
#   id  driver  library-source  libpapi: yes | no | static (the test's
#   library, libpapi.a and libsde.a linked into the program)
SDE_RECIPES='
Minimal_Test              Minimal_Test.c                  -                           yes
Simple_Test               Simple_Driver.c                 Simple_Lib.c:Simple         yes
Simple2_Test              Simple2_Driver.c                Simple2_Lib.c:Simple2       yes
Simple2_NoPAPI_Test       Simple2_NoPAPI_Driver.c         Simple2_Lib.c:Simple2       no
Recorder_Test             Recorder_Driver.c               Lib_With_Recorder.c:Recorder yes
Created_Counter_Test      Created_Counter_Driver.c        Lib_With_Created_Counter.c:Created_Counter yes
Overflow_Test             Overflow_Driver.c               Lib_With_Created_Counter.c:Created_Counter yes
Counting_Set_Simple_Test  Simple_CountingSet_Driver.c     CountingSet_Lib.c:Counting_Set yes
Counting_Set_MemLeak_Test MemoryLeak_CountingSet_Driver.c CountingSet_Lib.c:Counting_Set yes
Overflow_Static_Test      Overflow_Driver.c               Lib_With_Created_Counter.c:Created_Counter static
'
s_pass=0 s_skip=0 s_fail=0
SDE_SRC=$EXAMPLES/components/sde/tests
SDE_DIR=$TREE/components/sde/tests
sde_any=0
while read -r sid _; do
	[ -n "$sid" ] && selected "components/sde/tests/$sid" && sde_any=1
done <<<"$SDE_RECIPES"

if [ "$sde_any" = 1 ] && [ -z "$FROM_CONSOLE" ] && [ -d "$SDE_SRC" ] &&
	[ "${#STATIC_ARCHIVES[@]}" -eq 0 ]; then
	echo "[conformance] SDE tests (components/sde/tests)"
	mkdir -p "$SDE_DIR/lib"
	cp "$SDE_SRC"/*.c "$SDE_DIR/" && chmod -R u+w "$SDE_DIR"
	# sde_lib.h beside papi.h, else the source tree's (an edition's
	# include directory holds only its papi.h; libsde is the same).
	SDE_INC=$INCLUDE_DIR
	[ -f "$SDE_INC/sde_lib.h" ] || SDE_INC=$SCRIPT_DIR/../../include
	sde_note=""
	[ -f "$SDE_INC/sde_lib.h" ] || sde_note="no sde_lib.h in $INCLUDE_DIR"
	[ -n "$sde_note" ] || [ -e "$LIB_DIR/libsde.so" ] ||
		sde_note="no libsde.so in $LIB_DIR"
	SDE_LINK=(-L"$SDE_DIR/lib" "-Wl,-rpath,$SDE_DIR/lib" -L"$LIB_DIR"
		"-Wl,-rpath,$LIB_DIR")
	while read -r sid drv libspec withpapi; do
		[ -n "$sid" ] || continue
		id=components/sde/tests/$sid
		selected "$id" || continue
		if [ -n "$sde_note" ]; then
			EXTRA_LINES+=("$(printf '%s\t%s\t%s' "$id" NOTBUILT "$sde_note")")
			continue
		fi
		log="$BLOG/$(logname "$id").log"
		: >"$log"
		libflag=()
		ok=1
		if [ "$withpapi" = static ]; then
			lsrc=${libspec%%:*} lname=${libspec#*:}
			# One edition's archive (libpapi-7.2.a) where the run is
			# that edition's (check.sh sets it).
			papi_a=${PAPI_CONFORMANCE_STATIC:-libpapi.a}
			if [ ! -f "$LIB_DIR/$papi_a" ] || [ ! -f "$LIB_DIR/libsde.a" ]; then
				EXTRA_LINES+=("$(printf '%s\t%s\t%s' "$id" NOTBUILT "no $papi_a or libsde.a in $LIB_DIR")")
				continue
			fi
			cmd=("$CC" "${CT_CFLAGS[@]}" -I"$SDE_DIR" "${INC[@]}" -I"$SDE_INC"
				-c "$SDE_DIR/$lsrc" -o "$SDE_DIR/lib/${lname}_static.o")
			printf '%q ' "${cmd[@]}" >>"$log"
			echo >>"$log"
			"${cmd[@]}" >>"$log" 2>&1 || ok=0
			cmd=("$CC" -I"$SDE_DIR" "${INC[@]}" -I"$SDE_INC" "${CT_CFLAGS[@]}"
				"$SDE_DIR/$drv" "${SKIPWRAP[@]}" "$TREE/testlib/libtestlib.a"
				"$SDE_DIR/lib/${lname}_static.o" "$LIB_DIR/$papi_a"
				"$LIB_DIR/libsde.a" -lpfm -ldl -lrt -lpthread -lm
				-o "$SDE_DIR/$sid")
		elif [ "$libspec" != - ]; then
			lsrc=${libspec%%:*} lname=${libspec#*:}
			if [ ! -f "$SDE_DIR/lib/lib$lname.so" ]; then
				cmd=("$CC" -shared -fPIC -Wall "${CT_CFLAGS[@]}" -I"$SDE_DIR"
					"${INC[@]}" -I"$SDE_INC" "$SDE_DIR/$lsrc" -o "$SDE_DIR/lib/lib$lname.so"
					"${SDE_LINK[@]}" -lsde)
				printf '%q ' "${cmd[@]}" >>"$log"
				echo >>"$log"
				"${cmd[@]}" >>"$log" 2>&1 || ok=0
			fi
			libflag=(-l"$lname")
		fi
		[ "$withpapi" = static ] ||
			cmd=("$CC" -I"$SDE_DIR" "${INC[@]}" -I"$SDE_INC" "${CT_CFLAGS[@]}"
				"$SDE_DIR/$drv")
		if [ "$withpapi" = static ]; then
			:
		elif [ "$withpapi" = yes ]; then
			cmd+=("${SKIPWRAP[@]}" "$TREE/testlib/libtestlib.a"
				"${libflag[@]}" "${SDE_LINK[@]}" -lsde "${PAPI_LINK[@]}")
		else
			cmd+=("${libflag[@]}" "${SDE_LINK[@]}" -lsde -ldl)
		fi
		[ "$withpapi" = static ] || cmd+=(-lm -o "$SDE_DIR/$sid")
		printf '%q ' "${cmd[@]}" >>"$log"
		echo >>"$log"
		[ "$ok" = 1 ] && "${cmd[@]}" >>"$log" 2>&1 || ok=0
		if [ "$ok" = 0 ]; then
			CLASS="FAILED(build)"
			REASON=$(first_error "$log")
		else
			out="$RLOG/$(logname "$id").out"
			t0=$SECONDS
			(
				cd "$TREE" || exit 1
				exec env -u PAPI_DEBUG -u PAPI_EVENTS -u PAPI_REPORT \
					-u PAPI_OUTPUT_DIRECTORY -u PAPI_MULTIPLEX \
					-u PAPI_HL_VERBOSE -u TESTS_COLOR TESTS_QUIET=TESTS_QUIET \
					LD_LIBRARY_PATH="$LD_PATH_RUN" \
					timeout -k 10 "$TIMEOUT" "./$id" TESTS_QUIET
			) </dev/null >"$out" 2>&1
			classify "$id" $? "$out"
		fi
		case "$CLASS" in
		PASSED) s_pass=$((s_pass + 1)) ;;
		SKIPPED) s_skip=$((s_skip + 1)) ;;
		*)
			s_fail=$((s_fail + 1))
			FAIL_LINES+=("  $id: $CLASS: $REASON")
			;;
		esac
		RES_LINES+=("$(printf '%s\t%s\t%s' "$id" "$CLASS" "${REASON:--}")")
		printf '  %-55s %-13s %3ss\n' "$id" "$CLASS" "$((SECONDS - ${t0:-SECONDS}))"
	done <<<"$SDE_RECIPES"
fi
s_total=$((s_pass + s_skip + s_fail))
s_summary="components/sde (not in the total above): $s_pass passed, $s_skip skipped, $s_fail failed of $s_total"
