// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi certify -o DIR: run the certification tier (every case of every
 * tier: --tier matrix) into DIR/run.json, or take --from RUN.json, and
 * write DIR/report.json (docs/fpabi-certify.schema.json: the
 * environment, every result with its duration and findings, the skips by
 * reason, the known issues, coverage per family, rule and matrix, each
 * matrix's cells with their verdicts, and a SHA-256 over the file) and
 * DIR/report.html (src/cmd/certify-html.c).
 */
#include <errno.h>
#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "config.h"
#include "fpabi/arch.h"
#include "fpabi/certify.h"
#include "fpabi/common-run.h"
#include "fpabi/compare.h"
#include "fpabi/matrix.h"
#include "fpabi/opts.h"
#include "fpabi/plan.h"
#include "fpabi/reports.h"
#include "fpabi/sha256.h"
#include "fpabi/util.h"

static const char certify_usage[] =
"Usage: fpabi certify -o DIR [--from RUN.json] [RUN OPTIONS]\n"
"Certify this machine's kernel: run every case of every tier (fpabi run\n"
"--tier matrix, its TAP in DIR/run.tap, its report DIR/run.json), or\n"
"with --from report a run made before (its --json report), and write\n"
"DIR/report.json (docs/fpabi-certify.schema.json) and DIR/report.html\n"
"(one page, no network: the verdict, the environment, a heat-map per\n"
"matrix, the failures with their reproducers, the skips by reason, the\n"
"known kernel issues).  The verdict is fail when a case failed, timed\n"
"out or broke, incomplete when the run did not finish, ran another tier\n"
"or a part of it (--filter, --exclude, one --shard, a merge of shards\n"
"with some missing), and pass otherwise.\n"
"  -o, --output DIR   where the report goes (made if missing)\n"
"      --from FILE    report this run --json report (or fpabi merge's\n"
"                     merge of the shards' run.json) instead of running\n"
"      --shard I/N    run shard I of N only (fpabi run --shard): its\n"
"                     report is incomplete; fpabi merge the shards'\n"
"                     DIR/run.json and certify --from the merge\n"
"  run options passed on: --tier, --filter, --exclude, --seed, --timeout,\n"
"      --tracee, --profile, --shard, --kmsg, --inject-fault (test-only)\n"
"Exit status: 0 pass, 1 fail or incomplete, 2 bad usage or setup.\n";

/* ------------------------------------------------------------ JSON out */

/* "key": the member's value as it is, or null */
static void copy(FILE *f, const char *key, const struct jv *o, bool comma)
{
	const struct jv *v = jv_get(o, key);

	fprintf(f, "%s\"%s\": ", comma ? ", " : "", key);
	if (v)
		cert_jv_write(f, v);
	else
		fputs("null", f);
}

static void jstr(FILE *f, const char *s)
{
	if (s)
		json_write_str(f, s);
	else
		fputs("null", f);
}

static const struct jv *get_axis(const struct jv *mx, const char *axis)
{
	return jv_get(jv_get(mx, "axes"), axis);
}

/* ------------------------------------------------------------- the model */

static int by_id(const void *a, const void *b)
{
	const struct jv *const *x = a, *const *y = b;

	return strcmp(cert_str(*x, "id"), cert_str(*y, "id"));
}

static const struct jv *find(const struct cert *c, const char *id)
{
	struct jv key = { .t = J_OBJ, .n = 1 }, kid = { .t = J_STR };
	const struct jv *k = &key, *const *hit;
	char *name = (char *)"id";

	kid.str = (char *)id;
	key.kid = &kid;
	key.key = &name;
	hit = bsearch(&k, c->sorted, c->results->n, sizeof(*c->sorted), by_id);
	return hit ? *hit : NULL;
}

static struct cert_cov *cov_get(struct cert_covs *cv, const char *name)
{
	size_t i;

	for (i = 0; i < cv->n; i++)
		if (!strcmp(cv->c[i].name, name))
			return &cv->c[i];
	if (cv->n == cv->cap) {
		cv->cap = cv->cap ? 2 * cv->cap : 32;
		cv->c = realloc(cv->c, cv->cap * sizeof(*cv->c));
		if (!cv->c)
			die("out of memory");
	}
	memset(&cv->c[cv->n], 0, sizeof(cv->c[0]));
	cv->c[cv->n].name = name;
	return &cv->c[cv->n++];
}

static void cov_add(struct cert_cov *cv, unsigned v)
{
	cv->planned++;
	cv->run += v != CR_SKIP;
	cv->passed += v == CR_PASS;
	cv->failed += v == CR_FAIL || v == CR_TIMEOUT || v == CR_BROKEN;
	cv->known += v == CR_KNOWN;
	cv->skipped += v == CR_SKIP;
}

/* "x86_64.ptrace-read.at-breakpoint/avx" -> "ptrace-read" (interned) */
static const char *family_of(struct cert *c, const char *id)
{
	const char *d1 = strchr(id, '.'), *d2 = d1 ? strchr(d1 + 1, '.') : NULL;
	char name[64];
	size_t i;

	snprintf(name, sizeof(name), "%.*s", d2 ? (int)(d2 - d1 - 1) : 1,
		 d2 ? d1 + 1 : "?");
	for (i = 0; i < c->fam.n; i++)
		if (!strcmp(c->fam.c[i].name, name))
			return c->fam.c[i].name;
	return xstrdup(name);
}

/* Each result's case rule: this build's plan of every tier knows it. */
static void rules_of(struct cert *c, const struct fpabi_machine *m)
{
	struct fpabi_opts o = { .repeat = 1, .tier = TIER_MATRIX };
	struct plan p;
	size_t i;
	unsigned k;

	c->rule_of = xzalloc((c->results->n + 1) * sizeof(*c->rule_of));
	if (!c->same_arch)
		return;
	plan_select(&p, m, &o);
	for (k = 0; k < p.n; k++) {
		const struct jv *r = find(c, p.items[k].id);

		if (!r || !p.items[k].c->rule)
			continue;
		i = (size_t)(r - c->results->kid);
		c->rule_of[i] = xstrdup(p.items[k].c->rule);
	}
	plan_free(&p);
}

/* how bad a verdict is, for a cell of a run with --repeat */
static unsigned rank(unsigned v)
{
	static const unsigned r[CR_N + 1] = {
		[CR_SKIP] = 0, [CR_PASS] = 1, [CR_KNOWN] = 2, [CR_BROKEN] = 3,
		[CR_TIMEOUT] = 4, [CR_FAIL] = 5, [CR_N] = 0,
	};

	return r[v <= CR_N ? v : CR_N];
}

/* A cell's result: its ID's, or with --repeat N the worst of ID@r1..N. */
static const struct jv *cell_result(const struct cert *c, const char *id)
{
	const struct jv *best = find(c, id), *r;
	const struct jv *rep = jv_get(&c->run, "repeat");
	unsigned k, n = rep && rep->t == J_NUM && rep->num > 1 &&
			rep->num < 100001 ? (unsigned)rep->num : 0;
	char key[256];

	for (k = 1; !best && k <= n; k++) {
		snprintf(key, sizeof(key), "%s@r%u", id, k);
		r = find(c, key);
		if (r && (!best || rank(cert_verdict(r)) > rank(cert_verdict(best))))
			best = r;
	}
	for (; n && k <= n; k++) {
		snprintf(key, sizeof(key), "%s@r%u", id, k);
		r = find(c, key);
		if (r && rank(cert_verdict(r)) > rank(cert_verdict(best)))
			best = r;
	}
	return best;
}

/* one matrix cell as the heat-map places it */
struct syn_cell {
	char *id, *subject, *mode, *history;
	const char *expect;		/* this build's, or NULL */
};

struct syn {
	struct syn_cell *c;
	size_t n, cap;
};

static void syn_add(struct syn *s, const char *id, const char *subject,
		    const char *mode, const char *history, const char *expect)
{
	struct syn_cell *x;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 64;
		s->c = realloc(s->c, s->cap * sizeof(*s->c));
		if (!s->c)
			die("out of memory");
	}
	x = &s->c[s->n++];
	x->id = xstrdup(id);
	x->subject = xstrdup(subject);
	x->mode = xstrdup(mode);
	x->history = xstrdup(history);
	x->expect = expect;
}

