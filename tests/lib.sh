# SPDX-License-Identifier: GPL-2.0-or-later
# Shared helpers of the shell tests: a TAP counter and the fpabi binary.
: "${FPABI:?run through make check, or set FPABI to the fpabi binary}"
t_n=0
t_fail=0
ok() { # COND-STATUS DESCRIPTION
	t_n=$((t_n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $t_n - $2"
	else
		echo "not ok $t_n - $2"
		t_fail=$((t_fail + 1))
	fi
}
diag() { sed 's/^/# /'; }
done_testing() { echo "1..$t_n"; [ "$t_fail" -eq 0 ]; }
