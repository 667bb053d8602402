# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi stress: a short clean run on this machine; a corrupted observation
# (--inject-fault=byte:any) is found, shrunk to a few steps and printed as
# a reproducer that replays the failure; the replay syntax round-trips.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$FPABI" stress --seconds "${FPABI_STRESS_SECONDS:-5}" --timeout 20 >"$tmp/clean" 2>"$tmp/clean.err"
rc=$?
[ $rc -eq 0 ] && grep -q '^[0-9]* passed, 0 failed, ' "$tmp/clean" && tail -1 "$tmp/clean" | grep -q '^1\.\.[0-9]*$'
ok $? "a clean stress run passes (exit $rc): $(grep '^# stress: [0-9]' "$tmp/clean" | sed 's/^# //')"
[ $rc -eq 0 ] || grep -v '^ok ' "$tmp/clean" | tail -40 | diag
# a mode some list used has its counts (proven or not: a short run on a
# busy machine may not prove the weakest), one that none used says so
used=$(grep -c '^ok .*stress\.forcing/' "$tmp/clean")
counted=$(grep -c '^# [a-z-]*: [0-9]* runs' "$tmp/clean")
unused=$(grep -c 'stress\.forcing/.*no sequence used it' "$tmp/clean")
[ "$used" -eq 6 ] && [ $((counted + unused)) -eq 6 ]
ok $? "every forcing mode shows its proof counts ($counted with counts, $unused unused)"
grep '^# .*proof: \|^# [a-z-]*: [0-9]* runs' "$tmp/clean" | diag
# every list prints the proof of its state: its variant and competitor,
# each forcing it used (proven or not) and the engine's proof
nseq=$(sed -n 's/^# stress: \([0-9]*\) sequences.*/\1/p' "$tmp/clean")
nproof=$(grep -c '^# [a-z0-9_]*\.stress\.seq[0-9]*/[^:]*: proof: variant .*, competitor [a-z]*' "$tmp/clean")
[ -n "$nseq" ] && [ "$nseq" -gt 0 ] && [ "$nproof" -eq "$nseq" ]
ok $? "every stress list prints the proof of its state ($nproof of $nseq)"
[ ! -s "$tmp/clean.err" ]
ok $? "no progress on stderr when it is not a terminal"
# a list whose state was not proven is a SKIP with its reason, after its
# retries; a batch passes only for the lists that were proven
nunp=$(sed -n 's/^# stress: .* \([0-9]*\) unproven, .*/\1/p' "$tmp/clean")
nprov=$(sed -n 's/^# stress: .* \([0-9]*\) proven, .*/\1/p' "$tmp/clean")
nskip=$(grep -c '^ok [0-9]* - [a-z0-9_]*\.stress\.unproven-[0-9]* # SKIP [a-z0-9_]*\.stress\.seq[0-9]*/[^:]*: [a-z ]*not proven: .*the last of [0-9]* attempts)$' "$tmp/clean")
[ -n "$nunp" ] && [ "$nskip" -eq "$nunp" ] && [ -n "$nprov" ] &&
	[ $((nprov + nunp)) -le "$nseq" ]
ok $? "each unproven list is one SKIP with its reason ($nskip of $nunp; $nprov proven of $nseq)"

# --inject-fault=unproven:stress makes every list's proof fail: no list
# and no batch passes, each list is retried and SKIPs with the reason
"$FPABI" stress --seconds 3 --seed 3 --timeout 20 --inject-fault=unproven:stress >"$tmp/unp" 2>&1
rc=$?
nseq=$(sed -n 's/^# stress: \([0-9]*\) sequences.*/\1/p' "$tmp/unp")
nskip=$(grep -c '^ok [0-9]* - [a-z0-9_]*\.stress\.unproven-[0-9]* # SKIP .*not proven: .*the last of [0-9]* attempts)$' "$tmp/unp")
ninj=$(grep -c '^ok .*\.stress\.unproven-[0-9]* # SKIP .*: scenario not proven: test-only: --inject-fault=unproven' "$tmp/unp")
[ $rc -eq 0 ] && [ -n "$nseq" ] && [ "$nseq" -gt 0 ] && [ "$nskip" -eq "$nseq" ] &&
	[ "$ninj" -gt 0 ] && grep -q '^# stress: .* 0 proven, ' "$tmp/unp" &&
	! grep -q '^ok [0-9]* - [a-z0-9_]*\.stress\.batch-[0-9]*$' "$tmp/unp" &&
	grep -q '^ok [0-9]* - [a-z0-9_]*\.stress\.batch-1 # SKIP no list of the batch proved' "$tmp/unp"