/* a cell's column beside the modes: none, h=H, w=W or h=H/w=W */
static void column(char *buf, size_t n, const char *h, const char *w)
{
	if (h && !strcmp(h, "none"))
		h = NULL;
	if (w && !strcmp(w, "none"))
		w = NULL;
	if (!h && !w)
		snprintf(buf, n, "none");
	else
		snprintf(buf, n, "%s%s%s%s%s", h ? "h=" : "", h ? h : "",
			 h && w ? "/" : "", w ? "w=" : "", w ? w : "");
}

/* A result of matrix name's family as a cell: ARCH.NAME.SUBJECT/MODE
 * [/h=HISTORY][/w=WINDOW], its --repeat suffix dropped */
static void syn_from_id(struct syn *s, const char *id, const char *name)
{
	char base[256], col[128], *rest, *mode, *e, *h, *w;
	size_t i;

	snprintf(base, sizeof(base), "%s", id);
	e = strstr(base, "@r");
	if (e)
		*e = 0;
	for (i = 0; i < s->n; i++)
		if (!strcmp(s->c[i].id, base))
			return;
	rest = strstr(base, name);
	/* (a default cell's unobserved twin is no cell: plan.h, mx_twins) */
	if (!rest || rest[strlen(name)] != '.' ||
	    plan_id_twin(base))
		return;
	rest = xstrdup(rest + strlen(name) + 1);
	mode = strchr(rest, '/');
	if (mode)
		*mode++ = 0;
	h = mode ? strstr(mode, "/h=") : NULL;
	w = mode ? strstr(mode, "/w=") : NULL;
	if (h)
		*h++ = 0;
	if (w)
		*w++ = 0;
	if (h && (e = strchr(h, '/')))
		*e = 0;
	if (w && (e = strchr(w, '/')))
		*e = 0;
	if (mode && (e = strchr(mode, '/')))
		*e = 0;
	column(col, sizeof(col), h ? h + 2 : NULL, w ? w + 2 : NULL);
	syn_add(s, base, rest, mode ? mode : "", col, NULL);
	free(rest);
}

