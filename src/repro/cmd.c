// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * `fpabi repro`: run one case instance with the recorder's hooks armed,
 * then let the arch write it out as a standalone C program.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "fpabi/output.h"
#include "fpabi/plan.h"
#include "fpabi/record.h"
#include "fpabi/run.h"
#include "fpabi/commands.h"
#include "fpabi/common-run.h"
#include "fpabi/util.h"

static unsigned repro_flags;	/* REPRO_KSELFTEST */
static bool no_minimise;	/* --no-minimise */

static const char repro_usage[] =
"usage: fpabi repro ID --seed S [-o FILE] [--kselftest] [--no-minimise] [--profile NAME]\n"
"                  [--tracee PATH]\n"
"       fpabi repro --filter ID --seed S [-o FILE]\n"
"       fpabi repro --sample [--filter GLOB] [--tier T] --seed S\n"
"Runs case instance ID once with seed S and writes it as one standalone C\n"
"program (libc only; gcc -static -O2 FILE) that replays its steps and checks\n"
"the words that differed (or, on a pass, words of the case's rule): it\n"
"exits 1 when the kernel shows the bug, 0 when not, 3 when only fields its\n"
"control shows the CPU itself changes differ, 4 when the machine lacks a\n"
"feature.  A failing instance is minimised first: of its case's instances\n"
"with fewer axis values (/h=, /w=) and their unobserved twins (untraced:\n"
"no stop, no regset read), the first whose run shows its key finding\n"
"(its first of a whole word) is written; then, of the instances with\n"
"its axis values, another variant, then another parameter, the one that\n"
"shows it in the shortest file; its header says so (--no-minimise:\n"
"not).  --inject-fault=step:TARGET (test-only) records the run with its\n"
"marked step dropped, as fpabi run does.  --kselftest\n"
"writes the same scenario as a kselftest program (the ksft_* API of\n"
"kselftest.h, GPL-2.0) for tools/testing/selftests/x86 or arm64/fp.\n"
"--sample writes one for the first runnable instance of each family (of\n"
"each case --filter matches; of --tier's plan, default the default tier)\n"
"to stdout, each after a line\n"
"/* ==== fpabi repro: ID ==== */.\n";

/* One recorded run of a plan item; plan: the one the item is in (a
 * sibling's, kept while the run points into it). */
struct recorded {
	struct plan p;
	bool own_plan;
	struct fpabi_run *r;
	struct fpabi_rec rec;
};

static void recorded_free(struct recorded *x)
{
	if (x->r) {
		record_free(&x->rec);
		free(x->r);
		x->r = NULL;
	}
	if (x->own_plan)
		plan_free(&x->p);
	x->own_plan = false;
}

/* Run plan item it once (retried while unproven), recorded in x: 0, or
 * 2 with why filled for a run without a verdict. */
static int record_item(const struct fpabi_machine *m, struct fpabi_opts *o,
		       const struct plan_item *it, struct recorded *x,
		       char *why, size_t n)
{
	struct fpabi_run *r = x->r = xzalloc(sizeof(*x->r));
	unsigned attempt = 0;

	do {
		init_run(r, m, o, it, ++attempt);
		record_begin(&x->rec, r);
		run_case(r);
		record_end();
		if (r->unproven && attempt < FPABI_ATTEMPTS)
			record_free(&x->rec);
	} while (r->unproven && attempt < FPABI_ATTEMPTS);
	if (r->broken[0] || r->timed_out || r->skip[0]) {
		snprintf(why, n, "no verdict (%.200s)", r->broken[0] ?
			 r->broken : r->timed_out ? "timeout" : r->skip);
		record_free(&x->rec);
		free(r);
		x->r = NULL;
		return 2;
	}
	return 0;
}

/* The plan item named id (of the matrix tier, else of the three-way
 * array), in p (built here; plan_free it), or NULL with p freed. */
static const struct plan_item *find_item(struct plan *p,
					 const struct fpabi_machine *m,
					 const char *id)
{
	static const enum fpabi_tier tiers[] = { TIER_MATRIX, TIER_EXHAUSTIVE };
	unsigned i, t;

	for (t = 0; t < ARRAY_SIZE(tiers); t++) {
		plan_build(p, m, id, tiers[t]);
		for (i = 0; i < p->n; i++)
			if (!strcmp(p->items[i].id, id))
				return &p->items[i];
		plan_free(p);
	}
	return NULL;
}

/* b is a's finding: the same register's same bytes, holding bytes of the
 * same origin (in whichever observation: a value the task's own store
 * shows where a regset read showed it is the same difference) */