ok $? "with --inject-fault=unproven:stress no list passes: $nskip of $nseq SKIP after their retries ($ninj by the injection), every batch SKIPs (exit $rc)"
[ $rc -eq 0 ] || grep -v '^# [a-z0-9_]*\.stress\.seq' "$tmp/unp" | tail -20 | diag
"$FPABI" stress --replay 'load:1 syscall:1 store' --seed 1 --inject-fault=unproven:stress >"$tmp/unp1" 2>&1
rc=$?
grep -q '^ok 1 - [a-z0-9_]*\.stress\.replay/[^ ]* # SKIP scenario not proven: test-only: .*(the last of 5 attempts)$' "$tmp/unp1" &&
	grep -q '^0 passed, 0 failed, 1 skipped$' "$tmp/unp1"
ok $? "a replayed list with the injection SKIPs, never passes (exit $rc)"
"$FPABI" stress --replay 'load:1 syscall:1 store' --seed 1 >"$tmp/unp2" 2>&1
grep -q '^ok 1 - [a-z0-9_]*\.stress\.replay/[^ #]*$' "$tmp/unp2"
ok $? "the same list without it passes"

"$FPABI" stress --seconds 30 --seed 7 --inject-fault=byte:any >"$tmp/inj" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^not ok 1 - .*\.stress\.failure-1$' "$tmp/inj" && grep -q '^  sequence: ".*\.stress\.seq0/' "$tmp/inj"
ok $? "an injected corruption fails the first sequence (exit $rc)"
steps=$(sed -n 's/^  shrunk_steps: //p' "$tmp/inj")
[ -n "$steps" ] && [ "$steps" -le 3 ]
ok $? "it is shrunk to at most 3 steps (got ${steps:-none})"
repro=$(sed -n 's/^  reproduce: "\(.*\)"$/\1/p' "$tmp/inj" | head -1)
echo "$repro" | grep -q -- "--replay '.*' --variant .* --seed [0-9]* --inject-fault=byte:any$"
ok $? "the reproducer names the list, the variant and the seed: $repro"
eval "set -- ${repro#* }"
"$FPABI" "$@" >"$tmp/replay" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^not ok 1 - .*\.stress\.replay/' "$tmp/replay" &&
	grep -q '^  classification: "unknown"' "$tmp/replay"
ok $? "the reproducer replays the failure (exit $rc)"
shrunk=$(sed -n 's/^  shrunk: "\(.*\)"$/\1/p' "$tmp/inj")
grep -q "^  steps: \"$shrunk\"$" "$tmp/replay"
ok $? "the replayed list is the shrunk one, step for step"

# the same list without the fault passes
repro=${repro% --inject-fault=byte:any}
eval "set -- ${repro#* }"
"$FPABI" "$@" >"$tmp/replay2" 2>&1
ok $? "without the fault the list passes"

"$FPABI" stress --replay 'load:1 read store' --seed 1 >"$tmp/bad" 2>&1
[ $? -eq 2 ] && grep -q 'needs a stop' "$tmp/bad"
ok $? "an invalid list is refused with the reason (exit 2)"
"$FPABI" stress --replay 'load:1 bogus' --seed 1 >"$tmp/bad" 2>&1
[ $? -eq 2 ] && grep -q "unknown step 'bogus'" "$tmp/bad"
ok $? "an unknown step is refused (exit 2)"

done_testing
