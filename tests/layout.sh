#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# docs/developers/layout.md stays true: every source file (src/,
# include/, cases/: *.c, *.h, *.S) is named in it, and every path it
# names in backquotes exists (a <arch> in it: for some arch; a * in it:
# a glob that matches).  TAP: test point 1 the files it must name, 2 the
# paths it names.
top=${srcdir:-$(cd "$(dirname "$0")/.." && pwd)}
doc=$top/docs/developers/layout.md
echo "TAP version 13"
echo "1..2"
if [ ! -f "$doc" ]; then
	echo "not ok 1 - docs/developers/layout.md exists"
	echo "not ok 2 - docs/developers/layout.md exists"
	exit 1
fi
named=$(grep -o '`[^`]*`' "$doc" | tr -d '`' | LC_ALL=C sort -u)
unnamed=$(cd "$top" && find src include cases -name '*.c' -o -name '*.h' -o -name '*.S' |
	LC_ALL=C sort | while read -r f; do
		echo "$named" | grep -qxF "$f" || echo "$f"
	done)
if [ -z "$unnamed" ]; then
	echo "ok 1 - layout.md names every source file"
else
	echo "not ok 1 - layout.md names every source file"
	echo "$unnamed" | sed 's/^/# not named: /'
fi
gone=$(cd "$top" && echo "$named" |
	grep -E '^(src|include|cases|tests|tools|docs|man|kselftest|lava|debian|reports|bench|tap-driver)(/|$)' |
	while read -r p; do
		found=
		for a in x86_64 arm64; do
			q=$(echo "$p" | sed "s/<arch>/$a/g")
			# shellcheck disable=SC2086
			for m in $q; do [ -e "$m" ] && found=1; done
		done
		[ -n "$found" ] || echo "$p"
	done)
if [ -z "$gone" ]; then
	echo "ok 2 - every path layout.md names exists"
else
	echo "not ok 2 - every path layout.md names exists"
	echo "$gone" | sed 's/^/# no such file: /'
fi
[ -z "$unnamed" ] && [ -z "$gone" ]
