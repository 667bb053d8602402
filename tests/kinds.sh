#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# A step kind and a syscall kind are facts of their tables (fpabi_ops[]
# in src/plan/ops.c, sc_table[] in src/plan/syscalls.c): the code reads
# their columns, and no hand list of kinds creeps back
# (docs/developers/howto-step-kind.md, howto-syscall-kind.md).
#  1: a switch over step kinds (case S_...:) is only the engine's one,
#     in src/engine/walk.c; a switch over syscall kinds only the tracee's
#     resolution (src/tracee/tracee.c, src/tracee/<arch>/setup.c).
#  2: a hand list, one statement of src/ that compares with (== or !=)
#     two or more step kinds, or two or more syscall kinds, only where
#     tests/kinds.allow lists it with its reason (the list must match).
#     (A list of steps as data, a case's params, is not a hand list.)
#  3: the how-tos' "Files" tables name only files that exist, at most 3
#     each, among them the file of the one switch (walk.c; tracee.c).
top=$(cd "${srcdir:-$(dirname "$0")/..}" && pwd)
allow=$top/tests/kinds.allow
echo "TAP version 13"
echo "1..3"
cd "$top" || exit 1
files=$(find src include -name '*.c' -o -name '*.h' | LC_ALL=C sort)

# 1: the switches
sw=$(grep -nE 'case[ \t]+S_[A-Z_]+[ \t]*:' $files | grep -v '^src/engine/walk\.c:')
scsw=$(grep -nE 'case[ \t]+SC_[A-Z_]+[ \t]*:' $files |
	grep -vE '^src/tracee/(tracee\.c|(x86_64|arm64)/setup\.c):')
if [ -z "$sw$scsw" ]; then
	echo "ok 1 - switches over step kinds only in walk.c, over syscall kinds only in the tracee's resolution"
else
	echo "not ok 1 - switches over step kinds only in walk.c, over syscall kinds only in the tracee's resolution"
	printf '%s\n%s\n' "$sw" "$scsw" | grep -v '^$' | sed 's/^/# /'
fi
r1=$([ -z "$sw$scsw" ] && echo 0 || echo 1)

# 2: statements (split at ; { }) with comments stripped that compare
# with two or more kinds of one table
found=$(awk '
BEGIN { RS = "[;{}]" }
{
	s = $0
	gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, " ", s)
	gsub(/\/\/[^\n]*/, " ", s)
	gsub(/"[^"]*"/, " ", s)
	list("S_", "S_END S_NOPS", s)
	list("SC_", "SC_NR SC_ARCH SC_ARCH_END", s)
}
function list(pre, skip, s,   t, n, k, names, seen, out) {
	t = s; n = 0; out = ""
	while (match(t, "(==|!=)[ \t\n]*" pre "[A-Z0-9_]+")) {
		k = substr(t, RSTART, RLENGTH); sub("^(==|!=)[ \t\n]*", "", k)
		t = substr(t, RSTART + RLENGTH)
		if (index(" " skip " ", " " k " ") || (k in seen)) continue
		seen[k] = 1; names[++n] = k
	}
	if (n < 2) return
	# sorted, so that the allow list names them in one order
	for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++)
		if (names[j] < names[i]) { x = names[i]; names[i] = names[j]; names[j] = x }
	for (i = 1; i <= n; i++) out = out " " names[i]
	print FILENAME out
}' $(echo "$files" | grep '^src/') | LC_ALL=C sort -u)
known=$(grep -v '^#' "$allow" | grep -v '^[[:space:]]*$' | sed 's/[[:space:]]*#.*//' |
	LC_ALL=C sort -u)
noreason=$(grep -v '^#' "$allow" | grep -v '^[[:space:]]*$' | grep -v '#')
new=$(echo "$found" | grep -v '^$' | grep -vxF -e "${known:-/none/}")
gone=$(echo "$known" | grep -v '^$' | grep -vxF -e "${found:-/none/}")
if [ -z "$new$gone$noreason" ]; then
	echo "ok 2 - no hand list of step or syscall kinds but those of tests/kinds.allow"
	r2=0
else
	echo "not ok 2 - no hand list of step or syscall kinds but those of tests/kinds.allow"
	[ -z "$new" ] || echo "$new" | sed 's/^/# a hand list (a column of the table?): /'
	[ -z "$gone" ] || echo "$gone" | sed 's/^/# listed in tests\/kinds.allow, no longer found: /'
	[ -z "$noreason" ] || echo "$noreason" | sed 's/^/# listed without its reason: /'
	r2=1
fi

# 3: the how-tos' file lists
bad=
for h in step-kind:src/engine/walk.c syscall-kind:src/tracee/tracee.c; do
	doc=docs/developers/howto-${h%%:*}.md
	[ -f "$doc" ] || { bad="$bad $doc:missing"; continue; }
	rows=$(awk '/^## Files/ { f = 1; next } /^## / { f = 0 } f && /^\| `/' "$doc" |
		sed 's/^| `\([^`]*\)`.*/\1/')
	n=$(echo "$rows" | grep -c .)
	[ "$n" -le 3 ] && [ "$n" -ge 1 ] || bad="$bad $doc:$n-files"
	echo "$rows" | grep -qxF "${h#*:}" || bad="$bad $doc:no-${h#*:}"
	for f in $rows; do [ -e "$f" ] || bad="$bad $doc:$f"; done
done
if [ -z "$bad" ]; then
	echo "ok 3 - the how-tos name at most 3 files that exist, the switch's among them"
	r3=0
else
	echo "not ok 3 - the how-tos name at most 3 files that exist, the switch's among them"
	echo "$bad" | tr ' ' '\n' | grep -v '^$' | sed 's/^/# /'
	r3=1
fi
[ "$r1" = 0 ] && [ "$r2" = 0 ] && [ "$r3" = 0 ]
