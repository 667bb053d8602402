// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 model: what each step does to what the tracee, the regsets
 * and the dumps must show (Documentation/arch/arm64/sve.rst), and the
 * tracee's load and store events.
 */
#include <elf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

#include "uapi-compat/arm64.h"
#include "fpabi/axes.h"
#include "fpabi/platform.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "a64.h"

#define SVE_GROUPS	(GM(G_ZHI) | GM(G_P) | GM(G_FFR))

/*
 * What the CPU implements, and whether the tracee steps around platform
 * quirk sme-vl-chain with an indirect branch after each SVCR change
 * (events.S: svcr_branch; src/arch/arm64/platform.c).
 */
static uint64_t aux_bits(const struct fpabi_run *r)
{
	return (has_sve(r) ? FPABI_A64_AUX_SVE : 0) |
	       (r->m->have & NEED_SME ? FPABI_A64_AUX_SME : 0) |
	       (r->m->have & NEED_FA64 ? FPABI_A64_AUX_FA64 : 0) |
	       (fpabi_platform_steps(r->m, QUIRK_SME_VL_CHAIN) ?
		FPABI_A64_AUX_BRANCH : 0);
}

/* SME variants: ZA and ZT0 in the same image, TPIDR2, FPMR; the groups
 * that are inaccessible in the current mode are skipped (FPABI_A64_COND) */
static void sme_ev(struct fpabi_run *r, struct fpabi_ev *ev)
{
	ev->mask |= FPABI_A64_TPIDR2 | FPABI_A64_ZA | FPABI_A64_COND |
		    (r->m->have & NEED_SME2 ? FPABI_A64_ZT : 0) |
		    (r->m->have & NEED_FPMR ? FPABI_A64_FPMR : 0);
	ev->arg[0] = ev->ptr + a64_za_off(r->m);
	ev->arg[1] = ev->ptr + a64_zt_off(r->m);
}

static void a64_ev_load(struct fpabi_run *r, struct fpabi_ev *ev, unsigned kind)
{
	ev->aux = aux_bits(r);
	ev->arg[2] = img_vl(r);
	if (kind == L_SMSTART) {
		/* smstart alone: no group loaded, nothing read (events.S) */
		ev->mask = FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA;
		ev->arg[2] = AV(&r->v)->svl;
		return;
	}
	if (kind >= L_SMSTART_SM && kind <= L_SMSTOP_ZA) {
		/* one PSTATE bit alone: nothing loaded, nothing read */
		static const uint32_t bit[] = {
			[L_SMSTART_SM] = FPABI_A64_SMSTART_SM,
			[L_SMSTART_ZA] = FPABI_A64_SMSTART_ZA,
			[L_SMSTOP_SM] = FPABI_A64_SMSTOP_SM,
			[L_SMSTOP_ZA] = FPABI_A64_SMSTOP_ZA,
		};

		ev->mask = bit[kind];
		ev->arg[2] = AV(&r->v)->svl;
		return;
	}
	if (kind == L_FPSIMD || (!has_sve(r) && !sme_run(r)))
		ev->mask = FPABI_A64_V | FPABI_A64_FPSR_FPCR;
	else
		ev->mask = FPABI_A64_Z | FPABI_A64_P | FPABI_A64_FFR |
			   FPABI_A64_FPSR_FPCR;
	if (kind != L_FPSIMD && !has_sve(r) && sme_run(r)) {
		/* SME alone: Z in streaming mode, else V (events.S) */
		ev->mask |= FPABI_A64_VZ;
		ev->arg[2] = 16;
	}
	if (sme_run(r) && kind == L_ALL && !a64_load_without_sme(r, ev)) {
		/* into the variant's mode first, at its VL (the image's) */
		ev->mask |= (AV(&r->v0)->svcr & SV_SM ? FPABI_A64_SMSTART_SM : 0) |
			    (AV(&r->v0)->svcr & SV_ZA ? FPABI_A64_SMSTART_ZA : 0);
		ev->arg[2] = AV(&r->v0)->svcr & SV_SM ? AV(&r->v0)->svl : AV(&r->v0)->vl;
		if (!has_sve(r))
			ev->arg[2] = 16;	/* only V uses it */
		sme_ev(r, ev);
	}
}

static void a64_ev_store(struct fpabi_run *r, struct fpabi_ev *ev)
{
	ev->aux = aux_bits(r);
	ev->arg[2] = img_vl(r);
	ev->mask = FPABI_A64_FPSR_FPCR | FPABI_A64_INFO |
		   (has_sve(r) ? FPABI_A64_Z | FPABI_A64_P | FPABI_A64_FFR :
				 FPABI_A64_V);
	if (sme_run(r))
		sme_ev(r, ev);
	if (sme_run(r) && !has_sve(r)) {
		/* SME alone: Z, P, FFR in streaming mode, else V */
		ev->mask |= FPABI_A64_Z | FPABI_A64_P | FPABI_A64_FFR |
			    FPABI_A64_VZ;
		ev->mask &= ~FPABI_A64_V;
		ev->arg[2] = 16;
	}
}

static size_t a64_image_size(struct fpabi_run *r)
{
	return r->lo.size;
}

/* Dumps may be taken after a VL change: room for the largest VL. */
static size_t a64_dump_size(struct fpabi_run *r)
{
	if (sme_run(r))
		return a64_sme_image_size(r->m);
	return has_sve(r) ? FPABI_A64_IMAGE_SIZE(am(r)->sve_max) : r->lo.size;
}

/* Another supported VL than the planned one: the smallest, or the largest. */
unsigned a64_other_vl(const struct fpabi_run *r)
{
	const struct a64_machine *a = am(r);

	if (!a->nsve)
		return AV(&r->v0)->vl;
	return a->sve_vls[0] != AV(&r->v0)->vl ? a->sve_vls[0] : a->sve_vls[a->nsve - 1];
}

static uint64_t a64_syscall_arg(struct fpabi_run *r, unsigned sc, unsigned code)
{
	if (sc == SC_SET_SME_VL)
		return code == VL_BACK ? AV(&r->v0)->svl :
		       a64_other_svl(r) |
		       (code == VL_ONEXEC ? PR_SME_SET_VL_ONEXEC : 0) |
		       (code == VL_INHERIT ? PR_SME_VL_INHERIT : 0);
	if (sc != SC_SET_SVE_VL)
		return code;
	return code == VL_BACK ? AV(&r->v0)->vl : a64_other_vl(r);
}

