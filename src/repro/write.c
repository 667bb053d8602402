// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's writer: one recorded case instance as a standalone C
 * program (the arch gives the assembly and the register formats).
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "fpabi/case.h"
#include "fpabi/common-run.h"
#include "fpabi/event.h"
#include "fpabi/ops.h"
#include "fpabi/record.h"
#include "fpabi/report.h"
#include "fpabi/run.h"
#include "fpabi/shm.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"

#define MAX_WORDS	24	/* words a reproducer checks */
#define MAX_BUFS	64	/* regions it fills */

struct gen {
	const struct fpabi_rec *rec;
	const struct fpabi_run *r;
	FILE *o;
	const struct fpabi_shm_hdr *h;
	size_t img_size;
	size_t io_off[128];	/* each regset buffer's offset in the shm */
	size_t shm_size;	/* with the regset buffers */
	unsigned pick[MAX_WORDS];
	unsigned npick;
	bool failing;
};

static const struct fpabi_ev *ev_at(const struct gen *g, uint64_t off)
{
	return (const struct fpabi_ev *)(g->rec->shm + off);
}

/* the syscall an event stands for, as C; NULL: not replayable */
static const char *sc_c(unsigned sc, char *args, size_t n)
{
	const struct fpabi_sc_info *si = sc_info(sc);

	snprintf(args, n, "%s", si->c_nr ? si->c_args : "");
	return si->c_nr;
}