static bool same_finding(const struct fpabi_finding *a,
			 const struct fpabi_finding *b)
{
	return !strcmp(a->what, b->what) && a->lo == b->lo &&
	       a->hi == b->hi && a->cls == b->cls &&
	       !strcmp(a->origin, b->origin);
}

/* run r has finding f among those it kept */
static bool shows(const struct fpabi_run *r, const struct fpabi_finding *f)
{
	unsigned i;

	for (i = 0; i < MIN(r->nfind, (unsigned)FPABI_MAX_FINDINGS); i++)
		if (same_finding(&r->find[i], f))
			return true;
	return false;
}

/*
 * The finding a minimised run must show: r's first of 8 bytes or more (a
 * register whose canary is a whole word: a narrow field's, FCW's or
 * FSW's few bits, can read as another phase's value by chance, as the
 * history's extra phases make likely), else its first.
 */
static const struct fpabi_finding *key_finding(const struct fpabi_run *r)
{
	unsigned i;

	for (i = 0; i < MIN(r->nfind, (unsigned)FPABI_MAX_FINDINGS); i++)
		if (!r->find[i].nocanary && r->find[i].hi - r->find[i].lo >= 7)
			return &r->find[i];
	return &r->find[0];
}

#define MAX_AXES 4	/* the "/axis=value" parts of an ID minimised */

/* rec written as a file (to memory, then dropped): its lines, 0 when
 * refused */
static unsigned written_lines(const struct fpabi_rec *rec)
{
	char why[256], *buf = NULL;
	size_t len = 0, i;
	FILE *f = open_memstream(&buf, &len);
	unsigned lines = 0;
	bool ok;

	if (!f)
		die("open_memstream: out of memory");
	ok = repro_write(rec, f, repro_flags, why, sizeof(why)) >= 0;
	fclose(f);
	for (i = 0; ok && i < len; i++)
		lines += buf[i] == '\n';
	free(buf);
	return ok ? MAX(lines, 1u) : 0;
}

static bool writable(const struct fpabi_rec *rec)
{
	return written_lines(rec) > 0;
}

/*
 * Minimise a failing instance, as syzkaller minimises a program: of the
 * instances of its case with fewer of its axis values ("/h=after-syscall",
 * "/w=evicted": the matrices' history and window), and of their
 * unobserved twins (PLAN_TWIN_MARK: the same tracee steps run untraced, no stop,
 * no regset read), the first, fewest values first and a twin before its
 * observed form, whose run shows the asked instance's key finding
 * (key_finding(), same_finding()) and can be written is the one written;
 * into x1, what it drops in dropped.  A value the finding needs (the
 * bug shows only after an eviction, say) stays, and so does the tracer
 * where the bug needs its stop: without it the finding is not the same.
 */
static bool minimise(const struct fpabi_machine *m, struct fpabi_opts *o,
		     const struct recorded *x0, struct recorded *x1,
		     char *dropped, size_t n)
{
	const char *id = x0->r->id, *seg[MAX_AXES], *q, *end;
	size_t len[MAX_AXES], baselen;
	unsigned nseg = 0, size, mask, i;
	char cand[256], why[256];
	const struct plan_item *it;
	bool twin0 = x0->r->c->unobserved;

	end = id + strlen(id) - (twin0 ? strlen(PLAN_TWIN_MARK) : 0);
	q = memchr(id, '=', (size_t)(end - id));
	if (!q)
		q = end;
	while (q < end && q > id && *q != '/')
		q--;
	baselen = (size_t)(q - id);
	for (; q < end && *q == '/' && nseg < MAX_AXES; q += len[nseg++]) {
		seg[nseg] = q;
		len[nseg] = strcspn(q + 1, "/") + 1;
	}
	if (q != end || baselen + strlen(PLAN_TWIN_MARK) + 1 > sizeof(cand))
		return false;
	for (size = 0; size <= nseg; size++)
		for (mask = 0; mask < 1u << nseg; mask++)
			for (int untraced = 1; untraced >= 0; untraced--) {
				size_t k = baselen;
				bool twin = twin0 || untraced;

				if ((unsigned)__builtin_popcount(mask) != size ||
				    (size == nseg && twin == twin0) ||
				    (twin0 && !untraced))
					continue;	/* (the instance itself) */
				memcpy(cand, id, baselen);
				for (i = 0; i < nseg; i++)
					if (mask >> i & 1 && k + len[i] + strlen(PLAN_TWIN_MARK) < sizeof(cand)) {
						memcpy(cand + k, seg[i], len[i]);
						k += len[i];
					}
				snprintf(cand + k, sizeof(cand) - k, "%s", twin ? PLAN_TWIN_MARK : "");
				it = find_item(&x1->p, m, cand);
				if (!it)
					continue;
				x1->own_plan = true;
				if (it->skip || record_item(m, o, it, x1, why, sizeof(why)) ||
				    !shows(x1->r, key_finding(x0->r)) || !writable(&x1->rec)) {
					recorded_free(x1);
					continue;
				}
				for (*dropped = 0, i = 0; i < nseg; i++)
					if (!(mask >> i & 1))
						snprintf(dropped + strlen(dropped),
							 n - strlen(dropped), "%s%.*s",
							 *dropped ? ", " : "",
							 (int)len[i] - 1, seg[i] + 1);
				if (twin && !twin0)
					snprintf(dropped + strlen(dropped), n - strlen(dropped),
						 "%sthe tracer (its stops and regset reads)",
						 *dropped ? " and " : "");
				return true;
			}
	return false;
}

