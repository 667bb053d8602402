// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The SME part of the arm64 model (Documentation/arch/arm64/sme.rst):
 * what loads, smstart and the PSTATE bits, syscalls, PR_SME_SET_VL, a
 * signal's delivery, exec and clone do to SVCR, Z/P/FFR, ZA, ZT0, TPIDR2
 * and FPMR.  SVCR and the VLs themselves are the state's (state.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

#include "uapi-compat/arm64.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "a64.h"

/* ZA off: ZA and ZT read as zero (the dump's zeros, zt_get()). */
static void za_off_rule(struct fpabi_run *r, const struct fpabi_rule *rule)
{
	if (!(AV(&r->v)->svcr & SV_ZA))
		a64_expect_zero(r, GM(G_ZA) | GM(G_ZT), rule);
}

/*
 * A LOAD of an SME variant: smstart into the variant's SVCR, then every
 * register (events.S; FPABI_A64_SMSTART_*, FPABI_A64_COND).
 */
void a64_sme_model_load(struct fpabi_run *r, unsigned phase)
{
	unsigned svcr = a64_svcr(r) | (AV(&r->v0)->svcr & 3);

	if ((svcr & SV_SM) != (AV(&r->v0)->svcr & SV_SM))
		run_broken(r, "internal: a load in streaming mode outside an SM variant");
	a64_set_svcr(r, svcr, 0, 0, NULL);
	expect_fill(r, phase, 0);
	a64_set_info(r, "svcr", svcr);
	a64_set_info(r, "vl", img_vl(r));
	a64_set_info(r, "svl", AV(&r->v)->svl);
	a64_ffr_rule(r);
	za_off_rule(r, rule_get("A-PT-18"));
	r->astate[0] = FMT_SVE;
}

/* Leaving or entering streaming mode resets FPSR to 0x0800009f (Arm ARM
 * ResetSVEState(): the cumulative flags and QC set), whatever was loaded. */
static void expect_fpsr_reset(struct fpabi_run *r,
			      const struct fpabi_rule *rule)
{
	int i = a64_field_index(r, G_FPSR, "fpsr");
	uint32_t fpsr = 0x0800009f;

	if (i < 0)
		return;
	expect_field(r, (unsigned)i, (const uint8_t *)&fpsr, rule);
	r->exp.phase[i] = PHASE_NONE;
}

/*
 * A-SYS-2 (entry-common.c: fpsimd_syscall_enter() -> sme_smstop_sm(),
 * then sve_flush_live()): a syscall leaves streaming mode and keeps
 * PSTATE.ZA, ZA and ZT0.  The hardware SMSTOP resets the streaming
 * registers (Arm ARM ResetSVEState): Z above bit 127, P, FFR zero,
 * FPSR = 0x0800009f, FPMR = 0; FPCR kept; whether V survives is
 * implementation defined (sme.rst appendix A): kept or zero.  TPIDR2 is
 * not FP state: kept.  Without SM, A-SYS-1 as for SVE, ZA/ZT/TPIDR2/FPMR
 * kept.
 */
void a64_sme_model_syscall(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-SYS-2");
	unsigned svcr = a64_svcr(r);
	uint64_t keep = GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2) | GM(G_FPMR) |
			GM(G_FPSR);

	AV(&r->v)->svcr = svcr;
	if (!(svcr & SV_SM)) {
		a64_expect_zero(r, GM(G_ZHI) | GM(G_P) | GM(G_FFR),
				rule_get("A-SYS-1"));
		r->astate[0] = FMT_EITHER;
		return;
	}
	a64_set_svcr(r, svcr & ~SV_SM, keep, GM(G_ZLO), rule);
	a64_expect_zero(r, GM(G_ZHI) | GM(G_P) | GM(G_FFR) | GM(G_FPMR), rule);
	expect_fpsr_reset(r, rule);
	r->astate[0] = FMT_EITHER;
}

