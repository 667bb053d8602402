/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * fpabi bench: the measurements quoted for FP-state kernel patches.  The
 * generic part (src/bench*.c) runs the workloads, times them, counts
 * cycles and instructions and compares runs; each arch gives, as data, the
 * vector-state variants and the regsets (src/arch/<arch>/bench.c) and the
 * asm routines that put state in the registers (bench.S).
 */
#ifndef FPABI_BENCH_H
#define FPABI_BENCH_H

#include <stddef.h>

/* the workloads a variant applies to */
#define BW_SYSCALL	(1u << 0)
#define BW_SIGNAL	(1u << 1)
#define BW_TRAP_PIPE	(1u << 2)
#define BW_CTXSW	(1u << 3)
#define BW_PTRACE	(1u << 4)

/* What is in the vector registers around each operation. */
struct bench_vec {
	const char *name;	/* "sve-each": part of the result ID */
	const char *what;	/* one line for the YAML block */
	unsigned workloads;	/* BW_* */
	void (*prepare)(void);	/* once, before the warm-up; may be NULL */
	void (*touch)(void);	/* before every operation; may be NULL */
};

/* A regset the ptrace workload reads at each stop. */
struct bench_regset {
	const char *name;	/* "NT_ARM_SVE" */
	unsigned type;
	size_t size;		/* buffer for one read */
};

struct bench_arch {
	const struct bench_vec *vecs;		/* ends with a NULL name */
	const struct bench_regset *regsets;	/* ends with a NULL name */
	/* NULL if v can run on this machine, else the reason it cannot */
	const char *(*unsupported)(const struct bench_vec *v);
	/* the state's size here: "SVE VL 32 bytes" or "XSAVE 2696 bytes" */
	void (*describe)(char *buf, size_t n);
};

extern const struct bench_arch bench_arch;

/* `fpabi bench ...`: argv[0] is "bench".  Returns the exit status. */
int cmd_bench(int argc, char **argv);
/*
 * `fpabi bench --compare A B [--floor PCT]`: print each figure's change;
 * changes of at most floor percent are not counted.
 */
/* fail_pct >= 0: returns 1 when a figure changed and is slower (more per
 * operation) by more than fail_pct percent */
int bench_compare(const char *a, const char *b, double floor, double fail_pct);

#endif
