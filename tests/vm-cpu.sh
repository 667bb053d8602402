# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi-vm and QEMU's CPU models (issue 23): --sve-vl and --sme-vl are
# checked against the model's own vector lengths and SME as QEMU reports
# them (a model that fixes its VLs, one without SVE, one without SME), and
# a guest that never gives a sign of life is stopped after --boot-timeout
# with the QEMU command line, not after --timeout.  Needs
# qemu-system-aarch64 (QEMU 10 from PATH: no download) and an arm64 build
# (FPABI_BUILD_ARM64, as make check-vm gives); no kernel: the silent guest
# boots an image of zeros.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
vm=${srcdir:-.}/tools/fpabi-vm
build=${FPABI_BUILD_ARM64:-}
[ -n "$build" ] && [ -x "$build/src/fpabi" ] ||
	skip_all "no static arm64 build (FPABI_BUILD_ARM64; ./setup.sh check makes it)"
command -v qemu-system-aarch64 >/dev/null || skip_all "no qemu-system-aarch64 (tools/setup-vm-host.sh)"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -c 65536 /dev/zero >"$tmp/zero.img"

refused() { # WANT DESCRIPTION FPABI-VM-OPTIONS...: exit 2 and WANT said
	local want=$1 what=$2 rc
	shift 2
	bash "$vm" --arch arm64 --kernel "$tmp/zero.img" --build "$build" --qemu 10 \
		--logdir "$tmp/log" "$@" -- --filter none >"$tmp/out" 2>&1
	rc=$?
	diag <"$tmp/out"
	[ $rc = 2 ] && grep -qF -- "$want" "$tmp/out"
	ok $? "$what: exit 2 (got $rc), '$want'"
}
refused "QEMU's CPU model neoverse-n1 has no SVE" "--cpu neoverse-n1 --sve-vl 16 (no SVE)" \
	--cpu neoverse-n1 --sve-vl 16
refused "has the SVE vector lengths 16 32 64 (bytes) only" \
	"--cpu a64fx --sve-vl 128 (a64fx: 128, 256 and 512 bits)" --cpu a64fx --sve-vl 128
refused "has the SVE vector lengths 16 32 (bytes) only" \
	"--cpu neoverse-v1 --sve-vl 64 (neoverse-v1: 128 and 256 bits)" --cpu neoverse-v1 --sve-vl 64
refused "QEMU's CPU model neoverse-v1 has no SME" "--cpu neoverse-v1 --sme-vl 32 (no SME)" \
	--cpu neoverse-v1 --sme-vl 32
refused "QEMU knows no arm64 CPU model 'no-such-cpu'" "--cpu no-such-cpu" --cpu no-such-cpu

# a guest that prints nothing: stopped after --boot-timeout, with the
# QEMU command line, the (empty) console and exit 1
start=$(date +%s)
bash "$vm" --arch arm64 --kernel "$tmp/zero.img" --build "$build" --qemu 10 \
	--cpu a64fx --sve-vl 32 --boot-timeout 5 --timeout 600 --logdir "$tmp/silent" \
	-- --filter none >"$tmp/out" 2>&1
rc=$?
took=$(( $(date +%s) - start ))
diag <"$tmp/out"
[ $rc = 1 ] && [ $took -lt 60 ]
ok $? "a silent guest (a kernel of zeros) is stopped after --boot-timeout 5: exit 1 (got $rc) in ${took}s, not --timeout 600"
grep -q "NO SIGN OF LIFE: nothing on the guest's fpabi port 5s after QEMU started" "$tmp/out"
ok $? "it is reported as a guest with no sign of life"
grep "QEMU command line: " "$tmp/out" | grep -q -- '-cpu a64fx\\,sve256=on'
ok $? "with the QEMU command line (-cpu a64fx,sve256=on: a VL of the model's own)"
grep -q "the console showed nothing" "$tmp/out"
ok $? "and what the console showed (nothing)"
done_testing
