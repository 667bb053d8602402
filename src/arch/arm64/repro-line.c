// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro on arm64, the straight-line form's hooks (src/repro/line.c):
 * each event as lines of the tracee's one asm block, the feature checks,
 * the control and the signal handler's asm (its C: repro-sig.c).
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/event.h"
#include "fpabi/record.h"
#include "fpabi/shm.h"
#include "fpabi/syscalls.h"
#include "fpabi/util.h"
#include "a64.h"
#include "uapi-compat/arm64.h"

/*
 * The HWCAPs the case and its variant need, each with its skip message;
 * and one its expectations need absent: a streaming FFR word checked on
 * a CPU without FA64 is zero ("read and written as zero", sve.rst 1), so
 * the file skips where FA64 is (want 0).  A table (the table form) or
 * (line) check_features()'s opening and an if each.
 */
void a64_emit_needed(const struct fpabi_rec *rec, bool line, FILE *out)
{
	static const struct {
		uint64_t need;
		const char *at, *bit, *value, *missing;
	} caps[] = {
		/* (value NULL: in <asm/hwcap.h> since Linux 4.15, SVE's
		 * first release: no fallback) */
		{ NEED_SVE, "AT_HWCAP", "HWCAP_SVE", NULL, "no SVE" },
		{ NEED_SME, "AT_HWCAP2", "HWCAP2_SME", "(1 << 23)", "no SME" },
		{ NEED_SME2, "AT_HWCAP2", "HWCAP2_SME2", "(1UL << 37)",
		  "no SME2" },
		{ NEED_FA64, "AT_HWCAP2", "HWCAP2_SME_FA64", "(1 << 30)",
		  "no SME FA64" },
		{ NEED_FPMR, "AT_HWCAP2", "HWCAP2_FPMR", "(1UL << 48)",
		  "no FPMR" },
	};
	const struct fpabi_run *r = rec->r;
	uint64_t need = r->c->needs;
	bool no_fa64 = false;
	unsigned i;

	if (AV(&r->v0)->vl || rec_hdr(rec)->arch_setup[A64_SETUP_SVE_VL])
		need |= NEED_SVE;
	if (AV(&r->v0)->svl || rec_hdr(rec)->arch_setup[A64_SETUP_SME_VL])
		need |= NEED_SME;
	for (i = 0; i < rec->nw && !no_fa64; i++)
		no_fa64 = rec->w[i].f.comp == C_FFR && (need & NEED_SME) &&
			  !(need & NEED_FA64) && !(r->m->have & NEED_FA64);
	for (i = 0; i < ARRAY_SIZE(caps); i++)
		if (((need & caps[i].need) ||
		     (no_fa64 && caps[i].need == NEED_FA64)) && caps[i].value)
			fprintf(out, "#ifndef %s\n#define %s %s\n#endif\n",
				caps[i].bit, caps[i].bit, caps[i].value);
	if (line) {	/* (straight: an if each) */
		fprintf(out, "static void check_features(void)\n{\n");
		for (i = 0; i < ARRAY_SIZE(caps); i++)
			if (need & caps[i].need)
				fprintf(out, "\tif (!(getauxval(%s) & %s))\n\t\tSKIP(\"%s (%s)\");\n",
					caps[i].at, caps[i].bit, caps[i].missing, caps[i].bit);
		if (!(need & (NEED_SVE | NEED_SME | NEED_SME2 | NEED_FA64 | NEED_FPMR)))
			fprintf(out, "\tif (!(getauxval(AT_HWCAP) & HWCAP_FP))\n"
				"\t\tSKIP(\"no FP (HWCAP_FP)\");\n");
		if (no_fa64)
			fprintf(out, "\tif (getauxval(AT_HWCAP2) & HWCAP2_SME_FA64)\n"
				"\t\tSKIP(\"FA64 (HWCAP2_SME_FA64): the expected streaming FFR "
				"is zero only without it\");\n");
		return;
	}
	fprintf(out, "static const struct { unsigned long at, bit, want; "
		"const char *missing; } needed[] = {\n");
	for (i = 0; i < ARRAY_SIZE(caps); i++)
		if (need & caps[i].need)
			fprintf(out, "\t{ %s, %s, %s, \"%s (%s)\" },\n",
				caps[i].at, caps[i].bit, caps[i].bit,
				caps[i].missing, caps[i].bit);
	if (!(need & (NEED_SVE | NEED_SME | NEED_SME2 | NEED_FA64 | NEED_FPMR)))
		fprintf(out, "\t{ AT_HWCAP, HWCAP_FP, HWCAP_FP, \"no FP "
			"(HWCAP_FP)\" },\n");
	if (no_fa64)
		fprintf(out, "\t{ AT_HWCAP2, HWCAP2_SME_FA64, 0, \"FA64 "
			"(HWCAP2_SME_FA64): the expected streaming FFR is zero "
			"only without it\" },\n");
	fprintf(out, "};\n\n");
}

/*
 * The straight-line form (src/repro/line.c): the tracee's events as lines
 * of one asm block (x19: the shared memory, x9: the image, x10: its V or
 * Z0, x11: its P0, x14 and x15: FPSR and the like, x12-x14: ZA and ZT0),
 * each LOAD and STORE written out in the walker's order
 * (src/tracee/arm64/events.S), FPSIMD, SVE and SME; and for a case with
 * signals the handler.  The walker's spin keeps the table form.
 */
