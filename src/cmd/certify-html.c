// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * certify's report.html: one self-contained page (no script, no font,
 * no request) a person reads and prints: the verdict and the counts
 * first, the environment, a heat-map per matrix (subjects as rows, modes
 * and histories as columns, each cell coloured by its verdict, its title
 * the finding, a failing cell linked to the failure), the failures with
 * their findings and reproducer lines, the known kernel issues with their
 * evidence, the skips by reason, the coverage, and every result.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/certify.h"
#include "fpabi/compare.h"
#include "fpabi/util.h"

static const char css[] =
"body{font:14px/1.4 sans-serif;margin:1.5em auto;max-width:80em;padding:0 1em;color:#111}"
"h1{font-size:2.4em;margin:.2em 0}h2{border-bottom:2px solid #999;margin-top:1.6em}"
"h3{margin:1em 0 .3em}code,pre,.id{font-family:monospace;font-size:12px}"
"pre{background:#f4f4f4;padding:.4em;white-space:pre-wrap;word-break:break-all}"
"table{border-collapse:collapse;margin:.4em 0}td,th{border:1px solid #ccc;padding:2px 6px;"
"text-align:left;vertical-align:top}th{background:#eee}"
".verdict{padding:.6em 1em;border-radius:6px;color:#fff}.v-pass{background:#1b7a2f}"
".v-fail{background:#b3121d}.v-incomplete{background:#8a6100}"
".counts{display:flex;flex-wrap:wrap;gap:1em;margin:.5em 0 0;padding:0}"
".counts div{background:rgba(255,255,255,.18);padding:.2em .7em;border-radius:4px}"
".counts dt{font-size:.85em}.counts dd{margin:0;font-size:1.5em;font-weight:bold}"
".env th{width:14em}.heat{font-size:11px}.heat td{width:1.6em;height:1.4em;padding:0;"
"text-align:center}.heat td a,.heat td span{display:block;color:inherit;text-decoration:none}"
".heat th{font-weight:normal;white-space:nowrap}.heat thead th{writing-mode:vertical-rl;"
"transform:rotate(180deg);max-height:20em}.heat thead th:first-child{writing-mode:horizontal-tb;"
"transform:none;vertical-align:bottom}"
".c-pass{background:#7fc97f}.c-fail,.c-timeout,.c-broken{background:#e7298a;color:#fff}"
".c-skip{background:#ddd;color:#666}.c-known-issue{background:#fdc086}.c-none{background:#fff;color:#bbb}"
".c-empty{background:repeating-linear-gradient(45deg,#fff,#fff 3px,#eee 3px,#eee 5px)}"
".legend span{display:inline-block;padding:0 .5em;margin-right:.3em;border:1px solid #ccc}"
".failure{border-left:4px solid #e7298a;padding-left:.8em;margin:1em 0}"
".known{border-left:4px solid #fdc086;padding-left:.8em;margin:1em 0}"
".results td{font-size:12px}.scroll{overflow-x:auto}"
"@media print{body{max-width:none;margin:0;font-size:11px}"
"*{-webkit-print-color-adjust:exact;print-color-adjust:exact}"
".failure,.known,.heat{break-inside:avoid}h2{break-after:avoid}"
"a{color:inherit;text-decoration:none}}";

unsigned cert_verdict(const struct jv *r)
{
	static const char *const names[CR_N] = {
		"pass", "fail", "skip", "known-issue", "timeout", "broken",
	};
	const char *v = cert_str(r, "verdict");
	unsigned k;

	for (k = 0; v && k < CR_N; k++)
		if (!strcmp(v, names[k]))
			return k;
	return CR_N;
}

const char *cert_verdict_name(unsigned v)
{
	return cmp_verdict_name((enum cmp_verdict)v);
}

const char *cert_str(const struct jv *o, const char *key)
{
	const struct jv *v = jv_get(o, key);

	return v && v->t == J_STR ? v->str : NULL;
}

char *cert_repro(const struct jv *r)
{
	const char *y = cert_str(r, "yaml"), *p;
	char *out, *o;

	p = y ? strstr(y, "\nrepro: \"") : NULL;
	if (!p)
		return NULL;
	out = o = xmalloc(strlen(p));
	for (p += 9; *p && *p != '"'; p++) {
		if (*p == '\\' && p[1])
			p++;
		*o++ = *p;
	}
	*o = 0;
	return out;
}

