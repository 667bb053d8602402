# SPDX-License-Identifier: GPL-2.0-or-later
# Run one guest configuration (tests/vm/*.vm) under QEMU; its TAP is this
# test's TAP.  A .vm file holds one line: MODE ARCH KERNEL [fpabi-vm
# options] [-- fpabi options].  MODE is "suite" (run the suite), "faults"
# (tests/fault-injection.sh, with fpabi inside the guest), "race"
# (tests/race.sh likewise; the fpabi options are its clean run's seconds),
# "repro" (tests/repro-vm.sh: the guest's fpabi repro --sample, built on
# the host, run in the guest), "certify" (fpabi certify -o /out with the
# fpabi options in the guest, its files brought back by fpabi-vm
# --out-dir, and certify --from its run.json by the guest arch's build,
# under qemu-user on another host arch) or "compare" (the fpabi options are a bench
# command: fpabi-vm --against-debian-kernel runs it twice on KERNEL and
# compares the runs with this build's fpabi; with --count-insns among the
# fpabi-vm options, every instruction count must also be the same in both
# runs: it needs this build's QEMU plugin, made by 'make qemu-plugin').
# The static builds come from FPABI_BUILD_ARM64 and FPABI_BUILD_X86_64.
set -u
cfg=$1
read -r mode arch kernel rest <"$cfg"
vm="${FPABI_VM_CMD:-$srcdir/tools/fpabi-vm}"
case $arch in
arm64) build=${FPABI_BUILD_ARM64:-} ;;
x86_64) build=${FPABI_BUILD_X86_64:-} ;;
*) echo "Bail out! $cfg: unknown arch $arch"; exit 1 ;;
esac
if [ -z "$build" ] || [ ! -x "$build/src/fpabi" ]; then
	echo "1..0 # SKIP no static $arch build (FPABI_BUILD_ARM64 or FPABI_BUILD_X86_64; ./setup.sh check makes them)"
	exit 0
fi
# fpabi-vm options, then " -- " and fpabi's
vmopts=$rest
fpabiopts=
case " $rest " in
*" -- "*)
	vmopts=$(printf '%s\n' " $rest " | sed 's/ -- .*//')
	fpabiopts=$(printf '%s\n' " $rest " | sed 's/^.* -- //') ;;
esac
case $mode in
suite)
	# shellcheck disable=SC2086
	exec "$vm" --arch "$arch" --debian-kernel "$kernel" --build "$build" \
		--timeout 900 $vmopts -- $fpabiopts ;;
faults)
	# the words after -- name the tier the faults are injected in, or two
	# tiers: byte's and step's (FPABI_FAULT_TIER; tests/fault-injection.sh's
	# default: matrix)
	FPABI_CMD="$vm --arch $arch --debian-kernel $kernel --build $build --timeout 900 $vmopts --"
	export FPABI_CMD
	# shellcheck disable=SC2086
	set -- $fpabiopts
	[ $# = 0 ] || { FPABI_FAULT_TIER="$*"; export FPABI_FAULT_TIER; }
	FPABI=unused
	export FPABI
	exec ${SHELL:-/bin/sh} "$srcdir/tests/fault-injection.sh" ;;
repro)
	# shellcheck disable=SC2086
	exec ${SHELL:-/bin/sh} "$srcdir/tests/repro-vm.sh" "$arch" "$kernel" \
		"$build" $vmopts -- $fpabiopts ;;
race)
	# tests/race.sh in the guest (a boot per run): the fpabi options
	# are the clean run's length in seconds
	FPABI_CMD="$vm --arch $arch --debian-kernel $kernel --build $build --timeout 900 $vmopts --"
	# shellcheck disable=SC2086
	set -- $fpabiopts
	FPABI_RACE_SECONDS=${1:-20}
	export FPABI_CMD FPABI_RACE_SECONDS
	FPABI=unused
	export FPABI
	exec ${SHELL:-/bin/sh} "$srcdir/tests/race.sh" ;;
certify)
	# fpabi certify -o /out in the guest; fpabi-vm --out-dir brings /out
	# back (a cpio archive on its own port, checked against the guest's
	# count); then this arch's build certifies --from the guest's run.json
	# on the host (under qemu-user on another host arch) for comparison
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	# shellcheck disable=SC2086
	"$vm" --arch "$arch" --debian-kernel "$kernel" --build "$build" \
		--timeout 900 --out-dir "$tmp/out" --logdir "$tmp/log" $vmopts -- \
		certify -o /out $fpabiopts \
		>"$tmp/vm.out" 2>"$tmp/vm.err"
	rc=$?
	sed 's/^/# /' "$tmp/vm.out" "$tmp/vm.err"
	case $arch in arm64) q=aarch64 ;; *) q=$arch ;; esac
	run=
	[ "$(uname -m)" = "$q" ] || run=$(command -v "qemu-$q-static" || command -v "qemu-$q")
	echo "1..4"
	# pycheck ARGS... <script: python's status, its messages as comments
	pycheck() {
		/usr/bin/python3 - "$@" >"$tmp/py.out" 2>&1
		r=$?
		sed 's/^/# /' "$tmp/py.out"
		return $r
	}
	# intact: report.json's own digest (the SHA-256 of every byte before
	# its "sha256" line), report.html whole, the run's JSON complete
	if [ $rc -le 1 ] && grep -q '^fpabi-vm: --out-dir: [0-9]* files' "$tmp/vm.err" &&
		pycheck "$tmp/out" "$arch" <<'PY'
