// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64's scenario preconditions (fpabi/precond.h) and their proofs: a
 * signal frame's records with their payloads, TIF_SVE clear before a
 * first-use SVE trap, SME unused before a first-use SME trap.
 */
#include <stdio.h>
#include <string.h>

#include "uapi-compat/arm64.h"
#include "fpabi/precond.h"
#include "a64.h"

/* ---------------------------------------------- a payload present */

static const char *payload_text(const struct fpabi_machine *m,
				const struct fpabi_case *c,
				const struct fpabi_variant *v)
{
	unsigned svcr = AV(v)->svl ? AV(v)->svcr : 0;

	(void)c;
	/* without SVE and outside streaming mode sve_context never has
	 * one (sve_context.vl is 0): nothing to need */
	if (!(m->have & NEED_SVE) && !(svcr & (SV_SM | SV_ZA)))
		return NULL;
	return svcr & SV_ZA ?
	       "a payload present: every signal frame's sve_context carries "
	       "its registers, za_context its rows and zt_context ZT0 (record "
	       "sizes above their headers); required with the state SVE or "
	       "ZA on at delivery (A-SIG-2, A-SIG-3: absence fails), unproven "
	       "where the kernel may write a bare header" :
	       "a payload present: every signal frame's sve_context carries "
	       "its registers (record size above the 16-byte header); "
	       "required with the state SVE at delivery (A-SIG-2: absence "
	       "fails), unproven where the kernel may write a bare header";
}

/*
 * The proof at one frame (observer obs): sve is its sve_context, or NULL;
 * need says the ABI requires the payload here (A-SIG-2: the state was SVE
 * at delivery, or streaming), fmt the format the model had then.
 *
 * sve.rst section 4, "Signal handling": the registers "may or may not be
 * included in the record, depending on whether the registers are live
 * for the thread", present if and only if head.size reaches
 * SVE_SIG_CONTEXT_SIZE(); signal.c, preserve_sve_context() writes them
 * with TIF_SVE set or in streaming mode, else the 16-byte header alone.  A
 * case whose rule is
 * about the payload's registers (their values in the frame, the
 * handler's edit of them, sigreturn restoring them from it) checks
 * nothing of them in a bare header: where the ABI lets the kernel write
 * one (the SVE bits discarded before delivery), the run is unproven.
 * za_context and zt_context: sme.rst section 4, the matrix data there
 * when head.size reaches ZA_SIG_CONTEXT_SIZE(); signal.c,
 * preserve_za_context() writes it exactly when PSTATE.ZA is 1 (A-SIG-3,
 * which check_records() enforces: absence with ZA on fails).
 */
void a64_prove_payload(struct fpabi_run *r, const char *obs,
		       struct a64_walk *w, bool need, unsigned fmt)
{
	const struct a64_rec *sve = a64_find(w, A64_SVE_MAGIC),
			     *za = a64_find(w, A64_ZA_MAGIC),
			     *zt = a64_find(w, A64_ZT_MAGIC);
	bool svcr_za = sme_run(r) && (a64_svcr(r) & SV_ZA);
	char more[64] = "";

	if (!pre_wanted(r, PRE_A64_PAYLOAD))
		return;
	if (svcr_za && za)
		snprintf(more, sizeof(more), ", za_context %u bytes%s", za->size,
			 zt ? ", zt_context present" : "");
	if (!has_sve(r) && !(sme_run(r) && (a64_svcr(r) & SV_SM))) {
		if (svcr_za && za && za->size > 16)
			pre_note(r, PRE_A64_PAYLOAD, 1, "%s: za_context %u bytes",
				 obs, za->size);
		return;
	}
	if (sve && sve->size > A64_SVE_HDR_SIZE)
		pre_note(r, PRE_A64_PAYLOAD, 1, "%s: sve_context %u bytes%s",
			 obs, sve->size, more);
	else if (!need)	/* (where it is needed, A-SIG-2 failed already) */
		pre_note(r, PRE_A64_PAYLOAD, 0, "%s: sve_context a bare "
			 "header, which the kernel may write here (%s), so the "
			 "payload's checks had nothing to check", obs,
			 fmt == FMT_FPSIMD ? "the state FPSIMD at delivery" :
			 "TIF_SVE may be clear after the SVE bits were "
			 "discarded");
}

