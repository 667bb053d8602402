// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The CPU's calibration (fpabi/calib.h): round trips of the run's own
 * fills through the CPU with no kernel event between load and store, and
 * from them, bit by bit, what the CPU keeps.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fpabi/calib.h"
#include "fpabi/run.h"
#include "fpabi/tap.h"	/* fpabi_interrupted */
#include "fpabi/util.h"

/* images per form: the run's fills (seeds x phases x tasks), then their
 * bitwise complements and random words in the plain-canary fields */
#define SEEDS	4
#define PHASES	4
#define TASKS	2
#define FILLS	(SEEDS * PHASES * TASKS)
#define NPAT	(FILLS + 16)
#define REPS	2		/* each trip twice: a bit that moves varies */
#define MAX_FORMS 8
#define MAX_VARIANTS 64

/* --inject-fault cpu:QUIRK: the simulated CPU rewrites FIP to a canonical
 * address of `bits` bits */
static const struct sim {
	const char *quirk, *group, *field;
	unsigned bits;
} sims[] = {
	{ "x87-fip-canonical-57", "x87", "fip", 57 },
	{ "x87-fip-canonical-48", "x87", "fip", 48 },
	{ NULL, NULL, NULL, 0 },
};

const char *const calib_simulations[] = {
	"x87-fip-canonical-57", "x87-fip-canonical-48", NULL,
};

static const struct sim *sim_on;
static bool calib_off;
static char calib_drop[24];
static char inject_spec[64];

int calib_parse_inject(const char *spec)
{
	const struct sim *s;

	snprintf(inject_spec, sizeof(inject_spec), "%s", spec);
	if (!strncmp(spec, "cpu:", 4)) {
		for (s = sims; s->quirk; s++)
			if (!strcmp(spec + 4, s->quirk)) {
				sim_on = s;
				return 0;
			}
		return -1;
	}
	if (strncmp(spec, "calib:", 6) || !spec[6] ||
	    strlen(spec + 6) >= sizeof(calib_drop))
		return -1;
	if (!strcmp(spec + 6, "off"))
		calib_off = true;
	else
		snprintf(calib_drop, sizeof(calib_drop), "%s", spec + 6);
	return 0;
}

static bool field_is(const struct fpabi_field *f, const char *group,
		     const char *name)
{
	return !strcmp(f->name, name) &&
	       !strcmp(fpabi_arch.group_name(f->group), group);
}

/* canonical: bits `bits`..63 copies of bit bits-1 */
static uint64_t canonical(uint64_t w, unsigned bits)
{
	unsigned sh = 64 - bits;

	return (uint64_t)((int64_t)(w << sh) >> sh);
}

void calib_simulate_store(const struct fpabi_machine *m,
			  const struct fpabi_layout *lo, uint8_t *img)
{
	unsigned i;
	uint64_t w;

	(void)m;
	if (!sim_on)
		return;
	for (i = 0; i < lo->nfields; i++) {
		const struct fpabi_field *f = &lo->f[i];

		if (f->size != 8 || !field_is(f, sim_on->group, sim_on->field))
			continue;
		memcpy(&w, img + f->off, 8);
		w = canonical(w, sim_on->bits);
		memcpy(img + f->off, &w, 8);
	}
}

/* ---- the round trips ---- */

struct trips {
	unsigned nforms, npat;
	size_t isz;
	uint8_t *in;		/* npat images */
	uint8_t *out;		/* [pattern][form][rep] images (shared) */
	int8_t *status;		/* [form]: 0 ran, 1 faulted (shared) */
};

static uint8_t *out_at(const struct trips *t, unsigned p, unsigned k,
		       unsigned rep)
{
	return t->out + ((size_t)(p * t->nforms + k) * REPS + rep) * t->isz;
}

/* pattern p of the run's fills, or a variation of one */
static void make_pattern(struct fpabi_run *r, uint64_t seed, unsigned p,
			 uint8_t *img)
{
	unsigned i, s = p % FILLS;
	uint64_t x = mix64(seed ^ (0x63616c6962ull + p));

	r->cseed = canary_seed16(seed + s / (PHASES * TASKS));
	fpabi_arch.make_load(r, img, 1 + s % PHASES, (s / PHASES) % TASKS);
	if (p < FILLS)
		return;
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];
		unsigned b;

		if (f->fill != FILL_WORDS)
			continue;
		for (b = 0; b < f->size; b++)
			img[f->off + b] = p < FILLS + 8 ?
				(uint8_t)~img[f->off + b] :
				(uint8_t)(mix64_next(&x) >> 56);
	}
}

