# SPDX-License-Identifier: GPL-2.0-or-later
# kselftest: fpabi run --format kselftest (and kselftest/run_fpabi.sh)
# print kselftest's "# Totals:" line with the counts of the TAP lines
# above it, exit 0 when clean, 1 on a failure (the injected one counted
# as fail:) and on bad usage or setup (after "Bail out!"), 4 (KSFT_SKIP)
# when nothing ran.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fam=ptrace-read
filter="$FPABI_ARCH.$fam.*"
wrapper=${srcdir:-.}/kselftest/run_fpabi.sh

# the Totals line as the TAP lines above it count
expect_totals() {
	awk '/^ok [0-9]+ / && / # SKIP/ {s++; next} /^ok [0-9]+ / && / # XFAIL/ {x++; next}
	     /^ok [0-9]+ / {p++; next} /^not ok [0-9]+ / && / # error/ {e++; next}
	     /^not ok [0-9]+ / {f++}
	     END {printf "# Totals: pass:%d fail:%d xfail:%d xpass:0 skip:%d error:%d\n", p, f, x, s, e}' "$1"
}
totals_ok() { # FILE
	[ "$(grep -c '^# Totals: ' "$1")" -eq 1 ] &&
		[ "$(grep '^# Totals: ' "$1")" = "$(expect_totals "$1")" ]
}

FPABI=$FPABI sh "$wrapper" --filter "$filter" --tracee "$FPABI_TRACEE" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 0 ] && totals_ok "$tmp/out" && grep -q '^# Totals: pass:[1-9]' "$tmp/out"
ok $? "run_fpabi.sh, a clean run: exit 0, $(sed -n 's/^# Totals: /Totals /p' "$tmp/out")"

FPABI=$FPABI sh "$wrapper" --filter "$filter" --tracee "$FPABI_TRACEE" --inject-fault="byte:$fam" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 1 ] && totals_ok "$tmp/out" && grep -q '^# Totals: pass:[0-9]* fail:[1-9]' "$tmp/out"
ok $? "an injected fault: exit 1 (got $rc), $(sed -n 's/^# Totals: /Totals /p' "$tmp/out")"

# everything skipped: a family none of whose cases can run here, else a
# refused ptrace
skipfam=$("$FPABI" list | awk -F'\t' '{split($1, p, "/"); c[p[1]]++; if ($5 ~ /^skip/) s[p[1]]++}
	END {for (k in c) if (s[k] == c[k]) {print k; exit}}')
if [ -n "$skipfam" ]; then
	what="every case skipped ($skipfam)"
	FPABI=$FPABI sh "$wrapper" --filter "$skipfam/*" --tracee "$FPABI_TRACEE" >"$tmp/out" 2>&1
	rc=$?
else
	what="ptrace refused"
	FPABI=$FPABI "$FPABI_NOPTRACE" sh "$wrapper" --filter "$filter" --tracee "$FPABI_TRACEE" >"$tmp/out" 2>&1
	rc=$?
fi
[ $rc -eq 4 ] && totals_ok "$tmp/out" && grep -q '^# Totals: pass:0 fail:0 xfail:0' "$tmp/out"
ok $? "$what: exit 4 (KSFT_SKIP) (got $rc), $(sed -n 's/^# Totals: /Totals /p' "$tmp/out")"
FPABI=$FPABI "$FPABI_NOPTRACE" sh "$wrapper" --filter "$filter" --tracee "$FPABI_TRACEE" >"$tmp/out" 2>&1
rc=$?
[ $rc -eq 4 ] && grep -q '^1\.\.0 # SKIP ptrace refused' "$tmp/out" && totals_ok "$tmp/out"
ok $? "ptrace refused: exit 4 (got $rc), one plan SKIP, Totals all zero"
# nothing ran: --format kselftest exits 4 (KSFT_SKIP) without --skip-exit,
# plain TAP 0 (its plan or SKIP lines say so); --skip-exit overrides
nothing="--filter $filter --exclude $filter --tracee $FPABI_TRACEE"
# shellcheck disable=SC2086
"$FPABI" run --format kselftest $nothing >"$tmp/out" 2>&1; a=$?
# shellcheck disable=SC2086
"$FPABI" run $nothing >"$tmp/out" 2>&1; b=$?
# shellcheck disable=SC2086
"$FPABI" run --format kselftest --skip-exit 77 $nothing >"$tmp/out" 2>&1; c=$?
[ "$a $b $c" = "4 0 77" ]
ok $? "nothing ran: kselftest 4, TAP 0, --skip-exit 77 77 (got $a $b $c)"

# bad usage and setup errors: kselftest's KSFT_FAIL (1) after "Bail out!"
# on stdout (2 is KSFT_XFAIL to a kselftest runner); plain TAP's 2
bail() { # WHAT ARGS...
	what=$1; shift
	"$FPABI" "$@" >"$tmp/out" 2>"$tmp/err"; rc=$?
	[ $rc -eq 1 ] && grep -q '^Bail out! ' "$tmp/out" && grep -q '^fpabi: ' "$tmp/err"
	ok $? "kselftest, $what: exit 1 (got $rc) after '$(grep '^Bail out!' "$tmp/out" | head -1)'"
}
bail "an unmatched filter" run --format kselftest --filter "nomatch.*"
bail "a bad option before --format" run --timeout 0 --format=kselftest
bail "no tracee" run --format kselftest --filter "$filter" --tracee /nonexistent/fpabi-tracee
"$FPABI" run --filter "nomatch.*" >"$tmp/out" 2>&1; rc=$?
[ $rc -eq 2 ] && ! grep -q 'Bail out!' "$tmp/out"
ok $? "plain TAP, an unmatched filter: exit 2 (got $rc), no Bail out"

# kselftest's runner reads a per-collection timeout from `settings`
grep -qE '^timeout=[0-9]+$' "${srcdir:-.}/kselftest/settings"
ok $? "kselftest/settings gives the collection's timeout"
done_testing