/* ----------------------------------------------------- TIF_SVE clear */

/*
 * Does c read the regsets at a stop between its last syscall and the
 * first SVE instruction after it (a STORE, or a load of everything)?
 * (A history's prelude may have a syscall and a first SVE instruction of
 * its own before the case's: the case's own window is the last.)
 */
static bool reads_before_trap(const struct fpabi_case *c)
{
	const struct fpabi_step *s;
	bool after = false, read = false, last = false;

	for (s = c->steps; s && s->op != S_END; s++) {
		if (s->op == S_SYSCALL) {
			after = true;
			read = false;
		} else if (after && s->op == S_READ) {
			read = true;
		} else if (after && (s->op == S_STORE ||
				     (s->op == S_LOAD && s->b == L_ALL))) {
			last = read;
			after = false;
		}
	}
	return last;
}

static int sve_off_unprovable(const struct fpabi_machine *m,
			      const struct fpabi_case *c,
			      const struct fpabi_variant *v)
{
	(void)m;
	(void)v;
	return !reads_before_trap(c);
}

static const char *sve_off_text(const struct fpabi_machine *m,
				const struct fpabi_case *c,
				const struct fpabi_variant *v)
{
	if (!(m->have & NEED_SVE))
		return NULL;
	if (sve_off_unprovable(m, c, v))
		return "TIF_SVE clear before the first SVE instruction after "
		       "the syscall (its first-use trap): not provable without "
		       "a stop in between (no regset is read there; fpabi race "
		       "times the trap instead)";
	return "TIF_SVE clear before the first SVE instruction after the "
	       "syscall (its first-use trap): NT_ARM_SVE at the stop before "
	       "it in FPSIMD form (no SVE_PT_REGS_SVE)";
}

/*
 * The proof at an NT_ARM_SVE read (header flags) where the model leaves
 * the format open: after the syscall that may have discarded the SVE
 * state, before the next SVE instruction.
 *
 * fpsimd.c, the TIF_SVE comment: with TIF_SVE clear "an attempt by the
 * user task to execute an SVE instruction causes do_sve_acc() to be
 * called"; "during any syscall, the kernel may optionally clear TIF_SVE
 * and discard the vector state except for the FPSIMD subset".  At the
 * stop, fpsimd_save_user_state() saves the SVE form only with TIF_SVE
 * set (fp_type FP_STATE_SVE) and the FPSIMD form otherwise (a syscall's
 * lazy discard saves FPSIMD too, and task_fpsimd_load() then clears
 * TIF_SVE: "Stop tracking SVE for this task until next use"); ptrace.c,
 * sve_init_header_from_task(): SVE_PT_REGS_SVE exactly when fp_type is
 * FP_STATE_SVE.  The read changes nothing (the stop already saved the
 * state), so FPSIMD form here means the next SVE instruction traps.
 */
void a64_prove_sve_off(struct fpabi_run *r, const char *obs, unsigned flags)
{
	if (flags & SVE_PT_REGS_SVE)
		pre_note(r, PRE_A64_SVE_OFF, 0, "%s in SVE form "
			 "(SVE_PT_REGS_SVE): TIF_SVE still set after the "
			 "syscall, so the SVE instruction after it took no "
			 "first-use trap", obs);
	else
		pre_note(r, PRE_A64_SVE_OFF, 1, "%s in FPSIMD form", obs);
}

/* ------------------------------------------------------- SME unused */

/*
 * Is SVCR 0 at step upto of r, whatever the kernel chose before it?  In
 * an SME variant that starts at SVCR 0, as long as no earlier step could
 * have turned SM or ZA on: no smstart (L_SMSTART, L_SMSTART_SM,
 * L_SMSTART_ZA), no regset write (NT_ARM_SSVE, NT_ARM_ZA, NT_ARM_ZT turn
 * them on), no frame sigreturn might take in another mode (a random
 * edit).  A generated list (fpabi stress) is never sure.
 */
bool a64_svcr_zero_for_certain(const struct fpabi_run *r, int upto)
{
	const struct fpabi_step *s = r->c->steps;
	int i;

	if (!sme_run(r) || AV(&r->v0)->svcr || r->c->generated || !s)
		return false;
	for (i = 0; i < upto && s[i].op != S_END; i++) {
		if (s[i].op == S_WRITE || step_maybe(&s[i]))
			return false;
		if (s[i].op == S_LOAD && (s[i].b == L_SMSTART ||
					  s[i].b == L_SMSTART_SM ||
					  s[i].b == L_SMSTART_ZA))
			return false;
	}
	return true;
}


