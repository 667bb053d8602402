#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
# Parses fpabi's outputs with real parsers: outputs-check.py KIND FILE
# (KIND tap, json, stderr); exit 0 when FILE is well-formed: valid UTF-8,
# no control byte but newline (and tab), and for TAP every line a TAP 13
# line to tap.py (YAML blocks loaded by PyYAML), the plan matching the
# results; for JSON, json.load and docs/fpabi-results.schema.json when
# jsonschema is there (SCHEMA in the environment).
import json
import os
import re
import sys

kind, path = sys.argv[1], sys.argv[2]
raw = open(path, "rb").read()
try:
    text = raw.decode("utf-8")
except UnicodeDecodeError as e:
    sys.exit("%s: not UTF-8: %s" % (path, e))
bad = [c for c in text if (ord(c) < 0x20 and c not in "\n\t") or ord(c) == 0x7f]
if bad:
    sys.exit("%s: control characters %r" % (path, sorted(set(bad))))
if kind == "json":
    d = json.loads(text)
    schema = os.environ.get("SCHEMA")
    if schema and d.get("command") == "run":
        try:
            import jsonschema
        except ImportError:
            jsonschema = None
        if jsonschema:
            jsonschema.Draft202012Validator(json.load(open(schema))).validate(d)
    sys.exit(0)
if kind == "stderr":
    sys.exit(0)
import yaml
from tap.parser import Parser
plan, results, block = None, 0, None
for line in text.split("\n"):
    if block is not None:
        if line == "  ...":
            yaml.safe_load("\n".join(block))
            block = None
        else:
            block.append(line[2:] if line.startswith("  ") else line)
        continue
    if line == "  ---":
        block = []
        continue
    if line == "":
        continue
    t = Parser().parse_line(line)
    if t.category == "unknown" and not re.match(r"^\d+ passed, \d+ failed", line):
        sys.exit("%s: not a TAP line: %r" % (path, line))
    if t.category == "plan":
        plan = t.expected_tests
    if t.category == "test":
        results += 1
    if t.category == "bail":
        break
if block is not None:
    sys.exit("%s: a YAML block never ends" % path)
if plan is None or (plan != results and "Bail out!" not in text):
    sys.exit("%s: plan %s, %d results" % (path, plan, results))