#define LINE_SME (FPABI_A64_TPIDR2 | FPABI_A64_ZA | FPABI_A64_ZT | \
		  FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA | \
		  FPABI_A64_SMSTOP_SM | FPABI_A64_SMSTOP_ZA | FPABI_A64_COND)
#define LINE_SVE (FPABI_A64_Z | FPABI_A64_P | FPABI_A64_FFR)

#define A64_STR(x) A64_STR_(x)
#define A64_STR_(x) #x

static bool line_sve;	/* an event uses SVE: .arch_extension sve */
static bool line_sme;	/* SME (smstart, ZA, ...): .arch_extension sme */
static bool line_vz;	/* a VZ event on a machine without SVE */
static bool line_open;	/* the tracee's asm block has its prologue */

/* every byte of an image is loaded (no XSTATE_BV here) */
bool repro_arch_comp_live(const uint8_t *img, size_t len, unsigned comp)
{
	(void)img;
	(void)len;
	(void)comp;
	return true;
}

/* the events of the list at off are ones the form writes */
static bool line_list_ok(const struct fpabi_rec *rec, uint64_t off, unsigned depth)
{
	const struct fpabi_ev *e;
	unsigned i;

	if (depth > 2 || off + FPABI_EV_SIZE > rec->shm_size)
		return false;
	e = (const struct fpabi_ev *)(rec->shm + off);
	for (i = 0; e[i].kind != FPABI_EV_END; i++) {
		if (off + (i + 2) * FPABI_EV_SIZE > rec->shm_size)
			return false;
		switch (e[i].kind) {
		case FPABI_EV_LOAD:
		case FPABI_EV_STORE:
			if ((e[i].mask & LINE_SVE) &&
			    (!(e[i].mask & FPABI_A64_VZ) ||
			     (e[i].aux & FPABI_A64_AUX_SVE)))
				line_sve = true;
			if ((e[i].mask & FPABI_A64_VZ) &&
			    !(e[i].aux & FPABI_A64_AUX_SVE))
				line_vz = true;
			if (e[i].mask & LINE_SME)
				line_sme = true;
			break;
		case FPABI_EV_SYSCALL:
			if (e[i].ptr && !line_list_ok(rec, e[i].ptr, depth + 1))
				return false;
			break;
		case FPABI_EV_TRAP:
		case FPABI_EV_FAULT:
		case FPABI_EV_SPIN:	/* (its mark and word: the tracer's) */
			break;
		case FPABI_A64_EV_SMSTART:
		case FPABI_A64_EV_SMSTART_SM:
		case FPABI_A64_EV_SMSTART_ZA:
		case FPABI_A64_EV_SMSTOP:
		case FPABI_A64_EV_SMSTOP_SM:
		case FPABI_A64_EV_SMSTOP_ZA:
			line_sme = true;
			break;
		default:
			return false;
		}
	}
	return true;
}

bool repro_arch_line_ok(const struct fpabi_rec *rec)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	unsigned k;

	line_sve = line_sme = line_vz = false;
	if (!line_list_ok(rec, h->ev_off, 0) ||
	    (rec->r->c->competitor && !line_list_ok(rec, h->comp_ev, 0)))
		return false;
	for (k = 0; k < h->nsig; k++)
		if (!line_list_ok(rec, h->sig[k].entry_ev, 0) ||
		    !line_list_ok(rec, h->sig[k].exit_ev, 0))
			return false;
	/* FPABI_A64_VZ is resolved as written: V without SVE, which holds
	 * outside streaming mode only */
	return !(line_vz && line_sme);
}

/* reg := shm + ptr (x19: shm); z: x10 := its V or Z0 too */
static void line_addr_z(const char *reg, uint64_t ptr, const char *what,
			bool z, FILE *out);
static void line_addr(const char *reg, uint64_t ptr, const char *what, FILE *out)
{
	line_addr_z(reg, ptr, what, false, out);
}

static void line_addr_z(const char *reg, uint64_t ptr, const char *what,
			bool z, FILE *out)
{
	fprintf(out, "\t\"movz %s, #%#llx\\n\\t", reg,
		(unsigned long long)(ptr & 0xffff));
	if (ptr >> 16 & 0xffff)
		fprintf(out, "movk %s, #%#llx, lsl #16\\n\\t", reg,
			(unsigned long long)(ptr >> 16 & 0xffff));
	if (ptr >> 32)
		fprintf(out, "movk %s, #%#llx, lsl #32\\n\\t", reg,
			(unsigned long long)(ptr >> 32 & 0xffff));
	fprintf(out, "add %s, x19, %s\\n\\t%s\"\t/* %s at %#llx%s */\n", reg, reg,
		z ? "add x10, x9, #" A64_STR(FPABI_A64_CTRL_SIZE) "\\n\\t" : "", what,
		(unsigned long long)ptr, z ? ", x10: V0 or Z0" : "");
}

/* "ldr"/"str" of r0..r(n-1) at [base, #i * step] or (step 0) [base, #i, mul vl] */
static void line_regs(const char *op, const char *r, unsigned n,
		      const char *base, unsigned step, const char *what,
		      FILE *out)
{
	unsigned i;

	/* (a tab after the 16th: where --kselftest cuts the string, 100
	 * columns being its limit, repro_ksft_style()) */
	fprintf(out, "\t\".irp i");
	for (i = 0; i < n; i++)
		fprintf(out, "%s%u", !i ? ", " : i == 16 ? ",\\t" : ",", i);
	if (step)
		fprintf(out, "\\n\\t%s %s\\\\i, [%s, #\\\\i * %u]\\n\\t.endr\\n\\t\""
			"\t/* %s */\n", op, r, base, step, what);
	else
		fprintf(out, "\\n\\t%s %s\\\\i, [%s, #\\\\i, mul vl]\\n\\t.endr"
			"\\n\\t\"\t/* %s */\n", op, r, base, what);
}

