// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * fpabi bench --compare A.json B.json: each figure's change from A to B
 * (either file may also be the bench's TAP output, e.g. from a guest),
 * in the form patch descriptions use ("-1.12% wall clock"), or "no
 * significant change" when the ranges of the runs' samples overlap;
 * instruction counts of fpabi-vm --count-insns are exact and judged so.
 * The files are read by src/bench/read.c.
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/bench-read.h"
#include "fpabi/bench.h"
#include "fpabi/util.h"

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
	const struct jv *ra = bench_load(a, &ja), *rb = ra ? bench_load(b, &jb) : NULL;
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