/* Does c read the regsets at a stop before its (first) smstart? */
static bool reads_before_smstart(const struct fpabi_case *c)
{
	const struct fpabi_step *s;

	for (s = c->steps; s && s->op != S_END; s++)
		if (s->op == S_READ)
			return true;
		else if (s->op == S_LOAD && s->b == L_SMSTART)
			return false;
	return false;
}

static const char *sme_text(const struct fpabi_machine *m,
			    const struct fpabi_case *c,
			    const struct fpabi_variant *v)
{
	(void)m;
	/* in the other modes the case's first load turns SME on: its
	 * smstart has no trap to take, only its architectural effect */
	if (!AV(v)->svl || AV(v)->svcr)
		return NULL;
	return reads_before_smstart(c) ?
	       "SME unused before the smstart (TIF_SME clear: its first-use "
	       "trap): no SME instruction since exec before it (the steps: "
	       "no regset or frame shows TIF_SME), and SVCR 0 at the stops "
	       "before it (NT_ARM_ZA a bare header)" :
	       "SME unused before the smstart (TIF_SME clear: its first-use "
	       "trap): no SME instruction since exec before it (the steps: "
	       "no regset or frame shows TIF_SME)";
}

/*
 * The SME load of everything at step r->step, where SVCR is 0 whatever
 * came before: nothing of ZA to load, FFR and Z (or V, without SVE)
 * accessible, so it runs no SME instruction (no mrs svcr, an SME access
 * the SMEN trap catches while SME is off for the task), and a task that
 * has not used SME keeps TIF_SME clear for a later smstart's first-use
 * trap (A-SYS-4).  TPIDR2 is no SME access: its EL0 trap is
 * SCTLR_EL1.EnTP2's, which the kernel sets.  Returns whether it made ev
 * so (else the caller's load smstarts into the variant's mode and asks
 * for ZA, ZT and FPABI_A64_COND).
 */
bool a64_load_without_sme(struct fpabi_run *r, struct fpabi_ev *ev)
{
	if (!a64_svcr_zero_for_certain(r, r->step))
		return false;
	ev->mask |= FPABI_A64_TPIDR2 |
		    (r->m->have & NEED_FPMR ? FPABI_A64_FPMR : 0);
	if (!has_sve(r))
		ev->mask = (ev->mask & ~(FPABI_A64_Z | FPABI_A64_P |
					 FPABI_A64_FFR | FPABI_A64_VZ)) |
			   FPABI_A64_V;
	return true;
}

/* At a read while the model has SVCR 0: ZA (or SM) off as seen. */
void a64_prove_sme_off(struct fpabi_run *r, const char *obs, const char *what,
		       bool off)
{
	pre_note(r, PRE_A64_SME_UNUSED, off, off ? "%s: %s" :
		 "%s: %s not off, though the model has SVCR 0", obs, what);
}

/* Which step before upto ran an SME instruction since the last exec (a
 * description into why), or -1. */
static int sme_used_before(const struct fpabi_run *r, int upto, char *why,
			   size_t n)
{
	const struct fpabi_step *s = r->c->steps;
	int i, used = -1;

	for (i = 0; i < upto && s[i].op != S_END; i++) {
		const char *what = NULL;

		if (s[i].op == S_EXEC) {
			used = -1;	/* fpsimd_flush_thread(): TIF_SME clear */
			continue;
		}
		if (s[i].op == S_STORE)
			what = "a store (it reads SVCR: mrs svcr)";
		else if (op_has(s[i].op, OPF_SIGNAL))
			what = "a signal (the handler stores its registers, "
			       "reading SVCR)";
		else if (s[i].op == S_WRITE)
			what = "a regset write (an SME regset's sets TIF_SME)";
		else if (s[i].op == S_LOAD && s[i].b != L_FPSIMD &&
			 !(s[i].b == L_ALL && a64_svcr_zero_for_certain(r, i)))
			what = "a load that runs SME instructions";
		if (what && used < 0) {
			used = i;
			snprintf(why, n, "step %d, %s", i, what);
		}
	}
	return used;
}

