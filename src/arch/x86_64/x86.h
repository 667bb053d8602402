/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The x86_64 backend's shared declarations. */
#ifndef FPABI_X86_H
#define FPABI_X86_H

#include "fpabi/arch.h"
#include "fpabi/precond.h"
#include "fpabi/run.h"
#include "xsave.h"
#include "fpabi/x86_64-case.h"

/* This backend's part of a variant (struct fpabi_variant.arch): the
 * components the variant loads non-init (an XSTATE_BV). */
struct __attribute__((may_alias)) x86_variant {
	uint64_t xfeatures;
};

_Static_assert(sizeof(struct x86_variant) <=
	       sizeof(((struct fpabi_variant *)0)->arch), "x86_variant fits");

#define XV(v)	FPABI_VARIANT_VIEW(struct x86_variant, v)

/*
 * The XSAVE components (comp.c, x86_comps[]): one row per component the
 * kernel knows; the tested ones list their registers as runs.
 */
enum x86_tested {
	T_NEVER,	/* known by name only: no case loads it */
	T_ALWAYS,	/* x87 and SSE: in every image */
	T_XCR0,		/* in every image where XCR0 enables it */
	T_VARIANT,	/* only in the variants that load it (AMX) */
};

/* x86_comp.flags */
#define C_IN_FRAME	1u	/* a signal frame's XSTATE_BV always has it,
				   where the machine has its need (X-SIG-3) */
#define C_DYNAMIC	2u	/* XFD: in the task's buffer (signal frames,
				   fx_sw) only once used (X-SIG-1, X-SIG-2) */
#define C_PART		4u	/* part of another row's component (MXCSR) */
#define C_LEGACY	8u	/* offsets from byte 0 (the legacy area) */

/* x86_run.flags */
#define RUN_FP_POINTER	1u	/* FOP/FIP/FDP: some CPUs keep them only
				   while an x87 exception is pending */

/* n registers of one kind, the canary shape they are filled with */
struct x86_run {
	const char *name;	/* its name; of n > 1, with the number: xmm3 */
	uint16_t off;		/* the first's, from the component's start */
	uint16_t size;		/* bytes of one register in the image */
	uint16_t stride;	/* from one register to the next */
	uint16_t reg_off;	/* where those bytes sit in the named register */
	uint16_t pad;		/* reserved bytes after each (<name>.reserved) */
	uint8_t first, n;	/* register (and canary reg) numbers */
	uint8_t fill;		/* enum field_fill */
	uint8_t flags;		/* RUN_* */
	uint32_t init;		/* X-GEN-3 init value, little-endian, <= 4 bytes */
	/* FILL_SHAPED: a valid value from the canary word w; FILL_FIXED:
	 * the value (w unused) */
	void (*shape)(const struct fpabi_run *r, uint64_t w, uint8_t *dst);
};

struct x86_comp {
	const char *name;	/* xfeature_name() */
	uint8_t xf;		/* XSTATE_BV bit, canary component, field group */
	uint8_t tested;		/* enum x86_tested */
	uint8_t flags;		/* C_* */
	uint64_t need;		/* the NEED_* bit it (with its kin) gives */
	uint64_t saved_with;	/* C_PART: XSAVE stores it when RFBM has any */
	const char *fork_rule;	/* a fork child has it at init, by this rule
				   (NULL: copied, X-PROC-2) */
	const void *fresh;	/* its value after exec or on handler entry
				   (NULL: init) */
	struct x86_run regs[8];	/* in image order, ended by a NULL name */
};

extern const struct x86_comp x86_comps[];

struct x86_machine {
	struct xsave_layout xl;
	char vendor[13];
	char brand[49];
	unsigned family, model, stepping;
	bool amd, xsaveerptr, ospke;
	/* profile: sigreturn looks for magic2 at the task's XSAVE size and
	 * ignores fx_sw.xstate_size (6.14 to 7.0, dc8aa31a7ac2) */
	bool magic2_at_user_size;
	uint32_t mxcsr_mask;
	uint64_t testable;	/* T_ALWAYS and T_XCR0 components XCR0 enables */
	uint32_t size;		/* user XSAVE size: images, NT_X86_XSTATE */
	int xcomp_err;		/* errno of ARCH_GET_XCOMP_SUPP, 0 if it worked */
	uint64_t xcomp_supp, xcomp_perm;
	unsigned long minsigstksz;
};

static inline const struct x86_machine *xm(const struct fpabi_run *r)
{
	return r->m->arch;
}

/* comp.c */
uint64_t x86_comp_mask(int tested, unsigned flags);
const struct x86_run *x86_run_of(const struct fpabi_field *f,
				 const struct x86_comp **comp);
