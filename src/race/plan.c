// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The race loop's plan (fpabi race): the shared memory of one round, with
 * the loop's lists and canary images made by the arch backend and, for
 * every kind, phase and point of observation, the expectation the
 * tracee's assembly compares its dumps with, made by the arch's model;
 * and the model's classification of the dumps that differed.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fpabi/calib.h"
#include "fpabi/compete.h"
#include "fpabi/race-run.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"

#include "race-int.h"

/* the competitor modes by name (--competitor) */
const char *const race_comp_names[COMP_NMODES] = {
	[COMP_NONE] = "none", [COMP_SPIN] = "spin", [COMP_IDLE] = "idle",
	[COMP_TIMER] = "timer",
};

#define HDR_SIZE	4096

const struct race_kind_def race_kinds[RACE_NKINDS] = {
	[RACE_GETPID] = { "getpid", SC_GETPID, 400, false,
			  "getpid: a syscall with the state live, no switch" },
	[RACE_YIELD] = { "yield", SC_SCHED_YIELD, 120, false,
			 "sched_yield: a switch to the competitor, if one waits" },
	[RACE_SLEEP] = { "sleep", SC_NANOSLEEP, 3, false,
			 "nanosleep 50 us: switched out and back" },
	[RACE_SPIN] = { "spin", 0, 400, false,
			"a spin: signals, preemption and migration hit it" },
	[RACE_MIGRATE] = { "migrate", SC_MIGRATE_SELF, 1, true,
			   "sched_setaffinity to the other CPU" },
	[RACE_URANDOM] = { "urandom", SC_URANDOM_WRITE, 20, false,
			   "8 KiB to /dev/urandom: the kernel's own FPU use "
			   "(x86: BLAKE2s under kernel_fpu_begin())" },
};

int race_kinds_parse(const char *s)
{
	const char *p = s;
	int k = 0;
	unsigned i;

	for (;;) {
		size_t len = strcspn(p, ",");

		for (i = 0; i < RACE_NKINDS; i++)
			if (strlen(race_kinds[i].name) == len &&
			    !strncmp(p, race_kinds[i].name, len))
				break;
		if (i == RACE_NKINDS)	/* also an empty element */
			return -1;
		k |= 1 << i;
		if (!p[len])
			return k;
		p += len + 1;
	}
}

static const char *const point_names[RACE_NPOINTS] = {
	[RACE_POST] = "dump after",
	[RACE_HPRE] = "handler entry before",
	[RACE_HPOST] = "handler entry after",
};

const char *race_point_name(unsigned pt)
{
	return pt < RACE_NPOINTS ? point_names[pt] : "?";
}

/* A fresh model of the round's variant and seed, as planned. */
static void model_begin(const struct race_round *rd, struct fpabi_run *m,
			unsigned slot)
{
	memset(m, 0, sizeof(*m));
	m->m = rd->m;
	m->o = rd->o;
	m->c = &rd->cases[slot];
	m->v = m->v0 = rd->cfg.v;
	m->seed = rd->cfg.seed;
	m->cseed = canary_seed16(rd->cfg.seed);
	m->shm = rd->shm;
	m->shm_size = rd->size;
	m->pid = rd->pid;
	m->sp.comp_policy = -1;
	snprintf(m->id, sizeof(m->id), "%s.race.%s/%s", fpabi_arch.name,
		 m->c->name, m->v.name);
	fpabi_arch.layout(m->m, &m->v, &m->lo);
	expect_alloc(m);
}

void race_model_end(struct fpabi_run *m)
{
	unsigned k;

	expect_free(&m->exp);
	for (k = 0; k < m->nlo; k++) {
		layout_free(&m->all_lo[k]);
		free(m->all_init[k]);
	}
	for (k = 0; k < m->noneof; k++)
		free(m->oneof[k]);
	m->nlo = m->noneof = 0;
	memset(&m->lo, 0, sizeof(m->lo));
}