/* smstart/smstop as the mask says (the walker's svcr_branch after each) */
static void line_svcr(const struct fpabi_ev *e, uint64_t m, FILE *out)
{
	static const struct {
		uint64_t bit;
		const char *insn;
	} sv[] = {
		{ FPABI_A64_SMSTART_SM, "smstart sm" },
		{ FPABI_A64_SMSTART_ZA, "smstart za" },
		{ FPABI_A64_SMSTOP_SM, "smstop sm" },
		{ FPABI_A64_SMSTOP_ZA, "smstop za" },
	};
	unsigned i;

	for (i = 0; i < ARRAY_SIZE(sv); i++)
		if (m & sv[i].bit && (e->aux & FPABI_A64_AUX_BRANCH))
			fprintf(out, "\t\"%s\\n\\tadr x15, 7f\\n\\tbr x15\\n7:\\thint #36\\n\\t\""
				"\t/* (a branch: QEMU's sme-vl-chain) */\n", sv[i].insn);
		else if (m & sv[i].bit)
			fprintf(out, "\t\"%s\\n\\t\"\n", sv[i].insn);
}

/* a COND event's ZA and ZT0 need PSTATE.ZA checked: not where the event
 * itself starts with SMSTART ZA (line_svcr()) */
static bool line_za_cond(uint64_t m)
{
	return (m & FPABI_A64_COND) &&
	       (!(m & FPABI_A64_SMSTART_ZA) || (m & FPABI_A64_SMSTOP_ZA));
}

/* "mrs x15, svcr; tbz/tbnz" to label 7 when a COND group is off */
static void line_cond_za(uint64_t m, FILE *out)
{
	if (line_za_cond(m))
		fprintf(out, "\t\"mrs x15, svcr\\n\\ttbz x15, #1, 7f\\n\\t\"\t"
			"/* only while PSTATE.ZA */\n");
}

static bool line_cond_ffr(const struct fpabi_ev *e, uint64_t m, FILE *out)
{
	if (!(m & FPABI_A64_COND) || (e->aux & FPABI_A64_AUX_FA64))
		return false;
	fprintf(out, "\t\"mrs x15, svcr\\n\\ttbnz x15, #0, 7f\\n\\t\"\t"
		"/* not in streaming mode (no FA64) */\n");
	return true;
}

/* the group mask with FPABI_A64_VZ resolved as the recorded machine had
 * it (SVE or not; line_ok: never in streaming mode without SVE) */
static uint64_t line_mask(const struct fpabi_ev *e)
{
	uint64_t m = e->mask;

	if ((m & FPABI_A64_VZ) && !(e->aux & FPABI_A64_AUX_SVE))
		m = (m & ~(uint64_t)LINE_SVE) | FPABI_A64_V;
	return m;
}

/* reg := x9 + (at - base), where it fits an add's 12 bits (the image's
 * ZA and ZT0 in fpabi's layout), else shm + at */
static void line_addr_rel(const char *reg, uint64_t at, uint64_t base, const char *what,
			  FILE *out)
{
	if (at >= base && at - base < 4096)
		fprintf(out, "\t\"add %s, x9, #%#llx\\n\\t\"\t/* %s: the image + %#llx */\n",
			reg, (unsigned long long)(at - base), what,
			(unsigned long long)(at - base));
	else
		line_addr(reg, at, what, out);
}

/* a LOAD's lines after its address (x9: the image; x10 its V or Z0) */
static void line_load_body(const struct fpabi_ev *e, FILE *out)
{
	uint64_t m = line_mask(e);

	line_svcr(e, m, out);
	if (m & FPABI_A64_FPSR_FPCR)
		fprintf(out, "\t\"ldp x14, x15, [x9, #%u]\\n\\tmsr fpsr, x14\\n\\t"
			"msr fpcr, x15\\n\\t\"\t/* FPSR, FPCR */\n", FPABI_A64_CTRL_FPSR);
	if (m & FPABI_A64_FPMR)
		fprintf(out, "\t\"ldr x14, [x9, #%u]\\n\\tmsr s3_3_c4_c4_2, x14\\n\\t\""
			"\t/* FPMR */\n", FPABI_A64_CTRL_FPMR);
	if (m & FPABI_A64_TPIDR2)
		fprintf(out, "\t\"ldr x14, [x9, #%u]\\n\\tmsr tpidr2_el0, x14\\n\\t\""
			"\t/* TPIDR2 */\n", FPABI_A64_CTRL_TPIDR2);
	if (m & FPABI_A64_V)
		line_regs("ldr", "q", 32, "x10", e->arg[2] ? (unsigned)e->arg[2] : 16,
			  "V0-V31", out);
	if (m & FPABI_A64_Z)
		line_regs("ldr", "z", 32, "x10", 0, "Z0-Z31", out);
	if (m & (FPABI_A64_P | FPABI_A64_FFR))
		fprintf(out, "\t\"rdvl x11, #1\\n\\tadd x11, x10, x11, lsl #5\\n\\t\""
			"\t/* P0: after 32 VL of Z */\n");
	if (m & FPABI_A64_FFR) {
		bool c = line_cond_ffr(e, m, out);

		fprintf(out, "\t\"ldr p0, [x11, #16, mul vl]\\n\\twrffr p0.b\\n\\t%s\""
			"\t/* FFR, through P0 */\n", c ? "7:\\n\\t" : "");
	}
	if (m & FPABI_A64_P)
		line_regs("ldr", "p", 16, "x11", 0, "P0-P15", out);
	if (m & FPABI_A64_ZA) {
		line_cond_za(m, out);
		line_addr_rel("x13", e->arg[0], e->ptr, "ZA's rows", out);
		fprintf(out, "\t\"rdsvl x14, #1\\n\\tmov w12, #0\\n8:\\tldr za[w12, 0], [x13]\\n\\t"
			"add x13, x13, x14\\n\\t\"\n\t\"add w12, w12, #1\\n\\tcmp w12, w14\\n\\t"
			"b.ne 8b\\n%s\\t\"\t/* ZA, a row at a time */\n",
			line_za_cond(m) ? "7:" : "");
	}
	if (m & FPABI_A64_ZT) {
		line_cond_za(m, out);
		line_addr_rel("x13", e->arg[1], e->ptr, "ZT0", out);
		fprintf(out, "\t\".inst 0xe11f81a0\\n%s\\t\"\t/* ldr zt0, [x13] (SME2) */\n",
			line_za_cond(m) ? "7:" : "");
	}
}

