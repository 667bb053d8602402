# SPDX-License-Identifier: GPL-2.0-or-later
# The LAVA test definition (lava/fpabi.yaml): it passes validate.py's
# rules, and its run steps, run as LAVA runs them (from the repository's
# top, params as shell variables) with lava-test-case replaced by a
# recorder, report one case per TAP result: pass for ok, fail for the
# injected fault, skip for SKIP and for a refused ptrace; bench figures
# as measurements; LAVA signals where lava-test-case is missing.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
if ! python3 -c 'import yaml' 2>/dev/null; then
	echo "1..0 # SKIP python3 with yaml not found (package python3-yaml)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
top=$(cd "${srcdir:-.}" && pwd)
def=$top/lava/fpabi.yaml
fam=ptrace-read
filter="$FPABI_ARCH.$fam.*"

# the rules of Linaro's validate.py for a test definition: metadata with
# non-empty name (no whitespace), format, description, maintainer, os and
# devices; run.steps
python3 - "$def" >"$tmp/steps" <<'PY'
import sys, yaml
d = yaml.safe_load(open(sys.argv[1]))
m = d["metadata"]
for k in ("name", "format", "description", "maintainer", "os", "devices"):
    assert k in m and len(m[k]) > 0, "metadata.%s missing or empty" % k
assert " " not in m["name"], m["name"]
assert m["format"] in ("Lava-Test Test Definition 1.0",
                       "Manual Test Definition 1.0"), m["format"]
assert isinstance(d["params"], dict) and "FPABI_ARGS" in d["params"]
steps = d["run"]["steps"]
assert steps and all(isinstance(s, str) for s in steps)
print("\n".join(steps))
PY
ok $? "lava/fpabi.yaml passes validate.py's rules (metadata keys, name, format, run steps)"

# lava-test-case, recording its arguments
mkdir "$tmp/bin"
printf '#!/bin/sh\necho "$*" >>"%s/calls"\n' "$tmp" >"$tmp/bin/lava-test-case"
chmod +x "$tmp/bin/lava-test-case"
run_steps() { # FPABI FPABI_ARGS [BENCH BENCH_ARGS [SHARD_NUMBER SHARD_INDEX]]
	rm -f "$tmp/calls"
	(cd "$top" && export PATH="$tmp/bin:$PATH" OUTPUT="$tmp/output" &&
	 sh -c "FPABI='$1'; FPABI_ARGS='$2'; BENCH='${3:-false}'; BENCH_ARGS='${4:-}'; SHARD_NUMBER='${5:-1}'; SHARD_INDEX='${6:-1}'; $(cat "$tmp/steps")") >"$tmp/log" 2>&1
	touch "$tmp/calls"
}
n() { grep -c -- "$1" "$tmp/calls"; }
want=$("$FPABI" list --filter "$filter" | wc -l)

# (a case whose scenario is not proven is an ok # SKIP in the TAP, and
# must be a skip in LAVA: the counts come from the run's own TAP)
tap_pass() { grep '^ok ' "$tmp/output/fpabi.tap" | grep -vc '# SKIP\|# TODO'; }
tap_skip() { grep -c '^ok .*# SKIP' "$tmp/output/fpabi.tap"; }
run_steps "$FPABI" "--filter $filter --tracee $FPABI_TRACEE"
p=$(tap_pass) sk=$(tap_skip)
[ "$p" -ge 1 ] && [ "$(n ' --result pass$')" -eq $((p + 1)) ] &&
	[ "$(n ' --result skip$')" -eq "$sk" ] &&
	[ "$(wc -l <"$tmp/calls")" -eq $((want + 1)) ] &&
	grep -q '^fpabi-run --result pass$' "$tmp/calls" &&
	grep -qE "^${FPABI_ARCH}\.$fam\.[^ /]+ --result pass$" "$tmp/calls"
ok $? "a clean run: $want cases ($p passed, $sk skipped) and fpabi-run reported as pass and skip, IDs without '/'"
diag <"$tmp/calls"

"$FPABI" run --filter "$filter" --tracee "$FPABI_TRACEE" --inject-fault="byte:$fam" >"$tmp/fail.tap" 2>&1
failed=$(grep -c '^not ok ' "$tmp/fail.tap")
run_steps "$FPABI" "--filter $filter --tracee $FPABI_TRACEE --inject-fault=byte:$fam"
[ "$failed" -gt 0 ] && [ "$(n ' --result fail$')" -eq "$failed" ] &&
	[ "$(wc -l <"$tmp/calls")" -eq $((want + 1)) ]
ok $? "an injected fault: the $failed failed cases reported fail"

