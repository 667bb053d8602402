#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# send-to-lava.sh RESULT_FILE: report a test-definitions result file to
# LAVA.  Each line is "NAME RESULT" or "NAME RESULT MEASUREMENT UNITS"
# (RESULT pass, fail, skip or unknown).  Where lava-test-case is on PATH
# (a LAVA test shell) each line is one lava-test-case call; elsewhere the
# line is printed as the LAVA signal that call would send
# (<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=... RESULT=...>), which LAVA reads
# from the console too.
file=$1
[ -r "$file" ] || { echo "send-to-lava.sh: no result file $file" >&2; exit 1; }
command -v lava-test-case >/dev/null 2>&1 && ltc=1 || ltc=0
while read -r name result measurement units; do
	case $result in pass|fail|skip|unknown) ;; *) continue ;; esac
	if [ "$ltc" = 1 ]; then
		if [ -n "$measurement" ]; then
			lava-test-case "$name" --result "$result" \
				--measurement "$measurement" --units "$units"
		else
			lava-test-case "$name" --result "$result"
		fi
	elif [ -n "$measurement" ]; then
		echo "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=$name RESULT=$result MEASUREMENT=$measurement UNITS=$units>"
	else
		echo "<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=$name RESULT=$result>"
	fi
done <"$file"
