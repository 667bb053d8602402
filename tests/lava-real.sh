#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# make check-lava: a real LAVA dispatcher (Debian's lava-dispatcher,
# lava-run) runs the project's test definition (lava/fpabi.yaml) in a QEMU
# arm64 guest booted with a Debian kernel, fpabi in its initramfs, and the
# LAVA results (the lava-test-case rows of the job log) must equal fpabi's
# own counts of the same run (its "# Totals:" line in the job log); the
# definition's shards (SHARD_NUMBER 3, SHARD_INDEX 1..3) run as separate
# LAVA test runs of the same job and report every case once in all.
#
# What it needs (a SKIP names what is missing): qemu-system-aarch64, an
# arm64 static build (FPABI_BUILD_ARM64, default ./build-arm64, as
# setup.sh's VM step makes it), python3 with lava-dispatcher's modules
# (python3-pexpect python3-jinja2 python3-requests python3-configobj
# python3-voluptuous python3-setproctitle python3-tz python3-magic
# python3-netifaces python3-pyudev python3-yaml), and Debian's package
# registry on the first run.  lava-run is the installed one if there is
# one; otherwise the lava-dispatcher, lava-common and lava-dispatcher-host
# packages of this system's apt (apt-get download) unpacked in the cache,
# with python3-guestfs (libguestfs and its appliance, imported by
# lava_dispatcher at load time) replaced by a stub that fails any use:
# this job never needs it (deploy "to: downloads", boot "qemu").  The
# device dictionary is lava-server's own qemu.jinja2 (from its package),
# rendered for arm64 with -cpu max.  The guest's initramfs: busybox-static
# (arm64), fpabi, its tracee and exec probe, and the kernel's 9p modules
# (tools/fpabi-fetch-kernel WANT_MODULES): LAVA's overlay reaches the
# guest through its transfer_overlay step, with a download command that
# copies it from the dispatcher's download directory shared by 9p.
# Environment: FPABI_CACHE (default ~/.cache/fpabi), FPABI_LAVA_KERNEL
# (default 7.3, a tools/fpabi-fetch-kernel request).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cache=${FPABI_CACHE:-${HOME:-/root}/.cache/fpabi}
L=$cache/lava
arm=${FPABI_BUILD_ARM64:-$top/build-arm64}
PY=/usr/bin/python3
t_n=0 t_fail=0
ok() { t_n=$((t_n + 1)); if [ "$1" -eq 0 ]; then echo "ok $t_n - $2"; else echo "not ok $t_n - $2"; t_fail=1; fi; }
skip_all() { echo "1..0 # SKIP $*"; exit 0; }
echo "TAP version 13"

command -v qemu-system-aarch64 >/dev/null || skip_all "no qemu-system-aarch64 (tools/setup-vm-host.sh)"
[ -x "$arm/src/fpabi" ] && file -b "$arm/src/fpabi" | grep -q 'ARM aarch64.*statically' ||
	skip_all "no static arm64 build in $arm (FPABI_BUILD_ARM64; setup.sh's VM step builds one)"
missing=
for m in pexpect:python3-pexpect jinja2:python3-jinja2 requests:python3-requests \
	configobj:python3-configobj voluptuous:python3-voluptuous setproctitle:python3-setproctitle \
	pytz:python3-tz magic:python3-magic netifaces:python3-netifaces pyudev:python3-pyudev yaml:python3-yaml; do
	$PY -c "import ${m%%:*}" 2>/dev/null || missing="$missing ${m#*:}"
done
[ -z "$missing" ] || skip_all "lava-dispatcher's Python modules are missing: apt-get install$missing"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$L/debs"
fetch() { # PACKAGE...: their .debs in $L/debs (this system's apt, once)
	local p
	for p in "$@"; do
		ls "$L/debs/${p%%:*}"_*.deb >/dev/null 2>&1 ||
			(cd "$L/debs" && apt-get -q download "$p" >/dev/null 2>&1) ||
			skip_all "apt-get download $p failed"
	done
}

# --- the dispatcher: lava-run, installed or unpacked ---------------------
if command -v lava-run >/dev/null && $PY -c 'import lava_dispatcher' 2>/dev/null; then
	lavarun=(lava-run)
