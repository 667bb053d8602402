# SPDX-License-Identifier: GPL-2.0-or-later
# fpabi repro round trip: for one passing instance of each family this
# machine can run, the written C file builds standalone (gcc -static -O2),
# exits 0 (or 3 where its control shows that the CPU itself changes the
# differing fields), and exits 1 when built with -DFPABI_REPRO_CORRUPT (one
# expected word corrupted); a family that cannot be standalone is refused
# with why.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
CC=${REPRO_CC:-gcc}

printf 'int main(void) { return 0; }\n' >"$tmp/t.c"
if ! $CC -static -O2 "$tmp/t.c" -o "$tmp/t" 2>/dev/null; then
	echo "1..0 # SKIP $CC cannot link a static program here"
	exit 0
fi
# usage: an ID and a seed; an unknown ID is bad usage
"$FPABI" repro x86_64.no.such/case >/dev/null 2>&1
[ $? = 2 ]
ok $? "fpabi repro without --seed is bad usage (exit 2)"
"$FPABI" repro no.such.case/x --seed 1 >/dev/null 2>"$tmp/unk"
[ $? = 2 ] && grep -q "no case instance" "$tmp/unk"
ok $? "fpabi repro of an unknown ID says so (exit 2)"
arch=$("$FPABI" info 2>/dev/null | awk '/^arch:/ {sub(/,$/, "", $2); print $2; exit}')
# the first runnable instance of each family
"$FPABI" list | awk -F'\t' '$5 == "runnable" {print $1}' |
	awk -F. '!seen[$2]++' >"$tmp/ids"
# (x86: and the urandom write, checked below too)
[ "$arch" = x86_64 ] && echo x86_64.syscall.preserve/xsave-all/urandom-write >>"$tmp/ids"
# the cases this kernel fails as a known issue (not ok # TODO,
# KNOWN-ISSUES.md: pkru-exec-stop on a PKU host): their reproducer
# must show the bug, not hide it
"$FPABI" run --seed 7 >"$tmp/run" 2>/dev/null
sed -n 's/^not ok [0-9]* - \([^ ]*\) # TODO .*/\1/p' "$tmp/run" >"$tmp/todo"
n=0 made=0
while read -r id; do
	n=$((n + 1))
	"$FPABI" repro "$id" --seed 7 -o "$tmp/r$n.c" >/dev/null 2>"$tmp/err$n"
	rc=$?
	if [ $rc = 3 ]; then
		# refused: it must say why
		grep -q "cannot be made standalone: ." "$tmp/err$n"
		ok $? "$id: refused with a reason: $(sed 's/.*standalone: //' "$tmp/err$n")"
		continue
	fi
	ok $rc "$id: fpabi repro wrote $tmp/r$n.c (exit $rc)"
	[ $rc = 0 ] || { diag <"$tmp/err$n"; continue; }
	made=$((made + 1))
	lines=$(wc -l <"$tmp/r$n.c")
	$CC -static -O2 "$tmp/r$n.c" -o "$tmp/r$n" 2>"$tmp/cc$n"
	ok $? "$id: it builds ($lines lines)"
	timeout 60 "$tmp/r$n" >"$tmp/out$n" 2>&1
	rc=$?
	if grep -qxF "$id" "$tmp/todo"; then
		# the known kernel issue fpabi reports here: 1 and the BUG
		[ $rc = 1 ] && grep -q '^# BUG: ' "$tmp/out$n"
		ok $? "$id: it shows the known kernel issue fpabi reports here (exit $rc: $(grep -m1 '^# BUG: ' "$tmp/out$n"))"
		[ $rc = 1 ] || diag <"$tmp/out$n"
	else
		# 0: the kernel behaves; 3: only fields the CPU itself changes
		# differ (the control showed it: e.g. x87 FIP on Intel CPUs
		# that keep bits 56:0 only), no kernel bug shown
		[ $rc = 0 ] || { [ $rc = 3 ] && ! grep -q '^not ok' "$tmp/out$n" &&
			grep -q '# SKIP the CPU changes this field' "$tmp/out$n"; }
		ok $? "$id: it shows no kernel bug where the kernel has none (exit $rc: $(tail -1 "$tmp/out$n"))"
		[ $rc = 0 ] || [ $rc = 3 ] || diag <"$tmp/out$n"
	fi
	$CC -static -O2 -DFPABI_REPRO_CORRUPT "$tmp/r$n.c" -o "$tmp/c$n" 2>/dev/null
	timeout 60 "$tmp/c$n" >"$tmp/cout$n" 2>&1
	rc=$?
	[ $rc = 1 ] && grep -q '^# BUG: ' "$tmp/cout$n"
	ok $? "$id: with one expected word corrupted it exits 1 and names it (exit $rc)"
