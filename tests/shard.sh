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

# each shard's JSON says which shard it is and of which whole plan: the
# count and SHA-256 of the plan's IDs before --shard (what list prints)
"$FPABI" list --filter "$fams" | cut -f1 >"$tmp/plan"
sum=$(sha256sum <"$tmp/plan" | cut -d' ' -f1)
/usr/bin/python3 - "$sum" "$(wc -l <"$tmp/plan")" "$tmp"/r[123].json <<'PY'
import json, sys
for i, p in enumerate(sys.argv[3:], 1):
    d = json.load(open(p))
    assert d["shard"] == {"index": i, "of": 3}, (p, d["shard"])
    assert d["plan"] == {"ids": int(sys.argv[2]), "sha256": sys.argv[1]}, (p, d["plan"])
    assert d["seed"] == 5 and "merged" not in d, p
d = json.load(open(p.rsplit("/", 1)[0] + "/run.json"))
assert d["shard"] is None and d["plan"]["sha256"] == sys.argv[1], d["shard"]
assert d["merged"] == {"of": 3, "shards": [1, 2, 3], "missing": [], "partial": False}, d["merged"]
PY
ok $? "each shard's JSON: its shard I/3 and the plan (its $(wc -l <"$tmp/plan") IDs' SHA-256, as list prints them); the merge: every shard, not partial"

# a missing shard: refused, naming it; --partial merges and says so
"$FPABI" merge "$tmp/r1.json" "$tmp/r3.json" -o "$tmp/part.json" 2>"$tmp/err"; a=$?
[ $a -eq 2 ] && grep -q 'shard 2/3 is missing' "$tmp/err" && [ ! -s "$tmp/part.json" ]
ok $? "merge of shards 1/3 and 3/3: exit $a, 'shard 2/3 is missing'"
diag <"$tmp/err"
"$FPABI" merge --partial "$tmp/r3.json" "$tmp/r1.json" -o "$tmp/part.json" 2>"$tmp/err"; a=$?
/usr/bin/python3 - "$tmp/part.json" "$tmp/r1.json" "$tmp/r3.json" "$top/docs/fpabi-results.schema.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert d["merged"] == {"of": 3, "shards": [1, 3], "missing": [2], "partial": True}, d["merged"]
ids = sorted(r["id"] for p in sys.argv[2:4] for r in json.load(open(p))["results"])
assert sorted(r["id"] for r in d["results"]) == ids
try:
    import jsonschema
    jsonschema.Draft202012Validator(json.load(open(sys.argv[4]))).validate(d)
except ImportError:
    pass
PY
[ $a -eq 0 ] && [ $? -eq 0 ] && grep -q 'partial merge: shard 2/3 missing' "$tmp/err"
ok $? "merge --partial of 3/3 and 1/3: exit $a, merged says partial, shards [1, 3], missing [2]; the two shards' results, valid JSON"

# merge refuses what is not the shards of one run: each with its reason
refused() { # WANT FILE...: exit 2 and WANT in the message
	want=$1; shift
	"$FPABI" merge "$@" >/dev/null 2>"$tmp/err"
	r=$?
	[ $r -eq 2 ] && grep -q -- "$want" "$tmp/err" && return 0
	echo "# merge $*: exit $r, not '$want':"; sed 's/^/#   /' "$tmp/err"
	return 1
}
"$FPABI" run --filter "$fams" --shard 2/3 --seed 6 --tracee "$FPABI_TRACEE" --json "$tmp/seed6.json" >/dev/null 2>&1
"$FPABI" run --filter "$fams" --shard 2/2 --seed 5 --tracee "$FPABI_TRACEE" --json "$tmp/of2.json" >/dev/null 2>&1
"$FPABI" run --filter "$fams" --seed 5 --tracee "$FPABI_TRACEE" --json "$tmp/whole.json" >/dev/null 2>&1
sed 's/"kernel": "/"kernel": "other-/' "$tmp/r2.json" >"$tmp/other.json"
sed 's/"plan": {"ids": [0-9]*, "sha256": "./"plan": {"ids": 3, "sha256": "0/' "$tmp/r2.json" >"$tmp/plan2.json"
sed 's/"shard": {"index": 1,/"shard": {"index": 2,/' "$tmp/r1.json" >"$tmp/dup2.json"
bad=0
refused 'shard 1/3 is given twice' "$tmp/r1.json" "$tmp/r1.json" "$tmp/r2.json" "$tmp/r3.json" || bad=1
refused 'values of seed differ' "$tmp/r1.json" "$tmp/seed6.json" "$tmp/r3.json" || bad=1
refused 'values of kernel differ' "$tmp/r1.json" "$tmp/other.json" "$tmp/r3.json" || bad=1
refused 'of another plan' "$tmp/r1.json" "$tmp/plan2.json" "$tmp/r3.json" || bad=1
refused 'shard 2/2, .* of 3' "$tmp/r1.json" "$tmp/of2.json" "$tmp/r3.json" || bad=1
refused 'not a shard' "$tmp/whole.json" || bad=1
refused 'a merge already' "$tmp/run.json" "$tmp/r1.json" || bad=1
refused 'overlap' "$tmp/r1.json" "$tmp/dup2.json" "$tmp/r3.json" || bad=1
refused 'not a report' "$tmp/r1.tap" || bad=1
refused 'no report given' || bad=1
[ $bad -eq 0 ]
ok $? "merge refuses a shard twice, another seed, kernel, plan or N, a whole run, a merge, overlapping results, a TAP file, none: exit 2 with the reason"