/* the distinct values of one field of the cells, in order (history:
 * none first; mode: those of the cells without a history first) */
static void syn_axis(FILE *f, const struct syn *s, size_t off, bool hist)
{
	const char **v = xmalloc((s->n + 2) * sizeof(*v));
	size_t nv = 0, i, j;
	int pass;

	if (hist)
		v[nv++] = "none";
	for (pass = 0; pass < 2; pass++)
		for (i = 0; i < s->n; i++) {
			const char *x = *(char *const *)((const char *)&s->c[i] + off);
			int plain = !strcmp(s->c[i].history, "none");

			if (off == offsetof(struct syn_cell, mode) ? plain == pass : pass)
				continue;
			for (j = 0; j < nv && strcmp(v[j], x); j++)
				;
			if (j == nv)
				v[nv++] = x;
		}
	fputc('[', f);
	for (i = 0; i < nv; i++) {
		fputs(i ? ", " : "", f);
		json_write_str(f, v[i]);
	}
	fputc(']', f);
	free(v);
}

/* One matrix: this build's names, the cells of this build's plan (when
 * certify ran it here) and of every result of its family. */
static void syn_matrix(FILE *f, const struct cert *c, const struct jv *b)
{
	const struct jv *cells = jv_get(b, "cells");
	const char *name = cert_str(b, "name");
	struct syn s = { 0 };
	size_t i;

	for (i = 0; !c->from && cells && i < cells->n; i++) {
		const struct jv *x = &cells->kid[i];
		char col[128];

		/* a shard's cells are those of its IDs */
		if (!plan_in_shard(cert_str(x, "id"), c->shard, c->nshards))
			continue;
		column(col, sizeof(col), cert_str(x, "history"),
		       cert_str(x, "window"));
		syn_add(&s, cert_str(x, "id"), cert_str(x, "subject"),
			cert_str(x, "mode"), col, cert_str(x, "expect"));
	}
	for (i = 0; i < c->results->n; i++)
		syn_from_id(&s, cert_str(&c->results->kid[i], "id"), name);
	fputs("{\"name\": ", f);
	json_write_str(f, name);
	fputs(", \"what\": ", f);
	json_write_str(f, cert_str(b, "what"));
	fputs(", \"axes\": {\"subject\": {\"name\": ", f);
	json_write_str(f, cert_str(get_axis(b, "subject"), "name"));
	fputs(", \"values\": ", f);
	syn_axis(f, &s, offsetof(struct syn_cell, subject), false);
	fputs("}, \"mode\": {\"name\": ", f);
	json_write_str(f, cert_str(get_axis(b, "mode"), "name"));
	fputs(", \"values\": ", f);
	syn_axis(f, &s, offsetof(struct syn_cell, mode), false);
	fputs("}, \"history\": ", f);
	syn_axis(f, &s, offsetof(struct syn_cell, history), true);
	fputs("}, \"cells\": [", f);
	for (i = 0; i < s.n; i++) {
		fputs(i ? ", {\"id\": " : "{\"id\": ", f);
		json_write_str(f, s.c[i].id);
		fputs(", \"subject\": ", f);
		json_write_str(f, s.c[i].subject);
		fputs(", \"mode\": ", f);
		json_write_str(f, s.c[i].mode);
		fputs(", \"history\": ", f);
		json_write_str(f, s.c[i].history);
		fputs(", \"expect\": ", f);
		jstr(f, s.c[i].expect);
		fputc('}', f);
		free(s.c[i].id);
		free(s.c[i].subject);
		free(s.c[i].mode);
		free(s.c[i].history);
	}
	fputs("]}", f);
	free(s.c);
}

