// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 forged signal frames: the SIGILL handler writes a new phase into
 * fpsimd_context and sve_context, then breaks the record grammar
 * parse_user_sigframe() enforces (an unknown magic, a duplicate record, a
 * missing fpsimd_context, a misaligned or overlong record, a terminator
 * with a size) or a value restore_sve_fpsimd_context() checks (a vl other
 * than the task's).  rt_sigreturn must refuse each with SIGSEGV before it
 * restores anything: at the SIGSEGV stop the regsets show the handler's
 * registers as its rt_sigreturn syscall left them, nothing of the frame
 * and nothing older.
 */
#include "fpabi/case.h"
#include "fpabi/arm64-case.h"

#define REFUSED_AT(nm, edit, nd, rl, sum) \
	REFUSED_VSET(nm, edit, nd, rl, VSET_ALL, sum)
#define REFUSED_VSET(nm, edit, nd, rl, vs, sum)			\
	{								\
		.family = "forge", .name = nm, .summary = sum,		\
		.rule = rl, .needs = nd, .vset = vs,			\
		.steps = (const struct fpabi_step[]){			\
			LOAD(1), STORE, LOAD(2), SIGNAL(3, edit, 4),	\
			REFUSED, READ, END },				\
		.drop = 2, .drop_class = "stale",			\
	}

static const struct fpabi_case cases[] = {
	REFUSED_AT("unknown-magic", E_F_UNKNOWN_MAGIC, 0, "A-SR-2",
		   "a record with an unknown magic: SIGSEGV, the handler's "
		   "registers"),
	REFUSED_AT("duplicate-fpsimd", E_F_DUP_FPSIMD, NEED_SVE, "A-SR-2",
		   "two fpsimd_context records: SIGSEGV, the handler's "
		   "registers"),
	REFUSED_AT("no-fpsimd", E_F_NO_FPSIMD, 0, "A-SR-1",
		   "no fpsimd_context (its magic now ESR's, which is "
		   "ignored): SIGSEGV, the handler's registers"),
	REFUSED_AT("misaligned-record", E_F_MISALIGNED, 0, "A-SR-2",
		   "a record size that leaves the next record off 16-byte "
		   "alignment: SIGSEGV, the handler's registers"),
	REFUSED_AT("record-overrun", E_F_OVERRUN, 0, "A-SR-2",
		   "a record size past the end of its space: SIGSEGV, the "
		   "handler's registers"),
	REFUSED_AT("terminator-size", E_F_TERM_SIZE, 0, "A-SR-2",
		   "a terminator with a non-zero size: SIGSEGV, the "
		   "handler's registers"),
	REFUSED_AT("sve-vl", E_F_SVE_VL, NEED_SVE, "A-SR-4",
		   "sve_context with a vl other than the task's (the VL "
		   "cannot change through sigreturn): SIGSEGV, the handler's "
		   "registers"),
	/* with sve_context in the extra space: SVE VLs of 112 bytes and up */
	REFUSED_VSET("extra-datap", E_F_EXTRA_DATAP, NEED_SVE, "A-SR-2",
		     VSET_XFRAME, "extra_context's datap not right after its "
		     "terminator: SIGSEGV, the handler's registers"),
	REFUSED_VSET("extra-size-unaligned", E_F_EXTRA_SIZE, NEED_SVE,
		     "A-SR-2", VSET_XFRAME, "extra_context's size not a "
		     "multiple of 16: SIGSEGV, the handler's registers"),
	REFUSED_VSET("extra-size-huge", E_F_EXTRA_HUGE, NEED_SVE, "A-SR-2",
		     VSET_XFRAME, "extra_context's size past SIGFRAME_MAXSZ: "
		     "SIGSEGV, the handler's registers"),
	REFUSED_VSET("extra-no-terminator", E_F_EXTRA_NO_TERM, NEED_SVE,
		     "A-SR-2", VSET_XFRAME, "no null terminator right after "
		     "extra_context: SIGSEGV, the handler's registers"),
	REFUSED_VSET("extra-second", E_F_EXTRA_SECOND, NEED_SVE, "A-SR-2",
		     VSET_XFRAME, "a second extra_context (in the extra "
		     "space): SIGSEGV, the handler's registers"),
	/* in every SME variant (SM, ZA, both, neither) */
	REFUSED_VSET("sme-unknown-magic", E_F_UNKNOWN_MAGIC, NEED_SME,
		     "A-SR-2", VSET_SME, "an SME task's frame with an unknown "
		     "magic: SIGSEGV, the handler's registers after its "
		     "rt_sigreturn syscall (streaming mode left, ZA kept)"),
	REFUSED_VSET("sme-duplicate-za", E_F_DUP_ZA, NEED_SME, "A-SR-2",
		     VSET_SME, "two za_context records: SIGSEGV, the "
		     "handler's registers"),
	REFUSED_VSET("sme-sm-vl", E_F_SM_BADVL, NEED_SME, "A-SR-4",
		     VSET_SME, "sve_context with SVE_SIG_FLAG_SM and a vl "
		     "that is not the task's SVL: SIGSEGV, the handler's "
		     "registers"),
	{
		.family = "forge",
		.name = "sve-flags-reserved",
		.summary = "sve_context flag bits beside SVE_SIG_FLAG_SM and its "
			   "__reserved set: ignored, the frame restores as written",
		.rule = "A-SR-4",
		.needs = NEED_SVE,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL(3, E_F_SVE_FLAGS, 4),
			STORE, END },
		.drop = 2, .drop_class = "stale",
	},
	{
		.family = "forge",
		.name = "random",
		.summary = "one to three random mutations (from the run's seed) "
			   "of what sigreturn checks: taken or refused, every "
			   "register is zero, init, or its own value of the "
			   "pre-signal state, the handler's or the edit's",
		.rule = "A-SR-9",
		.needs = 0,
		.vset = VSET_ALL,
		.steps = (const struct fpabi_step[]){
			LOAD(1), STORE, LOAD(2), SIGNAL_MAYBE(3, E_F_RANDOM, 4),
			TRAP, READ, END },
		.drop = 2, .drop_class = "stale",
		.fuzz = 1,
	},
};

const struct fpabi_family a64_family_forge = {
	"forge", cases, sizeof(cases) / sizeof(cases[0])
};
