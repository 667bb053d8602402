# SPDX-License-Identifier: GPL-2.0-or-later
# No orphans: the runner is killed with SIGKILL at random moments (30
# times each in run, stress, fuzz and bench) by tests/killrun, a child
# subreaper that adopts whatever the run leaves; a process still alive
# 3 s after the kill (a tracee, its pipe writer, a competitor, a bench
# child) fails the command's test point.  FPABI_KILL_SEED replays.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
killrun=${KILLRUN:-$PWD/tests/killrun}
seed=${FPABI_KILL_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
n=${FPABI_KILLS:-30}
echo "# kill moments from seed $seed (FPABI_KILL_SEED=$seed replays them)"
if ! "$FPABI" list | grep -q "$(printf '\trunnable')"; then
	echo "1..0 # SKIP no case runs here"
	exit 0
fi
k=0
for cmd in "run --repeat 100" "stress --seconds 60" "fuzz --seconds 60" \
	   "bench -n 50" "bench stress -n 50"; do
	k=$((k + 1))
	# shellcheck disable=SC2086
	out=$("$killrun" "$n" 600 $((seed + k)) "fpabi $cmd" -- "$FPABI" $cmd)
	rc=$?
	echo "$out" | sed -n '2,$p'
	ok $rc "$(echo "$out" | head -1 | sed 's/^\(not \)*ok - //')"
done
done_testing