/*
 * The task's SVE VL becomes vl: the image is laid out anew.  V, FPSR and
 * FPCR carry over as asked; Z above bit 127, P and FFR are zero (A-VL-2);
 * the tracee reads its new VL.
 */
void a64_change_vl(struct fpabi_run *r, unsigned vl, int carry,
		   const struct fpabi_rule *rule)
{
	struct relayout old;
	unsigned i, j;

	if (vl == AV(&r->v)->vl)
		return;
	AV(&r->v)->vl = vl;
	run_relayout(r, &old);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		expect_field_init(r, i, rule);
		if (carry == CARRY_ZERO || (f->group != G_ZLO && f->group != G_FPSR))
			continue;
		for (j = 0; j < old.lo.nfields; j++) {
			const struct fpabi_field *o = &old.lo.f[j];

			if (o->group != f->group || strcmp(o->name, f->name) ||
			    old.exp.kind[j] == EXP_ANY)
				continue;
			expect_field(r, i, old.exp.img + o->off, old.exp.rule[j]);
			r->exp.kind[i] = old.exp.kind[j];
			r->exp.phase[i] = old.exp.phase[j];
			r->exp.task[i] = old.exp.task[j];
			if (carry == CARRY_KEPT_OR_ZERO)
				expect_field_kept_or_zero(r, i, rule);
		}
	}
	relayout_done(&old);
}

/* The SVE VL after exec: the system default (A-VL-5; no INHERIT here). */
unsigned a64_exec_vl(const struct fpabi_run *r)
{
	return am(r)->sve_default > 0 ? (unsigned)am(r)->sve_default : AV(&r->v)->vl;
}

/*
 * The exec probe's STORE: at the default VL, not streaming (A-PROC-1).
 * SME variants: the whole SME image; its ZA and ZT0 buffers are offsets
 * in the probe's image (ev->ptr is 0 here), which the probe rebases.
 */
/* The case's S_EXEC step's b: L_SMSTART makes the new image execute
 * smstart before its STORE (A-SYS-4 right after execve). */
static unsigned exec_kind(const struct fpabi_run *r)
{
	const struct fpabi_step *s;

	for (s = r->c->steps; s->op != S_END; s++)
		if (s->op == S_EXEC)
			return s->b;
	return 0;
}

static void a64_exec_store(struct fpabi_run *r, struct fpabi_ev *ev,
			   size_t *len)
{
	unsigned vl = has_sve(r) ? a64_exec_vl(r) : 16;

	a64_ev_store(r, ev);
	ev->arg[2] = vl;
	if (sme_run(r) && exec_kind(r) == L_SMSTART)
		ev->mask |= FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA;
	*len = sme_run(r) ? a64_sme_image_size(r->m) : FPABI_A64_IMAGE_SIZE(vl);
}

/*
 * A-PROC-1: a new image starts with V, FPSR and FPCR zero, no live SVE
 * state (its first SVE instruction traps, A-SYS-3), the default VL.
 */
static void a64_model_exec(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-PROC-1");

	if (sme_run(r)) {
		a64_sme_model_exec(r);
		/* the new image's first instruction: smstart (A-SYS-4) */
		if (exec_kind(r) == L_SMSTART)
			a64_sme_model_smstart(r);
		return;
	}
	if (has_sve(r))
		a64_change_vl(r, a64_exec_vl(r), CARRY_ZERO, rule);
	a64_expect_zero(r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) |
			GM(G_FPSR), rule);
	r->astate[0] = FMT_FPSIMD;
}

/* A-PROC-2/3: a clone's child, from the parent's model after the
 * syscall; only SME state differs (sme.c).  CHILD_SMSTART (this fork
 * step's kind: a stress list may fork more than once, each child its own
 * kind): then the child's own smstart, its first SME instruction
 * (A-SYS-4). */
static void a64_model_child(struct fpabi_run *r, unsigned sc, unsigned kind)
{
	if (!sme_run(r))
		return;
	a64_sme_model_child(r, sc);
	if (kind == CHILD_SMSTART)
		a64_sme_model_smstart(r);
}

static void a64_child_store(struct fpabi_run *r, unsigned kind,
			    struct fpabi_ev *ev)
{
	if (sme_run(r) && kind == CHILD_SMSTART)
		ev->mask |= FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA;
}

static void a64_make_load(struct fpabi_run *r, uint8_t *dst, unsigned phase,
			  unsigned task)
{
	image_fill(r, dst, phase, task);
}

long fpabi_a64_tracer_ptrace(long req, long pid, long addr, long data,
			     const void *vin, void *vout);

static long a64_tracer_ptrace(const struct fpabi_machine *m, long req,
			      long pid, void *addr, void *data,
			      const void *vin, void *vout)
{
	(void)m;
	return fpabi_a64_tracer_ptrace(req, pid, (long)addr, (long)data, vin,
				       vout);
}

/* V0-V31: what any syscall keeps (A-SYS-1) */
static const char *a64_tracer_regs(const struct fpabi_machine *m,
				   size_t *len, unsigned *width)
{
	(void)m;
	*len = 32 * 16;
	*width = 16;
	return "v";
}

/*
 * The competitor holds a canary in every register it has: V or Z, P and
 * FFR at the variant's VL, FPSR, FPCR; in SME variants ZA is on as well
 * (ZA, ZT0 on SME2, TPIDR2, FPMR), whatever mode the variant is in, and
 * streaming mode as the variant has it (FFR only outside it, or with
 * FA64).
 */
static void a64_make_competitor(struct fpabi_run *r, uint8_t *dst,
				struct fpabi_ev *ev)
{
	uint32_t svcr = AV(&r->v0)->svcr;

	image_fill(r, dst, 1, 1);
	if (sme_run(r))
		AV(&r->v0)->svcr |= SV_ZA;
	a64_ev_load(r, ev, L_ALL);
	AV(&r->v0)->svcr = svcr;
}

/*
 * A-SYS-3: the tracee's STORE uses SVE instructions (on an SVE machine);
 * where SVE was not live they take the first-use trap and the kernel makes
 * it live (TIF_SVE), the upper bits, P and FFR zero as the model has them.
 * A signal after it gets an sve_context with a payload.
 */
static const char *a64_sc_name(unsigned sc)
{
	return sc == SC_SET_SVE_VL ? "prctl-sve-set-vl" :
	       sc == SC_SET_SME_VL ? "prctl-sme-set-vl" : NULL;
}

