// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro on arm64: the reproducer's event walker (the tracee's own,
 * src/tracee/arm64/events.S, preprocessed at build time), its SIGILL
 * handler, and where each checked word sits in the regset payloads (the
 * straight-line form's hooks: repro-line.c).
 */
#include <signal.h>
#include <string.h>

#include "fpabi/event.h"
#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "a64.h"
#include "uapi-compat/arm64.h"

/* events.S after the preprocessor, as C string lines (Makefile.am) */
static const char walker[] =
#include "src/arch/arm64/repro-walker.inc"
	;

/* (repro_arch_refuse(): src/arch/arm64/repro-sig.c, with the edits) */

const char *repro_arch_syscall(const struct fpabi_ev *e, char *args,
			       size_t n)
{
	if (e->nr != SC_SET_SVE_VL && e->nr != SC_SET_SME_VL)
		return NULL;
	snprintf(args, n, "%s, %llu", e->nr == SC_SET_SVE_VL ?
		 "PR_SVE_SET_VL" : "PR_SME_SET_VL",
		 (unsigned long long)e->arg[0]);
	return "SYS_prctl";
}

void repro_arch_header(const struct fpabi_rec *rec, FILE *out)
{
	const struct fpabi_run *r = rec->r;

	fprintf(out, " * CPU: arm64, %s%s%s%s; the variant (%s): VL %u, SVL "
		"%u, SVCR %#x\n", r->m->have & NEED_SVE ? "SVE" : "no SVE",
		r->m->have & NEED_SME ? ", SME" : "",
		r->m->have & NEED_SME2 ? ", SME2" : "",
		r->m->have & NEED_FA64 ? ", FA64" :
		r->m->have & NEED_SME ? " (no FA64)" : "", r->v0.name,
		AV(&r->v0)->vl, AV(&r->v0)->svl, AV(&r->v0)->svcr);
	fprintf(out, " * Build on another machine: aarch64-linux-gnu-gcc "
		"-static -O2 repro.c\n");
}

static const char code[] =
"#define run_events fpabi_run_events\n"
"#define THREAD_ARGS (uintptr_t)(thread_stack + sizeof(thread_stack)), 0, 0, "
"(uintptr_t)&thread_tid\n"
"void fpabi_run_events(struct ev *ev);\n"
"void sig_entry(int sig, siginfo_t *si, void *uc);\n"
"/* the SIGILL handler: store, then C, then the clobbering load */\n"
"__asm__(\".pushsection .text\\n.globl sig_entry\\nsig_entry:\\n\"\n"
"\t\"stp x29, x30, [sp, #-32]!\\nmov x29, sp\\nstr x19, [sp, #16]\\n\"\n"
"\t\"mov x19, x2\\nadrp x9, sig_list\\nldr x0, [x9, :lo12:sig_list]\\n\"\n"
"\t\"bl fpabi_run_events\\nmov x0, x19\\nbl sig_body\\nbl fpabi_run_events\\n\"\n"
"\t\"ldr x19, [sp, #16]\\nldp x29, x30, [sp], #32\\nret\\n.popsection\\n\");\n\n"
"struct ev *sig_list;\t/* the next signal's entry list */\n"
"static unsigned nsig;\n\n"
"/* the handler's C: step over the udf, on to the next slot */\n"
"struct ev *sig_body(ucontext_t *uc)\n{\n"
"\tconst struct slot *s = &slots[nsig++];\n\n"
"\tif (s->signo == SIGILL)\t/* step over the udf (a SIGSYS's svc is done) */\n"
"\t\tuc->uc_mcontext.pc += 4;\n"
"\tsig_list = (struct ev *)(shm + slots[nsig < NSLOTS ? nsig : 0].entry);\n"
"\treturn (struct ev *)(shm + s->exit);\n}\n\n"
"/* brk leaves the PC at itself: the tracer steps over it */\n"
"static void after_trap(void)\n{\n\tuint64_t regs[34];\n"
"\tstruct iovec iov = { regs, sizeof(regs) };\n\n"
"\tif (ptrace(PTRACE_GETREGSET, pid, (void *)1, &iov) < 0)\n"
"\t\tfail(\"NT_PRSTATUS\");\n\tregs[32] += 4;\t/* pc */\n"
"\tif (ptrace(PTRACE_SETREGSET, pid, (void *)1, &iov) < 0)\n"
"\t\tfail(\"NT_PRSTATUS\");\n}\n\n"
"static void arch_setup(void)\n{\n\tstruct sigaction sa;\n\n"
"\tif ((SVE_VL && (prctl(PR_SVE_SET_VL, SVE_VL) & PR_SVE_VL_LEN_MASK) != SVE_VL) ||\n"
"\t    (SME_VL && (prctl(PR_SME_SET_VL, SME_VL) & PR_SME_VL_LEN_MASK) != SME_VL))\n\t\t_exit(3);\n"
"\tmemset(&sa, 0, sizeof(sa));\n"
"\tsa.sa_sigaction = sig_entry;\n\tsa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_EXTRA;\n"
"\tsetup_altstack();\n"
"\tsig_list = (struct ev *)(shm + slots[0].entry);\n"
"\tif (NSLOTS && (sigaction(SIGILL, &sa, NULL) < 0 ||\n"
"\t\t       sigaction(SIGSYS, &sa, NULL) < 0))\n\t\t_exit(3);\n}\n\n"
"/* an SVE payload in FPSIMD format (the kernel's choice at the stop):\n"
" * the word's place there, or zero where that format has nothing of it */\n"
"static uint64_t fixup(const struct word *w, uint64_t got, const uint8_t *buf)\n{\n"
"\tuint16_t fmt;\n\tunsigned alt = w->flags >> 8;\n\n"
"\tif (buf == ctl_reg)\t/* the control's own value */\n\t\treturn got;\n"
"\tmemcpy(&fmt, buf + 12, 2);\t/* user_sve_header.flags */\n"
"\tif (!(w->flags & 2) || (fmt & SVE_PT_REGS_SVE))\n\t\treturn got;\n"
"\tgot = 0;\n\tif (alt != 0xffff)\n\t\tmemcpy(&got, buf + alt, w->len);\n"
"\treturn got;\n}\n\n"
"/* the HWCAPs the case needs, then its vector lengths (prctl) */\n"
"static void check_features(void)\n{\n\tstatic char why[96];\n\tunsigned i;\n\n"
"\tfor (i = 0; i < sizeof(needed) / sizeof(needed[0]); i++)\n"
"\t\tif ((getauxval(needed[i].at) & needed[i].bit) != needed[i].want)\n"
"\t\t\tskip(needed[i].missing);\n"
"\tif (SVE_VL && (prctl(PR_SVE_SET_VL, SVE_VL) & PR_SVE_VL_LEN_MASK) != SVE_VL) {\n"
"\t\tsnprintf(why, sizeof(why), \"SVE VL %d is not offered (PR_SVE_SET_VL)\", SVE_VL);\n"
"\t\tskip(why);\n\t}\n"
"\tif (SME_VL && (prctl(PR_SME_SET_VL, SME_VL) & PR_SME_VL_LEN_MASK) != SME_VL) {\n"
"\t\tsnprintf(why, sizeof(why), \"SME VL %d is not offered (PR_SME_SET_VL)\", SME_VL);\n"
"\t\tskip(why);\n\t}\n}\n\n"
"/*\n * The control's load and store, with the caller's value put back:\n"
" * FPSR and FPCR through MSR and MRS (bits a CPU does not implement read\n"
" * as zero), a V or Z lane through d0; the other registers (P, FFR, ZA,\n"
" * ZT0, TPIDR2, FPMR) are kept as the expected value.\n */\n"
"static uint64_t cpu_roundtrip(const struct word *w)\n{\n"
"\tuint64_t v = w->exp, old;\n\n"
"\tswitch (w->ctl_kind) {\n\tcase CTL_FPSR:\n"
"\t\t__asm__ volatile(\"mrs %0, fpsr\\n\\tmsr fpsr, %1\\n\\tmrs %1, fpsr\\n\\tmsr fpsr, %0\"\n"
"\t\t\t\t : \"=&r\"(old), \"+r\"(v));\n\t\tbreak;\n\tcase CTL_FPCR:\n"
"\t\t__asm__ volatile(\"mrs %0, fpcr\\n\\tmsr fpcr, %1\\n\\tmrs %1, fpcr\\n\\tmsr fpcr, %0\"\n"
"\t\t\t\t : \"=&r\"(old), \"+r\"(v));\n\t\tbreak;\n\tcase CTL_V:\n"
"\t\t__asm__ volatile(\"fmov d0, %0\\n\\tfmov %0, d0\" : \"+r\"(v) : : \"v0\");\n"
"\t\tbreak;\n\t}\n"
"\tif (w->len < 8)\n\t\tv &= (1ull << 8 * w->len) - 1;\n"
"\treturn fixup(w, v, ctl_reg);\n}\n\n";

const char *repro_arch_kselftest_dir(void)
{
	return "arm64/fp";
}

const char *repro_arch_includes(const struct fpabi_rec *rec)
{
	(void)rec;
	return "#include <asm/hwcap.h>\n#include <sys/auxv.h>\n"
	       "#include <sys/prctl.h>\n#include <sys/uio.h>\n";
}

const char *repro_arch_ctl(const struct fpabi_rec *rec, const struct rec_word *w)
{
	(void)rec;
	switch (w->f.comp) {
	case C_FPSR:
		return "CTL_FPSR";
	case C_FPCR:
		return "CTL_FPCR";
	case C_Z:
		return "CTL_V";
	}
	return "CTL_NONE";
}

/* text as C string literal lines, one per line of it */
static void put_c_string(FILE *out, const char *text)
{
	const char *p;

	for (p = text; *p; p++) {
		if (p == text || p[-1] == '\n')
			fputs("\t\"", out);
		if (*p == '\n')
			fputs("\\n\"\n", out);
		else if (*p == '"' || *p == '\\')
			fprintf(out, "\\%c", *p);
		else
			fputc(*p, out);
	}
}

void repro_arch_code(const struct fpabi_rec *rec, FILE *out)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	unsigned k;

	fprintf(out, "#define SVE_VL %u\t/* PR_SVE_SET_VL first, if set */\n"
		"#define SME_VL %u\n", h->arch_setup[A64_SETUP_SVE_VL],
		h->arch_setup[A64_SETUP_SME_VL]);
	fprintf(out, "#ifndef PR_SME_SET_VL\n#define PR_SME_SET_VL 63\n"
		"#define PR_SME_VL_LEN_MASK 0xffff\n#endif\n"
		"#define SVE_PT_REGS_SVE 1\t/* user_sve_header.flags */\n"
		"#define CTL_NONE 0\t/* no control: keep the expected value */\n"
		"#define CTL_FPSR 1\n#define CTL_FPCR 2\n#define CTL_V 3\n"
		"static const uint8_t ctl_reg[1];\t/* fixup(): a control value */\n\n");
	a64_emit_needed(rec, false, out);
	fprintf(out, "/* fpabi's event walker for arm64 "
		"(src/tracee/arm64/events.S) */\n__asm__(\".pushsection .text\\n\"\n");
	put_c_string(out, walker);
	fprintf(out, "\".popsection\\n\");\n\n/* each signal's lists {entry, exit, signal} */\n"
		"struct slot { uint64_t entry, exit; int signo; };\n#define NSLOTS %u\n"
		"static const struct slot slots[] = {\n", h->nsig);
	for (k = 0; k < h->nsig; k++)
		fprintf(out, "\t{ %#llx, %#llx, %s },\n",
			(unsigned long long)h->sig[k].entry_ev,
			(unsigned long long)h->sig[k].exit_ev,
			h->sig[k].want_signo == SIGSYS ? "SIGSYS" : "SIGILL");
	if (!h->nsig)
		fprintf(out, "\t{ 0, 0, 0 },\n");
	fprintf(out, "};\n\n");
	fputs(code, out);
}

