// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's tracer side: each step of the case as the reproducer's
 * statement (a resume, the stop it waits for, a regset call).
 */
#include <string.h>

#include "fpabi/case.h"
#include "fpabi/ops.h"
#include "fpabi/run.h"
#include "gen.h"

/* The tracer's side: the case's steps, each stop and regset call. */
/* the regset's name, for the reader (the ELF note types of elf.h) */
static const char *note_name(unsigned note)
{
	static const struct {
		unsigned note;
		const char *name;
	} notes[] = {
		{ 0x1, "NT_PRSTATUS" }, { 0x2, "NT_PRFPREG" },
		{ 0x202, "NT_X86_XSTATE" }, { 0x401, "NT_ARM_TLS" },
		{ 0x405, "NT_ARM_SVE" }, { 0x40b, "NT_ARM_SSVE" },
		{ 0x40c, "NT_ARM_ZA" }, { 0x40d, "NT_ARM_ZT" },
		{ 0x40e, "NT_ARM_FPMR" },
	};
	unsigned i;

	for (i = 0; i < sizeof(notes) / sizeof(notes[0]); i++)
		if (notes[i].note == note)
			return notes[i].name;
	return "regset";
}

void repro_emit_tracer(struct gen *g)
{
	const struct fpabi_step *s;
	bool stopped = true, refused = false;
	const char *pending = "0";
	unsigned k;
	int i;

	for (i = 0, s = g->r->c->steps; s->op != S_END; s++, i++) {
		/* a tracee step starts from the stop, as the engine's walk */
		if (!op_tracer(s->op) && !op_has(s->op, OPF_OWN_RESUME) &&
		    stopped) {
			fprintf(g->o, "\tcont(%s);\n", pending);
			stopped = false;
			pending = "0";
		}
		switch (op_info(s->op)->repro) {
		case RPEV_TRAP:
			fprintf(g->o, "\twait_for(SIGTRAP, 0, \"the breakpoint "
				"(step %d)\");\n\tafter_trap();\n", i + 1);
			stopped = true;
			break;
		case RPEV_SYSCALL_STOP:
			fprintf(g->o, "\tcont_syscall(%s);\n\twait_for(SIGTRAP | "
				"0x80, 0, \"the syscall-entry stop (step %d)\");\n",
				pending, i + 1);
			stopped = true;
			pending = "0";
			break;
		case RPEV_SYSEXIT:
			fprintf(g->o, "\tcont_syscall(%s);\n\twait_for(SIGTRAP | "
				"0x80, 0, \"the syscall-exit stop (step %d)\");\n",
				pending, i + 1);
			stopped = true;
			pending = "0";
			break;
		case RPEV_REFUSED:
			/* "the sigreturn must fail and the tracer see SIGSEGV"
			 * (the handler's return: x86 restore_sigcontext(),
			 * arm64 restore_sigframe() refuse the frame) */
			fprintf(g->o, "\tcont(%s);\n\twait_for(SIGSEGV, 0, \"the "
				"refused sigreturn's SIGSEGV (step %d)\");\n",
				pending, i + 1);
			stopped = true;
			refused = true;
			pending = "0";
			break;
		case RPEV_SECCOMP:
			fprintf(g->o, "\twait_for(SIGTRAP, PTRACE_EVENT_SECCOMP, "
				"\"the seccomp stop (step %d)\");\n", i + 1);
			stopped = true;
			break;
		case RPEV_SIGILL:
		case RPEV_SIGSYS:
			fprintf(g->o, "\twait_for(%s, 0, \"the %s's delivery "
				"stop (step %d)\");\n", s->op == S_SIGSYS ?
				"SIGSYS" : "SIGILL", s->op == S_SIGSYS ?
				"SIGSYS" : "SIGILL", i + 1);
			stopped = true;
			pending = s->op == S_SIGSYS ? "SIGSYS" : "SIGILL";
			break;
		case RPEV_EXEC:
			fprintf(g->o, "\twait_for(SIGTRAP, PTRACE_EVENT_EXEC, "
				"\"the PTRACE_EVENT_EXEC stop (step %d)\");\n",
				i + 1);
			stopped = true;
			break;
		case RPEV_FORK:
			if (!(s->b & 1))
				break;
			fprintf(g->o, "\twait_for(SIGTRAP, %s, \"the fork's "
				"event stop (step %d)\");\n\tlet_child_go();\n",
				s->a == SC_THREAD ? "PTRACE_EVENT_CLONE" :
				"PTRACE_EVENT_FORK", i + 1);
			stopped = true;
			break;
		case RPEV_REGSET:
			for (k = 0; k < g->rec->nio; k++) {
				const struct rec_io *io = &g->rec->io[k];

				if (io->step != i)
					continue;
				fprintf(g->o, "\t%s(%#llx, %#x, %zu);\t/* %s: %s%s */\n",
					io->set ? "set" : "get",
					(unsigned long long)g->io_off[k],
					io->note, io->len, note_name(io->note),
					io->err ? "fpabi saw errno " : "",
					io->err ? strerror(io->err) : "ok there");
			}
			break;
		case RPEV_NONE:
			break;
		}
	}
	if (refused) {
		/* the run ends at the refused sigreturn's stop */
		fprintf(g->o, "\tkill(pid, SIGKILL);\n\twaitpid(pid, NULL, "
			"__WALL);\n\tpid = 0;\n");
		return;
	}
	if (stopped)
		fprintf(g->o, "\tcont(%s);\n", pending);
	fprintf(g->o, g->line ? "\twait_for(0, 0, \"the tracee's exit\");\n" :
		"\tfinish();\n");
}

