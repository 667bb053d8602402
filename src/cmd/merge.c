// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi merge A.json B.json ... [-o FILE]: the --json reports of the
 * shards of one run (--shard I/N) joined into one report of that run.
 */
#include <errno.h>
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/bench-read.h"
#include "fpabi/commands.h"
#include "fpabi/compare.h"
#include "fpabi/opts.h"
#include "fpabi/tap.h"
#include "fpabi/util.h"

static const char merge_usage[] =
"Usage: fpabi merge [--partial] A.json B.json ... [-o FILE]\n"
"Join the --json reports of the shards of one run (fpabi run --shard I/N\n"
"--json ...) into one report, on standard output or in FILE: the results\n"
"in the order given, numbered again, and the totals counted again.  The\n"
"reports must be shards of one N of one plan (the same \"plan\" digest:\n"
"tier, --filter, the machine's variants), from the same fpabi, command,\n"
"arch, kernel, environment, profile, seed and --repeat; each shard once,\n"
"no result ID in two of them, and every shard 1..N given.  The run lines\n"
"are joined: the first outcome that is not complete and its reason, the\n"
"counts added, the earliest start, the latest end, the longest shard.\n"
"The merge's \"merged\" member names the shards it holds.\n"
"      --partial   merge without the shards not given: the merge says it\n"
"                  is partial and which shards are missing (fpabi certify\n"
"                  --from it is incomplete)\n"
"Exit status: 0 merged, 2 bad usage, a report that is not one, or\n"
"reports that are not all the shards of one run.\n";

/* one report's "shard" and "plan" (its line before the results) */
struct mshard {
	unsigned index, of, ids;	/* index 0: the line is missing */
	char sha[65];
	const char *path;
};

/* one result: its line (from after "n": K, on) and what merge reads */
struct mres {
	const char *rest;	/* `"id": ...}` without the trailing comma */
	size_t restlen;
	char *id;		/* the ID as it is written (JSON-escaped) */
	const char *file;
};

struct mrun {
	struct mres *r;
	unsigned n, cap;
	char *head;		/* the first report's lines before "results" */
	const char *first;	/* its path */
	char **texts;		/* the reports, which the results point into */
	unsigned ntexts;
	unsigned totals[TAP_NSTATUS];
	/* the reports' "run" lines (format 2) joined: the first outcome that
	 * is not complete, the counts added, the earliest start, the latest
	 * end, the longest shard */
	bool has_run;
	char outcome[32], *reason, start[32], end[32];
	unsigned planned, given;
	double seconds;
	unsigned long replaced;	/* the reports' replaced_bytes, summed */
	char interrupted[16];	/* a shard's signal (the first), or "" */
	struct mshard *sh;	/* per report, in the order given */
	bool partial;		/* --partial: shards may be missing */
	unsigned *missing, nmissing;
};

/* The line after the totals: `  "replaced_bytes": N, "interrupted": X`
 * (X null or a signal's name): summed, and the first signal kept. */
static bool add_tail(struct mrun *mr, const char *line)
{
	const char *in = strstr(line, "\"interrupted\": ");
	char *end;

	if (strncmp(line, "  \"replaced_bytes\": ", 20) || !in)
		return false;
	mr->replaced += strtoul(line + 20, &end, 10);
	in += 15;
	if (*in == '"' && !mr->interrupted[0])
		snprintf(mr->interrupted, sizeof(mr->interrupted), "%.*s",
			 (int)strcspn(in + 1, "\""), in + 1);
	return true;
}

/* The report, as compare reads one: a regular file (a FIFO is refused,
 * never waited on) of bounded size, without a NUL (src/bench/read.c). */
static char *slurp(const char *path)
{
	size_t len;
	char *text = file_slurp(path, &len, CMP_FILE_MAX, "a results report");

	if (!text)
		usage_error("merge: cannot read %s (the reason above)", path);
	if (strlen(text) != len) {
		size_t at = strlen(text);

		free(text);
		usage_error("merge: %s: a NUL byte at byte %zu", path, at);
	}
	return text;
}

/* The path (KEY.KEY...) of the first value that differs between a and
 * b, parsed JSON, into buf; false if they are the same. */
