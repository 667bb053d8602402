# SPDX-License-Identifier: GPL-2.0-or-later
# Every check can fail: for each family, a corrupted observed byte and a
# dropped step must turn every runnable case into `not ok`, with the
# classification the case declares (byte: unknown; step: its drop class).
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$FPABI" list >"$tmp/list" || exit 1
families=$(awk -F'\t' '$5 == "runnable" {split($1, a, "."); print a[2]}' "$tmp/list" | sort -u)
if [ -z "$families" ]; then
	echo "1..0 # SKIP no case can run on this machine"
	exit 0
fi

# classification of the first finding of each failed case, as "ID CLASS"
verdicts() {
	awk '/^not ok /{id = $5} /^  classification: /{gsub(/"/, "", $2); if (id) print id, $2; id = ""}' "$1"
}

for fam in $families; do
	for kind in byte step; do
		"$FPABI" run --filter "$fam" --seed 4242 --timeout 30 \
			--inject-fault="$kind:$fam" >"$tmp/out" 2>&1
		rc=$?
		runnable=$(awk -F'\t' -v f="$fam" '$5 == "runnable" {split($1, a, "."); if (a[2] == f) n++} END {print n + 0}' "$tmp/list")
		failed=$(grep -c '^not ok ' "$tmp/out")
		[ $rc -eq 1 ] && [ "$failed" -eq "$runnable" ]
		ok $? "$fam: --inject-fault=$kind fails all $runnable runnable cases (exit $rc, $failed not ok)"
		[ $rc -eq 1 ] || diag <"$tmp/out"
		bad=0
		verdicts "$tmp/out" >"$tmp/v"
		while read -r id cls; do
			want=unknown
			[ $kind = step ] && want=$(awk -F'\t' -v id="$id" '$1 == id {sub(/^drop: /, "", $4); print $4}' "$tmp/list")
			if [ "$cls" != "$want" ]; then
				echo "# $id: classification $cls, want $want"
				bad=1
			fi
		done <"$tmp/v"
		[ "$(wc -l <"$tmp/v")" -eq "$runnable" ] || bad=1
		ok $bad "$fam: --inject-fault=$kind is classified as the case declares"
	done
done
done_testing
