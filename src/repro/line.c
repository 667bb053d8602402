// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's straight-line form: the case as a short program a reader
 * follows (the tracee's events in one assembly block, one statement per
 * tracer step, the fill as calls over the canary encoding, only the
 * helpers the case calls, only the words that differed).
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/case.h"
#include "fpabi/event.h"
#include "fpabi/report.h"
#include "fpabi/run.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"
#include "gen.h"

#define MAX_ROWS 32	/* syscalls with arguments */

/* each syscall with arguments: its row of sc_args[], by event offset */
static struct {
	uint64_t at[MAX_ROWS];
	unsigned int sc[MAX_ROWS];
	const struct fpabi_ev *e[MAX_ROWS];
	unsigned int n;
} rows;

static int row_of(uint64_t at)
{
	unsigned int i;

	for (i = 0; i < rows.n; i++)
		if (rows.at[i] == at)
			return (int)i;
	return -1;
}

/* syscall e as C: its SYS_ name, args its arguments; a backend's own
 * kind (arm64: the prctl VL calls) through the arch; NULL: none */
static const char *sc_c(const struct fpabi_ev *e, char *args, size_t n)
{
	const char *sys = repro_sc_c((unsigned)e->nr, args, n);

	return sys ? sys : repro_arch_syscall(e, args, n);
}

/* number the syscalls with arguments; -1: a list the form cannot write */
static int scan_list(const struct gen *g, uint64_t off, unsigned int depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	char args[256];
	unsigned int i;

	for (i = 0; depth < 3; i++) {
		if (e[i].kind == FPABI_EV_END)
			return 0;
		if (e[i].kind != FPABI_EV_SYSCALL)
			continue;
		if (!sc_c(&e[i], args, sizeof(args)))
			return -1;	/* a kind with no C form */
		if ((args[0] || e[i].nr == SC_EXIT) && row_of(off + i * sizeof(*e)) < 0) {
			if (rows.n == MAX_ROWS)
				return -1;
			rows.at[rows.n] = off + i * sizeof(*e);
			rows.e[rows.n] = &e[i];
			rows.sc[rows.n++] = (unsigned)e[i].nr;
		}
		if (e[i].ptr && scan_list(g, e[i].ptr, depth + 1) < 0)
			return -1;
	}
	return -1;
}

/* the arguments of sc as C (read: the pipe's fd is set in main, as the
 * urandom write's is; exec: the file's own probe, if it has one) */
static void sc_args_c(const struct gen *g, const struct fpabi_ev *e, char *args,
		      size_t n)
{
	char *t;

	sc_c(e, args, n);
	/* (a thread's clone: the stack and the tid word written out, no
	 * THREAD_ARGS macro: checkpatch wants a macro of several values in
	 * parentheses, which would make it one argument) */
	t = strstr(args, "THREAD_ARGS");
	if (t && (size_t)(t - args) + strlen(repro_arch_thread_args) < n)
		strcpy(t, repro_arch_thread_args);
	if (e->nr == SC_EXIT)
		snprintf(args, n, "0");
	if (e->nr == SC_EXEC && g->probe)
		snprintf(args, n, "(uintptr_t)\"/proc/self/fd/4\", (uintptr_t)probe_argv, "
			 "(uintptr_t)probe_envp");
}

static bool list_syscall(const struct gen *g, uint64_t off, unsigned int depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	unsigned int i;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++)
		if (e[i].kind == FPABI_EV_SYSCALL)
			return true;
	return false;
}

struct list_ctx {
	struct gen *g;
	bool top;	/* at top level (one %), not in an asm statement */
};

/* one event list as lines of the tracee's assembly; a clone's child
 * (a syscall with .ptr) goes on with its own list after the branch */
static void emit_asm_list(struct gen *g, uint64_t off, bool top,
			  unsigned int depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	char args[256];
	unsigned int i, label;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++) {
		const char *sys = NULL;

		if (e[i].kind == FPABI_EV_STORE && !repro_line_checked(g, e[i].ptr) &&
		    (repro_arch_store_neutral(&e[i], i ? &e[i - 1] : NULL) ||
		     repro_arch_line_touch(&e[i], i ? &e[i - 1] : NULL, g->o)))
			continue;	/* (a store whose dump nothing checks) */
		label = 0;
		if (e[i].kind == FPABI_EV_SYSCALL) {
			sys = sc_c(&e[i], args, sizeof(args));
			if (e[i].ptr)
				label = g->label++;
		}
		repro_arch_line_ev(g->rec, &e[i], sys, sc_name((unsigned)e[i].nr),
				   row_of(off + i * sizeof(*e)), label, top, g->o);
		if (label) {
			emit_asm_list(g, e[i].ptr, top, depth + 1);
			fprintf(g->o, "\t\"%u:\\n\\t\"\t/* the parent goes on */\n",
				label);
		}
	}
}

