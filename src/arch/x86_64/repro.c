// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro on x86_64: the reproducer's event walker and SIGILL handler
 * (XRSTOR/XSAVE of standard-format images), and where each checked word
 * sits in the XSAVE areas the kernel hands out.
 */
#include <elf.h>
#include <signal.h>
#include <string.h>

#include "fpabi/event.h"
#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "x86.h"

static int edit_index(unsigned edit);

static const struct fpabi_shm_hdr *hdr(const struct fpabi_rec *rec)
{
	return (const struct fpabi_shm_hdr *)rec->shm;
}

int repro_arch_refuse(const struct fpabi_rec *rec, char *why, size_t n)
{
	const struct fpabi_shm_hdr *h = hdr(rec);
	unsigned k;

	for (k = 0; k < h->nsig; k++)
		if (h->sig[k].edit != E_NONE && h->sig[k].edit != E_REGS &&
		    edit_index(h->sig[k].edit) < 0) {
			snprintf(why, n, "a forged signal frame (edit %u) is "
				 "not replayed standalone yet", h->sig[k].edit);
			return -1;
		}
	return 0;
}

const char *repro_arch_syscall(const struct fpabi_ev *e, char *args,
			       size_t n)
{
	(void)e;
	(void)args;
	(void)n;
	return NULL;
}

void repro_arch_header(const struct fpabi_rec *rec, FILE *out)
{
	const struct fpabi_run *r = rec->r;
	char names[256];
	size_t o = 0;
	unsigned i;

	names[0] = 0;
	for (i = 0; i < XF_MAX && o + 24 < sizeof(names); i++)
		if (XV(&r->v)->xfeatures >> i & 1)
			o += snprintf(names + o, sizeof(names) - o, "%s%s",
				      o ? " " : "", xfeature_name(i));
	fprintf(out, " * CPU: x86_64, XCR0 %#llx; the variant (%s) loads "
		"XSTATE_BV %#llx:\n *   %s\n", (unsigned long long)xm(r)->xl.xcr0,
		r->v.name, (unsigned long long)XV(&r->v)->xfeatures, names);
}

static const char walker[] =
"/* the tracee's events, run with general-purpose registers only (no\n"
" * compiled code between a load and the event under test) */\n"
"void run_events(struct ev *ev);\n"
"__asm__(\".pushsection .text\\n.globl run_events\\nrun_events:\\n\"\n"
"\t\"push %rbx\\npush %rbp\\nmov %rdi, %rbx\\n\"\n"
"\t\"1: mov 0(%rbx), %rax\\ncmp $0, %rax\\nje 9f\\n\"\n"
"\t\"mov 72(%rbx), %rcx\\nmov 80(%rbx), %eax\\nmov 84(%rbx), %edx\\n\"\n"
"\t\"cmpq $1, 0(%rbx)\\njne 2f\\nxrstor64 (%rcx)\\njmp 8f\\n\"\n"
"\t\"2: cmpq $2, 0(%rbx)\\njne 3f\\nxsave64 (%rcx)\\njmp 8f\\n\"\n"
"\t\"3: cmpq $4, 0(%rbx)\\njne 4f\\nint3\\njmp 8f\\n\"\n"
"\t\"4: cmpq $6, 0(%rbx)\\njne 5f\\nud2\\njmp 8f\\n\"\n"
"\t\"5: mov 8(%rbx), %rax\\nmov 16(%rbx), %rdi\\nmov 24(%rbx), %rsi\\n\"\n"
"\t\"mov 32(%rbx), %rdx\\nmov 40(%rbx), %r10\\nmov 48(%rbx), %r8\\n\"\n"
"\t\"mov 56(%rbx), %r9\\nsyscall\\n\"\n"
"\t/* a clone's child (0, .ptr set) goes on with its own list */\n"
"\t\"test %rax, %rax\\njnz 6f\\nmov 72(%rbx), %rcx\\ntest %rcx, %rcx\\n\"\n"
"\t\"jz 6f\\nmov %rcx, %rbx\\njmp 1b\\n6: mov %rax, 64(%rbx)\\n\"\n"
"\t\"8: add $128, %rbx\\njmp 1b\\n9: pop %rbp\\npop %rbx\\nret\\n.popsection\\n\");\n\n";

