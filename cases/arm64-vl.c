// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 vector-length family: a VL change by prctl or by an NT_ARM_SVE
 * header keeps V (or zeroes it, per profile) and zeroes everything else at
 * the new VL; going back to the old VL never resurrects the SVE state a
 * stop saved at that VL ("Ensure VL changes do not resurrect stale data").
 */
#include "fpabi/case.h"
#include "fpabi/shm.h"
#include "fpabi/arm64-case.h"

static const struct fpabi_case cases[] = {
	{
		.family = "vl",
		.name = "prctl-and-back",
		.summary = "PR_SVE_SET_VL to another VL and back: V kept, Z above "
			   "bit 127, P and FFR zero at each VL, no stale bytes",
		.rule = "A-VL-2",
		.needs = NEED_SVE | NEED_SVE_2VL,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, READ,
			SYSCALLA(SC_SET_SVE_VL, VL_OTHER), STORE, TRAP, READ,
			SYSCALLA(SC_SET_SVE_VL, VL_BACK), STORE, TRAP, READ,
			END },
		.drop = 2, .drop_class = "poison",
	},
	{
		.family = "vl",
		.name = "ptrace-header",
		.summary = "an NT_ARM_SVE header with another VL: the tracee runs "
			   "at it with V kept or zero (per profile), the rest zero",
		.rule = "A-PT-11",
		.needs = NEED_SVE | NEED_SVE_2VL,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), TRAP, READ, WRITE(2, W_SVE_VL), READ, STORE,
			END },
		.drop = 3, .drop_class = "stale",
	},
};

const struct fpabi_family a64_family_vl = {
	"vl", cases, sizeof(cases) / sizeof(cases[0])
};
