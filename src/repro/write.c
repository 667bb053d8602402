// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's writer: one recorded case instance as a standalone C
 * program (the arch gives the assembly and the register formats).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "fpabi/calib.h"
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
#include "gen.h"

static int __attribute__((format(printf, 3, 4)))
refuse(char *why, size_t n, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, n, fmt, ap);
	va_end(ap);
	return -1;
}

/* the signal slot step i's signal uses (the signals up to it), or -1 */
static int slot_of(const struct gen *g, int i)
{
	const struct fpabi_step *s = g->r->c->steps;
	int j, k = 0;

	for (j = 0; s[j].op != S_END && j <= i; j++)
		k += op_has(s[j].op, OPF_SIGNAL);
	return k > 0 && k <= (int)g->h->nsig ? k - 1 : -1;
}

/*
 * The random frame edit of step i (SIGNAL_MAYBE) can be written: the
 * straight-line form, the tracee's log of its mutations complete
 * (src/tracee/mutlog.c: mut_log()), and no other random edit (the
 * handler writes an edit kind's C once).  NULL, or why not.
 */
static const char *maybe_unwritten(const struct gen *g, int i)
{
	int k = slot_of(g, i);
	unsigned j, n = 0;

	if (!g->line)
		return "the table form does not write its mutations";
	if (k < 0 || g->h->sig[k].nmut > FPABI_MAX_MUT)
		return "its mutations did not fit the tracee's log";
	for (j = 0; j < g->h->nsig; j++)
		n += g->h->sig[j].edit == g->h->sig[k].edit;
	return n > 1 ? "another signal of the file makes one too" : NULL;
}

/* Steps and settings no reproducer replays, with the reason (a step after
 * the file's end, g->last, is no reason: it is left out) */
static int check_steps(const struct gen *g, char *why, size_t n)
{
	const struct fpabi_run *r = g->r;
	const struct fpabi_step *s;
	const char *m;
	int i;

	if (r->c->probe)
		return refuse(why, n, "%s", "a probe case: no tracee, it asks "
			      "the kernel directly (run fpabi itself)");
	/* (the straight-line form on x86 writes an idle or spinning one,
	 * src/repro/sched.c) */
	if (r->c->competitor && (!g->line || !repro_arch_competitor() ||
				 (r->c->competitor != COMP_IDLE &&
				  r->c->competitor != COMP_SPIN)))
		return refuse(why, n, "%s", "it needs a competitor pinned to "
			      "the tracee's CPU with its own canaries: "
			      "scheduling is fpabi's job (fpabi stress "
			      "--replay)");
	for (i = 0, s = r->c->steps; s->op != S_END && i <= g->last; s++, i++) {
		/* (the straight-line form writes the steps the op table gives a
		 * reproducer kind, src/repro/sched.c; a preemption only beside
		 * a competitor of its own spinning on the tracee's CPU, which
		 * forces it: the tick alone is fpabi's proof) */
		if (op_has(s->op, OPF_SCHED) &&
		    (!g->line || op_info(s->op)->repro == RPEV_NONE ||
		     (op_info(s->op)->repro == RPEV_PREEMPT && r->c->competitor != COMP_SPIN)))
			return refuse(why, n, "%s", "a step forces or proves "
				      "a switch, a migration or a group-stop "
				      "(fpabi's scheduler proofs)");
		if (op_info(s->op)->no_repro)
			return refuse(why, n, "%s", op_info(s->op)->no_repro);
		/* (a nested signal is in the outer handler's exit list: the
		 * file's slots advance as fpabi's do) */
		m = step_maybe(s) && i != g->edit_dropped ? maybe_unwritten(g, i) : NULL;
		if (m)
			return refuse(why, n, "a random signal frame edit before the "
				      "file's last observation: %s", m);
	}
	return repro_arch_refuse(g->rec, why, n);
}

/* word w is in a buffer the reproducer has, and the arch places it (a
 * regset read that was dropped, --inject-fault=step, has none) */
static bool mapped(const struct fpabi_rec *rec, const struct rec_word *w)
{
	uint32_t off;
	unsigned fl;

	if (w->src == SRC_REGSET && (w->io < 0 || (unsigned)w->io >= rec->nio))
		return false;
	return repro_arch_map(rec, w, &off, &fl) == 0;
}

