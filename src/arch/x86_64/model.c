// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 model: what each step does to what the tracee, the regsets
 * and the dumps must show; the tracee's load and store events.
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/platform.h"
#include "fpabi/shm.h"
#include "fpabi/axes.h"
#include "fpabi/matrix.h"
#include "fpabi/util.h"
#include "x86.h"

static void x86_model_load(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	(void)kind;
	x86_expect_components(r, phase, XV(&r->v)->xfeatures, NULL);
}

/*
 * X-SYS-1: an ordinary syscall keeps all user xstate; nothing on the
 * syscall path zeroes vector state (the registers are restored lazily by
 * switch_fpu_return() only if the task was switched out).
 */
static void x86_model_syscall(struct fpabi_run *r, unsigned sc, uint64_t arg)
{
	(void)r;
	(void)sc;
	(void)arg;
}

/*
 * X-PROC-1: a new image starts with every user component at init, and
 * PKRU at init_pkru_value.
 */
static void x86_model_exec(struct fpabi_run *r)
{
	x86_expect_fresh(r, rule_get("X-PROC-1"));
}

static void x86_exec_store(struct fpabi_run *r, struct fpabi_ev *ev,
			   size_t *len)
{
	ev->mask = x86_mask(r);
	*len = xm(r)->size;
}

long fpabi_x86_tracer_ptrace(long req, long pid, long addr, long data,
			     const void *vin, void *vout);
long fpabi_x86_tracer_ptrace_zmm(long req, long pid, long addr, long data,
				 const void *vin, void *vout);

static long x86_tracer_ptrace(const struct fpabi_machine *m, long req,
			      long pid, void *addr, void *data,
			      const void *vin, void *vout)
{
	if (m->have & NEED_AVX512)
		return fpabi_x86_tracer_ptrace_zmm(req, pid, (long)addr,
						   (long)data, vin, vout);
	return fpabi_x86_tracer_ptrace(req, pid, (long)addr, (long)data, vin,
				       vout);
}

/* ZMM0-ZMM31 with AVX-512, else XMM0-XMM15: what any syscall keeps */
static const char *x86_tracer_regs(const struct fpabi_machine *m,
				   size_t *len, unsigned *width)
{
	bool zmm = m->have & NEED_AVX512;

	*width = zmm ? 64 : 16;
	*len = zmm ? 32 * 64 : 16 * 16;
	return zmm ? "zmm" : "xmm";
}

static void x86_shm_setup(struct fpabi_run *r, struct fpabi_shm_hdr *h)
{
	/* a dynamic component (TILEDATA) needs ARCH_REQ_XCOMP_PERM first */
	h->arch_setup[X86_SETUP_AMX] =
		(XV(&r->v)->xfeatures & x86_comp_mask(-1, C_DYNAMIC)) != 0;
	h->arch_flags = (r->m->platform->present | r->m->platform->untestable) &
			QUIRK_MXCSR_RSVD_OK ? FPABI_X86_NO_MXCSR_GP : 0;
}

/*
 * X-PROC-2: a forked child's xstate is the parent's, but for the
 * components whose row has a fork rule (X-AMX-2: TILEDATA is at init,
 * and XFD re-armed; TILECFG is copied).
 */
static void x86_model_child(struct fpabi_run *r, unsigned sc,
			    unsigned kind)
{
	unsigned i;

	(void)sc;
	(void)kind;
	for (i = 0; i < r->lo.nfields; i++) {
		const struct x86_comp *c = x86_comp_of(&r->lo.f[i]);

		if (c->fork_rule)
			expect_field_init(r, i, rule_get(c->fork_rule));
	}
}

static void x86_make_load(struct fpabi_run *r, uint8_t *dst, unsigned phase,
			  unsigned task)
{
	image_fill(r, dst, phase, task);
	x86_set_header(dst, XV(&r->v)->xfeatures);
}

static void x86_ev_load(struct fpabi_run *r, struct fpabi_ev *ev, unsigned kind)
{
	(void)kind;
	ev->mask = x86_mask(r);
}

/*
 * The competitor holds a canary in every component the run can load
 * (x87, SSE, AVX, the AVX-512 opmasks, ZMM_Hi256 and Hi16_ZMM, PKRU where
 * tested, the tiles in AMX runs), whatever the variant's XSTATE_BV: any
 * of them seen in the tracee is named as its.
 */
