// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro on arm64, the straight-line form's signal side: sig_body(),
 * the C the handler runs between its entry and exit events, and the
 * case's frame edits as fpabi's handler makes them
 * (src/tracee/arm64/sigedit.c): the registers of the edit image into
 * fpsimd_context and the sve_context payload, then the one field a
 * forged frame breaks, or the records of a signal-edit matrix cell.  The
 * file finds each record by its magic in __reserved and on in
 * extra_context's space (sigcontext.h), as fpabi's handler walks them;
 * ZA's rows and ZT0 into za_context and zt_context (E_SME_REGS, a
 * signal-edit cell's za and zt records) from the image offsets fpabi
 * gives its handler; the forgeries of extra_context (its datap, size,
 * terminator, a second one), of a second za_context and of a streaming
 * vl, and the cut to sve_context's header; a random mutation as the
 * bytes the handler's mutations changed (its log: src/tracee/mutlog.c).
 * Before any edit, a case whose checked words are in the frame
 * copies its registers into image-shaped copies, as fpabi's tracer reads
 * them (copy_frame()), and the words are read there.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "a64.h"

/* the C of an edit after the registers (fp, sve: the records) */
static const struct repro_edit forged[] = {
	{ E_F_UNKNOWN_MAGIC, "fpsimd_context's magic unknown",
	  "\t\twr32(fp, 0x5a5a5a01);\t/* no record has it */\n" },
	{ E_F_DUP_FPSIMD, "sve_context's magic FPSIMD_MAGIC: two",
	  "\t\twr32(sve, FPSIMD_MAGIC);\n" },
	{ E_F_NO_FPSIMD, "fpsimd_context's magic ESR_MAGIC: none",
	  "\t\twr32(fp, ESR_MAGIC);\t/* ignored */\n" },
	{ E_F_MISALIGNED, "fpsimd_context's size + 8: the next record misaligned",
	  "\t\tSIZE(fp) += 8;\n" },
	{ E_F_OVERRUN, "fpsimd_context's size past its space",
	  "\t\tSIZE(fp) = 4096 + 16;\n" },
	{ E_F_TERM_SIZE, "the terminator's size 16",
	  "\t\tSIZE(record(uc, 0)) = 16;\n" },
	{ E_F_SVE_VL, "sve_context's vl not the task's",
	  "\t\tmemcpy(sve + 8, &(uint16_t){ (sve[8] | sve[9] << 8) == 16 ? 32 : 16 }, 2);\n" },
	{ E_F_SVE_FLAGS, "sve_context's flags beyond SVE_SIG_FLAG_SM, __reserved set (ignored)",
	  "\t\tmemcpy(sve + 10, &(uint16_t){ 0xfffe }, 2);\n\t\twr32(sve + 12, 0xffffffff);\n" },
	/* (extra_context's: the variants put sve_context in its space) */
	{ E_F_EXTRA_DATAP, "extra_context's datap 16 bytes on",
	  "\t\tmemcpy(&v, extra(uc) + 8, 8);\t/* datap */\n"
	  "\t\tv += 16;\n\t\tmemcpy(extra(uc) + 8, &v, 8);\n" },
	{ E_F_EXTRA_SIZE, "extra_context's size not a multiple of 16",
	  "\t\twr32(extra(uc) + 16, rd32(extra(uc) + 16) + 8);\t/* its size */\n" },
	{ E_F_EXTRA_HUGE, "extra_context's size past SIGFRAME_MAXSZ",
	  "\t\twr32(extra(uc) + 16, 256 * 1024 + 16);\n" },
	{ E_F_EXTRA_NO_TERM, "no terminator right after extra_context",
	  "\t\tSIZE(extra(uc) + SIZE(extra(uc))) = 16;\n" },
	{ E_F_EXTRA_SECOND, "sve_context's magic EXTRA_MAGIC: two extra_contexts",
	  "\t\twr32(sve, EXTRA_MAGIC);\n" },
	{ E_F_DUP_ZA, "tpidr2_context's magic ZA_MAGIC: two za_contexts",
	  "\t\tif (!record(uc, 0x54504902) || !record(uc, ZA_MAGIC))\t/* TPIDR2_MAGIC */\n\t\t\t_exit(3);\n"
	  "\t\twr32(record(uc, 0x54504902), ZA_MAGIC);\n" },
	{ E_F_SM_BADVL, "sve_context's SVE_SIG_FLAG_SM with vl 8, no SVL's",
	  "\t\tsve[10] |= 1;\t/* SVE_SIG_FLAG_SM */\n"
	  "\t\tmemcpy(sve + 8, &(uint16_t){ 8 }, 2);\n" },
};

