// SPDX-License-Identifier: GPL-2.0-or-later
/* The arm64 case families, in plan order. */
#include <stddef.h>

#include "fpabi/case.h"

extern const struct fpabi_family a64_family_syscall;
extern const struct fpabi_family a64_family_trap;
extern const struct fpabi_family a64_family_ptrace_read;
extern const struct fpabi_family a64_family_ptrace_write;
extern const struct fpabi_family a64_family_vl;
extern const struct fpabi_family a64_family_sched;
extern const struct fpabi_family a64_family_stops;
extern const struct fpabi_family a64_family_exec;
extern const struct fpabi_family a64_family_proc;
extern const struct fpabi_family a64_family_signal;
extern const struct fpabi_family a64_family_forge;
extern const struct fpabi_family a64_family_sme;

const struct fpabi_family *const a64_families[] = {
	&a64_family_syscall,
	&a64_family_trap,
	&a64_family_ptrace_read,
	&a64_family_ptrace_write,
	&a64_family_vl,
	&a64_family_sched,
	&a64_family_stops,
	&a64_family_exec,
	&a64_family_proc,
	&a64_family_signal,
	&a64_family_forge,
	&a64_family_sme,
	NULL
};