const struct x86_comp *x86_comp_of(const struct fpabi_field *f);
void x86_comps_check(const struct x86_machine *x);
void x86_comps_probe(struct fpabi_machine *m, struct x86_machine *x);
uint64_t x86_frame_bv(const struct fpabi_run *r);
bool x86_field_saved(const struct fpabi_field *f, uint64_t xstate_bv,
		     uint64_t rfbm);

/* The components a run loads and stores: T_VARIANT ones only when asked. */
static inline uint64_t x86_mask(const struct fpabi_run *r)
{
	return xm(r)->testable |
	       (XV(&r->v)->xfeatures & x86_comp_mask(T_VARIANT, 0));
}

void x86_probe(struct fpabi_machine *m);
const char *x86_calib_trip(struct fpabi_run *r, unsigned k,
			   const uint8_t *in, uint8_t *out);	/* calib.c */
bool x86_calib_stores(const struct fpabi_run *r, unsigned k,
		      const struct fpabi_field *f);
void x86_info(const struct fpabi_machine *m, FILE *f);
void x86_env_json(const struct fpabi_machine *m, FILE *f);
int x86_variants(const struct fpabi_machine *m, enum variant_set set,
		 struct fpabi_variant *v, int max);
const char *x86_group_name(unsigned group);

void x86_layout(const struct fpabi_machine *m, const struct fpabi_variant *v,
		struct fpabi_layout *lo);
void x86_init_image(struct fpabi_run *r, uint8_t *img);
void x86_fill_shaped(struct fpabi_run *r, const struct fpabi_field *f,
		     uint8_t *dst, unsigned phase, unsigned task);
void x86_set_header(uint8_t *img, uint64_t xstate_bv);
uint64_t x86_expected_live(const struct fpabi_run *r);
/* the same with the parts of others (MXCSR) apart: *part has the bits
 * one of which a header must have for them (X-PT-3) */
uint64_t x86_expected_live_part(const struct fpabi_run *r, uint64_t *part);
void x86_expect_fresh(struct fpabi_run *r, const struct fpabi_rule *rule);
void x86_expect_components(struct fpabi_run *r, unsigned phase,
			   uint64_t live, const struct fpabi_rule *rule);

void x86_check_stop(struct fpabi_run *r);
/* what a malformed write changes (write_bad(), bad_mutate()) */
enum bad_mut {
	M_NONE, M_BV_OUTSIDE, M_BV_SUPERVISOR, M_BV_BIT63, M_XCOMP,
	M_RSVD_FIRST, M_RSVD_LAST, M_MXCSR, M_MXCSR_SSE, M_MXCSR_YMM,
	/* matrix rows (wmatrix.c) */
	M_XCOMP_LOW,	/* xcomp_bv bit 0 without bit 63 */
	M_MXCSR_MASK,	/* MXCSR_MASK (the CPU's, read-only) bogus */
	M_SW_BYTES,	/* NT_PRFPREG bytes 416-511 (sw_reserved) bogus */
};

/* XSTATE_BV of a write (struct x86_write .bvsel) */
enum { BV_VARIANT, BV_ALL, BV_NONE, BV_ALL_BUT, BV_ONLY };

struct x86_write;
/* What a matrix row does in the task's state (wmatrix.c). */
struct x86_outcome {
	int err;
	const char *rule;
	bool fpregs;		/* NT_PRFPREG: x87, SSE from the buffer, the
				   rest kept */
	int mxcsr;		/* enum x86_mx */
	bool unspecified, changes;
	const char *what, *skip;
};
/* MXCSR after an NT_X86_XSTATE write */
enum x86_mx { MX_WRITTEN, MX_KEPT, MX_INIT };
typedef void x86_write_expect(const struct x86_write *w,
			      const struct fpabi_machine *m,
			      const struct fpabi_variant *v,
			      struct x86_outcome *o);

/* One write kind (S_WRITE b): x86_writes[] at the end of this file. */
struct x86_write {
	const char *name;	/* write_kind_name() */
	/* a kind of its own; NULL: write_bad() from the fields below */
	int (*fn)(struct fpabi_run *r, unsigned phase,
		  const struct x86_write *w);
	unsigned note;		/* NT_* */
	bool rel;		/* len is relative to the regset's full size */
	int len;
	uint8_t mut;		/* enum bad_mut */
	int err;		/* what the kernel answers; 0: accepted */
	const char *rule;
	const char *what;	/* for the observer line */
	uint64_t bv;		/* write_xstate(): XSTATE_BV (0: the variant's) */
	/* matrix rows: XSTATE_BV as bvsel says (BV_ALL_BUT, BV_ONLY: bit),
	 * the outcome from expect */
	uint8_t bvsel, bit;
	x86_write_expect *expect;
};

