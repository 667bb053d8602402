// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's exec probe: the image a case execs, as the file builds it.
 * fpabi-exec-probe (src/tracee/ARCH/execprobe.S) has no libc and no
 * loader, so its store holds what execve() left; the file's own probe
 * has none either.  Its code, the new image's first instructions, is
 * assembled into the file's .rodata (probe[] to probe_end[]) and written
 * after a minimal ELF header to a memfd, the tracee's fd 4, which the
 * case execs as /proc/self/fd/4.  It stores every register with the
 * arch's line form of the probe's STORE event, in fpabi's probe's order
 * (x86_64: XSAVE first; arm64: the tracer's poisoned dump read in
 * first, as fpabi's probe does), writes the dump to the shared memory
 * (fd 3) and exits.  Its two labels are global: in a PIE the GOT entry of
 * a local label is its section's, so both would read as the section's
 * start (probe_end - probe == 0 on arm64).
 */
#include "fpabi/event.h"
#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "gen.h"

/* each arch's text: the comment and the asm's start (the dump's offset),
 * the image's place on the stack and its base register (head_c), the
 * write to the dump and the exit (tail_c); the STORE between them is the
 * arch's line form of the event.  An arm64 constant over 16 bits is a
 * movz and a movk. */
#ifdef __x86_64__
#define MACHINE "EM_X86_64"
static const char intro_c[] =
"/* the exec probe, the new image's first instructions (no libc, no loader;\n"
" * fpabi's fpabi-exec-probe starts the same): XSAVE of every component,\n"
" * then the image written to the dump at %#llx of the shared memory (fd 3) */\n"
"extern const uint8_t probe[], probe_end[];\n"
"__asm__(\".pushsection .rodata\\n.globl probe, probe_end\\nprobe:\\n\\t\"\n";
static const char head_c[] =
"\t\"and $-64, %%rsp\\n\\tsub $%u, %%rsp\\n\\tmov %%rsp, %%r12\\n\\t\"\t/* the image */\n"
"\t\"lea -%llu(%%r12), %%rbx\\n\\t\"\t/* rbx + the dump's offset: the image */\n";
static const char tail_c[] =
"\t\"mov $\" XSTR(SYS_pwrite64) \", %%eax\\n\\tmov $3, %%edi\\n\\tmov %%r12, %%rsi\\n\\t\"\n"
"\t\"mov $%llu, %%edx\\n\\tmov $%llu, %%r10\\n\\tsyscall\\n\\t\"\t/* to the dump */\n"
"\t\"mov $\" XSTR(SYS_exit_group) \", %%eax\\n\\txor %%edi, %%edi\\n\\tsyscall\\n\"\n";
#else
#define MACHINE "EM_AARCH64"
static const char intro_c[] =
"/* the exec probe, the new image's first instructions (no libc, no loader,\n"
" * as fpabi's fpabi-exec-probe): the tracer's poisoned dump read in (a syscall,\n"
" * as fpabi's probe does first), every register stored, the image written to\n"
" * the dump at %#llx of the shared memory (fd 3) */\n"
"extern const uint8_t probe[], probe_end[];\n"
"__asm__(\".pushsection .rodata\\n.globl probe, probe_end\\n.balign 4\\nprobe:\\n\\t\"\n";
static const char head_c[] =
"\t\"mov x9, sp\\n\\tand x9, x9, #~63\\n\\tmovz x10, #%u\\n\\tmovk x10, #%u, lsl #16\\n\\t\"\n"
"\t\"sub x9, x9, x10\\n\\tmov sp, x9\\n\\tmov x20, sp\\n\\t\"\t/* the image */\n"
"\t\"mov x0, #3\\n\\tmov x1, x20\\n\\tmovz x2, #%llu\\n\\tmovk x2, #%llu, lsl #16\\n\\t\"\n"
"\t\"movz x3, #%llu\\n\\tmovk x3, #%llu, lsl #16\\n\\tmov x8, #\" XSTR(SYS_pread64) \"\\n\\t\"\n"
"\t\"svc #0\\n\\tsub x19, x20, x3\\n\\t\"\t/* the poisoned dump; x19 + its offset: the image */\n"
"\t\".arch_extension sve\\n\\t.arch_extension sme\\n\\t\"\n";
static const char tail_c[] =
"\t\"mov x0, #3\\n\\tmov x1, x20\\n\\tmovz x2, #%llu\\n\\tmovk x2, #%llu, lsl #16\\n\\t\"\n"
"\t\"movz x3, #%llu\\n\\tmovk x3, #%llu, lsl #16\\n\\tmov x8, #\" XSTR(SYS_pwrite64) \"\\n\\t\"\n"
"\t\"svc #0\\n\\tmov x0, #0\\n\\tmov x8, #\" XSTR(SYS_exit_group) \"\\n\\tsvc #0\\n\"\n";
#endif

static const char elf_c[] =
"/* the probe as a minimal static ELF, in a memfd at the tracee's fd 4 */\n"
"static void make_probe(void)\n{\n"
"\tstruct { Elf64_Ehdr e; Elf64_Phdr p; } h = {\n"
"\t\t.e = { .e_ident = { ELFMAG0, ELFMAG1, ELFMAG2, ELFMAG3, ELFCLASS64,\n"
"\t\t\t\t    ELFDATA2LSB, EV_CURRENT },\n"
"\t\t       .e_type = ET_EXEC, .e_machine = %s, .e_version = EV_CURRENT,\n"
"\t\t       .e_entry = 0x400000 + sizeof(h), .e_phoff = sizeof(h.e),\n"
"\t\t       .e_ehsize = sizeof(h.e), .e_phentsize = sizeof(h.p), .e_phnum = 1 },\n"
"\t\t.p = { .p_type = PT_LOAD, .p_flags = PF_R | PF_X, .p_vaddr = 0x400000,\n"
"\t\t       .p_filesz = sizeof(h) + (probe_end - probe), .p_align = 0x10000 },\n"
"\t};\n"
"\tint fd = memfd_create(\"fpabi-exec-probe\", 0);\n\n"
"\th.p.p_memsz = h.p.p_filesz;\n"
"\tif (fd < 0 || write(fd, &h, sizeof(h)) != sizeof(h) ||\n"
"\t    write(fd, probe, probe_end - probe) != probe_end - probe || dup2(fd, 4) != 4)\n"
"\t\tbail(\"the exec probe\");\n}\n\n";

void repro_emit_exec_probe(struct gen *g)
{
	const struct fpabi_exec_ctl *c = repro_exec_ctl(g->rec);
	unsigned long long off = c->dump_off, len = c->dump_len;
	const unsigned area = REPRO_PROBE_AREA + 64;	/* (64: the alignment) */
	struct fpabi_ev e = { .kind = FPABI_EV_STORE, .ptr = c->dump_off };

	fprintf(g->o, intro_c, off);
#ifdef __x86_64__
	e.mask = ~0ull;	/* (fpabi's probe: XSAVE with EDX:EAX all ones) */
	fprintf(g->o, head_c, area, off);
#else
	e.mask = c->mask;
	e.aux = c->aux;
	e.arg[2] = c->stride;
	e.arg[0] = c->arg0 ? c->dump_off + c->arg0 : 0;	/* (in the image) */
	e.arg[1] = c->arg1 ? c->dump_off + c->arg1 : 0;
	fprintf(g->o, head_c, area & 0xffff, area >> 16, len & 0xffff, len >> 16,
		off & 0xffff, off >> 16);
#endif
	repro_arch_line_ev(g->rec, &e, NULL, NULL, -1, 0, true, g->o);
#ifdef __x86_64__
	fprintf(g->o, tail_c, len, off);
#else
	fprintf(g->o, tail_c, len & 0xffff, len >> 16, off & 0xffff, off >> 16);
#endif
	fprintf(g->o, "\t\"probe_end:\\n.popsection\\n\");\n\n");
	fprintf(g->o, elf_c, MACHINE);
}