/*
 * The model of one iteration (the steps its lists take): the phase's
 * load; at RACE_HPRE the handler's entry; the event (a syscall's model;
 * a spin changes nothing); at RACE_HPOST the handler's entry; at
 * RACE_POST the store.  A signal in the window changes nothing the loop
 * sees after it: sigreturn of the unedited frame restores what it
 * interrupted (the arch's rule_signal).
 */
void race_model(const struct race_round *rd, struct fpabi_run *m,
		unsigned slot, unsigned pi, unsigned pt)
{
	const struct race_kind_def *k = &race_kinds[rd->slot_kind[slot]];

	model_begin(rd, m, slot);
	fpabi_arch.model_load(m, 1 + pi, 0);
	if (pt == RACE_HPRE) {
		fpabi_arch.model_handler_entry(m);
		return;
	}
	if (k->sc)
		fpabi_arch.model_syscall(m, k->sc, 0);
	if (pt == RACE_HPOST) {
		fpabi_arch.model_handler_entry(m);
		return;
	}
	if (fpabi_arch.model_store)
		fpabi_arch.model_store(m);
}

/* --- the shared memory: a bump allocator over a generous mapping --- */

struct arena {
	struct race_round *rd;
	size_t off;
};

static size_t take(struct arena *a, size_t n, size_t align)
{
	size_t at = ALIGN_UP(a->off, align);

	if (at + n > a->rd->size)
		die("internal: the race plan needs more than %zu bytes",
		    a->rd->size);
	a->off = at + n;
	return at;
}

static void *at(const struct race_round *rd, size_t off)
{
	return rd->shm + off;
}

/* A list of one event and END .nr = 1 (the registers stand). */
static size_t list1(struct arena *a, const struct fpabi_ev *ev)
{
	size_t off = take(a, 2 * sizeof(*ev), 64);
	struct fpabi_ev *l = at(a->rd, off);

	l[0] = *ev;
	memset(&l[1], 0, sizeof(l[1]));
	l[1].kind = FPABI_EV_END;
	l[1].nr = 1;
	return off;
}

/* A LOAD of an image made for phase and task, into the variant's mode. */
static size_t load_list(struct arena *a, unsigned phase, unsigned task,
			size_t *img_off)
{
	struct race_round *rd = a->rd;
	struct fpabi_ev ev;
	size_t img = take(a, rd->isz, 64);

	fpabi_arch.make_load(&rd->plan, at(rd, img), phase, task);
	memset(&ev, 0, sizeof(ev));
	ev.kind = FPABI_EV_LOAD;
	ev.ptr = img;
	fpabi_arch.ev_load(&rd->plan, &ev, 0);
	if (img_off)
		*img_off = img;
	return list1(a, &ev);
}

/* A STORE into dump, as the model m has the state then. */
static size_t store_list(struct arena *a, struct fpabi_run *m, size_t dump)
{
	struct fpabi_ev ev;

	memset(&ev, 0, sizeof(ev));
	ev.kind = FPABI_EV_STORE;
	ev.ptr = dump;
	fpabi_arch.ev_store(m, &ev);
	return list1(a, &ev);
}

static size_t event_list(struct arena *a, unsigned kind, int cpu)
{
	const struct race_kind_def *k = &race_kinds[kind];
	struct fpabi_ev ev;

	memset(&ev, 0, sizeof(ev));
	if (k->sc) {
		ev.kind = FPABI_EV_SYSCALL;
		ev.nr = k->sc;
		ev.arg[0] = kind == RACE_MIGRATE ? (uint64_t)cpu : 0;
	} else {
		ev.kind = FPABI_EV_SPIN;
		ev.ptr = offsetof(struct fpabi_shm_hdr, never);
		ev.arg[0] = fpabi_race_arch.spin_rounds;
	}
	return list1(a, &ev);
}

/* The segments of mask: runs of words with a byte checked. */
static void make_segs(struct arena *a, const uint64_t *mw,
		      struct race_desc *d)
{
	size_t words = a->rd->isz / 8, w, nseg = 0;
	uint64_t *seg;