/* fpabi kept a finding of word w (the run's report names it) */
static bool kept(const struct gen *g, const struct rec_word *w)
{
	unsigned i;

	for (i = 0; i < g->r->nfind && i < FPABI_MAX_FINDINGS; i++)
		if (!strcmp(g->r->find[i].observer, w->observer) &&
		    !strcmp(g->r->find[i].what, w->f.name))
			return true;
	return false;
}

/* word w differed, and a reproducer can check it (a word the rule leaves
 * to one of several values, EXP_ONE_OF, in the straight-line form) */
static bool differs(const struct gen *g, const struct rec_word *w)
{
	return w->bad && (w->kind == EXP_VALUE || (g->line && w->kind == EXP_ONE_OF)) &&
	       mapped(g->rec, w);
}

/* a passing case's ONE_OF words can be checked (as differs(); not the
 * words a random frame edit the file cannot write leaves open: a passing
 * file's words before it let drop_random_edit() leave it out) */
static bool one_of_checkable(const struct gen *g)
{
	const struct fpabi_step *s = g->r->c->steps;
	int i;

	for (i = 0; g->line && s[i].op != S_END; i++)
		if (step_maybe(&s[i]) && maybe_unwritten(g, i))
			return false;
	return g->line;
}

/* word w is of finding f (and of its first bytes, if bytes) */
static bool finding_word(const struct fpabi_finding *f,
			 const struct rec_word *w, bool bytes)
{
	return !strcmp(f->observer, w->observer) && !strcmp(f->what, w->f.name) &&
	       (!bytes || f->lo == w->f.reg_off + w->img_off - w->f.off);
}

static bool in(const unsigned *a, unsigned n, unsigned v)
{
	unsigned i;

	for (i = 0; i < n; i++)
		if (a[i] == v)
			return true;
	return false;
}

/* the first regset call whose errno fpabi judged wrong, or -1 */
static int first_wrong_errno(const struct fpabi_rec *rec)
{
	unsigned i;

	for (i = 0; i < rec->nio; i++)
		if (rec->io[i].checked && rec->io[i].err != rec->io[i].want)
			return (int)i;
	return -1;
}

/* The candidates observed no later than the first one, the first
 * finding's (order kept). */
static unsigned up_to_first(const struct fpabi_rec *rec, unsigned *cand,
			    unsigned n)
{
	unsigned i, k = 0;
	int end = n ? rec->w[cand[0]].step : 0;

	for (i = 0; i < n; i++)
		if (rec->w[cand[i]].step <= end)
			cand[k++] = cand[i];
	return k;
}

/*
 * The words to check: those that differed (the ones of the findings fpabi
 * reports first), else those of the rule; at most MAX_WORDS, spread over
 * the observations.
 */
