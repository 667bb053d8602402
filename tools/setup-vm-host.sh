#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-or-later
# setup-vm-host.sh - install what fpabi-vm needs on a Debian 12 host (run as root).
#
# Idempotent.  Installs:
#   qemu-system-arm qemu-system-x86   QEMU 10 from bookworm-backports (bookworm has 7.2)
#   gcc-aarch64-linux-gnu libc6-dev-arm64-cross   static arm64 fpabi and vminit
#   libseccomp-dev:arm64              after 'dpkg --add-architecture arm64';
#                                     co-installs cleanly (multiarch paths only)
#   cpio gzip xz-utils zstd file      initramfs packing, kernel unpacking
#   libglib2.0-dev pkgconf            the QEMU plugin (make qemu-plugin)
# The bookworm-backports source reuses the mirror the system's apt already
# uses; no host name is written by this script.  pkgconf:arm64 is NOT
# installed (it could replace the native pkgconf): cross-configure with
# PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig instead.
# Never install foreign-arch packages that own non-multiarch paths (e.g.
# busybox-static:arm64 overwrites /bin/busybox).
set -eu

if [ "$(id -u)" != 0 ]; then
	echo "setup-vm-host.sh: must run as root" >&2
	exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt=(apt-get -o DPkg::Lock::Timeout=600 -q -y --no-install-recommends)

sources=/etc/apt/sources.list.d/bookworm-backports.sources
if ! grep -rqs '^[^#]*bookworm-backports' /etc/apt/sources.list /etc/apt/sources.list.d/; then
	mirror=$(awk '/^URIs:/ {print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
	[ -n "$mirror" ] || mirror=$(awk '$1 == "deb" {print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
	if [ -z "$mirror" ]; then
		echo "setup-vm-host.sh: no Debian mirror found in the apt configuration" >&2
		exit 1
	fi
	printf 'Types: deb\nURIs: %s\nSuites: bookworm-backports\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
		"$mirror" >"$sources"
	echo "setup-vm-host.sh: added $sources"
fi

if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	dpkg --add-architecture arm64
fi

apt-get -o DPkg::Lock::Timeout=600 -q update
"${apt[@]}" install -t bookworm-backports qemu-system-arm qemu-system-x86
"${apt[@]}" install gcc libc6-dev gcc-aarch64-linux-gnu libc6-dev-arm64-cross \
	cpio gzip xz-utils zstd file
"${apt[@]}" install libseccomp-dev libseccomp-dev:arm64
# the QEMU plugin of fpabi-vm --count-insns (make qemu-plugin): qemu-plugin.h includes glib.h
"${apt[@]}" install libglib2.0-dev pkgconf

qemu-system-aarch64 --version | head -n 1
qemu-system-x86_64 --version | head -n 1
aarch64-linux-gnu-gcc --version | head -n 1
