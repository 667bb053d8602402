# SPDX-License-Identifier: GPL-2.0-or-later
# Without root: the cases that do not need it run (as nobody, when make
# check runs as root), what needs it SKIPs with the reason; where ptrace is
# refused (a seccomp filter, as containers do) the run is one SKIP of the
# whole plan and exits with --skip-exit's status.
. "${srcdir:-.}/tests/lib.sh"
: "${FPABI_NOPTRACE:?run through make check}"
echo "TAP version 13"
tmp=$(mktemp -d)
chmod 755 "$tmp"
trap 'rm -rf "$tmp"' EXIT
filter="$FPABI_ARCH.ptrace-read.*,$FPABI_ARCH.syscall.*"

# as an unprivileged user: nobody when we are root, else ourselves
if [ "$(id -u)" -eq 0 ]; then
	as_user() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
	who=nobody
else
	as_user() { "$@"; }
	who=$(id -un)
fi
as_user "$FPABI" run --kmsg --filter "$filter" --tracee "$FPABI_TRACEE" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && ! grep -q '^not ok' "$tmp/out"
ok $? "as $who: the run passes or skips (exit $rc)"
[ $rc -eq 0 ] || { cat "$tmp/err"; grep -A12 '^not ok' "$tmp/out"; } | head -40 | diag
grep -E '^ok [0-9]+ - ' "$tmp/out" | grep -qv '# SKIP'
ok $? "as $who: cases ran (not everything skipped)"
! grep -E '# SKIP *$' "$tmp/out" | grep -q .
ok $? "as $who: every SKIP gives its reason"
grep -E '^ok [0-9]+ - kernel\.log-clean( # SKIP .+)?$' "$tmp/out" >"$tmp/kmsg"
ok $? "as $who: --kmsg runs, or SKIPs with the reason: $(sed 's/.*# SKIP //' "$tmp/kmsg")"

# ptrace refused: one SKIP of the plan, not a failure per case
for user in root "$who"; do
	[ $user = root ] && [ "$(id -u)" -ne 0 ] && continue
	if [ $user = root ]; then run() { "$@"; }; else run() { as_user "$@"; }; fi
	run "$FPABI_NOPTRACE" "$FPABI" run --filter "$filter" --skip-exit 4 \
		--tracee "$FPABI_TRACEE" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 4 ]
	ok $? "ptrace refused, as $user: exit is --skip-exit's 4 (got $rc)"
	[ $rc -eq 4 ] || head -20 "$tmp/err" | diag
	[ "$(grep -c '^1\.\.0 # SKIP ptrace refused: .' "$tmp/out")" -eq 1 ] &&
		[ "$(grep -cE '^(not )?ok ' "$tmp/out")" -eq 0 ] &&
		[ "$(grep -cE '^1\.\.' "$tmp/out")" -eq 1 ]
	ok $? "ptrace refused, as $user: one plan line, 1..0 with a SKIP directive naming the refusal, and no results"
	grep -E '^1\.\.' "$tmp/out" | diag
	grep -qx '# Totals: pass:0 fail:0 xfail:0 xpass:0 skip:0 error:0' "$tmp/out" &&
		[ "$(tail -1 "$tmp/out")" = "0 passed, 0 failed, 0 skipped" ]
	ok $? "ptrace refused, as $user: the counts say nothing ran"
	! [ -s "$tmp/err" ]
	ok $? "ptrace refused, as $user: nothing on stderr"
done
"$FPABI_NOPTRACE" "$FPABI" run --filter "$filter" >/dev/null 2>&1
rc=$?
[ $rc -eq 0 ]
ok $? "ptrace refused, no --skip-exit: exit 0 (got $rc)"
# memfd_create refused (a seccomp profile): one reason, not a broken
# result per case
for cmd in run fuzz; do
	NOPTRACE_SYSCALL=memfd_create "$FPABI_NOPTRACE" "$FPABI" $cmd --skip-exit 4 \
		--tracee "$FPABI_TRACEE" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 4 ] &&
		[ "$(grep -c '^1\.\.0 # SKIP memfd_create refused (Operation not permitted)' "$tmp/out")" -eq 1 ] &&
		[ "$(grep -cE '^(not )?ok ' "$tmp/out")" -eq 0 ]
	ok $? "memfd_create refused, $cmd: one 1..0 SKIP naming it, no results, exit 4 (got $rc)"
	[ $rc -eq 4 ] || { head -5 "$tmp/err"; grep -E '^(1\.\.|not ok)' "$tmp/out" | head -3; } | diag
done
done_testing
