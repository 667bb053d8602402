/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The plan: case instances for this machine, known before the first result. */
#ifndef FPABI_PLAN_H
#define FPABI_PLAN_H

#include "fpabi/derive.h"
#include "fpabi/run.h"

/* enum fpabi_place's name in IDs (/p=NAME) */
const char *place_name(enum fpabi_place pl);

struct plan_item {
	const struct fpabi_case *c;	/* a case table's, or derived */
	struct fpabi_variant v;
	unsigned param;
	const struct fpabi_history *hist;	/* its prelude, or NULL */
	enum fpabi_place place;
	char id[192];
	const char *skip;	/* reason, or NULL when runnable */
};

struct plan {
	struct plan_item *items;
	unsigned n, cap;
	/* the default matrix cells' unobserved twins planned too (tier full
	 * and up: plan_build(); src/plan/matrix.c: add_twin()) */
	bool mx_twins;
	/* the derived cases the items point to (derive.h) */
	struct derive_pool pool;
	const struct fpabi_case **derived;
	unsigned nderived, derived_cap;
	char **owned;		/* skip reasons made for this plan */
	unsigned nowned;
	/* plan_select(): the whole plan before --shard, its IDs' count and
	 * SHA-256 (each ID and a newline, in plan order) */
	unsigned whole;
	char whole_sha[65];
};

/* Every case instance of tier (and the tiers below) that filter (a comma
 * list of case ID globs and family names, of any length) matches. */
void plan_build(struct plan *p, const struct fpabi_machine *m,
		const char *filter, enum fpabi_tier tier);
/*
 * The plan of o: plan_build() with o->filter (none matching is a usage
 * error) and o->tier, only the IDs of --shard I/N, then every runnable item that an --exclude glob or
 * a line of the --skip-file matches skipped with that as its reason.
 */
void plan_select(struct plan *p, const struct fpabi_machine *m,
		 const struct fpabi_opts *o);
/* What a glob that matches no case is: an error (that names
 * --warn-unmatched, or not: a command without it), or a warning. */
enum plan_unmatched { UNMATCHED_ERROR, UNMATCHED_ERROR_ONLY, UNMATCHED_WARN };
/* Refuse (usage error) a filter p (planned with it at tier) has no item
 * of; a glob of it that matches no case is u. */
void plan_check_filter(const struct plan *p, const struct fpabi_machine *m,
		       const char *filter, enum fpabi_tier tier,
		       enum plan_unmatched u);
/* list, the value of opt, if it has no empty glob (a leading, trailing
 * or doubled comma, or nothing); otherwise a usage error. */
const char *plan_check_globs(const char *opt, const char *list);
/* --tier's value: default, full, matrix or exhaustive, else a usage error */
enum fpabi_tier plan_parse_tier(const char *s);
/* An unobserved twin's ID ends with this (plan_add(); a matrix cell's
 * twin has it after its /w=) */
#define PLAN_TWIN_MARK "/unobserved"
/* Is case ID id an unobserved twin's? */
bool plan_id_twin(const char *id);
/* Is case ID id in shard shard (1..nshards) of nshards (0: no sharding)? */
bool plan_in_shard(const char *id, unsigned shard, unsigned nshards);
/* Skip, with why, every runnable item glob (an ID glob or a family)
 * matches; how many items it matched (skipped ones too: 0 is a typo). */
unsigned plan_exclude(struct plan *p, const char *glob, const char *why);
/* plan_exclude() for each line of path (an ID or a glob; '#' starts a
 * comment): 0, or -1 with err saying what was wrong (a line that
 * matches no case, unless warn: then a warning on stderr). */
int plan_skip_file(struct plan *p, const char *path, bool warn, char *err,
		   size_t n);
void plan_free(struct plan *p);
/* One instance (plan_build()'s own, for src/plan/matrix.c): c at variant v,
 * parameter param, history h, placement pl; skip: why it cannot run. */
struct plan_item *plan_add(struct plan *p, const struct fpabi_case *c,
			   const struct fpabi_variant *v, unsigned param,
			   const char *skip, const struct fpabi_history *h,
			   enum fpabi_place pl);
/* Does filter (GLOB[,GLOB], or a family) let case ID id through? */
bool plan_matches(const char *filter, const char *id, const char *family);
const char *need_names(uint64_t needs, char *buf, size_t n);
/* The first need the machine lacks, as a reason to skip; NULL if none. */
const char *plan_missing_need(const struct fpabi_machine *m, uint64_t needs);
/* The same for syscall kind sc (its sc_table[] row's needs: bpf-prog-load
 * NEED_BPF): a case parameter, a stress step, a race kind */
const char *plan_sc_missing(const struct fpabi_machine *m, unsigned sc);
/* What the syscall kinds steps name need (SYSCALL(0), the parameter:
 * plan_sc_missing()); steps NULL: nothing */
uint64_t plan_steps_sc_needs(const struct fpabi_step *steps);

#endif