static bool differ_at(const struct jv *a, const struct jv *b, char *buf,
		      size_t n)
{
	size_t i, len = strlen(buf);

	if (a->t != b->t || a->n != b->n ||
	    (a->t == J_NUM || a->t == J_BOOL ? a->num != b->num :
	     a->t == J_STR && strcmp(a->str, b->str)))
		return true;
	for (i = 0; (a->t == J_OBJ || a->t == J_ARR) && i < a->n; i++) {
		if (a->t == J_OBJ && strcmp(a->key[i], b->key[i]))
			return true;
		if (a->t == J_OBJ)
			snprintf(buf + len, n - len, "%s%s", len ? "." : "",
				 a->key[i]);
		else
			snprintf(buf + len, n - len, "[%zu]", i);
		if (differ_at(&a->kid[i], &b->kid[i], buf, n))
			return true;
		buf[len] = 0;
	}
	return false;
}

/* a head's lines as one JSON object */
static const char *head_parse(const char *head, struct jv *v)
{
	size_t len = strlen(head), at;
	char *obj = xmalloc(len + 3);
	const char *err;

	sprintf(obj, "{%s", head);
	if (obj[len] == ',')
		obj[len] = 0;
	strcat(obj, "}");
	err = json_parse(obj, v, &at);
	free(obj);
	return err;
}

static void bad(const char *path, unsigned line, const char *what)
{
	usage_error("merge: %s line %u: %s (not a report of fpabi run --json)",
		    path, line, what);
}

/* A result line: `    {"n": K, "id": "...", "verdict": "...", ...}[,]` */
static void add_result(struct mrun *mr, const char *path, unsigned no,
		       char *line)
{
	char *rest = strstr(line, ", \"id\": \""), *id, *e, *v;
	size_t len = strlen(line);
	struct mres *r;
	unsigned i;

	if (strncmp(line, "    {\"n\": ", 10) || !rest)
		bad(path, no, "a result must be {\"n\": K, \"id\": ...}");
	if (len && line[len - 1] == ',')
		line[--len] = 0;
	if (!len || line[len - 1] != '}')
		bad(path, no, "a result must be one line");
	rest += 2;
	id = rest + 7;
	for (e = id; *e && *e != '"'; e++)
		if (*e == '\\' && e[1])
			e++;
	v = strstr(e, ", \"verdict\": \"");
	if (!*e || !v)
		bad(path, no, "a result needs its id and verdict");
	v += 14;
	for (i = 0; i < TAP_NSTATUS; i++)
		if (!strncmp(v, tap_status_name(i), strlen(tap_status_name(i))) &&
		    v[strlen(tap_status_name(i))] == '"')
			break;
	if (i == TAP_NSTATUS)
		bad(path, no, "an unknown verdict");
	mr->totals[i]++;
	if (mr->n == mr->cap) {
		mr->cap = mr->cap ? 2 * mr->cap : 256;
		r = xmalloc(mr->cap * sizeof(*r));
		if (mr->n)
			memcpy(r, mr->r, mr->n * sizeof(*r));
		free(mr->r);
		mr->r = r;
	}
	r = &mr->r[mr->n++];
	r->rest = rest;
	r->restlen = strlen(rest);
	r->id = xzalloc((size_t)(e - id) + 1);
	memcpy(r->id, id, (size_t)(e - id));
	r->file = path;
}

/* Check the report's head (between "{" and "results", without its
 * shard line) against the first's: byte for byte the same. */
static void same_run(struct mrun *mr, const char *path, const char *head)
{
	struct jv a = { 0 }, b = { 0 };
	char key[256] = "";

	if (!mr->head)
		mr->head = xstrdup(head);
	if (!strcmp(mr->head, head))
		return;
	if (head_parse(mr->head, &a) || head_parse(head, &b) ||
	    !differ_at(&a, &b, key, sizeof(key)))
		snprintf(key, sizeof(key), "layout");
	/* freed before the exit, so that LeakSanitizer has nothing to
	 * report in the sanitizer build (its report changes the status) */
	jv_free(&a);
	jv_free(&b);
	usage_error("merge: %s is not of the same run as %s: their values of %s differ "
		    "(the shards of one run have the same fpabi, command, "
		    "arch, kernel, environment, profile, tier, filter, seed "
		    "and repeat)", path, mr->first, key);
}