static void pick_words(struct gen *g)
{
	const struct fpabi_rec *rec = g->rec;
	unsigned i, n = 0, *cand = xmalloc((rec->nw + 1) * sizeof(*cand));
	unsigned pass, k, max = g->line ? LINE_WORDS : MAX_WORDS;
	bool oneof = one_of_checkable(g);

	/* the kept findings' words in the report's order, the word of the
	 * finding's own bytes first; then the other words that differed */
	for (pass = 0; pass < 3; pass++)
		for (k = 0; pass < 2 && k < g->r->nfind && k < FPABI_MAX_FINDINGS; k++)
			for (i = 0; i < rec->nw; i++)
				if (differs(g, &rec->w[i]) &&
				    finding_word(&g->r->find[k], &rec->w[i], !pass) &&
				    !in(cand, n, i))
					cand[n++] = i;
	for (i = 0; i < rec->nw; i++)
		if (differs(g, &rec->w[i]) && !kept(g, &rec->w[i]))
			cand[n++] = i;
	g->failing = n > 0;
	/* a regset call whose errno fpabi judged wrong: the straight-line
	 * form checks it (repro_find_errs()) */
	g->err_only = g->line && !g->failing && first_wrong_errno(rec) >= 0;
	g->failing |= g->err_only;
	/* (a passing case: its rule's whole 8-byte words first, a canary
	 * each, so that the self-test's corrupted bit is one the CPU keeps) */
	for (pass = 0; !n && pass < 2; pass++)
		for (i = 0; i < rec->nw; i++)
			if ((rec->w[i].kind == EXP_VALUE ||
			     (oneof && rec->w[i].kind == EXP_ONE_OF)) &&
			    !strcmp(rec->w[i].rule->id, g->r->c->rule) &&
			    mapped(rec, &rec->w[i]) &&
			    (pass || rec->w[i].len == 8))
				cand[n++] = i;
	if (!n)
		for (i = 0; i < rec->nw; i++)
			if ((rec->w[i].kind == EXP_VALUE ||
			     (oneof && rec->w[i].kind == EXP_ONE_OF)) && mapped(rec, &rec->w[i]))
				cand[n++] = i;
	/* (the straight-line form of a failing case, minimised: only words
	 * observed by the step of the first finding's word, so the file ends
	 * there; a passing one keeps its words spread over the scenario, so
	 * that it runs all of it) */
	if (g->line && g->failing)
		n = up_to_first(rec, cand, n);
	/* the kept findings' words first, then every k-th of the rest */
	for (i = 0; i < n && g->npick < (g->line ? max - 1 : max / 2) && g->failing &&
		    kept(g, &rec->w[cand[i]]); i++)
		g->pick[g->npick++] = cand[i];
	{
		unsigned i0 = i, left = max - g->npick, rest = n - i0, j;

		for (j = 0; j < left && j < rest; j++)
			g->pick[g->npick++] = cand[i0 + (rest <= left ? j :
						   (size_t)j * rest / left)];
	}
	free(cand);
}

