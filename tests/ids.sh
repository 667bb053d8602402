# SPDX-License-Identifier: GPL-2.0-or-later
# Stable result IDs (docs/users/running.md): two runs with different seeds
# on one machine give the same set of result IDs; --repeat N names every
# result ID@rK, so no two results share a name; every x86_64 variant
# fpabi knows is in the plan, whatever the CPU has.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ids() { sed -n 's/^\(not \)\{0,1\}ok [0-9][0-9]* - \([^ ]*\).*/\2/p' "$1" | sort; }

"$FPABI" run --seed 1 --tracee "$FPABI_TRACEE" >"$tmp/a" 2>&1
"$FPABI" run --seed 987654321 --tracee "$FPABI_TRACEE" >"$tmp/b" 2>&1
ids "$tmp/a" >"$tmp/a.ids"
ids "$tmp/b" >"$tmp/b.ids"
[ -s "$tmp/a.ids" ] && cmp -s "$tmp/a.ids" "$tmp/b.ids"
ok $? "two runs with seeds 1 and 987654321: the same $(wc -l <"$tmp/a.ids") result IDs"
diff "$tmp/a.ids" "$tmp/b.ids" | head -5 | diag
[ "$(uniq -d "$tmp/a.ids" | wc -l)" -eq 0 ]
ok $? "no two results of a run share an ID"
"$FPABI" list | cut -f1 | sort >"$tmp/list.ids"
cmp -s "$tmp/list.ids" "$tmp/a.ids"
ok $? "the run's IDs are the IDs fpabi list prints"

fam=ptrace-read
"$FPABI" run --filter "$FPABI_ARCH.$fam.*" --repeat 3 --tracee "$FPABI_TRACEE" \
	--inject-fault="byte:$FPABI_ARCH.$fam.*/$("$FPABI" list --filter "$FPABI_ARCH.$fam.*" |
	head -1 | cut -f1 | cut -d/ -f2-)" >"$tmp/r" 2>&1
ids "$tmp/r" >"$tmp/r.ids"
n=$("$FPABI" list --filter "$FPABI_ARCH.$fam.*" | wc -l)
[ "$(wc -l <"$tmp/r.ids")" -eq $((3 * n)) ] && [ "$(uniq -d "$tmp/r.ids" | wc -l)" -eq 0 ] &&
	[ "$(grep -c '@r[123]$' "$tmp/r.ids")" -eq $((3 * n)) ] &&
	[ "$(sed 's/@r[123]$//' "$tmp/r.ids" | sort -u | wc -l)" -eq "$n" ]
ok $? "--repeat 3: $((3 * n)) results, each ID@r1..@r3 once"
[ "$(grep -c '^not ok' "$tmp/r")" -eq 3 ] &&
	[ "$(grep -c "^  reproduce: .*--filter '$FPABI_ARCH\.$fam\.[^@']*' --seed" "$tmp/r")" -eq 3 ]
ok $? "a failure's reproducer filters the case ID, not the @rK name"

"$FPABI" fuzz --seconds 2 --seed 5 >"$tmp/f1" 2>&1
"$FPABI" fuzz --seconds 2 --seed 6 >"$tmp/f2" 2>&1
ids "$tmp/f1" >"$tmp/f1.ids"
[ -s "$tmp/f1.ids" ] && ! grep -qE 'runs|seed|[0-9]+\.\.[0-9]+' "$tmp/f1.ids" &&
	grep -q "^$FPABI_ARCH\.fuzz\.batch-0$" "$tmp/f1.ids"
ok $? "fuzz result names hold no counts or seeds: $(head -1 "$tmp/f1.ids")"

if [ "$FPABI_ARCH" = x86_64 ]; then
	# every case crossed with all variants lists the whole table
	missing=$("$FPABI" list --filter 'x86_64.syscall.preserve/*' | cut -f1 |
		cut -d/ -f2 | sort -u | tr '\n' ' ')
	[ "$missing" = "avx avx512-no-ymm opmask-only x87-sse xsave-all " ]
	ok $? "every x86_64 variant is in the plan whatever the CPU has: $missing"
	# (permission-abi asks for the permission only: no tiles loaded)
	"$FPABI" list --filter 'x86_64.amx.*' | cut -f1 | grep -v 'permission-abi' |
		grep -qv '/amx'
	[ $? -ne 0 ]
	ok $? "AMX cases are /amx on every machine (a SKIP where there is no AMX)"
fi
done_testing