static const char sig_code[] =
"void sig_entry(int sig, siginfo_t *si, void *uc);\n"
"/* the SIGILL handler: store, then C, then the clobbering load */\n"
"__asm__(\".pushsection .text\\n.globl sig_entry\\nsig_entry:\\n\"\n"
"\t\"push %rbx\\npush %r12\\npush %r13\\n\"\n"
"\t\"mov %rdx, %r13\\nmov sig_list(%rip), %rdi\\ncall run_events\\n\"\n"
"\t\"mov %r13, %rdi\\ncall sig_body\\nmov %rax, %rdi\\ncall run_events\\n\"\n"
"\t\"pop %r13\\npop %r12\\npop %rbx\\nret\\n.popsection\\n\");\n\n"
"struct ev *sig_list;\t/* the next signal's entry list */\n"
"static unsigned nsig;\n\n"
"/* the handler's C: copy the frame's XSAVE area, make the edit, step\n"
" * over the ud2 */\n"
"struct ev *sig_body(ucontext_t *uc)\n{\n"
"\tuint8_t *fp = (uint8_t *)uc->uc_mcontext.fpregs;\n"
"\tconst struct slot *s = &slots[nsig++];\n"
"\tuint32_t magic1, ext, xsize;\n\n"
"\tmemcpy(&magic1, fp + SW_MAGIC1, 4);\n"
"\tmemcpy(&ext, fp + SW_EXTENDED_SIZE, 4);\n\tmemcpy(&xsize, fp + SW_XSTATE_SIZE, 4);\n"
"\tmemcpy(shm + s->frame, fp, magic1 == FP_XSTATE_MAGIC1 ? ext : 512);\n"
"\tif (s->edit)\n\t\tedit_frame(s, uc, fp, xsize);\n"
"\tif (s->signo == SIGILL)\t/* step over the ud2 (a SIGSYS's syscall is done) */\n"
"\t\tuc->uc_mcontext.gregs[REG_RIP] += 2;\n"
"\tsig_list = (struct ev *)(shm + slots[nsig < NSLOTS ? nsig : 0].entry);\n"
"\treturn (struct ev *)(shm + s->exit);\n}\n\n"
"static void arch_setup(void)\n{\n\tstruct sigaction sa;\n\n"
"\tmemset(&sa, 0, sizeof(sa));\n"
"\tsa.sa_sigaction = sig_entry;\n\tsa.sa_flags = SA_SIGINFO | SA_NODEFER | SA_EXTRA;\n"
"\tsetup_altstack();\n"
"\tsig_list = (struct ev *)(shm + slots[0].entry);\n"
"\tif (sigaction(SIGILL, &sa, NULL) < 0 || sigaction(SIGSYS, &sa, NULL) < 0)\n"
"\t\t_exit(3);\n}\n\n";

