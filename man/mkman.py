#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Turn the manual's sources (man/*.txt, a small markup of our own) into roff.

  mkman.py --src man --header include/papi.h --out DIR [--gz DIR] [--list]
           [--tools T1,T2...] [--extra-header HEADER=SOURCE]

Sources (man/README.md has the whole markup):
  man/pages/*.txt    one page each: section 1 tools, section 7, PAPI(3)...
  man/functions.txt  the section-3 pages, one entry per function or group of
                     functions: the SYNOPSIS comes from include/papi.h, so
                     it never disagrees with the header.

One run writes every page (a few ms): DIR/manN/NAME.N, and with --gz the
same pages gzip-compressed with no timestamp (what Debian packages ship).
--list prints the pages' names instead, for tests.
"""
import argparse
import gzip
import os
import re
import sys

VERSION = "papi 7.0.0.0"
DATE = "2026-11-25"
TITLES = {"1": "PAPI Utilities", "3": "PAPI Programmer's Manual",
          "7": "PAPI Manual"}


def die(msg):
    sys.stderr.write("mkman: " + msg + "\n")
    sys.exit(1)


# ---- inline markup -------------------------------------------------------

def esc(text):
    """Plain text to roff: backslashes and hyphens escaped."""
    return text.replace("\\", "\\e").replace("-", "\\-")


def inline(text):
    """**bold**, *italic*, `code` (bold) and NAME(N) references."""
    text = text.replace("\\*", "\x00")  # \* is a literal star
    out = []
    pos = 0
    pat = re.compile(r"\*\*(.+?)\*\*|`([^`]+)`|(?<![\w])\*([^*\s][^*]*?)\*(?![\w*])")
    for m in pat.finditer(text):
        out.append(esc(text[pos:m.start()]))
        if m.group(1) is not None:
            out.append("\\fB" + esc(m.group(1)) + "\\fR")
        elif m.group(2) is not None:
            out.append("\\fB" + esc(m.group(2)) + "\\fR")
        else:
            out.append("\\fI" + esc(m.group(3)) + "\\fR")
        pos = m.end()
    out.append(esc(text[pos:]))
    line = "".join(out).replace("\x00", "*")
    # A line must not start with a control character.
    if line.startswith((".", "'")):
        line = "\\&" + line
    return line


# ---- block markup --------------------------------------------------------

def body_to_roff(lines, where, defaults=None):
    """The block markup of a page body to roff lines.

    # TITLE      section heading       ## Title   subsection
    TERM::       a tagged paragraph; its text is the indented lines after
                 it (an empty text takes defaults[TERM], the error table)
    - item       a bullet
    ```          a literal block, until the next ```
    blank line   ends a paragraph
    """
    out = []
    i = 0
    para = []

    def flush():
        if para:
            out.extend(inline(p) for p in para)
            para.clear()

    n = len(lines)
    while i < n:
        ln = lines[i]
        if ln.startswith("```"):
            flush()
            out.append(".PP")
            out.append(".nf")
            out.append(".RS 4")
            i += 1
            while i < n and not lines[i].startswith("```"):
                code = lines[i].replace("\\", "\\e")
                if code.startswith((".", "'")):
                    code = "\\&" + code
                out.append(code)
                i += 1
            if i == n:
                die(where + ": unterminated ``` block")
            out.append(".RE")
            out.append(".fi")
            out.append(".PP")
            i += 1
            continue
        if ln.startswith("## "):
            flush()
            out.append(".SS " + inline(ln[3:].strip()))
        elif ln.startswith("# "):
            flush()
            out.append(".SH " + inline(ln[2:].strip().upper()))
        elif ln.rstrip().endswith("::") and not ln.startswith((" ", "\t")):
            flush()
            term = ln.rstrip()[:-2]
            text = []
            i += 1
            while i < n and (lines[i].startswith(("    ", "\t")) or
                             (lines[i].strip() == "" and i + 1 < n and
                              lines[i + 1].startswith(("    ", "\t")))):
                text.append(lines[i].strip())
                i += 1
            if not text:
                key = term.strip("`* ")
                if defaults is None or key not in defaults:
                    die(where + ": no text for " + term)
                text = [defaults[key]]
            out.append(".TP")
            out.append(inline(term))
            for t in text:
                out.append(".IP" if t == "" else inline(t))
            continue
        elif ln.startswith("- "):
            flush()
            out.append(".IP \\(bu 2")
            out.append(inline(ln[2:].strip()))
            i += 1
            while i < n and lines[i].startswith("  ") and lines[i].strip():
                out.append(inline(lines[i].strip()))
                i += 1
            continue
        elif ln.strip() == "":
            flush()
            if out and out[-1] not in (".PP",) and not out[-1].startswith((".SH", ".SS")):
                out.append(".PP")
        else:
            para.append(ln.strip())
        i += 1
    flush()
    # No paragraph break right before a heading or at the end.
    cleaned = []
    for k, l in enumerate(out):
        nxt = out[k + 1] if k + 1 < len(out) else ".SH"
        if l == ".PP" and (nxt.startswith((".SH", ".SS", ".PP", ".TP", ".IP"))):
            continue
        cleaned.append(l)
    return cleaned


def page(name, section, brief, body_roff, names=None):
    head = ['.\\" Generated by man/mkman.py from man/; edit the sources there.',
            '.TH "%s" "%s" "%s" "%s" "%s"' % (name.upper() if name == "papi" else name,
                                             section, DATE, VERSION,
                                             TITLES.get(section, "PAPI")),
            ".SH NAME",
            "%s \\- %s" % (", ".join(esc(n) for n in (names or [name])),
                           esc(brief))]
    return "\n".join(head + body_roff) + "\n"


# ---- prototypes from papi.h ----------------------------------------------

def prototypes(header):
    text = open(header).read()
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    protos = {}
    for m in re.finditer(r"^[A-Za-z_][^;#{}]*?\b((?:PAPI|sde|papi_sde)\w*)\s*\(([^;{}]*?)\)\s*;",
                         text, flags=re.M):
        decl = " ".join(m.group(0).split())
        if decl.startswith(("typedef", "#")):
            continue
        protos[m.group(1)] = decl
    return protos


def wrap_decl(decl, width=72):
    """A long prototype broken after its top-level commas, the arguments
    aligned under the first one."""
    if len(decl) <= width:
        return [decl]
    open_at = decl.index("(")  # the function's: return types have none
    head, args = decl[:open_at + 1], decl[open_at + 1:]
    parts, depth, cur = [], 0, ""
    for ch in args:
        cur += ch
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
    parts.append(cur)
    lines, line = [], head
    pad = " " * len(head)
    for p in parts:
        p = p.strip() if line.endswith(("(", " ")) or line == pad else " " + p.strip()
        if len(line) + len(p) > width and line.strip() and line != head:
            lines.append(line.rstrip())
            line = pad + p.strip()
        else:
            line += p
    lines.append(line)
    return lines


def synopsis(names, protos, include, where):
    out = [".SH SYNOPSIS", ".nf", "\\fB#include <%s>\\fR" % include, ""]
    for n in names:
        if n not in protos:
            die("%s: %s is not declared in %s" % (where, n, include))
        for ln in wrap_decl(protos[n]):
            out.append("\\fB" + esc(ln) + "\\fR")
    out.append(".fi")
    return out


# ---- sources -------------------------------------------------------------

HEAD = re.compile(r"^=\s+(\S+)\((\w+)\)\s+--\s+(.+)$")


def read_pages(path):
    lines = open(path).read().split("\n")
    m = HEAD.match(lines[0])
    if not m:
        die(path + ": first line must be '= NAME(SECTION) -- brief'")
    return m.group(1), m.group(2), m.group(3), lines[1:]


def read_entries(path):
    """functions.txt: '@ NAME [NAME...] -- brief' starts an entry; an
    '@errors' entry holds the default text of each error code."""
    entries, cur = [], None
    for no, ln in enumerate(open(path).read().split("\n"), 1):
        if ln.startswith("@"):
            m = re.match(r"^@\s*(.+?)\s+--\s+(.+)$", ln)
            if ln.strip() == "@errors":
                cur = {"names": ["@errors"], "brief": "", "lines": [],
                       "where": "%s:%d" % (path, no)}
            elif not m:
                die("%s:%d: '@ NAME... -- brief' expected" % (path, no))
            else:
                cur = {"names": m.group(1).split(), "brief": m.group(2),
                       "lines": [], "where": "%s:%d" % (path, no)}
            entries.append(cur)
        elif cur is not None:
            cur["lines"].append(ln)
        elif ln.strip() and not ln.startswith("%"):
            die("%s:%d: text before the first entry" % (path, no))
    return entries


def parse_errors(entry):
    d, key = {}, None
    for ln in entry["lines"]:
        if ln.rstrip().endswith("::"):
            key = ln.rstrip()[:-2].strip("`* ")
            d[key] = ""
        elif key and ln.strip():
            d[key] = (d[key] + " " + ln.strip()).strip()
    return d


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--src", required=True)
    ap.add_argument("--header", required=True)
    ap.add_argument("--extra-header", action="append", default=[])
    ap.add_argument("--out")
    ap.add_argument("--gz")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--tools", help="comma-separated utilities built: "
                    "section-1 pages of others are left out")
    a = ap.parse_args()

    out = {}  # (name, section) -> text
    pdir = os.path.join(a.src, "pages")
    for f in sorted(os.listdir(pdir)):
        if not f.endswith(".txt"):
            continue
        path = os.path.join(pdir, f)
        name, sec, brief, body = read_pages(path)
        if sec == "1" and a.tools is not None and \
                name not in a.tools.split(","):
            continue
        # A page whose source names a header it documents only when the
        # header is there (sde_lib.h: libsde is optional).
        out[(name, sec)] = page(name, sec, brief, body_to_roff(body, path))

    headers = [(a.header, "papi.h", os.path.join(a.src, "functions.txt"))]
    for eh in a.extra_header:
        hdr, src = eh.split("=", 1)
        headers.append((hdr, os.path.basename(hdr), src))
    for hdr, inc, src in headers:
        if not os.path.exists(hdr) or not os.path.exists(src):
            continue
        protos = prototypes(hdr)
        entries = read_entries(src)
        errors = {}
        for e in entries:
            if e["names"] == ["@errors"]:
                errors = parse_errors(e)
        for e in entries:
            if e["names"] == ["@errors"]:
                continue
            roff = synopsis(e["names"], protos, inc, e["where"])
            roff += body_to_roff(e["lines"], e["where"], errors)
            for n in e["names"]:
                if (n, "3") in out:
                    die("%s: %s(3) twice" % (e["where"], n))
                out[(n, "3")] = page(n, "3", e["brief"], roff, e["names"])

    if a.list:
        for (n, s) in sorted(out):
            print("%s.%s" % (n, s))
        return
    for (n, s), text in out.items():
        if a.out:
            d = os.path.join(a.out, "man" + s)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "%s.%s" % (n, s)), "w") as fh:
                fh.write(text)
        if a.gz:
            d = os.path.join(a.gz, "man" + s)
            os.makedirs(d, exist_ok=True)
            with open(os.path.join(d, "%s.%s.gz" % (n, s)), "wb") as fh:
                with gzip.GzipFile(filename="", mode="wb", fileobj=fh,
                                   compresslevel=9, mtime=0) as gz:
                    gz.write(text.encode())


if __name__ == "__main__":
    main()