/* `  "shard": {"index": I, "of": N} or null, "plan": {...},` */
static void add_shard(struct mrun *mr, const char *path, unsigned no,
		      const char *line)
{
	struct mshard *sh = &mr->sh[mr->ntexts - 1];
	char *obj = xmalloc(strlen(line) + 3);
	const struct jv *s, *p;
	const char *err, *sha;
	double i = 0, n = 0, ids = 0;
	bool merged;
	struct jv v;
	size_t at, len;

	sprintf(obj, "{%s", line + 2);
	len = strlen(obj);
	if (len && obj[len - 1] == ',')
		obj[len - 1] = '}';
	err = json_parse(obj, &v, &at);
	free(obj);
	s = err ? NULL : jv_get(&v, "shard");
	p = err ? NULL : jv_get(&v, "plan");
	sha = p ? jv_str(p, "sha256") : NULL;
	if (err || !s || !p || !sha || strlen(sha) != 64 ||
	    !jv_num(p, "ids", &ids) || ids < 0 || ids > 1e9 ||
	    (s->t != J_NULL && (!jv_num(s, "index", &i) ||
				!jv_num(s, "of", &n) || n < 1 || n > 1e6 ||
				i < 1 || i > n)))
		bad(path, no, "a shard line needs its shard and plan");
	sh->index = (unsigned)i;
	sh->of = (unsigned)n;
	sh->ids = (unsigned)ids;
	snprintf(sh->sha, sizeof(sh->sha), "%s", sha);
	sh->path = path;
	merged = jv_get(&v, "merged") != NULL;
	jv_free(&v);
	if (merged)
		usage_error("merge: %s is a merge already: merge the shards "
			    "it was made of", path);
	if (!sh->index)
		usage_error("merge: %s is not a shard (a run without --shard "
			    "I/N): it has nothing to be merged with", path);
}

/* `  "run": {...}`: how one shard's run ended (format 2) */
static void add_run(struct mrun *mr, const char *path, unsigned no,
		    const char *obj)
{
	const char *o, *r, *st, *en, *err;
	double planned, given, secs;
	struct jv v;
	size_t at;

	err = json_parse(obj, &v, &at);
	o = err ? NULL : jv_str(&v, "outcome");
	r = err ? NULL : jv_str(&v, "reason");
	st = err ? NULL : jv_str(&v, "start");
	en = err ? NULL : jv_str(&v, "end");
	if (err || !o || !st || !en || !jv_num(&v, "planned", &planned) ||
	    !jv_num(&v, "given", &given) || !jv_num(&v, "seconds", &secs) ||
	    planned < 0 || given < 0 || planned > 1e9 || given > 1e9 ||
	    planned + mr->planned > 1e9 || given + mr->given > 1e9)
		bad(path, no, "a run line needs its outcome, counts and times "
		    "(the shards' counts at most 1e9 in all)");
	if (!mr->has_run || (!strcmp(mr->outcome, "complete") &&
			     strcmp(o, "complete"))) {
		snprintf(mr->outcome, sizeof(mr->outcome), "%s", o);
		free(mr->reason);
		mr->reason = r ? xstrdup(r) : NULL;
	}
	if (!mr->has_run || strcmp(st, mr->start) < 0)
		snprintf(mr->start, sizeof(mr->start), "%s", st);
	if (!mr->has_run || strcmp(en, mr->end) > 0)
		snprintf(mr->end, sizeof(mr->end), "%s", en);
	mr->planned += (unsigned)planned;
	mr->given += (unsigned)given;
	if (secs > mr->seconds)
		mr->seconds = secs;
	mr->has_run = true;
	jv_free(&v);
}