/*
 * Loads whose lines repeat (the tracee's and a handler's or a
 * competitor's, of the same groups): one GAS macro each, load_N, defined
 * before the handler and the tracee (line_macros()), called after the
 * image's address.  repro_arch_line_scan() sees every event first.
 */
#define LINE_MACROS 4
static struct {
	char *body;	/* line_load_body()'s text */
	unsigned uses;
} line_macro[LINE_MACROS];
static unsigned line_nmacro;

static char *load_body(const struct fpabi_ev *e)
{
	char *b = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&b, &n);

	if (!f)
		die("open_memstream: out of memory");
	line_load_body(e, f);
	if (fclose(f))
		die("open_memstream: out of memory");
	return b;
}

/* macro k is shorter than its loads in line: its lines and 6 more
 * (comment, statement, extensions, x10, .endm) and a call a load */
static bool line_macro_pays(unsigned k)
{
	unsigned lines = 0, u = line_macro[k].uses;

	for (const char *p = line_macro[k].body; *p; p++)
		lines += *p == '\n';
	return u > 1 && u * lines > lines + 6 + u;
}

/* the macro of e's lines, defined where it repeats: its number, else 0 */
static unsigned line_macro_of(const struct fpabi_ev *e)
{
	char *b = load_body(e);
	unsigned k;

	for (k = 0; k < line_nmacro && strcmp(line_macro[k].body, b); k++)
		;
	free(b);
	return k < line_nmacro && line_macro_pays(k) ? k + 1 : 0;
}

void repro_arch_line_scan(const struct fpabi_ev *e)
{
	unsigned k;
	char *b;

	if (!e) {	/* (a new file) */
		for (k = 0; k < line_nmacro; k++)
			free(line_macro[k].body);
		line_nmacro = 0;
		return;
	}
	if (e->kind != FPABI_EV_LOAD)
		return;
	b = load_body(e);
	for (k = 0; k < line_nmacro && strcmp(line_macro[k].body, b); k++)
		;
	if (k < line_nmacro)
		line_macro[k].uses++;
	if (k < line_nmacro || line_nmacro == LINE_MACROS) {
		free(b);	/* (seen, or no room: written in line) */
		return;
	}
	line_macro[line_nmacro].body = b;
	line_macro[line_nmacro++].uses = 1;
}

/* the macros, a top-level asm statement each (its lines as they are in
 * a load, the .arch_extension lines first) */
static void line_macros(FILE *out)
{
	unsigned k;

	for (k = 0; k < line_nmacro; k++) {
		if (!line_macro_pays(k))
			continue;
		fprintf(out, "/* load_%u: the lines of a load (%u of them below), after its image's\n"
			" * address in x9 */\n__asm__(\".macro load_%u\\n\\t\"\n%s"
			"\t\"add x10, x9, #%u\\n\\t\"\t/* x10: V0 or Z0 */\n%s\t\"\\n.endm\\n\");\n\n",
			k + 1, line_macro[k].uses, k + 1, line_sve || line_sme ? (line_sme ?
			"\t\".arch_extension sve\\n\\t.arch_extension sme\\n\\t\"\n" :
			"\t\".arch_extension sve\\n\\t\"\n") : "", FPABI_A64_CTRL_SIZE,
			line_macro[k].body);
	}
}

/* a LOAD: the walker's groups in its order */
static void line_load(const struct fpabi_ev *e, FILE *out)
{
	uint64_t m = line_mask(e);
	unsigned k = line_macro_of(e);

	/* (a LOAD of SMSTART or SMSTOP alone reads nothing of its image) */
	if (m & ~(uint64_t)(FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA | FPABI_A64_SMSTOP_SM |
			    FPABI_A64_SMSTOP_ZA | FPABI_A64_VZ | FPABI_A64_COND))
		line_addr_z("x9", e->ptr, "load the image", !k && (m & (FPABI_A64_V | LINE_SVE)),
			    out);
	if (k)
		fprintf(out, "\t\"load_%u\\n\\t\"\t/* its lines: the macro above */\n", k);
	else
		line_load_body(e, out);
}

