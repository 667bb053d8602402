// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro on x86_64, the signal side: the C of each frame edit fpabi's
 * handler makes (both forms); the straight-line form's sig_body() (the
 * frame's XSAVE area copied, the case's edit, the step over the ud2) or,
 * where the file ends in the handler, the handler in C alone; and the
 * handler's asm around the signal's event lists.
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "fpabi/util.h"
#include "x86.h"

/* the C of one frame edit (src/tracee/x86_64/sig.c makes the same) */
static const struct repro_edit edits[] = {
	{ E_CLEAR_AVX, "XSTATE_BV without AVX and AVX-512",
	  "\t\tbv &= ~(XFM_YMM | XFM_AVX512);\n" },
	{ E_F_MAGIC1, "fx_sw_reserved.magic1 = 0: an FXSAVE-only frame",
	  "\t\tmemcpy(fp + SW_MAGIC1, &(uint32_t){ 0 }, 4);\n" },
	{ E_F_MAGIC2, "magic2 after the XSAVE area flipped",
	  "\t\tfp[xsize] ^= 1;\n" },
	{ E_F_SIZE_SMALL, "xstate_size = 576 (legacy + header), magic2 left",
	  "\t\tmemcpy(fp + SW_XSTATE_SIZE, &(uint32_t){ XSAVE_EXT_OFF }, 4);\n" },
	{ E_F_SIZE_MOVED, "a smaller frame: x87, SSE and AVX only, magic2 moved",
	  "\t\tmemcpy(fp + SW_EXTENDED_SIZE, &(uint32_t){ AVX_END + 4 }, 4);\n"
	  "\t\txfeat &= XFM_FP_SSE_AVX;\n\t\tmemcpy(fp + SW_XSTATE_SIZE, &(uint32_t){ AVX_END }, 4);\n"
	  "\t\tbv &= XFM_FP_SSE_AVX;\n\t\tmemcpy(fp + xsize, &(uint32_t){ 0 }, 4);\n"
	  "\t\tmemcpy(fp + AVX_END, &(uint32_t){ FP_XSTATE_MAGIC2 }, 4);\n" },
	{ E_F_XFEAT_NOAVX, "fx_sw.xfeatures without AVX and AVX-512",
	  "\t\txfeat &= ~(XFM_YMM | XFM_AVX512);\n" },
	{ E_F_XFEAT_EXTRA, "fx_sw.xfeatures plus every bit outside XCR0",
	  "\t\txfeat |= outside;\n" },
	{ E_F_FP_NULL, "uc_mcontext.fpregs = NULL",
	  "\t\tuc->uc_mcontext.fpregs = NULL;\n" },
	{ E_F_XCOMP, "xcomp_bv = bit 63 | XSTATE_BV: the compacted form",
	  "\t\tmemcpy(fp + XCOMP_BV_OFF, &(uint64_t){ 1ull << 63 | bv }, 8);\n"
	  "\t\tfor (unsigned int i = 2, o = XSAVE_EXT_OFF; i <= 9 && bv >> 9 & 1; i++) {\n"
	  "\t\t\tif (!(bv >> i & 1) && i != 9)\n\t\t\t\tcontinue;\n"
	  "\t\t\t__cpuid_count(0xd, i, a, b, c, d);\t/* its size, its alignment */\n"
	  "\t\t\to = c & 2 ? (o + 63) & ~63u : o;\n"
	  "\t\t\tif (i == 9)\t/* key 0 accessible in PKRU's compacted slot */\n"
	  "\t\t\t\tfp[o] &= ~3;\n\t\t\to += a;\n\t\t}\n" },
	{ E_F_XCOMP_OUTSIDE, "xcomp_bv = bit 63 | XSTATE_BV | a bit outside XCR0",
	  "\t\tmemcpy(fp + XCOMP_BV_OFF, &(uint64_t){ 1ull << 63 | bv | (outside & -outside) }, 8);\n" },
	{ E_F_HDR_RSVD, "XSAVE header byte 16 (reserved) = 1",
	  "\t\tfp[XSTATE_BV_OFF + 16] = 1;\n" },
	{ E_F_BV_OUTSIDE, "XSTATE_BV plus the lowest bit outside XCR0",
	  "\t\tbv |= outside & -outside;\n" },
	{ E_F_MXCSR, "MXCSR plus the lowest bit outside MXCSR_MASK",
	  "\t\tmemcpy(&mask, fp + MXCSR_OFF + 4, 4);\n"
	  "\t\tmemcpy(&mxcsr, fp + MXCSR_OFF, 4);\n"
	  "\t\tmxcsr |= ~mask & -~mask;\n\t\tmemcpy(fp + MXCSR_OFF, &mxcsr, 4);\n" },
	{ E_F_FP_UNMAPPED, "fpregs = 4096: below mmap_min_addr",
	  "\t\tuc->uc_mcontext.fpregs = (void *)4096;\n" },
	{ E_F_FP_KERNEL, "fpregs = a kernel address",
	  "\t\tuc->uc_mcontext.fpregs = (void *)KERNEL_ADDR;\n" },
	{ E_F_FP_MISALIGNED, "fpregs + 8: FXRSTOR/XRSTOR alignment",
	  "\t\tuc->uc_mcontext.fpregs = (void *)(fp + 8);\n" },
};

