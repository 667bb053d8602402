// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi certify's verdict: fail, incomplete (and why: the run stopped,
 * ran another tier or a part of the plan, a shard, a partial merge of
 * shards) or pass, from the run's report and this build's plan.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "fpabi/arch.h"
#include "fpabi/certify.h"
#include "fpabi/plan.h"
#include "fpabi/run.h"

/* one more reason why the verdict is incomplete, after those before */
static void __attribute__((format(printf, 3, 4)))
why_add(char *why, size_t n, const char *fmt, ...)
{
	size_t len = strlen(why);
	va_list ap;

	if (len && len < n - 2)
		len += (size_t)snprintf(why + len, n - len, "; ");
	va_start(ap, fmt);
	if (len < n)
		vsnprintf(why + len, n - len, fmt, ap);
	va_end(ap);
}

/* "1/3, 3/3" from a merge's missing list (or "?" if none is readable) */
static void shard_list(char *buf, size_t n, const struct jv *missing,
		       const struct jv *merged)
{
	const struct jv *of = jv_get(merged, "of");
	size_t i, len = 0;

	buf[0] = 0;
	for (i = 0; missing && missing->t == J_ARR && i < missing->n &&
	     len < n - 40; i++)
		len += snprintf(buf + len, n - len, "%s%.0f/%.0f", i ? ", " : "",
				missing->kid[i].num, of ? of->num : 0);
	if (!len)
		snprintf(buf, n, "?");
}

/*
 * A shard, or a merge of shards with some missing: not the whole plan
 * (added to why).
 * "shard": {"index": I, "of": N} (a shard's report), "merged":
 * {"partial": true, "missing": [...]} (fpabi merge --partial).
 */
static bool partial(const struct cert *c, char *why, size_t n)
{
	const struct jv *s = jv_get(&c->run, "shard");
	const struct jv *mg = jv_get(&c->run, "merged");
	const struct jv *pt = jv_get(mg, "partial");
	double i, of;
	char list[200];

	if (s && s->t == J_OBJ && jv_num(s, "index", &i) && jv_num(s, "of", &of) &&
	    of > 1) {
		why_add(why, n, "the run is shard %.0f/%.0f "
			 "(--shard), a part of the plan: fpabi merge the "
			 "shards' run.json and certify --from the merge",
			 i, of);
		return true;
	}
	if (pt && pt->t == J_BOOL && pt->num) {
		shard_list(list, sizeof(list), jv_get(mg, "missing"), mg);
		why_add(why, n, "a partial merge of shards "
			 "(fpabi merge --partial): shard%s %s missing",
			 strchr(list, ',') ? "s" : "", list);
		return true;
	}
	return false;
}

/* narrowed by --filter, --exclude or --skip-file (added to why) */
static bool narrowed(const struct cert *c, char *why, size_t n)
{
	const struct jv *ex = jv_get(&c->run, "exclude");
	const char *fi = cert_str(&c->run, "filter");
	const char *sk = cert_str(&c->run, "skip_file");

	if (!fi && !sk && !(ex && ex->n))
		return false;
	why_add(why, n, "the run was narrowed (--filter "
		 "%s, %zu --exclude, --skip-file %s): not every case of every "
		 "tier", fi ? fi : "none", ex ? ex->n : 0, sk ? sk : "none");
	return true;
}

void cert_verdict_of(struct cert *c, const struct fpabi_machine *m)
{
	const struct jv *run = jv_get(&c->run, "run");
	const char *outcome = cert_str(run, "outcome"), *tier = cert_str(&c->run, "tier");
	struct fpabi_opts o = { .repeat = 1, .tier = TIER_MATRIX };
	unsigned failed = c->count[CR_FAIL] + c->count[CR_TIMEOUT] + c->count[CR_BROKEN];
	char part[sizeof(c->why)] = "", narrow[sizeof(c->why)] = "";
	bool shard = partial(c, part, sizeof(part));
	struct plan p;

	plan_select(&p, m, &o);
	c->verdict = "pass";
	snprintf(c->why, sizeof(c->why), "every case of every tier ran: %u "
		 "passed, none failed; %u skipped (this machine cannot run "
		 "them), %u known kernel issues", c->count[CR_PASS],
		 c->count[CR_SKIP], c->count[CR_KNOWN]);
	if (failed) {
		c->verdict = "fail";
		snprintf(c->why, sizeof(c->why), "%u of %zu results failed "
			 "(%u fail, %u timeout, %u broken)", failed, c->results->n,
			 c->count[CR_FAIL], c->count[CR_TIMEOUT], c->count[CR_BROKEN]);
	} else if (!outcome || strcmp(outcome, "complete")) {
		c->verdict = "incomplete";
		snprintf(c->why, sizeof(c->why), "the run did not complete: %s: %s",
			 outcome ? outcome : "no outcome (a format 1 report)",
			 cert_str(run, "reason") ? cert_str(run, "reason") : "");
	} else if (!tier || (strcmp(tier, "matrix") && strcmp(tier, "exhaustive"))) {
		c->verdict = "incomplete";
		snprintf(c->why, sizeof(c->why), "the run is of --tier %s, not "
			 "of every tier (--tier matrix)", tier ? tier : "?");
	} else if (shard || narrowed(c, narrow, sizeof(narrow))) {
		c->verdict = "incomplete";
		snprintf(c->why, sizeof(c->why), "%s", shard ? part : narrow);
		shard = false;
	} else if (c->results->n < p.n && c->same_arch && !c->from) {
		c->verdict = "incomplete";
		snprintf(c->why, sizeof(c->why), "%zu results of the %u case "
			 "instances of every tier (--filter or --exclude)",
			 c->results->n, p.n);
	}
	/* a shard that failed (or stopped) says that it is a shard too */
	if (shard)
		why_add(c->why, sizeof(c->why), "and %s", part);
	plan_free(&p);
}
