// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi run --kcidb FILE: the run as KernelCI's KCIDB I/O JSON (schema
 * v5.3 of kcidb-io: a version object, checkouts, builds and tests; no
 * property null), so that a lab submits it with kcidb-submit: one
 * checkout and one build for the kernel under test, one test per result
 * (path fpabi.ARCH.FAMILY...., status, the log excerpt, duration), and
 * one test "fpabi" for a run that ended early.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>

#include "config.h"
#include "fpabi/arch.h"
#include "fpabi/reports.h"
#include "fpabi/sha256.h"
#include "fpabi/util.h"

/* the kcidb-io schema version written (kcidb_io/schema/v05_03.py) */
#define KCIDB_MAJOR 5
#define KCIDB_MINOR 3
/* a test's log_excerpt holds at most this many bytes (the schema's) */
#define KCIDB_EXCERPT_MAX 16384

struct kcidb {
	struct tap_sink sink;
	char *path;
	FILE *mem;		/* the tests, until the end */
	char *buf;
	size_t len;
	unsigned n;
	struct report_run run;
	char build_id[96], run_id[64], kernel[400];
};

/* KCIDB's status for fpabi's verdict: a known kernel issue is the
 * kernel's failure (misc names the issue), a timeout an ERROR (the test
 * did not complete), a broken setup a MISS (the harness failed) */
static const char *status(enum tap_status st)
{
	static const char *const s[TAP_NSTATUS] = {
		[TAP_PASS] = "PASS", [TAP_FAIL] = "FAIL", [TAP_SKIP] = "SKIP",
		[TAP_TODO] = "FAIL", [TAP_TIMEOUT] = "ERROR",
		[TAP_BROKEN] = "MISS",
	};

	return st < TAP_NSTATUS ? s[st] : "MISS";
}

/* An ID as a KCIDB path: dot-separated [a-zA-Z0-9_-]+ components */
static void path_of(const char *id, char *out, size_t n)
{
	size_t o = 0;

	o = (size_t)snprintf(out, n, "fpabi.");
	for (; *id && o + 1 < n; id++) {
		char c = *id;

		if (c == '/' || c == '@')
			c = '.';
		else if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			   (c >= '0' && c <= '9') || c == '_' || c == '-' ||
			   c == '.'))
			c = '_';
		/* no empty component */
		if (c == '.' && out[o - 1] == '.')
			continue;
		out[o++] = c;
	}
	while (o && out[o - 1] == '.')
		o--;
	out[o] = 0;
}

/* text as a JSON string of at most max bytes, cut before a UTF-8
 * continuation byte */
static void excerpt(FILE *f, const char *text, size_t max)
{
	size_t len = strlen(text);
	char *cut;

	if (len <= max) {
		json_write_str(f, text);
		return;
	}
	while (max && ((unsigned char)text[max] & 0xc0) == 0x80)
		max--;
	cut = xmalloc(max + 1);
	memcpy(cut, text, max);
	cut[max] = 0;
	json_write_str(f, cut);
	free(cut);
}

static void kv(FILE *f, const char *key, const char *val)
{
	if (!val)
		return;
	fprintf(f, ", \"%s\": ", key);
	json_write_str(f, val);
}

static void test_obj(struct kcidb *k, const char *name, const char *st,
		     const char *log, double seconds, const char *comment)
{
	char path[400], when[32];
	struct timespec now;
	FILE *f = k->mem;

	clock_gettime(CLOCK_REALTIME, &now);
	now.tv_sec -= (time_t)seconds;
	iso_time(when, sizeof(when), &now);
	path_of(name, path, sizeof(path));
	fprintf(f, "%s\n    {\"id\": \"%s:%u\", \"build_id\": \"%s\", "
		"\"origin\": \"fpabi\", \"path\": ", k->n ? "," : "",
		k->run_id, k->n + 1, k->build_id);
	k->n++;
	json_write_str(f, path);
	fprintf(f, ", \"status\": \"%s\", \"start_time\": \"%s\", "
		"\"duration\": %.6f", st, when, seconds);
	kv(f, "comment", comment);
	if (log && *log) {
		fputs(", \"log_excerpt\": ", f);
		excerpt(f, log, KCIDB_EXCERPT_MAX - 1);
	}
}

