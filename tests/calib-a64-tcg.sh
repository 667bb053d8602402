# SPDX-License-Identifier: GPL-2.0-or-later
# The arm64 calibration on QEMU's CPU models, in user mode (the round
# trips have no kernel event in them, so no guest is needed), and its
# fault paths on arm64 (tests/calib.sh is the x86 side):
#   - max implements FEAT_AFP and FEAT_EBF16: every FPCR bit the fills set
#     is kept, and no field is named;
#   - the named models (a64fx, neoverse-n1, neoverse-v1, neoverse-n2,
#     cortex-a710) implement neither.  The Arm ARM makes FPCR.FIZ, AH and
#     NEP (bits 0-2) RES0 without FEAT_AFP and FPCR.EBF (bit 13) RES0
#     without FEAT_EBF16: the calibration must name exactly that, and
#     nothing else;
#   - the quirk comes from the measurement: with the calibration faulted
#     to see every bit kept (calib:off) it is gone;
#   - a calibration that sees a field's low byte dropped (calib:FIELD)
#     names that field, checks the rest of it, and changes no other
#     field's checks.
# Needs qemu-aarch64 (qemu-user-static) and an arm64 build
# (FPABI_BUILD_ARM64; make check-vm has it).
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
a64=${FPABI_BUILD_ARM64:-}
[ -n "$a64" ] && [ -x "$a64/src/fpabi" ] ||
	skip_all "no arm64 build (FPABI_BUILD_ARM64; ./setup.sh check makes it for make check-vm)"
qemu=${FPABI_QEMU_AARCH64:-$(command -v qemu-aarch64-static || command -v qemu-aarch64)}
[ -n "$qemu" ] && [ -x "$qemu" ] || skip_all "no qemu-aarch64: install qemu-user-static"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "# $("$qemu" --version | head -n 1)"

info() { # CPU FILE [fpabi info options]
	local cpu=$1 out=$2
	shift 2
	"$qemu" -cpu "$cpu" "$a64/src/fpabi" info "$@" >"$out" 2>&1
}
# the calibration's quirks: a field the CPU does not keep whole
cquirks() { grep -E '^quirk [a-z0-9_-]+-(not-kept|rewritten|canonical-[0-9]+): ' "$1"; }

info max "$tmp/max"
ok $? "fpabi info under $qemu -cpu max"
grep -E '^(calibration|quirk)' "$tmp/max" | diag
grep -q '^calibration: .*through the tracee.s event routine.*no kernel event between load and store: every bit kept$' "$tmp/max"
ok $? "max: the round trips go through the tracee's own LOAD and STORE, and every bit is kept"
[ "$(cquirks "$tmp/max" | wc -l)" = 0 ]
ok $? "max: no field named"

fpcr='^quirk fpcr-rewritten: present: fpcr: bits 0-2,13 stored as 0; checked: bits 3-12,14-31$'
for cpu in a64fx neoverse-n1 neoverse-v1 neoverse-n2 cortex-a710; do
	info "$cpu" "$tmp/$cpu"
	rc=$?
	cquirks "$tmp/$cpu" | diag
	[ $rc = 0 ] && grep -q "$fpcr" "$tmp/$cpu" && [ "$(cquirks "$tmp/$cpu" | wc -l)" = 1 ]
	ok $? "$cpu (no FEAT_AFP, no FEAT_EBF16): fpcr bits 0-2 and 13 stored as 0 and nothing else named"
done

info a64fx "$tmp/off" --inject-fault=calib:off
grep -q '^calibration: .*every bit kept (fault injected)$' "$tmp/off" && [ "$(cquirks "$tmp/off" | wc -l)" = 0 ]
ok $? "a64fx with calib:off: the quirk is gone (it is measured, not assumed)"

info max "$tmp/drop" --inject-fault=calib:fpsr
grep -q '^quirk fpsr-rewritten: present (simulated by --inject-fault): fpsr: bits 0-7 stored as 0; checked: bits 8-31$' "$tmp/drop"
ok $? "max with calib:fpsr: fpsr-rewritten is named, bits 8-31 checked"
cquirks "$tmp/drop" | grep -v '^quirk fpsr-' >"$tmp/rest"
[ ! -s "$tmp/rest" ] && grep -q '^calibration: .*some bits not kept (fault injected)$' "$tmp/drop"
ok $? "... and no other field's checks change"

info a64fx "$tmp/drop2" --inject-fault=calib:fpsr
cquirks "$tmp/drop2" | sort >"$tmp/a"
{ cquirks "$tmp/a64fx"; grep '^quirk fpsr-rewritten: ' "$tmp/drop2"; } | sort >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b"
ok $? "a64fx with calib:fpsr: its own fpcr quirk stays, fpsr's joins it"
done_testing
