// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * x86_64 exec family: the tracee, full of canaries, execs a probe whose
 * first instruction dumps every register (no libc, no loader).  At the
 * PTRACE_EVENT_EXEC stop and in the probe's dump, every component is at
 * init and PKRU is init_pkru_value (X-PROC-1): nothing of the old image.
 */
#include "fpabi/case.h"
#include "fpabi/x86_64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "exec",
		.name = "fresh-image",
		.summary = "after execve every component is at init, at the "
			   "PTRACE_EVENT_EXEC stop and at the new image's first "
			   "instruction",
		.rule = "X-PROC-1",
		.needs = NEED_XSAVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, EXEC, READ, END },
		.drop = 3, .drop_class = "poison",
	},
};

const struct fpabi_family x86_family_exec = {
	"exec", cases, sizeof(cases) / sizeof(cases[0])
};
