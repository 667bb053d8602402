#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# setup.sh: one command from a fresh Debian machine to a result.
#
#   ./setup.sh suite [FPABI ARGS...]  set up, build, run the suite on this
#                                     machine's kernel
#   ./setup.sh check                  set up, build, run the project's tests:
#                                     make check (with fuzz targets), make
#                                     distcheck, make check under ASan and
#                                     UBSan, and (unless FPABI_VM=0) the suite
#                                     in QEMU guests: arm64 on Debian 7.3,
#                                     6.12, 6.1 kernels at several SVE and SME
#                                     VLs, x86_64 on 7.3 and 6.12
#   ./setup.sh deps | build           just that step
#
# As root, missing packages are installed with apt-get; otherwise the
# script says which ones to install.  The build goes to ./build.
set -euo pipefail
top=$(cd "$(dirname "$0")" && pwd)
B=$top/build
export DEBIAN_FRONTEND=noninteractive

# packages: name of a file they provide, package
build_deps=(
	"autoreconf autoconf" "automake automake" "gcc gcc" "make make"
	"pkg-config pkgconf" "/usr/include/seccomp.h libseccomp-dev"
	"perl perl" "clang clang" "dpkg:libclang-rt-dev libclang-rt-dev"
	# the harnesses (make check) and the Debian package (check)
	"tap2junit libtap-formatter-junit-perl" "prove perl"
	"/usr/lib/python3/dist-packages/yaml/__init__.py python3-yaml"
	"/usr/lib/python3/dist-packages/tap/__init__.py python3-tap"
	"/usr/lib/python3/dist-packages/jsonschema/__init__.py python3-jsonschema"
	"xmllint libxml2-utils" "dpkg:linux-source linux-source" "shellcheck shellcheck"
	# make check-lava: lava-dispatcher's Python modules (tests/lava-real.sh)
	"/usr/lib/python3/dist-packages/pexpect/__init__.py python3-pexpect"
	"/usr/lib/python3/dist-packages/jinja2/__init__.py python3-jinja2"
	"/usr/lib/python3/dist-packages/requests/__init__.py python3-requests"
	"/usr/lib/python3/dist-packages/configobj/__init__.py python3-configobj"
	"/usr/lib/python3/dist-packages/voluptuous/__init__.py python3-voluptuous"
	"dpkg:python3-setproctitle python3-setproctitle" "dpkg:python3-tz python3-tz"
	"dpkg:python3-magic python3-magic" "dpkg:python3-netifaces python3-netifaces"
	"dpkg:python3-pyudev python3-pyudev"
	"groff groff-base" "man man-db" "setpriv util-linux"
	# tests/certify.sh: report.html rendered and its DOM checked
	"chromium chromium"
	"qemu-aarch64-static qemu-user-static"
	# tests/qemu-sme-vl-chain.sh: the QEMU finding's reproducer, for arm64
	"aarch64-linux-gnu-gcc gcc-aarch64-linux-gnu"
	"/usr/aarch64-linux-gnu/lib/libc.a libc6-dev-arm64-cross"
	"dpkg:build-essential build-essential" "dpkg-buildpackage dpkg-dev"
	"dh debhelper" "autopkgtest autopkgtest" "lintian lintian"
)