/* the image VL of field f, if its place says it is vl */
static bool at_vl(const struct fpabi_field *f, unsigned vl)
{
	switch (f->comp) {
	case C_Z:
		return f->off - f->reg_off == FPABI_A64_Z_OFF(vl, f->reg);
	case C_P:
		return f->off == FPABI_A64_P_OFF(vl, f->reg);
	case C_FFR:
		return f->off == FPABI_A64_FFR_OFF(vl);
	}
	return false;
}

/*
 * An SVE or streaming SVE payload: header, then Z, P, FFR, FPSR, FPCR in
 * SVE format, or the FPSIMD registers.  The kernel picks the format at
 * the stop, so the word has both places: *off in SVE format, and in
 * *flags (REPRO_A64_SVE) its place in FPSIMD format, or A64_ZERO where
 * that format has nothing of it (the model: it reads as zero).
 */
#define REPRO_A64_SVE	2
#define A64_ZERO	0xffffu
static int map_sve(const struct rec_io *io, const struct rec_word *w,
		   uint32_t *off, unsigned *flags)
{
	const struct fpabi_field *f = &w->f;
	struct user_sve_header h;
	unsigned vq, in = w->img_off - f->off, alt = A64_ZERO;

	if (io->got < sizeof(h))
		return -1;
	memcpy(&h, io->buf, sizeof(h));
	vq = h.vl / 16;
	if (h.size <= sizeof(h) || !vq)
		return -1;
	if (f->comp == C_FPSR || f->comp == C_FPCR) {
		*off = SVE_PT_SVE_FPSR_OFFSET(vq) + (f->comp == C_FPCR) * 4 + in;
		alt = SVE_PT_FPSIMD_OFFSET + 512 + (f->comp == C_FPCR) * 4 + in;
	} else if (at_vl(f, h.vl)) {
		*off = w->img_off - FPABI_A64_CTRL_SIZE + SVE_PT_SVE_OFFSET;
		if (f->comp == C_Z && !f->reg_off)
			alt = SVE_PT_FPSIMD_OFFSET + 16 * f->reg + in;
	} else {
		return -1;
	}
	*flags = REPRO_A64_SVE | alt << 8;
	return 0;
}