import hashlib, json, sys
d = sys.argv[1]
raw = open(d + "/report.json", "rb").read()
head, _, tail = raw.rpartition(b'  "sha256": "')
assert head and hashlib.sha256(head).hexdigest() == tail[:64].decode(), "report.json's digest"
r = json.loads(raw)
g = json.load(open(d + "/run.json"))
assert g["arch"] == sys.argv[2] and g["run"]["outcome"] == "complete" and g["results"]
html = open(d + "/report.html").read()
assert html.rstrip().endswith("</html>") and r["verdict"] in html
PY
	then
		echo "ok 1 - fpabi certify -o /out in the guest: report.json (its digest right), report.html and run.json arrived through fpabi-vm --out-dir (exit $rc)"
	else
		echo "not ok 1 - fpabi certify -o /out in the guest: its files did not arrive intact (fpabi-vm exit $rc)"
	fi
	# its numbers: the guest's run (run.json, and the TAP's result lines)
	if pycheck "$tmp/out" <<'PY'
import json, re, sys
d = sys.argv[1]
r = json.load(open(d + "/report.json")); g = json.load(open(d + "/run.json"))
n = {}
for x in g["results"]:
    n[x["verdict"]] = n.get(x["verdict"], 0) + 1
assert r["totals"] == g["totals"] and all(n.get(k, 0) == v for k, v in r["totals"].items()), (r["totals"], n)
assert [x["id"] for x in r["results"]] == [x["id"] for x in g["results"]]
assert r["environment"] == g["environment"]
tap = [l for l in open(d + "/run.tap") if re.match(r"(not )?ok \d+ ", l)]
assert len(tap) == len(g["results"]), (len(tap), len(g["results"]))
v = {x["id"]: x["verdict"] for x in g["results"]}
cells = [c for m in r["matrices"] for c in m["cells"]]
ran = [x for x in g["results"] if any(".%s." % m["name"] in x["id"] for m in r["matrices"])]
assert all(c["verdict"] == v.get(c["id"]) for c in cells), "a cell's verdict is not its result's"
assert {c["id"] for c in cells if c["verdict"]} == {x["id"] for x in ran}, "a matrix result is not a cell"
PY
	then
		echo "ok 2 - report.json's counts, IDs and environment are the guest run's, every matrix result a heat-map cell with its verdict"
	else
		echo "not ok 2 - report.json's numbers are not the guest run's"
	fi
	$run "$build/src/fpabi" certify -o "$tmp/host" --from "$tmp/out/run.json" >"$tmp/c.out" 2>&1
	sed 's/^/# /' "$tmp/c.out"
	if [ -s "$tmp/host/report.json" ] && [ -s "$tmp/host/report.html" ]; then
		echo "ok 3 - $arch's fpabi certify --from the guest's run.json on the host: report.json and report.html"
	else
		echo "not ok 3 - $arch's fpabi certify --from the guest's run.json on the host wrote no report"
	fi
	if pycheck "$tmp/out/report.json" "$tmp/host/report.json" <<'PY'
import json, sys
a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
assert a["totals"] == b["totals"] and a["verdict"] == b["verdict"], (a["totals"], b["totals"])
assert [x["id"] for x in a["results"]] == [x["id"] for x in b["results"]]
PY
	then
		echo "ok 4 - the host's report of it has the guest's totals and verdict"
	else
		echo "not ok 4 - the host's report of the guest's run differs from the guest's"
	fi
	exit 0 ;;
compare)
	counted=0
	case " $vmopts " in *" --count-insns "*) counted=1 ;; esac
	if [ $counted = 1 ] && [ -z "${FPABI_INSNS_PLUGIN:-}" ]; then
		FPABI_INSNS_PLUGIN=$PWD/tools/fpabi-insns.so
		export FPABI_INSNS_PLUGIN
	fi
	if [ $counted = 1 ] && [ ! -f "$FPABI_INSNS_PLUGIN" ]; then
		echo "1..0 # SKIP no QEMU plugin $FPABI_INSNS_PLUGIN (make qemu-plugin)"
		exit 0
	fi
	# shellcheck disable=SC2086
	out=$(FPABI_HOST=$PWD/src/fpabi "$vm" --arch "$arch" --debian-kernel "$kernel" \
		--against-debian-kernel "$kernel" --build "$build" --timeout 900 \
		$vmopts -- $fpabiopts 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed 's/^/# /'
	echo "1..$((2 + counted))"
	if [ $rc = 0 ]; then
		echo "ok 1 - bench on $kernel twice, then --compare: exit 0"
	else
		echo "not ok 1 - bench on $kernel twice, then --compare: exit $rc"
	fi
	# every figure of the runs is compared (the verdicts are noise here)
	n=$(printf '%s\n' "$out" | sed -n 's/^\([0-9][0-9]*\) figures compared.*/\1/p')
	if [ "${n:-0}" -gt 0 ]; then
		echo "ok 2 - $n figures compared"
	else
		echo "not ok 2 - no figures compared"
	fi
	[ $counted = 1 ] || exit 0
	# counts are exact: two runs of one kernel give the same
	c=$(printf '%s\n' "$out" | sed -n 's/^\([0-9][0-9]*\) instruction counts compared, \([0-9][0-9]*\) changed$/\1 \2/p')
	if [ -n "$c" ] && [ "${c% *}" -gt 0 ] && [ "${c#* }" = 0 ]; then
		echo "ok 3 - ${c% *} instruction counts, all the same in both runs"
	else
		echo "not ok 3 - instruction counts differ between two runs of $kernel (${c:-none compared})"
	fi
	exit 0 ;;
*)
	echo "Bail out! $cfg: unknown mode $mode"
	exit 1 ;;
esac
