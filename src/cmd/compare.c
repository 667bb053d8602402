// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi compare A.json B.json: what changed from run A to run B (two
 * kernels, two CPUs, before and after a patch): new and fixed failures,
 * new known issues, new and vanished IDs, changed skips and known
 * issues, and the environment, as TAP or JSON; exit 1 when B regresses.
 * The files are hostile input: read with the bounded JSON reader.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/bench-read.h"
#include "fpabi/compare.h"
#include "fpabi/opts.h"
#include "fpabi/util.h"

static const char compare_usage[] =
"Usage: fpabi compare [--format tap|json] [-o FILE] A.json B.json\n"
"What changed from run A to run B: each file is the --json report of\n"
"fpabi run (also one fpabi merge joined from shards) or the report.json\n"
"of fpabi certify.  Lists the new failures (a fail, timeout or broken\n"
"setup in B where A had none, or an ID only B has that fails), the new\n"
"known kernel issues (known-issue in B where A passed), the fixed\n"
"failures, the IDs still failing, the IDs only in B and only in A, the\n"
"changed skips (another reason, newly skipped, runs now), the changed\n"
"known issues, and every environment value that differs.\n"
"  --format tap|json  the report's form (default tap)\n"
"  -o, --output FILE  write it to FILE ('-': stdout, the default)\n"
"Exit status: 0 B does not regress from A, 1 it does (a new failure or\n"
"known issue), 2 bad usage or a file that is not a results report.\n";

static const char *const verdicts[CV_N] = {
	[CV_PASS] = "pass", [CV_FAIL] = "fail", [CV_SKIP] = "skip",
	[CV_KNOWN] = "known-issue", [CV_TIMEOUT] = "timeout",
	[CV_BROKEN] = "broken",
};

const char *cmp_verdict_name(enum cmp_verdict v)
{
	return v < CV_N ? verdicts[v] : "?";
}

static bool failing(enum cmp_verdict v)
{
	return v == CV_FAIL || v == CV_TIMEOUT || v == CV_BROKEN;
}

/* a string member, or NULL where it is absent or null; err if another type */
static bool opt_str(const struct jv *o, const char *key, const char **out)
{
	const struct jv *v = jv_get(o, key);

	*out = NULL;
	if (!v || v->t == J_NULL)
		return true;
	if (v->t != J_STR)
		return false;
	*out = v->str;
	return true;
}

static int by_id(const void *a, const void *b)
{
	const struct cmp_result *x = a, *y = b;

	return strcmp(x->id, y->id);
}

/* One result object into r; NULL, or what is wrong with it. */
static const char *parse_result(const struct jv *o, struct cmp_result *r)
{
	const struct jv *id = jv_get(o, "id"), *v = jv_get(o, "verdict");
	unsigned k;

	if (o->t != J_OBJ)
		return "a result is not an object";
	if (!id || id->t != J_STR || !*id->str)
		return "a result has no \"id\" string";
	if (!v || v->t != J_STR)
		return "a result has no \"verdict\" string";
	for (k = 0; k < CV_N && strcmp(v->str, verdicts[k]); k++)
		;
	if (k == CV_N)
		return "a result's verdict is not pass, fail, skip, "
		       "known-issue, timeout or broken";
	r->id = id->str;
	r->verdict = k;
	if (!opt_str(o, "reason", &r->reason) ||
	    !opt_str(o, "diagnosis", &r->diagnosis))
		return "a result's reason or diagnosis is not a string";
	return NULL;
}

static void flatten(const struct jv *v, const char *path, char ***kv,
		    size_t *n, size_t *cap);

/* Two leaves of the environment at one path (a key twice in an object:
 * RFC 8259 leaves its meaning open, so compare refuses it). */
static bool env_twice(const struct jv *env)
{
	char **kv = NULL;
	size_t n = 0, cap = 0, i, j;
	bool twice = false;

	flatten(env, "environment", &kv, &n, &cap);
	for (i = 0; i < n && !twice; i += 2)
		for (j = i + 2; j < n && !twice; j += 2)
			twice = !strcmp(kv[i], kv[j]);
	for (i = 0; i < n; i++)
		free(kv[i]);
	free(kv);
	return twice;
}

/*
 * A shard ("shard": {"index": I, "of": N}) or a partial merge ("merged":
 * {"partial": true, "missing": [...]}), at the top (run --json, merge)
 * or in "run" (certify's report.json): what part of the plan it is.
 */
