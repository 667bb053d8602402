# SPDX-License-Identifier: GPL-2.0-or-later
# Indexes and lengths from the kernel are bounded where they are parsed
# (docs/developers/input-bounds.md): a PTRACE_GETREGSET that claims more
# bytes than its buffer (--inject-fault=iovlen) fails every case that
# reads a regset on its iov_len check, and neither the run nor a recorded
# run (repro) reads a byte past the buffer: in the --enable-sanitizers
# build, this same test, any read past it is an ASan report.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
: "${FPABI_TRACEE:?run through make check}"
arch=${FPABI_ARCH:-x86_64}
san='runtime error|Sanitizer|^==[0-9]+=='

"$FPABI" list --filter "$arch.ptrace-read.*" >"$tmp/list" 2>&1
runnable=$(awk -F'\t' '$5 == "runnable"' "$tmp/list" | wc -l)
if [ "$runnable" -eq 0 ]; then
	echo "1..0 # SKIP no ptrace-read case can run here"
	exit 0
fi
"$FPABI" run --filter "$arch.ptrace-read.*" --seed 7 --timeout 60 \
	--inject-fault=iovlen:any >"$tmp/out" 2>"$tmp/err"
rc=$?
ok $((rc != 1)) "--inject-fault=iovlen: the run exits 1 (got $rc)"
failed=$(grep -c '^not ok ' "$tmp/out")
[ "$failed" -eq "$runnable" ]
ok $? "every runnable ptrace-read case fails ($failed of $runnable not ok)"
iov=$(awk '/^not ok /{id = $5} /^  register: /{if (id && $2 == "\"iov_len\"") n++; id = ""} END {print n + 0}' "$tmp/out")
[ "$iov" -eq "$failed" ]
ok $? "each one's first finding is its iov_len ($iov of $failed)"
no_san() { # FILE WHAT
	if grep -qE "$san" "$1"; then
		ok 1 "no sanitizer report from $2"
		grep -E "$san" -A5 "$1" | head -20 | diag
	else
		ok 0 "no sanitizer report from $2"
	fi
}
no_san "$tmp/err" "the run"

# a recorded run keeps the bytes it read: never more than the buffer
id=$(awk -F'\t' '$5 == "runnable" {print $1; exit}' "$tmp/list")
"$FPABI" repro "$id" --seed 7 --inject-fault=iovlen:any -o "$tmp/r.c" \
	>"$tmp/rout" 2>"$tmp/rerr"
rc=$?
# (the run is recorded whole; its only findings, the iov_len the
# injection claims, are of fpabi's own reads, which no file can make:
# the file is refused with that reason, src/repro/write.c)
[ $rc -eq 3 ] && [ ! -e "$tmp/r.c" ] &&
	grep -q "cannot be made standalone: fpabi's findings (the first: .*: iov_len) are in observations the file does not make" "$tmp/rerr"
ok $? "repro $id with iovlen: recorded, and refused as its findings are fpabi's own reads' iov_len (exit $rc)"
no_san "$tmp/rerr" "the recorded run"
done_testing
