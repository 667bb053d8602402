# SPDX-License-Identifier: GPL-2.0-or-later
# The machine-readable results (issue 24): every tier's run --json
# output valid against docs/fpabi-results.schema.json (format 2) -- the
# full tier's task histories and placements (IDs with /h= and /p=) and
# the matrices' cells included -- with the environment, a start time,
# per-case durations, findings field by field, and the run's outcome
# where it did not complete (a setup error, a refused ptrace) in the
# JSON and the JUnit alike; '-' is stdout for --json, --junit, repro -o.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
top=$(cd "${srcdir:-.}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A=$FPABI_ARCH
PY=/usr/bin/python3
schema=$top/docs/fpabi-results.schema.json
if ! $PY -c 'import jsonschema' 2>/dev/null; then
	echo "1..0 # SKIP python3-jsonschema not installed"
	exit 0
fi
# validate FILE...: every error, and the results adding up to the totals
validate() {
	$PY - "$schema" "$@" <<'PY'
import json, sys, jsonschema
s = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(s)
v = jsonschema.Draft202012Validator(s)
bad = 0
for p in sys.argv[2:]:
    d = json.load(open(p))
    errs = list(v.iter_errors(d))
    for e in errs[:10]:
        print("%s: %s: %s" % (p.rsplit("/", 1)[-1], "/".join(map(str, e.absolute_path)), e.message[:300]))
    n = {}
    for r in d["results"]:
        n[r["verdict"]] = n.get(r["verdict"], 0) + 1
    if any(n.get(k, 0) != c for k, c in d["totals"].items()):
        print("%s: results %s, totals %s" % (p, n, d["totals"])); bad += 1
    bad += len(errs)
sys.exit(1 if bad else 0)
PY
}
ids() { $PY -c 'import json, sys; [print(r["id"]) for r in json.load(open(sys.argv[1]))["results"]]' "$1"; }

# the whole full and matrix tiers (seconds on a host; FPABI_SCHEMA_FILTER
# narrows both, e.g. in a slow guest)
full=${FPABI_SCHEMA_FILTER:+--filter $FPABI_SCHEMA_FILTER} matrix=$full
# shellcheck disable=SC2086
"$FPABI" run --tier full $full --tracee "$FPABI_TRACEE" --timeout 20 --json "$tmp/full.json" >"$tmp/full.tap" 2>&1
# shellcheck disable=SC2086
"$FPABI" run --tier matrix $matrix --tracee "$FPABI_TRACEE" --timeout 20 --json "$tmp/matrix.json" >"$tmp/matrix.tap" 2>&1
# shellcheck disable=SC2086
want_full=$("$FPABI" list --tier full $full | wc -l)
# shellcheck disable=SC2086
want_matrix=$("$FPABI" list --tier matrix $matrix | wc -l)
ids "$tmp/full.json" >"$tmp/full.ids"
ids "$tmp/matrix.json" >"$tmp/matrix.ids"
[ "$(wc -l <"$tmp/full.ids")" -eq "$want_full" ] && grep -q '/h=' "$tmp/full.ids" &&
	grep -q '/p=' "$tmp/full.ids" && grep -q '/unobserved' "$tmp/full.ids"
ok $? "--tier full: $want_full results, IDs with /h=, /p= and /unobserved among them"
[ "$(wc -l <"$tmp/matrix.ids")" -eq "$want_matrix" ] && [ "$want_matrix" -gt "$want_full" ]
ok $? "--tier matrix: $want_matrix results, the matrices' cells beyond the full tier's $want_full"
validate "$tmp/full.json" >"$tmp/v.full"
ok $? "--tier full --json valid against the schema"
diag <"$tmp/v.full"
validate "$tmp/matrix.json" >"$tmp/v.matrix"
ok $? "--tier matrix --json valid against the schema"
diag <"$tmp/v.matrix"

# findings, durations and the environment, in JSON and JUnit
"$FPABI" run --filter "$A.ptrace-read.*" --tracee "$FPABI_TRACEE" --inject-fault=byte:ptrace-read \
	--json "$tmp/fail.json" --junit "$tmp/fail.xml" >"$tmp/fail.tap" 2>&1
validate "$tmp/fail.json" >"$tmp/v.fail"
ok $? "an injected fault's --json valid against the schema"
diag <"$tmp/v.fail"
$PY - "$tmp/fail.json" "$tmp/fail.tap" <<'PY'
import json, re, sys
d = json.load(open(sys.argv[1]))
tap = open(sys.argv[2]).read()
fails = [r for r in d["results"] if r["verdict"] == "fail"]
assert fails, "no failure"
for r in fails:
    f = r["findings"][0]
    # the fields are the YAML block's, one by one
    for k in ("register", "expected", "got", "classification", "observer"):
        assert '%s: "%s"' % (k, f[k]) in r["yaml"], (k, f[k])
    assert f["bytes"] is None or 'bytes: "%d-%d"' % tuple(f["bytes"]) in r["yaml"]
    assert r["seconds"] > 0
e = d["environment"]
assert "\n# kernel: %s " % e["kernel"]["release"] in tap
assert e["arch"] == d["arch"] and e["calibration"]["done"] in (True, False)
assert all(q["name"] for q in e["platform"]["quirks"])
assert e["fpabi"]["fpabi"]["sha256"] and e["fpabi"]["tracee"]["sha256"]
assert d["run"]["outcome"] == "complete" and d["run"]["given"] == len(d["results"])
PY
ok $? "JSON: findings field by field as the YAML has them, durations, the environment"
$PY - "$tmp/fail.xml" "$tmp/fail.json" <<'PY'
import json, sys, xml.etree.ElementTree as ET
suite = ET.parse(sys.argv[1]).getroot().find("testsuite")
d = json.load(open(sys.argv[2]))
# (a case SKIPped for a feature the CPU lacks never ran: time 0 is its own)
times = [float(tc.get("time")) for tc in suite.iter("testcase")
         if tc.find("skipped") is None]
props = {p.get("name"): p.get("value") for p in suite.iter("property")}
env = json.loads(props["environment"])["environment"]
assert times and all(t > 0 for t in times) and float(suite.get("time")) >= sum(times) * 0.5, times
assert env["kernel"] == d["environment"]["kernel"] and props["outcome"] == "complete"
PY
ok $? "JUnit: each testcase's time, the suite's, the environment property"
if command -v xmllint >/dev/null; then
	xmllint --noout --schema "$top/tests/junit-jenkins.xsd" "$tmp/fail.xml" 2>"$tmp/xsd"
	ok $? "JUnit with times and the environment: valid against Jenkins' schema"
	grep -v ' validates$' "$tmp/xsd" | diag
fi

# a setup error: Bail out! on the TAP, the reports say why
"$FPABI" run --filter "$A.ptrace-read.*" --tracee "$tmp/no-tracee" --json "$tmp/setup.json" \
	--junit "$tmp/setup.xml" >"$tmp/setup.tap" 2>"$tmp/setup.err"
rc=$?
validate "$tmp/setup.json" >"$tmp/v.setup"
[ $rc -eq 2 ] && grep -q '^Bail out! cannot run the tracee' "$tmp/setup.tap" && [ ! -s "$tmp/v.setup" ] &&
	$PY -c 'import json, sys; r = json.load(open(sys.argv[1]))["run"]
assert r["outcome"] == "setup-error" and "cannot run the tracee" in r["reason"]' "$tmp/setup.json" &&
	grep -q '<error type="setup-error" message="cannot run the tracee' "$tmp/setup.xml"
ok $? "a setup error: exit $rc, Bail out!, outcome setup-error with the reason in JSON and JUnit"
diag <"$tmp/v.setup"

# ptrace refused: 1..0 # SKIP, and the reports say so
if [ -x "${FPABI_NOPTRACE:-}" ]; then
	"$FPABI_NOPTRACE" "$FPABI" run --filter "$A.ptrace-read.*" --tracee "$FPABI_TRACEE" \
		--json "$tmp/np.json" --junit "$tmp/np.xml" >"$tmp/np.tap" 2>&1
	validate "$tmp/np.json" >"$tmp/v.np"
	[ ! -s "$tmp/v.np" ] && grep -q '^1\.\.0 # SKIP ptrace refused' "$tmp/np.tap" &&
		$PY -c 'import json, sys; r = json.load(open(sys.argv[1]))["run"]
assert r["outcome"] == "ptrace-refused" and r["reason"].startswith("ptrace refused")' "$tmp/np.json" &&
		grep -q '<skipped message="ptrace refused' "$tmp/np.xml" && grep -q 'tests="1"' "$tmp/np.xml"
	ok $? "ptrace refused: outcome ptrace-refused with the reason in JSON and JUnit"
	diag <"$tmp/v.np"
else
	t_n=$((t_n + 1)); echo "ok $t_n - ptrace refused # SKIP no tests/noptrace (FPABI_NOPTRACE)"
fi

# interrupted: SIGTERM during a run, the reports complete and say why
"$FPABI" run --tier matrix --tracee "$FPABI_TRACEE" --json "$tmp/int.json" --junit "$tmp/int.xml" \
	>"$tmp/int.tap" 2>&1 &
pid=$!
sleep 1
kill -TERM $pid 2>/dev/null
wait $pid
rc=$?
if [ $rc -eq 143 ]; then
	validate "$tmp/int.json" >"$tmp/v.int"
	[ ! -s "$tmp/v.int" ] && $PY -c 'import json, sys; d = json.load(open(sys.argv[1])); r = d["run"]
assert r["outcome"] == "interrupted" and "SIGTERM" in r["reason"] and d["interrupted"] == "SIGTERM"
assert r["given"] == len(d["results"]) < r["planned"]' "$tmp/int.json" &&
		grep -q '<error type="interrupted" message="interrupted by SIGTERM' "$tmp/int.xml"
	ok $? "SIGTERM: outcome interrupted with the reason in JSON and JUnit (exit $rc)"
	diag <"$tmp/v.int"
else
	t_n=$((t_n + 1)); echo "ok $t_n - SIGTERM # SKIP the run ended (exit $rc) before the signal"
fi

# '-' is stdout
(cd "$tmp" && "$FPABI" run --filter "$A.ptrace-read.*" --tracee "$FPABI_TRACEE" --json - >"$tmp/out.json" 2>"$tmp/out.tap")
rc1=$?
(cd "$tmp" && "$FPABI" run --filter "$A.ptrace-read.*" --tracee "$FPABI_TRACEE" --junit - >"$tmp/out.xml" 2>/dev/null)
rc2=$?
id=$(ids "$tmp/out.json" | head -1)
(cd "$tmp" && "$FPABI" repro --filter "$id" --seed 1 --tracee "$FPABI_TRACEE" -o - >"$tmp/repro.c" 2>/dev/null)
rc3=$?
validate "$tmp/out.json" >/dev/null && grep -q '^TAP version 13' "$tmp/out.tap" &&
	$PY -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$tmp/out.xml" &&
	grep -q '^int main' "$tmp/repro.c" && [ ! -e "$tmp/-" ] && [ "$rc1$rc2$rc3" = 000 ]
ok $? "--json -, --junit - and repro -o - write stdout (the TAP then on stderr), no file '-'"
"$FPABI" run --filter "$A.ptrace-read.*" --tracee "$FPABI_TRACEE" --json - >"$tmp/both.json" 2>&1
validate "$tmp/both.json" >/dev/null
ok $? "--json - with stderr on the same file (fpabi-vm's guest): the JSON alone, valid"
"$FPABI" run --json - --junit - >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "--json - with --junit -: refused (exit 2), one stdout"
done_testing