static int map_regset(const struct fpabi_rec *rec, const struct rec_io *io,
		      const struct rec_word *w, uint32_t *off, unsigned *flags)
{
	const struct fpabi_field *f = &w->f;
	unsigned in = w->img_off - f->off;

	switch (io->note) {
	case NT_PRFPREG:
		if (f->comp == C_Z && !f->reg_off)
			*off = 16 * f->reg + in;
		else if (f->comp == C_FPSR || f->comp == C_FPCR)
			*off = 512 + (f->comp == C_FPCR) * 4 + in;
		else
			return -1;
		return 0;
	case NT_ARM_SVE:
	case NT_ARM_SSVE:
		return map_sve(io, w, off, flags);
	case NT_ARM_ZA:
		if (f->comp != C_ZA || io->got <= 16)
			return -1;
		*off = 16 + w->img_off - a64_za_off(rec->r->m);
		return 0;
	case NT_ARM_ZT:
		if (f->comp != C_ZT)
			return -1;
		*off = w->img_off - a64_zt_off(rec->r->m);
		return 0;
	case NT_ARM_TLS:
		if (f->comp != C_TPIDR2 || io->got < 16)
			return -1;
		*off = 8 + in;
		return 0;
	case NT_ARM_FPMR:
		if (f->comp != C_FPMR)
			return -1;
		*off = in;
		return 0;
	}
	return -1;
}

