// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's tracer side: each step of the case as the reproducer's
 * statement (a resume, the stop it waits for, a regset call).
 */
#include <stdarg.h>
#include <string.h>

#include "fpabi/case.h"
#include "fpabi/event.h"
#include "fpabi/ops.h"
#include "fpabi/run.h"
#include "fpabi/util.h"
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

/* the tracer's resumes and waits: the table form's cont() and wait_for(),
 * the straight-line form's go() (a resume and the wait, one statement) */
struct tr {
	struct gen *g;
	bool pending;		/* line form: a resume go() makes first, */
	char req[24], sig[16];	/* its request and signal */
};

/* line form: the resume made now, the tracee running (a spin's end) */
static void resume_now(struct tr *t)
{
	if (!t->pending)
		return;
	fprintf(t->g->o, "\tif (ptrace(%s, pid, 0, %s) < 0)\n\t\tbail(\"ptrace: the resume\");\n",
		t->req, t->sig);
	t->pending = false;
}

/* the spin event of step i in the main list (its mark, its end word) */
static const struct fpabi_ev *spin_of(const struct gen *g, int i)
{
	const struct fpabi_ev *e = repro_ev_at(g, g->h->ev_off);

	for (; e->kind != FPABI_EV_END; e++)
		if (e->kind == FPABI_EV_SPIN && e->pad[3] == (uint64_t)i + 1)
			return e;
	return NULL;
}

static void resume(struct tr *t, bool syscall, const char *sig)
{
	if (t->g->line) {
		snprintf(t->req, sizeof(t->req), "%s", syscall ? "PTRACE_SYSCALL" : "PTRACE_CONT");
		snprintf(t->sig, sizeof(t->sig), "%s", sig);
		t->pending = true;
	}
	else
		fprintf(t->g->o, "\t%s(%s);\n", syscall ? "cont_syscall" : "cont", sig);
}

