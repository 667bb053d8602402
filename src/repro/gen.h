/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi repro's writer state, shared by its files (write.c: the file,
 * tracer.c: the tracer's steps).
 */
#ifndef FPABI_REPRO_GEN_H
#define FPABI_REPRO_GEN_H

#include <stdbool.h>
#include <stdio.h>

#include "fpabi/record.h"
#include "fpabi/ops.h"
#include "fpabi/shm.h"

#define MAX_WORDS	8	/* words a reproducer checks */
#define LINE_WORDS	3	/* words a straight-line one checks */
#define MAX_BUFS	64	/* regions it fills */

/* one statement of a region's fill, kept so line.c can write regions of
 * one layout as calls of one helper */
struct run_item {
	bool fill;	/* fill()'s canaries, else the word val */
	uint64_t rel;	/* from the region's start */
	unsigned len, task, phase, comp, reg, lane;
	uint64_t val;
};

#define MAX_ITEMS 128

struct run_cap {
	struct run_item it[MAX_ITEMS];
	unsigned n;
	bool over;	/* more than MAX_ITEMS: not kept */
};

struct gen {
	const struct fpabi_rec *rec;
	const struct fpabi_run *r;
	FILE *o;
	const struct fpabi_shm_hdr *h;
	size_t img_size;
	size_t io_off[128];	/* each regset buffer's offset in the shm */
	size_t shm_size;	/* with the regset buffers */
	unsigned pick[MAX_WORDS];
	unsigned npick;
	bool failing;
	bool line;	/* the straight-line form (line.c) */
	bool ksft;	/* line.c: with kselftest's ksft_* API */
	bool solo;	/* line.c: no tracer, the file runs the events */
	bool probe;	/* line.c: the file's own exec probe (fd 4) */
	unsigned label;	/* line.c: the next asm label */
	int last;	/* the last step the file keeps: its last observation */
	int edit_dropped;	/* the step whose random frame edit is left out
				   (-1: none; write.c, drop_random_edit()) */
	bool end_at_delivery;	/* the file ends at its last step's signal-
				   delivery stop: that handler never runs */
	bool exit_in_handler;	/* the file ends in its last signal's handler,
				   after the frame copy (write.c) */
	struct run_cap *cap;	/* line.c: repro_emit_runs() keeps here */
	int err_of[128];	/* each regset call's entry in the file's errno
				   checks (-1: none; repro_find_errs()) */
	unsigned nerr;
	bool err_only;		/* failing by a regset call's errno only */
};

/* what the case uses: the runtime sections it needs */
struct uses {
	bool nanosleep, pipe, urandom, uring, exec, thread, fork, fork_stop, get, set, ev_bufs;
	bool sysstop, seccomp, refused, altstack;
	bool migrate;		/* a migrate step, at a stop or while it runs */
	bool competitor;	/* the case's competitor (sched.c) */
	bool preempt, migrate_running;	/* a spin the tracer ends (sched.c) */
	bool seize;		/* a spin the tracer stops: PTRACE_INTERRUPT or
				   group-stop (PTRACE_SEIZE, not TRACEME) */
	bool kselftest;		/* the ksft_* API, not plain TAP */
};

/* the regset calls whose errno the file checks: fpabi checked it, and the
 * tracer makes them (tracer.c) */
void repro_find_errs(struct gen *g);
/* their table and check_err() (errs.c) */
void repro_emit_errs(struct gen *g);
void repro_emit_check_err(struct gen *g);
void repro_emit_check(struct gen *g, bool or_zero, bool one_of, bool unsaved);
bool repro_one_of(const struct gen *g);
void repro_emit_alt(const struct gen *g, const struct rec_word *w);

/* the straight-line form's regions (regions.c): found, their layout
 * helpers before main(), their statements in main(); a checked word is in
 * the dump at off */
void repro_line_regions(struct gen *g);
void repro_line_helpers(struct gen *g);
void repro_line_fill(struct gen *g);
bool repro_line_checked(const struct gen *g, uint64_t off);

/* the exec probe's code and make_probe() (probe.c) */
void repro_emit_exec_probe(struct gen *g);

/* the facts of the recorded instance both writers share (facts.c) */
const struct fpabi_ev *repro_ev_at(const struct gen *g, uint64_t off);
const char *repro_sc_c(unsigned sc, char *args, size_t n);
uint64_t repro_word(const uint8_t *p, unsigned len);
void repro_describe_exp(const struct rec_word *w, char *buf, size_t n);
const char *repro_seen_origin(const struct gen *g, const struct rec_word *w);
const char *repro_quirk(const struct gen *g, const struct fpabi_field *f);
unsigned repro_corrupt_word(const struct gen *g);
bool repro_any_has(const struct gen *g, unsigned sc);
bool repro_any_flag(const struct gen *g, unsigned flags, unsigned without);
bool repro_list_has(const struct gen *g, uint64_t off, unsigned sc);
bool repro_has_step(const struct gen *g, enum fpabi_op op);
void repro_find_uses(const struct gen *g, struct uses *u);
void repro_emit_runs(struct gen *g, uint64_t base, const uint8_t *b,
		     size_t len);

/* the straight-line form, where the arch has it (line.c): 0, or -1 to
 * write the table form */
int repro_write_line(struct gen *g, const struct uses *u);

/* the migrate step and a competitor (sched.c) */
void repro_emit_sched(struct gen *g, const struct uses *u,
		      void (*list)(struct gen *g, uint64_t off));
const char *repro_sched_setup(const struct uses *u);
const char *repro_sched_start(const struct uses *u);

/* the #include lines the body's code uses (headers.c) */
void repro_emit_includes(struct gen *g, const char *body);

/* --kselftest: the kernel's style where the text breaks it (ksft.c) */
void repro_ksft_style(const char *buf, FILE *out);

/* the tracer's side of the file: the case's steps, stops and regset
 * calls, then finish() (tracer.c) */
void repro_emit_tracer(struct gen *g);

#endif