/* a STORE (COND: zeros where a group is off) */
static void line_store(const struct fpabi_ev *e, FILE *out)
{
	uint64_t m = line_mask(e);
	bool c = line_za_cond(m);	/* (ZA and ZT0's; FFR's: line_cond_ffr()) */

	line_addr_z("x9", e->ptr, "store to a dump", m & (FPABI_A64_V | LINE_SVE), out);
	line_svcr(e, m & (FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA), out);
	if (m & FPABI_A64_V)
		line_regs("str", "q", 32, "x10", e->arg[2] ? (unsigned)e->arg[2] : 16,
			  "V0-V31", out);
	if (m & FPABI_A64_Z)
		line_regs("str", "z", 32, "x10", 0, "Z0-Z31", out);
	if (m & (FPABI_A64_P | FPABI_A64_FFR))
		fprintf(out, "\t\"rdvl x11, #1\\n\\tadd x11, x10, x11, lsl #5\\n\\t\""
			"\t/* P0: after 32 VL of Z */\n");
	if (m & FPABI_A64_P)
		line_regs("str", "p", 16, "x11", 0, "P0-P15", out);
	if (m & FPABI_A64_FFR) {
		bool cf = line_cond_ffr(e, m, out);

		fprintf(out, "\t\"str p0, [x11]\\n\\trdffr p0.b\\n\\tstr p0, [x11, #16, mul vl]\\n\\t"
			"ldr p0, [x11]\\n\\t%s\"\t/* FFR, through P0 */\n", cf ? "b 6f\\n\\t" : "");
		if (cf)
			fprintf(out, "\t\"7:\\trdvl x12, #1\\n\\tadd x13, x11, x12, lsl #1\\n\\t"
				"lsr x12, x12, #4\\n\\t\"\n\t\"8:\\tstrh wzr, [x13], #2\\n\\t"
				"subs x12, x12, #1\\n\\tb.ne 8b\\n6:\\t\"\t/* off: zeros */\n");
	}
	if (m & FPABI_A64_FPSR_FPCR)
		fprintf(out, "\t\"mrs x14, fpsr\\n\\tmrs x15, fpcr\\n\\tstp x14, x15, [x9, #%u]\\n\\t\""
			"\t/* FPSR, FPCR */\n", FPABI_A64_CTRL_FPSR);
	if (m & FPABI_A64_FPMR)
		fprintf(out, "\t\"mrs x14, s3_3_c4_c4_2\\n\\tstr x14, [x9, #%u]\\n\\t\""
			"\t/* FPMR */\n", FPABI_A64_CTRL_FPMR);
	if (m & FPABI_A64_TPIDR2)
		fprintf(out, "\t\"mrs x14, tpidr2_el0\\n\\tstr x14, [x9, #%u]\\n\\t\""
			"\t/* TPIDR2 */\n", FPABI_A64_CTRL_TPIDR2);
	if (m & FPABI_A64_ZA) {
		line_addr("x13", e->arg[0], "ZA's rows", out);
		line_cond_za(m, out);
		fprintf(out, "\t\"rdsvl x14, #1\\n\\tmov w12, #0\\n8:\\tstr za[w12, 0], [x13]\\n\\t"
			"add x13, x13, x14\\n\\t\"\n\t\"add w12, w12, #1\\n\\tcmp w12, w14\\n\\t"
			"b.ne 8b\\n\\t%s\"\t/* ZA, a row at a time */\n", c ? "b 6f\\n\\t" : "");
		if (c)
			fprintf(out, "\t\"7:\\trdsvl x14, #1\\n\\tmul x14, x14, x14\\n\\t"
				"\"\n\t\"8:\\tstp xzr, xzr, [x13], #16\\n\\tsubs x14, x14, #16\\n\\t"
				"b.ne 8b\\n6:\\t\"\t/* off: SVL * SVL zeros */\n");
	}
	if (m & FPABI_A64_ZT) {
		line_addr("x13", e->arg[1], "ZT0", out);
		line_cond_za(m, out);
		fprintf(out, "\t\".inst 0xe13f81a0\\n\\t%s\"\t/* str zt0, [x13] (SME2) */\n",
			c ? "b 6f\\n7:\\tstp xzr, xzr, [x13]\\n\\tstp xzr, xzr, [x13, #16]\\n\\t"
			"stp xzr, xzr, [x13, #32]\\n\\tstp xzr, xzr, [x13, #48]\\n6:\\t" : "");
	}
	/* (INFO: the control block's SVCR, VL, SVL, never checked here) */
}

/* a STORE whose dump nothing checks, as the accesses that can trap: an
 * SVE instruction (rdvl) for Z, P or FFR, an SME one (mrs svcr) for ZA or
 * ZT0; the first use of each traps and turns it on (sve.rst, sme.rst), the
 * stores themselves change nothing.  Written whole: one with an SMSTART,
 * (VZ) one whose registers depend on PSTATE.SM, or the tracee's first
 * event (its block's prologue, the .arch_extension lines, is not out yet) */
