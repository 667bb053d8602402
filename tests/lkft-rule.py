#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The rule LKFT's kselftest parser (Linaro test-definitions,
automated/linux/kselftest/parse-output.py) applies to kselftest runner
output, restated here: it reads the runner's TAP with tappy (python3-tap),
and the '# '-prefixed output of each test as nested TAP; a result is
'skip' when its line is ok with a SKIP directive, 'pass' when it is any
other ok (XFAIL included), 'fail' for every not ok; its name is the
group's, '_', and the description, with the text after SKIP appended to
the name, every run of characters outside [A-Za-z0-9_-] made '_'.
Prints 'NAME RESULT' per nested result, as LKFT's result file has it."""
import contextlib
import io
import re
import sys

from tap import parser


def slug(s):
    s = re.sub(r"\[\d{1,5}\]", "", s)
    s = re.sub(r"[^A-Za-z0-9_-]+", "_", s)
    return re.sub(r"_-", "__", re.sub(r"(^_|_$)", "", s))


def name_of(line):
    desc = line.description
    if desc.startswith("selftests:"):
        desc = desc[len("selftests:"):]
    extra = ""
    if line.ok and line.skip and line.directive.text.lower().startswith("skip"):
        extra = line.directive.text[4:]
    return slug(("%s %s" % (desc, extra)).strip()) or "unknown"


def results(text, prefix=""):
    out, nested = [], ""
    for line in parser.Parser().parse_text(text):
        if line.category == "test":
            name = prefix + name_of(line)
            out += results(nested, name + "_")
            out.append((name, ("skip" if line.skip else "pass")
                        if line.ok else "fail"))
            nested = ""
        elif line.category == "diagnostic":
            t = line.text
            nested += (t[1:].strip() if t.startswith("#") else t) + "\n"
    return out


# (tappy prints a warning on stdout when it lacks its YAML modules)
with contextlib.redirect_stdout(io.StringIO()):
    found = results(sys.stdin.read())
for name, result in found:
    print(name, result)