static void x86_make_competitor(struct fpabi_run *r, uint8_t *dst,
				struct fpabi_ev *ev)
{
	image_fill(r, dst, 1, 1);
	x86_set_header(dst, x86_mask(r));
	ev->mask = x86_mask(r);
}

static void x86_ev_store(struct fpabi_run *r, struct fpabi_ev *ev)
{
	ev->mask = x86_mask(r);
}

static size_t x86_image_size(struct fpabi_run *r)
{
	return xm(r)->size;
}

/*
 * The tracee's XSAVE (RFBM x86_mask()): bytes it need not store
 * (x86_field_saved(): a component whose XSTATE_BV bit is clear) are taken
 * as init.
 */
/* A dump the tracee's XSAVE never wrote must read as poison in every
 * component: its header claims them all (XSAVE always writes it). */
static void x86_poison_dump(struct fpabi_run *r, uint8_t *dump)
{
	uint64_t all = ~0ull;

	(void)r;
	memcpy(dump + XSAVE_HDR_OFF, &all, sizeof(all));
}

static void x86_check_dump(struct fpabi_run *r, const uint8_t *dump,
			   const char *observer)
{
	uint8_t *img = xmalloc(r->lo.size);
	struct xsave_hdr h;
	unsigned i;

	memcpy(img, dump, r->lo.size);
	xstate_hdr_get(dump, r->lo.size, &h);
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];

		if (x86_field_saved(f, h.xstate_bv, x86_mask(r)))
			continue;
		memcpy(img + f->off, r->exp.init + f->off, f->size);
	}
	check_image(r, observer, img);
	free(img);
}

