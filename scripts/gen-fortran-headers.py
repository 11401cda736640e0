#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Write the Fortran include files include/fpapi.h, f77papi.h, f90papi.h.

Every value is taken from the C headers (include/papi.h): the script
compiles and runs a small C program that prints each constant, so the
Fortran files cannot drift from C. The set of names is the one PAPI 7.0's
Fortran headers define, no more: the files are included into user code,
fpapi.h through the C preprocessor, so every extra name could collide with
a name a program written for PAPI 7.0 declares itself.

    scripts/gen-fortran-headers.py            rewrite the three files
    scripts/gen-fortran-headers.py --check    exit 1 if they are out of date

The result is checked in; tests/fortran/check_constants.sh tests it.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INC = os.path.join(ROOT, "include")

# (heading, names). The presets are appended from papiStdEventDefs.h.
GROUPS = [
    ("Version and initialization state",
     "PAPI_VER_CURRENT PAPI_VERSION PAPI_NOT_INITED PAPI_LOW_LEVEL_INITED "
     "PAPI_HIGH_LEVEL_INITED PAPI_THREAD_LEVEL_INITED"),
    ("Return codes: what comes back in check",
     "PAPI_OK PAPI_EINVAL PAPI_ENOMEM PAPI_ESYS PAPI_ECMP PAPI_ECLOST "
     "PAPI_EBUG PAPI_ENOEVNT PAPI_ECNFLCT PAPI_ENOTRUN PAPI_EISRUN "
     "PAPI_ENOEVST PAPI_ENOTPRESET PAPI_ENOCNTR PAPI_EMISC PAPI_EPERM "
     "PAPI_ENOINIT PAPI_ENOCMP PAPI_ENOSUPP PAPI_ENOIMPL PAPI_EBUF "
     "PAPI_EINVAL_DOM PAPI_EATTR PAPI_ECOUNT PAPI_ECOMBO "
     "PAPI_ECMP_DISABLED PAPI_EDELAY_INIT PAPI_EMULPASS PAPI_NUM_ERRORS"),
    ("Event sets: the empty handle and the states of PAPIF_state",
     "PAPI_NULL PAPI_STOPPED PAPI_RUNNING PAPI_PAUSED PAPI_NOT_INIT "
     "PAPI_OVERFLOWING PAPI_PROFILING PAPI_MULTIPLEXING PAPI_ATTACHED "
     "PAPI_CPU_ATTACHED"),
    ("Counting domains (PAPIF_set_domain, PAPIF_get_domain)",
     "PAPI_DOM_USER PAPI_DOM_KERNEL PAPI_DOM_OTHER PAPI_DOM_SUPERVISOR "
     "PAPI_DOM_ALL PAPI_DOM_MIN PAPI_DOM_MAX PAPI_DOM_HWSPEC"),
    ("Granularities (PAPIF_set_granularity, PAPIF_get_granularity)",
     "PAPI_GRN_THR PAPI_GRN_MIN PAPI_GRN_PROC PAPI_GRN_PROCG PAPI_GRN_SYS "
     "PAPI_GRN_SYS_CPU PAPI_GRN_MAX"),
    ("Error reporting levels (PAPIF_set_debug)",
     "PAPI_QUIET PAPI_VERB_ECONT PAPI_VERB_ESTOP"),
    ("String sizes: CHARACTER lengths for what PAPI returns",
     "PAPI_MIN_STR_LEN PAPI_MAX_STR_LEN PAPI_HUGE_STR_LEN"),
    ("Option codes (mode of PAPIF_get_domain, PAPIF_get_granularity)",
     "PAPI_DEBUG PAPI_MULTIPLEX PAPI_DEFDOM PAPI_DOMAIN PAPI_DEFGRN "
     "PAPI_GRANUL PAPI_DEF_MPX_NS PAPI_MAX_MPX_CTRS PAPI_PROFIL "
     "PAPI_PRELOAD PAPI_CLOCKRATE PAPI_MAX_HWCTRS PAPI_HWINFO PAPI_EXEINFO "
     "PAPI_MAX_CPUS PAPI_ATTACH PAPI_SHLIBINFO PAPI_LIB_VERSION "
     "PAPI_COMPONENTINFO PAPI_DETACH"),
    ("Multiplexing flags", "PAPI_MULTIPLEX_DEFAULT PAPI_MULTIPLEX_FORCE_SW"),
    ("Limits", "PAPI_MAX_PRESET_EVENTS PAPI_MH_MAX_LEVELS"),
    ("Event flags and profiling modes",
     "PAPI_DERIVED PAPI_PROFIL_POSIX PAPI_PROFIL_RANDOM "
     "PAPI_PROFIL_WEIGHTED PAPI_PROFIL_COMPRESS PAPI_PROFIL_BUCKET_16 "
     "PAPI_PROFIL_BUCKET_32 PAPI_PROFIL_BUCKET_64"),
    ("Locks (PAPIF_lock) and thread-specific storage slots",
     "PAPI_USR1_LOCK PAPI_USR2_LOCK PAPI_LOCK_USR1 PAPI_LOCK_USR2 "
     "PAPI_LOCK_NUM PAPI_USR1_TLS PAPI_USR2_TLS PAPI_TLS_USR1 PAPI_TLS_USR2 "
     "PAPI_TLS_HIGH_LEVEL PAPI_TLS_NUM"),
    ("Memory: indexes into the INTEGER*8 array of PAPIF_get_dmem_info",
     "PAPIF_DMEM_VMSIZE PAPIF_DMEM_RESIDENT PAPIF_DMEM_HIGH_WATER "
     "PAPIF_DMEM_SHARED PAPIF_DMEM_TEXT PAPIF_DMEM_LIBRARY PAPIF_DMEM_HEAP "
     "PAPIF_DMEM_LOCKED PAPIF_DMEM_STACK PAPIF_DMEM_PAGESIZE "
     "PAPIF_DMEM_MAXVAL"),
    ("Device types (PAPIF_enum_dev_type, PAPIF_get_dev_type_attr)",
     "PAPI_DEV_TYPE_ATTR__INT_PAPI_ID PAPI_DEV_TYPE_ATTR__INT_VENDOR_ID "
     "PAPI_DEV_TYPE_ATTR__CHAR_NAME PAPI_DEV_TYPE_ATTR__INT_COUNT "
     "PAPI_DEV_TYPE_ATTR__CHAR_STATUS PAPI_DEV_TYPE_ENUM__FIRST "
     "PAPI_DEV_TYPE_ENUM__CPU PAPI_DEV_TYPE_ENUM__CUDA "
     "PAPI_DEV_TYPE_ENUM__ROCM PAPI_DEV_TYPE_ENUM__ALL "
     "PAPI_DEV_TYPE_ID__CPU PAPI_DEV_TYPE_ID__CUDA PAPI_DEV_TYPE_ID__ROCM"),
    ("Device attributes (PAPIF_get_dev_attr)", None),  # from papi.h's enum
    ("Preset events", None),  # from papiStdEventDefs.h
]