/* each event of the list at off, and of its clones' lists, to the arch */
static void scan_events(const struct gen *g, uint64_t off, unsigned int depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	unsigned int i;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++) {
		repro_arch_line_scan(&e[i]);
		if (e[i].kind == FPABI_EV_SYSCALL && e[i].ptr)
			scan_events(g, e[i].ptr, depth + 1);
	}
}

static void line_list(struct gen *g, uint64_t off)
{
	emit_asm_list(g, off, false, 0);
}

static void list_cb(void *ctx, uint64_t off)
{
	struct list_ctx *c = ctx;

	emit_asm_list(c->g, off, c->top, 0);
}

static void emit_header(struct gen *g)
{
	const struct fpabi_run *r = g->r;
	const struct fpabi_rule *ru = rule_get(r->c->rule);
	char steps[512];
	int n;

	steps_text(r, steps, sizeof(steps));
	if (g->ksft)
		fprintf(g->o, "// SPDX-License-Identifier: GPL-2.0\n/*\n"
			" * A selftest for tools/testing/selftests/%s, from fpabi "
			"case %s,\n * seed %llu (`fpabi repro --kselftest`; add it "
			"to the Makefile's TEST_GEN_PROGS).\n"
			" * Recorded on Linux %s.\n", repro_arch_kselftest_dir(),
			r->id, (unsigned long long)r->o->seed, r->m->kernel);
	else
		fprintf(g->o, "// SPDX-License-Identifier: GPL-2.0-or-later\n/*\n"
			" * Reproducer of fpabi case %s, seed %llu\n"
			" * (`fpabi repro`: gcc -O2 repro.c && ./a.out, TAP out), recorded on Linux %s.\n", r->id,
			(unsigned long long)r->o->seed, r->m->kernel);
	if (g->rec->minimised)
		fprintf(g->o, " * Minimised from %s.\n", g->rec->minimised);
	repro_arch_header(g->rec, g->o);
	for (n = 0; r->c->steps[n].op != S_END; n++)
		;
	fprintf(g->o, " * Rule %s: %s\n *   source: %s\n * Steps: %s",
		ru ? ru->id : r->c->rule, ru ? ru->text : "",
		ru ? ru->source : "", steps);
	if (g->last + 2 <= n)	/* (truncate_scenario()) */
		fprintf(g->o, "; the file stops after step %d, its last observation", g->last + 1);
	fprintf(g->o, "\n");
	if (g->end_at_delivery)
		fprintf(g->o, " * It ends at that signal's delivery stop, the tracee killed: no handler runs.\n");
	if (g->exit_in_handler)
		fprintf(g->o, " * It ends in that signal's handler after the frame copy: its edit and "
			"sigreturn come later.\n");
	if (g->edit_dropped >= 0)
		fprintf(g->o, " * Its handler makes no random frame edit: that comes after the frame copy.\n");
	if (g->failing)
		fprintf(g->o, " * fpabi found %u difference(s), the first: %s: "
			"%s: %s.\n", r->nfind, r->find[0].observer,
			r->find[0].what, r->find[0].origin);
	fprintf(g->o, g->ksft ? " * A control first: each value checked "
		"through the CPU alone; a field the\n * CPU itself changes is a "
		"skip.  Exit (kselftest's): 0 pass, 1 a word differs or\n * no "
		"verdict, 4 a feature is missing; -DFPABI_REPRO_CORRUPT: 1.\n */\n" :
		" * Exit: 0 as the rule says, 1 BUG, 3 the CPU's own change (a control), 4 no feature, 2 no verdict.\n */\n");
}

static const char base_c[] =
"#define bail(what) (%s)\n"
"uint8_t *shm;\t/* shared with the tracee: images, dumps, regset buffers */\n"
"static pid_t pid;\n\n"
"static void timeout(int sig)\n{\n"
"\tbail(sig == SIGALRM ? \"60 s and the scenario has not ended\" : \"\");\n}\n\n";

/* (no tracer: the tracee is a plain child, solo()) */
static const char solo_c[] =
"#define bail(what) (%s)\n"
"uint8_t *shm;\t/* shared with the tracee: images, dumps */\n"
"static pid_t pid;\n\n";

