// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench --compare A.json B.json: each figure's change from A to B
 * (either file may also be the bench's TAP output, e.g. from a guest),
 * in the form patch descriptions use ("-1.12% wall clock"), or "no
 * significant change" when the ranges of the runs' samples overlap;
 * instruction counts of fpabi-vm --count-insns are exact and judged so.  A
 * small JSON reader for the files `fpabi bench --json` writes.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/bench.h"
#include "fpabi/util.h"

enum jtype { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

struct jv {
	enum jtype t;
	double num;
	char *str;
	struct jv *kid;		/* J_ARR, J_OBJ: n values */
	char **key;		/* J_OBJ: n keys */
	size_t n;
};

struct jparse {
	const char *p;
	const char *err;
	int depth;
};

static void skip_ws(struct jparse *j)
{
	while (isspace((unsigned char)*j->p))
		j->p++;
}

static bool parse_value(struct jparse *j, struct jv *v);

static char *parse_string(struct jparse *j)
{
	size_t cap = 16, n = 0;
	char *s;

	if (*j->p != '"') {
		j->err = "a string was expected";
		return NULL;
	}
	s = xmalloc(cap);
	for (j->p++; *j->p != '"'; j->p++) {
		char ch = *j->p;

		if (!ch || (unsigned char)ch < 0x20) {
			j->err = "unterminated string";
			free(s);
			return NULL;
		}
		if (ch == '\\') {
			ch = *++j->p;
			switch (ch) {
			case 'n': ch = '\n'; break;
			case 't': ch = '\t'; break;
			case 'r': ch = '\r'; break;
			case 'b': ch = '\b'; break;
			case 'f': ch = '\f'; break;
			case 'u':	/* kept as '?': names are ASCII */
				if (!isxdigit((unsigned char)j->p[1]) ||
				    !isxdigit((unsigned char)j->p[2]) ||
				    !isxdigit((unsigned char)j->p[3]) ||
				    !isxdigit((unsigned char)j->p[4])) {
					j->err = "bad \\u escape";
					free(s);
					return NULL;
				}
				j->p += 4;
				ch = '?';
				break;
			case '"': case '\\': case '/': break;
			default:
				j->err = "bad escape";
				free(s);
				return NULL;
			}
		}
		if (n + 2 > cap)
			s = realloc(s, cap *= 2);
		if (!s)
			die("out of memory");
		s[n++] = ch;
	}
	j->p++;
	s[n] = 0;
	return s;
}

static bool parse_list(struct jparse *j, struct jv *v, bool obj)
{
	char close = obj ? '}' : ']';
	size_t cap = 0;

	v->t = obj ? J_OBJ : J_ARR;
	j->p++;
	skip_ws(j);
	if (*j->p == close) {
		j->p++;
		return true;
	}
	for (;;) {
		if (v->n == cap) {
			cap = cap ? cap * 2 : 8;
			v->kid = realloc(v->kid, cap * sizeof(*v->kid));
			v->key = realloc(v->key, cap * sizeof(*v->key));
			if (!v->kid || !v->key)
				die("out of memory");
		}
		memset(&v->kid[v->n], 0, sizeof(v->kid[0]));
		v->key[v->n] = NULL;
		skip_ws(j);
		if (obj) {
			v->key[v->n] = parse_string(j);
			if (!v->key[v->n])
				return false;
			skip_ws(j);
			if (*j->p++ != ':') {
				j->err = "':' was expected";
				v->n++;
				return false;
			}
		}
		v->n++;
		if (!parse_value(j, &v->kid[v->n - 1]))
			return false;
		skip_ws(j);
		if (*j->p == ',') {
			j->p++;
			continue;
		}
		if (*j->p++ == close)
			return true;
		j->err = obj ? "',' or '}' was expected" : "',' or ']' was expected";
		return false;
	}
}

static bool parse_value(struct jparse *j, struct jv *v)
{
	char *end;

	memset(v, 0, sizeof(*v));
	skip_ws(j);
	if (++j->depth > 32) {
		j->err = "nested too deeply";
		return false;
	}
	switch (*j->p) {
	case '{':
	case '[': {
		bool ok = parse_list(j, v, *j->p == '{');

		j->depth--;
		return ok;
	}
	case '"':
		v->t = J_STR;
		v->str = parse_string(j);
		j->depth--;
		return v->str != NULL;
	}
	j->depth--;
	if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
		v->t = j->p[0] == 't' ? J_BOOL : J_NULL;
		v->num = j->p[0] == 't';
		j->p += 4;
		return true;
	}
	if (!strncmp(j->p, "false", 5)) {
		v->t = J_BOOL;
		j->p += 5;
		return true;
	}
	errno = 0;
	v->num = strtod(j->p, &end);
	if (end == j->p || errno) {
		j->err = "a value was expected";
		return false;
	}
	v->t = J_NUM;
	j->p = end;
	return true;
}

static void jv_free(struct jv *v)
{
	for (size_t i = 0; i < v->n; i++) {
		jv_free(&v->kid[i]);
		if (v->key)
			free(v->key[i]);
	}
	free(v->kid);
	free(v->key);
	free(v->str);
}

static const struct jv *jv_get(const struct jv *v, const char *key)
{
	if (!v || v->t != J_OBJ)
		return NULL;
	for (size_t i = 0; i < v->n; i++)
		if (!strcmp(v->key[i], key))
			return &v->kid[i];
	return NULL;
}

static const char *jv_str(const struct jv *v, const char *key)
{
	const struct jv *s = jv_get(v, key);

	return s && s->t == J_STR ? s->str : NULL;
}

static bool jv_num(const struct jv *v, const char *key, double *out)
{
	const struct jv *n = jv_get(v, key);

	if (!n || n->t != J_NUM)
		return false;
	*out = n->num;
	return true;
}

static void json_string(FILE *f, const char *s, size_t n)
{
	fputc('"', f);
	for (size_t i = 0; i < n && s[i]; i++) {
		if (s[i] == '"' || s[i] == '\\')
			fputc('\\', f);
		fputc((unsigned char)s[i] < 0x20 ? ' ' : s[i], f);
	}
	fputc('"', f);
}

/*
 * The TAP of `fpabi bench` (as fpabi-vm prints it from a guest) rewritten
 * as the JSON --json writes: "ok N - ID" lines open a result, "# SKIP"
 * makes it skipped, "  KEY: {median: M, q1: A, q3: B, min: C, max: D}"
 * lines of its YAML block are its figures.  Results without a '/' in
 * their ID (kernel.log-clean) are not figures.
 */
static char *tap_to_json(const char *text)
{
	const char *line = text;
	bool open = false, first = true, fig = false;
	char *out = NULL;
	size_t outn = 0;
	FILE *f = open_memstream(&out, &outn);

	if (!f)
		die("open_memstream: %s", strerror(errno));
	fprintf(f, "{\"fpabi_bench\": 1, \"from\": \"TAP\"");
	for (; *line; line += strcspn(line, "\n") + (line[strcspn(line, "\n")] == '\n')) {
		size_t len = strcspn(line, "\r\n");
		const char *id;
		double v[5];
		char key[64];
		int n = 0;

		if (!strncmp(line, "# kernel: ", 10)) {
			fprintf(f, ", \"kernel\": ");
			json_string(f, line + 10, len - 10);
			continue;
		}
		if (!strncmp(line, "not ok ", 7)) {
			if (open)
				fprintf(f, "}}");
			open = false;
			continue;
		}
		if (sscanf(line, "ok %*u - %n", &n) >= 0 && n > 0) {
			size_t idn;

			id = line + n;
			idn = strcspn(id, " \r\n");
			if (open)
				fprintf(f, "}}");
			open = false;
			if (!memchr(id, '/', idn))
				continue;
			fprintf(f, "%s\n {\"id\": ", first ? ", \"results\": [" : ",");
			first = false;
			json_string(f, id, idn);
			if (strstr(line, " # SKIP") && strstr(line, " # SKIP") < line + len) {
				fprintf(f, ", \"status\": \"skip\"}");
				continue;
			}
			fprintf(f, ", \"status\": \"ok\", \"metrics\": {");
			open = true;
			fig = false;
			continue;
		}
		if (open && sscanf(line, "  %63[a-z_]: {median: %lf, q1: %lf, q3: %lf, "
				   "min: %lf, max: %lf}", key, &v[0], &v[1], &v[2],
				   &v[3], &v[4]) == 6) {
			fprintf(f, "%s\"%s\": {\"median\": %.17g, \"q1\": %.17g, "
				"\"q3\": %.17g, \"min\": %.17g, \"max\": %.17g}",
				fig ? ", " : "", key, v[0], v[1], v[2], v[3], v[4]);
			fig = true;
		}
	}
	if (open)
		fprintf(f, "}}");
	fprintf(f, "%s}\n", first ? ", \"results\": []" : "]");
	fclose(f);
	return out;
}

/* Read a bench file (JSON, or the TAP); its results, or NULL with a message. */
static const struct jv *load(const char *path, struct jv *root)
{
	FILE *f = fopen(path, "r");
	struct jparse j = { 0 };
	const struct jv *res;
	char *text;
	long len;

	memset(root, 0, sizeof(*root));
	if (!f) {
		fprintf(stderr, "fpabi: cannot read %s: %s\n", path, strerror(errno));
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	text = xmalloc(len > 0 ? len + 1 : 1);
	if (len < 0 || fread(text, 1, len, f) != (size_t)len) {
		fprintf(stderr, "fpabi: cannot read %s\n", path);
		fclose(f);
		free(text);
		return NULL;
	}
	fclose(f);
	text[len] = 0;
	if (!strncmp(text, "TAP version", 11) || strstr(text, "\nTAP version")) {
		char *json = tap_to_json(text);

		free(text);
		text = json;
	}
	j.p = text;
	if (parse_value(&j, root)) {
		skip_ws(&j);
		if (*j.p)
			j.err = "text after the value";
	} else if (!j.err) {
		j.err = "not JSON";
	}
	if (j.err) {
		fprintf(stderr, "fpabi: %s: %s at byte %ld\n", path, j.err,
			(long)(j.p - text));
		free(text);
		return NULL;
	}
	free(text);
	res = jv_get(root, "results");
	if (!jv_get(root, "fpabi_bench") || !res || res->t != J_ARR) {
		fprintf(stderr, "fpabi: %s is not an fpabi bench file\n", path);
		return NULL;
	}
	return res;
}

static const struct jv *find_result(const struct jv *res, const char *id)
{
	for (size_t i = 0; i < res->n; i++) {
		const char *rid = jv_str(&res->kid[i], "id");

		if (rid && !strcmp(rid, id))
			return &res->kid[i];
	}
	return NULL;
}

static const char *metric_label(const char *key)
{
	static const struct { const char *key, *label; } l[] = {
		{ "ns_per_op", "wall clock" },
		{ "user_cycles_per_op", "user cycles" },
		{ "kernel_cycles_per_op", "kernel cycles" },
		{ "user_instructions_per_op", "user instructions" },
		{ "kernel_instructions_per_op", "kernel instructions" },
		{ "counted_user_instructions_per_op",
		  "user instructions (counted)" },
		{ "counted_kernel_instructions_per_op",
		  "kernel instructions (counted)" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(l); i++)
		if (!strcmp(l[i].key, key))
			return l[i].label;
	return key;
}

struct fig {
	double median, min, max;
};

static bool fig_of(const struct jv *m, struct fig *f)
{
	return m && jv_num(m, "median", &f->median) &&
	       jv_num(m, "min", &f->min) && jv_num(m, "max", &f->max);
}

/*
 * One figure.  A change counts when the ranges [min, max] of the two
 * runs' samples do not overlap (every sample of B is beyond every sample
 * of A) and the medians differ by more than floor percent.  The ranges
 * hold the noise within a run; floor is for the drift between runs (the
 * CPU's clock, a VM's host), which two runs of one kernel measure.
 * Returns 1 if it changed.
 */
/* the limits of one comparison, and the regressions past fail_pct */
struct cmp_limits {
	double floor, fail_pct;	/* fail_pct < 0: none */
	unsigned regressions;
};

static int compare_fig(const char *id, const char *key, const struct fig *a,
		       const struct fig *b, struct cmp_limits *lim)
{
	double pct = a->median ? (b->median - a->median) / a->median * 100 : 0;
	bool apart = b->min > a->max || b->max < a->min;
	double floor = lim->floor;

	printf("%s: %s %.2f -> %.2f per op: ", id, metric_label(key),
	       a->median, b->median);
	if (apart && fabs(pct) > floor)
		printf("%+.2f%% %s\n", pct, metric_label(key));
	else if (apart)
		printf("no significant change (%+.2f%%, within --floor %g%%)\n",
		       pct, floor);
	else
		printf("no significant change (%+.2f%%; the ranges "
		       "[%.2f, %.2f] and [%.2f, %.2f] overlap)\n", pct, a->min,
		       a->max, b->min, b->max);
	/* every figure is a cost per operation: more is slower */
	if (apart && fabs(pct) > floor && lim->fail_pct >= 0 &&
	    pct > lim->fail_pct) {
		printf("%s: %s: regression: %+.2f%% is past "
		       "--fail-on-regression %g%%\n", id, metric_label(key), pct,
		       lim->fail_pct);
		lim->regressions++;
	}
	return apart && fabs(pct) > floor;
}

/* --- counted instructions (fpabi-vm --count-insns): judged exactly --- */

static bool is_counted(const char *key)
{
	return !strncmp(key, "counted_", 8);
}

/*
 * A count from the TCG plugin is exact and repeats from run to run on one
 * kernel, so any difference of the medians is a change, shown as the
 * number of instructions and as a percentage.  Returns 1 if it changed.
 */
static int compare_count(const char *id, const char *key, const struct fig *a,
			 const struct fig *b, struct cmp_limits *lim)
{
	double d = b->median - a->median;
	double pct = a->median ? d / a->median * 100 : 0;

	printf("%s: %s %.0f -> %.0f per op: ", id, metric_label(key),
	       a->median, b->median);
	if (d == 0) {
		printf("no change (counted exactly)\n");
		return 0;
	}
	printf("%+.0f (%+.2f%%) %s\n", d, pct, metric_label(key));
	if (lim->fail_pct >= 0 && pct > lim->fail_pct) {
		printf("%s: %s: regression: %+.2f%% is past "
		       "--fail-on-regression %g%%\n", id, metric_label(key), pct,
		       lim->fail_pct);
		lim->regressions++;
	}
	return 1;
}

struct tally {
	unsigned figs;			/* figures compared */
	unsigned counts, counts_changed;	/* of them counted, changed */
};

static unsigned compare_result(const struct jv *ra, const struct jv *rb,
			       const char *id, struct tally *t,
			       struct cmp_limits *lim)
{
	const char *sa = jv_str(ra, "status"), *sb = jv_str(rb, "status");
	const struct jv *ma = jv_get(ra, "metrics"), *mb = jv_get(rb, "metrics");
	unsigned changed = 0;

	if (!sa || !sb || strcmp(sa, "ok") || strcmp(sb, "ok") || !ma || !mb) {
		printf("%s: not compared (A: %s, B: %s)\n", id,
		       sa && !strcmp(sa, "ok") ? "ran" : "skipped",
		       sb && !strcmp(sb, "ok") ? "ran" : "skipped");
		return 0;
	}
	for (size_t k = 0; ma->t == J_OBJ && k < ma->n; k++) {
		struct fig fa, fb;

		if (!fig_of(&ma->kid[k], &fa))
			continue;
		if (!fig_of(jv_get(mb, ma->key[k]), &fb)) {
			printf("%s: %s only in A\n", id, metric_label(ma->key[k]));
			continue;
		}
		t->figs++;
		if (is_counted(ma->key[k])) {
			int c = compare_count(id, ma->key[k], &fa, &fb, lim);

			t->counts++;
			t->counts_changed += c;
			changed += c;
			continue;
		}
		changed += compare_fig(id, ma->key[k], &fa, &fb, lim);
	}
	return changed;
}

int bench_compare(const char *a, const char *b, double floor, double fail_pct)
{
	struct cmp_limits lim = { .floor = floor, .fail_pct = fail_pct };
	struct jv ja, jb;
	const struct jv *ra = load(a, &ja), *rb = ra ? load(b, &jb) : NULL;
	struct tally t = { 0 };
	unsigned changed = 0;

	if (!ra || !rb) {
		jv_free(&ja);
		if (ra)
			jv_free(&jb);
		return 2;
	}
	printf("A: %s (%s)\nB: %s (%s)\n", a, jv_str(&ja, "kernel") ?: "?",
	       b, jv_str(&jb, "kernel") ?: "?");
	for (size_t i = 0; i < ra->n; i++) {
		const char *id = jv_str(&ra->kid[i], "id");
		const struct jv *other = id ? find_result(rb, id) : NULL;

		if (!id)
			continue;
		if (!other) {
			printf("%s: only in A\n", id);
			continue;
		}
		changed += compare_result(&ra->kid[i], other, id, &t, &lim);
	}
	for (size_t i = 0; i < rb->n; i++) {
		const char *id = jv_str(&rb->kid[i], "id");

		if (id && !find_result(ra, id))
			printf("%s: only in B\n", id);
	}
	if (t.counts)
		printf("%u instruction counts compared, %u changed\n", t.counts,
		       t.counts_changed);
	printf("%u figures compared, %u changed\n", t.figs, changed);
	if (fail_pct >= 0)
		printf("%u regression(s) past --fail-on-regression %g%%\n",
		       lim.regressions, fail_pct);
	jv_free(&ja);
	jv_free(&jb);
	return lim.regressions ? 1 : 0;
}