	for (w = 0; w < words; w++)
		if (mw[w] && (!w || !mw[w - 1]))
			nseg++;
	d->seg = take(a, 16 * (nseg ? nseg : 1), 16);
	d->nseg = nseg;
	seg = at(a->rd, d->seg);
	for (w = 0; w < words; w++) {
		if (!mw[w])
			continue;
		if (!w || !mw[w - 1]) {
			*seg++ = w * 8;
			*seg++ = 0;
		}
		seg[-1]++;
	}
}

/*
 * An expectation from the model's: each field's bytes under the mask,
 * the alternative zero where the ABI leaves a word its old value or zero
 * (EXP_KEPT_OR_ZERO); nothing the model does not check.  The mask and its
 * segments are prev's where they are the same (the phases of a point),
 * the alternative the expected bytes where nothing is kept-or-zero.
 */
static void make_desc(struct arena *a, const struct fpabi_run *m,
		      struct race_desc *d, const struct race_desc *prev)
{
	struct race_round *rd = a->rd;
	uint8_t *exp, *alt, *mask = xzalloc(rd->isz);
	bool either = false;
	unsigned i;

	d->exp = take(a, rd->isz, 64);
	exp = at(rd, d->exp);
	for (i = 0; i < m->lo.nfields; i++) {
		const struct fpabi_field *f = &m->lo.f[i];
		unsigned k = m->exp.kind[i];

		if (k == EXP_ANY || f->fill == FILL_NONE)
			continue;
		if (k == EXP_ONE_OF)
			die("internal: %s: the race loop cannot compare an "
			    "open expectation (%s)", m->id, f->name);
		if (f->off + f->size > rd->isz)
			die("internal: %s: %s past the dump", m->id, f->name);
		/* the bits the CPU keeps (the calibration, fpabi/calib.h) */
		if (calib_kept(m->m, f))
			memcpy(mask + f->off, calib_kept(m->m, f), f->size);
		else
			memset(mask + f->off, 0xff, f->size);
		memcpy(exp + f->off, m->exp.img + f->off, f->size);
		either |= k == EXP_KEPT_OR_ZERO;
	}
	d->alt = d->exp;
	if (either) {
		d->alt = take(a, rd->isz, 64);
		alt = at(rd, d->alt);
		memcpy(alt, exp, rd->isz);
		for (i = 0; i < m->lo.nfields; i++)
			if (m->exp.kind[i] == EXP_KEPT_OR_ZERO &&
			    m->lo.f[i].fill != FILL_NONE)
				memset(alt + m->lo.f[i].off, 0, m->lo.f[i].size);
	}
	if (prev && !memcmp(at(rd, prev->mask), mask, rd->isz)) {
		d->mask = prev->mask;
		d->seg = prev->seg;
		d->nseg = prev->nseg;
	} else {
		d->mask = take(a, rd->isz, 64);
		memcpy(at(rd, d->mask), mask, rd->isz);
		make_segs(a, (const uint64_t *)mask, d);
	}
	free(mask);
}

/* Every point, phase and slot's expectation; an injected word must be
 * checked in every one the loop makes (RACE_POST). */
static void make_descs(struct arena *a, uint8_t *injectable)
{
	struct race_round *rd = a->rd;
	unsigned s, p, pt;
	size_t w;

	for (s = 0; s < rd->nslots; s++) {
		struct race_kind *k = &((struct race_kind *)at(rd, rd->ctl->kinds))[s];

		k->has_hpost = race_kinds[rd->slot_kind[s]].sc != 0;
		for (pt = 0; pt < RACE_NPOINTS; pt++)
			for (p = 0; p < RACE_PHASES; p++) {
				struct fpabi_run m;

				if (pt == RACE_HPOST && !k->has_hpost) {
					k->d[pt][p] = k->d[RACE_HPRE][p];
					continue;
				}
				race_model(rd, &m, s, p, pt);
				make_desc(a, &m, &k->d[pt][p],
					  p ? &k->d[pt][p - 1] : NULL);
				race_model_end(&m);
				if (pt != RACE_POST)
					continue;
				for (w = 0; w < rd->isz / 8; w++)
					if (((uint64_t *)at(rd, k->d[pt][p].mask))[w] != ~0ull)
						injectable[w] = 0;
			}
	}
}

