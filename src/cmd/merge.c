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
"Usage: fpabi merge A.json B.json ... [-o FILE]\n"
"Join the --json reports of the shards of one run (fpabi run --shard I/N\n"
"--json ...) into one report, on standard output or in FILE: the results\n"
"in the order given, numbered again, and the totals counted again.  The\n"
"reports must come from the same fpabi, command, arch, kernel, profile,\n"
"calibration and --repeat, and no result ID may be in two of them.  The seed is the\n"
"first report's (each result's reproduce line names its own).  The run\n"
"lines are joined: the first outcome that is not complete and its reason,\n"
"the counts added, the earliest start, the latest end, the longest shard.\n"
"Exit status: 0 merged, 2 bad usage or a report that is not one.\n";

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
	if (strlen(text) != len)
		usage_error("merge: %s: a NUL byte at byte %zu", path,
			    strlen(text));
	return text;
}

/* The line's head without its `"seed": N, ` (what must be the same). */
static char *identity(const char *head)
{
	char *s = xstrdup(head), *p = strstr(s, ", \"seed\": "), *e;

	if (p && (e = strchr(p + 2, ',')))
		memmove(p, e, strlen(e) + 1);
	return s;
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

/* Check the report's head (between "{" and "results") against the first. */
static void same_run(struct mrun *mr, const char *path, const char *head)
{
	char *a, *b;
	int differ;

	if (!mr->head)
		mr->head = xstrdup(head);
	a = identity(mr->head);
	b = identity(head);
	differ = strcmp(a, b);
	/* freed before the exit, so that LeakSanitizer has nothing to
	 * report in the sanitizer build (its report changes the status) */
	free(a);
	free(b);
	if (differ)
		usage_error("merge: %s is not of the same run (fpabi, command, "
			    "arch, kernel, profile, calibration, repeat) as %s",
			    path, mr->first);
}

/* Read one report into mr (its text stays allocated: mr points into it). */
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

static void read_report(struct mrun *mr, const char *path)
{
	char *text = slurp(path), *line, *save = NULL, *head = NULL;
	unsigned no = 0, state = 0;
	size_t hlen = 0;
	FILE *h = NULL;

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
		if (!strcmp(s[i - 1]->id, s[i]->id))
			usage_error("merge: %s is in %s and in %s: the reports "
				    "overlap (not shards of one run)", s[i]->id,
				    s[i - 1]->file, s[i]->file);
	free(s);
}

static void write_merged(const struct mrun *mr, FILE *f)
{
	unsigned i;

	fprintf(f, "{\n%s\n  \"results\": [", mr->head);
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
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct mrun mr = { 0 };
	const char *out = NULL;
	FILE *f = stdout;
	int c, i;

	fpabi_cmd_name = "fpabi merge";
	while ((c = getopt_long(argc, argv, "o:h", lo, NULL)) != -1) {
		switch (c) {
		case 'o': out = optarg; break;
		case 'h': fputs(merge_usage, stdout); return 0;
		default: usage_error("%s", "merge: unknown option");
		}
	}
	if (optind >= argc)
		usage_error("%s", "merge: no report given");
	mr.texts = xzalloc((size_t)(argc - optind) * sizeof(*mr.texts));
	for (i = optind; i < argc; i++)
		read_report(&mr, argv[i]);
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
	free(mr.r);
	free(mr.head);
	return 0;
}