/* In a child: every pattern through every form, REPS times. */
static void run_trips(struct fpabi_run *r, struct trips *t)
{
	struct rlimit none = { 0, 0 };
	unsigned p, k, rep;
	uint8_t *buf;

	setrlimit(RLIMIT_CORE, &none);	/* a fault is an answer */
	signal(SIGSEGV, SIG_DFL);
	signal(SIGILL, SIG_DFL);
	if (posix_memalign((void **)&buf, 64, t->isz))
		_exit(3);
	for (k = 0; k < t->nforms; k++) {
		for (p = 0; p < t->npat; p++)
			for (rep = 0; rep < REPS; rep++) {
				/* two poisons: bytes the store did not write
				 * show as 0x00 once and 0xff the other time
				 * (QEMU TCG's FXSAVE64/XSAVE64 never write
				 * FOP, bytes 6-7) */
				memset(out_at(t, p, k, rep), rep ? 0xff : 0,
				       t->isz);
				memcpy(buf, t->in + p * t->isz, t->isz);
				fpabi_arch.calib_trip(r, k, buf,
						      out_at(t, p, k, rep));
				calib_simulate_store(r->m, &r->lo,
						     out_at(t, p, k, rep));
			}
		t->status[k] = 0;
	}
	_exit(0);
}

/* ---- what each bit does ---- */

/* Per bit of a field: the patterns' evidence so far. */
struct bitev {
	uint64_t cand;		/* bits j of the same word with out == in[j] */
	bool z, o;		/* always stored 0, always 1 */
};

static uint64_t word_of(const uint8_t *b, unsigned size, unsigned w)
{
	uint64_t v = 0;

	memcpy(&v, b + w * 8, MIN(8u, size - w * 8));
	return v;
}

/* Did the store leave f unwritten (the two poisons of run_trips())? */
static bool unstored(const struct fpabi_field *f, const uint8_t *o0,
		     const uint8_t *o1)
{
	unsigned b;

	for (b = 0; b < f->size; b++)
		if (o0[f->off + b] != 0 || o1[f->off + b] != 0xff)
			return false;
	return true;
}

static void observe(struct bitev *ev, const struct fpabi_field *f,
		    const uint8_t *in, const uint8_t *out)
{
	unsigned w, i, words = (f->size + 7) / 8;

	for (w = 0; w < words; w++) {
		uint64_t iw = word_of(in + f->off, f->size, w);
		uint64_t ow = word_of(out + f->off, f->size, w);
		unsigned nb = MIN(64u, (f->size - w * 8) * 8);

		for (i = 0; i < nb; i++) {
			struct bitev *e = &ev[w * 64 + i];
			bool ob = ow >> i & 1;

			e->cand &= ob ? iw : ~iw;
			e->z &= !ob;
			e->o &= ob;
		}
	}
}

/* The op of bit i (of word w): kept, forced, a copy, or varies. */
static int16_t bit_op(const struct bitev *e, unsigned i)
{
	int j;

	if (e->cand >> i & 1)
		return CB_KEPT;
	if (e->z)
		return CB_ZERO;
	if (e->o)
		return CB_ONE;
	for (j = (int)i - 1; j >= 0; j--)	/* the nearest bit below */
		if (e->cand >> j & 1)
			return (int16_t)j;
	for (j = 63; j > (int)i; j--)
		if (e->cand >> j & 1)
			return (int16_t)j;
	return CB_VARIES;
}

/* "57-63" ranges of the bits whose op satisfies pred, into buf */
static void ranges(const struct calib_field *c, bool (*pred)(int16_t),
		   char *buf, size_t n)
{
	unsigned i, lo, bits = c->size * 8;
	size_t len = 0;

	buf[0] = 0;
	for (i = 0; i < bits; i++) {
		if (!pred(c->bit[i]))
			continue;
		for (lo = i; i + 1 < bits && pred(c->bit[i + 1]); i++)
			;
		len += snprintf(buf + len, len < n ? n - len : 0, "%s%u%s",
				len ? "," : "", lo, "");
		if (i > lo)
			len += snprintf(buf + len, len < n ? n - len : 0,
					"-%u", i);
	}
}

