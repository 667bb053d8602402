/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The arm64 backend's shared declarations. */
#ifndef FPABI_A64_H
#define FPABI_A64_H

#include <stdio.h>
#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/precond.h"
#include "fpabi/arm64-image.h"
#include "fpabi/run.h"
#include "fpabi/arm64-case.h"
#include "sigframe.h"	/* the frame records */



/*
 * astate[1] (SME runs): the task's SME on-exec VL (bits 0-15, 0: the
 * system default) and its PR_SME_VL_INHERIT flag (bit 16), as
 * vec_set_vector_length() and fpsimd_flush_thread_vl() keep them.
 */
#define A64_SME_ONEXEC(r)	((r)->astate[1] & 0xffff)
#define A64_SME_INHERIT		(1u << 16)
/* astate[1] bit 17: the task's TIF_SVE_VL_INHERIT (an NT_ARM_SVE write's
 * SVE_PT_VL_INHERIT): NT_ARM_SVE headers report it */
#define A64_SVE_INHERIT		(1u << 17)
/* astate[1] bit 18 (SME runs): from a syscall to the next load or store
 * with SVE or SME instructions (an AdvSIMD-only load leaves it open):
 * the window in which an NT_ARM_SVE read's form proves TIF_SVE
 * (PRE_A64_SVE_OFF); a read after the first-use trap would not */
#define A64_SVE_OFF_OPEN	(1u << 18)

/* how a VL change carries V, FPSR and FPCR over */
enum { CARRY_KEEP, CARRY_KEPT_OR_ZERO, CARRY_ZERO };

/* field groups (the model's granularity) */
enum {
	G_ZLO,		/* Z[127:0], i.e. V */
	G_ZHI,		/* Z above bit 127 */
	G_P,
	G_FFR,
	G_FPSR,		/* FPSR and FPCR */
	G_INFO,		/* VL, SVCR as the tracee read them */
	G_ZA,		/* ZA rows (SME variants only) */
	G_ZT,		/* ZT0 (SME2) */
	G_TPIDR2,
	G_FPMR,
	G_NGROUPS
};
#define GM(g)	(1ull << (g))

/* canary component numbers */
enum { C_Z = 16, C_P, C_FFR, C_FPSR, C_FPCR, C_INFO, C_ZA, C_ZT, C_TPIDR2,
       C_FPMR };





/*
 * What format a regset read must report (astate[0]).  A case starts at
 * FMT_EITHER: the tracee's libc may have used SVE before the first load.
 */
enum { FMT_EITHER, FMT_FPSIMD, FMT_SVE };

/* This backend's part of a variant (struct fpabi_variant.arch): the VL,
 * the SVL (0: no SME in the variant) and the SVCR it starts in. */
struct __attribute__((may_alias)) a64_variant {
	uint32_t vl, svl, svcr, pad;
};

_Static_assert(sizeof(struct a64_variant) <=
	       sizeof(((struct fpabi_variant *)0)->arch), "a64_variant fits");

#define AV(v)	FPABI_VARIANT_VIEW(struct a64_variant, v)

#define MAX_VLS 16

struct a64_machine {
	unsigned long hwcap, hwcap2;
	unsigned sve_vls[MAX_VLS], nsve;	/* supported, ascending */
	unsigned sme_vls[MAX_VLS], nsme;
	int sve_default, sme_default;		/* /proc/sys/abi, -1 if absent */
	unsigned sve_max, sme_max;
	bool v616;				/* the 6.16 ABI revision */
};

static inline const struct a64_machine *am(const struct fpabi_run *r)
{
	return r->m->arch;
}

static inline bool has_sve(const struct fpabi_run *r)
{
	return r->m->have & NEED_SVE;
}

static inline bool sme_run(const struct fpabi_run *r)
{
	return AV(&r->v)->svl != 0;
}

/* the effective vector length of r->v (what layouts are made at) */
static inline unsigned v_eff_vl(const struct fpabi_run *r)
{
	if (sme_run(r) && (AV(&r->v)->svcr & SV_SM))
		return AV(&r->v)->svl;
	return has_sve(r) ? AV(&r->v)->vl : 16;
}