bool repro_arch_line_touch(const struct fpabi_ev *e, const struct fpabi_ev *prev,
			   FILE *out)
{
	uint64_t m = line_mask(e), pm = 0;

	if (!line_open || (e->mask & FPABI_A64_VZ) ||
	    (m & (FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA)))
		return false;
	/* (a load just before it made the same kind of access: no trap left;
	 * TPIDR2 and FPMR are not SME's trap, SCTLR_EL1.EnTP2 is set) */
	if (prev && prev->kind == FPABI_EV_LOAD && !(prev->mask & FPABI_A64_VZ))
		pm = line_mask(prev);
	if ((m & LINE_SVE) && !(pm & LINE_SVE))
		fprintf(out, "\t\"rdvl x11, #1\\n\\t\"\t/* an SVE access (a store, not checked) */\n");
	if ((m & (FPABI_A64_ZA | FPABI_A64_ZT)) &&
	    !(pm & (FPABI_A64_ZA | FPABI_A64_ZT | FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA)))
		fprintf(out, "\t\"mrs x15, svcr\\n\\t\"\t/* an SME access (a store, not checked) */\n");
	return true;
}

/* an SMSTART/SMSTOP event as the LOAD mask bits of its instructions */
static const uint64_t line_smev[] = {
	FPABI_A64_SMSTART_SM | FPABI_A64_SMSTART_ZA, FPABI_A64_SMSTART_SM,
	FPABI_A64_SMSTART_ZA, FPABI_A64_SMSTOP_SM | FPABI_A64_SMSTOP_ZA,
	FPABI_A64_SMSTOP_SM, FPABI_A64_SMSTOP_ZA,
};

void repro_arch_line_ev(const struct fpabi_rec *rec, const struct fpabi_ev *e,
			const char *sys, const char *name, int row,
			unsigned label, bool top, FILE *out)
{
	(void)rec;
	if (!top && !line_open) {	/* the tracee's first event */
		line_open = true;
		fprintf(out, "%s%s\t\"adrp x19, shm\\n\\tldr x19, [x19, :lo12:shm]\\n\\t\"\t"
			"/* x19: the shared memory */\n", line_sve || line_sme ?
			"\t\".arch_extension sve\\n\\t\"\t/* rdvl, ldr z, ... */\n" : "",
			line_sme ? "\t\".arch_extension sme\\n\\t\"\t/* smstart, ZA, ... */\n" : "");
	}
	switch (e->kind) {
	case FPABI_EV_LOAD:
		line_load(e, out);
		break;
	case FPABI_EV_STORE:
		line_store(e, out);
		break;
	case FPABI_A64_EV_SMSTART:
	case FPABI_A64_EV_SMSTART_SM:
	case FPABI_A64_EV_SMSTART_ZA:
	case FPABI_A64_EV_SMSTOP:
	case FPABI_A64_EV_SMSTOP_SM:
	case FPABI_A64_EV_SMSTOP_ZA:
		line_svcr(e, line_smev[e->kind - FPABI_A64_EV_SMSTART], out);
		break;
	case FPABI_EV_TRAP:
		fprintf(out, "\t\"brk #0\\n\\t\"\t/* the breakpoint */\n");
		break;
	case FPABI_EV_SPIN:	/* spinning (the mark), until the tracer's word */
		fprintf(out, "\t\"mov x9, #1\\n\\tstr x9, [x19, #%llu]\\n\\t\"\t/* spinning */\n"
			"\t\"1: ldr x9, [x19, #%llu]\\n\\tcbz x9, 1b\\n\\t\"\t/* until the tracer says go on */\n",
			(unsigned long long)e->arg[1], (unsigned long long)e->ptr);
		break;
	case FPABI_EV_FAULT:
		fprintf(out, "\t\"udf #0\\n\\t\"\t/* SIGILL */\n");
		break;
	case FPABI_EV_SYSCALL:
		fprintf(out, "\t\"mov x8, #\" XSTR(%s) \"\\n\\t\"\t/* %s */\n",
			sys, e->nr == SC_EXIT ? "exit" : name);
		if (row >= 0)
			fprintf(out, "\t\"adrp x9, sc_args\\n\\tadd x9, x9, :lo12:sc_args\\n\\t"
				"add x9, x9, #%u\\n\\t\"\n\t\"ldp x0, x1, [x9]\\n\\t"
				"ldp x2, x3, [x9, #16]\\n\\tldp x4, x5, [x9, #32]\\n\\t\"\n",
				48 * row);
		if (sc_has((unsigned)e->nr, SCF_SETTLS))
			fprintf(out, "\t\"mrs x3, tpidr_el0\\n\\t\"\t/* CLONE_SETTLS: this "
				"thread's own pointer */\n");
		fprintf(out, "\t\"svc #0\\n\\t\"\n");
		if (label)
			fprintf(out, "\t\"cbnz x0, %uf\\n\\t\"\t/* the child: */\n",
				label);
		break;
	}
}

static const char line_clobbers[] =
"\t\t: : : \"x0\", \"x1\", \"x2\", \"x3\", \"x4\", \"x5\", \"x8\", \"x9\", \"x10\", \"x11\",\n"
"\t\t  \"x12\", \"x13\", \"x14\", \"x15\", \"x19\", \"v0\", \"v1\", \"v2\", \"v3\", \"v4\",\n"
"\t\t  \"v5\", \"v6\", \"v7\", \"v8\", \"v9\", \"v10\", \"v11\", \"v12\", \"v13\", \"v14\",\n"
"\t\t  \"v15\", \"v16\", \"v17\", \"v18\", \"v19\", \"v20\", \"v21\", \"v22\", \"v23\",\n"
"\t\t  \"v24\", \"v25\", \"v26\", \"v27\", \"v28\", \"v29\", \"v30\", \"v31\", \"cc\", \"memory\");\n";