static const char fill_c[] =
"/* len bytes at off: fpabi's canaries of a register, 8 bytes a lane; comp 63: poison */\n"
"static void fill(uint64_t off, unsigned int len, uint64_t task, uint64_t phase,\n"
"\t\t uint64_t comp, uint64_t reg, uint64_t lane)\n{\n"
"\tfor (unsigned int k = 0; k < len; k += 8) {\n"
"\t\tuint64_t w = (uint64_t)SEED << 48 | task << 44 | phase << 40 | reg << 18 |\n"
"\t\t\t     (comp == 63 ? 0 : lane + k / 8) << 26 | comp << 12;\n"
"\t\tuint64_t x = (w ^ 0x66706162692d6376ull) + 0x9e3779b97f4a7c15ull;\n\n"
"\t\tx = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;\n"
"\t\tx = (x ^ (x >> 27)) * 0x94d049bb133111ebull;\n"
"\t\tw |= (x ^ (x >> 31)) & 0xfff;\t/* the check bits */\n"
"\t\tmemcpy(shm + off + k, &w, len - k < 8 ? len - k : 8);\n\t}\n}\n\n";

static const char tracer_c[] =
"/* resume (req -1: not) to the next stop (0: the exit 0; event stops and SIGCHLD pass) */\n"
"static void go(int req, int sig, int stop, int event, const char *what)\n{\n\tint st = -1;\n\n"
"\tif (req >= 0 && ptrace(req, pid, 0, sig) < 0)\n\t\tbail(\"ptrace: the resume\");\n"
"\twhile (waitpid(pid, &st, __WALL) == pid && WIFSTOPPED(st)) {\n"
"\t\tif (stop && WSTOPSIG(st) == stop && (st >> 16) == event)\n\t\t\treturn;\n"
"\t\tif (WSTOPSIG(st) == SIGCHLD && !(st >> 16))\n\t\t\tsig = SIGCHLD;\n"
"\t\telse if (!stop && (st >> 16))\n\t\t\tsig = 0;\n\t\telse\n\t\t\tbreak;\n"
"\t\tif (ptrace(PTRACE_CONT, pid, 0, sig) < 0)\n\t\t\tbail(\"PTRACE_CONT\");\n\t}\n"
"\tif (!stop && WIFEXITED(st) && !WEXITSTATUS(st))\n\t\treturn;\n"
"\tprintf(\"# status %#x, not %s\\n\", st, what);\n\tbail(\"unexpected stop\");\n}\n\n";

/* (no child of the tracee's: no SIGCHLD, no event stop on the way) */
static const char tracer_simple_c[] =
"/* resume (req -1: not) to the next stop (0: the exit 0); any other ends the run */\n"
"static void go(int req, int sig, int stop, int event, const char *what)\n{\n\tint st = -1;\n\n"
"\tif (req >= 0 && ptrace(req, pid, 0, sig) < 0)\n\t\tbail(\"ptrace: the resume\");\n"
"\tif (waitpid(pid, &st, __WALL) == pid && (stop ? WIFSTOPPED(st) &&\n"
"\t    WSTOPSIG(st) == stop && (st >> 16) == event : WIFEXITED(st) && !WEXITSTATUS(st)))\n"
"\t\treturn;\n\tprintf(\"# status %#x, not %s\\n\", st, what);\n"
"\tbail(\"unexpected stop\");\n}\n\n";

/* (each returns the call's errno, 0: success) */
static const char get_c[] =
"static int get(uint64_t off, unsigned int note, size_t len)\n{\n"
"\tstruct iovec iov = { shm + off, len };\n\n\tfill(off, len, 0, 0, 63, 0, 0);\n"
"\tif (ptrace(PTRACE_GETREGSET, pid, (void *)(uintptr_t)note, &iov) == 0)\n\t\treturn 0;\n"
"\tprintf(\"# GETREGSET %#x: %s\\n\", note, strerror(errno));\n\treturn errno;\n}\n\n";

static const char set_c[] =
"static int set(uint64_t off, unsigned int note, size_t len)\n{\n"
"\tstruct iovec iov = { shm + off, len };\n\n"
"\tif (ptrace(PTRACE_SETREGSET, pid, (void *)(uintptr_t)note, &iov) == 0)\n\t\treturn 0;\n"
"\tprintf(\"# SETREGSET %#x: %s\\n\", note, strerror(errno));\n\treturn errno;\n}\n\n";


static const char fork_stop_c[] =
"/* the child a fork stop reports runs on untraced */\n"
"static void let_child_go(void)\n{\n\tunsigned long child;\n\tint st;\n\n"
"\tif (ptrace(PTRACE_GETEVENTMSG, pid, 0, &child) < 0 ||\n"
"\t    waitpid((pid_t)child, &st, __WALL) < 0 ||\n"
"\t    ptrace(PTRACE_DETACH, (pid_t)child, 0, 0) < 0)\n\t\tbail(\"the fork's child\");\n}\n\n";

