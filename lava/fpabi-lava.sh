#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi-lava.sh [FPABI ARGS...]: run fpabi and write its results as
# ${OUTPUT:-./output}/result.txt, one "NAME RESULT" line per TAP result
# (Linaro test-definitions' result file; lava/send-to-lava.sh reports
# it): ok -> pass, not ok -> fail, ok # SKIP -> skip, a known kernel
# issue (not ok # TODO, or ok # XFAIL with --known=xfail) -> skip; with
# --known=fail it is a fail, --known=skip a skip.  NAME is the case ID with every
# character LAVA does not keep in a name ("/", "@") as "_"; never a
# reason.  A whole-plan SKIP (ptrace refused) is one skipped case
# "fpabi"; "fpabi-run" fails if fpabi ended with a status other than 0,
# 1 or the skip status (bad usage or setup, a crash).  With BENCH=true,
# fpabi bench ${BENCH_ARGS} runs after the suite and every figure is a
# measurement: "fpabi-bench.NAME pass VALUE ns" (median nanoseconds per
# operation).  The TAP is kept in OUTPUT as fpabi.tap and bench.tap, the
# results as fpabi.json (fpabi merge joins the shards' into one run).
# SHARD_NUMBER N > 1 and SHARD_INDEX I (1..N, as Linaro's kselftest and
# LTP definitions name them) run shard I of N (fpabi run --shard I/N).
out=${OUTPUT:-./output}
mkdir -p "$out"
result=$out/result.txt
: >"$result"
fpabi=${FPABI:-fpabi}
if [ "${SHARD_NUMBER:-1}" != 1 ]; then
	set -- --shard "${SHARD_INDEX:-1}/$SHARD_NUMBER" "$@"
fi
"$fpabi" run --json "$out/fpabi.json" "$@" >"$out/fpabi.tap"
rc=$?
cat "$out/fpabi.tap"
name() { printf '%s' "$1" | tr -c 'A-Za-z0-9._-' '_'; }
sed -n -e 's/^\(not ok\|ok\) [0-9][0-9]* - \([^ ]*\)\(.*\)$/\1\t\2\t\3/p' \
	-e 's/^1\.\.0 # SKIP .*/plan-skip/p' "$out/fpabi.tap" |
while IFS='	' read -r word id rest; do
	if [ "$word" = plan-skip ]; then
		echo "fpabi skip" >>"$result"
		continue
	fi
	# (the directive right after the ID: a finding's '#' is escaped)
	case $word$rest in
	"ok # SKIP"*|"not ok # TODO"*|"ok # XFAIL"*) r=skip ;;
	ok*) r=pass ;;
	*) r=fail ;;
	esac
	echo "$(name "$id") $r" >>"$result"
done
# 0 and 1 are reported case by case; 4/77 (--skip-exit) are skips
case $rc in
0|1|4|77) echo "fpabi-run pass" >>"$result" ;;
*) echo "fpabi-run fail" >>"$result" ;;
esac

if [ "${BENCH:-false}" = true ]; then
	# shellcheck disable=SC2086
	"$fpabi" bench ${BENCH_ARGS:-} >"$out/bench.tap"
	brc=$?
	cat "$out/bench.tap"
	# "# ID: 141.1 ns/op (...)" before each result; a SKIP has none
	sed -n -e 's|^# \([^ :]*\): \([0-9.][0-9.]*\) ns/op .*|\1 \2|p' \
		-e 's/^ok [0-9][0-9]* - \([^ ]*\) # SKIP.*/\1 skip/p' "$out/bench.tap" |
	while read -r id v; do
		if [ "$v" = skip ]; then
			echo "fpabi-bench.$(name "$id") skip" >>"$result"
		else
			echo "fpabi-bench.$(name "$id") pass $v ns" >>"$result"
		fi
	done
	[ $brc -eq 0 ] && echo "fpabi-bench-run pass" >>"$result" ||
		echo "fpabi-bench-run fail" >>"$result"
fi
exit 0