/* the records of E_REC(mask) the file writes (TPIDR2, FPMR: 8 bytes at
 * 8 from the image's control words) */
#define REC_OK	(1u << REC_FPSIMD | 1u << REC_SVE | 1u << REC_TPIDR2 | 1u << REC_FPMR | \
		 1u << REC_ZA | 1u << REC_ZT)

static const struct repro_edit *forgery(unsigned edit)
{
	return repro_edit_find(forged, ARRAY_SIZE(forged), edit);
}

/* the edit image's VL (as the handler reads it: 16 where it is 0) */
static unsigned edit_vl(const struct fpabi_rec *rec, uint64_t img)
{
	uint64_t vl = 0;

	if (img && img + FPABI_A64_CTRL_VL + 8 <= rec->shm_size)
		memcpy(&vl, rec->shm + img + FPABI_A64_CTRL_VL, 8);
	return vl ? (unsigned)vl : 16;
}

int repro_arch_refuse(const struct fpabi_rec *rec, char *why, size_t n)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	unsigned k, vl = 0;

	for (k = 0; k < h->nsig; k++) {
		unsigned e = h->sig[k].edit;
		char code[1024];
		bool ok = e == E_REGS || e == E_SVE_ONLY || e == E_FPSIMD_ONLY ||
			  e == E_SME_REGS || e == E_SVE_HEADER_ONLY || forgery(e) ||
			  (E_IS_REC(e) && !(E_REC_MASK(e) & ~REC_OK)) ||
			  (e == E_F_RANDOM && !repro_mut_code(&h->sig[k], code, sizeof(code)));

		unsigned evl = edit_vl(rec, h->sig[k].edit_img);

		if (!e)
			continue;
		if (e == E_SVE_HEADER_ONLY)	/* (no image: any VL) */
			continue;
		/* (one VL for all edits) */
		if (ok && (!vl || vl == evl)) {
			vl = evl;
			continue;
		}
		snprintf(why, n, "a signal frame edit (%s) is not replayed "
			 "standalone yet", a64_edit_name(e));
		return -1;
	}
	return 0;
}

/* an edit's C: the registers it writes, then what it breaks (a random
 * edit: the bytes the handler's mutations changed, as it logged them) */
static void emit_edit(const struct fpabi_sig_slot *s, FILE *out)
{
	unsigned mask, rec, e = s->edit;
	const struct repro_edit *f = forgery(e);
	bool second = false;
	char code[1024];

	if (e == E_F_RANDOM && !repro_mut_code(s, code, sizeof(code))) {
		fprintf(out, "\t\tedit_fpsimd(fp, img);\n\t\tif (sve)\n\t\t\tedit_sve(sve, img);\n"
			"\t\t/* random mutations (seed %#llx): the bytes fpabi's handler changed */\n%s",
			(unsigned long long)s->edit_seed, code);
		return;
	}

	if (e == E_REGS || e == E_FPSIMD_ONLY || f)
		fprintf(out, "\t\tedit_fpsimd(fp, img);\n");
	if (e == E_REGS || e == E_SVE_ONLY || f)
		fprintf(out, "\t\tedit_sve(sve, img);\n");
	if (f)
		fputs(f->code, out);
	if (e == E_SVE_HEADER_ONLY)
		fprintf(out, "\t\tcut_sve(sve);\n");
	if (e == E_SME_REGS)
		fprintf(out, "\t\tedit_ctl(record(uc, 0x54504902), img + %u);\n"
			"\t\tedit_ctl(record(uc, 0x46504d52), img + %u);\n"
			"\t\tedit_za(record(uc, ZA_MAGIC), img);\n"
			"\t\tedit_zt(record(uc, 0x5a544e01), img);\n",
			FPABI_A64_CTRL_TPIDR2, FPABI_A64_CTRL_FPMR);
	if (!E_IS_REC(e))
		return;
	/* the records in order: the first from the edit image, the second
	 * from the next phase's */
	for (mask = E_REC_MASK(e), rec = 0; rec < A64_NREC; rec++) {
		const char *src = second ? "shm + s->img2" : "img";

		if (!(mask >> rec & 1))
			continue;
		if (rec == REC_FPSIMD)
			fprintf(out, "\t\tedit_fpsimd(fp, %s);\n", src);
		else if (rec == REC_SVE)
			fprintf(out, "\t\tedit_sve(sve, %s);\n", src);
		else if (rec == REC_ZA || rec == REC_ZT)
			fprintf(out, "\t\tedit_%s(record(uc, %s), %s);\n",
				rec == REC_ZA ? "za" : "zt", rec == REC_ZA ?
				"ZA_MAGIC" : "0x5a544e01", src);
		else
			fprintf(out, "\t\tedit_ctl(record(uc, %s), %s + %u);\n",
				rec == REC_TPIDR2 ? "0x54504902" : "0x46504d52", src,
				rec == REC_TPIDR2 ? FPABI_A64_CTRL_TPIDR2 : FPABI_A64_CTRL_FPMR);
		second = true;
	}
}