/*
 * At the model of an smstart (L_SMSTART) in a run that needs SME unused:
 * fpsimd.c, do_sme_acc(): "TIF_SME should be clear on entry", set there
 * and kept (only fpsimd_flush_thread() at exec, and copy_thread() for a
 * child, clear it); the kernel leaves CPACR_EL1.SMEN trapping EL0 while
 * it is clear, and SMEN traps SME instructions and direct SVCR accesses
 * (Arm ARM, CPACR_EL1.SMEN), so the first of them takes the trap.  No regset or frame shows the flag: the run's own steps are
 * the evidence, and one that ran an SME instruction first leaves the
 * smstart nothing to trap.
 */
void a64_prove_sme_unused(struct fpabi_run *r)
{
	char why[96];

	if (!pre_wanted(r, PRE_A64_SME_UNUSED))
		return;
	if (sme_used_before(r, r->step, why, sizeof(why)) >= 0)
		pre_note(r, PRE_A64_SME_UNUSED, 0, "%s ran before the smstart "
			 "(step %d) and set TIF_SME, so the smstart took no "
			 "first-use trap", why, r->step);
	else
		pre_note(r, PRE_A64_SME_UNUSED, 1, "no SME instruction since "
			 "exec before the smstart (step %d)", r->step);
}

/* ------------------------------------------- fp_type FP_STATE_FPSIMD */

/* Does c write a regset at a syscall-entry stop (the matrix's syscall
 * window)? */
static bool writes_in_syscall(const struct fpabi_case *c)
{
	const struct fpabi_step *s;
	bool in = false;

	for (s = c->steps; s && s->op != S_END; s++) {
		if (s->op == S_SYSCALL_STOP)
			in = true;
		else if (s->op == S_SYSEXIT || !op_tracer(s->op))
			in = false;
		else if (in && s->op == S_WRITE)
			return true;
	}
	return false;
}

static const char *fp_fpsimd_text(const struct fpabi_machine *m,
				  const struct fpabi_case *c,
				  const struct fpabi_variant *v)
{
	/* without SVE, or in streaming mode, there is no discard to see */
	if (!(m->have & NEED_SVE) || (AV(v)->svl && (AV(v)->svcr & SV_SM)) ||
	    !writes_in_syscall(c))
		return NULL;
	return "fp_type FP_STATE_FPSIMD at the write's syscall-entry stop "
	       "(to_save FP_STATE_FPSIMD took effect while TIF_SVE is still "
	       "set): NT_ARM_SVE read there in FPSIMD form";
}

/*
 * At an NT_ARM_SVE read where the model leaves the form open (after a
 * syscall's discard): entry-common.c, fpsimd_syscall_enter() sets
 * fpsimd_last_state.to_save to FP_STATE_FPSIMD, so the save at the
 * syscall-entry stop (fpsimd_save_user_state()) keeps the FPSIMD form
 * and records fp_type FP_STATE_FPSIMD, with TIF_SVE left set until
 * task_fpsimd_load(); ptrace.c, sve_get_common() reports SVE_PT_REGS_SVE
 * exactly when fp_type is FP_STATE_SVE.  The SVE form is legal too
 * (A-SYS-6: either), but then the write did not meet the state the
 * cell's window is for.
 */
void a64_prove_fp_fpsimd(struct fpabi_run *r, const char *obs, unsigned flags)
{
	if (flags & SVE_PT_REGS_SVE)
		pre_note(r, PRE_A64_FP_FPSIMD, 0, "%s in SVE form: fp_type "
			 "FP_STATE_SVE, the lazy discard did not take effect "
			 "before the stop", obs);
	else
		pre_note(r, PRE_A64_FP_FPSIMD, 1, "%s in FPSIMD form", obs);
}

const struct fpabi_precond a64_preconds[] = {
	{ PRE_A64_PAYLOAD, "a payload present", payload_text, NULL },
	{ PRE_A64_SVE_OFF, "TIF_SVE clear", sve_off_text, sve_off_unprovable },
	{ PRE_A64_SME_UNUSED, "SME unused", sme_text, NULL },
	{ PRE_A64_FP_FPSIMD, "fp_type FPSIMD", fp_fpsimd_text, NULL },
	{ 0, NULL, NULL, NULL },
};