static const char seccomp_c[] =
"/* fpabi's filter: getppid to the tracer (a PTRACE_EVENT_SECCOMP stop),\n"
" * getpgid a SIGSYS (SECCOMP_RET_TRAP) */\n"
"static void setup_seccomp(void)\n{\n\tstruct sock_filter f[] = {\n"
"\t\tBPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),\n"
"\t\tBPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getppid, 0, 1),\n"
"\t\tBPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRACE | 42),\n"
"\t\tBPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_getpgid, 0, 1),\n"
"\t\tBPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_TRAP),\n"
"\t\tBPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),\n\t};\n"
"\tstruct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };\n\n"
"\tif (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0 ||\n"
"\t    syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) < 0)\n"
"\t\t_exit(3);\n}\n\n";

static const char altstack_c[] =
"/* the handlers run on a sigaltstack, as fpabi's tracee sets it */\n"
"static _Alignas(64) uint8_t altstack[1 << 20];\n\n"
"static void setup_altstack(void)\n{\n"
"\tstack_t ss = { .ss_size = getauxval(AT_MINSIGSTKSZ) + 32768 };\n\n"
"\tss.ss_sp = altstack + sizeof(altstack) - ss.ss_size;\n"
"\tif (ss.ss_size > sizeof(altstack) || sigaltstack(&ss, NULL) < 0)\n"
"\t\t_exit(3);\n}\n\n";

/* the TAP lines: plain printf(), or kselftest's ksft_* calls */
static const char tap_c[] =
"static unsigned int n, bad, cpu;\t/* the TAP test number; BUGs; CPU changes */\n"
"#define SKIP(what) (printf(\"1..0 # SKIP %s\\n\", what), exit(4))\n";

static const char ksft_c[] =
"static unsigned int bad, cpu;\t/* BUGs; CPU changes */\n"
"#define SKIP(what) (ksft_exit_skip(\"%s\\n\", what), exit(KSFT_SKIP))\n";

/* bail(): plain TAP, or kselftest's ksft_* call (exit() after it: kselftest.h
 * of 6.1 has no __noreturn) */
static const char *const bail_c[2] = {
	"printf(\"Bail out! %s (no verdict)\\n\", what), exit(2)",
	"ksft_exit_fail_msg(\"%s (no verdict)\\n\", what), exit(KSFT_FAIL)",
};

/* a syscall in a list the file keeps (its number as XSTR(SYS_...)) */
static bool any_syscall(const struct gen *g)
{
	unsigned int k;

	if (list_syscall(g, g->h->ev_off, 0))
		return true;
	for (k = 0; k < g->h->nsig; k++)
		if (list_syscall(g, g->h->sig[k].entry_ev, 0) ||
		    list_syscall(g, g->h->sig[k].exit_ev, 0))
			return true;
	return false;
}

/* a checked word takes its old value or zero */
static bool or_zero(const struct gen *g)
{
	unsigned int i;

	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].kind == EXP_KEPT_OR_ZERO)
			return true;
	return false;
}

/* the checked words, each after what it should hold and what fpabi got */
static void emit_words(struct gen *g)
{
	unsigned int i, off, fl;
	char d[160], alt[32];

	fprintf(g->o, "static struct word words[] = {\n");
	for (i = 0; i < g->npick; i++) {
		const struct rec_word *w = &g->rec->w[g->pick[i]];
		const struct fpabi_field *f = &w->f;
		uint64_t buf = w->src == SRC_REGSET ? g->io_off[w->io] : w->off;
		unsigned int b0 = f->reg_off + w->img_off - f->off;
		const char *seen = w->bad ? repro_seen_origin(g, w) : "", *q;

		if (w->src == SRC_FRAME)
			buf = g->h->sig[w->sig].frame_off +
			      repro_arch_frame_fp(g->rec);
		repro_arch_map(g->rec, w, &off, &fl);
		repro_describe_exp(w, d, sizeof(d));
		q = repro_quirk(g, f);
		alt[0] = 0;
		if (fl >> 8)	/* (arm64: an SVE payload's FPSIMD format) */
			snprintf(alt, sizeof(alt), " | ALT(%#x)", fl >> 8);
		fprintf(g->o, "\t{ %#llx, %u, %u, %u, %s%s%s%s, %#llxull, %#llxull, 0,\n"
			"\t  \"%s: %s bytes %u-%u (%s; fpabi got %#llx%s%s%s%s)\"",
			(unsigned long long)buf, off, w->len, f->group,
			repro_arch_ctl(g->rec, w), fl & REPRO_XSAVE ? " | IN_XSAVE" : "",
			w->kind == EXP_KEPT_OR_ZERO ? " | OR_ZERO" :
			w->kind == EXP_ONE_OF ? " | ONE_OF" : "", alt,
			(unsigned long long)repro_word(w->exp, w->len),
			(unsigned long long)repro_word(w->init, w->len),
			w->observer, f->name, b0, b0 + w->len - 1, d,
			(unsigned long long)repro_word(w->got, w->len),
			seen[0] ? ": " : "", seen, q[0] ? "; calibrated quirk " : "", q);
		repro_emit_alt(g, w);
		fprintf(g->o, " },\n");
	}
	fprintf(g->o, "};\n#define NWORDS %uu\n%s\n", g->npick, repro_one_of(g) ?
		"static uint64_t actl[NWORDS][4];\t/* the ONE_OF candidates' controls */\n" : "");
	repro_emit_errs(g);
}