def dev_attr_names():
    text = open(os.path.join(INC, "papi.h")).read()
    m = re.search(r"enum\s*{([^}]*)}\s*PAPI_dev_attr_e", text)
    return re.findall(r"\b(PAPI_DEV_ATTR__\w+)", m.group(1))


def preset_names():
    text = open(os.path.join(INC, "papiStdEventDefs.h")).read()
    # PAPI_END marks the end of the table: not an event, not in PAPI's files.
    return [n for n in re.findall(r"^#define\s+(PAPI_\w+)\s+\(PAPI_\w+_idx\s*\|",
                                  text, re.M) if n != "PAPI_END"]


def groups():
    out = []
    for heading, names in GROUPS:
        if names is not None:
            out.append((heading, names.split()))
        elif heading.startswith("Device"):
            out.append((heading, dev_attr_names()))
        else:
            out.append((heading, preset_names()))
    return out


def c_values(names):
    """name -> int, as the C compiler sees papi.h."""
    cc = os.environ.get("CC", "cc")
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "v.c")
        exe = os.path.join(tmp, "v")
        with open(src, "w") as f:
            f.write("#include <stdio.h>\n#include \"papi.h\"\n"
                    "int main(void)\n{\n")
            for n in names:
                f.write('\tprintf("%%s %%d\\n", "%s", (int)(%s));\n' % (n, n))
            f.write("\treturn 0;\n}\n")
        subprocess.run([cc, "-I", INC, src, "-o", exe], check=True)
        out = subprocess.run([exe], check=True, capture_output=True,
                             text=True).stdout
    vals = {}
    for line in out.splitlines():
        n, v = line.split()
        vals[n] = int(v)
    return vals


