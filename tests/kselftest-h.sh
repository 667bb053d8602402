# SPDX-License-Identifier: GPL-2.0-or-later
# Prints the directory holding kselftest.h of Debian's linux-source (the
# newest /usr/src/linux-source-*.tar.xz) and, in its checkpatch/, the
# kernel's scripts/checkpatch.pl with the files it reads (spelling.txt,
# const_structs.checkpatch); unpacked once into fpabi's cache (one pass
# over the kernel tarball takes 10 s); exit 1 with the reason on stderr
# when there is none.  Used by tests/repro-kselftest.sh and
# tests/repro-vm.sh.
ksrc=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | tail -1)
if [ -z "$ksrc" ]; then
	echo "no /usr/src/linux-source-*.tar.xz (package linux-source)" >&2
	exit 1
fi
kname=$(basename "$ksrc" .tar.xz)
kdir=${FPABI_CACHE:-${HOME:-/root}/.cache/fpabi}/kselftest-$kname
if [ ! -f "$kdir/kselftest.h" ]; then
	t=$kdir.tmp.$$
	rm -rf "$t" && mkdir -p "$t/out/checkpatch" &&
	tar -C "$t" -xJf "$ksrc" "$kname/tools/testing/selftests/kselftest.h" \
		"$kname/scripts/checkpatch.pl" "$kname/scripts/spelling.txt" \
		"$kname/scripts/const_structs.checkpatch" &&
	mv "$t/$kname/tools/testing/selftests/kselftest.h" "$t/out/" &&
	mv "$t/$kname/scripts/"* "$t/out/checkpatch/" &&
	{ mv -T "$t/out" "$kdir" 2>/dev/null || :; }
	rm -rf "$t"
fi
if [ ! -f "$kdir/kselftest.h" ]; then
	echo "kselftest.h not found in $ksrc" >&2
	exit 1
fi
echo "$kdir"
