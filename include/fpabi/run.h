/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * One case instance being run: the model's expectation, the tracee, and
 * the findings the checks make.  Arch backends and the engine share it.
 */
#ifndef FPABI_RUN_H
#define FPABI_RUN_H

#include <stdbool.h>
#include <stdio.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

#include "fpabi/arch.h"
#include "fpabi/canary.h"
#include "fpabi/image.h"
#include "fpabi/limits.h"

/* INJ_KNOWN: a byte fault whose finding is reported as a (test-only)
 * known kernel issue; INJ_UNPROVEN: every observation of a scenario
 * precondition says it did not hold (fpabi/precond.h); INJ_IOVLEN: every
 * PTRACE_GETREGSET claims 4096 bytes more than its buffer */
enum inject_kind { INJ_NONE, INJ_BYTE, INJ_STEP, INJ_HANG, INJ_KNOWN,
		   INJ_UNPROVEN, INJ_IOVLEN, INJ_INTERRUPT };

#define MAX_INJECT 4	/* --inject-fault given this many times at most */

struct fpabi_opts {
	uint64_t seed;
	unsigned repeat;
	unsigned timeout;	/* seconds per case */
	int skip_exit;		/* exit status when everything skipped */
	/* run: the race loop's seconds after the cases (--race-share), 0:
	 * none */
	unsigned race_share;
	const char *filter;
	const char *const *exclude;	/* --exclude globs */
	unsigned nexclude;
	const char *skip_file;	/* --skip-file: IDs or globs to skip */
	const char *tracee;	/* path of fpabi-tracee */
	bool tracee_given;	/* by --tracee: reproducers repeat it */
	const char *exec_probe;	/* path of fpabi-exec-probe, next to it */
	/* the first --inject-fault (what fuzz and stress use) */
	enum inject_kind inject;
	const char *inject_target;	/* family, case ID glob, or "any" */
	/* every --inject-fault: a run case takes the first that hits it */
	struct fpabi_inject {
		enum inject_kind kind;
		const char *target;
	} inj[MAX_INJECT];
	unsigned ninj;
	enum tap_format_opt { FMT_TAP, FMT_KSELFTEST } format;
	unsigned known;		/* --known: enum tap_known + 1, 0 the format's */
	bool skip_exit_given;	/* else kselftest's is 4 (KSFT_SKIP), TAP's 0 */
	unsigned shard, nshards;	/* --shard I/N (1 <= I <= N), 0/0: all */
	const char *junit;	/* --junit FILE */
	const char *json;	/* --json FILE */
	const char *kcidb;	/* --kcidb FILE */
	bool kmsg;		/* check the kernel log at the end */
	bool warn_unmatched;	/* an --exclude matching nothing: a warning */
	enum fpabi_tier tier;	/* --tier: the cases planned */
	unsigned seconds;	/* fuzz: how long to run */
	const char *argv0;
};

struct fpabi_finding {
	char observer[64];
	char what[48];		/* register or header field */
	char group[24];		/* component */
	unsigned lo, hi;	/* byte range in the register */
	char expected[80];
	char got[80];
	enum canary_class cls;
	char origin[112];	/* where the unexpected bytes came from */
	const struct fpabi_rule *rule;
	int step;		/* the step whose observation this is */
	bool nocanary;		/* of a value that carries no canary: an
				 * info word (FILL_FIXED: VL, SVCR) or a
				 * header value (check_value()) */
};

struct fpabi_run {
	const struct fpabi_machine *m;
	const struct fpabi_opts *o;
	const struct fpabi_case *c;
	struct fpabi_variant v;		/* as the model has it now */
	struct fpabi_variant v0;	/* as planned */
	unsigned param;		/* the parameter SYSCALL(0) stands for */
	enum fpabi_place place;	/* where the tracee and the tracer run */
	char id[192];
	double seconds;		/* how long its attempts took (the reports) */
	uint64_t seed;		/* this instance's seed */
	uint16_t cseed;		/* its canary seed */
	struct fpabi_layout lo;
	struct fpabi_expect exp;
	void *arch;		/* backend per-run state */