static const char common_code[] =
"#define after_trap()\t/* int3 leaves the PC after it: nothing to step over */\n\n"
"/* an XSAVE area: a component whose XSTATE_BV bit is clear is at init\n"
" * (MXCSR and its mask excepted) */\n"
"static uint64_t fixup(const struct word *w, uint64_t got, const uint8_t *buf)\n{\n"
"\tuint64_t bv;\n\n\tmemcpy(&bv, buf + XSTATE_BV_OFF, 8);\n"
"\tif ((w->flags & 1) && !(bv >> w->comp & 1) && w->off != MXCSR_OFF &&\n"
"\t    w->off != MXCSR_OFF + 4)\n"
"\t\treturn w->init;\n\treturn got;\n}\n\n"
"/* CPUID.1:ECX.OSXSAVE, then XCR0 (XGETBV): every component the images load */\n"
"static void check_features(void)\n{\n"
"\tunsigned a, b, c, d, i;\n\tuint32_t lo, hi;\n\n"
"\t__cpuid(1, a, b, c, d);\n"
"\tif (!(c & bit_OSXSAVE))\n"
"\t\tskip(\"XSAVE is not enabled (CPUID.1:ECX.OSXSAVE clear)\");\n"
"\t__asm__ volatile(\"xgetbv\" : \"=a\"(lo), \"=d\"(hi) : \"c\"(0));\n"
"\tfor (i = 0; i < sizeof(needed) / sizeof(needed[0]); i++)\n"
"\t\tif (!(((uint64_t)hi << 32 | lo) >> needed[i].bit & 1))\n"
"\t\t\tskip(needed[i].missing);\n"
"\t/* TILEDATA's permission, for the process and the tracee it forks\n"
"\t * (Documentation/arch/x86/xstate.rst: inherited on fork) */\n"
"\tif (NEED_AMX && syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) < 0)\n"
"\t\tskip(\"ARCH_REQ_XCOMP_PERM: the kernel refuses TILEDATA\");\n}\n\n"
"/* the control's load and store: XRSTOR then XSAVE of one value, with\n"
" * the caller's own state saved around them (XCR0 less AMX) */\n"
"static uint8_t ctl_area[16384] __attribute__((aligned(64)));\n"
"static uint8_t ctl_save[16384] __attribute__((aligned(64)));\n\n"
"static uint64_t cpu_roundtrip(const struct word *w)\n{\n"
"\tuint64_t bv = 1ull << w->comp, v = 0;\n"
"\tuint32_t mxcsr = MXCSR_DEFAULT, lo, hi;\n\n"
"\tif (w->ctl_kind == CTL_NONE)\n\t\treturn w->exp;\n"
"\t__asm__ volatile(\"xgetbv\" : \"=a\"(lo), \"=d\"(hi) : \"c\"(0));\n"
"\tmemset(ctl_area, 0, sizeof(ctl_area));\n"
"\tmemcpy(ctl_area + MXCSR_OFF, &mxcsr, 4);\n"
"\tmemcpy(ctl_area + w->off, &w->exp, w->len);\n"
"\tmemcpy(ctl_area + XSTATE_BV_OFF, &bv, 8);\n"
"\t__asm__ volatile(\"xsave64 %0\\n\\txrstor64 %1\\n\\txsave64 %1\\n\\txrstor64 %0\"\n"
"\t\t\t : \"+m\"(ctl_save), \"+m\"(ctl_area)\n"
"\t\t\t : \"a\"(lo), \"d\"(hi & ~XFEATURES_AMX_HI) : \"memory\");\n"
"\tmemcpy(&v, ctl_area + w->off, w->len);\n"
"\treturn fixup(w, v, ctl_area);\n}\n\n";

const char *repro_arch_kselftest_dir(void)
{
	return "x86";
}

const char *repro_arch_includes(const struct fpabi_rec *rec)
{
	(void)rec;
	return "#include <cpuid.h>\n";
}

