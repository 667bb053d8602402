# SPDX-License-Identifier: GPL-2.0-or-later
# Every check can fail: a corrupted observed byte and a dropped step must
# turn every runnable case of every family into `not ok`, with the
# classification the case declares (byte: unknown; step: its drop class).
# FPABI_CMD runs fpabi elsewhere (e.g. "tools/fpabi-vm --arch arm64 ... --");
# by default it is $FPABI on this machine.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run() {
	# shellcheck disable=SC2086
	${FPABI_CMD:-"$FPABI"} "$@"
}

# every tier: the generated twins, histories, placements and the
# matrices' cells too (FPABI_FAULT_TIER: another tier, or two, "BYTE
# STEP": the tier of each kind's run, so that a slow guest drops its
# step faults into the matrices' cells, which the host's run covers)
set -- ${FPABI_FAULT_TIER:-matrix}
tier_byte=$1 tier_step=${2:-$1}
for tier in $tier_byte $tier_step; do
	[ -f "$tmp/list.$tier" ] && continue
	run list --tier "$tier" >"$tmp/list.$tier" 2>"$tmp/list.err" ||
		{ cat "$tmp/list.err"; exit 1; }
done
families=$(awk -F'\t' '$5 == "runnable" {split($1, a, "."); print a[2]}' "$tmp/list.$tier_byte" | sort -u)
if [ -z "$families" ]; then
	echo "1..0 # SKIP no case can run on this machine"
	exit 0
fi

# classification of the first finding of each failed case, as "ID CLASS"
verdicts() {
	awk '/^not ok /{id = $5} /^  classification: /{gsub(/"/, "", $2); if (id) print id, $2; id = ""}' "$1"
}

for kind in byte step; do
	eval "tier=\$tier_$kind"
	cp "$tmp/list.$tier" "$tmp/list"
	families=$(awk -F'\t' '$5 == "runnable" {split($1, a, "."); print a[2]}' "$tmp/list" | sort -u)
	run run --tier "$tier" --seed 4242 --timeout 60 --inject-fault="$kind:any" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	ok $((rc != 1)) "--inject-fault=$kind:any at tier $tier exits 1 (got $rc)"
	verdicts "$tmp/out" >"$tmp/v"
	for fam in $families; do
		runnable=$(awk -F'\t' -v f="$fam" '$5 == "runnable" {split($1, a, "."); if (a[2] == f) n++} END {print n + 0}' "$tmp/list")
		failed=$(awk -v f="$fam" '/^not ok / {split($5, a, "."); if (a[2] == f) n++} END {print n + 0}' "$tmp/out")
		[ "$failed" -eq "$runnable" ]
		ok $? "$fam: --inject-fault=$kind fails all $runnable runnable cases ($failed not ok)"
		bad=0
		seen=0
		while read -r id cls; do
			case $id in *".$fam."*) ;; *) continue ;; esac
			seen=$((seen + 1))
			want=unknown
			[ $kind = step ] && want=$(awk -F'\t' -v id="$id" '$1 == id {sub(/^drop: /, "", $4); print $4}' "$tmp/list")
			if [ "$cls" != "$want" ]; then
				echo "# $id: classification $cls, want $want"
				bad=1
			fi
		done <"$tmp/v"
		[ "$seen" -eq "$runnable" ] || bad=1
		ok $bad "$fam: --inject-fault=$kind is classified as each case declares ($seen checked)"
	done
done
done_testing