/* the frame's records (asm/sigcontext.h) */
static const char record_c[] =
"#define SIZE(r) (((struct _aarch64_ctx *)(r))->size)\t/* a record's size */\n\n"
"/* the record of magic in the frame (0: the terminator): __reserved, then on\n"
" * at extra_context's datap */\n"
"static uint8_t *record(ucontext_t *uc, uint32_t magic)\n{\n"
"\tstruct _aarch64_ctx *c = (void *)uc->uc_mcontext.__reserved;\n\n"
"\tfor (int n = 0; n < 64 && c->magic != magic && c->magic && c->size >= 8; n++)\n"
"\t\tc = c->magic == EXTRA_MAGIC ? (void *)((struct extra_context *)c)->datap :\n"
"\t\t    (void *)((uint8_t *)c + c->size);\n"
"\treturn c->magic == magic ? (uint8_t *)c : NULL;\n}\n\n";

/* the helpers, each written where the edits call it */
static const struct {
	const char *call, *code;
} helpers[] = {
	{ "rd32(", "static uint32_t rd32(const uint8_t *p)\n{\n\tuint32_t v;\n\n"
	  "\tmemcpy(&v, p, 4);\n\treturn v;\n}\n\n" },
	{ "wr32(", "static void wr32(uint8_t *p, uint32_t v)\n{\n\tmemcpy(p, &v, 4);\n}\n\n" },
	{ "extra(uc)",
	  "/* extra_context (the case's variants have one) */\n"
	  "static uint8_t *extra(ucontext_t *uc)\n{\n"
	  "\tuint8_t *x = record(uc, EXTRA_MAGIC);\n\n"
	  "\tif (!x)\n\t\t_exit(3);\n\treturn x;\n}\n\n" },
	{ "cut_sve(",
	  "/* sve_context cut to its 16-byte header, the records after it in its space moved\n"
	  " * up to it, through the terminator (fpabi's handler: src/tracee/arm64/sigedit.c) */\n"
	  "static void cut_sve(uint8_t *sve)\n{\n"
	  "\tuint8_t *p, *from;\n\n"
	  "\tif (!sve)\n\t\t_exit(3);\n"
	  "\tp = sve + SIZE(sve);\n\tfrom = p;\n"
	  "\twhile (rd32(p) && SIZE(p) >= 8) {\n"
	  "\t\tif (rd32(p) == EXTRA_MAGIC)\t/* its datap would break */\n"
	  "\t\t\t_exit(3);\n\t\tp += SIZE(p);\n\t}\n"
	  "\tmemmove(sve + 16, from, (size_t)(p + 16 - from));\n\tSIZE(sve) = 16;\n}\n\n" },
	{ "edit_fpsimd(",
	  "/* V, FPSR and FPCR into fpsimd_context, from an image (fpabi's layout) */\n"
	  "static void edit_fpsimd(uint8_t *fp, const uint8_t *img)\n{\n"
	  "\tfor (unsigned int n = 0; n < 32; n++)\n"
	  "\t\tmemcpy(fp + 16 + 16 * n, img + Z0 + n * VL, 16);\n"
	  "\tmemcpy(fp + 8, img + CTRL_FPSR, 4);\n\tmemcpy(fp + 12, img + CTRL_FPCR, 4);\n}\n\n" },
	{ "edit_sve(",
	  "/* Z, P and FFR into sve_context's payload, where it has one of VL */\n"
	  "static void edit_sve(uint8_t *sve, const uint8_t *img)\n{\n"
	  "\tuint16_t vl = 0;\n\n\tif (sve)\n\t\tmemcpy(&vl, sve + 8, 2);\n"
	  "\tif (sve && SIZE(sve) >= SVE_SIG_CONTEXT_SIZE(VL / 16) && vl == VL)\n"
	  "\t\tmemcpy(sve + 16, img + Z0, SVE_SIG_REGS_SIZE(VL / 16));\n}\n\n" },
	/* E_REC's TPIDR2 and FPMR records: 8 bytes at 8 */
	{ "edit_ctl(",
	  "static void edit_ctl(uint8_t *r, const uint8_t *src)\n{\n"
	  "\tif (r && SIZE(r) >= 16)\n\t\tmemcpy(r + 8, src, 8);\n}\n\n" },
	{ "edit_za(",
	  "/* ZA's rows into za_context, where it has them (ZA on: SVL rows of SVL bytes) */\n"
	  "static void edit_za(uint8_t *za, const uint8_t *src)\n{\n"
	  "\tuint16_t svl = 0;\n\n\tif (za)\n\t\tmemcpy(&svl, za + 8, 2);\n"
	  "\tif (za && SIZE(za) > 16 && SIZE(za) >= 16u + svl * svl)\n"
	  "\t\tmemcpy(za + 16, src + ZA_OFF, (size_t)svl * svl);\n}\n\n" },
	{ "edit_zt(",
	  "/* ZT0 into zt_context: 64 bytes at 16 */\n"
	  "static void edit_zt(uint8_t *zt, const uint8_t *src)\n{\n"
	  "\tif (zt && SIZE(zt) >= 80)\n\t\tmemcpy(zt + 16, src + ZT_OFF, 64);\n}\n\n" },
};