/*
 * A-SYS-4: the LOAD kind L_SMSTART, "smstart" (SM and ZA) alone, after a
 * syscall left streaming mode (A-SYS-2).  Where SME access is disabled
 * for the task (TIF_SME clear: after exec, or in a fork child with ZA
 * off) the instruction takes the SME access trap; do_sme_acc()
 * (arch/arm64/kernel/fpsimd.c) allocates the storage, sets TIF_SME,
 * loads the task's state with SME enabled (sme_set_vq(), task_fpsimd_load
 * through fpsimd_bind_task_to_cpu()) and returns to re-execute it, so
 * what the task sees is the instruction's architectural effect on its own
 * state (sme.rst "System call behaviour": a syscall clears PSTATE.SM and
 * keeps PSTATE.ZA, ZA and ZT0):
 *   - PSTATE.SM 0 -> 1 resets the streaming state (Arm ARM
 *     ResetSVEState()): Z, P, FFR zero at the SVL, FPSR 0x0800009f;
 *     FEAT_FPMR: FPMR 0; FPCR kept.  FFR reads 0 without FA64 (A-PT-8).
 *   - PSTATE.ZA 0 -> 1 zeroes ZA and ZT0 (ResetSMEState()); ZA already 1
 *     (kept across the syscall, A-SYS-2): ZA and ZT0 kept.
 *   - TPIDR2 is not touched by either.
 * No value from an earlier phase, or from a buffer a stop saved before
 * the trap, may show through.
 */
void a64_sme_model_smstart(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-SYS-4");
	unsigned svcr = a64_svcr(r);
	uint64_t keep = GM(G_TPIDR2) | GM(G_FPSR);

	if (svcr & SV_SM)
		run_broken(r, "internal: L_SMSTART in streaming mode");
	a64_prove_sme_unused(r);
	if (svcr & SV_ZA)
		keep |= GM(G_ZA) | GM(G_ZT);
	a64_set_svcr(r, SV_SM | SV_ZA, keep, 0, rule);
	a64_expect_zero(r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) |
			GM(G_FPMR), rule);
	if (!(svcr & SV_ZA))
		a64_expect_zero(r, GM(G_ZA) | GM(G_ZT), rule);
	expect_fpsr_reset(r, rule);
	a64_ffr_rule(r);
	r->astate[0] = FMT_SVE;
}

/*
 * One PSTATE bit changed alone by the tracee (L_SMSTART_SM .. L_SMSTOP_ZA:
 * msr svcrsm / svcrza), with no kernel involvement but the SME access
 * trap, which re-executes the instruction (A-SYS-4).  Writing the value
 * the bit already has changes nothing (Arm ARM SetPSTATE_SM(),
 * SetPSTATE_ZA() act only on a change).
 *   A-ARCH-2: SM 0 -> 1 or 1 -> 0 (ResetSVEState()): Z, P, FFR zero at
 *     the new effective VL, FPSR 0x0800009f, FPMR 0, FPCR kept; PSTATE.ZA,
 *     ZA, ZT0 and TPIDR2 kept (sme.rst appendix A: "Any other bits will
 *     be cleared").
 *   A-ARCH-3: ZA 0 -> 1 zeroes ZA and ZT0 (ResetSMEState(); sme.rst
 *     appendix A: "When PSTATE.ZA is changed from 0 to 1 all bits in ZA
 *     are cleared"); ZA 1 -> 0 makes them inaccessible (read as zero:
 *     the dump's zeros, za_get(), zt_get()); SM and the streaming (or
 *     not) Z, P, FFR, FPSR, FPCR, FPMR, TPIDR2 are kept.
 */