/* where id's axis values ("/h=...", "/w=...") and its twin mark start
 * (its end without them) */
static const char *axes_of(const char *id)
{
	const char *q = strchr(id, '='), *end = id + strlen(id);
	size_t t = strlen(PLAN_TWIN_MARK);

	if (!q) {
		if ((size_t)(end - id) > t && !strcmp(end - t, PLAN_TWIN_MARK))
			return end - t;
		return end;
	}
	while (q > id && *q != '/')
		q--;
	return q;
}

/* "with A for B, ..." of the parts (variant, parameter) of ID b's that
 * are not ID a's, into w */
static void changed_parts(const char *a, const char *b, char *w, size_t n)
{
	const char *ea = axes_of(a), *eb = axes_of(b);
	size_t la, lb;

	snprintf(w, n, "with");
	while (a < ea && b < eb) {
		a += *a == '/';
		b += *b == '/';
		la = strcspn(a, "/");
		lb = strcspn(b, "/");
		if (la != lb || memcmp(a, b, la))
			snprintf(w + strlen(w), n - strlen(w), "%s %.*s for %.*s",
				 strlen(w) > 4 ? "," : "", (int)MIN(lb, (size_t)(eb - b)), b,
				 (int)MIN(la, (size_t)(ea - a)), a);
		a += la;
		b += lb;
	}
}

#define MAX_SIMPLER 24	/* the runs simplify() may make */

/*
 * Simplify the instance minimise() chose, id (its file lines long): of
 * its case's instances with the same axis values and the same observer,
 * first those of another variant with its parameter, then those of the
 * variant kept with another parameter (the syscall, say), the one whose
 * run shows the key finding and whose file is shortest replaces it: the
 * reader gets the plainest configuration that shows the difference (SVE
 * alone where the variant had SME and ZA, getpid where a pipe read had
 * a competitor), and one the finding needs stays.  Its ID into best
 * (a run of it is made again: the runs here are dropped), true if one.
 */
static bool simplify(const struct fpabi_machine *m, struct fpabi_opts *o,
		     const struct fpabi_finding *key, const char *id,
		     unsigned lines, char *best, size_t nbest)
{
	static const enum fpabi_tier tiers[] = { TIER_MATRIX, TIER_EXHAUSTIVE };
	char glob[200], var[40], why[256];
	const char *ax = axes_of(id);
	unsigned i, t, runs = 0, param = 0, l;
	struct plan p;
	bool found = false;

	snprintf(glob, sizeof(glob), "%.*s/*", (int)strcspn(id, "/"), id);
	for (t = 0; t < ARRAY_SIZE(tiers) && !found; t++) {
		plan_build(&p, m, glob, tiers[t]);
		for (i = 0; i < p.n && !found; i++)
			if (!strcmp(p.items[i].id, id)) {
				found = true;
				param = p.items[i].param;
				snprintf(var, sizeof(var), "%s", p.items[i].v.name);
			}
		if (!found)
			plan_free(&p);
	}
	if (!found)
		return false;
	*best = 0;
	for (int pass = 0; pass < 2; pass++)
		for (i = 0; i < p.n && runs < MAX_SIMPLER; i++) {
			const struct plan_item *it = &p.items[i];
			struct recorded y = { .r = NULL };

			if (it->skip || strcmp(axes_of(it->id), ax) ||
			    (pass ? it->param == param || strcmp(it->v.name, var) :
			     it->param != param || !strcmp(it->v.name, var)))
				continue;
			runs++;
			if (record_item(m, o, it, &y, why, sizeof(why)))
				continue;
			l = shows(y.r, key) ? written_lines(&y.rec) : 0;
			if (l && l < lines) {
				lines = l;
				snprintf(best, nbest, "%s", it->id);
				if (!pass)	/* (the variant kept) */
					snprintf(var, sizeof(var), "%s", it->v.name);
			}
			recorded_free(&y);
		}
	plan_free(&p);
	return *best;
}