/*
 * the image's vector length: the effective one, 16 without SVE.  SME
 * runs read it from the expectation's vl field, which snapshots carry
 * (a frame is checked after the run, with its snapshot restored).
 */
static inline unsigned img_vl(const struct fpabi_run *r)
{
	if (sme_run(r) && r->exp.img) {
		uint64_t vl;

		memcpy(&vl, r->exp.img + FPABI_A64_CTRL_VL, 8);
		if (vl)
			return (unsigned)vl;
	}
	return v_eff_vl(r);
}

/*
 * The layers of the backend, from the bottom up; a file calls only into
 * its own layer or those below it, and only arch.c reads fpabi_arch.
 *   data: rules.c (the rules catalogue), features.c, image.c, known.c,
 *     histories.c
 *   state.c: SVCR and the vector lengths, and their transitions
 *   precond.c: the scenario preconditions and their proofs
 *   payload.c (and sigframe.h's record walk): payload checks
 *   the observers: regset.c (regset reads), sigframe.c (frame reads)
 *   the model: model.c (events and steps), sme.c, signal.c
 *   the writes: wpayload.c, wtable.c, wmodel.c, wmatrix.c, then
 *     write.c (the executor), and the signal-edit matrix smatrix.c
 *   calib.c (the calibration's round trip)
 *   arch.c: the struct of hooks
 */

/* calib.c: the calibration's round trip (fpabi/calib.h) */
const char *a64_calib_trip(struct fpabi_run *r, unsigned k,
			   const uint8_t *in, uint8_t *out);
bool a64_calib_stores(const struct fpabi_run *r, unsigned k,
		      const struct fpabi_field *f);

/* data (features.c, image.c) */
void a64_probe(struct fpabi_machine *m);
void a64_info(const struct fpabi_machine *m, FILE *f);
void a64_env_json(const struct fpabi_machine *m, FILE *f);
/* MIDR_EL1 from sysfs, or the mrs Linux emulates (HWCAP_CPUID); 0 */
unsigned long long a64_read_midr(void);
int a64_variants(const struct fpabi_machine *m, enum variant_set set,
		 struct fpabi_variant *v, int max);
const char *a64_group_name(unsigned group);

void a64_layout(const struct fpabi_machine *m, const struct fpabi_variant *v,
		struct fpabi_layout *lo);
void a64_init_image(struct fpabi_run *r, uint8_t *img);
void a64_fill_shaped(struct fpabi_run *r, const struct fpabi_field *f,
		     uint8_t *dst, unsigned phase, unsigned task);
void a64_expect_groups(struct fpabi_run *r, uint64_t groups,
		       const uint8_t *src, unsigned phase,
		       const struct fpabi_rule *rule);
void a64_expect_zero(struct fpabi_run *r, uint64_t groups,
		     const struct fpabi_rule *rule);
/* SME image areas: at offsets that do not depend on the VL */
size_t a64_za_off(const struct fpabi_machine *m);
size_t a64_zt_off(const struct fpabi_machine *m);
size_t a64_sme_image_size(const struct fpabi_machine *m);
extern const struct fpabi_rule a64_rules[];

/* the state (state.c) */
/* the field of group called name in the layout, or -1 */
int a64_field_index(const struct fpabi_run *r, unsigned group,
		    const char *name);
/* the model's SVCR (from the expectation's svcr field) */
unsigned a64_svcr(const struct fpabi_run *r);
/* the model's AV(&r->v)->svcr from the expectation (after a snapshot restore) */
void a64_sync_svcr(struct fpabi_run *r);
/* the G_INFO field name (svcr, vl, svl) expects val */
void a64_set_info(struct fpabi_run *r, const char *name, uint64_t val);
/* SVCR becomes svcr: relayout if the effective VL changes (everything
 * then at init, V carried as carry says), the svcr field set */
void a64_set_svcr(struct fpabi_run *r, unsigned svcr, uint64_t keep,
		  uint64_t koz, const struct fpabi_rule *rule);
