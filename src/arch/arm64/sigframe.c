// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * arm64 signal frames as read (an observer): what the frame's records
 * must be (order, sizes, placement in __reserved or the extra_context
 * space) and what fpsimd_context, sve_context and the SME records must
 * hold; the names of the records and of the handler's edits.  What the
 * handler sees and rt_sigreturn restores is the model's (signal.c).
 * Documentation/arch/arm64/sve.rst section 4; arch/arm64/kernel/signal.c.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/limits.h"
#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "a64.h"

#define SVE_GROUPS	(GM(G_ZHI) | GM(G_P) | GM(G_FFR))
#define REG_GROUPS	(GM(G_ZLO) | SVE_GROUPS | GM(G_FPSR))
#define A64_HWCAP_GCS	(1ul << 32)	/* uapi asm/hwcap.h */
#define A64_HWCAP2_POE	(1ul << 63)
#define ILL_ILLOPC_CODE	1

static const char *const edit_names[E_NEDITS] = {
	[E_NONE] = "none",
	[E_REGS] = "V/FPSR/FPCR and the SVE payload to a new phase",
	[E_SVE_ONLY] = "only the sve_context payload to a new phase",
	[E_FPSIMD_ONLY] = "only fpsimd_context to a new phase",
	[E_SVE_HEADER_ONLY] = "sve_context cut to its 16-byte header",
	[E_SME_REGS] = "every SME record's registers to a new phase",
	[E_F_UNKNOWN_MAGIC] = "forged: fpsimd_context's magic unknown",
	[E_F_DUP_FPSIMD] = "forged: a second fpsimd_context",
	[E_F_NO_FPSIMD] = "forged: no fpsimd_context",
	[E_F_MISALIGNED] = "forged: a record off 16-byte alignment",
	[E_F_OVERRUN] = "forged: fpsimd_context's size past its space",
	[E_F_TERM_SIZE] = "forged: a terminator with a size",
	[E_F_SVE_VL] = "forged: sve_context's vl not the task's",
	[E_F_EXTRA_DATAP] = "forged: extra_context datap moved",
	[E_F_EXTRA_SIZE] = "forged: extra_context size unaligned",
	[E_F_EXTRA_HUGE] = "forged: extra_context size past SIGFRAME_MAXSZ",
	[E_F_EXTRA_NO_TERM] = "forged: no terminator after extra_context",
	[E_F_EXTRA_SECOND] = "forged: a second extra_context",
	[E_F_DUP_ZA] = "forged: a second za_context",
	[E_F_SM_BADVL] = "forged: SVE_SIG_FLAG_SM with a vl not the SVL",
	[E_F_SVE_FLAGS] = "forged: sve_context flags and __reserved set",
	[E_F_RANDOM] = "forged: random record mutations",
};

static const char *const rec_names[A64_NREC] = {
	[REC_FPSIMD] = "fpsimd_context", [REC_SVE] = "sve_context",
	[REC_ZA] = "za_context", [REC_ZT] = "zt_context",
	[REC_TPIDR2] = "tpidr2_context", [REC_FPMR] = "fpmr_context",
};

const char *a64_rec_name(unsigned rec)
{
	return rec < A64_NREC ? rec_names[rec] : "?";
}

const char *a64_edit_name(unsigned edit)
{
	static char names[1u << A64_NREC][96];

	if (E_IS_REC(edit)) {
		unsigned mask = E_REC_MASK(edit), rec, n = 0;
		char *p = names[mask];

		if (p[0])
			return p;
		for (rec = 0; rec < A64_NREC; rec++)
			if (mask >> rec & 1)
				n += (unsigned)snprintf(p + n, sizeof(names[0]) - n,
					"%s%s to phase +%u", n ? ", " : "",
					rec_names[rec], n ? 1 : 0);
		return p;
	}
	return edit < E_NEDITS ? edit_names[edit] : "?";
}

/* E_REC edits write a phase per record (two at most) */
unsigned a64_edit_phases(unsigned edit)
{
	return E_IS_REC(edit) ?
	       (unsigned)__builtin_popcount(E_REC_MASK(edit)) : 1;
}