static int __attribute__((format(printf, 3, 4)))
refuse(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Steps and settings no reproducer replays, with the reason. */
static int check_steps(const struct gen *g, char *why, size_t n)
{
	const struct fpabi_run *r = g->r;
	const struct fpabi_step *s;

	if (r->c->probe)
		return refuse(why, n, "%s", "a probe case: no tracee, it asks "
			      "the kernel directly (run fpabi itself)");
	if (r->c->competitor)
		return refuse(why, n, "%s", "it needs a competitor pinned to "
			      "the tracee's CPU with its own canaries: "
			      "scheduling is fpabi's job (fpabi stress "
			      "--replay)");
	if (r->c->unobserved)
		return refuse(why, n, "%s", "an unobserved twin: its observed "
			      "case has the same events (repro that one)");
	if (r->c->altstack)
		return refuse(why, n, "%s", "sigaltstack cases are not "
			      "replayed standalone yet");
	for (s = r->c->steps; s->op != S_END; s++) {
		if (op_has(s->op, OPF_SCHED))
			return refuse(why, n, "%s", "a step forces or proves "
				      "a switch, a migration or a group-stop "
				      "(fpabi's scheduler proofs)");
		if (op_info(s->op)->no_repro)
			return refuse(why, n, "%s", op_info(s->op)->no_repro);
		if (s->op == S_FAULT && (s->b & (SIG_NESTED | SIG_MAYBE)))
			return refuse(why, n, "%s", "nested and random signal "
				      "frame edits are not replayed standalone "
				      "yet");
	}
	return repro_arch_refuse(g->rec, why, n);
}

/* The words to check: those that differed, else those of the rule. */
static void pick_words(struct gen *g)
{
	const struct fpabi_rec *rec = g->rec;
	unsigned i, n = 0, *cand = xmalloc((rec->nw + 1) * sizeof(*cand));
	uint32_t off;
	unsigned fl;

	for (i = 0; i < rec->nw; i++)
		if (rec->w[i].bad && rec->w[i].kind != EXP_ONE_OF &&
		    repro_arch_map(rec, &rec->w[i], &off, &fl) == 0)
			cand[n++] = i;
	g->failing = n > 0;
	if (!n)
		for (i = 0; i < rec->nw; i++)
			if (rec->w[i].kind == EXP_VALUE &&
			    !strcmp(rec->w[i].rule->id, g->r->c->rule) &&
			    repro_arch_map(rec, &rec->w[i], &off, &fl) == 0)
				cand[n++] = i;
	if (!n)
		for (i = 0; i < rec->nw; i++)
			if (rec->w[i].kind == EXP_VALUE &&
			    repro_arch_map(rec, &rec->w[i], &off, &fl) == 0)
				cand[n++] = i;
	/* spread over the observations: every k-th */
	for (i = 0; i < MAX_WORDS && i < n; i++)
		g->pick[g->npick++] = cand[n <= MAX_WORDS ? i :
					  (size_t)i * n / MAX_WORDS];
	free(cand);
}

static uint64_t word(const uint8_t *p, unsigned len)
{
	uint64_t v = 0;

	memcpy(&v, p, MIN(len, 8u));
	return v;
}

/* bytes of word w2 that continue canary c (canary_fill's partial last
 * word: its low bytes), 0 if none */
static unsigned partial(uint64_t w2, uint64_t c)
{
	unsigned b;

	for (b = 7; b > 0; b--) {
		uint64_t m = (1ull << (8 * b)) - 1;

		if (w2 && !(w2 & ~m) && (w2 & m) == (c & m))
			return b;
	}
	return 0;
}

/* One region's bytes as canary runs and raw words (zero words left out),
 * three to a line. */
static void emit_runs(struct gen *g, uint64_t base, const uint8_t *b,
		      size_t len)
{
	size_t off = 0;
	unsigned col = 0;

	while (off < len) {
		unsigned wl = MIN(8u, (unsigned)(len - off)), k = 1, tail = 0;
		uint64_t w = word(b + off, wl);
		struct canary_prov p, q;

		if (!w) {
			off += 8;
			continue;
		}
		fputs(col++ % 3 ? " " : "\t", g->o);
		if (wl == 8 && canary_decode(w, &p) && p.seed == g->r->cseed) {
			while (off + 8 * (k + 1) <= len &&
			       canary_decode(word(b + off + 8 * k, 8), &q) &&
			       q.seed == p.seed && q.task == p.task &&
			       q.phase == p.phase && q.comp == p.comp &&
			       q.reg == p.reg && q.lane == p.lane + k)
				k++;
			q = p;
			q.lane = p.lane + k;
			if (off + 8 * k < len)
				tail = partial(word(b + off + 8 * k,
						    MIN(8u, (unsigned)(len - off - 8 * k))),
					       canary_encode(&q));
			fprintf(g->o, "{ %#llx, %u, 0, %u, %u, %u, %u, %u, 0 },",
				(unsigned long long)(base + off), 8 * k + tail,
				p.task, p.phase, p.comp, p.reg, p.lane);
			k += tail ? 1 : 0;
		} else {
			fprintf(g->o, "{ %#llx, %u, 1, 0, 0, 0, 0, 0, %#llxull },",
				(unsigned long long)(base + off), wl,
				(unsigned long long)w);
		}
		if (col % 3 == 0)
			fputc('\n', g->o);
		off += 8 * k;
	}
	if (col % 3)
		fputc('\n', g->o);
}

/* Every event list of the run, with the image each LOAD reads. */
static void emit_list(struct gen *g, uint64_t off, uint64_t *imgs,
		      unsigned *nimg, unsigned depth)
{
	const struct fpabi_ev *e = ev_at(g, off);
	unsigned i, k;
	char args[256];

	for (i = 0; depth < 3; i++) {
		char nrs[24];
		const char *nr = nrs;

		snprintf(nrs, sizeof(nrs), "%llu", (unsigned long long)e[i].nr);
		if (e[i].kind == FPABI_EV_SYSCALL) {
			nr = sc_c((unsigned)e[i].nr, args, sizeof(args));
			if (e[i].nr == SC_EXIT)
				snprintf(args, sizeof(args), "0");
			if (!nr)	/* the backend's own kind */
				nr = repro_arch_syscall(&e[i], args,
							sizeof(args));
		} else {
			/* (LOAD, STORE: arm64's ZA and ZT0 offsets, V stride) */
			snprintf(args, sizeof(args), "%#llx, %#llx, %#llx",
				 (unsigned long long)e[i].arg[0],
				 (unsigned long long)e[i].arg[1],
				 (unsigned long long)e[i].arg[2]);
		}
		fprintf(g->o, "\t{ %#llx, %llu, %s, { %s }, %#llx, %#llx, %#llx },\n",
			(unsigned long long)(off + i * sizeof(*e)),
			(unsigned long long)e[i].kind, nr, args[0] ? args : "0",
			(unsigned long long)e[i].ptr,
			(unsigned long long)e[i].mask,
			(unsigned long long)e[i].aux);
		if (e[i].kind == FPABI_EV_LOAD) {
			for (k = 0; k < *nimg && imgs[k] != e[i].ptr; k++)
				;
			if (k == *nimg && *nimg < MAX_BUFS)
				imgs[(*nimg)++] = e[i].ptr;
		}
		if (e[i].kind == FPABI_EV_SYSCALL && e[i].ptr)
			emit_list(g, e[i].ptr, imgs, nimg, depth + 1);
		if (e[i].kind == FPABI_EV_END)
			break;
	}
}

static void emit_data(struct gen *g)
{
	const struct fpabi_shm_hdr *h = g->h;
	uint64_t imgs[MAX_BUFS];
	unsigned nimg = 0, i, k;

	fprintf(g->o, "/* the event lists, at their offsets in the shared "
		"memory (ptr: an offset too) */\n"
		"static const struct evdef evs[] = {\n");
	emit_list(g, h->ev_off, imgs, &nimg, 0);
	for (k = 0; k < h->nsig; k++) {
		emit_list(g, h->sig[k].entry_ev, imgs, &nimg, 0);
		emit_list(g, h->sig[k].exit_ev, imgs, &nimg, 0);
		if (h->sig[k].edit_img && nimg < MAX_BUFS)
			imgs[nimg++] = h->sig[k].edit_img;
	}
	fprintf(g->o, "};\n\n/* the images the tracee loads, and the tracer's "
		"writes: canary runs {off, bytes, raw, task, phase, comp, reg, "
		"lane} and raw words */\nstatic const struct run runs[] = {\n");
	for (i = 0; i < nimg; i++)
		emit_runs(g, imgs[i], g->rec->shm + imgs[i], g->img_size);
	for (i = 0; i < g->rec->nio; i++)
		if (g->rec->io[i].set)
			emit_runs(g, g->io_off[i], g->rec->io[i].buf,
				  g->rec->io[i].len);
	fprintf(g->o, "};\n\n");
}

static void describe_exp(const struct rec_word *w,
			 char *buf, size_t n)
{
	const struct fpabi_field *f = &w->f;
	uint64_t v = word(w->exp, w->len);
	struct canary_prov p;

	if (!memcmp(w->exp, w->init, w->len))
		snprintf(buf, n, "%s", v ? "the init value" : "zero (init)");
	else if (!v)
		snprintf(buf, n, "zero");
	else if (w->len == 8 && canary_decode(v, &p))
		snprintf(buf, n, "%s phase-%u value of %s bytes %u-%u",
			 p.task ? "another task's" : "this task's", p.phase,
			 f->name, f->reg_off + w->img_off - f->off,
			 f->reg_off + w->img_off - f->off + w->len - 1);
	else
		snprintf(buf, n, "%#llx", (unsigned long long)v);
}

/* what fpabi said of the bytes it got in that word, if it kept it */
static const char *seen_origin(const struct gen *g, const struct rec_word *w)
{
	unsigned i;

	for (i = 0; i < g->r->nfind && i < FPABI_MAX_FINDINGS; i++)
		if (!strcmp(g->r->find[i].observer, w->observer) &&
		    !strcmp(g->r->find[i].what, w->f.name))
			return g->r->find[i].origin;
	return "";
}

static void emit_checks(struct gen *g)
{
	unsigned i, k, names[MAX_WORDS], nnames = 0;
	uint32_t off;
	unsigned fl;
	char d[128];

	fprintf(g->o, "/* the words checked: {buffer, offset, bytes, kind, "
		"component, flags, expected, init, observer, word, what "
		"was expected, what fpabi got there and what it said of it} */\nstatic struct word words[] = {\n");
	for (i = 0; i < g->npick; i++) {
		const struct rec_word *w = &g->rec->w[g->pick[i]];
		const struct fpabi_field *f = &w->f;
		uint64_t buf = w->src == SRC_REGSET ? g->io_off[w->io] : w->off;

		if (w->src == SRC_FRAME)
			buf = g->h->sig[w->sig].frame_off +
			      repro_arch_frame_fp(g->rec);
		repro_arch_map(g->rec, w, &off, &fl);
		describe_exp(w, d, sizeof(d));
		fprintf(g->o, "\t{ %#llx, %u, %u, %u, %u, %u, %#llxull, %#llxull, "
			"\"%s\", \"%s bytes %u-%u\", \"%s\",\n\t  %#llxull, "
			"\"%s\" },\n",
			(unsigned long long)buf, off, w->len, w->kind, f->group,
			fl, (unsigned long long)word(w->exp, w->len),
			(unsigned long long)word(w->init, w->len), w->observer,
			f->name, f->reg_off + w->img_off - f->off,
			f->reg_off + w->img_off - f->off + w->len - 1, d,
			(unsigned long long)word(w->got, w->len),
			w->bad ? seen_origin(g, w) : "");
		for (k = 0; k < nnames && strcmp(g->rec->w[names[k]].f.name,
						   f->name); k++)
			;
		if (k == nnames)
			names[nnames++] = g->pick[i];
	}
	fprintf(g->o, "};\n\n/* the registers those words belong to {comp, "
		"reg, first lane, byte of it, name} */\n"
		"static const struct name names[] = {\n");
	for (k = 0; k < nnames; k++) {
		const struct fpabi_field *f = &g->rec->w[names[k]].f;

		fprintf(g->o, "\t{ %u, %u, %u, %u, \"%s\" },\n", f->comp,
			f->reg, f->lane0, f->reg_off, f->name);
	}
	fprintf(g->o, "};\n\n");
}

/* The tracer's side: the case's steps, each stop and regset call. */
static void emit_tracer(struct gen *g)
{
	const struct fpabi_step *s;
	bool stopped = true;
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
		case RPEV_SIGILL:
			fprintf(g->o, "\twait_for(SIGILL, 0, \"the SIGILL's "
				"delivery stop (step %d)\");\n", i + 1);
			stopped = true;
			pending = "SIGILL";
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
				fprintf(g->o, "\t%s(%#llx, %#x, %zu);\t/* %s%s */\n",
					io->set ? "set" : "get",
					(unsigned long long)g->io_off[k],
					io->note, io->len,
					io->err ? "fpabi saw errno " : "",
					io->err ? strerror(io->err) : "ok there");
			}
			break;
		case RPEV_NONE:
			break;
		}
	}
	if (stopped)
		fprintf(g->o, "\tcont(%s);\n", pending);
}

