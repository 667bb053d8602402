// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The x86_64 backend's struct of hooks (fpabi/arch.h): what the core
 * calls, each hook a function of the layer that does the job (the model,
 * the observers, the writes, the matrices, the calibration), and the glue
 * that belongs to no layer (sizes, names, the tracer's own ptrace).
 * Nothing in the backend reads fpabi_arch.
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/platform.h"
#include "fpabi/shm.h"
#include "fpabi/axes.h"
#include "fpabi/matrix.h"
#include "fpabi/util.h"
#include "x86.h"

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

static void x86_make_load(struct fpabi_run *r, uint8_t *dst, unsigned phase,
			  unsigned task)
{
	image_fill(r, dst, phase, task);
	x86_set_header(dst, XV(&r->v)->xfeatures);
}

static size_t x86_image_size(struct fpabi_run *r)
{
	return xm(r)->size;
}

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
		{ NEED_BPF, "bpf", "BPF_PROG_LOAD refused (no CONFIG_BPF_SYSCALL, "
		  "or unprivileged BPF off and no CAP_BPF)" },
		{ NEED_URANDOM, "urandom", "/dev/urandom does not open for writing" },
		{ NEED_IOURING, "io_uring", "io_uring_setup() refused (io_uring_disabled, "
		  "or a seccomp filter)" },
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
