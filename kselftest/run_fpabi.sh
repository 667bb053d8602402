#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# run_fpabi.sh: fpabi as a kselftest program.  Copy it (and `settings`)
# into a kselftest install directory's fpabi/ collection and add
# "fpabi:run_fpabi.sh" to kselftest-list.txt; run_kselftest.sh then runs
# it like any selftest: TAP 13 on stdout, kselftest's "# Totals:" line,
# exit 0 pass, 1 fail, 4 (KSFT_SKIP) when every case was skipped or
# ptrace is refused.  Arguments go to fpabi (e.g. --filter); FPABI names
# the fpabi binary (default: the one on PATH).
exec "${FPABI:-fpabi}" run --skip-exit 4 "$@"