static const char runtime[] =
"#define EV_END 0\n#define EV_LOAD 1\n#define EV_STORE 2\n"
"#define EV_SYSCALL 3\n"
"struct ev { uint64_t kind, nr, arg[6], ret, ptr, mask, aux, pad[4]; };\n"
"struct evdef { uint64_t at, kind; long nr; uint64_t arg[6], ptr, mask, aux; };\n"
"struct run { uint64_t off; uint32_t len; uint8_t raw, task, phase, comp, reg;\n"
"\t     uint16_t lane; uint64_t v; };\n"
"struct word { uint64_t buf; uint32_t off; uint8_t len, kind, comp;\n"
"\t      uint32_t flags;\n"
"\t      uint64_t exp, init; const char *obs, *what, *exp_desc;\n"
"\t      uint64_t seen; const char *seen_desc; };\n"
"struct name { uint8_t comp, reg; uint16_t lane0, byte0; const char *name; };\n"
"static uint8_t *shm;\nstatic pid_t pid;\n"
"static const struct timespec one_ms = { 0, 1000000 };\n"
"static char pipe_byte;\nstatic int pipefd[2] = { -1, -1 };\n"
"static char *probe_argv[] = { \"fpabi-exec-probe\", NULL }, *probe_envp[] = { NULL };\n"
"static uint8_t thread_stack[65536] __attribute__((aligned(64)));\n"
"static volatile int thread_tid;\n\n"
"static void __attribute__((noreturn)) fail(const char *what)\n"
"{\n\tfprintf(stderr, \"repro: %s: %s (no verdict)\\n\", what, strerror(errno));\n"
"\tif (pid > 0)\n\t\tkill(pid, SIGKILL);\n\texit(2);\n}\n\n"
"static uint64_t mix64(uint64_t x)\n{\n\tx += 0x9e3779b97f4a7c15ull;\n\tx = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;\n"
"\tx = (x ^ (x >> 27)) * 0x94d049bb133111ebull;\n\treturn x ^ (x >> 31);\n}\n\n"
"/* fpabi's provenance canary: seed, task, phase, lane, register, component */\n"
"static uint64_t canary(unsigned task, unsigned phase, unsigned comp, unsigned reg,\n"
"\t\t       unsigned lane)\n{\n"
"\tuint64_t w = (uint64_t)SEED << 48 | (uint64_t)(task & 15) << 44 |\n"
"\t\t     (uint64_t)(phase & 15) << 40 | (uint64_t)(lane & 0x3fff) << 26 |\n"
"\t\t     (uint64_t)reg << 18 | (uint64_t)(comp & 63) << 12;\n\n"
"\treturn w | (mix64(w ^ 0x66706162692d6376ull) & 0xfff);\n}\n\n"
"";

