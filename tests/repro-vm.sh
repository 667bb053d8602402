# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi repro's round trip inside a guest (tests/vm/*.vm mode "repro"):
# the guest's fpabi writes a reproducer for the first runnable instance of
# each family (fpabi repro --sample; the .vm file's fpabi options go with
# it, e.g. --filter); the host builds each with the guest arch's gcc
# -static -O2, as it is and with -DFPABI_REPRO_CORRUPT; a second boot of
# the same guest runs them all (tests/repro-vm-run.c): each must exit 0
# where fpabi passed the instance, 1 where it found differences
# (a .vm line "repro arm64 7.3 --sve-vl 64 --sme-vl 32 -- --inject-fault=step:any"
# makes the guest's fpabi find them), and 1
# with the corrupted word.  The same for the kselftest form (repro
# --sample --kselftest in another boot): each file builds in the arch's
# directory of a selftest tree (tools/testing/selftests/arm64/fp or x86,
# Debian's linux-source kselftest.h: tests/kselftest-h.sh, the directory
# Makefile's CFLAGS) and runs in the second boot beside the others.
#   usage: repro-vm.sh ARCH KERNEL BUILD FPABI-VM-OPTIONS -- FPABI-OPTIONS
set -u
arch=$1 kernel=$2 build=$3
shift 3
vmopts= fpabiopts= seen=0
for a in "$@"; do
	if [ "$a" = -- ] && [ $seen = 0 ]; then seen=1; continue; fi
	if [ $seen = 0 ]; then vmopts="$vmopts $a"; else fpabiopts="$fpabiopts $a"; fi
done
vm="${FPABI_VM_CMD:-$srcdir/tools/fpabi-vm}"
case $arch in
arm64) CC=${REPRO_CC_ARM64:-aarch64-linux-gnu-gcc} ;;
*) CC=${REPRO_CC_X86_64:-gcc} ;;
esac
tmp=$(mktemp -d)
# (FPABI_REPRO_KEEP=DIR: the generated files are copied there to read)
trap '[ -n "${FPABI_REPRO_KEEP:-}" ] && mkdir -p "$FPABI_REPRO_KEEP" &&
	cp "$tmp"/[rk]*.c "$tmp"/[rk]*.id "$FPABI_REPRO_KEEP"/ 2>/dev/null; rm -rf "$tmp"' EXIT
echo "TAP version 13"
n=0 fail=0
ok() { n=$((n + 1)); if [ "$1" = 0 ]; then echo "ok $n - $2"; else echo "not ok $n - $2"; fail=$((fail + 1)); fi; }

# shellcheck disable=SC2086
"$vm" --arch "$arch" --debian-kernel "$kernel" --build "$build" --timeout 900 \
	$vmopts -- repro --sample --seed 1 $fpabiopts >"$tmp/sample" 2>"$tmp/vm1.err"
rc=$?
ok $rc "the guest wrote its reproducers (fpabi-vm exit $rc)"
[ $rc = 0 ] || { sed 's/^/# /' "$tmp/vm1.err" | tail -20; echo "1..$n"; exit 1; }
# the sample on stdout split into PREFIXNN.c and PREFIXNN.id
split_sample() { # FILE PREFIX
	awk -v dir="$tmp" -v pfx="$2" '
	/^\/\* ==== fpabi repro: .* ==== \*\/$/ {
		f = ""
		if ($0 ~ /: (cannot be made standalone|no verdict): /) {
			sub(/^\/\* ==== fpabi repro: /, ""); sub(/ ==== \*\/$/, "")
			print "# refused: " $0
			next
		}
		k++; f = sprintf("%s/%s%02d.c", dir, pfx, k)
		id = $0; sub(/^\/\* ==== fpabi repro: /, "", id); sub(/ ==== \*\/$/, "", id)
		print id > sprintf("%s/%s%02d.id", dir, pfx, k)
		next
	}
	f { print > f }' "$1"
}
split_sample "$tmp/sample" r
# the kselftest form: its own boot, built in a selftest tree
kdir=$(sh "$srcdir/tests/kselftest-h.sh" 2>"$tmp/kh")
# (absolute: it runs from $tmp)
cpatch=$(cd "$srcdir" && pwd)/tests/checkpatch-patch.sh
case $arch in arm64) kdir_arch=arm64/fp ;; *) kdir_arch=x86 ;; esac
ktree=$tmp/ks/tools/testing/selftests
if [ -n "$kdir" ]; then
	mkdir -p "$ktree/$kdir_arch" && cp "$kdir/kselftest.h" "$ktree/"
	# shellcheck disable=SC2086
	"$vm" --arch "$arch" --debian-kernel "$kernel" --build "$build" --timeout 900 \
		$vmopts -- repro --sample --kselftest --seed 1 $fpabiopts >"$tmp/ksample" 2>"$tmp/vm1k.err"
	rc=$?
	ok $rc "the guest wrote its kselftest programs (fpabi-vm exit $rc)"
	[ $rc = 0 ] || sed 's/^/# /' "$tmp/vm1k.err" | tail -20
	split_sample "$tmp/ksample" k
else
	ok 0 "the kselftest form # SKIP $(cat "$tmp/kh")"
