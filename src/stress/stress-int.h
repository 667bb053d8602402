/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi stress's private parts: the vocabulary (vocab.c), the grammar
 * and generator (gen.c), running a list and summing its proofs (run.c),
 * the command and its output (cmd.c); fpabi bench stress
 * (src/bench/stress.c) measures the engine with the same lists.
 */
#ifndef FPABI_STRESS_INT_H
#define FPABI_STRESS_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "fpabi/limits.h"
#include "fpabi/steps.h"
#include "fpabi/stress.h"

/*
 * The vocabulary: every step of every case this machine can run, with
 * the stops it was seen at (for the steps that need one), per variant
 * class.  Phases are normalised (0: none, 1: some); the generator numbers
 * them afresh.
 */
struct word {
	struct fpabi_step s;
	uint32_t ctx;		/* 1 << enum stop_class */
	uint32_t after;		/* 1 << the tracee op before it (S_END: none) */
	bool first;		/* a case starts with it */
	uint64_t families;	/* 1 << index in fpabi_arch.families */
};

struct vocab {
	struct word *w;
	unsigned n, cap;
	bool altstack;
	struct fpabi_variant v[FPABI_MAX_VARIANTS];
	int nv;
};

struct stress {
	const struct fpabi_machine *m;
	struct fpabi_opts *o;
	struct vocab voc[3];	/* by class: 0 base, 2 extra */
	const char *rule;	/* the rule a sequence's generic checks cite */
	unsigned seconds;
	double end;		/* when --seconds run out (0: replay, no end) */
	unsigned max_fail;
	bool shrink;
	bool progress;
	bool prove;		/* a list's verdict needs its state proven
				 * (fpabi stress; the bench measures runs) */
	unsigned nreported;	/* failing lists reported so far */
};

/* What a walk over a list found: the engine's view (fpabi/steps.h) and
 * what this grammar adds. */
struct walk_state {
	struct steps_state g;
	unsigned reads;		/* reads at the current stop */
	unsigned all_reads;
	bool migrated, vl_changed;
};

/* The outcome of running one sequence (with retries of unproven runs). */
struct outcome {
	bool fail, broken, unproven, known, rejected;
	const char *known_why;		/* the known issue's TODO text */
	unsigned checks;
	struct fpabi_run r;
	struct fpabi_case c;
};

/* Forcing modes and their proof, summed over the sequences that used them. */
enum force {
	F_SPIN, F_IDLE, F_TIMER, F_MIGRATE, F_SELF, F_BLOCK, F_NFORCE
};

struct force_sum {
	unsigned runs, proven, degraded;
	long nvcsw, nivcsw, comp_nvcsw, comp_nivcsw, wakes, moves, cpu_changed;
};


/* vocab.c */
struct word *vocab_find(struct vocab *vc, const struct fpabi_step *s);
/* ops that act at a stop and were seen only at some (ctx is checked) */
bool ctx_op(const struct fpabi_step *s);
/* Every step of every case the machine can run, with its context. */
void harvest(struct stress *st);
/* The vocabularies' memory. */
void stress_free(struct stress *st);

/* gen.c */
int seq_check(const struct stress *st, const struct stress_seq *q,
	      struct walk_state *w, char *why, size_t n);
void seq_gen(const struct stress *st, uint64_t master, unsigned k,
	     struct stress_seq *q);

/* run.c */
extern const char *const comp_names[COMP_NMODES];
extern const char *const force_names[F_NFORCE];
void list_proof(const struct stress_seq *q, const struct fpabi_run *r,
		char *out, size_t n);
double now_s(void);
void seq_id(const struct stress_seq *q, const char *name, char *id, size_t n);
/* Run a list (bare: observe everything, compare nothing). */
void run_seq_mode(const struct stress *st, const struct stress_seq *q,
		  const char *name, struct outcome *out, bool bare);
void run_seq(const struct stress *st, const struct stress_seq *q,
	     const char *name, struct outcome *out);
void force_add(struct force_sum *fs, const struct stress_seq *q,
	       const struct fpabi_run *r);
void force_merge(struct force_sum *to, const struct force_sum *f);
void force_text(int mode, const struct force_sum *f, char *out, size_t n);
void stress_reproducer(const struct stress *st, const struct stress_seq *q,
		       char *out, size_t n);
/* A failure's signature: the kind of observer, the register, the class. */
void signature(const struct outcome *o, char *out, size_t n);
/* Delta debugging: the shortest list that still fails as sig says. */
void shrink(const struct stress *st, struct stress_seq *q, const char *sig,
	    unsigned *runs);

#endif
