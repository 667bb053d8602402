# SPDX-License-Identifier: GPL-2.0-or-later
# prove (TAP::Harness) reads fpabi's TAP: a clean filtered run passes, a
# run with an injected fault fails with the failed cases named, and a
# run where ptrace is refused is a skip of the whole file.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
if ! command -v prove >/dev/null; then
	echo "1..0 # SKIP prove not found (package perl)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fam=ptrace-read
filter="$FPABI_ARCH.$fam.*"

# a test file for prove: fpabi with the arguments given here
mkt() { # NAME ARGS...
	local f=$tmp/$1.t q
	shift
	printf '#!/bin/sh\nexec' >"$f"
	for q in "$@"; do printf " '%s'" "$q" >>"$f"; done
	printf '\n' >>"$f"
}
prove_t() { (cd "$tmp" && prove --exec sh --merge "$@" 2>&1); }

mkt pass "$FPABI" run --filter "$filter" --tracee "$FPABI_TRACEE"
prove_t -v pass.t >"$tmp/out"
rc=$?
[ $rc -eq 0 ] && grep -q '^Result: PASS' "$tmp/out"
ok $? "a clean run: prove exits 0, Result: PASS (exit $rc)"
[ $rc -eq 0 ] || tail -20 "$tmp/out" | diag
tests=$(sed -n 's/^Files=1, Tests=\([0-9]*\),.*/\1/p' "$tmp/out")
want=$("$FPABI" list --filter "$filter" | wc -l)
[ "$tests" = "$want" ]
ok $? "prove counted every result: $tests tests, $want listed"
! grep -qE 'Parse errors|out of sequence|Bad plan' "$tmp/out"
ok $? "prove reports no parse errors (YAML blocks, Totals and closing lines are accepted)"

mkt fail "$FPABI" run --filter "$filter" --tracee "$FPABI_TRACEE" --inject-fault="byte:$fam"
"$FPABI" run --filter "$filter" --tracee "$FPABI_TRACEE" --inject-fault="byte:$fam" >"$tmp/fpabi.tap" 2>&1
failed=$(grep -c '^not ok ' "$tmp/fpabi.tap")
prove_t fail.t >"$tmp/out"
rc=$?
[ $rc -ne 0 ] && grep -q '^Result: FAIL' "$tmp/out" && [ "$failed" -gt 0 ] &&
	grep -qE "^fail\.t +\(Wstat: 256 \(exited 1\) Tests: $want Failed: $failed\)" "$tmp/out"
ok $? "an injected fault: prove exits $rc, Result: FAIL, $failed of $want failed, exit 1 seen"
grep -A4 '^Test Summary' "$tmp/out" | diag

mkt refused "$FPABI_NOPTRACE" "$FPABI" run --filter "$filter" --tracee "$FPABI_TRACEE"
prove_t refused.t >"$tmp/out"
rc=$?
[ $rc -eq 0 ] && grep -qE '^refused\.t \.+ skipped: ptrace refused' "$tmp/out"
ok $? "ptrace refused: prove shows the file skipped with the reason (exit $rc)"
grep 'refused\.t' "$tmp/out" | diag
done_testing
