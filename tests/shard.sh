# SPDX-License-Identifier: GPL-2.0-or-later
# --shard I/N (README "Using fpabi"): the shards of a plan partition its
# IDs, the same way whatever else is planned or runnable, and fpabi merge
# joins the shards' --json reports into one run that has every ID once.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
top=$(cd "${srcdir:-.}" && pwd)
A=$FPABI_ARCH

# every ID of the tier in exactly one of 3 shards (runnable or not)
for tier in default full; do
	"$FPABI" list --tier $tier | cut -f1 | sort >"$tmp/all"
	for i in 1 2 3; do
		"$FPABI" list --tier $tier --shard $i/3 | cut -f1 >"$tmp/s$i"
	done
	sort "$tmp/s1" "$tmp/s2" "$tmp/s3" >"$tmp/union"
	[ -s "$tmp/all" ] && cmp -s "$tmp/all" "$tmp/union" && [ -s "$tmp/s1" ] &&
		[ -s "$tmp/s2" ] && [ -s "$tmp/s3" ]
	ok $? "--tier $tier: shards 1/3, 2/3, 3/3 hold each of its $(wc -l <"$tmp/all") IDs once ($(wc -l <"$tmp/s1"), $(wc -l <"$tmp/s2"), $(wc -l <"$tmp/s3"))"
done
# an ID's shard is its own: the same with another filter or tier (the
# hash of the ID, not its place among the planned or runnable cases)
"$FPABI" list --tier default --shard 2/3 | cut -f1 | sort >"$tmp/d2"
"$FPABI" list --tier full --shard 2/3 | cut -f1 | sort >"$tmp/f2"
"$FPABI" list --filter "$A.ptrace-read.*" --shard 2/3 | cut -f1 | sort >"$tmp/p2"
[ -s "$tmp/p2" ] && [ -z "$(comm -23 "$tmp/d2" "$tmp/f2")" ] &&
	[ -z "$(comm -23 "$tmp/p2" "$tmp/d2")" ]
ok $? "an ID is in the same shard with --tier full, and with a --filter"
# one shard is everything
"$FPABI" list --shard 1/1 | cut -f1 | sort >"$tmp/one"
"$FPABI" list | cut -f1 | sort | cmp -s - "$tmp/one"
ok $? "--shard 1/1 is the whole plan"

# run the shards of two families, merge their JSON: every ID once
fams="$A.ptrace-read.*,$A.exec.*"
"$FPABI" list --filter "$fams" | cut -f1 | sort >"$tmp/want"
rcs=
for i in 1 2 3; do
	"$FPABI" run --filter "$fams" --shard $i/3 --seed 5 --tracee "$FPABI_TRACEE" \
		--json "$tmp/r$i.json" >"$tmp/r$i.tap" 2>&1
	rcs="$rcs $?"
done
plans=$(for i in 1 2 3; do sed -n 2p "$tmp/r$i.tap"; done | tr '\n' ' ')
"$FPABI" merge "$tmp/r1.json" "$tmp/r2.json" "$tmp/r3.json" -o "$tmp/run.json"
rc=$?
/usr/bin/python3 - "$tmp/run.json" "$tmp/want" "$top/docs/fpabi-results.schema.json" "$tmp"/r[123].json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
want = open(sys.argv[2]).read().split()
ids = [r["id"] for r in d["results"]]
assert sorted(ids) == want, (len(ids), len(want))
assert [r["n"] for r in d["results"]] == list(range(1, len(ids) + 1))
n = {}
for r in d["results"]:
    n[r["verdict"]] = n.get(r["verdict"], 0) + 1
assert all(n.get(k, 0) == v for k, v in d["totals"].items()), (n, d["totals"])
parts = [json.load(open(p)) for p in sys.argv[4:]]
assert sum(len(p["results"]) for p in parts) == len(ids)
for k in d["totals"]:
    assert d["totals"][k] == sum(p["totals"][k] for p in parts), k
try:
    import jsonschema
    jsonschema.Draft202012Validator(json.load(open(sys.argv[3]))).validate(d)
except ImportError:
    pass
PY
[ $rc -eq 0 ] && [ $? -eq 0 ]
ok $? "run --shard 1/3, 2/3, 3/3 (plans: $plans, exits:$rcs), merged: each of the $(wc -l <"$tmp/want") IDs once, totals the shards' sum, valid JSON"

# a shard with nothing of the plan in it: nothing ran
one=$(head -1 "$tmp/want")
for i in 1 2 3; do
	"$FPABI" list --filter "$one" --shard $i/3 | grep -q . || { empty=$i; break; }
done
"$FPABI" run --filter "$one" --shard "$empty/3" --tracee "$FPABI_TRACEE" >"$tmp/e.tap" 2>&1; a=$?
"$FPABI" run --format kselftest --filter "$one" --shard "$empty/3" --tracee "$FPABI_TRACEE" >/dev/null 2>&1; b=$?
[ "$a $b" = "0 4" ] && sed -n 2p "$tmp/e.tap" | grep -q '^1\.\.0 # SKIP no planned case is in --shard'
ok $? "an empty shard: a plan of 0 that says so, exit 0 (kselftest 4): got $a $b"

# bad usage
bad=0
for s in 0/3 4/3 1/0 3 a/3 1/b 1/3/3 ""; do
	"$FPABI" list --shard "$s" >/dev/null 2>&1
	[ $? -eq 2 ] || { bad=1; echo "# --shard '$s' was not bad usage"; }
done
"$FPABI" info --shard 1/2 >/dev/null 2>&1 || [ $? -ne 2 ] || bad=$((bad + 2))
[ $bad -eq 2 ]
ok $? "--shard 0/3, 4/3, 1/0, 3, a/3, 1/b, 1/3/3, '' and info --shard are bad usage"

# merge refuses what is not the shards of one run
"$FPABI" merge "$tmp/r1.json" "$tmp/r1.json" >/dev/null 2>"$tmp/err"; a=$?
sed 's/"kernel": "/"kernel": "other-/' "$tmp/r2.json" >"$tmp/other.json"
"$FPABI" merge "$tmp/r1.json" "$tmp/other.json" >/dev/null 2>&1; b=$?
"$FPABI" merge "$tmp/r1.tap" >/dev/null 2>&1; c=$?
"$FPABI" merge >/dev/null 2>&1; d=$?
[ "$a $b $c $d" = "2 2 2 2" ] && grep -q 'overlap' "$tmp/err"
ok $? "merge refuses overlapping reports, another kernel's, a TAP file, none (got $a $b $c $d)"
done_testing
