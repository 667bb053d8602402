# SPDX-License-Identifier: GPL-2.0-or-later
# The QEMU finding sme-vl-chain (reports/qemu-sme-vl-chain/): build the
# standalone reproducer for arm64 and run it under qemu-aarch64 user mode
# (no Linux FP code runs there).  Records whether the installed QEMU has
# the bug, checks that the reproducer's controls read right (one insn per
# TB, no chaining, an indirect branch after smstop sm), and that fpabi's
# platform probe gives the same answer as the reproducer (with an arm64
# build: FPABI_BUILD_ARM64, as make check-vm gives, or this build on
# arm64).  FPABI_QEMU_AARCH64 names another qemu-aarch64 (e.g. one built
# with the proposed patch); FPABI_CC_ARM64 the compiler.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=${srcdir:-.}/reports/qemu-sme-vl-chain/repro.c
skip_all() { echo "1..0 # SKIP $*"; exit 0; }

case $FPABI_ARCH in
arm64) cc=${FPABI_CC_ARM64:-cc} ;;
*) cc=${FPABI_CC_ARM64:-aarch64-linux-gnu-gcc} ;;
esac
qemu=${FPABI_QEMU_AARCH64:-$(command -v qemu-aarch64-static || command -v qemu-aarch64)}
command -v "$cc" >/dev/null || skip_all "no arm64 compiler ($cc): install gcc-aarch64-linux-gnu"
[ -n "$qemu" ] && [ -x "$qemu" ] || skip_all "no qemu-aarch64: install qemu-user-static"
"$cc" -static -O2 -Wall -Wextra -Werror -o "$tmp/repro" "$src" 2>"$tmp/cc.err"
ok $? "reports/qemu-sme-vl-chain/repro.c builds ($cc -static -O2)"
diag <"$tmp/cc.err"
[ -x "$tmp/repro" ] || { done_testing; exit; }
qver=$("$qemu" --version | head -n 1)
echo "# $qemu: $qver"

run() { # NAME QEMU-OPTIONS...: the reproducer's output in $tmp/NAME, status in rc
	name=$1
	shift
	"$qemu" -cpu max "$@" "$tmp/repro" >"$tmp/$name" 2>&1
	rc=$?
	diag <"$tmp/$name"
}
# the VL rdvl reads after smstop sm in the control with an indirect branch
branch_vl() { sed -n 's/.*with an indirect branch after smstop sm: \([0-9]*\)).*/\1/p' "$tmp/$1"; }
want_vl() { sed -n 's/^SVE VL [0-9]*, then \([0-9]*\):.*/\1/p' "$tmp/$1"; }

run default
case $rc in
0) has=no; ok 0 "$qver: rdvl after smstop sm reads the VL prctl set: no sme-vl-chain bug" ;;
1) has=yes; ok 0 "$qver: rdvl after smstop sm reads a stale VL: the sme-vl-chain bug is there" ;;
77) skip_all "the emulated CPU has no SVE+SME or one SVE VL: $(cat "$tmp/default")" ;;
*) has=?; ok 1 "the reproducer ran (exit $rc)" ;;
esac
[ -n "$(branch_vl default)" ] && [ "$(branch_vl default)" = "$(want_vl default)" ]
ok $? "with an indirect branch after smstop sm rdvl reads the VL prctl set (the tracee's step-around)"
# (QEMU before 8.1 calls it -singlestep)
one=-one-insn-per-tb
"$qemu" -h 2>/dev/null | grep -q -- -one-insn-per-tb || one=-singlestep
run one-insn $one
[ $rc = 0 ]
ok $? "with $one the reproducer passes (exit $rc)"
run nochain -d nochain
[ $rc = 0 ]
ok $? "with -d nochain the reproducer passes (exit $rc)"

# fpabi's own probe of the quirk, under the same QEMU
case $FPABI_ARCH in
arm64) fpabi=$FPABI ;;
*) fpabi=${FPABI_BUILD_ARM64:+$FPABI_BUILD_ARM64/src/fpabi} ;;
esac
t_n=$((t_n + 1))
if [ -z "$fpabi" ] || [ ! -x "$fpabi" ]; then
	echo "ok $t_n - fpabi's platform probe agrees # SKIP no arm64 fpabi (FPABI_BUILD_ARM64)"
else
	"$qemu" -cpu max "$fpabi" info >"$tmp/info" 2>&1
	line=$(grep '^quirk sme-vl-chain:' "$tmp/info")
	echo "# fpabi info: $line"
	case $has:$line in
	yes:"quirk sme-vl-chain: present"*|no:"quirk sme-vl-chain: absent"*)
		echo "ok $t_n - fpabi's platform probe agrees with the reproducer (bug: $has)" ;;
	*)
		echo "not ok $t_n - fpabi's platform probe agrees with the reproducer (bug: $has)"
		t_fail=$((t_fail + 1))
		diag <"$tmp/info" ;;
	esac
fi
done_testing