def fortran_int(v):
    # -2**31 has no literal in a default INTEGER: write it as an expression.
    return "(-2147483647-1)" if v == -2**31 else str(v)


BANNER = """\
{c}
{c}  {title}
{c}
{c}  Constants of the PAPI Fortran interface (libpapi.so.7.0, PAPI 7.0
{c}  compatible). {usage}
{c}  Written by scripts/gen-fortran-headers.py from the C headers, whose
{c}  values these are: regenerate rather than edit. The subroutines, and
{c}  how they are called: docs/fortran.md.
{c}
"""

USAGE = {
    "fpapi.h": "For sources the C preprocessor runs on (.F, .F90, or\n"
               "{c}  -cpp): #include \"fpapi.h\". Fixed or free form.",
    "f77papi.h": "For fixed-form (FORTRAN 77 style) sources, with the\n"
                 "{c}  INCLUDE statement: INCLUDE 'f77papi.h'.",
    "f90papi.h": "For free-form (Fortran 90 and later) sources, with\n"
                 "{c}  the INCLUDE statement: INCLUDE 'f90papi.h'.",
}


def render(fname, grps, vals):
    c = "!"
    lines = [BANNER.format(c=c, title=fname,
                           usage=USAGE[fname].format(c=c)).rstrip("\n")]
    for heading, names in grps:
        lines.append("")
        lines.append("%s ---- %s" % (c, heading))
        lines.append(c)
        width = max(len(n) for n in names)
        for n in names:
            v = fortran_int(vals[n])
            if fname == "fpapi.h":
                lines.append("#define %-*s %s" % (width, n, v))
            elif fname == "f77papi.h":
                lines.append("      INTEGER %s" % n)
                lines.append("      PARAMETER (%s = %s)" % (n, v))
            else:
                lines.append("      INTEGER, PARAMETER :: %s = %s" % (n, v))
    text = "\n".join(lines) + "\n"
    if fname == "f77papi.h":
        for line in text.splitlines():
            if len(line) > 72 and not line.startswith("!"):
                sys.exit("f77papi.h: line longer than 72 columns: " + line)
    return text


def main():
    check = sys.argv[1:] == ["--check"]
    if sys.argv[1:] and not check:
        sys.exit(__doc__)
    grps = groups()
    names = [n for _, ns in grps for n in ns]
    if len(set(names)) != len(names):
        sys.exit("a name is listed twice")
    vals = c_values(names)
    stale = []
    for fname in ("fpapi.h", "f77papi.h", "f90papi.h"):
        path = os.path.join(INC, fname)
        text = render(fname, grps, vals)
        old = open(path).read() if os.path.exists(path) else None
        if old == text:
            continue
        if check:
            stale.append(fname)
        else:
            with open(path, "w") as f:
                f.write(text)
            print("wrote include/" + fname)
    if stale:
        print("out of date (run scripts/gen-fortran-headers.py): " +
              " ".join(stale))
        sys.exit(1)


if __name__ == "__main__":
    main()