else
	fetch lava-dispatcher lava-common lava-dispatcher-host
	if [ ! -d "$L/root/usr/lib/python3/dist-packages/lava_dispatcher" ]; then
		for d in lava-dispatcher lava-common lava-dispatcher-host; do
			dpkg-deb -x "$(ls "$L/debs/${d}"_*.deb | head -1)" "$L/root" || skip_all "cannot unpack $d"
		done
	fi
	export PYTHONPATH=$L/root/usr/lib/python3/dist-packages
	if ! $PY -c 'import guestfs' 2>/dev/null; then
		mkdir -p "$L/stub"
		cat >"$L/stub/guestfs.py" <<'EOF'
# Stands in for python3-guestfs, which lava_dispatcher imports at load
# time (tests/lava-real.sh): any use of it fails the job.
class GuestFS:
    def __init__(self, *args, **kwargs):
        raise RuntimeError("python3-guestfs is not installed (a stub): this job must not need it")
EOF
		PYTHONPATH=$PYTHONPATH:$L/stub
	fi
	lavarun=("$PY" "$L/root/usr/bin/lava-run")
fi
ver=$($PY -c 'import lava_common.version as v; print(v.__version__)' 2>/dev/null ||
	dpkg-deb -f "$(ls "$L/debs/lava-dispatcher_"*.deb 2>/dev/null | head -1)" Version 2>/dev/null)
"${lavarun[@]}" --help >/dev/null 2>&1 || skip_all "lava-run does not start"

# --- lava-server's device type template, rendered --------------------------
fetch lava-server
dt=$L/device-types
if [ ! -r "$dt/qemu.jinja2" ]; then
	mkdir -p "$tmp/srv" && dpkg-deb --fsys-tarfile "$(ls "$L/debs/lava-server_"*.deb | head -1)" |
		tar -x -C "$tmp/srv" ./usr/share/lava-server/device-types/ &&
		rm -rf "$dt" && cp -R "$tmp/srv/usr/share/lava-server/device-types" "$dt" ||
		skip_all "no device-types in lava-server's package"
fi
share=/var/lib/lava/dispatcher/tmp	# LAVA's DISPATCHER_DOWNLOAD_DIR
mkdir -p "$share"
$PY - "$dt" "$share" >"$tmp/device.yaml" <<'PY' || skip_all "cannot render qemu.jinja2"
import sys, jinja2
env = jinja2.Environment(loader=jinja2.FileSystemLoader([sys.argv[1]]), trim_blocks=True)
print(env.from_string("{% extends 'qemu.jinja2' %}").render(
    arch="arm64", cpu="max", memory=1024, machine="virt",
    extra_options=["-smp 2", "-virtfs local,path=%s,mount_tag=lavatmp,security_model=none,id=lavatmp" % sys.argv[2]]))
PY
printf 'dispatcher_ip: 10.0.2.2\n' >"$tmp/dispatcher.yaml"

# --- the guest: a Debian kernel with its 9p modules, an initramfs ----------
WANT_MODULES="9p 9pnet_virtio" "$top/tools/fpabi-fetch-kernel" --arch arm64 \
	--cache "$L/kernel" "${FPABI_LAVA_KERNEL:-7.3}" >"$tmp/fetch.log" 2>&1 ||
	{ sed 's/^/# /' "$tmp/fetch.log"; skip_all "tools/fpabi-fetch-kernel failed"; }