/* the syscalls' arguments, a row each, and what they point at */
static void emit_statics(struct gen *g, const struct uses *u)
{
	long at = ftell(g->o);
	unsigned int sc;

	for (sc = 0; sc < SC_NR; sc++)	/* (clone3's arguments) */
		if (sc_info(sc)->c_decl && repro_any_has(g, sc))
			fputs(sc_info(sc)->c_decl, g->o);
	fprintf(g->o, "%s%s%s%s",
		u->nanosleep ? "static const struct timespec one_ms = { 0, 1000000 };\n" : "",
		u->pipe ? "static char pipe_byte;\nstatic int pipefd[2];\n" : "",
		u->exec ? "static char *probe_argv[] = { \"fpabi-exec-probe\", NULL }, "
		"*probe_envp[] = { NULL };\n" : "",
		u->thread ? "static _Alignas(64) uint8_t thread_stack[65536];\n"
		"static int thread_tid = -1;\t/* 0 once the thread exits (CLONE_CHILD_CLEARTID) */\n" : "");
	if (ftell(g->o) != at)	/* (a blank line before what follows) */
		fputc('\n', g->o);
}

static void emit_args(struct gen *g)
{
	char args[256];
	unsigned int i;

	if (!rows.n)
		return;
	fprintf(g->o, "/* the syscalls' arguments, a row each (the tracee's "
		"assembly loads them) */\nuint64_t sc_args[][6] = {\n");
	for (i = 0; i < rows.n; i++) {
		sc_args_c(g, rows.e[i], args, sizeof(args));
		fprintf(g->o, "\t{ %s },\t/* %s */\n", args,
			rows.sc[i] == SC_EXIT ? "exit" : sc_name(rows.sc[i]));
	}
	fprintf(g->o, "};\n\n");
}

static void emit_tracee(struct gen *g, const struct uses *u)
{
	/* (the handler: SIGILL's and SIGSYS's, installed after the first stop) */
	char sa[160] = "", setup[224] = "";

	if (g->h->nsig) {
		snprintf(sa, sizeof(sa), "\tstruct sigaction sa = { .sa_sigaction = sig_entry, "
			 ".sa_flags = SA_SIGINFO | SA_NODEFER%s };\n\n",
			 g->h->altstack ? " | SA_ONSTACK" : "");
		snprintf(setup, sizeof(setup), "%s\tif (sigaction(SIGILL, &sa, NULL) < 0 || "
			 "sigaction(SIGSYS, &sa, NULL) < 0)\n\t\t_exit(3);\n",
			 g->h->altstack ? "\tsetup_altstack();\n" : "");
	}
	fprintf(g->o, "/* the tracee: its events in one asm block, no compiled "
		"code between them */\nstatic void tracee(void)\n{\n%s%s%s%s"
		"\t__asm__ volatile(\n", sa, g->solo ? "" :	/* (no tracer: solo()) */
		u->seize ? "\twhile (!__atomic_load_n((uint32_t *)(shm + 8), __ATOMIC_SEQ_CST))\n"
		"\t\tusleep(1000);\t/* until the tracer has seized it */\n\traise(SIGSTOP);\n" :
		"\tif (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)\n\t\t_exit(3);\n"
		"\traise(SIGSTOP);\n",
		setup, u->seccomp ? "\tsetup_seccomp();\n" : "");
	emit_asm_list(g, g->h->ev_off, false, 0);
	repro_arch_line_close(g->rec, g->o);
	fprintf(g->o, "%s%s\t_exit(0);\n}\n\n", u->thread ?
		"\t/* its dumps are complete once it exits */\n"
		"\tfor (int t; (t = __atomic_load_n(&thread_tid, __ATOMIC_SEQ_CST));)\n"
		"\t\tsyscall(SYS_futex, &thread_tid, FUTEX_WAIT, t, NULL, NULL, 0);\n" : "",
		u->thread || u->fork ? "\twhile (wait(NULL) > 0)\n\t\t;\n" : "");
}

