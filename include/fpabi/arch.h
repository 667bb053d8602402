/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The backend interface: one struct per architecture (src/arch/<arch>/),
 * chosen at configure time.  NULL hooks are not applicable.
 */
#ifndef FPABI_ARCH_H
#define FPABI_ARCH_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fpabi/case.h"
#include "fpabi/event.h"
#include "fpabi/image.h"
#include "fpabi/ops.h"

struct fpabi_run;
struct fpabi_shm_hdr;
struct fpabi_sig_slot;
struct fpabi_platform;
struct fpabi_calib;
struct fpabi_matrix;
struct fpabi_precond;
struct fpabi_axes;

struct fpabi_machine {
	char kernel[160];	/* uname -r and -v */
	unsigned kver;		/* major << 16 | minor << 8 | patch */
	uint64_t have;		/* NEED_* bits this machine satisfies */
	const char *profile;	/* ABI revision in force */
	const char *profile_why;
	const char *profile_force;	/* --profile NAME (checked), or NULL */
	const char *profile_auto;	/* the one this kernel's version picks */
	int ncpus;		/* CPUs this process may run on */
	void *arch;		/* the backend's own probe results */
	/* hardware, a guest or an emulator, and its quirks (platform.h) */
	const struct fpabi_platform *platform;
	/* what the CPU keeps of each field (calib.h) */
	const struct fpabi_calib *calib;
};

/*
 * An ABI revision.  Each backend has one table, fpabi_profiles[], newest
 * first, ending with name NULL: the automatic choice is the first entry
 * whose min_kver the running kernel reaches; --profile NAME picks an
 * entry by name.  Either way the backend sets its model flags from the
 * entry's flags only, so a forced profile models exactly what the
 * automatic choice would on such a kernel.  `fpabi info --profiles`
 * prints the table.
 */
struct fpabi_profile {
	const char *name;	/* "arm64-6.16+" */
	unsigned min_kver;	/* major << 16 | minor << 8; 0: any */
	const char *kernels;	/* "6.16 and later" */
	const char *summary;	/* one line: what differs */
	unsigned flags;		/* backend model flags it sets */
	const char *flag_names;	/* those flags as the backend names them */
	unsigned below_kver;	/* chosen only below this version; 0: no
				   upper bound (an ABI change later undone) */
};

extern const struct fpabi_profile fpabi_profiles[];

/* The entry named name, or NULL. */
const struct fpabi_profile *fpabi_profile_find(const char *name);
/* The entry for kernel version kver (the last one if none matches). */
const struct fpabi_profile *fpabi_profile_for(unsigned kver);
/* Sets m->profile, profile_why and profile_auto; returns the entry in
 * force (m->profile_force if set, else the automatic one). */
const struct fpabi_profile *fpabi_profile_choose(struct fpabi_machine *m);
/* The profile names of this arch, ", " separated. */
void profile_names(char *buf, size_t n);

/*
 * A variant: its name (the ID part, "xsave-full", "vl64") and the
 * backend's own fields, which generic code copies and never reads
 * (x86: struct x86_variant, the components loaded non-init; arm64:
 * struct a64_variant, VL, SVL and SVCR).  The backend reads them through
 * a may_alias view (FPABI_VARIANT_VIEW); variant_yaml prints them.
 */
struct fpabi_variant {
	char name[40];
	uint8_t tier;		/* enum fpabi_tier: the lowest tier that
				   crosses cases with it */
	/* a variant fpabi knows that this machine cannot run: why (the plan
	 * keeps it, as a SKIP, so that the IDs do not depend on the CPU) */
	const char *skip;
	uint64_t arch[2];
};

/* The backend's view T of variant pointer v, const if v is. */
#define FPABI_VARIANT_VIEW(T, v) \
	_Generic((v), \
		 const struct fpabi_variant *: (const T *)(const void *)(v)->arch, \
		 struct fpabi_variant *: (T *)(void *)(v)->arch)

/*
 * A kernel bug fpabi knows (KNOWN-ISSUES.md): a failure whose every
 * finding matches is reported as `not ok ... # TODO reason`.
 */
struct fpabi_known_issue {
	const char *id_glob;	/* case IDs */
	const char *observer;	/* a finding's observer starts with this */
	const char *what;	/* and its register or field contains this */
	const char *reason;	/* the TODO text: what, where, the evidence */
	/* the issue spans more registers than a run keeps findings of
	 * (FPABI_MAX_FINDINGS): the kept findings decide; otherwise a run with
	 * more findings than it kept is never taken for a known issue */
	bool spans;
	/* a platform's issue, not the kernel's: the entry applies only where
	 * the probe found this quirk (QUIRK_*, fpabi/platform.h) present, so
	 * on hardware or a fixed emulator the same findings fail; 0: a
	 * kernel issue, on every platform */
	unsigned quirk;
	/* the kernels that have it (KVER(), fpabi/case.h): from min_kver,
	 * below below_kver (its fix); 0: no bound.  On a kernel outside,
	 * the same findings fail: a fixed bug come back is a regression */
	unsigned min_kver, below_kver;
};