static const char runtime2[] =
"static void fill(void)\n{\n\tunsigned i, k;\n\n"
"\tfor (i = 0; i < sizeof(runs) / sizeof(runs[0]); i++)\n"
"\t\tfor (k = 0; k < runs[i].len; k += 8) {\n"
"\t\t\tuint64_t w = runs[i].raw ? runs[i].v :\n"
"\t\t\t\tcanary(runs[i].task, runs[i].phase, runs[i].comp,\n"
"\t\t\t\t       runs[i].reg, runs[i].lane + k / 8);\n\n"
"\t\t\tmemcpy(shm + runs[i].off + k, &w, runs[i].len - k < 8 ?\n"
"\t\t\t       runs[i].len - k : 8);\n\t\t}\n}\n\n"
"/* the tracer's poison: bytes the kernel or the CPU did not write show as it */\n"
"static void poison(uint64_t off, size_t len)\n{\n\tuint64_t w = canary(0, 0, 63, 0, 0);\n"
"\tsize_t k;\n\n\tfor (k = 0; k < len; k += 8)\n"
"\t\tmemcpy(shm + off + k, &w, len - k < 8 ? len - k : 8);\n}\n\n"
"static void setup_events(void)\n{\n\tunsigned i;\n\n"
"\tfor (i = 0; i < sizeof(evs) / sizeof(evs[0]); i++) {\n"
"\t\tstruct ev *e = (struct ev *)(shm + evs[i].at);\n\n"
"\t\tmemset(e, 0, sizeof(*e));\n\t\te->kind = evs[i].kind;\n"
"\t\te->nr = evs[i].nr;\n\t\tmemcpy(e->arg, evs[i].arg, sizeof(e->arg));\n"
"\t\te->ptr = evs[i].ptr ? (uintptr_t)(shm + evs[i].ptr) : 0;\n"
"\t\te->mask = evs[i].mask;\n\t\te->aux = evs[i].aux;\n"
"\t\tif (e->kind == EV_STORE)\n\t\t\tpoison(evs[i].ptr, DUMP_SIZE);\n"
"\t\t/* arm64: ZA and ZT0 buffers, offsets in the shared memory too */\n"
"\t\tif ((e->kind == EV_LOAD || e->kind == EV_STORE) && e->arg[0])\n"
"\t\t\te->arg[0] += (uintptr_t)shm;\n"
"\t\tif ((e->kind == EV_LOAD || e->kind == EV_STORE) && e->arg[1])\n"
"\t\t\te->arg[1] += (uintptr_t)shm;\n"
"\t\tif (e->kind == EV_SYSCALL && e->nr == SYS_read)\n"
"\t\t\te->arg[0] = pipefd[0];\n\t}\n}\n\n"
"static void cont(int sig)\n{\n\tif (ptrace(PTRACE_CONT, pid, 0, sig) < 0)\n"
"\t\tfail(\"PTRACE_CONT\");\n}\n\n"
"static void wait_for(int sig, int event, const char *what)\n{\n\tint st;\n\n"
"\tfor (;;) {\n\t\tif (waitpid(pid, &st, __WALL) < 0)\n\t\t\tfail(\"waitpid\");\n"
"\t\tif (!WIFSTOPPED(st)) {\n\t\t\terrno = 0;\n"
"\t\t\tfprintf(stderr, \"repro: status %#x before %s\\n\", st, what);\n"
"\t\t\tfail(\"the tracee ended\");\n\t\t}\n"
"\t\tif (WSTOPSIG(st) == sig && (st >> 16) == event)\n\t\t\treturn;\n"
"\t\tif (WSTOPSIG(st) != SIGCHLD || (st >> 16)) {\n\t\t\terrno = 0;\n"
"\t\t\tfprintf(stderr, \"repro: stop %#x, not %s\\n\", st, what);\n"
"\t\t\tfail(\"unexpected stop\");\n\t\t}\n\t\tcont(SIGCHLD);\n\t}\n}\n\n"
"/* the child a fork stop reports: let it run untraced */\n"
"static void let_child_go(void)\n{\n\tunsigned long child;\n\tint st;\n\n"
"\tif (ptrace(PTRACE_GETEVENTMSG, pid, 0, &child) < 0 ||\n"
"\t    waitpid((pid_t)child, &st, __WALL) < 0 ||\n"
"\t    ptrace(PTRACE_DETACH, (pid_t)child, 0, 0) < 0)\n\t\tfail(\"the fork's child\");\n}\n\n"
"static void get(uint64_t off, unsigned note, size_t len)\n{\n"
"\tstruct iovec iov = { shm + off, len };\n\n\tpoison(off, len);\n"
"\tif (ptrace(PTRACE_GETREGSET, pid, (void *)(uintptr_t)note, &iov) < 0)\n"
"\t\tprintf(\"# GETREGSET %#x: %s\\n\", note, strerror(errno));\n}\n\n"
"static void set(uint64_t off, unsigned note, size_t len)\n{\n"
"\tstruct iovec iov = { shm + off, len };\n\n"
"\tif (ptrace(PTRACE_SETREGSET, pid, (void *)(uintptr_t)note, &iov) < 0)\n"
"\t\tprintf(\"# SETREGSET %#x: %s\\n\", note, strerror(errno));\n}\n\n"
"static void finish(void)\n{\n\tint st;\n\n\tfor (;;) {\n"
"\t\tif (waitpid(pid, &st, __WALL) < 0)\n\t\t\tfail(\"waitpid\");\n"
"\t\tif (!WIFSTOPPED(st))\n\t\t\tbreak;\n"
"\t\tcont(WSTOPSIG(st) == SIGCHLD && !(st >> 16) ? SIGCHLD : 0);\n\t}\n"
"\tpid = 0;\n\terrno = 0;\n\tif (!WIFEXITED(st) || WEXITSTATUS(st))\n"
"\t\tfail(\"the tracee did not finish its events\");\n}\n\n"
"/* what a word is, in fpabi's provenance language */\n"
"static void describe(uint64_t v, const struct word *w, char *buf, size_t n)\n{\n"
"\tunsigned task = v >> 44 & 15, phase = v >> 40 & 15, lane = v >> 26 & 0x3fff;\n"
"\tunsigned reg = v >> 18 & 255, comp = v >> 12 & 63, i;\n"
"\tconst char *who = task ? \"another task's\" : \"this task's\";\n\n"
"\tif (!v || v == w->init || v == canary(0, 0, 63, 0, 0) || w->len < 8 ||\n"
"\t    v != canary(task, phase, comp, reg, lane)) {\n"
"\t\tsnprintf(buf, n, \"%s\", !v ? \"zero\" : v == w->init ? \"the init value\" :\n"
"\t\t\t v == canary(0, 0, 63, 0, 0) ? \"poison: nothing wrote it\" :\n"
"\t\t\t \"bytes of unknown origin\");\n\t\treturn;\n\t}\n"
"\tfor (i = 0; i < sizeof(names) / sizeof(names[0]); i++)\n"
"\t\tif (names[i].comp == comp && names[i].reg == reg && lane >= names[i].lane0) {\n"
"\t\t\tunsigned b = names[i].byte0 + (lane - names[i].lane0) * 8;\n\n"
"\t\t\tsnprintf(buf, n, \"%s phase-%u value of %s bytes %u-%u\", who,\n"
"\t\t\t\t phase, names[i].name, b, b + 7);\n\t\t\treturn;\n\t\t}\n"
"\tsnprintf(buf, n, \"%s phase-%u value of component %u register %u lane %u\",\n"
"\t\t who, phase, comp, reg, lane);\n}\n\n"
"static int check(void)\n{\n\tunsigned i, bad = 0;\n\tchar g[128];\n\n"
"#ifdef FPABI_REPRO_CORRUPT\n\twords[CORRUPT_WORD].exp ^= 1ull << 40;\t/* self-test: this must exit 1 */\n#endif\n"
"\tfor (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {\n"
"\t\tconst struct word *w = &words[i];\n\t\tuint64_t got = 0;\n\n"
"\t\tmemcpy(&got, shm + w->buf + w->off, w->len);\n\t\tgot = fixup(w, got);\n"
"\t\t/* kind 2: unspecified, each word its old value or zero */\n"
"\t\tif (got == w->exp || (w->kind == 2 && !got)) {\n"
"\t\t\tprintf(\"ok: %s: %s\\n\", w->obs, w->what);\n"
"\t\t\tcontinue;\n\t\t}\n\t\tbad++;\n"
"\t\tdescribe(got, w, g, sizeof(g));\n"
"\t\tif (got == w->seen && w->seen_desc[0])\n"
"\t\t\tsnprintf(g, sizeof(g), \"%s, as fpabi saw it\", w->seen_desc);\n"
"\t\tprintf(\"BUG: %s: %s: expected %#llx (%s), got %#llx (%s)\\n\",\n"
"\t\t       w->obs, w->what, (unsigned long long)w->exp, w->exp_desc,\n"
"\t\t       (unsigned long long)got, g);\n\t}\n"
"\tprintf(\"%u of %u words differ: %s\\n\", bad, i, bad ? \"the bug shows\" :\n"
"\t       \"the kernel behaves as the rule says\");\n\treturn bad ? 1 : 0;\n}\n\n";
static const char tracee_main[] =
"static void tracee(void)\n{\n"
"\tif (ptrace(PTRACE_TRACEME, 0, 0, 0) < 0)\n\t\t_exit(3);\n\traise(SIGSTOP);\n"
"\tarch_setup();\n\trun_events((struct ev *)(shm + EV_OFF));\n"
"\t/* wait for the children the list made, so their dumps are complete */\n"
"\twhile (thread_tid)\n"
"\t\tsyscall(SYS_futex, &thread_tid, FUTEX_WAIT, thread_tid, NULL, NULL, 0);\n"
"\twhile (wait(NULL) > 0)\n\t\t;\n\t_exit(0);\n}\n\n"
"int main(int argc, char **argv)\n{\n"
"\tif (argc > 0 && !strcmp(argv[0], \"fpabi-exec-probe\"))\n"
"\t\treturn 0;\t/* the image the case execs */\n"
"\tshm = mmap(NULL, SHM_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,\n"
"\t\t   -1, 0);\n\tif (shm == MAP_FAILED)\n\t\tfail(\"mmap\");\n"
"\tif (USES_PIPE && pipe(pipefd) < 0)\n\t\tfail(\"pipe\");\n"
"\tthread_tid = USES_THREAD ? -1 : 0;\n"
"\tfill();\n\tsetup_events();\n\talarm(60);\n\tpid = fork();\n"
"\tif (pid < 0)\n\t\tfail(\"fork\");\n\tif (!pid)\n\t\ttracee();\n"
"\twait_for(SIGSTOP, 0, \"the tracee's start\");\n"
"\tif (ptrace(PTRACE_SETOPTIONS, pid, 0, PTRACE_O_EXITKILL | PTRACE_O_TRACEEXEC |\n"
"\t\t   OPT_FORK) < 0)\n\t\tfail(\"PTRACE_SETOPTIONS\");\n"
"\tif (USES_PIPE && fork() == 0) {\n"
"\t\tusleep(100000);\t/* the tracee blocks in read() meanwhile */\n"
"\t\t_exit(write(pipefd[1], \"x\", 1) != 1);\n\t}\n";

