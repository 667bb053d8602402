// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's facts of a recorded instance, below both of its writers
 * (write.c's table form, line.c's straight-line form): its events and
 * syscalls, the words it checks and what they should hold, the runtime
 * sections it needs, and its regions as canary runs.
 */
#include <string.h>

#include "fpabi/calib.h"
#include "fpabi/canary.h"
#include "fpabi/case.h"
#include "fpabi/event.h"
#include "fpabi/run.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"
#include "gen.h"

const struct fpabi_ev *repro_ev_at(const struct gen *g, uint64_t off)
{
	return (const struct fpabi_ev *)(g->rec->shm + off);
}

/* the syscall an event stands for, as C; NULL: not replayable */
const char *repro_sc_c(unsigned sc, char *args, size_t n)
{
	const struct fpabi_sc_info *si = sc_info(sc);

	snprintf(args, n, "%s", si->c_nr ? si->c_args : "");
	return si->c_nr;
}

uint64_t repro_word(const uint8_t *p, unsigned len)
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

/* a register one of the checked words is in (component, register) */
static bool repro_checked_reg(const struct gen *g, unsigned comp, unsigned reg)
{
	unsigned i;

	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].f.comp == comp &&
		    g->rec->w[g->pick[i]].f.reg == reg)
			return true;
	return false;
}

/* the canary run at b + off: its length in words (k) and tail bytes */
static unsigned repro_canary_run(const struct gen *g, const uint8_t *b, size_t off,
			   size_t len, const struct canary_prov *p,
			   unsigned *tail)
{
	struct canary_prov q;
	unsigned k = 1;

	while (off + 8 * (k + 1) <= len &&
	       canary_decode(repro_word(b + off + 8 * k, 8), &q) &&
	       q.seed == p->seed && q.task == p->task &&
	       q.phase == p->phase && q.comp == p->comp &&
	       q.reg == p->reg && q.lane == p->lane + k)
		k++;
	q = *p;
	q.lane = p->lane + k;
	*tail = 0;
	if (off + 8 * k < len)
		*tail = partial(repro_word(b + off + 8 * k,
				     MIN(8u, (unsigned)(len - off - 8 * k))),
				canary_encode(&q));
	(void)g;
	return k;
}

/*
 * One region's bytes as canary runs and raw words (zero words left out),
 * three to a line.  Only the registers the checked words are in keep all
 * their lanes; every other component keeps its first run, so that it is
 * in use (XINUSE, PSTATE) as in the recorded run, and its raw words.
 */
static void cap_item(struct run_cap *c, bool fill, size_t off, unsigned len,
		     const struct canary_prov *p, uint64_t val)
{
	struct run_item *it = &c->it[c->n];

	if (c->n == MAX_ITEMS) {
		c->over = true;
		return;
	}
	c->n++;
	*it = (struct run_item){ .fill = fill, .rel = off, .len = len, .val = val };
	if (p) {
		it->task = p->task;
		it->phase = p->phase;
		it->comp = p->comp;
		it->reg = p->reg;
		it->lane = p->lane;
	}
}

