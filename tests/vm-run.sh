# SPDX-License-Identifier: GPL-2.0-or-later
# Run one guest configuration (tests/vm/*.vm) under QEMU; its TAP is this
# test's TAP.  A .vm file holds one line: MODE ARCH KERNEL [fpabi-vm
# options] [-- fpabi options].  MODE is "suite" (run the suite) or "faults"
# (tests/fault-injection.sh, with fpabi inside the guest).
# The static builds come from FPABI_BUILD_ARM64 and FPABI_BUILD_X86_64.
set -u
cfg=$1
read -r mode arch kernel rest <"$cfg"
vm="${FPABI_VM_CMD:-$srcdir/tools/fpabi-vm}"
case $arch in
arm64) build=${FPABI_BUILD_ARM64:-} ;;
x86_64) build=${FPABI_BUILD_X86_64:-} ;;
*) echo "Bail out! $cfg: unknown arch $arch"; exit 1 ;;
esac
if [ -z "$build" ] || [ ! -x "$build/src/fpabi" ]; then
	echo "1..0 # SKIP no static $arch build (FPABI_BUILD_ARM64 or FPABI_BUILD_X86_64; ./setup.sh check makes them)"
	exit 0
fi
# fpabi-vm options, then " -- " and fpabi's
vmopts=$rest
fpabiopts=
case " $rest " in
*" -- "*)
	vmopts=$(printf '%s\n' " $rest " | sed 's/ -- .*//')
	fpabiopts=$(printf '%s\n' " $rest " | sed 's/^.* -- //') ;;
esac
case $mode in
suite)
	# shellcheck disable=SC2086
	exec "$vm" --arch "$arch" --debian-kernel "$kernel" --build "$build" \
		--timeout 900 $vmopts -- $fpabiopts ;;
faults)
	FPABI_CMD="$vm --arch $arch --debian-kernel $kernel --build $build --timeout 900 $vmopts --"
	export FPABI_CMD
	FPABI=unused
	export FPABI
	exec ${SHELL:-/bin/sh} "$srcdir/tests/fault-injection.sh" ;;
*)
	echo "Bail out! $cfg: unknown mode $mode"
	exit 1 ;;
esac
