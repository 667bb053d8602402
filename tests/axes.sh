# SPDX-License-Identifier: GPL-2.0-or-later
# `fpabi list --axes`: this arch's branch variables, each with a citation
# in its kernel tree, a setter, a proof and what crosses it; --axes alone.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$FPABI" list --axes >"$tmp/axes"
ok $? "list --axes exits 0"
arch=$("$FPABI" info | sed -n 's/^arch: \([a-z0-9_]*\).*/\1/p')
case $arch in
arm64) tree=arch/arm64/
	need="TIF_SVE TIF_SME TIF_FOREIGN_FPSTATE fp_type SVCR.SM SVCR.ZA
	      sve_state sme_state to_save fpsimd_last_state" ;;
*) tree=arch/x86/
	need="TIF_NEED_FPU_LOAD last_cpu XINUSE.x87 XINUSE.AVX XINUSE.PKRU
	      XINUSE.TILEDATA XFD" ;;
esac
grep -q "^source: .*7\.3" "$tmp/axes"
ok $? "the table names its kernel source (7.3)"
for v in $need; do
	awk -v v="$v" -v tree="$tree" '
		$0 == "" { inrow = 0 }
		index($0, "axis " v ":") == 1 { inrow = 1; seen = 1 }
		inrow && index($0, "  read by: " tree) == 1 && /\(\): / { r = 1 }
		inrow && /^  set: ./ { s = 1 }
		inrow && /^  proof: ./ { p = 1 }
		inrow && /^  crossed by: ./ { c = 1 }
		END { exit !(seen && r && s && p && c) }' "$tmp/axes"
	ok $? "axis $v: read by a function in $tree, set, proof, crossed by"
done
n=$(grep -c '^axis ' "$tmp/axes")
m=$(sed -n 's/^branch variables of .*: \([0-9]*\)$/\1/p' "$tmp/axes")
[ -n "$m" ] && [ "$n" -eq "$m" ] && [ "$n" -ge 10 ]
ok $? "the header counts the rows ($n)"
"$FPABI" list --axes --matrix >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "--axes with --matrix is bad usage"
"$FPABI" run --axes >/dev/null 2>&1
[ $? -eq 2 ]
ok $? "--axes outside list is bad usage"
done_testing