void cert_jv_write(FILE *f, const struct jv *v)
{
	size_t i;

	switch (v->t) {
	case J_NULL: fputs("null", f); return;
	case J_BOOL: fputs(v->num ? "true" : "false", f); return;
	case J_NUM: fprintf(f, "%.15g", v->num); return;
	case J_STR: json_write_str(f, v->str); return;
	case J_ARR:
	case J_OBJ:
		break;
	}
	fputc(v->t == J_ARR ? '[' : '{', f);
	for (i = 0; i < v->n; i++) {
		fputs(i ? ", " : "", f);
		if (v->t == J_OBJ) {
			json_write_str(f, v->key[i]);
			fputs(": ", f);
		}
		cert_jv_write(f, &v->kid[i]);
	}
	fputc(v->t == J_ARR ? ']' : '}', f);
}

static void h(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
	}
}

static const struct jv *get(const struct jv *o, const char *path)
{
	char key[64];
	const char *dot;

	while (o && (dot = strchr(path, '.'))) {
		snprintf(key, sizeof(key), "%.*s", (int)(dot - path), path);
		o = jv_get(o, key);
		path = dot + 1;
	}
	return jv_get(o, path);
}

/* a leaf as text: a string, a number, true/false, or "-" */
static void leaf(FILE *f, const struct jv *v)
{
	if (!v || v->t == J_NULL)
		fputs("-", f);
	else if (v->t == J_STR)
		h(f, v->str);
	else if (v->t == J_NUM)
		fprintf(f, "%.15g", v->num);
	else if (v->t == J_BOOL)
		fputs(v->num ? "yes" : "no", f);
	else if (v->t == J_ARR) {
		size_t i;

		for (i = 0; i < v->n; i++) {
			fputs(i ? ", " : "", f);
			leaf(f, &v->kid[i]);
		}
	}
}

static void row(FILE *f, const char *name, const struct jv *env,
		const char *path)
{
	const struct jv *v = get(env, path);

	if (!v)
		return;
	fprintf(f, "<tr><th>%s</th><td>", name);
	leaf(f, v);
	fputs("</td></tr>\n", f);
}

static void header(FILE *f, const struct cert *c)
{
	static const struct { unsigned v; const char *label; } counts[] = {
		{ CR_PASS, "passed" }, { CR_FAIL, "failed" },
		{ CR_TIMEOUT, "timed out" }, { CR_BROKEN, "broken" },
		{ CR_KNOWN, "known issues" }, { CR_SKIP, "skipped" },
	};
	unsigned i;

	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n<title>"
	      "fpabi certification: ", f);
	h(f, c->verdict);
	fputs(", ", f);
	h(f, cert_str(&c->run, "kernel"));
	fprintf(f, "</title>\n<style>%s</style></head><body>\n", css);
	fprintf(f, "<header class=\"verdict v-%s\" id=\"verdict\"><h1 "
		"data-verdict=\"%s\">%s</h1>\n<p>", c->verdict, c->verdict,
		!strcmp(c->verdict, "pass") ? "PASS" :
		!strcmp(c->verdict, "fail") ? "FAIL" : "INCOMPLETE");
	h(f, c->why);
	fputs("</p><p>", f);
	h(f, cert_str(&c->run, "arch"));
	fputs(" &middot; kernel ", f);
	h(f, cert_str(&c->run, "kernel"));
	fputs(" &middot; profile ", f);
	h(f, cert_str(&c->run, "profile"));
	fputs("</p>\n<dl class=\"counts\">", f);
	fprintf(f, "<div><dt>results</dt><dd data-count=\"results\">%zu</dd></div>",
		c->results->n);
	for (i = 0; i < ARRAY_SIZE(counts); i++)
		fprintf(f, "<div><dt>%s</dt><dd data-count=\"%s\">%u</dd></div>",
			counts[i].label, cert_verdict_name(counts[i].v),
			c->count[counts[i].v]);
	fputs("</dl></header>\n", f);
}