void repro_arch_line_close(const struct fpabi_rec *rec, FILE *out)
{
	(void)rec;
	fputs(line_clobbers, out);
	line_open = false;	/* (the next asm block, its own prologue) */
}

static const char line_ctl_c[] =	/* the control's kinds, read_word(), the control */
"%s#define CTL_FPSR 1\n#define CTL_FPCR 2\n#define CTL_V 3\t/* a V or Z lane through d0 */\n\n%s"
"/* the control: the value alone through the CPU, the caller's put back: FPSR, FPCR by MSR,\n"
" * MRS (bits a CPU lacks read as zero), a V or Z lane through d0; P, FFR: as expected */\n"
"static uint64_t roundtrip(const struct word *w)\n{\n"
"\tuint64_t v = w->exp, old;\n\n\tif ((w->how & 7) == CTL_FPSR)\n"
"\t\t__asm__ volatile(\"mrs %%0, fpsr\\n\\tmsr fpsr, %%1\\n\\tmrs %%1, fpsr\\n\\tmsr fpsr, %%0\"\n"
"\t\t\t\t : \"=&r\"(old), \"+r\"(v));\n\telse if ((w->how & 7) == CTL_FPCR)\n"
"\t\t__asm__ volatile(\"mrs %%0, fpcr\\n\\tmsr fpcr, %%1\\n\\tmrs %%1, fpcr\\n\\tmsr fpcr, %%0\"\n"
"\t\t\t\t : \"=&r\"(old), \"+r\"(v));\n\telse if ((w->how & 7) == CTL_V)\n"
"\t\t__asm__ volatile(\"fmov d0, %%0\\n\\tfmov %%0, d0\" : \"+r\"(v) : : \"v0\");\n"
"\telse\n\t\treturn w->exp;\n"
"\tif (w->len < 8)\n\t\tv &= (1ull << 8 * w->len) - 1;\n\treturn v;\n}\n\n";

static const char line_read_alt_c[] =	/* (an SVE payload's word) */
"#define ALT(off) ((off) << 16 | 32)\t/* its place in an SVE payload's FPSIMD format */\n"
"#define SVE_PT_REGS_SVE 1\t/* user_sve_header.flags: SVE format */\n\n"
"/* a word; in an SVE payload in FPSIMD format (the kernel's choice) elsewhere, or zero */\n"
"static uint64_t read_word(const struct word *w, const uint8_t *area)\n{\n"
"\tuint64_t v = 0;\n\tuint16_t fmt;\n\n"
"\tmemcpy(&fmt, area + 12, 2);\n"
"\tif ((w->how & 32) && !(fmt & SVE_PT_REGS_SVE)) {\n"
"\t\tif (w->how >> 16 != 0xffff)\n\t\t\tmemcpy(&v, area + (w->how >> 16), w->len);\n"
"\t\treturn v;\n\t}\n\tmemcpy(&v, area + w->off, w->len);\n\treturn v;\n}\n\n";

static const char line_read_c[] = "static uint64_t read_word(const struct word *w, const uint8_t "
"*area)\n{\n\tuint64_t v = 0;\n\n\tmemcpy(&v, area + w->off, w->len);\n\treturn v;\n}\n\n";

static const char line_trap_c[] =
"/* brk leaves the PC at itself: the tracer steps over it */\n"
"static void after_trap(void)\n{\n\tuint64_t regs[34];\n"
"\tstruct iovec iov = { regs, sizeof(regs) };\n\n"
"\tif (ptrace(PTRACE_GETREGSET, pid, (void *)1, &iov) < 0)\n"
"\t\tbail(\"NT_PRSTATUS\");\n\tregs[32] += 4;\t/* pc */\n"
"\tif (ptrace(PTRACE_SETREGSET, pid, (void *)1, &iov) < 0)\n"
"\t\tbail(\"NT_PRSTATUS\");\n}\n\n";

/* the HWCAPs, then the vector lengths (prctl; a fork inherits them) */
static void line_features(const struct fpabi_rec *rec, FILE *out)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	static const struct {
		unsigned setup;
		const char *set, *mask, *what;
	} vl[] = {
		{ A64_SETUP_SVE_VL, "PR_SVE_SET_VL", "PR_SVE_VL_LEN_MASK", "SVE" },
		{ A64_SETUP_SME_VL, "PR_SME_SET_VL", "PR_SME_VL_LEN_MASK", "SME" },
	};
	unsigned i;

	/* (PR_SME_SET_VL: the feature check's, or an SME case's prctl event) */
	if (h->arch_setup[A64_SETUP_SME_VL] || (rec->r->c->needs & NEED_SME))
		fprintf(out, "#ifndef PR_SME_SET_VL\n#define PR_SME_SET_VL 63\n"
			"#define PR_SME_VL_LEN_MASK 0xffff\n#endif\n");
	a64_emit_needed(rec, true, out);
	for (i = 0; i < ARRAY_SIZE(vl); i++)
		if (h->arch_setup[vl[i].setup])
			fprintf(out, "\tif ((prctl(%s, %u) & %s) != %u)\n"
				"\t\tSKIP(\"%s VL %u is not offered (%s)\");\n",
				vl[i].set, h->arch_setup[vl[i].setup], vl[i].mask,
				h->arch_setup[vl[i].setup], vl[i].what,
				h->arch_setup[vl[i].setup], vl[i].set);
	fprintf(out, "}\n\n");
}

