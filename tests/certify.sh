# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi certify (issue 24): -o DIR runs every tier and writes report.json
# (valid against docs/fpabi-certify.schema.json, its SHA-256 over the
# file right, its numbers the run's) and report.html; an injected fault
# is a fail verdict with every failure on the page and linked from the
# heat-map and the results; --from a run of another tier is incomplete;
# fpabi compare reads report.json as it reads a run.  The page is
# rendered in headless Chromium (Debian's chromium): its DOM's counts are
# the JSON's, every failure has its anchor and a link to it, nothing is
# fetched; the screenshots stay in the build tree (tests/certify-*.png).
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
top=$(cd "${srcdir:-.}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A=$FPABI_ARCH
PY=/usr/bin/python3
shots=$PWD/tests
if ! $PY -c 'import jsonschema' 2>/dev/null; then
	echo "1..0 # SKIP python3-jsonschema not installed"
	exit 0
fi
# check DIR: report.json valid, its digest, its numbers those of run.json
# (or of --from's FILE)
check() {
	$PY - "$top/docs" "$1/report.json" "$2" <<'PY'
import hashlib, json, re, sys, jsonschema
from jsonschema import RefResolver
r = json.load(open(sys.argv[1] + "/fpabi-results.schema.json"))
c = json.load(open(sys.argv[1] + "/fpabi-certify.schema.json"))
jsonschema.Draft202012Validator.check_schema(c)
v = jsonschema.Draft202012Validator(c, resolver=RefResolver.from_schema(
    c, store={"fpabi-results.schema.json": r, "fpabi-certify.schema.json": c}))
text = open(sys.argv[2], "rb").read()
d = json.loads(text)
errs = list(v.iter_errors(d))
for e in errs[:10]:
    print("/".join(map(str, e.absolute_path)), e.message[:300])
assert not errs
cut = text.rindex(b',\n  "sha256": "') + 2
assert hashlib.sha256(text[:cut]).hexdigest() == d["sha256"], "digest"
run = json.load(open(sys.argv[3]))
assert d["totals"] == run["totals"], (d["totals"], run["totals"])
assert [(x["id"], x["verdict"], x["seconds"]) for x in d["results"]] == \
       [(x["id"], x["verdict"], x["seconds"]) for x in run["results"]]
assert d["environment"] == run["environment"]
assert sum(f["planned"] for f in d["coverage"]["families"]) == len(run["results"])
assert sum(f["planned"] for f in d["coverage"]["rules"]) == len(run["results"])
assert sum(s["count"] for s in d["skips"]) == run["totals"]["skip"]
assert len(d["known_issues"]) == run["totals"]["known-issue"]
for m, cov in zip(d["matrices"], d["coverage"]["matrices"]):
    assert cov["name"] == m["name"] and cov["planned"] == len(m["cells"])
    assert cov["run"] == sum(1 for x in m["cells"] if x["verdict"] not in (None, "skip"))
    for x in m["cells"]:
        # its result (with --repeat, the worst repetition's: ID@rK)
        assert x["n"] is None or re.fullmatch(re.escape(x["id"]) + r"(@r[0-9]+)?", d["results"][x["n"] - 1]["id"])
print(d["verdict"])
PY
}

"$FPABI" certify -o "$tmp/all" --tracee "$FPABI_TRACEE" >"$tmp/all.out" 2>&1
rc=$?
v=$(check "$tmp/all" "$tmp/all/run.json" 2>"$tmp/err")
ok $? "certify -o DIR (every tier): exit $rc, verdict $v, report.json valid, its digest and numbers the run's"
diag <"$tmp/err"
"$FPABI" list --matrix --json >"$tmp/mx.json"
$PY - "$tmp/mx.json" "$tmp/all/report.json" <<'PY'
import json, sys
mx = json.load(open(sys.argv[1]))["matrices"]
d = json.load(open(sys.argv[2]))
assert [(m["name"], len(m["cells"])) for m in mx] == [(m["name"], len(m["cells"])) for m in d["matrices"]]
assert all(x["verdict"] for m in d["matrices"] for x in m["cells"]), "a cell the run has not"
assert d["verdict"] == ("fail" if any(d["totals"][k] for k in ("fail", "timeout", "broken")) else "pass")
PY
ok $? "every matrix cell of list --matrix --json has its verdict; the verdict follows the totals"

# an injected fault: fail, every failure on the page
"$FPABI" certify -o "$tmp/inj" --tracee "$FPABI_TRACEE" --filter "$A.regset-write.*,$A.ptrace-read.*" \
	--inject-fault=byte:regset-write >"$tmp/inj.out" 2>&1
rc=$?
v=$(check "$tmp/inj" "$tmp/inj/run.json" 2>"$tmp/err")
[ $rc -eq 1 ] && [ "$v" = fail ]
ok $? "an injected byte fault: verdict $v, exit $rc"
diag <"$tmp/err"

# a narrowed run of every tier: incomplete, and why
"$FPABI" certify -o "$tmp/narrow" --tracee "$FPABI_TRACEE" --filter "$A.ptrace-read.*" >/dev/null 2>&1
rc=$?
v=$(check "$tmp/narrow" "$tmp/narrow/run.json" 2>"$tmp/err")
[ $rc -eq 1 ] && [ "$v" = incomplete ] && grep -q '"verdict_reason": "the run was narrowed (--filter ' "$tmp/narrow/report.json"
ok $? "--filter: verdict $v (the run was narrowed), exit $rc"
diag <"$tmp/err"

# --from a default-tier run: incomplete; compare reads report.json
"$FPABI" run --filter "$A.ptrace-read.*" --tracee "$FPABI_TRACEE" --json "$tmp/small.json" >/dev/null 2>&1
"$FPABI" certify -o "$tmp/from" --from "$tmp/small.json" >/dev/null 2>&1
rc=$?
v=$(check "$tmp/from" "$tmp/small.json" 2>"$tmp/err")
[ $rc -eq 1 ] && [ "$v" = incomplete ] && grep -q '"from": true' "$tmp/from/report.json"
ok $? "--from a default-tier run: verdict $v, exit $rc, the run's numbers"
diag <"$tmp/err"
"$FPABI" compare "$tmp/all/run.json" "$tmp/all/report.json" >"$tmp/cmp" 2>&1
rc=$?
[ $rc -eq 0 ] && ! grep -q '^not ok' "$tmp/cmp" && grep -q '^ok 1 - new failures: 0$' "$tmp/cmp"
ok $? "fpabi compare run.json report.json: nothing differs, exit $rc"
"$FPABI" certify -o "$tmp/bad" --from "$tmp/mx.json" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 2 ] && grep -q "certify: $tmp/mx.json: " "$tmp/err"
ok $? "--from a file that is not a run report: exit $rc with the reason"