/* The words fault injection may overwrite (fpabi_race_arch.inject_field). */
static void make_inject(struct arena *a, uint8_t *injectable)
{
	struct race_round *rd = a->rd;
	const struct fpabi_layout *lo = &rd->plan.lo;
	uint64_t *tab;
	size_t w, n = 0;

	rd->ctl->inj_off = take(a, rd->isz, 64);
	tab = at(rd, rd->ctl->inj_off);
	for (w = 0; w < rd->isz / 8; w++) {
		unsigned i;
		bool in = false;

		for (i = 0; i < lo->nfields && !in; i++)
			in = lo->f[i].fill == FILL_WORDS &&
			     fpabi_race_arch.inject_field(&lo->f[i]) &&
			     w * 8 >= lo->f[i].off &&
			     w * 8 + 8 <= lo->f[i].off + lo->f[i].size;
		if (in && injectable[w])
			tab[n++] = w * 8;
	}
	rd->ctl->inj_n = n;
	rd->ctl->inj_rate = n ? rd->inject_rate : 0;
	if (rd->inject_rate && !n)
		die("internal: no word every kind checks to inject a fault into");
}

/* The weight table: each enabled kind its share of the 64 slots. */
static void make_weights(struct arena *a)
{
	struct race_round *rd = a->rd;
	uint8_t *wt;
	unsigned s, total = 0, j, acc = 0;

	rd->ctl->weights = take(a, RACE_WEIGHTS, 64);
	wt = at(rd, rd->ctl->weights);
	for (s = 0; s < rd->nslots; s++)
		if (rd->cfg.kinds >> rd->slot_kind[s] & 1)
			total += race_kinds[rd->slot_kind[s]].weight;
	for (s = 0, j = 0; s < rd->nslots && total; s++) {
		if (!(rd->cfg.kinds >> rd->slot_kind[s] & 1))
			continue;
		acc += race_kinds[rd->slot_kind[s]].weight;
		/* at least one slot each */
		do
			wt[j++] = s;
		while (j < RACE_WEIGHTS && j * total < acc * RACE_WEIGHTS);
	}
	for (; j < RACE_WEIGHTS && j; j++)
		wt[j] = wt[j - 1];
}

/* The slots: the enabled kinds, and the spin a quiet window runs. */
static void make_slots(struct race_round *rd)
{
	const struct fpabi_race_arch *ra = &fpabi_race_arch;
	unsigned k;

	rd->nslots = 0;
	rd->spin_slot = 0;
	for (k = 0; k < RACE_NKINDS && rd->nslots < RACE_MAX_KINDS; k++) {
		struct fpabi_case *c = &rd->cases[rd->nslots];

		if (!(rd->cfg.kinds >> k & 1) &&
		    !(k == RACE_SPIN && rd->cfg.quiet_ms))
			continue;
		if (k == RACE_SPIN)
			rd->spin_slot = rd->nslots;
		memset(c, 0, sizeof(*c));
		c->family = "race";
		c->name = race_kinds[k].name;
		c->summary = race_kinds[k].summary;
		c->rule = race_kinds[k].sc ? ra->rule_syscall :
			  rd->cfg.sigs ? ra->rule_signal : ra->rule_sched;
		c->competitor = rd->cfg.comp;
		c->drop = -1;
		c->generated = 1;
		rd->slot_kind[rd->nslots++] = k;
	}
}

static int map_shm(struct race_round *rd)
{
	rd->memfd = syscall(SYS_memfd_create, "fpabi-race", MFD_CLOEXEC);
	if (rd->memfd < 0)
		return -1;
	if (ftruncate(rd->memfd, rd->size) < 0)
		return -1;
	rd->shm = mmap(NULL, rd->size, PROT_READ | PROT_WRITE, MAP_SHARED,
		       rd->memfd, 0);
	if (rd->shm == MAP_FAILED) {
		rd->shm = NULL;
		return -1;
	}
	return 0;
}

