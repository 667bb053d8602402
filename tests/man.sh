# SPDX-License-Identifier: GPL-2.0-or-later
# The manual pages: groff finds nothing to warn about, and every command
# and option that fpabi --help, fpabi bench --help, fpabi-vm --help,
# fpabi-build-kernel --help and the fetch tools' --help print is
# documented (each installed program has its own page); fpabi(1) names
# this arch's ABI profiles.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
if ! command -v groff >/dev/null; then
	echo "1..0 # SKIP groff not found (package groff-base)"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
man=${srcdir:-.}/man
tools=${srcdir:-.}/tools

for page in fpabi fpabi-vm fpabi-fetch-kernel fpabi-fetch-qemu fpabi-build-kernel; do
	groff -man -Tutf8 -ww -z "$man/$page.1" >"$tmp/warn" 2>&1
	[ $? -eq 0 ] && ! [ -s "$tmp/warn" ]
	ok $? "$page.1: groff -ww gives no warning"
	diag <"$tmp/warn"
	if command -v man >/dev/null; then
		LC_ALL=C.UTF-8 MANROFFSEQ='' man --warnings -l "$man/$page.1" >/dev/null 2>"$tmp/warn"
		[ $? -eq 0 ] && ! [ -s "$tmp/warn" ]
		ok $? "$page.1: man --warnings -l gives no warning"
		diag <"$tmp/warn"
	fi
	# the text as a reader sees it: no hyphenation, long lines, plain ASCII
	groff -man -Tascii -rHY=0 -rLL=250n -P-cbou "$man/$page.1" >"$tmp/$page.txt" 2>/dev/null
done

# the options a --help text prints: --long and -s
# (where help texts list them: first on a line or after a command word
# that is, after "[", "(", "|" or a ",")
opts() {
	awk '{
		for (i = 1; i <= NF; i++) {
			w = $i; open = w ~ /^[[(]/; gsub(/[][()]/, "", w)
			prev = i > 1 ? $(i - 1) : ""
			if (w !~ /^--?[a-zA-Z][a-z0-9-]*[,=]?/) continue
			if (i == 1 || open || prev ~ /,$/ || prev == "|" ||
			    (i == 2 && prev ~ /^[a-z]+$/)) {
				sub(/[,=].*/, "", w); print w
			}
		}
	}' | sort -u
}
undocumented() { # PAGE: the options on stdin the page does not show
	while read -r o; do
		grep -qE -- "(^|[^a-z0-9-])$o([^a-z0-9-]|$)" "$tmp/$1.txt" || echo "$o"
	done
}
check_help() { # PAGE WHAT COMMAND...
	local page=$1 what=$2 missing
	shift 2
	"$@" >"$tmp/help" 2>&1
	missing=$(opts <"$tmp/help" | undocumented "$page" | tr '\n' ' ')
	[ -s "$tmp/help" ] && [ -z "$missing" ]
	ok $? "$page.1 documents every option of $what ($(opts <"$tmp/help" | wc -l))${missing:+ (missing: $missing)}"
}
check_help fpabi "fpabi --help" "$FPABI" --help
check_help fpabi "fpabi bench --help" "$FPABI" bench --help
check_help fpabi-vm "fpabi-vm --help" bash "$tools/fpabi-vm" --help
check_help fpabi-fetch-kernel "fpabi-fetch-kernel --help" bash "$tools/fpabi-fetch-kernel" --help
check_help fpabi-fetch-qemu "fpabi-fetch-qemu --help" bash "$tools/fpabi-fetch-qemu" --help
check_help fpabi-build-kernel "fpabi-build-kernel --help" bash "$tools/fpabi-build-kernel" --help

# the commands fpabi --help lists
"$FPABI" --help >"$tmp/help"
missing=$(sed -n '/^Commands:/,/^$/s/^  \([a-z]\{1,\}\).*/\1/p' "$tmp/help" | sort -u |
	while read -r c; do grep -qE "^ +$c( |$)" "$tmp/fpabi.txt" || echo "$c"; done | tr '\n' ' ')
[ -z "$missing" ]
ok $? "fpabi.1 has a paragraph for every command${missing:+ (missing: $missing)}"

# the profiles (this arch's; the page has both arches')
missing=$("$FPABI" info --profiles | cut -f2 | while read -r p; do
	grep -qF -- "$p" "$tmp/fpabi.txt" || echo "$p"; done | tr '\n' ' ')
[ -z "$missing" ]
ok $? "fpabi.1 documents this arch's profiles${missing:+ (missing: $missing)}"
# the exit statuses fpabi --help gives
grep -q '^ *0 *$' "$tmp/fpabi.txt" || grep -qE '^ +0 +Nothing failed' "$tmp/fpabi.txt"
ok $? "fpabi.1 has the exit statuses"
done_testing
