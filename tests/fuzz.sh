# SPDX-License-Identifier: GPL-2.0-or-later
# libFuzzer targets of the parsers that read bytes from the kernel, the
# tracee or CPUID, and fpabi compare's reader of results reports
# (tests/fuzz/*.c), and bench --compare's reader of bench files
# (fuzz-bench), and of the tracer's final checks fed
# arbitrary shared-memory images (fuzz-shm: the whole tracer of this
# build's arch; its seeds pick a case by index, which is this machine's
# plan), of the step-list parser of stress --replay with the layout of
# what it accepts (fuzz-steps) and of race's kinds parser (fuzz-kinds),
# built here with clang and ASan+UBSan
# and run for FPABI_FUZZ_SECONDS each (default 10; 0 skips; FPABI_FUZZ_TARGETS
# picks some of them), starting
# from tests/fuzz/seeds/TARGET: inputs of past findings, replayed first.  A finding is
# not ok, with the crash input kept under FPABI_FUZZ_KEEP (default
# tests/fuzz-findings in the build tree) and libFuzzer's report as diag.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
secs=${FPABI_FUZZ_SECONDS:-10}
cc=${FUZZ_CC:-clang}
targets=${FPABI_FUZZ_TARGETS:-"a64frame xsave shm steps kinds compare bench"}
if [ "$secs" = 0 ]; then
	echo "1..0 # SKIP FPABI_FUZZ_SECONDS=0"
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
probe='int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n);
int LLVMFuzzerTestOneInput(const unsigned char *d, unsigned long n)
{ (void)d; (void)n; return 0; }'
if ! command -v "$cc" >/dev/null ||
   ! printf '%s\n' "$probe" | "$cc" -x c -fsanitize=fuzzer - -o "$tmp/probe" 2>/dev/null; then
	echo "1..0 # SKIP no $cc with libFuzzer (Debian: clang and libclang-rt-dev)"
	exit 0
fi
keep=${FPABI_FUZZ_KEEP:-$PWD/tests/fuzz-findings}
for t in $targets; do
	extra= opts=
	[ "$t" = xsave ] && extra=$srcdir/src/arch/x86_64/xsave.c
	[ "$t" = compare ] && extra="$srcdir/src/cmd/compare.c $srcdir/src/bench/read.c $srcdir/src/lib/util.c $srcdir/src/lib/escape.c -D_GNU_SOURCE"
	# (bench_compare()'s refusals on stderr: closed, libFuzzer's own
	# report still comes)
	[ "$t" = bench ] && extra="$srcdir/src/bench/compare.c $srcdir/src/bench/read.c $srcdir/src/lib/util.c $srcdir/src/lib/escape.c -D_GNU_SOURCE" &&
		opts=-close_fd_mask=2
	case $t in shm | steps | kinds)
		# the whole tracer of this build's arch, its main() renamed
		# (libFuzzer has its own), configured as the build is
		: "${FPABI_FUZZ_SOURCES:?run through make check}"
		for f in $FPABI_FUZZ_SOURCES; do
			case $f in *.c|*.S) extra="$extra $srcdir/$f" ;; esac
		done
		extra="$extra -I$PWD -include $PWD/config.h -Dmain=fpabi_cli_main"
		extra="$extra -DFPABI_LIBEXECDIR=\"/nonexistent\" -DFPABI_BINDIR=\"/nonexistent\" -lm"
		opts=-max_len=20000
		[ "$t" = shm ] || opts=-max_len=4000
		;;
	esac
	# shellcheck disable=SC2086
	if ! "$cc" -g -O1 -fsanitize=fuzzer,address,undefined \
	     -fno-sanitize-recover=all -I"$srcdir/include" \
	     "$srcdir/tests/fuzz/fuzz-$t.c" $extra -o "$tmp/fuzz-$t" 2>"$tmp/cc-$t"; then
		diag <"$tmp/cc-$t"
		ok 1 "fuzz-$t builds"
		continue
	fi
	mkdir -p "$tmp/corpus-$t" "$tmp/art-$t"
	# shellcheck disable=SC2086
	"$tmp/fuzz-$t" $opts -max_total_time="$secs" -seed="${FPABI_FUZZ_SEED:-0}" \
		-artifact_prefix="$tmp/art-$t/" "$tmp/corpus-$t" \
		"$srcdir/tests/fuzz/seeds/$t" >"$tmp/log-$t" 2>&1
	rc=$?
	runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$tmp/log-$t")
	if [ $rc -ne 0 ]; then
		tail -40 "$tmp/log-$t" | diag
		mkdir -p "$keep/$t" && cp "$tmp/art-$t"/* "$keep/$t/" 2>/dev/null &&
			echo "# inputs kept in $keep/$t (replay: build tests/fuzz/fuzz-$t.c as above and run it on the file)"
	fi
	if [ $rc -eq 0 ] && [ -n "$runs" ]; then
		ok 0 "fuzz-$t: $runs runs in $secs s without a finding"
	else
		ok 1 "fuzz-$t: a finding (libFuzzer exit $rc, report above)"
	fi
done
done_testing
