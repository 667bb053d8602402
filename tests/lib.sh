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
# A family for --inject-fault=known: its one injected finding stands for
# a known issue only in a case with no other finding, so the family
# must fail nothing here without the injection (on a PKU host the exec
# cases show the real pkru-exec-stop, KNOWN-ISSUES.md)
known_family() {
	for kf in exec signal proc; do
		"$FPABI" run --filter "$FPABI_ARCH.$kf.*" --tracee "$FPABI_TRACEE" \
			--timeout 3 2>/dev/null | grep -q '^not ok' || { echo "$kf"; return; }
	done
	echo exec
}