/* streaming without FA64: FFR reads zero (A-PT-8) */
void a64_ffr_rule(struct fpabi_run *r);
unsigned a64_other_vl(const struct fpabi_run *r);
void a64_change_vl(struct fpabi_run *r, unsigned vl, int carry,
		   const struct fpabi_rule *rule);
/* the SVE VL a new image starts with */
unsigned a64_exec_vl(const struct fpabi_run *r);
/* another supported SME VL than the variant's */
unsigned a64_other_svl(const struct fpabi_run *r);
/* the task's SME VL becomes svl (vec_set_vector_length(), A-VL-6) */
void a64_sme_change_svl(struct fpabi_run *r, unsigned svl,
			const struct fpabi_rule *rule);
/* the task's SVE VL becomes vl with SVCR as it is (vec_set_vector_length()
 * of the SVE VL: SM, ZA, ZT0, V, FPSR, FPCR, TPIDR2, FPMR kept) */
void a64_sme_change_sve_vl(struct fpabi_run *r, unsigned vl,
			   const struct fpabi_rule *rule);
/* the format at signal sig's delivery, as the model kept it */
unsigned a64_frame_fmt(const struct fpabi_run *r, unsigned sig);
/* does the model expect live SVE bits (anything above V non-zero)? */
bool a64_expects_sve_bits(const struct fpabi_run *r);

/* precond.c: the scenario preconditions and their proofs, at a frame
 * (w: its records walked; need: the ABI requires sve_context's payload;
 * fmt: the format at delivery), an NT_ARM_SVE read's header flags, a
 * read while the model has SVCR 0 (off: ZA seen off), an smstart */
extern const struct fpabi_precond a64_preconds[];
void a64_prove_payload(struct fpabi_run *r, const char *obs,
		       struct a64_walk *w, bool need, unsigned fmt);
void a64_prove_sve_off(struct fpabi_run *r, const char *obs, unsigned flags);
void a64_prove_fp_fpsimd(struct fpabi_run *r, const char *obs, unsigned flags);
void a64_prove_sme_off(struct fpabi_run *r, const char *obs, const char *what,
		       bool off);
void a64_prove_sme_unused(struct fpabi_run *r);
/* SVCR is 0 at step upto whatever came before: the loads there run no
 * SME instruction */
bool a64_svcr_zero_for_certain(const struct fpabi_run *r, int upto);
/* an SME run's load of everything where SVCR is 0 for certain: its event
 * without any SME instruction; false: not such a load */
bool a64_load_without_sme(struct fpabi_run *r, struct fpabi_ev *ev);

/* the payload checks (payload.c) */
/* A-PT-1: bytes of buf from off to len are still the poison a read put there. */
void a64_check_untouched(struct fpabi_run *r, const char *obs,
			 const uint8_t *buf, size_t off, size_t len);
/* V registers (16 bytes each), FPSR and FPCR into an image */
void a64_fpsimd_to_image(struct fpabi_run *r, const uint8_t *fpr,
			 uint8_t *img);
/* A-PT-6: an SVE-format (or, NT_ARM_SVE only, FPSIMD-format) payload
 * at the image's VL, and its zero padding, against the model. */
struct user_sve_header;
void a64_check_sve_payload(struct fpabi_run *r, const char *obs,
			   const uint8_t *buf, const struct user_sve_header *h);

/* the observers: regset reads at a stop (regset.c), a frame (sigframe.c) */
void a64_check_stop(struct fpabi_run *r);
const char *a64_edit_name(unsigned edit);
/* fpabi repro's straight-line sig_body() and frame edits (repro-sig.c); true:
 * the handler written whole, in C (the file ends after its frame copy) */
struct fpabi_rec;
bool a64_line_sig_body(const struct fpabi_rec *rec, unsigned uses, FILE *out);
/* the HWCAP checks a file needs: a table (the table form), or (line)
 * check_features()'s opening and an if each (repro-line.c) */
void a64_emit_needed(const struct fpabi_rec *rec, bool line, FILE *out);
/* where sig_body() puts its copy of the sve_context payload: this far past
 * its copy of the other records, both image-shaped (fpabi's layout) */
