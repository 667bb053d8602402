# SPDX-License-Identifier: GPL-2.0-or-later
# The runner's watchdog and cleanup: a hung tracee is `not ok` with a
# timeout verdict and the run goes on; --timeout bounds every wait and
# every retry, and stress and fuzz --seconds; killing the runner (TERM or
# KILL) leaves no tracee behind.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

first=$("$FPABI" list | awk -F'\t' '$5 == "runnable" {print $1}' | head -2)
if [ "$(echo "$first" | wc -l)" -lt 2 ]; then
	echo "1..0 # SKIP fewer than two runnable cases here"
	exit 0
fi
one=$(echo "$first" | head -1)
two=$(echo "$first" | tail -1)

"$FPABI" run --filter "$one,$two" --timeout 1 --inject-fault="hang:$one" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^not ok 1 ' "$tmp/out" && grep -q '^  verdict: timeout' "$tmp/out"
ok $? "a hung tracee is not ok with verdict timeout (exit $rc)"
grep -q '^ok 2 ' "$tmp/out" && tail -1 "$tmp/out" | grep -qx '1 passed, 1 failed, 0 skipped'
ok $? "the run goes on after a timeout"

# --timeout bounds everything: a hang in a case that waits for its spin
# (preemption, migration, PTRACE_INTERRUPT, group-stop) ends at the
# deadline, retries included, as a timeout; stress and fuzz --seconds N
# end within N plus one case's --timeout (here 1 s of slack each)
spin=$("$FPABI" list --filter sched,stops 2>/dev/null |
	awk -F'\t' '$5 == "runnable" { split($1, a, "/"); if (!(a[1] in s)) { s[a[1]] = 1; print $1 } }' |
	paste -sd, -)
if [ -n "$spin" ]; then
	n=$(echo "$spin" | tr ',' '\n' | wc -l)
	start=$(date +%s)
	"$FPABI" run --filter "$spin" --timeout 1 --inject-fault=hang:any >"$tmp/spin" 2>&1
	took=$(($(date +%s) - start))
	[ "$(grep -c '^  verdict: timeout$' "$tmp/spin")" -eq "$n" ] &&
		! grep -q '^  verdict: broken' "$tmp/spin" && [ $took -le $((2 * n + 2)) ]
	ok $? "$n hung cases that wait for a spin: each a timeout verdict at --timeout 1, $took s in all"
else
	ok 0 "# SKIP no runnable sched or stops case"
fi
# --seconds and --timeout bound the command's loop, which it times
# itself ("# stress: ... in 5.3 s", "# fuzz: ... in 5.3 s"); the probe
# and calibration before it are outside them, and a loaded host can
# stretch those by a second or more, so the wall time is only shown.
for cmd in stress fuzz; do
	start=$(date +%s.%N)
	"$FPABI" $cmd --seconds 3 --timeout 2 --inject-fault=hang:any >"$tmp/$cmd" 2>&1
	rc=$?
	took=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	loop=$(sed -n "s/^# $cmd: .* in \([0-9.]*\) s[,( ].*/\1/p" "$tmp/$cmd" | tail -n 1)
	[ $rc -eq 1 ] && [ -n "$loop" ] &&
		awk -v t="$loop" 'BEGIN { exit !(t <= 6) }' &&
		grep -q '^  verdict: timeout$' "$tmp/$cmd" &&
		! grep -q '^  verdict: broken' "$tmp/$cmd"
	ok $? "$cmd --seconds 3 --timeout 2 with a hang: timeouts, its loop over in ${loop:-?} s (at most 3 + 2 + 1; $took s with start-up)"
done

# the tracee of a runner; empty if none yet
tracee_of() {
	ps -o pid= -o comm= --ppid "$1" 2>/dev/null | awk '$2 == "fpabi-tracee" {print $1}'
}

for sig in TERM KILL INT; do
	"$FPABI" run --filter "$one" --timeout 60 --inject-fault=hang:any >/dev/null 2>&1 &
	runner=$!
	t=""
	for _ in $(seq 400); do
		t=$(tracee_of $runner)
		[ -n "$t" ] && break
		sleep 0.05
	done
	kill -s $sig $runner
	wait $runner 2>/dev/null
	gone=1
	for _ in $(seq 50); do
		if [ -n "$t" ] && ! kill -0 "$t" 2>/dev/null; then
			gone=0
			break
		fi
		sleep 0.05
	done
	[ -n "$t" ] && [ $gone -eq 0 ]
	ok $? "SIG$sig to the runner leaves no tracee behind (tracee ${t:-not found})"
done
done_testing
