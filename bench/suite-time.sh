#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The tester's own cost: wall time of the default suite (`fpabi run`) on the
# host, or in a guest through tools/fpabi-vm.  A benchmark, not a test: it
# prints figures and judges nothing.
#
#   bench/suite-time.sh [--build DIR] [--runs N]          the host
#   bench/suite-time.sh --runs N --vm -- FPABI-VM-ARGS    a guest, e.g.
#   bench/suite-time.sh --vm -- --arch arm64 --debian-kernel 7.3 --build build-arm64
#
# Prints one line per run and then "median S s, min S s, max S s over N
# runs".  In a guest the time is fpabi-vm's "wall" figure, which includes
# booting the kernel.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/build
runs=3
vm=0
while [ $# -gt 0 ]; do
	case $1 in
	--build) build=$2; shift ;;
	--runs) runs=$2; shift ;;
	--vm) vm=1 ;;
	--) shift; break ;;
	-h|--help) sed -n '3,14s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) echo "suite-time.sh: unknown argument $1" >&2; exit 2 ;;
	esac
	shift
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || { echo "suite-time.sh: --runs wants a count" >&2; exit 2; }

times=()
for ((i = 1; i <= runs; i++)); do
	if [ $vm = 1 ]; then
		log=$(mktemp)
		"$top/tools/fpabi-vm" "$@" >/dev/null 2>"$log"
		rc=$?
		t=$(sed -n 's/.*: wall \([0-9.]*\)s, exit.*/\1/p' "$log" | tail -n1)
		rm -f "$log"
	else
		[ -x "$build/src/fpabi" ] || { echo "suite-time.sh: no $build/src/fpabi (make first, or --build DIR)" >&2; exit 2; }
		s=$(date +%s.%N)
		FPABI_TRACEE=$build/src/fpabi-tracee "$build/src/fpabi" run "$@" >/dev/null
		rc=$?
		e=$(date +%s.%N)
		t=$(awk -v s="$s" -v e="$e" 'BEGIN {printf "%.2f", e - s}')
	fi
	[ -n "$t" ] || { echo "suite-time.sh: run $i gave no time (exit $rc)" >&2; exit 1; }
	echo "run $i: $t s (exit $rc)"
	times+=("$t")
done
printf '%s\n' "${times[@]}" | sort -n | awk '
	{ v[NR] = $1 }
	END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf "median %.2f s, min %.2f s, max %.2f s over %d runs\n", m, v[1], v[NR], NR
	}'
