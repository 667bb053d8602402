// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 model: what each step does to what the tracee, the regsets
 * and the dumps must show (Documentation/arch/arm64/sve.rst), and the
 * tracee's load and store events.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>

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

void a64_ev_load(struct fpabi_run *r, struct fpabi_ev *ev, unsigned kind)
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

void a64_ev_store(struct fpabi_run *r, struct fpabi_ev *ev)
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

uint64_t a64_syscall_arg(struct fpabi_run *r, unsigned sc, unsigned code)
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

void a64_exec_store(struct fpabi_run *r, struct fpabi_ev *ev,
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
void a64_model_exec(struct fpabi_run *r)
{
	const struct fpabi_rule *rule = rule_get("A-PROC-1");

	if (sme_run(r)) {
		a64_sme_model_exec(r);
		return;
	}
	if (has_sve(r))
		a64_change_vl(r, a64_exec_vl(r), CARRY_ZERO, rule);
	a64_expect_zero(r, GM(G_ZLO) | GM(G_ZHI) | GM(G_P) | GM(G_FFR) |
			GM(G_FPSR), rule);
	r->astate[0] = FMT_FPSIMD;
}

/*
 * L_SMSTART: the new image's first instruction is smstart (A-SYS-4).  It
 * runs after the exec event stop, so a regset read at that stop still
 * sees execve()'s state (A-PROC-1: SVCR 0, FPSR 0).
 */
void a64_model_exec_start(struct fpabi_run *r)
{
	if (sme_run(r) && exec_kind(r) == L_SMSTART)
		a64_sme_model_smstart(r);
}

/* A-PROC-2/3: a clone's child, from the parent's model after the
 * syscall; only SME state differs (sme.c).  CHILD_SMSTART (this fork
 * step's kind: a stress list may fork more than once, each child its own
 * kind): then the child's own smstart, its first SME instruction
 * (A-SYS-4). */
void a64_model_child(struct fpabi_run *r, unsigned sc, unsigned kind)
{
	if (!sme_run(r))
		return;
	a64_sme_model_child(r, sc);
	if (kind == CHILD_SMSTART)
		a64_sme_model_smstart(r);
}

void a64_child_store(struct fpabi_run *r, unsigned kind,
		     struct fpabi_ev *ev)
{
	if (sme_run(r) && kind == CHILD_SMSTART)
		ev->mask |= FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA;
}

/*
 * The competitor holds a canary in every register it has: V or Z, P and
 * FFR at the variant's VL, FPSR, FPCR; in SME variants ZA is on as well
 * (ZA, ZT0 on SME2, TPIDR2, FPMR), whatever mode the variant is in, and
 * streaming mode as the variant has it (FFR only outside it, or with
 * FA64).
 */
void a64_make_competitor(struct fpabi_run *r, uint8_t *dst,
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
void a64_model_store(struct fpabi_run *r)
{
	r->astate[1] &= ~A64_SVE_OFF_OPEN;
	if (has_sve(r) && !sme_run(r))
		r->astate[0] = FMT_SVE;
}

void a64_model_load(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	uint8_t *img;

	if (kind != L_FPSIMD)
		r->astate[1] &= ~A64_SVE_OFF_OPEN;
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
void a64_model_syscall(struct fpabi_run *r, unsigned sc, uint64_t arg)
{
	if (!has_sve(r) && !sme_run(r))
		return;
	if (sme_run(r) && sc != SC_SET_SVE_VL) {
		a64_sme_model_syscall(r);
		r->astate[1] |= A64_SVE_OFF_OPEN;
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