/* Run plan item it once, recorded, minimised (a failing instance, unless
 * --no-minimise) and write it to f; 0, 3 (refused, why filled) or 2 for
 * a run without a verdict. */
static int repro_one(const struct fpabi_machine *m, struct fpabi_opts *o,
		     const struct plan_item *it, FILE *f, char *why, size_t n,
		     unsigned *nfind, char *mini, size_t nmini)
{
	struct recorded x0 = { .r = NULL }, x1 = { .r = NULL }, x2 = { .r = NULL };
	struct recorded *x = &x0;
	char dropped[160], from[480], simpler[192], with[200];
	const struct fpabi_finding *k;
	const struct plan_item *it2;
	unsigned lines;
	int ret;

	*mini = *dropped = *with = 0;
	ret = record_item(m, o, it, &x0, why, n);
	if (ret)
		return ret;
	*nfind = x0.r->nfind;
	if (!x0.r->nfind || no_minimise)
		goto write;
	k = key_finding(x0.r);
	if (minimise(m, o, &x0, &x1, dropped, sizeof(dropped)))
		x = &x1;
	/* (the header saying so takes 3 lines: less than that is no gain
	 * where the instance asked for would have had none) */
	lines = written_lines(&x->rec);
	if (x == &x0)
		lines -= MIN(lines, 3u);
	if (simplify(m, o, k, x->r->id, lines, simpler, sizeof(simpler)) &&
	    (it2 = find_item(&x2.p, m, simpler))) {
		x2.own_plan = true;
		if (!record_item(m, o, it2, &x2, why, n) && shows(x2.r, k) &&
		    writable(&x2.rec)) {
			changed_parts(x->r->id, simpler, with, sizeof(with));
			x = &x2;
		} else {
			recorded_free(&x2);
		}
	}
	if (x == &x0)
		goto write;
	snprintf(from, sizeof(from), "%s:\n *   %s%s%s%s fpabi's run shows its "
		 "difference\n *   %s bytes %u-%u: %s", x0.r->id,
		 *dropped ? "without " : "", dropped,
		 *dropped && *with ? " and " : "", with, k->what, k->lo, k->hi,
		 k->origin);
	snprintf(mini, nmini, "%s", x->r->id);
	x->rec.minimised = from;
write:
	ret = repro_write(&x->rec, f, repro_flags, why, n) < 0 ? 3 : 0;
	recorded_free(&x2);
	recorded_free(&x1);
	recorded_free(&x0);
	return ret;
}

static int repro_run(const struct fpabi_machine *m, struct fpabi_opts *o,
		     const char *id, const char *out)
{
	struct plan p;
	const struct plan_item *it;
	unsigned nfind = 0;
	char why[256], mini[256];
	FILE *f;
	int ret;

	it = find_item(&p, m, id);
	if (!it)
		die("no case instance '%s' (fpabi list names them)", id);
	if (it->skip)
		die("%s: not runnable here: %s", id, it->skip);
	if (fpabi_ptrace_refused(why, sizeof(why)))
		die("%s", why);
	f = out ? output_open(out) : stdout;
	if (!f)
		die("%s: %s", out, strerror(errno));
	ret = repro_one(m, o, it, f, why, sizeof(why), &nfind, mini,
			sizeof(mini));
	if ((out && fclose(f)) || (!out && fflush(f)))
		die("%s: write failed", out ? out : "stdout");
	if (ret && out)
		remove(out);
	if (ret == 2)
		die("%s: %s", id, why);
	if (ret == 3)
		fprintf(stderr, "fpabi: %s cannot be made standalone: %s\n",
			id, why);
	else if (out)
		/* (on stdout the file is all there is: fpabi-vm's guest
		 * sends stderr there too) */
		fprintf(stderr, "fpabi: %s (seed %llu): wrote %s, %u findings%s%s\n",
			id, (unsigned long long)o->seed, out, nfind,
			*mini ? "; minimised to " : "", mini);
	plan_free(&p);
	return ret;
}

/*
 * --sample: the first runnable instance of each case --filter matches
 * (without one: of each family), every reproducer on stdout after a
 * marker line naming it; a refused one is its marker line with the reason.
 */
