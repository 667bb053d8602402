#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""LKFT's kselftest result rule, restated (no code of it kept here) from
Linaro test-definitions, automated/linux/kselftest/parse-output.py as of
its last change, commit 81eaa219aeb12f4457aeeb6cbb29d2330e95ca34
(2025-06-05), unchanged at the repository's head 4212946b414e (2026-06-24)
when this was checked on 2026-12-01.  Its rule, on the kselftest runner's output:

- the stream is read with tap.py's parser (python3-tap); the '#' lines
  between two results, '#' and surrounding blanks taken off, are parsed
  again as the nested TAP of the result after them (fpabi's own results
  are nested in the runner's one `selftests: fpabi: run_fpabi.sh`);
- a result is 'skip' when it is ok with a SKIP directive, 'pass' for any
  other ok (an `ok # XFAIL` too), 'fail' for every not ok;
- its name is the parent's name and '_' before the description (less a
  leading 'selftests:'), with the text after SKIP added when it is a
  skip; every run of characters outside [A-Za-z0-9_-] becomes '_', a
  '[N]' is dropped, '_' at either end dropped, '_-' made '__'; a name seen
  before gets '_dupK' (K = 2, 3, ...);
- its log is the text after '#' on its own result line, then every '#'
  line after that line up to the next result (uncommented); a failure's
  log is written as output/NAME.log.

Prints 'NAME RESULT' per result, innermost first, as LKFT's result file
has them; with a directory argument, writes every failure's log there as
NAME.log."""
import contextlib
import io
import os
import re
import sys

from tap import parser


def slug(s):
    s = re.sub(r"\[\d{1,5}\]", "", s)
    s = re.sub(r"[^A-Za-z0-9_-]+", "_", s)
    s = re.sub(r"(^_|_$)", "", s)
    return s.replace("_-", "__")


def uncomment(text):
    return text[1:].strip() if text.startswith("#") else text


def name_of(line):
    desc = line.description
    if desc.startswith("selftests:"):
        desc = desc[len("selftests:"):]
    extra = ""
    if line.ok and line.skip and line.directive.text.lower().startswith("skip"):
        extra = line.directive.text[4:]
    return slug(("%s %s" % (desc, extra)).strip()) or slug("<unknown>")


def results(text, prefix=""):
    """[(name, result, log)] of text's results, nested ones first."""
    out, nested, last = [], "", None
    for line in parser.Parser().parse_text(text):
        if line.category == "test":
            name = prefix + name_of(line)
            kids = results(nested, name + "_")
            last = [name, ("skip" if line.skip else "pass")
                    if line.ok else "fail", line.directive.text]
            out += kids + [last]
            nested = ""
        elif line.category == "diagnostic":
            nested += uncomment(line.text) + "\n"
            if last is not None:
                last[2] += uncomment(line.text) + "\n"
    return out


# (tappy prints a warning on stdout when it lacks its YAML modules)
with contextlib.redirect_stdout(io.StringIO()):
    found = results(sys.stdin.read())
seen = {}
for r in found:
    seen[r[0]] = seen.get(r[0], 0) + 1
    if seen[r[0]] > 1:
        r[0] += "_dup%d" % seen[r[0]]
for name, result, log in found:
    print(name, result)
    if len(sys.argv) > 1 and result == "fail":
        with open(os.path.join(sys.argv[1], name + ".log"), "w") as f:
            f.write(log)
