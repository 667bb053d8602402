# SPDX-License-Identifier: GPL-2.0-or-later
# The ABI rules catalogue: `fpabi list --rules` is well formed and agrees
# with the cases and profiles, and docs/abi-rules.md is what
# tools/abi-rules-md makes of it (make abi-rules-doc).  The other arch's
# section is compared when its build is given (FPABI_BUILD_ARM64 or
# FPABI_BUILD_X86_64, as for make check-vm) and it can run here (natively
# or under qemu-user).
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
doc=${srcdir:-.}/docs/abi-rules.md
gen=${srcdir:-.}/tools/abi-rules-md

"$FPABI" list --rules >"$tmp/rules"
ok $? "list --rules exits 0"
"$FPABI" list >"$tmp/list" && "$FPABI" info --profiles >"$tmp/profiles"
ok $? "list and info --profiles exit 0"
awk -F'\t' -v arch="$FPABI_ARCH" 'NF != 6 || $1 != arch || $2 !~ /^[A-Z0-9]+(-[A-Z0-9]+)+$/ ||
	$3 == "" || $4 == "" || $5 !~ /^profiles: ./ || $6 !~ /^cases: ./ {bad = 1; print}
	END {exit bad + (NR < 10)}' "$tmp/rules" | diag
ok $? "every rule: arch, ID, text, source, profiles, cases"
[ "$(cut -f2 "$tmp/rules" | sort | uniq -d | wc -l)" -eq 0 ]
ok $? "rule IDs are unique"

# profiles: "all" or names from info --profiles
bad=$(cut -f5 "$tmp/rules" | sed 's/^profiles: //' | grep -vx all | tr ',' '\n' |
	sed 's/^ *//' | sort -u | while read -r p; do
		cut -f2 "$tmp/profiles" | grep -qxF -- "$p" || echo "$p"
	done)
[ -z "$bad" ]
ok $? "every profile a rule names is one of info --profiles ${bad:+(unknown: $bad)}"

# cases: each names listed case IDs; each case's rule is in the catalogue
cut -f1 "$tmp/list" | sed 's,/.*,,' | sort -u >"$tmp/case-names"
bad=$(cut -f6 "$tmp/rules" | sed 's/^cases: //' | grep -vx -- - | tr ',' '\n' |
	sed 's/^ *//' | sort -u | comm -23 - "$tmp/case-names")
[ -z "$bad" ]
ok $? "every case the catalogue names exists ${bad:+(not in fpabi list: $bad)}"
bad=$(cut -f3 "$tmp/list" | sed 's/^rule: //' | sort -u | comm -23 - "$(cut -f2 "$tmp/rules" | sort >"$tmp/ids"; echo "$tmp/ids")")
[ -z "$bad" ]
ok $? "every rule a case declares is in the catalogue ${bad:+(missing: $bad)}"
# (the matrix cells the default tier has depend on the machine, the
# catalogue only on the tables: their rules are checked above)
awk -F'\t' '$1 !~ /^[a-z0-9_]+\.(regset-write|signal-edit|event-[a-z]+)\./ {sub(/^rule: /, "", $3); n = split($1, p, "/"); print p[1] "\t" $3}' "$tmp/list" |
	sort -u >"$tmp/declared"
awk -F'\t' '{sub(/^cases: /, "", $6); n = split($6, c, ", ");
	for (i = 1; i <= n; i++) if (c[i] != "-") print c[i] "\t" $2}' "$tmp/rules" |
	sort -u >"$tmp/catalogued"
cmp -s "$tmp/declared" "$tmp/catalogued"
ok $? "the cases column is exactly the cases' declared rules"
diff "$tmp/declared" "$tmp/catalogued" | head -10 | diag

# section ARCH of a Markdown file: from "## ARCH" to the next "## "
# (without the blank lines that end it)
section() {
	awk -v h="## $1" '$0 == h {on = 1} on && /^## / && $0 != h {exit}
		on {l[++n] = $0; if ($0 != "") last = n}
		END {for (i = 1; i <= last; i++) print l[i]}' "$2"
}
preamble() { awk '/^## / {exit} {print}' "$1"; }

sh "$gen" "$FPABI" >"$tmp/this.md"
ok $? "tools/abi-rules-md runs"
preamble "$doc" >"$tmp/doc-pre"
preamble "$tmp/this.md" >"$tmp/gen-pre"
section "$FPABI_ARCH" "$doc" >"$tmp/doc-sec"
section "$FPABI_ARCH" "$tmp/this.md" >"$tmp/gen-sec"
[ -s "$tmp/doc-sec" ] && cmp -s "$tmp/doc-pre" "$tmp/gen-pre" && cmp -s "$tmp/doc-sec" "$tmp/gen-sec"
ok $? "docs/abi-rules.md: the $FPABI_ARCH section is up to date (make abi-rules-doc)"
diff -u "$tmp/doc-sec" "$tmp/gen-sec" | head -20 | diag

case $FPABI_ARCH in
x86_64) other=arm64 build=${FPABI_BUILD_ARM64:-} var=FPABI_BUILD_ARM64 ;;
*) other=x86_64 build=${FPABI_BUILD_X86_64:-} var=FPABI_BUILD_X86_64 ;;
esac
t_n=$((t_n + 1))
if [ -z "$build" ] || [ ! -x "$build/src/fpabi" ]; then
	echo "ok $t_n - docs/abi-rules.md: the $other section # SKIP no $other build ($var unset or without src/fpabi)"
elif ! sh "$gen" "$build/src/fpabi" >"$tmp/other.md" 2>"$tmp/err"; then
	echo "ok $t_n - docs/abi-rules.md: the $other section # SKIP cannot run the $other fpabi here: $(head -1 "$tmp/err")"
else
	section "$other" "$doc" >"$tmp/doc-sec"
	section "$other" "$tmp/other.md" >"$tmp/gen-sec"
	if [ -s "$tmp/doc-sec" ] && cmp -s "$tmp/doc-sec" "$tmp/gen-sec"; then
		echo "ok $t_n - docs/abi-rules.md: the $other section is up to date"
	else
		echo "not ok $t_n - docs/abi-rules.md: the $other section is up to date (make abi-rules-doc)"
		t_fail=$((t_fail + 1))
		diff -u "$tmp/doc-sec" "$tmp/gen-sec" | head -20 | diag
	fi
fi
# the profiles are documented: docs/users/profiles.md's table and the man page
missing=$(cut -f2 "$tmp/profiles" | while read -r p; do
	grep -qF -- "| \`$p\` |" "${srcdir:-.}/docs/users/profiles.md" || echo "$p"; done | tr '\n' ' ')
[ -z "$missing" ]
ok $? "docs/users/profiles.md's profile table has every profile of info --profiles${missing:+ (missing: $missing)}"
# both sections, in the order the doc gives them (x86_64 first)
[ "$(grep '^## ' "$doc" | tr '\n' ' ')" = "## x86_64 ## arm64 " ]
ok $? "docs/abi-rules.md has an x86_64 and an arm64 section"
done_testing
