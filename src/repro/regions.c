// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's straight-line form, the regions it fills: the images the
 * tracee loads and the tracer's writes as fill() calls over the canary
 * encoding, a layout helper where regions share one, and each checked
 * dump poisoned first (line.c writes the rest).
 */
#include <stdlib.h>
#include <string.h>

#include "fpabi/case.h"
#include "fpabi/event.h"
#include "fpabi/run.h"
#include "fpabi/util.h"
#include "gen.h"

/* the images the tracee loads: every LOAD's and each edit's, once */
static void collect_imgs(const struct gen *g, uint64_t off, uint64_t *imgs,
			 unsigned int *n, unsigned int depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	unsigned int i, k;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++) {
		if (e[i].kind == FPABI_EV_LOAD) {
			for (k = 0; k < *n && imgs[k] != e[i].ptr; k++)
				;
			if (k == *n && *n < MAX_BUFS)
				imgs[(*n)++] = e[i].ptr;
		}
		if (e[i].kind == FPABI_EV_SYSCALL && e[i].ptr)
			collect_imgs(g, e[i].ptr, imgs, n, depth + 1);
	}
}

/* a checked word is in the dump at off */
bool repro_line_checked(const struct gen *g, uint64_t off)
{
	unsigned int i;

	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].src != SRC_REGSET &&
		    g->rec->w[g->pick[i]].off == off)
			return true;
	return false;
}

/* a STORE's dump with a checked word, poisoned before the tracee runs */
static void poison_stores(const struct gen *g, uint64_t off, unsigned int depth)
{
	const struct fpabi_ev *e = repro_ev_at(g, off);
	unsigned int i;

	for (i = 0; depth < 3 && e[i].kind != FPABI_EV_END; i++) {
		if (e[i].kind == FPABI_EV_STORE && repro_line_checked(g, e[i].ptr))
			fprintf(g->o, "\tfill(%#llx, %zu, 0, 0, 63, 0, 0);\t/* a dump: poisoned */\n",
				(unsigned long long)e[i].ptr, g->rec->dump_size);
		if (e[i].kind == FPABI_EV_SYSCALL && e[i].ptr)
			poison_stores(g, e[i].ptr, depth + 1);
	}
}

/* the regions the file fills: the images the tracee loads, the tracer's
 * writes; each as its statements, and the layout helper that writes it */
static struct {
	uint64_t base[MAX_BUFS];
	struct run_cap cap[MAX_BUFS];
	int helper[MAX_BUFS];	/* the helper's number, or -1 */
	bool task[MAX_BUFS];	/* helper h's regions differ in their task too */
	unsigned int n, nhelp;
} regs;

static void add_region(struct gen *g, uint64_t base, const uint8_t *b, size_t len)
{
	struct run_cap *c = &regs.cap[regs.n];

	if (regs.n == MAX_BUFS)
		return;
	c->n = 0;
	c->over = false;
	g->cap = c;
	repro_emit_runs(g, base, b, len);
	g->cap = NULL;
	regs.helper[regs.n] = -1;
	regs.base[regs.n++] = base;
}

/* the canaries' phase (task: their task) of a region, if all of them have
 * one, else -1 (a competitor's image: the tracee's layout, task 1) */
static int one_of_canaries(const struct run_cap *c, bool task)
{
	int v = -1;
	unsigned int i, x;

	for (i = 0; i < c->n; i++)
		if (c->it[i].fill && c->it[i].comp != 63) {
			x = task ? c->it[i].task : c->it[i].phase;
			if (v >= 0 && x != (unsigned int)v)
				return -1;
			v = (int)x;
		}
	return v;
}

static int one_phase(const struct run_cap *c)
{
	return one_of_canaries(c, false);
}

static int one_task(const struct run_cap *c)
{
	return one_of_canaries(c, true);
}

/* regions a and b have one layout: the same statements at the same
 * places, the canaries differing in the phase (and the task) only */
