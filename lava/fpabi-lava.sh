#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi-lava.sh [FPABI ARGS...]: run fpabi and report each TAP result to
# LAVA with lava-test-case: ok -> pass, not ok -> fail, # SKIP -> skip,
# not ok # TODO (a known kernel issue) -> skip.  A case ID's "/" become
# "_" (LAVA test case names).  A whole-plan SKIP (ptrace refused) is one
# skipped case "fpabi"; a run that ends badly (exit 2: bad usage or
# setup, or a crash) is a failed case "fpabi-run".  The TAP is kept in
# ${OUTPUT:-./output}/fpabi.tap.
out=${OUTPUT:-./output}
mkdir -p "$out"
"${FPABI:-fpabi}" run "$@" >"$out/fpabi.tap"
rc=$?
cat "$out/fpabi.tap"
sed -n -e 's/^\(not ok\|ok\) [0-9][0-9]* - \([^ ]*\)\(.*\)$/\1\t\2\t\3/p' \
	-e 's/^1\.\.0 # SKIP .*/plan-skip/p' "$out/fpabi.tap" |
while IFS='	' read -r word id rest; do
	if [ "$word" = plan-skip ]; then
		lava-test-case fpabi --result skip
		continue
	fi
	name=$(printf '%s' "$id" | tr -c 'A-Za-z0-9._-' '_')
	case $word$rest in
	"ok"*"# SKIP"*|"not ok"*"# TODO"*) result=skip ;;
	ok*) result=pass ;;
	*) result=fail ;;
	esac
	lava-test-case "$name" --result "$result"
done
# 0 and 1 are reported case by case; 4/77 (--skip-exit) are skips
case $rc in
0|1|4|77) lava-test-case fpabi-run --result pass ;;
*) lava-test-case fpabi-run --result fail ;;
esac
exit 0