struct fpabi_need_name {
	uint64_t bit;
	const char *name;	/* "avx512" */
	const char *why;	/* "the CPU has no AVX-512 (cpuid 7.0:EBX[16])" */
};

struct fpabi_arch {
	const char *name;			/* "x86_64", "arm64" */
	const struct fpabi_need_name *needs;	/* ends with bit 0 */
	const struct fpabi_family *const *families;	/* ends with NULL */
	const struct fpabi_rule *rules;		/* ends with id NULL */
	const char *(*group_name)(unsigned group);	/* "zmm_hi256" */
	const struct fpabi_known_issue *known;	/* ends with id_glob NULL */
	/* task histories cases are crossed with (--tier full); ends with
	 * name NULL; NULL: none */
	const struct fpabi_history *histories;
	/* generated matrices (--tier matrix, fpabi/matrix.h); ends with
	 * NULL; NULL: none */
	const struct fpabi_matrix *const *matrices;
	/* the scenario preconditions cases may name (fpabi/precond.h);
	 * ends with name NULL; NULL: none */
	const struct fpabi_precond *preconds;
	/* the kernel's branch variables (fpabi/axes.h, list --axes); NULL:
	 * none written down */
	const struct fpabi_axes *axes;

	/*
	 * The calibration (fpabi/calib.h): one round trip of load image in
	 * through the CPU with instruction form k, store to out (the same
	 * layout), in one assembly routine with no kernel event between;
	 * forms cover every instruction the cases load and store with.
	 * Returns the form's name ("XRSTOR64/XSAVE64"), NULL past the last
	 * form; with in NULL only the name.  NULL: not calibrated.
	 */
	const char *(*calib_trip)(struct fpabi_run *r, unsigned k,
				  const uint8_t *in, uint8_t *out);
	/* does form k store field f at all (FXSAVE: the legacy area only) */
	bool (*calib_stores)(const struct fpabi_run *r, unsigned k,
			     const struct fpabi_field *f);

	/* features, profile, `fpabi info` */
	void (*probe)(struct fpabi_machine *m);
	void (*info)(const struct fpabi_machine *m, FILE *f);
	/* the CPU for the reports' environment: JSON object members, no
	 * braces (x86: model, XCR0, XSAVE sizes; arm64: MIDR, ID
	 * registers, hwcaps, every VL); NULL: none */
	void (*env_json)(const struct fpabi_machine *m, FILE *f);
	/* variants() lists the same names on every machine, a SKIP reason
	 * on those this one lacks (the plan then crosses every case with
	 * them, runnable or not) */
	bool variants_stable;
	int (*variants)(const struct fpabi_machine *m, enum variant_set set,
			struct fpabi_variant *v, int max);

	/* images */
	void (*layout)(const struct fpabi_machine *m,
		       const struct fpabi_variant *v, struct fpabi_layout *lo);
	void (*init_image)(struct fpabi_run *r, uint8_t *img);
	void (*fill_shaped)(struct fpabi_run *r, const struct fpabi_field *f,
			    uint8_t *dst, unsigned phase, unsigned task);

	/* tracee events for S_LOAD / S_STORE (r->step: the step's index in
	 * r->c->steps; a signal's handler events: the signal's); dump
	 * bytes per S_STORE */
	void (*ev_load)(struct fpabi_run *r, struct fpabi_ev *ev, unsigned kind);
	void (*ev_store)(struct fpabi_run *r, struct fpabi_ev *ev);
	/* what the tracee sets up before its events (arm64: vector lengths) */
	void (*shm_setup)(struct fpabi_run *r, struct fpabi_shm_hdr *h);
	size_t (*dump_size)(struct fpabi_run *r);
	size_t (*load_size)(struct fpabi_run *r);
	/* the image a LOAD of phase p of task t loads (x86: with XSTATE_BV) */
	void (*make_load)(struct fpabi_run *r, uint8_t *dst, unsigned phase,
			  unsigned task);

	/* model: how each step changes what every observer must see */
	void (*model_load)(struct fpabi_run *r, unsigned phase, unsigned kind);
	void (*model_syscall)(struct fpabi_run *r, unsigned sc, uint64_t arg);
	/* a syscall step's argument from the case's code (NULL: the code) */
	uint64_t (*syscall_arg)(struct fpabi_run *r, unsigned sc, unsigned code);