/*
 * The matrices, each cell joined with its result: the cells of this
 * build's plan where certify ran the suite here, and with --from those
 * of the run's results (a matrix's modes are the machine's: its VLs, its
 * XCR0), named as this build names the matrices.
 */
static void matrices(struct cert *c, const struct fpabi_machine *m)
{
	const char *err;
	char *buf = NULL, *out = NULL;
	size_t len = 0, olen = 0, at, i, k;
	struct jv base;
	FILE *f = open_memstream(&buf, &len), *o;

	if (!f)
		die("open_memstream: %s", strerror(errno));
	/* the matrices and rules are this build's arch's: a run of another
	 * arch is reported without them (its own fpabi reports them) */
	if (fpabi_arch.matrices && *fpabi_arch.matrices && c->same_arch)
		matrix_json(f, m, NULL);
	else
		fputs("[]", f);
	if (fclose(f))
		die("open_memstream: %s", strerror(errno));
	err = json_parse_max(buf, &base, &at, CMP_MAX_RESULTS);
	if (err)
		die("internal: the matrices' JSON: %s at %zu", err, at);
	free(buf);
	o = open_memstream(&out, &olen);
	if (!o)
		die("open_memstream: %s", strerror(errno));
	fputc('[', o);
	for (k = 0; k < base.n; k++) {
		fputs(k ? ", " : "", o);
		syn_matrix(o, c, &base.kid[k]);
	}
	fputc(']', o);
	if (fclose(o))
		die("open_memstream: %s", strerror(errno));
	jv_free(&base);
	err = json_parse_max(out, &c->mx, &at, CMP_MAX_RESULTS);
	if (err)
		die("internal: the heat-maps' JSON: %s at %zu", err, at);
	free(out);
	c->cells = xzalloc((c->mx.n + 1) * sizeof(*c->cells));
	for (k = 0; k < c->mx.n; k++) {
		const struct jv *cells = jv_get(&c->mx.kid[k], "cells");
		struct cert_cov *cv = cov_get(&c->mat, cert_str(&c->mx.kid[k], "name"));

		c->cells[k] = xzalloc((cells->n + 1) * sizeof(**c->cells));
		for (i = 0; i < cells->n; i++) {
			struct cert_cell *cc = &c->cells[k][i];

			cc->cell = &cells->kid[i];
			cc->res = cell_result(c, cert_str(cc->cell, "id"));
			cc->n = cc->res ? (unsigned)(cc->res - c->results->kid) + 1 : 0;
			cv->planned++;
			if (!cc->res)
				continue;
			cv->planned--;
			cov_add(cv, cert_verdict(cc->res));
		}
	}
}

