/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The kernel's branch variables (`fpabi list --axes`): every piece of
 * kernel state the FP/vector paths of an arch decide by, as data (one
 * table per arch, src/arch/<arch>/axes.c): its values, the kernel
 * functions that read it (file and function), how fpabi puts the task in
 * each value, and how a run proves the value from what it observes.  Two
 * variables that can differ are two rows, and `apart` says when they do.
 * The matrices name the rows their axes set (fpabi/matrix.h).
 *
 * The tables are plain data (no arch header), so tests/t-axes.c checks
 * both arches' tables on any host.
 */
#ifndef FPABI_AXES_H
#define FPABI_AXES_H

#define FPABI_AXIS_VALUES	6
#define FPABI_AXIS_READS	12

/* A kernel function that reads the variable, and the branch it takes. */
struct fpabi_kread {
	const char *file;	/* "arch/arm64/kernel/fpsimd.c" */
	const char *fn;		/* "task_fpsimd_load" */
	const char *branch;	/* what it decides by the variable */
};

struct fpabi_axis_def {
	const char *name;	/* "TIF_SVE" */
	const char *what;	/* where the kernel keeps it, one line */
	/* the values fpabi tells apart, NULL-terminated */
	const char *values[FPABI_AXIS_VALUES + 1];
	/* the readers, ending with file NULL */
	struct fpabi_kread reads[FPABI_AXIS_READS + 1];
	const char *set;	/* how fpabi sets each value: which steps */
	const char *proof;	/* what observation proves the value */
	/* the row it is kept apart from and the case where the two differ;
	 * NULL: no other row it could be confused with */
	const char *apart;
	/* the matrix axes that cross it ("regset-write: stop"), or NULL:
	 * none yet (and why, in the text) */
	const char *crossed;
};

struct fpabi_axes {
	/* the kernel the citations were read from, and how */
	const char *source;
	const struct fpabi_axis_def *rows;	/* ends with name NULL */
};

/* The tables (plain data; the backend names its own in fpabi_arch). */
extern const struct fpabi_axes a64_axes, x86_axes;

/* `fpabi list --axes`: this arch's table. */
int axes_list(const struct fpabi_axes *t, const char *arch);

#endif