static void part_of(const struct jv *root, char *buf, size_t n)
{
	const struct jv *run = jv_get(root, "run");
	const struct jv *s = jv_get(root, "shard") ? jv_get(root, "shard") :
			     jv_get(run, "shard");
	const struct jv *mg = jv_get(root, "merged") ? jv_get(root, "merged") :
			      jv_get(run, "merged");
	const struct jv *pt = jv_get(mg, "partial"), *ms = jv_get(mg, "missing");
	double i, of;
	size_t k, len;

	buf[0] = 0;
	if (s && s->t == J_OBJ && jv_num(s, "index", &i) && jv_num(s, "of", &of) &&
	    i >= 1 && of > 1 && of <= 1e6) {
		snprintf(buf, n, "shard %.0f/%.0f", i, of);
		return;
	}
	if (!pt || pt->t != J_BOOL || !pt->num || !jv_num(mg, "of", &of) ||
	    !ms || ms->t != J_ARR)
		return;
	len = (size_t)snprintf(buf, n, "a partial merge: shard%s ",
			       ms->n > 1 ? "s" : "");
	for (k = 0; k < ms->n && len < n - 40; k++)
		len += (size_t)snprintf(buf + len, n - len, "%s%.0f/%.0f",
					k ? ", " : "", ms->kid[k].t == J_NUM ?
					ms->kid[k].num : 0, of);
	snprintf(buf + len, n - len, " missing");
}

const char *cmp_parse(const char *text, struct cmp_run *run, size_t *at)
{
	const struct jv *res, *fmt, *cmd;
	const char *err;
	size_t i;

	memset(run, 0, sizeof(*run));
	*at = 0;
	err = json_parse_max(text, &run->root, at, CMP_MAX_RESULTS);
	if (err)
		return err;
	res = jv_get(&run->root, "results");
	fmt = jv_get(&run->root, "format");
	cmd = jv_get(&run->root, "command");
	if (run->root.t != J_OBJ)
		return "not a JSON object";
	if (!fmt || fmt->t != J_NUM || fmt->num < 1 || fmt->num > 99)
		return "no \"format\" number (not an fpabi results report)";
	if (!cmd || cmd->t != J_STR ||
	    (strcmp(cmd->str, "run") && strcmp(cmd->str, "certify")))
		return "\"command\" is not \"run\" or \"certify\" (not an fpabi "
		       "results report)";
	if (!res || res->t != J_ARR)
		return "no \"results\" array";
	run->format = (unsigned)fmt->num;
	run->env = jv_get(&run->root, "environment");
	if (run->env && run->env->t != J_OBJ)
		return "\"environment\" is not an object";
	if (run->env && env_twice(run->env))
		return "a key is twice in one object of \"environment\"";
	if (!opt_str(&run->root, "kernel", &run->kernel) ||
	    !opt_str(&run->root, "fpabi", &run->version))
		return "\"kernel\" or \"fpabi\" is not a string";
	part_of(&run->root, run->part, sizeof(run->part));
	run->n = res->n;
	run->r = xzalloc((res->n + 1) * sizeof(*run->r));
	for (i = 0; i < res->n; i++) {
		err = parse_result(&res->kid[i], &run->r[i]);
		if (err) {
			*at = i + 1;
			return err;
		}
	}
	qsort(run->r, run->n, sizeof(*run->r), by_id);
	for (i = 1; i < run->n; i++)
		if (!strcmp(run->r[i - 1].id, run->r[i].id)) {
			static char msg[256];

			snprintf(msg, sizeof(msg), "the ID '%.200s' is in two "
				 "results", run->r[i].id);
			*at = 0;
			return msg;
		}
	return NULL;
}

void cmp_free(struct cmp_run *run)
{
	free(run->r);
	jv_free(&run->root);
	memset(run, 0, sizeof(*run));
}

static bool same(const char *a, const char *b)
{
	return a == b || (a && b && !strcmp(a, b));
}

static void add(struct cmp_list *l, const struct cmp_result *a,
		const struct cmp_result *b)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 16;
		l->it = realloc(l->it, l->cap * sizeof(*l->it));
		if (!l->it)
			die("out of memory");
	}
	l->it[l->n].a = a;
	l->it[l->n++].b = b;
}