void a64_sme_model_pstate(struct fpabi_run *r, unsigned kind)
{
	unsigned svcr = a64_svcr(r), to = svcr;
	const struct fpabi_rule *rule;

	AV(&r->v)->svcr = svcr;
	switch (kind) {
	case L_SMSTART_SM: to |= SV_SM; break;
	case L_SMSTOP_SM: to &= ~SV_SM; break;
	case L_SMSTART_ZA: to |= SV_ZA; break;
	case L_SMSTOP_ZA: to &= ~SV_ZA; break;
	default: die("internal: arm64 PSTATE load kind %u", kind);
	}
	if (to == svcr)
		return;
	if ((to ^ svcr) & SV_SM) {
		rule = rule_get("A-ARCH-2");
		a64_set_svcr(r, to, GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2) |
			     GM(G_FPSR), 0, rule);
		a64_expect_zero(r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) |
				GM(G_FFR) | GM(G_FPMR), rule);
		expect_fpsr_reset(r, rule);
		a64_ffr_rule(r);
		r->astate[0] = to & SV_SM ? FMT_SVE : FMT_EITHER;
		return;
	}
	rule = rule_get("A-ARCH-3");
	a64_set_svcr(r, to, ~(GM(G_ZA) | GM(G_ZT)), 0, rule);
	a64_expect_zero(r, GM(G_ZA) | GM(G_ZT), rule);
}

/*
 * PR_SME_SET_VL(arg) from the tracee (sme.rst section 6;
 * vec_set_vector_length()): with PR_SME_VL_INHERIT or
 * PR_SME_SET_VL_ONEXEC the VL becomes the on-exec one, else the on-exec
 * VL is reset to the system default; with ONEXEC nothing else changes
 * ("does not constitute a change to the vector length"), else the VL
 * changes now (A-VL-6); the INHERIT flag is set as arg says (A-VL-8).
 */
void a64_sme_model_prctl(struct fpabi_run *r, uint64_t arg)
{
	unsigned vl = (unsigned)(arg & PR_SME_VL_LEN_MASK);

	r->astate[1] = (r->astate[1] & (A64_SVE_INHERIT | A64_SVE_OFF_OPEN)) |
		       (arg & (PR_SME_VL_INHERIT | PR_SME_SET_VL_ONEXEC) ?
			vl : 0);
	if (arg & PR_SME_VL_INHERIT)
		r->astate[1] |= A64_SME_INHERIT;
	if (!(arg & PR_SME_SET_VL_ONEXEC))
		a64_sme_change_svl(r, vl, rule_get("A-VL-6"));
}

/*
 * A-SIG-7 with SME (signal.c: setup_rt_frame() -> setup_return():
 * task_smstop_sm(), ZA off, TPIDR2 = 0): the handler runs with SM = 0,
 * ZA = 0 (ZA, ZT read zero) and TPIDR2 = 0.  If SM was set, A-GEN-4
 * (fpsimd.c: task_smstop_sm()): V = 0, FPSR = 0x0800009f, FPMR = 0,
 * FPCR kept, no live SVE state.  Otherwise V, FPSR, FPCR, FPMR and the
 * live SVE bits are the interrupted ones.
 */
void a64_sme_handler_entry(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-SIG-7");
	unsigned svcr = a64_svcr(r), i;

	AV(&r->v)->svcr = svcr;
	for (i = 0; i < r->lo.nfields; i++)
		if (r->exp.kind[i] != EXP_ANY && r->lo.f[i].group != G_INFO)
			r->exp.rule[i] = rule;
	if (!(svcr & SV_SM)) {
		a64_set_svcr(r, 0, ~(GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2)), 0,
			     rule);
		return;
	}
	rule = rule_get("A-GEN-4");
	a64_set_svcr(r, 0, GM(G_FPSR), 0, rule);
	expect_fpsr_reset(r, rule);
	r->astate[0] = FMT_FPSIMD;
}

/* ------------------------------------------------- exec, fork, clone */

