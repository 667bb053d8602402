// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 backend's struct of hooks (fpabi/arch.h): what the core calls,
 * each hook a function of the layer below that does the job (the model,
 * the observers, the writes, the matrices, the calibration), and the
 * glue that belongs to no layer (sizes, names, the tracer's own ptrace,
 * the brk step at a trap stop).  Nothing in the backend reads fpabi_arch.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>

#include "uapi-compat/arm64.h"
#include "fpabi/axes.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "a64.h"

long fpabi_a64_tracer_ptrace(long req, long pid, long addr, long data,
			     const void *vin, void *vout);

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

static void a64_make_load(struct fpabi_run *r, uint8_t *dst, unsigned phase,
			  unsigned task)
{
	image_fill(r, dst, phase, task);
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
		{ NEED_BPF, "bpf", "BPF_PROG_LOAD refused (no CONFIG_BPF_SYSCALL, "
		  "or unprivileged BPF off and no CAP_BPF)" },
		{ NEED_URANDOM, "urandom", "/dev/urandom does not open for writing" },
		{ NEED_IOURING, "io_uring", "io_uring_setup() refused (io_uring_disabled, "
		  "or a seccomp filter)" },
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
	.model_exec_start = a64_model_exec_start,
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