/* One ID both runs have: which lists it goes in. */
static void classify(struct cmp *c, const struct cmp_result *a,
		     const struct cmp_result *b)
{
	enum cmp_verdict va = a->verdict, vb = b->verdict;

	if (failing(vb) && !failing(va))
		add(&c->l[CL_NEW_FAIL], a, b);
	else if (failing(va) && failing(vb))
		add(&c->l[CL_STILL], a, b);
	else if (failing(va))
		add(&c->l[CL_FIXED], a, b);
	if (vb == CV_KNOWN && va == CV_PASS)
		add(&c->l[CL_NEW_KNOWN], a, b);
	else if ((va == CV_KNOWN || vb == CV_KNOWN) &&
		 (va != vb || !same(a->reason, b->reason)) && !failing(vb))
		add(&c->l[CL_KNOWN], a, b);
	if ((va == CV_SKIP || vb == CV_SKIP) &&
	    (va != vb || !same(a->reason, b->reason)))
		add(&c->l[CL_SKIP], a, b);
}

/* a value's text for the environment's comparison (malloc'd) */
static char *leaf_text(const struct jv *v)
{
	char buf[64];

	switch (v->t) {
	case J_NULL: return xstrdup("null");
	case J_BOOL: return xstrdup(v->num ? "true" : "false");
	case J_NUM:
		snprintf(buf, sizeof(buf), "%.17g", v->num);
		return xstrdup(buf);
	case J_STR: return xstrdup(v->str);
	case J_ARR:
	case J_OBJ:
		break;
	}
	return NULL;
}

/* every leaf of v as KEY.PATH = text, appended to *kv (pairs) */
static void flatten(const struct jv *v, const char *path, char ***kv,
		    size_t *n, size_t *cap)
{
	char key[512];
	size_t i;

	if (v->t != J_ARR && v->t != J_OBJ) {
		if (*n + 2 > *cap) {
			*cap = *cap ? 2 * *cap : 64;
			*kv = realloc(*kv, *cap * sizeof(**kv));
			if (!*kv)
				die("out of memory");
		}
		(*kv)[(*n)++] = xstrdup(path);
		(*kv)[(*n)++] = leaf_text(v);
		return;
	}
	for (i = 0; i < v->n; i++) {
		if (v->t == J_OBJ)
			snprintf(key, sizeof(key), "%s.%s", path, v->key[i]);
		else
			snprintf(key, sizeof(key), "%s[%zu]", path, i);
		flatten(&v->kid[i], key, kv, n, cap);
	}
}

static const char *lookup(char **kv, size_t n, const char *key)
{
	size_t i;

	for (i = 0; i < n; i += 2)
		if (!strcmp(kv[i], key))
			return kv[i + 1];
	return NULL;
}

static void env_add(struct cmp *c, const char *key, const char *a,
		    const char *b)
{
	struct cmp_env *e;

	if (c->nenv == c->capenv) {
		c->capenv = c->capenv ? 2 * c->capenv : 16;
		c->env = realloc(c->env, c->capenv * sizeof(*c->env));
		if (!c->env)
			die("out of memory");
	}
	e = &c->env[c->nenv++];
	e->key = xstrdup(key);
	e->a = a ? xstrdup(a) : NULL;
	e->b = b ? xstrdup(b) : NULL;
}

/* the environment values that differ, or that only one run has */
static void env_diff(struct cmp *c, const struct cmp_run *a,
		     const struct cmp_run *b)
{
	static const struct jv none = { .t = J_OBJ };
	char **ka = NULL, **kb = NULL;
	size_t na = 0, nb = 0, ca = 0, cb = 0, i;

	flatten(a->env ? a->env : &none, "environment", &ka, &na, &ca);
	flatten(b->env ? b->env : &none, "environment", &kb, &nb, &cb);
	for (i = 0; i < na; i += 2) {
		const char *vb = lookup(kb, nb, ka[i]);

		if (!same(ka[i + 1], vb))
			env_add(c, ka[i], ka[i + 1], vb);
	}
	for (i = 0; i < nb; i += 2)
		if (!lookup(ka, na, kb[i]))
			env_add(c, kb[i], NULL, kb[i + 1]);
	for (i = 0; i < na; i++)
		free(ka[i]);
	for (i = 0; i < nb; i++)
		free(kb[i]);
	free(ka);
	free(kb);
}

