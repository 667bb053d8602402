# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi race: a clean run of the unobserved loop passes and prints its
# proofs and rates; one corrupted dump in 500 (--inject-fault=byte:race)
# is found, classified stale, shrunk to one kind and printed as a
# reproducer that replays it, and passes without the fault; bad options
# are refused.  FPABI_CMD runs fpabi elsewhere (a guest: tests/vm-run.sh's
# race mode, where every run boots one, so the host's checks are left
# out); FPABI_RACE_SECONDS is the clean run's length (default 3).
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {
	# shellcheck disable=SC2086
	${FPABI_CMD:-"$FPABI"} "$@"
}
secs=${FPABI_RACE_SECONDS:-3}

run race --seconds "$secs" --seed 11 >"$tmp/clean" 2>"$tmp/clean.err"
rc=$?
[ $rc -eq 0 ] && grep -q ' 0 failed, ' "$tmp/clean"
ok $? "a clean race run of $secs s passes (exit $rc): $(grep '^# race: [0-9]* rounds' "$tmp/clean" | sed 's/^# //' | cut -c1-160)"
[ $rc -eq 0 ] || grep -v '^ok ' "$tmp/clean" | tail -40 | diag
n=$(grep -c '^ok [0-9]* - [a-z0-9_]*\.race\.proof/' "$tmp/clean")
[ "$n" -eq 6 ]
ok $? "it ends with its 6 proofs (preemption, switch in syscall, migration, signal in the window, trap, quiet window): $n"
grep '\.race\.proof/\|race\.round-[0-9]*/[^:]*: [0-9.]* s,' "$tmp/clean" | diag
grep -q 'checked iterations/s (targets: 100000/s on hardware, 5000/s per vCPU' "$tmp/clean"
ok $? "it prints its rate beside the targets"
[ -n "$FPABI_CMD" ] || [ ! -s "$tmp/clean.err" ]
ok $? "no progress on stderr when it is not a terminal"

run race --seconds 30 --seed 7 --inject-fault=byte:race:500 >"$tmp/inj" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^not ok 1 - [a-z0-9_]*\.race\.round-1/' "$tmp/inj"
ok $? "one corrupted dump in 500 fails the first round (exit $rc)"
grep '^# race iteration .* hold .*: stale$' "$tmp/inj" | diag
grep -q '^  classification: "stale"' "$tmp/inj" &&
	grep -q '^# race iteration [0-9]*: dump after [a-z]* (phase [1-4]): .* hold this task.s phase-[1-4] value of .*: stale$' "$tmp/inj"
ok $? "the finding names the register, the bytes and the phase they came from: stale"
t=$(sed -n 's/^  found_after_s: //p' "$tmp/inj")
[ -n "$t" ] && awk -v t="$t" 'BEGIN { exit !(t < 30) }'
ok $? "it is found within 30 s (after ${t:-?} s)"
kinds=$(sed -n "s/^  reproduce: \"[^']*--replay '\([^']*\)'.*/\1/p" "$tmp/inj")
[ -n "$kinds" ] && [ "${kinds#*,}" = "$kinds" ]
ok $? "it is shrunk to one kind (got '${kinds:-none}')"
repro=$(sed -n 's/^  reproduce: "\(.*\)"$/\1/p' "$tmp/inj" | head -1)
echo "$repro" | grep -q -- "--replay '[a-z]*' --variant [^ ]* .*--seed [0-9]* --inject-fault=byte:race:500$"
ok $? "the reproducer names the kind, the variant and the seed: $repro"
eval "set -- ${repro#* }"
run "$@" --seconds 30 >"$tmp/replay" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^  classification: "stale"' "$tmp/replay"
ok $? "the reproducer replays the failure (exit $rc)"
grep '^# race iteration' "$tmp/replay" | diag
if [ -n "$FPABI_CMD" ]; then
	# a guest boots for every run: what follows is the host's
	done_testing
	exit
fi
repro=${repro% --inject-fault=byte:race:500}
eval "set -- ${repro#* }"
run "$@" --seconds 2 >"$tmp/replay2" 2>&1
ok $? "without the fault it passes"
"$FPABI" race --kinds getpid,bogus >"$tmp/bad" 2>&1
[ $? -eq 2 ]
ok $? "an unknown kind is refused (exit 2)"
"$FPABI" race --replay getpid >"$tmp/bad" 2>&1
[ $? -eq 2 ] && grep -q 'needs the round.s --seed' "$tmp/bad"
ok $? "--replay without the round's seed is refused (exit 2)"
"$FPABI" race --inject-fault=step:race >"$tmp/bad" 2>&1
[ $? -eq 2 ]
ok $? "a fault injection other than byte is refused (exit 2)"
# fpabi run --race-share: the loop's share after the cases, one test
# point in the plan; with the run's byte fault injected it fails too
if [ -z "$FPABI_CMD" ]; then
	"$FPABI" run --filter '*.syscall.*' --seed 3 --race-share 2 >"$tmp/share" 2>&1
	rc=$?
	n=$(grep -c '^\(not \)\?ok ' "$tmp/share")
	[ $rc -eq 0 ] && grep -q '^ok [0-9]* - [a-z0-9_]*\.race\.share$' "$tmp/share" &&
		grep -q "^1\.\.$n\$" "$tmp/share" &&
		grep -q '^# [a-z0-9_]*\.race\.share round 1/[^:]*: [0-9.]* s, [0-9]* iterations' "$tmp/share"
	ok $? "run --race-share 2: the cases, then ARCH.race.share with its rounds' counts, in the plan ($n points, exit $rc)"
	"$FPABI" run --filter '*.syscall.*' --seed 3 --race-share 2 --inject-fault=byte:any >"$tmp/share-inj" 2>&1
	grep -q '^not ok [0-9]* - [a-z0-9_]*\.race\.share$' "$tmp/share-inj"
	ok $? "run --race-share with --inject-fault=byte:any: the share fails too"
	"$FPABI" list --race-share 2 >/dev/null 2>&1
	[ $? -eq 2 ]
	ok $? "--race-share goes with run only (list: exit 2)"
fi
"$FPABI" bench race -n 1 --seconds 0.3 --runs 2 >"$tmp/bench" 2>&1
rc=$?
[ $rc -eq 0 ] && [ "$(grep -c '^  iterations_per_s: {median: [0-9]*' "$tmp/bench")" -eq 4 ] &&
	grep -q '^  meets_target: ' "$tmp/bench" && grep -q '^  found: [0-9]' "$tmp/bench"
ok $? "fpabi bench race reports the rates, the targets and the injection runs (exit $rc)"
grep '^# race/' "$tmp/bench" | diag

done_testing