static bool same_layout(const struct run_cap *a, const struct run_cap *b)
{
	unsigned int i;

	if (a->over || b->over || a->n != b->n || one_phase(a) < 0 || one_phase(b) < 0)
		return false;
	for (i = 0; i < a->n; i++) {
		const struct run_item *x = &a->it[i], *y = &b->it[i];

		if (x->fill != y->fill || x->rel != y->rel || x->len != y->len)
			return false;
		if (x->fill && ((x->task != y->task && (one_task(a) < 0 || one_task(b) < 0)) ||
				x->comp != y->comp ||
				x->reg != y->reg || x->lane != y->lane ||
				(x->comp == 63 && x->phase != y->phase)))
			return false;
	}
	return true;
}

/* word i of region r differs between the regions of its helper */
static bool varies(unsigned int r, unsigned int i)
{
	unsigned int k;

	for (k = 0; k < regs.n; k++)
		if (regs.helper[k] == regs.helper[r] &&
		    regs.cap[k].it[i].val != regs.cap[r].it[i].val)
			return true;
	return false;
}

void repro_line_regions(struct gen *g)
{
	uint64_t imgs[MAX_BUFS];
	unsigned int nimg = 0, i, k, m, same;

	regs.n = regs.nhelp = 0;
	collect_imgs(g, g->h->ev_off, imgs, &nimg, 0);
	if (g->r->c->competitor)	/* (its own canaries: repro_emit_sched()) */
		collect_imgs(g, g->h->comp_ev, imgs, &nimg, 0);
	for (k = 0; k < g->h->nsig; k++) {
		collect_imgs(g, g->h->sig[k].entry_ev, imgs, &nimg, 0);
		collect_imgs(g, g->h->sig[k].exit_ev, imgs, &nimg, 0);
		if (g->h->sig[k].edit_img && nimg < MAX_BUFS)
			imgs[nimg++] = g->h->sig[k].edit_img;
		if (g->h->sig[k].edit_img2 && nimg < MAX_BUFS)	/* (a second record's) */
			imgs[nimg++] = g->h->sig[k].edit_img2;
	}
	for (i = 0; i < nimg; i++)
		add_region(g, imgs[i], g->rec->shm + imgs[i], g->img_size);
	for (i = 0; i < g->rec->nio; i++)
		if (g->rec->io[i].set)
			add_region(g, g->io_off[i], g->rec->io[i].buf,
				   g->rec->io[i].len);
	/* a helper where it is shorter: k calls and its m statements
	 * with 6 lines around them, for k regions of m statements */
	for (i = 0; i < regs.n; i++) {
		if (regs.helper[i] >= 0)
			continue;
		m = regs.cap[i].n;
		for (same = 0, k = i; k < regs.n; k++)
			same += regs.helper[k] < 0 && same_layout(&regs.cap[i], &regs.cap[k]);
		if (same * m <= m + 6 + same)
			continue;
		regs.task[regs.nhelp] = false;
		for (k = i; k < regs.n; k++)
			if (regs.helper[k] < 0 && same_layout(&regs.cap[i], &regs.cap[k])) {
				regs.helper[k] = (int)regs.nhelp;
				regs.task[regs.nhelp] |= one_task(&regs.cap[k]) !=
							 one_task(&regs.cap[i]);
			}
		regs.nhelp++;
	}
}

/* the statements of region r: at base, or in its helper at off (phase and
 * the varying words w[] its parameters); adjacent words of the same kind
 * (each varying, or each fixed) are one memcpy() */
