# SPDX-License-Identifier: GPL-2.0-or-later
# The x86 calibration on a CPU other than the host's: QEMU's TCG (user
# mode, no kernel event in the round trips, so no guest is needed).  TCG's
# FXSAVE64/XSAVE64 never write FOP and store FIP and FDP as 0, and TCG
# does not track XINUSE (reports/qemu-tcg-xsave-calib/): the calibration
# must name FOP, FIP and FDP not kept (unchecked) and nothing else; before
# it did, every x86 TCG guest failed ~600 cases on FOP.  Needs
# qemu-x86_64 (qemu-user-static) and an x86_64 fpabi.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
[ "$FPABI_ARCH" = x86_64 ] || skip_all "not an x86_64 build"
qemu=${FPABI_QEMU_X86_64:-$(command -v qemu-x86_64-static || command -v qemu-x86_64)}
[ -n "$qemu" ] && [ -x "$qemu" ] || skip_all "no qemu-x86_64: install qemu-user-static"
# AddressSanitizer's shadow memory does not map under QEMU's user mode;
# the plain build runs this test
[ -z "${FPABI_SAN_CFLAGS:-}" ] || skip_all "a sanitizer build (ASan cannot run under qemu-user): the plain build's make check runs it"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# $("$qemu" --version | head -n 1)"
"$qemu" -cpu max "$FPABI" info >"$tmp/info" 2>&1
ok $? "fpabi info under $qemu -cpu max"
grep -E '^(calibration|quirk)' "$tmp/info" | diag
grep -q '^quirk x87-fop-not-kept: present: fop: never written by the stores .*; unchecked$' "$tmp/info"
ok $? "FOP, which TCG's stores never write, is not kept (unchecked), not 'stored as 0'"
grep -q '^quirk x87-fip-not-kept: present: fip: bits 0-63 stored as 0; unchecked$' "$tmp/info" &&
	grep -q '^quirk x87-fdp-not-kept: present: fdp: bits 0-63 stored as 0; unchecked$' "$tmp/info"
ok $? "FIP and FDP, which TCG stores as 0, are not kept (unchecked)"
n=$(grep -cE '^quirk [a-z0-9_-]+-(not-kept|rewritten|canonical-[0-9]+): ' "$tmp/info")
[ "$n" = 3 ]
ok $? "no other field is named (no-xinuse's init components are no evidence): $n calibration quirks"
grep -q '^quirk no-xinuse: present' "$tmp/info"
ok $? "(TCG's no-xinuse is there: the case the calibration must not misread)"
# no-xinuse also takes the XSTATE_BV subsets that leave a component in
# init (x87-sse, avx: XCR0 has PKRU) from the matrices' cells whose proof
# is that component's clear bit: each such cell SKIPs by the quirk before
# it runs (not five attempts, then "scenario not proven"), and the
# covering array takes its pairs as the platform's constraints
"$qemu" -cpu max "$FPABI" list --tier matrix >"$tmp/list" 2>&1
ok $? "fpabi list --tier matrix under $qemu -cpu max"
grep -E '^x86_64\.(event-signal|signal-edit|regset-write)\.[^/]*/(x87-sse|avx)[/	]' "$tmp/list" >"$tmp/init"
n=$(grep -c '	skip: platform quirk no-xinuse: ' "$tmp/init")
[ "$n" -gt 0 ] && ! grep -q '	runnable	' "$tmp/init"
ok $? "no matrix cell in x87-sse or avx is runnable; $n SKIP by quirk no-xinuse"
grep -E '^x86_64\.(event-signal|signal-edit|regset-write)\.[^/]*/xsave-all[/	].*	runnable	' "$tmp/list" >/dev/null
ok $? "the xsave-all cells, which leave no component in init, still run"
"$qemu" -cpu max "$FPABI" list --matrix event-signal >"$tmp/mx" 2>&1
grep -q '^uncovered	event=frame-restore XSTATE_BV subset=x87-sse	forbidden: platform quirk no-xinuse: ' "$tmp/mx" &&
	grep -q 'no runnable cell found: 0$' "$tmp/mx"
ok $? "event-signal's coverage: the quirk's pairs forbidden by the platform, none unreachable"
done_testing