/* -v: the records as walked */
static void log_records(const struct fpabi_run *r, const char *obs,
			const struct a64_walk *w)
{
	char buf[512];
	size_t len = 0;
	unsigned i;

	for (i = 0; i < w->n && len < sizeof(buf) - 64; i++)
		len += snprintf(buf + len, sizeof(buf) - len, " %s%s+%u:%u",
				w->rec[i].magic ? "" : "end@",
				w->rec[i].space ? "x" : "r", w->rec[i].off,
				w->rec[i].size);
	vlog("%s: %s:%s", r->id, obs, buf);
}

/* A finding that is not a byte comparison: the frame's structure. */
static void frame_defect(struct fpabi_run *r, const char *obs,
			 const char *what, const char *expected,
			 const char *got, const char *rule)
{
	struct fpabi_finding fd;

	memset(&fd, 0, sizeof(fd));
	snprintf(fd.observer, sizeof(fd.observer), "%s", obs);
	snprintf(fd.what, sizeof(fd.what), "%s", what);
	snprintf(fd.expected, sizeof(fd.expected), "%s", expected);
	snprintf(fd.got, sizeof(fd.got), "%s", got);
	fd.cls = CL_UNKNOWN;
	snprintf(fd.origin, sizeof(fd.origin), "the frame the kernel wrote");
	fd.rule = rule_get(rule);
	r->checks++;
	add_finding(r, &fd);
}

static const char *magic_name(uint32_t m)
{
	switch (m) {
	case 0: return "terminator";
	case A64_FPSIMD_MAGIC: return "fpsimd_context";
	case A64_ESR_MAGIC: return "esr_context";
	case A64_EXTRA_MAGIC: return "extra_context";
	case A64_SVE_MAGIC: return "sve_context";
	case A64_ZA_MAGIC: return "za_context";
	case A64_TPIDR2_MAGIC: return "tpidr2_context";
	case A64_ZT_MAGIC: return "zt_context";
	case A64_FPMR_MAGIC: return "fpmr_context";
	case A64_POE_MAGIC: return "poe_context";
	case A64_GCS_MAGIC: return "gcs_context";
	}
	return "unknown magic";
}

struct want {
	uint32_t magic, size;
	bool optional;		/* may be absent (gcs: only while in use) */
	uint8_t space;		/* computed: where the kernel puts it */
};

/*
 * A-SIG-1: the records setup_sigframe_layout() allocates for this task,
 * in order.  esr_context only when thread.fault_code is set, and a udf
 * SIGILL (do_el0_undef -> force_signal_inject(..., 0) -> arm64_notify_die)
 * sets it to 0: no esr_context.  ZA is off in every case here.
 */
static unsigned want_records(const struct fpabi_run *r, uint32_t sve_size,
			     struct want *w)
{
	const struct a64_machine *a = am(r);
	unsigned n = 0;

	w[n++] = (struct want){ A64_FPSIMD_MAGIC, A64_FPSIMD_SIZE, 0, 0 };
	if (a->hwcap & A64_HWCAP_GCS)
		w[n++] = (struct want){ A64_GCS_MAGIC, 32, 1, 0 };
	if (has_sve(r) || (r->m->have & NEED_SME))
		w[n++] = (struct want){ A64_SVE_MAGIC, sve_size, 0, 0 };
	if (r->m->have & NEED_SME) {
		unsigned svl = AV(&r->v)->svl, za = sme_run(r) &&
					      (a64_svcr(r) & SV_ZA);

		w[n++] = (struct want){ A64_TPIDR2_MAGIC, 16, 0, 0 };
		/* A-SIG-3: ZA off is a bare header; ZT only with ZA */
		w[n++] = (struct want){ A64_ZA_MAGIC, za ?
			A64_ROUND16(16 + svl * svl) : 16, 0, 0 };
		if (za && (r->m->have & NEED_SME2))
			w[n++] = (struct want){ A64_ZT_MAGIC, 80, 0, 0 };
	}
	if (r->m->have & NEED_FPMR)
		w[n++] = (struct want){ A64_FPMR_MAGIC, 16, 0, 0 };
	if (a->hwcap2 & A64_HWCAP2_POE)
		w[n++] = (struct want){ A64_POE_MAGIC, 16, 0, 0 };
	return n;
}

/*
 * A-SIG-5: __sigframe_alloc() keeps 48 bytes of __reserved for an
 * extra_context and the terminator; the first record that does not fit
 * goes, with every later one, into the extra space, which ends in its own
 * terminator.  Returns the expected extra space size (0: none) and where
 * in __reserved extra_context goes.
 */