/* the VL prctls: images made at the planned VLs no longer fit */
static bool a64_sc_moves_layout(unsigned sc)
{
	return sc == SC_SET_SVE_VL || sc == SC_SET_SME_VL;
}

static void a64_variant_yaml(const struct fpabi_variant *v, char *out,
			     size_t n)
{
	snprintf(out, n, "vl: %u\nsvl: %u\nsvcr: %u\n", AV(v)->vl,
		 AV(v)->svl, AV(v)->svcr);
}

/* The VL or SVL moved since the plan (a prctl, an NT_ARM_SVE write). */
static bool a64_layout_moved(const struct fpabi_run *r)
{
	return AV(&r->v)->vl != AV(&r->v0)->vl || AV(&r->v)->svl != AV(&r->v0)->svl;
}

static void a64_model_store(struct fpabi_run *r)
{
	if (has_sve(r) && !sme_run(r))
		r->astate[0] = FMT_SVE;
}

static void a64_shm_setup(struct fpabi_run *r, struct fpabi_shm_hdr *h)
{
	if (has_sve(r))
		h->arch_setup[A64_SETUP_SVE_VL] = AV(&r->v)->vl;
	if (sme_run(r)) {
		h->arch_setup[A64_SETUP_SME_VL] = AV(&r->v)->svl;
		/* where an E_SME_REGS edit finds ZA and ZT0 in the image */
		h->arch_aux[0] = a64_za_off(r->m);
		h->arch_aux[1] = a64_zt_off(r->m);
	}
}

static void a64_model_load(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	uint8_t *img;

	if (kind >= L_SMSTART && kind <= L_SMSTOP_ZA) {
		if (!sme_run(r))
			run_broken(r, "internal: an SMSTART/SMSTOP load outside "
				   "an SME variant");
		else if (kind == L_SMSTART)
			a64_sme_model_smstart(r);
		else
			a64_sme_model_pstate(r, kind);
		return;
	}
	if (sme_run(r) && kind == L_ALL) {
		a64_sme_model_load(r, phase);
		return;
	}
	if (kind == L_ALL || (!has_sve(r) && !sme_run(r))) {
		expect_fill(r, phase, 0);
		r->astate[0] = has_sve(r) ? FMT_SVE : FMT_FPSIMD;
		return;
	}
	/*
	 * An AdvSIMD write to Vn zeroes bits above 127 of Zn; P and FFR are
	 * untouched (Arm ARM, "SVE registers": A-ARCH-1).
	 */
	img = xmalloc(r->lo.size);
	image_fill(r, img, phase, 0);
	a64_expect_groups(r, GM(G_ZLO) | GM(G_FPSR), img, phase, NULL);
	a64_expect_zero(r, GM(G_ZHI), rule_get("A-ARCH-1"));
	free(img);
	if (r->astate[0] == FMT_SVE)
		r->astate[0] = FMT_EITHER;
}

/*
 * A-SYS-1 (sve.rst section 3): a syscall keeps Z[127:0], FPSR and FPCR and
 * zeroes Z above bit 127, every P and FFR.  What format a later stop
 * reports then depends on whether the task was switched out (A-SYS-5).
 */
static void a64_model_syscall(struct fpabi_run *r, unsigned sc, uint64_t arg)
{
	if (!has_sve(r) && !sme_run(r))
		return;
	if (sme_run(r) && sc != SC_SET_SVE_VL) {
		a64_sme_model_syscall(r);
		/* then the prctl (the syscall left SM already) */
		if (sc == SC_SET_SME_VL)
			a64_sme_model_prctl(r, arg);
		return;
	}
	a64_expect_zero(r, SVE_GROUPS, rule_get("A-SYS-1"));
	r->astate[0] = FMT_EITHER;
	/* A-VL-2: a new VL keeps V (and FPSR, FPCR), zeroes the rest */
	if (sc == SC_SET_SVE_VL)
		a64_change_vl(r, (unsigned)arg, CARRY_KEEP, rule_get("A-VL-2"));
}

static void a64_check_dump(struct fpabi_run *r, const uint8_t *dump,
			   const char *observer)
{
	check_image(r, observer, dump);
}

/*
 * At a brk stop the PC is at the brk: check that it is ours, and step
 * over it (NT_PRSTATUS), as the arm64 ptrace ABI leaves that to the tracer.
 */
static int a64_after_trap(struct fpabi_run *r)
{
	struct user_pt_regs regs;
	struct iovec iov = { &regs, sizeof(regs) };
	long insn;

	if (ptrace(PTRACE_GETREGSET, r->pid, NT_PRSTATUS, &iov) < 0) {
		run_broken(r, "GETREGSET NT_PRSTATUS: %s", strerror(errno));
		return -1;
	}
	errno = 0;
	insn = ptrace(PTRACE_PEEKTEXT, r->pid, regs.pc, 0);
	if (errno || (uint32_t)insn != 0xd4200000) {
		run_broken(r, "the stop is not at the tracee's brk #0 (pc %#llx)",
			   (unsigned long long)regs.pc);
		return -1;
	}
	regs.pc += 4;
	if (ptrace(PTRACE_SETREGSET, r->pid, NT_PRSTATUS, &iov) < 0) {
		run_broken(r, "SETREGSET NT_PRSTATUS: %s", strerror(errno));
		return -1;
	}
	return 0;
}