# compare reads the merge: the same as the whole run of the same seed;
# and says when a report is a part of the plan
"$FPABI" compare --format json "$tmp/whole.json" "$tmp/run.json" >"$tmp/c.json"; a=$?
"$FPABI" compare "$tmp/whole.json" "$tmp/part.json" >"$tmp/c.tap"; b=$?
/usr/bin/python3 - "$tmp/c.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
assert not d["regression"] and d["a_part"] is None and d["b_part"] is None
for k in ("new_failures", "new_ids", "vanished_ids", "changed_skips"):
    assert d[k] == [], (k, d[k])
PY
[ $a -eq 0 ] && [ $? -eq 0 ] && [ $b -eq 0 ] &&
	grep -q '^# B is not the whole plan: a partial merge: shard 2/3 missing' "$tmp/c.tap" &&
	[ "$(sed -n 's/^ok [0-9]* - IDs only in A (vanished): //p' "$tmp/c.tap")" -eq "$(/usr/bin/python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["results"]))' "$tmp/r2.json")" ]
ok $? "compare: the whole run against the merge: nothing changed (exit $a); against the partial merge: it says so, shard 2/3's IDs vanished (exit $b)"

# certify --shard I/N runs shard I of the certification tier; certify
# --from the merge of the shards' run.json reports the whole; a partial
# merge or one shard is incomplete and says why
cf="$A.regset-write.*/opmask-only*"
"$FPABI" list --tier matrix --filter "$cf" | cut -f1 | sort >"$tmp/cwant"
rcs=
for i in 1 2 3; do
	"$FPABI" list --tier matrix --shard $i/3 | cut -f1 | sort >"$tmp/cs$i"
	"$FPABI" certify -o "$tmp/c$i" --shard $i/3 --filter "$cf" --tracee "$FPABI_TRACEE" 2>"$tmp/c$i.err"
	rcs="$rcs $?"
done
"$FPABI" merge "$tmp"/c[123]/run.json -o "$tmp/cm.json" &&
	"$FPABI" certify -o "$tmp/cm" --from "$tmp/cm.json" 2>"$tmp/cm.err"; a=$?
"$FPABI" merge --partial "$tmp"/c[13]/run.json -o "$tmp/cp.json" 2>/dev/null &&
	"$FPABI" certify -o "$tmp/cp" --from "$tmp/cp.json" 2>"$tmp/cp.err"; b=$?
/usr/bin/python3 - "$tmp" <<'PY'
import json, sys
t = sys.argv[1]
want = open(t + "/cwant").read().split()
seen = []
for i in (1, 2, 3):
    d = json.load(open("%s/c%d/report.json" % (t, i)))
    inshard = set(open("%s/cs%d" % (t, i)).read().split())
    assert d["verdict"] == "incomplete" and "shard %d/3" % i in d["verdict_reason"], d["verdict_reason"]
    assert d["run"]["shard"] == {"index": i, "of": 3}, d["run"]["shard"]
    ids = [r["id"] for r in d["results"]]
    assert ids and set(ids) <= inshard, i
    cells = [c["id"] for m in d["matrices"] for c in m["cells"]]
    assert cells and set(cells) <= inshard, (i, sorted(set(cells) - inshard)[:3])
    seen += ids
assert sorted(seen) == want, (len(seen), len(want))
m = json.load(open(t + "/cm/report.json"))
assert sorted(r["id"] for r in m["results"]) == want
assert "shard" not in m["verdict_reason"] and "partial" not in m["verdict_reason"], m["verdict_reason"]
assert m["run"]["merged"]["partial"] is False and m["run"]["shard"] is None
tot = {}
for i in (1, 2, 3):
    for k, v in json.load(open("%s/c%d/report.json" % (t, i)))["totals"].items():
        tot[k] = tot.get(k, 0) + v
assert tot == m["totals"], (tot, m["totals"])
p = json.load(open(t + "/cp/report.json"))
assert p["verdict"] == "incomplete" and "partial merge of shards" in p["verdict_reason"] and \
    "shard 2/3 missing" in p["verdict_reason"], p["verdict_reason"]
assert p["run"]["merged"]["missing"] == [2]
PY
[ $? -eq 0 ] && [ "$rcs $a $b" = " 1 1 1 1 1" ] && grep -q 'partial merge' "$tmp/cp/report.html"
ok $? "certify --shard 1/3, 2/3, 3/3 (exits$rcs): each incomplete, its results and heat-map cells its shard's; --from their merge: every ID once, the shards' totals (exit $a); --from a partial merge: incomplete, shard 2/3 missing (exit $b)"
done_testing
