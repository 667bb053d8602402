// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The recorder's hooks: what a run loaded, saw and wrote, kept for
 * `fpabi repro` (src/repro/cmd.c) while record_begin() armed them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/record.h"
#include "fpabi/run.h"
#include "fpabi/util.h"

static struct fpabi_rec *cur;

void record_begin(struct fpabi_rec *rec, struct fpabi_run *r)
{
	memset(rec, 0, sizeof(*rec));
	rec->r = r;
	rec->src_io = -1;
	rec->refused_step = -1;
	cur = rec;
}

void record_end(void)
{
	cur = NULL;
}

void record_free(struct fpabi_rec *rec)
{
	unsigned i;

	for (i = 0; i < rec->nio; i++)
		free(rec->io[i].buf);
	free(rec->io);
	free(rec->w);
	free(rec->shm);
	memset(rec, 0, sizeof(*rec));
}

static bool armed(const struct fpabi_run *r)
{
	return cur && cur->r == r;
}

void record_shm(struct fpabi_run *r)
{
	if (!armed(r))
		return;
	free(cur->shm);
	cur->shm = xmalloc(r->shm_size);
	memcpy(cur->shm, r->shm, r->shm_size);
	cur->shm_size = r->shm_size;
	cur->img_size = fpabi_arch.load_size(r);
	cur->dump_size = fpabi_arch.dump_size(r);
}

void record_slots(struct fpabi_run *r)
{
	const struct fpabi_shm_hdr *live = (const struct fpabi_shm_hdr *)r->shm;
	struct fpabi_shm_hdr *h;
	unsigned k;

	if (!armed(r) || !cur->shm)
		return;
	h = (struct fpabi_shm_hdr *)cur->shm;
	for (k = 0; k < FPABI_MAX_SIGNALS; k++) {
		h->sig[k].nmut = live->sig[k].nmut;
		memcpy(h->sig[k].mut, live->sig[k].mut, sizeof(h->sig[k].mut));
	}
}

void record_refused(struct fpabi_run *r)
{
	if (armed(r) && cur->refused_step < 0)
		cur->refused_step = r->step;
}

void record_observe(struct fpabi_run *r, enum rec_src src, uint64_t off,
		    unsigned sig)
{
	if (!armed(r))
		return;
	cur->src = src;
	cur->src_io = -1;
	cur->src_off = off;
	cur->src_sig = sig;
	cur->src_part = 0;
}

void record_part(struct fpabi_run *r, unsigned part)
{
	if (armed(r))
		cur->src_part = part;
}

void record_regset(struct fpabi_run *r, bool set, unsigned note,
		   const void *buf, size_t len, size_t got, int err)
{
	struct rec_io *io;
	size_t n = set ? len : MIN(got, len);	/* (never past buf) */

	if (!armed(r))
		return;
	if (cur->nio == cur->capio) {
		cur->capio = cur->capio ? 2 * cur->capio : 16;
		cur->io = realloc(cur->io, cur->capio * sizeof(*cur->io));
		if (!cur->io)
			die("out of memory");
	}
	io = &cur->io[cur->nio];
	memset(io, 0, sizeof(*io));
	io->step = r->step;
	io->set = set;
	io->note = note;
	io->len = len;
	io->got = got;
	io->err = err;
	io->buf = xmalloc(n ? n : 1);
	memcpy(io->buf, buf, n);
	if (!set) {
		cur->src = SRC_REGSET;
		cur->src_io = (int)cur->nio;
	}
	cur->nio++;
}

void record_errno(struct fpabi_run *r, int want, const char *observer,
		  const char *what)
{
	struct rec_io *io;

	if (!armed(r) || !cur->nio || strncmp(what, "PTRACE_", 7) ||
	    !strstr(what, "REGSET"))
		return;
	io = &cur->io[cur->nio - 1];
	/* (a call the injection dropped made no record: the last one is
	 * another step's, or of the other kind) */
	if (io->step != r->step || io->checked ||
	    io->set != (strstr(what, "SETREGSET") != NULL))
		return;
	io->checked = true;
	io->want = want;
	snprintf(io->what, sizeof(io->what), "%s: %s", observer, what);
}

/* An EXP_ONE_OF word (check.c: one_of()): its candidates, each oneof[]
 * image's word; true if the word got is zero, init or one of them. */
static bool one_of_word(const struct fpabi_run *r, struct rec_word *w,
			unsigned at)
{
	static const uint8_t zero[8];
	bool ok = !memcmp(w->got, zero, w->len) ||
		  !memcmp(w->got, w->init, w->len);
	unsigned k;

	for (k = 0; k < r->noneof && k < FPABI_MAX_ONEOF; k++) {
		memcpy(w->alt[k], r->oneof[k] + at, w->len);
		ok |= !memcmp(w->got, w->alt[k], w->len);
	}
	w->nalt = (uint8_t)k;
	return ok;
}

void record_field(struct fpabi_run *r, unsigned fi, const uint8_t *got,
		  const char *observer)
{
	const struct fpabi_field *f = &r->lo.f[fi];
	unsigned off;

	if (!armed(r))
		return;
	for (off = 0; off < f->size; off += 8) {
		unsigned len = MIN(8u, f->size - off);
		struct rec_word *w;

		if (cur->nw == cur->capw) {
			cur->capw = cur->capw ? 2 * cur->capw : 256;
			cur->w = realloc(cur->w, cur->capw * sizeof(*cur->w));
			if (!cur->w)
				die("out of memory");
		}
		w = &cur->w[cur->nw++];
		memset(w, 0, sizeof(*w));
		w->src = cur->src;
		w->io = cur->src_io;
		w->off = cur->src_off;
		w->sig = cur->src_sig;
		w->part = cur->src_part;
		w->step = r->step;
		snprintf(w->observer, sizeof(w->observer), "%s", observer);
		w->field = fi;
		w->f = *f;
		w->img_off = f->off + off;
		w->len = (uint8_t)len;
		memcpy(w->exp, r->exp.img + f->off + off, len);
		memcpy(w->got, got + f->off + off, len);
		memcpy(w->init, r->exp.init + f->off + off, len);
		w->kind = r->exp.kind[fi];
		w->phase = r->exp.phase[fi];
		w->task = r->exp.task[fi];
		w->rule = r->exp.rule[fi] ? r->exp.rule[fi] : rule_get(r->c->rule);
		/* (a ONE_OF word differs when it is none of its values; a
		 * reproducer checks EXP_VALUE words and, in the straight-line
		 * form, ONE_OF ones, never KEPT_OR_ZERO ones) */
		w->bad = memcmp(w->exp, w->got, len) != 0;
		if (w->kind == EXP_ONE_OF)
			w->bad = !one_of_word(r, w, f->off + off);
	}
}