static bool is_kept(int16_t b) { return b == CB_KEPT; }
static bool is_zero(int16_t b) { return b == CB_ZERO; }
static bool is_one(int16_t b) { return b == CB_ONE; }
static bool is_copy(int16_t b) { return b >= 0; }
static bool is_varies(int16_t b) { return b == CB_VARIES; }

/* "x87-fip", "za-row0", "fpcr": the group, then the field (without the
 * group's name again; only the field where the group is a list of
 * registers that names it, "fpsr/fpcr"), lower case letters, digits, "_"
 * and "-" only */
static void quirk_stem(const struct calib_field *c, char *out, size_t n)
{
	const char *g = fpabi_arch.group_name(c->group), *f = c->name;
	size_t len = strlen(g), flen = strlen(f), i, o = 0;
	const char *t;
	char buf[96];

	for (t = g; (t = strstr(t, f)); t++)
		if ((t == g || t[-1] == '/') && (!t[flen] || t[flen] == '/'))
			break;
	if (t)
		snprintf(buf, sizeof(buf), "%s", f);
	else if (!strncmp(f, g, len) && f[len])
		snprintf(buf, sizeof(buf), "%s-%s", g, f + len);
	else
		snprintf(buf, sizeof(buf), "%s-%s", g, f);
	for (i = 0; buf[i] && o + 1 < n; i++) {
		char ch = buf[i];

		if (ch == ' ')
			continue;
		out[o++] = (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') ||
			   ch == '_' ? ch : '-';
	}
	out[o < n ? o : n - 1] = 0;
}

/* Name the quirk and say what the CPU does. */
static void describe_field(struct calib_field *c)
{
	char g[32];
	unsigned i, bits = c->size * 8, lost = 0, first = bits;
	bool canon = c->size <= 8;
	char r[96];
	size_t len = 0;

	for (i = 0; i < bits; i++)
		if (c->bit[i] != CB_KEPT) {
			lost++;
			first = MIN(first, i);
		}
	for (i = first; i < bits && canon; i++)
		canon = c->bit[i] == (int16_t)(first - 1);
	c->none = lost == bits;
	quirk_stem(c, g, sizeof(g));
	if (c->none)
		snprintf(c->quirk, sizeof(c->quirk), "%s-not-kept", g);
	else if (canon && first && bits == 64)
		/* (the stem cut to fit: "-canonical-" and two digits) */
		snprintf(c->quirk, sizeof(c->quirk), "%.24s-canonical-%u", g,
			 first % 100);
	else
		snprintf(c->quirk, sizeof(c->quirk), "%s-rewritten", g);
	if (canon && first && !c->none && bits == 64) {
		snprintf(c->how, sizeof(c->how), "bits %u-63 are copies of "
			 "bit %u (a canonical %u-bit address)", first,
			 first - 1, first);
		return;
	}
	if (c->unwritten && c->none) {
		snprintf(c->how, sizeof(c->how), "never written by the "
			 "stores (its bytes keep what the buffer held)");
		return;
	}
	ranges(c, is_zero, r, sizeof(r));
	if (r[0])
		len += snprintf(c->how + len, sizeof(c->how) - len,
				"bits %s stored as 0; ", r);
	ranges(c, is_one, r, sizeof(r));
	if (r[0] && len < sizeof(c->how))
		len += snprintf(c->how + len, sizeof(c->how) - len,
				"bits %s stored as 1; ", r);
	ranges(c, is_copy, r, sizeof(r));
	if (r[0] && len < sizeof(c->how))
		len += snprintf(c->how + len, sizeof(c->how) - len,
				"bits %s copies of other bits; ", r);
	ranges(c, is_varies, r, sizeof(r));
	if (r[0] && len < sizeof(c->how))
		len += snprintf(c->how + len, sizeof(c->how) - len,
				"bits %s unpredictable; ", r);
	if (len > 2 && len < sizeof(c->how))
		c->how[len - 2] = 0;
}

static struct calib_field *find(struct fpabi_calib *cal, unsigned group,
				const char *name, unsigned size)
{
	unsigned i;

	for (i = 0; i < cal->n; i++)
		if (cal->f[i].group == group && cal->f[i].size == size &&
		    !strcmp(cal->f[i].name, name))
			return &cal->f[i];
	return NULL;
}

/* Record field f's ops; merge with an earlier variant's (a bit is kept
 * only if every variant kept it). */
static void note_field(struct fpabi_calib *cal, const struct fpabi_field *f,
		       const int16_t *ops, bool unwritten)
{
	struct calib_field *c = find(cal, f->group, f->name, f->size);
	unsigned i;

	if (!c) {
		if (cal->n == CALIB_MAX_FIELDS) {
			/* never silently: the rest are named as unmeasured */
			snprintf(cal->failed, sizeof(cal->failed), "more than "
				 "%d fields not kept whole: the rest judged as "
				 "if kept", CALIB_MAX_FIELDS);
			return;
		}
		c = &cal->f[cal->n++];
		snprintf(c->name, sizeof(c->name), "%s", f->name);
		c->group = f->group;
		c->size = f->size;
		c->kept = xzalloc(f->size);
		c->bit = xmalloc(f->size * 8 * sizeof(*c->bit));
		for (i = 0; i < f->size * 8; i++)
			c->bit[i] = CB_KEPT;
	}
	for (i = 0; i < f->size * 8; i++)
		if (c->bit[i] == CB_KEPT)
			c->bit[i] = ops[i];
	c->unwritten |= unwritten;
}

/*
 * The fields a load of the variant sets, as the model has it: a field the
 * variant's mode leaves out (ZA while PSTATE.ZA is clear, a component at
 * init) is no evidence of what the CPU keeps.  The model's own first
 * step, LOAD(1), with its expectation then released.
 */
static bool *loaded_fields(struct fpabi_run *r)
{
	bool *live = xzalloc(r->lo.nfields ? r->lo.nfields : 1);
	struct fpabi_layout lo = r->lo;
	unsigned i, k;

	expect_alloc(r);
	fpabi_arch.model_load(r, 1, 0);
	if (r->lo.nfields == lo.nfields && r->lo.f == lo.f)
		for (i = 0; i < lo.nfields; i++)
			live[i] = r->exp.kind[i] == EXP_VALUE &&
				  r->exp.phase[i] == 1;
	else		/* the load moved the layout: every field counts */
		memset(live, 1, lo.nfields);
	expect_free(&r->exp);
	for (k = 0; k < r->nlo; k++) {
		free(r->all_init[k]);
		if (r->all_lo[k].f != lo.f)
			layout_free(&r->all_lo[k]);
	}
	r->nlo = 0;
	r->lo = lo;
	return live;
}

static void derive(struct fpabi_calib *cal, struct fpabi_run *r,
		   const struct trips *t)
{
	bool *live = loaded_fields(r);
	unsigned i, p, k, rep, b, n = 0;

	cal->variants++;
	for (i = 0; i < r->lo.nfields; i++) {
		const struct fpabi_field *f = &r->lo.f[i];
		unsigned nbits = f->size * 8;
		struct bitev *ev;
		int16_t *ops;
		bool whole = true;
		unsigned seen = 0, unst = 0;

		if (f->fill == FILL_NONE || !live[i])
			continue;
		cal->fields = MAX(cal->fields, ++n);
		ev = xmalloc(sizeof(*ev) * ((f->size + 7) / 8) * 64);
		ops = xmalloc(sizeof(*ops) * nbits);
		for (b = 0; b < ((f->size + 7) / 8) * 64; b++)
			ev[b] = (struct bitev){ ~0ull, true, true };
		for (k = 0; k < t->nforms; k++)
			for (p = 0; p < t->npat && !t->status[k] &&
				    fpabi_arch.calib_stores(r, k, f); p++) {
				if (unstored(f, out_at(t, p, k, 0),
					     out_at(t, p, k, 1))) {
					unst++;
					continue;
				}
				seen++;
				for (rep = 0; rep < REPS; rep++)
					observe(ev, f, t->in + p * t->isz,
						out_at(t, p, k, rep));
			}
		for (b = 0; b < nbits; b++) {
			/* left unwritten by every store that ran (QEMU
			 * TCG's FOP): nothing of it is kept, not "no
			 * evidence, so kept" */
			ops[b] = unst && !seen ? CB_VARIES :
				 bit_op(&ev[b], b % 64);
			if (ops[b] >= 0)	/* a bit of the same word */
				ops[b] = (int16_t)(ops[b] + b / 64 * 64);
			if (calib_drop[0] && !strcmp(f->name, calib_drop) &&
			    b < 8)
				ops[b] = CB_ZERO;
			whole &= ops[b] == CB_KEPT;
		}
		if (!whole && !calib_off)
			note_field(cal, f, ops, unst && !seen);
		free(ev);
		free(ops);
	}
	free(live);
}

static void finish(struct fpabi_calib *cal)
{
	unsigned i, b;

	for (i = 0; i < cal->n; i++) {
		struct calib_field *c = &cal->f[i];

		for (b = 0; b < c->size * 8; b++)
			if (c->bit[b] == CB_KEPT)
				c->kept[b / 8] |= 1u << (b % 8);
		/* a copy of a bit that is itself not kept predicts nothing */
		for (b = 0; b < c->size * 8; b++)
			if (c->bit[b] >= 0 && c->bit[c->bit[b]] != CB_KEPT)
				c->bit[b] = CB_VARIES;
		describe_field(c);
		c->simulated = (sim_on && !strcmp(c->name, sim_on->field)) ||
			       (calib_drop[0] && !strcmp(c->name, calib_drop));
	}
}

/* One variant's layout through every form, in a child. */
static int calibrate_variant(struct fpabi_calib *cal, struct fpabi_run *r,
			     uint64_t seed)
{
	struct trips t = { .npat = NPAT };
	size_t shared;
	unsigned p, k;
	int status;
	pid_t pid, w;
	bool reaped;

	fpabi_arch.layout(r->m, &r->v, &r->lo);
	t.isz = (fpabi_arch.load_size(r) + 63) & ~(size_t)63;
	if (t.isz < r->lo.size)
		t.isz = (r->lo.size + 63) & ~(size_t)63;
	for (k = 0; k < MAX_FORMS && fpabi_arch.calib_trip(r, k, NULL, NULL);
	     k++)
		;
	t.nforms = k;
	shared = (size_t)t.npat * t.nforms * REPS * t.isz + MAX_FORMS;
	t.out = mmap(NULL, shared, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (t.out == MAP_FAILED) {
		layout_free(&r->lo);
		return -1;
	}
	t.status = (int8_t *)t.out + shared - MAX_FORMS;
	memset(t.status, 1, MAX_FORMS);	/* "did not finish", until it does */
	t.in = xzalloc((size_t)t.npat * t.isz);
	for (p = 0; p < t.npat; p++)
		make_pattern(r, seed, p, t.in + p * t.isz);
	pid = fpabi_fork();
	if (pid == 0)
		run_trips(r, &t);
	/* a signal that stops the command kills the round trips too (the
	 * handler kills fpabi_current_tracee; one that came before it was
	 * set is seen here) */
	reaped = false;
	if (pid > 0)
		fpabi_current_tracee = pid;
	while (pid > 0 && !reaped) {
		if (fpabi_interrupted)
			kill(pid, SIGKILL);	/* not reaped yet: still ours */
		w = waitpid(pid, &status, 0);
		reaped = w == pid || (w < 0 && errno != EINTR);
	}
	fpabi_current_tracee = 0;
	if (pid > 0 && fpabi_interrupted) {
		snprintf(cal->failed, sizeof(cal->failed), "interrupted by a "
			 "signal before it ended");
	} else if (pid > 0) {
		for (k = 0; k < t.nforms; k++)
			if (t.status[k])
				snprintf(cal->failed, sizeof(cal->failed),
					 "%s faulted in the round trip",
					 fpabi_arch.calib_trip(r, k, NULL, NULL));
		derive(cal, r, &t);
		cal->trips += t.npat * t.nforms * REPS;
	}
	free(t.in);
	munmap(t.out, shared);
	layout_free(&r->lo);
	return pid > 0 ? 0 : -1;
}

static void name_forms(struct fpabi_calib *cal, struct fpabi_run *r)
{
	const char *name;
	unsigned k;
	size_t len = 0;

	for (k = 0; (name = fpabi_arch.calib_trip(r, k, NULL, NULL)); k++)
		len += snprintf(cal->forms + len, len < sizeof(cal->forms) ?
				sizeof(cal->forms) - len : 0, "%s%s",
				k ? ", " : "", name);
}

/* what the round trips are, to the arch hooks that look at the case */
static const struct fpabi_step calib_steps[] = { LOAD(1), STORE, END };
static const struct fpabi_case calib_case = {
	.family = "calibration", .name = "round-trip",
	.summary = "a load and a store with no kernel event between",
	.steps = calib_steps,
};

void fpabi_calibrate(struct fpabi_machine *m, uint64_t seed)
{
	static struct fpabi_calib cal;
	struct fpabi_variant v[MAX_VARIANTS];
	struct fpabi_run *r;
	int n, i, sets[] = { VSET_ALL, VSET_EXTRA };
	unsigned s;

	memset(&cal, 0, sizeof(cal));
	m->calib = NULL;	/* the patterns are the uncalibrated fills */
	snprintf(cal.inject, sizeof(cal.inject), "%s", inject_spec);
	if (!fpabi_arch.calib_trip) {
		m->calib = &cal;
		return;
	}
	r = xzalloc(sizeof(*r));
	r->m = m;
	r->c = &calib_case;
	cal.done = true;
	cal.patterns = NPAT;
	for (s = 0; s < ARRAY_SIZE(sets); s++) {
		n = fpabi_arch.variants(m, sets[s], v, MAX_VARIANTS);
		for (i = 0; i < n && !fpabi_interrupted; i++) {
			if (v[i].skip)
				continue;
			r->v = r->v0 = v[i];
			if (!cal.forms[0])
				name_forms(&cal, r);
			if (calibrate_variant(&cal, r, seed) < 0)
				snprintf(cal.failed, sizeof(cal.failed),
					 "could not start the round trips");
		}
	}
	free(r);
	finish(&cal);
	m->calib = &cal;
}

/* ---- reports ---- */

void calib_print(const struct fpabi_machine *m, FILE *f, const char *pfx)
{
	const struct fpabi_calib *cal = m->calib;
	unsigned i;
	char kept[96];

	if (!cal || !cal->done) {
		fprintf(f, "%scalibration: none on %s (the model assumes the "
			"CPU keeps every bit)\n", pfx, fpabi_arch.name);
		return;
	}
	fprintf(f, "%scalibration: %u fields in %u variants, %u images each, "
		"%u round trips through %s, no kernel event between load and "
		"store: %s%s\n", pfx, cal->fields, cal->variants, cal->patterns,
		cal->trips, cal->forms, cal->n ? "some bits not kept" : "every bit kept",
		cal->inject[0] ? " (fault injected)" : "");
	if (cal->failed[0])
		fprintf(f, "%scalibration: %s\n", pfx, cal->failed);
	for (i = 0; i < cal->n; i++) {
		const struct calib_field *c = &cal->f[i];

		ranges(c, is_kept, kept, sizeof(kept));
		fprintf(f, "%squirk %s: present%s: %s: %s; %s%s\n", pfx,
			c->quirk, c->simulated ? " (simulated by "
			"--inject-fault)" : "", c->name, c->how,
			c->none ? "unchecked" : "checked: bits ",
			c->none ? "" : kept);
	}
}

void calib_json(const struct fpabi_machine *m, FILE *f)
{
	const struct fpabi_calib *cal = m->calib;
	unsigned i;
	char kept[96];

	fprintf(f, "\"calibration\": {\"done\": %s", cal && cal->done ?
		"true" : "false");
	if (cal && cal->done) {
		fprintf(f, ", \"forms\": \"%s\", \"fields\": %u, "
			"\"patterns\": %u, \"trips\": %u", cal->forms,
			cal->fields, cal->patterns, cal->trips);
		if (cal->inject[0])
			fprintf(f, ", \"injected\": \"%s\"", cal->inject);
	}
	fprintf(f, ", \"quirks\": [");
	for (i = 0; cal && i < cal->n; i++) {
		const struct calib_field *c = &cal->f[i];

		ranges(c, is_kept, kept, sizeof(kept));
		fprintf(f, "%s{\"name\": \"%s\", \"field\": \"%s\", "
			"\"how\": \"%s\", \"kept_bits\": \"%s\", "
			"\"checked\": %s, \"simulated\": %s}", i ? ", " : "",
			c->quirk, c->name, c->how, kept,
			c->none ? "false" : "true",
			c->simulated ? "true" : "false");
	}
	fprintf(f, "]}");
}
