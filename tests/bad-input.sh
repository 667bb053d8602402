# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input, refused: every subcommand given hostile numbers, names,
# files and outputs.  Each must exit 2 within 10 s, say on stderr what was
# wrong (the table's second column is a string that must be there), and
# leave no sanitizer report (in the --enable-sanitizers build, this same
# test).  Table: one input a line, "EXPECTED<TAB>ARGS"; ARGS are words
# for the shell, $t is a directory of hostile files, and a first word
# @full sends stdout to /dev/full.
. "${srcdir:-.}/tests/lib.sh"
echo "TAP version 13"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
: "${FPABI_TRACEE:?run through make check}"
arch=${FPABI_ARCH:-x86_64}

# --- hostile files ---
mkdir "$t/dir"
mkfifo "$t/fifo"
: >"$t/empty"
good='{"fpabi_bench": 1, "results": [{"id": "syscall/x", "status": "ok", "metrics": {"ns_per_op": {"median": 1, "q1": 1, "q3": 1, "min": 1, "max": 1}}}]}'
echo "$good" >"$t/good.json"
for v in 0x10 inf -nan NaN 1e999 +1 01 1. .5 -; do
	echo "$good" | sed "s/\"median\": 1,/\"median\": $v,/" >"$t/num-$v.json"
done
echo "$good trailing" >"$t/trailing.json"
{ printf '{"fpabi_bench": 1, "results": ['; for _ in $(seq 40); do printf '['; done
  for _ in $(seq 40); do printf ']'; done; printf ']}\n'; } >"$t/deep.json"
printf '{"fpabi_bench": 1, "results": [{"id": "a' >"$t/unterminated.json"
printf '{"fpabi_bench": 1, "results": [{"id": "a\tb"}]}\n' >"$t/ctrl.json"
printf '{"fpabi_bench": 1, \0"results": []}\n' >"$t/nul.json"
printf '{"fpabi_bench": 1, "results": {}}\n' >"$t/notarray.json"
printf '{}\n' >"$t/notbench.json"
{ printf '{"fpabi_bench": 1, "results": ['; for i in $(seq 5000); do printf '%s0' "${i:+,}"; done
  printf ']}\n'; } | sed 's/\[,/[/' >"$t/wide.json"
truncate -s 17M "$t/huge.json"
printf 'TAP version 13\nok 1 - syscall/x\n  ---\n  ns_per_op: {median: inf, q1: 1, q3: 1, min: 1, max: 1}\n  ...\n' >"$t/inf.tap"
printf 'TAP version 13\nok 1 - syscall/x\n  ---\n  ns_per_op: {median: 0x10, q1: 1, q3: 1, min: 1, max: 1}\n  ...\n' >"$t/hex.tap"
# (two figures of one name in one result, as the fuzzer found; two
# results of one ID: either would be compared with the other's twin)
printf 'TAP version 13\nok 1 - syscall/x\n  ---\n  ns_per_op: {median: 2, q1: 1, q3: 3, min: 1, max: 3}\n  ...\n  ---\n  ns_per_op: {median: 1, q1: 1, q3: 1, min: 1, max: 1}\n  ...\n' >"$t/twofig.tap"
printf '{"fpabi_bench": 1, "results": [{"id": "syscall/x", "status": "skip"}, {"id": "syscall/x", "status": "skip"}]}\n' >"$t/twoid.json"
printf 'a b\n' >"$t/skip-two"
printf 'x86_64.*\n\0\n' >"$t/skip-nul"
printf '%s.syscall.*\nno-such-case\n' "$arch" >"$t/skip-typo"
printf '# only a comment\n\n%s.nomatch.*\n' "$arch" >"$t/skip-typo2"
printf '%s.*\n' "$arch" >"$t/skip-all"
: >"$t/out.json"
ln -s "$t/out.json" "$t/link.json"
ln "$t/out.json" "$t/hard.json"
# two shards of one run whose "planned" counts sum past 1e9
for i in 1 2; do
	"$FPABI" run --filter "$arch.ptrace-read.*" --shard "$i/2" --seed 1 \
		--json "$t/shard$i.json" >/dev/null 2>&1
	sed 's/"planned": [0-9]*/"planned": 600000000/' "$t/shard$i.json" >"$t/big$i.json"
done
long=$(printf 'load:1 %.0s' $(seq 400))
many=$(printf 'load:1 read store %.0s' $(seq 80))