fi
{
	echo "/* written by tests/repro-vm.sh */"
	# (printf: dash's echo would turn the \n into a newline)
	printf '%s\n' '__asm__(".section .rodata\n"'
} >"$tmp/asm.h"
echo "static const struct bin bins[] = {" >"$tmp/tab.h"
# (tools/testing/selftests/arm64/fp/Makefile and x86/Makefile: CFLAGS)
kcflags="-O2 -g -std=gnu99 -pthread -Wall"
for c in "$tmp"/r*.c "$tmp"/k*.c; do
	[ -e "$c" ] || continue
	b=${c%.c} k=$(basename "$b") id=$(cat "$b.id")
	case $k in
	k*)	# (one word: the runner's result lines are split at spaces)
		id="$id#kselftest" what="its kselftest program builds in tools/testing/selftests/$kdir_arch"
		cp "$c" "$ktree/$kdir_arch/$k.c"
		# (the kernel's style: no checkpatch --strict WARNING or ERROR
		# on it as a new file in a patch: tests/checkpatch-patch.sh)
		# (from $tmp: it leaves a .checkpatch-camelcase.* cache there)
		(cd "$tmp" && sh "$cpatch" "$kdir/checkpatch/checkpatch.pl" \
			"$c" "tools/testing/selftests/$kdir_arch/$k.c") >"$b.cp" 2>&1
		! grep -q -E '^(WARNING|ERROR)' "$b.cp"
		ok $? "$id: its kselftest program: checkpatch.pl --strict, as a new file in a patch: no warning or error"
		grep -A3 -E '^(WARNING|ERROR)' "$b.cp" | head -12 | sed 's/^/# /'
		(cd "$ktree/$kdir_arch" && $CC -static $kcflags "$k.c" -o "$b" &&
			$CC -static $kcflags -DFPABI_REPRO_CORRUPT "$k.c" -o "$b-c") 2>"$b.cc" ;;
	*)	what="its reproducer builds"
		$CC -static -O2 "$c" -o "$b" 2>"$b.cc" &&
			$CC -static -O2 -DFPABI_REPRO_CORRUPT "$c" -o "$b-c" 2>>"$b.cc" ;;
	esac
	rc=$?
	# (--inject-fault=calib:off: fpabi without its calibration finds the
	# CPU's own changes, which the file's control must show: exit 3, in
	# the kselftest form a skip, exit 0)
	if ! grep -q '^ \* fpabi found' "$c"; then echo "$id 0"
	else case "$fpabiopts $id" in
		*calib:off*"#kselftest") echo "$id 0" ;;
		*calib:off*) echo "$id 3" ;;
		*) echo "$id 1" ;;
	esac; fi >>"$tmp/want"
	ok $rc "$id: $what ($(wc -l <"$c") lines)"
	[ $rc = 0 ] || { sed 's/^/# /' "$b.cc" | head; continue; }
	# (global: a local label the compiler reaches through the GOT may
	# share one entry with the others)
	printf '".globl %s, %s_end, %s_c, %s_c_end\\n%s: .incbin \\"%s\\"\\n%s_end:\\n%s_c: .incbin \\"%s\\"\\n%s_c_end:\\n"\n' \
		"$k" "$k" "$k" "$k" "$k" "$b" "$k" "$k" "$b-c" "$k" >>"$tmp/asm.h"
	echo "extern const char $k[], ${k}_end[], ${k}_c[], ${k}_c_end[];" >>"$tmp/decl.h"
	echo "	{ \"$id\", $k, ${k}_end, ${k}_c, ${k}_c_end }," >>"$tmp/tab.h"
done
printf '%s\n' '".previous\n");' >>"$tmp/asm.h"
echo "};" >>"$tmp/tab.h"
cat "$tmp/asm.h" "$tmp/decl.h" "$tmp/tab.h" >"$tmp/repro-bins.h" 2>/dev/null
mkdir -p "$tmp/guest/src" "$tmp/guest/tools"
$CC -static -O2 -I"$tmp" "$srcdir/tests/repro-vm-run.c" -o "$tmp/guest/src/fpabi" 2>"$tmp/run.cc"
rc=$?
ok $rc "the guest runner builds"
[ $rc = 0 ] || { sed 's/^/# /' "$tmp/run.cc" | head; echo "1..$n"; exit 1; }
cp "$build/src/fpabi-tracee" "$build/src/fpabi-exec-probe" "$tmp/guest/src/" &&
	cp "$build/tools/fpabi-vminit" "$tmp/guest/tools/"
# shellcheck disable=SC2086
"$vm" --arch "$arch" --debian-kernel "$kernel" --build "$tmp/guest" --timeout 900 \
	--mem 2G $vmopts -- >"$tmp/results" 2>"$tmp/vm2.err"
rc=$?
ok $rc "the guest ran them (fpabi-vm exit $rc)"
grep '^#' "$tmp/results"	# (a file's own lines where it had no verdict)
# each file as built must exit as fpabi judged its instance: 0 where it
# passed, 1 where fpabi found differences (the header's "fpabi found",
# e.g. under --inject-fault=step:any in the fpabi options)
while read -r word id normal corrupt; do
	[ "$word" = result ] || continue
	want=$(awk -v id="$id" '$1 == id { print $2 }' "$tmp/want")
	what="where the case passes"
	[ "$want" = 1 ] && what="where fpabi found differences"
	[ "$want" = 3 ] && what="where fpabi without calibration found the CPU's changes"
	[ "$normal" = "normal=$want" ]
	ok $? "$id: exits $want $what ($normal)"
	[ "$corrupt" = corrupt=1 ]
	ok $? "$id: exits 1 with one expected word corrupted ($corrupt)"
done <"$tmp/results"
echo "1..$n"
[ $fail = 0 ]