const struct fpabi_rule x86_rules[] = {
	{ "X-GEN-1", "user space only ever sees the standard (non-compacted) "
	  "XSAVE format; xcomp_bv is 0 in everything the kernel produces",
	  "arch/x86/kernel/fpu/xstate.c: __copy_xstate_to_uabi_buf()" },
	{ "X-GEN-3", "init values: FCW 0x037f, FSW 0, FTW 0, MXCSR 0x1f80, "
	  "MXCSR_MASK the CPU's, every extended component all zeros",
	  "arch/x86/kernel/fpu/xstate.c: setup_init_fpu_buf(); SDM vol. 1 13.6" },
	{ "X-SYS-1", "an ordinary syscall keeps all user xstate: x87, SSE, "
	  "AVX, AVX-512, PKRU",
	  "arch/x86/kernel/fpu/core.c: switch_fpu_return() restores lazily; "
	  "no zeroing on the syscall path" },
	{ "X-PT-1", "NT_PRFPREG is the 512-byte FXSAVE image of the task; "
	  "bytes 416-511 are zero",
	  "arch/x86/kernel/fpu/regset.c: xfpregs_get()" },
	{ "X-PT-2", "an NT_PRFPREG write of 512 bytes loads the x87 and SSE "
	  "state; the other components are unchanged",
	  "arch/x86/kernel/fpu/regset.c: xfpregs_set()" },
	{ "X-PT-3", "NT_X86_XSTATE is the task's user xstate in standard format, "
	  "of the largest user XSAVE size: bytes 416-463 zero, bytes 464-471 "
	  "the user XCR0, 472-511 zero, XSTATE_BV within XCR0, xcomp_bv and "
	  "the reserved header bytes zero, components whose XSTATE_BV bit is "
	  "clear and gaps between components zero-filled (x87/SSE at init)",
	  "arch/x86/kernel/fpu/regset.c: xstateregs_get(); "
	  "xstate.c: __copy_xstate_to_uabi_buf()" },
	{ "X-PT-4", "an NT_X86_XSTATE write of the full size with a valid "
	  "header succeeds",
	  "arch/x86/kernel/fpu/regset.c: xstateregs_set(); "
	  "xstate.c: copy_uabi_to_xstate()" },
	{ "X-PT-5", "after an NT_X86_XSTATE write, components whose XSTATE_BV "
	  "bit is set hold the written values and the others are at init",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate()" },
	{ "X-PT-6", "an NT_X86_XSTATE write whose XSAVE header has XSTATE_BV "
	  "bits outside the task's user features (unknown, disabled or "
	  "supervisor), a non-zero xcomp_bv, or a non-zero reserved byte "
	  "fails with EINVAL",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate(), "
	  "validate_user_xstate_header()" },
	{ "X-PT-7", "an NT_X86_XSTATE write with x87, SSE or AVX in XSTATE_BV "
	  "and an MXCSR bit outside mxcsr_feature_mask (the CPU's MXCSR_MASK) "
	  "fails with EINVAL (5.14+)",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate(); "
	  "fpu/init.c: fpu__init_system_mxcsr()" },
	{ "X-PT-8", "an NT_X86_XSTATE write is the whole user XSAVE area: "
	  "iov_len not a multiple of 8 fails with EINVAL, a shorter one "
	  "(0 included) with EFAULT, a longer one is cut to the size and "
	  "accepted",
	  "kernel/ptrace.c: ptrace_regset(); "
	  "arch/x86/kernel/fpu/regset.c: xstateregs_set()" },
	{ "X-PT-9", "an NT_PRFPREG write is 512 bytes: iov_len not a multiple "
	  "of 8 or shorter (0 included) fails with EINVAL, a longer one is cut "
	  "to 512 and accepted; an MXCSR bit outside mxcsr_feature_mask fails "
	  "with EINVAL (5.14+; before, partial writes were taken and MXCSR "
	  "masked)",
	  "kernel/ptrace.c: ptrace_regset(); "
	  "arch/x86/kernel/fpu/regset.c: xfpregs_set()" },
	{ "X-PT-13", "an NT_X86_XSTATE write whose XSTATE_BV has none of "
	  "x87, SSE and AVX leaves MXCSR as it was: it is neither validated "
	  "nor copied",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate() (\"Validate "
	  "MXCSR when any of the related features is in use\")" },
	{ "X-PT-14", "where the kernel keeps the state compacted (XSAVES), "
	  "an NT_X86_XSTATE write whose XSTATE_BV has no SSE leaves the task "
	  "MXCSR 0x1f80, whatever was written: the XRSTORS that loads the "
	  "state initialises SSE state, MXCSR with it (the standard-form "
	  "XRSTOR loads MXCSR whenever it restores SSE or AVX)",
	  "arch/x86/kernel/fpu/xstate.c: copy_uabi_to_xstate() (the kernel "
	  "header takes XSTATE_BV); SDM vol. 1 13.8 (\"the standard form of "
	  "XRSTOR treats MXCSR ... differently from the XMM registers\"); "
	  "CPUID.(EAX=0DH,ECX=1):EAX[3] (XSAVES)" },
	{ "X-PT-10", "NT_PRXFPREG belongs to the 32-bit regset view only: a "
	  "SETREGSET of it on a 64-bit tracee fails with EINVAL",
	  "arch/x86/kernel/ptrace.c: x86_64_regsets[] (REGSET32_XFP is in "
	  "x86_32_regsets[] only); kernel/ptrace.c: ptrace_regset()" },
	{ "X-PT-11", "a refused regset write changes nothing: a fresh read and "
	  "the tracee's registers after it resumes are as before the write",
	  "arch/x86/kernel/fpu/regset.c: xstateregs_set(), xfpregs_set() "
	  "validate before copying; xstate.c: copy_uabi_to_xstate()" },
	{ "X-PT-12", "whatever the kernel makes of a regset write with random "
	  "header, MXCSR and length mutations (taken, partly, or refused), "
	  "every register is its old value, the written one, zero or init: "
	  "nothing stale, foreign or misplaced",
	  "arch/x86/kernel/fpu/regset.c: xstateregs_set(), xfpregs_set(); "
	  "the rules X-PT-2..11" },
	{ "X-SIG-1", "a signal frame's uc_flags has UC_FP_XSTATE and its "
	  "fpstate is a 64-byte aligned XSAVE area",
	  "arch/x86/kernel/signal.c: get_sigframe(); "
	  "fpu/signal.c: fpu__alloc_mathframe()" },
	{ "X-SIG-2", "fx_sw_reserved: magic1 FP_XSTATE_MAGIC1, xstate_size the "
	  "task's XSAVE size, extended_size 4 more, xfeatures the task's user "
	  "features, zero padding; FP_XSTATE_MAGIC2 right after the area",
	  "arch/x86/kernel/fpu/signal.c: save_sw_bytes()" },
	{ "X-SIG-3", "the frame's XSAVE header: FP and SSE (and PKRU) bits set, "
	  "a bit for every live component, xcomp_bv and reserved bytes zero; "
	  "every register as it was when the signal came",
	  "arch/x86/kernel/fpu/signal.c: copy_fpstate_to_sigframe(), "
	  "save_xstate_epilog()" },
	{ "X-SIG-5", "the handler starts with every user component at init "
	  "and PKRU at init_pkru_value (0x55555554 by default)",
	  "arch/x86/kernel/signal.c: handle_signal(); "
	  "fpu/core.c: fpu__clear_user_states()" },
	{ "X-SR-3", "sigreturn restores the frame's components whose "
	  "XSTATE_BV bit is set and puts the others at init",
	  "arch/x86/kernel/fpu/signal.c: __restore_fpregs_from_user()" },
	{ "X-SIG-6", "a signal delivered asynchronously (an interval timer, "
	  "another thread) to a task running in user space: the handler "
	  "starts as X-SIG-5 says, and rt_sigreturn of the unedited frame "
	  "gives the interrupted code back every component it had, bit for "
	  "bit (X-SR-3); whatever the handler loaded never shows",
	  "Documentation/arch/x86/xstate.rst; arch/x86/kernel/signal.c: "
	  "handle_signal(); fpu/signal.c: copy_fpstate_to_sigframe(), "
	  "fpu__restore_sig()" },
	{ "X-SR-4", "a frame without FP_XSTATE_MAGIC1, or without "
	  "FP_XSTATE_MAGIC2 after its XSAVE area, is restored as an FXSAVE "
	  "frame: x87 and SSE from it, every other user component at init",
	  "arch/x86/kernel/fpu/signal.c: check_xstate_in_sigframe() (setfx), "
	  "__restore_fpregs_from_user() (fx_only, init_bv)" },
	{ "X-SR-5", "a frame whose XSAVE image the CPU refuses (xcomp_bv set, "
	  "reserved header bytes, XSTATE_BV beyond XCR0, MXCSR reserved bits) "
	  "or whose fpstate cannot be read or is misaligned: sigreturn raises "
	  "SIGSEGV and the task's user components are all at init, PKRU at "
	  "its default",
	  "arch/x86/kernel/fpu/signal.c: fpu__restore_sig() -> "
	  "fpu__clear_user_states(); arch/x86/kernel/signal_64.c: "
	  "rt_sigreturn badframe" },
	{ "X-SR-6", "fx_sw_reserved.xstate_size locates magic2 and must lie "
	  "between 576 and the task's XSAVE size (profile x86-6.14-7.0: "
	  "ignored, magic2 sought at the task's XSAVE size)",
	  "arch/x86/kernel/fpu/signal.c: check_xstate_in_sigframe(); commit "
	  "dc8aa31a7ac2 (6.14) and its revert 44eeff9bc467 (7.1, stable)" },
	{ "X-SR-7", "fx_sw_reserved.xfeatures chooses what sigreturn restores: "
	  "user components outside it go to init, bits outside the task's "
	  "features are ignored",
	  "arch/x86/kernel/fpu/signal.c: restore_fpregs_from_user() "
	  "(xrestore &= user_xfeatures), __restore_fpregs_from_user() "
	  "(init_bv)" },
	{ "X-SR-8", "a NULL fpstate pointer in the frame is not an error: "
	  "sigreturn puts every user component at init, PKRU at its default",
	  "arch/x86/kernel/fpu/signal.c: fpu__restore_sig() (!buf)" },
	{ "X-SR-9", "sigreturn does not check the frame's xcomp_bv: XRSTOR "
	  "takes a frame with xcomp_bv bit 63 set (on a CPU with XSAVEC) in the "
	  "compacted form, each component of XSTATE_BV read from its compacted "
	  "offset; an xcomp_bv the CPU cannot take (a bit outside XCR0) is "
	  "refused as X-SR-5",
	  "arch/x86/kernel/fpu/signal.c: xrstor_from_user_sigframe() (no "
	  "header check, unlike ptrace's validate_user_xstate_header()); SDM "
	  "vol. 1 13.8" },
	{ "X-SR-10", "whatever sigreturn makes of a mutated frame (taken, "
	  "FXSAVE-only, partly at init, or refused with SIGSEGV), no register "
	  "holds a value the frame, the handler or the task before the signal "
	  "did not give it: nothing stale, foreign or misplaced",
	  "arch/x86/kernel/fpu/signal.c: fpu__restore_sig() and the rules "
	  "X-SR-3..9" },
	{ "X-SCHED-1", "preemption and migration keep every user xstate "
	  "component bit for bit; no other task's values and no older "
	  "values of the task's own show",
	  "arch/x86/kernel/fpu/core.c: save_fpregs_to_fpstate() on switch "
	  "out, switch_fpu_return() / fpregs_restore_userregs() on return" },
	{ "X-PROC-1", "after execve every user component is at its init value "
	  "and PKRU is init_pkru_value (0x55555554 by default)",
	  "arch/x86/kernel/process.c: flush_thread() -> fpu/core.c: "
	  "fpu_flush_thread(); arch/x86/mm/pkeys.c" },
	{ "X-PROC-2", "a forked child or a new thread starts with a copy of "
	  "the parent's registers at the clone, every default component",
	  "arch/x86/kernel/fpu/core.c: fpu_clone(); process.c: copy_thread()" },
	{ "PT-TRACER", "a regset read or write changes the tracee only: the "
	  "tracer's own vector registers are what they were before its ptrace "
	  "call (a syscall keeps them, X-SYS-1)",
	  "arch/x86/kernel/fpu/regset.c: the regset functions act on target's "
	  "fpstate, never on current's" },
	{ "SIG-ALTSTACK", "with SA_ONSTACK the frame is at the top of the "
	  "sigaltstack, and the whole frame fits in AT_MINSIGSTKSZ bytes",
	  "arch/x86/kernel/signal.c: get_sigframe(), init_sigframe_size(); "
	  "fpu/signal.c: fpu__get_fpstate_size()" },
	{ "X-AMX-1", "ARCH_GET_XCOMP_SUPP includes x87 and SSE and only "
	  "supported features; ARCH_GET_XCOMP_PERM is within it; "
	  "ARCH_REQ_XCOMP_PERM refuses TILECFG (EOPNOTSUPP), a feature the "
	  "CPU lacks (EOPNOTSUPP) and an index past the last feature (EINVAL)",
	  "arch/x86/kernel/fpu/xstate.c: fpu_xstate_prctl(), xstate_request_perm()" },
	{ "X-AMX-2", "a forked child's TILEDATA is at init (XFD re-armed); "
	  "the rest of its xstate, TILECFG included, is the parent's",
	  "arch/x86/kernel/fpu/core.c: fpu_clone() (fpstate_reset)" },
	{ "PT-IOV", "GETREGSET sets iov_len to the regset's size and writes "
	  "no byte past it",
	  "kernel/ptrace.c: ptrace_regset(); kernel/regset.c: copy_regset_to_user()" },
	{ NULL, NULL, NULL }
};

static void x86_variant_yaml(const struct fpabi_variant *v, char *out,
			     size_t n)
{
	snprintf(out, n, "xstate_bv: \"%#llx\"\n",
		 (unsigned long long)XV(v)->xfeatures);
}

#define PKRU_EXEC_STOP \
	"kernel: at PTRACE_EVENT_EXEC NT_X86_XSTATE shows PKRU 0 (XSTATE_BV " \
	"bit clear) while the new image starts with init_pkru_value; see " \
	"KNOWN-ISSUES.md (pkru-exec-stop)"
#define XSTATE_MXCSR \
	"kernel: after an NT_X86_XSTATE write without SSE in XSTATE_BV the " \
	"regset reads show another MXCSR than the task runs with (the " \
	"kernel's header decides what they show, the CPU's restore what " \
	"the task gets); see KNOWN-ISSUES.md (xstate-write-mxcsr-no-sse)"

#define MXCSR_MASK_ECHO \
	"kernel: a regset write's MXCSR_MASK (the CPU's, read-only) is " \
	"kept and read back at the stop, while the task's XSAVE and its " \
	"signal frame show the CPU's; see KNOWN-ISSUES.md (mxcsr-mask-echo)"

const struct fpabi_arch fpabi_arch = {
	.name = "x86_64",
	.needs = (const struct fpabi_need_name[]){
		{ NEED_XSAVE, "xsave", "the OS has not enabled XSAVE (CR4.OSXSAVE)" },
		{ NEED_AVX, "avx", "XCR0 has no AVX state (no AVX on this CPU)" },
		{ NEED_AVX512, "avx512", "XCR0 has no AVX-512 state (no AVX-512 on this CPU)" },
		{ NEED_PKU, "pku", "no protection keys (CPUID.7.0:ECX.OSPKE clear)" },
		{ NEED_AMX, "amx", "XCR0 has no AMX tile state (no AMX on this CPU)" },
		{ NEED_XSAVEC, "xsavec", "no XSAVEC: XRSTOR has no compacted form (CPUID.0xD.1:EAX[1])" },
		{ NEED_ROOT, "root", "needs root" },
		{ NEED_SMP2, "smp2", "needs two CPUs" },
		{ 0, NULL, NULL },
	},
	.families = x86_families,
	.rules = x86_rules,
	.histories = x86_histories,
	.preconds = x86_preconds,
	.axes = &x86_axes,
	.matrices = (const struct fpabi_matrix *const[]){
		&x86_matrix_write, &x86_matrix_signal, &x86_matrix_ev_syscall,
		&x86_matrix_ev_signal, &x86_matrix_ev_exec, &x86_matrix_ev_fork,
		NULL },
	.known = (const struct fpabi_known_issue[]){
		{ "x86_64.exec.*", "NT_X86_XSTATE", "pkru", PKRU_EXEC_STOP },
		{ "x86_64.event-exec.*", "NT_X86_XSTATE", "pkru",
		  PKRU_EXEC_STOP },
		{ "x86_64.regset-write.xstate.bv-none/*", "NT_", "mxcsr",
		  XSTATE_MXCSR },
		{ "x86_64.regset-write.xstate.bv-only-x87/*", "NT_", "mxcsr",
		  XSTATE_MXCSR },
		{ "x86_64.regset-write.xstate.bv-only-avx/*", "NT_", "mxcsr",
		  XSTATE_MXCSR },
		{ "x86_64.regset-write.xstate.bv-no-sse/*", "NT_", "mxcsr",
		  XSTATE_MXCSR },
		{ "x86_64.regset-write.xstate.mxcsr-rsvd-none/*", "NT_", "mxcsr",
		  XSTATE_MXCSR },
		{ "x86_64.regset-write.xstate.mxcsr-mask/*", "NT_",
		  "mxcsr_mask", MXCSR_MASK_ECHO },
		{ "x86_64.regset-write.fpregs.mxcsr-mask/*", "NT_",
		  "mxcsr_mask", MXCSR_MASK_ECHO },
		{ NULL, NULL, NULL, NULL },
	},
	.group_name = x86_group_name,
	.probe = x86_probe,
	.calib_trip = x86_calib_trip,
	.calib_stores = x86_calib_stores,
	.info = x86_info,
	.env_json = x86_env_json,
	.variants = x86_variants,
	.variants_stable = true,
	.layout = x86_layout,
	.init_image = x86_init_image,
	.fill_shaped = x86_fill_shaped,
	.ev_load = x86_ev_load,
	.ev_store = x86_ev_store,
	.dump_size = x86_image_size,
	.load_size = x86_image_size,
	.make_load = x86_make_load,
	.make_competitor = x86_make_competitor,
	.model_load = x86_model_load,
	.model_syscall = x86_model_syscall,
	.check_dump = x86_check_dump,
	.poison_dump = x86_poison_dump,
	.exec_store = x86_exec_store,
	.model_child = x86_model_child,
	.shm_setup = x86_shm_setup,
	.model_exec = x86_model_exec,
	.check_stop = x86_check_stop,
	.write_stop = x86_write_stop,
	.write_kind_name = x86_write_kind_name,
	.model_handler_entry = x86_model_handler_entry,
	.model_sigreturn = x86_model_sigreturn,
	.tracer_ptrace = x86_tracer_ptrace,
	.tracer_regs = x86_tracer_regs,
	.model_refused = x86_model_refused,
	.check_frame = x86_check_frame,
	.edit_name = x86_edit_name,
	.frame_below_uc = 8,	/* struct rt_sigframe: pretcode, then uc */
	.variant_yaml = x86_variant_yaml,
};