static bool list_has(const struct gen *g, uint64_t off, unsigned sc,
		     unsigned depth)
{
	const struct fpabi_ev *e = ev_at(g, off);
	unsigned i;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++)
		if (e[i].kind == FPABI_EV_SYSCALL &&
		    (e[i].nr == sc || (e[i].ptr && list_has(g, e[i].ptr, sc,
							    depth + 1))))
			return true;
	return false;
}

/* every syscall of every list is one the reproducer knows */
static int check_syscalls(const struct gen *g, uint64_t off, unsigned depth,
			  char *why, size_t n)
{
	const struct fpabi_ev *e = ev_at(g, off);
	char args[256];
	unsigned i;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++) {
		if (e[i].kind > FPABI_EV_FAULT && e[i].kind < FPABI_EV_ARCH)
			return refuse(why, n, "%s", "an event kind the "
				      "reproducer does not replay");
		if (e[i].kind == FPABI_EV_SPIN)
			return refuse(why, n, "%s", "a spin the tracer ends");
		if (e[i].kind != FPABI_EV_SYSCALL)
			continue;
		if (!sc_c((unsigned)e[i].nr, args, sizeof(args)) &&
		    !repro_arch_syscall(&e[i], args, sizeof(args)))
			return refuse(why, n, "syscall %s is not replayed "
				      "standalone yet", sc_name((unsigned)e[i].nr));
		if (e[i].ptr && check_syscalls(g, e[i].ptr, depth + 1, why, n))
			return -1;
	}
	return 0;
}