const struct fpabi_rule a64_rules[] = {
	{ "A-ARCH-1", "an AdvSIMD write to Vn zeroes the bits of Zn above 127; "
	  "P and FFR are not touched",
	  "Arm ARM, SVE register file; Documentation/arch/arm64/sve.rst section 2" },
	{ "A-SYS-1", "a syscall keeps Z[127:0], FPSR and FPCR; Z above bit 127, "
	  "every P and FFR become zero",
	  "Documentation/arch/arm64/sve.rst section 3; "
	  "arch/arm64/kernel/entry-common.c: fpsimd_syscall_enter()" },
	{ "A-SYS-3", "the first SVE instruction after its state was discarded "
	  "traps and sees Z[127:0] = V, the rest zero: never stale data",
	  "arch/arm64/kernel/fpsimd.c: do_sve_acc()" },
	{ "A-SYS-4", "the first SMSTART after a syscall (SME access may be "
	  "disabled: the kernel traps, enables SME and re-executes it) has "
	  "its architectural effect only: SM = 1 with Z, P, FFR zero at the "
	  "SVL, FPSR 0x0800009f, FPMR 0, FPCR kept; ZA and ZT0 kept if "
	  "PSTATE.ZA was 1, zero if it was 0; TPIDR2 kept: never stale data",
	  "arch/arm64/kernel/fpsimd.c: do_sme_acc(); "
	  "Arm ARM ResetSVEState(), ResetSMEState(); "
	  "Documentation/arch/arm64/sme.rst \"System call behaviour\"" },
	{ "A-SYS-6", "at a stop taken from user mode with live SVE state "
	  "NT_ARM_SVE is in SVE format; after a syscall either format may be "
	  "reported, with the same values",
	  "arch/arm64/kernel/ptrace.c: sve_init_header_from_task()" },
	{ "A-SYS-7", "a tracer's write at a syscall-entry, syscall-exit or "
	  "seccomp stop reaches user space unchanged: the syscall's discard "
	  "of SVE state is not applied to written state",
	  "arch/arm64/kernel/ptrace.c: sve_set_common() (fpsimd_flush_task_state); "
	  "fpsimd.c: fpsimd_bind_task_to_cpu(); "
	  "\"arm64/fpsimd: Do not discard modified SVE state\"" },
	{ "A-SYS-8", "without a syscall or signal, every register is kept bit "
	  "for bit, across preemption and migration",
	  "arch/arm64/kernel/fpsimd.c: fpsimd_save_user_state(), task_fpsimd_load()" },
	{ "A-SYS-2", "a syscall in streaming mode returns with SM = 0 and "
	  "PSTATE.ZA, ZA, ZT0 and TPIDR2 kept; the SMSTOP resets the "
	  "streaming state: Z above bit 127, P, FFR zero, FPSR 0x0800009f, "
	  "FPMR 0, FPCR kept, V kept or zero (implementation defined)",
	  "arch/arm64/kernel/entry-common.c: fpsimd_syscall_enter() -> "
	  "sme_smstop_sm(); Arm ARM ResetSVEState(); "
	  "Documentation/arch/arm64/sme.rst sections 3, appendix A" },
	{ "A-GEN-4", "leaving streaming mode by the kernel's own path "
	  "(signal delivery): V = 0, FPSR = 0x0800009f, FPMR = 0, FPCR "
	  "kept, no live SVE state",
	  "arch/arm64/kernel/fpsimd.c: task_smstop_sm()" },
	{ "A-SIG-3", "za_context: vl = SVL; ZA off: a bare 16-byte header; "
	  "ZA on: ZA_SIG_CONTEXT_SIZE with the rows, then zt_context (SME2: "
	  "nregs 1, ZT0); tpidr2_context and fpmr_context hold the "
	  "pre-signal values (A-SIG-4)",
	  "arch/arm64/kernel/signal.c: preserve_za_context(), "
	  "preserve_zt_context(), preserve_tpidr2_context(), "
	  "preserve_fpmr_context()" },
	{ "A-PT-8", "in streaming mode without FEAT_SME_FA64 FFR is not "
	  "accessible: the tracee's dump, NT_ARM_SSVE and the signal frame "
	  "carry its slot as zero",
	  "Documentation/arch/arm64/sve.rst section 1 (\"when it is not "
	  "supported and these interfaces are used to access streaming mode "
	  "FFR is read and written as zero\"); arch/arm64/kernel/fpsimd.c: "
	  "fpsimd_save_user_state() (save_ffr false), "
	  "arch/arm64/include/asm/fpsimdmacros.h: sve_save (pfalse into the "
	  "slot); KNOWN-ISSUES.md ssve-ffr-no-fa64" },
	{ "A-PT-17", "an NT_ARM_ZA write with a payload sets PSTATE.ZA and "
	  "ZA; if ZA was off the storage is zeroed first (ZT0 and rows a "
	  "short payload does not cover read zero), if it was on they are "
	  "kept (6.16+ profile; before it: old value or zero); a bare header "
	  "clears PSTATE.ZA: ZA and ZT0 then read zero; SM, V, P are kept",
	  "arch/arm64/kernel/ptrace.c: za_set() (\"Only flush the storage if "
	  "PSTATE.ZA was not already set\": sme_alloc(target, "
	  "!thread_za_enabled())); Documentation/arch/arm64/sme.rst section 7 "
	  "(\"If a payload is provided then PSTATE.ZA will be set to 1\")" },
	{ "A-ARCH-2", "SMSTART SM or SMSTOP SM alone that changes PSTATE.SM "
	  "zeroes Z (all bits), P and FFR at the new effective VL, sets FPSR "
	  "to 0x0800009f and FPMR to 0, keeps FPCR, PSTATE.ZA, ZA, ZT0 and "
	  "TPIDR2; one that does not change it has no effect",
	  "Arm ARM SetPSTATE_SM() -> ResetSVEState(); "
	  "Documentation/arch/arm64/sme.rst appendix A (\"When the value of "
	  "PSTATE.SM is changed ... Any other bits will be cleared\")" },
	{ "A-ARCH-3", "SMSTART ZA alone that sets PSTATE.ZA zeroes ZA and ZT0; "
	  "SMSTOP ZA alone makes them inaccessible (ZA and ZT0 then read zero "
	  "and NT_ARM_ZA is a bare header) and keeps PSTATE.SM and every "
	  "other register; one that does not change PSTATE.ZA has no effect",
	  "Arm ARM SetPSTATE_ZA() -> ResetSMEState(); "
	  "Documentation/arch/arm64/sme.rst appendix A (\"When PSTATE.ZA is "
	  "changed from 0 to 1 all bits in ZA are cleared\"); "
	  "arch/arm64/kernel/ptrace.c: za_get(), zt_get()" },
	{ "A-VL-6", "a change of the SME VL (PR_SME_SET_VL, an NT_ARM_ZA or "
	  "NT_ARM_SSVE header) clears PSTATE.ZA (6.16+; before 6.16 PSTATE.SM "
	  "too, and a streaming task is left at the new SVL from 6.16 on), "
	  "keeps V, FPSR, FPCR, FPMR and TPIDR2 and discards the rest: ZA, "
	  "ZT0, P, FFR and Z above bit 127 read zero, and turning ZA or SM "
	  "back on, even at the old SVL, finds zeros, never the old contents; "
	  "the same VL again changes nothing",
	  "Documentation/arch/arm64/sme.rst section 6 (\"Changing the vector "
	  "length causes PSTATE.ZA to be cleared\"; \"all of ZA, ZTn, P0..P15, "
	  "FFR and all bits of Z0..Z31 except for Z0 bits [127:0] .. Z31 bits "
	  "[127:0] ... become unspecified, including both streaming and "
	  "non-streaming SVE state\"); arch/arm64/kernel/fpsimd.c: "
	  "vec_set_vector_length() (sve_to_fpsimd(), sme_free(), sve_alloc()), "
	  "sme_alloc(), do_sme_acc()" },
	{ "A-VL-8", "PR_SME_SET_VL with PR_SME_SET_VL_ONEXEC changes nothing "
	  "now and gives the next execve() that SVL; with PR_SME_VL_INHERIT "
	  "it changes the SVL now and every later execve() keeps it, and "
	  "NT_ARM_SSVE / NT_ARM_ZA headers report SME_PT_VL_INHERIT; without "
	  "either the next execve() takes the system default; a fork child "
	  "has the parent's SVL",
	  "Documentation/arch/arm64/sme.rst sections 4, 6 and 9 (\"the "
	  "vector length is reset to the system default at execve()\" "
	  "unless PR_SME_VL_INHERIT or a deferred change); "
	  "arch/arm64/kernel/fpsimd.c: vec_set_vector_length(), "
	  "fpsimd_flush_thread_vl(); ptrace.c: za_get() (ZA_PT_VL_INHERIT)" },
	{ "A-VL-9", "an NT_ARM_SSVE header alone with another vl sets that "
	  "SVL (A-VL-6) and puts the task in streaming mode with no register "
	  "data: 6.16+ every Z, P, FFR, V, FPSR and FPCR zero; ZA off, "
	  "TPIDR2 and FPMR kept",
	  "Documentation/arch/arm64/sve.rst section 7 (\"it is permissible "
	  "to omit the payload, in which case only the vector length and "
	  "flags are changed\"; \"any SETREGSET of NT_ARM_SSVE will enter "
	  "streaming mode\"); sme.rst section 3 (\"if no register content is "
	  "provided as part of switching no state will be assumed to be "
	  "shared and everything will be zeroed\"); "
	  "arch/arm64/kernel/ptrace.c: sve_set_common()" },
	{ "A-VL-7", "an NT_ARM_ZA header with another vl sets that SVL (A-VL-6) "
	  "and, having no payload, leaves PSTATE.ZA 0",
	  "Documentation/arch/arm64/sme.rst section 7 (\"it is permissible to "
	  "omit the payload, in which case the vector length and flags are "
	  "changed and PSTATE.ZA is set to 0\"); "
	  "arch/arm64/kernel/ptrace.c: za_set()" },
	{ "A-PT-19", "an NT_ARM_ZT write sets PSTATE.ZA with the written ZT0; "
	  "ZA zero if it was off",
	  "arch/arm64/kernel/ptrace.c: zt_set()" },
	{ "A-VL-2", "a VL change keeps V (Z[127:0]), FPSR and FPCR and zeroes "
	  "Z above bit 127, P and FFR at the new VL: nothing of the old VL's "
	  "state comes back (sve.rst section 6 calls those bits unspecified; "
	  "the kernel zeroes them)",
	  "arch/arm64/kernel/fpsimd.c: vec_set_vector_length(), "
	  "change_live_vector_length()" },
	{ "A-PT-11", "an NT_ARM_SVE/SSVE write with another vl changes the VL "
	  "first; NT_ARM_SVE sets SM = 0, NT_ARM_SSVE SM = 1 (ZA, ZT0 kept); "
	  "6.16+ then zeroes V, FPSR and FPCR before the payload; FPMR is "
	  "not touched, even when SM changed",
	  "arch/arm64/kernel/ptrace.c: sve_set_common()" },
	{ "A-PT-9", "a regset of a feature the system lacks (NT_ARM_SVE without SVE, NT_ARM_SSVE and "
	  "NT_ARM_ZA without SME, NT_ARM_ZT without SME2) gives EINVAL",
	  "arch/arm64/kernel/ptrace.c: ssve_get(), za_get(), zt_get(); "
	  "kernel/ptrace.c: ptrace_regset()" },
	{ "A-PT-16", "NT_ARM_ZA with ZA off is the header alone: size 16, vl "
	  "the task's SVL, max_vl the largest",
	  "arch/arm64/kernel/ptrace.c: za_get()" },
	{ "A-PT-18", "NT_ARM_ZT is 64 bytes: ZT0 while ZA is on, all zero "
	  "while it is off (ZA and ZT0 read zero in the tracee's dump too)",
	  "arch/arm64/kernel/ptrace.c: zt_get()" },
	{ "A-PT-20", "NT_ARM_FPMR is one u64, EINVAL without FPMR; it reads "
	  "and writes the task's FPMR; FPMR is 0 after exec",
	  "arch/arm64/kernel/ptrace.c: fpmr_get(); fpsimd.c: fpsimd_flush_thread()" },
	{ "A-PT-21", "NT_ARM_TLS is TPIDR_EL0 then TPIDR2_EL0; TPIDR2 reads 0 "
	  "without SME, and is 0 until the task sets it; a write sets it",
	  "arch/arm64/kernel/ptrace.c: tls_get(); Documentation/arch/arm64/sme.rst section 8" },
	{ "A-PROC-1", "after execve V, FPSR, FPCR (and FPMR, TPIDR2) are zero, "
	  "no SVE state is live, SVCR is 0 (SM and ZA off: ZA and ZT0 read "
	  "zero), and the SVE and SME VLs are the defaults",
	  "arch/arm64/kernel/process.c: flush_thread() -> fpsimd.c: "
	  "fpsimd_flush_thread(), fpsimd_flush_thread_vl(); process.c: "
	  "tls_thread_flush(); Documentation/arch/arm64/sve.rst section 6, "
	  "sme.rst section 9" },
	{ "A-PROC-2", "a forked child or a new thread starts with the parent's "
	  "V, FPSR, FPCR (and FPMR) at the clone, SM = 0 and no live SVE state",
	  "arch/arm64/kernel/process.c: arch_dup_task_struct(), copy_thread(); "
	  "Documentation/arch/arm64/sme.rst section 4" },
	{ "A-PROC-3", "a clone without CLONE_VM (fork, clone3() without "
	  "flags, clone(CLONE_SETTLS)) keeps PSTATE.ZA with ZA and ZT0, and "
	  "TPIDR2, in the child; with CLONE_VM (a thread, with or without "
	  "CLONE_SETTLS, or vfork) the child has ZA off (ZA, ZT0 read zero) "
	  "and TPIDR2 0; the parent keeps its own",
	  "Documentation/arch/arm64/sme.rst section 1 (\"On thread creation "
	  "PSTATE.ZA and TPIDR2_EL0 are preserved unless CLONE_VM is "
	  "specified, in which case PSTATE.ZA is set to 0 and TPIDR2_EL0 is "
	  "set to 0\"); arch/arm64/kernel/process.c: arch_dup_task_struct(), "
	  "copy_thread(), copy_thread_za() (the AAPCS64 lazy ZA saving scheme)" },
	{ "PT-TRACER", "a regset read or write changes the tracee only: the "
	  "tracer's own V registers are what they were before its ptrace "
	  "call (a syscall keeps them, A-SYS-1)",
	  "arch/arm64/kernel/ptrace.c: the regset set/get functions act on "
	  "target, never on current" },
	{ "SIG-ALTSTACK", "with SA_ONSTACK the frame is on the sigaltstack and "
	  "fits in AT_MINSIGSTKSZ bytes (which leaves out the ZA matrix: "
	  "A-SIG-0)",
	  "arch/arm64/kernel/signal.c: get_sigframe(), minsigstksz_setup()" },
	{ "A-PT-1", "GETREGSET sets iov_len to the regset's size cut to the "
	  "buffer, and writes no byte past what the regset produced",
	  "kernel/ptrace.c: ptrace_regset(); kernel/regset.c: __regset_get()" },
	{ "A-PT-3", "NT_PRFPREG holds V = Z[127:0], FPSR, FPCR and 8 reserved "
	  "bytes (zero unless written)",
	  "arch/arm64/kernel/ptrace.c: __fpr_get()" },
	{ "A-PT-4", "an NT_PRFPREG write sets V, FPSR and FPCR and zeroes live "
	  "SVE state above bit 127, P and FFR",
	  "arch/arm64/kernel/ptrace.c: fpr_set(); "
	  "fpsimd.c: fpsimd_sync_to_effective_state_zeropad()" },
	{ "A-PT-5", "the NT_ARM_SVE header: vl is the task's SVE VL, max_vl "
	  "the system's largest, max_size SVE_PT_SIZE of it, flags only the "
	  "format and INHERIT, reserved zero",
	  "arch/arm64/kernel/ptrace.c: sve_init_header_from_task()" },
	{ "A-PT-6", "an SVE-format NT_ARM_SVE read has size SVE_PT_SIZE(vq, "
	  "SVE) and zero padding; FPSIMD format has size 544",
	  "arch/arm64/kernel/ptrace.c: sve_get_common()" },
	{ "A-PT-7", "NT_ARM_SSVE while not streaming is a 16-byte header of "
	  "FPSIMD format and nothing else (6.16 and later)",
	  "arch/arm64/kernel/ptrace.c: sve_get_common(); "
	  "\"arm64/fpsimd: ptrace: Do not present register data for inactive mode\"",
	  "arm64-6.16+" },
	{ "A-PT-12", "an FPSIMD-format NT_ARM_SVE write leaves no live SVE "
	  "state; 6.16+: bytes it does not write are zero; before 6.16 they "
	  "keep their values",
	  "arch/arm64/kernel/ptrace.c: sve_set_common() (FPSIMD branch)" },
	{ "A-PT-13", "an SVE-format NT_ARM_SVE write replaces all SVE state; "
	  "6.16+: what the payload does not cover is zero (header only: "
	  "everything zero)",
	  "arch/arm64/kernel/ptrace.c: sve_set_common()" },
	{ "A-PT-14", "before 6.16 the effect of a partial or header-only "
	  "NT_ARM_SVE payload on the registers it does not write is "
	  "unspecified: each word is its old value or zero, never stale or "
	  "foreign bytes (6.12 zeroes V when SVE is live and keeps FPSR/FPCR)",
	  "Documentation/arch/arm64/sve.rst section 4 (6.12); "
	  "6.12 arch/arm64/kernel/ptrace.c: sve_set_common()",
	  "arm64-pre-6.16" },
	{ "A-PT-22", "a malformed NT_ARM_SVE write is rejected with EINVAL and "
	  "changes nothing: iov_len not a multiple of 16 or below the "
	  "16-byte header (0, 8, the full payload less 8), vl 0 or not a "
	  "multiple of 16, a flag other than the format, INHERIT and ONEXEC; "
	  "header.size is not read and bytes past the payload are ignored",
	  "kernel/ptrace.c: ptrace_regset(); arch/arm64/kernel/ptrace.c: "
	  "sve_set_common(); arch/arm64/kernel/fpsimd.c: "
	  "vec_set_vector_length(), sve_vl_valid()" },
	{ "A-PT-23", "an NT_ARM_SVE vl the kernel rounds (above the largest: "
	  "clamped to it; an unsupported one: rounded down) sets that VL; "
	  "header only is then a header-only write; with register data it "
	  "is EIO, which before 6.16 changes nothing but the VL and 6.16+ "
	  "leaves every register zero (sve_alloc() and the V/FPSR/FPCR reset "
	  "come before the check)",
	  "arch/arm64/kernel/ptrace.c: sve_set_common() (\"If setting a "
	  "different VL from the requested VL and there is register data\"); "
	  "fpsimd.c: vec_set_vector_length(), find_supported_vector_length(); "
	  "sve.rst: \"the same as if the payload were omitted, except that an "
	  "EIO error is reported\" (its \"FPSIMD state is preserved\" no "
	  "longer holds on 6.16+: KNOWN-ISSUES.md sve-eio-zeroes-fpsimd)" },
	{ "A-PT-24", "NT_PRFPREG: an iov_len not a multiple of 4 is EINVAL and "
	  "changes nothing; a short write (V0-V15) sets those and keeps "
	  "V16-V31, FPSR and FPCR; live SVE bits above 127, P, FFR zero",
	  "kernel/ptrace.c: ptrace_regset() (regset size 4); "
	  "arch/arm64/kernel/ptrace.c: fpr_set(), __fpr_set()" },
	{ "A-PT-25", "a malformed NT_ARM_SSVE, NT_ARM_ZA or NT_ARM_ZT write is "
	  "rejected with EINVAL and changes nothing: iov_len not a multiple "
	  "of 16 (64 for ZT) or below the header, vl not a multiple of 16, "
	  "an unknown flag",
	  "kernel/ptrace.c: ptrace_regset(); arch/arm64/kernel/ptrace.c: "
	  "sve_set_common(), za_set(), zt_set(); fpsimd.c: "
	  "vec_set_vector_length()" },
	{ "A-SIG-1", "the frame's records start at __reserved, 16-byte "
	  "aligned, in the order fpsimd_context (0x210 bytes), esr_context "
	  "(only when the fault set an ESR: not for a udf SIGILL), "
	  "gcs_context (while GCS is in use), sve_context (whenever SVE or SME "
	  "exists), tpidr2_context and za_context (SME), fpmr_context (FPMR), "
	  "poe_context (POE), then a null terminator",
	  "arch/arm64/kernel/signal.c: setup_sigframe_layout(), "
	  "setup_sigframe(); traps.c: do_el0_undef() -> "
	  "force_signal_inject(SIGILL, ILL_ILLOPC, pc, 0)" },
	{ "A-SIG-2", "sve_context: vl is the task's SVE VL, flags 0 outside "
	  "streaming mode, __reserved 0; it carries Z/P/FFR exactly when the "
	  "saved state is in SVE format (head.size the 16-rounded "
	  "SVE_SIG_CONTEXT_SIZE), else it is a bare 16-byte header; "
	  "fpsimd_context's V equal Z[127:0]",
	  "arch/arm64/kernel/signal.c: preserve_sve_context(), "
	  "preserve_fpsimd_context(); Documentation/arch/arm64/sve.rst section 4" },
	{ "A-SIG-5", "records that do not fit in __reserved (48 bytes kept "
	  "back) go, from the first that does not fit on, into the space an "
	  "extra_context (head.size 32) points at: datap just after the "
	  "terminator that follows it, size the whole space including its "
	  "own terminator",
	  "arch/arm64/kernel/signal.c: __sigframe_alloc(), setup_sigframe()" },
	{ "A-SIG-7", "without streaming mode the handler starts with the "
	  "interrupted V, FPSR, FPCR (FPMR) and live SVE bits unchanged; "
	  "with SME it runs with SM = 0, ZA = 0 (ZA, ZT0 zero) and "
	  "TPIDR2 = 0",
	  "arch/arm64/kernel/signal.c: setup_rt_frame() "
	  "(fpsimd_save_and_flush_current_state), setup_return()" },
	{ "A-PT-26", "whatever the kernel makes of an NT_ARM_SVE or NT_PRFPREG "
	  "write with random header, flag and length mutations (taken, partly, "
	  "or refused), every register is its old value, the written one, "
	  "zero or init: nothing stale, foreign or misplaced",
	  "arch/arm64/kernel/ptrace.c: sve_set_common(), fpr_set(); the rules "
	  "A-PT-4..25" },
	{ "A-SR-1", "a frame rt_sigreturn refuses (a record parse error, no "
	  "fpsimd_context, an sve_context vl other than the task's) raises "
	  "SIGSEGV; refused before any FP restore, the registers are the "
	  "handler's at its rt_sigreturn syscall, nothing of the frame",
	  "arch/arm64/kernel/signal.c: sys_rt_sigreturn() badframe, "
	  "restore_sigframe(), parse_user_sigframe(), "
	  "restore_sve_fpsimd_context()" },
	{ "A-PT-27", "NT_ARM_TLS and NT_ARM_FPMR writes: an iov_len that is not "
	  "a multiple of 8 is EINVAL and changes nothing; a longer one is cut "
	  "to the regset; an 8-byte NT_ARM_TLS write sets TPIDR_EL0 only and "
	  "keeps TPIDR2",
	  "kernel/ptrace.c: ptrace_regset(); arch/arm64/kernel/ptrace.c: "
	  "tls_set(), fpmr_set()" },
	{ "A-PT-28", "an NT_ARM_SSVE write in FPSIMD format is EINVAL and "
	  "changes nothing: streaming data is SVE format only (6.16 and "
	  "later)",
	  "arch/arm64/kernel/ptrace.c: sve_set_common() (\"Streaming SVE data "
	  "is always stored and presented in SVE format\"); sve.rst section 7",
	  "arm64-6.16+" },
	{ "A-PT-29", "an NT_ARM_SSVE or NT_ARM_ZA write with register data and "
	  "a vl the kernel rounds is EIO after the SVL is set: NT_ARM_SSVE "
	  "leaves streaming mode entered with every register zero, NT_ARM_ZA "
	  "leaves ZA as the SVL change left it",
	  "arch/arm64/kernel/ptrace.c: sve_set_common(), za_set() (\"If "
	  "setting a different VL from the requested VL and there is register "
	  "data\"); fpsimd.c: vec_set_vector_length()" },
	{ "A-SR-6", "sigreturn restores TPIDR2 and FPMR from their records "
	  "(head.size exactly 16); without a record the register keeps the "
	  "handler's value",
	  "arch/arm64/kernel/signal.c: restore_tpidr2_context(), "
	  "restore_fpmr_context()" },
	{ "A-SR-7", "a za_context with a payload turns ZA on and loads its rows "
	  "(ZT0 zero unless a zt_context follows); a bare header turns ZA off",
	  "arch/arm64/kernel/signal.c: restore_za_context()" },
	{ "A-SR-8", "a zt_context (ZA on, head.size 80, nregs 1) loads ZT0",
	  "arch/arm64/kernel/signal.c: restore_zt_context()" },
	{ "A-SR-2", "the kernel's frame parses: 16-byte aligned records that "
	  "fit their space, at most one extra_context, followed by a "
	  "terminator, datap right after it, and a terminator to end the walk",
	  "arch/arm64/kernel/signal.c: parse_user_sigframe()" },
	{ "A-SR-3", "sigreturn without an sve_context payload (none, or a bare "
	  "header) takes V, FPSR and FPCR from fpsimd_context and leaves no "
	  "live SVE state: Z above bit 127, P and FFR read zero",
	  "arch/arm64/kernel/signal.c: restore_sve_fpsimd_context() -> "
	  "restore_fpsimd_context()" },
	{ "A-SR-4", "an sve_context whose vl is not the task's current VL "
	  "(its SVE VL, or its SME VL with SVE_SIG_FLAG_SM) is refused: the "
	  "VL cannot change through sigreturn",
	  "arch/arm64/kernel/signal.c: restore_sve_fpsimd_context()" },
	{ "A-SR-9", "whatever rt_sigreturn makes of a frame with mutated "
	  "records (taken, or refused with SIGSEGV), no register holds a value "
	  "the frame, the handler or the task before the signal did not give "
	  "it: nothing stale, foreign or misplaced",
	  "arch/arm64/kernel/signal.c: restore_sigframe() and the rules "
	  "A-SR-1..5" },
	{ "A-SR-10", "where fpsimd_context and the sve_context payload (or its "
	  "streaming payload) both carry V, sigreturn takes V from "
	  "fpsimd_context and Z above bit 127, P, FFR from the payload, in "
	  "every mode: a handler that edits both sees its fpsimd_context "
	  "values in Z[127:0]",
	  "Documentation/arch/arm64/sve.rst section 5 (\"bits [127:0] of "
	  "Z0..Z31 are always restored from the corresponding members of "
	  "fpsimd_context.vregs[] and not from sve_context\"); "
	  "arch/arm64/kernel/signal.c: restore_sve_fpsimd_context() "
	  "(read_fpsimd_context() after the payload, then "
	  "fpsimd_update_current_state() -> fpsimd_to_sve())" },
	{ "A-SR-5", "sigreturn with an sve_context payload loads Z, P and FFR "
	  "from it, then Z[127:0] of every register from fpsimd_context.vregs "
	  "and FPSR/FPCR from fpsimd_context",
	  "arch/arm64/kernel/signal.c: restore_sve_fpsimd_context() -> "
	  "fpsimd_update_current_state()" },
	{ "A-SIG-8", "a signal delivered asynchronously (an interval timer, "
	  "another thread) to a task running with its state live: the "
	  "handler starts as A-SIG-7 says, and rt_sigreturn of the unedited "
	  "frame gives the interrupted code back every register it had, bit "
	  "for bit (the frame carries the live SVE or streaming state: "
	  "A-SIG-2, A-SR-5); whatever the handler loaded never shows",
	  "Documentation/arch/arm64/sve.rst \"Signal handling\", \"Signal "
	  "return\", sme.rst \"Signal handling\"; "
	  "arch/arm64/kernel/signal.c: setup_rt_frame() "
	  "(fpsimd_save_and_flush_current_state), restore_sigframe()" },
	{ "A-SYS-5", "after a syscall during which the task was switched out "
	  "only its FPSIMD state was saved: its first SVE instruction traps "
	  "again (do_sve_acc) and finds V with the rest zero; without a "
	  "switch SVE stays enabled and nothing traps; the values are the "
	  "same either way (A-SYS-1, A-SYS-3).  Seen only by timing",
	  "arch/arm64/kernel/entry-common.c: fpsimd_syscall_enter(), "
	  "fpsimd_syscall_exit(); fpsimd.c: fpsimd_save_user_state(), "
	  "task_fpsimd_load()" },
	{ NULL, NULL, NULL }
};

