// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi run --json FILE: the results as one JSON document: the
 * environment, one object per result (ID, verdict, duration, reason,
 * rule, findings field by field, reproducer, proof), the totals and how
 * the run ended; docs/fpabi-results.schema.json is its schema.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "config.h"
#include "fpabi/output.h"
#include "fpabi/calib.h"
#include "fpabi/arch.h"
#include "fpabi/canary.h"
#include "fpabi/escape.h"
#include "fpabi/reports.h"
#include "fpabi/run.h"
#include "fpabi/util.h"

/* the document's schema version: docs/fpabi-results.schema.json */
#define FPABI_RESULTS_FORMAT 2

struct json {
	struct tap_sink sink;
	char *path;
	FILE *f;
	unsigned n;
	struct report_run run;
};

/* the bytes of outside text that were not UTF-8, replaced by U+FFFD:
 * the document says how many ("replaced_bytes") */
static size_t replaced;

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	replaced += esc_json(f, s);
	fputc('"', f);
}

/* "key": "value" (null when value is NULL), after a comma */
static void kv(FILE *f, const char *key, const char *val)
{
	fprintf(f, ", \"%s\": ", key);
	if (val)
		json_str(f, val);
	else
		fputs("null", f);
}

/* One finding, field by field (and its one-line form). */
static void finding(FILE *f, const struct fpabi_result *res, unsigned i)
{
	const struct fpabi_finding *fi = res->finds ? &res->finds[i] : NULL;

	fputs("{\"line\": ", f);
	json_str(f, res->findings[i]);
	if (fi) {
		kv(f, "observer", fi->observer);
		kv(f, "component", fi->group[0] ? fi->group : NULL);
		kv(f, "register", fi->what);
		if (fi->lo || fi->hi)
			fprintf(f, ", \"bytes\": [%u, %u]", fi->lo, fi->hi);
		else
			fputs(", \"bytes\": null", f);
		kv(f, "expected", fi->expected);
		kv(f, "got", fi->got);
		kv(f, "classification", canary_class_name(fi->cls));
		kv(f, "origin", fi->origin);
		kv(f, "rule", fi->rule ? fi->rule->id : NULL);
	}
	fputc('}', f);
}

static void json_result(struct tap_sink *s, const struct tap *t,
			const struct fpabi_result *res, const char *name)
{
	struct json *j = s->priv;
	char cls[192], nm[256];
	FILE *f = j->f;
	unsigned i;

	id_split(name, cls, sizeof(cls), nm, sizeof(nm));
	fprintf(f, "%s\n    {\"n\": %u, \"id\": ", j->n++ ? "," : "", t->n);
	json_str(f, name);
	kv(f, "verdict", tap_status_name(res->st));
	kv(f, "reason", res->reason);
	kv(f, "rule", res->rule);
	kv(f, "classification", res->classification);
	kv(f, "diagnosis", res->diagnosis);
	fprintf(f, ", \"seconds\": %.6f, \"findings\": [", res->seconds);
	for (i = 0; i < res->nfindings; i++) {
		fputs(i ? ", " : "", f);
		finding(f, res, i);
	}
	fputc(']', f);
	kv(f, "reproduce", res->reproduce);
	kv(f, "proof", res->proof && *res->proof ? res->proof : NULL);
	kv(f, "yaml", res->yaml && *res->yaml ? res->yaml : NULL);
	fputc('}', f);
}

static void json_end(struct tap_sink *s, const struct tap *t)
{
	struct json *j = s->priv;
	struct timespec now;
	FILE *f = j->f;
	char start[32], end[32];
	unsigned i;

	fputs("\n  ],\n  \"totals\": {", f);
	for (i = 0; i < TAP_NSTATUS; i++)
		fprintf(f, "%s\"%s\": %u", i ? ", " : "",
			tap_status_name(i), t->count[i]);
	clock_gettime(CLOCK_REALTIME, &now);
	iso_time(end, sizeof(end), &now);
	iso_time(start, sizeof(start), &j->run.start);
	fprintf(f, "},\n  \"replaced_bytes\": %zu", replaced);
	/* a run a signal stopped: complete, and says so */
	kv(f, "interrupted", tap_interrupt_name());
	fprintf(f, ",\n  \"run\": {\"outcome\": \"%s\"",
		tap_outcome_name(t->outcome));
	kv(f, "reason", t->outcome == RUN_COMPLETE ? NULL : t->outcome_reason);
	fprintf(f, ", \"planned\": %u, \"given\": %u, \"start\": \"%s\", "
		"\"end\": \"%s\", \"seconds\": %.3f}\n}\n", t->planned, t->n,
		start, end, run_elapsed(&j->run));
	if (f == stdout ? fflush(f) | ferror(f) : ferror(f) | fclose(f))
		die("writing %s: %s", j->path, strerror(errno));
	free(j->path);
	free(j);
}

struct tap_sink *json_open(const char *path, const struct report_run *run)
{
	struct json *j = xzalloc(sizeof(*j));
	FILE *f = report_output(path);
	unsigned i;

	j->f = f;
	j->path = xstrdup(path);
	j->run = *run;
	fprintf(f, "{\n  \"format\": %d, \"fpabi\": ", FPABI_RESULTS_FORMAT);
	json_str(f, PACKAGE_VERSION);
	kv(f, "command", run->command);
	kv(f, "arch", fpabi_arch.name);
	kv(f, "kernel", run->m->kernel);
	kv(f, "profile", run->m->profile);
	fputs(",\n  ", f);
	env_json(f, run);
	fputs(",\n  \"tier\": ", f);
	json_str(f, run->tier);
	kv(f, "filter", run->filter);
	fputs(", \"exclude\": [", f);
	for (i = 0; i < run->nexclude; i++) {
		fputs(i ? ", " : "", f);
		json_str(f, run->exclude[i]);
	}
	fputc(']', f);
	kv(f, "skip_file", run->skip_file);
	fprintf(f, ", \"seed\": %llu, \"repeat\": %u,\n  \"shard\": ",
		(unsigned long long)run->seed, run->repeat);
	/* which shard, and of which whole plan (fpabi merge checks both) */
	if (run->nshards)
		fprintf(f, "{\"index\": %u, \"of\": %u}", run->shard,
			run->nshards);
	else
		fputs("null", f);
	fprintf(f, ", \"plan\": {\"ids\": %u, \"sha256\": \"%s\"},\n"
		"  \"results\": [", run->plan_ids,
		run->plan_sha ? run->plan_sha : "");
	j->sink.result = json_result;
	j->sink.end = json_end;
	j->sink.priv = j;
	return &j->sink;
}