int repro_arch_map(const struct fpabi_rec *rec, const struct rec_word *w,
		   uint32_t *off, unsigned *flags)
{
	const struct fpabi_exec_ctl *c = repro_exec_ctl(rec);

	*off = w->img_off;
	*flags = 0;
	if (w->f.comp == C_INFO)
		return -1;	/* what the tracee's INFO store read */
	switch (w->src) {
	case SRC_REGSET:
		if (map_regset(rec, &rec->io[w->io], w, off, flags) < 0)
			return -1;
		/* an offset made from the kernel's header (its vl) stays in
		 * the buffer the reproducer reads (iov_len given) */
		return (uint64_t)*off + w->len <= rec->io[w->io].len ? 0 : -1;
	case SRC_DUMP:
		/* the exec probe's dump: the file's own probe writes it
		 * (src/repro/probe.c), no libc before its store */
		return w->off == c->dump_off && !repro_exec_probe_ok(rec) ? -1 : 0;
	case SRC_CHILD:
	case SRC_HANDLER:
		return 0;
	case SRC_FRAME:
		/* sig_body()'s image-shaped copies of the frame's records
		 * (repro-sig.c: a64_line_frame_copy()), the payload's after
		 * the first; the straight-line form's only */
		if (w->f.comp == C_ZA || w->f.comp == C_ZT || w->f.comp == C_TPIDR2 ||
		    w->f.comp == C_FPMR)
			*flags = REPRO_FRAME_RECS;
		*off = w->img_off + (w->part ? a64_frame_part(rec) : 0);
		return w->sig < rec_hdr(rec)->nsig && repro_arch_line_ok(rec) && a64_frame_copy_ok(rec) &&
		       2 * a64_frame_part(rec) <= rec_hdr(rec)->sig[w->sig].frame_cap ? 0 : -1;
	}
	return -1;
}

uint32_t repro_arch_frame_fp(const struct fpabi_rec *rec)
{
	(void)rec;
	return 0;
}
