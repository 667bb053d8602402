/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi race, the tracer's side: rounds of the unobserved loop (a tracee
 * nobody traces, src/tracee/<arch>/race.S), the model's expectations for
 * each of its kinds, the classification of the dumps that differed, and
 * the arch's part (src/arch/<arch>/race.c).
 */
#ifndef FPABI_RACE_RUN_H
#define FPABI_RACE_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "fpabi/arch.h"
#include "fpabi/case.h"
#include "fpabi/race.h"
#include "fpabi/run.h"

/* What the arch says about the loop. */
struct fpabi_race_arch {
	const char *rule_syscall;	/* what a syscall keeps and discards */
	const char *rule_sched;		/* what preemption and migration keep */
	const char *rule_signal;	/* an asynchronous signal's handler
					   entry and sigreturn */
	const char *rule_trap;		/* the first-use trap the loop times
					   (NULL: none it can take) */
	const char *no_trap_why;	/* why not, where rule_trap is NULL */
	unsigned spin_rounds;		/* the spin kind's window: rounds of
					   the tracee's SPIN (x86: pause) */
	bool prefill;			/* a store may leave bytes unwritten
					   (x86's XSAVE of init components):
					   the dump is the init image first */
	/* a field fault injection may overwrite: a vector register that
	 * every kind checks */
	bool (*inject_field)(const struct fpabi_field *f);
};

extern const struct fpabi_race_arch fpabi_race_arch;

/* The kinds of iteration (the event between load and store). */
enum race_kind_id {
	RACE_GETPID,	/* a syscall that returns at once */
	RACE_YIELD,	/* sched_yield: a switch when a competitor waits */
	RACE_SLEEP,	/* nanosleep 1 ms: a switch out and back */
	RACE_SPIN,	/* a spin: the window signals and preemption hit */
	RACE_MIGRATE,	/* sched_setaffinity to the other CPU */
	RACE_URANDOM,	/* 8 KiB to /dev/urandom: the kernel's own FPU use */
	RACE_NKINDS
};

struct race_kind_def {
	const char *name;
	unsigned sc;		/* enum fpabi_sc; 0: no syscall */
	unsigned weight;	/* of RACE_WEIGHTS slots, before scaling */
	bool smp2;		/* needs a second CPU */
	const char *summary;
};

extern const struct race_kind_def race_kinds[RACE_NKINDS];
/* A comma list of race_kinds[] names (no empty element) as a mask, or -1
 * (src/race-plan.c; fpabi race's --kinds and --replay). */
int race_kinds_parse(const char *s);

#define RACE_SIG_TIMER	1	/* an interval timer's SIGALRM */
#define RACE_SIG_THREAD	2	/* another thread's SIGUSR1 */

/* One round's configuration: what --replay repeats. */
struct race_cfg {
	uint32_t kinds;		/* bit per enum race_kind_id */
	uint8_t comp;		/* enum competitor_mode */
	uint8_t migrate;	/* the tracer moves the loop between CPUs */
	uint8_t sigs;		/* RACE_SIG_* */
	unsigned quiet_ms;	/* a window with no syscall (0: none) */
	struct fpabi_variant v;
	uint64_t seed;
};

/* What a round counted (the tracee's counters, the tracer's moves). */
struct race_counts {
	uint64_t iters, checked, mismatches, sig_timer, sig_thread,
		 sig_window, sig_checked, sig_mismatch, thr_sent, injected,
		 lost, quiet_iters, quiet_nvcsw, quiet_nivcsw, quiet_sigs;
	uint64_t k_iters[RACE_NKINDS], k_nvcsw[RACE_NKINDS],
		 k_nivcsw[RACE_NKINDS], k_migrated[RACE_NKINDS],
		 k_traps[RACE_NKINDS], k_sigs[RACE_NKINDS];
	uint64_t hist[RACE_HIST];
	uint64_t trap_ticks;		/* the tracee's threshold (0: untimed) */
	unsigned moves;			/* the tracer's migrations */
	unsigned quiet_windows;
	long comp_nvcsw, comp_nivcsw;
	unsigned rounds;
	double secs, quiet_secs;
};

/* A round: the tracee, its shared memory, the model as planned. */
struct race_round {
	const struct fpabi_machine *m;
	const struct fpabi_opts *o;
	struct race_cfg cfg;
	uint64_t inject_rate;		/* 1 dump in this many (0: none) */
	struct fpabi_case cases[RACE_MAX_KINDS];	/* each slot's kind */
	unsigned slot_kind[RACE_MAX_KINDS];
	unsigned nslots, spin_slot;
	struct fpabi_run plan;		/* images and lists come from it */
	int memfd;
	uint8_t *shm;
	size_t size, isz;		/* mapped; bytes of a dump */
	struct race_ctl *ctl;
	size_t kinds_off, ring_off;	/* the tracee makes the control
					   block's offsets addresses */
	int cpu, cpu2;			/* the loop's CPU; another, or -1 */
	pid_t pid, comp_pid;
	long comp_vol0, comp_invol0;
	struct timespec go;
};

/* The outcome of a round. */
struct race_result {
	bool fail;			/* a dump differed: find has it */
	bool broken;			/* no verdict on the kernel: why */
	char why[256];
	struct fpabi_run find;		/* the model's findings of the first */
	struct race_slot slot;		/* its ring entry */
	double t_found;			/* seconds after go it was seen */
	struct race_counts n;
};

/* race-plan.c: the shared memory, lists, images and expectations */
int race_round_prepare(struct race_round *rd);
void race_round_free(struct race_round *rd);
/* The model at a point of a slot's kind and phase index: a fresh run in
 * m (race_model_end() frees it); observer names the point. */
void race_model(const struct race_round *rd, struct fpabi_run *m,
		unsigned slot, unsigned pi, unsigned pt);
void race_model_end(struct fpabi_run *m);
/* A ring entry checked by the model (findings in m; race_model_end()). */
void race_classify(const struct race_round *rd, const struct race_slot *s,
		   const uint8_t *dump, struct fpabi_run *m);
const char *race_point_name(unsigned pt);

/* race-round.c: run one round for secs (prepared, run, freed); the
 * first differing dump ends it */
void race_round_run(struct race_round *rd, double secs,
		    struct race_result *res);
/* counts to the totals */
void race_counts_add(struct race_counts *to, const struct race_counts *n);

/* race.c, for fpabi bench race: the loop's CPUs, the kinds a machine
 * with (or without, cpu2 < 0) a second CPU runs, and a silent run of the
 * command's rounds until the first failure (its seconds, or -1) */
void race_pick_cpus(int *cpu, int *cpu2);
uint32_t race_all_kinds(const struct fpabi_machine *m, int cpu2);
double race_first_failure(const struct fpabi_machine *m,
			  struct fpabi_opts *o, uint64_t seed,
			  uint64_t inject_rate, double secs, char *cls,
			  size_t n);

struct tap;
/* fpabi run --race-share SECONDS: the race loop's rounds for secs after
 * the run's cases, as one test point ARCH.race.share (src/race/cmd.c) */
void race_share(const struct fpabi_machine *m, struct fpabi_opts *o,
		struct tap *t, double secs);

#endif
