# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile bytes through every output: a tracee whose error message holds
# terminal escapes, CR, DEL, bytes that are not UTF-8, TAP and YAML and
# XML specials and a newline with a fake result (the test hook
# FPABI_TEST_TRACEE_SAYS makes the tracee fail with it), and filters and
# skip-file lines of such bytes echoed in errors; each output parsed by
# a real parser: tap.py and PyYAML (TAP 13 and kselftest TAP), json and
# the results schema (JSON), xmllint and Jenkins' schema (JUnit), and
# stderr checked for raw control bytes and bad UTF-8.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
: "${FPABI_TRACEE:?run through make check}"
PY=/usr/bin/python3
top=${srcdir:-.}
chk="$PY $top/tests/outputs-check.py"
export SCHEMA=$top/docs/fpabi-results.schema.json
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A=${FPABI_ARCH:-x86_64}
if ! $PY -c 'import tap, yaml' 2>/dev/null || ! command -v xmllint >/dev/null; then
	echo "1..0 # SKIP needs python3-tap, python3-yaml and xmllint"
	exit 0
fi
id=$("$FPABI" list --filter "$A.syscall.*" | awk -F'\t' '$5 == "runnable" {print $1; exit}')

n=0
for msg in "$(printf 'esc \033[2J\033]0;title\007 cr\rdel\177')" \
	"$(printf 'not utf-8: \377 \300\257 \355\240\200 \303( \360\237\230')" \
	"$(printf 'specials # \\ " <&> ]]> &amp; \357\277\276 done')" \
	"$(printf 'newline\nnot ok 99 - injected\n  ---\n  x: [\n')" \
	"$(printf '\033%.0s' $(seq 200))"; do
	n=$((n + 1))
	for fmt in tap kselftest; do
		FPABI_TEST_TRACEE_SAYS=$msg "$FPABI" run --filter "$id" \
			--format "$fmt" --json "$tmp/$n-$fmt.json" \
			--junit "$tmp/$n-$fmt.xml" >"$tmp/$n-$fmt.tap" 2>"$tmp/$n-$fmt.err"
		rc=$?
		grep -q "tracee setup failed" "$tmp/$n-$fmt.tap"
		ok $? "message $n, $fmt: the run reports the tracee's message (exit $rc)"
		$chk tap "$tmp/$n-$fmt.tap" 2>"$tmp/why"
		ok $? "message $n, $fmt: TAP and YAML parse, nothing raw"
		diag <"$tmp/why"
		$chk json "$tmp/$n-$fmt.json" 2>"$tmp/why"
		ok $? "message $n, $fmt: JSON parses, valid against the schema"
		diag <"$tmp/why"
		xmllint --noout --schema "$top/tests/junit-jenkins.xsd" \
			"$tmp/$n-$fmt.xml" 2>"$tmp/why"
		ok $? "message $n, $fmt: JUnit valid against Jenkins' schema"
		diag <"$tmp/why"
		$chk stderr "$tmp/$n-$fmt.err" 2>"$tmp/why"
		ok $? "message $n, $fmt: stderr escaped"
		diag <"$tmp/why"
	done
	# the other commands' TAP with the same tracee
	FPABI_TEST_TRACEE_SAYS=$msg "$FPABI" stress --replay 'load:1 store' \
		--seed 1 >"$tmp/$n-stress.tap" 2>"$tmp/$n-stress.err"
	grep -q "tracee" "$tmp/$n-stress.tap" && $chk tap "$tmp/$n-stress.tap" 2>"$tmp/why" &&
		$chk stderr "$tmp/$n-stress.err" 2>>"$tmp/why"
	ok $? "message $n, stress --replay: TAP parses, nothing raw"
	diag <"$tmp/why"
done
grep -q 'replaced_bytes": [1-9]' "$tmp/2-tap.json" &&
	grep -q 'name="replaced_bytes" value="[1-9]' "$tmp/2-tap.xml"
ok $? "JSON and JUnit say how many bytes they replaced"
# the escapes are there, readable, not lost
grep -qF 'esc \x1b[2J\x1b]0;title\x07 cr\x0ddel\x7f' "$tmp/1-tap.tap"
ok $? "TAP shows each control byte as \\xNN"
$PY -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert "\x1b[2J" in d["results"][0]["reason"], d["results"][0]["reason"]' "$tmp/1-tap.json"
ok $? "JSON keeps a control character as its \\u escape"

# hostile arguments echoed on stderr
printf 'x86_64.\033[31m*\n\377\376\n' >"$tmp/skip"
for args in "--filter $(printf 'x\033[2Jy\377')" \
	"--exclude $(printf '\033]0;t\007\r')" \
	"--skip-file $tmp/skip" \
	"--filter $(printf '\303')" \
	"--seed $(printf '1\033[2J')" \
	"--tier $(printf '\177\200')"; do
	# shellcheck disable=SC2086
	"$FPABI" run $args >"$tmp/out" 2>"$tmp/err"
	rc=$?
	$chk stderr "$tmp/err" 2>"$tmp/why" && [ -s "$tmp/err" ]
	ok $? "fpabi run ${args%% *} (hostile bytes): stderr escaped and says why (exit $rc)"
	diag <"$tmp/why"
done
done_testing
