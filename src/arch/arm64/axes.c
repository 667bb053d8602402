// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * The arm64 kernel's FP/SIMD/SVE/SME branch variables (fpabi/axes.h,
 * `fpabi list --axes`): each with the kernel functions that decide by it,
 * how fpabi sets it and how a run proves it.
 */
#include <stddef.h>

#include "fpabi/axes.h"

#define FPSIMD	"arch/arm64/kernel/fpsimd.c"
#define PTRACE	"arch/arm64/kernel/ptrace.c"
#define SIGNAL	"arch/arm64/kernel/signal.c"
#define ENTRY	"arch/arm64/kernel/entry-common.c"
#define PROCESS	"arch/arm64/kernel/process.c"

static const struct fpabi_axis_def rows[] = {
	{
		.name = "TIF_SVE",
		.what = "thread flag: SVE usable at EL0 without a trap "
			"(CPACR_EL1.ZEN), and the SVE registers tracked",
		.values = { "set", "clear" },
		.reads = {
			{ ENTRY, "fpsimd_syscall_enter", "set: sve_flush_live() "
			  "zeroes Z above bit 127, P and FFR in the CPU" },
			{ FPSIMD, "fpsimd_save_user_state", "set (and to_save "
			  "FP_STATE_CURRENT): save the SVE form" },
			{ FPSIMD, "task_fpsimd_load", "fp_type FPSIMD: clear it "
			  "(sve_user_disable); SVE: set it" },
			{ FPSIMD, "fpsimd_bind_task_to_cpu", "sve_user_enable() "
			  "or sve_user_disable()" },
			{ FPSIMD, "do_sve_acc", "must be clear on a first-use "
			  "trap (WARN otherwise); sets it" },
			{ FPSIMD, "fpsimd_update_current_state", "set: "
			  "fpsimd_to_sve() after an FPSIMD sigreturn" },
			{ FPSIMD, "vec_set_vector_length", "set or SM: "
			  "sve_to_fpsimd(), fp_type FPSIMD" },
			{ FPSIMD, "sve_sync_from_fpsimd_zeropad", "clear and SM "
			  "0: nothing to merge (NT_PRFPREG write)" },
			{ PTRACE, "sve_set_common", "the FPSIMD-format write: "
			  "clears it; the SVE-format write: sets it" },
			{ SIGNAL, "restore_sve_fpsimd_context", "an FPSIMD-only "
			  "sve_context: cleared (via fpsimd_update_current_state)" },
		},
		.set = "set: an SVE instruction since the last discard (the "
		       "loads: do_sve_acc()), or an SVE-format NT_ARM_SVE "
		       "write; clear: exec, a syscall the task is switched out "
		       "in (task_fpsimd_load() of the FPSIMD form it saved), "
		       "an FPSIMD-only sigreturn",
		.proof = "NT_ARM_SVE at a stop taken from user mode (brk, "
			 "PTRACE_INTERRUPT): SVE_PT_REGS_SVE exactly when the "
			 "saved form is SVE, which with SM 0 is TIF_SVE "
			 "(a64_prove_sve_off); sve_context with its payload in "
			 "a frame (a64_prove_payload)",
		.apart = "fp_type: in streaming mode the saved form is SVE with "
			 "TIF_SVE clear; after a syscall in which the task was "
			 "switched out the saved form is FPSIMD while TIF_SVE "
			 "is still set until task_fpsimd_load()",
		.crossed = "regset-write: stop; signal-edit, event-*: window "
			   "(the event-trap matrix: TIF_SVE clear before the "
			   "first-use trap, proven by the stop's form)",
	},
	{
		.name = "fp_type",
		.what = "thread.fp_type: the form the saved registers are in "
			"(FP_STATE_FPSIMD or FP_STATE_SVE)",
		.values = { "FP_STATE_SVE", "FP_STATE_FPSIMD" },
		.reads = {
			{ FPSIMD, "task_fpsimd_load", "sve_load_state() or "
			  "fpsimd_load_state(); TIF_SVE follows it" },
			{ FPSIMD, "sve_sync_to_fpsimd", "SVE: V from Z" },
			{ FPSIMD, "fpsimd_signal_preserve_current_state", "SVE: "
			  "sve_to_fpsimd() before the frame is written" },
			{ PTRACE, "sve_get_common", "the NT_ARM_SVE/SSVE form: "
			  "SVE_PT_REGS_SVE exactly when FP_STATE_SVE" },
			{ PTRACE, "__fpr_get", "V from the form the state is in" },
			{ SIGNAL, "preserve_sve_context", "the payload is "
			  "written from the SVE form" },
		},
		.set = "FP_STATE_SVE: a stop from user mode after SVE "
		       "registers were loaded (fpsimd_save_user_state() with "
		       "TIF_SVE and to_save FP_STATE_CURRENT), streaming "
		       "mode, an SVE-format write; FP_STATE_FPSIMD: a stop "
		       "inside a syscall (to_save FP_STATE_FPSIMD), exec, a "
		       "VL change",
		.proof = "the NT_ARM_SVE (SM 0) or NT_ARM_SSVE (SM 1) form "
			 "read at the stop (sve_get_common(): flags "
			 "SVE_PT_REGS_SVE exactly when FP_STATE_SVE)",
		.apart = "TIF_SVE (see there)",
		.crossed = "regset-write: stop; signal-edit, event-*: window "
			   "(switched-out: the read at the stop proves the form)",
	},
	{
		.name = "to_save",
		.what = "fpsimd_last_state.to_save: what a save keeps; "
			"FP_STATE_FPSIMD from syscall entry to exit (the lazy "
			"discard), FP_STATE_CURRENT otherwise",
		.values = { "FP_STATE_CURRENT", "FP_STATE_FPSIMD" },
		.reads = {
			{ FPSIMD, "fpsimd_save_user_state", "FP_STATE_FPSIMD: the "
			  "FPSIMD form even with TIF_SVE set" },
			{ ENTRY, "fpsimd_syscall_enter", "sets FP_STATE_FPSIMD" },
			{ ENTRY, "fpsimd_syscall_exit", "back to FP_STATE_CURRENT" },
			{ FPSIMD, "fpsimd_bind_task_to_cpu", "a reload sets "
			  "FP_STATE_CURRENT (written state survives: A-SYS-7)" },
		},
		.set = "FP_STATE_FPSIMD: a stop inside a syscall "
		       "(SYSCALL_STOP: the syscall-entry stop); "
		       "FP_STATE_CURRENT: a stop from user mode (TRAP: brk)",
		.proof = "the stop's kind as the tracer saw it (a "
			 "PTRACE_SYSCALL entry stop, or the brk's SIGTRAP), "
			 "and the form NT_ARM_SVE reads there",
		.apart = "TIF_SVE: inside a syscall TIF_SVE may stay set while "
			 "to_save discards",
		.crossed = "regset-write: stop",
	},
	{
		.name = "TIF_FOREIGN_FPSTATE",
		.what = "thread flag: the CPU's registers do not hold the "
			"task's current state (reload before EL0)",
		.values = { "clear", "set" },
		.reads = {
			{ FPSIMD, "fpsimd_save_user_state", "set: nothing live "
			  "to save, return" },
			{ FPSIMD, "fpsimd_restore_current_state", "set: "
			  "task_fpsimd_load() and bind to this CPU" },
			{ FPSIMD, "sve_init_regs", "clear: flush the live "
			  "registers; set: convert the saved copy" },
			{ FPSIMD, "do_sme_acc", "clear: set the SVL live and bind" },
			{ FPSIMD, "fpsimd_thread_switch", "recomputed at "
			  "switch-in: wrong task or wrong CPU" },
			{ SIGNAL, "do_notify_resume", "_TIF_FOREIGN_FPSTATE: "
			  "fpsimd_restore_current_state()" },
			{ FPSIMD, "kernel_neon_begin", "clear: save the task's "
			  "live state (fpsimd_save_user_state()), then flush "
			  "the CPU's (fpsimd_flush_cpu_state(), SMSTOP with SME)" },
		},
		.set = "clear: no stop, switch or migration since the load "
		       "(the unobserved twins); set: a ptrace write "
		       "(fpsimd_flush_task_state()), a migration while "
		       "stopped (MIGRATE), another task's FP use on the CPU "
		       "while the tracee is stopped (EVICT: the case's "
		       "competitor runs there), the kernel's own NEON in a "
		       "syscall (bpf-prog-load: 7.3 hashes the program for "
		       "its tag with SHA-256 under kernel_neon_begin(), "
		       "lib/crypto/arm64/sha256.h; 6.1's tag is scalar "
		       "SHA-1, sha1_transform(); the use is the kernel's, "
		       "not proven per cell; needs BPF_PROG_LOAD, else SKIP)",
		.proof = "clear: the tracee's own counts (ru_nvcsw, ru_nivcsw "
			 "unchanged, the same CPU from sched_getcpu) across "
			 "the window; set: the MIGRATE step's CPU change, the "
			 "write itself, or by another task: the competitor's "
			 "run time (/proc/PID/schedstat) grown during the stop "
			 "on the CPU the tracee stopped on (the evict step's "
			 "proof: else retried, then SKIP)",
		.apart = "fpsimd_last_state binding: a task switched out with "
			 "no other FP user on its CPU comes back bound, "
			 "TIF_FOREIGN_FPSTATE clear, no reload",
		.crossed = "regset-write: stop (migrated); signal-edit, "
			   "event-*: window (migrated; clear at tier full in the "
			   "unobserved twins of the default cells with a stop at "
			   "their event: event-signal, signal-edit); event-syscall, "
			   "event-signal, event-exec, event-fork, signal-edit: "
			   "window (evicted: set by another task, a competitor at "
			   "SCHED_IDLE with its canaries in every register "
			   "that runs on the tracee's CPU while it is stopped, "
			   "proven per cell); set inside the syscall by the "
			   "kernel's NEON: syscall.sve-zeroes-high and "
			   "event-syscall's bpf-prog-load, live (untraced twins, "
			   "no window: kernel_neon_begin() saves, with SVE, ZA "
			   "and ZT0 in every SVCR the matrix crosses) and after a "
			   "stop (set already: nothing to save)",
	},
	{
		.name = "fpsimd_last_state",
		.what = "per-CPU binding (st, fpsimd_cpu): whose user state "
			"the CPU holds, and the CPU the task last loaded on",
		.values = { "bound here", "saved, still bound",
			    "another CPU", "another task's, here" },
		.reads = {
			{ FPSIMD, "fpsimd_thread_switch", "wrong_task || "
			  "wrong_cpu sets TIF_FOREIGN_FPSTATE" },
			{ FPSIMD, "fpsimd_save_user_state", "saves into the "
			  "bound task's buffers (last->st, last->sve_state)" },
			{ FPSIMD, "fpsimd_flush_task_state", "fpsimd_cpu = "
			  "NR_CPUS: the binding dropped" },
		},
		.set = "bound here: no switch; saved, still bound: a ptrace "
		       "stop (TRAP) that runs nothing else FP on the CPU; "
		       "another CPU: a migration at the stop (MIGRATE); "
		       "another task's, here: the case's competitor runs on "
		       "the CPU while the tracee is stopped (EVICT)",
		.proof = "switch counts and sched_getcpu() before and after "
			 "(the MIGRATE step proves the CPU changed; the EVICT "
			 "step the competitor's run time on the tracee's CPU "
			 "during the stop)",
		.apart = "TIF_FOREIGN_FPSTATE (see there)",
		.crossed = "regset-write: stop; signal-edit, event-*: window "
			   "(bound here: none; saved, still bound: "
			   "switched-out; another CPU: migrated); another task "
			   "on the CPU: every event-trap cell (an idle "
			   "competitor runs while the tracee stops or blocks), "
			   "and window evicted of event-syscall, event-signal, "
			   "event-exec, event-fork, signal-edit (that "
			   "competitor's run on the tracee's CPU during the "
			   "stop proven per cell)",
	},
	{
		.name = "TIF_SME",
		.what = "thread flag: SME usable at EL0 without a trap "
			"(CPACR_EL1.SMEN)",
		.values = { "clear", "set" },
		.reads = {
			{ FPSIMD, "do_sme_acc", "must be clear on a first-use "
			  "trap; sets it" },
			{ FPSIMD, "task_fpsimd_load", "set: sme_set_vq() before "
			  "the load" },
			{ FPSIMD, "fpsimd_bind_task_to_cpu", "sme_user_enable() "
			  "or sme_user_disable()" },
			{ FPSIMD, "vec_set_vector_length", "an SVL change (or "
			  "SME unused) clears it" },
			{ FPSIMD, "fpsimd_flush_thread", "exec clears it" },
			{ PTRACE, "za_set", "sets it (sme_alloc())" },
			{ PROCESS, "copy_thread", "the child's from the parent's" },
		},
		.set = "clear: no SME instruction since exec; set: an smstart "
		       "(the SME variants' loads), an NT_ARM_ZA/ZT/SSVE write",
		.proof = "the run's own steps since exec "
			 "(a64_prove_sme_unused: no regset or frame shows it), "
			 "with SVCR 0 at the stops before the smstart",
		.apart = "SVCR.SM and SVCR.ZA: TIF_SME stays set after "
			 "smstop, with both clear",
		.crossed = "event-*: history sme-used (set before the cell's "
			   "loads, SVCR 0 again) against none in SVCR off, "
			   "crossed with SVCR.SM, SVCR.ZA and the window; at "
			   "the event itself TIF_SME differs from SVCR only in "
			   "event-exec (no store before the exec; every other "
			   "cell's store reads SVCR, an SME instruction that "
			   "sets TIF_SME)",
	},
	{
		.name = "SVCR.SM",
		.what = "thread.svcr SM bit (PSTATE.SM): streaming mode",
		.values = { "0", "1" },
		.reads = {
			{ ENTRY, "fpsimd_syscall_enter", "1: sme_smstop_sm()" },
			{ FPSIMD, "fpsimd_save_user_state", "1: save the "
			  "streaming SVE form at the SVL, FFR only with FA64" },
			{ FPSIMD, "task_fpsimd_load", "1: load the SVE form, "
			  "TIF_SVE left as it is" },
			{ PTRACE, "sve_get_common", "which of NT_ARM_SVE and "
			  "NT_ARM_SSVE has the live registers" },
			{ PTRACE, "sve_set_common", "the regset sets or clears it" },
			{ SIGNAL, "preserve_sve_context", "1: SVE_SIG_FLAG_SM, "
			  "the payload at the SVL" },
			{ SIGNAL, "setup_return", "1: task_smstop_sm() for the "
			  "handler" },
			{ PROCESS, "copy_thread", "the child leaves it" },
		},
		.set = "1: the SME variants that smstart sm (matrix mode sm, "
		       "sm-za), an NT_ARM_SSVE write; 0: the others, a "
		       "syscall, a signal's handler",
		.proof = "the tracee's own mrs svcr in its dump; NT_ARM_SSVE "
			 "in SVE form and sve_context.flags SVE_SIG_FLAG_SM "
			 "in a frame",
		.apart = "SVCR.ZA: either can be on alone (modes sm and za)",
		.crossed = "regset-write, signal-edit, event-*: SVCR.SM",
	},
	{
		.name = "SVCR.ZA",
		.what = "thread.svcr ZA bit (PSTATE.ZA): ZA and ZT0 live",
		.values = { "0", "1" },
		.reads = {
			{ FPSIMD, "fpsimd_save_user_state", "1: "
			  "sme_save_state()" },
			{ FPSIMD, "task_fpsimd_load", "1: sme_load_state()" },
			{ PTRACE, "za_get", "0: a bare header" },
			{ PTRACE, "zt_get", "0: ZT0 reads zero" },
			{ SIGNAL, "preserve_za_context", "1: the rows in "
			  "za_context" },
			{ SIGNAL, "restore_za_context", "the record's size "
			  "decides ZA on or off" },
			{ PROCESS, "copy_thread_za", "fork: copied; CLONE_VM: off" },
			{ FPSIMD, "vec_set_vector_length", "an SVL change turns "
			  "it off" },
		},
		.set = "1: the SME variants that smstart za (matrix modes za, "
		       "sm-za), an NT_ARM_ZA or NT_ARM_ZT write; 0: the others",
		.proof = "the tracee's mrs svcr; NT_ARM_ZA larger than its "
			 "header; za_context with its rows in a frame",
		.apart = "SVCR.SM (see there)",
		.crossed = "regset-write, signal-edit, event-*: SVCR.ZA",
	},
	{
		.name = "SVE VL",
		.what = "thread.vl[ARM64_VEC_SVE]: the task's SVE vector length",
		.values = { "the default", "another supported VL" },
		.reads = {
			{ FPSIMD, "fpsimd_bind_task_to_cpu", "last->sve_vl, "
			  "which fpsimd_save_user_state() checks against RDVL" },
			{ FPSIMD, "task_fpsimd_load", "sve_set_vq()" },
			{ FPSIMD, "sve_state_size", "the buffer's size" },
			{ FPSIMD, "vec_set_vector_length", "unchanged: nothing "
			  "happens; changed: the state converted to FPSIMD" },
			{ PTRACE, "sve_set_common", "a payload only at the "
			  "task's VL (else EIO)" },
			{ SIGNAL, "preserve_sve_context", "the record's vl" },
		},
		.set = "the variants (prctl PR_SVE_SET_VL before the case: "
		       "/vlN in the ID), an NT_ARM_SVE write of another vl "
		       "(regset-write sve.vl-other)",
		.proof = "the tracee's rdvl in its dump, the NT_ARM_SVE "
			 "header's vl, sve_context.vl",
		.apart = "SME VL: the two are set apart (both in the ID of an "
			 "SME variant)",
		.crossed = "the variants of --tier full; in the matrices only "
			   "through the subjects that set another vl",
	},
	{
		.name = "SME VL",
		.what = "thread.vl[ARM64_VEC_SME]: the streaming vector length",
		.values = { "the default", "another supported SVL" },
		.reads = {
			{ FPSIMD, "fpsimd_bind_task_to_cpu", "last->sme_vl" },
			{ FPSIMD, "fpsimd_save_user_state", "SM 1: the VL checked "
			  "and saved at" },
			{ FPSIMD, "sme_state_size", "ZA's buffer" },
			{ FPSIMD, "vec_set_vector_length", "changed: ZA off, "
			  "TIF_SME clear" },
			{ PTRACE, "za_set", "a payload only at the task's SVL" },
			{ SIGNAL, "preserve_za_context", "the record's vl" },
		},
		.set = "the SME variants (prctl PR_SME_SET_VL), an "
		       "NT_ARM_SSVE or NT_ARM_ZA write of another vl",
		.proof = "rdsvl in the tracee's dump, the NT_ARM_SSVE and "
			 "NT_ARM_ZA headers, za_context.vl",
		.apart = "SVE VL (see there)",
		.crossed = "as SVE VL",
	},
	{
		.name = "on-exec VL",
		.what = "thread.vl_onexec[] and TIF_SVE_VL_INHERIT, "
			"TIF_SME_VL_INHERIT: the VLs the next exec gets",
		.values = { "0 (the default)", "a pending VL", "inherit" },
		.reads = {
			{ FPSIMD, "fpsimd_flush_thread_vl", "exec: the pending VL "
			  "or the default; without INHERIT back to 0" },
			{ FPSIMD, "vec_set_vector_length", "ONEXEC or INHERIT "
			  "record it; a plain set cancels it" },
			{ FPSIMD, "vec_prctl_status", "INHERIT in the answer" },
			{ PTRACE, "sve_init_header_from_task", "SVE_PT_VL_INHERIT "
			  "in the header" },
		},
		.set = "prctl or a regset header with SVE_PT_VL_ONEXEC or "
		       "SVE_PT_VL_INHERIT (regset-write flag-onexec, "
		       "flag-inherit), then exec (the exec family)",
		.proof = "the exec probe's rdvl and rdsvl after the exec; "
			 "SVE_PT_VL_INHERIT in NT_ARM_SVE reads",
		.apart = "the current VLs: a pending VL leaves them as they are",
		.crossed = "regset-write: the flag subjects",
	},
	{
		.name = "sve_state",
		.what = "thread.sve_state allocated: the task used SVE (or "
			"streaming mode) since exec",
		.values = { "never used", "allocated" },
		.reads = {
			{ FPSIMD, "sve_alloc", "allocated: zeroed in place; "
			  "else kzalloc()" },
			{ FPSIMD, "do_sve_acc", "the allocation fails: SIGKILL" },
			{ FPSIMD, "fpsimd_flush_thread", "exec frees it" },
			{ PTRACE, "sve_set_common", "sve_alloc() before a write" },
		},
		.set = "never used: nothing SVE since exec (the exec "
		       "family's probe); allocated: any SVE or SME load",
		.proof = "the run's own steps since exec (no observer shows "
			 "the buffer)",
		.apart = "TIF_SVE: a discard clears TIF_SVE and keeps the "
			 "buffer",
		.crossed = "no matrix axis: every cell's first load allocates it "
			   "(do_sve_acc(): sve_alloc()), so before any event it "
			   "is allocated; event-exec frees it "
			   "(fpsimd_flush_thread()) and the discarded history "
			   "keeps it allocated with TIF_SVE clear; never used "
			   "is the exec probe's own state (the exec family)",
	},
	{
		.name = "sme_state",
		.what = "thread.sme_state allocated: the task used SME since "
			"exec (or its SVL changed)",
		.values = { "never used", "allocated" },
		.reads = {
			{ FPSIMD, "sme_alloc", "allocated: zeroed in place" },
			{ FPSIMD, "do_sme_acc", "the allocation fails: SIGKILL" },
			{ PTRACE, "za_get", "none: ZA reads as off" },
			{ PROCESS, "copy_thread_za", "the child's copy" },
		},
		.set = "never used: no SME since exec; allocated: an smstart, "
		       "an SME regset write",
		.proof = "the run's own steps since exec",
		.apart = "TIF_SME and SVCR.ZA: ZA off keeps the buffer",
		.crossed = "event-*: history sme-used (allocated with SVCR 0 "
			   "before the cell's loads) against none in SVCR off "
			   "(never used until the cell's first SME instruction), "
			   "crossed with the window",
	},
	{ .name = NULL },
};

const struct fpabi_axes a64_axes = {
	.source = "Linux 7.3 (the research catalogue's reading of Debian "
		  "linux-source-7.3, research/abi-rules.md); the functions "
		  "checked against the index's arch/arm64/kernel/fpsimd.c of "
		  "the fp_type era and an entry-common.c with "
		  "fpsimd_syscall_enter()",
	.rows = rows,
};
