# SPDX-License-Identifier: GPL-2.0-or-later
# The CPU's calibration (include/fpabi/calib.h, DESIGN.md rule 10): the
# header and fpabi info show it and name each quirk it found; a quirk the
# machine lacks is simulated (--inject-fault cpu:QUIRK: the CPU as one
# that keeps FIP as a canonical 57-bit address, in the calibration's
# round trips and the tracee's own stores), so the path of each known
# quirk runs on every host, Intel or AMD:
#   - calibrated, the simulated CPU gives no false failure;
#   - with the calibration faulted to see every bit kept (calib:off), the
#     same run fails on FIP, where the CPU (not the kernel) rewrote it;
#   - a kernel-side fault (byte:) still fails on the calibrated CPU;
#   - a calibration that sees a field's low byte dropped (calib:FIELD)
#     changes that field's checks only: its quirk is named, the bits are
#     left out, and the run still passes.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$FPABI" info >"$tmp/info"
ok $? "fpabi info"
grep -q '^calibration: ' "$tmp/info"
ok $? "fpabi info shows the calibration"
if grep -q '^calibration: none on' "$tmp/info"; then
	t_n=$((t_n + 1))
	echo "ok $t_n - the calibration's quirks # SKIP $(sed -n 's/^calibration: //p' "$tmp/info")"
	done_testing
	exit
fi
grep '^calibration: ' "$tmp/info" | grep -qE 'through XRSTOR64/XSAVE64.*(FXRSTOR64/FXSAVE64).*LDMXCSR/STMXCSR'
ok $? "it round-trips every form the cases use (XRSTOR/XSAVE, FXRSTOR/FXSAVE, LDMXCSR/STMXCSR)"
# each quirk line says what the CPU does and which bits are checked
bad=$(grep '^quirk x87-\|^quirk sse-\|^quirk avx' "$tmp/info" | grep -vc ': present.*: .*; \(checked: bits\|unchecked\)')
[ "$bad" -eq 0 ]
ok $? "each quirk the calibration names says what the CPU does and what is checked"
"$FPABI" run --filter 'x86_64.syscall.preserve/x87-sse/getpid' >"$tmp/hdr" 2>&1
grep '^calibration: \|^quirk x87' "$tmp/info" >"$tmp/a"
sed -n 's/^# //p' "$tmp/hdr" | grep '^calibration: \|^quirk x87' >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b"
ok $? "the TAP header shows the same calibration as fpabi info"

fam='x86_64.syscall.preserve/*,x86_64.ptrace-read.*'
skip_point() { # DESCRIPTION REASON
	t_n=$((t_n + 1))
	echo "ok $t_n - $1 # SKIP $2"
}
# (a CPU that keeps no FIP bit, as some AMD parts store 0 there: a
# canonical FIP simulated on top of it stores 0 too, which the
# calibration rightly names x87-fip-not-kept; the naming cannot show)
fip_none=$(grep -c '^quirk x87-fip-not-kept: present: ' "$tmp/info")
nokeep="this CPU keeps no bit of it ($(grep -o '^quirk x87-fip-not-kept: present: [^;]*' "$tmp/info")): a canonical one simulated on top stores 0 as well"
if [ "$fip_none" = 0 ]; then
	"$FPABI" info --inject-fault=cpu:x87-fip-canonical-57 >"$tmp/simi"
	grep -q '^quirk x87-fip-canonical-57: present.*: fip: bits 57-63 are copies of bit 56 (a canonical 57-bit address); checked: bits 0-56$' "$tmp/simi"
	ok $? "a CPU that keeps FIP canonical (simulated where it is not) is named x87-fip-canonical-57, bits 0-56 checked"
else
	skip_point "a CPU that keeps FIP canonical is named x87-fip-canonical-57" "$nokeep"
fi
# the runs simulate a 48-bit canonical FIP: no host's own CPU does that
# (Intel's 57-bit one is a subset of it), so the path is the same on all
sim=--inject-fault=cpu:x87-fip-canonical-48
"$FPABI" info "$sim" >"$tmp/simi"
if [ "$fip_none" = 0 ]; then
	grep -q '^quirk x87-fip-canonical-48: present (simulated by --inject-fault): fip: bits 48-63 are copies of bit 47 (a canonical 48-bit address); checked: bits 0-47$' "$tmp/simi"
	ok $? "the same at 48 bits: x87-fip-canonical-48, bits 0-47 checked"
else
	skip_point "the same at 48 bits: x87-fip-canonical-48" "$nokeep"
