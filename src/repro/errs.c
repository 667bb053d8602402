// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi repro's checks (the straight-line form, line.c): check(), each
 * word against the rule and the control (a word the rule leaves to one of
 * several values, EXP_ONE_OF, against each: its alt[] candidates, zero
 * and init); and the errno checks: the regset
 * calls whose errno fpabi judged (check_errno(), kept by record_errno()),
 * as a table of the expected and fpabi's errno, and check_err(), a TAP
 * line each.  Which calls: repro_find_errs() in tracer.c, which also
 * writes "errs[K].got = set(...)".
 */
#include <stdio.h>
#include <string.h>

#include "fpabi/record.h"
#include "fpabi/util.h"
#include "gen.h"

/* one word's TAP result: plain, or kselftest's ksft_* calls */
static const char *const result_c[2] = {
	"\tprintf(\"%sok %u - %s%s\\n\", pass || by_cpu ? \"\" : \"not \", ++n, w->what,\n"
	"\t       by_cpu ? \" # SKIP the CPU changes this field; no kernel bug shown\" : \"\");\n",
	"\tif (pass)\n\t\tksft_test_result_pass(\"%s\\n\", w->what);\n"
	"\telse if (by_cpu)\n"
	"\t\tksft_test_result_skip(\"%s: the CPU changes this field; no kernel bug shown\\n\",\n"
	"\t\t\t\t      w->what);\n"
	"\telse\n\t\tksft_test_result_fail(\"%s\\n\", w->what);\n",
};

/* one word: as the rule says, as the control shows the CPU alone changes it
 * (no kernel bug shown), or a BUG; unsaved: the arch's control can show
 * that the CPU's save does not write the field (it leaves the POISON), and
 * then any value there is the CPU's */
void repro_emit_check(struct gen *g, bool or_zero, bool one_of, bool unsaved)
{
	if (one_of)
		fprintf(g->o, "/* a word the rule leaves open (ONE_OF): 1 zero, init or a candidate,\n"
			" * 2 + k candidate k as its control shows the CPU changes it, 0 none */\n"
			"static int one_of(const struct word *w, uint64_t got)\n{\n"
			"\tfor (unsigned int k = 0; k < 4; k++)\n"
			"\t\tif (got == w->alt[k] || got == actl[w - words][k])\n"
			"\t\t\treturn got == w->alt[k] ? 1 : 2 + k;\n"
			"\treturn !got || got == w->init;\n}\n\n");
	fprintf(g->o, "/* one word: as the rule says, changed by the CPU alone (the control), or a BUG */\n"
		"static void check(const struct word *w)\n{\n"
		"\tuint64_t got = read_word(w, shm + w->area);\n%s"
		"\tint pass = got == w->exp%s%s;\n"
		"\tint by_cpu = !pass && %sw->ctl != w->exp && %s%s;\n\n"
		"\tif (by_cpu)\n"
		"\t\tprintf(\"# control: the CPU turns %%#\" PRIx64 \" into %%#\" PRIx64 \"\\n\",%s);\n"
		"\telse if (!pass)\n"
		"\t\tprintf(\"# BUG: %%s: expected %%#\" PRIx64 \", got %%#\" PRIx64 \"\\n\", w->what, w->exp, got);\n"
		"\tcpu += by_cpu;\n\tbad += !pass && !by_cpu;\n%s}\n\n",
		one_of ? "\tint o = w->how & ONE_OF ? one_of(w, got) : 0;\n" : "",
		or_zero ? " || (w->how & OR_ZERO && !got)" : "", one_of ? " || o == 1" : "",
		one_of ? "(o >= 2 || (" : "", unsaved ? "(got == w->ctl ||\n\t\t     "
		"w->ctl == (POISON >> w->off % 8 * 8 & ~0ull >> (64 - 8 * w->len)))" : "got == w->ctl",
		one_of ? "))" : "",
		one_of ? "\n\t\t       o >= 2 ? w->alt[o - 2] : w->exp, o >= 2 ? got : w->ctl" :
		" w->exp, w->ctl",
		result_c[g->ksft]);
}