/* the fx_sw_reserved changes of E_SW(k) (src/tracee/x86_64/sig.c:
 * sw_change()) */
static const char *const sw_edits[][2] = {
	[SW_MAGIC1_OTHER] = { "fx_sw.magic1 + 1",
		"\t\tmemcpy(fp + SW_MAGIC1, &(uint32_t){ FP_XSTATE_MAGIC1 + 1 }, 4);\n" },
	[SW_SIZE_512] = { "fx_sw.xstate_size = 512: below legacy + header",
		"\t\tmemcpy(fp + SW_XSTATE_SIZE, &(uint32_t){ 512 }, 4);\n" },
	[SW_SIZE_OVER] = { "fx_sw.xstate_size past the task's XSAVE size",
		"\t\tmemcpy(fp + SW_XSTATE_SIZE, &(uint32_t){ xsize + 64 }, 4);\n" },
	[SW_SIZE_OVER_EXT] = { "fx_sw.extended_size below xstate_size",
		"\t\tmemcpy(fp + SW_EXTENDED_SIZE, &(uint32_t){ xsize - 4 }, 4);\n" },
	[SW_EXT_OVER] = { "fx_sw.extended_size 64 more",
		"\t\tmemcpy(&v, fp + SW_EXTENDED_SIZE, 4);\n"
		"\t\tmemcpy(fp + SW_EXTENDED_SIZE, &(uint32_t){ v + 64 }, 4);\n" },
	[SW_PADDING] = { "fx_sw.padding[0] = 1",
		"\t\tmemcpy(fp + SW_PADDING, &(uint32_t){ 1 }, 4);\n" },
};

/*
 * One edit's C, as fpabi's handler makes it (src/tracee/x86_64/sig.c):
 * what it does and its statements; regs: every register from the edit
 * image comes first (E_REGS, the forged edits, E_SW); false: an edit the
 * file does not write.
 */
