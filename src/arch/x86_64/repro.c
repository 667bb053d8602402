// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro on x86_64: the reproducer's event walker and SIGILL handler
 * (XRSTOR/XSAVE of standard-format images), and where each checked word
 * sits in the XSAVE areas the kernel hands out.
 */
#include <elf.h>
#include <string.h>

#include "fpabi/event.h"
#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "x86.h"

static const struct fpabi_shm_hdr *hdr(const struct fpabi_rec *rec)
{
	return (const struct fpabi_shm_hdr *)rec->shm;
}

int repro_arch_refuse(const struct fpabi_rec *rec, char *why, size_t n)
{
	const struct fpabi_shm_hdr *h = hdr(rec);
	unsigned k;

	if (h->arch_setup[X86_SETUP_AMX]) {
		snprintf(why, n, "AMX tiles need ARCH_REQ_XCOMP_PERM first: "
			 "not replayed standalone yet");
		return -1;
	}
	for (k = 0; k < h->nsig; k++)
		if (h->sig[k].edit != E_NONE && h->sig[k].edit != E_REGS &&
		    h->sig[k].edit != E_CLEAR_AVX) {
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
"void sig_entry(int sig, siginfo_t *si, void *uc);\n"
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
"\t\"8: add $128, %rbx\\njmp 1b\\n9: pop %rbp\\npop %rbx\\nret\\n\"\n"
"\t/* the SIGILL handler: store, then C, then the clobbering load */\n"
"\t\".globl sig_entry\\nsig_entry:\\npush %rbx\\npush %r12\\npush %r13\\n\"\n"
"\t\"mov %rdx, %r13\\nmov sig_list(%rip), %rdi\\ncall run_events\\n\"\n"
"\t\"mov %r13, %rdi\\ncall sig_body\\nmov %rax, %rdi\\ncall run_events\\n\"\n"
"\t\"pop %r13\\npop %r12\\npop %rbx\\nret\\n.popsection\\n\");\n\n";

static const char frame_code[] =
"struct ev *sig_list;\t/* the next signal's entry list */\n"
"static unsigned nsig;\n\n"
"/* the handler's C: copy the frame's XSAVE area, make the edit, step\n"
" * over the ud2 */\n"
"struct ev *sig_body(ucontext_t *uc)\n{\n"
"\tuint8_t *fp = (uint8_t *)uc->uc_mcontext.fpregs;\n"
"\tconst struct slot *s = &slots[nsig++];\n"
"\tuint32_t magic1, ext, xsize;\n\tuint64_t bv;\n\n"
"\tmemcpy(&magic1, fp + 464, 4);\t/* struct _fpx_sw_bytes */\n"
"\tmemcpy(&ext, fp + 468, 4);\n\tmemcpy(&xsize, fp + 480, 4);\n"
"\tmemcpy(shm + s->frame, fp, magic1 == 0x46505853 ? ext : 512);\n"
"\tif (s->edit == 1) {\t/* every register from the edit image */\n"
"\t\tmemcpy(fp, shm + s->img, 416);\n"
"\t\tmemcpy(fp + 576, shm + s->img + 576, xsize - 576);\n"
"\t\tmemcpy(fp + 512, shm + s->img + 512, 8);\n"
"\t} else if (s->edit == 2) {\t/* XSTATE_BV without AVX, AVX-512 */\n"
"\t\tmemcpy(&bv, fp + 512, 8);\n\t\tbv &= ~0xe4ull;\n"
"\t\tmemcpy(fp + 512, &bv, 8);\n\t}\n"
"\tuc->uc_mcontext.gregs[REG_RIP] += 2;\n"
"\tsig_list = (struct ev *)(shm + slots[nsig < NSLOTS ? nsig : 0].entry);\n"
"\treturn (struct ev *)(shm + s->exit);\n}\n\n"
"/* int3 leaves the PC after it: nothing to step over */\n"
"static void after_trap(void)\n{\n}\n\n"
"static void arch_setup(void)\n{\n\tstruct sigaction sa;\n\n"
"\tmemset(&sa, 0, sizeof(sa));\n"
"\tsa.sa_sigaction = sig_entry;\n\tsa.sa_flags = SA_SIGINFO | SA_NODEFER;\n"
"\tsig_list = (struct ev *)(shm + slots[0].entry);\n"
"\tif (NSLOTS && sigaction(SIGILL, &sa, NULL) < 0)\n\t\t_exit(3);\n}\n\n"
"/* an XSAVE area: a component whose XSTATE_BV bit is clear is at init\n"
" * (MXCSR and its mask excepted) */\n"
"static uint64_t fixup(const struct word *w, uint64_t got)\n{\n"
"\tuint64_t bv;\n\n\tmemcpy(&bv, shm + w->buf + 512, 8);\n"
"\tif ((w->flags & 1) && !(bv >> w->comp & 1) && w->off != 24 && w->off != 28)\n"
"\t\treturn w->init;\n\treturn got;\n}\n\n";

void repro_arch_code(const struct fpabi_rec *rec, FILE *out)
{
	const struct fpabi_shm_hdr *h = hdr(rec);
	unsigned k;

	fprintf(out, "#define THREAD_ARGS (uintptr_t)(thread_stack + "
		"sizeof(thread_stack)), 0, (uintptr_t)&thread_tid, 0\n\n");
	fputs(walker, out);
	fprintf(out, "/* each signal's lists, frame copy and edit {entry, exit, "
		"frame, edit, edit image} */\nstruct slot { uint64_t entry, "
		"exit, frame; unsigned edit; uint64_t img; };\n"
		"#define NSLOTS %u\nstatic const struct slot slots[] = {\n",
		h->nsig);
	for (k = 0; k < h->nsig; k++)
		fprintf(out, "\t{ %#llx, %#llx, %#llx, %u, %#llx },\n",
			(unsigned long long)h->sig[k].entry_ev,
			(unsigned long long)h->sig[k].exit_ev,
			(unsigned long long)h->sig[k].frame_off,
			h->sig[k].edit, (unsigned long long)h->sig[k].edit_img);
	if (!h->nsig)
		fprintf(out, "\t{ 0, 0, 0, 0, 0 },\n");
	fprintf(out, "};\n\n");
	fputs(frame_code, out);
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