/* regset.c: a whole image of phase with the row's changes, written as the
 * row says; payload.c: what the payloads are made of; the rows of the
 * regset-write matrix (wmatrix.c, kinds from W_MX_BASE) */
int x86_write_bad(struct fpabi_run *r, unsigned phase,
		  const struct x86_write *w);
uint64_t x86_row_bv(const struct fpabi_machine *m,
		    const struct fpabi_variant *v, const struct x86_write *w);
uint32_t x86_mxcsr_reserved_bit(const struct x86_machine *x);
uint64_t x86_bv_outside_bit(const struct x86_machine *x);
const struct x86_write *x86_mx_row(unsigned kind);


int x86_write_stop(struct fpabi_run *r, unsigned phase, unsigned kind);
const char *x86_write_kind_name(unsigned kind);

/* the model: events and steps (model.c), the hooks of arch.c */
void x86_model_load(struct fpabi_run *r, unsigned phase, unsigned kind);
void x86_model_syscall(struct fpabi_run *r, unsigned sc, uint64_t arg);
void x86_model_exec(struct fpabi_run *r);
void x86_exec_store(struct fpabi_run *r, struct fpabi_ev *ev, size_t *len);
void x86_model_child(struct fpabi_run *r, unsigned sc, unsigned kind);
void x86_ev_load(struct fpabi_run *r, struct fpabi_ev *ev, unsigned kind);
void x86_make_competitor(struct fpabi_run *r, uint8_t *dst,
			 struct fpabi_ev *ev);
void x86_ev_store(struct fpabi_run *r, struct fpabi_ev *ev);
void x86_poison_dump(struct fpabi_run *r, uint8_t *dump);
void x86_check_dump(struct fpabi_run *r, const uint8_t *dump,
		    const char *observer);
void x86_model_handler_entry(struct fpabi_run *r);
void x86_model_sigreturn(struct fpabi_run *r, unsigned edit, unsigned phase);
void x86_model_refused(struct fpabi_run *r, unsigned edit, unsigned phase,
		       unsigned clobber);
void x86_check_frame(struct fpabi_run *r, const struct fpabi_sig_slot *s,
		     const uint8_t *copy, const char *observer);
const char *x86_edit_name(unsigned edit);

extern const struct fpabi_rule x86_rules[];
/* precond.c: the scenario preconditions, and the proof of "component in
 * init" at an NT_X86_XSTATE read and at a signal frame's XSAVE header */
extern const struct fpabi_precond x86_preconds[];
void x86_prove_init_read(struct fpabi_run *r, const char *obs, uint64_t bv);
void x86_prove_init_frame(struct fpabi_run *r, const char *obs, uint64_t bv);
extern const struct fpabi_history x86_histories[];
extern const struct fpabi_matrix x86_matrix_write, x86_matrix_signal;
/* the event families' matrices (ematrix.c) */
extern const struct fpabi_matrix x86_matrix_ev_syscall, x86_matrix_ev_signal,
	x86_matrix_ev_exec, x86_matrix_ev_fork;
/* the x86 matrices' shared axes (wmatrix.c): XSTATE_BV subsets (the
 * variants) and histories */
#define X86_MX_MODES	5
const char *x86_mx_mode_name(unsigned k);
const char *x86_mx_mode_variant(const struct fpabi_machine *m, unsigned k,
				struct fpabi_variant *v);
#define X86_MX_HISTS	3
extern const char *const x86_mx_hist_kinds[X86_MX_HISTS];
const struct fpabi_history *x86_mx_history(const struct fpabi_machine *m,
					   unsigned k,
					   const struct fpabi_variant *v);
/* what each history kind sets (list --axes rows) */
extern const char *const x86_mx_hist_sets[X86_MX_HISTS];
const char *x86_variant_name(unsigned k);
extern const struct fpabi_family *const x86_families[];

/* fpabi repro's signal side (repro-sig.c): an edit it writes; the case's
 * frame edits (inl: one signal's, in sig_body()); the straight-line
 * form's slots and sig_body(), then the handler around the signals' event
 * lists */
struct fpabi_rec;
struct fpabi_shm_hdr;
struct fpabi_sig_slot;
bool x86_edit_known(const struct fpabi_sig_slot *s);
void x86_emit_edit_frame(const struct fpabi_shm_hdr *h, bool inl, FILE *out);
void x86_line_signals(const struct fpabi_rec *rec, unsigned int uses, FILE *out);
void x86_line_handler(const struct fpabi_rec *rec, unsigned int uses, FILE *out,
		      void (*list)(void *ctx, uint64_t off), void *ctx);

#endif