/* Every event list of the run, with the image each LOAD reads. */
static void emit_list(struct gen *g, uint64_t off, uint64_t *imgs,
		      unsigned *nimg, unsigned depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	unsigned i, k;
	char args[256];

	for (i = 0; depth < 3; i++) {
		char nrs[24];
		const char *nr = nrs;

		snprintf(nrs, sizeof(nrs), "%llu", (unsigned long long)e[i].nr);
		if (e[i].kind == FPABI_EV_SYSCALL) {
			nr = repro_sc_c((unsigned)e[i].nr, args, sizeof(args));
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
		if (h->sig[k].edit_img2 && nimg < MAX_BUFS)	/* (a second record's) */
			imgs[nimg++] = h->sig[k].edit_img2;
	}
	fprintf(g->o, "};\n\n/* the images the tracee loads, and the tracer's "
		"writes: canary runs {off, bytes, raw, task, phase, comp, reg, "
		"lane} and raw words */\nstatic const struct run runs[] = {\n");
	for (i = 0; i < nimg; i++)
		repro_emit_runs(g, imgs[i], g->rec->shm + imgs[i], g->img_size);
	for (i = 0; i < g->rec->nio; i++)
		if (g->rec->io[i].set)
			repro_emit_runs(g, g->io_off[i], g->rec->io[i].buf,
				  g->rec->io[i].len);
	fprintf(g->o, "};\n\n");
}

static void emit_checks(struct gen *g)
{
	unsigned i, k, names[MAX_WORDS], nnames = 0;
	uint32_t off;
	unsigned fl;
	char d[128];

	fprintf(g->o, "/* the words checked: {buffer, offset, bytes, kind, "
		"component, control, flags, expected, init, observer, word, what "
		"was expected, what fpabi got there and what it said of it, the "
		"quirk fpabi's calibration found in the field} */\nstatic struct word words[] = {\n");
	for (i = 0; i < g->npick; i++) {
		const struct rec_word *w = &g->rec->w[g->pick[i]];
		const struct fpabi_field *f = &w->f;
		uint64_t buf = w->src == SRC_REGSET ? g->io_off[w->io] : w->off;

		if (w->src == SRC_FRAME)
			buf = g->h->sig[w->sig].frame_off +
			      repro_arch_frame_fp(g->rec);
		repro_arch_map(g->rec, w, &off, &fl);
		repro_describe_exp(w, d, sizeof(d));
		fprintf(g->o, "\t{ %#llx, %u, %u, %u, %u, %s, %u, %#llxull, %#llxull, "
			"\"%s\", \"%s bytes %u-%u\", \"%s\", %#llxull, "
			"\"%s\", \"%s\" },\n",
			(unsigned long long)buf, off, w->len, w->kind, f->group,
			repro_arch_ctl(g->rec, w), fl, (unsigned long long)repro_word(w->exp, w->len),
			(unsigned long long)repro_word(w->init, w->len), w->observer,
			f->name, f->reg_off + w->img_off - f->off,
			f->reg_off + w->img_off - f->off + w->len - 1, d,
			(unsigned long long)repro_word(w->got, w->len),
			w->bad ? repro_seen_origin(g, w) : "", repro_quirk(g, f));
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

/* src/repro/runtime.c.in as one C string (Makefile.am) */
static const char runtime[] =
#include "src/repro/runtime.inc"
	;


static bool section_wanted(const struct uses *u, const char *name, size_t n)
{
	static const char *const always[] = { "base", "runtime", "main" };
	unsigned i;

#define IS(s) (n == sizeof(s) - 1 && !memcmp(name, s, n))
	for (i = 0; i < ARRAY_SIZE(always); i++)
		if (n == strlen(always[i]) && !memcmp(name, always[i], n))
			return true;
	return (IS("nanosleep") && u->nanosleep) || (IS("pipe") && u->pipe) ||
	       (IS("urandom") && u->urandom) ||
	       (IS("exec") && u->exec) || (IS("noexec") && !u->exec) ||
	       (IS("thread") && u->thread) ||
	       (IS("children") && (u->thread || u->fork)) ||
	       (IS("fork_stop") && u->fork_stop) || (IS("get") && u->get) ||
	       (IS("set") && u->set) || (IS("ev_bufs") && u->ev_bufs) ||
	       (IS("sysstop") && u->sysstop) || (IS("seccomp") && u->seccomp) ||
	       (IS("finish") && !u->refused) ||
	       (IS("altstack") && u->altstack) ||
	       (IS("tap") && !u->kselftest) || (IS("ksft") && u->kselftest) ||
	       (IS("noaltstack") && !u->altstack);
#undef IS
}

/* The runtime's sections in order, those the case uses; at the "data"
 * section the arch's code and the case's tables (data()) go in. */
static void emit_runtime(struct gen *g, const struct uses *u,
			 void (*data)(struct gen *))
{
	static const char open[] = "/*@ ", close[] = " @*/\n";
	const char *p = strstr(runtime, open), *name, *end, *next;
	size_t n;

	while (p) {
		name = p + sizeof(open) - 1;
		end = strstr(name, close);
		n = (size_t)(end - name);
		if (n == 3 && !memcmp(name, "end", 3))
			return;
		end += sizeof(close) - 1;
		next = strstr(end, open);
		if (n == 4 && !memcmp(name, "data", 4))
			data(g);
		else if (section_wanted(u, name, n))
			fwrite(end, 1, (size_t)((next ? next : end + strlen(end)) - end),
			       g->o);
		p = next;
	}
}

/* what the reproducer makes of the step of spin event e */
static unsigned spin_repro(const struct gen *g, const struct fpabi_ev *e)
{
	return op_info(g->r->c->steps[e->pad[3] - 1].op)->repro;
}

/* every syscall of every list is one the reproducer knows */
static int check_syscalls(const struct gen *g, uint64_t off, unsigned depth,
			  char *why, size_t n)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	char args[256];
	unsigned i;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++) {
		if (e[i].kind > FPABI_EV_FAULT && e[i].kind < FPABI_EV_ARCH)
			return refuse(why, n, "%s", "an event kind the "
				      "reproducer does not replay");
		/* (the straight-line form on x86 ends a preempt's or a migrate's
		 * spin from the tracer: sched.c; pad[3], the event's step + 1) */
		if (e[i].kind == FPABI_EV_SPIN &&
		    (!g->line || !repro_arch_competitor() || !e[i].pad[3] ||
		     spin_repro(g, &e[i]) == RPEV_NONE))
			return refuse(why, n, "%s", "a spin the tracer ends");
		if (e[i].kind != FPABI_EV_SYSCALL)
			continue;
		if (!repro_sc_c((unsigned)e[i].nr, args, sizeof(args)) &&
		    !repro_arch_syscall(&e[i], args, sizeof(args)))
			return refuse(why, n, "syscall %s is not replayed "
				      "standalone yet", sc_name((unsigned)e[i].nr));
		if (e[i].ptr && check_syscalls(g, e[i].ptr, depth + 1, why, n))
			return -1;
	}
	return 0;
}

static void emit_header(struct gen *g, const struct uses *u)
{
	const struct fpabi_run *r = g->r;
	const struct fpabi_rule *ru = rule_get(r->c->rule);
	char steps[512];

	steps_text(r, steps, sizeof(steps));
	if (u->kselftest)
		fprintf(g->o, "// SPDX-License-Identifier: GPL-2.0\n/*\n"
			" * A selftest for tools/testing/selftests/%s, from fpabi "
			"case %s, seed %llu\n * (written by `fpabi repro "
			"--kselftest`).\n *\n * Recorded on: Linux %s\n",
			repro_arch_kselftest_dir(), r->id,
			(unsigned long long)r->o->seed, r->m->kernel);
	else
		fprintf(g->o, "// SPDX-License-Identifier: GPL-2.0-or-later\n/*\n"
			" * Reproducer of fpabi case %s, seed %llu\n"
			" * (written by `fpabi repro`; standalone: libc only).\n *\n"
			" * Recorded on: Linux %s\n", r->id,
			(unsigned long long)r->o->seed, r->m->kernel);
	if (g->rec->minimised)
		fprintf(g->o, " * Minimised from %s.\n", g->rec->minimised);
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
		"errnos), its tracer-register\n * checks (PT-TRACER)%s.\n *\n%s",
		repro_list_has(g, g->h->ev_off, SC_EXEC) ?
		", and the exec probe's dump (libc runs before main)" : "",
		u->kselftest ? " * In the selftest tree: add it to TEST_GEN_PROGS "
		"of the directory's Makefile.\n * Exit status (kselftest's): 0 "
		"pass (a field the CPU itself changes is\n * a skip: its "
		"control shows it), 1 a word differs or no verdict, 4 skip\n"
		" * (a CPU or kernel feature is missing).\n */\n" : "");
	if (!u->kselftest)
		fprintf(g->o, " * Build and run: gcc -static -O2 repro.c && ./a.out (TAP out)\n"
		" * First a control: each checked value through the CPU alone, "
		"with no kernel\n * event; then the scenario.  Exit status: 0 "
		"every word is as the rule says,\n * 1 a word differs (BUG), 3 "
		"only words the CPU itself changes differ\n * (no kernel bug "
		"shown), 4 a CPU or kernel feature is missing (named;\n * "
		"kselftest's skip), 2 no verdict.  -DFPABI_REPRO_CORRUPT "
		"corrupts one\n * expected word (a self-test: then it exits "
		"1).\n */\n");
	fprintf(g->o, "#define _GNU_SOURCE\n#include <errno.h>\n%s%s"
		"#include <signal.h>\n#include <stdint.h>\n#include <stdio.h>\n"
		"#include <stdlib.h>\n#include <string.h>\n#include <sys/mman.h>\n"
		"#include <sys/ptrace.h>\n#include <sys/syscall.h>\n"
		"#include <sys/uio.h>\n#include <sys/wait.h>\n%s%s%s%s%s"
		"#include <unistd.h>\n%s%s\n", u->urandom ? "#include <fcntl.h>\n" : "",
		u->thread ? "#include <linux/futex.h>\n" : "",
		u->nanosleep ? "#include <time.h>\n" : "",
		u->thread || u->fork ? "#include <sched.h>\n" : "",
		u->altstack ? "#include <sys/auxv.h>\n" : "",
		u->seccomp ? "#include <stddef.h>\n#include <linux/audit.h>\n"
		"#include <linux/filter.h>\n#include <linux/seccomp.h>\n"
		"#include <sys/prctl.h>\n" : "",
		g->h->nsig ? "#include <ucontext.h>\n" : "",
		repro_arch_includes(g->rec), u->kselftest ?
		(strchr(repro_arch_kselftest_dir(), '/') ?
		 "\n#include \"../../kselftest.h\"\n" :
		 "\n#include \"../kselftest.h\"\n") : "");
}