while IFS='	' read -r want args; do
	case $want in '' | '#'*) continue ;; esac
	eval "set -- $args"
	out=/dev/null
	if [ "$1" = @full ]; then
		out=/dev/full
		shift
	fi
	start=$(date +%s)
	timeout 10 "$FPABI" "$@" </dev/null >"$out" 2>"$t/err"
	rc=$?
	secs=$(($(date +%s) - start))
	bad=
	[ $rc -eq 2 ] || bad="exit $rc"
	grep -qF -- "$want" "$t/err" || bad="${bad:+$bad, }no '$want' on stderr"
	if grep -qE 'runtime error|Sanitizer|^==[0-9]+==' "$t/err"; then
		bad="${bad:+$bad, }a sanitizer report"
	fi
	[ -z "$bad" ]
	ok $? "fpabi $args: exit 2 naming '$want' (${secs} s)${bad:+: $bad}"
	[ -z "$bad" ] || head -5 "$t/err" | diag
done <<EOF
# run: numbers
--seed '-1'	run --seed -1
--seed '281474976710656'	run --seed 281474976710656
--seed '18446744073709551616'	run --seed 18446744073709551616
--seed '1x'	run --seed 1x
--seed ''	run --seed ''
--seed ' 1'	run --seed ' 1'
--seed '+1'	run --seed +1
--seed '0x'	run --seed 0x
--seed '0x1g'	run --seed 0x1g
--seed '1.0'	run --seed 1.0
--seed 281474976710655 with --repeat 2	run --seed 281474976710655 --repeat 2
--repeat '0'	run --repeat 0
--repeat '-1'	run --repeat -1
--repeat '100001'	run --repeat 100001
--repeat '1.5'	run --repeat 1.5
--timeout '0'	run --timeout 0
--timeout '-1'	run --timeout -1
--timeout '86401'	run --timeout 86401
--timeout '1e3'	run --timeout 1e3
--timeout '10s'	run --timeout 10s
--timeout '4294967297'	run --timeout 4294967297
--skip-exit '256'	run --skip-exit 256
--skip-exit '-1'	run --skip-exit -1
--skip-exit 'x'	run --skip-exit x
--seconds goes with the fuzz	run --seconds 5
--repeat 'x'	-r x
--timeout 'x'	-t x
--seed '-5'	-s -5
requires an argument	run --seed
requires an argument	-f
# run: names and files
--filter 'nomatch'	run --filter nomatch
--filter ''	run --filter ''
--filter 'x86_64.nothing.*'	run --filter 'x86_64.nothing.*'
--inject-fault=byte:nomatch	run --inject-fault byte:nomatch
--inject-fault=step:nomatch	run --inject-fault=step:nomatch
--inject-fault=hang:nomatch	run --inject-fault=hang:nomatch
KIND is byte, step, hang, known, unproven, iovlen, interrupt, cpu or calib	run --inject-fault bogus:any
wants KIND:TARGET	run --inject-fault byte
wants KIND:TARGET	run --inject-fault byte:
/bin/true is not this fpabi's tracee	run --tracee /bin/true
/nonexistent	run --tracee /nonexistent
$t/dir	run --tracee $t/dir
$t/empty	run --tracee $t/empty
unknown --profile 'bogus'	run --profile bogus
--rules goes with the list	run --rules
--profiles goes with the info	run --profiles
unknown command 'bogus'	bogus
unexpected argument 'extra'	run extra
unrecognized option '--bogus'	run --bogus
--skip-file '$t/dir': not a regular file	run --skip-file $t/dir
--skip-file '$t/fifo': not a regular file	run --skip-file $t/fifo
--skip-file '$t/missing'	run --skip-file $t/missing
one ID or glob a line	run --skip-file $t/skip-two
a NUL byte	run --skip-file $t/skip-nul
--skip-file '/dev/null'	run --skip-file /dev/null
options that take a value go after the word bench	--seed 5 bench
# list and info
--filter 'nomatch'	list --filter nomatch
--filter ''	list -f ''
unknown --profile 'bogus'	list --profile bogus
unknown --profile 'x'	info --profile x
unrecognized option '--bogus'	list --bogus
unexpected argument 'extra'	list extra
--profiles goes with the info	list --profiles
--rules goes with the list	info --rules
--exclude goes with run, list or fuzz	info --exclude x
--skip-file goes with run, list or fuzz	info --skip-file $t/skip-two
--skip-file '$t/fifo'	list --skip-file $t/fifo
--seed '99999999999999999999'	list --seed 99999999999999999999
# fuzz
--seconds '0'	fuzz --seconds 0
--seconds '-1'	fuzz --seconds -1
--seconds '604801'	fuzz --seconds 604801
--seconds '1x'	fuzz --seconds 1x
--seconds ''	fuzz --seconds ''
--seconds '0x'	fuzz --seconds 0x
--seed '-1'	fuzz --seed -1
--seed '281474976710656'	fuzz --seed 281474976710656
--filter 'nomatch'	fuzz --filter nomatch
--inject-fault=byte:nomatch	fuzz --inject-fault byte:nomatch --seconds 1
/bin/true is not this fpabi's tracee	fuzz --seconds 1 --tracee /bin/true
--skip-file '$t/missing'	fuzz --skip-file $t/missing
--timeout '0'	fuzz --timeout 0
# stress: numbers
--seconds '-1'	stress --seconds -1
--seconds '0'	stress --seconds 0
--seconds '4294967296'	stress --seconds 4294967296
--seconds '604801'	stress -n 604801
--seconds '5x'	stress --seconds 5x
--seconds ''	stress --seconds ''
--seed '-1'	stress --seed -1
--seed '281474976710656'	stress --seed 281474976710656
--seed '0x1000000000000'	stress --seed 0x1000000000000
--seed 'seven'	stress -s seven
--repeat '0'	stress --replay load:1,store --seed 1 -r 0
--repeat '-3'	stress --replay load:1,store --seed 1 -r -3
--timeout '0'	stress --timeout 0
--timeout '86401'	stress -t 86401
--max-failures '0'	stress --max-failures 0
--max-failures '-1'	stress --max-failures -1
--max-failures '1000001'	stress --max-failures 1000001
--skip-exit '256'	stress --skip-exit 256
--skip-exit 'x'	stress --skip-exit x
# stress: names and lists
--competitor 'foo'	stress --competitor foo
--competitor ''	stress --competitor ''
--variant goes with --replay	stress --variant avx
--competitor goes with --replay	stress --competitor spin
--altstack goes with --replay	stress --altstack
--repeat goes with --replay	stress -r 2
--replay needs the sequence's --seed	stress --replay load:1,store
unknown step 'bogus'	stress --replay bogus --seed 1
no steps	stress --replay '' --seed 1
no steps	stress --replay ' , ' --seed 1
'load:-1'	stress --replay load:-1 --seed 1
'load:256'	stress --replay load:256 --seed 1
'load:1:65536'	stress --replay load:1:65536 --seed 1
'load:1x'	stress --replay load:1x --seed 1
'load:0x'	stress --replay load:0x --seed 1
'load:1:'	stress --replay load:1: --seed 1
'load:'	stress --replay load: --seed 1
longer than 2047 characters	stress --replay "\$long" --seed 1
more than	stress --replay "\$many" --seed 1
step 0 (read)	stress --replay read --seed 1
# stress: every index bounded where it is parsed (load_off[16])
'load:16'	stress --replay 'load:16,store' --seed 1
'load:255'	stress --replay 'load:255 store' --seed 1
'signal:16'	stress --replay 'load:1 signal:16 store' --seed 1
'signal:200'	stress --replay 'load:1 trap signal:200 store' --seed 1
'sigsys:16'	stress --replay 'load:1 sigsys:16 store' --seed 1
'sigsys:255'	stress --replay 'load:1 sigsys:255 store' --seed 1
'write:16'	stress --replay 'load:1 trap write:16 store' --seed 1
'signal:1:0x3f00'	stress --replay 'load:1 signal:1:0x3f00 store' --seed 1
'signal:1:0x1001'	stress --replay 'load:1 signal:1:0x1001 store' --seed 1
'sigsys:1:0x1000'	stress --replay 'load:1 sigsys:1:0x1000 store' --seed 1
'read:3'	stress --replay 'load:1 trap read:3 store' --seed 1
'store:1'	stress --replay 'load:1 store:1' --seed 1
'trap:0:1'	stress --replay 'load:1 trap:0:1 store' --seed 1
'syscall:99'	stress --replay 'load:1 syscall:99 store' --seed 1
'syscall:200'	stress --replay 'load:1 syscall:200 store' --seed 1
--kinds 'getpid,'	race --kinds getpid,
--kinds ',getpid'	race --kinds ,getpid
--kinds 'getpid,,yield'	race --kinds getpid,,yield
--replay 'getpid '	race --replay 'getpid ' --variant x --seed 1
no variant 'nonexistent'	stress --replay load:1,store --variant nonexistent --seed 1
stress lists mark no step	stress --inject-fault step:any
stress takes any or stress	stress --inject-fault 'byte:$arch.syscall.*'
KIND is byte, step, hang, known, unproven, iovlen, interrupt, cpu or calib	stress --inject-fault x:any
unknown --profile 'bogus'	stress --profile bogus
/bin/true is not this fpabi's tracee	stress --seconds 1 --tracee /bin/true
/nonexistent	stress --seconds 1 --tracee /nonexistent
unexpected argument 'extra'	stress extra
unrecognized option '--bogus'	stress --bogus
requires an argument	stress --seconds
--seconds '-1'	race --seconds -1
--seconds 'x'	race --seconds x
--round '0.1'	race --round 0.1
--max-failures '0'	race --max-failures 0
--seed '281474976710656'	race --seed 281474976710656
--kinds 'bogus'	race --kinds bogus
--replay ','	race --replay , --variant x --seed 1
--competitor 'x'	race --competitor x
--signals 'q'	race --signals q
--quiet '-2'	race --quiet -2
race takes byte:race	race --inject-fault=byte:race:0
race takes byte:race	race --inject-fault=step:any
unexpected argument 'extra'	race extra
unrecognized option '--bogus'	race --bogus
-n '0'	bench race -n 0
--runs 'x'	bench race --runs x
# bench: numbers and names
--samples '0'	bench -n 0
--samples '-1'	bench -n -1
--samples '5x'	bench --samples 5x
--samples '100001'	bench -n 100001
--samples ''	bench -n ''
--iterations '0'	bench -i 0
--iterations '-1'	bench -i -1
--iterations '100000001'	bench -i 100000001
--iterations '1e6'	bench --iterations 1e6
--warmup '-1'	bench --warmup -1
--warmup '100001'	bench --warmup 100001
--warmup 'x'	bench --warmup x
--workload '': no workload named	bench -w ''
unknown workload 'bogus'	bench -w bogus
empty name after the last comma	bench -w syscall,
empty name	bench -w ,syscall
empty name	bench -w syscall,,signal
unknown workload 'sys'	bench -w sys
--floor goes with --compare	bench --floor 3
--floor 'inf'	bench --compare --floor inf $t/good.json $t/good.json
--floor 'nan'	bench --compare --floor nan $t/good.json $t/good.json
--floor '-1'	bench --compare --floor -1 $t/good.json $t/good.json
--floor '1e3'	bench --compare --floor 1e3 $t/good.json $t/good.json
--floor '1001'	bench --compare --floor 1001 $t/good.json $t/good.json
--floor '0x10'	bench --compare --floor 0x10 $t/good.json $t/good.json
--floor '.5'	bench --compare --floor .5 $t/good.json $t/good.json
--json '$t/dir/no/x.json'	bench -w syscall -n 1 --json $t/dir/no/x.json
--json '$t/dir'	bench -w syscall -n 1 --json $t/dir
writing /dev/full	bench -w syscall -n 1 -i 1 --json /dev/full
unexpected argument 'extra'	bench extra
unrecognized option '--bogus'	bench --bogus
# bench --compare: files
wants two JSON files	bench --compare $t/good.json
wants two JSON files	bench --compare $t/good.json $t/good.json $t/good.json
$t/dir is not a regular file (a directory)	bench --compare $t/dir $t/good.json
$t/fifo is not a regular file (a FIFO)	bench --compare $t/fifo $t/good.json
$t/fifo is not a regular file (a FIFO)	bench --compare $t/good.json $t/fifo
/dev/null is not a regular file (a character device)	bench --compare /dev/null $t/good.json
cannot read $t/missing	bench --compare $t/missing $t/good.json
$t/empty: a JSON value was expected	bench --compare $t/empty $t/good.json
$t/num-0x10.json:	bench --compare $t/num-0x10.json $t/good.json
$t/num-inf.json: a JSON value was expected	bench --compare $t/num-inf.json $t/good.json
$t/num--nan.json: a JSON value was expected	bench --compare $t/num--nan.json $t/good.json
$t/num-NaN.json: a JSON value was expected	bench --compare $t/num-NaN.json $t/good.json
$t/num-1e999.json: a JSON value was expected	bench --compare $t/num-1e999.json $t/good.json
$t/num-+1.json: a JSON value was expected	bench --compare $t/num-+1.json $t/good.json
$t/num-01.json:	bench --compare $t/num-01.json $t/good.json
$t/num-1..json: a JSON value was expected	bench --compare $t/num-1..json $t/good.json
$t/num-.5.json: a JSON value was expected	bench --compare $t/num-.5.json $t/good.json
$t/num--.json: a JSON value was expected	bench --compare $t/num--.json $t/good.json
$t/trailing.json: text after the value	bench --compare $t/trailing.json $t/good.json
$t/deep.json: nested too deeply	bench --compare $t/deep.json $t/good.json
$t/unterminated.json: unterminated string	bench --compare $t/unterminated.json $t/good.json
$t/ctrl.json: a control character in a string	bench --compare $t/ctrl.json $t/good.json
$t/nul.json: a NUL byte at byte	bench --compare $t/nul.json $t/good.json
$t/notarray.json is not an fpabi bench file	bench --compare $t/notarray.json $t/good.json
$t/notbench.json is not an fpabi bench file	bench --compare $t/notbench.json $t/good.json
$t/wide.json: more than 4096 members	bench --compare $t/wide.json $t/good.json
a bench file has at most	bench --compare $t/huge.json $t/good.json
$t/inf.tap: line 4: a figure that is not a finite decimal number	bench --compare $t/inf.tap $t/good.json
$t/hex.tap: line 4: a figure	bench --compare $t/good.json $t/hex.tap
$t/twofig.tap: the key 'ns_per_op' twice	bench --compare $t/twofig.tap $t/twofig.tap
$t/twoid.json: the result ID 'syscall/x' twice	bench --compare $t/good.json $t/twoid.json
# bench stress
--samples '0'	bench stress -n 0
--samples '-1'	bench stress -n -1
--samples '5x'	bench stress -n 5x
--sequences '0'	bench stress -q 0
--sequences '-1'	bench stress -q -1
--sequences '100001'	bench stress --sequences 100001
--seed '-1'	bench stress --seed -1
--seed '281474976710656'	bench stress -s 281474976710656
--json '$t/dir/no/x'	bench stress -n 1 -q 1 --json $t/dir/no/x
unexpected argument 'extra'	bench stress extra
unrecognized option '--bogus'	bench stress --bogus
# a typo is an error: globs that match nothing, empty globs
--exclude 'nomatch' matches no case	run --exclude nomatch
--exclude 'nomatch' matches no case	list --exclude nomatch
--exclude 'nomatch' matches no case	fuzz --exclude nomatch --seconds 1
--exclude '$arch.syscall' matches no case	run --exclude '$arch.syscall'
--exclude '$arch.syscall.*,x': 'x' matches no case	run --exclude '$arch.syscall.*,x'
--exclude 'syscal' matches no case	run --exclude syscal
--exclude 'x86' matches no case	list --exclude x86
--exclude 'typo' matches no case	run --exclude '$arch.*' --exclude typo
--exclude ''	run --exclude ''
--exclude ''	list --exclude ''
line 2: 'no-such-case' matches no case	run --skip-file $t/skip-typo
line 2: 'no-such-case' matches no case	list --skip-file $t/skip-typo
line 2: 'no-such-case' matches no case	fuzz --skip-file $t/skip-typo --seconds 1
line 3: '$arch.nomatch.*' matches no case	run --skip-file $t/skip-typo2
--filter 'x,'	run --filter x,
--filter ',x'	run --filter ,x
--filter 'a,,b'	run --filter a,,b
--filter ','	run --filter ,
--filter ',,'	run --filter ,,
--filter '$arch.syscall.*,'	run --filter '$arch.syscall.*,'
--filter ',$arch.syscall.*'	list --filter ',$arch.syscall.*'
--filter 'x,'	list --filter x,
--filter 'a,,b'	fuzz --filter a,,b --seconds 1
--filter ''	fuzz --filter ''
--filter ','	list -f ,
--warn-unmatched goes with --exclude, --skip-file or --filter	run --warn-unmatched
the shards' counts at most 1e9 in all	merge $t/big1.json $t/big2.json -o $t/merged.json
not a regular file (a FIFO)	merge $t/fifo $t/shard1.json
not a regular file (a directory)	merge $t/shard1.json $t/dir
a NUL byte	merge $t/nul.json $t/shard1.json
cannot read $t/no-such.json	merge $t/shard1.json $t/no-such.json
# one glob of a list that matches nothing, beside one that does
--filter '$arch.syscall.*,nomatch': 'nomatch' matches no case	run --filter '$arch.syscall.*,nomatch'
--filter '$arch.syscall.*,nomatch': 'nomatch' matches no case	list --filter '$arch.syscall.*,nomatch'
--filter 'nomatch,$arch.syscall.*': 'nomatch' matches no case	list -f 'nomatch,$arch.syscall.*'
--filter '$arch.syscall.*,nomatch': 'nomatch' matches no case	fuzz --filter '$arch.syscall.*,nomatch' --seconds 1
--filter '$arch.syscall.*,nomatch': 'nomatch' matches no case	certify -o $t/cert --filter '$arch.syscall.*,nomatch'
--filter '$arch.syscall.*,nomatch': 'nomatch' matches no case	repro --sample --filter '$arch.syscall.*,nomatch' --seed 1
--filter 'regset-write,nomatch': 'nomatch' matches no case	list --tier matrix --filter 'regset-write,nomatch'
--filter '$arch.syscall.*,$arch.syscal': '$arch.syscal' matches no case	run --filter '$arch.syscall.*,$arch.syscal'
--filter 'nomatch' matches no case	repro --sample --filter nomatch --seed 1
--filter 'nomatch' matches no case	run --filter nomatch --warn-unmatched
--filter ''	repro --sample --filter '' --seed 1
--filter 'a,,b'	repro --sample --filter a,,b --seed 1
--exclude '$arch.syscall.*,nomatch': 'nomatch' matches no case	list --exclude '$arch.syscall.*,nomatch'
--exclude 'nomatch,$arch.syscall.*': 'nomatch' matches no case	fuzz --exclude 'nomatch,$arch.syscall.*' --seconds 1
--exclude '$arch.signal.*,nomatch': 'nomatch' matches no case	certify -o $t/cert --exclude '$arch.signal.*,nomatch'
--kinds 'getpid,nomatch'	race --kinds getpid,nomatch
--workload 'syscall,nomatch'	bench --workload syscall,nomatch
no variant 'nomatch'	stress --replay load:1,store --seed 1 --variant nomatch
--warn-unmatched goes with --exclude, --skip-file or --filter	list --warn-unmatched
--warn-unmatched goes with --exclude, --skip-file or --filter	fuzz --warn-unmatched --seconds 1
--matrix ''	list --matrix=
# a typo is an error: options a command has no use for
--tracee goes with run or fuzz, not list	list --tracee /bin/true
--tracee goes with run or fuzz, not info	info --tracee /bin/true
--kmsg goes with run or fuzz, not list	list --kmsg
--kmsg goes with run or fuzz, not info	info --kmsg
--timeout goes with run or fuzz, not list	list --timeout 5
--timeout goes with run or fuzz, not info	info -t 5
--repeat goes with run or fuzz, not list	list --repeat 2
--repeat goes with run or fuzz, not info	info -r 2
--skip-exit goes with run or fuzz, not list	list --skip-exit 4
--skip-exit goes with run or fuzz, not info	info --skip-exit 4
--format, --known, --junit and --kcidb go with the run	fuzz --format tap --seconds 1
--format, --known, --junit and --kcidb go with the run	fuzz --junit $t/out.xml --seconds 1
--json goes with run, list, list --matrix and info	fuzz --json $t/out.json --seconds 1
--format, --known, --junit and --kcidb go with the run	list --format tap
--json goes with run, list, list --matrix and info	list --rules --json $t/out.json
--format, --known, --junit and --kcidb go with the run	info --junit $t/out.xml
--format, --known, --junit and --kcidb go with the run	list --kcidb $t/out.json
--format, --known, --junit and --kcidb go with the run	info --format tap
--seconds goes with the fuzz	run --seconds 5
--seconds goes with the fuzz	list --seconds 5
--rules goes with the list	run --rules
--profiles goes with the info	run --profiles
--matrix goes with the list	run --matrix
--matrix goes with the list	info --matrix
# two outputs on one file
--junit '$t/out.json' and --json '$t/out.json' are one file	run --junit $t/out.json --json $t/out.json
--junit '$t/./out.json' and --json '$t/out.json' are one file	run --junit $t/./out.json --json $t/out.json
--junit '$t/link.json' and --json '$t/out.json' are one file	run --junit $t/link.json --json $t/out.json
--junit '/dev/null' and --json '/dev/null' are one file	run --junit /dev/null --json /dev/null
--junit '$t/hard.json' and --json '$t/out.json' are one file	run --junit $t/hard.json --json $t/out.json
--junit '$t/dir/../out.json' and --json '$t/out.json' are one file	run --junit $t/dir/../out.json --json $t/out.json
--junit 'out.json' and --json 'out.json' are one file	run --junit out.json --json out.json
# repro: the one strict number parser, its names
--seed '-1'	repro --seed -1 -f x
--seed '281474976710656'	repro --seed 281474976710656 -f x
--seed '18446744073709551616'	repro --seed 18446744073709551616 -f x
--seed '1x'	repro --seed 1x -f x
--seed ''	repro --seed '' -f x
--seed ' 1'	repro --seed ' 1' -f x
--seed '+1'	repro --seed +1 -f x
--seed '0x'	repro --seed 0x -f x
--seed '1.0'	repro --seed 1.0 -f x
--seed '0x1000000000000'	repro --seed 0x1000000000000 -f x
unknown --profile 'bogus'	repro --seed 1 --profile bogus -f x
unknown --profile ''	repro --seed 1 --profile '' -f x
# race: its tracee checked, its lists strict
/bin/true is not this fpabi's tracee	race --seconds 1 --tracee /bin/true
$t/empty	race --seconds 1 --tracee $t/empty
/nonexistent	race --seconds 1 --tracee /nonexistent
--kinds ','	race --kinds ,
--kinds ''	race --kinds ''
--kinds 'GETPID'	race --kinds GETPID
--kinds 'getpid yield'	race --kinds 'getpid yield'
--replay 'getpid,'	race --replay getpid, --variant x --seed 1
--replay ',spin'	race --replay ,spin --variant x --seed 1
--seed '-1'	race --seed -1
--seed '1x'	race --seed 1x
--round 'x'	race --round x
--round '86401'	race --round 86401
--max-failures 'x'	race --max-failures x
--quiet 'x'	race --quiet x
--signals ''	race --signals ''
--competitor ''	race --competitor ''
# stress --replay: every field of every step bounded
'load:17'	stress --replay 'load:17 store' --seed 1
'load:100'	stress --replay 'load:100 store' --seed 1
'load:0x10'	stress --replay 'load:0x10 store' --seed 1
'signal:0x10'	stress --replay 'load:1 signal:0x10 store' --seed 1
'sigsys:17'	stress --replay 'load:1 sigsys:17 store' --seed 1
'signal:1:0x1000'	stress --replay 'load:1 signal:1:0x1000 store' --seed 1
'signal:1:0x2001'	stress --replay 'load:1 signal:1:0x2001 store' --seed 1
'sigsys:1:0x3f01'	stress --replay 'load:1 sigsys:1:0x3f01 store' --seed 1
'write:17'	stress --replay 'load:1 trap write:17 store' --seed 1
'write:255:1'	stress --replay 'load:1 trap write:255:1 store' --seed 1
'trap:1'	stress --replay 'load:1 trap:1 store' --seed 1
'store:0:1'	stress --replay 'load:1 store:0:1' --seed 1
'migrate:1'	stress --replay 'load:1 trap migrate:1 store' --seed 1
'sysexit:2'	stress --replay 'load:1 syscall-stop:1 sysexit:2 store' --seed 1
'exec:1'	stress --replay 'load:1 trap exec:1' --seed 1
'interrupt:1'	stress --replay 'load:1 interrupt:1 store' --seed 1
'groupstop:1'	stress --replay 'load:1 groupstop:1 store' --seed 1
'migrate-running:3'	stress --replay 'load:1 migrate-running:3 store' --seed 1
'read:0:5'	stress --replay 'load:1 trap read:0:5 store' --seed 1
'syscall:20'	stress --replay 'load:1 syscall:20 store' --seed 1
'syscall:31'	stress --replay 'load:1 syscall:31 store' --seed 1
'syscall:48'	stress --replay 'load:1 syscall:48 store' --seed 1
'syscall:255'	stress --replay 'load:1 syscall:255 store' --seed 1
'syscall-stop:100'	stress --replay 'load:1 syscall-stop:100 sysexit store' --seed 1
'seccomp-stop:99'	stress --replay 'load:1 seccomp-stop:99 store' --seed 1
'fork:77'	stress --replay 'load:1 fork:77 store' --seed 1
unknown step 'LOAD'	stress --replay 'LOAD:1 store' --seed 1
unknown step 'refused'	stress --replay 'load:1 signal refused' --seed 1
unknown step 'end'	stress --replay 'load:1 end' --seed 1
unknown step ''	stress --replay ':1 store' --seed 1
'load:1:0x'	stress --replay 'load:1:0x store' --seed 1
'load::1'	stress --replay 'load::1 store' --seed 1
'load:1:2:3'	stress --replay 'load:1:2:3 store' --seed 1
'load:+1'	stress --replay 'load:+1 store' --seed 1
'load:-0'	stress --replay 'load:-0 store' --seed 1
'signal:1:-1'	stress --replay 'load:1 signal:1:-1 store' --seed 1
# stderr names a hostile argument escaped, whole
--filter 'x\\x1b[2J'	run --filter "\$(printf 'x\\033[2J')"
--exclude 'x\\x7f'	run --exclude "\$(printf 'x\\177')"
--kinds 'getpid\\xff'	race --kinds "\$(printf 'getpid\\377')"
--seed '1\\x0d'	run --seed "\$(printf '1\\r')"
# run, list, fuzz: more numbers through the strict parser
--timeout '-1'	run --timeout -1
--timeout '1x'	run --timeout 1x
--timeout ''	run --timeout ''
--timeout '0x'	run -t 0x
--repeat ''	run --repeat ''
--repeat 'x'	run -r x
--skip-exit '-1'	run --skip-exit -1
--skip-exit ''	run --skip-exit ''
--skip-exit '0x100'	run --skip-exit 0x100
--seed '0x1000000000000'	run --seed 0x1000000000000
--seed '-0'	run --seed -0
--seed '1e3'	fuzz --seed 1e3
--seconds '1.5'	fuzz --seconds 1.5
--seconds ' 1'	fuzz --seconds ' 1'
--timeout '86401'	fuzz --timeout 86401
--seed '1x'	list --seed 1x
--repeat '0'	fuzz --repeat 0 --seconds 1
--timeout 'x'	stress --timeout x
--repeat 'x'	stress --replay load:1,store --seed 1 -r x
--seconds '0.5'	stress --seconds 0.5
--max-failures ''	stress --max-failures ''
--seed ''	stress --seed ''
--seed ''	race --seed ''
--seconds '604801'	race --seconds 604801
--round ''	race --round ''
--quiet ''	race --quiet ''
# output that cannot be written
cannot write	@full run --filter '$arch.syscall.*'
cannot write	@full run --filter nomatch-is-not-reached --help
cannot write	@full list
cannot write	@full list --rules
cannot write	@full info
cannot write	@full info --profiles
cannot write	@full --version
cannot write	@full fuzz --seconds 1
cannot write	@full stress --seconds 1
cannot write	@full bench -w syscall -n 1 -i 1
cannot write	@full bench --compare $t/good.json $t/good.json
cannot write	@full bench stress -n 1 -q 1
cannot write	@full bench --help
cannot write	@full stress --help
EOF
n_bad=$t_n
# --warn-unmatched: the glob that matches nothing is a warning naming it,
# and the others do what they say (the same list as without the typo)
"$FPABI" list --filter "$arch.syscall.*" >"$t/want" 2>/dev/null
for o in "--filter $arch.syscall.*,nomatch" "--filter $arch.syscall.*,nomatch --exclude $arch.nothing.* --warn-unmatched"; do
	# shellcheck disable=SC2086
	"$FPABI" list $o --warn-unmatched >"$t/got" 2>"$t/err"
	rc=$?
	[ $rc -eq 0 ] && grep -qF "warning: --filter '$arch.syscall.*,nomatch': 'nomatch' matches no case" "$t/err" &&
		cmp -s "$t/want" "$t/got" && [ -s "$t/got" ]
	ok $? "fpabi list $o --warn-unmatched: exit 0 ($rc), a warning naming 'nomatch', the list of the other glob"
done
"$FPABI" list --exclude "$arch.syscall.*,nomatch" --warn-unmatched >"$t/got" 2>"$t/err"
rc=$?
[ $rc -eq 0 ] && grep -qF "warning: --exclude '$arch.syscall.*,nomatch': 'nomatch' matches no case" "$t/err" &&
	grep -q "^$arch\.syscall\..*excluded: --exclude" "$t/got"
ok $? "fpabi list --exclude '$arch.syscall.*,nomatch' --warn-unmatched: exit 0 ($rc), a warning, the syscall cases excluded"
[ "$n_bad" -ge 400 ]
ok $? "at least 400 bad inputs ($n_bad)"
done_testing
