#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make check-package: the Debian package from make dist's tarball (the
# .orig.tar.gz of a 3.0 (quilt) source) and DEBIAN_DIR, built in DIR
# (default: a new temporary directory, removed after), checked with
# lintian -EviIL +pedantic (any E: or W: fails), and the .deb unpacked
# under another root and run from there (it must find its own files, not
# /usr's).
# Usage: check-package.sh TARBALL DEBIAN_DIR [DIR]
set -u
tarball=$1
debian=$2
dir=${3:-}
keep=1
[ -n "$dir" ] || { dir=$(mktemp -d); keep=0; }
mkdir -p "$dir" && dir=$(cd "$dir" && pwd -P)
fail() { echo "check-package: $*" >&2; [ $keep = 1 ] || rm -rf "$dir"; exit 1; }
base=$(basename "$tarball" .tar.gz)		# fpabi-0.1.0
ver=${base#fpabi-}
cp "$tarball" "$dir/fpabi_$ver.orig.tar.gz" || fail "no tarball $tarball"
tar -C "$dir" -xzf "$tarball" || fail "cannot unpack $tarball"
[ ! -e "$dir/$base/debian" ] || fail "$tarball holds a debian/ directory"
cp -R "$debian" "$dir/$base/debian" || fail "cannot copy $debian"
echo "check-package: building the source and binary packages in $dir"
(cd "$dir/$base" && dpkg-buildpackage -us -uc) >"$dir/build.log" 2>&1 ||
	{ tail -40 "$dir/build.log" >&2; fail "dpkg-buildpackage failed (log: $dir/build.log)"; }
changes=$(ls "$dir"/fpabi_*.changes | head -1)
deb=$(ls "$dir"/fpabi_*_*.deb | head -1)

# lintian on the .changes: the source package (.dsc) and the .deb
lintian -EviIL +pedantic "$changes" >"$dir/lintian.log" 2>&1
grep -E '^[EWIPX]: ' "$dir/lintian.log" | sort | uniq -c | sed 's/^/check-package: lintian: /'
if grep -qE '^[EW]: ' "$dir/lintian.log"; then
	fail "lintian reports errors or warnings (log: $dir/lintian.log)"
fi
grep -qE '^N: (Processing|Running) ' "$dir/lintian.log" ||
	grep -q 'fpabi' "$dir/lintian.log" || fail "lintian checked nothing"
echo "check-package: lintian -EviIL +pedantic: no E: or W: on $(basename "$changes")"

# the package unpacked under another root runs from there
root=$dir/root
dpkg-deb -x "$deb" "$root" || fail "dpkg-deb -x failed"
FPABI_TRACEE= "$root/usr/bin/fpabi" run --filter '*.ptrace-read.*' >"$dir/relocated.tap" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -q '^# Totals: pass:[1-9]' "$dir/relocated.tap" &&
	grep -qF "# tracee: $root/usr/bin/../libexec/fpabi/fpabi-tracee" "$dir/relocated.tap" ||
	{ tail -20 "$dir/relocated.tap" >&2; fail "the unpacked package did not run from $root (exit $rc)"; }
FPABI_TRACEE= PATH=/nonexistent /bin/sh "$root/usr/share/fpabi/kselftest/run_fpabi.sh" \
	--filter '*.ptrace-read.*' >"$dir/relocated-kselftest.tap" 2>&1
rc=$?
[ $rc -eq 0 ] && grep -qF "# tracee: $root/usr/bin/../libexec/fpabi/fpabi-tracee" "$dir/relocated-kselftest.tap" ||
	{ tail -20 "$dir/relocated-kselftest.tap" >&2; fail "run_fpabi.sh did not find the unpacked fpabi (exit $rc)"; }
# fpabi-vm too: its guest programs are the unpacked ones (with one gone,
# it names the path it looked for)
mv "$root/usr/libexec/fpabi/fpabi-vminit" "$dir/vminit"
(unset FPABI_BUILD_X86_64 FPABI_BUILD_ARM64
 "$root/usr/bin/fpabi-vm" --arch "$(dpkg --print-architecture | sed 's/amd64/x86_64/')" \
	--kernel /nonexistent/vmlinuz -- --filter none) >"$dir/relocated-vm.log" 2>&1
grep -qF "$root/usr/bin/../libexec/fpabi/fpabi-vminit missing" "$dir/relocated-vm.log" &&
	! grep -q '^libexec_rel=/' "$root/usr/bin/fpabi-vm" ||
	{ cat "$dir/relocated-vm.log" >&2; fail "fpabi-vm did not look for its programs under $root"; }
mv "$dir/vminit" "$root/usr/libexec/fpabi/fpabi-vminit"
echo "check-package: the unpacked package runs from $root (fpabi, run_fpabi.sh, fpabi-vm)"
[ $keep = 1 ] || rm -rf "$dir"
exit 0