done <"$tmp/ids"

# x86's urandom write (the kernel's own FPU use in the syscall,
# kernel_fpu_begin()), the last instance the loop above made: the file
# opens /dev/urandom itself, and its tracee makes the same 8 KiB write
if [ "$arch" = x86_64 ]; then
	grep -q 'open("/dev/urandom", O_WRONLY)' "$tmp/r$n.c" &&
		grep -q 'urandom_bytes\[8192\]' "$tmp/r$n.c"
	ok $? "$(tail -1 "$tmp/ids"): the file opens /dev/urandom and writes 8 KiB"
fi

# minimised (src/repro/cmd.c: minimise(), simplify()): a failing matrix
# cell with a history and a window is written as an instance of its case
# with fewer axis values (and, where it shows the finding in a shorter
# file, another variant or parameter) whose run shows its first finding;
# --no-minimise writes the cell; a fault of the cell alone (byte:ID: its
# siblings pass) keeps the cell
"$FPABI" run --inject-fault=step:any --seed 7 >"$tmp/sa" 2>/dev/null
cell=$(sed -n 's|^not ok [0-9]* - \([^ ]*/h=[^ /]*/w=[^ /]*\)\( .*\)\{0,1\}$|\1|p' "$tmp/sa" | head -1)
if [ -n "$cell" ]; then
	"$FPABI" repro "$cell" --seed 7 --inject-fault=step:any -o "$tmp/m.c" >/dev/null 2>"$tmp/m.err"
	rc=$?
	mid=$(sed -n 's/^ \* Reproducer of fpabi case \([^ ,]*\), seed .*/\1/p' "$tmp/m.c")
	# (an instance of the same case, its axis values fewer: none of its
	# own that the cell lacks)
	case_of() { echo "${1%%/*}"; }
	axes=$(printf '%s\n' "$mid" | tr '/' '\n' | grep = | sed 's|^|/|')
	for a in $axes; do
		case "$cell/" in *"$a/"*) ;; *) axes=bad ;; esac
	done
	[ $rc = 0 ] && grep -q "^ \* Minimised from $cell:\$" "$tmp/m.c" &&
		[ "$mid" != "$cell" ] && [ "$(case_of "$mid")" = "$(case_of "$cell")" ] &&
		[ "$axes" != bad ] &&
		grep -q "minimised to $mid\$" "$tmp/m.err" &&
		"$FPABI" run --tier exhaustive --filter "$mid" --inject-fault=step:any --seed 7 2>/dev/null |
		grep -q "^not ok 1 - $mid"
	ok $? "a failing cell ($cell, step:any) is minimised to $mid, which fails too"
	"$FPABI" repro "$cell" --seed 7 --inject-fault=step:any --no-minimise -o "$tmp/n.c" >/dev/null 2>&1
	grep -q "^ \* Reproducer of fpabi case $cell, seed 7\$" "$tmp/n.c" && ! grep -q Minimised "$tmp/n.c"
	ok $? "--no-minimise: the file replays the cell asked for"
	"$FPABI" repro "$cell" --seed 7 --inject-fault="byte:$cell" -o "$tmp/b.c" >/dev/null 2>&1
	grep -q "^ \* Reproducer of fpabi case $cell, seed 7\$" "$tmp/b.c" && ! grep -q Minimised "$tmp/b.c" &&
		grep -q ' found [0-9]* difference' "$tmp/b.c"
	ok $? "a fault of that cell alone (byte:ID, its siblings pass): the failing cell is kept"