static uint32_t place(struct want *w, unsigned n, uint32_t *extra_off)
{
	uint32_t used = 0, limit = A64_RESERVED_SIZE - A64_TERM_SIZE -
				   A64_EXTRA_SIZE, xused = 0;
	bool extra = false;
	unsigned i;

	for (i = 0; i < n; i++) {
		uint32_t ps = A64_ROUND16(w[i].size);

		if (!extra && ps > limit - used) {
			extra = true;
			*extra_off = used;
		}
		w[i].space = extra;
		if (extra)
			xused += ps;
		else
			used += ps;
	}
	return extra ? xused + A64_TERM_SIZE : 0;
}

/* Check the walked records against the wanted ones; skips optional ones. */
static void check_records(struct fpabi_run *r, const char *obs,
			  struct a64_walk *w, struct want *want, unsigned nw,
			  uint32_t xsize, uint32_t extra_off)
{
	char what[48], e[80], g[80];
	unsigned i, k = 0;

	for (i = 0; i < w->n; i++) {
		const struct a64_rec *rc = &w->rec[i];

		if (rc->magic == A64_EXTRA_MAGIC) {
			if (!xsize)
				frame_defect(r, obs, "extra_context",
					     "none: every record fits in __reserved",
					     "present", "A-SIG-5");
			else
				check_value(r, obs, "extra_context offset in "
					    "__reserved", extra_off, rc->off,
					    rule_get("A-SIG-5"));
			check_value(r, obs, "extra_context head.size",
				    A64_EXTRA_SIZE, rc->size, rule_get("A-SIG-5"));
			continue;
		}
		if (!rc->magic)
			continue;
		while (k < nw && want[k].optional && want[k].magic != rc->magic)
			k++;
		snprintf(what, sizeof(what), "record %u", i);
		if (k == nw || want[k].magic != rc->magic) {
			snprintf(e, sizeof(e), "%s", k == nw ? "terminator" :
				 magic_name(want[k].magic));
			snprintf(g, sizeof(g), "%s (magic %#x) at %s+%u",
				 magic_name(rc->magic), rc->magic,
				 rc->space ? "extra" : "__reserved", rc->off);
			frame_defect(r, obs, what, e, g, "A-SIG-1");
			return;
		}
		snprintf(what, sizeof(what), "%s head.size",
			 magic_name(rc->magic));
		check_value(r, obs, what, want[k].size, rc->size,
			    rule_get(rc->magic == A64_SVE_MAGIC ? "A-SIG-2" :
				     "A-SIG-1"));
		snprintf(what, sizeof(what), "%s in the extra space",
			 magic_name(rc->magic));
		check_value(r, obs, what, want[k].space, rc->space,
			    rule_get("A-SIG-5"));
		k++;
	}
	while (k < nw && want[k].optional)
		k++;
	if (k < nw)
		frame_defect(r, obs, "records", magic_name(want[k].magic),
			     "missing", "A-SIG-1");
	if (xsize && w->extra < 0)
		frame_defect(r, obs, "extra_context",
			     "present: a record does not fit in __reserved",
			     "missing", "A-SIG-5");
	if (w->extra >= 0) {
		check_value(r, obs, "extra_context size", xsize, w->xsize,
			    rule_get("A-SIG-5"));
		check_value(r, obs, "extra space terminator offset",
			    w->xsize - A64_TERM_SIZE, w->end[1],
			    rule_get("A-SIG-5"));
	}
}