static void environment(FILE *f, const struct cert *c)
{
	const struct jv *env = jv_get(&c->run, "environment");
	const struct jv *q = get(env, "platform.quirks");
	const struct jv *cq = get(env, "calibration.quirks");
	size_t i;

	fputs("<section id=\"environment\"><h2>Environment</h2>\n"
	      "<table class=\"env\">\n", f);
	row(f, "kernel release", env, "kernel.release");
	row(f, "kernel version", env, "kernel.version");
	row(f, "kernel config", env, "kernel.config.path");
	row(f, "config SHA-256", env, "kernel.config.sha256");
	row(f, "arch", env, "arch");
	row(f, "CPUs", env, "cpus");
	row(f, "CPU", env, "cpu.model_name");
	row(f, "vendor", env, "cpu.vendor");
	row(f, "MIDR_EL1", env, "cpu.midr_el1");
	row(f, "features", env, "features");
	row(f, "XCR0", env, "cpu.xcr0");
	row(f, "XSAVE size", env, "cpu.xsave.size");
	row(f, "hwcap", env, "cpu.hwcap");
	row(f, "hwcap2", env, "cpu.hwcap2");
	row(f, "SVE VLs", env, "cpu.sve_vls.supported");
	row(f, "SME VLs", env, "cpu.sme_vls.supported");
	row(f, "platform", env, "platform.what");
	row(f, "platform evidence", env, "platform.evidence");
	for (i = 0; q && q->t == J_ARR && i < q->n; i++) {
		fputs("<tr><th>quirk ", f);
		h(f, cert_str(&q->kid[i], "name"));
		fputs("</th><td>", f);
		h(f, cert_str(&q->kid[i], "state"));
		fputs(": ", f);
		h(f, cert_str(&q->kid[i], "detail"));
		fputs("</td></tr>\n", f);
	}
	row(f, "calibration forms", env, "calibration.forms");
	for (i = 0; cq && cq->t == J_ARR && i < cq->n; i++) {
		fputs("<tr><th>CPU quirk ", f);
		h(f, cert_str(&cq->kid[i], "name"));
		fputs("</th><td>", f);
		h(f, cert_str(&cq->kid[i], "how"));
		fputs("; bits compared: ", f);
		h(f, cert_str(&cq->kid[i], "kept_bits"));
		fputs("</td></tr>\n", f);
	}
	row(f, "profile", env, "profile");
	row(f, "fpabi", env, "fpabi.version");
	row(f, "fpabi SHA-256", env, "fpabi.fpabi.sha256");
	row(f, "tracee SHA-256", env, "fpabi.tracee.sha256");
	row(f, "exec probe SHA-256", env, "fpabi.exec_probe.sha256");
	row(f, "run start", &c->run, "run.start");
	row(f, "tier", &c->run, "tier");
	row(f, "seed", &c->run, "seed");
	row(f, "run seconds", &c->run, "run.seconds");
	row(f, "run outcome", &c->run, "run.outcome");
	row(f, "outcome reason", &c->run, "run.reason");
	fputs("<tr><th>source</th><td>", f);
	h(f, c->source);
	fprintf(f, " (SHA-256 %s)</td></tr>\n</table></section>\n", c->source_sha);
}

/* the cell's title: its ID, verdict and first finding or reason */
static void cell_title(FILE *f, const struct cert_cell *cc)
{
	const char *d = cc->res ? cert_str(cc->res, "diagnosis") : NULL;
	const char *r = cc->res ? cert_str(cc->res, "reason") : NULL;

	h(f, cert_str(cc->cell, "id"));
	fputs(": ", f);
	h(f, cc->res ? cert_str(cc->res, "verdict") : "not in this run");
	if (cert_str(cc->cell, "expect")) {
		fputs(" (expect ", f);
		h(f, cert_str(cc->cell, "expect"));
		fputs(")", f);
	}
	if (d || r) {
		fputs(": ", f);
		h(f, d ? d : r);
	}
}

static void heat_cell(FILE *f, const struct cert_cell *cc)
{
	static const char *const glyph[CR_N + 1] = {
		"&#10003;", "&#10007;", "&ndash;", "K", "T", "B", "&middot;",
	};
	unsigned v = cc->res ? cert_verdict(cc->res) : CR_N;
	bool bad = v == CR_FAIL || v == CR_TIMEOUT || v == CR_BROKEN ||
		   v == CR_KNOWN;

	fprintf(f, "<td class=\"c-%s\" data-id=\"", v < CR_N ? cert_verdict_name(v) : "none");
	h(f, cert_str(cc->cell, "id"));
	fputs("\">", f);
	if (bad)
		fprintf(f, "<a href=\"#r-%u\" title=\"", cc->n);
	else
		fputs("<span title=\"", f);
	cell_title(f, cc);
	fprintf(f, "\">%s</%s></td>", glyph[v], bad ? "a" : "span");
}