/* the C of one frame edit (src/tracee/x86_64/sig.c makes the same) */
static const struct {
	unsigned edit;
	const char *what, *code;
} edits[] = {
	{ E_CLEAR_AVX, "XSTATE_BV without AVX and AVX-512",
	  "\t\tbv &= ~(XFM_YMM | XFM_AVX512);\n" },
	{ E_F_MAGIC1, "fx_sw_reserved.magic1 = 0: an FXSAVE-only frame",
	  "\t\twr32(fp + SW_MAGIC1, 0);\n" },
	{ E_F_MAGIC2, "magic2 after the XSAVE area flipped",
	  "\t\tfp[xsize] ^= 1;\n" },
	{ E_F_SIZE_SMALL, "xstate_size = 576 (legacy + header), magic2 left",
	  "\t\twr32(fp + SW_XSTATE_SIZE, XSAVE_EXT_OFF);\n" },
	{ E_F_SIZE_MOVED, "a smaller frame: x87, SSE and AVX only, magic2 moved",
	  "\t\twr32(fp + SW_EXTENDED_SIZE, AVX_END + 4);\n"
	  "\t\txfeat &= XFM_FP_SSE_AVX;\n\t\twr32(fp + SW_XSTATE_SIZE, AVX_END);\n"
	  "\t\tbv &= XFM_FP_SSE_AVX;\n\t\twr32(fp + xsize, 0);\n"
	  "\t\twr32(fp + AVX_END, FP_XSTATE_MAGIC2);\n" },
	{ E_F_XFEAT_NOAVX, "fx_sw.xfeatures without AVX and AVX-512",
	  "\t\txfeat &= ~(XFM_YMM | XFM_AVX512);\n" },
	{ E_F_XFEAT_EXTRA, "fx_sw.xfeatures plus every bit outside XCR0",
	  "\t\txfeat |= outside;\n" },
	{ E_F_FP_NULL, "uc_mcontext.fpregs = NULL",
	  "\t\tuc->uc_mcontext.fpregs = NULL;\n" },
	{ E_F_XCOMP, "xcomp_bv = bit 63 | XSTATE_BV: the compacted form",
	  "\t\twr64(fp + XCOMP_BV_OFF, 1ull << 63 | bv);\n" },
	{ E_F_XCOMP_OUTSIDE, "xcomp_bv = bit 63 | XSTATE_BV | a bit outside XCR0",
	  "\t\twr64(fp + XCOMP_BV_OFF, 1ull << 63 | bv | (outside & -outside));\n" },
	{ E_F_HDR_RSVD, "XSAVE header byte 16 (reserved) = 1",
	  "\t\tfp[XSTATE_BV_OFF + 16] = 1;\n" },
	{ E_F_BV_OUTSIDE, "XSTATE_BV plus the lowest bit outside XCR0",
	  "\t\tbv |= outside & -outside;\n" },
	{ E_F_MXCSR, "MXCSR plus the lowest bit outside MXCSR_MASK",
	  "\t\tmemcpy(&mask, fp + MXCSR_OFF + 4, 4);\n"
	  "\t\tmemcpy(&mxcsr, fp + MXCSR_OFF, 4);\n"
	  "\t\twr32(fp + MXCSR_OFF, mxcsr | (~mask & -~mask));\n" },
	{ E_F_FP_UNMAPPED, "fpregs = 4096: below mmap_min_addr",
	  "\t\tuc->uc_mcontext.fpregs = (void *)4096;\n" },
	{ E_F_FP_KERNEL, "fpregs = a kernel address",
	  "\t\tuc->uc_mcontext.fpregs = (void *)KERNEL_ADDR;\n" },
	{ E_F_FP_MISALIGNED, "fpregs + 8: FXRSTOR/XRSTOR alignment",
	  "\t\tuc->uc_mcontext.fpregs = (void *)(fp + 8);\n" },
};

static int edit_index(unsigned edit)
{
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(edits); i++)
		if (edits[i].edit == edit)
			return (int)i;
	return -1;
}

/*
 * The case's frame edits, only those its signals make: every register
 * from the edit image first (E_REGS, and each forged edit), then the
 * one thing broken; the sw bytes and XSTATE_BV written back at the end.
 */