static void emit_items(struct gen *g, unsigned int r, uint64_t base, bool helper)
{
	const struct run_cap *c = &regs.cap[r];
	unsigned int i, k, nw = 0, run;
	char at[64];

	for (i = 0; i < c->n; i += run) {
		const struct run_item *it = &c->it[i];
		bool var = helper && !it->fill && varies(r, i);

		for (run = 1; !it->fill && it->len == 8 && i + run < c->n &&
		     !c->it[i + run].fill && c->it[i + run].len == 8 &&
		     c->it[i + run].rel == it->rel + 8 * run &&
		     (helper && varies(r, i + run)) == var; run++)
			;
		if (helper)
			snprintf(at, sizeof(at), it->rel ? "off + %#llx" : "off",
				 (unsigned long long)it->rel);
		else
			snprintf(at, sizeof(at), "%#llx", (unsigned long long)(base + it->rel));
		if (it->fill && helper && it->comp != 63 && regs.task[regs.helper[r]])
			fprintf(g->o, "\tfill(%s, %u, task, phase, %u, %u, %u);\n", at,
				it->len, it->comp, it->reg, it->lane);
		else if (it->fill && helper && it->comp != 63)
			fprintf(g->o, "\tfill(%s, %u, %u, phase, %u, %u, %u);\n", at,
				it->len, it->task, it->comp, it->reg, it->lane);
		else if (it->fill)
			fprintf(g->o, "\tfill(%s, %u, %u, %u, %u, %u, %u);\n", at,
				it->len, it->task, it->phase, it->comp, it->reg, it->lane);
		else if (var) {
			fprintf(g->o, "\tmemcpy(shm + %s, &w[%u], %u);\n", at, nw, it->len * run);
			nw += run;
		} else if (run == 1) {
			fprintf(g->o, "\tmemcpy(shm + %s, &(uint64_t){ %#llxull }, %u);\n",
				at, (unsigned long long)it->val, it->len);
		} else {
			fprintf(g->o, "\tmemcpy(shm + %s, (uint64_t[]){ ", at);
			for (k = 0; k < run; k++)
				fprintf(g->o, "%s%#llxull", k ? ", " : "",
					(unsigned long long)c->it[i + k].val);
			fprintf(g->o, " }, %u);\n", 8 * run);
		}
	}
}

/* the layout helpers, before main() */
void repro_line_helpers(struct gen *g)
{
	unsigned int h, r, i, nw;

	for (h = 0; h < regs.nhelp; h++) {
		for (r = 0; regs.helper[r] != (int)h; r++)
			;
		for (nw = 0, i = 0; i < regs.cap[r].n; i++)
			nw += !regs.cap[r].it[i].fill && varies(r, i);
		fprintf(g->o, "/* a region of layout %u: each register fpabi's canary of the "
			"%sphase given%s */\nstatic void layout%u(uint64_t off, %suint64_t phase%s)\n{\n",
			h + 1, regs.task[h] ? "task and " : "", nw ? ",\n * w[] the words that are no "
			"canaries and differ between its regions" : "", h + 1,
			regs.task[h] ? "uint64_t task, " : "", nw ? ", const uint64_t *w" : "");
		emit_items(g, r, 0, true);
		fprintf(g->o, "}\n\n");
	}
}

void repro_line_fill(struct gen *g)
{
	unsigned int i, r, k;
	char call[1024], *p;
	size_t o;

	fprintf(g->o, "\t/* the images the tracee loads, the tracer's writes "
		"(canary runs) */\n");
	for (r = 0; r < regs.n; r++) {
		const struct run_cap *c = &regs.cap[r];

		if (regs.helper[r] < 0) {
			emit_items(g, r, regs.base[r], false);
			continue;
		}
		o = (size_t)snprintf(call, sizeof(call), "\tlayout%d(%#llx, ", regs.helper[r] + 1,
				     (unsigned long long)regs.base[r]);
		if (regs.task[regs.helper[r]])
			o += (size_t)snprintf(call + o, sizeof(call) - o, "%d, ", one_task(c));
		o += (size_t)snprintf(call + o, sizeof(call) - o, "%d", one_phase(c));
		for (k = 0, i = 0; i < c->n && o < sizeof(call); i++)
			if (!c->it[i].fill && varies(r, i))
				o += (size_t)snprintf(call + o, sizeof(call) - o, "%s%#llxull",
						      k++ ? ", " : ", (uint64_t[]){ ",
						      (unsigned long long)c->it[i].val);
		/* (--kselftest: the array on a line of its own past 100 columns) */
		p = strstr(call, ", (uint64_t[])");
		if (g->ksft && p && o + 8 > 100)
			fprintf(g->o, "%.*s,\n\t\t%s%s);\n", (int)(p - call), call, p + 2,
				k ? " }" : "");
		else
			fprintf(g->o, "%s%s);\n", call, k ? " }" : "");
	}
	poison_stores(g, g->h->ev_off, 0);
	for (k = 0; k < g->h->nsig; k++) {
		poison_stores(g, g->h->sig[k].entry_ev, 0);
		poison_stores(g, g->h->sig[k].exit_ev, 0);
	}
}
