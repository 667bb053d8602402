# SPDX-License-Identifier: GPL-2.0-or-later
# A signal loses nothing: every command (run with TAP, JSON and JUnit,
# run in kselftest format, fuzz, stress, stress --replay, race, bench,
# bench stress, bench race) gets SIGTERM, SIGINT or SIGHUP at a random
# moment after its TAP header (tests/signals.py; FPABI_SIGNAL_SEED
# replays the moments, FPABI_SIGNALS tries each, 2) and must end
# as a finished run ends, minus the cases not run: exit 128 + the
# signal, the TAP parsed by tap.py with its plan, "Bail out!" and the
# totals; the JSON valid against its schema and saying which signal,
# the JUnit valid against Jenkins' schema with its "interrupted"
# property.  A second signal ends it at once; a tracee killed from
# outside is broken, not a finding.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
PY=/usr/bin/python3
top=${srcdir:-.}
chk="$PY $top/tests/outputs-check.py"
export SCHEMA=$top/docs/fpabi-results.schema.json
seed=${FPABI_SIGNAL_SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
n=${FPABI_SIGNALS:-2}
echo "# signal moments from seed $seed (FPABI_SIGNAL_SEED=$seed replays them)"
if ! $PY -c 'import tap, yaml' 2>/dev/null || ! command -v xmllint >/dev/null; then
	echo "1..0 # SKIP needs python3-tap, python3-yaml and xmllint"
	exit 0
fi
if ! "$FPABI" list | grep -q "$(printf '\trunnable')"; then
	echo "1..0 # SKIP no case runs here"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# the run got SIG$1 (number $2) and ended as a finished run ends: $bad
# says what was not so ($rc, $secs and $tmp/out.tap from signals.py)
ended_whole() { # SIGNAME SIGNO
	bad=
	[ "$rc" = $((128 + $2)) ] || bad="exit $rc"
	# (every wait ends on the signal: the engine's bound)
	awk -v s="$secs" 'BEGIN { exit !(s < 3) }' || bad="$bad, slow"
	$chk tap "$tmp/out.tap" 2>"$tmp/why" || bad="$bad, TAP: $(tail -1 "$tmp/why")"
	grep -q "^Bail out! interrupted by SIG$1" "$tmp/out.tap" || bad="$bad, no Bail out!"
	grep -q "^# Totals: " "$tmp/out.tap" || bad="$bad, no totals"
	grep -q "^1\.\.[0-9]" "$tmp/out.tap" || bad="$bad, no plan"
}
k=0
for sig in TERM INT HUP; do
	case $sig in TERM) no=15 ;; INT) no=2 ;; HUP) no=1 ;; esac
	for cmd in "run --repeat 50 --json $tmp/r.json --junit $tmp/r.xml" \
		   "run --repeat 50 --format kselftest" "fuzz --seconds 60" \
		   "stress --seconds 60" "stress --replay load:1,store --seed 1 -r 100000" \
		   "race --seconds 60" "bench -n 200" "bench stress -n 200" \
		   "bench race -n 50"; do
		i=0
		while [ $i -lt "$n" ]; do
			i=$((i + 1))
			k=$((k + 1))
			rm -f "$tmp/r.json" "$tmp/r.xml"
			# shellcheck disable=SC2086
			read -r delay rc secs _ <<EOT
$($PY "$top/tests/signals.py" $((seed + k)) "SIG$sig" "$tmp" -- "$FPABI" $cmd)
EOT
			ended_whole "$sig" "$no"
			# (the case it cut, if it came during one, is broken)
			if grep -q "interrupted by SIG$sig: the case" "$tmp/out.tap"; then
				cut=", the case it cut broken"
			else
				cut=", between two cases"
			fi
			$chk stderr "$tmp/err" 2>/dev/null || bad="$bad, stderr raw"
			case $cmd in *--json*)
				$chk json "$tmp/r.json" 2>"$tmp/why" &&
					grep -q "\"interrupted\": \"SIG$sig\"" "$tmp/r.json" ||
					bad="$bad, JSON: $(tail -1 "$tmp/why")"
				xmllint --noout --schema "$top/tests/junit-jenkins.xsd" \
					"$tmp/r.xml" 2>/dev/null &&
					grep -q "name=\"interrupted\" value=\"SIG$sig" "$tmp/r.xml" ||
					bad="$bad, JUnit"
			esac
			[ -z "$bad" ]
			ok $? "fpabi ${cmd%% --json*}: SIG$sig after ${delay} s ends it in ${secs} s$cut, its outputs whole${bad:+: ${bad#, }}"
			[ -z "$bad" ] || head -c 2000 "$tmp/err" | diag
			[ ! -f "$tmp/hang" ] || diag <"$tmp/hang"
			rm -f "$tmp/hang"
		done
	done