static void emit_main(struct gen *g, const struct uses *u)
{
	unsigned int i, k;

	unsigned int c = repro_corrupt_word(g);
	char opts[160], probe[256] = "", one_of[64] = "";

	if (g->rec->w[g->pick[c]].kind == EXP_ONE_OF)	/* (that value alone) */
		snprintf(one_of, sizeof(one_of), "\twords[%u].how &= ~ONE_OF;\n", c);

	if (g->probe)	/* (its shared memory a memfd: the probe writes there too) */
		snprintf(probe, sizeof(probe), "\tif (dup2(memfd_create(\"fpabi-shm\", 0), 3) != 3 ||\n"
			 "\t    ftruncate(3, %#zx) < 0)\n\t\tbail(\"memfd_create\");\n"
			 "\tmake_probe();\n", g->shm_size);

	fprintf(g->o, "int main(%s)\n{\n\tunsigned int i;\n%s\n"
		"%s\t%s\n\tcheck_features();\n%s"
		"%s"
		"\tshm = mmap(NULL, %#zx, PROT_READ | PROT_WRITE, MAP_SHARED%s, "
		"%s, 0);\n\tif (shm == MAP_FAILED)\n\t\tbail(\"mmap\");\n"
		"\tfor (i = 0; i < NWORDS; i++)\t/* the control: no kernel event */\n"
		"\t\twords[i].ctl = roundtrip(&words[i]);\n%s"
		"#ifdef FPABI_REPRO_CORRUPT\t/* a self-test: one expected word wrong, exit 1 */\n"
		"\twords[%u].ctl = words[%u].exp ^= %#llxull;\n%s#endif\n",
		u->exec && !g->probe ? "int argc, char **argv" : "void", g->solo ? "\tint st;\n" : "",
		u->exec && !g->probe ? "\tif (argc > 0 && !strcmp(argv[0], \"fpabi-exec-probe\"))\n"
		"\t\treturn 0;\t/* the image the case execs */\n" : "",
		g->ksft ? "ksft_print_header();" : "printf(\"TAP version 13\\n\");",
		repro_sched_setup(u), probe, g->shm_size,
		g->probe ? "" : " | MAP_ANONYMOUS", g->probe ? "3" : "-1",
		repro_one_of(g) ? "\tfor (i = 0; i < NWORDS * 4; i++) {\t/* and each ONE_OF candidate's */\n"
		"\t\tstruct word c = words[i / 4];\n\n\t\tc.exp = c.alt[i % 4];\n"
		"\t\tif (c.how & ONE_OF)\n\t\t\tactl[i / 4][i % 4] = roundtrip(&c);\n\t}\n" : "", c, c, 1ull << (4 * g->rec->w[g->pick[c]].len),
		one_of);
	repro_line_fill(g);
	/* (the options of the stops it takes: the others change nothing) */
	snprintf(opts, sizeof(opts), "PTRACE_O_EXITKILL%s%s%s%s",
		 u->exec ? " | PTRACE_O_TRACEEXEC" : "",
		 u->sysstop ? " | PTRACE_O_TRACESYSGOOD" : "",
		 u->seccomp ? " | PTRACE_O_TRACESECCOMP" : "",
		 u->fork_stop ? " |\n\t\t   PTRACE_O_TRACEFORK | PTRACE_O_TRACECLONE" : "");
	if (u->pipe) {
		fprintf(g->o, "\tif (pipe(pipefd) < 0)\n\t\tbail(\"pipe\");\n");
		for (i = 0; i < rows.n; i++)
			if (rows.sc[i] == SC_PIPE_READ)
				fprintf(g->o, "\tsc_args[%u][0] = pipefd[0];\n", i);
	}
	for (i = 0; u->urandom && i < rows.n; i++)
		if (rows.sc[i] == SC_URANDOM_WRITE)
			fprintf(g->o, "\tsc_args[%u][0] = open(\"/dev/urandom\", O_WRONLY);\n"
				"\tif ((int)sc_args[%u][0] < 0)\n\t\tbail(\"/dev/urandom\");\n", i, i);
	for (i = 0, k = 0; u->uring && i < rows.n; i++)
		if (rows.sc[i] == SC_IOURING_WRITE)
			fprintf(g->o, "\tsc_args[%u][0] = uring_write(%u);\n", i, k++);
	if (g->solo)	/* (the tracer's part) */
		fprintf(g->o, "\tpid = fork();\t/* no stop: no tracer */\n\tif (!pid)\n\t\ttracee();\n"
			"\tif (pid < 0 || waitpid(pid, &st, 0) != pid || st)\n"
			"\t\tbail(\"the tracee did not exit 0\");\n");
	else
		fprintf(g->o, "\tsignal(SIGALRM, timeout);\n\talarm(60);\n"
		"\tpid = fork();\n\tif (pid < 0)\n\t\tbail(\"fork\");\n"
		"\tif (!pid)\n\t\ttracee();\n%s"
		"\tgo(-1, 0, SIGSTOP, 0, \"the tracee's start\");\n"
		"\tif (ptrace(PTRACE_SETOPTIONS, pid, 0, %s) < 0)\n"
		"\t\tbail(\"PTRACE_SETOPTIONS\");\n%s", u->seize ?
		"\t/* (PTRACE_INTERRUPT and PTRACE_EVENT_STOP need PTRACE_SEIZE) */\n"
		"\tif (ptrace(PTRACE_SEIZE, pid, 0, 0) < 0)\n\t\tbail(\"PTRACE_SEIZE\");\n"
		"\t__atomic_store_n((uint32_t *)(shm + 8), 1, __ATOMIC_SEQ_CST);\n" : "", opts,
		repro_sched_start(u));
	if (u->pipe)
		fprintf(g->o, "\tif (fork() == 0) {\t/* the tracee blocks in read() meanwhile */\n"
			"\t\tusleep(100000);\n\t\t_exit(write(pipefd[1], \"x\", 1) != 1);\n\t}\n");
	if (!g->solo)
		repro_emit_tracer(g);
	for (i = 0, k = 0; i < rows.n; i++)	/* (the worker's write made) */
		if (rows.sc[i] == SC_IOURING_WRITE)
			fprintf(g->o, "\tif (*uring_res[%u] <= 0)\n"
				"\t\tbail(\"the io_uring write was not made\");\n", k++);
	fprintf(g->o, "\t%s\n\tfor (i = 0; i < NWORDS; i++)\n"
		"\t\tcheck(&words[i]);\n%s"
		"\tprintf(\"# %%u of %%u %s differ: %%s\\n\", bad + cpu, NWORDS%s, bad ? "
		"\"the bug shows\" :\n\t       cpu ? \"the CPU changes this field; "
		"no kernel bug shown\" : \"as the rule says\");\n\t%s\n}\n",
		g->ksft ? (g->nerr ? "ksft_set_plan(NWORDS + NERRS);" : "ksft_set_plan(NWORDS);") :
		g->nerr ? "printf(\"1..%u\\n\", NWORDS + NERRS);" : "printf(\"1..%u\\n\", NWORDS);",
		g->nerr ? "\tfor (i = 0; i < NERRS; i++)\n\t\tcheck_err(&errs[i]);\n" : "",
		g->nerr ? "words and errnos" : "words", g->nerr ? " + NERRS" : "",
		g->ksft ? "ksft_finished();\t/* (a skip is no failure) */" :
		"return bad ? 1 : cpu ? 3 : 0;");
}