	pid_t pid;
	uint8_t *shm;
	size_t shm_size;
	int step;		/* index of the step being run */
	int stops;
	unsigned reads;		/* S_READs at the current stop */
	uint32_t astate[4];	/* the arch model's own state (arm64: format) */
	/* every layout (and its init image) the run used: observations
	 * taken with one keep pointing at it until the run ends */
	struct fpabi_layout all_lo[FPABI_MAX_LAYOUTS];
	uint8_t *all_init[FPABI_MAX_LAYOUTS];
	unsigned nlo;
	/* EXP_ONE_OF: the images a field's words may come from (the run
	 * owns them until it ends) */
	uint8_t *oneof[FPABI_MAX_ONEOF];
	unsigned noneof;
	bool drop_step;		/* INJ_STEP applies to this run */
	bool inject_byte;	/* INJ_BYTE: corrupt the next observation */
	bool skip_io;		/* INJ_STEP: this tracer step is dropped */
	bool hang;		/* INJ_HANG: the tracee spins forever first */
	bool inject_known;	/* INJ_KNOWN: its finding is a test-only
				 * known issue */
	bool inject_unproven;	/* INJ_UNPROVEN */
	bool inject_iovlen;	/* INJ_IOVLEN (engine/regset.c) */
	bool inject_interrupt;	/* INJ_INTERRUPT (engine/control.c) */
	bool timed_out;
	bool bare;		/* observe everything, compare nothing (the
				 * stress bench's baseline) */

	unsigned checks;	/* values compared */
	unsigned nfind;		/* findings (first FPABI_MAX_FINDINGS kept) */
	struct fpabi_finding find[FPABI_MAX_FINDINGS];
	char broken[256];	/* setup failure: no verdict on the kernel */
	char proof[320];	/* what proves the event happened */
	char skip[256];		/* the event could not be proven: SKIP why */
	bool unproven;		/* the event did not happen: worth a retry */
	struct timespec deadline;	/* the instance's, kept across its
					   attempts (CLOCK_MONOTONIC) */
	/* the scheduling the run forced and what proves it happened, as
	 * numbers (fpabi stress sums them per forcing mode) */
	struct fpabi_sched_proof {
		bool valid;		/* the tracee finished: counts are in */
		long nvcsw, nivcsw;	/* the tracee's switches over its events */
		int cpu0, cpu1;		/* its CPU before and after them */
		int comp_policy;	/* SCHED_* the competitor ran at; -1 none */
		bool comp_degraded;	/* the policy asked for was refused */
		long comp_nvcsw, comp_nivcsw;	/* the competitor's switches
						 * while the tracee ran */
		unsigned comp_wakes;	/* COMP_TIMER: wakes due before the end */
		unsigned self_migrations;	/* SC_MIGRATE_SELF steps run */
		unsigned tracer_migrations;	/* S_MIGRATE(_RUNNING) steps run */
	} sp;
	/* what the observers saw of each scenario precondition (by its
	 * index in fpabi_arch.preconds; fpabi/precond.h) */
	struct fpabi_pre_seen {
		unsigned held, failed;	/* observations where it held, not */
		char how[224];		/* the first where it held (of each
					   kind of observer: its first word) */
		char why[160];		/* the first where it did not */
	} pre[FPABI_MAX_PRECONDS];
	unsigned attempt;	/* 1-based; runs whose event was not proven
				 * are repeated, up to FPABI_ATTEMPTS */
};

/* A run whose event under test did not happen (a blocking syscall that
 * was woken before it was switched out, a sleep whose timer expired while
 * the task was preempted) is run again, FPABI_ATTEMPTS times at most
 * (fpabi/limits.h). */

