# SPDX-License-Identifier: GPL-2.0-or-later
# One meaning in every harness (docs/users/harnesses.md): a run that has every
# kind of result -- pass, fail (an injected byte fault), skip (cases this
# machine cannot run), known issue (--inject-fault=known: a byte fault
# whose one finding is reported as a test-only known kernel issue) and a
# timeout (--inject-fault=hang) -- read by each harness the way its users
# run it, and each harness's counts compared with fpabi's own (the JSON
# report's totals), through the mapping docs/users/harnesses.md's table documents:
#   automake's driver, prove (TAP::Parser), fpabi's JUnit and JSON, the
#   kselftest runner of Debian's linux-source with fpabi's collection,
#   LKFT's parser rule on that runner's output (tests/lkft-rule.py, with
#   --known=fail as LKFT labs run it), tap.py's runner (python3-tap),
#   autopkgtest's test command, LAVA's steps.
# Each consumer's log of each failure (what it shows with that result)
# must hold that failure's own one-line finding (the JSON's diagnosis).
# The JUnit file is validated against Jenkins' schema (as
# tests/junit-jenkins.xsd restates it), the JSON against
# docs/fpabi-results.schema.json.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
top=$(cd "${srcdir:-.}" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
A=$FPABI_ARCH
PY=/usr/bin/python3	# Debian's: its python3-tap, -jsonschema, -yaml

# the run: three families (one hangs a case, one fails, one is a known
# issue) and up to two cases that cannot run here
hang=$("$FPABI" list --filter "$A.syscall.*" | awk -F'\t' '$5 == "runnable" {print $1; exit}')
skips=$("$FPABI" list | awk -F'\t' '$5 ~ /^skip/ {print $1}' | head -2 | tr '\n' ',')
# (one seed: the runs below are compared with this one; no trailing
# comma when nothing is skipped: an empty glob is refused)
kf=$(known_family)
args="--filter $A.syscall.*,$A.ptrace-read.*,$A.$kf.*${skips:+,${skips%,}} --timeout 3 --seed 4242
 --inject-fault=byte:ptrace-read --inject-fault=known:$kf --inject-fault=hang:$hang"
# shellcheck disable=SC2086
"$FPABI" run $args --tracee "$FPABI_TRACEE" --junit "$tmp/all.xml" --json "$tmp/all.json" \
	>"$tmp/all.tap" 2>&1
rc=$?
read -r P F S K T B <<EOT
$($PY -c 'import json, sys; t = json.load(open(sys.argv[1]))["totals"]
print(t["pass"], t["fail"], t["skip"], t["known-issue"], t["timeout"], t["broken"])' "$tmp/all.json")
EOT
[ $rc -eq 1 ] && [ "${P:-0}" -gt 0 ] && [ "${F:-0}" -gt 0 ] && [ "${K:-0}" -gt 0 ] && [ "${T:-0}" -eq 1 ]
ok $? "fpabi: pass $P, fail $F, skip $S, known issue $K, timeout $T, broken $B (exit $rc)"
[ -n "$skips" ] || echo "# no case is skipped on this machine: the skip count is 0 everywhere"
FT=$((F + T + B))	# the harnesses with no timeout or error outcome

# fpabi's own counts lines
grep -qx "# Totals: pass:$P fail:$((F + T)) xfail:$K xpass:0 skip:$S error:$B" "$tmp/all.tap" &&
	grep -qx "$P passed, $FT failed, $((S + K)) skipped" "$tmp/all.tap"
ok $? "fpabi's Totals (xfail:$K) and summary lines (known issues skipped)"

# JSON: valid, and each verdict counted as the totals say
if $PY -c 'import jsonschema' 2>/dev/null; then
	$PY - "$top/docs/fpabi-results.schema.json" "$tmp/all.json" <<'PY'
import json, sys, jsonschema
s = json.load(open(sys.argv[1]))
d = json.load(open(sys.argv[2]))
jsonschema.Draft202012Validator.check_schema(s)
jsonschema.Draft202012Validator(s).validate(d)
n = {}
for r in d["results"]:
    n[r["verdict"]] = n.get(r["verdict"], 0) + 1
assert all(n.get(k, 0) == v for k, v in d["totals"].items()), (n, d["totals"])
PY
	ok $? "JSON: valid against docs/fpabi-results.schema.json, its results add up to its totals"
else
	t_n=$((t_n + 1)); echo "ok $t_n - JSON schema # SKIP python3-jsonschema not installed"
fi

# own_logs NAME FILE: FILE has "ID<TAB>LOG" lines (a consumer's log of
# each failure, on one line); every fail, timeout and broken result of
# JSON (all.json, or $3) has its line, and its log holds its diagnosis
own_logs() {
	$PY - "${3:-$tmp/all.json}" "$2" >"$tmp/own" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
logs = {}
for l in open(sys.argv[2]):
    i, _, t = l.rstrip("\n").partition("\t")
    logs[i] = logs.get(i, "") + t.replace("\\#", "#").replace("\\\\", "\\")
bad = [r["id"] for r in d["results"] if r["verdict"] in ("fail", "timeout", "broken")
       and (r["id"] not in logs or r["diagnosis"] not in logs[r["id"]])]
n = sum(r["verdict"] in ("fail", "timeout", "broken") for r in d["results"])
print("%d failures, %d without their finding %s" % (n, len(bad), " ".join(bad[:3])))
sys.exit(1 if bad or not n else 0)
PY
	ok $? "$1: each failure's finding in its own log ($(cat "$tmp/own"))"
}
# the result line itself, as every TAP consumer sees it
sed -n 's/^not ok [0-9]* - \([^ ]*\) # \(.*\)/\1\t\2/p' "$tmp/all.tap" >"$tmp/line.logs"
own_logs "the TAP result lines" "$tmp/line.logs"
# JSON's own diagnosis and JUnit's <failure>/<error> message
$PY - "$tmp/all.xml" >"$tmp/junit.logs" <<'PY'
import sys, xml.etree.ElementTree as ET
for tc in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    for c in tc:
        if c.tag in ("failure", "error"):
            print("%s.%s\t%s" % (tc.get("classname"), tc.get("name"), c.get("message")))
PY
own_logs "JUnit" "$tmp/junit.logs"

# JUnit: Jenkins' schema, and the counts
if command -v xmllint >/dev/null; then
	xmllint --noout --schema "$top/tests/junit-jenkins.xsd" "$tmp/all.xml" 2>"$tmp/xsd"
	ok $? "JUnit: valid against Jenkins' JUnit schema"
	diag <"$tmp/xsd"
else
	t_n=$((t_n + 1)); echo "ok $t_n - JUnit schema # SKIP xmllint not installed (libxml2-utils)"
fi
$PY - "$tmp/all.xml" >"$tmp/junit.counts" <<'PY'
import sys, xml.etree.ElementTree as ET
n = dict(p=0, f=0, e=0, s=0, k=0)
for tc in ET.parse(sys.argv[1]).getroot().iter("testcase"):
    kids = [c for c in tc if c.tag in ("failure", "error", "skipped")]
    if not kids:
        n["p"] += 1
    for c in kids:
        if c.tag == "skipped":
            n["k" if c.get("message", "").startswith("known issue") else "s"] += 1
        else:
            n["f" if c.tag == "failure" else "e"] += 1
    assert "." in tc.get("classname") and "SKIP" not in tc.get("name")
print(n["p"], n["f"], n["e"], n["s"], n["k"])
PY
[ "$(cat "$tmp/junit.counts")" = "$P $F $((T + B)) $S $K" ]
ok $? "JUnit: pass/failure/error/skipped/known-issue skipped $(cat "$tmp/junit.counts") = $P $F $((T + B)) $S $K"

# automake's TAP driver (make check)
AM_TAP_AWK=${AWK:-awk} sh "$top/tap-driver/tap-driver.sh" --test-name all \
	--log-file "$tmp/all.log" --trs-file "$tmp/all.trs" --ignore-exit -- cat "$tmp/all.tap" >"$tmp/am.out"
am() { grep -c "^:test-result: $1" "$tmp/all.trs"; }
[ "$(am PASS) $(am FAIL) $(am SKIP) $(am XFAIL) $(am ERROR) $(am XPASS)" = "$P $FT $S $K 0 0" ]
ok $? "automake: PASS $(am PASS) FAIL $(am FAIL) SKIP $(am SKIP) XFAIL $(am XFAIL)"
# (the driver's FAIL line, as make check prints it)
sed -n 's/^FAIL: all [0-9]* - \([^ ]*\) # \(.*\)/\1\t\2/p' "$tmp/am.out" >"$tmp/am.logs"
own_logs "automake" "$tmp/am.logs"

# tap.py (python3-tap): its runner (tappy's main: unittest's counts and
# status; a plan anywhere but first or last would be one more failure),
# and its parser's description and directive of each failure
if $PY -c 'import tap' 2>/dev/null; then
	$PY -c 'import sys; from tap.main import main; sys.exit(main(["tappy", sys.argv[1]]))' \
		"$tmp/all.tap" >"$tmp/tappy.out" 2>&1
	rc=$?
	want="FAILED (failures=$FT"
	[ "$S" -gt 0 ] && want="$want, skipped=$S"
	[ "$K" -gt 0 ] && want="$want, expected failures=$K"
	[ $rc -eq 1 ] && grep -qx "Ran $((P + FT + S + K)) tests in .*" "$tmp/tappy.out" &&
		grep -qx "$want)" "$tmp/tappy.out"
	ok $? "tap.py's runner: exit $rc, $(grep -E '^(Ran|FAILED|OK)' "$tmp/tappy.out" | tr '\n' ' ')"
	$PY - "$tmp/all.tap" >"$tmp/tappy.logs" <<'PY'
import contextlib, io, sys
from tap import parser
with contextlib.redirect_stdout(io.StringIO()):
    lines = list(parser.Parser().parse_file(sys.argv[1]))
for l in lines:
    if l.category == "test" and not l.ok and not l.todo:
        print("%s\t%s" % (l.description.lstrip("- ").strip(), l.directive.text))
PY
	own_logs "tap.py's parser" "$tmp/tappy.logs"
else
	t_n=$((t_n + 1)); echo "ok $t_n - tap.py # SKIP python3-tap not installed"
fi

# prove (TAP::Harness): its parser's counts, and prove's own summary
if command -v prove >/dev/null; then
	perl -MTAP::Parser -e '
		my $p = TAP::Parser->new({ source => $ARGV[0] });
		1 while $p->next;
		my ($s, $t) = (scalar $p->skipped, scalar $p->todo);
		printf "%d %d %d %d\n", $p->passed - $s - $t, scalar $p->failed, $s, $t;
	' "$tmp/all.tap" >"$tmp/prove.counts"
	# (TAP::Parser: the text after an unescaped "#" that is no SKIP or
	# TODO stays in the failure'"'"'s description)
	perl -MTAP::Parser -e '
		my $p = TAP::Parser->new({ source => $ARGV[0] });
		while (my $r = $p->next) {
			next unless $r->is_test && !$r->is_actual_ok && !$r->has_todo;
			my $d = $r->description;
			$d =~ s/^- ([^ ]*) # //;
			print "$1\t$d\n";
		}
	' "$tmp/all.tap" >"$tmp/prove.logs"
	printf '#!/bin/sh\ncat "%s"\nexit 1\n' "$tmp/all.tap" >"$tmp/all.t"
	(cd "$tmp" && prove --exec sh all.t >"$tmp/prove.out" 2>&1)
	[ "$(cat "$tmp/prove.counts")" = "$P $FT $S $K" ] &&
		grep -qE "^all\.t +\(Wstat: 256 \(exited 1\) Tests: $((P + FT + S + K)) Failed: $FT\)" "$tmp/prove.out"
	ok $? "prove: passed/failed/skipped/todo $(cat "$tmp/prove.counts"), Failed: $FT"
	own_logs "prove" "$tmp/prove.logs"
else
	t_n=$((t_n + 1)); echo "ok $t_n - prove # SKIP perl's prove not found"
fi

# autopkgtest: debian/tests/suite as autopkgtest runs it (FPABI_ARGS)
mkdir "$tmp/bin"
printf '#!/bin/sh\nexec "%s" "$@" --tracee "%s"\n' "$FPABI" "$FPABI_TRACEE" >"$tmp/bin/fpabi"
chmod +x "$tmp/bin/fpabi"
if [ -r "$top/debian/tests/suite" ]; then
	PATH="$tmp/bin:$PATH" FPABI_ARGS="$args" sh "$top/debian/tests/suite" >"$tmp/apt.tap" 2>&1
	rc=$?
	AM_TAP_AWK=${AWK:-awk} sh "$top/tap-driver/tap-driver.sh" --test-name apt \
		--log-file "$tmp/apt.log" --trs-file "$tmp/apt.trs" --ignore-exit -- cat "$tmp/apt.tap" >/dev/null
	ac() { grep -c "^:test-result: $1" "$tmp/apt.trs"; }
	[ $rc -eq 1 ] && [ "$(ac PASS) $(ac FAIL) $(ac SKIP) $(ac XFAIL)" = "$P $FT $S $K" ]
	ok $? "autopkgtest's suite: exit $rc (the test FAILs), its TAP counts the same"
else
	t_n=$((t_n + 1))
	echo "ok $t_n - autopkgtest's suite # SKIP no debian/ here (the release tarball holds none)"
fi

# kselftest: Debian's linux-source runner with fpabi's collection; the
# collection's fpabi (a wrapper with the run's arguments) lies next to
# run_fpabi.sh, as make kselftest-install puts it
ksrc=$(ls /usr/src/linux-source-*.tar.xz 2>/dev/null | tail -1)
# (cached: unpacking three files from the kernel tarball takes 20 s)
kdir=${FPABI_CACHE:-${HOME:-/root}/.cache/fpabi}/kselftest-runner-$(basename "$ksrc" .tar.xz)
if [ -n "$ksrc" ] && [ ! -x "$kdir/run_kselftest.sh" ]; then
	rm -rf "$kdir.tmp.$$" && mkdir -p "$kdir.tmp.$$" &&
	tar -C "$kdir.tmp.$$" --strip-components=4 -xJf "$ksrc" \
		"$(basename "$ksrc" .tar.xz)/tools/testing/selftests/run_kselftest.sh" \
		"$(basename "$ksrc" .tar.xz)/tools/testing/selftests/kselftest/runner.sh" \
		"$(basename "$ksrc" .tar.xz)/tools/testing/selftests/kselftest/prefix.pl" &&
	{ mv -T "$kdir.tmp.$$" "$kdir" 2>/dev/null || rm -rf "$kdir.tmp.$$"; }
fi
if [ -x "$kdir/run_kselftest.sh" ]; then
	k=$tmp/ksft
	cp -R "$kdir" "$k" && mkdir "$k/fpabi" &&
		cp "$top/kselftest/run_fpabi.sh" "$top/kselftest/settings" "$k/fpabi/" &&
		echo "fpabi:run_fpabi.sh" >"$k/kselftest-list.txt"
	# as LKFT labs run it: --known=fail (they keep their own list of
	# known issues); the JSON of that run has fpabi's own counts of it
	printf '#!/bin/sh\nexec "%s" "$@" %s --known=fail --json "%s" --tracee "%s"\n' "$FPABI" \
		"$(echo "$args" | tr '\n' ' ' | sed 's/\*/\\*/g')" "$tmp/ksft.json" "$FPABI_TRACEE" >"$k/fpabi/fpabi"
	chmod +x "$k/fpabi/fpabi" "$k/fpabi/run_fpabi.sh"
	# through a pipe, as LKFT's kselftest.sh tees it (the runner and its
	# prefixing filter write the same stream)
	(unset FPABI; "$k/run_kselftest.sh" 2>&1 | cat >"$tmp/ksft.out")
	grep -q '^not ok 1 selftests: fpabi: run_fpabi.sh # exit=1$' "$tmp/ksft.out"
	ok $? "kselftest runner ($(basename "$ksrc")): 'not ok 1 selftests: fpabi: run_fpabi.sh # exit=1'"
	read -r P2 F2 S2 K2 T2 B2 <<EOT
$($PY -c 'import json, sys; t = json.load(open(sys.argv[1]))["totals"]
print(t["pass"], t["fail"], t["skip"], t["known-issue"], t["timeout"], t["broken"])' "$tmp/ksft.json")
EOT
	[ "$F2 $S2 $K2 $T2" = "$((F + K)) $S 0 $T" ]
	ok $? "--known=fail: the known issues are failures (fail $F2 = $F + $K, known issue $K2), the rest the same"
	# kselftest's own rule (ksft_test_result_*): ok, ok # SKIP, ok # XFAIL,
	# not ok, not ok # error
	awk '/^# ok [0-9]+ .* # SKIP/ {s++; next} /^# ok [0-9]+ .* # XFAIL/ {x++; next}
	     /^# ok [0-9]+ / {p++; next} /^# not ok [0-9]+ .* # error/ {e++; next}
	     /^# not ok [0-9]+ / {f++}
	     END {printf "%d %d %d %d %d\n", p, f, s, x, e}' "$tmp/ksft.out" >"$tmp/ksft.counts"
	[ "$(cat "$tmp/ksft.counts")" = "$P2 $((F2 + T2)) $S2 0 $B2" ] &&
		grep -qx "# # Totals: pass:$P2 fail:$((F2 + T2)) xfail:0 xpass:0 skip:$S2 error:$B2" "$tmp/ksft.out"
	ok $? "kselftest: pass/fail/skip/xfail/error $(cat "$tmp/ksft.counts") and its # Totals line"
	! grep -E '^# ok [0-9]+ .* # SKIP .' "$tmp/ksft.out" | grep -q .
	ok $? "kselftest: no SKIP line carries a reason after SKIP (it is on the comment line after)"
	sed -n 's/^# not ok [0-9]* \([^ ]*\) # \(TIMEOUT \|error \)\{0,1\}\(.*\)/\1\t\3/p' \
		"$tmp/ksft.out" >"$tmp/ksft.logs"
	own_logs "kselftest runner" "$tmp/ksft.logs" "$tmp/ksft.json"
	if $PY -c 'import tap' 2>/dev/null; then
		mkdir "$tmp/lkft.logs"
		$PY "$top/tests/lkft-rule.py" "$tmp/lkft.logs" <"$tmp/ksft.out" 2>/dev/null |
			grep -v '^fpabi_run_fpabi_sh ' >"$tmp/lkft"
		lk() { grep -c " $1\$" "$tmp/lkft"; }
		[ "$(lk pass) $(lk fail) $(lk skip)" = "$P2 $((F2 + T2 + B2)) $S2" ]
		ok $? "LKFT's rule (--known=fail): pass $(lk pass), fail $(lk fail), skip $(lk skip)"
		cut -d' ' -f1 "$tmp/lkft" | sort | uniq -d >"$tmp/dups"
		! grep -qE '_-_|XCR0|_no_|_SKIP|_dup' "$tmp/lkft" && [ ! -s "$tmp/dups" ] &&
			grep -q "^fpabi_run_fpabi_sh_${A}_" "$tmp/lkft"
		ok $? "LKFT's names: unique, no reason or ' - ' in them: $(head -1 "$tmp/lkft")"
		# LKFT's log of each failure (output/NAME.log), by the ID whose
		# name it is
		$PY - "$tmp/ksft.json" "$tmp/lkft.logs" >"$tmp/lkft.idlogs" <<'PY'
import json, os, re, sys
def slug(s):
    s = re.sub(r"[^A-Za-z0-9_-]+", "_", re.sub(r"\[\d{1,5}\]", "", s))
    return re.sub(r"(^_|_$)", "", s).replace("_-", "__")
for r in json.load(open(sys.argv[1]))["results"]:
    f = os.path.join(sys.argv[2], "fpabi_run_fpabi_sh_" + slug(r["id"]) + ".log")
    if os.path.exists(f):
        print("%s\t%s" % (r["id"], open(f).read().split("\n")[0]))
PY
		own_logs "LKFT's rule" "$tmp/lkft.idlogs" "$tmp/ksft.json"
		# ... and no other case's line: nothing another result prints (a
		# SKIP's reason, a proof, a finding) is in a failure's log
		$PY - "$tmp/ksft.json" "$tmp/lkft.logs" >"$tmp/lkft.other" <<'PY'
import json, os, sys
ids = [r["id"] for r in json.load(open(sys.argv[1]))["results"]]
n = 0
for f in sorted(os.listdir(sys.argv[2])):
    text = open(os.path.join(sys.argv[2], f)).read()
    n += 1
    mine = [i for i in ids if f.endswith("_" + i.replace("/", "_").replace(".", "_") + ".log")]
    for i in ids:
        if i in text and i not in mine:
            print("%s names %s" % (f, i))
print("%d logs" % n, file=sys.stderr)
PY
		[ ! -s "$tmp/lkft.other" ] && [ "$(ls "$tmp/lkft.logs" | wc -l)" -gt 0 ]
		ok $? "LKFT's rule: no failure's log ($(ls "$tmp/lkft.logs" | wc -l)) holds a line of another case"
		head -3 "$tmp/lkft.other" | diag
	else
		t_n=$((t_n + 1)); echo "ok $t_n - LKFT's rule # SKIP python3-tap not installed"
	fi
else
	t_n=$((t_n + 1)); echo "ok $t_n - kselftest runner # SKIP no /usr/src/linux-source-*.tar.xz (package linux-source)"
fi

# LAVA: the definition's steps with a recording lava-test-case
printf '#!/bin/sh\necho "$*" >>"%s/calls"\n' "$tmp" >"$tmp/bin/lava-test-case"
chmod +x "$tmp/bin/lava-test-case"
steps=$($PY -c 'import sys, yaml; print("\n".join(yaml.safe_load(open(sys.argv[1]))["run"]["steps"]))' \
	"$top/lava/fpabi.yaml")
(cd "$top" && export PATH="$tmp/bin:$PATH" OUTPUT="$tmp/output" &&
 sh -c "FPABI=fpabi; FPABI_ARGS='$(echo "$args" | tr '\n' ' ')'; BENCH=false; BENCH_ARGS=; $steps") >"$tmp/lava.log" 2>&1
la() { grep -v '^fpabi-run ' "$tmp/calls" | grep -c -- "--result $1\$"; }
[ "$(la pass) $(la fail) $(la skip)" = "$P $FT $((S + K))" ] && grep -q '^fpabi-run --result pass$' "$tmp/calls"
ok $? "LAVA: pass $(la pass), fail $(la fail), skip $(la skip) (known issues skip)"
done_testing
