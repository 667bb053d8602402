# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi fuzz: a short clean run passes; with a corrupted observation every
# batch fails and names a reproducer that replays the failure exactly; a
# run's random mutation is a function of its seed.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$FPABI" list --filter '*.forge.random/*' >"$tmp/list" 2>&1
if ! grep -q "$(printf '\trunnable')" "$tmp/list"; then
	echo "1..0 # SKIP no *.forge.random case runs here"
	exit 0
fi
id=$(awk -F'\t' '$5 == "runnable" {print $1; exit}' "$tmp/list")

"$FPABI" fuzz --seconds 3 --seed 77 >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && grep -q "^ok 1 - ${FPABI_ARCH}\.fuzz\.batch-0$" "$tmp/out" && grep -q "^# ${FPABI_ARCH}\.fuzz\.batch-0: [1-9][0-9]* runs" "$tmp/out" &&
	grep -q '^1\.\.[1-9]' "$tmp/out" && ! grep -q '^not ok' "$tmp/out"
ok $? "fuzz --seconds 3 passes: batches of runs, a plan, no failure (got $rc)"
[ $rc -eq 0 ] || diag <"$tmp/out"

# --seconds bound the whole, whatever --timeout allows one run (issue 27:
# fuzz --seconds 3 --timeout 10 once ran 10 s)
start=$(date +%s%N)
"$FPABI" fuzz --seconds 3 --timeout 10 --seed 78 >/dev/null 2>&1
ms=$((($(date +%s%N) - start) / 1000000))
[ $ms -lt 5000 ]
ok $? "fuzz --seconds 3 --timeout 10 runs about 3 s (${ms} ms)"

"$FPABI" fuzz --seconds 2 --seed 77 --inject-fault=byte:forge >"$tmp/bad" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q "^not ok [0-9]* - ${FPABI_ARCH}\.fuzz\.batch-0$" "$tmp/bad"
ok $? "a corrupted observation fails the batch (got $rc)"
repro=$(sed -n 's/^  first_failure: "\(.*\)"$/\1/p' "$tmp/bad" | head -1)
case $repro in
*" run --filter "*" --seed "*) rc=0 ;;
*) rc=1 ;;
esac
ok $rc "the batch names a reproducer: $repro"
# the reproducer, run with this build's fpabi, fails the same way
args=${repro#* run }
eval "set -- $args"
"$FPABI" run "$@" >"$tmp/re" 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q '^not ok 1 - .*forge\.random' "$tmp/re"
ok $? "the reproducer replays the failure (got $rc)"

# the mutation follows the run's seed: the same outcome twice
for n in 1 2; do
	"$FPABI" run -v --filter "$id" --seed 4242 --repeat 20 2>&1 >/dev/null |
		grep -c 'mutated frame was refused' >"$tmp/refused$n"
done
cmp -s "$tmp/refused1" "$tmp/refused2"
ok $? "the same seeds give the same mutations ($(cat "$tmp/refused1") of 20 refused both times)"

if [ -n "${FPABI_NOPTRACE:-}" ] && [ -x "$FPABI_NOPTRACE" ]; then
	"$FPABI_NOPTRACE" "$FPABI" fuzz --seconds 2 --skip-exit 4 >"$tmp/np" 2>&1
	rc=$?
	[ $rc -eq 4 ] && grep -q '^1\.\.0 # SKIP ptrace refused' "$tmp/np" &&
		[ "$(grep -c '^\(not \)\?ok ' "$tmp/np")" -eq 0 ]
	ok $? "ptrace refused: one SKIP of the plan, --skip-exit's status (got $rc)"
else
	t_n=$((t_n + 1))
	echo "ok $t_n - ptrace refused # SKIP no tests/noptrace (FPABI_NOPTRACE)"
fi

"$FPABI" run --seconds 3 >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ]
ok $? "--seconds belongs to fuzz: run with it exits 2 (got $rc)"
done_testing
