# SPDX-License-Identifier: GPL-2.0-or-later
# The command line: help, version, list, info, and bad usage (exit 2, one
# clear message).
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$FPABI" --help >"$tmp/out" 2>&1
ok $? "--help exits 0"
grep -q -- '--inject-fault' "$tmp/out"
ok $? "--help documents --inject-fault"
"$FPABI" --version | grep -q '^fpabi [0-9]'
ok $? "--version prints the version"
"$FPABI" info >"$tmp/info" 2>&1
ok $? "info exits 0"
grep -q '^profile: ' "$tmp/info" && grep -q '^kernel: ' "$tmp/info"
ok $? "info names the kernel and the ABI profile"
"$FPABI" list >"$tmp/list"
ok $? "list exits 0"
awk -F'\t' 'NF < 5 || $1 !~ /^[a-z0-9_]+\.[a-z0-9-]+\.[a-z0-9-]+\/[a-z0-9-]+/ {bad = 1} END {exit bad + (NR == 0)}' "$tmp/list"
ok $? "every listed ID is arch.family.case/variant[/param], with needs, rule, drop and status"
[ "$(cut -f1 "$tmp/list" | sort | uniq -d | wc -l)" -eq 0 ]
ok $? "case IDs are unique"
"$FPABI" list --rules | grep -q 'X-SYS-1'
ok $? "list --rules prints the rules with their sources"

for args in "--bogus" "--seed" "--seed abc" "--repeat 0" "frobnicate" \
	    "--inject-fault=flip:any" "run extra" "--filter no-such-case"; do
	# shellcheck disable=SC2086
	"$FPABI" $args >"$tmp/out" 2>"$tmp/err"
	rc=$?
	[ $rc -eq 2 ] && [ "$(wc -l <"$tmp/err")" -le 2 ] && [ -s "$tmp/err" ]
	ok $? "bad usage '$args' exits 2 with a short message (got $rc)"
done
done_testing