/* the frame edits, a case each (written to memory first: the helpers and
 * variables are those the cases use); one (inl): the helpers only, the
 * returned text the declarations, "@@\n", then the edit's statements one
 * tab in, the slot's images as numbers, for sig_body() (free it) */
static char *emit_edits(const struct fpabi_rec *rec, bool inl, FILE *out)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	bool done[256] = { false };
	char *buf = NULL, *ret = NULL;
	size_t len = 0;
	unsigned k, j;
	bool need[ARRAY_SIZE(helpers)];
	FILE *f = open_memstream(&buf, &len);
	const char *decl;

	if (!f)
		die("open_memstream: out of memory");
	for (k = 0; k < h->nsig; k++) {
		unsigned e = h->sig[k].edit;
		const struct repro_edit *fe = forgery(e);

		if (!e || done[e & 0xff])
			continue;
		done[e & 0xff] = true;
		if (inl)
			fprintf(f, "\t\t/* %s */\n", fe ? fe->what : a64_edit_name(e));
		else
			fprintf(f, "\tcase %u:\t/* %s */\n", e, fe ? fe->what : a64_edit_name(e));
		emit_edit(&h->sig[k], f);
		if (!inl)
			fprintf(f, "\t\tbreak;\n");
	}
	if (fclose(f))
		die("open_memstream: out of memory");
	/* (a helper the edits call, or one of those calls: cut_sve() rd32()) */
	for (k = 0; k < ARRAY_SIZE(helpers); k++)
		need[k] = strstr(buf, helpers[k].call) != NULL;
	for (k = 0; k < ARRAY_SIZE(helpers); k++)
		for (j = 0; j < ARRAY_SIZE(helpers); j++)
			need[k] |= need[j] && j != k && strstr(helpers[j].code, helpers[k].call);
	for (k = 0; k < ARRAY_SIZE(helpers); k++)
		if (need[k])
			fputs(helpers[k].code, out);
	decl = "\tuint8_t *fp = record(uc, FPSIMD_MAGIC);\n";
	f = inl ? open_memstream(&ret, &len) : out;
	if (!f)
		die("open_memstream: out of memory");
	if (!inl)
		fprintf(f, "/* the case's frame edits (fpabi's handler makes the same: "
			"src/tracee/arm64/sigedit.c) */\n"
			"static void edit_frame(const struct slot *s, ucontext_t *uc)\n{\n");
	fprintf(f, "%s%s%s", decl,
		strstr(buf, "(sve") || strstr(buf, "sve +") || strstr(buf, "sve[") ?
		"\tuint8_t *sve = record(uc, SVE_MAGIC);\n" : "",
		strstr(buf, "&v,") ? "\tuint64_t v;\n" : "");
	if (strstr(buf, "img)") || strstr(buf, "img +") || strstr(buf, "img,"))
		fprintf(f, inl ? "\tconst uint8_t *img = shm + %#llx;\n" :
			"\tconst uint8_t *img = shm + s->img;\n",
			(unsigned long long)h->sig[0].edit_img);
	if (!inl) {
		fprintf(f, "\n\tif (!fp)\n\t\t_exit(3);\n\tswitch (s->edit) {\n%s\t}\n}\n\n", buf);
		free(buf);
		return NULL;
	}
	fprintf(f, "@@\n\tif (!fp)\n\t\t_exit(3);\n");
	for (const char *l = buf, *q; *l; l = strchr(l, '\n') + 1) {
		q = strstr(l, "shm + s->img2");
		if (q && q < strchr(l, '\n'))
			fprintf(f, "%.*s%#llx%.*s", (int)(q + 6 - (l + 1)), l + 1,
				(unsigned long long)h->sig[0].edit_img2,
				(int)(strchr(l, '\n') + 1 - (q + 13)), q + 13);
		else
			fprintf(f, "%.*s", (int)(strchr(l, '\n') + 1 - (l + 1)), l + 1);
	}
	if (fclose(f))
		die("open_memstream: out of memory");
	free(buf);
	return ret;
}

