// SPDX-License-Identifier: GPL-2.0-or-later
/* The x86_64 case families, in plan order. */
#include <stddef.h>

#include "fpabi/case.h"

extern const struct fpabi_family x86_family_syscall;
extern const struct fpabi_family x86_family_ptrace_read;
extern const struct fpabi_family x86_family_ptrace_write;
extern const struct fpabi_family x86_family_signal;
extern const struct fpabi_family x86_family_forge;
extern const struct fpabi_family x86_family_sched;
extern const struct fpabi_family x86_family_stops;
extern const struct fpabi_family x86_family_exec;
extern const struct fpabi_family x86_family_proc;
extern const struct fpabi_family x86_family_amx;

const struct fpabi_family *const x86_families[] = {
	&x86_family_syscall,
	&x86_family_ptrace_read,
	&x86_family_ptrace_write,
	&x86_family_signal,
	&x86_family_forge,
	&x86_family_sched,
	&x86_family_stops,
	&x86_family_exec,
	&x86_family_proc,
	&x86_family_amx,
	NULL
};