static bool edit_c(const struct fpabi_sig_slot *s, char *what, size_t wn, char *code,
		   size_t cn, bool *regs)
{
	unsigned edit = s->edit & 0xff, x;
	const struct repro_edit *e = repro_edit_find(edits, ARRAY_SIZE(edits), edit);

	*regs = edit != E_CLEAR_AVX && edit < E_SLOT_BASE;
	if (edit == E_F_RANDOM) {	/* (mutate(): the bytes it changed) */
		snprintf(what, wn, "random mutations (seed %#llx): the bytes fpabi's handler "
			 "changed", (unsigned long long)s->edit_seed);
		return repro_mut_code(s, code, cn) == 0;
	}
	if (e) {
		snprintf(what, wn, "%s", e->what);
		snprintf(code, cn, "%s", e->code);
		return true;
	}
	if (edit >= E_SW_BASE) {
		x = edit - E_SW_BASE;
		*regs = true;
		if (x < ARRAY_SIZE(sw_edits) && sw_edits[x][0]) {
			snprintf(what, wn, "%s", sw_edits[x][0]);
			snprintf(code, cn, "%s", sw_edits[x][1]);
			return true;
		}
		if (x < SW_XFEAT_CLEAR || x >= SW_N)
			return false;
		snprintf(what, wn, "fx_sw.xfeatures without bit %u", x - SW_XFEAT_CLEAR);
		snprintf(code, cn, "\t\txfeat &= ~(1ull << %u);\n", x - SW_XFEAT_CLEAR);
		return true;
	}
	if (edit >= E_BV_CLEAR_BASE) {
		x = edit - E_BV_CLEAR_BASE;
		snprintf(what, wn, "XSTATE_BV without bit %u (%s), nothing else", x,
			 xfeature_name(x));
		snprintf(code, cn, "\t\tbv &= ~(1ull << %u);\n", x);
		return true;
	}
	if (edit < E_SLOT_BASE)
		return false;
	x = edit - E_SLOT_BASE;
	snprintf(what, wn, "only the %s slot from the edit image", x == E_SLOT_MXCSR ?
		 "MXCSR" : xfeature_name(x));
	if (x == XF_FP)		/* FCW..FDP and ST0-7, not MXCSR and its mask */
		snprintf(code, cn, "\t\tmemcpy(fp, shm + s->img, MXCSR_OFF);\n"
			 "\t\tmemcpy(fp + 32, shm + s->img + 32, 128);\n");
	else if (x == XF_SSE)	/* XMM0-15 */
		snprintf(code, cn, "\t\tmemcpy(fp + 160, shm + s->img + 160, 256);\n");
	else if (x == E_SLOT_MXCSR)
		snprintf(code, cn, "\t\tmemcpy(fp + MXCSR_OFF, shm + s->img + MXCSR_OFF, 4);\n");
	else	/* its standard-format offset (b) and size (a) */
		snprintf(code, cn, "\t\t__cpuid_count(0xd, %u, a, b, c, d);\n"
			 "\t\tmemcpy(fp + b, shm + s->img + b, a);\n", x);
	return true;
}

bool x86_edit_known(const struct fpabi_sig_slot *s)
{
	char w[128], c[1024];
	bool regs;

	return edit_c(s, w, sizeof(w), c, sizeof(c), &regs);
}

/*
 * The case's frame edits, only those its signals make: every register
 * from the edit image first (where the edit wants it), then the one thing
 * changed; the sw bytes and XSTATE_BV written back at the end.
 */