/* a checked word the rule leaves to one of several values (EXP_ONE_OF) */
bool repro_one_of(const struct gen *g)
{
	unsigned int i;

	for (i = 0; i < g->npick; i++)
		if (g->rec->w[g->pick[i]].kind == EXP_ONE_OF)
			return true;
	return false;
}

/* an EXP_ONE_OF word's candidates as a C initializer (the first
 * repeated where there are fewer than FPABI_MAX_ONEOF) */
void repro_emit_alt(const struct gen *g, const struct rec_word *w)
{
	unsigned int k;

	if (w->kind != EXP_ONE_OF) {
		if (repro_one_of(g))
			fprintf(g->o, ", { 0 }");
		return;
	}
	fprintf(g->o, ",\n\t  {");
	for (k = 0; k < FPABI_MAX_ONEOF; k++)
		fprintf(g->o, "%s %#llxull", k ? "," : "",
			(unsigned long long)repro_word(w->alt[k < w->nalt ? k : 0], w->len));
	fprintf(g->o, " }");
}

/* a regset call's errno: as the rule says, or a BUG (plain TAP, kselftest) */
static const char *const check_err_c[2] = {
"/* a regset call's errno: as the rule says, or a BUG */\n"
"static void check_err(const struct err *e)\n{\n"
"\tif (e->got == e->want) {\n\t\tprintf(\"ok %u - %s\\n\", ++n, e->what);\n"
"\t} else {\n\t\tbad++;\n"
"\t\tprintf(\"# BUG: %s: got %s, expected %s\\n\", e->what,\n"
"\t\t       e->got ? strerror(e->got) : \"success\", e->want ? strerror(e->want) : \"success\");\n"
"\t\tprintf(\"not ok %u - %s\\n\", ++n, e->what);\n\t}\n}\n\n",
"/* a regset call's errno: as the rule says, or a BUG */\n"
"static void check_err(const struct err *e)\n{\n"
"\tif (e->got == e->want) {\n\t\tksft_test_result_pass(\"%s\\n\", e->what);\n"
"\t} else {\n\t\tbad++;\n"
"\t\tksft_print_msg(\"BUG: %s: got %s, expected %s\\n\", e->what,\n"
"\t\t\t       e->got ? strerror(e->got) : \"success\", e->want ? strerror(e->want) : \"success\");\n"
"\t\tksft_test_result_fail(\"%s\\n\", e->what);\n\t}\n}\n\n",
};

/* an errno's C name ("EFAULT"), or its number */
static const char *errno_c(int e, char *buf, size_t n)
{
	const char *name = e ? strerrorname_np(e) : NULL;

	if (name)
		return name;
	snprintf(buf, n, "%d", e);
	return buf;
}

/* the regset calls whose errno is checked: what it should be, what fpabi
 * got (got -1 until the call is made) */
void repro_emit_errs(struct gen *g)
{
	char a[16], b[16];
	unsigned int k;

	if (!g->nerr)
		return;
	fprintf(g->o, "/* the regset calls whose errno fpabi checks (0: success) */\n"
		"static struct err {\n\tint want, got;\n\tconst char *what;\n} errs[] = {\n");
	for (k = 0; k < g->rec->nio && k < ARRAY_SIZE(g->err_of); k++) {
		const struct rec_io *io = &g->rec->io[k];

		if (g->err_of[k] < 0)
			continue;
		fprintf(g->o, "\t{ %s, -1, \"%s errno (%s; fpabi got %s)\" },\n",
			errno_c(io->want, a, sizeof(a)), io->what,
			io->want ? errno_c(io->want, a, sizeof(a)) : "success",
			io->err ? errno_c(io->err, b, sizeof(b)) : "success");
	}
	fprintf(g->o, "};\n#define NERRS %uu\n\n", g->nerr);
}

void repro_emit_check_err(struct gen *g)
{
	if (g->nerr)
		fputs(check_err_c[g->ksft], g->o);
}