void cmp_runs(struct cmp *c, const struct cmp_run *a, const struct cmp_run *b)
{
	size_t i = 0, j = 0;

	memset(c, 0, sizeof(*c));
	while (i < a->n || j < b->n) {
		int d = i == a->n ? 1 : j == b->n ? -1 :
			strcmp(a->r[i].id, b->r[j].id);

		if (d < 0) {
			add(&c->l[CL_VANISHED], &a->r[i++], NULL);
		} else if (d > 0) {
			add(&c->l[CL_NEW_ID], NULL, &b->r[j]);
			if (failing(b->r[j].verdict))
				add(&c->l[CL_NEW_FAIL], NULL, &b->r[j]);
			j++;
		} else {
			classify(c, &a->r[i++], &b->r[j++]);
		}
	}
	env_diff(c, a, b);
	c->part[0] = a->part;
	c->part[1] = b->part;
	c->regressed = c->l[CL_NEW_FAIL].n || c->l[CL_NEW_KNOWN].n;
}

void cmp_done(struct cmp *c)
{
	size_t i;

	for (i = 0; i < CL_N; i++)
		free(c->l[i].it);
	for (i = 0; i < c->nenv; i++) {
		free(c->env[i].key);
		free(c->env[i].a);
		free(c->env[i].b);
	}
	free(c->env);
}

static const struct {
	const char *key;	/* the JSON member */
	const char *title;	/* the TAP line */
	bool bad;		/* a regression: not ok when not empty */
} lists[CL_N] = {
	[CL_NEW_FAIL] = { "new_failures", "new failures", true },
	[CL_NEW_KNOWN] = { "new_known_issues", "new known kernel issues", true },
	[CL_FIXED] = { "fixed_failures", "fixed failures", false },
	[CL_STILL] = { "still_failing", "still failing", false },
	[CL_NEW_ID] = { "new_ids", "IDs only in B", false },
	[CL_VANISHED] = { "vanished_ids", "IDs only in A (vanished)", false },
	[CL_SKIP] = { "changed_skips", "changed skips", false },
	[CL_KNOWN] = { "changed_known_issues", "changed known issues", false },
};

static void tap_line(FILE *f, const struct cmp_item *it)
{
	const struct cmp_result *r = it->b ? it->b : it->a;
	const char *why = it->b && it->b->diagnosis ? it->b->diagnosis :
			  r->reason;

	fprintf(f, "# %s: %s -> %s", r->id,
		it->a ? cmp_verdict_name(it->a->verdict) : "absent",
		it->b ? cmp_verdict_name(it->b->verdict) : "absent");
	if (it->a && it->b && it->a->verdict == it->b->verdict &&
	    !same(it->a->reason, it->b->reason))
		fprintf(f, ": '%s' -> '%s'", it->a->reason ? it->a->reason : "",
			it->b->reason ? it->b->reason : "");
	else if (why)
		fprintf(f, ": %s", why);
	fputc('\n', f);
}

static void write_tap(FILE *f, const struct cmp *c, const char *pa,
		      const char *pb)
{
	unsigned k, n = 0;
	size_t i;

	fprintf(f, "TAP version 13\n# fpabi compare\n# A: %s\n# B: %s\n", pa, pb);
	for (k = 0; k < 2; k++)
		if (c->part[k][0])
			fprintf(f, "# %s is not the whole plan: %s (its other "
				"IDs are not in it)\n", k ? "B" : "A", c->part[k]);
	fprintf(f, "1..%u\n", CL_N + 1);
	for (k = 0; k < CL_N; k++) {
		const struct cmp_list *l = &c->l[k];

		fprintf(f, "%s %u - %s: %zu\n", lists[k].bad && l->n ?
			"not ok" : "ok", ++n, lists[k].title, l->n);
		for (i = 0; i < l->n; i++)
			tap_line(f, &l->it[i]);
	}
	fprintf(f, "ok %u - environment values that differ: %zu\n", ++n,
		c->nenv);
	for (i = 0; i < c->nenv; i++)
		fprintf(f, "# %s: %s -> %s\n", c->env[i].key,
			c->env[i].a ? c->env[i].a : "absent",
			c->env[i].b ? c->env[i].b : "absent");
	fprintf(f, "# %s\n", c->regressed ? "B regresses from A" :
		"B does not regress from A");
}

static void jstr(FILE *f, const char *s)
{
	if (s)
		json_write_str(f, s);
	else
		fputs("null", f);
}