/*
 * A random frame edit (SIGNAL_MAYBE): the handler makes it after it
 * copies the frame and after its entry dump.  If the file checks nothing
 * after it (every word checked is of an earlier step, or that signal's
 * frame or handler dump: a frame's words are tagged with the step that
 * resumes the tracee), the edit changes nothing the file checks and is
 * left out: that signal is a plain one (no nesting: its slot is the
 * count of signal steps up to it).
 */
static void drop_random_edit(struct gen *g, struct fpabi_shm_hdr *h)
{
	const struct fpabi_step *s = g->r->c->steps;
	int i, m = -1;
	unsigned k;

	for (i = 0; s[i].op != S_END && i <= g->last; i++)
		if (step_maybe(&s[i]))
			m = i;
	for (k = 0, i = 0; s[i].op != S_END && i <= m; i++)
		k += op_has(s[i].op, OPF_SIGNAL);
	if (m < 0 || !k || k > h->nsig)
		return;
	for (i = 0; i < (int)g->npick; i++) {
		const struct rec_word *w = &g->rec->w[g->pick[i]];

		if (w->step > m && !((w->src == SRC_FRAME || w->src == SRC_HANDLER) &&
				     w->sig == k - 1))
			return;
	}
	h->sig[k - 1].edit = 0;
	h->sig[k - 1].edit_img = h->sig[k - 1].edit_img2 = 0;
	g->edit_dropped = m;
}