/* Read one report into mr (its text stays allocated: mr points into it). */
static void read_report(struct mrun *mr, const char *path)
{
	/* static: a refusal exits from below here, and what the head holds
	 * must stay reachable then (exit 2 under LeakSanitizer, not 1) */
	static char *head;
	static size_t hlen;
	static FILE *h;
	char *text = slurp(path), *line, *save = NULL;
	unsigned no = 0, state = 0;

	head = NULL;
	hlen = 0;
	h = NULL;
	mr->texts[mr->ntexts++] = text;
	if (!mr->first)
		mr->first = path;
	for (line = strtok_r(text, "\n", &save); line;
	     line = strtok_r(NULL, "\n", &save)) {
		no++;
		if (state == 0 && !strcmp(line, "{")) {
			state = 1;
			h = open_memstream(&head, &hlen);
			if (!h)
				die("out of memory");
		} else if (state == 1 && no == 2 &&
			   strncmp(line, "  \"format\": ", 12)) {
			bad(path, no, "no \"format\"");
		} else if (state == 1 && !strncmp(line, "  \"shard\": ", 11)) {
			add_shard(mr, path, no, line);
		} else if (state == 1 && !strcmp(line, "  \"results\": [")) {
			if (no == 2 || fclose(h))
				bad(path, no, "no head before the results");
			h = NULL;
			same_run(mr, path, head);
			free(head);
			state = 3;
		} else if (state == 1) {
			fprintf(h, "%s%s", no > 2 ? "\n" : "", line);
		} else if (state == 3 && !strcmp(line, "  ],")) {
			state = 4;
		} else if (state == 3) {
			add_result(mr, path, no, line);
		} else if (state == 4 && !strncmp(line, "  \"totals\": {", 13)) {
			state = 5;
		} else if ((state == 5 || state == 7) && add_tail(mr, line)) {
			continue;
		} else if (state == 5 && !strncmp(line, "  \"run\": {", 10)) {
			add_run(mr, path, no, line + 9);
			state = 7;
		} else if ((state == 5 || state == 7) && !strcmp(line, "}")) {
			state = 6;
		} else {
			bad(path, no, "unexpected");
		}
	}
	if (h) {
		fclose(h);
		free(head);
	}
	if (state != 6)
		bad(path, no, "the report ends early");
	if (!mr->sh[mr->ntexts - 1].index)
		usage_error("merge: %s has no shard line (\"shard\", \"plan\"): "
			    "not a shard of fpabi run --shard I/N --json", path);
}

/*
 * The reports are the shards of one run: one N, one plan, each shard
 * once; every shard 1..N, or (--partial) the missing ones noted.
 */
static void check_shards(struct mrun *mr)
{
	const struct mshard *a = &mr->sh[0], *b;
	unsigned i, k, of = a->of;
	const char **by = xzalloc((of + 1) * sizeof(*by));
	char list[200];
	size_t len = 0;

	for (k = 0; k < mr->ntexts; k++) {
		b = &mr->sh[k];
		if (b->of != of) {
			free(by);	/* (LeakSanitizer: exit 2, not 1) */
			usage_error("merge: %s is shard %u/%u, %s of %u: not "
				    "shards of one run", b->path, b->index,
				    b->of, a->path, of);
		}
		if (b->ids != a->ids || strcmp(b->sha, a->sha)) {
			free(by);
			usage_error("merge: %s is a shard of another plan (%u "
				    "IDs, sha256 %.12s...) than %s (%u IDs, "
				    "%.12s...): another tier, --filter, fpabi or "
				    "machine (VLs, XCR0)", b->path, b->ids,
				    b->sha, a->path, a->ids, a->sha);
		}
		if (by[b->index]) {
			const char *first = by[b->index];

			free(by);
			usage_error("merge: shard %u/%u is given twice: %s and "
				    "%s", b->index, of, first, b->path);
		}
		by[b->index] = b->path;
	}
	mr->missing = xzalloc((of + 1) * sizeof(*mr->missing));
	for (i = 1; i <= of; i++) {
		if (by[i])
			continue;
		mr->missing[mr->nmissing++] = i;
		if (len < sizeof(list) - 40)
			len += snprintf(list + len, sizeof(list) - len, "%s%u/%u",
					len ? ", " : "", i, of);
	}
	free(by);
	if (mr->nmissing && !mr->partial)
		usage_error("merge: shard%s %s%s %s missing (%u of %u given): "
			    "give every shard, or --partial to merge without "
			    "%s", mr->nmissing > 1 ? "s" : "", list,
			    len >= sizeof(list) - 40 ? ", ..." : "",
			    mr->nmissing > 1 ? "are" : "is", mr->ntexts, of,
			    mr->nmissing > 1 ? "them" : "it");
	if (mr->nmissing)
		fprintf(stderr, "fpabi merge: a partial merge: shard%s %s%s "
			"missing\n", mr->nmissing > 1 ? "s" : "", list,
			len >= sizeof(list) - 40 ? ", ..." : "");
}

