#!/usr/bin/env bash
# PAPI conformance runner.
#
# Builds PAPI's own C test programs (as shipped by Debian's papi-examples
# package) against a given papi.h and a given libpapi, runs them the way
# PAPI's run_tests.sh does, classifies every result as PASSED / SKIPPED /
# FAILED and prints
#     conformance: N passed, N skipped, N failed of T
# PAPI's Fortran tests (ftests/, against fpapi.h from the same include
# directory) are built and run too where a Fortran compiler is found, and
# scored on a line of their own, not in that total.
# See README.md next to this script for the details.
#
# Cross mode (tests/pmu-vm/run.sh uses it to run the suite in the emulated
# arm64 PMU machine): --cc CROSS-gcc --static-libs "libpapi.a libpfm.a"
# --build-only builds static programs and writes WORK/manifest.txt; a
# second call with --from-console LOG classifies the output the machine
# printed (=== RUN id / output / === EXIT id rc) instead of running anything.
#
# Exit status: 0 when the run completed (whatever the score), 2 on a usage or
# configuration error, 77 when papi-examples is not installed, 1 when the
# runner itself broke.

set -u
set -o pipefail

PROG=${0##*/}
SCRIPT_DIR=$(cd "$(dirname "$0")" && pwd -P)

usage() {
	cat <<EOF
usage: $PROG --include DIR --libdir DIR --work DIR [options]
       $PROG --baseline --work DIR [options]

  --include DIR    directory holding papi.h / papiStdEventDefs.h
                   (env PAPI_CONFORMANCE_INCLUDE)
  --libdir DIR     directory holding libpapi.so or libpapi.so.7.0
                   (env PAPI_CONFORMANCE_LIBDIR)
  --work DIR       scratch directory under the build tree; the tests are
                   copied, built and run there (env PAPI_CONFORMANCE_WORK)
  --baseline       use the system's (Debian's) PAPI: /usr/include and the
                   multiarch lib dir, unless --include/--libdir are given
  --jobs N         parallel compile jobs (default 2)
  --only REGEX     only build/run tests whose id (e.g. ctests/zero) matches
                   the extended regular expression REGEX
  --timeout S      per-test time limit in seconds (default 60)
  --results FILE   where to write the per-test results
                   (default WORK/results.txt)
  --examples DIR   papi-examples tree
                   (default /usr/share/doc/papi-examples/examples,
                   env PAPI_EXAMPLES_DIR)
  --compare FILE   list the tests whose class differs from FILE (a results
                   file; default: baseline-debian-papi7.txt next to this
                   script, except in --baseline mode)
  --no-compare     do not compare with a baseline
  --no-components  do not build/run components/perf_event/tests
  --fc FC          Fortran compiler for PAPI's ftests (default gfortran,
                   in cross mode CC's sibling, e.g. aarch64-linux-gnu-gfortran;
                   without one they are NOTBUILT)
  --no-ftests      do not build/run ftests
  --extra          also build/run ctests sources that are not targets of
                   PAPI's ctests Makefile (helgrind helpers, BROKEN tests);
                   they change the total, so the default leaves them out
 cross mode (running the tests elsewhere, e.g. in the arm64 PMU VM):
  --cc CC          compiler (default gcc); ar is CC's sibling (CROSS-ar)
                   when it exists
  --static-libs "A..."  link every test -static with these archives (e.g.
                   libpapi.a libpfm.a) instead of libpapi.so; --libdir is
                   then not needed
  --build-only     build only, then write WORK/manifest.txt: "run<TAB>id"
                   for each test to run (in order; run it from WORK/tree as
                   ./id TESTS_QUIET), "prog<TAB>id" for every program built
  --from-console FILE  do not build or run: classify the tests of the
                   previous --build-only run in WORK from FILE, a log of
                   "=== RUN id", the output, "=== EXIT id rc [...]" blocks
  --exclude-list FILE  more tests not to run or count: "id reason..." lines
  --label TEXT     summary reads "conformance (TEXT): ..."
  -h, --help       this text
EOF
}

die() {
	echo "$PROG: $*" >&2
	exit 2
}

# ---------------------------------------------------------------- options
INCLUDE_DIR=${PAPI_CONFORMANCE_INCLUDE:-}
LIB_DIR=${PAPI_CONFORMANCE_LIBDIR:-}
WORK=${PAPI_CONFORMANCE_WORK:-}
EXAMPLES=${PAPI_EXAMPLES_DIR:-/usr/share/doc/papi-examples/examples}
JOBS=2
ONLY=""
TIMEOUT=60
RESULTS=""
BASELINE=0
COMPARE=""
NO_COMPARE=0
WITH_COMPONENTS=1
WITH_FTESTS=1
FC_OPT=""
WITH_EXTRA=0
CC_OPT=""
STATIC_LIBS=""
BUILD_ONLY=0
FROM_CONSOLE=""
EXCLUDE_LIST=""
LABEL=""

need_arg() {
	if [ "$#" -lt 2 ] || [ -z "$2" ]; then
		die "option $1 needs an argument"
	fi
}

while [ "$#" -gt 0 ]; do
	case "$1" in
	--include) need_arg "$@"; INCLUDE_DIR=$2; shift 2 ;;
	--include=*) INCLUDE_DIR=${1#*=}; shift ;;
	--libdir) need_arg "$@"; LIB_DIR=$2; shift 2 ;;
	--libdir=*) LIB_DIR=${1#*=}; shift ;;
	--work) need_arg "$@"; WORK=$2; shift 2 ;;
	--work=*) WORK=${1#*=}; shift ;;
	--jobs | -j) need_arg "$@"; JOBS=$2; shift 2 ;;
	--jobs=*) JOBS=${1#*=}; shift ;;
	--only) need_arg "$@"; ONLY=$2; shift 2 ;;
	--only=*) ONLY=${1#*=}; shift ;;
	--timeout) need_arg "$@"; TIMEOUT=$2; shift 2 ;;
	--timeout=*) TIMEOUT=${1#*=}; shift ;;
	--results) need_arg "$@"; RESULTS=$2; shift 2 ;;
	--results=*) RESULTS=${1#*=}; shift ;;
	--examples) need_arg "$@"; EXAMPLES=$2; shift 2 ;;
	--examples=*) EXAMPLES=${1#*=}; shift ;;
	--baseline) BASELINE=1; shift ;;
	--compare) need_arg "$@"; COMPARE=$2; shift 2 ;;
	--compare=*) COMPARE=${1#*=}; shift ;;
	--no-compare) NO_COMPARE=1; shift ;;
	--no-components) WITH_COMPONENTS=0; shift ;;
	--components) WITH_COMPONENTS=1; shift ;;
	--no-ftests) WITH_FTESTS=0; shift ;;
	--fc) need_arg "$@"; FC_OPT=$2; shift 2 ;;
	--fc=*) FC_OPT=${1#*=}; shift ;;
	--extra) WITH_EXTRA=1; shift ;;
	--cc) need_arg "$@"; CC_OPT=$2; shift 2 ;;
	--cc=*) CC_OPT=${1#*=}; shift ;;
	--static-libs) need_arg "$@"; STATIC_LIBS=$2; shift 2 ;;
	--static-libs=*) STATIC_LIBS=${1#*=}; shift ;;
	--build-only) BUILD_ONLY=1; shift ;;
	--from-console) need_arg "$@"; FROM_CONSOLE=$2; shift 2 ;;
	--from-console=*) FROM_CONSOLE=${1#*=}; shift ;;
	--exclude-list) need_arg "$@"; EXCLUDE_LIST=$2; shift 2 ;;
	--exclude-list=*) EXCLUDE_LIST=${1#*=}; shift ;;
	--label) need_arg "$@"; LABEL=$2; shift 2 ;;
	--label=*) LABEL=${1#*=}; shift ;;
	-h | --help) usage; exit 0 ;;
	*) usage >&2; die "unknown argument: $1" ;;
	esac
done

case "$JOBS" in '' | *[!0-9]* | 0) die "--jobs wants a positive integer" ;; esac
case "$TIMEOUT" in '' | *[!0-9]* | 0) die "--timeout wants a positive integer" ;; esac

CC=${CC_OPT:-gcc}
# The archiver that goes with CC: aarch64-linux-gnu-gcc -> aarch64-linux-gnu-ar.
AR="ar"
case "$CC" in
*-gcc) command -v "${CC%gcc}ar" >/dev/null 2>&1 && AR=${CC%gcc}ar ;;
esac
[ "$BUILD_ONLY" = 1 ] && [ -n "$FROM_CONSOLE" ] &&
	die "--build-only and --from-console exclude each other"
# PAPI's Fortran tests. In cross mode the compiler is CC's sibling
# (aarch64-linux-gnu-gcc -> aarch64-linux-gnu-gfortran), and --static-libs
# links them -static like the C tests (the cross toolchain's libgfortran.a).
# A --from-console run takes the --build-only run's compiler (see "copy").
FC=$FC_OPT
if [ -z "$FC" ]; then
	FC=gfortran
	case "$CC" in *-gcc) FC=${CC%gcc}gfortran ;; esac
