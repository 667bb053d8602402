# SPDX-License-Identifier: GPL-2.0-or-later
# JUnit XML for Jenkins or GitLab through Debian's TAP JUnit formatter
# (libtap-formatter-junit-perl): tap2junit on fpabi's saved output, and
# prove --formatter TAP::Formatter::JUnit on a live run.  Every result is
# a <testcase>; an injected fault is a <failure> per failed case.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
if ! command -v tap2junit >/dev/null || ! command -v prove >/dev/null; then
	echo "1..0 # SKIP tap2junit or prove not found (packages libtap-formatter-junit-perl, perl)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fam=ptrace-read
filter="$FPABI_ARCH.$fam.*"
want=$("$FPABI" list --filter "$filter" | wc -l)

# the XML is well formed (python3 or xmllint where there is one)
wellformed() {
	if command -v python3 >/dev/null; then
		python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' "$1"
	elif command -v xmllint >/dev/null; then
		xmllint --noout "$1"
	else
		grep -q '</testsuites>' "$1"
	fi
}
count() { grep -o "$1" "$2" | wc -l; }

"$FPABI" run --filter "$filter" --tracee "$FPABI_TRACEE" >"$tmp/pass.tap" 2>&1
tap2junit --name fpabi "$tmp/pass.tap"
rc=$?
x=$tmp/pass.tap.xml
[ $rc -eq 0 ] && wellformed "$x" && [ "$(count '<testcase ' "$x")" -eq "$want" ] &&
	[ "$(count '<failure' "$x")" -eq 0 ] && grep -q '<testsuite [^>]*failures="0"' "$x"
ok $? "tap2junit, a clean run: $want testcases, no <failure>"

"$FPABI" run --filter "$filter" --tracee "$FPABI_TRACEE" --inject-fault="byte:$fam" >"$tmp/fail.tap" 2>&1
failed=$(grep -c '^not ok ' "$tmp/fail.tap")
tap2junit --name fpabi "$tmp/fail.tap"
x=$tmp/fail.tap.xml
[ "$failed" -gt 0 ] && wellformed "$x" && [ "$(count '<testcase ' "$x")" -eq "$want" ] &&
	[ "$(count '<failure' "$x")" -eq "$failed" ] &&
	grep -q "<testsuite [^>]*failures=\"$failed\"" "$x"
ok $? "tap2junit, an injected fault: $failed <failure> elements, failures=\"$failed\""
# the failure carries fpabi's diagnosis: the YAML block with its rule
grep -q 'classification: ' "$x" && grep -q 'reproduce: ' "$x"
ok $? "each <failure> holds the YAML block (classification, reproducer)"

# prove with the JUnit formatter, as Jenkins jobs run it
printf '#!/bin/sh\nexec "%s" run --filter "%s" --tracee "%s" --inject-fault=byte:%s\n' \
	"$FPABI" "$filter" "$FPABI_TRACEE" "$fam" >"$tmp/fpabi.t"
(cd "$tmp" && prove --exec sh --formatter TAP::Formatter::JUnit fpabi.t >"$tmp/prove.xml" 2>"$tmp/prove.err")
rc=$?
x=$tmp/prove.xml
[ $rc -ne 0 ] && wellformed "$x" && [ "$(count '<failure' "$x")" -ge "$failed" ]
ok $? "prove --formatter TAP::Formatter::JUnit: exit $rc, <failure> for the failed cases"
done_testing