/* the merge's shard line: the whole plan, and the shards it holds */
static void write_shards(const struct mrun *mr, FILE *f)
{
	unsigned i, k, of = mr->sh[0].of;
	bool first = true;

	fprintf(f, "  \"shard\": null, \"plan\": {\"ids\": %u, \"sha256\": "
		"\"%s\"}, \"merged\": {\"of\": %u, \"shards\": [", mr->sh[0].ids,
		mr->sh[0].sha, of);
	for (i = 1; i <= of; i++)
		for (k = 0; k < mr->ntexts; k++)
			if (mr->sh[k].index == i) {
				fprintf(f, "%s%u", first ? "" : ", ", i);
				first = false;
			}
	fputs("], \"missing\": [", f);
	for (i = 0; i < mr->nmissing; i++)
		fprintf(f, "%s%u", i ? ", " : "", mr->missing[i]);
	fprintf(f, "], \"partial\": %s},\n", mr->nmissing ? "true" : "false");
}

static int by_id(const void *a, const void *b)
{
	const struct mres *const *x = a, *const *y = b;

	return strcmp((*x)->id, (*y)->id);
}

/* No ID in two reports (shards of one plan never share one). */
static void check_unique(const struct mrun *mr)
{
	const struct mres **s = xmalloc((mr->n + 1) * sizeof(*s));
	unsigned i;

	for (i = 0; i < mr->n; i++)
		s[i] = &mr->r[i];
	qsort(s, mr->n, sizeof(*s), by_id);
	for (i = 1; i < mr->n; i++)
		if (!strcmp(s[i - 1]->id, s[i]->id)) {
			const struct mres *x = s[i - 1], *y = s[i];

			free(s);
			usage_error("merge: %s is in %s and in %s: the reports "
				    "overlap (not shards of one run)", y->id,
				    x->file, y->file);
		}
	free(s);
}

static void write_merged(const struct mrun *mr, FILE *f)
{
	unsigned i;

	fprintf(f, "{\n%s\n", mr->head);
	write_shards(mr, f);
	fputs("  \"results\": [", f);
	for (i = 0; i < mr->n; i++)
		fprintf(f, "%s\n    {\"n\": %u, %.*s", i ? "," : "", i + 1,
			(int)mr->r[i].restlen, mr->r[i].rest);
	fputs("\n  ],\n  \"totals\": {", f);
	for (i = 0; i < TAP_NSTATUS; i++)
		fprintf(f, "%s\"%s\": %u", i ? ", " : "", tap_status_name(i),
			mr->totals[i]);
	fprintf(f, "},\n  \"replaced_bytes\": %lu, \"interrupted\": ",
		mr->replaced);
	if (mr->interrupted[0])
		fprintf(f, "\"%s\"", mr->interrupted);
	else
		fputs("null", f);
	if (!mr->has_run) {
		fputs("\n}\n", f);
		return;
	}
	fprintf(f, ",\n  \"run\": {\"outcome\": \"%s\", \"reason\": ",
		mr->outcome);
	if (mr->reason)
		json_write_str(f, mr->reason);
	else
		fputs("null", f);
	fprintf(f, ", \"planned\": %u, \"given\": %u, \"start\": \"%s\", "
		"\"end\": \"%s\", \"seconds\": %.3f}\n}\n", mr->planned,
		mr->given, mr->start, mr->end, mr->seconds);
}

int cmd_merge(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "partial", no_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	/* static: what it holds stays reachable when a refusal exits (exit
	 * 2 under LeakSanitizer too, not its 1) */
	static struct mrun mr;
	const char *out = NULL;
	FILE *f = stdout;
	int c, i;

	fpabi_cmd_name = "fpabi merge";
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'p': mr.partial = true; break;
		case 'h': fputs(merge_usage, stdout); return 0;
		default: usage_error("%s", "merge: unknown option");
		}
	}
	if (optind >= argc)
		usage_error("%s", "merge: no report given");
	mr.texts = xzalloc((size_t)(argc - optind) * sizeof(*mr.texts));
	mr.sh = xzalloc((size_t)(argc - optind) * sizeof(*mr.sh));
	for (i = optind; i < argc; i++)
		read_report(&mr, argv[i]);
	check_shards(&mr);
	check_unique(&mr);
	if (out && !(f = fopen(out, "w")))
		usage_error("merge: cannot write %s: %s", out, strerror(errno));
	write_merged(&mr, f);
	if (out && (ferror(f) | fclose(f)))
		die("writing %s: %s", out, strerror(errno));
	for (i = 0; i < (int)mr.n; i++)
		free(mr.r[i].id);
	for (i = 0; i < (int)mr.ntexts; i++)
		free(mr.texts[i]);
	free(mr.texts);
	free(mr.sh);
	free(mr.missing);
	free(mr.r);
	free(mr.head);
	return 0;
}
