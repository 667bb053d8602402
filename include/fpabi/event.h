/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The event list the tracee's assembly routine runs: load registers, act,
 * store registers, with no compiler-generated code in between.
 *
 * The C part of the tracee fills an array of struct fpabi_ev (ending in
 * FPABI_EV_END) and calls fpabi_run_events() once.  The routine walks the
 * array using general-purpose registers only.  Offsets are fixed because
 * the assembly uses them; FPABI_EV_* offsets below are checked at build time.
 */
#ifndef FPABI_EVENT_H
#define FPABI_EVENT_H

#define FPABI_EV_END		0	/* stop walking, return */
#define FPABI_EV_LOAD		1	/* load every register in .mask from .ptr */
#define FPABI_EV_STORE		2	/* store every register in .mask to .ptr */
#define FPABI_EV_SYSCALL	3	/* syscall .nr(.arg[0..5]); result to .ret;
					   a 0 result with .ptr set (a clone's
					   child) goes on with the list at .ptr */
#define FPABI_EV_TRAP		4	/* breakpoint: int3 (x86), brk #0 (arm64) */
#define FPABI_EV_SPIN		5	/* spin until *(u64 *).ptr != 0, at most
					   .arg[0] iterations; count left to .ret;
					   first *(u64 *).arg[1] = 1 if set */
#define FPABI_EV_FAULT		6	/* an undefined instruction: SIGILL */
#define FPABI_EV_ARCH		16	/* first arch-specific event kind */

#define FPABI_EV_SIZE		128
#define FPABI_EV_OFF_KIND	0
#define FPABI_EV_OFF_NR		8
#define FPABI_EV_OFF_ARG	16
#define FPABI_EV_OFF_RET	64
#define FPABI_EV_OFF_PTR	72
#define FPABI_EV_OFF_MASK	80
#define FPABI_EV_OFF_AUX	88

#ifndef __ASSEMBLER__
#include <stdint.h>
#include <stddef.h>

struct fpabi_ev {
	uint64_t kind;
	uint64_t nr;
	uint64_t arg[6];
	uint64_t ret;
	uint64_t ptr;		/* image to load from / store to */
	uint64_t mask;		/* which register groups (arch meaning) */
	uint64_t aux;		/* arch meaning (arm64: FPABI_A64_AUX_*) */
	uint64_t pad[4];
};

_Static_assert(sizeof(struct fpabi_ev) == FPABI_EV_SIZE, "fpabi_ev size");
_Static_assert(offsetof(struct fpabi_ev, ret) == FPABI_EV_OFF_RET, "ret");
_Static_assert(offsetof(struct fpabi_ev, ptr) == FPABI_EV_OFF_PTR, "ptr");
_Static_assert(offsetof(struct fpabi_ev, mask) == FPABI_EV_OFF_MASK, "mask");
_Static_assert(offsetof(struct fpabi_ev, aux) == FPABI_EV_OFF_AUX, "aux");

/* Runs the list; implemented in src/tracee/<arch>/events.S. */
void fpabi_run_events(struct fpabi_ev *ev);
/* The tracee's signal handler entry (src/tracee/<arch>/sigentry.S). */
void fpabi_sig_entry(int sig, void *info, void *ucontext);
#endif

#endif
