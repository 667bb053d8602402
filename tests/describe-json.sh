# SPDX-License-Identifier: GPL-2.0-or-later
# list --json, list --matrix --json and info --json (issue 24): the same
# facts as the text forms, field by field -- every ID of each tier with
# its rule, injection class and SKIP reason; every matrix cell with its
# expectation and rule, the axes and the counts list --matrix prints; the
# environment valid against the results schema's, the profiles as info
# --profiles lists them -- and --json refused where it means nothing.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
top=$(cd "${srcdir:-.}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PY=/usr/bin/python3
for tier in default full matrix; do
	"$FPABI" list --tier $tier >"$tmp/$tier.tsv"
	"$FPABI" list --tier $tier --json >"$tmp/$tier.json"
	$PY - "$tmp/$tier.tsv" "$tmp/$tier.json" <<'PY'
import json, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
d = json.load(open(sys.argv[2]))
assert d["command"] == "list" and d["count"] == len(rows) == len(d["cases"])
for r, c in zip(rows, d["cases"]):
    assert r[0] == c["id"], (r[0], c["id"])
    assert r[2] == "rule: %s" % c["rule"] and r[3] == "drop: %s" % (c["drop"] or "-")
    assert (r[4] == "runnable") == c["runnable"] and r[4] == ("runnable" if c["runnable"] else "skip: " + c["skip"])
    assert r[5] == "pre: " + c["pre"]
    needs = r[1][len("needs: "):].split(",")
    assert [n for n in needs if n != "-" and not n.startswith("kernel>=")] == c["needs"], (needs, c["needs"])
    assert (c["min_kernel"] is None) == (not any(n.startswith("kernel>=") for n in needs))
PY
	ok $? "list --tier $tier --json: $(wc -l <"$tmp/$tier.tsv") cases, each field as the text has it"
done

"$FPABI" list --matrix >"$tmp/mx.txt"
"$FPABI" list --matrix --json >"$tmp/mx.json"
$PY - "$tmp/mx.txt" "$tmp/mx.json" <<'PY'
import json, re, sys
text = open(sys.argv[1]).read()
d = json.load(open(sys.argv[2]))
cells = [l.split("\t") for l in text.splitlines() if "\texpect: " in l]
js = [c for m in d["matrices"] for c in m["cells"]]
assert len(cells) == len(js) > 0
for t, c in zip(cells, js):
    assert t[0] == c["id"] and t[1] == "expect: " + c["expect"] and t[2] == "rule: " + c["rule"]
    assert t[3] == ("exact" if c["exact"] else "unspecified") and t[5] == c["what"]
    assert t[4] == ("skip: " + c["skip"] if c["skip"] else "runnable")
for m in d["matrices"]:
    a = m["axes"]
    assert "cells: %d " % len(m["cells"]) in text
    assert "  %s: %d values (" % (a["mode"]["name"], len(a["mode"]["values"])) in text
    assert "  %s: %d values (" % (a["subject"]["name"], len(a["subject"]["values"])) in text
    assert len(a["groups"]) == len(a["subject"]["values"])
    for c in m["cells"]:
        assert c["subject"] in a["subject"]["values"] and c["mode"] in a["mode"]["values"] and c["history"] in a["history"]
        assert c["id"].startswith("%s.%s.%s/" % (d["arch"], m["name"], c["subject"]))
PY
ok $? "list --matrix --json: $(grep -c "	expect: " "$tmp/mx.txt") cells and the axes as list --matrix prints them"
name=$($PY -c 'import json, sys; print(json.load(open(sys.argv[1]))["matrices"][0]["name"])' "$tmp/mx.json")
"$FPABI" list --matrix "$name" --json >"$tmp/one.json" &&
	$PY -c 'import json, sys; m = json.load(open(sys.argv[1]))["matrices"]; assert [x["name"] for x in m] == [sys.argv[2]]' "$tmp/one.json" "$name"
ok $? "list --matrix $name --json: that matrix alone"

"$FPABI" info --json >"$tmp/info.json"
"$FPABI" info --profiles >"$tmp/profiles"
$PY - "$top/docs/fpabi-results.schema.json" "$tmp/info.json" "$tmp/profiles" <<'PY'
import json, sys, jsonschema
s = json.load(open(sys.argv[1]))
d = json.load(open(sys.argv[2]))
env = dict(s["$defs"]["environment"]); env["$defs"] = s["$defs"]
jsonschema.Draft202012Validator(env).validate(d["environment"])
rows = [l.split("\t") for l in open(sys.argv[3]).read().splitlines()]
assert [r[1] for r in rows] == [p["name"] for p in d["profiles"]]
assert [r[-1] == "(this kernel's)" for r in rows] == [p["this_kernel"] for p in d["profiles"]]
assert sum(p["in_force"] for p in d["profiles"]) == 1
PY
ok $? "info --json: the environment valid against the results schema's, the profiles as info --profiles"
"$FPABI" info >"$tmp/info.txt"
x=$($PY -c 'import json, sys; print(json.load(open(sys.argv[1]))["environment"]["kernel"]["release"])' "$tmp/info.json")
grep -q "^kernel: $x " "$tmp/info.txt"
ok $? "info --json and info name the same kernel ($x)"
"$FPABI" list --rules --json >/dev/null 2>&1; r1=$?
"$FPABI" info --profiles --json >/dev/null 2>&1; r2=$?
"$FPABI" list --junit - >/dev/null 2>&1; r3=$?
[ "$r1$r2$r3" = 222 ]
ok $? "--json with --rules or --profiles, --junit with list: refused (exit $r1 $r2 $r3)"
done_testing
