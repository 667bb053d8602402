#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The code's size budgets (docs/developers/design.md): no function in src/ longer
# than 120 lines, no file longer than 900, except those listed, with
# their reasons, in tests/budgets.allow.  TAP: one test point per file.
top=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
allow=$top/tests/budgets.allow
FUNC_MAX=120
FILE_MAX=900

files=$(cd "$top" && find src -name '*.c' -o -name '*.h' -o -name '*.S' | LC_ALL=C sort)
n=$(echo "$files" | wc -l)
echo "1..$n"
i=0
fail=0
for f in $files; do
	i=$((i + 1))
	out=$(awk -v file="$f" -v fmax=$FUNC_MAX -v lmax=$FILE_MAX -v allowf="$allow" '
	BEGIN {
		while ((getline line < allowf) > 0) {
			if (line ~ /^#/ || line ~ /^[ \t]*$/) continue
			split(line, a, /[ \t]+/)
			ok[a[1]] = 1
		}
	}
	# kernel style: a definition opens with "{" in column 0 and closes
	# with "}" in column 0; its name is on the line(s) before the "{"
	/^[a-zA-Z_].*\(/ { sig = $0; sigline = NR }
	/^\{/ { start = NR; name = sig; sub(/\(.*/, "", name); n = split(name, w, /[ *]+/); name = w[n] }
	/^\}/ && start { len = NR - start + 1
		if (len > fmax && !ok[file ":" name])
			printf "%s:%d: function %s is %d lines (budget %d)\n", file, sigline, name, len, fmax
		start = 0 }
	END { if (NR > lmax && !ok[file])
		printf "%s: %d lines (budget %d)\n", file, NR, lmax }
	' "$top/$f")
	if [ -n "$out" ]; then
		echo "not ok $i - $f"
		echo "$out" | sed 's/^/# /'
		fail=1
	else
		echo "ok $i - $f"
	fi
done
exit $fail