have() {
	case $1 in
	/*) [ -e "$1" ] ;;
	dpkg:*) dpkg-query -W -f='${Status}' "${1#dpkg:}" 2>/dev/null | grep -q ' installed$' ;;
	*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}

deps() {
	local missing=() pair
	for pair in "${build_deps[@]}"; do
		have "${pair%% *}" || missing+=("${pair#* }")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -ne 0 ]; then
		echo "setup.sh: missing packages: ${missing[*]}" >&2
		echo "setup.sh: run as root, or: apt-get install ${missing[*]}" >&2
		exit 2
	fi
	apt-get -o DPkg::Lock::Timeout=600 update -q
	apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "${missing[@]}"
}

build() {
	cd "$top"
	if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt Makefile.in ]; then
		autoreconf -fi
	fi
	mkdir -p "$B"
	cd "$B"
	[ -f Makefile ] || "$top/configure" --enable-werror
	make -j"$(nproc)"
}

# Sum automake's per-test results: the closing line CI reads.
totals() {
	# a known kernel issue (XFAIL: not ok # TODO) counts as skipped
	awk '/^:test-result:/ {
		r = $2
		if (r == "PASS") p++
		else if (r == "SKIP") s++
		else if (r == "XFAIL") { s++; x++ }
		else f++
	} END {
		if (x) printf "# %d known kernel issues (TODO), counted as skipped\n", x
		printf "%d passed, %d failed, %d skipped\n", p, f, s
	}' "$@"
}

# What failed, printed just above the totals (CI shows only the end of its
# output): the machine's CPU, then for each failing test (at most 12) its
# first failing lines.
digest() { # TRS...
	local trs log n=0
	echo "setup.sh: CPU: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
		"flags: $(grep -m1 -ow -e pku -e avx512f -e amx_tile -e xsavec /proc/cpuinfo | tr '\n' ' ')"
	for trs in "$@"; do
		grep -qE '^:test-result: (FAIL|ERROR)' "$trs" || continue
		n=$((n + 1))
		[ $n -le 12 ] || continue
		log=${trs%.trs}.log
		echo "setup.sh: failed: ${log#"$top"/} ($(grep -cE '^:test-result: (FAIL|ERROR)' "$trs") results)"
		grep -E '^(FAIL|ERROR|not ok)|^# *(reproduce|got|expected|why)' "$log" 2>/dev/null |
			grep -v '# TODO' | head -6 | cut -c1-300 | sed 's/^/setup.sh:   /'
		# an ERROR (no plan, a bad exit) says more in what is not TAP:
		# fpabi's own error, fpabi-vm's verdict on the guest (no sign
		# of life, timeout, kernel problem, a stop before the end) and
		# the end of the guest's console it printed
		grep -qE '^:test-result: ERROR' "$trs" || continue
		grep -aE '^(fpabi|fpabi-vm|qemu): |^Bail out!' "$log" 2>/dev/null |
			grep -avE '^fpabi-vm: (guest: |--out-dir: [0-9])' | tail -n 6 |
			cut -c1-300 | sed 's/^/setup.sh:   /'
		sed -n '/^---- console.log/,/^----$/p' "$log" 2>/dev/null | tail -n 9 |
			cut -c1-300 | sed 's/^/setup.sh:   /'
	done
	[ $n -le 12 ] || echo "setup.sh: ... and $((n - 12)) more failed tests"
}

# Static builds of the suite for the guests: arm64 (cross) and x86_64.
build_static() { # DIR [configure args...]
	local dir=$1
	shift
	mkdir -p "$dir"
	(cd "$dir" && { [ -f Makefile ] || "$top/configure" -q "$@"; } && make -j"$(nproc)" >/dev/null)
}

vm() {
	if [ "$(id -u)" -eq 0 ]; then
		"$top/tools/setup-vm-host.sh" || return 1
	elif ! command -v qemu-system-aarch64 >/dev/null || ! command -v aarch64-linux-gnu-gcc >/dev/null; then
		echo "setup.sh: QEMU or the arm64 cross compiler is missing: run as root, or run tools/setup-vm-host.sh" >&2
		return 1
	fi
	build_static "$top/build-arm64" --host=aarch64-linux-gnu \
		PKG_CONFIG=pkg-config \
		PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig || return 1
	build_static "$top/build-static" --enable-static || return 1
	# the QEMU plugin of fpabi-vm --count-insns (tests/vm/*-insns.vm)
	make -C "$B" qemu-plugin || return 1
	FPABI_BUILD_ARM64=$top/build-arm64 FPABI_BUILD_X86_64=$top/build-static \
		timed "make check-vm" make -C "$B" check-vm || return 1
	# a real LAVA dispatcher runs lava/fpabi.yaml in an arm64 guest
	FPABI_BUILD_ARM64=$top/build-arm64 timed "make check-lava" make -C "$B" check-lava
}

# The tracer and the unit tests under ASan and UBSan: make check there
# (the fuzz targets already ran in the main build; tests/signals.sh sends
# each signal to each command once here, twice there; the suite runs its
# plan 4 times here, 8 there; fpabi repro writes a family's first failing
# file each here, every one there, where gcc builds and counts them: the
# sanitizers check fpabi, the repeats and the files the kernel and gcc).
sanitized() {
	local dir=$top/build-asan
	mkdir -p "$dir"
	(cd "$dir" && { [ -f Makefile ] || "$top/configure" -q --enable-sanitizers --enable-werror; } &&
		make -j"$(nproc)" >/dev/null &&
		FPABI_FUZZ_SECONDS=0 FPABI_SIGNALS=1 FPABI_REPEAT=4 FPABI_REPRO_SAMPLE=1 \
			make -j"$(nproc)" check)
}

# The Debian package (make check-package: from make dist's tarball and
# debian/, built in a temporary directory, nothing lands in the source
# tree; lintian -EviIL +pedantic without E: or W:; run unpacked under
# another root), then its autopkgtest on this machine: once as it is
# (must pass), once with an injected fault (autopkgtest must report the
# failure: exit 4).
debian_package() {
	local tmp rc=0 deb
	tmp=$(mktemp -d)
	make -C "$B" check-package FPABI_PKG_DIR="$tmp" >"$B/check-package.log" 2>&1 ||
		{ tail -40 "$B/check-package.log"; rm -rf "$tmp"; return 1; }
	grep '^check-package: ' "$B/check-package.log"
	deb=$(ls "$tmp"/fpabi_*.deb)
	echo "setup.sh: built $(basename "$deb")"
	autopkgtest "$deb" "$tmp"/fpabi-*/ -- null >"$B/autopkgtest.log" 2>&1 ||
		{ grep -E '^(not ok|# CPU|# kernel|# quirk|# calibration)' "$B/autopkgtest.log" |
			  grep -v '# TODO' | head -30 | cut -c1-300
		  tail -40 "$B/autopkgtest.log"; rc=1; }
	[ $rc -eq 0 ] && echo "setup.sh: autopkgtest passed"
	autopkgtest --env="FPABI_ARGS=--filter=*.ptrace-read.* --inject-fault=byte:ptrace-read" \
		"$deb" "$tmp"/fpabi-*/ -- null >"$B/autopkgtest-fault.log" 2>&1
	case $? in
	4) grep -qE '^suite +FAIL' "$B/autopkgtest-fault.log" &&
	   echo "setup.sh: autopkgtest reports the injected fault as a failure" ;;
	*) echo "setup.sh: autopkgtest did not report the injected fault" >&2
	   tail -20 "$B/autopkgtest-fault.log"; rc=1 ;;
	esac
	# the installed fpabi-vm runs the installed (dynamically linked) fpabi
	if [ "${FPABI_VM:-1}" != 0 ] && command -v qemu-system-x86_64 >/dev/null; then
		(cd / && /usr/bin/fpabi-vm --arch x86_64 --debian-kernel 7.3 -- \
			--filter 'x86_64.ptrace-read.*') >"$B/installed-vm.log" 2>&1 &&
			grep -q '^# Totals: pass:[1-9][0-9]* fail:0 ' "$B/installed-vm.log" ||
			{ tail -20 "$B/installed-vm.log"; rc=1; }
		[ $rc -eq 0 ] && echo "setup.sh: the installed fpabi-vm ran the installed fpabi in a guest"
	fi
	rm -rf "$tmp"
	return $rc
}