static int repro_sample(const struct fpabi_machine *m, struct fpabi_opts *o,
			const char *filter, enum fpabi_tier tier)
{
	struct plan p;
	unsigned i, k, nfind;
	char why[256], key[192], seen[64][192];
	unsigned nseen = 0;
	int ret;

	plan_build(&p, m, filter, tier);
	if (filter)
		plan_check_filter(&p, m, filter, tier,
				  UNMATCHED_ERROR_ONLY);
	if (fpabi_ptrace_refused(why, sizeof(why)))
		die("%s", why);
	for (i = 0; i < p.n; i++) {
		const struct plan_item *it = &p.items[i];

		snprintf(key, sizeof(key), "%s", it->id);
		if (filter)
			key[strcspn(key, "/")] = 0;	/* the case */
		else
			*strchr(strchr(key, '.') + 1, '.') = 0;	/* family */
		for (k = 0; k < nseen && strcmp(seen[k], key); k++)
			;
		if (it->skip || k < nseen || nseen == ARRAY_SIZE(seen))
			continue;
		snprintf(seen[nseen++], sizeof(seen[0]), "%s", key);
		printf("/* ==== fpabi repro: %s ==== */\n", it->id);
		fflush(stdout);	/* (before the run forks) */
		ret = repro_one(m, o, it, stdout, why, sizeof(why), &nfind,
				key, sizeof(key));
		if (ret)
			printf("/* ==== fpabi repro: %s: %s: %s ==== */\n",
			       it->id, ret == 3 ? "cannot be made standalone" :
			       "no verdict", why);
	}
	plan_free(&p);
	return fflush(stdout) ? 2 : 0;
}

int cmd_repro(int argc, char **argv)
{
	enum { OPT_SAMPLE = 256, OPT_KSELFTEST, OPT_NO_MINIMISE, OPT_TIER };
	/* (--kmsg: fpabi-vm adds it; a reproducer has no kernel-log check;
	 * --seed through the one strict parser: every seed a run prints is
	 * at most FPABI_SEED_MAX, and 010 is ten here as for run) */
	static const struct option longopts[] = {
		FPABI_COMMON_OPTIONS,
		{ "filter", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "sample", no_argument, NULL, OPT_SAMPLE },
		{ "kselftest", no_argument, NULL, OPT_KSELFTEST },
		{ "no-minimise", no_argument, NULL, OPT_NO_MINIMISE },
		{ "tier", required_argument, NULL, OPT_TIER },
		/* (test-only: the recorded run drops its marked step, or runs
		 * without the calibration, so the file replays a scenario
		 * with a real difference, or the CPU's own) */
		FPABI_RUN_OPTIONS,
		{ NULL, 0, NULL, 0 }
	};
	struct fpabi_common_opts co = { .tracee = NULL };
	struct fpabi_opts o = { .repeat = 1, .timeout = 60 };
	const char *id = NULL, *out = NULL, *tracee = NULL, *profile = NULL;
	struct fpabi_machine m;
	bool sample = false;
	enum fpabi_tier tier = TIER_DEFAULT;
	int c, ret;

	o.argv0 = argv[0];
	optind = 1;
	while ((c = getopt_long(argc, argv, "f:s:o:vh", longopts, NULL)) != -1) {
		switch (c) {
		case 'f': id = plan_check_globs("--filter", optarg); break;
		case 'o': out = strcmp(optarg, "-") ? optarg : NULL; break;
		case OPT_SAMPLE: sample = true; break;
		case OPT_KSELFTEST: repro_flags |= REPRO_KSELFTEST; break;
		case OPT_NO_MINIMISE: no_minimise = true; break;
		case OPT_TIER: tier = plan_parse_tier(optarg); break;
		case 'h': fputs(repro_usage, stdout); return 0;
		default:
			if (!common_option(c, optarg, &co, &o)) {
				fputs(repro_usage, stderr);
				return 2;
			}
		}
	}
	tracee = co.tracee;
	profile = co.profile;
	if (optind < argc && !id)
		id = argv[optind++];
	if (optind < argc || (!id && !sample) || !co.seeded) {
		fputs(repro_usage, stderr);
		return 2;
	}
	fpabi_setup_signals();	/* before the probe: see main() in src/cmd/main.c */
	fpabi_probe(&m, profile);
	o.tracee = fpabi_find_tracee(tracee);
	o.exec_probe = fpabi_sibling(o.tracee, "fpabi-exec-probe");
	ret = sample ? repro_sample(&m, &o, id, tier) : repro_run(&m, &o, id, out);
	free((char *)o.tracee);
	free((char *)o.exec_probe);
	return ret;
}