else
	echo "# no failing cell with a history and a window under step:any: minimising not checked"
fi
# build_run NAME: $tmp/NAME.c built (gcc -static -O2) and run, its output
# in $tmp/NAME.out; its exit status (that of the build, if that fails)
build_run() {
	$CC -static -O2 "$tmp/$1.c" -o "$tmp/$1" 2>/dev/null && "$tmp/$1" >"$tmp/$1.out" 2>&1
}
# minimised to the unobserved twin: a failing instance whose finding
# the tracee's own signal frame shows is written untraced (no
# PTRACE_TRACEME, no stop); one seen only in a regset read keeps the tracer
# with_twin OBSERVER: the first failing ID of the step:any run whose
# first finding is OBSERVER's and whose case has a twin
with_twin() {
	sed -n "s|^not ok [0-9]* - \([^ ]*\) # $1.*|\1|p" "$tmp/sa" |
		while read -r id; do
			"$FPABI" list --tier exhaustive --filter "$id/unobserved" 2>/dev/null |
				grep -q . && { echo "$id"; break; }
		done
}
tw=$(with_twin 'signal frame 1: ')
if [ -n "$tw" ] &&
	! "$FPABI" run --tier full --filter "$tw/unobserved" --inject-fault=step:any --seed 7 2>/dev/null |
	grep -q '^not ok 1 '; then
	# (a twin whose own run is unproven, switched under load five
	# times, shows nothing: the minimiser keeps the tracer)
	ok 0 "$tw (step:any): minimised to its twin # SKIP its twin's own run shows no finding here"
elif [ -n "$tw" ]; then
	"$FPABI" repro "$tw" --seed 7 --inject-fault=step:any -o "$tmp/t.c" >/dev/null 2>&1
	rc=none
	# (its twin, or a simpler variant's: the same case, untraced)
	if grep -q "^ \* Reproducer of fpabi case ${tw%%/*}/.*/unobserved, seed 7\$" "$tmp/t.c" &&
		grep -q "without the tracer (its stops and regset reads)" "$tmp/t.c" &&
		! grep -q PTRACE_TRACEME "$tmp/t.c"; then
		build_run t
		rc=$?
	fi
	[ "$rc" = 1 ] && grep -q '^# BUG: signal frame 1: ' "$tmp/t.out"
	ok $? "$tw (step:any): minimised to its unobserved twin, no tracer, the bug shows (exit $rc)"
else
	echo "# no failing instance with a twin whose finding is a signal frame's: not checked"
fi
rg=$(with_twin 'NT_[A-Z0-9_]* read ')
if [ -n "$rg" ]; then
	"$FPABI" repro "$rg" --seed 7 --inject-fault=step:any -o "$tmp/g.c" >/dev/null 2>&1
	! grep -q "^ \* Reproducer of fpabi case .*/unobserved," "$tmp/g.c" &&
		grep -q PTRACE_GETREGSET "$tmp/g.c"
	ok $? "$rg (step:any): its finding is a regset read's: the tracer stays"