kdir=$(ls -d "$L/kernel/kernels/arm64-${FPABI_LAVA_KERNEL:-7.3}" 2>/dev/null | head -1)
[ -r "$kdir/vmlinuz" ] && [ -r "$kdir/modules.cpio.gz" ] || skip_all "no kernel or 9p modules in $kdir"
fetch busybox-static:arm64
r=$tmp/initrd
mkdir -p "$r"/{bin,proc,sys,dev,tmp,root,lava-tmp,usr/bin,usr/libexec/fpabi,lib/modules}
dpkg-deb -x "$(ls "$L/debs/busybox-static_"*arm64.deb | head -1)" "$tmp/bb" && cp "$tmp/bb/bin/busybox" "$r/bin/"
(cd "$r" && gzip -dc "$kdir/modules.cpio.gz" | cpio -idm --quiet)
for f in "$r"/lib/modules/*.ko.xz; do [ -e "$f" ] && xz -d "$f"; done	# (busybox's insmod reads no .xz)
sed -i 's/\.xz$//' "$r/lib/modules/load.list"
cp "$arm/src/fpabi" "$r/usr/bin/" && cp "$arm/src/fpabi-tracee" "$arm/src/fpabi-exec-probe" "$r/usr/libexec/fpabi/"
cat >"$r/init" <<'EOF'
#!/bin/busybox sh
/bin/busybox --install -s /bin
export PATH=/usr/bin:/bin HOME=/root PS1='/ # '
mount -t proc proc /proc; mount -t sysfs sys /sys; mount -t devtmpfs dev /dev; mount -t tmpfs tmp /tmp
while read -r m; do insmod "/lib/modules/$m" || echo "init: insmod $m failed"; done </lib/modules/load.list
mount -t 9p -o trans=virtio,version=9p2000.L lavatmp /lava-tmp || echo "init: no 9p share"
cd /root
exec setsid cttyhack /bin/sh -i
EOF
cat >"$r/bin/lavafetch" <<'EOF'
#!/bin/sh
# lavafetch http://HOST/tmp/PATH: LAVA's file from its download directory,
# which the guest has by 9p at /lava-tmp
f=${1#*://*/tmp/}
cp "/lava-tmp/$f" "./${f##*/}"
EOF
chmod +x "$r/init" "$r/bin/lavafetch"
(cd "$r" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet | gzip -1) >"$tmp/rootfs.cpio.gz"