fi
# the fields the simulated CPU's calibration names: the ones it changes
grep -o '^quirk x87-[a-z0-9]*-[a-z0-9-]*: present[^:]*: [a-z0-9_]*:' "$tmp/simi" |
	sed 's/.*: \([a-z0-9_]*\):$/\1/' | sort -u >"$tmp/qfields"

"$FPABI" run "$sim" --filter "$fam" >"$tmp/sim" 2>&1
rc=$?
[ $rc -eq 0 ] || grep -A14 '^not ok' "$tmp/sim" | head -30 | diag
ok $rc "calibrated, that CPU gives no false failure ($(tail -1 "$tmp/sim"))"

"$FPABI" run "$sim" --inject-fault=calib:off --filter "$fam" >"$tmp/off" 2>&1
rc=$?
nf=$(grep -c '^not ok' "$tmp/off")
# (each failure's first register: FIP where the CPU keeps the x87
# fields before it; FOP on a CPU that also rewrites FOP)
nq=$(sed -n 's/^  register: "\([a-z0-9_]*\)"$/\1/p' "$tmp/off" | grep -cxFf "$tmp/qfields")
[ $rc -eq 1 ] && [ "$nf" -gt 0 ] && [ "$nq" -eq "$nf" ]
ok $? "uncalibrated (calib:off), the same CPU fails only on fields its calibration names ($(tr '\n' ' ' <"$tmp/qfields")): $nf failures, $nq of them there"

"$FPABI" run "$sim" --inject-fault=byte:x86_64.syscall.preserve/xsave-all/getpid \
	--filter 'x86_64.syscall.preserve/xsave-all/getpid' >"$tmp/byte" 2>&1
[ $? -eq 1 ] && grep -q '^not ok 1 - x86_64.syscall.preserve/xsave-all/getpid' "$tmp/byte"
ok $? "a kernel-side fault still fails on the calibrated CPU"

# the calibration sees a field's low byte dropped: named, the other bits
# checked (FDP; FCW on a CPU that keeps no FDP bit, which every CPU keeps)
if grep -q '^quirk x87-fdp-[a-z0-9-]*: present: ' "$tmp/info"; then
	fld=fcw hi=15
else
	fld=fdp hi=63
fi
drop=--inject-fault=calib:$fld
"$FPABI" info "$drop" >"$tmp/dropi"
grep -q "^quirk x87-$fld-rewritten: present (simulated by --inject-fault): $fld: bits 0-7 stored as 0; checked: bits 8-$hi\$" "$tmp/dropi"
ok $? "a calibration that sees $fld bits 0-7 dropped names x87-$fld-rewritten and checks bits 8-$hi"
grep '^quirk' "$tmp/info" | grep -v "^quirk x87-$fld-" >"$tmp/a"
grep '^quirk' "$tmp/dropi" | grep -v "^quirk x87-$fld-" >"$tmp/b"
cmp -s "$tmp/a" "$tmp/b"
ok $? "... and changes no other field's checks"
"$FPABI" run "$drop" --filter "$fam" >"$tmp/drop" 2>&1
rc=$?
[ $rc -eq 0 ] || grep -A14 '^not ok' "$tmp/drop" | head -30 | diag
ok $rc "... and the fills it makes still pass ($(tail -1 "$tmp/drop"))"

# fpabi race compares in the tracee, under the calibration's masks: only
# a quirk of this CPU's own shows there
if grep -q '^quirk x87-[a-z0-9_]*-[a-z0-9-]*: present: ' "$tmp/info"; then
	"$FPABI" race --seconds 2 >"$tmp/race" 2>&1
	rc=$?
	"$FPABI" race --seconds 2 --inject-fault=calib:off >"$tmp/raceoff" 2>&1
	rc_off=$?
	[ $rc -eq 0 ] && [ $rc_off -eq 1 ]
	ok $? "fpabi race: calibrated it passes, with calib:off it fails ($(tail -1 "$tmp/race"); $(tail -1 "$tmp/raceoff"))"
else
	t_n=$((t_n + 1))
	echo "ok $t_n - fpabi race under the calibration # SKIP this CPU keeps every bit: no quirk of its own for the race loop's in-tracee compare to meet"
fi

"$FPABI" run --inject-fault=cpu:no-such-cpu --filter "$fam" >/dev/null 2>"$tmp/err"
[ $? -eq 2 ] && grep -q 'cpu:no-such-cpu' "$tmp/err"
ok $? "an unknown simulated CPU is refused, naming it"
done_testing