uint32_t a64_frame_part(const struct fpabi_rec *rec);
/* the frame copy and the edits take one VL */
bool a64_frame_copy_ok(const struct fpabi_rec *rec);
const char *a64_rec_name(unsigned rec);
unsigned a64_edit_phases(unsigned edit);
void a64_check_frame(struct fpabi_run *r, const struct fpabi_sig_slot *s,
		     const uint8_t *copy, const char *observer);

/* the model: events and steps (model.c) */
void a64_ev_load(struct fpabi_run *r, struct fpabi_ev *ev, unsigned kind);
void a64_ev_store(struct fpabi_run *r, struct fpabi_ev *ev);
uint64_t a64_syscall_arg(struct fpabi_run *r, unsigned sc, unsigned code);
void a64_exec_store(struct fpabi_run *r, struct fpabi_ev *ev, size_t *len);
void a64_model_exec(struct fpabi_run *r);
void a64_model_exec_start(struct fpabi_run *r);
void a64_model_child(struct fpabi_run *r, unsigned sc, unsigned kind);
void a64_child_store(struct fpabi_run *r, unsigned kind, struct fpabi_ev *ev);
void a64_make_competitor(struct fpabi_run *r, uint8_t *dst,
			 struct fpabi_ev *ev);
void a64_model_store(struct fpabi_run *r);
void a64_model_load(struct fpabi_run *r, unsigned phase, unsigned kind);
void a64_model_syscall(struct fpabi_run *r, unsigned sc, uint64_t arg);
/* the SME part of the model (sme.c) */
void a64_sme_model_smstart(struct fpabi_run *r);
void a64_sme_model_load(struct fpabi_run *r, unsigned phase);
void a64_sme_model_syscall(struct fpabi_run *r);
/* L_SMSTART_SM .. L_SMSTOP_ZA */
void a64_sme_model_pstate(struct fpabi_run *r, unsigned kind);
/* PR_SME_SET_VL from the tracee with arg (after the syscall's own effect) */
void a64_sme_model_prctl(struct fpabi_run *r, uint64_t arg);
void a64_sme_handler_entry(struct fpabi_run *r);
void a64_sme_model_exec(struct fpabi_run *r);
void a64_sme_model_child(struct fpabi_run *r, unsigned sc);
/* signals (signal.c) */
void a64_model_handler_entry(struct fpabi_run *r);
void a64_model_refused(struct fpabi_run *r, unsigned edit, unsigned phase,
		       unsigned clobber);
void a64_model_sigreturn(struct fpabi_run *r, unsigned edit, unsigned phase);

/* the writes (write.h for their parts): the executor (write.c) */
int a64_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind);
const char *a64_write_kind_name(unsigned kind);

extern const struct fpabi_history a64_histories[];
extern const struct fpabi_matrix a64_matrix_write, a64_matrix_signal;
/* the event families' matrices (ematrix.c) */
extern const struct fpabi_matrix a64_matrix_ev_syscall, a64_matrix_ev_trap,
	a64_matrix_ev_signal, a64_matrix_ev_exec, a64_matrix_ev_fork;
/* the arm64 matrices' shared axes (wmatrix.c): SVCR and histories */
#define A64_MX_MODES	4
const char *a64_mx_mode_name(unsigned k);
const char *a64_mx_mode_variant(const struct fpabi_machine *m, unsigned k,
				struct fpabi_variant *v);
#define A64_MX_HISTS	3
extern const char *const a64_mx_hist_kinds[A64_MX_HISTS];
const struct fpabi_history *a64_mx_history(const struct fpabi_machine *m,
					   unsigned k,
					   const struct fpabi_variant *v);
/* what each history kind sets (list --axes rows), SVCR as two axes */
extern const char *const a64_mx_hist_sets[A64_MX_HISTS];
extern const char *const a64_mx_split[2];
extern const struct fpabi_known_issue a64_known[];
extern const struct fpabi_family *const a64_families[];

#endif
