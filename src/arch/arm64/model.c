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
#include <sys/ptrace.h>
#include <sys/uio.h>

#include "uapi-compat/arm64.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "a64.h"

#define SVE_GROUPS	(GM(G_ZHI) | GM(G_P) | GM(G_FFR))

static uint64_t aux_bits(const struct fpabi_run *r)
{
	return (has_sve(r) ? FPABI_A64_AUX_SVE : 0) |
	       (r->m->have & NEED_SME ? FPABI_A64_AUX_SME : 0);
}

static void a64_ev_load(struct fpabi_run *r, struct fpabi_ev *ev, unsigned kind)
{
	ev->aux = aux_bits(r);
	ev->arg[2] = img_vl(r);
	if (kind == L_FPSIMD || !has_sve(r))
		ev->mask = FPABI_A64_V | FPABI_A64_FPSR_FPCR;
	else
		ev->mask = FPABI_A64_Z | FPABI_A64_P | FPABI_A64_FFR |
			   FPABI_A64_FPSR_FPCR;
}

static void a64_ev_store(struct fpabi_run *r, struct fpabi_ev *ev)
{
	ev->aux = aux_bits(r);
	ev->arg[2] = img_vl(r);
	ev->mask = FPABI_A64_FPSR_FPCR | FPABI_A64_INFO |
		   (has_sve(r) ? FPABI_A64_Z | FPABI_A64_P | FPABI_A64_FFR :
				 FPABI_A64_V);
}

static size_t a64_image_size(struct fpabi_run *r)
{
	return r->lo.size;
}

static void a64_make_load(struct fpabi_run *r, uint8_t *dst, unsigned phase)
{
	image_fill(r, dst, phase, 0);
}

static void a64_shm_setup(struct fpabi_run *r, struct fpabi_shm_hdr *h)
{
	if (has_sve(r))
		h->sve_vl = r->v.vl;
}

static void a64_model_load(struct fpabi_run *r, unsigned phase, unsigned kind)
{
	uint8_t *img;

	if (kind == L_ALL || !has_sve(r)) {
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
static void a64_model_syscall(struct fpabi_run *r, unsigned sc)
{
	(void)sc;
	if (!has_sve(r))
		return;
	a64_expect_zero(r, SVE_GROUPS, rule_get("A-SYS-1"));
	r->astate[0] = FMT_EITHER;
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
	{ "A-SYS-6", "at a stop taken from user mode with live SVE state "
	  "NT_ARM_SVE is in SVE format; after a syscall either format may be "
	  "reported, with the same values",
	  "arch/arm64/kernel/ptrace.c: sve_init_header_from_task()" },
	{ "A-SYS-8", "without a syscall or signal, every register is kept bit "
	  "for bit, across preemption and migration",
	  "arch/arm64/kernel/fpsimd.c: fpsimd_save_user_state(), task_fpsimd_load()" },
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
	  "\"arm64/fpsimd: ptrace: Do not present register data for inactive mode\"" },
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
	  "6.12 arch/arm64/kernel/ptrace.c: sve_set_common()" },
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
		{ NEED_ROOT, "root", "needs root" },
		{ NEED_SMP2, "smp2", "needs two CPUs" },
		{ 0, NULL, NULL },
	},
	.families = a64_families,
	.rules = a64_rules,
	.group_name = a64_group_name,
	.probe = a64_probe,
	.info = a64_info,
	.variants = a64_variants,
	.layout = a64_layout,
	.init_image = a64_init_image,
	.fill_shaped = a64_fill_shaped,
	.ev_load = a64_ev_load,
	.ev_store = a64_ev_store,
	.shm_setup = a64_shm_setup,
	.dump_size = a64_image_size,
	.load_size = a64_image_size,
	.make_load = a64_make_load,
	.model_load = a64_model_load,
	.model_syscall = a64_model_syscall,
	.check_dump = a64_check_dump,
	.check_stop = a64_check_stop,
	.write_stop = a64_write_stop,
	.write_kind_name = a64_write_kind_name,
	.after_trap = a64_after_trap,
};
