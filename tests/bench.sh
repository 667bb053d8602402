# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi bench: a short run gives valid TAP and JSON; a run compared with
# itself shows no change; a large synthetic difference is reported.  No
# timing thresholds: the figures themselves are not judged.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$FPABI" bench --samples 3 --iterations 20 --json "$tmp/a.json" >"$tmp/a.tap" 2>"$tmp/err"
ok $? "bench --samples 3 --iterations 20 exits 0"
head -n1 "$tmp/a.tap" | grep -qx 'TAP version 13'
ok $? "bench output starts with 'TAP version 13'"
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tmp/a.tap")
results=$(grep -cE '^(not )?ok [0-9]+ - ' "$tmp/a.tap")
[ -n "$plan" ] && [ "$plan" -gt 0 ] && [ "$plan" = "$results" ]
ok $? "the plan ($plan) matches the results ($results)"
! grep -q '^not ok' "$tmp/a.tap"
ok $? "no result is 'not ok'"
for w in syscall signal trap-pipe ctxsw ptrace; do
	grep -qE "^ok [0-9]+ - $w/" "$tmp/a.tap"
	ok $? "workload $w has results"
done
# every result that ran has a YAML block with a median and its spread
awk '/^ok [0-9]+ - / && !/# SKIP/ {want = 1; next}
     want && /^  ns_per_op: \{median: [0-9.]+, q1: [0-9.]+, q3: [0-9.]+, min: [0-9.]+, max: [0-9.]+\}$/ {want = 0}
     /^  \.\.\.$/ && want {bad = 1}
     END {exit bad}' "$tmp/a.tap"
ok $? "every result's YAML block has ns_per_op with median, q1, q3, min, max"
grep -qE '^  (perf|perf_scope): ' "$tmp/a.tap"
ok $? "the YAML says whether perf counted, and what"
if command -v python3 >/dev/null 2>&1; then
	python3 -m json.tool "$tmp/a.json" >/dev/null
	ok $? "--json writes valid JSON"
else
	echo "ok $((t_n + 1)) - --json writes valid JSON # SKIP no python3"
	t_n=$((t_n + 1))
fi

"$FPABI" bench --compare "$tmp/a.json" "$tmp/a.json" >"$tmp/self" 2>&1
ok $? "--compare of a run against itself exits 0"
grep -q ' 0 changed$' "$tmp/self" && ! grep -q '% wall clock$' "$tmp/self" &&
	grep -q 'no significant change' "$tmp/self"
ok $? "a run compared with itself reports no change"

"$FPABI" bench --compare "$tmp/a.tap" "$tmp/a.tap" >"$tmp/selftap" 2>&1 &&
	grep -q ' 0 changed$' "$tmp/selftap" && grep -q 'no significant change' "$tmp/selftap"
ok $? "--compare reads the TAP output too (a guest's): itself, no change"
n_json=$(sed -n 's/^\([0-9]*\) figures compared.*/\1/p' "$tmp/self")
n_tap=$(sed -n 's/^\([0-9]*\) figures compared.*/\1/p' "$tmp/selftap")
[ -n "$n_json" ] && [ "$n_json" -gt 0 ] && [ "$n_json" = "$n_tap" ]
ok $? "the TAP and the JSON of one run hold the same figures ($n_tap, $n_json)"

cat >"$tmp/x.json" <<'J'
{"fpabi_bench": 1, "kernel": "A", "results": [
 {"id": "syscall/sse", "status": "ok", "metrics": {
  "ns_per_op": {"median": 100.0, "q1": 99.0, "q3": 101.0, "min": 98.0, "max": 102.0},
  "user_cycles_per_op": {"median": 50.0, "q1": 49.0, "q3": 51.0, "min": 48.0, "max": 52.0}}},
 {"id": "signal/sse", "status": "skip", "reason": "none"}]}
J
cat >"$tmp/y.json" <<'J'
{"fpabi_bench": 1, "kernel": "B", "results": [
 {"id": "syscall/sse", "status": "ok", "metrics": {
  "ns_per_op": {"median": 150.0, "q1": 149.0, "q3": 151.0, "min": 148.0, "max": 152.0},
  "user_cycles_per_op": {"median": 50.5, "q1": 49.5, "q3": 51.5, "min": 48.0, "max": 53.0}}},
 {"id": "signal/sse", "status": "skip", "reason": "none"}]}
J
"$FPABI" bench --compare "$tmp/x.json" "$tmp/y.json" >"$tmp/xy" 2>&1
ok $? "--compare of two synthetic files exits 0"
grep -q '^syscall/sse: wall clock 100.00 -> 150.00 per op: +50.00% wall clock$' "$tmp/xy"
ok $? "a 50% slower wall clock is reported as +50.00% wall clock"
grep -q '^syscall/sse: user cycles .*no significant change' "$tmp/xy"
ok $? "a change within the spread is no significant change"
"$FPABI" bench --compare "$tmp/y.json" "$tmp/x.json" | grep -q ': -33.33% wall clock$'
ok $? "the reverse comparison is -33.33% wall clock"

"$FPABI" bench --compare --floor 60 "$tmp/x.json" "$tmp/y.json" |
	grep -q '^syscall/sse: wall clock .*no significant change (+50.00%, within --floor 60%)$'
ok $? "--floor 60 makes a 50% change no significant change"

# --fail-on-regression: exit 1 only for a change slower than PCT
"$FPABI" bench --compare --fail-on-regression 40 "$tmp/x.json" "$tmp/y.json" >"$tmp/reg" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^syscall/sse: wall clock: regression: +50.00% is past --fail-on-regression 40%$' "$tmp/reg" &&
	grep -q '^1 regression(s) past --fail-on-regression 40%$' "$tmp/reg"
ok $? "--fail-on-regression 40 and a 50% slower figure: exit 1, the regression named (got $rc)"
"$FPABI" bench --compare --fail-on-regression 60 "$tmp/x.json" "$tmp/y.json" >/dev/null 2>&1
rc=$?
[ $rc -eq 0 ]
ok $? "--fail-on-regression 60 and a 50% slower figure: exit 0 (got $rc)"
"$FPABI" bench --compare --fail-on-regression 10 "$tmp/y.json" "$tmp/x.json" >/dev/null 2>&1
rc=$?
[ $rc -eq 0 ]
ok $? "--fail-on-regression 10 and a figure 33% faster: exit 0 (got $rc)"
"$FPABI" bench --compare --floor 60 --fail-on-regression 10 "$tmp/x.json" "$tmp/y.json" >/dev/null 2>&1
rc=$?
[ $rc -eq 0 ]
ok $? "--fail-on-regression counts only changes the verdict calls significant (--floor 60: exit $rc)"

echo '{"results": [' >"$tmp/bad.json"
"$FPABI" bench --compare "$tmp/bad.json" "$tmp/x.json" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && [ -s "$tmp/err" ]
ok $? "--compare of a broken file exits 2 with a message"
for args in "--compare $tmp/x.json" "--samples 0" "--iterations 0" \
	    "--workload bogus" "extra" "--compare --floor x $tmp/x.json $tmp/x.json" \
	    "--compare --fail-on-regression -1 $tmp/x.json $tmp/x.json" "--fail-on-regression 5"; do
	# shellcheck disable=SC2086
	"$FPABI" bench $args >/dev/null 2>"$tmp/err"
	rc=$?
	[ $rc -eq 2 ] && [ -s "$tmp/err" ]
	ok $? "bad usage 'bench $args' exits 2 with a message (got $rc)"
done
done_testing