uint32_t a64_frame_part(const struct fpabi_rec *rec)
{
	return (uint32_t)((rec->img_size + 63) & ~(size_t)63);
}

/* the frame's registers, image-shaped as fpabi reads them (sigframe.c:
 * check_regs(), check_sme_records()): the payload's at PART, and a
 * header-only sve_context as zeros (no register live) */
static const char copy_head_c[] =
"/* the frame's registers, image-shaped as fpabi reads them (src/arch/arm64/sigframe.c):\n"
" * V, FPSR, FPCR from fpsimd_context%s at %s%s%s%s */\n"
"static void copy_frame(%sucontext_t *uc)\n{\n";
/* (where the file ends after the copy: it is the handler, C alone) */
static const char copy_head_exit_c[] =
"/* the %s handler: the frame's registers, image-shaped as fpabi reads them\n"
" * (src/arch/arm64/sigframe.c): V, FPSR, FPCR from fpsimd_context%s at %s%s%s%s;\n"
" * then exit 0, the file's last observation made */\n"
"static void sig_entry(int sig, siginfo_t *si, void *ctx)\n{\n\tucontext_t *uc = ctx;\n";
static const char copy_fpsimd_c[] =
"\tuint8_t *img = shm + %s, *r = record(uc, FPSIMD_MAGIC);\n"
"\tint whole = r && SIZE(r) >= sizeof(struct fpsimd_context);\n\n"
"\tfor (unsigned int n = 0; whole && n < 32; n++)\n"
"\t\tmemcpy(img + Z0 + n * VL, r + 16 + 16 * n, 16);\n"
"\tif (whole) {\n\t\tmemcpy(img + CTRL_FPSR, r + 8, 4);\n"
"\t\tmemcpy(img + CTRL_FPCR, r + 12, 4);\n\t}\n";
static const char copy_sve_c[] =
"\tr = record(uc, SVE_MAGIC);\n"
"\tif (r && SIZE(r) >= SVE_SIG_CONTEXT_SIZE(VL / 16))\n"
"\t\tmemcpy(img + PART + Z0, r + 16, SVE_SIG_REGS_SIZE(VL / 16));\n"
"\telse if (r)\t/* a header only: nothing is live */\n"
"\t\tmemset(img + PART + Z0, 0, SVE_SIG_REGS_SIZE(VL / 16));\n";
static const char copy_recs_c[] =
"\tr = record(uc, 0x54504902);\t/* TPIDR2_MAGIC */\n"
"\tif (r && SIZE(r) >= 16)\n\t\tmemcpy(img + CTRL_TPIDR2, r + 8, 8);\n"
"\tr = record(uc, 0x46504d52);\t/* FPMR_MAGIC */\n"
"\tif (r && SIZE(r) >= 16)\n\t\tmemcpy(img + CTRL_FPMR, r + 8, 8);\n"
"\tr = record(uc, ZA_MAGIC);\t/* ZA on: SVL rows of SVL bytes */\n"
"\tif (r && SIZE(r) >= ZA_SIG_CONTEXT_SIZE(SVL / 16))\n\t\tmemcpy(img + ZA_OFF, r + 16, SVL * SVL);\n"
"\tr = record(uc, 0x5a544e01);\t/* ZT_MAGIC */\n"
"\tif (r && SIZE(r) >= 80)\n\t\tmemcpy(img + ZT_OFF, r + 16, 64);\n";