static bool fork_stop(const struct gen *g)
{
	const struct fpabi_step *s;

	for (s = g->r->c->steps; s->op != S_END; s++)
		if (s->op == S_FORK && (s->b & 1))
			return true;
	return false;
}

/* the word -DFPABI_REPRO_CORRUPT corrupts: the first canary among them */
static unsigned corrupt_word(const struct gen *g)
{
	struct canary_prov p;
	unsigned i;

	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].len == 8 &&
		    canary_decode(word(g->rec->w[g->pick[i]].exp, 8), &p))
			return i;
	return 0;
}

static void emit_header(struct gen *g)
{
	const struct fpabi_run *r = g->r;
	const struct fpabi_rule *ru = rule_get(r->c->rule);
	char steps[512];

	steps_text(r, steps, sizeof(steps));
	fprintf(g->o, "// SPDX-License-Identifier: GPL-2.0-or-later\n/*\n"
		" * Reproducer of fpabi case %s, seed %llu\n"
		" * (written by `fpabi repro`; standalone: libc only).\n *\n"
		" * Recorded on: Linux %s\n", r->id,
		(unsigned long long)r->o->seed, r->m->kernel);
	repro_arch_header(g->rec, g->o);
	fprintf(g->o, " * Case: %s\n * Rule %s: %s\n *   source: %s\n"
		" * Steps: %s\n", r->c->summary, ru ? ru->id : r->c->rule,
		ru ? ru->text : "", ru ? ru->source : "", steps);
	if (g->failing) {
		const struct fpabi_rule *wr = g->rec->w[g->pick[0]].rule;

		fprintf(g->o, " * There fpabi found %u difference(s); the first: "
			"%s: %s: %s.\n * This program checks the words that "
			"differed.\n", r->nfind, r->find[0].observer,
			r->find[0].what, r->find[0].origin);
		if (wr && ru && strcmp(wr->id, ru->id))
			fprintf(g->o, " * Their rule %s: %s\n *   source: %s\n",
				wr->id, wr->text, wr->source);
	}
	else
		fprintf(g->o, " * There the case passed; this program checks "
			"%u words of rule %s.\n", g->npick, r->c->rule);
	fprintf(g->o, " * Not replayed: fpabi's other checks (headers, sizes, "
		"errnos), its tracer-register\n * checks (PT-TRACER)%s.\n *\n"
		" * Build and run: gcc -static -O2 repro.c && ./a.out\n"
		" * Exit status: 1 the bug shows (a word differs), 0 it does "
		"not, 2 no verdict.\n * -DFPABI_REPRO_CORRUPT corrupts one "
		"expected word (a self-test: then it exits 1).\n */\n",
		list_has(g, g->h->ev_off, SC_EXEC, 0) ?
		", and the exec probe's dump (libc runs before main)" : "");
	fprintf(g->o, "#define _GNU_SOURCE\n#include <errno.h>\n"
		"#include <linux/futex.h>\n#include <sched.h>\n"
		"#include <signal.h>\n#include <stdint.h>\n#include <stdio.h>\n"
		"#include <stdlib.h>\n#include <string.h>\n#include <sys/mman.h>\n"
		"#include <sys/prctl.h>\n#include <sys/ptrace.h>\n"
		"#include <sys/syscall.h>\n"
		"#include <sys/uio.h>\n#include <sys/wait.h>\n#include <time.h>\n"
		"#include <ucontext.h>\n#include <unistd.h>\n\n");
}