static void load_run(struct cert *c, const char *path)
{
	size_t len, at, i;
	const char *err;
	char *text = file_slurp(path, &len, CMP_FILE_MAX, "a results report");
	struct cmp_run check;

	if (!text)
		exit(2);
	err = cmp_parse(text, &check, &at);
	cmp_free(&check);
	if (!err && strlen(text) != len)
		err = "a NUL byte";
	if (!err)
		err = json_parse_max(text, &c->run, &at, CMP_MAX_RESULTS);
	if (err)
		usage_error("certify: %s: %s; not a report of fpabi run --json",
			    path, err);
	if (sha256_file(path, c->source_sha) < 0)
		die("certify: %s: %s", path, strerror(errno));
	free(text);
	c->results = jv_get(&c->run, "results");
	c->sorted = xmalloc((c->results->n + 1) * sizeof(*c->sorted));
	for (i = 0; i < c->results->n; i++) {
		unsigned v = cert_verdict(&c->results->kid[i]);

		c->sorted[i] = &c->results->kid[i];
		c->count[v < CR_N ? v : CR_BROKEN]++;
	}
	qsort(c->sorted, c->results->n, sizeof(*c->sorted), by_id);
}

/* ---------------------------------------------------------- report.json */

static void write_cov(FILE *f, const char *key, const struct cert_covs *cv,
		      bool last)
{
	size_t i;

	fprintf(f, "    \"%s\": [", key);
	for (i = 0; i < cv->n; i++) {
		const struct cert_cov *x = &cv->c[i];

		fputs(i ? ",\n      {\"name\": " : "\n      {\"name\": ", f);
		json_write_str(f, x->name);
		fprintf(f, ", \"planned\": %u, \"run\": %u, \"passed\": %u, "
			"\"failed\": %u, \"known_issues\": %u, \"skipped\": %u}",
			x->planned, x->run, x->passed, x->failed, x->known,
			x->skipped);
	}
	fprintf(f, "%s]%s\n", cv->n ? "\n    " : "", last ? "" : ",");
}

static int by_reason(const void *a, const void *b)
{
	const struct jv *const *x = a, *const *y = b;
	const char *rx = cert_str(*x, "reason"), *ry = cert_str(*y, "reason");
	int d = strcmp(rx ? rx : "", ry ? ry : "");

	return d ? d : strcmp(cert_str(*x, "id"), cert_str(*y, "id"));
}

/* the results of verdict v, by reason then ID (malloc'd, *n of them) */
static const struct jv **of_verdict(const struct cert *c, unsigned v, size_t *n)
{
	const struct jv **s = xmalloc((c->results->n + 1) * sizeof(*s));
	size_t i;

	*n = 0;
	for (i = 0; i < c->results->n; i++)
		if (cert_verdict(&c->results->kid[i]) == v)
			s[(*n)++] = &c->results->kid[i];
	qsort(s, *n, sizeof(*s), by_reason);
	return s;
}

static void write_skips(FILE *f, const struct cert *c)
{
	size_t n, i, j, k, groups = 0;
	const struct jv **s = of_verdict(c, CR_SKIP, &n);

	fputs("  \"skips\": [", f);
	for (i = 0; i < n; i = j) {
		const char *r = cert_str(s[i], "reason");

		for (j = i; j < n && !strcmp(cert_str(s[j], "reason") ?: "",
					     r ?: ""); j++)
			;
		fputs(groups++ ? ",\n    {\"reason\": " : "\n    {\"reason\": ", f);
		jstr(f, r);
		fprintf(f, ", \"count\": %zu, \"ids\": [", j - i);
		for (k = i; k < j; k++) {
			fputs(k > i ? ", " : "", f);
			json_write_str(f, cert_str(s[k], "id"));
		}
		fputs("]}", f);
	}
	fputs(groups ? "\n  ],\n" : "],\n", f);
	free(s);
}