static void write_json(FILE *f, const struct cmp *c, const char *pa,
		       const char *pb)
{
	unsigned k;
	size_t i;

	fputs("{\n  \"command\": \"compare\", \"format\": 1, \"a\": ", f);
	jstr(f, pa);
	fputs(", \"b\": ", f);
	jstr(f, pb);
	fprintf(f, ", \"regression\": %s", c->regressed ? "true" : "false");
	fputs(",\n  \"a_part\": ", f);
	jstr(f, c->part[0][0] ? c->part[0] : NULL);
	fputs(", \"b_part\": ", f);
	jstr(f, c->part[1][0] ? c->part[1] : NULL);
	for (k = 0; k < CL_N; k++) {
		const struct cmp_list *l = &c->l[k];

		fprintf(f, ",\n  \"%s\": [", lists[k].key);
		for (i = 0; i < l->n; i++) {
			const struct cmp_item *it = &l->it[i];

			fputs(i ? ",\n    {\"id\": " : "\n    {\"id\": ", f);
			jstr(f, (it->b ? it->b : it->a)->id);
			fputs(", \"a\": ", f);
			jstr(f, it->a ? cmp_verdict_name(it->a->verdict) : NULL);
			fputs(", \"b\": ", f);
			jstr(f, it->b ? cmp_verdict_name(it->b->verdict) : NULL);
			fputs(", \"a_reason\": ", f);
			jstr(f, it->a ? it->a->reason : NULL);
			fputs(", \"b_reason\": ", f);
			jstr(f, it->b ? it->b->reason : NULL);
			fputs(", \"diagnosis\": ", f);
			jstr(f, it->b ? it->b->diagnosis : NULL);
			fputc('}', f);
		}
		fputs(l->n ? "\n  ]" : "]", f);
	}
	fputs(",\n  \"environment\": [", f);
	for (i = 0; i < c->nenv; i++) {
		fputs(i ? ",\n    {\"key\": " : "\n    {\"key\": ", f);
		jstr(f, c->env[i].key);
		fputs(", \"a\": ", f);
		jstr(f, c->env[i].a);
		fputs(", \"b\": ", f);
		jstr(f, c->env[i].b);
		fputc('}', f);
	}
	fputs(c->nenv ? "\n  ]\n}\n" : "]\n}\n", f);
}

/* A results report from path, or exit 2 with what is wrong with it. */
static void load(const char *path, struct cmp_run *run)
{
	size_t len, at;
	const char *err;
	char *text = file_slurp(path, &len, CMP_FILE_MAX, "a results report");

	if (!text)
		exit(2);
	if (strlen(text) != len) {
		fprintf(stderr, "fpabi compare: %s: a NUL byte at byte %zu\n",
			path, strlen(text));
		exit(2);
	}
	err = cmp_parse(text, run, &at);
	/* the parsed values are copies: the text is not needed */
	free(text);
	if (err) {
		if (at)
			fprintf(stderr, "fpabi compare: %s: %s (%s %zu); not a "
				"report of fpabi run --json, merge or certify\n",
				path, err, run->r ? "result" : "byte", at);
		else
			fprintf(stderr, "fpabi compare: %s: %s; not a report of "
				"fpabi run --json, merge or certify\n", path, err);
		exit(2);
	}
}

int cmd_compare(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "format", required_argument, NULL, 'F' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	const char *out = "-";
	bool json = false;
	struct cmp_run a, b;
	struct cmp c;
	FILE *f;
	int ch;

	while ((ch = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (ch) {
		case 'F':
			if (strcmp(optarg, "tap") && strcmp(optarg, "json"))
				usage_error("compare: --format is tap or json, "
					    "got '%s'", optarg);
			json = !strcmp(optarg, "json");
			break;
		case 'o': out = optarg; break;
		case 'h': fputs(compare_usage, stdout); return 0;
		default: usage_error("%s", "compare: unknown option");
		}
	}
	if (argc - optind != 2)
		usage_error("%s", "compare takes two reports: A.json B.json");
	load(argv[optind], &a);
	load(argv[optind + 1], &b);
	cmp_runs(&c, &a, &b);
	f = strcmp(out, "-") ? fopen(out, "w") : stdout;
	if (!f)
		usage_error("compare: cannot write %s: %s", out, strerror(errno));
	if (json)
		write_json(f, &c, argv[optind], argv[optind + 1]);
	else
		write_tap(f, &c, argv[optind], argv[optind + 1]);
	if (f == stdout ? fflush(f) : ferror(f) | fclose(f))
		die("writing %s: %s", out, strerror(errno));
	ch = c.regressed;
	cmp_done(&c);
	cmp_free(&a);
	cmp_free(&b);
	return ch;
}
