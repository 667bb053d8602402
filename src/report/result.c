// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Turn a finished case instance into its TAP result: ok, a failure with a
 * one-line diagnosis and a YAML block, or a broken setup.
 */
#include <fnmatch.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fpabi/common-run.h"
#include "fpabi/ops.h"
#include "fpabi/platform.h"
#include "fpabi/report.h"
#include "fpabi/util.h"

struct buf {
	char *p;
	size_t n, len;
};

static void bprintf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void bprintf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (b->len + 1 >= b->n)
		return;
	va_start(ap, fmt);
	w = vsnprintf(b->p + b->len, b->n - b->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		b->len = MIN(b->len + (size_t)w, b->n - 1);
}

static void kv(struct buf *b, const char *key, const char *val)
{
	char q[600];

	yaml_quote(q, sizeof(q), val);
	bprintf(b, "%s: %s\n", key, q);
}

/* the case's steps, as fpabi_ops[] names them */
void steps_text(const struct fpabi_run *r, char *out, size_t n)
{
	const struct fpabi_step *s;
	size_t o = 0;
	int i;

	out[0] = 0;
	for (i = 0, s = r->c->steps; s->op != S_END && o + 48 < n; s++, i++) {
		if (o)
			out[o++] = ' ';
		step_text(s, r->param, r->drop_step && r->c->drop == i,
			  out + o, n - o);
		o += strlen(out + o);
	}
}

/* a scheduling step: a passing run says what proves it happened */
static bool has_proof_step(const struct fpabi_run *r)
{
	const struct fpabi_step *s;

	for (s = r->c->steps; s->op != S_END; s++)
		if (op_has(s->op, OPF_PROOF))
			return true;
	return false;
}

void reproducer_options(const struct fpabi_machine *m,
			const struct fpabi_opts *opts, char *out, size_t n)
{
	unsigned i;
	int o = 0;

	if (!n)
		return;
	out[0] = 0;
	if (m->profile_force)
		o = snprintf(out, n, " --profile %s", m->profile_force);
	if (opts->tracee_given && o >= 0 && (size_t)o < n)
		o += snprintf(out + o, n - o, " --tracee '%s'", opts->tracee);
	if (opts->inject != INJ_NONE && !opts->ninj && o >= 0 && (size_t)o < n)
		o += snprintf(out + o, n - o, " --inject-fault=%s:%s",
			      inject_kind_name(opts->inject),
			      opts->inject_target);
	for (i = 0; i < opts->ninj && o >= 0 && (size_t)o < n; i++)
		o += snprintf(out + o, n - o, " --inject-fault=%s:%s",
			      inject_kind_name(opts->inj[i].kind),
			      opts->inj[i].target);
	if (fpabi_no_workarounds && o >= 0 && (size_t)o < n)
		snprintf(out + o, n - o, " --no-workarounds");
}

void reproducer(const struct fpabi_run *r, char *out, size_t n)
{
	int o = snprintf(out, n, "%s run --filter '%s' --seed %llu",
			 r->o->argv0, r->id, (unsigned long long)r->o->seed);

	if (o > 0 && (size_t)o < n)
		reproducer_options(r->m, r->o, out + o, n - o);
}

void finding_line(const struct fpabi_finding *f, char *out, size_t n)
{
	if (f->lo || f->hi)
		snprintf(out, n, "%s: %s bytes %u-%u hold %s: %s", f->observer,
			 f->what, f->lo, f->hi, f->origin,
			 canary_class_name(f->cls));
	else
		snprintf(out, n, "%s: %s is %s, expected %s: %s", f->observer,
			 f->what, f->got, f->expected,
			 canary_class_name(f->cls));
}

bool known_match(const struct fpabi_run *r, const struct fpabi_known_issue *k)
{
	unsigned i, n = MIN(r->nfind, (unsigned)FPABI_MAX_FINDINGS);
	unsigned kver = r->m ? r->m->kver : 0;

	/* a platform's issue where this platform does not have it, or a
	 * kernel's outside the versions that have it: the findings are the
	 * kernel's to answer for */
	if ((k->quirk && !(fpabi_platform_present() & k->quirk)) ||
	    (k->min_kver && kver < k->min_kver) ||
	    (k->below_kver && kver >= k->below_kver))
		return false;
	for (i = 0; i < n; i++)
		if (strncmp(r->find[i].observer, k->observer,
			    strlen(k->observer)) ||
		    !strstr(r->find[i].what, k->what))
			return false;
	return n > 0;
}

/* The known issue every finding of r matches, if there is one; test is
 * the entry a test-only known issue (--inject-fault=known) is given. */
static const struct fpabi_known_issue *known_issue(const struct fpabi_run *r,
						   struct fpabi_known_issue *test)
{
	const struct fpabi_known_issue *k;

	if (!r->nfind || r->broken[0] || r->timed_out)
		return NULL;
	/* the one finding the injected byte makes, and nothing else */
	if (r->inject_known && !r->inject_byte && r->nfind == 1) {
		test->id_glob = r->id;
		test->observer = r->find[0].observer;
		test->what = r->find[0].what;
		test->reason = "test-only: an injected fault (--inject-fault="
			       "known) stands for a known kernel issue";
		return test;
	}
	for (k = fpabi_arch.known; k && k->id_glob; k++) {
		if (fnmatch(k->id_glob, r->id, 0) ||
		    (r->nfind > FPABI_MAX_FINDINGS && !k->spans))
			continue;
		if (known_match(r, k))
			return k;
	}
	return NULL;
}