void x86_emit_edit_frame(const struct fpabi_shm_hdr *h, bool inl, FILE *out)
{
	bool done[256] = { false }, regs, all_regs = true, any_regs = false;
	bool outside = false, mxcsr = false, bv = false, xfeat = false;
	bool cpuid = false, v = false;
	char what[128], code[1024], one_what[128] = "", one_code[1024] = "", cond[256] = "";
	unsigned k, kinds = 0, one = 0;
	size_t o = 0;

	for (k = 0; k < h->nsig; k++) {
		unsigned e = h->sig[k].edit & 0xff;

		if (!edit_c(&h->sig[k], what, sizeof(what), code, sizeof(code), &regs) ||
		    done[e])
			continue;
		done[e] = true;
		outside |= strstr(code, "outside") != NULL;
		mxcsr |= strstr(code, "mxcsr") != NULL;
		bv |= strstr(code, "bv") != NULL;
		xfeat |= strstr(code, "xfeat") != NULL;
		cpuid |= strstr(code, "__cpuid_count") != NULL;
		v |= strstr(code, "&v") != NULL;
		all_regs &= regs;
		if (regs && o < sizeof(cond) - 32)
			o += (size_t)snprintf(cond + o, sizeof(cond) - o, "%ss->edit == %u",
					      any_regs ? " || " : "", e);
		any_regs |= regs;
		kinds++;
		one = e;
		snprintf(one_what, sizeof(one_what), "%s", what);
		snprintf(one_code, sizeof(one_code), "%s", code);
	}
	/* (inl: a single signal's, in sig_body(): its declarations, "@@\n",
	 * then the statements, the edit's own one tab in) */
	fprintf(out, "%s%s%s%s%s%s%s%s", inl ? "" : "/* the case's frame edits (fpabi's handler "
		"makes the same: src/tracee/x86_64/sig.c) */\n"
		"static void edit_frame(const struct slot *s, ucontext_t *uc, uint8_t *fp,\n"
		"\t\t       uint32_t xsize)\n{\n",
		bv && xfeat ? "\tuint64_t bv, xfeat;\n" : bv ? "\tuint64_t bv;\n" :
		xfeat ? "\tuint64_t xfeat;\n" : "",
		outside ? "\tuint64_t outside;\n\tuint32_t lo, hi;\n" : "",
		mxcsr ? "\tuint32_t mask, mxcsr;\n" : "",
		cpuid ? "\tunsigned int a, b, c, d;\n" : "", v ? "\tuint32_t v;\n" : "",
		inl ? "@@\n" : bv || xfeat || outside || mxcsr || cpuid || v ? "\n" : "",
		outside ? "\t__asm__ volatile(\"xgetbv\" : \"=a\"(lo), \"=d\"(hi) : \"c\"(0));\n"
		"\toutside = ~((uint64_t)hi << 32 | lo) & ~(1ull << 63);\t/* not in XCR0 */\n" : "");
	/* every register from the edit image first (not E_CLEAR_AVX, E_SLOT
	 * and E_BV_CLEAR: the frame's own), then the edit */
	if (any_regs && !all_regs)
		fprintf(out, "\tif (%s) {\t/* every register from the edit image */\n"
			"\t\tmemcpy(fp, shm + s->img, 416);\n"
			"\t\tmemcpy(fp + XSAVE_EXT_OFF, shm + s->img + XSAVE_EXT_OFF, xsize - XSAVE_EXT_OFF);\n"
			"\t\tmemcpy(fp + XSTATE_BV_OFF, shm + s->img + XSTATE_BV_OFF, 8);\n\t}\n", cond);
	else if (all_regs)
		fprintf(out, "\tmemcpy(fp, shm + s->img, 416);\t/* every register from the edit image */\n"
			"\tmemcpy(fp + XSAVE_EXT_OFF, shm + s->img + XSAVE_EXT_OFF, xsize - XSAVE_EXT_OFF);\n"
			"\tmemcpy(fp + XSTATE_BV_OFF, shm + s->img + XSTATE_BV_OFF, 8);\n");
	fprintf(out, "%s%s", bv ? "\tmemcpy(&bv, fp + XSTATE_BV_OFF, 8);\n" : "",
		xfeat ? "\tmemcpy(&xfeat, fp + SW_XFEATURES, 8);\n" : "");
	if (kinds == 1 && inl) {	/* (its lines one tab in) */
		fprintf(out, "\t/* %s */\n", one_what);
		for (const char *l = one_code; *l; l = strchr(l, '\n') + 1)
			fprintf(out, "%.*s", (int)(strchr(l, '\n') + 1 - (l + 1)), l + 1);
	} else if (kinds == 1 && !strchr(strchr(one_code, '\n') + 1, '\n')) {
		/* one edit of one statement */
		fprintf(out, "\tif (s->edit == %u)\t/* %s */\n%s", one, one_what, one_code);
	} else if (kinds) {
		memset(done, 0, sizeof(done));
		fprintf(out, "\tswitch (s->edit) {\n");
		for (k = 0; k < h->nsig; k++) {
			unsigned e = h->sig[k].edit & 0xff;

			if (done[e] || !edit_c(&h->sig[k], what, sizeof(what), code, sizeof(code),
					       &regs))
				continue;
			done[e] = true;
			fprintf(out, "\tcase %u:\t/* %s */\n%s\t\tbreak;\n", e, what, code);
		}
		fprintf(out, "\t}\n");
	}
	fprintf(out, "%s%s%s", bv ? "\tmemcpy(fp + XSTATE_BV_OFF, &bv, 8);\n" : "",
		xfeat ? "\tmemcpy(fp + SW_XFEATURES, &xfeat, 8);\n" : "", inl ? "" : "}\n\n");
}

