// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro on x86_64: the reproducer's event walker and SIGILL handler
 * (XRSTOR/XSAVE of standard-format images), and where each checked word
 * sits in the XSAVE areas the kernel hands out.
 */
#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/canary.h"
#include "fpabi/event.h"
#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"
#include "x86.h"

int repro_arch_refuse(const struct fpabi_rec *rec, char *why, size_t n)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	unsigned k;

	for (k = 0; k < h->nsig; k++)
		if (h->sig[k].edit != E_NONE && h->sig[k].edit != E_REGS &&
		    !x86_edit_known(&h->sig[k])) {
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
		"XSTATE_BV %#llx: %s\n", (unsigned long long)xm(r)->xl.xcr0,
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
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
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
			"#define SW_XSTATE_SIZE 480\n#define SW_PADDING 484\n#define XSAVE_EXT_OFF 576\n"
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
		x86_emit_edit_frame(h, false, out);
		fputs(sig_code, out);
	} else {
		fprintf(out, "#define arch_setup()\t/* no signal: no handler */\n");
	}
	fputs(common_code, out);
}

int repro_arch_map(const struct fpabi_rec *rec, const struct rec_word *w,
		   uint32_t *off, unsigned *flags)
{
	const struct fpabi_exec_ctl *c = repro_exec_ctl(rec);

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
		/* the exec probe's dump: the file's own probe writes it
		 * (src/repro/probe.c) */
		return w->off == c->dump_off && !repro_exec_probe_ok(rec) ? -1 : 0;
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

/*
 * The straight-line form (src/repro/line.c): the tracee's events as lines
 * of one asm block (rbx: the shared memory), the XSAVE helpers, and for
 * a case with signals the handler, its C and its frame edits.
 */
/* XRSTOR, NT_X86_XSTATE writes and sigreturn take a component whose
 * XSTATE_BV bit is clear as init: its bytes are never loaded (SDM vol. 1,
 * 13.8.1); the legacy area's x87 and SSE fields too (MXCSR excepted) */
bool repro_arch_comp_live(const uint8_t *img, size_t len, unsigned int comp)
{
	uint64_t bv;

	if (len < 520)
		return true;	/* an FXSAVE area: all of it */
	memcpy(&bv, img + 512, 8);
	return bv >> comp & 1;
}

bool repro_arch_line_ok(const struct fpabi_rec *rec)
{
	(void)rec;
	return true;
}

void repro_arch_line_ev(const struct fpabi_rec *rec, const struct fpabi_ev *e,
			const char *sys, const char *name, int row,
			unsigned int label, bool top, FILE *out)
{
	const char *p = top ? "%" : "%%";

	(void)rec;
	switch (e->kind) {
	case FPABI_EV_LOAD:
	case FPABI_EV_STORE:
		fprintf(out, "\t\"mov $%#x, %seax\\n\\tmov $%#x, %sedx\\n\\t"
			"%s %#llx(%srbx)\\n\\t\"\t/* %s */\n",
			(unsigned)e->mask, p, (unsigned)(e->mask >> 32), p,
			e->kind == FPABI_EV_LOAD ? "xrstor64" : "xsave64",
			(unsigned long long)e->ptr, p, e->kind == FPABI_EV_LOAD ?
			"load the image" : "store to a dump");
		break;
	case FPABI_EV_TRAP:
		fprintf(out, "\t\"int3\\n\\t\"\t/* the breakpoint */\n");
		break;
	case FPABI_EV_FAULT:
		fprintf(out, "\t\"ud2\\n\\t\"\t/* SIGILL */\n");
		break;
	case FPABI_EV_SPIN:	/* spinning (the mark), until the tracer's word */
		fprintf(out, "\t\"movq $1, %#llx(%srbx)\\n\\t\"\t/* spinning */\n"
			"\t\"1: pause\\n\\tcmpq $0, %#llx(%srbx)\\n\\tje 1b\\n\\t\"\t"
			"/* until the tracer says go on */\n", (unsigned long long)e->arg[1], p,
			(unsigned long long)e->ptr, p);
		break;
	case FPABI_EV_SYSCALL:
		fprintf(out, "\t\"mov $\" XSTR(%s) \", %seax\\n\\t\"\t/* %s */\n",
			sys, p, e->nr == SC_EXIT ? "exit" : name);
		if (row >= 0 && e->nr == SC_EXIT)	/* (exit reads its status only) */
			fprintf(out, "\t\"mov sc_args+%u(%srip), %srdi\\n\\t\"\n", 48 * row, p, p);
		else if (row >= 0)
			fprintf(out, "\t\"mov sc_args+%u(%srip), %srdi\\n\\tmov sc_args+%u(%srip), %srsi\\n\\t\"\n"
				"\t\"mov sc_args+%u(%srip), %srdx\\n\\tmov sc_args+%u(%srip), %sr10\\n\\t\"\n"
				"\t\"mov sc_args+%u(%srip), %sr8\\n\\tmov sc_args+%u(%srip), %sr9\\n\\t\"\n",
				48 * row, p, p, 48 * row + 8, p, p,
				48 * row + 16, p, p, 48 * row + 24, p, p,
				48 * row + 32, p, p, 48 * row + 40, p, p);
		if (sc_has((unsigned)e->nr, SCF_SETTLS))
			fprintf(out, "\t\"mov %sfs:0, %sr8\\n\\t\"\t/* CLONE_SETTLS: this "
				"thread's own pointer */\n", p, p);
		fprintf(out, "\t\"syscall\\n\\t\"\n");
		if (label)
			fprintf(out, "\t\"test %srax, %srax\\n\\tjnz %uf\\n\\t\"\t/* the child: */\n",
				p, p, label);
		break;
	}
}

/* (an XRSTOR is one line: nothing to make a macro of) */
void repro_arch_line_scan(const struct fpabi_ev *e)
{
	(void)e;
}

/* (never asked: an XSAVE is always neutral, repro_arch_store_neutral()) */
bool repro_arch_line_touch(const struct fpabi_ev *e, const struct fpabi_ev *prev,
			   FILE *out)
{
	(void)e;
	(void)prev;
	(void)out;
	return false;
}

void repro_arch_line_close(const struct fpabi_rec *rec, FILE *out)
{
	(void)rec;
	fprintf(out, "\t\t: : \"b\"(shm) : \"rax\", \"rcx\", \"rdx\", \"rdi\", "
		"\"rsi\", \"r8\", \"r9\", \"r10\", \"r11\",\n\t\t  \"memory\");\n");
}

static const char line_xsave_c[] =
"/* a word of an XSAVE area; a clear XSTATE_BV bit: at init (MXCSR, its mask excepted) */\n"
"static uint64_t read_word(const struct word *w, const uint8_t *area)\n{\n"
"\tuint64_t bv, v = 0;\n\n\tmemcpy(&bv, area + 512, 8);\n"
"\tif ((w->how & IN_XSAVE) && !(bv >> w->comp & 1) && w->off / 8 != 3)\n"
"\t\treturn w->init;\n\tmemcpy(&v, area + w->off, w->len);\n\treturn v;\n}\n\n"
"/* the control: the value alone through XRSTOR, then XSAVE over the POISON as a dump\n"
" * (the caller's own saved in b around them): a field XSAVE does not write keeps it */\n"
"static uint64_t roundtrip(const struct word *w)\n{\n"
"\tstatic _Alignas(64) uint8_t a[16384], b[16384], c[16384];\n"
"\tuint64_t bv = 1ull << w->comp;\n\n"
"%s"
"\tmemcpy(a + 24, &(uint32_t){ 0x1f80 }, 4);\t/* MXCSR */\n"
"\tmemcpy(a + w->off, &w->exp, w->len);\n\tmemcpy(a + 512, &bv, 8);\t/* XSTATE_BV */\n"
"\tfor (unsigned int i = 0; i < sizeof(c); i += 8)\n"
"\t\tmemcpy(c + i, &(uint64_t){ POISON }, 8);\n"
"\t__asm__ volatile(\"xsave64 %%1\\n\\txrstor64 %%0\\n\\txsave64 %%2\\n\\txrstor64 %%1\"\n"
"\t\t\t : \"+m\"(a), \"+m\"(b), \"+m\"(c)\n"
"\t\t\t : \"a\"((uint32_t)bv), \"d\"((uint32_t)(bv >> 32)) : \"memory\");\n"
"\treturn read_word(w, c);\n}\n\n";

/* CPUID and XCR0: exit 4 naming the components the images load */
static void line_features(const struct fpabi_rec *rec, FILE *out)
{
	uint64_t bv = XV(&rec->r->v)->xfeatures & ~1ull;	/* (x87 is always set) */
	unsigned int i;

	fprintf(out, "/* XSAVE enabled (CPUID.1:ECX.OSXSAVE), XCR0 with the components the images load */\n"
		"static void check_features(void)\n{\n\tunsigned int a, b, c, d, lo, hi;\n\n"
		"\t__cpuid(1, a, b, c, d);\n\tif (!(c & bit_OSXSAVE))\n"
		"\t\tSKIP(\"XSAVE is not enabled (CPUID.1:ECX.OSXSAVE clear)\");\n"
		"\t__asm__ volatile(\"xgetbv\" : \"=a\"(lo), \"=d\"(hi) : \"c\"(0));\n"
		"\tif ((((uint64_t)hi << 32 | lo) & %#llxull) != %#llxull)\n\t\tSKIP(\"XCR0 lacks one of",
		(unsigned long long)bv, (unsigned long long)bv);
	for (i = 1; i < XF_MAX; i++)
		if (bv >> i & 1)
			fprintf(out, " %s", xfeature_name(i));
	fprintf(out, "\");\n");
	if (rec_hdr(rec)->arch_setup[X86_SETUP_AMX])
		fprintf(out, "\t/* TILEDATA's permission, inherited on fork "
			"(Documentation/arch/x86/xstate.rst) */\n"
			"\tif (syscall(SYS_arch_prctl, 0x1023, 18) < 0)\t/* ARCH_REQ_XCOMP_PERM */\n"
			"\t\tSKIP(\"ARCH_REQ_XCOMP_PERM: the kernel refuses TILEDATA\");\n");
	fprintf(out, "}\n\n");
}

void repro_arch_line_code(const struct fpabi_rec *rec, unsigned int uses, FILE *out,
			  void (*list)(void *ctx, uint64_t off), void *ctx)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	uint64_t poison;

	/* (a dump is poisoned before the tracee's XSAVE: a field the CPU's
	 * XSAVE does not write keeps the poison, and so in the control) */
	canary_poison(&poison, sizeof(poison), (uint16_t)rec->r->cseed);
	fprintf(out, "#define IN_XSAVE 8\t/* a clear XSTATE_BV bit reads as init */\n"
		"%s#define CTL_XSAVE 1\t/* XRSTOR and XSAVE */\n"
		"#define POISON %#llxull\t/* fill()'s comp 63: kept where XSAVE writes nothing */\n",
		uses & REPRO_LINE_CTL_NONE ? "#define CTL_NONE 0\t/* no control: the expected value */\n" : "",
		(unsigned long long)poison);
	fputc('\n', out);
	line_features(rec, out);
	fprintf(out, line_xsave_c, uses & REPRO_LINE_CTL_NONE ?
		"\tif (!(w->how & CTL_XSAVE))\n\t\treturn w->exp;\n" : "");
	if (!h->nsig)
		return;
	x86_line_signals(rec, uses, out);
	x86_line_handler(rec, uses, out, list, ctx);
}
