# SPDX-License-Identifier: GPL-2.0-or-later
# Prints the directory holding kselftest.h of Debian's linux-source (the
# newest /usr/src/linux-source-*.tar.xz), unpacked once into fpabi's cache
# (one file of the kernel tarball takes 10 s); exit 1 with the reason on
# stderr when there is none.  Used by tests/repro-kselftest.sh and
# tests/repro-vm.sh.
ksrc=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | tail -1)
if [ -z "$ksrc" ]; then
	echo "no /usr/src/linux-source-*.tar.xz (package linux-source)" >&2
	exit 1
fi
kname=$(basename "$ksrc" .tar.xz)
kdir=${FPABI_CACHE:-${HOME:-/root}/.cache/fpabi}/kselftest-h-$kname
if [ ! -f "$kdir/kselftest.h" ]; then
	rm -rf "$kdir.tmp.$$" && mkdir -p "$kdir.tmp.$$" &&
	tar -C "$kdir.tmp.$$" --strip-components=4 -xJf "$ksrc" \
		"$kname/tools/testing/selftests/kselftest.h" &&
	{ mv -T "$kdir.tmp.$$" "$kdir" 2>/dev/null || rm -rf "$kdir.tmp.$$"; }
fi
if [ ! -f "$kdir/kselftest.h" ]; then
	echo "kselftest.h not found in $ksrc" >&2
	exit 1
fi
echo "$kdir"