# Run a step and say how long it took (CI's budget is spent in these).
timed() { # NAME COMMAND...
	local name=$1 t0=$SECONDS rc=0
	shift
	"$@" || rc=$?
	echo "setup.sh: $name took $((SECONDS - t0)) s (exit $rc)"
	return $rc
}

# make distcheck: the tarball is complete, builds read-only out of tree,
# installs, uninstalls and cleans; its make check runs the tests that read
# the source tree (make check above ran them all on the same sources)
distcheck() {
	make -C "$B" -j"$(nproc)" distcheck-tarball >"$B/distcheck.log" 2>&1 ||
		{ tail -40 "$B/distcheck.log"; return 1; }
	echo "setup.sh: make distcheck passed"
}

check() {
	local rc=0
	# the tests run in parallel (a scenario the load leaves unproven is a
	# SKIP with its reason, never a pass)
	timed "make check" make -C "$B" -j"$(nproc)" check || rc=1
	timed "make distcheck" distcheck || rc=1
	timed "make check under ASan and UBSan" sanitized || rc=1
	if [ "${FPABI_VM:-1}" != 0 ]; then
		timed "the guests" vm || rc=1
	fi
	# after the guests: QEMU and the kernels are there for fpabi-vm's check
	if [ "$(id -u)" -eq 0 ]; then
		timed "the Debian package" debian_package || rc=1
	else
		echo "setup.sh: the Debian package's autopkgtest needs root: not run" >&2
	fi
	# shellcheck disable=SC2046
	digest $(find "$B/tests" "$top/build-asan/tests" -name '*.trs' 2>/dev/null | sort)
	# shellcheck disable=SC2046
	totals $(find "$B/tests" "$top/build-asan/tests" -name '*.trs' 2>/dev/null)
	return $rc
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
deps) deps ;;
build) deps; build ;;
suite) deps; build; exec "$B/src/fpabi" run "$@" ;;
check) deps; build; check ;;
*) sed -n '3,15p' "$0" >&2; exit 2 ;;
esac