/*
 * A-PROC-1 with SME.  execve() -> process.c: flush_thread() ->
 * fpsimd.c: fpsimd_flush_thread(): V, FPSR, FPCR zero, TIF_SVE and
 * TIF_SME clear, the SVE and SME state freed, SVCR = 0 (SM and ZA off:
 * ZA and ZT0 read zero), FPMR = 0, each VL its on-exec value, which is
 * the system default unless a PR_SME_SET_VL with ONEXEC or INHERIT set
 * another (fpsimd_flush_thread_vl(), A-VL-8); process.c:
 * tls_thread_flush(): TPIDR2 =
 * 0.  Whatever mode, VLs, ZA, TPIDR2 and FPMR the old image had
 * (Documentation/arch/arm64/sme.rst section 9: at execve() the SME VL
 * becomes the system default unless inherited or deferred).
 */
void a64_sme_model_exec(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-PROC-1");
	const struct a64_machine *a = am(r);
	struct relayout old;
	unsigned i;

	AV(&r->v)->vl = a64_exec_vl(r);
	if (A64_SME_ONEXEC(r))
		AV(&r->v)->svl = A64_SME_ONEXEC(r);
	else if (a->sme_default > 0)
		AV(&r->v)->svl = (unsigned)a->sme_default;
	/* fpsimd_flush_thread_vl(): the on-exec VL stays only with INHERIT */
	if (!(r->astate[1] & A64_SME_INHERIT))
		r->astate[1] &= A64_SVE_INHERIT;
	AV(&r->v)->svcr = 0;
	run_relayout(r, &old);
	relayout_done(&old);
	for (i = 0; i < r->lo.nfields; i++)
		expect_field_init(r, i, rule);
	r->astate[0] = FMT_FPSIMD;
}

/*
 * A clone's child, from the parent's model after the clone's syscall
 * entry, which already left streaming mode (A-SYS-2).
 * A-PROC-2 (process.c: arch_dup_task_struct(); sme.rst section 4: "the
 * newly created process will have PSTATE.SM cleared"): the child's V,
 * FPSR, FPCR and FPMR are the parent's at the syscall, SM = 0
 * (task_smstop_sm(dst)), no live SVE state.
 * A-PROC-3 (process.c: copy_thread() and copy_thread_za(), "ZA lazy
 * saving scheme": PSTATE.ZA and TPIDR2 go together): without CLONE_VM
 * (fork, clone3() without flags, clone(CLONE_SETTLS)) the child keeps
 * PSTATE.ZA, ZA, ZT0 (sme_state duplicated) and TPIDR2 (read from the
 * parent's register); with CLONE_VM (a thread, with or without
 * CLONE_SETTLS, or vfork) arch_dup_task_struct() clears SVCR.ZA and
 * copy_thread() TPIDR2: ZA and ZT0 read zero, TPIDR2 0.  sme.rst section
 * 1: "On thread creation PSTATE.ZA and TPIDR2_EL0 are preserved unless
 * CLONE_VM is specified, in which case PSTATE.ZA is set to 0 and
 * TPIDR2_EL0 is set to 0" (older kernels' text keyed TPIDR2 on
 * CLONE_SETTLS instead, and copied ZA for threads).  CLONE_SETTLS sets
 * TPIDR_EL0 only.
 */
void a64_sme_model_child(struct fpabi_run *r, unsigned sc)
{
	const struct fpabi_rule *rule = rule_get("A-PROC-3");
	uint64_t sme = GM(G_ZA) | GM(G_ZT) | GM(G_TPIDR2);
	unsigned svcr = a64_svcr(r), i;

	AV(&r->v)->svcr = svcr;
	if (svcr & SV_SM)
		die("internal: %s: a clone's child modelled in streaming mode",
		    r->id);
	if (sc == SC_THREAD || sc == SC_THREAD_SETTLS || sc == SC_VFORK) {
		a64_set_svcr(r, svcr & ~SV_ZA, ~sme, 0, rule);
		return;
	}
	for (i = 0; i < r->lo.nfields; i++)
		if (sme >> r->lo.f[i].group & 1 && r->exp.kind[i] != EXP_ANY)
			r->exp.rule[i] = rule;
}
