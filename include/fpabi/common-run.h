/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The services every command shares (src/common-run.c): the machine and
 * its profile, the output's header, the tracee's path, a case instance's
 * run, fault injection, the runner's signals, ptrace permission, usage
 * errors.  The commands (run, list, info in main.c; fuzz.c, stress, bench)
 * call these and never each other.
 */
#ifndef FPABI_COMMON_RUN_H
#define FPABI_COMMON_RUN_H

#include <stdbool.h>
#include <stdio.h>

#include "fpabi/plan.h"
#include "fpabi/run.h"
#include "fpabi/tap.h"

/* "fpabi: msg", "Try 'fpabi --help'.", exit 2 */
void bad_usage(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
/* A number option's value: base 10 or 0x, at most max; else bad usage. */

/* The machine: kernel, CPUs, features, the ABI profile (force: --profile). */
void fpabi_probe(struct fpabi_machine *m, const char *force_profile);
/* The output's header (fpabi, kernel, arch, profile), each line after pfx. */
void fpabi_header(const struct fpabi_machine *m, FILE *f, const char *pfx);
/* The profile names of this arch, ", " separated. */
void profile_names(char *buf, size_t n);

/* The tracee (--tracee, $FPABI_TRACEE, next to fpabi, the installed
 * layout relative to fpabi, libexec) and a file beside it. */
char *fpabi_find_tracee(const char *opt);
char *fpabi_sibling(const char *path, const char *name);

/* --inject-fault=KIND:TARGET, and whether it applies to a run of the
 * instance id of family (a family name, a glob, or "any") */
void fpabi_parse_inject(struct fpabi_opts *o, const char *spec);
bool inject_applies(const struct fpabi_opts *o, const char *id,
		    const char *family);
const char *inject_kind_name(enum inject_kind k);
/* The first --inject-fault (of up to MAX_INJECT) that hits a run case. */
const struct fpabi_inject *inject_for(const struct fpabi_opts *o,
				      const char *id, const char *family);
/* Bad usage (exit 2) when --inject-fault hits no case of the plan. */
void fpabi_inject_check(const struct fpabi_opts *o, const struct plan *p);

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

/* A syscall kind's name ("getpid"), as case IDs use it. */
const char *sc_name(unsigned sc);

#endif