# 4000 results and more: --repeat 3 of every tier; a heat-map cell is the
# worst of its repetitions
"$FPABI" run --tier matrix --repeat 3 --tracee "$FPABI_TRACEE" --json "$tmp/rep.json" >/dev/null 2>&1
"$FPABI" certify -o "$tmp/many" --from "$tmp/rep.json" >/dev/null 2>&1
v=$(check "$tmp/many" "$tmp/rep.json" 2>"$tmp/err")
[ $? -eq 0 ] && $PY -c 'import json, sys; d = json.load(open(sys.argv[1]))
assert len(d["results"]) >= 4000 and all(x["verdict"] for m in d["matrices"] for x in m["cells"])' "$tmp/many/report.json"
ok $? "--from a --repeat 3 run of every tier: $(grep -c '"id": ' "$tmp/rep.json") results, verdict $v, every cell its repetitions' verdict"
diag <"$tmp/err"

# the page: self-contained, rendered in Chromium, its DOM checked
# page DIR NAME: no fetch, Chromium's DOM's counts and links; screenshot
page() {
	! grep -qiE '<script|<link|src=|@import|url\(|href="(https?:|//)' "$1/report.html" || return 1
	timeout 120 chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$tmp/chromium" --dump-dom "file://$1/report.html" >"$1/dom.html" 2>/dev/null || return 1
	timeout 120 chromium --headless=new --no-sandbox --disable-gpu --hide-scrollbars \
		--user-data-dir="$tmp/chromium" --window-size=1280,2000 \
		--screenshot="$shots/certify-$2.png" "file://$1/report.html" >/dev/null 2>&1 || return 1
	$PY - "$1/dom.html" "$1/report.json" <<'PY'
import json, sys
from html.parser import HTMLParser
d = json.load(open(sys.argv[2]))
class P(HTMLParser):
    def __init__(s):
        super().__init__(); s.counts = {}; s.ids = set(); s.links = {}; s.key = None; s.cells = 0; s.verdict = None; s.cellids = set()
    def handle_starttag(s, tag, a):
        a = dict(a)
        if "data-count" in a: s.key = a["data-count"]
        if "id" in a: s.ids.add(a["id"])
        if tag == "a" and a.get("href", "").startswith("#"):
            s.links[a["href"][1:]] = s.links.get(a["href"][1:], 0) + 1
        if tag == "td" and a.get("data-id") and s.inheat: s.cells += 1; s.cellids.add(a["data-id"])
        if tag == "table": s.inheat = "heat" in a.get("class", "")
        if tag == "h1": s.verdict = a.get("data-verdict")
    inheat = False
    def handle_data(s, data):
        if s.key: s.counts[s.key] = int(data); s.key = None
p = P(); p.feed(open(sys.argv[1]).read())
t = d["totals"]
bad = [r["n"] for r in d["results"] if r["verdict"] in ("fail", "timeout", "broken")]
assert p.verdict == d["verdict"], p.verdict
assert p.counts["results"] == len(d["results"]), p.counts
for k in t:
    assert p.counts[k] == t[k], (k, p.counts[k], t[k])
assert p.counts["failures"] == len(bad) and p.counts["skips"] == t["skip"] and p.counts["known"] == t["known-issue"]
for n in bad:
    assert "r-%d" % n in p.ids and p.links.get("r-%d" % n, 0) >= 1, n
mxfail = [x["n"] for m in d["matrices"] for x in m["cells"] if x["verdict"] in ("fail", "timeout", "broken")]
for n in mxfail:
    assert p.links.get("r-%d" % n, 0) >= 2, ("heat-map link", n)
# a heat-map for each matrix the run has a cell of, every cell in it
shown = [x["id"] for m in d["matrices"] if any(x["verdict"] for x in m["cells"]) for x in m["cells"]]
assert p.cells == len(shown) and p.cellids == set(shown), (p.cells, len(shown))
print(len(bad), len(mxfail))
PY
}
if command -v chromium >/dev/null; then
	for x in all inj from many; do
		r=$(page "$tmp/$x" "$x" 2>"$tmp/err")
		ok $? "report.html ($x) in headless Chromium: the counts are report.json's, failures and matrix failures linked ($r), nothing fetched; tests/certify-$x.png"
		diag <"$tmp/err"
	done
else
	t_n=$((t_n + 1)); echo "ok $t_n - report.html in a browser # SKIP chromium not installed (Debian package chromium)"
fi
done_testing