/*
 * The competitor: issue 6's lists (compete.h), except COMP_TIMER, whose
 * 16 wakes fit a case's few milliseconds: the loop runs for seconds, so
 * its competitor loads its canaries and sleeps 1 ms (SCHED_FIFO: each
 * wake preempts the loop), again and again.
 */
static void make_competitor(struct arena *a)
{
	struct race_round *rd = a->rd;
	struct fpabi_shm_hdr *h = (struct fpabi_shm_hdr *)rd->shm;
	size_t img = take(a, rd->isz, 64), ev = take(a, COMP_EVS * 128, 64);
	struct fpabi_ev *l = at(rd, ev);

	if (rd->cfg.comp != COMP_TIMER) {
		fpabi_competitor_list(&rd->plan, img, ev);
		return;
	}
	memset(l, 0, 3 * sizeof(*l));
	fpabi_competitor_load(&rd->plan, img, &l[0]);
	l[1].kind = FPABI_EV_SYSCALL;
	l[1].nr = SC_NANOSLEEP;
	l[2].kind = FPABI_EV_END;
	h->comp_ev = ev;
	h->comp_loop = 1;
}

/* The loop's lists and images, each slot's. */
static void make_lists(struct arena *a)
{
	struct race_round *rd = a->rd;
	struct race_ctl *c = rd->ctl;
	struct race_kind *k;
	struct fpabi_run m;
	unsigned s, p;

	c->kinds = take(a, RACE_MAX_KINDS * RK_SIZE, 64);
	k = at(rd, c->kinds);
	for (s = 0; s < rd->nslots; s++, k++) {
		unsigned kind = rd->slot_kind[s];

		k->index = s;
		for (p = 0; p < RACE_PHASES; p++)
			k->load[p] = load_list(a, 1 + p, 0, NULL);
		k->ev = event_list(a, kind, rd->cpu2 >= 0 ? rd->cpu2 : rd->cpu);
		/* a self-migration goes to the other CPU and back */
		if (kind == RACE_MIGRATE)
			k->ev2 = event_list(a, kind, rd->cpu);
	}
	c->quiet_kind = c->kinds + (size_t)rd->spin_slot * RK_SIZE;
	c->dump = take(a, rd->isz, 64);
	c->hdump = take(a, rd->isz, 64);
	c->store = store_list(a, &rd->plan, c->dump);
	race_model(rd, &m, rd->spin_slot, 0, RACE_HPRE);
	c->hstore = store_list(a, &m, c->hdump);
	race_model_end(&m);
	c->hclobber = load_list(a, RACE_CLOBBER_PHASE, 0, NULL);
	c->tload = rd->cfg.sigs & RACE_SIG_THREAD ? load_list(a, 1, 2, NULL) : 0;
	if (fpabi_race_arch.prefill) {
		c->prefill = take(a, rd->isz, 64);
		memcpy(at(rd, c->prefill), rd->plan.exp.init, rd->plan.lo.size);
		c->prefill_len = rd->isz;
	}
	c->slot_size = RS_HDR + rd->isz;
	c->ring = take(a, RACE_RING * c->slot_size, 64);
}

/* The loop's PRNG streams and the signals' timing, from the seed. */
static void make_timing(struct race_round *rd)
{
	struct race_ctl *c = rd->ctl;
	uint64_t x = rd->cfg.seed ^ 0x72616365ull;

	c->seed = mix64_next(&x) | 1;
	c->inj_seed = mix64_next(&x) | 1;
	c->proof = 1;
	/* SIGALRM every 0.5 to 2.5 ms; the thread's SIGUSR1 after a sleep
	 * of 0.2 to 4 ms (under TCG a signal costs some 100 us) */
	c->timer_ns = rd->cfg.sigs & RACE_SIG_TIMER ?
		      500000 + mix64_next(&x) % 2000000 : 0;
	c->thr_min_ns = 200000;
	c->thr_range_ns = 3800000;
	c->thr_cpu = rd->cpu2;
}