/* Registers: fpsimd_context, then the sve_context payload (or none). */
static void check_regs(struct fpabi_run *r, const char *obs,
		       const struct a64_rec *fp, const struct a64_rec *sve,
		       bool payload)
{
	unsigned vl = img_vl(r), n;
	uint8_t *img = xmalloc(r->lo.size);

	/* fpsimd_context: V = Z[127:0], FPSR, FPCR */
	memcpy(img, r->exp.img, r->lo.size);
	for (n = 0; n < 32; n++)
		memcpy(img + FPABI_A64_Z_OFF(vl, n), fp->p + A64_FPSIMD_V(n), 16);
	memcpy(img + FPABI_A64_CTRL_FPSR, fp->p + A64_FPSIMD_FPSR, 4);
	memcpy(img + FPABI_A64_CTRL_FPCR, fp->p + A64_FPSIMD_FPCR, 4);
	check_image_groups(r, obs, img, GM(G_ZLO) | GM(G_FPSR));
	if (sve) {
		/* the payload's Z, P, FFR; without one, nothing is live
		 * (a reproducer reads these words from a copy of its own) */
		record_part(r, REC_PART_PAYLOAD);
		if (payload)
			memcpy(img + FPABI_A64_Z_OFF(vl, 0),
			       sve->p + A64_SVE_REGS_OFF,
			       A64_SVE_REGS_SIZE(vl / 16));
		else
			for (n = 0; n < r->lo.nfields; n++)
				if (SVE_GROUPS >> r->lo.f[n].group & 1)
					memset(img + r->lo.f[n].off, 0,
					       r->lo.f[n].size);
		check_image_groups(r, obs, img, payload ? SVE_GROUPS | GM(G_ZLO) :
				   SVE_GROUPS);
		record_part(r, 0);
	}
	free(img);
}

/*
 * A-SIG-3, A-SIG-4: tpidr2_context and fpmr_context hold the pre-signal
 * TPIDR2 and FPMR; za_context has vl = SVL and, with ZA on, the rows;
 * zt_context nregs 1 and ZT0 (signal.c: preserve_tpidr2_context(),
 * preserve_za_context(), preserve_zt_context(), preserve_fpmr_context()).
 */
static void check_sme_records(struct fpabi_run *r, const char *obs,
			      struct a64_walk *w)
{
	unsigned svl = AV(&r->v)->svl;
	size_t za = a64_za_off(r->m);
	uint8_t *img = xmalloc(r->lo.size);
	struct a64_rec *t = a64_find(w, A64_TPIDR2_MAGIC),
		       *z = a64_find(w, A64_ZA_MAGIC),
		       *zt = a64_find(w, A64_ZT_MAGIC),
		       *fm = a64_find(w, A64_FPMR_MAGIC);

	memcpy(img, r->exp.img, r->lo.size);
	if (t && t->size >= 16) {
		memcpy(img + FPABI_A64_CTRL_TPIDR2, t->p + 8, 8);
		check_image_groups(r, obs, img, GM(G_TPIDR2));
	}
	if (fm && fm->size >= 16) {
		memcpy(img + FPABI_A64_CTRL_FPMR, fm->p + 8, 8);
		check_image_groups(r, obs, img, GM(G_FPMR));
	}
	if (z) {
		check_value(r, obs, "za_context.vl (SVL)", svl,
			    a64_rd16(z->p + 8), rule_get("A-SIG-3"));
		if (z->size >= 16 + svl * svl) {
			memcpy(img + za, z->p + 16, (size_t)svl * svl);
			check_image_groups(r, obs, img, GM(G_ZA));
		}
	}
	if (zt && zt->size >= 80) {
		check_value(r, obs, "zt_context.nregs", 1, a64_rd16(zt->p + 8),
			    rule_get("A-SIG-3"));
		memcpy(img + a64_zt_off(r->m), zt->p + 16, 64);
		check_image_groups(r, obs, img, GM(G_ZT));
	}
	free(img);
}

/*
 * The copy (src/tracee/arm64/sig.c): the ucontext at 0; aux[0] the tracee
 * address of __reserved; the extra space at aux[1] in the copy (0: none
 * copied), aux[2] its tracee address, aux[3] its size.
 */