# --- the test definition's repository: lava/ as it is here ----------------
mkdir -p "$tmp/defs/lava" && cp "$top"/lava/fpabi.yaml "$top"/lava/*.sh "$tmp/defs/lava/" &&
	(cd "$tmp/defs" && git init -q && git add -A &&
	 git -c user.name=fpabi -c user.email=fpabi@localhost commit -qm "lava/") ||
	skip_all "git cannot make the definition's repository"

# --- the job: one whole run, then its 3 shards as separate test runs -------
# (pass, fail: an injected byte fault, known issue: --inject-fault=known,
# skip: --exclude, timeout: --inject-fault=hang)
hang=arm64.syscall.sve-zeroes-high/vl16/getpid
args="--filter arm64.syscall.*,arm64.ptrace-read.*,arm64.exec.* --timeout 20 --exclude arm64.syscall.*/vl48/*
 --inject-fault=byte:ptrace-read --inject-fault=known:exec --inject-fault=hang:$hang"
args=$(echo "$args" | tr '\n' ' ')
defn() { # NAME SHARD_NUMBER SHARD_INDEX
	cat <<EOF
    - repository: $tmp/defs
      from: git
      path: lava/fpabi.yaml
      name: $1
      parameters:
        FPABI_ARGS: "$args"
        SHARD_NUMBER: "$2"
        SHARD_INDEX: "$3"
EOF
}
cat >"$tmp/job.yaml" <<EOF
device_type: qemu
job_name: fpabi in a QEMU arm64 guest (tests/lava-real.sh)
timeouts:
  job: {minutes: 60}
  action: {minutes: 45}
  connection: {minutes: 2}
priority: medium
visibility: public
context:
  arch: arm64
actions:
- deploy:
    to: downloads
    timeout: {minutes: 5}
    images:
      kernel:
        image_arg: -kernel {kernel} -append "console=ttyAMA0,115200"
        url: file://$kdir/vmlinuz
      initrd:
        image_arg: -initrd {initrd}
        url: file://$tmp/rootfs.cpio.gz
- boot:
    method: qemu
    media: tmpfs
    timeout: {minutes: 10}
    prompts: ['/ # ']
    transfer_overlay:
      download_command: lavafetch
      unpack_command: tar -C / -xzf
- test:
    timeout: {minutes: 45}
    definitions:
$(defn fpabi 1 1)
$(defn fpabi-shard-1-of-3 3 1)
$(defn fpabi-shard-2-of-3 3 2)
$(defn fpabi-shard-3-of-3 3 3)
EOF
job=$$
"${lavarun[@]}" --job-id "$job" --output-dir "$tmp/out" --device "$tmp/device.yaml" \
	--dispatcher "$tmp/dispatcher.yaml" "$tmp/job.yaml" >"$tmp/job.log" 2>&1
rc=$?
$PY - "$tmp/job.log" >"$tmp/results" <<'PY'
import sys, yaml
for line in open(sys.argv[1]):
    try:
        d = yaml.safe_load(line)
    except yaml.YAMLError:
        continue
    if not isinstance(d, dict):
        continue
    m = d.get("msg")
    if d.get("lvl") == "results" and isinstance(m, dict):
        print(m.get("definition"), m.get("case"), m.get("result"))
    elif d.get("lvl") == "target" and isinstance(m, str) and m.startswith("# Totals: "):
        print("totals", m)
    elif d.get("lvl") == "target" and isinstance(m, str) and m.startswith("1..") and m[3:].isdigit():
        print("plan", m[3:])
PY
grep -q '^lava job pass$' "$tmp/results" && [ $rc -eq 0 ]
ok $? "lava-run (lava-dispatcher $ver) ran the job: exit $rc, $(grep -c '^[0-9]_fpabi' "$tmp/results") lava-test-case rows"
[ $rc -eq 0 ] || tail -30 "$tmp/job.log" | cut -c1-300 | sed 's/^/# /'

# the whole run: LAVA's rows equal fpabi's Totals of the same run (the
# first Totals line is the first test run's)
read -r p f x s e <<EOF
$(grep -m1 '^totals ' "$tmp/results" | tr ':' ' ' | awk '{print $5, $7, $9, $13, $15}')
EOF
row() { grep -c "^0_fpabi .* $1\$" "$tmp/results"; }
cases=$(grep '^0_fpabi ' "$tmp/results" | grep -vc ' fpabi-run ')
# LAVA: pass = pass, fail = fail + timeout + error, skip = skip + known issues
[ -n "${p:-}" ] && [ "$(row pass)" -eq $((p + 1)) ] && [ "$(row fail)" -eq $((f + e)) ] &&
	[ "$(row skip)" -eq $((s + x)) ] && [ "$p" -gt 0 ] && [ "$f" -gt 0 ] && [ "$x" -gt 0 ] && [ "$s" -gt 0 ] &&
	grep -q '^0_fpabi fpabi-run pass$' "$tmp/results"
ok $? "LAVA's rows of the run (pass $(row pass), fail $(row fail), skip $(row skip), fpabi-run among the passes) = fpabi's Totals (pass:${p:-?} fail:${f:-?} xfail:${x:-?} skip:${s:-?} error:${e:-?})"
planned=$(grep -m1 '^plan ' "$tmp/results" | cut -d' ' -f2)
want=$(grep '^0_fpabi ' "$tmp/results" | grep -v ' fpabi-run ' | cut -d' ' -f2 | sort)
[ -n "$want" ] && [ "$cases" -eq "${planned:-0}" ] && [ -z "$(echo "$want" | uniq -d)" ]
ok $? "LAVA has one row per planned case ($cases of the plan's ${planned:-?}), each its own name"
grep -q "^0_fpabi $(echo "$hang" | tr -c 'A-Za-z0-9._\n-' '_') fail\$" "$tmp/results"
ok $? "the hung case ($hang) is a LAVA fail"

# the shards: separate test runs (1_, 2_, 3_), every case once in all
shards=$(grep -E '^[123]_fpabi-shard-[123]-of-3 ' "$tmp/results" | grep -v ' fpabi-run ' | cut -d' ' -f2 | sort)
n1=$(grep -c '^1_fpabi-shard-1-of-3 ' "$tmp/results")
n2=$(grep -c '^2_fpabi-shard-2-of-3 ' "$tmp/results")
n3=$(grep -c '^3_fpabi-shard-3-of-3 ' "$tmp/results")
[ "$shards" = "$want" ] && [ "$n1" -gt 1 ] && [ "$n2" -gt 1 ] && [ "$n3" -gt 1 ]
ok $? "shards 1-3 of 3, three LAVA test runs ($n1, $n2, $n3 rows with fpabi-run): every case once in all"
for i in 1 2 3; do
	grep -q "^${i}_fpabi-shard-$i-of-3 fpabi-run pass\$" "$tmp/results" || t_fail=1
done
[ $t_fail -eq 0 ] || { grep -v '^lava ' "$tmp/results" | head -60 | sed 's/^/# /'; }
echo "1..$t_n"
[ $t_fail -eq 0 ]