static void __attribute__((format(printf, 4, 5)))
wait_stop(struct tr *t, const char *stop, const char *event, const char *fmt, ...)
{
	char what[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	if (t->g->line)
		fprintf(t->g->o, "\tgo(%s, %s, %s, %s, \"%s\");\n", t->pending ? t->req : "-1",
			t->pending ? t->sig : "0", stop, event, what);
	else
		fprintf(t->g->o, "\twait_for(%s, %s, \"%s\");\n", stop, event, what);
	t->pending = false;
}

/* step s (the i-th) spins: the tracee resumed now, the tracer's end of
 * its spin (its mark and its word: sched.c's preempt(), migrate_running()) */
static void emit_spin(struct tr *t, const struct fpabi_step *s, int i)
{
	const struct fpabi_ev *sp = spin_of(t->g, i);

	resume_now(t);
	if (sp && op_info(s->op)->repro == RPEV_PREEMPT)
		fprintf(t->g->o, "\tpreempt(%#llx, %#llx, %u);\t/* step %d */\n",
			(unsigned long long)sp->arg[1], (unsigned long long)sp->ptr,
			s->a, i + 1);
	else if (sp)
		fprintf(t->g->o, "\tmigrate_running(%#llx, %#llx);\t/* step %d */\n",
			(unsigned long long)sp->arg[1], (unsigned long long)sp->ptr, i + 1);
}

/* step s (the i-th): the spinning tracee stopped where it spins, as
 * ctl_stop_spinning(): by PTRACE_INTERRUPT (a PTRACE_EVENT_STOP with
 * SIGTRAP), or by a SIGSTOP it is let take (group-stop: PTRACE_EVENT_STOP
 * with SIGSTOP); then the word that ends its spin once it goes on */
static void emit_stop_spin(struct tr *t, const struct fpabi_step *s, int i)
{
	const struct fpabi_ev *sp = spin_of(t->g, i);

	resume_now(t);
	if (!sp)
		return;
	fprintf(t->g->o, "\twait_spinning(%#llx);\t/* step %d: it spins, its registers loaded */\n",
		(unsigned long long)sp->arg[1], i + 1);
	if (op_info(s->op)->repro == RPEV_GROUPSTOP) {
		fprintf(t->g->o, "\tkill(pid, SIGSTOP);\n");
		wait_stop(t, "SIGSTOP", "0", "the SIGSTOP's delivery stop (step %d)", i + 1);
		resume(t, false, "SIGSTOP");
		wait_stop(t, "SIGSTOP", "PTRACE_EVENT_STOP", "the group-stop (step %d)", i + 1);
	} else {
		fprintf(t->g->o, "\tif (ptrace(PTRACE_INTERRUPT, pid, 0, 0) < 0)\n"
			"\t\tbail(\"PTRACE_INTERRUPT\");\n");
		wait_stop(t, "SIGTRAP", "PTRACE_EVENT_STOP", "the PTRACE_INTERRUPT stop (step %d)",
			  i + 1);
	}
	fprintf(t->g->o, "\t__atomic_store_n((uint64_t *)(shm + %#llx), 1, __ATOMIC_SEQ_CST);\n",
		(unsigned long long)sp->ptr);
}

/* the last regset call the file makes at its last step: the last checked
 * word's read, a write, a call whose errno fpabi checked */
static int last_io(const struct gen *g)
{
	int last = -1;
	unsigned k;

	for (k = 0; k < g->npick; k++)
		if (g->rec->w[g->pick[k]].src == SRC_REGSET)
			last = MAX(last, g->rec->w[g->pick[k]].io);
	/* (a write at the last step is kept, and a call whose errno the file
	 * checks: repro_find_errs()) */
	for (k = 0; k < g->rec->nio; k++) {
		const struct rec_io *io = &g->rec->io[k];

		if (io->step == g->last &&
		    (io->set || (io->checked && (io->want || io->err != io->want))))
			last = MAX(last, (int)k);
	}
	return last;
}

void repro_find_errs(struct gen *g)
{
	int last = last_io(g);
	unsigned k;

	g->nerr = 0;
	for (k = 0; k < g->rec->nio && k < ARRAY_SIZE(g->err_of); k++) {
		const struct rec_io *io = &g->rec->io[k];

		g->err_of[k] = -1;
		/* (a rejection the rule wants, or an errno fpabi judged
		 * wrong: a failed read shows in its words anyway) */
		if (io->checked && (io->want || io->err != io->want) &&
		    io->step <= g->last &&
		    (io->step < g->last || (int)k <= last))
			g->err_of[k] = (int)g->nerr++;
	}
}

/* step i's regset reads and writes (up to io last at the file's last) */
static void emit_regsets(struct gen *g, int i, int last)
{
	unsigned k;

	for (k = 0; k < g->rec->nio; k++) {
		const struct rec_io *io = &g->rec->io[k];

		if (io->step != i || (i == g->last && (int)k > last))
			continue;	/* (a read after the last observation) */
		if (g->line && k < ARRAY_SIZE(g->err_of) && g->err_of[k] >= 0)
			fprintf(g->o, "\terrs[%d].got = ", g->err_of[k]);
		else
			fputc('\t', g->o);
		fprintf(g->o, "%s(%#llx, %#x, %zu);\t/* %s: %s%s */\n",
			io->set ? "set" : "get", (unsigned long long)g->io_off[k],
			io->note, io->len, note_name(io->note),
			io->err ? "fpabi saw errno " : "",
			io->err ? strerror(io->err) : "ok there");
	}
}

void repro_emit_tracer(struct gen *g)
{
	const struct fpabi_step *s;
	bool stopped = true, refused = false;
	const char *pending = "0";
	struct tr t = { .g = g };
	int i, last = last_io(g);

	/* (the file ends at its last observation: truncate_scenario()) */
	for (i = 0, s = g->r->c->steps; s->op != S_END && i <= g->last; s++, i++) {
		/* after a refused sigreturn only regset reads remain */
		if (refused && s->op != S_READ)
			continue;
		/* a tracee step starts from the stop, as the engine's walk */
		if (!op_tracer(s->op) && !op_has(s->op, OPF_OWN_RESUME) &&
		    stopped) {
			resume(&t, false, pending);
			stopped = false;
			pending = "0";
		}
		switch (op_info(s->op)->repro) {
		case RPEV_EVICT:	/* (the straight-line form only: sched.c) */
			fprintf(g->o, "\tevict();\t/* the competitor runs on the stopped "
				"tracee's CPU (step %d) */\n", i + 1);
			break;
		case RPEV_PREEMPT:	/* (the tracee spins: sched.c ends it) */
		case RPEV_MIGRATE_RUNNING:
			emit_spin(&t, s, i);
			break;
		case RPEV_INTERRUPT:
		case RPEV_GROUPSTOP:
			emit_stop_spin(&t, s, i);
			stopped = true;
			pending = "0";
			break;
		case RPEV_MIGRATE:
			fprintf(g->o, "\tpin(pid, cpus[1]);\t/* migrate: the stopped tracee "
				"to the other CPU (step %d) */\n", i + 1);
			break;
		case RPEV_TRAP:
			/* after a random frame edit: its sigreturn taken, or
			 * refused as in fpabi's run (the same mutations; an
			 * edit the file leaves out is taken) */
			if (i == g->rec->refused_step && i > 0 && step_maybe(s - 1) &&
			    i - 1 != g->edit_dropped) {
				wait_stop(&t, "SIGSEGV", "0", "the mutated frame's refused "
					  "sigreturn's SIGSEGV, as fpabi's run saw (step %d)", i + 1);
				stopped = refused = true;
				break;
			}
			wait_stop(&t, "SIGTRAP", "0", "the breakpoint (step %d)", i + 1);
			if (repro_arch_after_trap())
				fprintf(g->o, "\tafter_trap();\n");
			stopped = true;
			break;
		case RPEV_SYSCALL_STOP:
		case RPEV_SYSEXIT:
			resume(&t, true, pending);
			wait_stop(&t, "SIGTRAP | 0x80", "0", "the syscall-%s stop (step %d)",
				  op_info(s->op)->repro == RPEV_SYSEXIT ? "exit" : "entry", i + 1);
			stopped = true;
			pending = "0";
			break;
		case RPEV_REFUSED:
			/* "the sigreturn must fail and the tracer see SIGSEGV"
			 * (the handler's return: x86 restore_sigcontext(),
			 * arm64 restore_sigframe() refuse the frame) */
			resume(&t, false, pending);
			wait_stop(&t, "SIGSEGV", "0", "the refused sigreturn's SIGSEGV (step %d)",
				  i + 1);
			stopped = true;
			refused = true;
			pending = "0";
			break;
		case RPEV_SECCOMP:
			wait_stop(&t, "SIGTRAP", "PTRACE_EVENT_SECCOMP",
				  "the seccomp stop (step %d)", i + 1);
			stopped = true;
			break;
		case RPEV_SIGILL:
		case RPEV_SIGSYS:
			pending = s->op == S_SIGSYS ? "SIGSYS" : "SIGILL";
			wait_stop(&t, pending, "0", "the %s's delivery stop (step %d)",
				  pending, i + 1);
			stopped = true;
			break;
		case RPEV_EXEC:
			wait_stop(&t, "SIGTRAP", "PTRACE_EVENT_EXEC",
				  "the PTRACE_EVENT_EXEC stop (step %d)", i + 1);
			stopped = true;
			break;
		case RPEV_FORK:
			if (!(s->b & 1))
				break;
			wait_stop(&t, "SIGTRAP", s->a == SC_THREAD ? "PTRACE_EVENT_CLONE" :
				  "PTRACE_EVENT_FORK", "the fork's event stop (step %d)", i + 1);
			fprintf(g->o, "\tlet_child_go();\n");
			stopped = true;
			break;
		case RPEV_REGSET:
			emit_regsets(g, i, last);
			break;
		case RPEV_NONE:
			break;
		}
	}
	if (refused || g->end_at_delivery) {
		/* the run ends at the refused sigreturn's stop, or at the
		 * last signal's delivery stop (write.c: ends_at_delivery()) */
		fprintf(g->o, "\tkill(pid, SIGKILL);\n\twaitpid(pid, NULL, "
			"__WALL);\n%s", g->line ? "" : "\tpid = 0;\n");
		return;
	}
	if (stopped)
		resume(&t, false, pending);
	if (g->line)
		wait_stop(&t, "0", "0", "the tracee's exit");
	else
		fprintf(g->o, "\tfinish();\n");
}