static void write_known(FILE *f, const struct cert *c)
{
	size_t n, i;
	const struct jv **s = of_verdict(c, CR_KNOWN, &n);

	fputs("  \"known_issues\": [", f);
	for (i = 0; i < n; i++) {
		fputs(i ? ",\n    {" : "\n    {", f);
		copy(f, "id", s[i], false);
		copy(f, "reason", s[i], true);
		copy(f, "diagnosis", s[i], true);
		copy(f, "findings", s[i], true);
		fputc('}', f);
	}
	fputs(n ? "\n  ],\n" : "],\n", f);
	free(s);
}

static void write_matrices(FILE *f, const struct cert *c)
{
	size_t k, i;

	fputs("  \"matrices\": [", f);
	for (k = 0; k < c->mx.n; k++) {
		const struct jv *mx = &c->mx.kid[k];
		const struct jv *cells = jv_get(mx, "cells");

		fputs(k ? ",\n    {" : "\n    {", f);
		copy(f, "name", mx, false);
		copy(f, "what", mx, true);
		copy(f, "axes", mx, true);
		fputs(", \"cells\": [", f);
		for (i = 0; i < cells->n; i++) {
			const struct cert_cell *cc = &c->cells[k][i];

			fputs(i ? ",\n      {" : "\n      {", f);
			copy(f, "id", cc->cell, false);
			copy(f, "subject", cc->cell, true);
			copy(f, "mode", cc->cell, true);
			copy(f, "history", cc->cell, true);
			copy(f, "expect", cc->cell, true);
			fputs(", \"verdict\": ", f);
			jstr(f, cc->res ? cert_str(cc->res, "verdict") : NULL);
			if (cc->n)
				fprintf(f, ", \"n\": %u}", cc->n);
			else
				fputs(", \"n\": null}", f);
		}
		fputs(cells->n ? "\n    ]}" : "]}", f);
	}
	fputs(c->mx.n ? "\n  ],\n" : "],\n", f);
}

static void write_results(FILE *f, const struct cert *c)
{
	size_t i;

	fputs("  \"results\": [", f);
	for (i = 0; i < c->results->n; i++) {
		const struct jv *r = &c->results->kid[i];
		char *repro = cert_repro(r);

		fputs(i ? ",\n    {" : "\n    {", f);
		copy(f, "n", r, false);
		copy(f, "id", r, true);
		fputs(", \"family\": ", f);
		json_write_str(f, family_of((struct cert *)c, cert_str(r, "id")));
		copy(f, "verdict", r, true);
		copy(f, "seconds", r, true);
		copy(f, "reason", r, true);
		fputs(", \"rule\": ", f);
		jstr(f, c->rule_of[i] ? c->rule_of[i] : cert_str(r, "rule"));
		copy(f, "diagnosis", r, true);
		copy(f, "findings", r, true);
		copy(f, "reproduce", r, true);
		fputs(", \"repro\": ", f);
		jstr(f, repro);
		fputc('}', f);
		free(repro);
	}
	fputs(c->results->n ? "\n  ],\n" : "],\n", f);
}

static void write_json(FILE *f, const struct cert *c)
{
	const struct jv *run = jv_get(&c->run, "run");
	size_t i;

	fprintf(f, "{\n  \"report\": \"fpabi-certify\", \"format\": %d, "
		"\"command\": \"certify\", \"fpabi\": \"%s\", \"generated\": "
		"\"%s\",\n  \"verdict\": \"%s\", \"verdict_reason\": ",
		FPABI_CERTIFY_FORMAT, PACKAGE_VERSION, c->generated, c->verdict);
	json_write_str(f, c->why);
	fputs(",\n  \"source\": {\"path\": ", f);
	json_write_str(f, c->source);
	fprintf(f, ", \"sha256\": \"%s\", \"from\": %s, \"format\": ",
		c->source_sha, c->from ? "true" : "false");
	cert_jv_write(f, jv_get(&c->run, "format"));
	fputs("},\n  ", f);
	copy(f, "arch", &c->run, false);
	copy(f, "kernel", &c->run, true);
	copy(f, "profile", &c->run, true);
	fputs(",\n  ", f);
	copy(f, "environment", &c->run, false);
	fputs(",\n  \"run\": {", f);
	copy(f, "tier", &c->run, false);
	copy(f, "seed", &c->run, true);
	copy(f, "repeat", &c->run, true);
	copy(f, "shard", &c->run, true);
	copy(f, "plan", &c->run, true);
	if (jv_get(&c->run, "merged"))
		copy(f, "merged", &c->run, true);
	for (i = 0; run && i < run->n; i++) {
		fprintf(f, ", \"%s\": ", run->key[i]);
		cert_jv_write(f, &run->kid[i]);
	}
	fputs("},\n  \"totals\": {", f);
	for (i = 0; i < CR_N; i++)
		fprintf(f, "%s\"%s\": %u", i ? ", " : "", cert_verdict_name(i),
			c->count[i]);
	fputs("},\n  \"coverage\": {\n", f);
	write_cov(f, "families", &c->fam, false);
	write_cov(f, "rules", &c->rule, false);
	write_cov(f, "matrices", &c->mat, true);
	fputs("  },\n", f);
	write_matrices(f, c);
	write_skips(f, c);
	write_known(f, c);
	write_results(f, c);
}