fi
FC_PKG=gfortran # what to apt-get install for FC
case "$FC" in *-linux-gnu-gfortran) FC_PKG=gfortran-${FC%-gfortran} FC_PKG=${FC_PKG//_/-} ;; esac
have_fc=0
if [ "$WITH_FTESTS" = 1 ] && [ -z "$FROM_CONSOLE" ] && command -v "$FC" >/dev/null 2>&1; then
	have_fc=1
fi
if [ -n "$FROM_CONSOLE" ]; then
	[ -f "$FROM_CONSOLE" ] || die "--from-console: no such file: $FROM_CONSOLE"
	FROM_CONSOLE=$(cd "$(dirname "$FROM_CONSOLE")" && pwd -P)/$(basename "$FROM_CONSOLE")
fi
if [ -n "$EXCLUDE_LIST" ]; then
	[ -f "$EXCLUDE_LIST" ] || die "--exclude-list: no such file: $EXCLUDE_LIST"
fi
# Static programs (cross mode): no library directory, nothing loaded at run time.
STATIC_ARCHIVES=()
if [ -n "$STATIC_LIBS" ]; then
	for a in $STATIC_LIBS; do
		[ -f "$a" ] || die "--static-libs: no such file: $a"
		STATIC_ARCHIVES+=("$(cd "$(dirname "$a")" && pwd -P)/$(basename "$a")")
	done
	[ -n "$LIB_DIR" ] || LIB_DIR=$(dirname "${STATIC_ARCHIVES[0]}")
fi

if [ "$BASELINE" = 1 ]; then
	[ -n "$INCLUDE_DIR" ] || INCLUDE_DIR=/usr/include
	if [ -z "$LIB_DIR" ]; then
		multiarch=$("$CC" -print-multiarch 2>/dev/null || true)
		if [ -n "$multiarch" ] && [ -d "/usr/lib/$multiarch" ]; then
			LIB_DIR=/usr/lib/$multiarch
		else
			LIB_DIR=/usr/lib
		fi
	fi
fi

# ------------------------------------------------------------ environment
if [ ! -d "$EXAMPLES/ctests" ] || [ ! -d "$EXAMPLES/testlib" ] ||
	[ ! -d "$EXAMPLES/validation_tests" ] ||
	[ ! -f "$EXAMPLES/testlib/test_utils.c" ]; then
	echo "$PROG: PAPI's test sources were not found in $EXAMPLES" >&2
	echo "$PROG: they come with Debian's papi-examples package; install it with:" >&2
	echo "apt-get install papi-examples"
	exit 77
fi

[ -n "$INCLUDE_DIR" ] || { usage >&2; die "--include is required (or --baseline)"; }
[ -n "$LIB_DIR" ] || { usage >&2; die "--libdir is required (or --baseline)"; }
[ -n "$WORK" ] || { usage >&2; die "--work is required"; }

for tool in "$CC" timeout "$AR"; do
	command -v "$tool" >/dev/null 2>&1 || die "required tool not found: $tool"
done

[ -d "$INCLUDE_DIR" ] || die "include dir does not exist: $INCLUDE_DIR"
[ -d "$LIB_DIR" ] || die "lib dir does not exist: $LIB_DIR"
INCLUDE_DIR=$(cd "$INCLUDE_DIR" && pwd -P)
LIB_DIR=$(cd "$LIB_DIR" && pwd -P)
EXAMPLES=$(cd "$EXAMPLES" && pwd -P)
[ -f "$INCLUDE_DIR/papi.h" ] || die "no papi.h in $INCLUDE_DIR"

# Link libpapi by name from the given directory only.  -lpapi would silently
# fall back to the system's libpapi when the directory has no libpapi.so.
# PAPI_CONFORMANCE_SONAME (libpapi.so.7.1, .7.2) picks one edition's
# library where several sit in the directory (docs/editions.md).
if [ "${#STATIC_ARCHIVES[@]}" -gt 0 ]; then
	PAPI_LINK=(-static "${STATIC_ARCHIVES[@]}" -lpthread -lm)
elif [ -n "${PAPI_CONFORMANCE_SONAME:-}" ]; then
	[ -e "$LIB_DIR/$PAPI_CONFORMANCE_SONAME" ] ||
		die "no $PAPI_CONFORMANCE_SONAME in $LIB_DIR"
	PAPI_LINK=(-L"$LIB_DIR" "-Wl,-rpath,$LIB_DIR" "-l:$PAPI_CONFORMANCE_SONAME")
elif [ -e "$LIB_DIR/libpapi.so" ]; then
	PAPI_LINK=(-L"$LIB_DIR" "-Wl,-rpath,$LIB_DIR" -lpapi)
elif [ -e "$LIB_DIR/libpapi.so.7.0" ]; then
	PAPI_LINK=(-L"$LIB_DIR" "-Wl,-rpath,$LIB_DIR" -l:libpapi.so.7.0)
else
	die "no libpapi.so or libpapi.so.7.0 in $LIB_DIR"
fi

# Check where the work dir would be before creating anything there.
work_abs=$(realpath -m -- "$WORK" 2>/dev/null) || die "bad work dir: $WORK"
case "$work_abs/" in
"$SCRIPT_DIR"/* | "$EXAMPLES"/*) die "work dir must not be inside $SCRIPT_DIR or $EXAMPLES" ;;
//) die "refusing to use / as work dir" ;;
esac
mkdir -p "$WORK" || die "cannot create work dir $WORK"
WORK=$(cd "$WORK" && pwd -P)
if git -C "$WORK" rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
	! git -C "$WORK" check-ignore -q "$WORK" 2>/dev/null; then
	echo "$PROG: warning: $WORK is inside a git work tree and not ignored; do not commit it" >&2
fi

TREE=$WORK/tree
LOGS=$WORK/logs
BLOG=$LOGS/build
RLOG=$LOGS/run
BSTAT=$WORK/build-status
MARK=.papi-conformance-tree
[ -n "$RESULTS" ] || RESULTS=$WORK/results.txt

if [ -n "$FROM_CONSOLE" ]; then
	# Classify only: keep the tree and build results of the --build-only run.
	for d in "$TREE" "$LOGS" "$BSTAT"; do
		[ -e "$d/$MARK" ] || die "$d: no --build-only run of this runner in $WORK"
	done
	rm -rf -- "$RLOG"
	mkdir -p "$RLOG" || die "cannot create $RLOG"
else
for d in "$TREE" "$LOGS" "$BSTAT"; do
	if [ -e "$d" ] && [ ! -e "$d/$MARK" ]; then
		die "$d exists but was not made by this runner; refusing to overwrite it"
	fi
	rm -rf -- "$d"
	if ! mkdir -p "$d" || ! : >"$d/$MARK"; then
		die "cannot create $d"
	fi
done
mkdir -p "$BLOG" "$RLOG" || die "cannot create log dirs"
rm -f "$WORK/manifest.txt"
fi

T_START=$(date +%s)

# ------------------------------------------------------------------ copy
if [ -n "$FROM_CONSOLE" ]; then
	[ -d "$TREE/components/perf_event/tests" ] || WITH_COMPONENTS=0
	[ -d "$TREE/ftests" ] || WITH_FTESTS=0
	# The compiler the --build-only run found (it decided NOTBUILT).
	if [ -s "$BSTAT/fortran-compiler" ]; then
		have_fc=1
		FC=$(cat "$BSTAT/fortran-compiler")
	fi
else
# Same layout as PAPI's src/ directory, so that the tests' relative paths
# (./ctests/child_overflow, ./ctests/burn ...) work from the tree root.
cp -R "$EXAMPLES/testlib" "$EXAMPLES/ctests" "$EXAMPLES/validation_tests" "$TREE/" ||
	{ echo "$PROG: copying test sources failed" >&2; exit 1; }
if [ -f "$EXAMPLES/run_tests_exclude.txt" ]; then
	cp "$EXAMPLES/run_tests_exclude.txt" "$TREE/"
else
	: >"$TREE/run_tests_exclude.txt"
fi
if [ "$WITH_FTESTS" = 1 ] && [ -d "$EXAMPLES/ftests" ]; then
	cp -R "$EXAMPLES/ftests" "$TREE/" ||
		{ echo "$PROG: copying ftests failed" >&2; exit 1; }
	[ "$have_fc" = 1 ] && printf '%s\n' "$FC" >"$BSTAT/fortran-compiler"
else
	WITH_FTESTS=0
fi
if [ "$WITH_COMPONENTS" = 1 ] && [ -d "$EXAMPLES/components/perf_event/tests" ]; then
	mkdir -p "$TREE/components/perf_event"
	cp -R "$EXAMPLES/components/perf_event/tests" "$TREE/components/perf_event/"
else
	WITH_COMPONENTS=0
fi
# Debian compresses large files under /usr/share/doc; undo that if it happened.
find "$TREE" -name '*.gz' -type f -exec gzip -dqf {} + 2>/dev/null || true
chmod -R u+w "$TREE"
fi

# ------------------------------------------------------------ build setup
# Flags follow PAPI's Makefiles: ctests and components at -O1 with -g,
# validation_tests at -O2, do_loops.o at -O0 (it must not be optimised).
WARN=(-Wall -Wextra)
CT_CFLAGS=(-g -O1 "${WARN[@]}")
VT_CFLAGS=(-g -O2 "${WARN[@]}")
# ftests/Makefile: fixed form, lines up to 132 columns, -Dlinux, at -O1.
FT_FFLAGS=(-g -O1 -Dlinux -ffixed-line-length-132)
INC=(-I"$INCLUDE_DIR" -I"$TREE/testlib" -I"$TREE/validation_tests")
STATIC_FLAG=()
[ "${#STATIC_ARCHIVES[@]}" -gt 0 ] && STATIC_FLAG=(-static)

have_openmp=0
if printf '#include <omp.h>\nint main(void){return omp_get_max_threads()<1;}\n' |
	"$CC" "${STATIC_FLAG[@]}" -fopenmp -x c - -o "$WORK/omp-probe" >/dev/null 2>&1; then
	have_openmp=1
fi
rm -f "$WORK/omp-probe"

# Which papi*.h files does the compiler pick up?  A header missing from the
# given include dir silently falls back to /usr/include.
HEADER_NOTE=""
deps=$(printf '#include "papi.h"\n' | "$CC" "${INC[@]}" -M -x c - 2>/dev/null | tr -s '[:space:]' '\n' | grep -E '/papi[^/]*\.h$' || true)
for h in $deps; do
	case "$h" in
	"$INCLUDE_DIR"/*) ;;
	*) HEADER_NOTE="$HEADER_NOTE $h" ;;
	esac
done
if [ -n "$HEADER_NOTE" ]; then
	echo "$PROG: warning: these PAPI headers come from outside $INCLUDE_DIR:$HEADER_NOTE" >&2
fi

# Recipe table, transcribed from PAPI 7.0's ctests/Makefile (+ the variables
# its Makefile.recipies/Makefile.target define), validation_tests/Makefile,
# components/perf_event/tests/Makefile and ftests/Makefile.
#   id            test id = path relative to the tree root (as in
#                 run_tests_exclude.txt)
#   src           source file (relative to the test's directory)
#   mode          cc | pthread (cc -pthread ... -lpthread) | omp (-fopenmp)
#                 | helper-nopapi (no libpapi) | mpi (never built)
#                 | f77 (the Fortran compiler, fixed form; ftests_util.F
#                 linked in) | f77omp (the same with -fopenmp)
#   defs          extra -D flags, comma separated, or -
#   objs          extra objects, comma separated tokens, or -
#   libs          extra libraries, comma separated, or -
#   tier          core (a target of PAPI's Makefile) | extra (source that the
#                 Makefile does not build by default)
# Object tokens:
#   DOLOOPS=testlib/do_loops.o CLOCKCORE=testlib/clockcore.o
#   TESTFLOPS=validation_tests/flops_testcode.o
#   TESTINS=validation_tests/instructions_testcode.o
#   TESTCYCLES=validation_tests/busy_work.o  PROFUTILS=ctests/prof_utils.o
#   DISP=display_error.o BRANCH=branches_testcode.o CACHE=cache_testcode.o
#   CHELP=cache_helper.o MATRIX=matrix_multiply.o (validation_tests)
#   EVLIB=components/perf_event/tests/event_name_lib.o
RECIPES='
ctests/pthread_hl               pthread_hl.c            pthread -       DOLOOPS -   core
ctests/pthrtough                pthrtough.c             pthread -       -       -   core
ctests/pthrtough2               pthrtough2.c            pthread -       -       -   core
ctests/thrspecific              thrspecific.c           pthread -       -       -   core
ctests/profile_pthreads         profile_pthreads.c      pthread -       DOLOOPS -   core
ctests/overflow_pthreads        overflow_pthreads.c     pthread -       DOLOOPS -   core
ctests/zero_pthreads            zero_pthreads.c         pthread -       DOLOOPS -   core
ctests/clockres_pthreads        clockres_pthreads.c     pthread -       CLOCKCORE m core
ctests/overflow3_pthreads       overflow3_pthreads.c    pthread -       DOLOOPS -   core
ctests/locks_pthreads           locks_pthreads.c        pthread -       -       m   core
ctests/krentel_pthreads         krentel_pthreads.c      pthread -       -       -   core
ctests/serial_hl                serial_hl.c             cc      -       DOLOOPS -   core
ctests/serial_hl_ll_comb        serial_hl_ll_comb.c     cc      -       DOLOOPS -   core
ctests/all_events               all_events.c            cc      -       -       -   core
ctests/all_native_events        all_native_events.c     cc      -       -       -   core
ctests/branches                 branches.c              cc      -       TESTFLOPS m core
ctests/calibrate                calibrate.c             cc      -       DOLOOPS -   core
ctests/case1                    case1.c                 cc      -       DOLOOPS -   core
ctests/case2                    case2.c                 cc      -       -       -   core
ctests/cmpinfo                  cmpinfo.c               cc      -       -       -   core
ctests/code2name                code2name.c             cc      -       -       -   core
ctests/derived                  derived.c               cc      -       DOLOOPS -   core
ctests/describe                 describe.c              cc      -       -       -   core
ctests/destroy                  destroy.c               cc      -       TESTINS -   core
ctests/disable_component        disable_component.c     cc      -       -       -   core
ctests/dmem_info                dmem_info.c             cc      -       DOLOOPS -   core
ctests/eventname                eventname.c             cc      -       -       -   core
ctests/exeinfo                  exeinfo.c               cc      -       -       -   core
ctests/failed_events            failed_events.c         cc      -       -       -   core
ctests/first                    first.c                 cc      -       DOLOOPS -   core
ctests/get_event_component      get_event_component.c   cc      -       -       -   core
ctests/inherit                  inherit.c               cc      -       DOLOOPS -   core
ctests/hwinfo                   hwinfo.c                cc      -       -       -   core
ctests/johnmay2                 johnmay2.c              cc      -       DOLOOPS -   core
ctests/low-level                low-level.c             cc      -       DOLOOPS -   core
ctests/memory                   memory.c                cc      -       DOLOOPS -   core
ctests/realtime                 realtime.c              cc      -       -       -   core
ctests/remove_events            remove_events.c         cc      -       DOLOOPS -   core
ctests/reset                    reset.c                 cc      -       DOLOOPS -   core
ctests/second                   second.c                cc      -       DOLOOPS -   core
ctests/tenth                    tenth.c                 cc      -       DOLOOPS -   core
ctests/version                  version.c               cc      -       -       -   core
ctests/virttime                 virttime.c              cc      -       -       -   core
ctests/zero                     zero.c                  cc      -       TESTINS -   core
ctests/zero_flip                zero_flip.c             cc      -       DOLOOPS -   core
ctests/zero_named               zero_named.c            cc      -       DOLOOPS -   core
ctests/fork                     fork.c                  cc      -       -       -   core
ctests/fork2                    fork2.c                 cc      -       -       -   core
ctests/exec                     exec.c                  cc      -       -       -   core
ctests/exec2                    exec2.c                 cc      -       -       -   core
ctests/forkexec                 forkexec.c              cc      -       -       -   core
ctests/forkexec2                forkexec2.c             cc      -       -       -   core
ctests/forkexec3                forkexec3.c             cc      -       -       -   core
ctests/forkexec4                forkexec4.c             cc      -       -       -   core
ctests/fork_overflow            fork_overflow.c         cc      -       -       -   core
ctests/exec_overflow            exec_overflow.c         cc      PEXEC   TESTCYCLES -   core
ctests/child_overflow           child_overflow.c        cc      PCHILD  TESTCYCLES -   core
ctests/system_child_overflow    system_child_overflow.c cc      SYSTEM  -       -   core
ctests/system_overflow          system_overflow.c       cc      SYSTEM2 -       -   core
ctests/burn                     burn.c                  cc      -       DOLOOPS -   core
ctests/zero_fork                zero_fork.c             cc      -       DOLOOPS -   core
ctests/overflow                 overflow.c              cc      -       DOLOOPS -   core
ctests/overflow_force_software  overflow_force_software.c cc    -       DOLOOPS -   core
ctests/overflow_single_event    overflow_single_event.c cc      -       DOLOOPS -   core
ctests/overflow_twoevents       overflow_twoevents.c    cc      -       DOLOOPS -   core
ctests/timer_overflow           timer_overflow.c        cc      -       -       -   core
ctests/overflow2                overflow2.c             cc      -       DOLOOPS -   core
ctests/overflow_index           overflow_index.c        cc      -       DOLOOPS -   core
ctests/overflow_one_and_read    overflow_one_and_read.c cc      -       DOLOOPS -   core
ctests/overflow_allcounters     overflow_allcounters.c  cc      -       DOLOOPS -   core
ctests/profile                  profile.c               cc      -       PROFUTILS,DOLOOPS - core
ctests/profile_force_software   profile.c               cc      SWPROFILE PROFUTILS,DOLOOPS - core
ctests/sprofile                 sprofile.c              cc      -       PROFUTILS,DOLOOPS - core
ctests/profile_twoevents        profile_twoevents.c     cc      -       PROFUTILS,DOLOOPS - core
ctests/byte_profile             byte_profile.c          cc      -       PROFUTILS,DOLOOPS - core
ctests/max_multiplex            max_multiplex.c         cc      -       -       -   core
ctests/multiplex1               multiplex1.c            cc      -       DOLOOPS -   core
ctests/multiplex2               multiplex2.c            cc      -       DOLOOPS -   core
ctests/mendes-alt               mendes-alt.c            cc      MULTIPLEX -     -   core
ctests/sdsc-mpx                 sdsc-mpx.c              cc      MPX     TESTFLOPS -  core
ctests/sdsc2-mpx                sdsc2.c                 cc      MPX     TESTFLOPS m  core
ctests/sdsc2-mpx-noreset        sdsc2.c                 cc      MPX,STARTSTOP TESTFLOPS m core
ctests/sdsc4-mpx                sdsc4-mpx.c             cc      MPX     TESTFLOPS m  core
ctests/reset_multiplex          reset_multiplex.c       cc      -       DOLOOPS -   core
ctests/multiplex1_pthreads      multiplex1_pthreads.c   pthread -       DOLOOPS -   core
ctests/multiplex3_pthreads      multiplex3_pthreads.c   pthread -       DOLOOPS -   core
ctests/kufrin                   kufrin.c                pthread -       DOLOOPS -   core
ctests/omp_hl                   omp_hl.c                omp     -       DOLOOPS -   core
ctests/zero_omp                 zero_omp.c              omp     -       DOLOOPS -   core
ctests/omptough                 omptough.c              omp     -       -       -   core
ctests/zero_smp                 zero_smp.c              pthread -       DOLOOPS -   core
ctests/zero_shmem               zero_shmem.c            pthread -       DOLOOPS -   core
ctests/shlib                    shlib.c                 cc      -       -       dl  core
ctests/earprofile               earprofile.c            cc      -       PROFUTILS,DOLOOPS - core
ctests/data_range               data_range.c            cc      -       -       -   core
ctests/p4_lst_ins               p4_lst_ins.c            cc      -       DOLOOPS -   core
ctests/multiattach              multiattach.c           cc      -       DOLOOPS -   core
ctests/multiattach2             multiattach2.c          cc      -       DOLOOPS -   core
ctests/zero_attach              zero_attach.c           cc      -       DOLOOPS -   core
ctests/attach3                  attach3.c               cc      -       -       -   core
ctests/attach2                  attach2.c               cc      -       -       -   core
ctests/attach_target            attach_target.c         helper-nopapi - DOLOOPS - core
ctests/attach_cpu               attach_cpu.c            cc      -       DOLOOPS -   core
ctests/attach_validate          attach_validate.c       cc      -       TESTINS -   core
ctests/attach_cpu_validate      attach_cpu_validate.c   cc      -       DOLOOPS -   core
ctests/attach_cpu_sys_validate  attach_cpu_sys_validate.c cc    -       DOLOOPS -   core
ctests/krentel_pthreads_race    krentel_pthreads_race.c pthread -       -       -   extra
ctests/filter_helgrind          filter_helgrind.c       pthread -       -       -   extra
ctests/overflow_values          overflow_values.c       cc      -       -       -   extra
ctests/val_omp                  val_omp.c               omp     -       -       -   extra
ctests/pernode                  pernode.c               cc      -       -       -   extra
ctests/mpi_hl                   mpi_hl.c                mpi     -       -       -   core
ctests/mpi_omp_hl               mpi_omp_hl.c            mpi     -       -       -   core
ctests/mpifirst                 mpifirst.c              mpi     -       -       -   core
ctests/cpi                      cpi.c                   mpi     -       -       -   extra
validation_tests/fp_validation_hl   fp_validation_hl.c  cc      -       TESTFLOPS pthread core
validation_tests/cycles_validation  cycles_validation.c cc      -       DISP,TESTINS - core
validation_tests/flops_validation   flops_validation.c  cc      -       DISP,BRANCH,TESTFLOPS - core
validation_tests/papi_br_cn     papi_br_cn.c            cc      -       DISP,BRANCH - core
validation_tests/papi_br_ins    papi_br_ins.c           cc      -       DISP,BRANCH - core
validation_tests/papi_br_msp    papi_br_msp.c           cc      -       DISP,BRANCH - core
validation_tests/papi_br_ntk    papi_br_ntk.c           cc      -       DISP,BRANCH - core
validation_tests/papi_br_prc    papi_br_prc.c           cc      -       DISP,BRANCH - core
validation_tests/papi_br_tkn    papi_br_tkn.c           cc      -       DISP,BRANCH - core
validation_tests/papi_br_ucn    papi_br_ucn.c           cc      -       DISP,BRANCH - core
validation_tests/papi_dp_ops    papi_dp_ops.c           cc      -       DISP,BRANCH,TESTFLOPS - core
validation_tests/papi_fp_ops    papi_fp_ops.c           cc      -       DISP,BRANCH,TESTFLOPS - core
validation_tests/papi_sp_ops    papi_sp_ops.c           cc      -       DISP,BRANCH,TESTFLOPS - core
validation_tests/papi_hw_int    papi_hw_int.c           cc      -       -       -   core
validation_tests/papi_l1_dca    papi_l1_dca.c           cc      -       CACHE,DISP,MATRIX - core
validation_tests/papi_l1_dcm    papi_l1_dcm.c           cc      -       CHELP,CACHE,DISP,MATRIX - core
validation_tests/papi_l2_dca    papi_l2_dca.c           cc      -       CHELP,CACHE,DISP,MATRIX - core
validation_tests/papi_l2_dcm    papi_l2_dcm.c           cc      -       CHELP,CACHE,DISP,MATRIX - core
validation_tests/papi_l2_dcr    papi_l2_dcr.c           cc      -       CHELP,CACHE,DISP,MATRIX - core
validation_tests/papi_l2_dcw    papi_l2_dcw.c           cc      -       CHELP,CACHE,DISP,MATRIX - core
validation_tests/papi_ld_ins    papi_ld_ins.c           cc      -       DISP,MATRIX - core
validation_tests/papi_sr_ins    papi_sr_ins.c           cc      -       DISP,MATRIX - core
validation_tests/papi_ref_cyc   papi_ref_cyc.c          cc      -       DISP,TESTFLOPS - core
validation_tests/papi_tot_cyc   papi_tot_cyc.c          cc      -       DISP,MATRIX - core
validation_tests/papi_tot_ins   papi_tot_ins.c          cc      -       DISP,TESTINS - core
validation_tests/memleak_check  memleak_check.c         cc      -       DISP,BRANCH - extra
components/perf_event/tests/broken_events               broken_events.c               cc - EVLIB - core
components/perf_event/tests/nmi_watchdog                nmi_watchdog.c                cc - -     - core
components/perf_event/tests/perf_event_offcore_response perf_event_offcore_response.c cc - EVLIB,DOLOOPS - core
components/perf_event/tests/perf_event_system_wide      perf_event_system_wide.c      cc - DOLOOPS - core
components/perf_event/tests/perf_event_user_kernel      perf_event_user_kernel.c      cc - EVLIB,DOLOOPS - core
ftests/strtest                  strtest.F               f77     -       -       -   core
ftests/zero                     zero.F                  f77     -       DOLOOPS -   core
ftests/zeronamed                zeronamed.F             f77     -       DOLOOPS -   core
ftests/first                    first.F                 f77     -       DOLOOPS -   core
ftests/second                   second.F                f77     -       DOLOOPS -   core
ftests/tenth                    tenth.F                 f77     -       DOLOOPS -   core
ftests/description              description.F           f77     -       DOLOOPS -   core
ftests/fdmemtest                fdmemtest.F             f77     -       -       -   core
ftests/accum                    accum.F                 f77     -       DOLOOPS -   core
ftests/cost                     cost.F                  f77     -       -       -   core
ftests/case1                    case1.F                 f77     -       DOLOOPS -   core
ftests/case2                    case2.F                 f77     -       DOLOOPS -   core
ftests/clockres                 clockres.F              f77     -       -       -   core
ftests/eventname                eventname.F             f77     -       -       -   core
ftests/fmatrixlowpapi           fmatrixlowpapi.F        f77     -       DOLOOPS -   core
ftests/fmultiplex1              fmultiplex1.F           f77     -       DOLOOPS -   core
ftests/johnmay2                 johnmay2.F              f77     -       DOLOOPS -   core
ftests/fmultiplex2              fmultiplex2.F           f77     -       DOLOOPS -   core
ftests/avail                    avail.F                 f77     -       -       -   core
ftests/openmp                   openmp.F                f77omp  -       -       -   core
ftests/serial_hl                serial_hl.F             f77     NUM_FLOPS=20000000 DOLOOPS - core
ftests/nineth                   nineth.F                f77     -       DOLOOPS -   extra
'
# ftests/serial_hl.F passes NUM_FLOPS to fdo_flops but includes fpapi.h, not
# fpapi_test.h, which defines it: built as it is, NUM_FLOPS is an implicit,
# uninitialized REAL, and the loop count is whatever the stack holds there
# (nothing, or minutes). It gets fpapi_test.h's value, as the test means.

# Sources that are support code, not test programs.
SUPPORT_SOURCES=" ctests/prof_utils.c validation_tests/display_error.c
 validation_tests/branches_testcode.c validation_tests/busy_work.c
 validation_tests/cache_helper.c validation_tests/cache_testcode.c
 validation_tests/flops_testcode.c validation_tests/instructions_testcode.c
 validation_tests/matrix_multiply.c validation_tests/vector_testcode.c
 components/perf_event/tests/event_name_lib.c "

# Helper programs that other tests exec; always built when ctests are built.
HELPERS=" ctests/burn ctests/attach_target ctests/child_overflow "

SUPPORT_SOURCES=" $(printf '%s' "$SUPPORT_SOURCES" | tr -s '[:space:]' ' ') "
EXCLUDES=" $(grep -v -e '^#' -e '^[[:space:]]*$' "$TREE/run_tests_exclude.txt" | tr -s ' \t\r\n' ' ') "

is_excluded() { case "$EXCLUDES" in *" $1 "*) return 0 ;; esac; return 1; }
# --exclude-list: "id reason..." lines; list_excluded ID prints the reason.
list_excluded() {
	[ -n "$EXCLUDE_LIST" ] || return 1
	awk -v id="$1" '$1 == id { $1 = ""; sub(/^[ \t]+/, ""); print ($0 == "" ? "--exclude-list" : $0); found = 1; exit }
		END { exit !found }' "$EXCLUDE_LIST"
}
# PAPI's tests whose verdict compares two wall-clock times of the same
# work (flops_validation fails when the cache-friendly loop is not the
# faster one): a busy 2-CPU machine can lose that race with nothing wrong.
TIMING_TESTS=" validation_tests/flops_validation "
is_timing_test() { case "$TIMING_TESTS" in *" $1 "*) return 0 ;; esac; return 1; }

# run_local ID OUT: runs one built test in the tree, as PAPI's run_tests.sh
# would, and classifies it (sets CLASS and REASON).
run_local() {
	(
		cd "$TREE" || exit 1
		exec env -u PAPI_DEBUG -u PAPI_EVENTS -u PAPI_REPORT -u PAPI_OUTPUT_DIRECTORY \
			-u PAPI_MULTIPLEX -u PAPI_HL_VERBOSE -u TESTS_COLOR \
			TESTS_QUIET=TESTS_QUIET PATH="./ctests:$PATH" LD_LIBRARY_PATH="$LD_PATH_RUN" \
			timeout -k 10 "$TIMEOUT" "./$1" TESTS_QUIET
	) </dev/null >"$2" 2>&1
	local rc=$?
	# High-level API tests leave their measurement directory behind.
	rm -rf "$TREE"/papi_hl_output*
	classify "$1" "$rc" "$2"
}

is_helper() { case "$HELPERS" in *" $1 "*) return 0 ;; esac; return 1; }
selected() { [ -z "$ONLY" ] || [[ $1 =~ $ONLY ]]; }

# Parse the table into parallel arrays (only rows whose source exists).
IDS=() SRCS=() MODES=() DEFS=() OBJS=() LIBS=() TIERS=()
known=" "
add_recipe() {
	IDS+=("$1") SRCS+=("$2") MODES+=("$3") DEFS+=("$4") OBJS+=("$5") LIBS+=("$6") TIERS+=("$7")
	known="$known$(dirname "$1")/$2 "
}
while read -r id src mode defs objs libs tier; do
	[ -n "$id" ] || continue
	case "$id" in components/*) [ "$WITH_COMPONENTS" = 1 ] || continue ;; esac
	[ -f "$TREE/$(dirname "$id")/$src" ] || continue
	add_recipe "$id" "$src" "$mode" "$defs" "$objs" "$libs" "$tier"
done <<<"$RECIPES"

# Any test source the table does not know (a newer papi-examples) is built
# with a generic recipe and treated as an extra.
comp_glob=()
[ "$WITH_COMPONENTS" = 1 ] && comp_glob=("$TREE"/components/perf_event/tests/*.c)
for f in "$TREE"/ctests/*.c "$TREE"/validation_tests/*.c "${comp_glob[@]}"; do
	[ -f "$f" ] || continue
	rel=${f#"$TREE"/}
	case "$known$SUPPORT_SOURCES" in *" $rel "*) continue ;; esac
	mode=cc
	grep -q 'pthread' "$f" && mode=pthread
	grep -q -e 'omp\.h' -e 'pragma omp' "$f" && mode=omp
	grep -q 'mpi\.h' "$f" && mode=mpi
	objs=DOLOOPS
	case "$rel" in validation_tests/*) objs=DISP,BRANCH,TESTFLOPS,TESTINS,MATRIX ;; esac
	add_recipe "${rel%.c}" "$(basename "$rel")" "$mode" - "$objs" m extra
done
for f in "$TREE"/ftests/*.F; do
	[ -f "$f" ] || continue
	rel=${f#"$TREE"/}
	case "$known" in *" $rel "*) continue ;; esac
	mode=f77
	grep -q -i 'omp_' "$f" && mode=f77omp
	add_recipe "${rel%.F}" "$(basename "$rel")" "$mode" - DOLOOPS - extra
done

# Decide, per test, whether it is built, run and counted.
#   PLAN: run | excluded | excluded:<reason> (--exclude-list)
#         | notbuilt:<reason> | skip (not selected / extra)
PLAN=()
for i in "${!IDS[@]}"; do
	id=${IDS[$i]}
	p=run
	if [ "${TIERS[$i]}" = extra ] && [ "$WITH_EXTRA" = 0 ]; then
		p=skip
	elif ! selected "$id"; then
		p=skip
	elif [ "${MODES[$i]}" = mpi ]; then
		p="notbuilt:MPI test (not built)"
	elif [ "${MODES[$i]}" = omp ] && [ "$have_openmp" = 0 ]; then
		p="notbuilt:OpenMP (libgomp) not available"
	elif [ "${MODES[$i]#f77}" != "${MODES[$i]}" ] && [ "$have_fc" = 0 ]; then
		p="notbuilt:no Fortran compiler ($FC; apt-get install $FC_PKG)"
	elif [ "${MODES[$i]#f77}" != "${MODES[$i]}" ] &&
		[ ! -f "$INCLUDE_DIR/fpapi.h" ]; then
		p="notbuilt:no fpapi.h in $INCLUDE_DIR"
	elif [ "${MODES[$i]}" = f77omp ] && [ "$have_openmp" = 0 ]; then
		p="notbuilt:OpenMP (libgomp) not available"
	elif is_excluded "$id"; then
		p=excluded
	elif why=$(list_excluded "$id"); then
		p="excluded:$why"
	fi
	PLAN+=("$p")
done

# Build list: tests to run plus helper programs.
BUILD_IDX=()
need_ctests_helpers=0
for i in "${!IDS[@]}"; do
	if [ "${PLAN[$i]}" = run ]; then
		BUILD_IDX+=("$i")
		case "${IDS[$i]}" in ctests/*) need_ctests_helpers=1 ;; esac
	fi
done
if [ "$need_ctests_helpers" = 1 ]; then
	for i in "${!IDS[@]}"; do
		if is_helper "${IDS[$i]}" && [ "${PLAN[$i]}" != run ]; then
			BUILD_IDX+=("$i")
		fi
	done
fi

# ---------------------------------------------------------------- building
# first_error LOGFILE -> the first compiler/linker error line, shortened.
first_error() {
	local line
	line=$(grep -m1 -E 'error:|undefined reference|cannot find|No such file|ld returned' "$1" 2>/dev/null ||
		grep -m1 -v '^[[:space:]]*$' "$1" 2>/dev/null || true)
	line=${line//"$TREE/"/}
	line=${line//$'\t'/ }
	[ -n "$line" ] || line="compiler failed with no message"
	printf '%s' "${line:0:240}"
}

logname() { printf '%s' "${1//\//__}"; }

# compile_obj OUT.o SRC.c CFLAGS... : support objects, built up front.
compile_obj() {
	local out=$1 src=$2
	shift 2
	local log
	log="$BLOG/$(logname "${out#"$TREE"/}").log"
	if ! "$CC" "${INC[@]}" "$@" -c "$src" -o "$out" >"$log" 2>&1; then
		rm -f "$out"
		printf '%s\n' "$(first_error "$log")" >"$out.failed"
	fi
}

objpath() {
	case "$1" in
	DOLOOPS) echo "$TREE/testlib/do_loops.o" ;;
	CLOCKCORE) echo "$TREE/testlib/clockcore.o" ;;
	TESTFLOPS) echo "$TREE/validation_tests/flops_testcode.o" ;;
	TESTINS) echo "$TREE/validation_tests/instructions_testcode.o" ;;
	TESTCYCLES) echo "$TREE/validation_tests/busy_work.o" ;;
	PROFUTILS) echo "$TREE/ctests/prof_utils.o" ;;
	DISP) echo "$TREE/validation_tests/display_error.o" ;;
	BRANCH) echo "$TREE/validation_tests/branches_testcode.o" ;;
	CACHE) echo "$TREE/validation_tests/cache_testcode.o" ;;
	CHELP) echo "$TREE/validation_tests/cache_helper.o" ;;
	MATRIX) echo "$TREE/validation_tests/matrix_multiply.o" ;;
	EVLIB) echo "$TREE/components/perf_event/tests/event_name_lib.o" ;;
	*) echo "$TREE/unknown-object-$1.o" ;;
	esac
}

# build_test INDEX: writes BSTAT/<id>.status = "OK" or "FAIL<TAB>reason".
build_test() {
	local i=$1
	local id=${IDS[$i]} src=${SRCS[$i]} mode=${MODES[$i]}
	local dir
	dir=$TREE/$(dirname "$id")
	local name
	name=$(basename "$id")
	local stat
	stat="$BSTAT/$(logname "$id").status"
	local log
	log="$BLOG/$(logname "$id").log"
	local -a cmd flags objs libs
	case "$id" in
	validation_tests/*) flags=("${VT_CFLAGS[@]}") ;;
	*) flags=("${CT_CFLAGS[@]}") ;;
	esac
	case "$mode" in
	pthread) flags=(-pthread "${flags[@]}") ;;
	omp) flags=(-pthread -fopenmp "${flags[@]}") ;;
	f77) flags=("${FT_FFLAGS[@]}") ;;
	f77omp) flags=(-fopenmp "${FT_FFLAGS[@]}") ;;
	esac
	local d o l
	if [ "${DEFS[$i]}" != - ]; then
		for d in ${DEFS[$i]//,/ }; do flags+=("-D$d"); done
	fi
	objs=()
	if [ "${OBJS[$i]}" != - ]; then
		for o in ${OBJS[$i]//,/ }; do
			o=$(objpath "$o")
			if [ ! -f "$o" ]; then
				printf 'FAIL\tprerequisite %s did not build: %s\n' "${o#"$TREE"/}" \
					"$(cat "$o.failed" 2>/dev/null || echo 'missing')" >"$stat"
				return 0
			fi
			objs+=("$o")
		done
	fi
	if [ ! -f "$TREE/testlib/libtestlib.a" ]; then
		printf 'FAIL\tprerequisite testlib/libtestlib.a did not build: %s\n' \
			"$(cat "$TREE/testlib/test_utils.o.failed" 2>/dev/null || echo 'missing')" >"$stat"
		return 0
	fi
	if [ "${mode#f77}" != "$mode" ] && [ ! -f "$TREE/testlib/libftestlib.a" ]; then
		printf 'FAIL\tprerequisite testlib/ftests_util.o did not build: %s\n' \
			"$(cat "$TREE/testlib/ftests_util.o.failed" 2>/dev/null || echo 'missing')" >"$stat"
		return 0
	fi
	libs=()
	if [ "${LIBS[$i]}" != - ]; then
		for l in ${LIBS[$i]//,/ }; do libs+=("-l$l"); done
	fi
	[ "$mode" = pthread ] && libs+=(-lpthread)
	cmd=("$CC" -I"$dir" "${INC[@]}" "${flags[@]}" "$dir/$src" "${objs[@]}")
	if [ "$mode" = helper-nopapi ]; then
		# Static too where the tests are (the PMU machine has no
		# dynamic loader: a dynamic attach_target fails to exec there).
		cmd+=("${STATIC_FLAG[@]}" "$TREE/testlib/libtestlib.a")
	elif [ "${mode#f77}" != "$mode" ]; then
		# The source by its name in its directory, as ftests/Makefile
		# does: __FILE__ is what ftests_pass() prints before PASSED, at
		# column 41 (a longer path would be overwritten by it).
		cmd[0]=$FC
		cmd=("${cmd[@]/#"$dir/$src"/$src}")
		cmd+=("${FSKIPWRAP[@]}" "$TREE/testlib/libftestlib.a"
			"$TREE/testlib/libtestlib.a" "${PAPI_LINK[@]}")
	else
		cmd+=("${SKIPWRAP[@]}" "$TREE/testlib/libtestlib.a" "${PAPI_LINK[@]}")
	fi
	cmd+=("${libs[@]}" -o "$dir/$name")
	{
		printf '%q ' "${cmd[@]}"
		printf '\n'
	} >"$log"
	if (cd "$dir" && "${cmd[@]}") >>"$log" 2>&1 && [ -x "$dir/$name" ]; then
		printf 'OK\n' >"$stat"
	else
		rm -f "$dir/$name"
		printf 'FAIL\t%s\n' "$(first_error "$log")" >"$stat"
	fi
}

if [ -n "$FROM_CONSOLE" ]; then
	echo "[conformance] classifying the tests built in $TREE from $FROM_CONSOLE"
else
if [ "${#STATIC_ARCHIVES[@]}" -gt 0 ]; then
	echo "[conformance] papi.h from $INCLUDE_DIR, static: ${STATIC_ARCHIVES[*]} ($CC)"
else
	echo "[conformance] papi.h from $INCLUDE_DIR, libpapi from $LIB_DIR"
fi
echo "[conformance] building ${#BUILD_IDX[@]} programs in $TREE (jobs=$JOBS)"

# Support objects first (shared by many tests; building them once avoids
# races between parallel links).
pids=()
compile_obj "$TREE/testlib/test_utils.o" "$TREE/testlib/test_utils.c" "${CT_CFLAGS[@]}" &
pids+=($!)
compile_obj "$TREE/testlib/do_loops.o" "$TREE/testlib/do_loops.c" -g -O0 "${WARN[@]}" &
pids+=($!)
compile_obj "$TREE/testlib/clockcore.o" "$TREE/testlib/clockcore.c" "${CT_CFLAGS[@]}" &
pids+=($!)
wait "${pids[@]}"
for s in display_error branches_testcode busy_work cache_helper cache_testcode \
	flops_testcode instructions_testcode matrix_multiply; do
	[ -f "$TREE/validation_tests/$s.c" ] || continue
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
	compile_obj "$TREE/validation_tests/$s.o" "$TREE/validation_tests/$s.c" "${VT_CFLAGS[@]}" &
done
if [ -f "$TREE/ctests/prof_utils.c" ]; then
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
	compile_obj "$TREE/ctests/prof_utils.o" "$TREE/ctests/prof_utils.c" -I"$TREE/ctests" "${CT_CFLAGS[@]}" &
fi
if [ "$WITH_COMPONENTS" = 1 ] && [ -f "$TREE/components/perf_event/tests/event_name_lib.c" ]; then
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
	compile_obj "$TREE/components/perf_event/tests/event_name_lib.o" \
		"$TREE/components/perf_event/tests/event_name_lib.c" "${CT_CFLAGS[@]}" &
fi
wait
if [ -f "$TREE/testlib/test_utils.o" ]; then
	"$AR" rcs "$TREE/testlib/libtestlib.a" "$TREE/testlib/test_utils.o" >"$BLOG/libtestlib.log" 2>&1 ||
		rm -f "$TREE/testlib/libtestlib.a"
fi
# The Fortran tests' half of testlib, when one of them is to be built.
need_ftestlib=0
for i in "${BUILD_IDX[@]}"; do
	[ "${MODES[$i]#f77}" != "${MODES[$i]}" ] && need_ftestlib=1
done
if [ "$need_ftestlib" = 1 ] && [ -f "$TREE/testlib/ftests_util.F" ]; then
	log="$BLOG/testlib__ftests_util.o.log"
	if (cd "$TREE/testlib" && "$FC" "${INC[@]}" "${FT_FFLAGS[@]}" \
		-c "$TREE/testlib/ftests_util.F" -o "$TREE/testlib/ftests_util.o") \
		>"$log" 2>&1; then
		"$AR" rcs "$TREE/testlib/libftestlib.a" "$TREE/testlib/ftests_util.o" \
			>>"$log" 2>&1 || rm -f "$TREE/testlib/libftestlib.a"
	else
		rm -f "$TREE/testlib/ftests_util.o"
		printf '%s\n' "$(first_error "$log")" >"$TREE/testlib/ftests_util.o.failed"
	fi
fi

# testlib's test_skip() prints a bare "SKIPPED" and drops its arguments.  To
# report why a test skipped, every test is linked with --wrap=test_skip and a
# small archive whose __wrap_test_skip writes one tagged line to stderr and
# then calls the real test_skip.  The test's own behaviour and stdout are
# unchanged; the archive member is only pulled in by tests that call
# test_skip.
SKIPWRAP=()
cat >"$WORK/skip_reason.c" <<'CEOF'
#include <stdio.h>
void __real_test_skip(const char *file, int line, const char *call, int retval);
void __wrap_test_skip(const char *file, int line, const char *call, int retval)
{
	fflush(stdout);
	fprintf(stderr, "[conformance-skip] %s:%d: %s (retval %d)\n",
		file ? file : "?", line, call ? call : "?", retval);
	fflush(stderr);
	__real_test_skip(file, line, call, retval);
}
CEOF
if "$CC" -g -O1 -c "$WORK/skip_reason.c" -o "$WORK/skip_reason.o" >"$BLOG/skip_reason.log" 2>&1 &&
	"$AR" rcs "$WORK/libskipreason.a" "$WORK/skip_reason.o" >>"$BLOG/skip_reason.log" 2>&1; then
	SKIPWRAP=("-Wl,--wrap=test_skip" "$WORK/libskipreason.a")
fi
# The same for the Fortran tests: ftests_util.F's ftest_skip and ftest_fail
# print no reason under TESTS_QUIET (ftest_fail skips for PAPI_ECMP,
# PAPI_ENOEVNT, PAPI_ECNFLCT, PAPI_EPERM and 0). Their wrappers, called the
# Fortran way (every argument by reference, then the two CHARACTER lengths),
# write "[conformance-skip] ..." for a skip, "[conformance-fail] ..." for a
# failure, then call the real subroutine.
FSKIPWRAP=()
if [ "$need_ftestlib" = 1 ]; then
cat >"$WORK/fskip_reason.c" <<'CEOF'
#include <stddef.h>
#include <stdio.h>
void __real_ftest_skip_(const char *file, int *line, const char *call,
			int *retval, size_t file_len, size_t call_len);
void __real_ftest_fail_(const char *file, int *line, const char *call,
			int *retval, size_t file_len, size_t call_len);
void __wrap_ftest_skip_(const char *file, int *line, const char *call,
			int *retval, size_t file_len, size_t call_len);
void __wrap_ftest_fail_(const char *file, int *line, const char *call,
			int *retval, size_t file_len, size_t call_len);

static void say(const char *tag, const char *file, int line, const char *call,
		int retval, size_t file_len, size_t call_len)
{
	while (file_len > 0 && file[file_len - 1] == ' ')
		file_len--;
	while (call_len > 0 && call[call_len - 1] == ' ')
		call_len--;
	fflush(stdout);
	fprintf(stderr, "[conformance-%s] %.*s:%d: %.*s (retval %d)\n", tag,
		(int)file_len, file, line, (int)call_len, call, retval);
	fflush(stderr);
}

void __wrap_ftest_skip_(const char *file, int *line, const char *call,
			int *retval, size_t file_len, size_t call_len)
{
	say("skip", file, *line, call, *retval, file_len, call_len);
	__real_ftest_skip_(file, line, call, retval, file_len, call_len);
}

void __wrap_ftest_fail_(const char *file, int *line, const char *call,
			int *retval, size_t file_len, size_t call_len)
{
	/* PAPI_ECMP, PAPI_ENOEVNT, PAPI_ECNFLCT, PAPI_EPERM: a skip; and
	 * retval 0, which ftest_fail reports as SKIPPED. */
	int r = *retval;
	int skip = r == 0 || r == -4 || r == -7 || r == -8 || r == -15;

	say(skip ? "skip" : "fail", file, *line, call, r, file_len, call_len);
	__real_ftest_fail_(file, line, call, retval, file_len, call_len);
}
CEOF
if "$CC" -g -O1 -c "$WORK/fskip_reason.c" -o "$WORK/fskip_reason.o" >"$BLOG/fskip_reason.log" 2>&1 &&
	"$AR" rcs "$WORK/libfskipreason.a" "$WORK/fskip_reason.o" >>"$BLOG/fskip_reason.log" 2>&1; then
	FSKIPWRAP=("-Wl,--wrap=ftest_skip_" "-Wl,--wrap=ftest_fail_" "$WORK/libfskipreason.a")