void a64_check_frame(struct fpabi_run *r, const struct fpabi_sig_slot *s,
		     const uint8_t *copy, const char *obs)
{
	const struct fpabi_shm_hdr *h = (const void *)r->shm;
	unsigned sig = (unsigned)(s - h->sig), fmt = a64_frame_fmt(r, sig);
	unsigned vq = img_vl(r) / 16, nw, k;
	uint8_t *res, *x = NULL;
	struct a64_walk w;
	struct a64_rec *fp, *sve;
	struct want want[12];
	uint32_t full = A64_ROUND16(A64_SVE_CONTEXT_SIZE(vq)), sve_size,
		 xsize, extra_off = 0;
	bool payload, need;
	char where[96];

	check_value(r, obs, "signal", s->want_signo, s->signo,
		    rule_get("A-SIG-1"));
	/* a udf is ILL_ILLOPC; seccomp's SIGSYS is SYS_SECCOMP (1) too */
	check_value(r, obs, s->want_signo == SIGILL ? "si_code (ILL_ILLOPC)" :
		    "si_code (SYS_SECCOMP)", ILL_ILLOPC_CODE, s->code,
		    rule_get("A-SIG-1"));
	/* the slot is the tracee's to write: the bound is the tracer's own
	 * (FPABI_FRAME_CAP, the copy's room), never the slot's frame_cap */
	if (s->frame_len < A64_UC_RESERVED_OFF + A64_RESERVED_SIZE ||
	    s->frame_len > FPABI_FRAME_CAP) {
		check_value(r, obs, "frame bytes the handler copied",
			    A64_UC_RESERVED_OFF + A64_RESERVED_SIZE,
			    s->frame_len, rule_get("A-SIG-1"));
		return;
	}
	/* work on a private copy: never trust a size the frame gives */
	res = xmalloc(s->frame_len);
	memcpy(res, copy, s->frame_len);
	if (s->aux[1] && s->aux[1] <= s->frame_len &&
	    s->aux[3] <= s->frame_len - s->aux[1])
		x = res + s->aux[1];
	if (a64_walk_frame(res + A64_UC_RESERVED_OFF, A64_RESERVED_SIZE,
			   s->aux[0], x, x ? s->aux[3] : 0, s->aux[2], &w) < 0) {
		snprintf(where, sizeof(where), "%s at %s+%u", w.err,
			 w.err_space ? "extra space" : "__reserved", w.err_off);
		frame_defect(r, obs, "frame records",
			     "well formed, as parse_user_sigframe() needs",
			     where, "A-SR-2");
		goto out;
	}
	log_records(r, obs, &w);
	fp = a64_find(&w, A64_FPSIMD_MAGIC);
	sve = a64_find(&w, A64_SVE_MAGIC);
	payload = sve && sve->size > A64_SVE_HDR_SIZE;
	if (fp && fp->size >= A64_FPSIMD_SIZE &&
	    (!payload || sve->size >= A64_SVE_CONTEXT_SIZE(vq)))
		check_regs(r, obs, fp, sve, payload);

	/* A-SIG-2: the payload is there when the state was SVE at delivery,
	 * and always in streaming mode */
	need = (a64_svcr(r) & SV_SM) ||
	       (has_sve(r) && (fmt == FMT_SVE ||
			       (fmt == FMT_EITHER && a64_expects_sve_bits(r))));
	if (has_sve(r) && (fmt == FMT_FPSIMD || need))
		check_value(r, obs, "sve_context has a register payload",
			    need, payload, rule_get("A-SIG-2"));
	a64_prove_payload(r, obs, &w, need, fmt);
	sve_size = payload ? full : A64_SVE_HDR_SIZE;
	nw = want_records(r, sve_size, want);
	/* an optional record the kernel did not write takes no room */
	for (k = 0; k < nw; k++)
		if (want[k].optional && !a64_find(&w, want[k].magic)) {
			memmove(&want[k], &want[k + 1],
				(nw - k - 1) * sizeof(want[0]));
			nw--;
			k--;
		}
	xsize = place(want, nw, &extra_off);
	check_records(r, obs, &w, want, nw, xsize, extra_off);
	if (sve) {
		/* preserve_sve_context(): the SVL in streaming mode, else the
		 * task's SVE VL, which is 0 on a CPU with SME but no SVE */
		check_value(r, obs, "sve_context.vl",
			    has_sve(r) || (a64_svcr(r) & SV_SM) ? img_vl(r) : 0,
			    a64_rd16(sve->p + A64_SVE_VL), rule_get("A-SIG-2"));
		check_value(r, obs, "sve_context.flags (SVE_SIG_FLAG_SM)",
			    a64_svcr(r) & SV_SM ? A64_SVE_FLAG_SM : 0,
			    a64_rd16(sve->p + A64_SVE_FLAGS), rule_get("A-SIG-2"));
		check_value(r, obs, "sve_context.__reserved", 0,
			    a64_rd32(sve->p + A64_SVE_RESERVED),
			    rule_get("A-SIG-2"));
	}
	if (sme_run(r))
		check_sme_records(r, obs, &w);
out:
	free(res);
}