/* DIR/name from the text in buf; report.json ends with its own digest */
static void write_file(const char *dir, const char *name, const char *buf,
		       size_t len, bool digest)
{
	char path[4200], hex[65];
	struct sha256 s;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		die("certify: cannot write %s: %s", path, strerror(errno));
	fwrite(buf, 1, len, f);
	if (digest) {
		/* over every byte before this member */
		sha256_init(&s);
		sha256_update(&s, buf, len);
		sha256_hex(&s, hex);
		fprintf(f, "  \"sha256\": \"%s\"\n}\n", hex);
	}
	if (ferror(f) | fclose(f))
		die("certify: writing %s: %s", path, strerror(errno));
}

/* ------------------------------------------------------------- command */

/* fpabi run --tier matrix ... --json DIR/run.json > DIR/run.tap */
static int run_suite(const char *dir, char **pass, int npass, char *json)
{
	char tap[4200], self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char **argv = xzalloc((size_t)(npass + 8) * sizeof(*argv));
	int i, k = 0, st;
	pid_t pid;

	if (n <= 0)
		die("certify: /proc/self/exe: %s", strerror(errno));
	self[n] = 0;
	argv[k++] = self;
	argv[k++] = (char *)"run";
	for (i = 0; i < npass; i++)
		argv[k++] = pass[i];
	argv[k++] = (char *)"--json";
	argv[k++] = json;
	snprintf(tap, sizeof(tap), "%s/run.tap", dir);
	fflush(NULL);
	pid = fork();
	if (pid < 0)
		die("certify: fork: %s", strerror(errno));
	if (!pid) {
		if (!freopen(tap, "w", stdout))
			_exit(127);
		execv(self, argv);
		_exit(127);
	}
	free(argv);
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			die("certify: waitpid: %s", strerror(errno));
	fprintf(stderr, "fpabi certify: %s run: %s, its TAP in %s\n",
		WIFEXITED(st) && WEXITSTATUS(st) < 2 ? "the" : "a failed",
		WIFEXITED(st) ? (WEXITSTATUS(st) ? "exit 1 or 2" : "exit 0") :
		"killed", tap);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 2;
}

static void report(struct cert *c, const struct fpabi_machine *m, const char *dir)
{
	char *buf = NULL;
	size_t len = 0, i;
	struct timespec now;
	FILE *f;

	clock_gettime(CLOCK_REALTIME, &now);
	iso_time(c->generated, sizeof(c->generated), &now);
	c->same_arch = cert_str(&c->run, "arch") &&
		       !strcmp(cert_str(&c->run, "arch"), fpabi_arch.name);
	rules_of(c, m);
	for (i = 0; i < c->results->n; i++) {
		const struct jv *r = &c->results->kid[i];
		unsigned v = cert_verdict(r);

		cov_add(cov_get(&c->fam, family_of(c, cert_str(r, "id"))), v);
		cov_add(cov_get(&c->rule, c->rule_of[i] ? c->rule_of[i] :
				cert_str(r, "rule") ? cert_str(r, "rule") :
				"(none)"), v);
	}
	matrices(c, m);
	cert_verdict_of(c, m);
	f = open_memstream(&buf, &len);
	if (!f)
		die("open_memstream: %s", strerror(errno));
	write_json(f, c);
	if (fclose(f))
		die("open_memstream: %s", strerror(errno));
	write_file(dir, "report.json", buf, len, true);
	free(buf);
	buf = NULL;
	f = open_memstream(&buf, &len);
	if (!f)
		die("open_memstream: %s", strerror(errno));
	cert_html(f, c);
	if (fclose(f))
		die("open_memstream: %s", strerror(errno));
	write_file(dir, "report.html", buf, len, false);
	free(buf);
}