	/* observations */
	void (*check_dump)(struct fpabi_run *r, const uint8_t *dump,
			   const char *observer);
	void (*check_stop)(struct fpabi_run *r);	/* S_READ */
	int (*write_stop)(struct fpabi_run *r, unsigned phase, unsigned kind);
	const char *(*write_kind_name)(unsigned kind);

	/* exec (S_EXEC): the exec probe's STORE event and its bytes, for the
	 * new image; the model of the new image (every register at init) */
	void (*exec_store)(struct fpabi_run *r, struct fpabi_ev *ev,
			   size_t *len);
	/* execve() as the kernel makes it, done at the exec event stop */
	void (*model_exec)(struct fpabi_run *r);
	/* the new image's own first instructions, before its dump: they
	 * run only when the tracee leaves the exec stop (NULL: none) */
	void (*model_exec_start)(struct fpabi_run *r);
	/* a clone's child: from the parent's model after the syscall, what
	 * the child holds (NULL: the same); kind: the step's FORK_ARCH kind
	 * (b >> 1; a list may fork more than once, each its own kind) */
	void (*model_child)(struct fpabi_run *r, unsigned sc, unsigned kind);
	/* the child's STORE event, after ev_store, for a FORK_ARCH(sc, k)
	 * step (k = b >> 1; NULL: as ev_store made it) */
	void (*child_store)(struct fpabi_run *r, unsigned k,
			    struct fpabi_ev *ev);

	/* signals (S_FAULT): the model at handler entry and after sigreturn
	 * (both from the pre-signal expectation), and the frame's checks
	 * (with the pre-signal expectation in place) */
	void (*model_handler_entry)(struct fpabi_run *r);
	void (*model_sigreturn)(struct fpabi_run *r, unsigned edit,
				unsigned edit_phase);
	/* a forged frame sigreturn refused (S_REFUSED): what the task holds
	 * at the SIGSEGV stop; clobber is the phase the handler loaded */
	void (*model_refused)(struct fpabi_run *r, unsigned edit,
			      unsigned edit_phase, unsigned clobber);
	void (*check_frame)(struct fpabi_run *r, const struct fpabi_sig_slot *s,
			    const uint8_t *copy, const char *observer);
	const char *(*edit_name)(unsigned edit);
	/* how many phases an edit writes (the edit phase and the ones after
	 * it, each into other records); NULL: one */
	unsigned (*edit_phases)(unsigned edit);
	/* a dump's poison made unmistakable in the backend's format (x86:
	 * an XSAVE header that claims every component, so no poisoned slot
	 * is read as a component at init); NULL: the poison as it is */
	void (*poison_dump)(struct fpabi_run *r, uint8_t *dump);
	/* bytes a signal frame starts below its ucontext (x86: the return
	 * address; arm64: the siginfo) */
	unsigned frame_below_uc;
	int (*after_trap)(struct fpabi_run *r);		/* arm64: skip brk */

	/*
	 * The tracer as an observer (regset.c, PT-TRACER): tracer_ptrace()
	 * makes a ptrace call with the tracer's own vector registers loaded
	 * from vin first and stored to vout after, in assembly.
	 * tracer_regs() gives that image's size, each register's bytes and
	 * their name ("v", "xmm", "zmm").
	 */
	long (*tracer_ptrace)(const struct fpabi_machine *m, long req, long pid,
			      void *addr, void *data, const void *vin,
			      void *vout);
	const char *(*tracer_regs)(const struct fpabi_machine *m, size_t *len,
				   unsigned *width);
	/* the competitor's image (task 1) and its LOAD event: every register
	 * the machine has, whatever the variant loads (NULL: make_load and
	 * ev_load of the variant) */
	void (*make_competitor)(struct fpabi_run *r, uint8_t *dst,
				struct fpabi_ev *ev);
	/* what the tracee's own STORE does to the state (arm64: its SVE
	 * stores take the first-use trap); NULL: nothing */
	void (*model_store)(struct fpabi_run *r);
	/* the model's variant (r->v) no longer has the planned one's layout
	 * (r->v0; arm64: the VL moved), so images made before the run do not
	 * fit it; NULL: layouts never move */
	bool (*layout_moved)(const struct fpabi_run *r);
	/* the backend's syscall kinds (SC_ARCH...): a name ("prctl-sve-set-vl",
	 * NULL: not one), and whether the kind moves the layout (NULL: no) */
	const char *(*sc_name)(unsigned sc);
	bool (*sc_moves_layout)(unsigned sc);
	/* the variant's own fields as YAML lines ("vl: 64\n..."), for a
	 * failure's report */
	void (*variant_yaml)(const struct fpabi_variant *v, char *out,
			     size_t n);
};

extern const struct fpabi_arch fpabi_arch;

#endif
