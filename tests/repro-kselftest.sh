# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi repro --kselftest: for the first runnable instance of each family,
# as it is and with its marked step dropped (--inject-fault=step), the
# written selftest has the GPL-2.0 SPDX line and the ksft_* API, builds in
# the selftest tree of Debian's linux-source (its kselftest.h, the arch's
# directory, the flags of that directory's Makefile) and runs as kselftest
# says: exit 0 with only passes and skips (a field the CPU itself changes
# is a skip), exit 1 with a "not ok" where the dropped step shows.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CC=${REPRO_CC:-gcc}
seed=7

if ! ls /usr/src/linux-source-*.tar.xz >/dev/null 2>&1; then
	echo "1..0 # SKIP no /usr/src/linux-source-*.tar.xz (package linux-source)"
	exit 0
fi
# (absolute: it runs from $tmp)
cpatch=$(cd "${srcdir:-.}" && pwd)/tests/checkpatch-patch.sh
kdir=$(sh "${srcdir:-.}/tests/kselftest-h.sh" 2>"$tmp/kh")
ok $? "kselftest.h of $(basename "${kdir:-?}" | sed 's/^kselftest-h-//')"
[ -n "$kdir" ] || { diag <"$tmp/kh"; done_testing; exit; }
arch=$("$FPABI" info 2>/dev/null | awk '/^arch:/ {sub(/,$/, "", $2); print $2; exit}')
case $arch in
x86_64) dir=x86 ;;
arm64) dir=arm64/fp ;;
*) echo "# no selftest directory for $arch"; done_testing; exit ;;
esac
# the tree: tools/testing/selftests/kselftest.h and the arch's directory
tree=$tmp/tools/testing/selftests
mkdir -p "$tree/$dir" && cp "$kdir/kselftest.h" "$tree/"
# (tools/testing/selftests/x86/Makefile and arm64/fp/Makefile: CFLAGS)
cflags="-O2 -g -std=gnu99 -pthread -Wall"

"$FPABI" list | awk -F'\t' '$5 == "runnable" {print $1}' >"$tmp/all"
awk -F. '!seen[$2]++' "$tmp/all" >"$tmp/ids"
# (and a thread's clone, whose arguments the file writes out: a family's
# first instance is no thread)
grep -m1 '\.proc\.thread-child/' "$tmp/all" >>"$tmp/ids"
n=0
while read -r id; do
	for inj in "" step:any; do
		n=$((n + 1))
		f=$tree/$dir/fpabi_repro_$n.c
		"$FPABI" repro "$id" --seed $seed --kselftest ${inj:+--inject-fault=$inj} \
			-o "$f" >/dev/null 2>"$tmp/err$n"
		rc=$?
		what="$id${inj:+ (--inject-fault=$inj)}"
		if [ $rc = 3 ]; then
			grep -q "cannot be made standalone: ." "$tmp/err$n"
			ok $? "$what: refused with a reason: $(sed 's/.*standalone: //' "$tmp/err$n")"
			continue
		fi
		[ $rc = 0 ] || { ok 1 "$what: fpabi repro exit $rc"; diag <"$tmp/err$n"; continue; }
		head -1 "$f" | grep -qx '// SPDX-License-Identifier: GPL-2.0' &&
			grep -q '#include "\.\./\(\.\./\)\?kselftest\.h"' "$f" &&
			grep -q 'ksft_test_result_fail' "$f" && ! grep -q 'printf("ok' "$f"
		ok $? "$what: a GPL-2.0 kselftest program on the ksft_* API"
		# the kernel's style: checkpatch --strict on it as a new file
		# in a patch finds no WARNING or ERROR, a line over 100
		# columns among them (its CHECKs, kernel types and
		# alignment, are for kernel code; selftests use uint64_t)
		# (from $tmp: it leaves a .checkpatch-camelcase.* cache in its
		# working directory)
		(cd "$tmp" && sh "$cpatch" "$kdir/checkpatch/checkpatch.pl" \
			"$f" "tools/testing/selftests/$dir/$(basename "$f")") >"$tmp/cp$n" 2>&1
		! grep -q -E '^(WARNING|ERROR)' "$tmp/cp$n"
		ok $? "$what: checkpatch.pl --strict, as a new file in a patch: no warning or error"
		grep -A3 -E '^(WARNING|ERROR)' "$tmp/cp$n" | head -12 | diag
		(cd "$tree/$dir" && $CC $cflags "$(basename "$f")" -o "$tmp/k$n") 2>"$tmp/cc$n"
		ok $? "$what: it builds in tools/testing/selftests/$dir ($CC $cflags)"
		[ -x "$tmp/k$n" ] || { diag <"$tmp/cc$n"; continue; }
		timeout 60 "$tmp/k$n" >"$tmp/out$n" 2>&1
		rc=$?
		grep -q '^# Totals: ' "$tmp/out$n" &&
		case $rc in
		0) ! grep -q '^not ok' "$tmp/out$n" ;;
		1) grep -q '^not ok [0-9]* ' "$tmp/out$n" ;;
		*) false ;;
		esac
		ok $? "$what: it runs as a selftest (exit $rc: $(grep '^# Totals' "$tmp/out$n"))"
	done
done <"$tmp/ids"
done_testing