int repro_write(const struct fpabi_rec *rec, FILE *out, char *why, size_t n)
{
	struct gen g = { .rec = rec, .r = rec->r, .o = out };
	size_t off;
	unsigned i;

	if (g.r->c->probe || !rec->shm)
		return refuse(why, n, "%s", "a probe case: no tracee, it asks "
			      "the kernel directly (run fpabi itself)");
	g.h = (const struct fpabi_shm_hdr *)rec->shm;
	g.img_size = rec->img_size;
	if (check_steps(&g, why, n) < 0 ||
	    check_syscalls(&g, g.h->ev_off, 0, why, n) < 0)
		return -1;
	if (rec->nio > ARRAY_SIZE(g.io_off))
		return refuse(why, n, "%s", "too many regset calls");
	for (off = rec->shm_size, i = 0; i < rec->nio; i++) {
		g.io_off[i] = off;
		off = ALIGN_UP(off + rec->io[i].len, 4096);
	}
	g.shm_size = off;
	pick_words(&g);
	if (!g.npick)
		return refuse(why, n, "%s", "no register word the reproducer "
			      "can see was checked");
	emit_header(&g);
	fprintf(out, "#define SHM_SIZE %#zx\n#define EV_OFF %#x\n"
		"#define DUMP_SIZE %zu\n#define SEED %#x\t/* the canaries' */\n"
		"#define USES_PIPE %d\n#define USES_THREAD %d\n"
		"#define OPT_FORK %s\t/* the fork's event stop */\n"
		"#define CORRUPT_WORD %u\n\n",
		g.shm_size, g.h->ev_off,
		rec->dump_size, g.r->cseed,
		list_has(&g, g.h->ev_off, SC_PIPE_READ, 0),
		list_has(&g, g.h->ev_off, SC_THREAD, 0),
		fork_stop(&g) ? "(PTRACE_O_TRACEFORK | PTRACE_O_TRACECLONE)" : "0",
		corrupt_word(&g));
	fputs(runtime, out);
	repro_arch_code(rec, out);
	emit_data(&g);
	emit_checks(&g);
	fputs(runtime2, out);
	fputs(tracee_main, out);
	emit_tracer(&g);
	fprintf(out, "\tfinish();\n\treturn check();\n}\n");
	return 0;
}