/* The columns: each (mode, history/window) pair the cells have, those
 * without history or window first, in the mode axis' order. */
static size_t columns(const struct jv *cells, const struct jv *mode,
		      const struct jv **col)
{
	size_t n = 0, i, j, m;

	for (m = 0; m <= mode->n; m++)
		for (i = 0; i < cells->n; i++) {
			const struct jv *x = &cells->kid[i];
			bool plain = !strcmp(cert_str(x, "history"), "none");

			if (m < mode->n ? !plain || strcmp(cert_str(x, "mode"),
							  mode->kid[m].str) : plain)
				continue;
			for (j = 0; j < n; j++)
				if (!strcmp(cert_str(col[j], "mode"), cert_str(x, "mode")) &&
				    !strcmp(cert_str(col[j], "history"),
					    cert_str(x, "history")))
					break;
			if (j == n)
				col[n++] = x;
		}
	return n;
}

/* subjects as rows; each mode, then each mode with a history or window,
 * as columns */
static void heat_map(FILE *f, const struct cert *c, size_t k)
{
	const struct jv *mx = &c->mx.kid[k], *cells = jv_get(mx, "cells");
	const struct jv *subj = get(mx, "axes.subject.values");
	const struct jv *mode = get(mx, "axes.mode.values");
	const struct jv **col = xmalloc((cells->n + 1) * sizeof(*col));
	size_t s, m, i, ncol = columns(cells, mode, col);

	fputs("<h3 id=\"m-", f);
	h(f, cert_str(mx, "name"));
	fputs("\">", f);
	h(f, cert_str(mx, "name"));
	fputs("</h3><p>", f);
	h(f, cert_str(mx, "what"));
	for (i = 0; i < cells->n && !c->cells[k][i].res; i++)
		;
	if (i == cells->n) {
		fprintf(f, "</p>\n<p>None of its %zu cells is in this run.</p>\n",
			cells->n);
		free(col);
		return;
	}
	fputs("</p>\n<div class=\"scroll\"><table class=\"heat\"><thead><tr><th>", f);
	h(f, cert_str(get(mx, "axes.subject"), "name"));
	fputs(" \\ ", f);
	h(f, cert_str(get(mx, "axes.mode"), "name"));
	fputs("</th>", f);
	for (m = 0; m < ncol; m++) {
		fputs("<th>", f);
		h(f, cert_str(col[m], "mode"));
		if (strcmp(cert_str(col[m], "history"), "none")) {
			fputs(" ", f);
			h(f, cert_str(col[m], "history"));
		}
		fputs("</th>", f);
	}
	fputs("</tr></thead><tbody>\n", f);
	for (s = 0; s < subj->n; s++) {
		fputs("<tr><th>", f);
		h(f, subj->kid[s].str);
		fputs("</th>", f);
		for (m = 0; m < ncol; m++) {
			for (i = 0; i < cells->n; i++)
				if (!strcmp(cert_str(&cells->kid[i], "subject"),
					    subj->kid[s].str) &&
				    !strcmp(cert_str(&cells->kid[i], "mode"),
					    cert_str(col[m], "mode")) &&
				    !strcmp(cert_str(&cells->kid[i], "history"),
					    cert_str(col[m], "history")))
					break;
			if (i < cells->n)
				heat_cell(f, &c->cells[k][i]);
			else
				fputs("<td class=\"c-empty\"></td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table></div>\n", f);
	free(col);
}

static void heat_maps(FILE *f, const struct cert *c)
{
	size_t k;

	fputs("<section id=\"matrices\"><h2>Matrices</h2>\n<p class=\"legend\">"
	      "<span class=\"c-pass\">&#10003; pass</span><span class=\"c-fail\">"
	      "&#10007; fail (T timeout, B broken)</span><span class=\"c-known-issue\">"
	      "K known issue</span><span class=\"c-skip\">&ndash; skip</span>"
	      "<span class=\"c-none\">&middot; not run</span><span class=\"c-empty\">"
	      "no such cell (the plan covers pairs)</span> Hover a cell for "
	      "its ID and finding; a failing cell links to the failure.</p>\n", f);
	if (!c->same_arch) {
		fputs("<p>This run is of ", f);
		h(f, cert_str(&c->run, "arch"));
		fputs(": that arch's fpabi reports its matrices "
		      "(<code>fpabi certify --from</code>).</p>\n", f);
	} else if (!c->mx.n) {
		fputs("<p>This arch has no matrices.</p>\n", f);
	}
	for (k = 0; k < c->mx.n; k++)
		heat_map(f, c, k);
	fputs("</section>\n", f);
}

static void findings(FILE *f, const struct jv *r)
{
	const struct jv *fs = jv_get(r, "findings");
	size_t i;

	if (!fs || fs->t != J_ARR || !fs->n)
		return;
	fputs("<table><tr><th>observer</th><th>register</th><th>bytes</th>"
	      "<th>expected</th><th>got</th><th>class</th><th>origin</th>"
	      "<th>rule</th></tr>\n", f);
	for (i = 0; i < fs->n; i++) {
		const struct jv *x = &fs->kid[i];
		static const char *const keys[] = {
			"observer", "register", "bytes", "expected", "got",
			"classification", "origin", "rule",
		};
		unsigned k;

		fputs("<tr>", f);
		if (!jv_get(x, "observer")) {
			fputs("<td colspan=\"8\">", f);
			h(f, cert_str(x, "line"));
			fputs("</td></tr>\n", f);
			continue;
		}
		for (k = 0; k < ARRAY_SIZE(keys); k++) {
			fputs("<td>", f);
			leaf(f, jv_get(x, keys[k]));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void result_article(FILE *f, const struct jv *r, size_t n,
			   const char *cls)
{
	char *repro = cert_repro(r);

	fprintf(f, "<article class=\"%s\" id=\"r-%zu\"><h3 class=\"id\">", cls, n);
	h(f, cert_str(r, "id"));
	fputs("</h3><p><b>", f);
	h(f, cert_str(r, "verdict"));
	fputs("</b>: ", f);
	h(f, cert_str(r, "diagnosis") ? cert_str(r, "diagnosis") :
	  cert_str(r, "reason"));
	fputs("</p>\n", f);
	if (!strcmp(cls, "known")) {
		fputs("<p>Evidence: ", f);
		h(f, cert_str(r, "reason"));
		fputs("</p>\n", f);
	}
	findings(f, r);
	if (cert_str(r, "reproduce")) {
		fputs("<p>Run it again:</p><pre>", f);
		h(f, cert_str(r, "reproduce"));
		fputs("</pre>\n", f);
	}
	if (repro) {
		fputs("<p>As a standalone C reproducer:</p><pre>", f);
		h(f, repro);
		fputs("</pre>\n", f);
	}
	fputs("</article>\n", f);
	free(repro);
}

static void failures(FILE *f, const struct cert *c)
{
	unsigned bad = c->count[CR_FAIL] + c->count[CR_TIMEOUT] + c->count[CR_BROKEN];
	size_t i;

	fprintf(f, "<section id=\"failures\"><h2>Failures (<span "
		"data-count=\"failures\">%u</span>)</h2>\n", bad);
	if (!bad)
		fputs("<p>No case failed.</p>\n", f);
	for (i = 0; i < c->results->n; i++) {
		unsigned v = cert_verdict(&c->results->kid[i]);

		if (v == CR_FAIL || v == CR_TIMEOUT || v == CR_BROKEN)
			result_article(f, &c->results->kid[i], i + 1, "failure");
	}
	fprintf(f, "</section>\n<section id=\"known\"><h2>Known kernel issues "
		"(<span data-count=\"known\">%u</span>)</h2>\n", c->count[CR_KNOWN]);
	if (!c->count[CR_KNOWN])
		fputs("<p>None showed.</p>\n", f);
	for (i = 0; i < c->results->n; i++)
		if (cert_verdict(&c->results->kid[i]) == CR_KNOWN)
			result_article(f, &c->results->kid[i], i + 1, "known");
	fputs("</section>\n", f);
}

static int by_reason(const void *a, const void *b)
{
	const struct jv *const *x = a, *const *y = b;
	const char *rx = cert_str(*x, "reason"), *ry = cert_str(*y, "reason");

	return strcmp(rx ? rx : "", ry ? ry : "");
}

static void skips(FILE *f, const struct cert *c)
{
	const struct jv **s = xmalloc((c->results->n + 1) * sizeof(*s));
	size_t n = 0, i, j;

	for (i = 0; i < c->results->n; i++)
		if (cert_verdict(&c->results->kid[i]) == CR_SKIP)
			s[n++] = &c->results->kid[i];
	qsort(s, n, sizeof(*s), by_reason);
	fprintf(f, "<section id=\"skips\"><h2>Skips by reason (<span "
		"data-count=\"skips\">%zu</span>)</h2>\n", n);
	for (i = 0; i < n; i = j) {
		for (j = i; j < n && !by_reason(&s[i], &s[j]); j++)
			;
		fprintf(f, "<details><summary><b>%zu</b> ", j - i);
		h(f, cert_str(s[i], "reason"));
		fputs("</summary><p class=\"id\">", f);
		for (; i < j; i++) {
			h(f, cert_str(s[i], "id"));
			fputs(i + 1 < j ? ", " : "", f);
		}
		fputs("</p></details>\n", f);
	}
	fputs("</section>\n", f);
	free(s);
}

static void cov_table(FILE *f, const char *what, const struct cert_covs *cv)
{
	size_t i;

	fprintf(f, "<h3>%s</h3><table><tr><th>%s</th><th>planned</th><th>run"
		"</th><th>passed</th><th>failed</th><th>known</th><th>skipped"
		"</th></tr>\n", what, what);
	for (i = 0; i < cv->n; i++) {
		const struct cert_cov *x = &cv->c[i];

		fputs("<tr><td>", f);
		h(f, x->name);
		fprintf(f, "</td><td>%u</td><td>%u</td><td>%u</td><td>%u</td>"
			"<td>%u</td><td>%u</td></tr>\n", x->planned, x->run,
			x->passed, x->failed, x->known, x->skipped);
	}
	fputs("</table>\n", f);
}

static void all_results(FILE *f, const struct cert *c)
{
	size_t i;

	fprintf(f, "<section id=\"results\"><h2>Every result</h2><details>"
		"<summary>%zu results</summary>\n<table class=\"results\"><tr>"
		"<th>#</th><th>ID</th><th>verdict</th><th>seconds</th><th>"
		"diagnosis or reason</th></tr>\n", c->results->n);
	for (i = 0; i < c->results->n; i++) {
		const struct jv *r = &c->results->kid[i];
		unsigned v = cert_verdict(r);
		const char *d = cert_str(r, "diagnosis");

		fprintf(f, "<tr class=\"c-%s\"><td>%zu</td><td class=\"id\">",
			v < CR_N ? cert_verdict_name(v) : "none", i + 1);
		if (v == CR_FAIL || v == CR_TIMEOUT || v == CR_BROKEN || v == CR_KNOWN)
			fprintf(f, "<a href=\"#r-%zu\">", i + 1);
		h(f, cert_str(r, "id"));
		if (v == CR_FAIL || v == CR_TIMEOUT || v == CR_BROKEN || v == CR_KNOWN)
			fputs("</a>", f);
		fputs("</td><td>", f);
		h(f, cert_str(r, "verdict"));
		fputs("</td><td>", f);
		leaf(f, jv_get(r, "seconds"));
		fputs("</td><td>", f);
		h(f, d ? d : cert_str(r, "reason"));
		fputs("</td></tr>\n", f);
	}
	fputs("</table></details></section>\n", f);
}

void cert_html(FILE *f, const struct cert *c)
{
	header(f, c);
	environment(f, c);
	heat_maps(f, c);
	failures(f, c);
	skips(f, c);
	fputs("<section id=\"coverage\"><h2>Coverage</h2>\n", f);
	cov_table(f, "family", &c->fam);
	cov_table(f, "matrix", &c->mat);
	cov_table(f, "rule", &c->rule);
	fputs("</section>\n", f);
	all_results(f, c);
	fprintf(f, "<footer><p>fpabi certify, generated %s; report.json holds "
		"the same with a SHA-256 over the file.</p></footer>\n"
		"</body></html>\n", c->generated);
}
