# SPDX-License-Identifier: GPL-2.0-or-later
# Scenario preconditions (include/fpabi/precond.h): fpabi list names them
# in the instances they bear on; a run passes such an instance only with
# its proof on the proof line, and otherwise SKIPs it with what was seen
# (or for a platform quirk, or a feature the machine lacks); and with
# --inject-fault=unproven every one of them is retried, then SKIPped as
# not proven, while the instances it does not bear on still pass.  The
# same for the matrix cells (--tier matrix), whose preconditions prove
# their branch variables' values.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

case ${FPABI_ARCH:-x86_64} in
x86_64) names='component in init' ;;
*) names='a payload present|TIF_SVE clear|SME unused|fp_type FPSIMD' ;;
esac

for tier in default matrix; do
	"$FPABI" list --tier "$tier" >"$tmp/list"
	ok $? "fpabi list --tier $tier"
	# the runnable instances an arch precondition bears on (pre: names it)
	grep -E "	pre: .*($names)" "$tmp/list" |
		{ if [ "$tier" = matrix ]; then grep -E '^[a-z0-9_]+\.(regset-write|signal-edit|event-[a-z]+)\.'; else cat; fi; } >"$tmp/bear"
	grep "	runnable	" "$tmp/bear" | cut -f1 >"$tmp/ids"
	n=$(wc -l <"$tmp/bear")
	[ "$n" -gt 0 ]
	ok $? "$tier: fpabi list names a precondition ($names) in $n instances ($(wc -l <"$tmp/ids") runnable here)"
	# the cases those instances belong to, and their other instances
	sed 's|/.*||' "$tmp/ids" | sort -u | sed 's|$|/*|' | paste -sd, >"$tmp/glob"
	glob=$(cat "$tmp/glob")

	"$FPABI" run --tier "$tier" --filter "$glob" >"$tmp/run" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 0 ] || diag <"$tmp/err"
	ok $rc "$tier: a run of the cases ($(wc -l <"$tmp/ids") instances they bear on)"

	# each instance it bears on: a pass carries its proof; a skip says why
	bad=0
	while read -r id; do
		line=$(grep -E "^(not )?ok [0-9]+ - $id( |$)" "$tmp/run")
		case $line in
		"ok "*"# SKIP scenario not proven: "*) ;;
		# a known kernel issue: its finding came first (KNOWN-ISSUES.md)
		"not ok "*"# TODO "*) ;;
		"ok "*"# SKIP "*" not proven: "*) ;;
		"ok "*"# SKIP"*)
			echo "# $id: skipped for another reason: $line"; bad=1 ;;
		"ok "*)
			grep -qE "^# $id: proof: .*($names): " "$tmp/run" || {
				echo "# $id passed without its precondition's proof"
				bad=1
			} ;;
		*) echo "# $id: $line"; bad=1 ;;
		esac
	done <"$tmp/ids"
	ok $bad "$tier: a pass only with the precondition's proof, else a SKIP saying why"

	"$FPABI" run --tier "$tier" --filter "$glob" --inject-fault="unproven:any" >"$tmp/inj" 2>&1
	ok $? "$tier: a run with every precondition unproven exits 0 (SKIPs, no failure)"
	bad=0
	while read -r id; do
		grep -qE "^(ok [0-9]+ - $id # SKIP (scenario not proven: ($names): test-only|.* not proven: )|not ok [0-9]+ - $id # TODO )" \
			"$tmp/inj" || { echo "# $id: $(grep -E " - $id( |$)" "$tmp/inj")"; bad=1; }
	done <"$tmp/ids"
	ok $bad "$tier: --inject-fault=unproven: each instance it bears on SKIPs as not proven"
	others=$(grep -E '^ok [0-9]+ - ' "$tmp/inj" | grep -vc '# SKIP')
	skips=$(grep -c 'scenario not proven' "$tmp/inj")
	[ "$skips" -le "$(wc -l <"$tmp/ids")" ] && [ "$others" -gt 0 ]
	ok $? "$tier: and only those ($skips SKIPs as not proven, $others other instances pass)"
done
done_testing