const struct fpabi_arch fpabi_arch = {
	.name = "arm64",
	.needs = (const struct fpabi_need_name[]){
		{ NEED_SVE, "sve", "no SVE (HWCAP_SVE clear)" },
		{ NEED_SME, "sme", "no SME (HWCAP2_SME clear; 6.12 and older build it as BROKEN)" },
		{ NEED_SME2, "sme2", "no SME2 (HWCAP2_SME2 clear; QEMU 11 has it)" },
		{ NEED_FPMR, "fpmr", "no FPMR (HWCAP2_FPMR clear; QEMU 11 has it)" },
		{ NEED_FA64, "sme_fa64", "no SME FA64 (HWCAP2_SME_FA64 clear)" },
		{ NEED_SVE_2VL, "sve_2vl", "only one SVE vector length: no VL to change to" },
		{ NEED_SME_2VL, "sme_2vl", "only one SME vector length: no SVL to change to" },
		{ NEED_ROOT, "root", "needs root" },
		{ NEED_SMP2, "smp2", "needs two CPUs" },
		{ 0, NULL, NULL },
	},
	.families = a64_families,
	.rules = a64_rules,
	.histories = a64_histories,
	.preconds = a64_preconds,
	.axes = &a64_axes,
	.matrices = (const struct fpabi_matrix *const[]){
		&a64_matrix_write, &a64_matrix_signal, &a64_matrix_ev_syscall,
		&a64_matrix_ev_trap, &a64_matrix_ev_signal, &a64_matrix_ev_exec,
		&a64_matrix_ev_fork, NULL },
	.known = a64_known,
	.group_name = a64_group_name,
	.probe = a64_probe,
	.info = a64_info,
	.env_json = a64_env_json,
	.variants = a64_variants,
	.layout = a64_layout,
	.init_image = a64_init_image,
	.fill_shaped = a64_fill_shaped,
	.ev_load = a64_ev_load,
	.calib_trip = a64_calib_trip,
	.calib_stores = a64_calib_stores,
	.ev_store = a64_ev_store,
	.shm_setup = a64_shm_setup,
	.tracer_ptrace = a64_tracer_ptrace,
	.tracer_regs = a64_tracer_regs,
	.dump_size = a64_dump_size,
	.syscall_arg = a64_syscall_arg,
	.load_size = a64_image_size,
	.make_load = a64_make_load,
	.make_competitor = a64_make_competitor,
	.model_store = a64_model_store,
	.layout_moved = a64_layout_moved,
	.variant_yaml = a64_variant_yaml,
	.sc_name = a64_sc_name,
	.sc_moves_layout = a64_sc_moves_layout,
	.model_load = a64_model_load,
	.model_syscall = a64_model_syscall,
	.check_dump = a64_check_dump,
	.exec_store = a64_exec_store,
	.model_exec = a64_model_exec,
	.model_child = a64_model_child,
	.child_store = a64_child_store,
	.check_stop = a64_check_stop,
	.write_stop = a64_write_stop,
	.write_kind_name = a64_write_kind_name,
	.model_handler_entry = a64_model_handler_entry,
	.model_sigreturn = a64_model_sigreturn,
	.model_refused = a64_model_refused,
	.check_frame = a64_check_frame,
	.edit_name = a64_edit_name,
	.edit_phases = a64_edit_phases,
	.after_trap = a64_after_trap,
	.frame_below_uc = 128,	/* struct rt_sigframe: info, then uc */
};