int race_round_prepare(struct race_round *rd)
{
	struct arena a = { rd, HDR_SIZE };
	struct fpabi_shm_hdr *h;
	uint8_t *injectable;

	make_slots(rd);
	model_begin(rd, &rd->plan, 0);
	rd->isz = ALIGN_UP(MAX(fpabi_arch.dump_size(&rd->plan),
			       fpabi_arch.load_size(&rd->plan)), 64);
	rd->size = ALIGN_UP(HDR_SIZE + RC_SIZE + RACE_MAX_KINDS * RK_SIZE +
			    65536 + (size_t)(16 + RACE_MAX_KINDS * 12 * 4 +
			    2 * RACE_RING) * (rd->isz + 256), 4096);
	if (map_shm(rd) < 0) {
		run_broken(&rd->plan, "the race's shared memory: %s",
			   strerror(errno));
		return -1;
	}
	rd->plan.shm = rd->shm;
	rd->plan.shm_size = rd->size;
	h = (struct fpabi_shm_hdr *)rd->shm;
	h->magic = FPABI_SHM_MAGIC;
	h->version = FPABI_SHM_VERSION;
	h->size = rd->size;
	if (fpabi_arch.shm_setup)
		fpabi_arch.shm_setup(&rd->plan, h);
	h->ev_off = take(&a, RC_SIZE, 64);
	rd->ctl = at(rd, h->ev_off);
	rd->ctl->magic = RACE_MAGIC;
	make_lists(&a);
	injectable = xmalloc(rd->isz / 8);
	memset(injectable, 1, rd->isz / 8);
	make_descs(&a, injectable);
	make_inject(&a, injectable);
	free(injectable);
	make_weights(&a);
	make_timing(rd);
	rd->kinds_off = rd->ctl->kinds;
	rd->ring_off = rd->ctl->ring;
	if (rd->cfg.comp)
		make_competitor(&a);
	vlog("race: %s, %u kinds, %zu of %zu bytes of shared memory, dumps of "
	     "%zu bytes", rd->cfg.v.name, rd->nslots, a.off, rd->size, rd->isz);
	return 0;
}

void race_round_free(struct race_round *rd)
{
	race_model_end(&rd->plan);
	if (rd->shm)
		munmap(rd->shm, rd->size);
	if (rd->memfd >= 0)
		close(rd->memfd);
	rd->shm = NULL;
	rd->memfd = -1;
}

/*
 * A dump the loop's comparison refused, checked by the model (the arch's
 * check_dump, as every observation of fpabi's).  A handler entry the
 * syscall may have preceded or followed is checked against both, and
 * the closer one kept.
 */
void race_classify(const struct race_round *rd, const struct race_slot *s,
		   const uint8_t *dump, struct fpabi_run *m)
{
	unsigned slot = s->kind < rd->nslots ? s->kind : 0;
	const char *kname = race_kinds[rd->slot_kind[slot]].name;
	char obs[96];

	snprintf(obs, sizeof(obs), "race iteration %llu: %s %s (phase %u)",
		 (unsigned long long)s->iter, race_point_name(s->point), kname,
		 (unsigned)(s->phase + 1));
	race_model(rd, m, slot, s->phase % RACE_PHASES, s->point);
	fpabi_arch.check_dump(m, dump, obs);
	if (s->point == RACE_HPRE && race_kinds[rd->slot_kind[slot]].sc &&
	    m->nfind) {
		struct fpabi_run *alt = xmalloc(sizeof(*alt));

		snprintf(obs, sizeof(obs), "race iteration %llu: %s %s "
			 "(phase %u)", (unsigned long long)s->iter,
			 race_point_name(RACE_HPOST), kname,
			 (unsigned)(s->phase + 1));
		race_model(rd, alt, slot, s->phase % RACE_PHASES, RACE_HPOST);
		fpabi_arch.check_dump(alt, dump, obs);
		if (alt->nfind < m->nfind) {
			race_model_end(m);
			*m = *alt;
		} else {
			race_model_end(alt);
		}
		free(alt);
	}
}