static void emit_edit_frame(const struct fpabi_shm_hdr *h, FILE *out)
{
	bool done[E_NEDITS] = { false };
	bool wr32 = false, outside = false, mxcsr = false;
	unsigned k;
	int i;

	for (k = 0; k < h->nsig; k++)
		if ((i = edit_index(h->sig[k].edit)) >= 0) {
			wr32 |= strstr(edits[i].code, "wr32(") != NULL;
			outside |= strstr(edits[i].code, "outside") != NULL;
			mxcsr |= strstr(edits[i].code, "mxcsr") != NULL;
		}
	if (wr32)
		fprintf(out, "static void wr32(uint8_t *p, uint32_t v)\n{\n"
			"\tmemcpy(p, &v, 4);\n}\n\n");
	fprintf(out, "static void wr64(uint8_t *p, uint64_t v)\n{\n\tmemcpy(p, &v, 8);\n}\n\n"
		"/* the case's frame edits (fpabi's handler makes the same: "
		"src/tracee/x86_64/sig.c) */\n"
		"static void edit_frame(const struct slot *s, ucontext_t *uc, uint8_t *fp,\n"
		"\t\t       uint32_t xsize)\n{\n\tuint64_t bv, xfeat;\n%s%s\n%s",
		outside ? "\tuint64_t outside;\n\tuint32_t lo, hi;\n" : "",
		mxcsr ? "\tuint32_t mask, mxcsr;\n" : "",
		outside ? "\t__asm__ volatile(\"xgetbv\" : \"=a\"(lo), \"=d\"(hi) : \"c\"(0));\n"
		"\toutside = ~((uint64_t)hi << 32 | lo) & ~(1ull << 63);\t/* not in XCR0 */\n" : "");
	fprintf(out, "\tif (s->edit != EDIT_CLEAR_AVX) {\t/* every register from the edit image */\n"
		"\t\tmemcpy(fp, shm + s->img, 416);\n"
		"\t\tmemcpy(fp + XSAVE_EXT_OFF, shm + s->img + XSAVE_EXT_OFF, xsize - XSAVE_EXT_OFF);\n"
		"\t\tmemcpy(fp + XSTATE_BV_OFF, shm + s->img + XSTATE_BV_OFF, 8);\n\t}\n"
		"\tmemcpy(&bv, fp + XSTATE_BV_OFF, 8);\n"
		"\tmemcpy(&xfeat, fp + SW_XFEATURES, 8);\n"
		"\tswitch (s->edit) {\n");
	for (k = 0; k < h->nsig; k++) {
		unsigned e = h->sig[k].edit;

		i = edit_index(e);
		if (i < 0 || done[e])
			continue;
		done[e] = true;
		fprintf(out, "\tcase %u:\t/* %s */\n%s\t\tbreak;\n", e,
			edits[i].what, edits[i].code);
	}
	fprintf(out, "\t}\n\twr64(fp + XSTATE_BV_OFF, bv);\n"
		"\twr64(fp + SW_XFEATURES, xfeat);\n}\n\n");
}

/* PKRU with key 0's access or write disabled would fault the control's
 * own XSAVE: that word has no control */
const char *repro_arch_ctl(const struct fpabi_rec *rec,
			   const struct rec_word *w)
{
	uint32_t pkru = 0;

	(void)rec;
	if (w->f.group == XF_TILECFG || w->f.group == XF_TILEDATA)
		return "CTL_NONE";	/* (the control's XRSTOR leaves AMX out) */
	if (w->f.group == XF_PKRU) {
		memcpy(&pkru, w->exp, MIN(4u, (unsigned)w->len));
		if (pkru & 3)
			return "CTL_NONE";
	}
	return "CTL_XSAVE";
}

/* the XCR0 bits the images need, each with the message of its skip */
static void emit_needed(const struct fpabi_rec *rec, FILE *out)
{
	uint64_t bv = XV(&rec->r->v)->xfeatures;
	unsigned i;

	fprintf(out, "static const struct { unsigned bit; const char *missing; } "
		"needed[] = {\n");
	for (i = 0; i < XF_MAX; i++)
		if (bv >> i & 1)
			fprintf(out, "\t{ %u, \"XCR0 lacks %s (XSAVE feature %u)\" },\n",
				i, xfeature_name(i), i);
	fprintf(out, "};\n\n");
}