/* one SIGILL, its frame neither copied nor edited: the handler is its
 * events and the step over the ud2, no C */
static bool line_sig_simple(const struct fpabi_rec *rec, unsigned int uses)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);

	return h->nsig == 1 && !(uses & REPRO_LINE_FRAME) && !h->sig[0].edit &&
	       h->sig[0].want_signo != SIGSYS;
}

/* the handler: signal k's entry list, sig_body(), its exit list */
void x86_line_handler(const struct fpabi_rec *rec, unsigned int uses, FILE *out,
		      void (*list)(void *ctx, uint64_t off), void *ctx)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	unsigned int k, pass;

	if (uses & REPRO_LINE_FRAME_EXIT)
		return;	/* (one_signal() wrote it) */
	if (line_sig_simple(rec, uses)) {
		fprintf(out, "/* the SIGILL handler: its events, then the PC past the ud2 "
			"(uc_mcontext.gregs[REG_RIP]) */\n"
			"void sig_entry(int sig, siginfo_t *si, void *uc);\n"
			"__asm__(\".pushsection .text\\n.globl sig_entry\\nsig_entry:\\n\\t\"\n"
			"\t\"push %%rbx\\n\\tpush %%r13\\n\\tmov %%rdx, %%r13\\n\\tmov shm(%%rip), %%rbx\\n\\t\"\n");
		list(ctx, h->sig[0].entry_ev);
		fprintf(out, "\t\"addq $2, 0xa8(%%r13)\\n\\t\"\t/* past the ud2 */\n");
		list(ctx, h->sig[0].exit_ev);
		/* (the assertion after the asm: before the prototype, checkpatch
		 * --strict takes the prototype for an extern) */
		fprintf(out, "\t\"pop %%r13\\n\\tpop %%rbx\\n\\tret\\n.popsection\\n\");\n"
			"_Static_assert(__builtin_offsetof(ucontext_t, uc_mcontext.gregs[REG_RIP]) == 0xa8, "
			"\"REG_RIP\");\n\n");
		return;
	}
	fprintf(out, "/* the SIGILL/SIGSYS handler: the signal's entry events, "
		"sig_body(), its exit\n * events (a nested signal's own: nsig "
		"picks them) */\nvoid sig_entry(int sig, siginfo_t *si, void *uc);\n"
		"__asm__(\".pushsection .text\\n.globl sig_entry\\nsig_entry:\\n\\t\"\n"
		"\t\"push %%rbx\\n\\tpush %%r12\\n\\tpush %%r13\\n\\tmov %%rdx, %%r13\\n\\t\"\n"
		"\t\"mov shm(%%rip), %%rbx\\n\\t%s\"\n", h->nsig > 1 ? "mov nsig(%rip), %r12d\\n\\t" : "");
	for (pass = 0; pass < 2; pass++) {
		if (pass)
			fprintf(out, "\t\"%u:\\n\\tmov %%r13, %%rdi\\n\\tcall sig_body\\n\\t\"\n",
				1999);
		for (k = 0; k < h->nsig; k++) {
			uint64_t off = pass ? h->sig[k].exit_ev : h->sig[k].entry_ev;

			if (h->nsig > 1 && repro_line_list_empty(out, list, ctx, off))
				continue;	/* (nothing to pick) */
			if (h->nsig > 1)
				fprintf(out, "\t\"cmp $%u, %%r12d\\n\\tjne %uf\\n\\t\"\t/* signal %u */\n",
					k, 1000 * (pass + 1) + k, k + 1);
			list(ctx, off);
			if (h->nsig > 1)
				fprintf(out, "\t\"jmp %uf\\n%u:\\n\\t\"\n", 1999 + 1000 * pass,
					1000 * (pass + 1) + k);
		}
	}
	fprintf(out, "\t\"2999:\\n\\tpop %%r13\\n\\tpop %%r12\\n\\tpop %%rbx\\n\\tret\\n"
		".popsection\\n\");\n\n");
}

