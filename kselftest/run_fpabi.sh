#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run_fpabi.sh: fpabi as a kselftest program.  The collection (this file
# and `settings`) is installed in pkgdatadir/kselftest; `make
# kselftest-install KSFT_INSTALL_PATH=DIR` copies it, with fpabi and its
# tracee, into a kselftest install directory as fpabi/ and lists
# "fpabi:run_fpabi.sh" in its kselftest-list.txt.  run_kselftest.sh then
# runs it like any selftest: kselftest's TAP (fpabi --format kselftest)
# on stdout, its "# Totals:" line, exit 0 pass, 1 fail, 4 (KSFT_SKIP)
# when every case was skipped or ptrace is refused.  Arguments go to
# fpabi (e.g. --filter).  fpabi is, in this order: $FPABI; fpabi next to
# this script (a kselftest install); the installed fpabi relative to this
# script (bindir as seen from pkgdatadir/kselftest, set at install); the
# one on PATH.
case $0 in */*) here=${0%/*} ;; *) here=. ;; esac
bindir_rel=
fpabi=${FPABI:-}
if [ -z "$fpabi" ] && [ -x "$here/fpabi" ]; then
	fpabi=$here/fpabi
elif [ -z "$fpabi" ] && [ -n "$bindir_rel" ] && [ -x "$here/$bindir_rel/fpabi" ]; then
	fpabi=$here/$bindir_rel/fpabi
elif [ -z "$fpabi" ]; then
	fpabi=$(command -v fpabi) || {
		echo "# run_fpabi.sh: no fpabi next to $0, in the installed layout or on PATH (set FPABI)"
		exit 1
	}
fi
exec "$fpabi" run --format kselftest --skip-exit 4 "$@"