void repro_arch_code(const struct fpabi_rec *rec, FILE *out)
{
	const struct fpabi_shm_hdr *h = hdr(rec);
	unsigned k;

	fprintf(out, "/* the XSAVE area's standard format (SDM vol. 1, 13.4) */\n"
		"#define MXCSR_OFF 24\n#define MXCSR_DEFAULT 0x1f80\n"
		"#define XSTATE_BV_OFF 512\n"
		"#define NEED_AMX %d\t/* the images load AMX tiles */\n"
		"#define ARCH_REQ_XCOMP_PERM 0x1023\n#define XFEATURE_XTILEDATA 18\n"
		"#define XFEATURES_AMX_HI 0x6\t/* XCR0 bits 17, 18 (AMX) of the "
		"high half */\n#define CTL_NONE 0\t/* no control: keep the "
		"expected value */\n#define CTL_XSAVE 1\t/* XRSTOR and XSAVE "
		"*/\n", h->arch_setup[X86_SETUP_AMX] ? 1 : 0);
	fprintf(out, "#define THREAD_ARGS (uintptr_t)(thread_stack + "
		"sizeof(thread_stack)), 0, (uintptr_t)&thread_tid, 0\n\n");
	emit_needed(rec, out);
	fputs(walker, out);
	if (h->nsig) {
		fprintf(out, "#ifndef FP_XSTATE_MAGIC1\n#define FP_XSTATE_MAGIC1 "
			"0x46505853\t/* struct _fpx_sw_bytes */\n"
			"#define FP_XSTATE_MAGIC2 0x46505845\n#endif\n"
			"#define SW_MAGIC1 464\t/* fx_sw_reserved in the fpstate */\n"
			"#define SW_EXTENDED_SIZE 468\n#define SW_XFEATURES 472\n"
			"#define SW_XSTATE_SIZE 480\n#define XSAVE_EXT_OFF 576\n"
			"#define XCOMP_BV_OFF 520\n#define AVX_END %u\t/* the AVX "
			"component's end */\n#define KERNEL_ADDR %#llxull\n"
			"#define XFM_YMM 0x4ull\n#define XFM_AVX512 0xe0ull\n"
			"#define XFM_FP_SSE_AVX 0x7ull\n",
			X86_AVX_END, (unsigned long long)X86_KERNEL_ADDR);
		fprintf(out, ""
			"#define EDIT_REGS %u\t/* every register from the image */\n"
			"#define EDIT_CLEAR_AVX %u\n"
			"/* each signal's lists, frame copy and edit {entry, exit, "
			"frame, edit, edit image, signal} */\nstruct slot { uint64_t entry, "
			"exit, frame; unsigned edit; uint64_t img; int signo; };\n"
			"#define NSLOTS %u\nstatic const struct slot slots[] = {\n",
			E_REGS, E_CLEAR_AVX, h->nsig);
		for (k = 0; k < h->nsig; k++)
			fprintf(out, "\t{ %#llx, %#llx, %#llx, %u, %#llx, %s },\n",
				(unsigned long long)h->sig[k].entry_ev,
				(unsigned long long)h->sig[k].exit_ev,
				(unsigned long long)h->sig[k].frame_off,
				h->sig[k].edit, (unsigned long long)h->sig[k].edit_img,
				h->sig[k].want_signo == SIGSYS ? "SIGSYS" : "SIGILL");
		fprintf(out, "};\n\n");
		emit_edit_frame(h, out);
		fputs(sig_code, out);
	} else {
		fprintf(out, "#define arch_setup()\t/* no signal: no handler */\n");
	}
	fputs(common_code, out);
}

int repro_arch_map(const struct fpabi_rec *rec, const struct rec_word *w,
		   uint32_t *off, unsigned *flags)
{
	const struct fpabi_exec_ctl *c =
		(const void *)(rec->shm + FPABI_EXEC_CTL_OFF);

	*off = w->img_off;
	*flags = REPRO_XSAVE;
	switch (w->src) {
	case SRC_REGSET:
		if (rec->io[w->io].note == NT_PRFPREG && w->img_off < 512) {
			*flags = 0;
			return 0;
		}
		return rec->io[w->io].note == NT_X86_XSTATE ? 0 : -1;
	case SRC_DUMP:
		/* the exec probe's dump: libc runs before the reproducer's
		 * main, so its registers are not the new image's first */
		return c->dump_len && w->off == c->dump_off ? -1 : 0;
	case SRC_CHILD:
	case SRC_HANDLER:
	case SRC_FRAME:
		return 0;
	}
	return -1;
}

uint32_t repro_arch_frame_fp(const struct fpabi_rec *rec)
{
	(void)rec;
	return 0;
}