void repro_emit_runs(struct gen *g, uint64_t base, const uint8_t *b,
		      size_t len)
{
	bool seen[64] = { false };
	size_t off = 0;
	unsigned col = 0;

	while (off < len) {
		unsigned wl = MIN(8u, (unsigned)(len - off)), k = 1, tail = 0;
		uint64_t w = repro_word(b + off, wl);
		struct canary_prov p;

		if (!w) {
			off += 8;
			continue;
		}
		if (wl == 8 && canary_decode(w, &p) && p.seed == g->r->cseed) {
			k = repro_canary_run(g, b, off, len, &p, &tail);
			if (g->line && !repro_arch_comp_live(b, len, p.comp)) {
				/* (its data is not loaded: the straight-line
				 * form leaves it out) */
				off += 8 * (k + (tail ? 1 : 0));
				continue;
			}
			if (seen[p.comp & 63] && !repro_checked_reg(g, p.comp, p.reg)) {
				off += 8 * (k + (tail ? 1 : 0));
				continue;
			}
			seen[p.comp & 63] = true;
			if (g->line && g->cap)
				cap_item(g->cap, true, off, 8 * k + tail, &p, 0);
			else if (g->line)	/* one statement a run */
				fprintf(g->o, "\tfill(%#llx, %u, %u, %u, %u, %u, %u);\n",
					(unsigned long long)(base + off),
					8 * k + tail, p.task, p.phase, p.comp,
					p.reg, p.lane);
			else
				fprintf(g->o, "%s{ %#llx, %u, 0, %u, %u, %u, %u, %u, 0 },",
					col++ % 3 ? " " : "\t",
					(unsigned long long)(base + off),
					8 * k + tail, p.task, p.phase, p.comp,
					p.reg, p.lane);
			k += tail ? 1 : 0;
		} else if (g->line && g->cap) {
			cap_item(g->cap, false, off, wl, NULL, w);
		} else if (g->line) {
			fprintf(g->o, "\tmemcpy(shm + %#llx, &(uint64_t){ %#llxull }, %u);\n",
				(unsigned long long)(base + off),
				(unsigned long long)w, wl);
		} else {
			fputs(col++ % 3 ? " " : "\t", g->o);
			fprintf(g->o, "{ %#llx, %u, 1, 0, 0, 0, 0, 0, %#llxull },",
				(unsigned long long)(base + off), wl,
				(unsigned long long)w);
		}
		if (!g->line && col % 3 == 0)
			fputc('\n', g->o);
		off += 8 * k;
	}
	if (!g->line && col % 3)
		fputc('\n', g->o);
}

void repro_describe_exp(const struct rec_word *w,
			 char *buf, size_t n)
{
	const struct fpabi_field *f = &w->f;
	uint64_t v = repro_word(w->exp, w->len);
	struct canary_prov p;

	if (w->kind == EXP_ONE_OF) {	/* (the phases of its candidates) */
		int at = snprintf(buf, n, "zero, init or one of %u values", w->nalt);
		unsigned k;

		for (k = 0; k < w->nalt && at > 0 && (size_t)at < n; k++)
			if (w->len == 8 && canary_decode(repro_word(w->alt[k], 8), &p))
				at += snprintf(buf + at, n - at, "%s phase %u", k ? "," : ":", p.phase);
			else
				at += snprintf(buf + at, n - at, "%s %#llx", k ? "," : ":",
					       (unsigned long long)repro_word(w->alt[k], w->len));
	} else if (!memcmp(w->exp, w->init, w->len))
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
const char *repro_seen_origin(const struct gen *g, const struct rec_word *w)
{
	unsigned i;

	for (i = 0; i < g->r->nfind && i < FPABI_MAX_FINDINGS; i++)
		if (!strcmp(g->r->find[i].observer, w->observer) &&
		    !strcmp(g->r->find[i].what, w->f.name))
			return g->r->find[i].origin;
	return "";
}

/* the quirk fpabi's CPU calibration named for field f, or "" */
const char *repro_quirk(const struct gen *g, const struct fpabi_field *f)
{
	const struct fpabi_calib *c = g->r->m->calib;
	unsigned i;

	for (i = 0; c && c->done && i < c->n && i < CALIB_MAX_FIELDS; i++)
		if (c->f[i].group == f->group && !strcmp(c->f[i].name, f->name))
			return c->f[i].quirk;
	return "";
}

static bool list_has(const struct gen *g, uint64_t off, unsigned sc,
		     unsigned depth);

/* syscall sc in the event list at off or a list it nests */
bool repro_list_has(const struct gen *g, uint64_t off, unsigned sc)
{
	return list_has(g, off, sc, 0);
}

static bool list_has(const struct gen *g, uint64_t off, unsigned sc,
		     unsigned depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	unsigned i;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++)
		if (e[i].kind == FPABI_EV_SYSCALL &&
		    (e[i].nr == sc || (e[i].ptr && list_has(g, e[i].ptr, sc,
							    depth + 1))))
			return true;
	return false;
}

/* (up to the file's end, g->last) */
bool repro_has_step(const struct gen *g, enum fpabi_op op)
{
	const struct fpabi_step *s;
	int i;

	for (i = 0, s = g->r->c->steps; s->op != S_END && i <= g->last; s++, i++)
		if (s->op == op)
			return true;
	return false;
}

static bool repro_fork_stop(const struct gen *g)
{
	const struct fpabi_step *s;
	int i;

	for (i = 0, s = g->r->c->steps; s->op != S_END && i <= g->last; s++, i++)
		if (s->op == S_FORK && (s->b & 1))
			return true;
	return false;
}

