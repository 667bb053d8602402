// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi run --json FILE: the results as one JSON document, one object
 * per result (ID, verdict, reason, rule, findings, reproducer, proof) and
 * the totals; docs/fpabi-results.schema.json is its schema.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "fpabi/calib.h"
#include "fpabi/arch.h"
#include "fpabi/reports.h"
#include "fpabi/util.h"

/* the document's schema version: docs/fpabi-results.schema.json */
#define FPABI_RESULTS_FORMAT 1

struct json {
	struct tap_sink sink;
	char *path;
	FILE *f;
	unsigned n;
};

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
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
	fputs(", \"findings\": [", f);
	for (i = 0; i < res->nfindings; i++) {
		fputs(i ? ", " : "", f);
		json_str(f, res->findings[i]);
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
	FILE *f = j->f;
	unsigned i;

	fputs("\n  ],\n  \"totals\": {", f);
	for (i = 0; i < TAP_NSTATUS; i++)
		fprintf(f, "%s\"%s\": %u", i ? ", " : "",
			tap_status_name(i), t->count[i]);
	fputs("}\n}\n", f);
	if (ferror(f) | fclose(f))
		die("writing %s: %s", j->path, strerror(errno));
	free(j->path);
	free(j);
}

struct tap_sink *json_open(const char *path, const struct report_run *run)
{
	struct json *j = xzalloc(sizeof(*j));
	FILE *f = fopen(path, "w");

	if (!f)
		die("cannot write %s: %s", path, strerror(errno));
	j->f = f;
	j->path = xstrdup(path);
	fprintf(f, "{\n  \"format\": %d, \"fpabi\": ", FPABI_RESULTS_FORMAT);
	json_str(f, PACKAGE_VERSION);
	kv(f, "command", run->command);
	kv(f, "arch", fpabi_arch.name);
	kv(f, "kernel", run->m->kernel);
	kv(f, "profile", run->m->profile);
	fputs(",\n  ", f);
	calib_json(run->m, f);
	fprintf(f, ", \"seed\": %llu, \"repeat\": %u,\n  \"results\": [",
		(unsigned long long)run->seed, run->repeat);
	j->sink.result = json_result;
	j->sink.end = json_end;
	j->sink.priv = j;
	return &j->sink;
}
