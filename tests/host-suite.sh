# SPDX-License-Identifier: GPL-2.0-or-later
# The suite itself on this machine's kernel: its TAP is this test's TAP.
# FPABI_REPEAT (default 20) runs the plan that many times with fresh seeds.
: "${FPABI:?run through make check}"
exec "$FPABI" run --repeat "${FPABI_REPEAT:-20}" ${FPABI_SEED:+--seed "$FPABI_SEED"}
