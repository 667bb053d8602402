/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The services every command shares (src/cmd/common-run.c): the machine and
 * its profile, the output's header, the tracee's path, a case instance's
 * run, the options every command takes, the runner's signals, ptrace
 * permission; and, through the headers it includes, fault injection
 * (fpabi/inject.h), usage errors (fpabi/opts.h) and the syscall kinds
 * (fpabi/syscalls.h).  The commands (run, list, info in main.c; fuzz.c,
 * stress, race, repro, bench) call these and never each other.
 */
#ifndef FPABI_COMMON_RUN_H
#define FPABI_COMMON_RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "fpabi/inject.h"
#include "fpabi/opts.h"
#include "fpabi/plan.h"
#include "fpabi/run.h"
#include "fpabi/syscalls.h"
#include "fpabi/tap.h"

/*
 * The options every command takes, as rows of its getopt_long() table,
 * and their one parser: FPABI_COMMON_OPTIONS (--seed, --tracee,
 * --profile, --kmsg, --verbose, --help) and, for the commands that run
 * cases their own way, FPABI_RUN_OPTIONS (--inject-fault,
 * --no-workarounds).  A command's own options and --help stay its own.
 */
enum {
	COPT_TRACEE = 0x1000, COPT_PROFILE, COPT_KMSG, COPT_INJECT,
	COPT_NOWORK,
};
#define FPABI_COMMON_OPTIONS \
	{ "seed", required_argument, NULL, 's' }, \
	{ "tracee", required_argument, NULL, COPT_TRACEE }, \
	{ "profile", required_argument, NULL, COPT_PROFILE }, \
	{ "kmsg", no_argument, NULL, COPT_KMSG }, \
	{ "verbose", no_argument, NULL, 'v' }, \
	{ "help", no_argument, NULL, 'h' }
#define FPABI_RUN_OPTIONS \
	{ "inject-fault", required_argument, NULL, COPT_INJECT }, \
	{ "no-workarounds", no_argument, NULL, COPT_NOWORK }

struct fpabi_common_opts {
	const char *tracee;	/* --tracee PATH, or NULL */
	const char *profile;	/* --profile NAME, or NULL */
	bool seeded;		/* --seed given (into o->seed) */
};

/*
 * Option c of those rows (not --help) with its value arg: --seed,
 * --kmsg, --tracee (o->tracee_given) and --inject-fault into o, the
 * paths into co, -v and --no-workarounds into their globals; true.
 * False: c is none of them.
 */
bool common_option(int c, const char *arg, struct fpabi_common_opts *co,
		   struct fpabi_opts *o);

/* The machine: kernel, CPUs, features, the ABI profile (force: --profile). */
void fpabi_probe(struct fpabi_machine *m, const char *force_profile);
/* The output's header (fpabi, kernel, arch, profile), each line after pfx. */
void fpabi_header(const struct fpabi_machine *m, FILE *f, const char *pfx);

/* The tracee (--tracee, $FPABI_TRACEE, next to fpabi, the installed
 * layout relative to fpabi, libexec) and a file beside it. */
char *fpabi_find_tracee(const char *opt);
char *fpabi_sibling(const char *path, const char *name);

/* A run of plan item it at o->seed (attempt counts from 1). */
void init_run(struct fpabi_run *r, const struct fpabi_machine *m,
	      const struct fpabi_opts *o, const struct plan_item *it,
	      unsigned attempt);

/* The runner's fatal signals kill the tracee first; SIGCHLD is blocked
 * for the watchdog's sigtimedwait(). */
void fpabi_setup_signals(void);
/* After a run a signal cut (fpabi_interrupted): result id as broken,
 * interrupted, and true; false if no signal came. */
bool fpabi_interrupt_result(struct tap *t, const char *id);
/* End a command a signal stopped: its plan (if plan: the commands that
 * print it last), "Bail out!", the totals (the sinks end their documents
 * saying so); the exit status, 128 + the signal. */
int fpabi_interrupt_end(struct tap *t, bool plan);
/* Non-zero, with why, when this process may not trace its children
 * (Yama, a container's seccomp profile, an LSM). */
int fpabi_ptrace_refused(char *why, size_t n);

#endif