/*
 * The last step raises a signal whose delivery stop is the file's last
 * observation: every word checked there is a regset read at that stop
 * (the others are of earlier steps: a frame's or handler dump's words are
 * tagged with the step that resumes the tracee).  The tracer kills the
 * tracee at the stop, and the handler, which would run only after it, is
 * left out: the stop comes before the kernel looks at the signal's action
 * (kernel/signal.c: get_signal() calls ptrace_signal() first).
 */
static bool ends_at_delivery(const struct gen *g)
{
	const struct fpabi_step *s = g->r->c->steps;
	unsigned i;
	int k, n;

	for (n = 0; n <= g->last && s[n].op != S_END; n++)
		;
	if (n != g->last + 1)
		return false;
	/* (the tracer's own steps at that stop: its regset calls, a migration) */
	for (k = g->last; k >= 0 && op_tracer(s[k].op); k--)
		;
	if (k < 0 || !op_has(s[k].op, OPF_SIGNAL) ||
	    (op_info(s[k].op)->repro != RPEV_SIGILL && op_info(s[k].op)->repro != RPEV_SIGSYS))
		return false;
	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].step >= k &&
		    g->rec->w[g->pick[i]].src != SRC_REGSET)
			return false;
	return true;
}

/*
 * The file's last observation is made when its last signal's handler
 * starts: every word checked from that signal's step on is of its frame,
 * which the kernel wrote at delivery and the handler copies before its
 * edit.  The handler is then the copy and exit(0): its event lists, the
 * edit, the sigreturn and the steps after it change nothing the file
 * checks.  Returns the last step before the handler runs (the signal's,
 * or the tracer's last at its delivery stop), or -1.  (One signal, no
 * nesting, no child that could take it, no wrong errno (err, the first
 * regset call's: first_wrong_errno()) from the signal on; the
 * straight-line form.)
 */