/* no step up to the file's end stops the tracee or is the tracer's, and
 * nothing needs a signal (but in an unobserved twin, which runs untraced:
 * no delivery stop), an exec or the pipe's writer: the tracee is a plain
 * child (fpabi's runs so between its stops; its own children, a fork's
 * or a thread, it waits for itself) */
static bool solo(const struct gen *g, const struct uses *u)
{
	const struct fpabi_step *s;
	bool twin = g->r->c->unobserved;
	int i;

	if ((g->h->nsig && !twin) || u->exec || u->fork_stop || u->pipe ||
	    u->seccomp || u->competitor || u->sysstop || u->get || u->set)
		return false;
	for (i = 0, s = g->r->c->steps; s->op != S_END && i <= g->last; s++, i++)
		if (op_tracer(s->op) || (op_info(s->op)->repro != RPEV_NONE &&
		    !(op_info(s->op)->repro == RPEV_FORK && !(s->b & 1)) &&
		    !(twin && op_info(s->op)->repro == RPEV_SIGILL)))
			return false;	/* (a fork without its event stop: none) */
	return true;
}

int repro_write_line(struct gen *g, const struct uses *u)
{
	struct list_ctx c = { .g = g, .top = true };
	unsigned int k, no_ctl = 0;
	FILE *out = NULL, *real;
	char *buf = NULL, *body = NULL;
	size_t len = 0, blen = 0;
	bool ok;

	rows.n = 0;
	ok = g->line && scan_list(g, g->h->ev_off, 0) == 0;
	for (k = 0; ok && k < g->h->nsig; k++)
		ok = scan_list(g, g->h->sig[k].entry_ev, 0) == 0 &&
		     scan_list(g, g->h->sig[k].exit_ev, 0) == 0;
	if (!ok) {
		g->line = false;	/* the table form, then */
		return -1;
	}
	g->line = true;
	repro_arch_line_scan(NULL);
	scan_events(g, g->h->ev_off, 0);
	for (k = 0; k < g->h->nsig; k++) {
		scan_events(g, g->h->sig[k].entry_ev, 0);
		scan_events(g, g->h->sig[k].exit_ev, 0);
	}
	if (u->competitor)
		scan_events(g, g->h->comp_ev, 0);
	g->ksft = u->kselftest;
	g->solo = solo(g, u);
	if (g->r->c->unobserved && !g->solo) {	/* (a twin has no tracer) */
		g->line = false;
		return -1;
	}
	g->probe = u->exec && repro_exec_probe_ok(g->rec);
	if (g->ksft) {	/* (written to memory, then through repro_ksft_style()) */
		out = g->o;
		g->o = open_memstream(&buf, &len);
		if (!g->o)
			die("open_memstream: out of memory");
	}
	g->label = 10;
	repro_line_regions(g);
	/* (the body first, to memory: the includes are those it uses) */
	real = g->o;
	g->o = open_memstream(&body, &blen);
	if (!g->o)
		die("open_memstream: out of memory");
	fprintf(g->o, "#define SEED %#x\t/* fpabi's canaries' */\n%s", g->r->cseed,
		any_syscall(g) ? "#define STR(x) #x\n#define XSTR(x) STR(x)\t/* SYS_getpid as \"39\" */\n" : "");
	fputs(g->ksft ? ksft_c : tap_c, g->o);
	/* (exit() after ksft_exit_fail_msg(): kselftest.h of 6.1 has no
	 * __noreturn) */
	fprintf(g->o, g->solo ? solo_c : base_c, bail_c[g->ksft]);
	fputs(fill_c, g->o);
	emit_statics(g, u);
	if (u->altstack)
		fputs(altstack_c, g->o);
	fprintf(g->o, "%s%sstruct word {\t/* a checked word: its area, where, how; expected, init, the control's */\n"
		"\tuint64_t area;\n\tunsigned int off, len, comp, how;\n"
		"\tuint64_t exp, init, ctl;\n\tconst char *what;\n%s};\n\n",
		or_zero(g) ? "#define OR_ZERO 16\t/* its old value or zero will do */\n" : "",
		repro_one_of(g) ? "#define ONE_OF 64\t/* zero, init or one of alt[] will do */\n" : "",
		repro_one_of(g) ? "\tuint64_t alt[4];\t/* (ONE_OF) the candidates */\n" : "");
	for (k = 0; k < g->npick; k++)
		if (!strcmp(repro_arch_ctl(g->rec, &g->rec->w[g->pick[k]]), "CTL_NONE"))
			no_ctl = REPRO_LINE_CTL_NONE;
	for (k = 0; k < g->npick; k++) {
		const struct rec_word *w = &g->rec->w[g->pick[k]];
		unsigned int off, fl;

		repro_arch_map(g->rec, w, &off, &fl);
		if (w->src == SRC_FRAME)
			no_ctl |= REPRO_LINE_FRAME | (w->part ? REPRO_LINE_FRAME_PART : 0) |
				  (fl & REPRO_FRAME_RECS ? REPRO_LINE_FRAME_RECS : 0);
		if (fl >> 8)
			no_ctl |= REPRO_LINE_ALT;
	}
	repro_arch_line_code(g->rec, (u->thread ? REPRO_LINE_THREAD : 0) | no_ctl |
			     (g->exit_in_handler ? REPRO_LINE_FRAME_EXIT : 0) |
			     (repro_has_step(g, S_TRAP) ? REPRO_LINE_TRAP : 0), g->o, list_cb, &c);
	if (g->probe)
		repro_emit_exec_probe(g);
	emit_args(g);
	emit_words(g);
	if (!g->solo)
		fputs(u->fork || u->thread || u->fork_stop ? tracer_c : tracer_simple_c, g->o);
	if (u->fork_stop)
		fputs(fork_stop_c, g->o);
	if (u->get)
		fputs(get_c, g->o);
	if (u->set)
		fputs(set_c, g->o);
	if (u->seccomp)
		fputs(seccomp_c, g->o);
	repro_emit_sched(g, u, line_list);
	repro_emit_check(g, or_zero(g), repro_one_of(g), repro_arch_unsaved());
	repro_emit_check_err(g);
	repro_line_helpers(g);
	emit_tracee(g, u);
	emit_main(g, u);
	if (fclose(g->o))
		die("open_memstream: out of memory");
	g->o = real;
	emit_header(g);
	repro_emit_includes(g, body);
	fputs(body, g->o);
	free(body);
	if (g->ksft) {
		if (fclose(g->o))
			die("open_memstream: out of memory");
		g->o = out;
		repro_ksft_style(buf, out);
		free(buf);
	}
	return 0;
}
