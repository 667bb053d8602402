# SPDX-License-Identifier: GPL-2.0-or-later
# Descriptors: the tracee holds /dev/null as stdin, stdout and stderr and
# the shared memory as fd 3, nothing else (not the TAP stream, the --json
# file or the kmsg fd); with fpabi's stderr closed, its messages do not
# land in the --json file; an output is created with the user's umask,
# and is never written through a symbolic link in a sticky directory.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
: "${FPABI_TRACEE:?run through make check}"
PY=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
id=$("$FPABI" list | awk -F'\t' '$5 == "runnable" {print $1; exit}')
if [ -z "$id" ]; then
	echo "1..0 # SKIP no case runs here"
	exit 0
fi
kmsg=
[ -r /dev/kmsg ] && kmsg=--kmsg

# the tracee's descriptors, seen while it hangs
"$FPABI" run --filter "$id" --inject-fault "hang:$id" --timeout 30 $kmsg \
	--json "$tmp/h.json" --junit "$tmp/h.xml" >"$tmp/h.tap" 2>"$tmp/h.err" &
p=$!
tr=
# (up to 30 s: the probe and the calibration come first, slow under load)
for _ in $(seq 600); do
	tr=$(pgrep -P $p -x fpabi-tracee | head -1)
	[ -n "$tr" ] && break
	sleep 0.05
done
sleep 0.3
fds=$(cd "/proc/$tr/fd" 2>/dev/null && for f in *; do
	printf '%s=%s ' "$f" "$(readlink "$f" | sed 's/ (deleted)//')"; done)
kill -TERM $p
wait $p
echo "$fds" | grep -qx '0=/dev/null 1=/dev/null 2=/dev/null 3=/memfd:fpabi '
ok $? "the tracee holds /dev/null as 0, 1 and 2 and its memfd as 3, nothing else: $fds"

# fpabi's stderr closed: -v and errors stay out of the --json file
"$FPABI" run --filter "$id" -v --json "$tmp/c.json" >/dev/null 2>&-
$PY -c 'import json, sys; json.load(open(sys.argv[1]))' "$tmp/c.json" &&
	! grep -q 'fpabi:\|running ' "$tmp/c.json"
ok $? "with stderr closed, the --json file holds only JSON"

# the user's umask
for m in 022 027 077; do
	rm -f "$tmp/u.json" "$tmp/u.xml"
	(umask $m && "$FPABI" run --filter "$id" --json "$tmp/u.json" \
		--junit "$tmp/u.xml" >/dev/null 2>&1)
	want=$(printf '%o' $((0666 & ~0$m)))
	got="$(stat -c %a "$tmp/u.json") $(stat -c %a "$tmp/u.xml")"
	[ "$got" = "$want $want" ]
	ok $? "umask $m: the outputs are created $want (got $got)"
done

# a link planted in a sticky directory is not followed
mkdir "$tmp/sticky" && chmod 1777 "$tmp/sticky"
echo precious >"$tmp/target"
for opt in --json --junit; do
	ln -sf "$tmp/target" "$tmp/sticky/out"
	"$FPABI" run --filter "$id" $opt "$tmp/sticky/out" >/dev/null 2>"$tmp/s.err"
	rc=$?
	[ $rc -ne 0 ] && [ "$(cat "$tmp/target")" = precious ] &&
		grep -q "sticky/out" "$tmp/s.err"
	ok $? "$opt through a link in a sticky directory: refused (exit $rc), its target untouched"
done
# (outside a sticky directory a link is the user's own: followed)
ln -sf "$tmp/target" "$tmp/own-link"
"$FPABI" run --filter "$id" --json "$tmp/own-link" >/dev/null 2>&1
grep -q '"results"' "$tmp/target"
ok $? "a link in the user's own directory is followed"
done_testing