/* the handler: signal k's entry list, sig_body(), its exit list */
static void line_handler(const struct fpabi_rec *rec, unsigned uses, FILE *out,
			 void (*list)(void *ctx, uint64_t off), void *ctx)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);
	unsigned k, pass;
	const char *ext = line_sve || line_sme ? (line_sme ? "\t\".arch_extension sve\\n\\t"
		".arch_extension sme\\n\\t\"\n" : "\t\".arch_extension sve\\n\\t\"\n") : "";

	/* (one SIGILL, no frame word, no edit: no C, the asm steps the PC) */
	if (h->nsig == 1 && !(uses & REPRO_LINE_FRAME) && !h->sig[0].edit &&
	    h->sig[0].want_signo != SIGSYS) {
		fprintf(out, "/* the SIGILL handler: its events, then the PC past the udf "
			"(uc_mcontext.pc) */\n"
			"void sig_entry(int sig, siginfo_t *si, void *uc);\n"
			"__asm__(\".pushsection .text\\n.globl sig_entry\\n.balign 4\\nsig_entry:\\n\\t\"\n%s"
			"\t\"stp x19, x20, [sp, #-16]!\\n\\tmov x20, x2\\n\\t"
			"adrp x19, shm\\n\\tldr x19, [x19, :lo12:shm]\\n\\t\"\n", ext);
		list(ctx, h->sig[0].entry_ev);
		fprintf(out, "\t\"ldr x9, [x20, #440]\\n\\tadd x9, x9, #4\\n\\tstr x9, [x20, #440]\\n\\t\""
			"\t/* past the udf */\n");
		list(ctx, h->sig[0].exit_ev);
		/* (the assertion after the asm: before the prototype, checkpatch
		 * --strict takes the prototype for an extern) */
		fprintf(out, "\t\"ldp x19, x20, [sp], #16\\n\\tret\\n.popsection\\n\");\n"
			"_Static_assert(__builtin_offsetof(ucontext_t, uc_mcontext.pc) == 440, \"pc\");\n\n");
		return;
	}
	if (a64_line_sig_body(rec, uses, out))
		return;	/* (written whole, in C) */
	fprintf(out, "/* the SIGILL/SIGSYS handler: the signal's entry events, "
		"sig_body(), its exit\n * events%s */\nvoid sig_entry(int sig, siginfo_t *si, void *uc);\n"
		"__asm__(\".pushsection .text\\n.globl sig_entry\\n.balign 4\\nsig_entry:\\n\\t\"\n%s"
		"\t\"stp x29, x30, [sp, #-48]!\\n\\tmov x29, sp\\n\\t\"\n"
		"\t\"stp x19, x20, [sp, #16]\\n\\tstr x21, [sp, #32]\\n\\tmov x21, x2\\n\\t\"\n"
		"\t\"adrp x19, shm\\n\\tldr x19, [x19, :lo12:shm]\\n\\t\"\n%s",
		h->nsig > 1 ? " (a nested signal's own: nsig picks them)" : "", ext,
		h->nsig > 1 ? "\t\"adrp x20, nsig\\n\\tldr w20, [x20, :lo12:nsig]\\n\\t\"\n" : "");
	for (pass = 0; pass < 2; pass++) {
		if (pass)
			fprintf(out, "\t\"1999:\\n\\tmov x0, x21\\n\\tbl sig_body\\n\\t\"\n");
		for (k = 0; k < h->nsig; k++) {
			uint64_t off = pass ? h->sig[k].exit_ev : h->sig[k].entry_ev;

			if (h->nsig > 1 && repro_line_list_empty(out, list, ctx, off))
				continue;	/* (nothing to pick) */
			if (h->nsig > 1)
				fprintf(out, "\t\"cmp w20, #%u\\n\\tb.ne %uf\\n\\t\"\t/* signal %u */\n",
					k, 1000 * (pass + 1) + k, k + 1);
			list(ctx, off);
			if (h->nsig > 1)
				fprintf(out, "\t\"b %uf\\n%u:\\n\\t\"\n", 1999 + 1000 * pass,
					1000 * (pass + 1) + k);
		}
	}
	fprintf(out, "\t\"2999:\\n\\tldr x21, [sp, #32]\\n\\tldp x19, x20, [sp, #16]\\n\\t\"\n"
		"\t\"ldp x29, x30, [sp], #48\\n\\tret\\n.popsection\\n\");\n\n");
}

void repro_arch_line_code(const struct fpabi_rec *rec, unsigned uses, FILE *out,
			  void (*list)(void *ctx, uint64_t off), void *ctx)
{
	const struct fpabi_shm_hdr *h = rec_hdr(rec);

	line_open = false;
	fprintf(out, line_ctl_c, uses & REPRO_LINE_CTL_NONE ?
		"#define CTL_NONE 0\t/* no control: the expected value */\n" : "",
		uses & REPRO_LINE_ALT ? line_read_alt_c : line_read_c);
	line_macros(out);
	line_features(rec, out);
	if (uses & REPRO_LINE_TRAP)
		fputs(line_trap_c, out);
	if (!h->nsig)
		return;
	line_handler(rec, uses, out, list, ctx);
}
