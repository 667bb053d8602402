# SPDX-License-Identifier: GPL-2.0-or-later
# The generated matrices (regset-write, signal-edit, event-*) on this machine's
# kernel, once: their TAP is this test's TAP.
: "${FPABI:?run through make check}"
exec "$FPABI" run --tier matrix --filter 'regset-write,signal-edit,*.event-*' \
	${FPABI_SEED:+--seed "$FPABI_SEED"}