/*
 * The image layout changes (arm64: a new vector length, taken from r->v):
 * the run gets the new layout with nothing expected yet; *old keeps the
 * previous layout and expectation for the caller to carry values over,
 * then relayout_done(old).
 */
struct relayout {
	struct fpabi_layout lo;
	struct fpabi_expect exp;
};
void run_relayout(struct fpabi_run *r, struct relayout *old);
void relayout_done(struct relayout *old);
void expect_alloc(struct fpabi_run *r);	/* also records r->lo */
void expect_free(struct fpabi_expect *e);

/* The model's expectation: every field from phase p of task t. */
void expect_fill(struct fpabi_run *r, unsigned phase, unsigned task);
/* Set one field's expectation. */
void expect_field(struct fpabi_run *r, unsigned i, const uint8_t *val,
		  const struct fpabi_rule *rule);
void expect_field_init(struct fpabi_run *r, unsigned i,
		       const struct fpabi_rule *rule);
void expect_field_any(struct fpabi_run *r, unsigned i);
void expect_field_kept_or_zero(struct fpabi_run *r, unsigned i,
			       const struct fpabi_rule *rule);
/* Every checked field: each word zero, init, or from one of imgs (n <= 4,
 * images of r->lo, copied). */
void expect_one_of(struct fpabi_run *r, uint8_t *const *imgs, unsigned n,
		   const struct fpabi_rule *rule);
/* expect_one_of() of the expectation so far and img (what was written) */
void expect_old_or(struct fpabi_run *r, const uint8_t *img,
		   const struct fpabi_rule *rule);
/* An image of phase p, task t canaries (FILL_NONE fields at init). */
void image_fill(struct fpabi_run *r, uint8_t *img, unsigned phase,
		unsigned task);

/* Compare an observed image with the expectation, field by field. */
void check_image(struct fpabi_run *r, const char *observer,
		 const uint8_t *got);
/* Only the fields whose group bit is set in groups. */
void check_image_groups(struct fpabi_run *r, const char *observer,
			const uint8_t *got, uint64_t groups);
/* Compare raw bytes (headers, padding) with what the rule says. */
void check_bytes(struct fpabi_run *r, const char *observer, const char *what,
		 const void *exp, const void *got, size_t len,
		 const struct fpabi_rule *rule);
void check_value(struct fpabi_run *r, const char *observer, const char *what,
		 uint64_t exp, uint64_t got, const struct fpabi_rule *rule);
void check_errno(struct fpabi_run *r, const char *observer, const char *what,
		 int exp, int got, const struct fpabi_rule *rule);
/* Record a finding that is not a byte comparison. */
void add_finding(struct fpabi_run *r, const struct fpabi_finding *f);
/* Put the finding that says where bytes came from first (see check.c). */
void findings_lead(struct fpabi_run *r);

void run_broken(struct fpabi_run *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

const struct fpabi_rule *rule_get(const char *id);

/*
 * regset.c: GETREGSET into a buffer poisoned first (returns the errno, 0
 * on success, and the iov_len the kernel left), and SETREGSET.
 */
int regset_get(struct fpabi_run *r, unsigned note, void *buf, size_t len,
	       size_t *got);
int regset_set(struct fpabi_run *r, unsigned note, void *buf, size_t len);
/* Any ptrace call made so (the tracer's own registers loaded first,
 * checked after: PT-TRACER); ptrace()'s result and errno. */
long regset_tracer_ptrace(struct fpabi_run *r, long req, unsigned long addr,
			  void *data, const char *what);

/* the engine (src/engine/): run one case instance */
void run_case(struct fpabi_run *r);
/* Whether r, unproven, is worth another attempt: fewer than
 * FPABI_ATTEMPTS so far and at least FPABI_RETRY_MIN_MS of the instance's
 * --timeout left (src/engine/stops.c). */
bool run_again(const struct fpabi_run *r);
/* the tracee being run, for the runner's signal handler */
extern volatile pid_t fpabi_current_tracee;

#endif