static void kcidb_result(struct tap_sink *s, const struct tap *t,
			 const struct fpabi_result *res, const char *name)
{
	struct kcidb *k = s->priv;
	char *log = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&log, &len);

	(void)t;
	if (!m)
		die("open_memstream: %s", strerror(errno));
	if (res->diagnosis)
		fprintf(m, "%s\n", res->diagnosis);
	if (res->reason)
		fprintf(m, "%s%s\n", res->st == TAP_TODO ? "known kernel issue: " :
			res->st == TAP_SKIP ? "skipped: " : "", res->reason);
	if (res->yaml && *res->yaml)
		fprintf(m, "%s", res->yaml);
	else if (res->proof && *res->proof)
		fprintf(m, "proof: %s\n", res->proof);
	if (fclose(m))
		die("open_memstream: %s", strerror(errno));
	test_obj(k, name, status(res->st), log, res->seconds, name);
	fputs(", \"misc\": {\"fpabi_id\": ", k->mem);
	json_write_str(k->mem, name);
	fprintf(k->mem, ", \"verdict\": \"%s\"", tap_status_name(res->st));
	kv(k->mem, "rule", res->rule);
	kv(k->mem, "classification", res->classification);
	kv(k->mem, "reproduce", res->reproduce);
	if (res->st == TAP_TODO)
		kv(k->mem, "known_issue", res->reason);
	fputs("}}", k->mem);
	free(log);
}

static void kcidb_end(struct tap_sink *s, const struct tap *t)
{
	struct kcidb *k = s->priv;
	FILE *f;

	if (t->outcome != RUN_COMPLETE) {
		test_obj(k, "", t->outcome == RUN_PTRACE_REFUSED ? "SKIP" : "MISS",
			 t->outcome_reason, 0, tap_outcome_name(t->outcome));
		fprintf(k->mem, ", \"misc\": {\"outcome\": \"%s\", \"planned\": "
			"%u, \"given\": %u}}", tap_outcome_name(t->outcome),
			t->planned, t->n);
	}
	if (fclose(k->mem))
		die("%s: %s", k->path, strerror(errno));
	f = report_output(k->path);
	fprintf(f, "{\n  \"version\": {\"major\": %d, \"minor\": %d},\n"
		"  \"checkouts\": [\n    {\"id\": \"%s\", \"origin\": \"fpabi\"",
		KCIDB_MAJOR, KCIDB_MINOR, k->build_id);
	kv(f, "comment", k->kernel);
	fprintf(f, "}\n  ],\n  \"builds\": [\n    {\"id\": \"%s\", "
		"\"checkout_id\": \"%s\", \"origin\": \"fpabi\", "
		"\"architecture\": \"%s\"", k->build_id, k->build_id,
		fpabi_arch.name);
	kv(f, "comment", k->kernel);
	fputs(", \"misc\": {", f);
	env_json(f, &k->run);
	fputs("}}\n  ],\n  \"tests\": [", f);
	if (k->len)
		fwrite(k->buf, 1, k->len, f);
	fputs("\n  ]\n}\n", f);
	if (f == stdout ? fflush(f) | ferror(f) : ferror(f) | fclose(f))
		die("writing %s: %s", k->path, strerror(errno));
	free(k->buf);
	free(k->path);
	free(k);
}

struct tap_sink *kcidb_open(const char *path, const struct report_run *run)
{
	struct kcidb *k = xzalloc(sizeof(*k));
	struct utsname u;
	struct sha256 h;
	char hex[65];

	if (strcmp(path, "-"))
		fclose(report_output(path));
	if (uname(&u) < 0)
		memset(&u, 0, sizeof(u));
	k->path = xstrdup(path);
	k->run = *run;
	snprintf(k->kernel, sizeof(k->kernel), "Linux %s %s %s", u.release,
		 u.version, u.machine);
	/* the kernel under test, as one checkout and one build */
	sha256_init(&h);
	sha256_update(&h, k->kernel, strlen(k->kernel));
	sha256_hex(&h, hex);
	snprintf(k->build_id, sizeof(k->build_id), "fpabi:%.32s", hex);
	snprintf(k->run_id, sizeof(k->run_id), "fpabi:%lld-%llu",
		 (long long)run->start.tv_sec, (unsigned long long)run->seed);
	k->mem = open_memstream(&k->buf, &k->len);
	if (!k->mem)
		die("open_memstream: %s", strerror(errno));
	k->sink.result = kcidb_result;
	k->sink.end = kcidb_end;
	k->sink.priv = k;
	return &k->sink;
}