static int handler_end(const struct gen *g, int err)
{
	const struct fpabi_step *s = g->r->c->steps;
	int i, k = -1, nsig = 0;
	unsigned j;

	if (!g->line || repro_any_flag(g, SCF_FORKS, 0))
		return -1;
	for (i = 0; s[i].op != S_END && i <= g->last; i++) {
		if (step_nested(&s[i]))
			return -1;
		if (op_has(s[i].op, OPF_SIGNAL)) {
			k = i;
			nsig++;
		}
	}
	if (nsig != 1 || (op_info(s[k].op)->repro != RPEV_SIGILL &&
			  op_info(s[k].op)->repro != RPEV_SIGSYS))
		return -1;
	if (g->failing && err >= 0 && g->rec->io[err].step >= k)
		return -1;
	for (j = 0; j < g->npick; j++) {
		const struct rec_word *w = &g->rec->w[g->pick[j]];

		if (w->step >= k && (w->src != SRC_FRAME || w->sig != 0))
			return -1;
	}
	/* (the tracer's steps at the delivery stop come before the kernel
	 * writes the frame: a regset write there is in it) */
	while (k < g->last && op_tracer(s[k + 1].op))
		k++;
	return k;
}

/*
 * The file ends at its last checked observation: a step after it changes
 * nothing the file checks (the steps run in order), so its copy of the
 * shared memory has the main event list end there (build.c tags each event
 * with its step) and only the signals raised before; the tracer stops
 * there too (tracer.c).  A case with a nested signal keeps its signals.
 */
static void truncate_scenario(struct gen *g, struct fpabi_rec *cp)
{
	const struct fpabi_step *s;
	struct fpabi_shm_hdr *h;
	struct fpabi_ev *e;
	unsigned i, nsig = 0;
	int k;
	bool nested = false;

	g->last = -1;
	for (i = 0; i < g->npick; i++)
		g->last = MAX(g->last, g->rec->w[g->pick[i]].step);
	/* (up to the first regset call whose errno fpabi judged wrong) */
	k = first_wrong_errno(g->rec);
	if (g->failing && k >= 0)
		g->last = MAX(g->last, g->rec->io[k].step);
	k = handler_end(g, k);
	if (k >= 0) {
		g->last = k;
		g->exit_in_handler = true;
	}
	*cp = *g->rec;
	cp->shm = xmalloc(cp->shm_size);
	memcpy(cp->shm, g->rec->shm, cp->shm_size);
	h = (struct fpabi_shm_hdr *)cp->shm;
	e = (struct fpabi_ev *)(cp->shm + h->ev_off);
	for (i = 0; e[i].kind != FPABI_EV_END; i++)
		if (e[i].pad[3] > (uint64_t)g->last + 1) {
			e[i].kind = FPABI_EV_END;
			break;
		}
	for (i = 0, s = g->r->c->steps; s->op != S_END; s++, i++) {
		nested |= step_nested(s);
		nsig += op_has(s->op, OPF_SIGNAL) && (int)i <= g->last;
	}
	if (g->exit_in_handler) {
		/* (no edit, empty entry and exit lists: the main list's end;
		 * the entry list's events, before the copy, cannot change the
		 * frame the kernel wrote) */
		for (i = 0; e[i].kind != FPABI_EV_END; i++)
			;
		h->sig[0].edit = 0;
		h->sig[0].edit_img = h->sig[0].edit_img2 = 0;
		h->sig[0].entry_ev = h->sig[0].exit_ev = h->ev_off + i * sizeof(*e);
		h->nsig = 1;
	} else if (!nested) {
		drop_random_edit(g, h);
		if (ends_at_delivery(g)) {
			g->end_at_delivery = true;
			nsig--;
		}
		h->nsig = MIN(h->nsig, nsig);
	}
	g->rec = cp;
	g->h = h;
}

/* the arch's code and the case's tables, where the runtime wants them */
static void emit_case_data(struct gen *g)
{
	repro_arch_code(g->rec, g->o);
	emit_data(g);
	emit_checks(g);
}