static const struct option certify_opts[] = {
	{ "output", required_argument, NULL, 'o' },
	{ "from", required_argument, NULL, 'F' },
	{ "help", no_argument, NULL, 'h' },
	{ "tier", required_argument, NULL, 'P' },
	{ "filter", required_argument, NULL, 'P' },
	{ "exclude", required_argument, NULL, 'P' },
	{ "seed", required_argument, NULL, 'P' },
	{ "timeout", required_argument, NULL, 'P' },
	{ "tracee", required_argument, NULL, 'P' },
	{ "profile", required_argument, NULL, 'P' },
	{ "inject-fault", required_argument, NULL, 'P' },
	{ "shard", required_argument, NULL, 'S' },
	{ "kmsg", no_argument, NULL, 'K' },
	{ NULL, 0, NULL, 0 }
};

int cmd_certify(int argc, char **argv)
{
	const char *dir = NULL, *from = NULL;
	char **pass = xzalloc((size_t)(2 * argc + 4) * sizeof(*pass));
	struct fpabi_machine m;
	struct cert c;
	int ch, idx, npass = 0, rc = 0;
	bool tier = false;

	memset(&c, 0, sizeof(c));
	while ((ch = getopt_long(argc, argv, "o:h", certify_opts, &idx)) != -1) {
		switch (ch) {
		case 'o': dir = optarg; break;
		case 'F': from = optarg; break;
		case 'K':	/* fpabi-vm's `fpabi --kmsg certify ...` */
			pass[npass++] = (char *)"--kmsg";
			break;
		case 'S':
			opt_shard(optarg, &c.shard, &c.nshards);
			pass[npass++] = (char *)"--shard";
			pass[npass++] = optarg;
			break;
		case 'h': fputs(certify_usage, stdout); return 0;
		case 'P':
			pass[npass] = xmalloc(strlen(certify_opts[idx].name) + 3);
			sprintf(pass[npass++], "--%s", certify_opts[idx].name);
			pass[npass++] = optarg;
			tier |= !strcmp(certify_opts[idx].name, "tier");
			break;
		default: usage_error("%s", "certify: unknown option");
		}
	}
	if (optind < argc)
		usage_error("certify: unexpected argument '%s'", argv[optind]);
	if (!dir)
		usage_error("%s", "certify: -o DIR is needed");
	if (from && (npass || c.nshards))
		usage_error("%s", "certify: --from reports a run made before: "
			    "run options do not go with it");
	if (mkdir(dir, 0777) < 0 && errno != EEXIST)
		usage_error("certify: cannot make %s: %s", dir, strerror(errno));
	if (!tier) {
		pass[npass++] = (char *)"--tier";
		pass[npass++] = (char *)"matrix";
	}
	snprintf(c.source, sizeof(c.source), "%s", from ? from : "run.json");
	if (!from) {
		char json[4200];

		snprintf(json, sizeof(json), "%s/run.json", dir);
		if (run_suite(dir, pass, npass, json) > 1)
			fprintf(stderr, "fpabi certify: the run stopped early; "
				"the report says why\n");
		load_run(&c, json);
	} else {
		c.from = true;
		load_run(&c, from);
	}
	fpabi_probe(&m, NULL);
	report(&c, &m, dir);
	fprintf(stderr, "fpabi certify: %s: %s; wrote %s/report.json and "
		"%s/report.html\n", c.verdict, c.why, dir, dir);
	rc = strcmp(c.verdict, "pass") ? 1 : 0;
	return rc;
}