fi
case $arch in
x86_64)
	# a rejected regset write's errno is checked (fpabi's check_errno()):
	# as the rule says exit 0; with the expected errno changed, 1 and BUG
	rj=$("$FPABI" list | awk -F'\t' '$5 == "runnable" && $1 ~ /reject-xstate-len/ {print $1; exit}')
	"$FPABI" repro "$rj" --seed 7 -o "$tmp/e.c" >/dev/null 2>&1
	build_run e
	rc=$?
	grep -q '^ok [0-9]* - .*PTRACE_SETREGSET errno (E[A-Z]*; fpabi got E[A-Z]*)$' "$tmp/e.out" && [ $rc = 0 ]
	ok $? "$rj: the file checks the write's errno (exit $rc: $(grep -m1 'SETREGSET errno' "$tmp/e.out"))"
	sed 's/^\t{ E\([A-Z]*\), -1, /\t{ E\1 == EINVAL ? EFAULT : EINVAL, -1, /' "$tmp/e.c" >"$tmp/e2.c"
	build_run e2
	rc=$?
	[ $rc = 1 ] && grep -q '^# BUG: .*PTRACE_SETREGSET errno .*: got .*, expected ' "$tmp/e2.out"
	ok $? "$rj: with another errno expected it exits 1 and names the errno (exit $rc)"
	# a word the rule leaves to one of several values (a random regset
	# write, X-PT-12: old, written, zero or init) is checked against each:
	# the first seed whose write is taken (a ONE_OF word fpabi got as
	# other than its old value) passes, and fails with ONE_OF cleared
	found=
	for s in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		for v in x87-sse avx opmask-only; do
			"$FPABI" repro "x86_64.ptrace-write.random/$v" --seed $s -o "$tmp/o.c" \
				>/dev/null 2>&1 || continue
			grep -A1 '| ONE_OF, ' "$tmp/o.c" | tr -d '\n' |
				sed -E 's/.*ONE_OF, (0x[0-9a-f]+)ull.*fpabi got (0x[0-9a-f]+).*/\1 \2/' |
				awk '$1 == $2 { exit 1 }' || continue
			found="x86_64.ptrace-write.random/$v --seed $s"
			break 2
		done
	done
	if [ -n "$found" ]; then
		build_run o
		rc=$?
		[ $rc = 0 ]
		ok $? "$found: a taken random write's words pass as one of their values (exit $rc)"
		sed 's/ | ONE_OF, /, /' "$tmp/o.c" >"$tmp/o2.c"
		build_run o2
		rc=$?
		[ $rc = 1 ] && grep -q '^not ok .*(zero, init or one of ' "$tmp/o2.out"
		ok $? "$found: checked as its old value alone, the written word is a BUG (exit $rc)"
	else
		echo "# no seed of 1-20 makes a random regset write the kernel takes: ONE_OF not checked"
	fi
	# a random signal frame edit (forge.random, X-SR-10): the file writes
	# the bytes the handler's mutations changed, as the tracee logged
	# them, and waits for the stop fpabi's run saw.  The first seed whose
	# mutated frame sigreturn refuses: the file passes, and without the
	# mutations the sigreturn is taken, the file gets the breakpoint
	# instead of the SIGSEGV and ends with no verdict (exit 2)
	found=
	for s in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20; do
		"$FPABI" repro x86_64.forge.random/x87-sse --seed $s -o "$tmp/m.c" >/dev/null 2>&1 &&
			grep -q "refused sigreturn's SIGSEGV, as fpabi's run saw" "$tmp/m.c" &&
			found="x86_64.forge.random/x87-sse --seed $s" && break
	done
	if [ -n "$found" ]; then
		build_run m
		rc=$?
		[ $rc = 0 ] && grep -q '^\s*memcpy((uint8_t \*)uc + ' "$tmp/m.c"
		ok $? "$found: its mutations written, the sigreturn refused as in fpabi's run (exit $rc)"
		grep -v '^\s*memcpy((uint8_t \*)uc + ' "$tmp/m.c" >"$tmp/m2.c"
		build_run m2
		rc=$?
		[ $rc = 2 ] && grep -q '^Bail out! unexpected stop' "$tmp/m2.out"
		ok $? "$found: without the mutations the frame is taken: no verdict (exit $rc)"
	else
		echo "# no seed of 1-20 makes a random frame edit the kernel refuses: not checked"
	fi
	# the families a kernel fails registers in: each must have a reproducer
	for fam in syscall ptrace-read ptrace-write signal exec proc; do
		grep -q "^x86_64\.$fam\." "$tmp/ids" || continue
		ls "$tmp"/r*.c >/dev/null 2>&1 &&
			grep -l "^ \* Reproducer of fpabi case x86_64\.$fam\." "$tmp"/r*.c >/dev/null
		ok $? "family $fam has a standalone reproducer"
	done ;;
*)
	[ $made -gt 0 ] || echo "# no reproducer writer for $arch yet: every family is refused" ;;
esac
done_testing