/* the file of g, after its end is found */
static int write_file(struct gen *g, struct uses *u, unsigned flags,
		      char *why, size_t n)
{
	if (check_steps(g, why, n) < 0 ||
	    check_syscalls(g, g->h->ev_off, 0, why, n) < 0)
		return -1;
	repro_find_uses(g, u);
	u->kselftest = flags & REPRO_KSELFTEST;
	if (repro_write_line(g, u) == 0)
		return 0;
	/* (the straight-line form writes an untraced child, solo()) */
	if (g->r->c->unobserved)
		return refuse(why, n, "%s", "an unobserved twin the straight-line "
			      "form cannot write: its observed case has the same "
			      "events (repro that one)");
	/* (clone3's struct, CLONE_SETTLS's thread pointer, bpf()'s attr: the
	 * straight-line form writes them, the table's runtime not) */
	if (repro_any_flag(g, SCF_C_LINE, 0))
		return refuse(why, n, "%s", "a clone3() or CLONE_SETTLS child, or a "
			      "bpf() load, which only the straight-line form writes, in a "
			      "case the table form writes");
	if (g->err_only)
		return refuse(why, n, "%s", "its findings are a regset call's "
			      "errno, which only the straight-line form checks");
	for (unsigned k = 0; !repro_arch_table_edits() && k < g->h->nsig; k++)
		if (g->h->sig[k].edit)
			return refuse(why, n, "%s", "a signal frame edit in a case "
				      "the table form writes (the walker's spin): "
				      "not replayed standalone yet");
	for (unsigned k = 0; !repro_arch_table_edits() && k < g->npick; k++)
		if (g->rec->w[g->pick[k]].src == SRC_FRAME)
			return refuse(why, n, "%s", "a signal frame's words in a case "
				      "the table form writes: its handler copies no "
				      "image of the frame");
	if (u->migrate || u->competitor || u->preempt)
		return refuse(why, n, "%s", "a step forces or proves a switch, "
			      "a migration or a group-stop (fpabi's scheduler "
			      "proofs; the table form writes none)");
	emit_header(g, u);
	fprintf(g->o, "#define SHM_SIZE %#zx\n#define EV_OFF %#x\n"
		"#define DUMP_SIZE %zu\n#define SEED %#x\t/* the canaries' */\n"
		"#define OPT_FORK %s\t/* the fork's event stop */\n"
		"#define NWORDS %u\t/* the words checked */\n"
		"#define CORRUPT_WORD %u\n\n",
		g->shm_size, g->h->ev_off,
		g->rec->dump_size, g->r->cseed,
		u->fork_stop ? "(PTRACE_O_TRACEFORK | PTRACE_O_TRACECLONE)" : "0",
		g->npick, repro_corrupt_word(g));
	emit_runtime(g, u, emit_case_data);
	repro_emit_tracer(g);
	fprintf(g->o, "\treturn check();\n}\n");
	return 0;
}

int repro_write(const struct fpabi_rec *rec, FILE *out, unsigned flags,
		char *why, size_t n)
{
	struct gen g = { .rec = rec, .r = rec->r, .o = out, .last = INT_MAX,
			 .edit_dropped = -1 };
	struct uses u = { 0 };
	struct fpabi_rec cp;
	size_t off;
	unsigned i;
	int ret;

	if (g.r->c->probe || !rec->shm)
		return refuse(why, n, "%s", "a probe case: no tracee, it asks "
			      "the kernel directly (run fpabi itself)");
	g.h = rec_hdr(rec);
	g.img_size = rec->img_size;
	if (rec->nio > ARRAY_SIZE(g.io_off))
		return refuse(why, n, "%s", "too many regset calls");
	for (off = rec->shm_size, i = 0; i < rec->nio; i++) {
		g.io_off[i] = off;
		off = ALIGN_UP(off + rec->io[i].len, 4096);
	}
	g.shm_size = off;
	/* (the straight-line form checks fewer words) */
	g.line = repro_arch_line_ok(rec);
	pick_words(&g);
	/* a failing run none of whose differing words the file can observe
	 * (arm64's signal-frame records; a regset read the injection
	 * dropped; a header value): a file of other words would pass where
	 * the kernel fails */
	if (g.r->nfind && !g.failing)
		return refuse(why, n, "fpabi's findings (the first: %.60s: %.40s) "
			      "are in observations the file does not make",
			      g.r->find[0].observer, g.r->find[0].what);
	if (!g.npick)
		return refuse(why, n, "%s", "no register word the reproducer "
			      "can see was checked");
	truncate_scenario(&g, &cp);
	repro_find_errs(&g);
	ret = write_file(&g, &u, flags, why, n);
	free(cp.shm);
	return ret;
}
