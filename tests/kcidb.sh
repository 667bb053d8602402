# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi run --kcidb FILE (issue 24): KernelCI's KCIDB I/O JSON, as
# kcidb-io's schema v5.3 (kcidb_io/schema/v05_03.py) has it: the object
# holds version {major 5, minor 3} and only checkouts, builds, tests,
# issues, incidents; a checkout needs id and origin, a build checkout_id,
# id and origin, a test build_id, id and origin; an ID is ORIGIN:..., an
# origin [a-z0-9_]+; a test's path is dot-separated [a-zA-Z0-9_-]+
# components, its status one of FAIL ERROR MISS PASS DONE SKIP, its
# log_excerpt at most 16384 characters; no property is null (its
# description).  Each result is one test with its path, status, duration
# and log excerpt; a run that ended early is one more test, "fpabi".
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A=$FPABI_ARCH
PY=/usr/bin/python3
# kcidb FILE: the rules above, restated (the test keeps no copy of kcidb-io)
kcidb() {
	$PY - "$1" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
def nonull(v, where):
    if v is None: raise AssertionError("null at " + where)
    if isinstance(v, dict):
        for k, x in v.items():
            if k != "misc": nonull(x, where + "." + k)
    if isinstance(v, list):
        for i, x in enumerate(v): nonull(x, "%s[%d]" % (where, i))
nonull(d, "")
assert set(d) <= {"version", "checkouts", "builds", "tests", "issues", "incidents"}, set(d)
assert d["version"] == {"major": 5, "minor": 3}
origin = re.compile(r"^[a-z0-9_]+$"); oid = re.compile(r"^[a-z0-9_]+:[^\0]*$")
path = re.compile(r"^([a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+)*)?$")
checkouts = {c["id"] for c in d["checkouts"]}
builds = {b["id"] for b in d["builds"]}
for c in d["checkouts"]:
    assert oid.match(c["id"]) and origin.match(c["origin"])
for b in d["builds"]:
    assert oid.match(b["id"]) and origin.match(b["origin"]) and b["checkout_id"] in checkouts
ids = set()
for t in d["tests"]:
    assert oid.match(t["id"]) and origin.match(t["origin"]) and t["build_id"] in builds
    assert t["id"] not in ids; ids.add(t["id"])
    assert path.match(t["path"]), t["path"]
    assert t["status"] in ("FAIL", "ERROR", "MISS", "PASS", "DONE", "SKIP")
    assert len(t.get("log_excerpt", "")) <= 16384
    assert isinstance(t["duration"], (int, float)) and t["duration"] >= 0
    assert re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$", t["start_time"])
print(len(d["tests"]))
PY
}
kf=$(known_family)
"$FPABI" run --filter "$A.ptrace-read.*,$A.$kf.*,$A.syscall.*" --timeout 3 --tracee "$FPABI_TRACEE" \
	--inject-fault=byte:ptrace-read --inject-fault=known:$kf --json "$tmp/r.json" --kcidb "$tmp/k.json" >/dev/null 2>&1
n=$(kcidb "$tmp/k.json" 2>"$tmp/err")
ok $? "--kcidb: $n tests, valid as KCIDB v5.3 has it"
diag <"$tmp/err"
$PY - "$tmp/r.json" "$tmp/k.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1])); k = json.load(open(sys.argv[2]))
st = {"pass": "PASS", "fail": "FAIL", "skip": "SKIP", "known-issue": "FAIL", "timeout": "ERROR", "broken": "MISS"}
assert len(r["results"]) == len(k["tests"])
for x, t in zip(r["results"], k["tests"]):
    assert t["misc"]["fpabi_id"] == x["id"] and t["comment"] == x["id"]
    assert t["status"] == st[x["verdict"]], (x["id"], t["status"])
    assert t["path"] == "fpabi." + x["id"].replace("/", ".").replace("=", "_").replace("+", "_")
    assert abs(t["duration"] - x["seconds"]) < 1e-5
    if x["verdict"] == "fail":
        assert t["log_excerpt"].startswith(x["diagnosis"]) and "reproduce: " in t["log_excerpt"]
    if x["verdict"] == "known-issue":
        assert t["misc"]["known_issue"] == x["reason"]
    if x["verdict"] == "skip":
        assert x["reason"] in t["log_excerpt"]
assert {x["verdict"] for x in r["results"]} >= {"pass", "fail", "known-issue"}
assert k["builds"][0]["architecture"] == r["arch"]
assert k["builds"][0]["misc"]["environment"] == r["environment"]
PY
ok $? "each result one test: its path, status, duration and log excerpt as the JSON's result"
"$FPABI" run --filter "$A.ptrace-read.*" --tracee "$tmp/none" --kcidb "$tmp/setup.json" >/dev/null 2>&1
kcidb "$tmp/setup.json" >/dev/null 2>"$tmp/err" && $PY -c 'import json, sys
t = json.load(open(sys.argv[1]))["tests"]
assert t[-1]["path"] == "fpabi" and t[-1]["status"] == "MISS" and "cannot run the tracee" in t[-1]["log_excerpt"]' "$tmp/setup.json"
ok $? "a setup error: one test 'fpabi', MISS, its log the reason"
diag <"$tmp/err"
"$FPABI" run --filter "$A.ptrace-read.*" --tracee "$FPABI_TRACEE" --kcidb - 2>/dev/null >"$tmp/out.json"
kcidb "$tmp/out.json" >/dev/null
ok $? "--kcidb - writes stdout"
done_testing