/* the word -DFPABI_REPRO_CORRUPT corrupts (bit 40): the first canary
 * among them, else the first 8-byte word past the x87 and MXCSR control
 * words (offset 32 up), whose bit 40 is data the CPU keeps */
unsigned repro_corrupt_word(const struct gen *g)
{
	struct canary_prov p;
	unsigned i;

	/* (a word of one value first: a ONE_OF word is checked as its
	 * expected value alone in the self-test) */
	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].len == 8 && g->rec->w[g->pick[i]].kind != EXP_ONE_OF &&
		    canary_decode(repro_word(g->rec->w[g->pick[i]].exp, 8), &p))
			return i;
	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].len == 8 &&
		    canary_decode(repro_word(g->rec->w[g->pick[i]].exp, 8), &p))
			return i;
	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].len == 8 &&
		    g->rec->w[g->pick[i]].img_off >= 32)
			return i;
	return 0;
}

/* syscall sc in the main list or a signal's */
/* a syscall kind with flags and none of without, in a list the file
 * keeps (sc_table[]'s columns, not a list of kinds) */
bool repro_any_flag(const struct gen *g, unsigned flags, unsigned without)
{
	unsigned sc;

	for (sc = 0; sc < SC_NR; sc++)
		if (sc_has(sc, flags) && !(sc_info(sc)->flags & without) &&
		    repro_any_has(g, sc))
			return true;
	return false;
}

bool repro_any_has(const struct gen *g, unsigned sc)
{
	unsigned k;

	if (list_has(g, g->h->ev_off, sc, 0))
		return true;
	for (k = 0; k < g->h->nsig; k++)
		if (list_has(g, g->h->sig[k].entry_ev, sc, 0) ||
		    list_has(g, g->h->sig[k].exit_ev, sc, 0))
			return true;
	return false;
}

/* a LOAD or STORE with its own buffers (arm64's ZA and ZT0) */
static bool list_bufs(const struct gen *g, uint64_t off, unsigned depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	unsigned i;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++)
		if (((e[i].kind == FPABI_EV_LOAD || e[i].kind == FPABI_EV_STORE) &&
		     (e[i].arg[0] || e[i].arg[1])) ||
		    (e[i].kind == FPABI_EV_SYSCALL && e[i].ptr &&
		     list_bufs(g, e[i].ptr, depth + 1)))
			return true;
	return false;
}

void repro_find_uses(const struct gen *g, struct uses *u)
{
	unsigned k;

	u->nanosleep = repro_any_has(g, SC_NANOSLEEP);
	u->pipe = repro_any_has(g, SC_PIPE_READ);
	u->urandom = repro_any_has(g, SC_URANDOM_WRITE);
	u->uring = repro_any_has(g, SC_IOURING_WRITE);
	u->exec = repro_any_has(g, SC_EXEC);
	u->thread = repro_any_flag(g, SCF_THREAD, 0);
	u->fork = repro_any_flag(g, SCF_FORKS, SCF_THREAD);
	u->fork_stop = repro_fork_stop(g);
	u->seccomp = g->h->seccomp;
	u->refused = repro_has_step(g, S_REFUSED);
	u->migrate_running = repro_has_step(g, S_MIGRATE_RUNNING);
	u->migrate = repro_has_step(g, S_MIGRATE) || u->migrate_running;
	u->preempt = repro_has_step(g, S_PREEMPT);
	u->seize = repro_has_step(g, S_INTERRUPT) || repro_has_step(g, S_GROUPSTOP);
	u->competitor = g->r->c->competitor != COMP_NONE;
	u->altstack = g->h->altstack;
	u->sysstop = repro_has_step(g, S_SYSCALL_STOP) || repro_has_step(g, S_SYSEXIT);
	u->ev_bufs = list_bufs(g, g->h->ev_off, 0);
	for (k = 0; k < g->h->nsig; k++)
		u->ev_bufs |= list_bufs(g, g->h->sig[k].entry_ev, 0) ||
			      list_bufs(g, g->h->sig[k].exit_ev, 0);
	for (k = 0; k < g->rec->nio; k++) {
		u->get |= !g->rec->io[k].set && g->rec->io[k].step <= g->last;
		u->set |= g->rec->io[k].set && g->rec->io[k].step <= g->last;
	}
}
