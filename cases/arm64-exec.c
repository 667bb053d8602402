// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 exec family: the tracee, full of canaries, execs a probe whose
 * first instruction dumps every register (no libc, no loader).  At the
 * PTRACE_EVENT_EXEC stop and in the probe's dump, V, FPSR and FPCR are
 * zero, no SVE state is live and the VL is the default (A-PROC-1): nothing
 * of the old image, at whatever VL it ran.
 */
#include "fpabi/case.h"
#include "fpabi/arm64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "exec",
		.name = "fresh-image",
		.summary = "after execve V, FPSR, FPCR are zero, no SVE state, "
			   "the default VL, at the PTRACE_EVENT_EXEC stop and at "
			   "the new image's first instruction",
		.rule = "A-PROC-1",
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, EXEC, READ, END },
		.drop = 3, .drop_class = "poison",
	},
};

const struct fpabi_family a64_family_exec = {
	"exec", cases, sizeof(cases) / sizeof(cases[0])
};
