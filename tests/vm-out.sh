#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi-vm --out-dir without a boot: a stand-in QEMU plays the guest's
# /init (fpabi-vminit.c) on the two ports -- the TAP port's lines and the
# "fpabi-out" port's cpio archive -- and fpabi-vm must copy the files only
# when they arrived whole: every cpio checksum right, the guest's count of
# files and bytes, no name outside the directory.  (The real guest's
# archive is checked in make check-vm: tests/vm/arm64-7.3-certify.vm.)
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
top=$(cd "${srcdir:-.}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
build=$(cd "$(dirname "$FPABI")/.." && pwd)
if ! command -v cpio >/dev/null || [ "$FPABI_ARCH" != x86_64 ]; then
	echo "1..0 # SKIP needs cpio and an x86_64 build (the stand-in guest is x86_64)"
	exit 0
fi

# the stand-in QEMU: the ports are the -chardev file paths fpabi-vm gives
cat >"$tmp/qemu" <<'SH'
#!/bin/sh
[ "$1" = --version ] && { echo "QEMU emulator version 10.0.2"; exit 0; }
tap= out= cmdline=
prev=
for a; do
	case $a in
	file,id=fpabi,path=*) tap=${a#file,id=fpabi,path=} ;;
	file,id=out,path=*) out=${a#file,id=out,path=} ;;
	esac
	[ "$prev" = -append ] && cmdline=$a
	prev=$a
done
printf '# fpabi-vm: kernel stand-in\nok 1 - stand-in\n' >"$tap"
case " $cmdline " in
*" fpabi.out=1 "*) [ -n "$out" ] && cat "$FAKE_CPIO" >"$out" ;;
esac
printf '%b' "$FAKE_LINE" >>"$tap"
printf '# fpabi-vm: exit=0\n# fpabi-vm: done\n' >>"$tap"
SH
chmod +x "$tmp/qemu"
: >"$tmp/kernel"
mkdir -p "$tmp/guest/sub"
printf '{"report": 1}\n' >"$tmp/guest/report.json"
head -c 70000 /dev/urandom >"$tmp/guest/sub/blob"
(cd "$tmp/guest" && find . -mindepth 1 | sed 's,^\./,,' | LC_ALL=C sort |
	cpio --quiet -o -H crc) >"$tmp/good.cpio"
line="# fpabi-vm: out=2 files, $((14 + 70000)) bytes\n"
vm() { # CPIO OUT-LINE: fpabi-vm --out-dir $tmp/o$n, its status
	n=$((n + 1))
	FAKE_CPIO=$1 FAKE_LINE=$2 FPABI_VM_ACCEL=tcg "$top/tools/fpabi-vm" \
		--arch x86_64 --kernel "$tmp/kernel" --qemu "$tmp/qemu" --build "$build" \
		--timeout 60 --logdir "$tmp/log$n" --out-dir "$tmp/o$n" -- run >"$tmp/vm$n.out" 2>"$tmp/vm$n.err"
}
n=0

vm "$tmp/good.cpio" "$line"; rc=$?
[ $rc -eq 0 ] && cmp -s "$tmp/guest/report.json" "$tmp/o$n/report.json" &&
	cmp -s "$tmp/guest/sub/blob" "$tmp/o$n/sub/blob" &&
	grep -q '^fpabi-vm: --out-dir: 2 files, 70014 bytes from the guest' "$tmp/vm$n.err"
ok $? "a whole archive: exit $rc, both files (one in a subdirectory) copied byte for byte"
diag <"$tmp/vm$n.err"

# a byte of the blob's data flipped: cpio's checksum catches it
/usr/bin/python3 -c 'import sys; d = bytearray(open(sys.argv[1], "rb").read()); d[len(d) // 2] ^= 1; open(sys.argv[2], "wb").write(d)' \
	"$tmp/good.cpio" "$tmp/flip.cpio"
head -c 40000 "$tmp/good.cpio" >"$tmp/short.cpio"
: >"$tmp/guest/escaped"
(cd "$tmp/guest/sub" && printf '../escaped\n' | cpio --quiet -o -H crc) >"$tmp/up.cpio"
refused() { # WHY CPIO LINE DESCRIPTION
	vm "$2" "$3"; rc=$?
	[ $rc -eq 1 ] && grep -q -- "$1" "$tmp/vm$n.err" &&
		[ -z "$(ls -A "$tmp/o$n")" ] && [ ! -e "$tmp/escaped" ] &&
		[ ! -e "$tmp/log$n/escaped" ]
	ok $? "$4: exit $rc, '$1', nothing copied"
	grep 'out-dir' "$tmp/vm$n.err" | diag
}
refused 'did not arrive intact' "$tmp/flip.cpio" "$line" "a byte flipped in the archive"
refused 'not a whole cpio archive' "$tmp/short.cpio" "$line" "the archive cut short"
refused 'the guest sent 3 files' "$tmp/good.cpio" "# fpabi-vm: out=3 files, 70014 bytes\n" "a file fewer than the guest counted"
refused 'the guest sent no files' "$tmp/good.cpio" "" "no count from the guest's /init"
refused 'a path outside its directory' "$tmp/up.cpio" "# fpabi-vm: out=1 files, 0 bytes\n" "a name with .."
done_testing
