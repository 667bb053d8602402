# SPDX-License-Identifier: GPL-2.0-or-later
# The suite itself on this machine's kernel: its TAP is this test's TAP.
# The full tier (twins, histories, placements too); FPABI_REPEAT
# (default 8) runs the plan that many times with fresh seeds.
: "${FPABI:?run through make check}"
exec "$FPABI" run --tier full --repeat "${FPABI_REPEAT:-8}" \
	${FPABI_SEED:+--seed "$FPABI_SEED"}
