# SPDX-License-Identifier: GPL-2.0-or-later
# Run one guest configuration (tests/vm/*.vm) under QEMU; its TAP is this
# test's TAP.  A .vm file holds one line: MODE ARCH KERNEL [fpabi-vm
# options] [-- fpabi options].  MODE is "suite" (run the suite), "faults"
# (tests/fault-injection.sh, with fpabi inside the guest), "race"
# (tests/race.sh likewise; the fpabi options are its clean run's seconds),
# "repro" (tests/repro-vm.sh: the guest's fpabi repro --sample, built on
# the host, run in the guest), "certify" (the guest's run --json - with
# the fpabi options, reported by fpabi certify --from of the guest arch's
# build, under qemu-user on another host arch) or "compare" (the fpabi options are a bench
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
	# the words after -- name the tier the faults are injected in
	# (FPABI_FAULT_TIER; tests/fault-injection.sh's default: matrix)
	FPABI_CMD="$vm --arch $arch --debian-kernel $kernel --build $build --timeout 900 $vmopts --"
	export FPABI_CMD
	# shellcheck disable=SC2086
	set -- $fpabiopts
	[ $# = 0 ] || { FPABI_FAULT_TIER=$1; export FPABI_FAULT_TIER; }
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
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	# shellcheck disable=SC2086
	"$vm" --arch "$arch" --debian-kernel "$kernel" --build "$build" \
		--timeout 900 $vmopts -- run $fpabiopts --json - >"$tmp/guest.json" 2>"$tmp/vm.err"
	rc=$?
	sed 's/^/# /' "$tmp/vm.err"
	case $arch in arm64) q=aarch64 ;; *) q=$arch ;; esac
	run=
	[ "$(uname -m)" = "$q" ] || run=$(command -v "qemu-$q-static" || command -v "qemu-$q")
	echo "1..3"
	py=/usr/bin/python3
	if $py -c 'import json, sys; d = json.load(open(sys.argv[1]))
assert d["arch"] == sys.argv[2] and d["run"]["outcome"] == "complete" and d["results"]' "$tmp/guest.json" "$arch" 2>/dev/null; then
		echo "ok 1 - the guest's run --json -: one JSON document, complete (fpabi-vm exit $rc)"
	else
		echo "not ok 1 - the guest's run --json -: not one complete JSON document (fpabi-vm exit $rc)"
	fi
	$run "$build/src/fpabi" certify -o "$tmp/out" --from "$tmp/guest.json" >"$tmp/c.out" 2>&1
	sed 's/^/# /' "$tmp/c.out"
	if [ -s "$tmp/out/report.json" ] && [ -s "$tmp/out/report.html" ]; then
		echo "ok 2 - $arch's fpabi certify --from the guest's run: report.json and report.html"
	else
		echo "not ok 2 - $arch's fpabi certify --from the guest's run wrote no report"
	fi
	if $py - "$tmp/guest.json" "$tmp/out/report.json" <<'PY' 2>&1 | sed 's/^/# /'
import json, sys
g = json.load(open(sys.argv[1])); r = json.load(open(sys.argv[2]))
assert r["totals"] == g["totals"] and r["environment"] == g["environment"]
assert [x["id"] for x in r["results"]] == [x["id"] for x in g["results"]]
mx = [x for m in r["matrices"] for x in m["cells"]]
ran = [x for x in g["results"] if any(".%s." % m["name"] in x["id"] for m in r["matrices"])]
assert len(mx) == len(ran) and all(x["verdict"] for x in mx), (len(mx), len(ran))
PY
	then
		echo "ok 3 - its numbers are the guest run's, every matrix result a heat-map cell"
	else
		echo "not ok 3 - its numbers are not the guest run's"
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