/* A result without a finding: pass, or a SKIP with its reason. */
static void report_clean(struct tap *t, const struct fpabi_run *r)
{
	struct fpabi_result res = {
		.st = r->skip[0] ? TAP_SKIP : TAP_PASS, .id = r->id,
		.reason = r->skip[0] ? r->skip : NULL, .proof = r->proof,
		.seconds = r->seconds,
	};

	tap_emit(t, &res);
	/* scheduling events and scenario preconditions are reported with
	 * what proves them, and so is a run that needed more than one
	 * attempt */
	if (has_proof_step(r) || r->attempt > 1 || r->place ||
	    r->c->unobserved || (r->c->pre && r->proof[0]))
		tap_comment(t, "%s%s: proof: %s", r->id, t->suffix, r->proof);
}

/* The YAML block's description of the instance: where, what, which seed. */
static void yaml_instance(struct buf *b, const struct fpabi_run *r)
{
	char steps[512];

	kv(b, "arch", fpabi_arch.name);
	kv(b, "case", r->id);
	kv(b, "summary", r->c->summary);
	kv(b, "profile", r->m->profile);
	if (fpabi_arch.variant_yaml) {
		char v[160];

		fpabi_arch.variant_yaml(&r->v, v, sizeof(v));
		bprintf(b, "%s", v);
	}
	steps_text(r, steps, sizeof(steps));
	kv(b, "steps", steps);
	bprintf(b, "seed: %llu\n", (unsigned long long)r->o->seed);
	if (r->proof[0])
		kv(b, "proof", r->proof);
}

static void yaml_findings(struct buf *b, const struct fpabi_run *r,
			  char lines[][512], const char **list)
{
	const struct fpabi_finding *f = &r->find[0];
	const struct fpabi_rule *ru = f->rule;
	unsigned i, n = MIN(r->nfind, (unsigned)FPABI_MAX_FINDINGS);

	bprintf(b, "findings: %u\n", r->nfind);
	kv(b, "observer", f->observer);
	kv(b, "component", f->group[0] ? f->group : "-");
	kv(b, "register", f->what);
	if (f->lo || f->hi)
		bprintf(b, "bytes: \"%u-%u\"\n", f->lo, f->hi);
	kv(b, "expected", f->expected);
	kv(b, "got", f->got);
	kv(b, "classification", canary_class_name(f->cls));
	kv(b, "origin", f->origin);
	if (ru) {
		kv(b, "rule", ru->id);
		kv(b, "rule_text", ru->text);
		kv(b, "source", ru->source);
	}
	for (i = 0; i < n; i++) {
		finding_line(&r->find[i], lines[i], 512);
		list[i] = lines[i];
	}
	if (n > 1) {
		bprintf(b, "more:\n");
		for (i = 1; i < n; i++) {
			char q[600];

			yaml_quote(q, sizeof(q), lines[i]);
			bprintf(b, "  - %s\n", q);
		}
	}
}

void report(struct tap *t, const struct fpabi_run *r)
{
	char yaml[8192], repro[512], repro_c[512], diag[512];
	char lines[FPABI_MAX_FINDINGS][512];
	const char *list[FPABI_MAX_FINDINGS];
	struct buf b = { yaml, sizeof(yaml), 0 };
	struct fpabi_known_issue test;
	const struct fpabi_known_issue *k;
	struct fpabi_result res = {
		.id = r->id, .proof = r->proof, .seconds = r->seconds,
	};

	yaml[0] = 0;
	if (!r->broken[0] && !r->timed_out && !r->nfind) {
		report_clean(t, r);
		return;
	}
	reproducer(r, repro, sizeof(repro));
	if (r->timed_out) {
		snprintf(diag, sizeof(diag), "the tracee did not finish within "
			 "%u s: killed", r->o->timeout);
		res.st = TAP_TIMEOUT;
		bprintf(&b, "verdict: timeout\n");
	} else if (r->broken[0] && !r->nfind) {
		snprintf(diag, sizeof(diag), "setup failed, no verdict on the "
			 "kernel: %s", r->broken);
		res.st = TAP_BROKEN;
		res.reason = r->broken;
		bprintf(&b, "verdict: broken\n");
		kv(&b, "reason", r->broken);
	} else {
		finding_line(&r->find[0], diag, sizeof(diag));
		res.st = TAP_FAIL;
		bprintf(&b, "verdict: fail\n");
	}
	/* (the finding goes on the result line: a comment before it would
	 * be the previous result's to a parser that gives each result the
	 * comments after it) */
	yaml_instance(&b, r);
	if (r->nfind) {
		yaml_findings(&b, r, lines, list);
		res.findings = list;
		res.finds = r->find;
		res.nfindings = MIN(r->nfind, (unsigned)FPABI_MAX_FINDINGS);
		res.rule = r->find[0].rule ? r->find[0].rule->id : NULL;
		res.classification = canary_class_name(r->find[0].cls);
	}
	kv(&b, "reproduce", repro);
	/* the same instance as one standalone C file (fpabi repro) */
	snprintf(repro_c, sizeof(repro_c), "%s repro --filter '%s' --seed %llu "
		 "-o repro.c", r->o->argv0, r->id, (unsigned long long)r->o->seed);
	kv(&b, "repro", repro_c);
	k = known_issue(r, &test);
	if (k) {
		bprintf(&b, "verdict_known: \"%s\"\n", k == &test ?
			"test-only: an injected fault (--inject-fault=known)" :
			"a known kernel issue: KNOWN-ISSUES.md");
		res.st = TAP_TODO;
		res.reason = k->reason;
	}
	res.yaml = yaml;
	res.diagnosis = diag;
	res.reproduce = repro;
	tap_emit(t, &res);
}