skipfam=$("$FPABI" list | awk -F'\t' '{split($1, p, "/"); c[p[1]]++; if ($5 ~ /^skip/) s[p[1]]++}
	END {for (k in c) if (s[k] == c[k]) {print k; exit}}')
if [ -n "$skipfam" ]; then
	run_steps "$FPABI" "--filter $skipfam/* --tracee $FPABI_TRACEE"
	[ "$(n ' --result skip$')" -ge 1 ] && [ "$(n ' --result fail$')" -eq 0 ]
	ok $? "cases this machine lacks ($skipfam) are reported skip"
else
	t_n=$((t_n + 1)); echo "ok $t_n - SKIPped cases are reported skip # SKIP every family runs here"
fi

# the definition's shards (SHARD_NUMBER, SHARD_INDEX): separate test
# runs that together report every case once, and whose output/fpabi.json
# fpabi merge joins into the whole run
: >"$tmp/shards"
for i in 1 2 3; do
	run_steps "$FPABI" "--filter $filter --tracee $FPABI_TRACEE" false "" 3 $i
	grep -v '^fpabi-run ' "$tmp/calls" | cut -d' ' -f1 >>"$tmp/shards"
	cp "$tmp/output/fpabi.json" "$tmp/shard$i.json"
done
"$FPABI" list --filter "$filter" | cut -f1 | tr -c 'A-Za-z0-9._\n-' '_' | sort >"$tmp/want.ids"
"$FPABI" merge "$tmp"/shard[123].json -o "$tmp/merged.json"; mrc=$?
sort "$tmp/shards" | cmp -s - "$tmp/want.ids" && [ $mrc -eq 0 ] &&
	[ "$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["results"]))' "$tmp/merged.json")" -eq "$want" ]
ok $? "SHARD_NUMBER 3, SHARD_INDEX 1, 2, 3: the $want cases reported once in all, the merged JSON has them all"

# validate.py's shellcheck step, with the options Linaro's sanity-check.sh
# gives it (test-definitions 4212946b414e: shellcheck -S warning -e
# SC1091,SC2230,SC3043), and at shellcheck's own default severity too
if command -v shellcheck >/dev/null; then
	(cd "$top" && shellcheck -S warning -e SC1091,SC2230,SC3043 lava/*.sh kselftest/run_fpabi.sh &&
	 shellcheck lava/*.sh kselftest/run_fpabi.sh) >"$tmp/sc" 2>&1
	ok $? "shellcheck (validate.py's options, and every severity): lava/*.sh, kselftest/run_fpabi.sh"
	diag <"$tmp/sc"
else
	t_n=$((t_n + 1)); echo "ok $t_n - shellcheck # SKIP shellcheck not installed (package shellcheck)"
fi

# bench figures as measurements with units
run_steps "$FPABI" "--filter $filter --tracee $FPABI_TRACEE" true \
	"--workload syscall --samples 3 --iterations 100 --warmup 0"
nb=$(grep -c '^fpabi-bench\.[^ ]* --result pass --measurement [0-9.][0-9.]* --units ns$' "$tmp/calls")
[ "$nb" -ge 1 ] && grep -q '^fpabi-bench-run --result pass$' "$tmp/calls"
ok $? "BENCH=true: $nb bench figures reported as measurements in ns"
grep '^fpabi-bench' "$tmp/calls" | head -2 | diag

# without lava-test-case: the result file's lines as LAVA signals
mv "$tmp/bin/lava-test-case" "$tmp/ltc"
run_steps "$FPABI" "--filter $filter --tracee $FPABI_TRACEE"
sig=$(grep -c '^<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=[^ ]* RESULT=\(pass\|skip\)>$' "$tmp/log")
[ ! -s "$tmp/calls" ] && [ "$sig" -eq $((want + 1)) ] &&
	[ "$(wc -l <"$tmp/output/result.txt")" -eq $((want + 1)) ]
ok $? "no lava-test-case: result.txt ($((want + 1)) lines) sent as $sig LAVA signals"
mv "$tmp/ltc" "$tmp/bin/lava-test-case"

printf '#!/bin/sh\nexec "%s" "%s" "$@"\n' "$FPABI_NOPTRACE" "$FPABI" >"$tmp/bin/fpabi-noptrace"
chmod +x "$tmp/bin/fpabi-noptrace"
run_steps "$tmp/bin/fpabi-noptrace" "--filter $filter --tracee $FPABI_TRACEE"
[ "$(cat "$tmp/calls")" = "fpabi --result skip
fpabi-run --result pass" ]
ok $? "ptrace refused: one skipped case"
diag <"$tmp/calls"
done_testing