fi
fi

for i in "${BUILD_IDX[@]}"; do
	while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n; done
	build_test "$i" &
done
wait
fi

T_BUILT=$(date +%s)

# ------------------------------------------------------------------ running
# clean_output FILE: the output with colour escapes and CRs removed.
clean_output() {
	sed -e 's/\x1b\[[0-9;]*m//g' -e 's/\r$//' "$1" 2>/dev/null
}

one_line() {
	local s=$1
	s=${s//$'\t'/ }
	s=${s//$'\n'/ }
	s=$(printf '%s' "$s" | tr -s ' ')
	s=${s# }
	printf '%s' "${s:0:240}"
}

# is_signal RC: true when RC means "terminated by a signal" (128+N).
is_signal() {
	[ "$1" -gt 128 ] && [ "$1" -le 192 ] && kill -l $(($1 - 128)) >/dev/null 2>&1
}

# classify ID RC OUTFILE -> sets CLASS and REASON.
classify() {
	local id=$1 rc=$2 out=$3
	local text last_marker
	text=$(clean_output "$out")
	CLASS=FAILED
	REASON=""
	if grep -q -E '(^|[^A-Za-z_])FAILED([^A-Za-z_]|$)' <<<"$text"; then
		# test_fail(): "FAILED!!!" then "Line # N Error in CALL: message".
		# ftest_fail() (Fortran): its wrapper's line says where and why.
		REASON=$(grep -m1 '^\[conformance-fail\] ' <<<"$text" |
			sed 's|^\[conformance-fail\] |ftest_fail at ftests/|' || true)
		[ -n "$REASON" ] || REASON=$(grep -A3 -E '(^|[^A-Za-z_])FAILED([^A-Za-z_]|$)' <<<"$text" |
			grep -m1 -E 'Line #|Error|error' || true)
		[ -n "$REASON" ] || REASON=$(grep -m1 -E '(^|[^A-Za-z_])FAILED([^A-Za-z_]|$)' <<<"$text")
		REASON=${REASON//FAILED!!!/ }
		case "$rc" in
		124 | 137) REASON="timeout after ${TIMEOUT}s; $REASON" ;;
		*) is_signal "$rc" && REASON="killed by SIG$(kill -l $((rc - 128))); $REASON" ;;
		esac
		REASON=$(one_line "$REASON")
		return
	fi
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		REASON="timeout after ${TIMEOUT}s"
		return
	fi
	if is_signal "$rc"; then
		REASON="crashed: killed by SIG$(kill -l $((rc - 128)))"
		local tail1
		tail1=$(grep -v '^[[:space:]]*$' <<<"$text" | tail -n1)
		[ -n "$tail1" ] && REASON="$REASON; last output: $tail1"
		REASON=$(one_line "$REASON")
		return
	fi
	# The last of PASSED / SKIPPED wins (forking tests can print twice).
	last_marker=$(grep -o -E '(^|[^A-Za-z_])(PASSED|SKIPPED)([^A-Za-z_]|$)' <<<"$text" |
		grep -o -E 'PASSED|SKIPPED' | tail -n1)
	if [ "$rc" = 0 ] && [ "$last_marker" = SKIPPED ]; then
		CLASS=SKIPPED
		# test_skip() prints no reason; the line before it usually says why
		# (a PAPI error message or the test's own explanation).
		REASON=$(grep -m1 '^\[conformance-skip\] ' <<<"$text" | sed 's/^\[conformance-skip\] //')
		case "$id" in
		ftests/*) [ -n "$REASON" ] && REASON="ftest_skip at ftests/$REASON" ;;
		*) [ -n "$REASON" ] && REASON="test_skip at ${REASON//"$TREE/"/}" ;;
		esac
		[ -n "$REASON" ] || REASON=$(grep -B12 -E '(^|[^A-Za-z_])SKIPPED([^A-Za-z_]|$)' <<<"$text" |
			grep -v -E '(^|[^A-Za-z_])SKIPPED([^A-Za-z_]|$)|^[[:space:]]*$' | tail -n1)
		[ -n "$REASON" ] || REASON="no reason printed (skip raised inside testlib, or SKIPPED printed by the test itself)"
		REASON=$(one_line "$REASON")
		return
	fi
	if [ "$rc" = 0 ] && [ "$last_marker" = PASSED ]; then
		CLASS=PASSED
		if grep -q 'PASSED with WARNING' <<<"$text"; then
			REASON="PASSED with WARNING: $(grep -m1 -E '^WARNING|WARNING ' <<<"$text" | grep -v 'PASSED with' || true)"
			REASON=$(one_line "$REASON")
		fi
		return
	fi
	if [ "$rc" != 0 ]; then
		REASON="exit status $rc without PASSED/SKIPPED"
	else
		REASON="exit status 0 but no PASSED/SKIPPED line"
	fi
	local tail2
	tail2=$(grep -v '^[[:space:]]*$' <<<"$text" | tail -n1)
	[ -n "$tail2" ] && REASON="$REASON; last output: $tail2"
	REASON=$(one_line "$REASON")
}

# Run order as in run_tests.sh: validation tests, C tests, Fortran tests,
# component tests.
order_key() {
	case "$1" in
	validation_tests/*) echo 1 ;;
	ctests/*) echo 2 ;;
	ftests/*) echo 3 ;;
	*) echo 4 ;;
	esac
}
RUN_ORDER=$(for i in "${!IDS[@]}"; do
	[ "${PLAN[$i]}" = skip ] && continue
	printf '%s %s %s\n' "$(order_key "${IDS[$i]}")" "${IDS[$i]}" "$i"
done | LC_ALL=C sort -k1,1n -k2,2 | awk '{print $3}')

# --build-only: say what to run where, and stop.
if [ "$BUILD_ONLY" = 1 ]; then
	n_run=0 n_bad=0
	{
		echo "# $PROG --build-only: run each test from $TREE as ./<id> TESTS_QUIET"
		echo "# (TESTS_QUIET=TESTS_QUIET and PATH=./ctests:\$PATH in the environment, stdin"
		echo "# /dev/null), in this order; then classify with --from-console"
		for i in $RUN_ORDER; do
			[ "${PLAN[$i]}" = run ] || continue
			st=$(cat "$BSTAT/$(logname "${IDS[$i]}").status" 2>/dev/null || echo FAIL)
			if [ "${st%%$'\t'*}" = OK ]; then
				printf 'run\t%s\n' "${IDS[$i]}"
			fi
		done
		for i in "${BUILD_IDX[@]}"; do
			st=$(cat "$BSTAT/$(logname "${IDS[$i]}").status" 2>/dev/null || echo FAIL)
			[ "${st%%$'\t'*}" = OK ] && printf 'prog\t%s\n' "${IDS[$i]}"
		done
	} >"$WORK/manifest.txt" || { echo "$PROG: cannot write $WORK/manifest.txt" >&2; exit 1; }
	n_run=$(grep -c '^run' "$WORK/manifest.txt")
	for i in $RUN_ORDER; do
		[ "${PLAN[$i]}" = run ] || continue
		st=$(cat "$BSTAT/$(logname "${IDS[$i]}").status" 2>/dev/null || echo FAIL)
		[ "${st%%$'\t'*}" = OK ] || n_bad=$((n_bad + 1))
	done
	echo "[conformance] built in $((T_BUILT - T_START))s: $n_run tests to run, $n_bad did not build"
	echo "manifest: $WORK/manifest.txt"
	exit 0
fi

# --from-console: split the log into the per-test output files and exit
# statuses the run below would have produced.
#   === RUN <id>
#   ... output ...
#   === EXIT <id> <rc> [guest seconds]
if [ -n "$FROM_CONSOLE" ]; then
	tr -d '\r' <"$FROM_CONSOLE" | awk -v dir="$RLOG" '
		function fname(id,   n) { n = id; gsub("/", "__", n); return dir "/" n }
		/^=== RUN / { if (f != "") close(f); id = $3; f = fname(id) ".out"; printf "" > f; next }
		/^=== EXIT / {
			if (f != "") close(f)
			print $4 > (fname($3) ".rc"); close(fname($3) ".rc")
			if (NF >= 5) { print $5 > (fname($3) ".time"); close(fname($3) ".time") }
			f = ""; next
		}
		f != "" { print >> f }' || { echo "$PROG: cannot split $FROM_CONSOLE" >&2; exit 1; }
fi

# Counters: n_* for the PAPI test suite proper (validation_tests + ctests,
# the set run_tests.sh reports), c_* for components/perf_event/tests and
# f_* for the Fortran tests (ftests), which are reported on lines of their
# own and are not part of the total.
n_pass=0 n_skip=0 n_fail=0
c_pass=0 c_skip=0 c_fail=0
f_pass=0 f_skip=0 f_fail=0
RES_LINES=()
FAIL_LINES=()
EXTRA_LINES=()
LD_PATH_RUN=$LIB_DIR${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}

if [ -n "$FROM_CONSOLE" ]; then
	echo "[conformance] results from the log (timeout ${TIMEOUT}s each; times are the machine's)"
else
	echo "[conformance] running tests sequentially (timeout ${TIMEOUT}s each)"
fi
for i in $RUN_ORDER; do
	id=${IDS[$i]}
	p=${PLAN[$i]}
	case "$p" in
	excluded)
		EXTRA_LINES+=("$(printf '%s\t%s\t%s' "$id" EXCLUDED "listed in run_tests_exclude.txt")")
		continue
		;;
	excluded:*)
		EXTRA_LINES+=("$(printf '%s\t%s\t%s' "$id" EXCLUDED "$(one_line "${p#excluded:}")")")
		continue
		;;
	notbuilt:*)
		EXTRA_LINES+=("$(printf '%s\t%s\t%s' "$id" NOTBUILT "${p#notbuilt:}")")
		continue
		;;
	esac
	stat="$BSTAT/$(logname "$id").status"
	t0=$SECONDS
	st=$(cat "$stat" 2>/dev/null || printf 'FAIL\tbuild did not run')
	if [ "${st%%$'\t'*}" != OK ]; then
		CLASS="FAILED(build)"
		REASON=$(one_line "${st#*$'\t'}")
	elif [ -n "$FROM_CONSOLE" ]; then
		out="$RLOG/$(logname "$id").out"
		rc=$(cat "$RLOG/$(logname "$id").rc" 2>/dev/null)
		case "$rc" in
		[0-9] | [0-9][0-9] | [0-9][0-9][0-9]) classify "$id" "$rc" "$out" ;;
		*)
			CLASS=FAILED
			if [ -f "$out" ]; then
				REASON="started but never ended: the machine stopped (crash or time limit)"
			else
				REASON="never started: the machine stopped before it"
			fi
			;;
		esac
		t_guest=$(cat "$RLOG/$(logname "$id").time" 2>/dev/null || echo '?')
	else
		out="$RLOG/$(logname "$id").out"
		run_local "$id" "$out"
		# A test whose verdict is a wall-clock race gets two more runs
		# when it loses one; each retry is named in the reason.
		tries=1
		while [ "$CLASS" = FAILED ] && is_timing_test "$id" && [ $tries -lt 3 ]; do
			first=${first:-$REASON}
			tries=$((tries + 1))
			run_local "$id" "$out"
		done
		if [ $tries -gt 1 ]; then
			REASON="run $tries times (verdict compares wall-clock times); first: $first${REASON:+; last: $REASON}"
			[ "$CLASS" = PASSED ] && REASON="passed on run $tries; $REASON"
			unset first
		fi
	fi
	case "$id:$CLASS" in
	components/*:PASSED) c_pass=$((c_pass + 1)) ;;
	components/*:SKIPPED) c_skip=$((c_skip + 1)) ;;
	components/*) c_fail=$((c_fail + 1)) ;;
	ftests/*:PASSED) f_pass=$((f_pass + 1)) ;;
	ftests/*:SKIPPED) f_skip=$((f_skip + 1)) ;;
	ftests/*) f_fail=$((f_fail + 1)) ;;
	*:PASSED) n_pass=$((n_pass + 1)) ;;
	*:SKIPPED) n_skip=$((n_skip + 1)) ;;
	*) n_fail=$((n_fail + 1)) ;;
	esac
	case "$CLASS" in
	PASSED | SKIPPED) ;;
	*) FAIL_LINES+=("  $id: $CLASS: $REASON") ;;
	esac
	RES_LINES+=("$(printf '%s\t%s\t%s' "$id" "$CLASS" "${REASON:--}")")
	if [ -n "$FROM_CONSOLE" ]; then
		printf '  %-55s %-13s %5ss\n' "$id" "$CLASS" "${t_guest:-?}"
	else
		printf '  %-55s %-13s %3ss\n' "$id" "$CLASS" "$((SECONDS - t0))"
	fi
done

# PAPI's SDE tests: each with a library of its own, and libsde (sde.sh).
. "$SCRIPT_DIR/sde.sh"

T_END=$(date +%s)
total=$((n_pass + n_skip + n_fail))
summary="conformance${LABEL:+ ($LABEL)}: $n_pass passed, $n_skip skipped, $n_fail failed of $total"
c_total=$((c_pass + c_skip + c_fail))
c_summary="components/perf_event (not in the total above): $c_pass passed, $c_skip skipped, $c_fail failed of $c_total"
f_total=$((f_pass + f_skip + f_fail))
f_summary="ftests, Fortran (not in the total above): $f_pass passed, $f_skip skipped, $f_fail failed of $f_total"

# libpapi actually loaded by the tests (sanity check for the comparison).
resolved=""
if [ "${#STATIC_ARCHIVES[@]}" -gt 0 ]; then
	resolved="statically linked: ${STATIC_ARCHIVES[*]}"
fi
probe=$TREE/ctests/zero
[ -x "$probe" ] || probe=$(find "$TREE/ctests" "$TREE/validation_tests" "$TREE/ftests" -maxdepth 1 -type f -perm -u+x ! -name '*.*' 2>/dev/null | head -n1)
if [ -z "$resolved" ] && [ -n "$probe" ] && command -v ldd >/dev/null 2>&1; then
	resolved=$(LD_LIBRARY_PATH="$LD_PATH_RUN" ldd "$probe" 2>/dev/null | awk '/libpapi/ {print $3; exit}')
fi

{
	echo "# PAPI conformance results ($PROG)"
	echo "# date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
	echo "# host: $(uname -srm)"
	echo "# include: $INCLUDE_DIR${HEADER_NOTE:+ (WARNING: also used:$HEADER_NOTE)}"
	echo "# libdir: $LIB_DIR (tests load: ${resolved:-unknown})"
	echo "# examples: $EXAMPLES"
	echo "# options: timeout=${TIMEOUT}s jobs=$JOBS only=${ONLY:-<all>} components=$WITH_COMPONENTS ftests=$WITH_FTESTS extra=$WITH_EXTRA openmp=$have_openmp"
	if [ "$CC" != gcc ] || [ -n "$FROM_CONSOLE" ] || [ -n "$EXCLUDE_LIST" ]; then
		echo "# cross: cc=$CC${FROM_CONSOLE:+ run elsewhere, output from $FROM_CONSOLE}${EXCLUDE_LIST:+ exclude-list=$EXCLUDE_LIST}"
	fi
	echo "# $summary"
	if [ "$WITH_COMPONENTS" = 1 ]; then
		echo "# $c_summary"
	fi
	if [ "$WITH_FTESTS" = 1 ]; then
		echo "# $f_summary (fc=$FC)"
	fi
	[ "$s_total" -gt 0 ] && echo "# $s_summary"
	echo "# format: test<TAB>class<TAB>reason; EXCLUDED/NOTBUILT lines are not counted,"
	echo "# components/* and ftests/* lines are counted only in their own lines"
	printf '%s\n' "${RES_LINES[@]}"
	if [ "${#EXTRA_LINES[@]}" -gt 0 ]; then
		printf '%s\n' "${EXTRA_LINES[@]}"
	fi
} >"$RESULTS" || { echo "$PROG: cannot write $RESULTS" >&2; exit 1; }

# Differences from a reference results file (informational only).
if [ "$NO_COMPARE" = 0 ] && [ -z "$COMPARE" ] && [ "$BASELINE" = 0 ] &&
	[ -f "$SCRIPT_DIR/baseline-debian-papi7.txt" ]; then
	COMPARE=$SCRIPT_DIR/baseline-debian-papi7.txt
fi
DIFF_LINES=()
if [ "$NO_COMPARE" = 0 ] && [ -n "$COMPARE" ]; then
	if [ -f "$COMPARE" ]; then
		while IFS=$'\t' read -r did dref dnew; do
			DIFF_LINES+=("  $did: reference $dref, now $dnew")
		done < <(awk -F'\t' 'FNR == 1 { file++ } /^#/ { next }
			file == 1 { ref[$1] = $2; next }
			($1 in ref) && ref[$1] != $2 { print $1 "\t" ref[$1] "\t" $2 }' "$COMPARE" "$RESULTS")
	else
		echo "$PROG: warning: --compare file not found: $COMPARE" >&2
		COMPARE=""
	fi
fi

echo
if [ -n "$COMPARE" ]; then
	echo "differences from $COMPARE: ${#DIFF_LINES[@]}"
	if [ "${#DIFF_LINES[@]}" -gt 0 ]; then
		printf '%s\n' "${DIFF_LINES[@]}"
	fi
fi
if [ "${#FAIL_LINES[@]}" -gt 0 ]; then
	echo "failures:"
	printf '%s\n' "${FAIL_LINES[@]}"
fi
if [ -n "$EXCLUDE_LIST" ]; then
	echo "not counted: ${#EXTRA_LINES[@]} (excluded by run_tests_exclude.txt or $EXCLUDE_LIST, or not built; see results)"
else
	echo "not counted: ${#EXTRA_LINES[@]} (excluded by run_tests_exclude.txt or not built; see results)"
fi
echo "libpapi loaded by tests: ${resolved:-unknown}"
case "$resolved" in
"$LIB_DIR"/* | "statically linked: "*) ;;
*) echo "$PROG: warning: the tests did not load libpapi from $LIB_DIR" >&2 ;;
esac
[ "$c_total" -gt 0 ] && echo "$c_summary"
[ "$WITH_FTESTS" = 1 ] && echo "$f_summary"
[ "$s_total" -gt 0 ] && echo "$s_summary"
echo "results: $RESULTS"
echo "time: build $((T_BUILT - T_START))s, run $((T_END - T_BUILT))s, total $((T_END - T_START))s"
echo "$summary"
exit 0