/* an edit writes ZA or ZT0 (edit_za(), edit_zt()) */
static bool edits_za(const struct fpabi_shm_hdr *h)
{
	unsigned k, e;

	for (k = 0; k < h->nsig; k++) {
		e = h->sig[k].edit;
		if (e == E_SME_REGS ||
		    (E_IS_REC(e) && (E_REC_MASK(e) & (1u << REC_ZA | 1u << REC_ZT))))
			return true;
	}
	return false;
}

/* one VL for the edits and the frame copy: the edit images' (as the
 * handler reads them), else the run's image VL */
static unsigned sig_vl(const struct fpabi_rec *rec)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	unsigned k;

	for (k = 0; k < h->nsig; k++)
		if (h->sig[k].edit)
			return edit_vl(rec, h->sig[k].edit_img);
	return img_vl(rec->r);
}

bool a64_frame_copy_ok(const struct fpabi_rec *rec)
{
	return sig_vl(rec) == img_vl(rec->r);
}

bool a64_line_sig_body(const struct fpabi_rec *rec, unsigned uses, FILE *out)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	unsigned k;
	bool edit = false, frame = uses & REPRO_LINE_FRAME, one = h->nsig == 1, whole;
	bool part = uses & REPRO_LINE_FRAME_PART, recs = uses & REPRO_LINE_FRAME_RECS;
	char *e = NULL, *stmts = NULL, at[24];

	for (k = 0; k < h->nsig; k++)
		edit |= h->sig[k].edit != 0;
	if (!edit && !frame) {
		repro_emit_sig_steps(h, "udf", "svc", "uc->uc_mcontext.pc += 4", out);
		return false;
	}
	/* (one signal: its offsets as numbers in copy_frame() and sig_body(),
	 * its edit in line, no slot table) */
	if (!one) {
		fprintf(out, "/* each signal's %s, its kind */\n"
			"static const struct slot { uint64_t frame; unsigned int edit; "
			"uint64_t img, img2; int signo; } slots[] = {\n", frame && edit ?
			"frame copy, edit and images" : frame ? "frame copy" : "edit, its images");
		for (k = 0; k < h->nsig; k++)
			fprintf(out, "\t{ %#llx, %u, %#llx, %#llx, %s },\n",
				(unsigned long long)h->sig[k].frame_off, h->sig[k].edit,
				(unsigned long long)h->sig[k].edit_img,
				(unsigned long long)h->sig[k].edit_img2,
				h->sig[k].want_signo == SIGSYS ? "SIGSYS" : "SIGILL");
		fprintf(out, "};\nunsigned int nsig;\t/* signals handled */\n\n");
	}
	fprintf(out, "#define VL %u\t/* the images' vector length */\n#define Z0 %u\t/* Z0 in an image */\n"
		"#define CTRL_FPSR %u\n#define CTRL_FPCR %u\n", sig_vl(rec),
		FPABI_A64_Z_OFF(16, 0), FPABI_A64_CTRL_FPSR, FPABI_A64_CTRL_FPCR);
	if (recs)
		fprintf(out, "#define CTRL_TPIDR2 %u\n#define CTRL_FPMR %u\n"
			"#define SVL %u\t/* the streaming VL */\n",
			FPABI_A64_CTRL_TPIDR2, FPABI_A64_CTRL_FPMR, AV(&rec->r->v)->svl);
	if (part)
		fprintf(out, "#define PART %#x\t/* the payload's copy, after the first */\n",
			a64_frame_part(rec));
	/* (ZA and ZT0 in an image: the edits' and the copy's) */
	if (recs || edits_za(h))
		fprintf(out, "#define ZA_OFF %llu\t/* ZA in an image */\n"
			"#define ZT_OFF %llu\t/* ZT0 in an image */\n",
			(unsigned long long)h->arch_aux[0], (unsigned long long)h->arch_aux[1]);
	fprintf(out, "\n%s", record_c);
	/* (where the copy goes: the one signal's offset, or its slot's) */
	if (one)
		snprintf(at, sizeof(at), "%#llx", (unsigned long long)h->sig[0].frame_off);
	else
		snprintf(at, sizeof(at), "%s", "s->frame");
	/* (the file ends after the copy: the handler is C alone, the copy
	 * and exit(0)) */
	whole = frame && one && (uses & REPRO_LINE_FRAME_EXIT);
	if (whole)
		fprintf(out, copy_head_exit_c, h->sig[0].want_signo == SIGSYS ? "SIGSYS" : "SIGILL",
			recs ? ", TPIDR2, FPMR, ZA, ZT0 from theirs" : "", at,
			part ? ";\n * sve_context's payload (Z, P, FFR) at " : "", part ? at : "",
			part ? " + PART" : "");
	else if (frame)
		fprintf(out, copy_head_c, recs ? ", TPIDR2, FPMR, ZA, ZT0 from theirs" : "", at,
			part ? ";\n * sve_context's payload (Z, P, FFR) at " : "", part ? at : "",
			part ? " + PART" : "", one ? "" : "const struct slot *s, ");
	if (frame) {
		fprintf(out, copy_fpsimd_c, at);
		fprintf(out, "%s%s%s}\n\n", part ? copy_sve_c : "", recs ? copy_recs_c : "",
			whole ? "\t_exit(0);\n" : "");
	}
	if (whole)
		return true;
	if (edit) {
		e = emit_edits(rec, one, out);
		if (e) {
			stmts = strstr(e, "@@\n");
			*stmts = 0;
			stmts += 3;
		}
	}
	fprintf(out, "/* the handler's C: %s, then %s%s */\n"
		"void sig_body(ucontext_t *uc)\n{\n%s%s%s%s",
		frame && edit ? "the frame's copy, the edit" : frame ? "the frame's copy" : "the edit",
		!one ? "step over the udf (a SIGSYS's svc is done)" : h->sig[0].want_signo == SIGILL ?
		"step over the udf" : "return (the SIGSYS's svc is done)",
		e ? ";\n * fpabi's handler makes the same edit: src/tracee/arm64/sigedit.c" : "",
		one ? "" : "\tconst struct slot *s = &slots[nsig++];\n", e ? e : "",
		!one || e ? "\n" : "",
		frame ? (one ? "\tcopy_frame(uc);\n" : "\tcopy_frame(s, uc);\n") : "");
	if (edit)
		fputs(one ? stmts : "\tif (s->edit)\n\t\tedit_frame(s, uc);\n", out);
	if (one)
		fprintf(out, "%s}\n\n", h->sig[0].want_signo == SIGILL ?
			"\tuc->uc_mcontext.pc += 4;\t/* past the udf */\n" : "");
	else
		fprintf(out, "\tif (s->signo == SIGILL)\n\t\tuc->uc_mcontext.pc += 4;\n}\n\n");
	free(e);
	return false;
}