done
# a signal before the header (the probe and the CPU's calibration take
# their time) ends the command the same way: its handler is set first
for cmd in "run --repeat 50" "stress --seconds 60" "race --seconds 60"; do
	k=$((k + 1))
	# shellcheck disable=SC2086
	read -r delay rc secs _ <<EOT
$(FPABI_SIGNAL_EARLY=0.02 $PY "$top/tests/signals.py" $((seed + k)) SIGTERM "$tmp" -- "$FPABI" $cmd)
EOT
	ended_whole TERM 15
	[ -z "$bad" ]
	ok $? "fpabi $cmd: SIGTERM ${delay} s after the start, before its header, ends it in ${secs} s with its outputs whole${bad:+: ${bad#, }}"
done
# a second signal ends it at once: the first one's orderly end is stuck
# writing to a full pipe, the second kills it (by that signal) within 1 s
k=$((k + 1))
read -r delay rc secs state <<EOT
$($PY "$top/tests/signals.py" $((seed + k)) SIGTERM,SIGTERM "$tmp" -- "$FPABI" run --repeat 50)
EOT
[ "$state" = stuck ]
ok $? "the first SIGTERM's orderly end is stuck on a full stdout (the run $state)"
[ "$rc" = -15 ] && awk -v s="$secs" 'BEGIN { exit !(s < 1) }'
ok $? "a second SIGTERM ends it at once: killed by SIGTERM (status $rc) ${secs} s after it"
# a tracee killed from outside fpabi (an administrator, the OOM killer)
# is a broken run, never a kernel finding; with its sender where the
# kernel tells a tracer (SIGTERM's delivery stop), not for SIGKILL
id=$("$FPABI" list | awk -F'\t' '$5 == "runnable" {print $1; exit}')
for sig in KILL TERM; do
	"$FPABI" run --filter "$id" --inject-fault "hang:$id" --timeout 30 \
		--json "$tmp/k.json" >"$tmp/k.tap" 2>"$tmp/k.err" &
	p=$!
	tr=
	# (up to 30 s: the calibration comes first)
	for _ in $(seq 600); do
		tr=$(pgrep -P $p -x fpabi-tracee | head -1)
		[ -n "$tr" ] && break
		sleep 0.05
	done
	sleep 0.3
	[ -n "$tr" ] && sh -c 'echo $$ >"$1"; exec kill -'$sig' "$2"' sh "$tmp/killer" "$tr"
	wait $p
	rc=$?
	case $sig in
	KILL) want='killed by SIGKILL from outside fpabi' ;;
	TERM) want="killed by signal 15 (Terminated) from pid $(cat "$tmp/killer" 2>/dev/null) " ;;
	esac
	grep -q '"verdict": "broken"' "$tmp/k.json" && grep -qF "$want" "$tmp/k.json" &&
		! grep -q '"verdict": "fail"' "$tmp/k.json"
	ok $? "a tracee sent SIG$sig from outside: broken, '$want', not a finding (exit $rc)"
	grep -E 'reason|got:' "$tmp/k.tap" | head -3 | diag
done
# the signal at the worst moment: a fork or clone event stop, the new
# child traced from birth and not yet let go (--inject-fault=interrupt).
# A traced thread that dies is a zombie its tracer must reap before the
# tracee can be: a runner that waited for the tracee alone hung here
# (seen as a 30 s hang above, 2 in 24 signals during these cases)
for ev in fork clone; do
	glob="*.$ev-event-stop/*"
	if ! "$FPABI" list --filter "$glob" | grep -q "$(printf '\trunnable')"; then
		ok 0 "SIGTERM at a $ev event stop # SKIP no $ev-event-stop case runs here"
		continue
	fi
	t0=$(date +%s%N)
	timeout -s KILL 30 "$FPABI" run --filter "$glob" --inject-fault "interrupt:$glob" \
		>"$tmp/out.tap" 2>"$tmp/err"
	rc=$?
	secs=$(( ($(date +%s%N) - t0) / 1000000 ))
	secs=$((secs / 1000)).$(printf %03d $((secs % 1000)))
	ended_whole TERM 15
	grep -q "interrupted by SIGTERM: the case" "$tmp/out.tap" || bad="$bad, the case it cut not broken"
	[ -z "$bad" ]
	ok $? "SIGTERM at a $ev event stop, its child not yet let go: ends it in $secs s, its outputs whole${bad:+: ${bad#, }}"
done
done_testing