#define STR(x) XSTR(x)
#define XSTR(x) #x

/* the layout names the signal code uses, each defined if it does */
static const struct {
	const char *name, *def;
} line_defs[] = {
	{ "SW_MAGIC1", "464\t/* fx_sw_reserved in the fpstate */" },
	{ "SW_EXTENDED_SIZE", "468" }, { "SW_XFEATURES", "472" },
	{ "SW_XSTATE_SIZE", "480" }, { "SW_PADDING", "484" }, { "XSAVE_EXT_OFF", "576" },
	{ "XCOMP_BV_OFF", "520" }, { "MXCSR_OFF", "24" },
	{ "XSTATE_BV_OFF", "512" }, { "XFM_YMM", "0x4ull" },
	{ "XFM_AVX512", "0xe0ull" }, { "XFM_FP_SSE_AVX", "0x7ull" },
	{ "AVX_END", STR(X86_AVX_END) }, { "KERNEL_ADDR", STR(X86_KERNEL_ADDR) },
};

/* one signal whose frame is copied or edited: sig_body() with the slot's
 * offsets as numbers and its edit in line, no slot table */
static void one_signal(const struct fpabi_shm_hdr *h, unsigned int uses, FILE *f)
{
	const struct fpabi_sig_slot *s = &h->sig[0];
	char *e = NULL, *body = NULL, img[24];
	const char *p, *q;
	size_t n = 0;
	FILE *m;

	if (s->edit) {
		m = open_memstream(&e, &n);
		if (!m)
			die("open_memstream: out of memory");
		x86_emit_edit_frame(h, true, m);
		if (fclose(m))
			die("open_memstream: out of memory");
		body = strstr(e, "@@\n");
		*body = 0;
		body += 3;
	}
	fprintf(f, "/* the %s: the frame's XSAVE area copied to %#llx%s, %s */\n"
		"%s\tuint8_t *fp = (uint8_t *)uc->uc_mcontext.fpregs;\n"
		"\tuint32_t magic1, ext%s;\n%s\n"
		"\tmemcpy(&magic1, fp + SW_MAGIC1, 4);\n\tmemcpy(&ext, fp + SW_EXTENDED_SIZE, 4);\n%s"
		"\tmemcpy(shm + %#llx, fp, magic1 == FP_XSTATE_MAGIC1 ? ext : 512);\n",
		uses & REPRO_LINE_FRAME_EXIT ? (s->want_signo == SIGSYS ? "SIGSYS handler" :
		"SIGILL handler") : "handler's C",
		(unsigned long long)s->frame_off, s->edit ? ", then the edit (fpabi's\n"
		" * handler makes the same: src/tracee/x86_64/sig.c)" : "",
		uses & REPRO_LINE_FRAME_EXIT ? "then exit 0 (the file's last\n * observation: "
		"nothing after it is checked)" :
		s->want_signo == SIGSYS ? "(a SIGSYS's syscall is done)" : "then the PC past the ud2",
		uses & REPRO_LINE_FRAME_EXIT ? "static void sig_entry(int sig, siginfo_t *si, void *ctx)\n"
		"{\n\tucontext_t *uc = ctx;\n" : "void sig_body(ucontext_t *uc)\n{\n",
		s->edit ? ", xsize" : "", e ? e : "",
		s->edit ? "\tmemcpy(&xsize, fp + SW_XSTATE_SIZE, 4);\n" : "",
		(unsigned long long)s->frame_off);
	/* (the edit image's offset for the slot's) */
	snprintf(img, sizeof(img), "%#llx", (unsigned long long)s->edit_img);
	for (p = body; p && *p; p = q + 6) {
		q = strstr(p, "s->img");
		if (!q) {
			fputs(p, f);
			break;
		}
		fprintf(f, "%.*s%s", (int)(q - p), p, img);
	}
	fprintf(f, "%s}\n\n", uses & REPRO_LINE_FRAME_EXIT ? "\t_exit(0);\n" :
		s->want_signo == SIGSYS ? "" :
		"\tuc->uc_mcontext.gregs[REG_RIP] += 2;\t/* past the ud2 */\n");
	free(e);
}

/* the slots, the frame edits and sig_body(), after the defines they use;
 * with no edit and no checked frame word, only each signal's kind */
void x86_line_signals(const struct fpabi_rec *rec, unsigned int uses, FILE *out)
{
	bool frame = uses & REPRO_LINE_FRAME;
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	char *buf = NULL;
	size_t len = 0;
	unsigned int k;
	FILE *f;

	if (line_sig_simple(rec, uses))
		return;
	for (k = 0; k < h->nsig && !h->sig[k].edit; k++)
		;
	if (!frame && k == h->nsig) {
		repro_emit_sig_steps(h, "ud2", "syscall", "uc->uc_mcontext.gregs[REG_RIP] += 2", out);
		return;
	}
	f = open_memstream(&buf, &len);
	if (!f)
		die("open_memstream: out of memory");
	if (h->nsig == 1) {
		one_signal(h, uses, f);
		goto defs;
	}
	fprintf(f, "/* each signal's frame copy, edit, edit image, signal */\n"
		"static const struct slot { uint64_t frame; unsigned int edit; uint64_t img; int signo; } slots[] = {\n");
	for (k = 0; k < h->nsig; k++)
		fprintf(f, "\t{ %#llx, %u, %#llx, %s },\n",
			(unsigned long long)h->sig[k].frame_off, h->sig[k].edit,
			(unsigned long long)h->sig[k].edit_img,
			h->sig[k].want_signo == SIGSYS ? "SIGSYS" : "SIGILL");
	fprintf(f, "};\nunsigned int nsig;\t/* signals handled */\n\n");
	for (k = 0; k < h->nsig && !h->sig[k].edit; k++)
		;
	if (k < h->nsig)
		x86_emit_edit_frame(h, false, f);
	fprintf(f, "/* the handler's C: copy the frame's XSAVE area, make the "
		"edit, step over the ud2 */\nvoid sig_body(ucontext_t *uc)\n{\n"
		"\tuint8_t *fp = (uint8_t *)uc->uc_mcontext.fpregs;\n"
		"\tconst struct slot *s = &slots[nsig++];\n"
		"\tuint32_t magic1, ext%s;\n\n"
		"\tmemcpy(&magic1, fp + SW_MAGIC1, 4);\n\tmemcpy(&ext, fp + SW_EXTENDED_SIZE, 4);\n%s"
		"\tmemcpy(shm + s->frame, fp, magic1 == FP_XSTATE_MAGIC1 ? ext : 512);\n"
		"%s\tif (s->signo == SIGILL)\t/* (a SIGSYS's syscall is done) */\n"
		"\t\tuc->uc_mcontext.gregs[REG_RIP] += 2;\n}\n\n",
		k < h->nsig ? ", xsize" : "",
		k < h->nsig ? "\tmemcpy(&xsize, fp + SW_XSTATE_SIZE, 4);\n" : "",
		k < h->nsig ? "\tif (s->edit)\n\t\tedit_frame(s, uc, fp, xsize);\n" : "");
defs:
	if (fclose(f))
		die("open_memstream: out of memory");
	for (k = 0; k < ARRAY_SIZE(line_defs); k++)
		if (strstr(buf, line_defs[k].name))
			fprintf(out, "#define %s %s\n", line_defs[k].name,
				line_defs[k].def);
	if (strstr(buf, "EDIT_CLEAR_AVX"))
		fprintf(out, "#define EDIT_CLEAR_AVX %u\n", E_CLEAR_AVX);
	fprintf(out, "\n%s", buf);
	free(buf);
}
